"""What the prompt leaves open: read before calling an accepted wrong-looking answer a `fail`.

A grader that accepts a mutant the prompt allows (records in another order when "order does not
matter", a changed or missing field the prompt calls optional or informational, a number within the
tolerance it states) is right to accept it. The gates then report the finding at a lower severity:
`info` where the prompt says so in words ("any order", "`f` is informational", "the grader
re-evaluates `f`", duplicates inside a list "normalized by the grader"), `warn` where it only leaves
the point open (states no order, calls a field optional but validated). General reading rules, not
per-task lists.

A prompt may also grant other keys in general terms ("You may add other keys; they are ignored"). A
key of the reference that the prompt then never names, quoted or as a word, outside that sentence's
examples, is one of those other keys: a mutant confined to it is left open. Only a key at record
level counts (a record's own key, or the key of an object inside a list), never a key inside the
value of a named key, whose inner keys are that value's data.

Lines of a text or Markdown artifact that the prompt declares free (headings, commentary, "anything
else") are read in _free_lines: `PromptAllows.free_lines`.
"""

from __future__ import annotations

import bisect
import itertools
import functools
import re
from collections.abc import Iterable
from dataclasses import dataclass
from functools import lru_cache

from artifactbench.gates.core._accuracy import (
    GRADER_DOES_NOT, LENIENT, MARKUP, NOT_A_NAME, NUMBER, VAGUE_TOLERANCE, StatedTolerance, count as _count, number as _number,
    dotted_leaders, scenarios, sentences as _sentences, implied_precision, singular, stated_tolerance,
)
from artifactbench.gates.core._free_lines import FreeLines, added_parts, fenced_blocks, read_free_lines

ORDER_KINDS = frozenset({"swap_records", "reversed_lines"})
# A sort the prompt asks of the output ("sorted by `crew` ascending"): one order, whatever answers it accepts
_SORT_WORDS = re.compile(r"\b(sort(ed|s)?|ascending|descending|alphabetical(ly)?|lexicographic(al(ly)?)?)\b",
                         re.IGNORECASE)
_KEY_KINDS = frozenset({"drop_key", "rename_key", "renamed_field"})
# kinds that change what a key holds, or the key itself (not a record added or moved)
_FIELD_KINDS = frozenset({"number_far", "number_sign", "number_nan", "number_near", "string_change", "type_change",
                          "bool_flip", "drop_key", "rename_key"})
# ("must be in queue order", "are listed in insertion order": a named order the output is in; never "in any
# order", "in no particular order", "in an arbitrary order", nor an algorithm hint: "using its readings
# in timestamp order", blind p19)
# ("comma-separated, ordered from the switch end toward the bumper", "ordered starting with the car coupled to
# the engine": an order named by its ends; blind p101)
_ORDER_STATED = re.compile(r"\b(sorted|ascending|descending|in\s+(the\s+)?order|ordered\s+by|chronological(ly)?|"
                           r"in\s+the\s+same\s+order\s+as|"
                           # ("array of container ids from the ground tier upwards"; blind p237)
                           r"from\s+the\s+(?:[\w-]+\s+){0,2}?(?:upwards?|downwards?)|(?:bottom|top)[- ]to[- ](?:top|bottom)|"
                           r"ordered\s+(?:from|starting\s+(?:with|from|at))\s+the\b|"
                           r"(?:be|is|are|stays?|remains?|listed|written|appears?|kept|comes?|printed|emitted)\s+"
                           r"(?:[*_]+\s*)?in\s+(?!(?:any|no|an?|arbitrary|random|whatever|some|either|whichever|every)\b)"
                           r"(?:[\w-]+\s+){1,2}order|head[- ]first|"
                           r"ranked|by\s+rank|(?:oldest|newest|earliest|latest|fewest|most|largest|smallest|highest|lowest|"
                           r"shortest|longest|cheapest|biggest)[\s-]+first|"
                           # ("Order the options by number of pieces, fewest first"; blind p241)
                           r"(?<![\w-])order\s+(?:the|them|these|those|each|all|your)\s+(?:[\w-]+\s+){0,2}?by\b|"
                           # ("one row per club, in ranking order", "so the row order matters": blind p42; never
                           # "columns ... in that order", "replay them in timestamp order", "no line order is checked")
                           # ("one row per team in `teams.csv`, in table order"; blind p214)
                           r"one\s+(?:row|line|record|entry|object)\s+per\s+[\w-]+(?:\s+(?:in|of|from)\s+`[^`\n]{1,60}`)?"
                           r"\s*,?\s+in\s+(?!(?:any|no|an?|"
                           r"arbitrary|random|whatever|some|either|whichever|every|the|this|that|same|its|their|"
                           r"unspecified|nondeterministic|undefined|unknown)\b)[\w-]+\s+order|"
                           r"(?<!\bno\s)(?:row|line|record|entry)\s+order\s+(?:matters|counts|is\s+(?:checked|"
                           r"graded|significant|important))|"
                           r"(in|by)\s+(increasing|decreasing|alphabetical|lexicographic(al)?|numeric(al)?|reverse))\b",
                           re.IGNORECASE)
# What still states an order once a sentence's order-freedom words are taken out ("Rows sorted by `id`;
# columns in any order", "... but the lines follow the order of `crew.json`"): a sort the sentence asks
# of the output, not one the grader does itself.
_ORDER_KEPT = re.compile(r"\b(sorted|ordered)\s+by\b|\bin\s+(the\s+)?order\s+(of|given|they|in)\b|"
                         r"\b(in|by)\s+(increasing|decreasing|ascending|descending|alphabetical|chronological)\b|"
                         r"\b(follow|keep|preserve|respect|retain)(s|ing)?\s+the\s+order\s+of\b|"
                         r"\bin\s+the\s+same\s+order\s+as\b",
                         re.IGNORECASE)
_BY_GRADER = re.compile(r"\b(grader|checker|compar\w*)\b", re.IGNORECASE)
# "two lines that differ only in the order of names are the same roster": an order named as what does
# not make a difference, not one the output must follow.
_ONLY_ORDER_DIFFERS = re.compile(r"\b(differ\w*|vary|varies|varying)\s+(only\s+)?in\s+(the\s+|their\s+|its\s+)?"
                                 r"order(ing)?\b", re.IGNORECASE)
# An order word states the output's order only in a sentence that names the output: a quoted field,
# a file name, or a word for its records ("Sort the rows by ..."). "Enumerate subsets ordered by
# popcount" (an algorithm hint) and "apply the rules to every input row, in order" do not.
_NAMES_OUTPUT = re.compile(r"\b(outputs?|results?|rows?|records?|entries|entry|lines?|arrays?|lists?|file)\b|"
                           r"\w\.(jsonl|json|csv|tsv|txt|ya?ml)\b", re.IGNORECASE)
_INPUT = re.compile(r"\binput\b", re.IGNORECASE)
_OUTPUT = re.compile(r"\boutputs?\b", re.IGNORECASE)
_NOT = r"(does\s+not|doesn'?t|do\s+not|don'?t|is\s+not|isn'?t|are\s+not|aren'?t|need\s+not|will\s+not|won'?t)"
_NEUTRAL = r"(matters?|counts?|important|significant|relevant|checked|graded|enforced|required)"
# Words that say the output's order is free: "the order of the rows does not matter", "any order",
# "order is irrelevant", "neither the order of the sets nor the order of the names matters", "rows need
# not be sorted", "irrespective of order", "no order is required". (What "of" names starts with no space:
# else the spaces after "of" split among three repeats, cubic in a run of them.)
# (a discretion the sentence goes on to take back: "... at the Authority's discretion and is fixed by Annex B; the
# Supplier shall list lines in that order"; review)
_NOT_FIXED = r"(?![^.]{0,160}\b(?:fixed|follow\w*|given\s+(?:in|by)|in\s+that\s+order|as\s+listed)\b)"
_UNORDER_WORDS = (r"\border(ing)?\s+((?:of|within|inside)\s+[\w`'\x22.,/\[\]-][\w\s`'\x22.,/\[\]-]{0,59}?\s+)?" + _NOT + r"\s+(be\s+)?" + _NEUTRAL + r"|"
                  r"\b(any|whatever|arbitrary)\s+((line|row|record|entry|item|output|result)s?\s+)?order\b|"
                  # ("The lines may stand in what order soever ye please"; blind p386's charter)
                  r"\bin\s+what\s+order\s+(?:so)?ever\b|\bin\s+whatsoever\s+order\b|"
                  # ("Row order in the file does not matter", "the order in the output is irrelevant": order in
                  # the answer's file; not "Key order in the JSON objects", nor "the order in which you process
                  # them"; blind p117, review)
                  r"(?<!\bkey\s)(?<!\bkeys\s)(?<!\bcolumn\s)(?<!\bcolumns\s)(?<!\bfield\s)(?<!\bfields\s)"
                  r"(?<!\battribute\s)(?<!\bproperty\s)\border(ing)?\s+in\s+(?:the\s+|your\s+|this\s+)?(?:output\s+)?"
                  r"(?:file|output|report|csv|tsv|jsonl?|listing|results?)\s+(?:" + _NOT + r"\s+(be\s+)?" + _NEUTRAL
                  + r"|(?:is|are)\s+(?:irrelevant|immaterial|ignored|arbitrary|free|up\s+to\s+you))\b|"
                  # ("Row order is entirely up to you"; blind p370)
                  r"\b(line|row|record|entry|item|output|result)s?\s+order\s+(is\s+)?(?:(?:entirely|completely|wholly|"
                  r"totally|fully|quite)\s+)?(free|optional|open|arbitrary|irrelevant|up\s+to\s+you|your\s+(?:choice|call)|"
                  r"does\s*n[o']?t\s+matter)\b|"
                  # (one of the parts a list frees: "Row order, column order and any extra columns you choose to add
                  # are ignored"; blind p213. No verb between: not "Row order is checked, extra columns are ignored")
                  r"\b(?:line|row|record|entry)s?\s+order\b(?:(?!\b(?:is|are|must|should|shall|will|be|not|but|as|"
                  r"whereas|while|matters?|counts?|follows?|keeps?|kept|preserved?|sorted|ordered|checked|graded|stays?|"
                  r"remains?|fixed|required|same)\b)[^.;!?:]){1,120}?\b(?:are|will\s+be)\s+(?:all\s+)?(?:ignored|"
                  r"irrelevant|not\s+(?:checked|graded|marked|scored))\b|"
                  # (a note's shorthand: "line order n/a", "row order: any", "line order - don't care"; blind p210)
                  r"\b(line|row|record|entry|item|output|result)s?\s+order\s*(?:[:=\u2013\u2014-]\s*|\s)(?:n/a|any|"
                  r"whatever|ignored|not\s+checked|do\s*n['\u2019]?t\s+care)(?=[^\S\n]*(?:[,.;)]|$))|"
                  # ("Freedom you have: the order of rows inside every table; ..."; blind p154)
                  # (not "No freedom: ...", "Freedom you do not have: ..."; review)
                  r"(?<!\bno\s)\bfreedoms?\b(?![^.:;\n]{0,30}\b(?:not|no|never)\b)[^.:;\n]{0,30}:\s*(?:the\s+)?order\s+of\s+"
                  r"(?:the\s+)?(?:rows|lines|records|entries)\b(?![^.;\n]{0,40}\b(?:must|fixed|follow)\b)|"
                  # ("Row order inside tables is up to you", "row order within each table is free"; blind p165)
                  r"\b(?:line|row|record|entry|item)s?\s+order\s+(?:inside|within|in)\s+(?:the\s+|an?\s+|each\s+|every\s+|all\s+|"
                  r"your\s+)?(?:tables?|sections?|lists?|files?|reports?)\s+(?:is|are)\s+(?:free|up\s+to\s+you|"
                  r"your\s+(?:choice|call)|irrelevant|arbitrary|ignored|not\s+(?:checked|graded))\b|"
                  r"\bin\s+(any|an?\s+arbitrary|arbitrary)\s+(order|sequence)\b|"
                  # ("Rows SHOULD be sorted by partition name; it makes the committee's diff easier, but it is not
                  # checked": an order asked for and then freed; blind p200)
                  # (the records' order, and unchecked as said, no more: not "..., but this is not checked by the public
                  # verify.py", nor "The header is sorted alphabetically too, but it is not checked"; review)
                  r"\b(?:rows?|lines?|records?|entries|items|results?|objects?)\b[^.!?;]{0,40}?\b(?:sorted|ordered)\b"
                  r"(?:(?!\b(?:sorted|ordered|and|while|whereas)\b)[^.!?]){0,120}?\b(?:but|though|although|yet)\s+"
                  r"(?:it|this|that|the\s+order)\s+(?:is|will\s+be)\s*"
                  r"(?:n['\u2019]t|not)\s+(?:checked|graded|enforced|verified|marked|scored)(?=\s*(?:[.;)]|$))|"
                  r"\b(?:rows?|lines?|records?|entries|items|results?|objects?)\b[^.!?;]{0,40}?\b(?:sorted|ordered)\b"
                  r"[^.!?()]{0,120}?\(\s*(?:it\s+is\s+|this\s+is\s+)?not\s+(?:checked|graded|enforced|verified|marked|"
                  r"scored)\s*\)|"
                  # (an array of tables named in the subject too: "The order of lots and of `[[orders]]` entries is free";
                  # blind p294)
                  r"\border(ing)?\s+(of\s+(?:[\w`'\x22./-]|\[\[[\w.-]+\]\])(?:[\w\s`'\x22./-]|\[\[[\w.-]+\]\]){0,59}?\s+)?"
                  r"(is|are)\s+(irrelevant|immaterial|ignored|"
                  r"arbitrary|unimportant|insignificant|not\s+significant|free|up\s+to\s+you|your\s+(choice|call)|"
                  r"not\s+fixed|of\s+no\s+(importance|consequence|significance))\b|"
                  # ("The order of the lines is at the Contractor's discretion"; blind p266. The order of the records,
                  # not "whether to split an order is at the buyer's discretion"; review)
                  r"\border(?:ing)?\s+of\s+(?:the\s+)?(?:lines|rows|records|entries|items|results)\b[^.;:\n]{0,60}?\s(?:is|are)\s+"
                  r"(?:at|left\s+to)\s+(?:the\s+|your\s+)?(?:[\w-]+['\u2019]s?\s+)?(?:own\s+)?discretion\b" + _NOT_FIXED + r"|"
                  # ("Line order is at the Supplier's discretion"; blind p293)
                  r"\b(?:line|row|record|entry|item|result)s?\s+order\s+(?:is|are)\s+(?:at|left\s+to)\s+(?:the\s+|your\s+)?"
                  r"(?:[\w-]+['\u2019]s?\s+)?(?:own\s+)?discretion\b" + _NOT_FIXED + r"|"
                  r"\bneither\s+(the\s+)?order(ing)?\b[^.!?;]{0,120}?\bnor\b[^.!?;]{0,120}?\b(matters?|counts?|is\s+"
                  + _NEUTRAL + r")\b|"
                  r"\bneither\b[^.!?;]{0,120}?\bnor\s+(the\s+)?order(ing)?\b[^.!?;]{0,120}?\b(matters?|counts?|is\s+"
                  + _NEUTRAL + r")\b|"
                  r"\b(need\s+not|do(es)?\s+not\s+(need|have)\s+to|do(es)?n'?t\s+(need|have)\s+to|not\s+necessarily)\s+"
                  r"be\s+(sorted|ordered)\b|"
                  # ("Don't bother sorting, Priya's import sorts anyway": a reply relaxing the thread's "sorted by";
                  # blind p338. Not "don't bother sorting the input first")
                  r"(?:\bdo\s*n['\u2019]?t\s+(?:bother\s+(?:with\s+)?|need\s+to\s+)|\bdo\s+not\s+(?:bother\s+(?:with\s+)?|need\s+to\s+)|"
                  r"\bno\s+need\s+to\s+)sort(?:ing)?"
                  r"(?:\s+(?:them|it|the\s+(?:rows|lines|records|entries|output|file|register|answer|results)))?"
                  r"(?=\s*(?:[.,;:!)\u2014-]|$))(?![^.\n]{0,120}\b(?:order|sorted|ascending|descending)\b)|"
                  r"\bno\s+(particular\s+|specific\s+)?order(ing)?\s+(is|will\s+be)\s+(required|imposed|expected|"
                  r"enforced|checked)|"
                  r"unordered|(regardless|irrespective)\s+of\s+(the\s+|their\s+|its\s+)?order|"
                  # ("Element order, attribute order, indentation and the XML declaration are up to you": blind p54)
                  # ("Row order and any extra columns (hospital, notes, ...) are up to you": the sentence's subject,
                  # blind p137; not "Keep the input's line order and everything else is up to you"; review)
                  r"^\W*(?:the\s+)?(?:row|line|record|entry|item)s?\s+order\s+and\b"
                  r"(?:(?!\b(?:is|are|must|but|while|though|whereas|kept|checked)\b)(?:\([^()\n]{0,80}\)|[^.!?;:\n])){0,100}?"
                  r"\s(?:is|are)\s+(?:all\s+)?(?:up\s+to\s+you|free|your\s+(?:choice|call))\b|"
                  r"\b(element|section|table|row|line|record|entry|item|group|block)s?\s+order\s*,"
                  r"(?:(?!\b(?:is|are|must|but|while|though|whereas|kept|checked)\b)[^.!?;:\n]){0,100}?\s(is|are)\s+"
                  r"(all\s+)?(up\s+to\s+you|free|your\s+(choice|call)|"
                  r"irrelevant|ignored|arbitrary)\b|"
                  # ("The order of patients, orders and ignored events, attribute order, ... are all up to you": p60)
                  # (not "The order of columns, the delimiter and quoting": keys' order frees no record's)
                  r"\border(ing)?\s+of\s+(?!(?:the\s+)?`?(?:keys?|columns?|fields?|attributes?|properties|headers?|"
                  r"headings?|cells?)\b)[\w`'\x22./-](?:(?!\b(?:is|are|must|but|while|though|whereas|kept|checked)\b)"
                  r"[^.!?;:\n]){0,120}?,(?:(?!\b(?:is|are|must|but|while|though|whereas|kept|checked)\b)[^.!?;:\n]){0,120}?"
                  r"\s(is|are)\s+(all\s+)?(up\s+to\s+you|free|your\s+(choice|call)|irrelevant|ignored|arbitrary)\b|"
                  # ("LINE ORDER: FREE.", "Row order - any"; blind p305)
                  r"\b(?:row|line|record|entry|item)s?\s+order\s*(?::|=|-|\u2014)\s*(?:free|any|arbitrary|irrelevant|"
                  r"not\s+(?:checked|evaluated|significant|graded))\b|"
                  # ("Rows SHOULD be in alphabetical order of branch; row order is not checked"; blind p349)
                  r"\b(?:row|line|record|entry|item)s?\s+order\s+(?:is|are|will\s+be)\s+not\s+(?:checked|evaluated|significant|"
                  r"graded|marked|enforced|scored)\b(?!\s+(?:for|of|in|among|within|between)\b)|"
                  # ("Free choices: row order (we sort before comparing; ...)": blind p144)
                  # ("Order the rows however you like"; blind p142; "order the rows and add extra columns however you
                  # like", p303)
                  r"\border\s+(?:the|your)\s+(?:rows|lines|records|entries|items)\s+(?:and\s+(?:add|include|name|put)\s+"
                  r"[^.;:\n]{0,60}?\s+)?(?:however|any\s+way|in\s+any\s+way)\s+you\s+(?:like|want|wish|prefer|choose)\b|"
                  # (not "row order among teams with equal points": the order of ties; review)
                  r"\bfree\s+(?:choices?|to\s+choose)\s*:\s*(?:the\s+)?(?:row|line|record|entry|item)s?\s+order\b"
                  r"(?!\s+(?:among|within|between|inside|for|of)\b)|"
                  r"without\s+regard\s+to\s+(the\s+)?order|order-(insensitive|independent|agnostic)|"
                  # ("The grader does not mind row order, extra columns ...", "is forgiving about presentation: row
                  # order, column order, ...", "Don't worry about: Row order, ..."; blind p160, p162)
                  r"(?:" + LENIENT + r"|\bignores\b):?(?:\s+[\w-]+:?){0,2}?\s+(?:the\s+)?(?:row|line|record|entry|item)s?\s+"
                  r"order\b(?!\s+(?:among|within|between|inside|for|of|in\s+(?:the\s+|its\s+)?(?:input|source|given|"
                  r"upstream|raw|original|log|data|export)|there)\b)|"
                  r"(sorted|compared)\s+as\s+a\s+set|"
                  # ("I really don't care what order the lines are in", "we don't mind about the order of the rows";
                  # blind p268's P.S.; not "... what order the rewards are listed in within a line")
                  r"\b(?:do\s*n['\u2019]?t|do\s+not|does\s*n['\u2019]?t|does\s+not|never)\s+(?:really\s+|much\s+|at\s+all\s+)?"
                  r"(?:care|mind)\s+(?:about\s+|at\s+all\s+)?(?:what|which|the)\s+order\s+(?:of\s+)?(?:the\s+|your\s+)?"
                  r"(?:lines|rows|records|entries|items|results)\b(?!\s+(?:\w+\s+){0,3}(?:within|inside)\b)"
                  # (the answer's: not "the rows in the input", "the rows of `ledger.csv`", "they arrive shuffled"; review)
                  r"(?![^.;\n]{0,40}?\b(?:input|source|given|arrive|export|upstream)\b|\s+(?:of|in|from)\s+`)")
