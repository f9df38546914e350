"""Artifacts no grader may accept or crash on (spec 3.4): each must give a failing GradeResult."""

from __future__ import annotations

import random
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

DIRECTORY = object()  # marker: a directory where the artifact file is expected
MISSING = object()    # marker: no artifact at all


@dataclass(frozen=True, slots=True)
class Garbage:
    """A named bad artifact: text (bytes kept via surrogateescape), DIRECTORY or MISSING."""

    name: str
    content: object


_MALFORMED = {
    "jsonl": '{"unterminated": \n', "json": '{"unterminated": [1, 2\n', "yaml": "key: [unclosed\n  - : :\n",
    "csv": 'a,b\n"unterminated,1\n2,3,4,5\n', "python": "def broken(:\n    return\n", "text": "\x00\x01\x02",
}
_WRONG_TYPE = {
    "jsonl": '[1, 2]\n"a string"\nnull\n', "json": '"a string, not the expected structure"\n',
    "yaml": "just a scalar\n", "csv": "\n", "python": "grade = 1\nsolve = None\n", "text": "[]\n",
}


def garbage_cases(fmt: str, reference: str, seed: int) -> list[Garbage]:
    """The bad artifacts for one format, deterministic for a seed."""
    rng = random.Random(seed)
    noise = bytes(rng.randrange(256) for _ in range(2048)).decode("utf-8", "surrogateescape")
    nested = "[" * 100_000 + "]" * 100_000
    return [
        Garbage("missing", MISSING),
        Garbage("empty", ""),
        Garbage("whitespace_only", " \n\n\t\n"),
        Garbage("truncated_third", reference[: max(1, len(reference) // 3)]),
        Garbage("malformed", _MALFORMED[fmt]),
        Garbage("wrong_type", _WRONG_TYPE[fmt]),
        Garbage("directory_not_file", DIRECTORY),
        Garbage("binary_garbage", noise),
        Garbage("deeply_nested_json", nested + "\n" if fmt != "jsonl" else nested + "\n" + nested + "\n"),
    ]


def place(garbage: Garbage, scratch: Path, artifact: Path, write: Callable[[Path, str], object]) -> None:
    """Put `garbage` at the artifact path inside `scratch` (write(scratch, text) for text). A task that
    repairs a workspace file in place has the artifact there already: missing and directory remove it."""
    target = scratch / artifact
    if garbage.content is MISSING or garbage.content is DIRECTORY:
        if target.is_symlink() or target.is_file():
            target.unlink()
    if garbage.content is MISSING:
        return
    if garbage.content is DIRECTORY:
        target.mkdir(parents=True, exist_ok=True)
        return
    write(scratch, str(garbage.content))
