"""The last word before an accepted mutant is called a `fail`: does the prompt plainly require what it changed?

The rules in _prompt and _free_lines read what a prompt frees sentence by sentence, and each batch of
foreign tasks brings a phrasing they have not met ("other keys if you want to show your working (a
schedule, ...)", "`method` too if you like"). A `fail` says the grader accepts an answer the task makes
wrong; where the task's own words leave it open whether the changed part is graded at all, that is a
question for the author (`warn`), not a broken rule.

So after every precise rule has passed on an accepted mutant, two loose readings are put together:

- the prompt has a clause that leaves parts open: a permission ("may", "if you like", "optional",
  "feel free", "ignored", "not graded", "up to you") beside the things it would free in general words
  ("other keys", "extra columns", "more stuff", "anything else", "your working"), with no refusal in that
  clause ("no other keys", "rejected", "must not add"), and not about the input alone;
- a key the mutant changes (a JSON/YAML path's key, a TOML/INI/CSV field) is named nowhere else in the
  prompt: not quoted, not a token of the format example or a label or table cell in it, and (a key of
  two words or more) not by its words, outside what follows the open clause's words of extras.

Both together make the finding a `warn` that quotes the clause. So does a change of Markdown headings
alone whose titles the prompt never gives, beside such a clause ("add headings or notes as you like").
A key the prompt names elsewhere (the format example's `"total"`), a record's id (`C44`, `T01-c4`: data,
never named) or a key of a map of records (`"Coast"`), a change with no key (a line of plain text, a record
moved in the root list) and a number moved within the prompt's own band (number_near, read against the
stated tolerance) stay as they are.
Bias: this trades a little recall for precision only where the prompt itself opens the door.
"""

from __future__ import annotations

import json
import re
from collections.abc import Callable, Iterable
from functools import lru_cache

from artifactbench.gates.core._accuracy import LENIENT, NOT_A_NAME, sentences as _sentences
from artifactbench.gates.core._prompt import ALSO_DIFFER, ID_KEY, inner_grant, keys_closed, listed_keys, where_paths

_POSITIONAL = re.compile(r"column \d+")  # a column known by its place alone ("column 2"), not by a name
# A permission: the words that let an author add, keep or leave out a part.
_PERMIT = re.compile(
    r"\b(?:may|can|could|optional(?:ly)?|welcome|feel\s+free|free\s+to|fine|ok(?:ay)?|allowed|permitted|ignored|"
    r"harmless|tolerated|up\s+to\s+you|your\s+(?:choice|call)|whatever|if\s+you\s+(?:want|like|wish|prefer|need|"
    r"care)|as\s+you\s+(?:like|wish|see\s+fit)|not\s+(?:graded|checked|scored|read|compared|evaluated|required)|"
    r"do(?:es)?\s*n[o']?t\s+(?:matter|count)|no\s+effect|add\s+(?:any|whatever|as\s+many))\b|" + LENIENT, re.IGNORECASE)
# What a permission would free: parts beyond the ones the prompt lists, in general words ("other keys", "more
# stuff", "any extra columns"; never "any tools or data you like", nor "Optionally, add a `notes` string": a
# named optional key is the precise rules' to read, and it frees that key alone; review)
_NOUNS = (r"(?:keys?|fields?|columns?|properties|attributes|members|tables?|sections?|entries|notes?|"
          r"breakdowns?|summar(?:y|ies)|annotations?|metadata|comments?|stuff|headings?|titles?|prose|commentary|text|"
          r"explanations?|remarks?)")
_EXTRA = re.compile(
    r"\b(?:other|extra|additional|further|more|own)\s+(?:[\w`-]+\s+){0,2}?" + _NOUNS + r"\b|"
    r"\bany\s+(?:other\s+|extra\s+|additional\s+|more\s+)?" + _NOUNS + r"\b|"
    r"\b(?:anything|whatever)\s+else\b|\byour\s+working\b|\bshow\s+(?:your\s+)?(?:work|working|steps)\b|"
    r"\b(?:add|include)\s+(?:more\s+|some\s+|a\s+few\s+)?(?:columns|keys|fields|properties|attributes)\b|"
    r"\badd\s+(?:an?\s+|some\s+)?(?:titles?|headings?|notes|summar(?:y|ies)|comments|prose|commentary|"
    r"explanations?|remarks?)\b", re.IGNORECASE)
