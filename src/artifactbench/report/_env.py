"""The one Jinja environment of the HTML reports: package templates, autoescape on everywhere."""

from __future__ import annotations

import os
import re
import tempfile
from functools import lru_cache
from pathlib import Path

from artifactbench._display import shown
from artifactbench._files import output_problem
from artifactbench.errors import ArtifactBenchError

__all__ = ["environment", "write_html"]


@lru_cache(maxsize=1)
def environment():  # -> jinja2.Environment (imported lazily: only --html pays for jinja2)
    """Autoescape is on for every template, whatever its name: task output is hostile input."""
    import jinja2

    env = jinja2.Environment(
        loader=jinja2.PackageLoader("artifactbench.report", "templates"),
        autoescape=True,
        undefined=jinja2.StrictUndefined,
        trim_blocks=True,
        lstrip_blocks=True,
        finalize=_visible,
    )
    env.filters["pct"] = lambda v: "-" if v is None else f"{float(v):.0%}"
    env.filters["num"] = _num
    return env


# Control characters but tab and newline, lone surrogates, U+FFFE and U+FFFF: what no page should hold raw (a
# grader's detail with NUL and ESC bytes wrote them into the check report; outside attack). Shown escaped.
_INVISIBLE = re.compile("[\x00-\x08\x0b-\x1f\x7f-\x9f\ud800-\udfff\ufffe\uffff]")


def _visible(value: object) -> object:
    """Every `{{ ... }}` output, before autoescape: task text's invisible characters written as escapes."""
    if not isinstance(value, str) or _INVISIBLE.search(value) is None:
        return value
    escaped = _INVISIBLE.sub(lambda m: shown(m.group()), value)
    import markupsafe  # (jinja2's own dependency)
    return markupsafe.Markup(escaped) if isinstance(value, markupsafe.Markup) else escaped


def _num(value: object, digits: int = 2) -> str:
    if value is None:
        return "-"
    if isinstance(value, bool) or isinstance(value, int):
        return str(value)
    if isinstance(value, float):
        return f"{value:.{digits}f}"
    return str(value)


def write_html(path: Path, text: str) -> Path:
    """Write atomically (temp file in the same folder, then os.replace): no torn report. Never replaces
    a folder, device node or FIFO at `path` (ArtifactBenchError, one line)."""
    reason = output_problem(path, make_parents=True)
    if reason is not None:
        raise ArtifactBenchError(f"{shown(path)}: {reason}")
    path.parent.mkdir(parents=True, exist_ok=True)
    fd, tmp = tempfile.mkstemp(prefix=f".{path.name}.", dir=path.parent)
    try:
        with os.fdopen(fd, "w", encoding="utf-8") as fh:
            fh.write(text)
        os.chmod(tmp, 0o644)  # a report is for reading (mkstemp makes 0600)
        os.replace(tmp, path)
    except BaseException:
        Path(tmp).unlink(missing_ok=True)
        raise
    return path
