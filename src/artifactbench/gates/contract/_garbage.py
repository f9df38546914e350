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


def garbage_cases(fmt: str, reference: str, seed: int, shell: bool = False) -> list[Garbage]:
    """The bad artifacts for one format, deterministic for a seed. `shell`: the artifact is a shell script
    the grader runs; 200 KB of brackets is then the shell's to parse (seconds per run for `sh`), not the
    grader's, so that case is left out."""
    rng = random.Random(seed)
    # (one call: a byte at a time was 2048 randrange calls, 40% of the contract gate's own CPU)
    noise = rng.getrandbits(8 * 2048).to_bytes(2048, "little").decode("utf-8", "surrogateescape")
    nested = "[" * 100_000 + "]" * 100_000
    cases = [
        Garbage("missing", MISSING),
        Garbage("empty", ""),
        Garbage("whitespace_only", " \n\n\t\n"),
        Garbage("truncated_third", reference[: max(1, len(reference) // 3)]),
        Garbage("malformed", _MALFORMED[fmt]),
        Garbage("wrong_type", _WRONG_TYPE[fmt]),
        Garbage("directory_not_file", DIRECTORY),
        Garbage("binary_garbage", noise),
        # (a module the grader imports that raises as it runs: an agent's leftover `raise NotImplementedError`,
        # demo code opening a file, `sys.exit(main())`. A grader catching only ImportError and SyntaxError raises
        # itself; blind p342)
        *([Garbage("raises_on_import", "raise RuntimeError('this module fails as it is imported')\n")]
          if fmt == "python" else []),
        Garbage("deeply_nested_json", nested + "\n" if fmt != "jsonl" else nested + "\n" + nested + "\n"),
    ]
    return cases[:-1] if shell else cases


def place(garbage: Garbage, scratch: Path, write: Callable[[Path, str], object],
          clear: Callable[..., object]) -> None:
    """Put `garbage` at the artifact path inside `scratch`: write(scratch, text) for a text,
    clear(scratch, folder=...) to leave no file there (a task that repairs a workspace file in place has
    the artifact there already) or a folder. Both are TaskContext's (place_reference, clear_artifact),
    which follow no link at or below the scratch dir: a grader's leftover process may have swapped a
    folder on the artifact's path for a link to the task's own files."""
    if garbage.content is MISSING or garbage.content is DIRECTORY:
        clear(scratch, folder=garbage.content is DIRECTORY)
        return
    write(scratch, str(garbage.content))