_UNORDERED = re.compile(_UNORDER_WORDS, re.IGNORECASE)
_SHORT_OK = re.compile(r"\bup\s+to\s+(?:\d+|two|three|four|five|six|ten)\b(?!\s+(?:decimals?|places?|digits?|d\.?p|"
                       r"significant|characters?|chars?|%|percent))|\bneed\s+not\s+(?:list|include|give|name|"
                       r"report)\b[^.;]{0,30}\ball\b|\bnot\s+necessarily\s+all\b|\bfewer\b[^.;]{0,40}\b(?:is|are)\s+"
                       r"(?:fine|ok|okay|allowed|accepted)\b", re.IGNORECASE)
# ("`witnesses` lists at least one line id": the list's items; not "the lines that carry at least one token")
_AT_LEAST_ONE = re.compile(r"\b(?:lists?|holds?|contains?|gives?|has|names?|with)\s+at\s+least\s+one\b", re.IGNORECASE)
_RECORD_WORDS = re.compile(r"\b(?:rows?|lines?|sections?|records?|entries|tables?|files?|objects?)\b", re.IGNORECASE)
# "in no particular order" mostly describes given data ("The rows are in no particular order"): it frees
# the output's order only in a sentence addressed to the author of the output ("List them in no
# particular order", "your rows may come in no particular order").
_NO_PARTICULAR = re.compile(r"\bin\s+no\s+(particular|specific|set)\s+order\b", re.IGNORECASE)
_TO_THE_AUTHOR = re.compile(r"^[\s*>|-]*(write|list|output|emit|print|return|report|give|save|put)\b|"
                            r"\b(you|your|outputs?|answers?)\b", re.IGNORECASE)
# A list the grader treats as a set: a repeated member means the same answer.
_LINE_SET_WORDS = (r"\bthe\s+set\s+of\s+(?P<held>[\w-]+)\s+(?:on|in|of)\s+(?:that|each|every|the|a|its)\s+(?:line|row|record|"
                   r"entry|list|object)\b[^.!?;]{0,40}?\b(?:equals?|matches|is\s+(?:compared|checked))\b")
_LINE_SET = re.compile(_LINE_SET_WORDS, re.IGNORECASE)  # (the one list a line holds, named by what it holds)
_SET_LIKE = re.compile(r"normali[sz](ed|es|e)\b|\bas\s+an?\s+(unordered\s+)?set\b|\bdeduplicat|\bde-?duped\b|"
                       r"\bduplicates?\s+(are|is|will\s+be)\s+(ignored|removed|collapsed|dropped)|"
                       # ("Repeating the same (incident, rule) pair is harmless — we collapse duplicates"; blind p146)
                       r"\b(?:we|the\s+grader|grader)\s+(?:collapses?|ignores?|removes?|drops?|merges?)\s+(?:any\s+|the\s+)?"
                       r"duplicates?\b|\b(?:repeat\w*|duplicat\w*)\b[^.!?]{0,80}?\b(?:is|are)\s+harmless\b|"
                       # ("the set of codes on that line equals the set of rules it breaks": a list read as its set;
                       # blind p197)
                       + _LINE_SET_WORDS + "|"
                       # ("the rows for the same issue are merged before I compare"; blind p168)
                       r"\b(?:rows?|lines?|records?|entries)\b[^.!?;]{0,60}?\b(?:are|is|get|will\s+be)\s+merged\b",
                       re.IGNORECASE)
# ("... and listing the same finding twice are all fine", "the grader does not mind duplicates"; blind p160): only
# in a sentence that refuses no repeat and is not about another program or the input ("The upstream tool does not
# mind duplicates, but the grader does: listing an id twice fails"; review)
_SET_LENIENT = re.compile(
    r"\b(?:twice|more\s+than\s+once|duplicat\w*|repeat\w*)\b(?:(?!\bbut\b)[^.!?;]){0,60}?\b(?:is|are)\s+"
    r"(?:all\s+)?(?:fine|ok|okay|allowed|acceptable|harmless|ignored)\b|"
    r"(?:" + LENIENT + r")(?:(?!\bbut\b)[^.!?;]){0,200}?\b(?:twice|more\s+than\s+once|duplicat\w*|repeat\w*)\b|"
    # (the repeat first: "if you happen to write the same finding twice we won't hold it against you"; blind p321)
    # (right after it, nothing said of the repeat between: not "A repeated finding costs you points, and we won't hold
    # it against you if the order differs"; review)
    r"\b(?:twice|more\s+than\s+once)\b[^\S\n]*,?[^\S\n]*(?:(?:we|I|the\s+grader)[^\S\n]+)?(?:" + LENIENT + ")",
    re.IGNORECASE)
_NOT_THE_GRADERS = re.compile(r"\b(?:fails?|failing|errors?|reject\w*|wrong|penali[sz]\w*|not\s+allowed|inputs?|"
                              r"upstream|source|importer|tool|library|there)\b", re.IGNORECASE)
# Copies allowed as long as they agree: "If you write the two summary lines more than once, every copy has
# to agree" (a repeated line or record says the same thing again).
# A pass quota: "the batch passes when at least 18 of the 20 orbits meet the tolerance", "17 out of 20
# correct or more is a pass": that many records may be wrong in an answer that passes.
_QUOTA = re.compile(r"\bat\s+least\s+(\d+)\s+(?:out\s+)?of\s+(?:the\s+|all\s+|its\s+)?(\d+)\b|"
                    r"\b(\d+)\s+(?:out\s+)?of\s+(?:the\s+|all\s+)?(\d+)\b[^.!?]{0,60}?\bor\s+(?:more|better)\b",
                    re.IGNORECASE)
_QUOTA_PASS = re.compile(r"\bpass(es|ed)?\b|\baccept(s|ed)?\b|\bsucceed\w*|\bcounts?\s+as\b", re.IGNORECASE)
# "Comments are fine", "you may add comments", "comment lines are ignored", "a shebang is optional".
_COMMENTS_OK = re.compile(r"\b(comments?|comment\s+lines?|shebang|(xml\s+)?declaration|doctype)\b[^.!?]{0,100}?"
                          r"\b(fine|ok|okay|allowed|permitted|welcome|ignored|optional|up\s+to\s+you|skipped|"
                          r"not\s+(graded|checked|read|parsed))\b|\b(may|can|could)\s+(also\s+)?(add|include|contain|have|"
                          r"hold|use|put|write|keep|leave|start\s+with)\b[^.!?]{0,60}?\b(comments?|shebang|declaration)\b",
                          re.IGNORECASE)
_COMMENTS_REFUSED = re.compile(r"\b(no|without)\s+comments?\b|\bcomments?\s+(are|is)\s+not\s+(allowed|"
                               r"permitted)\b|\b(must|should)\s+not\b|\bforbidden\b", re.IGNORECASE)
_REFUSE_COPIES = re.compile(r"\b(exactly\s+once|only\s+once|no\s+duplicates?|not?\s+(be\s+)?(repeat|duplicat)\w*|"
                            r"must\s+not|never)\b", re.IGNORECASE)
# "each host listed exactly once": some lines may not be repeated, so copies that agree say nothing of them
_ONCE = re.compile(r"\b(exactly|only)\s+once\b|\bno\s+duplicates?\b|\bnot?\s+(be\s+)?(repeat|duplicat)\w*",
                   re.IGNORECASE)
_COPIES_AGREE = re.compile(r"\b(more\s+than\s+once|twice|several\s+times|repeat\w*|again)\b[^.!?]{0,80}?"
                           r"\b(agree|consistent|identical|the\s+same|match)\b", re.IGNORECASE)
# Fields the grader does not take from the artifact: their value is free, whatever the mutant does.
_FREE_WORDS = (r"informational|informative|(?:\bnot|n['\u2019]t|\bnever)\s+(?:be\s+)?(?:graded|checked|scored)\b|"
               r"(?:\bnot|n['\u2019]t)\s+part\s+of\s+the\s+(grade|score|check)|"
               # ("the Note column ... is yours — we read it, the grader doesn't"; blind p324)
               + GRADER_DOES_NOT)
_FREE = re.compile(_FREE_WORDS, re.IGNORECASE)
_BACK_REFERENCE = re.compile(r"\s*(?:these|those|both|the\s+two)\b", re.IGNORECASE)
# ("checked for presence and type only", "only checked for presence": the value is the answer's own; blind p229)
_PRESENCE_ONLY = re.compile(r"\b(?:checked|validated|graded)\s+(?:only\s+)?for\s+(?:their\s+|its\s+)?(?:presence|"
                            r"existence|type)(?:\s+(?:and|&)\s+(?:presence|type|format))?\s+only\b|\bonly\s+(?:checked|"
                            r"validated)\s+for\s+(?:their\s+|its\s+)?(?:presence|existence|type)\b", re.IGNORECASE)


def _presence_only(sentence: str, last: str) -> list[str]:
    """The keys a clause says are checked for presence and type only ("`name` and `iterations` are checked for presence
    and type only"), or, where it names none and opens "These two ...", the keys of the sentence before; never a clause
    about the public verifier ("verify.py checks that `total` is checked for presence only; the grader compares it";
    review)."""
    found: list[str] = []
    for clause in re.split(r";", sentence):
        if not _PRESENCE_ONLY.search(clause) or re.search(r"\bverif", clause, re.IGNORECASE):
            continue
        found += _FIELD.findall(clause) or (_FIELD.findall(last) if _BACK_REFERENCE.match(clause) else [])
    return found
# "`notes` is free-form", "| `notes` | free-form text ... |": that one field's value is free (not every
# field the sentence names, as _FREE_WORDS would free).
# ("`event` is a short description in your own words": its wording is the answer's own; blind p46)
_FREE_FORM = re.compile(r"[`\"']([A-Za-z_][\w.-]{0,60})[`\"']\s*(?:\||:|\bis\b|\bare\b)\s*(?:an?\s+)?"
                        r"(?:optional\s*(?:,|and)?\s*)?(?:free[- ]?(?:form|text)\b|"
                        r"[^.;`]{0,60}?\bin\s+your\s+own\s+words\b)", re.IGNORECASE)
# "re-evaluated by the grader", "the grader re-evaluates it", "the grader recomputes `total`",
# "the grader ignores `note`": any word order, the grader named in the same sentence, and only the
# field the verb is about; "NOT recomputed from ..." (a definition) does not count.
_GRADER = re.compile(r"\bgrader\b", re.IGNORECASE)
_Q = r"[`\"']([A-Za-z_][\w.-]{0,60})[`\"']"
_OWN_OBJECT = re.compile(r"(?<!not\s)\b(?:re-?(?:evaluat|comput|calculat)\w*|ignores|computes)\s+(?:the\s+|your\s+)?"
                         + _Q, re.IGNORECASE)
_OWN_SUBJECT = re.compile(_Q + r"\s+(?:field\s+|value\s+)?(?:is|are|will\s+be|gets)\s+(?:re-?(?:evaluated|computed|"
                          r"calculated)|ignored)\s+by\s+the\s+grader", re.IGNORECASE)
_LEAD_FIELD = re.compile(r"^[\s*>|-]*" + _Q)
# "`debug` is ignored", "Any `note` key is ignored": the field is the sentence's subject.
_FIELD_IGNORED = re.compile(r"^[\s*>|-]*(?:(?:any|the|an?)\s+)?[`\"']([A-Za-z_][\w.-]{0,60})[`\"']\s+"
                            r"(?:field\s+|key\s+|column\s+)?(?:is|are)\s+(?:always\s+)?ignored\b", re.IGNORECASE)
# ("a third "units" or "note" column is fine, it's ignored"; blind p371): the columns a sentence allows and then ignores
_ALLOWED_IGNORED = re.compile(r"((?:[`\"'][A-Za-z_][\w.-]{0,60}[`\"'](?:\s*,\s*|\s+or\s+|\s+and\s+)?)+)\s*(?:columns?|fields?|"
                              r"keys?)\s+(?:is|are)\s+(?:fine|allowed|ok|okay|welcome|permitted|optional)\b[,;]?\s*(?:it['\u2019]s|"
                              r"it\s+is|they['\u2019]re|they\s+are|(?:and|but)\s+(?:is|are))\s+(?:always\s+)?ignored\b",
                              re.IGNORECASE)
_OPTIONAL_WORDS = (r"optional|may\s+be\s+omitted|can\s+be\s+omitted|for\s+humans|human-readable|free[- ]?(form|text)|"
                   # ("...; leave it out if you like"; blind p370)
                   r"\bleave\s+(?:it|them)\s+out\s+if\s+you\s+(?:like|want|wish|prefer)\b|"
                   + _FREE_WORDS)
# a sentence whose subject is the one field the sentence before names ("A top-level `notes` string with anything you
# think procurement should know. It is read by a human and never scored"; blind p370)
# (how it is checked after all: "It is not checked against the supplier's invoice, only against our own recomputation")
_IT_CHECKED = re.compile(r"\b(?:only|must|exact(?:ly)?|match\w*|against|compared|to\s+the\s+(?:cent|penny|unit))\b", re.IGNORECASE)
_IT_SUBJECT = re.compile(r"[\s*>-]*(?:it|this|that)(?:\s+(?:field|key|column|string|value|entry|one))?\s*(?:\s(?:is|will|"
                         r"can|may|gets?)|['\u2019]s)\b", re.IGNORECASE)
# ("`line` and `reason` are required ...; `event` and `sample` are recommended": asked for, not required; blind p249.
# Only of keys that are the clause's subject: not "the recommended dose", an adjective of the domain's, nor "Rounding
# `score` to two decimals is recommended", of how to write a key; review)
_RECOMMENDED = re.compile(r"[\s*>|-]*(?:(?:the|an?|any)\s+)?((?:[`\"'][A-Za-z_][\w.-]{0,60}[`\"'](?:\s+(?:fields?|keys?|columns?))?"
                          r"(?:\s*,\s*|\s*,?\s+(?:and|or)\s+)?)+)\s*(?:is|are)\s+(?:merely\s+|only\s+|just\s+|strongly\s+)?"
                          r"(?:recommended|suggested|encouraged)\b(?!\s+(?:to|for)\b)", re.IGNORECASE)
_OPTIONAL = re.compile(_OPTIONAL_WORDS, re.IGNORECASE)
# "(a leading `+` is optional)", "a trailing zero is optional", "the `%` sign is optional": how a value may be written,
# said inside the sentence that names the fields, frees none of them (blind p348: `Submitted`, `Recomputed` and
# `Difference` of "...; `Difference`: a signed integer such as `-7` (a leading `+` is optional)" read as optional)
# (its own clause or aside only: "The `notes` field and the currency symbol are optional" keeps `notes` optional; review)
_FORM_OPTIONAL = re.compile(
    r"(?:(?<=\()|(?<=\(\s)|(?<=[;:,.!?]\s)|(?<=[;:,.!?]\s\s)|^)\s*(?:\b(?:an?|the|any)\s+)?(?:\b(?:leading|trailing|explicit|plus|positive)\s+(?:`[^`\w\s]{1,3}`|[^.;,()`\n]){0,30}?|"
    r"(?:`[^`\w\s]{1,3}`|[^.;,()`\n]){0,20}?\b(?:signs?|prefix(?:es)?|suffix(?:es)?|symbols?|separators?|zeros?|zeroes|"
    r"decimal\s+points?|"
    r"units?|spaces?|padding|quotes?|quotation\s+marks?))\s+(?:is|are)\s+(?:also\s+)?optional\b", re.IGNORECASE)
# (said of fields: "required", "mandatory"; not a "must" of an optional field's own form, "if present, must be
# a string")
_ONLY_FOR = re.compile(r"[`\"']([A-Za-z_][\w.-]{0,60})[`\"']\s+(?:is|are)\s+only\s+(?:looked\s+at|checked|compared|graded|"
                       r"read|used|marked)\s+(?:for|when|if|where|on|in)\b", re.IGNORECASE)
_REQUIRED = re.compile(r"\brequired\b|\bmandatory\b|\bmust\s+(?:always\s+)?(?:be\s+present|appear|exist)\b",
                       re.IGNORECASE)
_CLAUSE_SPLIT = re.compile(r";|,\s*|\s+(?:and|but|while|whereas)\s+|\.\s+")
_FIELD = re.compile(r"[`\"']([A-Za-z_][\w.-]{0,60})[`\"']")
_ROW_FIELD = re.compile(r"\s*\|\s*(?:\*\*)?[`\"']([A-Za-z_][\w.-]{0,60})[`\"'](?:\*\*)?\s*\|")
_NAMES_ONLY = re.compile(r"[\s,]*(?:(?:the\s+)?[`\"'][A-Za-z_][\w.-]{0,60}[`\"'][\s,]*)+")


# "Extra plans are ignored", "extra lines you list are not penalised", "false positives are not penalised": records
# beyond the right ones pass; not extra columns, keys, fields, text, spaces, digits or blank lines (parts of a record)
_EXTRA_RECORDS = re.compile(
    r"\b(?:extra|additional|surplus|spurious|unexpected|superfluous)\s+(?!(?:\w+\s+)?(?:columns?|keys?|fields?|"
    r"attributes?|properties|text|spaces?|whitespace|digits?|decimals?|places|precision|zeros?|blank|empty|comments?|"
    r"notes?|headings?|headers?|words?|characters?|chars?|information|info|details?)\b)[`\[\]\w-]+(?:\s+[`\[\]\w-]+)?"
    r"[^.;:!?]{0,40}?\b(?:is|are|will\s+be|get)\s+(?:simply\s+|just\s+|silently\s+)?(?:ignored|not\s+(?:penali[sz]ed|"
    r"counted|checked|graded|held\s+against\s+you))\b|"
    r"\bfalse\s+positives?\s+(?:are|is|will\s+be)\s+(?:not\s+penali[sz]ed|ignored|not\s+counted)\b",
    re.IGNORECASE)


def _subject_clauses(sentence: str) -> list[str]:
    """The sentence's clauses (_CLAUSE_SPLIT), the names that open a part of it (up to a `;` or a full stop) joined to
    the clause they are the subject of: "`event` and `sample` are recommended" is one clause of both names (blind
    p249), not "`event`" and "... are recommended"; the names a list of required keys goes on with ("Required keys:
    `id`, `name`, `score`; `note` and `tags` are optional") stay their own (review)."""
    out: list[str] = []
    for part in re.split(r";|\.\s+", sentence):
        clauses = _CLAUSE_SPLIT.split(part)
        lead = 0
        while lead < len(clauses) - 1 and _NAMES_ONLY.fullmatch(clauses[lead]):
            lead += 1
        out += [" ".join(clauses[:lead + 1]), *clauses[lead + 1:]] if lead else clauses
    return out
# "All fields must be finite numbers", "`f` must be a number": a type the grader may not compute away.
_TYPED = re.compile(r"\b(must|should|shall)\s+(all\s+)?(be|are)\s+(an?\s+)?(finite\s+|non-?null\s+|valid\s+|json\s+)*"
                    r"(numbers?|numeric|integers?|floats?|strings?|booleans?|real\s+numbers?)\b", re.IGNORECASE)
_ALL_FIELDS = re.compile(r"\b(all|every|each)\s+(fields?|keys?|values?)\b", re.IGNORECASE)
_TOLERANCE = re.compile(
    r"(?:within|tolerance\s+of|tolerance:?|±|\+/-|plus\s+or\s+minus|up\s+to)" + MARKUP + NUMBER
    + MARKUP + r"(?P<pct>%|percent|per\s+cent)?", re.IGNORECASE)
_AWAY = re.compile(r"\s*[^\s\d]{0,12}\s*(?:away|off|of\s+the\s+(?:true|exact|correct|expected))\b", re.IGNORECASE)
_UP_TO_BAND = re.compile(r"\b(?:accurate|correct|precise|errors?|differ(?:s|ing)?|off|deviat(?:e|es|ion|ions)|tolerances?|"
                         r"rounding|wrong)\s+(?:by\s+)?(?:of\s+)?$", re.IGNORECASE)
