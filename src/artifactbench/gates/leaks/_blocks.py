"""Code blocks that reproduce the reference answer line by line, however short its lines are.

The line check of content_leaks ignores reference lines under MIN_LINE characters ("{", "total: 3"):
one of them in a file says nothing. A whole answer of short lines (`(()())`, `01011`, `a 3`) shown in
the prompt's example block is a leak all the same. So a code block (fenced with ``` or ~~~, or indented
by four spaces) of the prompt or a markdown file is compared with the reference as a sequence of lines:
it reproduces the answer when it holds, in the reference's order, half of the reference's lines or more,
at least MIN_LINES distinct ones of MIN_CHARS characters in all, and is itself made mostly of them (a
block twice as long is input data the answer was selected from). Lines that carry no value never
count: brackets, a key opening a container (`"members": [`), an ellipsis, a CSV answer's header, and
the format lines of a text answer (`format_lines`: a Markdown table's header and separator rows, a
heading or label the prompt prescribes). So a format example of one or two lines, or one made of the
answer's keys, brackets and column names, stays clean.
"""

from __future__ import annotations

import bisect
import re
from dataclasses import dataclass

from artifactbench.gates.core import fenced_blocks

MIN_LINES = 3  # distinct reference lines a block must reproduce (a format example shows one or two)
MIN_CHARS = 24  # characters of those lines in all ("1", "2", "3" is a counting example, not an answer)
_INDENTED = re.compile(r"(?:^|\n[ \t]*\n)((?:(?: {4}|\t)[^\n]*\n?|[ \t]*\n)+)")
# A line with no value of its own: a key that opens a container (`"members": [`, `rows:`). Lines of
# up to 3 characters without a letter or digit (`},`, `]`, `...`) carry none either (_content).
_STRUCTURE = re.compile(r"^[\"']?[\w .$-]+[\"']?\s*[:=]\s*[\[{(]?\s*,?$")
_SEPARATOR = re.compile(r"^\|?\s*:?-{3,}:?\s*(\|\s*:?-{3,}:?\s*)*\|?$")  # a Markdown table's separator row
# A heading, or a label with nothing after it (`**Totals:**`): a fixed line when it holds no digit.
_LABEL_ONLY = re.compile(r"^(#{1,6}\s+\S.*|[^:|]{1,60}:[*_]*)$")
_INLINE = re.compile(r"(?<!`)`([^`\n]+)`(?!`)")


def format_lines(reference: str, prompt: str = "") -> frozenset[str]:
    """Lines of a text reference that carry no answer value: a Markdown table's separator rows and the
    header row above each (column names are keys), and a heading or label without a digit that the prompt
    shows as the format (a line of one of its code blocks, or an inline-code span)."""
    raw = [line.strip() for line in reference.splitlines()]
    found = {line for line in raw if "|" in line and _SEPARATOR.fullmatch(line)}
    found |= {raw[i - 1] for i, line in enumerate(raw) if i and line in found and "|" in raw[i - 1]}
    shown = {line.strip() for block in code_blocks(prompt) for line in block.splitlines()}
    shown |= {span.strip() for span in _INLINE.findall(prompt)}
    found |= {line for line in raw if line in shown and _LABEL_ONLY.fullmatch(line)
              and not any(c.isdigit() for c in line)}
    return frozenset(found)


_LABELLED = re.compile(r"^[\s>*+-]*([A-Za-z][^:=|`]{0,59}?)[ \t]*(:|=(?!=))\s*\S")  # (`KM_M=11.2573` too; p330)


def answer_text(reference: str, prompt: str, fixed: frozenset[str]) -> str:
    """A text reference less what the prompt wrote for it: the format lines (`fixed`), a heading or a
    label without a value that is a line of the prompt as well (a title it repeats), and the label of a
    `label: value` line the prompt shows with that label (`Bad releases: N`) or writes as code (`capacity_fee`). Its words are the answer's
    content. A line the prompt holds whole with its value (`lantern: 3`, or a plain `- lantern` bullet)
    is the answer written into the prompt, not its format: it stays, label and all. A label starts with
    a letter (`07:42` is a time, not the label `07`)."""
    shown = {line.strip() for line in prompt.splitlines()}
    flat = " ".join(prompt.split())
    out = []
    for line in reference.splitlines():
        line = line.strip()
        if line in fixed or (line in shown and _LABEL_ONLY.fullmatch(line) and not any(c.isdigit() for c in line)):
            continue
        match = _LABELLED.match(line)
        # (or one it writes as code: `capacity_fee` of "each on its own line in the form `key: value`: - `capacity_fee`
        # — within 0.05 ..."; blind p307)
        if match and (f"{match.group(1).strip()}{match.group(2)}" in prompt or f"`{match.group(1).strip()}`" in prompt) \
                and " ".join(line.split()) not in flat:
            line = line[match.end(2):]
        out.append(line)
    return "\n".join(out)


def code_blocks(text: str) -> list[str]:
    """The fenced blocks of a markdown text, then its indented blocks (outside the fences)."""
    blocks, rest = fenced_blocks(text)
    blocks += [m.group(1) for m in _INDENTED.finditer(rest) if m.group(1).strip()]
    return blocks


def _content(lines: list[str], skip: frozenset[str] = frozenset()) -> list[str]:
    out = []
    for line in lines:
        line = line.strip()
        if line and line not in skip and not (len(line) <= 3 and not any(c.isalnum() for c in line)) \
                and not _STRUCTURE.match(line):
            out.append(line)
    return out


@dataclass(frozen=True, slots=True)
class BlockHit:
    """A block's in-order overlap with the reference: how many reference lines it reproduces."""

    hits: int  # block lines matched, in the reference's order
    distinct: int  # distinct lines among them
    chars: int  # characters of those distinct lines
    reference_lines: int
    block_lines: int
    first: str

    @property
    def reproduces(self) -> bool:
        return self.distinct >= MIN_LINES and self.chars >= MIN_CHARS \
            and self.hits * 2 >= self.reference_lines and self.hits * 2 >= self.block_lines


class ReferenceLines:
    """The reference as a sequence of value-carrying lines, indexed for in-order matching."""

    def __init__(self, reference: str, fmt: str, skip: frozenset[str] = frozenset()) -> None:
        """`skip`: lines of the reference that carry no value (its `format_lines`)."""
        raw = reference.splitlines()
        header = raw[0].strip() if fmt in ("csv", "tsv") and raw else None
        self.header = header
        self.skip = skip | {header} if header is not None else skip
        self.lines = _content(raw, self.skip)
        self._at: dict[str, list[int]] = {}
        for i, line in enumerate(self.lines):
            self._at.setdefault(line, []).append(i)

    def match(self, block: str) -> BlockHit | None:
        """The block's lines matched greedily, each at its next occurrence after the previous match."""
        lines = _content(block.splitlines(), self.skip)
        pos, hits, matched = -1, 0, []
        for line in lines:
            where = self._at.get(line)
            if not where:
                continue
            k = bisect.bisect_right(where, pos)
            if k < len(where):
                pos, hits = where[k], hits + 1
                matched.append(line)
        if not matched:
            return None
        distinct = set(matched)
        return BlockHit(hits, len(distinct), sum(map(len, distinct)), len(self.lines), len(lines), matched[0])
