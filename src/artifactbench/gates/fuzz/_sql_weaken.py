"""sql_weaken: the reference query with one of its edge cases dropped, which only test data holding
that edge case tells apart.

A grader of a query runs it on data of its own and compares the rows. Where that data never holds the
case a clause of the query is there for, the clause may go and the grader still passes the query (blind
p52: every work centre of the hidden data had inspections, so an inner join passed where the prompt asks
for "every active work center ..., even one that has no inspections at all"; p53: no permanent NOTAM
was in force at any graded instant, so `end_utc IS NULL OR` could go). The probe drops such a clause,
one at a time, outside comments and string literals:

- `LEFT [OUTER] JOIN t` made an inner `JOIN t`;
- `(x IS NULL OR ...)` / `(... OR x IS NULL)` without the NULL test;
- a comparison of a column the prompt calls inclusive or exclusive (`start_utc` "(inclusive)") made
  strict or not (`<=` as `<`, `<` as `<=`); no other comparison is touched.

An accepted one (confirmed in a forked child) is a `fail` where the prompt asks for the case the clause
keeps: rows with no match ("even one that has no inspections", "0 if none") for a join whose columns
the reference reads through COALESCE/IFNULL/IS NULL, a NULL of that column ("A NULL `end_utc` means
..."), the inclusive or exclusive end; a `warn` otherwise (the data the prompt speaks of may never hold
the case). Every mutant is a different query on some data, so no finding stands on an equal one.
"""

from __future__ import annotations

import functools
import itertools
import re
import time

from artifactbench.gates.core import FINDING, OK, WARNING, CaseResult, cap, prose_paragraphs, prose_sentences
from artifactbench.gates.fuzz._constant_query import settled_acceptance

NAME = "sql_weaken"
MAX_MUTANTS = 6  # queries graded per task at most
MAX_QUERY_CHARS = 200_000

__all__ = ["NAME", "sql_weaken_case", "weakenings"]

_IDENT = r"(?:\"[^\"\n]{1,64}\"|\[[^\]\n]{1,64}\]|`[^`\n]{1,64}`|[A-Za-z_]\w{0,63})"
_COLUMN = rf"{_IDENT}(?:\.{_IDENT})?"
_LEFT_JOIN = re.compile(rf"\bLEFT(\s+OUTER)?\s+JOIN\s+(?P<table>{_IDENT}(?:\.{_IDENT})?)"
                        rf"(?:\s+(?:AS\s+)?(?P<alias>(?!ON\b|USING\b){_IDENT}))?", re.IGNORECASE)
_NULL_FIRST = re.compile(rf"\(\s*(?P<col>{_COLUMN})\s+IS\s+NULL\s+OR\s+", re.IGNORECASE)
# (from the OR on, the whitespace before it cut off after: a pattern opening with \s+ backtracked through
# every run of blanks, quadratic in a long comment masked to spaces; review of sql_weaken)
_NULL_LAST = re.compile(rf"\bOR\s+(?P<col>{_COLUMN})\s+IS\s+NULL(?=\s*\))", re.IGNORECASE)
# (a column, not the exponent of a number: `1e5 < t.amount` compares a literal)
_COMPARE = re.compile(rf"(?<![\w.$])(?P<left>{_COLUMN})\s*(?P<op><=|>=|<(?![>=])|>(?!=))\s*(?P<right>{_COLUMN})(?![\w(])")
MAX_CANDIDATES = 200  # clauses looked at per query (each a whole copy of it only once chosen)
_FLIPPED = {"<=": "<", ">=": ">", "<": "<=", ">": ">="}
_KEYWORDS = {"and", "or", "not", "null", "is", "select", "where", "on", "case", "when", "then", "else", "end"}