# "There are usually several optimal assignments; any optimal one is fine": another answer than the
# reference may be right, so an exchange of values (swap_values) that the grader accepts may be one.
_MANY_ANSWERS = re.compile(
    # (not the input's: "Several valid requests for one ticket: only the earliest valid one counts", "Several valid
    # options exist; pick the cheapest"; blind p248, review)
    r"\b(several|many|multiple|more\s+than\s+one)\s+(\w+\s+)?(optimal|valid|correct|feasible|possible|"
    r"acceptable|equivalent)\b(?![^.]{0,100}\b(?:only\s+the\s+\w+(?:\s+\w+)?\s+(?:one\s+)?counts?|(?:pick|take|keep|use|choose)"
    r"\s+the\s+(?:first|last|earliest|latest|cheapest|lowest|highest|smallest|largest|best|one))\b)|"
    # ("Any depot within 10 km of the order is a valid choice"; review)
    r"\bany\s+(?:\w+\s+){1,8}?(?:is|are)\s+(?:an?\s+)?(?:valid|acceptable|correct|right)\s+(?:choice|answer|option|pick|"
    r"assignment|solution)s?\b|\bany\s+(\w+\s+)?(optimal|valid|correct|feasible|minimal|maximal|shortest|"
    r"cheapest|best|consistent)\s+(one|answer|solution|assignment|schedule|path|route|tour|matching|"
    r"ordering|order|plan|set|choice|colou?ring|labell?ing)s?\b|\b(not|isn'?t)\s+(necessarily\s+)?unique\b|"
    r"\bties?\s+(may|can)\s+be\s+broken\s+(in\s+)?any\b|"
    # ("Usually several pairings tie for the smallest gap; any one of them scores full marks"; blind p304)
    r"\b(?:several|many|multiple)\s+(?:\w+\s+){0,2}(?:tie|are\s+tied|draw)\s+for\s+(?:the\s+)?(?:smallest|largest|"
    r"lowest|highest|best|minimum|maximum|optimum|shortest|cheapest)\b|"
    r"\bany\s+(?:one\s+)?of\s+them\s+(?:scores?\s+full\s+marks|passes|is\s+(?:accepted|acceptable|fine|correct|valid))\b|"
    r"\bany\s+(\w+\s+){0,3}that\s+(satisf(y|ies)|meets?|fulfil+s?|obeys?|respects?|passes)\b|"
    # ("Any order is fine" frees the rows' order, not which rows: blind p50, "Each valid menu exactly once")
    # (but "any order is fine as long as each job starts after its prerequisite" is a constraint: many)
    # ("any numerical method is fine" frees how to compute, not which answer: blind p67)
    r"\bany\s+(?!(?:[\w-]+\s+){0,2}(?:method|approach|algorithm|technique|solver|language|librar(?:y|ies)|tool|"
    r"implementation|way|iteration|scheme)s?\b)"
    r"(?!(?:(?:row|line|record|key|column|sort|output)\s+)?(?:order|ordering|sequence|arrangement|spacing|"
    r"whitespace|case|casing|format|formatting)\s+(?:is|are|will\s+be)\s+\w+\b(?![^.;\n]{0,120}\b(?:as\s+long\s+as|so\s+long"
    r"\s+as|provided|if|when|unless|respect\w*|satisf\w*|obey\w*|meets?|consistent|valid)\b))(\w+\s+){1,3}"
    r"(is|are|will\s+be)\s+(acceptable|accepted|fine|correct|valid|ok)\b|"
    # ("Any allocation that is feasible and minimal is accepted — there are usually many": blind p53; a
    # longer subject only where it is an answer's noun)
    r"\bany\s+(?:answer|solution|plan|assignment|allocation|selection|schedule|route|tour|matching|packing|"
    r"partition|layout|timetable|roster|colou?ring|labell?ing|configuration|arrangement)s?\b"
    # (a sentence wrapped inside its paragraph goes on, into a line in lower case: "Any plan that\n   achieves the
    # minimum is acceptable"; p289. Not into a bullet, `• only the mapping ...`, nor a line of its own; review)
    r"(?:[^.;:\n]|\n(?=[ \t]*(?-i:[a-z(]))){0,80}?\b"
    r"(?:is|are|will\s+be)\s+(?:acceptable|accepted|fine|correct|valid|ok)\b|"
    # ("Many plans are valid: any allocation that ships exactly 150 units ... is accepted"; review)
    r"\b(?:many|several|multiple)\s+(?:[\w-]+\s+){1,2}(?:are|can\s+be|may\s+be)\s+(?:equally\s+)?(?:valid|correct|acceptable|"
    r"accepted|possible|fine|right)\b|"
    r"\bthere\s+(?:are|is|may\s+be|can\s+be|will\s+be)\s+(?:usually\s+|often\s+|typically\s+|generally\s+)?"
    r"(?:many|several|multiple)\s+(?:valid|correct|right|possible|optimal|feasible|equally\s+good)\s+"
    r"(?:answers?|solutions?|allocations?|assignments?|schedules?|plans?|orderings?|routes?|ways?)\b",
    re.IGNORECASE)
# "A line-up is any subset of them that satisfies all of these", where the prompt lists every one (an
# enumeration): a definition of what is listed, not a second right answer (blind p95). "A valid colouring is
# any assignment ... that satisfies this rule" of a prompt that asks for one stays many answers (review).
_DEFINED = re.compile(r"\b(?:is|are)\s+any\s+(?:\w+\s+){0,3}that\s+(?:satisf|meet|fulfil|obey|respect)", re.IGNORECASE)
_ENUMERATE = re.compile(r"\b(?:list|enumerate|output|print|write|report|find)\s+(?:out\s+)?(?:every|all|each)\b|"
                        r"\b(?:every|each)\s+[\w-]+\s+(?:should|must)\s+appear\s+(?:exactly\s+)?once\b|"
                        r"\ball\s+(?:valid|possible|such|the\s+valid)\s+[\w-]+s\b", re.IGNORECASE)


def _many_answers(sentence: str, text: str) -> bool:
    """The sentence says more than one answer is right (not a definition in a prompt that lists them all)."""
    found = _MANY_ANSWERS.search(sentence)
    return found is not None and not (_DEFINED.search(sentence) and _ENUMERATE.search(text))


# swap_values' description of the other fields in which the two records differ (see leaves_open)
ALSO_DIFFER = "; the records also differ in "
VAGUE_REL = 0.01  # "the grader uses a small tolerance": a change below 1% is within it
# "Your fit must achieve RMSE < 1.0", "accuracy of at least 0.9 passes": graded against a threshold.
_THRESHOLD = re.compile(r"(?:[<>]=?|≤|≥|\bat\s+(?:least|most)\b|\bbelow\b|\bunder\b|\babove\b|"
                        r"\bno\s+(?:more|less|worse)\s+than\b)\s*(?:\*+\s*)?\d", re.IGNORECASE)
_THRESHOLD_VERB = re.compile(r"\b(achieves?|reach(es)?|attains?|(passes|accepted)\s+(if|when)|to\s+pass|"
                             r"accepts\s+any)\b", re.IGNORECASE)
_DECIMALS = re.compile(r"(?:rounded|round)\s+to\s+(?P<n>\d+|one|two|three|four)\s+decimal", re.IGNORECASE)
_WORDS = {"one": 1, "two": 2, "three": 3, "four": 4}
# A general grant of keys the prompt does not list: "You may add other keys", "Additional fields are
# ignored", "keys other than these are not graded". Not one that refuses them ("extra keys are
# rejected", "do not add other fields", "no other keys"), nor one about the input files ("invoices.csv
# may have extra columns") unless it also speaks of the output.
# ("extra cols are fine (beer name etc)": a casual prompt's columns; blind p156)
_UNLISTED_NAME_WORDS = (r"\b(?:anything|any\s+line|lines|entries)\s+(?:with|under)\s+(?:a|any|another)\s+(?:other\s+)?"
                        r"name\s+(?:that\s+)?(?:(?:I|we)\s+(?:did\s*n['\u2019]?t|did\s+not|have\s*n['\u2019]?t|have\s+not)\s+"
                        r"(?:list|name|mention)(?:ed)?|not\s+(?:listed|named|mentioned)(?:\s+(?:here|above))?)\b")
_UNLISTED_NAME = re.compile(_UNLISTED_NAME_WORDS, re.IGNORECASE)
_DATA_NAMES = re.compile(r"`<[^<>`\n]{1,40}>\s*[:=]\s*<[^<>`\n]{1,40}>`")  # (a format line `<region>: <units>`)
_OTHER_KEYS = re.compile(r"\b(other|additional|extra|further|unknown|unrecogni[sz]ed|unlisted|unexpected)\s+"
                         r"(?:[\w-]+\s+){0,2}?(keys?|fields?|columns?|cols|properties|attributes|members)\b|"
                         r"\b(keys?|fields?|columns?|properties|attributes)\s+(other\s+than|besides|beyond|"
                         r"not\s+(listed|named|mentioned|described|above))\b|"
                         # ("columns titled A, B and C (you can add others, e.g. % spent)": blind p63)
                         r"\b(keys|fields|columns|properties|attributes)\b[^.;]{0,120}?\byou\s+(?:can|may|could|are\s+free\s+to)\s+"
                         r"(?:also\s+)?add\s+others\b|"
                         # ("anything with a name I didn't list gets ignored": a `name: value` file's other names;
                         # blind p271)
                         + _UNLISTED_NAME_WORDS, re.IGNORECASE)
_KEYS_EXCEPTED = re.compile(r"\b(?:other\s+than|besides|beyond|except|apart\s+from|not\s+(?:listed|named))\b", re.IGNORECASE)
# "you may add your own keys (e.g. the offered load)": other keys granted (blind p38), never a closed list's words
_OWN_KEYS = re.compile(r"\byour\s+(own)\s+(?:[\w-]+\s+){0,2}?(keys?|fields?|columns?|properties|attributes)\b",
                       re.IGNORECASE)
# "you're welcome to add columns (monthly rate, title, ...)": columns added, with no "other" (blind p95); a
# grant only beside a permission, never "Add columns `a` and `b`"
_ADD_KEYS = re.compile(r"\b(add|include)\s+(?:more\s+|some\s+|a\s+few\s+)?(columns|keys|fields|properties|attributes)\b",
                       re.IGNORECASE)
_GRANT = re.compile(r"\b(ignored|allowed|permitted|accepted|tolerated|welcome|harmless|disregarded|skipped)\b|"
                    r"\b(?:will|shall|would)\s+(?:simply\s+|just\s+)?(?:ignore|disregard|skip)\s+(?:them|these|those|it)\b|"
                    r"\bup\s+to\s+you\b|\byour\s+(own\s+)?(choice|call)\b|"
                    r"\bnot\s+(graded|checked|compared|scored|evaluated|examined|inspected|read|validated|"
                    r"considered)\b|\b(may|can)\s+(also\s+)?(be\s+)?(add(ed)?|includ(e|ed)|contain(ed)?|carr(y|ied)|"
                    r"have|present|emitted|written|put|appended|kept)\b|\b(grader|checker)\s+(ignores|skips|"
                    r"disregards)\b|\bno\s+effect\b|\bdo(es)?\s*n[o']?t\s+(matter|count|affect)\b|"
                    # ("Add any other columns you find useful (product, chiller, a note…)": blind p91)
                    r"\b(?:add|include)\s+(?:any|whatever|as\s+many)\b|"
                    # ("extra keys inside a loan section (e.g. `artwork`) are fine": blind p95)
                    r"\b(?:is|are|be)\s+(?:perfectly\s+|totally\s+|also\s+|all\s+)?(?:fine|ok|okay|acceptable)\b|"
                    # ("If you want to add extra debug keys, go ahead, we ignore keys we don't know"; blind p339)
                    r"\bwe\s+(?:just\s+|simply\s+)?(?:ignore|skip|disregard)\s+(?:any\s+|all\s+)?(?:keys|fields|columns|them|those|these)\b|"
                    + LENIENT,
                    re.IGNORECASE)
_GRANT_WORDS = re.compile(_GRANT.pattern[:-len("|" + LENIENT)], re.IGNORECASE)  # (_GRANT without LENIENT)
_LENIENT_SUBJECT = re.compile(r"\b(?:the\s+)?(?:grader|checker|marker|marking|tests?|we)\s+(?:" + LENIENT + r")|"
                              r"^\W*(?:" + LENIENT + r")", re.IGNORECASE)
_REFUSE = re.compile(r"\b(" + NOT_A_NAME + r"reject\w*|forbidden|prohibited|disallowed|invalid|" + NOT_A_NAME
                     + r"fail\w*|errors?|penali[sz]\w*|"
                     r"wrong|never)\b|\bnot\s+(be\s+)?(allowed|permitted|accepted|tolerated|welcome|ignored|added|"
                     r"included)\b|\b(must|should|shall|may|can)\s*not\b|\bcannot\b|\b(mustn|shouldn|can)'?t\b|"
                     r"\bdo(es)?\s*n[o']?t\s+(add|include|emit|write|output|put)\b|\bno\s+(other|extra|additional|"
                     r"further)\b|"
                     # ("Objects with extra fields do not conform; the Office will disregard them"; review)
                     r"\bnon-?compliant\b|\bdo(?:es)?\s*n[o'\u2019]?t\s+conform\b|\bmalformed\b", re.IGNORECASE)
_INPUT_SIDE = re.compile(r"\b(inputs?|given|provided|source|workspace|working\s+directory)\b|"
                         r"\w\.(jsonl|json|csv|tsv|txt|ya?ml|xml)\b", re.IGNORECASE)
_OUTPUT_SIDE = re.compile(r"\boutputs?\b|\byour\s+(answer|result|file|lines?|records?|objects?|rows?|"
                          r"submission|report)\b|\byou\s+(may|can)\s+(also\s+)?(add|include|emit|write|put)\b",
                          re.IGNORECASE)
# A prompt that elsewhere closes the output's keys grants none: "one object with exactly these keys"
# (the grant was then about something else, say the input's records), "no other fields".
_CLOSED_KEYS = re.compile(r"\bexactly\s+(these|those|the\s+following|the\s+(keys|fields|columns)|"
                          r"(\w+\s+)?(keys|fields|columns|properties))\b|\bwith\s+exactly\s*:|"
                          r"\bonly\s+(these|the\s+following)\s+(keys|fields|columns|properties)\b", re.IGNORECASE)
# A grant that says where the other keys go ("extra keys inside the per-target objects"): not undone by
# a closed list of the top level's keys; the keys it gives as examples ("so you may add e.g. a `notes`
# field")
_SCOPED_GRANT = re.compile(r"\b(inside|within)\b|\bin\s+(each|every)\b|\bper[- ][a-z]+", re.IGNORECASE)
_GRANT_EXAMPLES = re.compile(r"\((?:for\s+example|for\s+instance|e\.\s?g\.|such\s+as|like)[^)]*\)|"
                             r"\b(?:(?:for\s+example|for\s+instance|such\s+as)\b|e\.\s?g\.)[^;.)]*", re.IGNORECASE)
# Examples inside a grant ("(for example a `by_day` key)", "such as `note`") are other keys themselves.
_EXAMPLES = re.compile(r"\((?:for\s+example|for\s+instance|e\.\s?g\.|such\s+as|like)[^)]*\)|"
                       # (not the keys "besides e.g. `order_id`" names: those are the ones kept, not examples)
                       r"(?:\b(?:for\s+example|for\s+instance|such\s+as)\b|"
                       r"(?<!besides )(?<!than )(?<!except )(?<!beyond )\be\.\s?g\.)[^;.)]*", re.IGNORECASE)


def _names(where: str) -> list[str]:
    """Every field name in a fuzzer description: "record 2, field 'a.b.0'", "key 'note'", "at $.a[1].b"."""
    names: list[str] = []
    for quoted in re.findall(r"(?:field|key|column) '([^']+)'", where):
        names += [s for s in quoted.split(".") if s and not s.isdigit()]
    for path in re.findall(r"\$((?:\.[\w-]+|\[\d+\])+)", where):
        names += re.findall(r"\.([\w-]+)", path)
    return list(dict.fromkeys(names))


def _list_key(where: str) -> str | None:
    """The key holding the list a record-level mutant touched: None for the root list, "" for a
    record that is itself a list ("record 3, field '0'": one graph's edge list)."""
    for quoted in re.findall(r"field '([^']+)'", where):
        steps = quoted.split(".")
        if len(steps) >= 2 and steps[-1].isdigit():
            return steps[-2]
        if len(steps) == 1 and steps[0].isdigit():
            return ""
    for path in re.findall(r"\$((?:\.[\w-]+|\[\d+\])+)", where):
        match = re.search(r"\.([\w-]+)\[\d+\]$", path)
        if match:
            return match.group(1)
    return None


def list_key_of(where: str) -> str | None:
    """The key holding the list a record-level mutant touched (see _list_key)."""
    return _list_key(where)


def where_paths(where: str) -> list[list[str | int]]:
    """The paths of the places a fuzzer description names (see _steps)."""
    return _steps(where)


# "You can add other top-level keys": a grant of the top level alone (not "both top-level ones and ones
# inside a record")
_TOP_LEVEL_ONLY = re.compile(r"\b(?:other|additional|extra|further)\s+top[- ]level\s+(?:keys|fields|properties)\b",
                             re.IGNORECASE)
_DEEPER = re.compile(r"\b(inside|within|nested|both|any\s+level|every\s+level|any\s+depth|sub-?objects?)\b",
                     re.IGNORECASE)


def _steps(where: str) -> list[list[str | int]]:
    """The path of each place a fuzzer description names ("record 2 (line 3), field 'a.0.b'" ->
    [2, 'a', 0, 'b']; "at $.a[1], key 'k'" -> ['a', 1, 'k']; "column 'k'" -> ['k'])."""
    paths = []
    for side in where.split("<->"):
        path: list[str | int] = []
        record = re.match(r"\s*record (\d+)", side)
        if record:
            path.append(int(record.group(1)))
        for dollar in re.findall(r"\$((?:\.[\w-]+|\[\d+\])+)", side):
            path += [int(s[1:-1]) if s.startswith("[") else s[1:] for s in re.findall(r"\.[\w-]+|\[\d+\]", dollar)]
        for quoted in re.findall(r"(?:field|key|column) '([^']+)'", side):
            path += [int(s) if s.isdigit() else s for s in quoted.split(".") if s]
        paths.append(path)
    return paths


# A key that is a record's id in an object of records ("RG-08", "AC5762", "2024-03-14"): digits in it, a
# short code before them. The key after it is that record's own field.
ID_KEY = re.compile(r"(?=[^\d]{0,8}\d)[A-Za-z]{0,8}[-_:./]?\d[\w:./-]*")


def _record_keys(path: list[str | int], named=lambda key: False) -> list[str]:
    """The keys of `path` that are a record's own keys: the first key, or one right after a list index
    or after a record's id (`$.RG-08.r2`: `r2`, not the station id a prompt never names). A key the
    prompt names (`named`) is a field, whatever digits it holds (`p95`, `sha256`)."""
    def is_id(i: int) -> bool:
        key = path[i]
        return isinstance(key, str) and i + 1 < len(path) and isinstance(path[i + 1], str) \
            and ID_KEY.fullmatch(key) is not None and not named(key)

    keys = []
    for i, s in enumerate(path):
        if not isinstance(s, str) or is_id(i):
            continue  # (an id, followed by its record's field)
        if i == 0 or isinstance(path[i - 1], int) or is_id(i - 1):
            keys.append(s)
    return keys


def _last_key(path: list[str | int], key: str) -> bool:
    """`key` is the last key of `path`: only list indices follow it (`kg` of `[0, "kg", 3]`), no key of a
    record inside it (`scenarios` of `["scenarios", "planned", "n_paths"]`)."""
    at = max((i for i, step in enumerate(path) if step == key), default=-1)
    return at >= 0 and all(isinstance(step, int) for step in path[at + 1:])


def _mentions(sentence: str, name: str) -> bool:
    """`sentence` names `name` quoted or as a word (plural or singular; not a file name's stem)."""
    stem = re.escape(name[:-1] if name.endswith("s") and len(name) > 3 else name)
    return re.search(rf"(?<![\w.-]){stem}s?(?![\w-]|\.\w)", sentence, re.IGNORECASE) is not None