# What takes the permission back in its clause: "no other keys", "extra keys are rejected", "must not add" (not a
# reassurance: "it never counts against you", "it cannot hurt", "we only look at `offers`"; review)
_VERBS = r"(?:add|include|contain|have|hold|carry|emit|write|output|put|appear)"
_REFUSE = re.compile(
    r"\b(?:" + NOT_A_NAME + r"reject\w*|forbidden|prohibited|disallowed|invalid|" + NOT_A_NAME + r"(?:fails?|failing)|"
    r"penali[sz]\w*)\b|\bnot\s+(?:be\s+)?(?:allowed|permitted|accepted|tolerated|welcome|ignored|added|included)\b|"
    r"\b(?:must|should|shall|may|can)\s*not\s+(?:be\s+)?" + _VERBS + r"|\b(?:mustn|shouldn|can)'?t\s+(?:be\s+)?"
    + _VERBS + r"|\bnever\s+" + _VERBS + r"|\bdo(?:es)?\s*n[o']?t\s+" + _VERBS + r"\b|"
    r"\bno\s+(?:other|extra|additional|further)\b|\berrors?\b|\bwrong\b|\bnot\s+(?:fine|ok|okay|acceptable)\b",
    re.IGNORECASE)
# A sentence about the input files ("the input may carry extra columns; ignore them") frees nothing of the answer.
_INPUT = re.compile(r"\b(?:inputs?|given|provided|source|workspace)\b", re.IGNORECASE)
_INPUT_FILE = re.compile(_INPUT.pattern + r"|\w\.(?:csv|tsv|jsonl?|txt|ya?ml|xml|log|db|sqlite)\b", re.IGNORECASE)
# ... nor one about what else a run may do ("print more details to the console", "see the README")
_ELSEWHERE = re.compile(r"\b(?:console|stdout|stderr|terminal|screen|print\w*|readme|logs?|debug\w*)\b", re.IGNORECASE)
_OUTPUT = re.compile(r"\b(?:outputs?|answer|result|report|submission)\b|\byou\b", re.IGNORECASE)
# (a refusal holds in its own clause: "extra keys are fine - but no other sections")
_CLAUSES = re.compile(r"\bbut\b|;")
_WORD = re.compile(r"[A-Za-z]{3,}")
_PARTS = re.compile(r"[_\W\d]+|(?<=[a-z])(?=[A-Z])")
_CODE = re.compile(r"```.*?(?:```|$)|`[^`\n]+`", re.DOTALL)


@lru_cache(maxsize=64)
def _reading(prompt: str) -> tuple[str, str, frozenset[str]]:
    """(the first clause that leaves parts open, or "" (always where the prompt closes the keys), the prompt
    less what follows its words of extras (the grant's examples: "other keys (a schedule, ...)"), the words of
    that text). What the same sentence says before them still names keys: "with `offers` and `revenue`; you
    may add other keys" (review)."""
    open_clause = ""
    rest: list[str] = []
    if keys_closed(prompt):  # ("Any other key is an error", "extra keys are rejected": nothing is open; review)
        # (but for the keys inside the records, where only the top level's are closed: "Extra keys inside a table
        # (sample size, ...) are allowed and ignored; ...; no other top-level keys"; blind p206)
        inner = inner_grant(prompt)
        text = prompt.replace(inner, " ") if inner else prompt
        return " ".join(inner.split())[:200], text, frozenset(w.lower() for w in _WORD.findall(text))
    for sentence in _sentences(prompt):
        kept = sentence
        for clause in _CLAUSES.split(sentence):
            if (extra := _opening(clause)) is not None:
                open_clause = open_clause or " ".join(clause.split())[:200]
                kept = kept.replace(clause[extra.start():], " ")
        rest.append(kept)
    # (a sample's line notes, each a clause of its own: "# "crane" and any other extra keys: optional, ignored" beside a
    # "# <- must match the input exactly" of the line above, in one run of sample lines that no sentence ends; p186)
    for block in _FENCE.findall(prompt) if not open_clause else ():
        for line in block.splitlines():
            at = _note_at(line)
            if at < len(line) and _opening(clause := line[at:].strip()) is not None:
                open_clause = open_clause or " ".join(clause.split())[:200]
    text = "\n".join(rest)
    return open_clause, text, frozenset(w.lower() for w in _WORD.findall(text))