# the prompt asks for rows with no match: "even one that has no inspections", "including stations without
# readings", "0 if none", "NULL when nothing was inspected", "zero when there are none"
# ("no" / "without" / "zero" take the noun after them, which must name the joined table's rows: "even one
# with no `returned_at` yet" says nothing of a lookup join to `depots`; review of sql_weaken)
_NO_MATCH = re.compile(
    r"\b(?:even|including|incl\.|also|as\s+well)\b[^.;\n]{0,80}?\b(?:no|without|zero)\s+(?:\w+\s+){0,2}?"
    r"`?(?P<noun>\w+)`?|"
    r"\b(?:with|having|that\s+ha(?:s|ve)|who\s+ha(?:s|ve))\s+no\s+`?(?P<noun2>\w+)`?\s+at\s+all\b|"
    r"\b(?:0|zero|null|none|empty)\s+(?:if|when|where)\s+(?:none|nothing|no\b|there\s+(?:is|are)\s+no)",
    re.IGNORECASE)
# a sentence that says the column is never NULL states no case of it
_NULL_DENIED = re.compile(r"\b(?:never|not|no|cannot|can't|isn't|aren't|won't|non)\b[^.;]{0,24}$", re.IGNORECASE)
_NULL_WORDS = re.compile(r"\bnull\b|\bempty\b|\bblank\b|\bmissing\b|\bno\s+value\b|\bnot\s+set\b", re.IGNORECASE)
# ("`expiry_date` on or before `as_of` + 30 days": "on or before" as "at or before"; blind p111, as py_weaken reads)
_BOUND_WORDS = re.compile(r"\binclusive\b|\bexclusive\b|\b(?:at|on)\s+or\s+(?:before|after|above|below)\b|\bor\s+(?:later|"
                          r"earlier|more|less|equal)\b|\bstrictly\b|\bup\s+to\s+and\s+including\b|"
                          r"\bno\s+(?:later|earlier)\s+than\b", re.IGNORECASE)


@functools.lru_cache(maxsize=4)
def _masked(text: str) -> str:
    """`text` with its comments, string literals and quoted identifiers blanked (same length): where a
    clause may be found (a comparison of quoted names is left alone)."""
    out = list(text)
    i, n = 0, len(text)
    while i < n:
        ch = text[i]
        if text.startswith("--", i):
            end = text.find("\n", i)
            end = n if end < 0 else end
        elif text.startswith("/*", i):
            end = text.find("*/", i + 2)
            end = n if end < 0 else end + 2
        elif ch == "#":  # (another dialect's comment: never a clause)
            end = text.find("\n", i)
            end = n if end < 0 else end
        elif text.startswith("$$", i):  # (a dollar-quoted string)
            end = text.find("$$", i + 2)
            end = n if end < 0 else end + 2
        elif ch in "'\"`":  # a string, or a quoted identifier (whose quotes are doubled inside it)
            end = i + 1
            while end < n:
                if text[end] == ch and not text.startswith(ch * 2, end):
                    break
                end += 2 if text.startswith(ch * 2, end) else 1
            end = min(n, end + 1)
        else:
            i += 1
            continue
        for j in range(i, end):
            if out[j] != "\n":
                out[j] = " "
        i = end
    return "".join(out)


def _bare(column: str) -> str:
    return column.rsplit(".", 1)[-1].strip('"[]`').lower()


def weakenings(reference: str) -> list[tuple[str, str, dict]]:
    """(what was dropped, the query without it, facts for the severity) for each clause the probe drops,
    in the order they stand, at most MAX_CANDIDATES (each copy of the query made only when asked for)."""
    return [(what, edit(), facts) for what, edit, facts in _candidates(reference)]


