"""A program the agent gets that checks the answer's length against the answer's own record count.

A structural verifier may check the shape of the answer; where it asserts `len(rows) == EXPECTED_ROWS` with
EXPECTED_ROWS the reference's number of records, it hands over how many there are: of an enumeration that is the
answer's key figure (blind p374: `verify.py`'s 255 van runs, against which an agent tunes its reading of the
constraints until its count matches). Not where the prompt states that count of something ("255 stop sets"), nor a
count that is not the answer's.
"""

from __future__ import annotations

import ast
import re

from artifactbench._pyast import parse as parse_python
from artifactbench.gates.leaks._sizes import record_counts

MIN_COUNT = 5  # a smaller count (one record, three sections) is the shape the prompt asks for, not a finding
_NOUNS = (r"rows?|records?|lines?|sets?|combinations?|entries|entry|options?|solutions?|answers?|items?|results?|"
          r"plans?|runs?|bundles?|windows?|pairs?|groups?|tuples?|matches|schedules?|routes?|assignments?|orders?")


_RULE_ROW = re.compile(r"\|?\s*:?-{3,}:?\s*(?:\|\s*:?-{3,}:?\s*)*\|?")


def answer_record_counts(fmt: str, reference: str) -> frozenset[int]:
    """How many records the reference holds, each way a verifier may count them (record_counts), and the rows of each
    Markdown table it holds (a report's 255 rows under its header, prose around them)."""
    counts = set(record_counts(fmt, reference))
    rows, in_table = 0, False
    for line in reference.splitlines() + [""]:
        text = line.strip()
        if text.startswith("|"):
            if _RULE_ROW.fullmatch(text):
                in_table, rows = True, 0
            elif in_table:
                rows += 1
            continue
        if in_table:
            counts.add(rows)
        in_table = False
    return frozenset(counts)


def checked_counts(source: str) -> set[int]:
    """The integers a program compares a `len(...)` with, directly or through a module-level name (`EXPECTED_ROWS =
    255` ... `len(data) == EXPECTED_ROWS`)."""
    try:
        tree = parse_python(source)
    except (SyntaxError, ValueError, RecursionError, MemoryError):
        return set()
    names: dict[str, int] = {}
    for node in tree.body:
        if isinstance(node, ast.Assign) and len(node.targets) == 1 and isinstance(node.targets[0], ast.Name) \
                and isinstance(node.value, ast.Constant) and type(node.value.value) is int:
            names[node.targets[0].id] = node.value.value
    out: set[int] = set()
    for node in ast.walk(tree):
        if not isinstance(node, ast.Compare) or len(node.ops) != 1 or not isinstance(node.ops[0], (ast.Eq, ast.NotEq)):
            continue
        sides = [node.left, node.comparators[0]]
        if not any(isinstance(s, ast.Call) and isinstance(s.func, ast.Name) and s.func.id == "len" for s in sides):
            continue
        for side in sides:
            if isinstance(side, ast.Constant) and type(side.value) is int:
                out.add(side.value)
            elif isinstance(side, ast.Name) and side.id in names:
                out.add(names[side.id])
    return out


def count_stated(prompt: str, count: int) -> bool:
    """Whether the prompt says how many there are ("255 stop sets", "all 255 rows"), not only holds the number ("at
    most 255 minutes")."""
    return re.search(rf"(?<![\w.]){count}\s+(?:[\w-]+\s+){{0,2}}?(?:{_NOUNS})\b", prompt, re.IGNORECASE) is not None