@dataclass(frozen=True, slots=True)
class PromptAllows:
    """What the prompt states it does not grade."""

    unordered: bool = False
    ordered_by: tuple[str, ...] = ()  # sentences that state an order (their field names, or "*" for none)
    optional_fields: frozenset[str] = frozenset()
    abs_tolerance: float = 0.0
    rel_tolerance: float = 0.0
    free_fields: frozenset[str] = frozenset()  # informational / re-evaluated / ignored by the grader
    order_sentences: tuple[str, ...] = ()
    unordered_sentences: tuple[str, ...] = ()
    set_sentences: tuple[str, ...] = ()
    vague_tolerance: bool = False
    threshold: str = ""  # the sentence stating a threshold the answer is graded against
    typed_fields: frozenset[str] = frozenset()  # fields whose type the prompt states ("*": all fields)
    recomputed_fields: frozenset[str] = frozenset()  # free only because the grader recomputes them
    other_keys: str = ""  # the sentence granting keys the prompt does not list ("" when none does)
    naming_text: str = ""  # the prompt less those sentences' examples: a key it names is not "other"
    stated: StatedTolerance | None = None  # the accuracy it demands of the answer's numbers, if it says
    many_answers: str = ""  # the sentence saying more than one answer is right ("" when none does)
    free_lines: FreeLines = FreeLines()  # parts of a text artifact it declares free (headings, commentary)
    other_keys_free: bool = False  # the grant says the other keys are not graded (ignored, not checked)
    granted: frozenset[str] = frozenset()  # the keys the grant lists by name ("extra columns (vendor, amounts)")
    # What the output's records are, in the prompt's words ("a JSON array of groups": groups; "one row per
    # service": service), singular and lower case
    record_nouns: frozenset[str] = frozenset()
    # "Itineraries that use one or more on-request sailings are optional — list them or leave them out": some of
    # the records the answer holds may be left out, the prompt does not say which in words a rule reads (blind p216)
    optional_records: str = ""
    # (order sentence, the key its Markdown heading names alone): "### `[[rejected]]` array of tables" above "Entries
    # MUST appear in the same order as the events", which names no key of its own (blind p221)
    order_heads: tuple[tuple[str, str], ...] = ()
    # The clauses that say an order is free, each up to its "in any order" (what it is said of), with
    # whether it is said of something inside another thing ("the names inside a wave")
    order_clauses: tuple[tuple[str, bool], ...] = ()
    copies_agree: str = ""  # the sentence saying a part may be written more than once if the copies agree
    # the sentence saying records beyond the right ones are ignored or not penalised ("Extra plans are ignored", "false
    # positives are not penalised"): one record more is no wrong answer ("" when none does)
    extra_records: str = ""
    comments_said: str = ""  # the sentence saying comments are allowed or ignored ("" when none does)
    quota: tuple[int, int, str] | None = None  # (records that may be wrong, of how many, the sentence)
    # Lists whose order a clause frees by their key alone ("`delivered` — the parcels delivered, in any
    # order"): the rest of the output keeps the order the prompt states
    field_unordered: frozenset[str] = frozenset()
    # The sentences leaving the labels of a mapping to the answer ("Bed labels are yours to choose"), each
    # with the noun it names them by, singular ("bed")
    chosen_keys: tuple[tuple[str, str], ...] = ()
    # Fields whose value the prompt leaves to the answer ("an `id` attribute (any string, unique within the
    # file)"), each with "string" or "number" (what any value of it must be) and the sentence
    chosen_values: tuple[tuple[str, str, str], ...] = ()
    # The output's keys where the prompt lists them ("one JSON object per line ... with keys:" and a
    # bullet per `key`): a key of the answer outside that list is another key, whatever input field of
    # the same name the prompt quotes elsewhere (blind p35: `screening`, an input event's field)
    listed_keys: frozenset[str] = frozenset()
    # where it states no accuracy, one unit of the place it says the numbers are rounded to ("to the cent")
    implied: StatedTolerance | None = None
    null_or_zero: frozenset[str] = frozenset()  # fields it lets be null or 0 ("`discount` may be null or 0")
    # (key, collection of its sample table, the note ordering it or "" where the note frees its order) of each list a
    # fenced sample notes: `tracks = ["TR-9003", "TR-9001"]  # playlist order, first entry first` (blind p251)
    list_notes: tuple[tuple[str, str, str], ...] = ()
    # (names, sentence) of each sentence saying which of two or more fields holds which value does not matter ("which
    # of the two class ids goes into `subject` and which into `other` does not matter"; blind p317)
    either_way: tuple[tuple[frozenset[str], str], ...] = ()

    def chosen_key(self, where: str) -> str:
        """The sentence leaving the keys of the mapping that `where` ("at $.beds, key 'F-01'") renamed a
        key of to the answer ("" when none does): the noun it names them by is that mapping's key."""
        found = re.match(r"at \$(?P<path>[^,]*), key '", where)
        if found is None:
            return ""
        named = [seg for seg in re.split(r"[.\[\]]+", found.group("path")) if seg and not seg.isdigit()]
        if not named:
            return ""
        stem = _singular(named[-1].lower())
        return next((sentence for noun, sentence in self.chosen_keys if noun == stem), "")

    def _chosen_name(self, where: str) -> str:
        """The sentence leaving the values of the field `where` ("at $.ovens[0].oven", "record 2, field 'oven'")
        changed to the answer, by the noun it names them by ("Oven names are up to you"), else ""."""
        field = re.search(r"\.([A-Za-z_][\w-]*)$|(?:field|key) '(?:[\w.-]*\.)?([A-Za-z_][\w-]*)'$", where.strip())
        if field is None:
            return ""
        stem = _singular((field.group(1) or field.group(2)).lower())
        return next((sentence for noun, sentence in self.chosen_keys if noun == stem), "")

    def frees_list(self, where: str, nested: int) -> str:
        """The clause saying that the order of the list a swap exchanged two items of is free ("" when
        none does), for a list below the top level (`where`: "at $.layers[0][1] <-> at $.layers[0][3]",
        "record 2, field 'tags.0' <-> ..."; `nested`: how many list paths, indices aside, lie inside a
        record or list). A clause about the list itself names its key ("`tags` may be in any order").
        One about the items inside something ("the order of the names inside a wave does not matter")
        frees a list that is itself an item's (a wave of `layers`, never `layers`) where the clause
        names its key or the output has one kind of such list; or, naming lists ("the items inside each
        of the three lists"), the lists of an output that nests none. Never a clause about keys or
        columns ("the keys inside an object may come in any order")."""
        sides = _steps(where)
        if len(sides) != 2 or len(sides[0]) < 2 or sides[0][:-1] != sides[1][:-1]:
            return ""
        path = sides[0][:-1]
        keys = [s for s in path if isinstance(s, str)]
        named = bool(keys) and isinstance(path[-1], str)  # the list is a key's value, not an item of a list
        in_item = any(isinstance(s, int) for s in path)
        if named and (self.list_order(keys[-1]) or any(k == keys[-1] for _, k in self.order_heads)):
            # (the list's own order stated, "`links`: the link ids of S, sorted ascending", beside "A link is the
            # unordered pair of endpoints", of what is inside one item; blind p203)
            return ""
        for clause, inside in self.order_clauses:
            if _KEY_ORDER.search(clause):
                continue
            if _EVERYWHERE.search(clause):
                return clause
            mentioned = named and _mentions(clause, keys[-1])
            if not inside:
                if mentioned:
                    return clause
            elif in_item and (mentioned or nested == 1):
                return clause
            elif not in_item and nested == 0 and _LISTS.search(clause):
                return clause
        return ""

    def names_records(self, sentence: str) -> bool:
        """The sentence's subject, before it says "in any order", is what the prompt calls the output's
        records ("The groups themselves may be listed in any order"), not something of or inside one
        ("The words of a group may come in any order", "Within a group, words may ...", "Each group's
        words ...", "Each group may list its words ...")."""
        found = _UNORDERED.search(sentence)
        words = _WORD.findall(sentence[: found.start()] if found else sentence)
        lowered = [w.lower() for w in words]
        last_its = max((i for i, w in enumerate(lowered) if w == "its"), default=-1)
        previous = ""  # the last word before this one, articles aside (one pass: a sentence may be huge)
        for i, word in enumerate(lowered):
            owner = word.endswith(("'", "’", "'s", "’s"))  # a possessive names what the record has
            if not owner and i > last_its and singular(word) in self.record_nouns \
                    and previous not in _CONTAINING:
                return True
            if word not in _ARTICLES:
                previous = word
        return False

    def granted_free(self, key: str) -> bool:
        """`key` is one the grant lists, as it is or as a word of it ("amounts": `first_amount`), and the
        grant says such keys are not graded. Only by name where the prompt names the key outside the
        grant: "extra columns (amounts, ...)" says nothing of a required `amount_due` it lists."""
        if not self.other_keys_free:
            return False
        if any(g.lower() == key.lower() for g in self.granted):
            return True
        words = {w.lower() for w in re.split(r"[_\W]+", key) if w}
        return not self.names(key) and any(g.lower().rstrip("s") in words or g.lower() in words
                                           for g in self.granted)

    def other_key(self, where: str) -> str | None:
        """The record-level key, never named by the prompt, to which the prompt's general grant of other
        keys frees every place `where` names (None when a place is not inside such a key)."""
        if not self.other_keys:
            return None
        found = None
        top = _TOP_LEVEL_ONLY.search(self.other_keys) is not None and _DEEPER.search(self.other_keys) is None
        for path in _steps(where):
            keys = _record_keys(path, self.names)
            # ("other top-level keys": a key below a named top-level key is that key's data; blind p38)
            keys = keys[:1] if top and path and keys and keys[0] == path[0] else keys
            # (the list names a record's fields: the key changed, not those above it, `depots` of
            # `$.depots[0].total_kg` beside a table of `depot` and `total_kg`; blind p119)
            unnamed = [k for k in keys if not self.names(k) or self._named_in_grant_only(k) or (
                self.listed_keys and k not in self.listed_keys and _last_key(path, k))]
            if not unnamed:
                return None
            found = found or unnamed[0]
        return found

    def _named_in_grant_only(self, key: str) -> bool:
        """The prompt speaks of `key` only in its grant of other keys, as one of them: "extra lines like an
        iteration count; anything with a name I didn't list gets ignored" of `iterations` (blind p271)."""
        grant = self.other_keys
        # (the cheap test first: asked of every line of a long answer, most names are not in the grant at all)
        if not grant or not _mentions(grant, key):
            return False
        stem = re.escape(key[:-1] if key.endswith("s") and len(key) > 3 else key)
        if re.search(rf"\b(?:like|such\s+as|e\.g\.|for\s+example|including)\s+(?:an?\s+|the\s+)?(?:{stem}s?\s+(?:echo|copy)|"
                     rf"(?:echo|copy)\s+of\s+(?:the\s+)?{stem}s?)\b", grant, re.IGNORECASE):
            # ("Extra top-level keys (e.g. a horizon echo) ... are ignored": the answer's copy of the input `horizon` is
            # one of the extras, whatever else names the input; blind p366)
            return True
        if any(_mentions(sentence, key) for sentence in _sentences(self.naming_text) if sentence not in grant):
            return False
        # (an example of the extras, "like an iteration count"; not a key the grant leaves out, "Columns other than
        # (order_id, amount) are not checked")
        return any(re.search(r"\b(?:like|such\s+as|e\.g\.|for\s+example|including)\s", grant[max(0, m.start() - 40):m.start()],
                             re.IGNORECASE) and not _KEYS_EXCEPTED.search(grant[:m.start()])
                   for m in re.finditer(rf"(?<![\w.-]){stem}s?(?![\w-]|\.\w)", grant, re.IGNORECASE))

    def top_level_keys_only(self) -> bool:
        """The prompt's grant of other keys is of top-level keys only ("other top-level keys ... are
        ignored"), not of keys inside the answer's objects."""
        return bool(self.other_keys) and _TOP_LEVEL_ONLY.search(self.other_keys) is not None \
            and _DEEPER.search(self.other_keys) is None

    def unnamed_key(self, kind: str, where: str, top_keys: Iterable[str]) -> tuple[str, str] | None:
        """(warn, why) for a change of `kind` to a top-level key of a tree answer at `where` (`$.generated_by`,
        "top level, key 'sheet_rows'") that the prompt never names, beside a top-level key it does name
        (`top_keys`: the reference's), where it spells keys out (in backticks or an example block): a note the
        reference carries beside the answer, whose value no rule of the prompt fixes. None otherwise: a
        record's own fields (a prompt may describe a field in other words), and a map of the data's own values
        at the top (`{"north": 120, "south": 80}`: every key unnamed)."""
        if kind not in _FIELD_KINDS:
            return None
        if len(set(_FIELD.findall(self.naming_text))) < 2 and "```" not in self.naming_text:
            return None
        paths = _steps(where)
        if not where.startswith(("at $.", "top level")) or not paths or any(
                len(p) != 1 or not isinstance(p[0], str) for p in paths):
            return None
        # (not a record's id: a map of records keyed by id at the top, `{"t-01": 20.35, ...}`)
        unnamed = [p[0] for p in paths if not self.names(p[0]) and not ID_KEY.fullmatch(p[0])]
        if len(unnamed) != len(paths) or not any(self.names(k) for k in top_keys if k not in unnamed):
            return None
        return "warn", f"the prompt never names {unnamed[0]!r}: it states no rule for what it holds"

    def names(self, key: str) -> bool:
        """The prompt names `key`: quoted, in a table or example, or as a word ("usd_total" as "USD total").
        A one-word key (`method`, `notes`) named only as a plain word names it only in a sentence that
        speaks of the output ("use any root-finding method you like" does not: blind p34)."""
        if "_" in key or "-" in key or not key.isalpha() or key != key.lower():
            return any(_mentions(self.naming_text, k) for k in {key, key.replace("_", " ")})
        if not _mentions(self.naming_text, key):
            return False
        stem = re.escape(key[:-1] if key.endswith("s") and len(key) > 3 else key)
        if re.search(rf"[`'\"|]\s*{stem}s?\s*[`'\"|]|(?<![\w.-]){stem}s?\s*[:=]", self.naming_text, re.IGNORECASE):
            return True  # (quoted, a table cell, a label or a key of an example)
        # (named unless every plain mention is "any <...> method you like": how to work, not what to write)
        free_use = re.compile(rf"\bany\s+(?:[\w-]+\s+){{0,2}}{stem}s?\s+(?:you\s+(?:like|want|choose|prefer)|"
                              rf"(?:is|are)\s+(?:fine|ok|okay|allowed))", re.IGNORECASE)
        return any(_mentions(sentence, key) and not free_use.search(sentence) for sentence in _sentences(self.naming_text))

    def allows_kind(self, kind: str, where: str = "") -> bool:
        """An order change the prompt leaves open: it says order does not matter, or it states no order
        for that list (a nested list's order counts only when a sentence names its key with an order)."""
        if kind not in ORDER_KINDS:
            return False
        if self.unordered or not self.ordered_by:
            return True
        key = _list_key(where)
        return key is not None and not (key and (any(_mentions(s, key) for s in self.order_sentences)
                                                 or any(k == key for _, k in self.order_heads)))

    def list_order(self, key: str, section: str = "") -> str:
        """The sentence that orders the items of the list `key` holds on one line ("each with a `cars` key:
        comma-separated, ordered from the switch end toward the bumper"), or "": an order phrase after a
        mention of the key, with no word for the output's rows, lines or sections between them and no word
        freeing an order after it ("one section per track, sorted by track name, each with a `cars` key" and
        "the rows ordered from the north end ..." order the records, not the list; review)."""
        if not key:
            return ""
        if "." in key:  # (a list named by its table too, `stacks.02-4`: the whole key, its own, then the table's)
            return self._list_order_one(key) or next(
                (said for part in reversed(key.split(".")) if part and (said := self._list_order_one(part))), "")
        return self._list_order_one(key) or self._list_note(key, section)

    def _list_note(self, key: str, section: str) -> str:
        """The note of a fenced sample's list of this key that orders it ("" none), read under the sample table of
        the list's own collection where the sample shows one (an artist's `tracks` "sorted ascending", a playlist's
        "in any order": `section`, the answer's table the list stands in, says which)."""
        # (a note under another collection's sample table says nothing of this list: the sample's artists `tracks`
        # "sorted ascending" orders no playlist's `tracks`, which the prose may free; review)
        own = collection_of(section) if section else ""
        notes = [said for name, under, said in self.list_notes if name.lower() == key.lower() and under in ("", own)]
        return next((said for said in notes if said), "")

    def _list_order_one(self, key: str) -> str:
        stem = re.escape(key[:-1] if key.endswith("s") and len(key) > 3 else key)
        # (and a sentence freeing another order: "The `enrolled` list can be in any order you like, but the
        # `waitlist` list must be in queue order"; what follows the key in its clause decides. The key quoted:
        # "the price of each of the skus is in `prices.csv`, sorted by code" orders an input; review)
        for sentence in (*self.order_sentences, *self.unordered_sentences):
            for mention in re.finditer(rf"[`'\"]\[{{0,2}}{stem}s?\]{{0,2}}[`'\"]", sentence[:2000], re.IGNORECASE):
                # (a word for what the key is, right after it, is no other record: "each section's `cars` line
                # gives the ids comma-separated, ordered from the switch end"; review)
                tail = re.sub(r"^\s*(?:lines?|rows?|entry|entries|fields?|keys?|columns?|lists?|cells?|values?)\b",
                              " ", sentence[mention.end():mention.end() + 200], flags=re.IGNORECASE)
                # (its own clause: not "..., while the `enrolled` list can be in any order", nor "..., then write
                # the totals in ascending order"; a bare comma goes on: "comma-separated, ordered from ...")
                tail = re.sub(r"\b(?:e\.g|i\.e)\.", "eg", tail)  # ("one key per stack id (e.g. `"02-3"`), value = ...")
                tail = re.split(r";|\.\s|,\s*(?:and|then|while|but|whereas|so)\b|\s(?:while|but|whereas)\s", tail)[0]
                said = _ORDER_STATED.search(tail)
                if said is not None and not _RECORD_WORDS.search(tail[:said.start()]) \
                        and not _UNORDERED.search(tail):
                    return " ".join(sentence.split())[:200]
        return ""

    def short_list(self, key: str) -> str:
        """The sentence letting the list `key` holds be shorter than the reference's ("`nearest` lists up to
        three ids ... Fewer than three is fine", "`witnesses` lists at least one line id ...; you need not list
        them all"), or "": a record dropped from it, or one repeated over another, may be another right answer
        (review)."""
        if not key:
            return ""
        # (quoted, or named as a list: "The nearest list holds up to three ...")
        quoted = re.compile(rf"[`'\"]{re.escape(key)}[`'\"]|(?<![\w.-]){re.escape(key)}\s+(?:list|array|field)\b",
                            re.IGNORECASE)
        for sentence in _sentences(self.naming_text):
            # ("lists every code that applies (at least one)": complete, not short)
            complete = re.search(r"\b(?:every|all)\b", sentence, re.IGNORECASE) is not None \
                and not _SHORT_OK.search(sentence)  # ("...; you need not list them all")
            for mention in quoted.finditer(sentence[:2000]):
                # (the quoted key, then what it holds: "`nearest` lists up to three ids"; not another list's
                # words, "... of the stations closest to it", which speak of no list the key names)
                # (up to the next quoted name or clause: "`codes` lists every ... and `nearest` lists up to three"
                # grants `nearest`, not `codes`; review)
                tail = re.split(r"[`;]|\.\s|,\s+and\b|\band\s+(?=[`'\"])", sentence[mention.end():mention.end() + 120])[0]
                # (or the clause that leads to it, "Up to three station ids ... go in `nearest`", or a clause after
                # it naming nothing else, "...; fewer than three is fine")
                lead = re.split(r"[`;]|\.\s", sentence[max(0, mention.start() - 120):mention.start()])[-1]
                later = [c for c in sentence[mention.end():mention.end() + 400].split(";")[1:3]
                         if not re.search(r"[`'\"]", c)]
                if _SHORT_OK.search(tail) or _SHORT_OK.search(lead) or any(_SHORT_OK.search(c) for c in later) \
                        or (_AT_LEAST_ONE.search(tail) and not complete):
                    return " ".join(sentence.split())[:200]
        return ""

    def allows_field(self, where: str) -> bool:
        """`where` names a field (as the fuzzer describes it) the prompt calls optional."""
        return any(n in self.optional_fields for n in _names(where))

    def leaves_open(self, kind: str, where: str) -> tuple[str, str] | None:
        """(severity, why) when the prompt allows an accepted mutant of `kind` at `where`, else None:
        `info` where it says so in words, `warn` where it only leaves the point open."""
        if kind in ("swap_values", "swap_cells"):
            return self._exchange_open(where)
        if kind in ORDER_KINDS and self.many_answers and self._value_open(kind, where) is None \
                and not _SORT_WORDS.search(" ".join(self.order_sentences)):
            # (another order may be another right answer: "Any optimal assignment is accepted", and the
            # order of a crew's `rooms` is its schedule; blind p33)
            return "warn", f"the prompt accepts more than one answer ({self.many_answers!r}): the order may be another"
        if kind == "keep_total" and self.many_answers and self._value_open(kind, where) is None:
            # (parts moved against each other may be another right split: "Any split that meets these
            # rules is accepted"; review)
            return "warn", f"the prompt accepts more than one answer ({self.many_answers!r}): the split may be another"
        if kind == "replace_record" and (self.many_answers or self.quota):
            # (a record written over by another: a second right answer where more than one is, or one
            # wrong record where the prompt passes a few)
            said = self.many_answers or self.quota[2]
            return "warn", f"the prompt accepts more than one answer, or a few wrong records ({said!r})"
        return self._value_open(kind, where)

    def _cells_either_way(self, where: str) -> str:
        """The sentence saying the two fields a swap_cells exchange names may hold each other's values, else ""."""
        fields = {f.rsplit(".", 1)[-1].lower() for f in re.findall(r"field '([^']+)'", where)}
        if len(fields) != 2:
            return ""
        return next((sentence for names, sentence in self.either_way if fields <= names), "")

    def _exchange_open(self, where: str) -> tuple[str, str] | None:
        """A field exchanged between two records: open when the field is, when every other field in
        which the two records differ is (the exchange then only re-pairs free values: a two-field
        record's optional field swapped is its other field swapped), or when the prompt accepts more
        than one answer (the exchange may have made another right one)."""
        if (either := self._cells_either_way(where)):
            return "info", f"the prompt says which of the two holds which value does not matter ({either!r})"
        head, _, rest = where.partition(ALSO_DIFFER)
        own = self._value_open("swap_values", head)
        if own is not None:
            return own
        others = re.findall(r"'([^']+)'", rest)
        freed = [self._value_open("string_change", f"field {o!r}") for o in others]
        if others and all(freed):
            return "warn", f"the records differ elsewhere only in what the prompt leaves open ({freed[0][1]})"
        if self.many_answers:
            return "warn", f"the prompt accepts more than one answer ({self.many_answers!r})"
        return None

    def _value_open(self, kind: str, where: str) -> tuple[str, str] | None:
        if kind == "rename_key" and (chosen := self.chosen_key(where)):
            return "info", f"the prompt leaves those keys to the answer ({chosen!r})"
        if kind in ("string_change", "type_change", "drop_key") and (chosen := self._chosen_name(where)):
            # ("Oven names are up to you" of `{"oven": "OV1", "jobs": [...]}`: the value of the key the noun
            # names is the answer's to choose; whether it may be null or left out, the prompt does not say;
            # blind p115)
            if kind == "string_change":
                return "info", f"the prompt leaves those names to the answer ({chosen!r})"
            return "warn", f"the prompt leaves those names to the answer ({chosen!r}), not whether one may be missing"
        if kind == "swap_values" and (chosen := self._chosen_name(where.split(", exchanged with", 1)[0])):
            # ("unit labels free text, unique": two duties' labels exchanged name the same plan; blind p211)
            return "info", f"the prompt leaves those names to the answer ({chosen!r}): exchanged, they relabel the same answer"
        names = _names(where)
        if kind == "type_change" and (either := [n for n in names if n in self.null_or_zero]):
            return "warn", f"the prompt lets {either[0]!r} be null or 0"
        free = [n for n in names if n in self.free_fields]
        if free:
            typed = "*" in self.typed_fields or free[0] in self.typed_fields
            if kind == "type_change" and typed:
                return None  # its value is free, its type is not: "all fields must be finite numbers"
            why = f"the prompt says the grader does not take {free[0]!r} from the artifact"
            # Dropping a field the grader recomputes leaves the stated schema: the prompt leaves open
            # whether that is wrong (a field it calls optional or not graded may go).
            return ("warn" if kind in _KEY_KINDS and free[0] in self.recomputed_fields else "info"), why
        # (a table's column as the answer heads it: "Chiller" of "other columns (product, chiller, ...)")
        optional = [n for n in names if n in self.optional_fields or (
            n.lower() in self.granted and n.lower() not in {k.lower() for k in self.listed_keys})]
        if optional:
            severity = "info" if kind in _KEY_KINDS else "warn"
            return severity, f"the prompt calls {optional[0]!r} optional"
        other = self.other_key(where)
        if other is not None and not (kind == "type_change" and "*" in self.typed_fields):
            listed_only = self.other_keys_free and other not in self.listed_keys and bool(self.listed_keys)
            severity = "info" if kind in _KEY_KINDS or self.granted_free(other) or listed_only else "warn"
            said = "lists the keys without" if self.listed_keys and self.names(other) else "never names"
            return severity, f"the prompt allows other keys and {said} {other!r} ({self.other_keys!r})"
        # (a list a sentence frees by name, "any subject order", whatever else speaks of it: `sorted(doc["subject"])`
        # of a doctest sorts a copy; blind p287)
        if kind in ORDER_KINDS and (self.allows_kind(kind, where) or _list_key(where) in self.field_unordered):
            key = _list_key(where)
            if self.unordered or (key and key in self.field_unordered):
                return "info", "allowed by the prompt: it says order does not matter"
            return "warn", "the prompt states no order for it"
        if kind == "duplicate_record" and self.copies_agree and where.startswith("line "):  # (a text's line)
            return "info", f"allowed by the prompt: it lets copies be written if they agree ({self.copies_agree!r})"
        key = _list_key(where)
        if kind == "duplicate_record" and key is None and any(
                re.search(r"\b(?:duplicat\w*|repeat\w*|twice|more\s+than\s+once|merged)\b", s, re.IGNORECASE)
                and not _FIELD.search(s) and not _INSIDE_ONE.search(s)
                for s in self.set_sentences):
            # (a whole record repeated: "Repeating the same (incident, rule) pair is harmless - we collapse
            # duplicates"; blind p146)
            return "info", f"allowed by the prompt: it says repeated records are collapsed ({self.set_sentences[0]!r})"
        if kind == "duplicate_record" and key is not None:
            # A list without a key is named by no field: a sentence that names none speaks of them all.
            # ("the set of codes on that line equals ...": the line's list, whatever its key; blind p197)
            if any((_mentions(s, key) if key else not _FIELD.search(s)) or self._line_set(s, key)
                   for s in self.set_sentences):
                return "info", f"allowed by the prompt: it says {key or 'the inner lists'!r} are normalised as sets"
            if key and any(_mentions(s, key) for s in self.unordered_sentences):
                return "warn", f"the prompt calls {key!r} unordered (a repeat may mean the same set)"
        return None

    def _line_set(self, sentence: str, key: str) -> bool:
        """The sentence reads a line's one list as a set ("the set of codes on that line equals ..."), and that list
        may be `key`'s: what it holds is no other key the prompt names (`codes` beside `witnesses`), and no
        sentence says `key`'s items stand once ("`witnesses` lists each witness badge once"; review)."""
        found = _LINE_SET.search(sentence)
        if found is None or _FIELD.search(sentence) or not key:
            return False
        held = found.group("held")
        if held.lower() != key.lower() and any(re.search(rf"`{re.escape(h)}`|[\"']{re.escape(h)}[\"']\s*:", self.naming_text)
                                               for h in {held, singular(held.lower())}):
            return False  # (a key the prompt shows, `codes` or "codes": [...]: that list, not `key`'s; not a value, "CODE")
        words = "|".join(re.escape(w) for w in {key, singular(key.lower())})
        return not any(re.search(r"\bonce\b|\btwice\b|\bduplicat\w*|\brepeat\w*|\bunique\b|\bdistinct\b",
                                 re.split(r"[.;\n]", self.naming_text[m.end():m.end() + 120])[0], re.IGNORECASE)
                       for m in re.finditer(rf"(?<![\w/.-])(?:{words})(?![\w/.-])", self.naming_text, re.IGNORECASE))

    def within_tolerance(self, old: float, new: float) -> bool:
        delta = abs(new - old)
        rel = max(self.rel_tolerance, VAGUE_REL if self.vague_tolerance else 0.0)
        return delta <= self.abs_tolerance or delta <= rel * abs(old)