def _named(key: str, text: str, words: frozenset[str], keys_listed: frozenset[str] = frozenset()) -> bool:
    """`text` names `key`: quoted (`key`, "key"), a token of code (a fenced example's `region,total,count`
    header, `id,region,start_day`), a label (`key:`, `key =`, a table cell) or, for a key of two words or more
    (`total_cost_eur`), every one of its words ("total cost in EUR"). A one-word key said only as a word of prose
    ("the schedule") is not: that is how a grant speaks of extras too. A key with no word of three letters
    (`x`, `id`) counts as named."""
    name = re.escape(key)
    if re.search(rf"[`'\"]{name}[`'\"]|(?m:^[^\S\n]*[-*]?[^\S\n]*{name}[^\S\n]*[:=])|\|[^\S\n]*{name}[^\S\n]*\|",
                 text, re.IGNORECASE):
        return True
    if any(re.search(rf"(?<![\w-]){name}(?![\w-])", code.group(), re.IGNORECASE) for code in _CODE.finditer(text)):
        return True
    # (a list of a table's columns in prose: "a pipe table with columns Reason, Bags, Share (%)"; blind p153; not an
    # input's: "`sales.csv` ... with columns date, store, amount, refund"; review)
    for listed in re.finditer(rf"\bcolumns\s+(?:[^.\n,]{{1,40}},\s*){{0,12}}?(?:and\s+)?{name}(?![\w-])", text, re.IGNORECASE):
        lo = max(0, listed.start() - 240)  # (its own sentence: `text` keeps the prompt's line breaks)
        start = max(text.rfind(". ", lo, listed.start()), text.rfind(".\n", lo, listed.start()),
                    text.rfind("\n\n", lo, listed.start()), lo)
        if not _INPUT_FILE.search(text[start:listed.end()]):
            return True
    parts = [p.lower() for p in _PARTS.split(key) if len(p) >= 3 and p.isalpha()]
    if not parts:
        return True
    if keys_listed and key not in keys_listed and not (
            re.search(r"[_\d]", key) and re.search(rf"(?<![\w-]){name}(?![\w-])", text, re.IGNORECASE)):
        # (where the prompt lists the record's keys, one outside the list is named only as a key: "A title with
        # fewer than 6 usable months must not appear" says nothing of a `usable_months` beside "with keys `a`,
        # `b`, `floor` and `half_life_months`"; blind p206. Written as it is, "... the number of usable months as
        # usable_months", it is named; review)
        return False
    return len([p for p in _PARTS.split(key) if p]) >= 2 and all(
        p in words or p + "s" in words or (p.endswith("s") and p[:-1] in words) for p in parts)


_REQUIRES = re.compile(r"\b(?:must|should|shall|required|needs?|has\s+to|have\s+to|also|each|every|includes?|"
                       r"contains?|carr(?:y|ies))\b", re.IGNORECASE)


def _required(key: str, text: str) -> bool:
    """A sentence of `text` quotes `key` and asks for it ("Each object must also have a `mean` key"): a key the
    example left out is still the answer's own (not "with `member`, `dos`, `code`" of an input's lines)."""
    quoted = re.compile(rf"[`'\"]{re.escape(key)}[`'\"]")
    # (not a sentence describing an input's fields, whatever it requires of them: "- `jobs.json` – the jobs:
    # `job_id`, `turbine_id`, ... (the job must be finished by then)"; blind p122)
    return any(quoted.search(sentence) and _REQUIRES.search(sentence) and not _INPUT_ITEM.match(sentence)
               for sentence in _sentences(text))


# A list item that describes an input file: "- `jobs.json` – the jobs: ..." (not "Each entry must also carry the
# `turbine_id` copied from `jobs.json`", which asks it of the answer; review)
_INPUT_ITEM = re.compile(r"\s*(?:[-*+]|\d+\.)\s+`[^`\n]+\.(?:csv|tsv|jsonl?|txt|ya?ml|xml|db|sqlite|sql|ini|toml|log)`"
                         r"\s*(?:[-–—:(]|is\b|has\b|holds\b|lists\b|contains\b)", re.IGNORECASE)


def _keys(where: str, fields: tuple[str, ...], data_keys: frozenset[str]) -> list[str]:
    """The keys a mutant changes: each path's keys (no list index, no record id, no key of a map of records,
    `{"Coast": {...}, "Valley": {...}}`: data, as an id is) and the fields given."""
    keys = [step for path in where_paths(where) for step in path
            if isinstance(step, str) and not ID_KEY.fullmatch(step) and step not in data_keys]
    return list(dict.fromkeys([*keys, *(f for f in fields if f and not ID_KEY.fullmatch(f))]))


