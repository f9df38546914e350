"""read_set: parse a curated set file (spec section 7)."""

from __future__ import annotations

import os
from collections import defaultdict
from pathlib import Path

from artifactbench._files import FileRefused, read_capped
from artifactbench.errors import SetError
from artifactbench.manifest import INSTANCE_ID_RE

__all__ = ["MAX_SET_BYTES", "read_set"]

MAX_SET_BYTES = 1024 * 1024


def read_set(path: str | os.PathLike[str]) -> tuple[str, ...]:
    """The instance_ids listed in a set file, in file order.

    One id per line; `#` starts a comment (whole-line or trailing); blank lines are ignored and
    surrounding whitespace is stripped. Raises one SetError listing every malformed id and every
    duplicate, each with its line number, or when the file cannot be read.
    """
    file = Path(path)
    try:  # never opens a FIFO or device; a set file is a short list
        text = read_capped(file, MAX_SET_BYTES).decode("utf-8")
    except (FileRefused, UnicodeDecodeError) as err:
        raise SetError(f"{file}: cannot read set file: {err}") from None
    ids: list[str] = []
    lines_of: dict[str, list[int]] = defaultdict(list)
    errors: list[tuple[int, str]] = []  # (line, message), reported in line order
    for number, raw in enumerate(text.splitlines(), start=1):
        entry = raw.split("#", 1)[0].strip()
        if not entry:
            continue
        if not INSTANCE_ID_RE.match(entry):
            errors.append((number, f"{file}:{number}: instance_id={entry!r}: not a valid instance_id "
                                   f"(must match {INSTANCE_ID_RE.pattern})"))
            continue
        if not lines_of[entry]:
            ids.append(entry)
        lines_of[entry].append(number)
    for iid, numbers in lines_of.items():
        if len(numbers) > 1:
            where = ", ".join(str(n) for n in numbers)
            errors.append((numbers[1], f"{file}:{numbers[1]}: instance_id={iid!r}: listed more than once "
                                       f"(lines {where}); keep one"))
    if errors:
        raise SetError("\n".join(message for _, message in sorted(errors)))
    return tuple(ids)