# "an `id` attribute (any string, unique within the file)", "The `#` column is a row number (any numbering
# you like)": that field's value is the answer's own choice
# (and "You may add a leading `plan` column with any numbering you like; it is ignored": blind p153; a chooser
# after it, not "every `sensor` with any value above 50.0"; review)
_ANY_VALUE = re.compile(r"[`\"']([#A-Za-z_][\w.-]{0,60})[`\"'][^.;`]{0,80}?(?:\(\s*any\s+|\bwith\s+any\s+(?=[\w\s-]{0,30}?\b"
                        r"(?:you\s+(?:like|want|wish|prefer)|of\s+your\s+choice)\b))(?:non-?empty\s+)?(?:unique\s+)?"
                        r"(?:string|numbering|label|name|value|identifier|id|text|number)s?\b", re.IGNORECASE)


def _chosen_values(text: str) -> list[tuple[str, str, str]]:
    out = []
    for sentence in _sentences(text):
        for match in _ANY_VALUE.finditer(sentence):
            what = "number" if re.search(r"\bany\s+[\w\s-]*?\b(numbering|number)s?\b", match.group(0), re.IGNORECASE) \
                else "string"
            out.append((match.group(1), what, " ".join(sentence.split())[:160]))
    return out


# A line of a fenced sample that shows a key and a note on it: `iterations = 17   # optional, not marked`,
# `"notes": "..."  // optional`, `sse: 12.5   <- ignored`.
_SAMPLE_KEY = re.compile(r"^[^\S\n]*[\"'`]?([A-Za-z_][\w.-]{0,60})[\"'`]?[^\S\n]*[:=]"
                         r"(?:(?![^\S\n](?:#|//|<-|--)[^\S\n])[^\n]){0,200}?[^\S\n](?:#|//|<-|--)[^\S\n]+([^\n]{1,200})$",
                         re.MULTILINE)
# (a note about the key itself, in its first words: "# optional, not marked"; not one about the value's format,
# "# lower case; surrounding whitespace is ignored", "# one decimal; a trailing zero is optional"; review)
_FENCED = re.compile(r"\s*(?:```|~~~)")
# a line of an annotated sample: a key and its value, then a note (`"gun_time_s": 13012,  // FINISH minus ...`)
_NOTED_LINE = re.compile(r"^[^\S\n]*[\"']?[A-Za-z_][\w.-]*[\"']?[^\S\n]*[:=][^\n]*?[^\S\n](?://|#)[^\n]*$", re.MULTILINE)


def _sample(sentence: str, fenced: tuple[str, ...] = ()) -> bool:
    """The sentence is a fenced sample, or a stretch of one inside a fenced block (two lines or more of keys with
    notes): its notes are read line by line (_annotated_keys, which reads fenced blocks only), never as one sentence
    whose "may be omitted" frees every key it shows (blind p232's annotated JSON record)."""
    if _FENCED.match(sentence) is not None:
        return True
    if len(_NOTED_LINE.findall(sentence[:20_000])) < 2:
        return False
    head = sentence.strip()[:80]
    return any(head in block for block in fenced)
_ROW_NOTE = re.compile(r"^[^\S\n]*\|[^\S\n]*([^|\n]{1,40}?)[^\S\n]*\|[^\n]*\|[^\S\n]+(?:#|//|<-|--)[^\S\n]+([^\n]{1,200})$",
                       re.MULTILINE)
# (also "# `crane` and any other extra keys: optional, ignored": the key, then what else the note frees, a colon; blind p186)
_NOTE_NAMES = re.compile(r"[^\S\n](?:#|//|<-|--)[^\S\n]+[`'\"]?([A-Za-z_][\w.-]{0,60})[`'\"]?"
                         r"(?:[^\S\n]+(?:is|are)[^\S\n]+|(?:[^\S\n]+and[^\S\n]+[^:\n]{1,40}?)?[^\S\n]*:[^\S\n]*)"
                         r"(?:optional|ignored|informational|free|not[^\S\n]+(?:checked|graded|compared|marked|required))\b"
                         # (the word ends its clause: not "# price: free of VAT", "# km: not checked against the input")
                         r"(?=[^\S\n]*(?:[,;.)\u2014\u2013-]|\n|$))",
                         re.IGNORECASE)
_COLUMN_NOTE = re.compile(r"[^\S\n](?:#|//|<-|--)[^\S\n]+[`'\"]([^`'\"\s]{1,40})[`'\"][^\S\n]+columns?\b[^\S\n]*+"
                          r"(?:(?:is|are)[^\S\n]+|:[^\S\n]*)?(?:optional|ignored|informational|free|not[^\S\n]+"
                          r"(?:checked|graded|compared|marked|required))\b(?=[^\S\n]*(?:[,;.)\u2014\u2013-]|\n|$))",
                          re.IGNORECASE)
# (after the value's type, if the note gives one first: "// array, optional, informational - not graded"; blind p180)
_NOTE_FREES = re.compile(r"^\W*(?:(?:an?\s+)?(?:array|list|string|number|integer|int|float|decimal|bool(?:ean)?|object|"
                         r"str|text|date|datetime|timestamp)s?(?:\s+of\s+\w+)?\s*[,;:]\s*)?(?:optional(?:ly)?|ignored|informational|informative|free(?:[- ]?(?:form|text))?|"
                         r"not\s+(?:marked|graded|checked|scored|required|compared)|(?:may|can)\s+be\s+(?:omitted|left\s+out)|"
                         r"nice\s+to\s+have)\b", re.IGNORECASE)


def _required_key(text: str, key: str) -> bool:
    """A sentence of the prompt quoting `key` requires it ("Every column is required, `from_route` included")."""
    quoted = re.compile(rf"[`'\"]{re.escape(key)}[`'\"]")
    return any(quoted.search(s) and _REQUIRED.search(s) for s in _sentences(text) if "`" in s or "'" in s or '"' in s)


# A sample line's note ordering the list it shows: "# sorted ascending", "# playlist order, first entry first",
# "# queue order"; not "# any order", "# order free" (_UNORDERED), "# no particular order", "# random order" (review).
_LIST_NOTE_ORDER = re.compile(r"^(?:[\w-]+\s+){1,2}order\b|\bfirst\s+(?:entry|item|element|one)\s+first\b",
                              re.IGNORECASE)
_LIST_NOTE_FREE = re.compile(r"\b(?:no\s+(?:particular|set|fixed|specific)|random|unspecified|arbitrary|any|whatever|"
                             r"undefined|unsorted)\s+order\b|\bunsorted\b|\border\s+(?:is\s+)?(?:free|irrelevant|ignored|"
                             r"unimportant|not\s+(?:checked|graded|significant|important))\b", re.IGNORECASE)
_SAMPLE_HEADER = re.compile(r"^[^\S\n]*\[\[?([^\[\]\n#]+?)\]\]?[^\S\n]*(?:#[^\n]*)?$", re.MULTILINE)


def collection_of(section: str) -> str:
    """The collection a table's name puts it in: `playlists` of `playlists.PL-01` (its name less the last part);
    the name itself where it has one part (`[[plan]]`'s `plan`)."""
    parts = re.findall(r'"[^"]*"|\'[^\']*\'|[^.\s"\']+', section.strip())
    return ".".join(parts[:-1]) if len(parts) > 1 else section.strip()


def _ordered_list_notes(text: str) -> list[tuple[str, str, str]]:
    """(key, collection of the sample table it stands in or "", the note where it orders the list, "" where it frees
    the order) of each line of a fenced sample that shows a one-line list (`key = [...]`) with a note on its order."""
    out = []
    for block in fenced_blocks(text)[0]:
        heads = [(m.start(), collection_of(m.group(1))) for m in _SAMPLE_HEADER.finditer(block)]
        starts = [at for at, _ in heads]  # (each list's table by bisection: a sample of 10 000 tables; review)
        for match in _SAMPLE_KEY.finditer(block):
            value = block[match.end(1):match.start(2)]
            note = match.group(2)
            # (a TOML or INI line, `key = [...]`: a JSON sample's lists are read as its records are, elsewhere; review)
            if not re.match(r"[\"'`]?[^\S\n]*=[^\S\n]*\[", value):
                continue
            at = bisect.bisect_left(starts, match.start())
            under = heads[at - 1][1] if at else ""
            if _UNORDERED.search(note) or _LIST_NOTE_FREE.search(note):
                out.append((match.group(1), under, ""))
            elif _ORDER_STATED.search(note) or _LIST_NOTE_ORDER.search(note):
                out.append((match.group(1), under, f"{match.group(1)} ... # {' '.join(note.split())[:160]}"))
    return out


def _annotated_keys(text: str) -> list[tuple[str, str]]:
    """(key, note) of each line of a fenced sample whose note calls the key optional or free."""
    out = []
    for block in fenced_blocks(text)[0]:
        for match in _SAMPLE_KEY.finditer(block):
            note = match.group(2)
            if _NOTE_FREES.search(note) and not _REQUIRED.search(note):
                out.append((match.group(1), note))
        # (a note naming the key it frees, on a sample row of another shape: `CEN,10O-0003,10,...  # from_route is
        # optional - extra columns are ignored`; blind p178)
        out += [(m.group(1), m.group(0)) for m in _NOTE_NAMES.finditer(block) if not _required_key(text, m.group(1))]
        # (a note naming a column in quotes, whatever its name: `| 1 | WH | ...  # "#" column optional, not checked`;
        # blind p190)
        out += [(m.group(1), m.group(0)) for m in _COLUMN_NOTE.finditer(block) if not _required_key(text, m.group(1))]
        # (a sample table's row whose note frees it: `| Total | 0.0 | ... |  # optional; a row/column without a stop id
        # is ignored`, its first cell the row's, and the column's of that name; blind p178)
        # (only where the note frees the column too, "a row/column without a stop id is ignored": the key read here is
        # both the row's and the column's; "| Total | ... |  # optional" alone frees neither; review)
        out += [(m.group(1).strip("`*_ "), m.group(2)) for m in _ROW_NOTE.finditer(block)
                if _NOTE_FREES.search(m.group(2)) and not _REQUIRED.search(m.group(2))
                and re.search(r"\bcolumns?\b", m.group(2), re.IGNORECASE)]
    return out


# Acceptance scenarios written Given/When/Then (Gherkin): a scenario whose outcome says the answer still passes,
# "Given the file also has a [head_m] table, comments and an iterations key ... Then the check still passes",
# states what the grader tolerates; the keys a Given step adds are extra, whatever the prompt says of them elsewhere
# (blind p193). Not a scenario whose outcome also fails, rejects or excepts something ("still passes for the other
# keys, but `debug` is reported as invalid"), nor one whose When changes the answer ("When the `debug` key is
# deleted"); not a step that denies ("no extra `debug` key") or speaks of an input ("the input meters.csv also has
# an extra `comment` column"); only names a step adds as keys ("extra decimal places in `total_kwh`" adds none).
_STILL_PASSES = re.compile(r"\bstill\s+(?:passes|pass|accepted|scores?\s+(?:1(?:\.0)?|full|100))\b|"
                           r"\b(?:passes|is\s+accepted)\s+(?:anyway|as\s+well|all\s+the\s+same)\b", re.IGNORECASE)
_NOT_PASSING = re.compile(r"\bfail\w*|\breject\w*|\bnot\s+(?:pass|accepted)\b|\berrors?\b|\bmust\s+not\b|\binvalid\b|"
                          r"\bwrong\b|\bbut\b|\bexcept\b|\bunless\b|\bpenali[sz]\w*|\bwarn\w*", re.IGNORECASE)
_CHANGES = re.compile(r"\b(?:delet|remov|drop|renam|replac|chang|alter|emptied|blank|truncat|swapp|misspell)\w*|"
                      r"\bset\s+to\b", re.IGNORECASE)
_DENIES = re.compile(r"\b(?:no|not|without|never|none|neither|nor)\b|n't\b", re.IGNORECASE)
_OF_INPUT_STEP = re.compile(r"\binputs?\b|\bworkspace\b|\bsource\b|\bprovided\b", re.IGNORECASE)
# what a Given step adds: "the file also has ...", "an extra `riders` key", "additional columns ..."
_ADDS = re.compile(r"\balso\s+(?:has|have|holds?|contains?|includes?|carr(?:y|ies))\b|\b(?:extra|additional)\b",
                   re.IGNORECASE)
_KEY_NOUN = r"\s+(?:keys?|fields?|columns?|tables?|sections?|properties|attributes)\b"
_ADDED_NAME = re.compile(r"\[([A-Za-z_][\w.-]{0,60})\]|[`\"']([A-Za-z_][\w.-]{0,60})[`\"']" + _KEY_NOUN
                         + r"|\b([a-z_][a-z0-9_]{2,60})" + _KEY_NOUN)


@lru_cache(maxsize=64)
def scenario_extras(text: str) -> tuple[tuple[str, frozenset[str]], ...]:
    """(a Given step's words, the keys it adds) of each step of a scenario whose outcome says the answer still
    passes with them."""
    out: list[tuple[str, frozenset[str]]] = []
    for _, _, steps in scenarios(text):
        said = " ".join(words for kind, words in steps if kind == "Then")
        if not _STILL_PASSES.search(said) or _NOT_PASSING.search(said) \
                or any(kind == "When" and _CHANGES.search(words) for kind, words in steps):
            continue
        for kind, words in steps:
            added = _ADDS.search(words) if kind == "Given" else None
            if added is None or _DENIES.search(words) or _OF_INPUT_STEP.search(words):
                continue
            names = {next(g for g in m.groups() if g)
                     for m in itertools.islice(_ADDED_NAME.finditer(words, added.start()), 40)} - _NOT_KEYS
            if names:
                out.append((words, frozenset(names)))
    return tuple(out)


_SCENARIO_LINE = re.compile(r"^[^\S\n]*(?:Scenario(?:\s+Outline)?|Example)\s*:", re.MULTILINE)


def scenario_passes(sentence: str) -> bool:
    """A scenario read as one sentence (`scenario_steps`) whose outcome says the answer still passes, and
    whose words fail, reject or except nothing: what its steps describe is allowed."""
    return _SCENARIO_LINE.search(sentence) is not None and _STILL_PASSES.search(sentence) is not None \
        and _NOT_PASSING.search(sentence) is None and _CHANGES.search(sentence) is None


def _free_fields(sentence: str) -> list[str]:
    """Fields the sentence says the grader does not take from the artifact, or leaves to the answer."""
    chosen = _ANY_VALUE.findall(sentence)
    if chosen:
        return chosen + [f for f in _free_fields_said(sentence) if f not in chosen]
    return _free_fields_said(sentence)


# ("the Note column": a table's column by its header, unquoted, capitalised as the header is; only as the subject the
# sentence opens with, after an item's label: not "We compare the Total column exactly and the Note column is not
# graded", nor "Unlike the Total column, ..."; review)
_COLUMN_NAMED = re.compile(r"^[\s*>|-]*(?:[\w ]{1,20}:[^\S\n]*)?the\s+([A-Z][\w-]{0,40})\s+column\b(?![^.;]{0,80}\b(?:must|"
                           r"exactly|compared|checked|graded|required)\b(?![^.;]{0,20}\bnot\b))")


def _free_fields_said(sentence: str) -> list[str]:
    if _FREE.search(sentence):
        return _FIELD.findall(sentence) + _COLUMN_NAMED.findall(sentence)
    if _FREE_FORM.search(sentence):
        return _FREE_FORM.findall(sentence) + _FIELD_IGNORED.findall(sentence) + _recomputed(sentence)
    return _FIELD_IGNORED.findall(sentence) + _recomputed(sentence) + [
        f for m in _ALLOWED_IGNORED.finditer(sentence) for f in _FIELD.findall(m.group(1))]


def _recomputed(sentence: str) -> list[str]:
    """Fields the sentence says the grader re-evaluates, recomputes or ignores."""
    found: list[str] = []
    if _GRADER.search(sentence):
        # Only the verb's object or subject: "re-evaluates `f` on your `x`" frees `f`, not `x`.
        found += _OWN_OBJECT.findall(sentence) + _OWN_SUBJECT.findall(sentence)
        lead = _LEAD_FIELD.match(sentence)
        if lead and re.search(r"\bgrader\s+(re-?\w+|ignores)\s+(it|this|them)\b", sentence, re.IGNORECASE):
            found.append(lead.group(1))
    return found