def record_map(node) -> bool:  # noqa: ANN001 - a node of a parsed JSON/YAML document
    """The node is an object whose values are two or more objects with the same keys: a map of records keyed by
    their names (`{"Coast": {"total": ...}, "Valley": {"total": ...}}`)."""
    if not isinstance(node, dict):
        return False
    values = list(node.values())
    return len(values) >= 2 and all(isinstance(v, dict) for v in values) and len({frozenset(v) for v in values}) == 1


def _matrix_keys(node: dict) -> set[str] | None:
    """The inner keys of a matrix keyed twice by the same names (`{"KNG": {"MIL": 41.8, ...}, "ALB": {...}}`, an OD
    matrix: its rows' keys are mostly its own row keys; blind p190), or None."""
    values = list(node.values())
    if len(values) < 2 or not all(isinstance(v, dict) and v for v in values):
        return None
    inner = {str(k) for v in values for k in v}
    outer = {str(k) for k in node}
    return inner if len(inner & outer) * 2 >= len(outer) else None


def map_keys(data) -> frozenset[str]:  # noqa: ANN001 - a parsed JSON/YAML document
    """The keys of every map of records (record_map), whose keys are data."""
    found: set[str] = set()
    stack = [data]
    while stack:
        node = stack.pop()
        if isinstance(node, dict):
            if record_map(node):
                found.update(str(k) for k in node)
            elif (inner := _matrix_keys(node)) is not None:
                found.update(str(k) for k in node)
                found.update(inner)
            stack.extend(node.values())
        elif isinstance(node, list):
            stack.extend(node)
    return frozenset(found)


_HEADING = re.compile(r"#{1,6}[^\S\n]+(.+?)[^\S\n]*#*")
_MARKS = re.compile(r"[*_`~]+")


def headings_only(lines: list[str]) -> tuple[str, ...]:
    """The titles of `lines` where every one is a Markdown heading (`## Possible outcomes`), else ()."""
    titles = [_HEADING.fullmatch(line.strip()) for line in lines if line.strip()]
    if not titles or not all(titles):
        return ()
    return tuple(" ".join(_MARKS.sub("", t.group(1)).split()) for t in titles if t)


def _titled(title: str, text: str) -> bool:
    """`text` gives the heading's title itself (not just its words): "a `## Outcomes` heading", "# Outcomes"."""
    def plain(words: str) -> str:
        return " ".join(_MARKS.sub("", words).split()).lower()
    return not title or plain(title) in plain(text)


_FENCE = re.compile(r"```[^\n]*\n(.*?)```", re.DOTALL)


def _examples(prompt: str) -> list[frozenset[str]]:
    """The key sets of the JSON objects the prompt's fenced examples show (a block, or each line of one), none
    from a block that elides (`...`, `…`): a partial example lists only some keys."""
    found = []
    for block in _FENCE.findall(prompt):
        if "..." in block or "\u2026" in block:
            continue
        # (its lines' notes aside: `"crane": "QC1"},   # optional, ignored` annotates a sample that is JSON but
        # for them; blind p186. Every object of it, nested ones too: the segments of each call)
        block = "\n".join(_unnoted(line) for line in block.splitlines())
        for text in [block, *block.splitlines()]:
            try:
                stack = [json.loads(text)]
            except (ValueError, RecursionError):
                continue
            while stack:
                value = stack.pop()
                if isinstance(value, dict):
                    found.append(frozenset(value))
                    stack += value.values()
                elif isinstance(value, list):
                    stack += value
    return found


_NOTE = re.compile(r"(?<![^\S\n])[^\S\n]+(?:#|//|<-)[^\S\n].*$")  # (from a run of spaces' start only: linear)


def _note_at(line: str) -> int:
    """Where `line`'s note (`  # ...`, `  // ...`, `  <- ...`) starts, outside its strings; len(line) for none."""
    note = _NOTE.search(line)
    return note.start() if note and line[:note.start()].count('"') % 2 == 0 else len(line)


def _unnoted(line: str) -> str:
    """`line` without its note."""
    return line[:_note_at(line)]


