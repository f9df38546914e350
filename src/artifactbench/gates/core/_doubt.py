"""The last word before an accepted mutant is called a `fail`: does the prompt plainly require what it changed?

The rules in _prompt and _free_lines read what a prompt frees sentence by sentence, and each batch of
foreign tasks brings a phrasing they have not met ("other keys if you want to show your working (a
schedule, ...)", "`method` too if you like"). A `fail` says the grader accepts an answer the task makes
wrong; where the task's own words leave it open whether the changed part is graded at all, that is a
question for the author (`warn`), not a broken rule.

So after every precise rule has passed on an accepted mutant, two loose readings are put together:

- the prompt has a sentence that leaves parts open: a permission ("may", "if you like", "optional",
  "feel free", "ignored", "not graded", "up to you") beside the things it would free ("other keys",
  "extra columns", "additional notes", "anything else", "your working"), with no refusal in it ("no
  other keys", "rejected", "must not", "only"), and not about the input alone;
- a key the mutant changes (a JSON/YAML path's key, a TOML/INI/CSV field) is named nowhere else in the
  prompt: not quoted, not a label or table cell of the format example, and (a key of two words or more)
  not by its words in a sentence that is not such a one.

Both together make the finding a `warn` that quotes the sentence. So does a change of Markdown headings
alone whose titles the prompt never gives, beside such a sentence ("add headings or notes as you like").
A key the prompt names elsewhere (the format example's `"total"`), a record's id (`C44`, `T01-c4`: data,
never named), a change with no key (a line of plain text, a record moved in the root list) and a number
moved within the prompt's own band (number_near, read against the stated tolerance) stay as they are.
Bias: this trades a little recall for precision only where the prompt itself opens the door.
"""

from __future__ import annotations

import re
from functools import lru_cache

from artifactbench.gates.core._accuracy import sentences as _sentences
from artifactbench.gates.core._prompt import ID_KEY, where_paths

# A permission: the words that let an author add, keep or leave out a part.
_PERMIT = re.compile(
    r"\b(?:may|can|could|optional(?:ly)?|welcome|feel\s+free|free\s+to|fine|ok(?:ay)?|allowed|permitted|ignored|"
    r"harmless|tolerated|up\s+to\s+you|your\s+(?:choice|call)|whatever|if\s+you\s+(?:want|like|wish|prefer|need|"
    r"care)|as\s+you\s+(?:like|wish|see\s+fit)|not\s+(?:graded|checked|scored|read|compared|evaluated|required)|"
    r"do(?:es)?\s*n[o']?t\s+(?:matter|count)|no\s+effect|add\s+(?:any|whatever|as\s+many))\b", re.IGNORECASE)
# What a permission would free: parts beyond the ones the prompt lists.
_EXTRA = re.compile(
    r"\b(?:other|extra|additional|further|more|any|own|optional)\s+(?:[\w-]+\s+){0,2}?"
    r"(?:keys?|fields?|columns?|properties|attributes|members|tables?|sections?|entries|notes?|details?|"
    r"info(?:rmation)?|data|breakdowns?|summar(?:y|ies)|annotations?|metadata|comments?|values?|items?|stuff|"
    r"things|headings?|titles?|prose|commentary|text|explanations?|remarks?)\b|"
    r"\banything\s+else\b|\byour\s+working\b|\bshow\s+(?:your\s+)?(?:work|working|steps)\b|\boptional(?:ly)?\b",
    re.IGNORECASE)
# What takes the permission back: "no other keys", "extra keys are rejected", "must not add".
_REFUSE = re.compile(
    r"\b(?:reject\w*|forbidden|prohibited|disallowed|invalid|fails?|failing|penali[sz]\w*|wrong|never|exactly|only)\b|"
    r"\bnot\s+(?:be\s+)?(?:allowed|permitted|accepted|tolerated|welcome|ignored|added|included)\b|"
    r"\b(?:must|should|shall|may|can)\s*not\b|\bcannot\b|\b(?:mustn|shouldn|can)'?t\b|"
    r"\bdo(?:es)?\s*n[o']?t\s+(?:add|include|emit|write|output|put)\b|\bno\s+(?:other|extra|additional|further)\b",
    re.IGNORECASE)