# The keys a grant lists right after its noun: "extra columns (vendor, amounts, ...)", "other keys such as
# `note` or `debug`": those very keys are what the grant allows.
_LISTED = re.compile(r"\s*(?:\(([^()]{1,200})\)|,?\s*(?:such\s+as|like|e\.\s?g\.,?|for\s+(?:example|instance),?)\s+"
                     r"([^;.()]{1,200}))")
_ITEM = re.compile(r"^[`\"']?([A-Za-z_][\w.-]{0,60})[`\"']?$")
_NOT_KEYS = frozenset("the and you your how many much what which that this these those with for from into onto "
                      "per its it's are was were has have had been being any all some each every one two three "
                      "little few more most other extra key keys field fields column columns value values".split())
# "other keys if you want to show your working (a schedule, per-contract amounts, whatever)", "other columns you
# find useful (product, chiller, a note…)": the list after
# a short clause of what the keys are for (blind p84)
_PURPOSE_LISTED = re.compile(r"\s+(?:if|to|so|when|for|that|you)\b[^.;:()\u2014\u2013]{0,60}?\(([^()]{1,200})\)", re.IGNORECASE)
# (a bracket of the keys the grant keeps, not frees: "(only `depot` ... are graded)", "(beyond ...)", "(keep
# ... as described)", "(but `bin` must still be a string)")
_KEPT_KEYS = re.compile(r"\b(?:only|beyond|besides|except|other\s+than|apart\s+from|keep|graded|checked|required|"
                        r"mandatory|as\s+described|as\s+above|listed\s+above|must\s+still|grader|checker|checks|"
                        r"compares|grades|scored|scores|looks\s+at|we\s+(?:grade|check|compare|read|score))\b|^\s*but\b",
                        re.IGNORECASE)
_ASIDE = re.compile(r"[^.;:\u2014\u2013]{0,40}?\s(?:\u2014|\u2013|--?)\s([^.;\u2014\u2013]{1,200}?)\s(?:\u2014|\u2013|--?)\s")


def _defines(line: str, name: str) -> bool:
    """The line starts by naming `name`: a table row's first cell or a list item's lead (`hospital` ...)."""
    return re.match(rf"\s*(?:[|*+-]\s*|\d+\.\s*)?[`\"']{re.escape(name)}[`\"']", line) is not None


def _shown_key(text: str, name: str) -> bool:
    """`text` shows `name` as a key: in backticks or in double quotes (`bins`, `"id"`, a JSON example's "bins")."""
    return f"`{name}`" in text or f'"{name}"' in text


def _granted_names(sentence: str) -> list[str]:
    """The keys a sentence granting other keys lists as examples of them."""
    names: list[str] = []
    for match in [*_OTHER_KEYS.finditer(sentence), *_OWN_KEYS.finditer(sentence), *_ADD_KEYS.finditer(sentence)]:
        if match.group(1) is None:
            continue  # "columns other than (order_id, amount)": what follows is the keys it does not grant
        listed = _LISTED.match(sentence, match.end())
        if listed is None and (purpose := _PURPOSE_LISTED.match(sentence, match.end())) is not None \
                and not _KEPT_KEYS.search(purpose.group(1)):
            listed = purpose  # (not the keys it keeps: "(only `depot` ... are graded)", "to an object (beyond ...)")
        if listed is None:
            # "You may add other keys to a line — an `id` or a picture under `drawing`, say — we
            # ignore them": the names in a dash-set aside right after the grant
            aside = _ASIDE.match(sentence, match.end())
            names += _FIELD.findall(aside.group(1)) if aside else []
            # ("extra keys inside a loan section (e.g. `artwork`) are fine": the quoted examples a few words on,
            # before the grant's verb; blind p95)
            # (starting within 60 characters, running to its clause's end: "extra keys are fine — e.g. a
            # `registered_voters` total per style, or a top-level `election` string — and are ignored"; blind p126)
            example = None if aside else _GRANT_EXAMPLES.search(sentence, match.end(), match.end() + 300)
            example = example if example is not None and example.start() - match.end() <= 60 else None
            names += _FIELD.findall(example.group(0)) if example else []
            continue
        for item in re.split(r",|;|/|\bor\b|\band\b|…|\.\.\.|\betc\b", listed.group(1) or listed.group(2)):
            found = _ITEM.match(item.strip())
            if found:
                names.append(found.group(1))
            else:  # "(for example how many iterations you needed)": the words that could be a key
                words = [w for w in re.findall(r"[A-Za-z_][\w-]{2,}", re.sub(
                    r"^\s*(?:for\s+(?:example|instance)|e\.\s?g\.|such\s+as|like)\b", "", item))
                    if w.lower() not in _NOT_KEYS]
                names += words
                if 2 <= len(words) <= 3:  # ("e.g. the offered load": an `offered_load` key too; blind p38)
                    names.append("_".join(w.lower() for w in words))
    return names


# Clauses a refusal stays inside: "extra keys inside a loan section are fine, and comments are fine — but no
# other sections" grants the keys (blind p95); "other keys are rejected; comments are fine" grants none.
_BUT_SPLIT = re.compile(r"\bbut\b|;")


def _keys_said(text: str) -> bool:
    return bool(_OTHER_KEYS.search(text) or _OWN_KEYS.search(text) or _ADD_KEYS.search(text))


# Another part a refusing clause may speak of, which leaves the keys' grant as it was ("but no other sections")
_OTHER_PART = re.compile(r"\b(?:sections?|tables?|headings?|titles?|lines?|rows?|comments?|prose|whitespace|"
                         r"indentation|order|bullets?|files?\s+(?:in|under|beside))\b", re.IGNORECASE)
# ... and what refuses the keys in a clause of their own ("but remove them before you submit", "but the file must
# contain only `offers`", "but not at the top level"; never "but only `offers` is graded", which frees the rest,
# nor "but delete temporary files"; review)
_TAKEN_BACK = re.compile(r"\b(?:must|should|shall|may)\s+(?:contain|have|hold|list)\s+only\b|"
                         r"\b(?:remove|delete|drop|strip)\s+(?:them|those|these|it|such)\b|"
                         r"\bnot\s+(?:at|in|inside|on)\s+the\b", re.IGNORECASE)


def _keys_refused(sentence: str, said=_keys_said) -> bool:  # noqa: ANN001
    """The sentence refuses other keys: a clause speaking of them (`said`) refuses them, or another clause
    refuses something and speaks of no other part ("Extra keys are fine while you work, but the grader rejects
    them")."""
    if not said(sentence):
        return False
    for clause in _BUT_SPLIT.split(sentence):
        if said(clause):
            if _REFUSE.search(clause):
                return True
        elif (_REFUSE.search(clause) or _TAKEN_BACK.search(clause)) and not _OTHER_PART.search(clause) \
                and not _ABOUT_TOOLS.search(clause):
            return True
    return False


# (a clause about what a tool can do refuses no key: "Extra keys and comments are fine; the standard library
# can't write TOML, so hand-format it"; blind p149. "..., but the delivered CSV cannot have any" still refuses)
_ABOUT_TOOLS = re.compile(r"\b(?:library|libraries|stdlib|module|package|parser|hand-?format\w*|by\s+hand|"
                          r"can(?:no|')t\s+(?:write|parse|read|handle|emit|serialis\w*|serializ\w*))\b", re.IGNORECASE)


@lru_cache(maxsize=64)
def keys_closed(text: str) -> bool:
    """The prompt closes the output's keys: "exactly these keys", "no other keys", "extra keys are rejected"."""
    # (of other keys only: "derive your own fields ... rather than copying `sample.csv`, which would be wrong"
    # refuses no key; blind p40)
    # (not a sentence that closes the names' spelling and grants the output others: "header names have to be
    # exactly those (case doesnt matter), column order doesnt matter, extra cols are fine"; blind p156)
    return any(_CLOSED_KEYS.search(s) is not None and not _grants_other_keys(s)
               or _keys_refused(s, _OTHER_KEYS.search) for s in _sentences(text))


# A refusal of other keys at the top level only: "no other top-level keys", "extra top-level keys are rejected"
_TOP_REFUSAL = re.compile(r"\b(?:other|extra|additional|further|unknown)\s+top[- ]level\s+(?:keys|fields|properties|"
                          r"tables|entries|sections)\b", re.IGNORECASE)


@lru_cache(maxsize=64)
def inner_grant(text: str) -> str:
    """The clause granting other keys inside the answer's records ("Extra keys inside a table (sample size, SSE,
    ...) are allowed and ignored"), as the prompt writes it, where every sentence that closes the keys closes the top
    level's only ("...; no other top-level keys"): the keys inside stay open (blind p206). "" otherwise."""
    grant = ""
    for sentence in _sentences(text):
        clauses = _BUT_SPLIT.split(sentence)
        closing = [c for c in clauses if _CLOSED_KEYS.search(c) or _keys_refused(c, _OTHER_KEYS.search)]
        if (closing or _CLOSED_KEYS.search(sentence) or _keys_refused(sentence, _OTHER_KEYS.search)) and (
                not closing or any(_TOP_REFUSAL.search(c) is None for c in closing)):
            return ""  # (a closing that is not the top level's alone: "... inside `meta` but not at the top level")
        for clause in clauses:
            if not grant and clause not in closing and _SCOPED_GRANT.search(clause) and _grants_other_keys(clause):
                grant = clause.strip()
    return grant


def _grants_other_keys(sentence: str) -> bool:
    """The sentence allows keys (fields, columns) the prompt does not list in the output, and refuses them
    nowhere (the grant's word may stand in another clause: "add extra keys ...; they are ignored")."""
    # (an acceptance scenario whose outcome says the answer still passes: "Scenario: layout is free; ... extra
    # columns (for example which requirement binds) are present ...; the check still passes"; blind p197)
    scenario = scenario_passes(sentence)
    if not (_keys_said(sentence) and (_GRANT.search(sentence) or scenario)):
        return False
    # (a lenient word is the grader's only where the grader, the marker or "we" says it: "The legacy importer does
    # not mind extra keys; the grader checks ... exactly `customer`" grants nothing; review)
    if not _GRANT_WORDS.search(sentence) and not _LENIENT_SUBJECT.search(sentence) and not scenario:
        return False
    # (of the clauses that name keys: "... extra columns (gallery, contents) ...; every case in `cases.csv` must
    # appear exactly once" grants the output's columns, whatever input the other clause names; blind p160)
    said = [clause for clause in sentence.split(";") if _keys_said(clause)] or [sentence]
    if all(_INPUT_SIDE.search(clause) and not _OUTPUT_SIDE.search(clause) for clause in said):
        return False
    return not _keys_refused(sentence)


_FILE = re.compile(r"(?<![\w./-])([\w./-]+\.(?:jsonl|json|csv|tsv|txt|ya?ml|xml|md|py|log))\b", re.IGNORECASE)
_WRITE = re.compile(r"\b(write|writes|output|save|produce|create|emit|generate|put)\b[^.\n]{0,60}?`([\w./-]+\.\w+)`",
                    re.IGNORECASE)


def _written_files(text: str) -> frozenset[str]:
    """The file names the prompt asks the author to write ("Write `out/irr.csv` with ...", "Output
    `report.md`"), by their last part."""
    return frozenset(match.group(2).rsplit("/", 1)[-1].lower() for match in _WRITE.finditer(text))


def _of_inputs_only(sentence: str, written: frozenset[str], section: str | None = None) -> bool:
    """The sentence names files, none of them one the prompt asks to write, and no output: what it
    says of order is said of an input ("each project in `cashflows.csv` (...; rows are unordered)").
    Where the prompt's headings say whose the sentence is (`section`, see _section_kinds), they decide: one
    under "## Output: `returns.csv`" is the output's whatever input it names ("one row per object in
    `cashflows.csv`, rows in any order"), one under "## Inputs" is the input's unless it names the output
    ("Rows are not sorted"; blind p130)."""
    names = {name.rsplit("/", 1)[-1].lower() for name in _FILE.findall(sentence)}
    if section == "output":
        # (unless an input file is what the sentence speaks of, not where its records come from: "Note: `sales.csv`
        # rows come in any order" under "## Output", not "one row per object in `cashflows.csv`"; review)
        return bool(names) and not names & written and not (_OUTPUT_SIDE.search(sentence) or _OUTPUT.search(sentence)) \
            and any(not _FROM_INPUT.search(sentence[:m.start()]) and m.group(1).rsplit("/", 1)[-1].lower() not in written
                    for m in _FILE.finditer(sentence))
    if section == "input":
        return not (_OUTPUT_SIDE.search(sentence) or _OUTPUT.search(sentence) or names & written)
    if not written or _OUTPUT_SIDE.search(sentence) or _OUTPUT.search(sentence):
        return False
    return bool(names) and not names & written


# the words before a file's name that make it where the records come from ("one row per object in `x.csv`")
_FROM_INPUT = re.compile(r"\b(?:in|from|of|per|across|within|by|than|as|to|against|with)\s+[`'\"]?$", re.IGNORECASE)
_HEADING = re.compile(r"^[ \t]{0,3}(#{1,6})[ \t]+(.*?)[ \t#]*$")
# A heading over what the answer must be ("Output: `returns.csv`", "Deliverable", "Answer format", "What to
# submit"), or over what the task gives ("Inputs", "Input data", "Files you have", "The data").
_OUTPUT_HEADING = re.compile(r"[\s\d.)]*(?:the\s+|your\s+)?(?:outputs?|deliverables?|answers?|results?|submission|"
                             r"submit|expected\s+output|report\s+format|(?:file|output|answer)\s+format|format|"
                             r"what\s+to\s+(?:write|produce|deliver|hand\s+in|return))\b", re.IGNORECASE)
# (a heading that is these words, maybe then a colon and a file: never a title that has one of them, "Clean up the
# sensor data"; review)
_INPUT_HEADING = re.compile(r"[\s\d.)]*(?:the\s+|your\s+)?(?:inputs?(?:\s+(?:data|files?))?|data(?:\s+files?)?|"
                            r"given|provided(?:\s+files?)?|workspace(?:\s+files?)?|files(?:\s+you\s+(?:get|have))?|"
                            r"what\s+you\s+(?:get|have))\s*(?:$|[:(\u2013\u2014-])", re.IGNORECASE)


def _sections(text: str) -> list[tuple[re.Match | None, str]]:
    """The text cut at its Markdown headings (none inside a fenced block): (heading, the body under it), the body
    above the first heading with None."""
    out: list[tuple[re.Match | None, str]] = []
    heading: re.Match | None = None
    body: list[str] = []
    fenced = False
    for line in text.splitlines():
        if line.lstrip().startswith("```"):
            fenced = not fenced
        found = None if fenced else _HEADING.match(line)
        if found is None:
            body.append(line)
            continue
        out.append((heading, "\n".join(body)))
        heading, body = found, []
    out.append((heading, "\n".join(body)))
    return out


def _section_kinds(text: str, written: frozenset[str]) -> dict[str, str]:
    """Whose each sentence is by the Markdown heading it stands under: "output" under a heading that
    names the output (its words, or a file the prompt asks to write), "input" under one that names
    only the inputs; a subheading with neither word takes its parent's. A sentence met under both
    kinds, or under neither, is not in the map."""
    kinds: dict[str, set[str]] = {}
    stack: list[tuple[int, str | None]] = []
    for heading, body in _sections(text):
        if heading is not None:
            level, title = len(heading.group(1)), heading.group(2)
            names = {name.rsplit("/", 1)[-1].lower() for name in _FILE_NAME.findall(title)}
            # (the document's title, a level-1 heading, names no section: "# Clean up the sensor data"; review)
            output = level > 1 and (_OUTPUT_HEADING.match(title) is not None or bool(names & written))
            given = level > 1 and (_INPUT_HEADING.match(title) is not None or bool(names - written))
            while stack and stack[-1][0] >= level:
                stack.pop()
            kind = "output" if output and not given else "input" if given and not output else None
            if kind is None and not output and not given and stack:
                kind = stack[-1][1]
            stack.append((level, kind))
        kind = stack[-1][1] if stack else None
        if kind is not None and body:
            for sentence in _sentences(body):
                kinds.setdefault(_plain(sentence), set()).add(kind)
    return {sentence: next(iter(found)) for sentence, found in kinds.items() if len(found) == 1}


_EMPHASIS = re.compile(r"(?<![\w*])(\*{1,2})(?=\S)([^*\n]{1,80}?)(?<=\S)\1(?![\w*])")


# (a sentence whose subject is the file's lines or rows: "Lines may be in any order."; not "Tanks may appear in any
# order in the file", said of the heading's tanks; review)
_FILE_PARTS = re.compile(r"^\W*(?:the\s+|its\s+|all\s+)?(?:output\s+|file['\u2019]s\s+)?(?:lines?|rows?|records?)\b",
                         re.IGNORECASE)
_HEADING_KEY = re.compile(r"`\[{0,2}([A-Za-z_][\w-]*)\]{0,2}`")


@functools.lru_cache(maxsize=64)
def _heading_keys(text: str) -> dict[str, tuple[str, ...]]:
    """Each sentence under a Markdown heading that names one key in backticks (`[[rejected]]`, `tanks`, not a file
    name), to that key (the heading right above it; a deeper heading naming none ends it); a sentence said under two
    such headings, to both ("Entries may be in any order." under `[[tanks]]` and `[[rejected]]`; review). Not a
    sentence about the file's lines, rows or records ("Lines may be in any order." under the last heading; review)."""
    out: dict[str, tuple[str, ...]] = {}
    for heading, body in _sections(text):
        names = set(_HEADING_KEY.findall(heading.group(2))) if heading is not None else set()
        if len(names) != 1 or not body:
            continue
        key = names.pop()
        for sentence in _sentences(body):
            plain = _plain(sentence).strip()
            if not _FILE_PARTS.search(plain) and key not in out.get(plain, ()):
                out[plain] = (*out.get(plain, ()), key)
    return out


def _plain(sentence: str) -> str:
    """The sentence without Markdown emphasis: "the order of the names *inside* a wave" reads as its words."""
    return _EMPHASIS.sub(r"\2", sentence) if "*" in sentence else sentence


# What makes a clause: a stated order after "but" or ";" is said of something else ("the names inside a
# wave in any order; the waves themselves in order 0, 1, 2").
_CLAUSE_END = re.compile(r";|,\s*(?:and|but|while|whereas)\b|\bbut\b|[():]|\s[-\u2013\u2014]\s")
_INSIDE = re.compile(r"\b(?:inside|within)\b|\b(?:in|of)\s+(?:each|every)\b|\b[A-Za-z]+['\u2019]s\s+[A-Za-z]",
                     re.IGNORECASE)
_KEY_ORDER = re.compile(r"\b(?:keys?|fields?|columns?|properties|attributes|members\s+of\s+an\s+object)\b",
                        re.IGNORECASE)
_LISTS = re.compile(r"\b(?:lists?|arrays?)\b", re.IGNORECASE)


_EVERYWHERE = re.compile(r"\s*(anywhere|everywhere|at\s+(?:any|all|every)\s+levels?|at\s+any\s+depth)\b",
                         re.IGNORECASE)


def _order_clauses(sentence: str) -> list[tuple[str, bool]]:
    """Each place the sentence says an order is free: (its clause up to there, whether it is said of
    something inside another: "inside"/"within", "in each", "each team's members")."""
    out = []
    ends: list[int] | None = None  # where each clause ends, found once (a rescan per match: 67 s on a 120 KB prompt)
    for match in _UNORDERED.finditer(sentence):
        if ends is None:
            ends = [m.end() for m in _CLAUSE_END.finditer(sentence)]
        before = bisect.bisect_right(ends, match.start())
        # (a clause of prose is never this long: a run-on one is read back 600 characters, not from its start)
        start = max(ends[before - 1] if before else 0, match.start() - 600)
        clause = sentence[start:match.end()]
        wide = _EVERYWHERE.match(sentence, match.end())  # "Order does not matter anywhere: ..."
        if wide:
            clause += wide.group()
        out.append((" ".join(clause.split())[:200], _INSIDE.search(clause) is not None))
    return out


def _field_scoped(sentence: str, clauses: list[tuple[str, bool]]) -> list[str]:
    """The quoted fields each clause freeing an order names (or the field a definition list's item starts
    with: "* `delivered` — the parcels delivered, in any order"), where every clause names one and none
    speaks of the output's lines, rows or records; [] else."""
    fields: list[str] = []
    lead = _LEAD_FIELD.match(sentence)
    for clause, _ in clauses:
        # (a file's name is no field: "One line per section (every section in `sections.json`, in any order)"
        # frees the lines; blind p110)
        named = [f for f in ([lead.group(1)] if lead else []) + _FIELD.findall(clause) if not _FILE_NAME.fullmatch(f)]
        if not named or _NAMES_ROWS.search(clause):
            return []
        fields += named
    return fields


_FILE_NAME = re.compile(r"[\w./-]+\.(?:jsonl?|csv|tsv|txt|md|ya?ml|toml|ini|xml|html?|sql|log|dat|py)", re.IGNORECASE)
_NAMES_ROWS = re.compile(r"\b(lines?|rows?|records?|entries|output|results?|file|objects)\b", re.IGNORECASE)