def _candidates(reference: str) -> list:
    """(what, a function making the query without it, facts) of each clause, at most MAX_CANDIDATES."""
    if len(reference) > MAX_QUERY_CHARS:
        return []
    masked = _masked(reference)
    found: list[tuple[int, str, tuple[int, int, str], dict]] = []  # (where, what, (cut from, cut to, put), facts)
    for m in itertools.islice(_LEFT_JOIN.finditer(masked), MAX_CANDIDATES):
        table = m.group("table")
        alias = m.group("alias") if m.group("alias") and m.group("alias").lower() not in _KEYWORDS \
            else table.rsplit(".", 1)[-1]
        head = re.match(r"LEFT(\s+OUTER)?\s+JOIN", reference[m.start():m.end()], re.IGNORECASE)
        found.append((m.start(), f"LEFT JOIN {table} made an inner JOIN", (m.start(), m.start() + head.end(), "JOIN"),
                      {"kind": "join", "alias": alias.strip('"[]`'), "table": table.rsplit(".", 1)[-1].strip('"[]`')}))
    for m in itertools.islice(_NULL_FIRST.finditer(masked), MAX_CANDIDATES):
        found.append((m.start(), f"'{m.group('col')} IS NULL' dropped from its OR", (m.start() + 1, m.end(), ""),
                      {"kind": "null", "column": _bare(m.group("col"))}))
    for m in itertools.islice(_NULL_LAST.finditer(masked), MAX_CANDIDATES):
        cut = m.start()
        while cut > 0 and masked[cut - 1].isspace() and m.start() - cut < 4096:  # (the blanks before the OR)
            cut -= 1
        found.append((m.start(), f"'{m.group('col')} IS NULL' dropped from its OR", (cut, m.end(), ""),
                      {"kind": "null", "column": _bare(m.group("col"))}))
    for m in itertools.islice(_COMPARE.finditer(masked), MAX_CANDIDATES):
        if {m.group("left").lower(), m.group("right").lower()} & _KEYWORDS:
            continue
        op = m.group("op")
        found.append((m.start(), f"'{' '.join(m.group(0).split())}' made '{m.group('left')} {_FLIPPED[op]} "
                                 f"{m.group('right')}'", (m.start("op"), m.end("op"), _FLIPPED[op]),
                      {"kind": "bound", "columns": (_bare(m.group("left")), _bare(m.group("right")))}))
    found.sort(key=lambda f: f[0])

    def edit(cut: tuple[int, int, str]):  # -> Callable[[], str]
        return lambda: reference[:cut[0]] + cut[2] + reference[cut[1]:]
    return [(what, edit(cut), facts) for _, what, cut, facts in found[:MAX_CANDIDATES]]


def _sentences(prompt: str) -> list[str]:
    return prose_sentences(prose_paragraphs(prompt))


def _table_words(masked: str, table: str) -> set[str]:
    """The words a prompt would name the rows of `table` by: the last word of its name and of the tables
    a CTE of that name reads (`firsts AS (... FROM inspections ...)` -> first, inspection), a plural's
    `s` off."""
    names = {table}
    cte = re.search(rf"(?<![\w.]){re.escape(table)}\s*(?:\([^()]*\)\s*)?AS\s*\(", masked, re.IGNORECASE)
    if cte:
        depth, end = 1, cte.end()
        while end < len(masked) and depth:
            depth += {"(": 1, ")": -1}.get(masked[end], 0)
            end += 1
        names |= set(re.findall(rf"\b(?:FROM|JOIN)\s+({_IDENT})", masked[cte.end():end], re.IGNORECASE))
    words = set()
    for name in names:
        word = re.split(r"[_.]", name.strip('"[]`').lower())[-1]
        if len(word) >= 3:
            words.add(re.escape(word[:-1] if word.endswith("s") and len(word) > 3 else word))
    return words


def _quote(found: re.Match) -> str:
    """The words around a match, at most ~100 characters of its sentence."""
    text = found.string
    start, end = max(0, found.start() - 40), min(len(text), found.end() + 40)
    return ("..." if start else "") + text[start:end] + ("..." if end < len(text) else "")


def _names(sentence: str, column: str) -> bool:
    return re.search(rf"(?<![\w.]){re.escape(column)}(?!\w)", sentence, re.IGNORECASE) is not None


