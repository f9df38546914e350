"""The content_leaks gate: the reference answer or grader files reachable by what the agent sees.

- a non-trivial line of the reference output in prompt.md, workspace/ or the materialized workspace
  (a FINDING; a WARNING when the file is input data of the same record shape, as in filter/sort
  tasks where output lines are input lines, and not a copy of the reference);
- a distinctive non-integer number of the reference in prompt.md or a workspace text/code file (WARNING);
- a file with the bytes of any grader/ file, under any name (FINDING).
"""

from __future__ import annotations

import hashlib
import json
import re
import time
from pathlib import Path

from artifactbench.gates.core import FINDING, OK, WARNING, cap, counts, finish, reference_text
from artifactbench.gates.fuzz import format_of
from artifactbench.gates.leaks._values import Distinctive, distinctive, quoted_in
from artifactbench.gates.core import CaseResult, CheckResult, TaskContext

MIN_LINE = 12          # shorter reference lines ("{", "]", "total: 3") are too trivial to call a leak
MAX_READ = 5_000_000   # bytes read per file
_PROSE = {".py", ".md", ".txt", ".rst", ".yaml", ".yml", ".toml", ".cfg", ".ini", ""}


_BOILERPLATE = re.compile(r"(from\s+\S+\s+)?import\s|#|@|\"\"\"|'''|(class|def)\s+\w+\s*[(:]")


def _non_trivial(line: str) -> bool:
    """A line worth calling a leak: long, more than one token (a lone name in a prompt is a value,
    not a line of the answer), and not boilerplate every Python file shares."""
    if len(line) < MIN_LINE or not re.search(r"[\s,:;=|{}\[\]]", line.strip("{}[], ")):
        return False
    return not _BOILERPLATE.match(line)


def _files(root: Path) -> list[Path]:
    return sorted(p for p in root.rglob("*") if p.is_file() and not p.is_symlink()) if root.is_dir() else []


def _shape(line: str) -> object:
    try:
        value = json.loads(line)
    except ValueError:
        return ("fields", line.count(","), len(line.split()))
    return ("keys", tuple(sorted(value))) if isinstance(value, dict) else ("json", type(value).__name__)


def _line_case(shown: str, text: str, ref_lines: list[str]) -> CaseResult | None:
    lines = [ln.strip() for ln in text.splitlines() if ln.strip()]
    present = set(lines)
    hits = [ln for ln in ref_lines if ln in present]
    if not hits:
        return None
    shape = _shape(hits[0])
    same_shape = sum(_shape(ln) == shape for ln in lines) >= 0.8 * len(lines)
    is_copy = [ln for ln in lines if _non_trivial(ln)] == ref_lines
    status = WARNING if same_shape and not is_copy and len(lines) > len(hits) else FINDING
    why = ("input data of the same record shape (filter/sort task?)" if status == WARNING
           else "the agent can read the answer")
    return CaseResult(f"reference_line:{shown}", status,
                      cap(f"{len(hits)} reference line(s) appear, e.g. {hits[0]!r}: {why}"))


def content_leaks_gate(ctx: TaskContext) -> CheckResult:
    started = time.monotonic()
    task = ctx.task
    reference = reference_text(ctx)
    ref_lines = [ln.strip() for ln in reference.splitlines() if _non_trivial(ln.strip())]
    values = distinctive(format_of(task.output_artifact), reference, min_digits=4)
    floats = {k: v for k, v in values.numbers.items() if "." in v}
    scratch = ctx.pristine().scratch_dir
    sources = [("prompt.md", task.problem_statement)]
    sources += [(f"workspace/{p.relative_to(task.workspace_dir).as_posix()}", p) for p in _files(task.workspace_dir)]
    sources += [(f"materialized/{p.relative_to(scratch).as_posix()}", p) for p in _files(scratch)]
    grader_hashes = {hashlib.sha256(p.read_bytes()).hexdigest(): p for p in _files(task.grader_dir)
                     if p.stat().st_size >= 32 and "__pycache__" not in p.parts}
    cases: list[CaseResult] = []
    seen: set[str] = set()
    for shown, path in sources:
        data = path.read_bytes()
        digest = hashlib.sha256(data).hexdigest()
        if digest in seen:  # a materialized copy of a workspace file already scanned
            continue
        seen.add(digest)
        data = data[:MAX_READ]
        if digest in grader_hashes:
            rel = grader_hashes[digest].relative_to(task.root).as_posix()
            cases.append(CaseResult(f"grader_bytes:{shown}", FINDING, f"has the exact bytes of {rel}"))
        text = data.decode("utf-8", "replace")
        case = _line_case(shown, text, ref_lines) if ref_lines else None
        if case is not None:
            cases.append(case)
        elif path.suffix.lower() in _PROSE and floats:
            quoted = quoted_in(Distinctive(floats, frozenset()), text)
            if quoted:
                cases.append(CaseResult(f"reference_value:{shown}", WARNING,
                                        cap(f"quotes distinctive reference number(s) {', '.join(quoted[:5])}")))
    scanned = len(sources)
    summary = f"{sum(c.status == FINDING for c in cases)} leak(s) in {scanned} file(s)" if cases \
        else f"no reference content or grader bytes in {scanned} file(s)"
    if not cases:
        cases.append(CaseResult("scan", OK, summary))
    return finish("content_leaks", cases, started, f"{summary} ({counts(cases)})")
