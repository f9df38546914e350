"""Comment lines of a text artifact, by its file type: a change that stays on them says nothing of the
answer a grader reads (an SQL `--` note, a script's `#!` line, an XML declaration)."""

from __future__ import annotations

import re
from functools import lru_cache
from pathlib import PurePosixPath

from artifactbench.gates.core import MARKUP_SUFFIXES, declared_marks, line_marks, markup_content

__all__ = ["comment_only", "element_present", "has_comments", "graded_element", "markup_only", "outside_element", "program"]

# a whole-line markup comment, processing instruction (`<?xml version="1.0"?>`) or doctype
_MARKUP = re.compile(r"\s*(<!--.*-->|<\?[^>]*\?>|<!DOCTYPE[^>]*>)\s*$", re.IGNORECASE)
MAX_LINES = 20_000  # lines compared at most (a larger artifact's changes are not read as comments)


_SEMI = re.compile(r"\s*;")
# a DNS zone file's resource record (`app.corp.test. 300 IN CNAME web.corp.test.`) or directive ($TTL, $ORIGIN)
_ZONE_LINE = re.compile(r"\s*(\$(TTL|ORIGIN|INCLUDE)\b|(\S*\.|@)\s+(\d+\s+)?(IN\s+)?(\d+\s+)?(?&type)|"
                        r"\S+\s+(\d+\s+)?IN\s+(\d+\s+)?(?&type))".replace(
                            "(?&type)", r"(SOA|NS|A|AAAA|CNAME|MX|TXT|SRV|PTR|CAA|SPF|NAPTR|DS|DNSKEY)\s"))


def _zone(reference: str) -> bool:
    """The text is a DNS zone file (whatever its name: `corp.test.db`, `db.example`): `;` comments. A
    record line names a domain (`app.corp.test.`, `@`) or the class `IN`: `alice A 93` is no record."""
    lines = [ln for ln in reference.splitlines()[:MAX_LINES] if ln.strip() and not _SEMI.match(ln)]
    records = sum(1 for ln in lines if _ZONE_LINE.match(ln))
    return records >= 3 and records * 2 > len(lines)


@lru_cache(maxsize=None)
def _line_comment(marks: tuple[str, ...]) -> re.Pattern[str] | None:
    """A whole line that is a comment of one of `marks` (None: the file type has none)."""
    return re.compile(r"\s*(?:" + "|".join(map(re.escape, marks)) + ")") if marks else None


def _syntax(artifact: str, reference: str = "", prompt: str = "") -> re.Pattern[str] | None:
    """Whole comment lines of the artifact's type, or (a type without them, a `.txt`) of the mark its prompt
    declares ("lines starting with `#` are ignored"); None where neither says."""
    path = PurePosixPath(artifact)
    found = _line_comment(line_marks(artifact)) or (_MARKUP if path.suffix.lower() in MARKUP_SUFFIXES else None)
    if found is None and prompt:
        found = _line_comment(declared_marks(prompt))
    if found is None and (path.suffix.lower() in (".zone", ".db", "") or path.name.lower().startswith("db.")) \
            and _zone(reference):
        return _SEMI
    return found


def has_comments(artifact: str, reference: str) -> bool:
    """The artifact's type has whole-line comments (a config file, a program, a zone file, an XML data
    file): what a prompt frees of its lines ("comments are allowed", "XML comments anywhere") is those,
    never a `key = value` line or an element (blind p20: a dropped `<error>` line was left open). Not a
    web page, whose "notes" may be prose paragraphs."""
    return _syntax(artifact, reference) is not None and PurePosixPath(artifact).suffix.lower() not in (
        ".html", ".htm", ".svg", ".xhtml")


