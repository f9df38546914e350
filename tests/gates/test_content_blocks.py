"""content_leaks' code-block rule: a block that reproduces the reference line by line, short lines too."""

from __future__ import annotations

import json

import pytest

from artifactbench.gates.leaks._blocks import ReferenceLines, code_blocks, format_lines

PARENS = "\n".join(["((()))", "(()())", "(())()", "()(())", "()()()"]) + "\n"
CODES = "\n".join(f"{n:05b}" for n in range(32) if "11" not in f"{n:05b}") + "\n"  # 13 lines of 5 characters
PRETTY = json.dumps({"size": 3, "members": ["ana", "bo", "cy"]}, indent=2)
CSV = "station,count\nA-1,4\nB-2,7\nC-3,9\n"


def _fenced(lines: str, fence: str = "```") -> str:
    return f"Write the file.\n\n{fence}\n{lines}{fence}\n\nThanks.\n"


def _indented(lines: str) -> str:
    return "Layout:\n\n" + "".join(f"    {ln}\n" for ln in lines.splitlines()) + "\nThat is all.\n"


# (id, reference, format, prompt, reproduces)
CASES = [
    ("whole-answer-fenced", PARENS, "text", _fenced(PARENS), True),
    ("whole-answer-tilde-fence", CODES, "text", _fenced(CODES, "~~~"), True),
    ("whole-answer-indented", CODES, "text", _indented(CODES), True),
    ("most-lines-in-order", CODES, "text", _fenced("\n".join(CODES.split()[:7]) + "\n...\n"), True),
    ("two-short-lines", CODES, "text", _fenced("00000\n00001\n"), False),
    ("counting-example", "1\n2\n3\n5\n8\n", "text", _fenced("1\n2\n3\n"), False),
    ("json-keys-and-brackets", PRETTY, "json",
     _fenced('{\n  "size": <int>,\n  "members": [\n    "<name>", ...\n  ]\n}\n'), False),
    ("csv-header-and-placeholder", CSV, "csv", _fenced("station,count\n<id>,<n>\n"), False),
    ("inside-larger-input", CODES, "text",
     _fenced("".join(f"{ln}\n{ln[::-1]}x\n{ln}y\n" for ln in CODES.split())), False),
    ("out-of-order", PARENS, "text", _fenced("\n".join(reversed(PARENS.split())) + "\n"), False),
    ("prose-outside-blocks", PARENS, "text", "The strings are " + ", ".join(PARENS.split()) + ".\n", False),
]


@pytest.mark.parametrize(("reference", "fmt", "prompt", "expected"), [c[1:] for c in CASES],
                         ids=[c[0] for c in CASES])
def test_a_block_reproduces_the_reference(reference, fmt, prompt, expected):
    lines = ReferenceLines(reference, fmt)
    hits = [h for h in map(lines.match, code_blocks(prompt)) if h is not None]
    assert any(h.reproduces for h in hits) == expected, hits


def test_fenced_and_indented_blocks_are_read_once_each():
    text = "Intro\n\n```json\n{\"a\": 1}\n```\n\nThen:\n\n    one\n    two\n\nEnd.\n"
    assert code_blocks(text) == ['{"a": 1}\n', "    one\n    two\n\n"]


TABLE = ("## Load by dock\n| dock | trucks | tonnes |\n|:---|---:|---:|\n| north | 12 | 180.5 |\n"
         "| south | 7 | 96.0 |\n| west | 9 | 120.25 |\n")
LABELLED = TABLE + "\nBusiest dock:\nnorth\n"
LAYOUT = ("Lay the file out like this:\n\n```\n## Load by dock\n| dock | trucks | tonnes |\n|:---|---:|---:|\n"
          "| <dock> | <n> | <t> |\n```\n\nThen the label `Busiest dock:` and the dock's name on the next line.\n")


def test_format_lines_are_the_tables_header_and_rule_and_the_prescribed_labels():
    assert format_lines(LABELLED, LAYOUT) == {"## Load by dock", "| dock | trucks | tonnes |", "|:---|---:|---:|",
                                             "Busiest dock:"}
    # without the prompt showing them, a heading or label may be part of the answer
    assert format_lines(LABELLED) == {"| dock | trucks | tonnes |", "|:---|---:|---:|"}
    # a row with values is never a format line, even when the prompt shows it
    assert "| north | 12 | 180.5 |" not in format_lines(LABELLED, LAYOUT + "\n`| north | 12 | 180.5 |`\n")


def test_a_layout_block_of_header_rule_and_heading_reproduces_nothing():
    """Before, a prompt's layout block (heading, header row, rule) matched three reference lines in order
    and was reported as the answer."""
    lines = ReferenceLines(TABLE, "text", format_lines(TABLE, LAYOUT))
    assert all(h is None or not h.reproduces for h in map(lines.match, code_blocks(LAYOUT)))
    rows = "```\n| north | 12 | 180.5 |\n| south | 7 | 96.0 |\n| west | 9 | 120.25 |\n```\n"
    assert any(h is not None and h.reproduces for h in map(lines.match, code_blocks(LAYOUT + rows)))


def test_fence_openers_never_closed_are_read_in_linear_time():
    """The fence regex rescanned the rest of a prompt or markdown file for every opener left open: 141 s of
    content_leaks for a prompt of 30 000 lines of "~~~ a"."""
    import time

    from artifactbench.gates.leaks._blocks import code_blocks

    started = time.monotonic()
    code_blocks("Intro.\n\n" + "~~~ a\n" * 20_000)
    assert time.monotonic() - started < 2.0
    assert code_blocks("a\n```\nx 1\ny 2\n```\nb\n\n    z 3\n") == ["x 1\ny 2\n", "    z 3\n"]