# A sentence about the input files ("the input may carry extra columns; ignore them") frees nothing of the answer.
_INPUT = re.compile(r"\b(?:inputs?|given|provided|source|workspace)\b", re.IGNORECASE)
_OUTPUT = re.compile(r"\b(?:outputs?|answer|result|report|submission)\b|\byou\b", re.IGNORECASE)
_WORD = re.compile(r"[A-Za-z]{3,}")
_PARTS = re.compile(r"[_\W\d]+|(?<=[a-z])(?=[A-Z])")


@lru_cache(maxsize=64)
def _reading(prompt: str) -> tuple[str, str, frozenset[str]]:
    """(the first sentence that leaves parts open, or "", the other sentences, their words)."""
    open_sentence = ""
    rest: list[str] = []
    for sentence in _sentences(prompt):
        if _PERMIT.search(sentence) and _EXTRA.search(sentence) and not _REFUSE.search(sentence) \
                and not (_INPUT.search(sentence) and not _OUTPUT.search(sentence)):
            open_sentence = open_sentence or " ".join(sentence.split())[:200]
            continue
        rest.append(sentence)
    text = "\n".join(rest)
    return open_sentence, text, frozenset(w.lower() for w in _WORD.findall(text))


def _named(key: str, text: str, words: frozenset[str]) -> bool:
    """`text` names `key`: quoted (`key`, "key"), as a label (`key:`, `key =`, a table cell) or, for a key of
    two words or more (`total_cost_eur`), by every one of its words ("total cost in EUR"). A one-word key
    named only as a word of prose ("the schedule") is not: that is how a grant speaks of extras too. A key
    with no word of three letters (`x`, `id`) counts as named."""
    name = re.escape(key)
    if re.search(rf"[`'\"]{name}[`'\"]|(?m:^[^\S\n]*[-*]?[^\S\n]*{name}[^\S\n]*[:=])|\|[^\S\n]*{name}[^\S\n]*\|",
                 text, re.IGNORECASE):
        return True
    parts = [p.lower() for p in _PARTS.split(key) if len(p) >= 3 and p.isalpha()]
    if not parts:
        return True
    return len([p for p in _PARTS.split(key) if p]) >= 2 and all(
        p in words or p + "s" in words or (p.endswith("s") and p[:-1] in words) for p in parts)


def _keys(where: str, fields: tuple[str, ...]) -> list[str]:
    """The keys a mutant changes: each path's keys (no list index, no record id) and the fields given."""
    keys = [step for path in where_paths(where) for step in path
            if isinstance(step, str) and not ID_KEY.fullmatch(step)]
    return list(dict.fromkeys([*keys, *(f for f in fields if f and not ID_KEY.fullmatch(f))]))


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


def doubt(prompt: str, where: str, fields: tuple[str, ...] = (),
          headings: tuple[str, ...] = ()) -> tuple[str, str] | None:
    """("warn", why) when the prompt has a sentence leaving parts open and names nowhere else a key the mutant
    at `where` changes (or one of `fields`: a text artifact's column or `key = value` key), or the title of
    every heading it changes (`headings`: a Markdown report's lines the change touches, all headings);
    else None."""
    if not prompt:
        return None
    sentence, text, words = _reading(prompt)
    if not sentence:
        return None
    if headings and not any(_titled(title, text) for title in headings):
        return "warn", (f"it changes only the heading {headings[0]!r}, which the prompt never asks for, and it "
                        f"leaves parts open ({sentence!r}): is that heading one of them?")
    unnamed = [key for key in _keys(where, fields) if not _named(key, text, words)]
    if not unnamed:
        return None
    return "warn", (f"it changes {unnamed[0]!r}, which the prompt names nowhere but where it leaves parts open "
                    f"({sentence!r}): is it one of the parts it frees?")