def _severity(facts: dict, reference: str, sentences: list[str]) -> tuple[str, str]:
    """(fail|warn|info, why): fail where the prompt asks for the case the dropped clause keeps (module doc)."""
    if facts["kind"] == "join":
        alias = re.escape(facts["alias"])
        masked = _masked(reference)
        handled = re.search(rf"\b(?:COALESCE|IFNULL|NULLIF)\s*\(\s*{alias}\.|\b{alias}\.\w+\s+IS\s+(?:NOT\s+)?NULL\b|"
                            rf"\bCOUNT\s*\(\s*{alias}\.", masked, re.IGNORECASE)
        words = _table_words(masked, facts["table"])

        def names(text: str) -> bool:
            return any(re.match(rf"{w}", text, re.IGNORECASE) for w in words)
        said = None
        for sentence in sentences:
            for m in _NO_MATCH.finditer(sentence):
                noun = m.group("noun") or m.group("noun2")
                if (names(noun) if noun else any(names(t) for t in re.findall(r"\w+", sentence))):
                    said = m
                    break
            if said:
                break
        if said and handled:
            return "fail", f"the prompt wants the rows with no match ({_quote(said)!r})"
        return "warn", "no graded data has a row without a match; does the prompt ask for such rows?"
    if facts["kind"] == "null":
        for sentence in sentences:
            if not _names(sentence, facts["column"]):
                continue
            for m in _NULL_WORDS.finditer(sentence):
                if not _NULL_DENIED.search(sentence[max(0, m.start() - 60):m.start()]):  # ("is never NULL")
                    return "fail", f"the prompt says what a NULL {facts['column']} means ({sentence[:90]!r})"
        return "warn", f"no graded data has a NULL {facts['column']} the clause reads"
    said = next((s for s in sentences if _BOUND_WORDS.search(s) and any(_names(s, c) for c in facts["columns"])),
                None)
    # (a warn, never a fail: the flip may change nothing, `valid_from <= ordered_at` of a date and a
    # datetime written as text compares the same either way; review of sql_weaken)
    return ("warn", f"the prompt states that end ({said[:90]!r}); does any graded row sit on it?") if said \
        else ("info", "")


def sql_weaken_case(ctx, grade, reference: str, prompt: str, seconds: float = 60.0) -> CaseResult | None:  # noqa: ANN001
    """Grade each weakened query the prompt gives a severity for, the fail candidates first, within
    `seconds` (a slow grader: what was graded by then is reported); None where there is none to grade."""
    sentences = _sentences(prompt)
    chosen = []
    for what, edit, facts in _candidates(reference):
        severity, why = _severity(facts, reference, sentences)
        if severity != "info":  # (a comparison the prompt says nothing of: no case to ask about)
            chosen.append((severity != "fail", len(chosen), what, edit, severity, why))
    chosen = sorted(chosen)[:MAX_MUTANTS]
    if not chosen:
        return None
    deadline = time.monotonic() + seconds
    graded, accepted = 0, []
    for _, _, what, edit, severity, why in chosen:
        if time.monotonic() > deadline:
            break
        graded += 1
        detail = settled_acceptance(ctx, grade, edit(), f"{NAME}\t{what}")
        if detail is not None:
            accepted.append((severity, what, why, detail))
    if not accepted:
        return CaseResult(NAME, OK, f"grader rejected {graded} query(ies) each with one edge case dropped")
    accepted.sort(key=lambda a: a[0] != "fail")
    severity, what, why, detail = accepted[0]
    more = f" (also accepted: {'; '.join(a[1] for a in accepted[1:])})" if len(accepted) > 1 else ""
    if severity == "fail":
        return CaseResult(NAME, FINDING, cap(
            f"grader ACCEPTED the reference query with {what}{more}, though {why}; its test data never holds "
            f"that case; grader detail: {detail!r}", 600))
    return CaseResult(NAME, WARNING, cap(
        f"grader accepted the reference query with {what}{more}: {why}; grader detail: {detail!r}", 600), "warn")