def _opening(clause: str) -> re.Match[str] | None:
    """Where the clause speaks of extra parts it lets the answer have (its _EXTRA match), or None: a permission
    that refuses nothing, speaks of no console or log, and of no input but where it speaks of the output too."""
    extra = _EXTRA.search(clause)
    if extra and _PERMIT.search(clause) and not _REFUSE.search(clause) and not _ELSEWHERE.search(clause) \
            and not (_INPUT.search(clause) and not _OUTPUT.search(clause)):
        return extra
    return None


def example_extras(prompt: str, data) -> frozenset[str]:  # noqa: ANN001 - a parsed JSON/YAML answer
    """The keys of the answer's objects beyond those of a prompt example of the same object (one that shares two
    keys or more with it and has none it lacks): `member` and `code` of a line `{"seq", "status", ...}` shows
    without them, the reference's echo of its input (blind p99)."""
    examples = [e for e in _examples(prompt) if len(e) >= 2]
    extras: set[str] = set()
    stack = [data]
    while stack and examples:
        node = stack.pop()
        if isinstance(node, dict):
            keys = {str(k) for k in node}
            # (beyond every example sharing two keys with it: a nested `{"id", "km"}` of a route leaves out no `eta`
            # of a stop `{"id", "km", "eta"}` that another example shows; review)
            related = [e for e in examples if len(e & keys) >= 2]
            if any(e <= keys and len(e) < len(keys) for e in related):
                extras.update(keys - frozenset().union(*related))
            stack.extend(node.values())
        elif isinstance(node, list):
            stack.extend(node)
    return frozenset(extras)


# "A Markdown table with (at least) the columns `station`, `expected_bikes`, `utilisation_pct`": the answer's columns,
# listed by name (not an input's: "`trips.csv` has the columns `a`, `b`")
_COLUMN_LIST = re.compile(r"\bcolumns?\b[^.\n`]{0,30}?((?:`[^`\n]{1,40}`[^\S\n]*+(?:(?:,|\band\b|\bor\b|/)[^\S\n]*+)?){2,})",
                          re.IGNORECASE)


_HEADER_SPAN = re.compile(r"\b(?:columns?|header)\b[^.\n`]{0,30}?`([^`\n]{1,300}?[|,][^`\n]{1,300}?)`", re.IGNORECASE)


@lru_cache(maxsize=64)
def listed_columns(prompt: str) -> frozenset[str]:
    """The column names (lower case) the prompt lists for its answer's table: two or more in backticks after
    "columns", in a sentence that speaks of no input."""
    found: set[str] = set()
    for sentence in _sentences(prompt):
        if _INPUT.search(sentence) or _INPUT_ITEM.match(sentence):
            continue
        for listed in _COLUMN_LIST.finditer(sentence):
            found.update(n.strip().lower() for n in re.findall(r"`([^`\n]+)`", listed.group(1)))
        # ("header including `segment | final_poa | cumulative_pod`": the names in one span; blind p183)
        for listed in _HEADER_SPAN.finditer(sentence):
            found.update(n.strip().lower() for n in re.split(r"[|,]", listed.group(1)) if n.strip())
    # ("a Markdown table ... and at least these columns:" and a bullet per column, its name first; blind p187)
    for listed in _COLUMN_BULLETS.finditer(prompt):
        # (of no input: "`trips.csv` has these columns:", nor a line after a sentence naming one; review)
        before = prompt[max(0, listed.start() - 300):listed.start()]
        if not _INPUT_FILE.search(listed.group(1)) and not _INPUT_FILE.search(re.split(r"[.!?]\s|\n\s*\n", before)[-1]):
            names = re.findall(r"^[^\S\n]*[*+-][^\S\n]+`([^`\n]{1,40})`", listed.group(2), re.MULTILINE)
            found.update(n.strip().lower() for n in names if len(names) >= 2)
    return frozenset(found)


# a line ending "... columns:" (of no input), then bullets, each a column's name in backticks first (an item's
# indented lines go on it)
_COLUMN_BULLETS = re.compile(r"^([^\n]*\bcolumns?\b[^.\n`]{0,40}):[^\S\n]*\n(?:[^\S\n]*\n)?"
                             r"((?:[^\S\n]*[*+-][^\S\n]+`[^`\n]{1,40}`[^\n]*\n(?:[^\S\n]{2,}\S[^\n]*\n)*)+)",
                             re.IGNORECASE | re.MULTILINE)