def comment_only(artifact: str, reference: str, mutant: str, prompt: str = "") -> bool:
    """The mutant differs from the reference, and only in whole-line comments of the artifact's type
    (its other lines are the reference's, in their order): a comment edited, dropped, added or moved.
    A comment the prompt quotes is part of the answer ("the first line must be exactly the header
    comment `-- schema_version: 7`"): it stays, in its order (and first where it was first)."""
    syntax = _syntax(artifact, reference, prompt)
    if syntax is None or mutant == reference:
        return False
    old, new = reference.splitlines(), mutant.splitlines()
    if max(len(old), len(new)) > MAX_LINES:
        return False
    # (blank lines aside: a comment moved past one moves the blank line too; blind p41's `; ledger` title
    # swapped with the `[GR-2023-001]` below it)
    if [ln for ln in old if ln.strip() and not syntax.match(ln)] != [ln for ln in new if ln.strip() and not syntax.match(ln)]:
        return False
    quoted = {ln.strip() for ln in old if syntax.match(ln) and len(ln.strip()) >= 4 and ln.strip() in prompt}
    return [ln.strip() for ln in old if ln.strip() in quoted] == [ln.strip() for ln in new if ln.strip() in quoted] \
        and not (old and old[0].strip() in quoted and (not new or new[0].strip() != old[0].strip()))


_PROGRAMS = frozenset((".sql", ".sh", ".bash", ".zsh", ".js", ".mjs", ".ts", ".rb", ".pl", ".lua", ".go", ".rs",
                       ".c", ".h", ".cc", ".cpp", ".java", ".kt", ".swift", ".r", ".mk", ".ps1", ".hs", ".tf"))


def program(artifact: str) -> bool:
    """The artifact is a program in a language the fuzzer reads as lines of text (SQL, a shell script,
    a Makefile, ...): a line dropped, repeated, moved or added may leave it behaving the same."""
    path = PurePosixPath(artifact)
    return path.suffix.lower() in _PROGRAMS or path.name.lower() in ("makefile", "gnumakefile", "dockerfile")


_PAGE_FREE = re.compile(r"\b(page|document|file|rest|layout|markup|everything\s+else|anything\s+else)\b[^.!?]{0,60}?"
                        r"\b(however\s+you\s+(like|want)|whatever\s+you\s+(like|want)|as\s+you\s+(like|wish)|up\s+to\s+"
                        r"you|your\s+(choice|call)|is\s+free|are\s+free|(is|are)\s+ignored|not\s+(graded|checked))",
                        re.IGNORECASE)
# "Anything outside `<nav id="toc">` (doctype, `<head>`, styles, a heading) is up to you": the element named
# after "outside" is the graded one, whatever others the sentence gives as examples of the free part.
_OUTSIDE = re.compile(r"\b(?:anything|everything|all)\s+(?:else\s+)?(?:outside(?:\s+of)?|except(?:\s+for)?|"
                      r"other\s+than|apart\s+from|besides)\s+(?:the\s+|that\s+|this\s+)?`?(?=<[A-Za-z])",
                      re.IGNORECASE)
_FREED = re.compile(r"\b(however\s+you\s+(like|want)|whatever\s+you\s+(like|want)|as\s+you\s+(like|wish)|up\s+to\s+"
                    r"you|your\s+(choice|call)|is\s+free|are\s+free|(is|are)\s+ignored|not\s+(graded|checked))",
                    re.IGNORECASE)
# (an unquoted value takes no quote: `b="x"` has one parse, not two per attribute, which made a run of
# attributes with no closing `>` exponential)
_ELEMENT = re.compile(r"<([A-Za-z][\w-]*)((?:\s+[\w-]+(?:\s*=\s*(?:\"[^\"]*\"|'[^']*'|[^\s>\"']+))?)*)\s*/?>")
_ATTR = re.compile(r"([\w-]+)\s*=\s*(?:\"([^\"]*)\"|'([^']*)'|([^\s>]+))")


# "you may put any other HTML (headings, summary paragraphs, styling) around the table": the element
# is named by its tag's word alone, and what is around it is free
_AROUND = re.compile(r"\b(?:any\s+)?other\s+(?:HTML|markup|content|elements?|tags?)\b[^.!?]{0,100}?\b(?:around|"
                     r"outside(?:\s+of)?|before\s+(?:or|and)\s+after)\s+(?:the|that|this|your)\s+`?<?(?P<tag>table|ul|ol|"
                     r"dl|nav|section|article|main|pre|svg|form|figure)\b", re.IGNORECASE)