# a clause that opens with what it is inside: "Inside a line the ids may come in any order", "Within each group, ..."
# ("Order inside the list is free (we treat it as a set); a bale cannot appear twice in one load": a record's own list,
# not the records; blind p181)
_INSIDE_ONE = re.compile(r"\b(?:inside|within|in)\s+(?:the|a|each|one)\s+(?:list|line|load|record|row|cell|set|entry)\b|"
                         r"\b(?:cannot|can'?t|must\s*n[o']?t|may\s+not|never)\b[^.;]{0,30}\b(?:twice|repeat\w*|duplicat\w*)",
                         re.IGNORECASE)
# (after "Within a region,": the records themselves, "rows may be in any order", whose order it frees in each region: the
# answer's rows; review)
_RECORDS_SUBJECT = re.compile(r"\s*,?\s*(?:the\s+)?(?:rows|lines|records|entries|items|results)\b", re.IGNORECASE)
_INSIDE_FIRST = re.compile(r"[\s*>-]*(?:inside|within|in\s+(?:each|every|a|one))\s+"
                           r"(?!(?:(?:an?|each|every|one|the|this|that|your)\s+)?(?:file|output|csv|tsv|json|jsonl|report|"
                           r"answer|table|document|results?|submission|list|artifact)\b)"
                           r"(?:an?\s+|each\s+|every\s+|one\s+|the\s+)?[A-Za-z-]+\b", re.IGNORECASE)  # ("Within the file, rows may ...": the rows; review)


_ORDER_UNCHECKED = re.compile(r"\b(?:row|line|record|entry|item)s?\s+order\s+(?:is|are|will\s+be)\s+not\s+(?:checked|graded|marked|"
                              r"enforced|scored)\b(?!\s+(?:for|of|in|among|within|between)\b)", re.IGNORECASE)
# (an order the sentence still requires: "..., but ascending id order is checked", "data rows must be sorted by id")
_ORDER_STILL = re.compile(r"\border\s+(?:is|are)\s+(?:checked|enforced|graded|required|compared)\b|\bmust\s+be\s+(?:sorted|ordered)\b|"
                          r"\b(?:must|shall|required|has\s+to|have\s+to)\b", re.IGNORECASE)


def _says_unordered(sentence: str) -> bool:
    """The sentence says the output's order is free (and states no order for it besides)."""
    if _UNORDERED.search(sentence):
        if _ORDER_UNCHECKED.search(sentence):
            # ("Rows SHOULD be in alphabetical order of branch; row order is not checked": advice; p349. Not where the
            # sentence still requires an order, "... must be sorted by id", "but ascending id order is checked"; review)
            return not _ORDER_STILL.search(sentence)
        rest = _ONLY_ORDER_DIFFERS.sub(" ", _UNORDERED.sub(" ", sentence))
        return not (_ORDER_KEPT.search(rest) and not _BY_GRADER.search(rest))
    if not _NO_PARTICULAR.search(sentence) or not _TO_THE_AUTHOR.search(sentence):
        return False
    return not (_INPUT.search(sentence) and not _OUTPUT.search(sentence))


# "key order inside a line doesn't matter", "the order of keys inside an object does not matter": the order of a
# record's keys, never of the records (blind p99: a too-strict warning on records swapped in a JSONL answer)
# ("The order of keys in any object doesn't matter either": of keys only, never a list's items; blind p327)
_KEY_ORDER_FREE = re.compile(
    r"(?:\b(?:key|field|column|property|attribute)s?\s+order|\border\s+of\s+(?:the\s+)?(?:keys|fields|columns|"
    r"properties|attributes))(?:\s+(?:inside|within|in)\s+(?:an?\s+|any\s+|each\s+|the\s+|every\s+)?(?:[\w-]+|`\[\[?[\w.-]+\]\]?`(?:\s+(?:table|entry|entrie|section)s?)?))?\s+"
    r"(?:does|do|is|are|doesn|don)\b", re.IGNORECASE)


def _key_order_only(sentence: str) -> bool:
    """The only order the sentence frees is that of a record's keys."""
    return _KEY_ORDER_FREE.search(sentence) is not None and len(re.findall(r"\border\b", sentence, re.IGNORECASE)) == 1


# an order denied ("Batches arrive out of order, so the file is not sorted by time"; blind p370): no order stated
_DENIED_ORDER = re.compile(r"\b(?:not|never|n[o']t)\s+(?:be\s+|been\s+|yet\s+)?(?:sorted|ordered|in\s+(?:any\s+)?order)\b|"
                           r"\bout\s+of\s+order\b|\bunsorted\b", re.IGNORECASE)


def _states_output_order(sentence: str, section: str | None = None) -> bool:
    if not _ORDER_STATED.search(_DENIED_ORDER.sub(" ", sentence)) or _says_unordered(sentence):
        return False
    if section == "input" and not (_OUTPUT_SIDE.search(sentence) or _OUTPUT.search(sentence)):
        return False  # ("## Inputs ... Rows are not sorted."; blind p130)
    if _INPUT.search(sentence) and not _OUTPUT.search(sentence):
        return False
    # (an instruction to the author naming no output word: "Order the options by number of pieces, fewest first"; not
    # of what is read, "Sort the events by time before replaying them"; blind p241)
    return bool(_FIELD.search(sentence) or _NAMES_OUTPUT.search(sentence)
                or (_ORDER_VERB.match(sentence) and not _READ_WORDS.search(sentence)))


_DIRECTION = re.compile(r"\bfrom\s+the\s+(?:[\w-]+\s+){0,2}?(?:upwards?|downwards?)|\b(?:bottom|top)[- ]to[- ](?:top|bottom)\b",
                        re.IGNORECASE)
_ORDER_VERB = re.compile(r"[\s*>-]*(?:order|sort|rank|list)\s+(?:the|them|these|your|all)\b", re.IGNORECASE)
_READ_WORDS = re.compile(r"\b(?:inputs?|given|provided|read|reading|before|replay\w*|process\w*|events?)\b", re.IGNORECASE)


_ARTICLES = frozenset({"a", "an", "the", "each", "every", "one", "any"})
_CONTAINING = frozenset({"of", "in", "within", "inside", "per", "for", "from", "across", "between"})
_ARRAY_OF = re.compile(r"\b(?:array|list|sequence)\s+of\s+(?:the\s+|its\s+|all\s+)?([A-Za-z][A-Za-z-]{2,30})\b",
                       re.IGNORECASE)
_ONE_PER = re.compile(r"\bone\s+(?:(?:row|line|record|entry|object)\s+per\s+([A-Za-z][A-Za-z-]{2,30})|"
                      r"([A-Za-z][A-Za-z-]{2,30})\s+per\s+(?:line|row))\b", re.IGNORECASE)


_WORD = re.compile(r"[A-Za-z][A-Za-z-]*(?:['’](?:s\b)?)?")  # with a possessive: "group's", "groups'"
_ABOUT_INPUT = re.compile(r"\b(inputs?|given|provided)\b", re.IGNORECASE)


_LEFT_OUT = re.compile(r"\b(?:are|is)\s+optional\b|\b(?:list|include|put)\s+them\s+(?:in\s+)?or\s+(?:leave|omit)\s+them\s+out\b|"
                       r"\b(?:may|can)\s+be\s+(?:left\s+out|omitted)\b", re.IGNORECASE)
# an answer to a question about some records, its subject only the question's: "Now, rows where the variance is exactly
# zero. Theo?" / "Optional. Put them in or leave them out, both are fine." (blind p377's podcast)
_JUST_OPTIONAL = re.compile(r"[\W_]*(?:\[[^\]\n]{0,20}\][\W_]*)?(?:[A-Z][\w.-]{0,20}[\W_]{0,4}:[\W_]*)?(?:optional\b(?!\s*:)|(?:list|include|put)"
                            r"\s+them\s+(?:in\s+)?or\s+(?:leave|omit)\s+them\s+out\b)", re.IGNORECASE)
# the records a question asks about: "rows where the variance is exactly zero", "lines with no reading"
_SOME_RECORDS = re.compile(r"\b(?:rows|lines|records|entries)\s+(?:where|with|whose|that|for\s+which|without)\b",
                           re.IGNORECASE)


def _optional_records(text: str, nouns: frozenset[str]) -> str:
    """The sentence saying some of the answer's records (what it calls them: `nouns`) may be left out, its subject
    those records ("Itineraries that use one or more on-request sailings are optional"), not a field ("`note` is
    optional") nor every record of a kind the prompt requires; else ""."""
    if not nouns:
        return ""
    said = _sentences(text)
    for at, sentence in enumerate(said):
        if _JUST_OPTIONAL.match(sentence) and "`" not in sentence[:40] and not _REFUSE.search(sentence):
            asked = next((s for s in said[max(0, at - 2):at][::-1] if (m := _SOME_RECORDS.search(s)) is not None
                          and len(_WORD.findall(s[:m.start()])) <= 4 and not _REQUIRED.search(s)
                          and not re.search(r"\bmust\b", s, re.IGNORECASE)), None)
            if asked is not None:
                return " ".join(f"{asked} {sentence}".split())[:200]
        found = _LEFT_OUT.search(sentence)
        if found is None or "`" in sentence[:found.start()]:
            continue
        subject = _WORD.findall(sentence[:found.start()])[:12]
        if any(singular(w.lower()) in nouns for w in subject[:3]) and not _REFUSE.search(sentence[:found.start()]):
            return " ".join(sentence.split())[:200]
    return ""


def _record_nouns(text: str) -> frozenset[str]:
    """What the prompt calls the output's records: the first "array of X" (the top level is described
    before what is inside it: "an array of groups, each group an array of its words"), and every "one
    row per X" or "one X per line"; read in the sentences addressed to the output's author ("Write
    `groups.json`: ...") where they name any, for an input has records too ("`words.txt` is a list of
    words, one word per line"), else in the whole prompt."""
    spoken = "\n".join(s for s in _sentences(text) if _TO_THE_AUTHOR.search(s) and not _ABOUT_INPUT.search(s))
    for part in (spoken, text):
        nouns = {singular(n) for m in _ONE_PER.finditer(part) for n in m.groups() if n}
        first = _ARRAY_OF.search(part)
        if first is not None:
            nouns.add(singular(first.group(1)))
        if nouns:
            return frozenset(nouns)
    return frozenset()


def _unnamed(text: str, name: str) -> str:
    """`text` with each whole mention of the key `name` blanked: a mention that names no key the answer must hold."""
    return re.sub(rf"(?<![\w.-]){re.escape(name)}(?![\w-])", " ", text)


# "any subject order", "whatever stop order is fine": a noun between (_any_named_order reads whether it names records)
_ANY_NAMED_ORDER = re.compile(r"\b(?:any|whatever|arbitrary)\s+([A-Za-z][A-Za-z_]{2,30})\s+order\b(?=\s*(?:[;,.)]|$|"
                              r"(?:is|are)\s+(?:fine|ok|okay|accepted|allowed)\b))", re.IGNORECASE)


def _any_named_order(sentence: str, text: str) -> tuple[str, str]:
    """(the name as the prompt shows it as a key or a table, the noun the sentence says) of the records whose order
    the sentence frees: "any
    subject order" beside `[[subject]]` or `doc["subject"]` (blind p287's doctest comment): `subject`. ("", "") for a noun
    the prompt never shows so ("any purchase order,": an order of the domain), for keys, columns or fields (their
    order in a record), and where the sentence says not ("sorted by `eta`, not in any stop order"; review)."""
    found = _ANY_NAMED_ORDER.search(sentence)
    if found is not None and re.search(r"\b(?:not|never|nor)\b(?:\s+\w+)?\s*$", sentence[max(0, found.start() - 20):found.start()],
                                       re.IGNORECASE):
        return "", ""  # ("not in any stop order", "not by any stop order"; review)
    if found is None or re.fullmatch(r"(?:key|column|field|attribute|property|sort|particular|specific|given|other)s?",
                                     found.group(1), re.IGNORECASE):
        return "", ""
    name = re.escape(found.group(1))
    shown = re.search(rf"\[\[\s*({name}s?)\s*\]\]|\[\s*[\x22']({name}s?)[\x22']\s*\]|`({name}s?)`|[\x22']({name}s?)[\x22']\s*:",
                      text[:200_000])
    return (next(g for g in shown.groups() if g), found.group(1)) if shown else ("", "")


# a question asking leave, "Q: May I add extra keys, like the method or iteration count?", answered yes on its next line
# (not "Should we include ...? Yes": a requirement; nor a yes that goes on to say it is required or checked; review)
_LEAVE_ASKED = re.compile(r"\b(?:may|can|could)\s+(?:I|we)\s+((?:also\s+)?(?:add|include|write|keep|put|leave|"
                          r"output|emit|list|use)\b[^?\n]{0,200})\?(\s*\n[ \t>*_]*(?:A[.:)][ \t]*)?)(?:yes|sure|absolutely|yep|"
                          r"of\s+course)\b[ \t]*[.,!:;\u2014-]*[ \t]*", re.IGNORECASE)
# "Q. Does the order of the rows matter? / A. No." (blind p358's deposition): the order the question names is free
_ORDER_ASKED = re.compile(r"\b(?:does|do|will|would|should)\s+((?:the\s+)?(?:[\w-]+\s+){0,2}order(?:\s+of\s+[^?\n]{1,60})?)"
                          r"\s+matter\?(\s*\n[ \t>*_]*(?:A[.:)][ \t]*)?)(?:no|nope|not\s+at\s+all|it\s+doesn'?t)\b"
                          r"[ \t]*[.,!:;\u2014-]*[ \t]*", re.IGNORECASE)
_ORDER_BUT = re.compile(r"\b(?:but|except|however|although|though|unless|apart\s+from|must|required|sorted|ordered|order\s+by)\b",
                        re.IGNORECASE)
# a transcript's page:line numbers opening its lines, `  7:22  Q.  Does ...` (blind p358): a sentence runs across them
_LINE_NUMBERED = re.compile(r"^[ \t]*\d{1,3}:\d{1,2}(?:[ \t]{2,}|\t|[ \t]*$)", re.MULTILINE)


def unnumbered(text: str) -> str:
    """`text` without the page:line numbers a transcript opens most of its lines with (`  7:22  Q.  Does the order
    ...`), so that a sentence running over two lines reads as one ("Order\n 20:23  doesn't matter"; blind p358)."""
    if len(text) > 200_000:
        return text
    found = len(_LINE_NUMBERED.findall(text))
    if found < 10 or found * 2 < sum(1 for line in text.splitlines() if line.strip()):
        return text
    return _LINE_NUMBERED.sub("", text)
# what a yes goes on to say that makes the answer a requirement: "Yes, you must: the grader checks it" (not "Yes - they
# are not graded", "Yes, nobody checks them"; review)
_YES_BUT = re.compile(r"\b(?:must|required|mandatory|needed|need\s+to|have\s+to|checks?|checked|graded|compared|"
                      r"verified)\b", re.IGNORECASE)
_DENIED = re.compile(r"\b(?:not|no|nobody|never|nothing|none)\b|n['\u2019]t\b", re.IGNORECASE)


def _answered(text: str) -> str:
    """`text` with each question asking leave that the next line answers yes to written as a statement: "Q: May I
    add extra keys, like the method or iteration count? / Yes. Extra keys and extra tables are ignored" reads "Q: You
    may add extra keys, like the method or iteration count." (an FAQ's grant names its examples in the question;
    blind p285). A question answered otherwise stays a question."""
    if "?" not in text:
        return text

    def said(m: re.Match[str]) -> str:
        after = re.split(r"[.\n]", text[m.end():m.end() + 120], maxsplit=1)[0]
        required = _YES_BUT.search(after)
        if required and not _DENIED.search(after[:required.start()]):
            return m.group(0)
        return f"you may {m.group(1)}.{m.group(2)}"
    def no_order(m: re.Match[str]) -> str:
        # (not "No, but within each team rows must be sorted by `priority`": an order after all; review)
        after = re.split(r"\n\s*\n|\n[ \t>*_]*Q[.:)]", text[m.end():m.end() + 200], maxsplit=1)[0]
        if _ORDER_BUT.search(text[m.start(2):m.end()] + after):
            return m.group(0)
        return f"{m.group(1)} does not matter.{m.group(2)}"
    head = _ORDER_ASKED.sub(no_order, text[:200_000])
    return _LEAVE_ASKED.sub(said, head) + text[200_000:]


# a heading or a bold label over a list of what the grader leaves alone: "### Not graded (no points lost)", "**Not
# checked:**", "## What we don't grade" (blind p360's rubric)
_UNGRADED_HEAD = re.compile(r"^[ \t]*(?:#{1,6}[ \t]+|\*\*|__)?(?:not[ \t]+(?:graded|marked|checked|scored|assessed)|ungraded|"
                            r"unmarked|what[ \t]+(?:we|the[ \t]+grader)[ \t]+(?:don'?t|do[ \t]+not|won'?t|will[ \t]+not|"
                            r"never)[ \t]+(?:grade|check|mark|score|look[ \t]+at))\b[^\n]{0,60}$", re.IGNORECASE | re.MULTILINE)
_BULLET = re.compile(r"([ \t]*(?:[-*+]|\d{1,2}[.)])[ \t]+)(\S[^\n]*)")


def _ungraded_lists(text: str) -> str:
    """`text` with each item of a list under a heading (or bold label) that says the grader leaves its items alone
    opening with "Not graded:", so that the rules reading one sentence read that too ("### Not graded (no points lost)"
    over "- Any other text: headings, notes on convergence"; blind p360). The list ends at a line that is neither an item,
    nor an item's indented continuation, nor blank."""
    if len(text) > 200_000 or not _UNGRADED_HEAD.search(text):
        return text
    lines = text.split("\n")
    out, under = [], False
    for line in lines:
        if _UNGRADED_HEAD.fullmatch(line):
            under = True
        elif under and (item := _BULLET.fullmatch(line)) is not None:
            line = f"{item.group(1)}Not graded: {item.group(2)}"
        elif under and line.strip() and not line.startswith((" ", "\t")):
            under = False
        out.append(line)
    return "\n".join(out)