def columns_beyond(prompt: str, columns: Iterable[str]) -> frozenset[str]:
    """The answer's `columns` that the prompt's list of its columns leaves out, where that list names two of them
    at least: `name` and `capacity` of a table asked "with (at least) the columns `station`, `expected_bikes`,
    `utilisation_pct`" (blind p171; extras the prompt may free, which _doubt reads)."""
    listed = listed_columns(prompt)
    columns = [c for c in columns if c]
    if len([c for c in columns if c.lower() in listed]) < 2:
        return frozenset()
    return frozenset(c for c in columns if c.lower() not in listed)


def _asked_column(key: str, text: str) -> bool:
    """`text` asks for `key` as a column of its own: "a `capacity` column", "column `capacity`", "give every station a
    `flag`" (an article before it, not "its `capacity`", which speaks of a value; review)."""
    name = re.escape(key)
    return re.search(rf"[`'\"]{name}[`'\"]\s+columns?\b|\bcolumns?\s+(?:called\s+|named\s+)?[`'\"]{name}[`'\"]|"
                     rf"\b(?:a|an)\s+[`'\"]{name}[`'\"]", text, re.IGNORECASE) is not None


def doubt(prompt: str, where: str, fields: tuple[str, ...] = (),
          headings: Callable[[], tuple[str, ...]] = tuple, data_keys: frozenset[str] = frozenset(),
          extras: Callable[[], frozenset[str]] = frozenset,
          columns: Callable[[], tuple[str, ...]] = tuple) -> tuple[str, str] | None:
    """("warn", why) when the prompt has a clause leaving parts open and names nowhere else a key the mutant
    at `where` changes (or one of `fields`: a text artifact's column or `key = value` key; not one of
    `data_keys`, a map's; one of `extras()` counts as unnamed: a key beyond a prompt example of its object),
    or the title of every heading it changes (`headings()`: the titles where the lines
    the change touches are all Markdown headings, asked for only once a clause opens parts); else None."""
    if not prompt:
        return None
    sentence, text, words = _reading(prompt)
    if not sentence:
        return None
    titles = headings()
    if titles and not any(_titled(title, text) for title in titles):
        return "warn", (f"it changes only the heading {titles[0]!r}, which the prompt never asks for, and it "
                        f"leaves parts open ({sentence!r}): is that heading one of them?")
    beyond = extras()
    unlisted = columns_beyond(prompt, columns()) if listed_columns(prompt) else frozenset()
    # (the record's listed keys, where only the keys inside records are open: blind p206; and never a tree's
    # top-level key there)
    inner = keys_closed(prompt)
    listed = listed_keys(prompt) if inner else frozenset()
    tops = {path[0] for path in where_paths(where) if path and isinstance(path[0], str)} if inner else set()

    def open_key(key: str) -> bool:
        return (key in unlisted and not _asked_column(key, text)) \
            or (key in beyond and key not in unlisted and not _required(key, text)) \
            or not _named(key, text, words, listed)
    # (a column known only by its place, `column 2` of `H-0004 VARIETY` lines, is no name the prompt could use: its
    # format line, `<record_id> <CODE>`, names it; blind p264)
    unnamed = [key for key in _keys(where, fields, data_keys) if key not in tops and not _POSITIONAL.fullmatch(key)
               and open_key(key)]
    # (a value exchanged between two records the same in every field but free ones is those free fields exchanged:
    # `Dispense ID` swapped between two EXPIRED_LOT rows that differ only in `Drug` and `Detail`; blind p169)
    also = re.findall(r"'([^'\n]{1,80})'", where.split(ALSO_DIFFER, 1)[1]) if ALSO_DIFFER in where else []
    if not unnamed and also and all(open_key(key) and not _POSITIONAL.fullmatch(key) for key in also):
        return "warn", (f"it exchanges a value between two records that differ otherwise only in {also[0]!r}"
                        + (f" and {len(also) - 1} more" if len(also) > 1 else "")
                        + f", which the prompt names nowhere but where it leaves parts open ({sentence!r}): the same "
                          "as exchanging those")
    if not unnamed:
        return None
    where_named = "the prompt's list of the answer's columns leaves out" if unnamed[0] in unlisted else \
        "the prompt's example of that object leaves out" if unnamed[0] in beyond else \
        "the prompt names nowhere but where it leaves parts open"
    return "warn", (f"it changes {unnamed[0]!r}, which {where_named} ({sentence!r}): is it one of the parts it "
                    f"frees?")