_PERMIT = re.compile(r"\b(may|can|allowed|permitted|fine|welcome|up\s+to\s+you|ignored)\b", re.IGNORECASE)
# "an HTML document containing a `<table>` ... any other markup, styling or text in the document is
# allowed": the page is free but for the one element the prompt names (blind p30)
_OTHER_MARKUP = re.compile(r"\b(?:any\s+|all\s+)?other\s+(?:HTML|markup|content|elements?|tags?)\b[^.!?;]{0,80}?"
                           r"\b(?:is|are)\s+(?:also\s+)?(?:allowed|permitted|fine|welcome|ignored|free|up\s+to\s+you)\b",
                           re.IGNORECASE)
# Other elements a prompt may grade on a page (not a placeholder such as `<breaker_id>`)
_PAGE_TAGS = frozenset({"p", "div", "span", "h1", "h2", "h3", "h4", "h5", "h6", "a", "img", "strong", "em", "b", "i",
                        "code", "dl", "ol", "ul", "nav", "section", "article", "main", "pre", "svg", "form", "figure",
                        "header", "footer", "aside", "time", "output", "data", "meter", "progress"})
_GRADED_TAGS = ("table", "ul", "ol", "dl", "nav", "section", "article", "main", "pre", "svg", "form", "figure")


def graded_element(prompt: str) -> tuple[str, dict[str, str], str] | None:
    """(tag, attributes, sentence) of the element a prompt grades on a page it otherwise frees ("The page
    can look however you like, but it must contain a `<table id="verification">` ...", "you may put any
    other HTML ... around the table"), or None."""
    for sentence in re.split(r"(?<=[.!?])\s+", prompt):
        around = _AROUND.search(sentence)
        clause = sentence[max([0] + [m.end() for m in re.finditer(r"[,;:]", sentence[:around.start()])]):around.end()] \
            if around else ""
        if around and _PERMIT.search(clause) and not re.search(r"\b(not|never|no)\b|n't\b", clause, re.IGNORECASE):
            tag = around.group("tag").lower()
            # (the prompt may name the one it grades elsewhere: `<table id="results">` beside a legend table)
            named = {m.group(2) for m in _ELEMENT.finditer(prompt) if m.group(1).lower() == tag and m.group(2).strip()}
            if len(named) > 1:
                return None
            attrs = {m.group(1).lower(): next(g for g in m.groups()[1:] if g is not None)
                     for m in _ATTR.finditer(next(iter(named)))} if named else {}
            return tag, attrs, " ".join(sentence.split())[:160]
        outside = _OUTSIDE.search(sentence)
        if outside and _FREED.search(sentence, outside.end()):
            found = _ELEMENT.match(sentence, outside.end())
            if found:
                attrs = {m.group(1).lower(): next(g for g in m.groups()[1:] if g is not None)
                         for m in _ATTR.finditer(found.group(2))}
                return found.group(1).lower(), attrs, " ".join(sentence.split())[:160]
        other = _OTHER_MARKUP.search(sentence)
        if other and not re.search(r"\b(not|never|no)\b|n't\b", sentence[:other.end()], re.IGNORECASE):
            # the one element of those a page is graded by that the prompt names (in any sentence)
            named = {m.group(0) for m in _ELEMENT.finditer(prompt) if m.group(1).lower() in _GRADED_TAGS}
            if len(named) == 1:
                found = _ELEMENT.search(next(iter(named)))
                attrs = {m.group(1).lower(): next(g for g in m.groups()[1:] if g is not None)
                         for m in _ATTR.finditer(found.group(2))}
                return found.group(1).lower(), attrs, " ".join(sentence.split())[:160]
        if not _PAGE_FREE.search(sentence):
            continue
        named = {m.group(0) for m in _ELEMENT.finditer(sentence)}
        found = _ELEMENT.search(sentence)
        if len(named) > 1:  # ("an `<h1>` and a `<table id=...>`": one element's lines say nothing of the other)
            return None
        if found:
            attrs = {m.group(1).lower(): next(g for g in m.groups()[1:] if g is not None)
                     for m in _ATTR.finditer(found.group(2))}
            return found.group(1).lower(), attrs, " ".join(sentence.split())[:160]
    return None