@lru_cache(maxsize=64)
def read_prompt(text: str) -> PromptAllows:
    """Read the prompt's own words about order, optional fields and tolerances (about 1 ms a prompt,
    asked for by every fuzz kind's search: kept per text; PromptAllows is frozen)."""
    text = _answered(_ungraded_lists(dotted_leaders(unnumbered(text))))
    written = _written_files(text)
    sections = _section_kinds(text, written)
    optional: set[str] = set()
    free: set[str] = set()
    ordered: list[str] = []
    order_sentences: list[str] = []
    unordered_sentences: list[str] = []
    order_clauses: list[tuple[str, bool]] = []
    set_sentences: list[str] = []
    copies_agree = comments_said = extra_records = ""
    field_unordered: set[str] = set()
    general_unordered = False
    once = False
    quota: tuple[int, int, str] | None = None
    threshold = ""
    typed: set[str] = set()
    recomputed: set[str] = set()
    declared: set[str] = set()
    grants: list[str] = []
    naming: list[str] = []
    closed = keys_closed(text)
    grants_free = False
    granted: set[str] = set()
    extras = scenario_extras(text)
    for _, names in extras:
        granted.update(names)
        optional.update(names)
        free.update(names)
    last = ""
    fenced = tuple(fenced_blocks(text)[0])
    # ("anything with a name I didn't list" frees no line where the prompt's format gives names as data, `<region>:
    # <units>`: those names are the answer's records; review)
    data_names = _DATA_NAMES.search(text) is not None
    for sentence in map(_plain, _sentences(text)):
        if not closed and _grants_other_keys(sentence) and not (data_names and _UNLISTED_NAME.search(sentence)
                                                                 and not _OTHER_KEYS.search(_UNLISTED_NAME.sub(" ", sentence))):
            grants.append(" ".join(sentence.split())[:160])
            sentence_names = _EXAMPLES.sub(" ", sentence)
            said_free = _FREE.search(sentence) is not None or re.search(
                r"\b(ignored|disregarded|skipped)\b|\b(grader|checker|we)\s+(ignores?|skips?|disregards?)\b|"
                # ("...; the Office will ignore them"; blind p280)
                r"\b(?:will|shall|would)\s+(?:simply\s+|just\s+)?(?:ignore|disregard|skip)\s+(?:them|these|those|it)\b|"
                r"\b(ignores|disregards)\s+(everything|anything)\s+(else|but|except|other\s+than)\b|"  # (p38)
                + LENIENT, sentence, re.IGNORECASE) is not None  # ("does not mind ... extra columns"; blind p160)
            said_free = said_free or scenario_passes(sentence)  # ("...; the check still passes"; blind p197)
            grants_free = grants_free or said_free
            # (a word of a described example that the prompt shows as a key of its own elsewhere is that
            # key, not one the grant frees: "other top-level keys (e.g. which bins are still on hold)"
            # beside a required `bins`; blind p38)
            # (shown only where the prompt describes an input, `requests.json` "(`request_id`, `hospital`, ...)",
            # the word is no key of the answer's own: the grant frees it; blind p89)
            # (a line that defines the key, "| `hospital` | as in `requests.json` |", is the answer's; review)
            listed = [n for n in _granted_names(sentence)
                      if _shown_key(sentence, n) or not any(_shown_key(s, n) and (not _of_inputs_only(s, written, sections.get(_plain(s)))
                                                                                  or _defines(s, n))
                                                            for s in _sentences(text))]
            granted.update(listed)
            optional.update(listed)
            if said_free:
                free.update(listed)
            for name in listed:
                sentence_names = _unnamed(sentence_names, name)
        else:
            sentence_names = sentence
            if closed and _SCOPED_GRANT.search(sentence) and _grants_other_keys(sentence):
                # "a JSON object with exactly the keys `release`, `debug` ... Extra keys inside the
                # per-target objects are ignored, so you may add e.g. a `notes` field": the closed list
                # is the top level's; the keys the grant gives as examples are free inside (blind p35)
                shown = [f for m in _GRANT_EXAMPLES.finditer(sentence) for f in _FIELD.findall(m.group(0))]
                rest = _GRANT_EXAMPLES.sub(" ", text)
                for name in shown:
                    if not _mentions(rest, name):
                        (free if _FREE.search(sentence) or re.search(r"\bignored\b", sentence, re.IGNORECASE)
                         else optional).add(name)
                        sentence_names = _unnamed(sentence_names, name)
        for given, names in extras:
            if given in sentence:  # (a key the scenario adds is no key the prompt names)
                for name in names:
                    sentence_names = _unnamed(sentence_names, name)
        naming.append(sentence_names)
        if _TYPED.search(sentence):
            typed.update(["*"] if _ALL_FIELDS.search(sentence) else _FIELD.findall(sentence))
        # (not a fenced sample's: "# eta: not checked against the input calendar" on one line frees no `qty`; review)
        fields = _free_fields(sentence) if not _sample(sentence, fenced) else []
        # ("`name`: a short string ...; `iterations`: a positive integer ... These two are recorded for the Board's
        # statistics and are checked for presence and type only."; blind p229)
        fields += [f for f in _presence_only(sentence, last) if f not in fields] if not _sample(sentence, fenced) else []
        previous, last = last, sentence
        # ("You MAY add a `Total` column and/or a `Total` row; they are ignored": the column's name; blind p194)
        fields += [name for name, noun in added_parts(sentence) if not noun.startswith(("row", "line", "entr"))]
        free.update(fields)
        optional.update(fields)
        recomputed.update(_recomputed(sentence))
        declared.update(_FIELD_IGNORED.findall(sentence))
        # ("`patient` is only looked at for RESERVED and ISSUED units, so fill it or leave it blank elsewhere": free
        # on the other records, which the mutant may have hit; a question for the author; blind p168)
        conditional = _ONLY_FOR.findall(sentence)
        optional.update(conditional)
        declared.update(conditional)
        if re.search(r"recommended|suggested|encouraged", sentence, re.IGNORECASE):
            for part in re.split(r";|\.\s+", sentence):
                if (asked := _RECOMMENDED.match(part)) is not None \
                        and not _REQUIRED.search(re.sub(r"\bnot\s+(?:strictly\s+)?required\b", " ", part, flags=re.IGNORECASE)):
                    optional.update(_FIELD.findall(asked.group(1)))
                    declared.update(_FIELD.findall(asked.group(1)))
        if _OPTIONAL.search(_FORM_OPTIONAL.sub(" ", sentence)) and not _sample(sentence, fenced):
            # (not a fenced sample read as one sentence: one `# optional` note in it names its own key alone, which
            # _annotated_keys reads, not every key the sample quotes; blind p182)
            # (where the sentence also says what is required, the fields of the clauses that call them
            # optional: "`daily_rate` and `projected_revenue` are required; a `method` key is optional")
            clauses = [c for c in _subject_clauses(sentence) if _OPTIONAL.search(c) and not _REQUIRED.search(c)] \
                if _REQUIRED.search(sentence) else [sentence]
            said = [f for clause in clauses for f in _FIELD.findall(clause)]
            if not said and _IT_SUBJECT.match(sentence) and len(set(_FIELD.findall(previous))) == 1 \
                    and not _IT_CHECKED.search(sentence):
                said = _FIELD.findall(previous)[:1]
            optional.update(said)
            declared.update(said)
        section = sections.get(sentence)
        if _states_output_order(sentence, section) and not (
                _ORDER_STATED.search(_DIRECTION.sub(" ", sentence)) is None and _of_inputs_only(sentence, written, section)):
            # (not "boxes are listed in `boxes.txt` from the ground shelf upwards": an input's order, where a direction
            # is all the sentence says of order; review. "in the same order as the events in `events.jsonl`" orders
            # the answer)
            ordered += _FIELD.findall(sentence) or ["*"]
            order_sentences.append(sentence)
        if not _says_unordered(sentence) and (named_noun := _any_named_order(sentence, text))[0] \
                and not _of_inputs_only(sentence, written, section):
            # ("any subject order": the order of the `[[subject]]` tables only, not of a list inside each; "Each stop's
            # `parcels` may be listed in any parcel order" frees no order of the stops; review)
            unordered_sentences.append(sentence)
            named, noun = named_noun
            if named.lower() == noun.lower() and f"[[{named}" not in text \
                    and not re.search(rf"\[\s*[\x22']{re.escape(named)}[\x22']\s*\]", text):
                # (a record's own field, `"service": ...` of "Any service order is fine": the records, each a service,
                # in any order; review)
                general_unordered = True
            else:
                field_unordered.add(named)
        if _says_unordered(sentence) and not _of_inputs_only(sentence, written, section) \
                and not _key_order_only(sentence):
            unordered_sentences.append(sentence)
            clauses = _order_clauses(sentence)
            order_clauses += clauses
            scoped = _field_scoped(sentence, clauses)
            headed = _heading_keys(text).get(sentence.strip(), ()) if not any(
                "." not in f and "/" not in f for f in _FIELD.findall(sentence)) else ()
            if (row := _ROW_FIELD.match(sentence)) is not None and sentence.count("|") >= 3:
                # (a data dictionary's row, "| `over_limit` | array of string | ... | Any order; no duplicates |": the
                # order of the field its first cell names, not of the `uncovered` list a row below sorts; blind p375)
                field_unordered.add(row.group(1))
            elif scoped:
                field_unordered.update(scoped)
            elif headed:
                # ("Each tank exactly once; entries may be in any order." under "### `[[tanks]]` array of tables":
                # the tanks' order, not every list's; blind p221)
                field_unordered.update(headed)
            elif not clauses or not all(inside and (lead := _INSIDE_FIRST.match(clause))
                                        and not _RECORDS_SUBJECT.match(clause, lead.end()) for clause, inside in clauses):
                # (a clause said of what is inside a record, "Inside a line the ids may come in any order", frees
                # no order of the records: the lines "must be ordered by the plan's total"; blind p131)
                general_unordered = True
        if _SET_LIKE.search(sentence) or _SET_LENIENT.search(sentence) and not _NOT_THE_GRADERS.search(sentence):
            set_sentences.append(sentence)
        found = _QUOTA.search(sentence) if quota is None else None
        if found and _QUOTA_PASS.search(sentence):
            need, total = (int(g) for g in (found.groups()[:2] if found.group(1) else found.groups()[2:]))
            if 0 < need < total:
                quota = (total - need, total, " ".join(sentence.split())[:160])
        if not extra_records and _EXTRA_RECORDS.search(sentence):
            extra_records = " ".join(sentence.split())[:160]
        if not comments_said and _COMMENTS_OK.search(sentence) and not _COMMENTS_REFUSED.search(sentence):
            comments_said = " ".join(sentence.split())[:160]
        if not copies_agree and _COPIES_AGREE.search(sentence) and not _REFUSE_COPIES.search(sentence):
            copies_agree = " ".join(sentence.split())[:160]
        once = once or _ONCE.search(sentence) is not None
        if not threshold and _THRESHOLD.search(sentence) and _THRESHOLD_VERB.search(sentence):
            threshold = " ".join(sentence.split())[:120]
    for key, note in _annotated_keys(text):
        # an annotated sample's line, `iterations = 17  # optional, not marked` (blind p159): the key it shows
        optional.add(key)
        declared.add(key)
        if _FREE.search(note) or re.search(LENIENT + r"|\bignored\b|\bfree\b|\bnot\s+marked\b", note, re.IGNORECASE):
            free.add(key)
    abs_tol = rel_tol = 0.0
    for match in _TOLERANCE.finditer(text):
        if match.group().lower().startswith("up") and not _UP_TO_BAND.search(text, max(0, match.start() - 30),
                                                                             match.start()) \
                and not _AWAY.match(text, match.end(), match.end() + 40):
            # ("The minutes of a turbine add up to 1440", "counted up to `2024-05-15T00:00`": a total, a bound, no
            # band; blind p239, p241. "accurate up to 0.01", "may differ by up to 0.5" are bands)
            continue
        value = _number(match.group("value"))
        if match.group("pct"):
            rel_tol = max(rel_tol, value / 100)
        else:
            abs_tol = max(abs_tol, value)
    for match in _DECIMALS.finditer(text):
        n = match.group("n")
        places = _count(n) if n.isdigit() else _WORDS[n.lower()]
        abs_tol = max(abs_tol, 0.5 * 10 ** -places)
    return PromptAllows(general_unordered, tuple(ordered), frozenset(optional), abs_tol, rel_tol,
                        frozenset(free), tuple(order_sentences), tuple(unordered_sentences), tuple(set_sentences),
                        bool(VAGUE_TOLERANCE.search(text)), threshold, frozenset(typed),
                        frozenset(recomputed - declared), grants[0] if grants else "", "\n".join(naming),
                        stated_tolerance(text), next((" ".join(s.split())[:160] for s in _sentences(text)
                                                      if _many_answers(s, text)), ""), read_free_lines(text),
                        other_keys_free=grants_free, granted=frozenset(granted), record_nouns=_record_nouns(text),
                        optional_records=_optional_records(text, _record_nouns(text)),
                        order_heads=tuple((o, k) for o in order_sentences
                                          if not any("." not in f and "/" not in f for f in _FIELD.findall(o))
                                          for k in _heading_keys(text).get(o.strip(), ())),
                        order_clauses=tuple(order_clauses), copies_agree="" if once else copies_agree,
                        comments_said=comments_said, extra_records=extra_records, quota=quota, field_unordered=frozenset(field_unordered),
                        chosen_keys=tuple(_chosen_keys(text)), chosen_values=tuple(_chosen_values(text)),
                        listed_keys=listed_keys(text), implied=implied_precision(text),
                        null_or_zero=_null_or_zero(text), list_notes=tuple(_ordered_list_notes(text)),
                        either_way=tuple(_either_way(text)))


# "`discount_cents` may be `null` or `0` (both are accepted)": either is that field's right value (review)
_NULL_OR_ZERO = re.compile(r"`?\b(?:null|None)\b`?\s*(?:,\s*|\s+or\s+|/\s*)`?0(?:\.0+)?`?(?![\w.])|"
                           r"(?<![\w.])`?0(?:\.0+)?`?\s*(?:,\s*|\s+or\s+|/\s*)`?\b(?:null|None)\b", re.IGNORECASE)
_FIELD_NAME = re.compile(r"`([A-Za-z_][\w.-]{0,60})`")


def _null_or_zero(text: str) -> frozenset[str]:
    """The fields a sentence lets be null or 0, either one (named in backticks beside the two)."""
    if not _NULL_OR_ZERO.search(text):
        return frozenset()
    out: set[str] = set()
    for sentence in _sentences(text):
        if _NULL_OR_ZERO.search(sentence) and not re.search(r"\b(?:must|should)\s+not\b|\bnever\b", sentence, re.IGNORECASE):
            out.update(n for n in _FIELD_NAME.findall(sentence) if n.lower() not in ("null", "none"))
    return frozenset(out)


# (or what each object "must carry": "Each object must carry:" over `- `rank`: ...` bullets; blind p280)
_KEY_LIST = re.compile(r"(?:\bwith\s+(?:the\s+|these\s+)?(?:following\s+)?(?:keys|fields|properties)|"
                       r"\b(?:object|record|entry|row|line|item)s?\s+(?:must|should|shall)\s+(?:carry|have|contain|hold|include)"
                       r"(?:\s+(?:the\s+)?(?:following|these)(?:\s+(?:keys|fields|properties))?)?)\s*:\s*\n"
                       r"((?:\s*\n)?(?:[ \t]*[-*+][ \t]+`[^`\n]+`[^\n]*\n(?:[ \t]{2,}[^\n]*\n)*)+)", re.IGNORECASE)


# "a Markdown table with (at least) the columns `Day`, `Shift` and `Staff`": the keys in one run of code spans
_WRITE_OR_OUTPUT = re.compile(r"\b(write|produce|output|create|save|emit|generate|report|your)\b", re.IGNORECASE)
_INLINE_KEYS = re.compile(r"\bwith\s+(?:\(?at\s+least\)?\s+)?(?:the\s+|these\s+)?(?:keys|fields|properties|columns)"
                          r"\s+(`[^`\n]+`(?:\s*(?:,\s*(?:and\s+)?|and\s+)`[^`\n]+`)+)", re.IGNORECASE)


# A Markdown table of keys: a header row whose first cell says what its rows name (`| key | type | meaning |`),
# a rule row, then rows whose first cell is one quoted name each.
_KEY_TABLE = re.compile(r"^[ \t]*\|[ \t]*\**(?:keys?|fields?|columns?|properties|property)\**[ \t]*\|[^\n]*\n"
                        r"[ \t]*\|[ \t]*:?-{3,}[^\n]*\n((?:[ \t]*\|[ \t]*`[A-Za-z_][\w.-]*`[ \t]*\|[^\n]*\n?)+)",
                        re.IGNORECASE | re.MULTILINE)
# The sentence above a table of keys says it is the answer's ("For every scenario ... report:"), not an input's
# ("`orders.csv` has these columns:", "Input: ..."); review
_OUTPUT_LEAD = re.compile(r"\b(?:report|write|writes|output|produce|emit|return|your\s+(?:answer|file|output))\b",
                          re.IGNORECASE)
_INPUT_LEAD = re.compile(r"\binputs?\b|\bgiven\b|\bprovided\b|`[^`\n]+`\s+(?:has|holds|contains|lists|gives)\b|"
                         r"\b(?:reads?|read\s+from)\b", re.IGNORECASE)


def _output_tables(text: str) -> list[str]:
    """The bodies of the tables of keys whose lead sentence speaks of the answer and of no input."""
    out = []
    for found in _KEY_TABLE.finditer(text):
        lead = re.split(r"\n[ \t]*\n", text[max(0, found.start() - 600):found.start()].rstrip())[-1]
        lead = re.split(r"(?<=[.!?])\s+", lead.strip())[-1]  # (the sentence right above the table)
        if _OUTPUT_LEAD.search(lead) and not _INPUT_LEAD.search(lead):
            out.append(found.group(1))
    return out


@lru_cache(maxsize=64)
def listed_keys(text: str) -> frozenset[str]:
    """The keys of the output's one list of keys ("with keys:" then `- `booking` - ...`, "with the
    columns `Day`, `Shift` and `Staff`", or a table of keys, `| key | type | meaning |` over one row a
    quoted key; blind p119), or none where the prompt has no such list or several (each may be another
    object's)."""
    lists = _KEY_LIST.findall(text) + _output_tables(text)
    # (an input's columns, "`shifts.csv` is a table with the columns `nurse`, `day`", are no output's list)
    written = _written_files(text)
    inline = [found for sentence in _sentences(text) if _WRITE_OR_OUTPUT.search(sentence)
              and not any(m.group(1).rsplit("/", 1)[-1] not in written for m in re.finditer(
                  r"`([\w./-]+\.(?:csv|tsv|jsonl?|xlsx|txt|ya?ml|xml))`\s+(?:is|has|holds|contains|lists)\b",
                  sentence, re.IGNORECASE))
              for found in _INLINE_KEYS.findall(sentence)]
    if len(lists) + len(inline) != 1:
        return frozenset()
    if inline:
        return frozenset(re.findall(r"`([^`\n]+)`", inline[0]))
    return frozenset(re.findall(r"^[ \t]*(?:[-*+][ \t]+|\|[ \t]*)`([^`\n]+)`", lists[0], re.MULTILINE))



# "Bed labels are yours to choose (any non-empty strings)", "the slot names are up to you": the keys a
# mapping of records is keyed by are the answer's own choice, so a renamed one is another right answer.
_LABELS = re.compile(r"\b(?P<noun>[a-z][\w-]*?)\s+(labels?|names?|keys?|ids?|identifiers?|tags?)\b", re.IGNORECASE)
# ("unit labels free text, unique": a note's shorthand; blind p211. Not "labels free of spaces")
_CHOSEN = re.compile(r"\b(yours\s+to\s+(choose|pick)|up\s+to\s+you|your\s+(own\s+)?choice|of\s+your\s+choosing|"
                     r"(?:are\s+|is\s+)?free(?:[- ](?:text|form))?(?![\w-]|\s+of\b)|"
                     r"you\s+(may|can)\s+(choose|pick|name)|(freely|arbitrarily)\s+chosen|arbitrary|any\s+(non-?empty\s+)?"
                     r"(unique\s+)?strings?)\b", re.IGNORECASE)


def _singular(word: str) -> str:
    return word[:-1] if word.endswith("s") and not word.endswith("ss") and len(word) > 3 else word


_BOUND = re.compile(r"\b(exactly|must|copied|copy|same\s+as|as\s+given|not|never|n't)\b", re.IGNORECASE)
# (a sentence taking the labels from an input binds them, whatever clause says "free text": "Station names are free
# text, taken verbatim from the `name` column of `stations.csv`"; review)
_TAKEN = re.compile(r"\b(?:verbatim|taken\s+from|copied\s+from|as\s+(?:in|written\s+in|given\s+in)|match(?:es|ing)?)\b",
                    re.IGNORECASE)


# ("You choose which game is on which board": the board each record names is the answer's to pick; blind p304)
_WHICH_ON_WHICH = re.compile(r"\byou\s+(?:may\s+|can\s+)?(?:choose|pick|decide)\s+which\s+[a-z][\w-]*\s+(?:is|goes|sits|"
                             r"comes|lands)\s+(?:on|in|at|to)\s+which\s+(?P<noun>[a-z][\w-]*)\b", re.IGNORECASE)


# ("`sheet_id`: any unique text.": a key whose values the answer names as it likes; blind p318's sheets, relabelled by
# an exchange of their ids)
_KEY_ANY_TEXT = re.compile(r"`([A-Za-z_][\w-]{0,60})`\s*(?::|\u2014|\u2013|-|\bis\b|\bare\b)\s*(?:an?\s+)?any\s+"
                           r"(?:(?:unique|non-?empty|distinct|short)\s+)*(?:text|strings?|labels?|names?|identifiers?|ids?)"
                           r"(?=\s*[.;,)]|\s*$)", re.IGNORECASE)


_EITHER_WAY = re.compile(r"\beither\s+(?:order|way|one|column|field)\b|\binterchangeabl\w*|\b(?:may|can)\s+be\s+"
                         r"(?:swapped|exchanged|interchanged)\b|\b(?:does|do)\s+not\s+matter\b|\bdoesn['\u2019]t\s+matter\b|"
                         r"\bin\s+any\s+order\b", re.IGNORECASE)


_ROWS_ORDER = re.compile(r"\b(?:order\s+of\s+(?:the\s+)?|(?:row|line|record|entry)\s+order\b)|\b(?:rows|lines|records|"
                         r"entries)\s+(?:may|can)\s+(?:come|appear|be)\b", re.IGNORECASE)


def _either_way(text: str) -> list[tuple[frozenset[str], str]]:
    """(names, sentence) of the sentences naming two fields or more in backticks and saying it does not matter which
    holds which ("which ... goes into `subject` and which into `other` does not matter", "`player_a` and `player_b`
    may be swapped")."""
    out = []
    for sentence in _sentences(text):
        if len(sentence) > 600:
            continue
        # (in one clause with the names, and not of the rows' order: "`subject` is the class that must move and
        # `other` the class it clashes with; the order of rows does not matter" frees no exchange; review)
        for clause in re.split(r";|\.\s", sentence):
            names = frozenset(n.lower() for n in re.findall(r"`([A-Za-z_][\w-]{0,60})`", clause))
            if len(names) >= 2 and _EITHER_WAY.search(clause) and not _ROWS_ORDER.search(clause) \
                    and not _REFUSE.search(clause):
                out.append((names, " ".join(sentence.split())[:160]))
    return out


def _chosen_keys(text: str) -> list[tuple[str, str]]:
    """(noun, sentence) of each clause whose subject is the labels and whose predicate leaves them to the
    answer ("Bed labels are yours to choose"): the labels come first, the grant within a few words,
    and nothing in the clause binds them ("must", "exactly", "copied", "not"); or that says the answer picks which
    record goes with which of them ("You choose which game is on which board")."""
    out = []
    for sentence in _sentences(text):
        if len(sentence) > 600 or _TAKEN.search(sentence):
            continue
        out += [(_singular(m.group("noun").lower()), " ".join(sentence.split())[:160])
                for m in _WHICH_ON_WHICH.finditer(sentence)
                if not _BOUND.search(sentence[m.end():m.end() + 40].split(",")[0])]
        out += [(_singular(m.group(1).lower()), " ".join(sentence.split())[:160]) for m in _KEY_ANY_TEXT.finditer(sentence)
                if not _BOUND.search(sentence[m.end():m.end() + 40].split(".")[0])]
        for clause in re.split(r"[;:,()]|\bbut\b", sentence):
            labels, chosen = _LABELS.search(clause), _CHOSEN.search(clause)
            if labels is None or chosen is None or _BOUND.search(clause) or _REFUSE.search(clause):
                continue
            if labels.end() <= chosen.start() and chosen.start() - labels.end() <= 30:
                out.append((_singular(labels.group("noun").lower()), " ".join(sentence.split())[:160]))
    return out