def other_elements(prompt: str, element: tuple[str, dict[str, str], str]) -> frozenset[str]:
    """Page elements the prompt names besides the graded one (`<span id="tac">` beside a `<table>`): the
    page outside that element is then not free (blind p33; an outside review's `<p id="total">`)."""
    return frozenset({m.group(1).lower() for m in _ELEMENT.finditer(prompt)} & _PAGE_TAGS) - {element[0]}


def _element_lines(lines: list[str], tag: str, attrs: dict[str, str]) -> list[str] | None:
    """The lines from the first opening `tag` carrying `attrs` to its first closing tag (None if absent)."""
    for i, line in enumerate(lines):
        for found in re.finditer(rf"<{re.escape(tag)}\b([^<>]*)>", line, re.IGNORECASE):
            have = {m.group(1).lower(): next(g for g in m.groups()[1:] if g is not None)
                    for m in _ATTR.finditer(found.group(1))}
            if all(have.get(k) == v for k, v in attrs.items()):
                for j in range(i, min(len(lines), i + MAX_LINES)):
                    if re.search(rf"</{re.escape(tag)}\s*>", lines[j][found.end() if j == i else 0:], re.IGNORECASE):
                        return lines[i:j + 1]
                return None
    return None


def outside_element(artifact: str, element: tuple[str, dict[str, str], str] | None, reference: str,
                    mutant: str) -> bool:
    """A markup page's mutant that leaves the graded element's lines as they were (and present once)."""
    if element is None or PurePosixPath(artifact).suffix.lower() not in (".html", ".htm", ".xhtml", ".xml") \
            or mutant == reference:
        return False
    old, new = reference.splitlines(), mutant.splitlines()
    if max(len(old), len(new)) > MAX_LINES:
        return False
    kept = _element_lines(old, element[0], element[1])
    return kept is not None and _element_lines(new, element[0], element[1]) == kept and sum(
        1 for ln in new if ln == kept[0]) == sum(1 for ln in old if ln == kept[0])


def element_present(artifact: str, element: tuple[str, dict[str, str], str], reference: str) -> bool:
    """The graded element is on the reference page (whose lines outside_element compares)."""
    if PurePosixPath(artifact).suffix.lower() not in (".html", ".htm", ".xhtml", ".xml"):
        return False
    lines = reference.splitlines()
    return len(lines) <= MAX_LINES and _element_lines(lines, element[0], element[1]) is not None


# Attributes that only say how a page looks (never `href`, `src`, `value`, `id`: those hold values)
_PRESENTATION = frozenset({"class", "style", "border", "width", "height", "cellpadding", "cellspacing", "align",
                           "valign", "bgcolor", "color", "lang", "dir", "charset", "rules", "frame", "summary"})
_HTML_ATTR = re.compile(r"""\s([\w:-]+)\s*=\s*("[^"<>]*"|'[^'<>]*'|[^\s>"']+)""")


def markup_only(artifact: str, reference: str, mutant: str, prompt: str = "") -> bool:
    """An XML or HTML mutant whose text and attribute values are the reference's, in order: it moved,
    dropped, repeated or added tags only (`<tbody>` dropped), which a parser may read as the same. On a
    web page, attributes the prompt never names (`border="1"`, `class`, `style`) are presentation, not
    values (blind p30: a dropped `<table border="1">` line)."""
    suffix = PurePosixPath(artifact).suffix.lower()
    if suffix not in MARKUP_SUFFIXES or mutant == reference or max(len(reference), len(mutant)) > 4 * MAX_LINES * 80:
        return False
    if suffix in (".html", ".htm", ".xhtml"):
        named = {w.lower() for w in re.findall(r"[\w:-]+", prompt)}

        def shown(text: str) -> str:
            return _HTML_ATTR.sub(lambda m: " " if m.group(1).lower() in _PRESENTATION and m.group(1).lower()
                                  not in named else m.group(0), text)
        reference, mutant = shown(reference), shown(mutant)
    return markup_content(reference).split() == markup_content(mutant).split()
