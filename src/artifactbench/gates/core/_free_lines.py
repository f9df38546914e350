"""Lines of a text or Markdown artifact that the prompt declares free (headings, commentary, the rest).

A report often has a graded part (a table, a `Total: N` line the prompt prescribes) next to parts the
prompt declares free: "Headings, commentary and anything else in the report are free text and are not
graded". A mutant whose change stays on free lines still says what the prompt asks for, so an accepted
one is left open (`info`), never a finding. General reading rules, no per-task lists:

- The declaration is a sentence that names a part (headings or titles; commentary, comments, prose,
  notes, remarks, explanations; "anything else", "everything else", "other lines/text", "the rest of the
  report") and calls it free ("free text", "free-form", "not graded/checked/parsed", "ignored", "up to
  you", "does not matter"), or allows it to the author ("you may add a title or other prose lines",
  "your report can include notes": not where it also says what the part must be, nor where what may
  hold the part is an input, "lines of `server.log` can contain comments; you can skip them", or each
  record, "each finding may include an explanation": that is inside graded lines). Not one
  that refuses ("nothing else", "no other text", "must not"), nor one that speaks only of the input
  ("comments in `app.log` are ignored").
- A sentence that requires headings or a title ("the heading must read exactly ...") keeps them graded.
- Graded lines stay graded whatever the declaration: table rows (any line holding `|`), fenced code,
  lines matching a line the prompt shows as the format (a code-block line or an inline-code span, where
  `<placeholders>`, `{placeholders}` and `...` match any value and numbers any number), and `label:
  value` lines whose label the prompt names outside the declaration.
- Of the other lines: a heading (`# ...`, or text over `===`/`---`) is free when headings are, unless
  the prompt shows it literally; a prose line (three words or more, more words than twice its numbers,
  not `label: number`) when commentary is; a heading, prose or a line without a number when "anything
  else" is.

A mutant is confined to free lines when every line it removes or edits is free in the reference, every
line it adds is free (an edited free line only has to stay ungraded), and its graded skeleton (each
table as one block of rows, each other graded line, in order, spacing ignored) equals the reference's.
"""

from __future__ import annotations

import difflib
import re
from collections.abc import Sequence
from dataclasses import dataclass
from functools import lru_cache
from typing import Any

from artifactbench.gates.core._accuracy import GRADER_DOES_NOT, LENIENT, NOT_A_NAME, sentences as _sentences

HEADINGS, COMMENTARY, ELSEWHERE = "headings", "commentary", "anything else"
OPTIONS = "other options"  # a config file's `key = value` lines for keys the prompt names nowhere else
_NUMBER = re.compile(r"(?<![\w.])[-+]?\d+(?:[.,]\d+)*(?![\w])")
# "Write `audit_report.md`. Free-form Markdown, but it must contain: ...", "the report itself is free-form": the whole
# file is the author's but for what the prompt requires of it, wherever that stands in it (blind p137)
_FREE_FORM_FILE = re.compile(r"\bfree[- ]?form\s+(?:markdown|report|document|file)\b|"
                             r"\b(?:the|your|this)\s+(?:report|file|document)(?:\s+itself)?\s+(?:is|can\s+be|may\s+be)\s+"
                             r"free[- ]?form\b", re.IGNORECASE)
# an order the prompt states for lines of the answer ("the build steps in the order they must run", "the
# `Status:` line must come first"): a free-form file whose required lines then keep their order (review)
_STATED_ORDER = re.compile(r"\bin\s+(?:the\s+|this\s+|that\s+|their\s+|same\s+)?(?:following\s+|same\s+)?order\b|"
                           r"\b(?:come|be|appear|stand|go)s?\s+(?:first|last|before|after|at\s+the\s+(?:top|start|end))\b|"
                           r"\b(?:first|last|top)\s+line\b|\bsorted\b|\bordered\s+by\b|\border\s+(?:matters|is\s+checked)\b",
                           re.IGNORECASE)
_PARTS = {
    # (a table's "column headings" are its header row, not the report's headings)
    HEADINGS: re.compile(r"\b(?<!column\s)(?<!columns\s)(?<!table\s)(headings?|titles?|section\s+names|headlines?)\b",
                         re.IGNORECASE),
    # ("Free text, plots-in-words, caveats around the table — all fine"; blind p192)
    COMMENTARY: re.compile(r"\b(commentary|comments|prose|notes|remarks|explanations?|narrative|discussion|caveats|"
                           # ("A few sentences around the table", not "write each line as a full sentence"; review)
                           r"sentences?\b(?=[^.;\n]{0,60}\b(?:around|above|below|before|after|outside|under|over)\b)|"
                           r"paragraphs?|descriptions?|text\s+(around|before|after|outside|between)\b|"
                           # ("A title, caption or explanatory text may surround the table"; blind p340)
                           r"captions?|explanatory\s+(?:text|notes?|lines?)|"
                           r"free[- ]text\b(?=[^.;\n]{0,60}\b(?:around|before|after|outside|between|above|below)\b))",
                           re.IGNORECASE),
    ELSEWHERE: re.compile(r"\b(anything|everything|whatever)\s+else\b|\b(all\s+)?other\s+(lines|text|content)\b|" +
                          _FREE_FORM_FILE.pattern + "|"
                          r"\bthe\s+rest\s+of\s+the\s+(file|report|document|output|text)\b|"
                          r"\banything\s+(outside|besides|beyond)\b|"
                          # (whatever stands around the graded table: its title too, "Free text ... around the table")
                          r"\btext\b[^.;\n]{0,60}?\b(?:around|outside|surround(?:s|ing)?)\s+(?:the|that|this|your)\s+(?:table|list|block|"
                          r"matrix)\b", re.IGNORECASE),
    # "Any other supervisord options (`stdout_logfile`, `stopwaitsecs`, comments, ...) may be added freely"
    OPTIONS: re.compile(r"\b(other|additional|extra|further|more)\s+(?:[\w-]+\s+)?(options|settings|keys|"
                        r"directives|parameters|entries|variables)\b", re.IGNORECASE),
}
_FREE_SAID = re.compile(r"\bfree[- ]?(text|form)\b|\bnot\s+(graded|checked|compared|scored|evaluated|parsed|read|"
                        r"validated|inspected)\b|\bignored\b|\bup\s+to\s+(?:you|me)\b|\byour\s+choice\b|\bdo(es)?\s*"
                        r"n[o']?t\s+(matter|count)\b|\bnever\s+(graded|checked|parsed|read)\b|"
                        r"\b(grader|checker|we)\s+(ignores?|skips?)\b|" + GRADER_DOES_NOT + "|"
                        r"\b(is|are)\s+(fine|ok|okay|acceptable|welcome|allowed|permitted|permissible)\b|"
                        # (a telegram's, without its verb: "TITLE OR NOTES ABOVE OR BELOW THE TABLE FINE"; blind p323)
                        r"\b(?:above|below|around|before|after)(?:\s+or\s+(?:above|below|before|after))?\s+(?:the|your)\s+"
                        r"(?:table|list|lines?|records?)\s+(?:fine|ok|okay|allowed|welcome)\b|"
                        # ("The title line, the `## Notes` section and any other text are free"; blind p166)
                        r"\b(?:is|are)\s+(?:all\s+|also\s+)?free\b(?!\s+(?:of|from)\b)|"
                        r"\ball\s+(?:fine|ok|okay|welcome|allowed)\b|"
                        r"\bwhatever\s+(?:[\w-]+\s+){0,3}?you\s+(like|want|wish|prefer)\b|\bfreely\b|"
                        r"\bmay\s+be\s+(added|included|present|set)\b|"
                        # ("Anything you like may go around it (summary, notes, headings), but it must contain exactly
                        # one Markdown table"; blind p123)
                        # (around the graded part only: "may follow the table; it must name ..." is a part it grades; review)
                        r"\banything\s+you\s+(like|want|wish)\b|\b(may|can)\s+(go|appear|come|sit)\s+(?:(?:in|within)\s+the\s+(?:document|"
                        r"file|report|output)\s+)?(around|outside)\b|"
                        # ("Headings, commentary and other tables may surround it"; blind p124)
                        r"\b(may|can)\s+(also\s+)?surround\b|"
                        # ("The PLANNER MAY precede or follow the table with headings or explanatory text, provided that
                        # no other line of the document begins with the character `|`"; blind p332)
                        r"\b(?:may|can)\s+(?:also\s+)?(?:precede|follow)(?:\s+or\s+(?:precede|follow))?\s+(?:the|your)\s+"
                        r"(?:table|list|block)\s+with\b|"
                        # ("Headings, explanatory prose and other text may be placed before or after the table at the
                        # author's discretion"; blind p322)
                        r"\b(?:may|can)\s+(?:also\s+)?be\s+(?:placed|put|written|added|included)\s+(?:before|after|around|"
                        r"above|below|outside)\b|"
                        # ("Mariners may put a title, remarks or reasoning anywhere outside the table"; blind p330)
                        r"\b(?:may|can)\s+(?:also\s+)?(?:put|add|write|include|place)\b[^.;]{0,80}?\banywhere\s+(?:outside|"
                        r"around|above|below|before|after)\b|"
                        # ("put a title or a few notes above the table if that's useful"; blind p142)
                        r"\bif\s+(?:that's|that\s+is|it's|it\s+is)\s+(?:useful|helpful)\b|\bif\s+you\s+(?:like|wish|prefer)\b|"
                        + LENIENT, re.IGNORECASE)
# "Put any prose, notes or extra tables you like around it" (blind p148): the parts in the span only, not a
# "notes line giving how many hosts were scanned" after "in any order you like" (review)
# "Freedom you have: the order of rows ...; extra sections or prose anywhere; heading wording as long as ..."
# (blind p154): each clause of the list after the label frees the parts it names, where it pins and refuses
# nothing ("Free choices: none - the headings ... are graded" frees none; review)
# ("(What's optional: a title, a sentence or two of introduction, notes under the table"; blind p356)
_FREEDOMS_LABEL = re.compile(r"^\W*(?:(?:your\s+)?freedoms?(?:\s+you\s+(?:have|get))?|free\s+choices?|"
                             r"what(?:'s|\u2019s|\s+is)\s+optional|optional(?:\s+(?:extras|parts|bits|additions))?)\s*:\s*(.+)",
                             re.IGNORECASE | re.DOTALL)
_HEADING_WORDING = re.compile(r"\bheading\s+(?:wording|text|names?)\b|\bwording\s+of\s+(?:the\s+)?headings?\b", re.IGNORECASE)
_ANY_YOU_LIKE = re.compile(r"\bany\s+((?:[\w-]+,?\s+){1,6}?)you\s+(?:like|want|wish|prefer)\b", re.IGNORECASE)
# a sentence that says only that what the one before names is optional: "It's optional.", "That is entirely optional."
_ITS_OPTIONAL = re.compile(r"\W*(?:(?:it|that|this|all\s+(?:of\s+)?that)(?:'s|\u2019s|\s+is)|(?:these|they)(?:'re|\u2019re|\s+are))\s+"
                           r"(?:entirely\s+|completely\s+|totally\s+|all\s+)?optional\s*[.!)]*\s*$|"
                           # ("A few sentences around the table ... Read with interest, not scored."; blind p370)
                           # (no subject of its own: not "The wording is not graded", an aspect of what it names; review)
                           r"\W*(?:[\w'\u2019,-]+\s+){0,6}?(?<!\bis\s)(?<!\bare\s)(?:not|never)\s+(?:graded|scored|checked|"
                           r"marked|assessed)\s*[.!)]*\s*$", re.IGNORECASE)
# a clause saying its parts are graded after all: "the title and notes under the table are graded"; review
_GRADED_SAID = re.compile(r"\b(?:is|are|gets?|will\s+be)\s+(?:also\s+)?(?:graded|checked|compared|marked|scored|read)\b|"
                          r"\bthe\s+grader\s+(?:checks|reads|compares)\b", re.IGNORECASE)
# where the parts of such a sentence stand: around the answer's table, list or lines
_OUTPUT_PART = re.compile(r"\b(?:above|below|before|after|around|under|over)\s+(?:the|your|each)\s+(?:table|list|lines?|"
                          r"records?|rows?|output|report)\b", re.IGNORECASE)
# "further tables are permissible anywhere in the document", "You may add other tables": tables beside the one asked for
# a clause about files beside the answer: "notes elsewhere in the directory", "only `output/flags.txt` is read"
_OTHER_FILES = re.compile(r"\belsewhere\s+in\s+(?:the|your)\s+(?:directory|folder|workspace|repo\w*|scratch\s+dir\w*)\b|"
                          r"\b(?:other|extra|additional|helper)\s+files\b|\bonly\s+`[^`\n]*[./][^`\n]*`\s+(?:is|are|gets?|will\s+be)\s+"
                          r"(?:read|graded|checked|looked\s+at)\b", re.IGNORECASE)
_FILE_CLAUSES = re.compile(r"[;()]|,\s+(?:and|but)\s+|\s+but\s+")  # (an aside or clause of its own)
_OTHER_TABLES = re.compile(r"(?<!\bno\s)(?<!\bany\s)\b(?:further|other|additional|extra|more)\s+tables?\b(?!\s+(?:without|lacking|with\s+no)\b)"
                           r"[^.;]{0,80}?\b(?:are|is)\s+(?:also\s+)?(?:permissible|permitted|allowed|fine|welcome|ignored|ok|"
                           r"okay|acceptable|free)\b|\b(?:may|can)\s+(?:also\s+)?(?:add|include|contain|have)\s+(?:any\s+)?"
                           r"(?:further|other|additional|extra|more)\s+tables?\b", re.IGNORECASE)
# "Everything else (headings, summary prose, extra tables without a `Rule` column) is up to you"
_TABLES_WITHOUT = re.compile(r"\b(?:extra|other|additional|further|more)\s+tables?\s+(?:without|lacking|with\s+no)\s+"
                             r"(?:an?\s+|the\s+)?[`'\"*]*([A-Za-z][\w -]{0,30}?)[`'\"*]*\s+columns?\b", re.IGNORECASE)
_WHOLE_FILE = re.compile(r"\b(?:else|anything|everything|nothing)\b", re.IGNORECASE)  # ("(nothing else)": the file's
_ASIDE_OF = re.compile(r"\([^()]{1,200}\)")
_BUT = re.compile(r"(?<!\s),?\s++but\s+|;\s*")  # (no start inside a run of spaces: quadratic)
# "only the table is read": everything else in the report is free, whatever it is.
# ("We read only the count line and the table", "the grader only looks at the table"; blind p356)
_ONLY_READ = re.compile(r"\bonly\s+(the\s+)?[\w-]+(\s+[\w-]+)?\s+(is|are|gets?|will\s+be)\s+(read|graded|checked|"
                        r"parsed|compared|scored|evaluated)\b|"
                        r"\b(?:we|the\s+grader|the\s+checker)\s+(?:(?:only|just)\s+(?:reads?|looks?\s+at|parses?|checks?|"
                        r"grades?)|(?:reads?|looks?|parses?|checks?|grades?)\s+(?:at\s+)?(?:only|just))\s+(?:at\s+)?the\b",
                        re.IGNORECASE)
# (and "don't add headers or comments", "no comments": blind p53, beside "whitespace is ignored")
_REFUSED = re.compile(r"\bnothing\s+else\b|\bno\s+other\b|\b(must|should|shall|may)\s*not\b|"
                      # (a condition that asks for something: "... at your discretion provided they name every skipped
                      # station"; not one that refuses, "provided they contain no further table"; review)
                      r"\bprovided\s+(?:that\s+)?(?:they|it|these|those)\s+(?!(?:contains?|holds?|includes?|have|has)\s+no\b)"
                      r"\w+|"
                      # ("there must be none", "must have no comments", "must contain only the host lines"; review)
                      r"\b(?:must|should|shall)\s+(?:be\s+none|have\s+no|contain\s+(?:only|no)|hold\s+only|be\s+only)\b|"
                      r"\bnot\s+(be\s+)?"
                      r"(allowed|permitted|permissible|accepted)\b|\bforbidden\b|\b" + NOT_A_NAME + r"reject\w*|\b" + NOT_A_NAME + r"fail\w*|"
                      r"\b(do\s*n[o'’]?t|never)\s+(add|include|write|put|emit|print|insert)\s+(any\s+|a\s+)?(headers?|"
                      r"headings?|comments?|prose|notes|commentary|titles?|text)\b", re.IGNORECASE)
# A clause refusing parts, "Blank lines are ignored; no headers, comments or counts in the file" (blind p123): the
# parts it names are not freed by the sentence's other clauses, while those clauses' own parts are ("Notes and
# headings are welcome around the table; cells for skipped checks hold no text"; review). Not "the file has no
# header" (a description) nor "no text around it is read" (what is not read is free).
_NO_PART = re.compile(r"(?<!\bhas\s)(?<!\bhave\s)(?<!\bwith\s)(?<!\bhold\s)(?<!\bholds\s)(?<!\bcarries\s)(?<!\bcarry\s)"
                      r"\bno\s+(?:headers?|headings?|comments?|prose|notes|commentary|titles?|text)\b(?!\s+(?:\w+\s+){0,3}?"
                      r"(?:is|are|will\s+be|gets?)\s+(?:read|graded|checked|parsed|compared|scored|evaluated|required|"
                      r"needed))", re.IGNORECASE)

# A permission to add a part is a declaration too: "You may add a title or other prose lines", "your report
# can include notes", "a short commentary is optional". Addressed to the author (_OUTPUT); not where the
# sentence also pins what the part must be (_PINNED).
_ALLOWED = re.compile(r"\b(may|can|could)\s+(also\s+)?(add|include|insert|put|place|write|contain|have|precede|follow|surround)\b|"
                      # ("Put whatever else you find useful in the file - a summary, notes, ...": blind p103; "You're free to
                      # add a title, notes or extra columns": blind p136)
                      r"\b(?:put|add|include|write)\s+whatever\b|"
                      # ("A heading, a word of introduction, or notes after the count may be written at your pleasure"; blind
                      # p386's charter)
                      r"\b(?:may|can)\s+be\s+(?:written|added|included|placed|put)\s+at\s+(?:your|the\s+\w+['\u2019]s)\s+"
                      r"(?:pleasure|discretion)\b|"
                      r"\bfeel\s+free\s+to\b|\b(?:you\s*['\u2019]re|you\s+are)\s+free\s+to\b|\b(?:you\s*['\u2019]re|you\s+are)\s+(?:(?:very|most|more\s+than)\s+)?welcome\s+to\b|\b(is|are)\s+(optional|allowed|permitted|permissible|welcome)\b|"
                      r"\boptional(ly)?\b", re.IGNORECASE)
# (not the conjunction: "... at the author's discretion, provided they contain no further table"; blind p322)
# (not the conjunction after a comma: "... are welcome and are not marked, provided the audit table is the first"; blind
# p348. "Notes in the logs provided the night before are ignored" is the inputs'; review)
_INPUT_ONLY = re.compile(r"\b(inputs?|given|(?<![,;]\s)(?<![,;]\s\s)provided(?!\s+(?:that|they|it|there|you|we|this|these|those)\b)|source|"
                         r"workspace)\b|\w\.(csv|tsv|jsonl?|log|ya?ml|xml)\b",
                         re.IGNORECASE)
# "A Markdown file at the workspace root with two pipe tables": where the answer goes, in a sentence about the
# file written (blind p125); not "Comments in the CSV files at the workspace root are ignored" (review)
_ANSWER_AT_ROOT = re.compile(r"\b(?:markdown|report|write|save|create|produce)\b[^.;]{0,80}?\bat\s+the\s+workspace\s+"
                             r"(?:root|folder|directory)\b", re.IGNORECASE)
_OUTPUT = re.compile(r"\b(outputs?|report|answer|result|your|you|summary|document|artifact)\b", re.IGNORECASE)
_EACH_RECORD = re.compile(r"\b(each|every)\s+[A-Za-z-]+\s*$", re.IGNORECASE)  # "each finding" may include
_PINNED = re.compile(r"\b(must|exactly|required|requires|verbatim|literally|has\s+to|have\s+to|shall|"
                     r"should\s+read|start\s+with|begin\s+with)\b", re.IGNORECASE)
# ("add extra columns after the four required ones": what the answer must hold named, not a part pinned; p109)
_REQUIRED_PARTS = re.compile(r"\b(?:the\s+)?(?:\w+\s+)?required\s+(?:ones?|columns?|keys?|fields?|rows?|sections?|"
                             r"values?|cells?)\b", re.IGNORECASE)
_FENCE_LINE = re.compile(r"[ \t]{0,3}(`{3,}|~{3,})(.*)")
_INLINE = re.compile(r"(?<!`)`([^`\n]+)`(?!`)")
# (also a choice of capitalised words after a label's text, `Verdict: PASS | FAIL`: the line holds one of them)
# a date or time written as its format, `HH:MM`, `YYYY-MM-DD`, `hh:mm:ss` (blind p241: `OPTION <n> (<k> pieces): HH:MM-HH:MM`)
_TIME_FORMAT = r"(?<![A-Za-z])(?:YYYY|YY|MM|DD|HH|hh|mm|ss|SS)(?:[-:/T.](?:YYYY|YY|MM|DD|HH|hh|mm|ss|SS))+(?![A-Za-z])"
_PLACEHOLDER = re.compile(_TIME_FORMAT + r"|<[^<>\n]{1,40}>|\{[^{}\n]{1,40}\}|\.\.\.|…|(?<=[A-Za-z]:\s)[A-Z]{2,}(?:\s\|\s[A-Z]{2,})+\b|"
                          + _NUMBER.pattern)
# an id in a format line of three tokens or more, `3  C06  7.481  7.350  6`: any id of the answer stands there (blind
# p234: "`J01  0.947  +0.312` ... are the shapes")
_ID_TOKEN = re.compile(r"(?<![\w-])[A-Za-z]{1,4}-?\d{1,6}(?![\w-])")
_PLACEHOLDER_ID = re.compile(_PLACEHOLDER.pattern + "|" + _ID_TOKEN.pattern)
_HEADING = re.compile(r"^#{1,6}(\s|$)")
# ("You may add comment lines starting with `#` anywhere": lines the answer's author adds; review)
_YOU_MAY_ADD = re.compile(r"\byou\s+(?:may|can|are\s+free\s+to|are\s+welcome\s+to)\s+(?:also\s+)?(?:add|include|"
                          r"insert)\s+(?:[\w-]+\s+){0,3}?(?:comments?|notes?|remarks?)\b", re.IGNORECASE)
# ("if you add it, it has to be correct", "the counts must be exact": a line the grader reads after all; review)
_MUST_BE_RIGHT = re.compile(r"\b(?:must|has\s+to|have\s+to|needs?\s+to)\s+(?:be\s+)?(?:correct|exact|right|accurate|"
                            r"valid|match)\w*\b|\bif\s+you\s+(?:add|include|write|give)\s+(?:it|one|them)\b",
                            re.IGNORECASE)
# "Lines that are blank or start with `#` are ignored": every line with that prefix is free. ("You may put one
# free-text note line first, starting with `Note:`; it is ignored": a few words between, a word for a prefix)
_PREFIXED = re.compile(r"\blines?[\s,]+(?:(?!(?:may|must|should|can|cannot|will|shall|not|never|do|does)\b)"
                       r"[\w-]+[\s,]+){0,2}?(?:that\s+(?:are\s+blank\s+or\s+)?|which\s+)?"
                       r"(?:starts?|starting|begins?|beginning)\s+(?:with\s+)?(?:an?\s+)?[`'\"]([^\s`'\"]{1,3}|[A-Za-z][\w ]{0,15}:)"
                       r"[`'\"]", re.IGNORECASE)
# "blank lines or `#` comment lines are ignored", "comment lines (starting with #)": lines with that prefix (p63)
_COMMENT_PREFIX = re.compile(r"[`'\"]([#;%]|//|--)[`'\"]\s+comment(?:s|\s+lines?)?\b|"
                             r"\bcomment\s+lines?\s*\(?\s*(?:that\s+)?(?:starts?|starting|begins?|beginning)\s+with\s+[`'\"]?([#;%]|//|--)|"
                             # ("Everything after `#` is a comment and ignored, so the header line ... optional"; p170)
                             r"\b(?:everything|anything|text|whatever)\s+(?:that\s+)?(?:after|following|follows)\s+"
                             r"(?:an?\s+|the\s+)?[`'\"]([#;%]|//|--)[`'\"](?:\s+(?:on\s+a\s+line|sign|mark|character))?"
                             r"\s+(?:is|are)\s+(?:a\s+)?comments?\b",
                             re.IGNORECASE)
# a sentence about reading a file: "Read `inventory.txt`: ...; `#` comment lines in it are ignored"
# ("provided that exactly one table has the header ...": the conjunction, no input; blind p357)
_OF_INPUT = re.compile(r"^\W*(?:read|parse|load|open)\b|\b(?:inputs?|workspace|source|given|provided(?!\s+(?:that|they|it|"
                       r"there|you|we|this|these|those)\b))\b|"
                       r"\b(?:in|of)\s+(?:it|the\s+(?:input|source|log|data)|each\s+input)\b|"
                       r"\w\.(csv|tsv|jsonl?|log|ya?ml|xml|txt|dat)\b", re.IGNORECASE)
# "Anything after the TOTAL line is ignored": every line after the first that starts with that label is free.
_AFTER = re.compile(r"\b(?:anything|everything|any\s+(?:other\s+)?(?:lines?|text)|(?:all\s+)?(?:other\s+)?lines?|text)\s+"
                    r"(?:after|below|following|beneath)\s+(?:the\s+)?[`'\"*]*([A-Za-z][\w-]{0,23})[`'\"*]*\s+"
                    r"(?:line|row|entry)\b", re.IGNORECASE)
_BEFORE = re.compile(r"\b(?:before|above|ahead\s+of)\s+the\s+(?:first\s+)?(?:findings?|table|data|results?|list|"
                     r"records?|rows?|entries|answer|report\s+lines?|blocks?|sections?|scenarios?|groups?)\b", re.IGNORECASE)
# "Title and the free-text lines under it", "the notes below the title": the lines between the title and the first
# heading or table
_UNDER_TITLE = re.compile(r"\b(?:lines?|text|prose|notes?|sentences?)\W{0,4}\s+(?:directly\s+|right\s+|just\s+)?"
                          r"(?:under|below|beneath|after)\s+(?:it|the\s+(?:title|heading|header))\b", re.IGNORECASE)
# "you can put anything you like after the ID on the same line", "whatever follows the id on each line is ignored"
_AFTER_FIRST = re.compile(r"\b(?:anything|everything|whatever|text|any\s+text)\s+(you\s+(?:like|want)\s+)?(?:else\s+)?(?:after|following|"
                          r"follows)\s+(?:the|its|each|an?)\s+(?:id|code|key|name|first\s+(?:token|word|field|column))\b"
                          r"(?:\s+on\s+(?:the\s+same|each|a|that|its)\s+line)?", re.IGNORECASE)
_BRACKETS = re.compile(r"[\[\](){}'\",;\s]+")
# the words of a freedom that speak of prose, not of the marked lines comments are
_PROSE_PARTS = re.compile(r"\b(?:prose|notes|remarks|explanations?|narrative|discussion|commentary|paragraphs?|"
                          r"text\s+(?:around|before|after|outside|between)|anywhere|elsewhere|else)\b", re.IGNORECASE)
# (glued to an id's lead, `B-2xx`, `L0xx`: not a label of its own, HTTP's `2xx`, `4xx`; review)
_X_DIGITS = re.compile(r"(?<=[A-Za-z-])\d+(?:x{1,4}|X{1,4})(?!\w)")
_TABLE_HEADER = re.compile(r"^\s*\[\[?[^\[\]\n]+\]\]?\s*(?:#.*)?$")  # a config file's `[payouts]`, `[[runs]]`
_OPTION = re.compile(r"^\s*([A-Za-z_][\w.-]*)\s*[=:]")  # a config line's key: `stdout_logfile=...`
_TITLE = re.compile(r"^#\s+\S")  # a level-1 heading: the document's title
# ("such as `NOTES` or `REMARKS`"; not "must look like `<id> <days> days late`": a format; review)
_EXAMPLE_SPAN = re.compile(r"\b(?:such\s+as|e\.\s?g\.,?|for\s+(?:example|instance))\s+((?:`[^`\n]+`(?:\s*,\s*|\s+or\s+|\s+and\s+)?)+)",
                           re.IGNORECASE)
# a first line the prompt sets ("the first line must be `<n> overdue`"): no title there, whatever else it frees
# "lines that do not begin with `BILLS EXAMINED`, `DISCREPANT BILLS` or `DISCREPANCY` are commentary and shall be
# disregarded" (blind p266): the quoted openings of the graded lines
_NOT_PREFIXED = re.compile(r"\blines?\s+(?:that|which)\s+(?:do(?:es)?\s+not|do(?:es)?n['\u2019]?t)\s+(?:start|begin)\s+with\s+"
                           r"((?:(?:an?\s+|the\s+)?`[^`\n]{1,40}`(?:\s*,\s*(?:or\s+)?|\s+or\s+)?){1,12})", re.IGNORECASE)
_YEARS_ONLY = re.compile(r"(?:[^\d\n]*(?<!\d)(?:19|20)\d\d(?!\d))+[^\d\n]*")  # (every number of the line a year)
_DASHES = re.compile(r"[\s|+=-]*-{3,}[\s|+=-]*")
# "a line whose key (the text before its first colon ...) is not one of the keys above will be disregarded" (blind p307):
# the lines of the keys the prompt's lists open with are graded, every other line is free
_KEY_NOT_LISTED = re.compile(r"\blines?\s+(?:whose|with\s+an?)\s+(?:key|label|name)\b[^.;]{0,120}?\b(?:is|are)\s+not\s+"
                             r"(?:one\s+of|among|in)\s+(?:the\s+)?(?:keys?|labels?|names?|ones?)\s+(?:above|below|listed|named|"
                             r"given|set\s+out)\b", re.IGNORECASE)
_LISTED_KEY = re.compile(r"^[ \t>]*(?:[-*+]|\d{1,3}[.)])[ \t]+`([A-Za-z_][\w.-]{0,60})`", re.MULTILINE)
def _keys_listed_above(prompt: str, said: str) -> list[str]:
    """The keys the last list above `said` opens its items with (`- `capacity_fee` — within 0.05 ...`), a list the
    line introducing it does not say is the input's ("`visits.csv` has the columns:"); [] where there is none (review:
    the input's columns listed, the answer's keys named in a sentence)."""
    at = prompt.find(said)
    lines = prompt[:at if at >= 0 else len(prompt)].splitlines()
    end = len(lines)
    while end > 0:
        items = [k for k in range(end) if _LISTED_KEY.match(lines[k])]
        if not items:
            return []
        last = first = items[-1]
        while first > 0 and (_LISTED_KEY.match(lines[first - 1]) or not lines[first - 1].strip()
                             or lines[first - 1][:1] in " \t" or re.match(r"\s*(?:[-*+]|\d{1,3}[.)])\s", lines[first - 1])
                             and not re.match(r"\s*\d{1,3}[.)]\s", lines[first])):
            first -= 1
        intro = next((line for line in reversed(lines[:first + 1]) if line.strip() and not _LISTED_KEY.match(line)), "")
        keys = [m.group(1) for line in lines[first:last + 1] if (m := _LISTED_KEY.match(line))]
        if not _OF_INPUT.search(intro) and not re.search(r"\bcolumns?\b", intro, re.IGNORECASE):
            return keys
        end = first
    return []


_NOT_PREFIXED_FREE = re.compile(r"\b(?:are|is)\s+(?:treated\s+as\s+)?(?:commentary|comments?|free)\b|"
                                r"\b(?:ignored|disregarded|skipped)\b", re.IGNORECASE)
_NOT_PREFIXED_KEPT = re.compile(r"\bnot\s+(?:commentary|comments?|ignored|disregarded|free)\b|\b(?:graded|checked|"
                                r"rejected|errors?)\b", re.IGNORECASE)
_FIRST_LINE_FIXED = re.compile(r"\bfirst\s+(?:non-?blank\s+|non-?empty\s+)?line\b[^.;\n]{0,40}?\b(?:must|shall|has\s+to)\s+"
                               r"(?:be|read|hold|say)\b", re.IGNORECASE)
_FIRST_LINE_SET = re.compile(r"\bfirst\s+line\b[^.;\n]{0,40}?\b(?:must|should|shall|has\s+to|holds?|gives?|is\s+(?!a\s+title|the\s+title))",
                             re.IGNORECASE)
# a plain text's heading in capitals, `NOTES`, `RULE TALLY` (no digits, no colon)
_CAPS_HEADING = re.compile(r"[A-Z][A-Z &/'-]{1,40}")
# A plain-text report's heading: words and a closing colon, nothing after it ("Missing prerequisites:",
# blind p32), never `label: value`
_COLON_HEADING = re.compile(r"[A-Za-z][A-Za-z ()'/,-]{0,60}:")
_UNDERLINE = re.compile(r"^(=+|-+)$")
_LABEL = re.compile(r"^[\s>*+-]*[*_]*([A-Za-z][\w ()%/'.-]{0,60}?)[*_]*\s*:")


# a `code` span the prompt gives as a heading's words: "under a heading whose text contains `Skipped`", "a `## Totals`
# section" (not a column's name that a title happens to hold: `site` of "# Platelet targets by site")
_HEADING_SPAN = re.compile(r"\b(?:headings?|sections?|titled?)\b[^.;\n`]{0,40}`([^`\n]{3,40})`|"
                           r"`([^`\n]{3,40})`[^\S\n]+(?:heading|section)\b", re.IGNORECASE)


@lru_cache(maxsize=64)
def _heading_spans(text: str) -> tuple[str, ...]:
    """The `code` spans of letters the prompt gives as a heading's words, lower case, without `#` marks."""
    found = {(a or b).strip("# ").lower() for a, b in _HEADING_SPAN.findall(text)}
    return tuple(f for f in found if re.fullmatch(r"[A-Za-z][\w .-]{2,40}", f))


def _spans_in(text: str, line: str) -> bool:
    """`line` holds, as words of its own, a heading's words that `text` gives in a `code` span."""
    lowered = line.lower()
    return any(span in lowered and re.search(rf"(?<!\w){re.escape(span)}(?!\w)", lowered) for span in _heading_spans(text))


def _flat(line: str) -> str:
    return " ".join(line.split())


def _template(span: str) -> tuple[re.Pattern[str], bool] | None:
    """A line the prompt shows as the format, as a pattern; and whether it is literal (no placeholder).

    A placeholder matches up to the first place where what follows it in the template matches, and
    never gives back (a possessive, tempered repeat): `<a><b><c>...` or `... ... ...` as plain `\\S+` and
    `.+?` tried every split of a line among them (28 s for eight of them against one 62-character
    line, exponential in their number). Placeholders with nothing between them, or only spaces
    next to a `...`, are one placeholder."""
    # (digits the author leaves open as x's, `B-2xx: OK`, are a number's placeholder; blind p276)
    span = _X_DIGITS.sub("<n>", _flat(span))
    if not span:
        return None
    # [literal text], [class, at least] ("num", "word", "token" or "any") or ["choice", its words, 0]
    parts: list[list] = []
    pos, literal = 0, True
    for match in (_PLACEHOLDER_ID if len(span.split()) >= 3 else _PLACEHOLDER).finditer(span):
        parts.append([span[pos:match.start()]])
        token = match.group()
        literal = literal and bool(_NUMBER.fullmatch(token))
        if _FIRST_TOKEN.fullmatch(token) or re.fullmatch(_TIME_FORMAT, token):
            parts.append(["token", 1])
        elif token[0].isalpha():  # (`PASS | FAIL`: one of these words, bold or not)
            parts.append(["choice", "|".join(re.escape(w) for w in re.split(r"\s\|\s", token)), 0])
        # (an ellipsis glued to what stands before it, `PV-…`, is the rest of that token)
        elif token[0] in ".…" and match.start() > 0 and not span[match.start() - 1].isspace():
            parts.append(["token", 1])
        else:
            parts.append(["num" if _NUMBER.fullmatch(token) else "word" if token[0] in "<{" else "any", 1])
        pos = match.end()
    parts.append([span[pos:]])
    merged: list[list] = []
    for part in parts:
        if len(part) == 1 and not part[0]:
            continue
        if len(part) == 2 and merged and len(merged[-1]) == 2:
            merged[-1] = ["any" if "any" in (part[0], merged[-1][0]) else "word", merged[-1][1] + part[1]]
            continue
        if (len(part) == 2 and len(merged) >= 2 and len(merged[-2]) == 2 and not merged[-1][0].strip()
                and "any" in (part[0], merged[-2][0])):
            merged.pop()  # (the spaces between are part of what a `...` matches)
            merged[-1] = ["any", merged[-1][1] + part[1]]
            continue
        merged.append(part)
    pattern = []
    # (an example line of two words, `R09 07:14:05`: its id's digits stand for any id's, its letters stay; blind p297)
    pair = len(span.split()) == 2
    for i, part in enumerate(merged):
        if len(part) == 1:
            pattern.append(_literal(part[0], ids=pair))
            continue
        if len(part) == 3:
            pattern.append(rf"[*_]{{0,2}}(?:{part[1]})[*_]{{0,2}}")
            continue
        follows = _literal(merged[i + 1][0]) if i + 1 < len(merged) and len(merged[i + 1]) == 1 else ""
        kind, least = part
        # (a token's unit is spelled apart from a word's: a format line ending in one closes there, see _OPEN_END)
        unit = {"num": r"[\d.,]", "word": r"\S", "token": r"[^\s]", "any": "."}[kind]
        if follows:
            unit = f"(?:(?!{follows}){unit})"
        head = r"[-+]?\d" if kind == "num" and least == 1 else ""
        more = max(0, least - 1) if head else least
        pattern.append(head + (f"{unit}{{{more},}}+" if more > 1 else f"{unit}++" if more else f"{unit}*+"))
    if not any(len(part) == 1 and part[0].strip() for part in merged):
        # Placeholders only: a lone one (`<rules>`) names a value, not a line, and matches any word (a
        # title's underline edited to one, blind p37); several (`<CODE> <name>`) match any line of as many
        # words, but never a heading's closing colon (`Missing prerequisites:`, blind p32)
        if sum(len(part) == 2 for part in merged) < 2:
            return None
        pattern.insert(0, r"(?!.*:\s*$)")
    return re.compile("".join(pattern), re.IGNORECASE), literal


def _literal(text: str, ids: bool = False) -> str:
    """Literal template text as a pattern: spacing free; with `ids`, an id's digits any (`R09`: `R` and digits)."""
    if not ids:
        return re.escape(text).replace(r"\ ", r"\s+")
    out, pos = [], 0
    for found in _EXAMPLE_ID.finditer(text):
        out += [_literal(text[pos:found.start()]), re.escape(found.group(1)) + r"\d{1,6}"]
        pos = found.end()
    return "".join(out) + _literal(text[pos:])


_EXAMPLE_ID = re.compile(r"(?<![\w-])([A-Za-z]{1,4}-?)\d{1,6}(?![\w-])")  # an example's id: its letters, then digits


@dataclass(frozen=True, slots=True)
class FreeLines:
    """The parts of a text artifact the prompt declares free, and the lines it grades all the same."""

    parts: frozenset[str] = frozenset()
    sentence: str = ""  # the declaration, as the prompt words it
    templates: tuple[tuple[re.Pattern[str], bool], ...] = ()
    naming_text: str = ""  # the prompt less its declarations: a label named here is graded
    prefixes: tuple[str, ...] = ()  # lines starting with one of these are free ("# comments")
    # A declaration names a title ("whatever prose you like around it (a title, ...)"): the report's
    # "# title" line is free even where the prompt's example report shows one
    title_free: bool = False
    after: tuple[str, ...] = ()  # every line after the first one starting with one of these is free
    # "You may put a title, blank lines or short prose before the findings": whatever stands above the
    # first graded line is free, whatever it looks like (blind p37)
    before: bool = False
    # "extra tables without a `Rule` column are up to you": a table whose header has none of these columns
    # (lower case) is free, every row of it (blind p91)
    tables_without: frozenset[str] = frozenset()
    # the names the prompt writes in backticks, lower case: a table headed by one of them is one it asks for
    # ("a totals table (`Code`, `Count`)"), never an extra one (review)
    named_columns: frozenset[str] = frozenset()
    # "Free-form Markdown, but it must contain ...": the graded lines may stand in any order, and a labelled one
    # twice (either copy reads the same); a table's rows stay one block as they are
    any_order: bool = False
    # the patterns of the first line of each fenced example: a title the example shows (a plain text's title line)
    title_shapes: frozenset[str] = frozenset()
    # "Anything before the first block (a title, notes) is ignored": what stands above the first graded line is free
    # even where it reads like a graded line ("feasible: 1070" above the first block; blind p157)
    before_any: bool = False
    # "Rows such as the target pressure, the modelled pressure and the number of iterations are nice to have but not
    # checked" (blind p157): a table row whose first cell's words hold every word of one of these is free
    free_rows: tuple[frozenset[str], ...] = ()
    # "Title and the free-text lines under it (row counts, method, iterations): free" (blind p170): the lines between
    # the first line and the first heading, table or fence are free, whatever an example shows there
    under_title: bool = False
    # "you can put anything you like after the ID on the same line (the distance, ...)" (blind p174): a line's text
    # after its first token is free
    after_first: bool = False
    # "lines that do not begin with `BILLS EXAMINED`, ... or `DISCREPANCY` are commentary and shall be disregarded"
    # (blind p266): every other line is free; the first line too, but where the prompt fixes what it holds
    graded_prefixes: tuple[str, ...] = ()
    first_line_set: bool = False
    # "Other top-level keys and comments are allowed and ignored" (blind p270): the options it frees stand above a
    # config file's first `[table]`; a key inside one (`ART-332 = 108.95` of `[payouts]`) is that table's
    options_top_level: bool = False
    # format lines with one of their words open (`_frames`): a line of their shape is graded too where each word of
    # it the format line does not hold is one of `frame_words`, the prompt's own words
    frames: tuple[tuple[re.Pattern[str], frozenset[str]], ...] = ()
    frame_words: frozenset[str] = frozenset()
    # "Only the first table whose header is `line_id | rx_id | code` is read" (blind p343): every other table's rows
    # are free; the header cells named (lower case), () for "only the first table", None where no sentence says so
    first_table: tuple[str, ...] | None = None
    # "headings, prose and further tables are permissible anywhere in the document" (blind p357): a table whose header
    # holds a column the prompt never names in backticks (`Options` beside `Tag`) is one of those, every row of it
    other_tables: bool = False

    def __bool__(self) -> bool:
        return bool(self.parts or self.prefixes or self.after or self.tables_without or self.free_rows
                    or self.under_title or self.after_first or self.graded_prefixes or self.first_table is not None
                    or self.other_tables)

    def cut(self, lines: tuple[str, ...]) -> int:
        """The index of the first line after which every line is free (len(lines): none)."""
        if self.after:
            for i, line in enumerate(lines):
                if _flat(line).startswith(self.after):
                    return i + 1
        return len(lines)

    def repeated_line(self, reference: str, mutant: str) -> str | None:
        """Where the prompt frees other lines ("any other lines you add as notes are ignored"): the line `mutant`
        adds (and nothing else) when it has the shape of a format line that the reference holds once, `length:
        <cost>` beside the reference's `length: 172`: a second answer to one question, which a grader reading
        the first one passes. Whether such a line is "another line" is the prompt's to say (blind p235)."""
        if ELSEWHERE not in self.parts and COMMENTARY not in self.parts:
            return None
        old, new = tuple(reference.splitlines()), tuple(mutant.splitlines())
        head, tail = common_ends(old, new)
        if len(new) != len(old) + 1 or head + tail != len(old):
            return None
        added = _flat(new[head])
        shapes = [pattern for pattern, literal in self.templates if not literal and pattern.fullmatch(added)]
        if not shapes or any(sum(1 for line in old if p.fullmatch(_flat(line))) != 1 for p in shapes):
            return None
        return added

    def touches_graded(self, reference: str, mutant: str) -> bool:
        """The change from `reference` to `mutant` removes, edits or adds a line the prompt shows as
        graded (a table row, a format line, a named label), or moves the graded lines. False for a
        change that stays on lines that are neither graded nor declared free: where the prompt frees
        parts of a report, whether those lines are graded is what it leaves open."""
        old, new = tuple(reference.splitlines()), tuple(mutant.splitlines())
        if self.after_first and _tail_only(old, new):
            return False  # (only text after a line's first token changed, which the prompt frees)
        old_kinds = _kinds(self, old)
        new_kinds = _still_free(old, old_kinds, new, _kinds(self, new))
        head, tail = common_ends(old, new)
        a, b = slice(head, len(old) - tail), slice(head, len(new) - tail)
        # Only the lines between the common head and tail can differ. With no graded line among them no
        # edit touches one; with more than MAX_DIFF_LINES, the graded skeleton alone decides: difflib is
        # quadratic in a run of repeated lines (25 s for one mutant of a 16 000-line report).
        if ("graded" in old_kinds[a] or "graded" in new_kinds[b]) and max(
                len(old_kinds[a]), len(new_kinds[b])) <= MAX_DIFF_LINES:
            matcher = difflib.SequenceMatcher(None, [_flat(x) for x in old[a]], [_flat(x) for x in new[b]],
                                              autojunk=False)
            for op, i1, i2, j1, j2 in matcher.get_opcodes():
                if op != "equal" and ("graded" in old_kinds[a][i1:i2] or "graded" in new_kinds[b][j1:j2]):
                    return True
        return _skeleton(list(new), new_kinds) != _skeleton(list(old), old_kinds)

    def confined(self, reference: str, mutant: str) -> bool:
        """The change from `reference` to `mutant` stays on lines the prompt declares free."""
        if not self or mutant == reference:
            return False
        old, new = tuple(reference.splitlines()), tuple(mutant.splitlines())
        if self.after_first and _tail_only(old, new):
            return True  # (each changed line keeps its first token: the change is in the text after it)
        if (COMMENTARY in self.parts or ELSEWHERE in self.parts) and self._past_format(old, new):
            return True  # (each changed line keeps what a format line of the prompt spells: the text after it)
        old_kinds = _kinds(self, old)
        if self.before and "graded" in old_kinds:
            head, tail = common_ends(old, new)
            first = old_kinds.index("graded")
            if len(old) - tail <= first and head <= first \
                    and (self.before_any or "graded" not in _kinds(self, new)[head:len(new) - tail]):
                return True  # (all of it above the first graded line, and no line it adds graded)
        moved_kinds = _still_free(old, old_kinds, new, _kinds(self, new))
        if _kept(old, old_kinds) == _kept(new, moved_kinds) and _skeleton(new, moved_kinds) == _skeleton(old, old_kinds):
            return True  # every line not declared free is there, as it was, in its order (a note moved)
        if self.any_order and _unordered(_kept(old, old_kinds)) == _unordered(_kept(new, moved_kinds)) \
                and _unordered(_skeleton(old, old_kinds)) == _unordered(_skeleton(new, moved_kinds)):
            return True
        head, tail = common_ends(old, new)
        new_kinds = _patched(self, old, new, old_kinds, head, tail)
        matcher = difflib.SequenceMatcher(None, [_flat(x) for x in old[head:len(old) - tail]],
                                          [_flat(x) for x in new[head:len(new) - tail]], autojunk=False)
        for op, i1, i2, j1, j2 in matcher.get_opcodes():
            if op == "equal":
                continue
            if any(k not in ("free", "blank") for k in old_kinds[head + i1:head + i2]):
                return False
            edited = op == "replace"  # an edited free line stays free while it does not become graded
            if any(k == "graded" or (k == "other" and not edited) for k in new_kinds[head + j1:head + j2]):
                return False
        return _skeleton(new, new_kinds) == _skeleton(old, old_kinds)

    def _past_format(self, old: tuple[str, ...], new: tuple[str, ...]) -> bool:
        """`new` is `old` with text changed only after what a format line the prompt shows spells out: the
        `(CB-F4 rating 400 A)` of `- Head current: 239.99 A (CB-F4 rating 400 A)` against `Head current:
        <current> A` (blind p175); which format lines close so, _closed_head says."""
        if len(old) != len(new):
            return False
        # (said of text: "any other text is welcome", not "Other lines are ignored" or "`#` comments are allowed")
        if not re.search(r"\b(?:text|prose|commentary|notes?|remarks|caveats|anything|everything|whatever)\b",
                         self.sentence, re.IGNORECASE):
            return False
        changed = [(a, b) for a, b in zip(old, new) if a != b]
        return bool(changed) and all((head := _closed_head(a, self.templates)) is not None
                                     and head == _closed_head(b, self.templates) for a, b in changed)

    def kinds(self, text: str) -> tuple[str, ...]:
        """The kind of each line of `text` ("free", "graded", "blank", ...), as the checks above read them."""
        return _kinds(self, tuple(text.splitlines()))

    def kind(self, lines: tuple[str, ...], i: int, fenced: bool, cut: int | None = None,
             tables_from: int | None = None) -> str:
        """'blank', 'graded', 'free' or 'other' for line i (`fenced`: inside a code fence; `cut`: what
        cut(lines) gives, worked out once by a caller classifying many lines; `tables_from`: where a config file's
        first `[table]` header stands, None where it has none)."""
        line = _flat(lines[i])
        if not line:
            return "blank"
        if self.after and i >= (self.cut(lines) if cut is None else cut):
            return "free"
        if fenced or line.startswith(("```", "~~~")) or ("|" in line and _in_table(lines, i)):
            if self.free_rows and not fenced and "|" in line and _row_named(line, self.free_rows):
                return "free"
            return "graded"
        if self.prefixes and line.startswith(self.prefixes):
            return "free"
        if self.graded_prefixes:
            first = next((k for k, x in enumerate(lines) if x.strip()), -1)
            if not line.upper().startswith(self.graded_prefixes) and not (self.first_line_set and i == first):
                return "free"
        hits = [(pattern, literal) for pattern, literal in self.templates if pattern.fullmatch(line)]
        # (a format line's words and value, then text of its own, `- PV-0128 (fewer than 3 ...)` against `- PV-…`: the
        # line the format shows, prose after it or not; blind p192)
        headed = not hits and bool(shapes := _shapes(self.templates)) and _format_head(line, shapes) is not None
        hits = [(shapes[0], False)] if headed else hits
        if not hits and self.frames:
            # (the open word one the prompt names, `import` beside the example's `standing`: not a note's own word,
            # "Total returned to date 56 units" beside `Total shipped to date 1234 units`; review)
            words = set(_FRAME_WORD.findall(line.lower()))
            hits = [(frame, True) for frame, own in self.frames
                    if frame.fullmatch(line) and words - own <= self.frame_words][:1]
        matched = [literal for _, literal in hits]
        if matched and not any(matched) and not headed and (COMMENTARY in self.parts or ELSEWHERE in self.parts) \
                and _prose(line):
            # (a shape of placeholders only, the input's `<timestamp> <EVENT> <arguments...>`, fits any line of
            # three words: it claims no line of prose where prose is free; blind p106)
            matched = []
        below = _flat(lines[i + 1]) if i + 1 < len(lines) else ""
        if self.title_free and not self._named_label(line) and self._title_like(lines, i, {p.pattern for p, _ in hits}):
            # (the first line of the file, where the prompt frees "the title line": a plain text's title too,
            # whatever the example report shows there, and a line of its shape repeated or added; blind p143)
            return "free"
        heading = bool(_HEADING.match(line) or any(_UNDERLINE.fullmatch(x) and len(x) >= 3 for x in (line, below))
                       or _COLON_HEADING.fullmatch(line) or (_CAPS_HEADING.fullmatch(line) and not _caps_run(lines, i)))
        if heading and not matched and (ELSEWHERE in self.parts or COMMENTARY in self.parts) \
                and _spans_in(self.naming_text, line):
            return "graded"  # (a heading the prompt names: "under a heading whose text contains `Skipped`"; p192)
        if heading and HEADINGS in self.parts and (not any(matched) or (self.title_free and _TITLE.match(line))):
            return "free"
        if OPTIONS in self.parts and self.options_top_level and tables_from is not None and i > tables_from \
                and _OPTION.match(line):
            return "graded"  # (a key of a table, not a top-level one)
        if OPTIONS in self.parts and not any(matched) and (option := _OPTION.match(line)):
            # (a key named elsewhere in the prompt is one it asks for: graded, blind p37's
            # `rated_speed_mps = 3.2`; a literal shown line stays)
            return "graded" if _names(self.naming_text, option.group(1)) else "free"
        if matched or self._named_label(line):
            return "graded"
        if heading and ELSEWHERE in self.parts and not _spans_in(self.naming_text, line):
            return "free"  # (not one the prompt names in its words, "under a heading whose text contains `Skipped`")
        if (_prose(line) or _BRACKETS.fullmatch(line)) and (COMMENTARY in self.parts or ELSEWHERE in self.parts):
            return "free"  # (prose, or a line of brackets only: the `]` of wrap_in_list; not a grid row `##*##`)
        if ELSEWHERE in self.parts and not _NUMBER.search(line):
            return "free"
        if self.parts == {HEADINGS} and not heading and _NUMBER.search(line) and not _YEARS_ONLY.fullmatch(line) \
                and not (below and _DASHES.fullmatch(below)):
            # (not a column-header line, `Region 2023 2024 Change` of years, or one a dashes rule underlines; review)
            # (where only headings, titles and the like are free, a line of numbers that is none is the answer's: a
            # table's `  1  Dunstable Priory  1  1  0  0  4  2  +2  3` under "a title line, column-header lines, blank
            # lines and separator lines ... are ignored"; blind p272)
            return "graded"
        if not self.parts or (self.parts == {HEADINGS} and "#" in self.prefixes):
            # Only marked lines are declared free ("lines starting with `#` are ignored"), or those after
            # a closing line: the prompt says which lines are free, so every other line is the answer. (So too
            # where the headings freed are those marked lines: "lines starting with `#` (for example a heading) are
            # ignored"; blind p245)
            return "graded"
        return "other"

    def _title_like(self, lines: tuple[str, ...], i: int, shapes: set[str]) -> bool:
        """The file's title: its first line where that matches no format line, or only the first line of an example
        the prompt shows; a line of that title's shape repeated or added (two at most: a shape that more lines
        take is a record's, `INV-7 40 days late`, whatever an example starts with; review)."""
        if _in_table(lines, i):
            return False
        if shapes and not shapes <= self.title_shapes:
            return False
        if not shapes:
            first = next((k for k in range(min(len(lines), 4)) if _flat(lines[k])), None)
            return i == first
        return sum(1 for x in lines if any(p.pattern in shapes and p.fullmatch(_flat(x)) for p, _ in self.templates)) <= 2

    def _named_label(self, line: str) -> bool:
        match = _LABEL.match(line)
        if not match or len(match.group(1).split()) > 6:
            return False
        label = match.group(1).strip().lower()
        # Named as a label, followed by its colon ("**Bad releases:**", "`peak_hour`: the hour"), not only
        # as a value the prompt defines elsewhere (`LOW_MARGIN`, a rule code in its table of rules, which a
        # free summary line "- LOW_MARGIN: 12" counts; blind p16)
        words = re.escape(label).replace(r"\ ", r"\s+")
        return _names(self.naming_text, label) and re.search(
            rf"(?<![\w-]){words}s?[*_`'\"]*\s*[:=]", self.naming_text, re.IGNORECASE) is not None


MAX_DIFF_LINES = 2000  # changed lines touches_graded aligns line by line (difflib) at most


def common_ends(old: Sequence[Any], new: Sequence[Any]) -> tuple[int, int]:
    """How many lines (or characters, of two strings) `old` and `new` share at the start, and then at the end."""
    head = 0
    while head < min(len(old), len(new)) and old[head] == new[head]:
        head += 1
    tail = 0
    while tail < min(len(old), len(new)) - head and old[-1 - tail] == new[-1 - tail]:
        tail += 1
    return head, tail


@lru_cache(maxsize=4096)
def _names(text: str, label: str) -> bool:
    """`text` names `label` as a word or phrase (spacing free, plural too)."""
    words = re.escape(label).replace(r"\ ", r"\s+")
    return re.search(rf"(?<![\w-]){words}s?(?![\w-])", text, re.IGNORECASE) is not None


def _in_table(lines: tuple[str, ...], i: int) -> bool:
    """Line i (which holds a pipe) is a row of a table: a pipe line sits next to it, and it is not above
    the table's header (a Markdown table starts at the row just above its separator row). A lone pipe
    line is no table, nor is one stacked on a table's header: both are read like any other line (a
    prescribed format line still is graded, a stray one in commentary is not)."""
    if not any(0 <= j < len(lines) and "|" in lines[j] and lines[j].strip() for j in (i - 1, i + 1)):
        return False
    for j in range(i + 1, min(len(lines), i + 1 + ABOVE_HEADER)):  # (a few lines down: linear overall)
        if "|" not in lines[j] or not lines[j].strip():
            return True
        if _separator(lines[j]):
            return j == i + 1  # the header is j - 1: a line above it is no row
    return True


def _table_start(lines: tuple[str, ...], i: int) -> int:
    """The first row (the header) of the table row i stands in."""
    while i > 0 and "|" in lines[i - 1] and _in_table(lines, i - 1):
        i -= 1
    return i


def _largest_table(lines: tuple[str, ...]) -> int:
    """The first row (the header) of the table with the most rows (the first of those), -1 where there is none: the
    table an answer is, beside the summaries a prompt's "further tables are permissible" lets it add."""
    best, rows, start = -1, 0, -1
    for k, line in enumerate(lines):
        if "|" in line and line.strip() and _in_table(lines, k):
            if start < 0:
                start, count = k, 0
            count += 1
            if count > rows:
                best, rows = start, count
        else:
            start = -1
    return best


def _read_table(lines: tuple[str, ...], header: tuple[str, ...]) -> int:
    """The first row (the header) of the table a "only the first table ... is read" sentence names: the first whose
    header cells are `header` (the first table of all where it names none); -1 where none stands in `lines`."""
    wanted = [_cell_name(c) for c in header]
    for k in range(len(lines) - 1):
        if "|" in lines[k] and _separator(lines[k + 1]) and (
                not header or set(wanted) <= {_cell_name(c) for c in lines[k].strip().strip("|").split("|")}):
            return k  # (its header holds the cells named, written as they may be: `Line ID` for `line_id`; review)
    return -1


def _cell_name(cell: str) -> str:
    return re.sub(r"[^a-z0-9]", "", cell.lower())


ABOVE_HEADER = 4  # pipe lines looked at below a line for the separator that makes it one above a header
_SEPARATOR_CELL = re.compile(r"\s*:?-{3,}:?\s*")  # (3+: a "-" placeholder row is no separator)


def _separator(line: str) -> bool:
    """A table's separator row: cells of three dashes or more, with optional colons (`|---|:---:|`)."""
    cells = line.strip().strip("|").split("|")
    return bool(cells) and all(_SEPARATOR_CELL.fullmatch(c) for c in cells)


def _prose(line: str) -> bool:
    """A line of prose: three words or more, more words than twice its numbers, not `label: number`."""
    tokens = line.split()
    words = sum(1 for t in tokens if re.search(r"[A-Za-z]{2}", t) and not re.search(r"\d", t))
    numbers = sum(1 for t in tokens if re.search(r"\d", t))
    label = _LABEL.match(line)
    if label and _NUMBER.search(line[label.end():]):
        return False
    return words >= 3 and words > 2 * numbers


def _fence(line: str) -> bool:
    return line.strip().startswith(("```", "~~~"))


_ROWS_SUCH_AS = re.compile(r"\brows?\s+(?:such\s+as|like)\s+([^.;:!?()]{1,300}?)\s+(?:are|is)\b|"
                           # ("A row whose first-column label is `total` (bold or not) is skipped by the checker"; p173)
                           r"\brows?\s+(?:whose|with\s+an?|with\s+the)\s+first(?:[- ]column)?\s+(?:label|cell|column)\s+"
                           r"(?:is|reads|says)\s+([^.;:!?()]{1,60}?)\s+(?:\([^()]{0,60}\)\s+)?(?:are|is)\b", re.IGNORECASE)
_NICE = re.compile(r"\bnice\s+to\s+have\b|\boptional\b|\binformational\b|\bskipped\b", re.IGNORECASE)
_NAME_NOISE = frozenset("the a an of number count value".split())


def _name_words(item: str) -> frozenset[str]:
    """The words that name a row ("the number of iterations": iterations)."""
    return frozenset(w for w in re.findall(r"[a-z]{3,}", item.lower()) if w not in _NAME_NOISE)


def _row_named(line: str, names: tuple[frozenset[str], ...]) -> bool:
    """The first cell of the table row `line` holds every word of one of `names` (`target_pressure_kpa`: target
    pressure)."""
    cells = line.strip().strip("|").split("|")
    words = {w.rstrip("s") for w in re.findall(r"[a-z]{3,}", cells[0].lower().replace("_", " "))} if cells else set()
    return any(name and {w.rstrip("s") for w in name} <= words for name in names)


@lru_cache(maxsize=8)
def _kinds(free: FreeLines, lines: tuple[str, ...]) -> tuple[str, ...]:
    return _classify(free, lines, 0, len(lines), False)


def _classify(free: FreeLines, lines: tuple[str, ...], start: int, stop: int, fenced: bool) -> tuple[str, ...]:
    """The kinds of lines[start:stop], `fenced` telling whether lines[start] opens inside a code fence."""
    kinds = []
    cut = free.cut(lines)
    tables_from = next((k for k, line in enumerate(lines) if _TABLE_HEADER.match(line)), None) \
        if free.options_top_level else None
    header = None  # the header row of the table the line before stands in
    below_title = _title_span(lines) if free.under_title else (0, 0)
    read_table = _read_table(lines, free.first_table) if free.first_table is not None else None
    largest = _largest_table(lines) if free.other_tables else -1
    read_table = read_table if read_table is not None and read_table >= 0 else None  # (none of that header: none free)
    table_start = -1  # the first row of the table the line before stands in (first_table)
    for i in range(start, stop):
        fence = _fence(lines[i])
        kind = free.kind(lines, i, fenced or fence, cut, tables_from)
        if read_table is not None and kind == "graded" and not (fenced or fence) and "|" in lines[i] \
                and _in_table(lines, i):
            if table_start < 0 or i == start:
                table_start = _table_start(lines, i)
            if table_start != read_table:
                kind = "free"
        else:
            table_start = -1
        if below_title[0] < i < below_title[1] and kind != "blank" and not free._named_label(lines[i]):
            kind = "free"  # (not `slope: 0.42` the prompt asks for by its label; review)
        if (free.tables_without or free.other_tables) and kind == "graded" and not (fenced or fence) \
                and "|" in lines[i] and _in_table(lines, i):
            if header is None or i == start:  # (walked up once per table, or once where the slice starts inside one)
                header = {c.strip().strip("`*_ ").lower() for c in lines[_table_start(lines, i)].split("|")}
            named = {c for c in header if re.search(r"[^\W\d_]", c)}
            if free.tables_without and not header & free.tables_without and not named & free.named_columns:
                kind = "free"
            elif free.other_tables and {re.sub(r"\s*\([^()]*\)$", "", c) for c in named} - free.named_columns \
                    and _table_start(lines, i) != largest:
                # (never the answer's own table, the one of most rows, whatever its header adds: "Departs (UTC)", a
                # `Notes` column; review)
                kind = "free"
        else:
            header = None
        kinds.append(kind)
        fenced = fenced != fence
    return tuple(kinds)


# (a token that may be an id or a value: `S02`, `12.5`, `06:00`)
_FIRST_TOKEN = re.compile(r"[A-Za-z0-9][\w.:/-]*")
_MARKUP = re.compile(r"^[\s>*+-]*")  # a line's bullet or quote marks
_LITERAL_OF = re.compile(r"\(\?(?:[^()]|\([^()]*\))*\)[*+]*|\\[sS]|\S\+\+|\[[^]]*\]")  # a pattern's repeats


@lru_cache(maxsize=64)
def _shapes(templates: tuple[tuple[re.Pattern[str], bool], ...]) -> tuple[re.Pattern[str], ...]:
    """The format lines with a placeholder and words of their own: those whose start a line may match, text after."""
    return tuple(p for p, literal in templates if not literal and re.search(r"[A-Za-z]{2}", _LITERAL_OF.sub("", p.pattern)))


# a pattern's last piece a placeholder that may run on: a word or number (`<node ids, in order>` is more than one
# token), any text (not a token's unit, `[^\s]`, nor a choice or literal text)
_OPEN_END = re.compile(r"(?:\\S|\.|\[\\d\.,\]|\))(?:\+\+|\*\+|\{\d+,\}\+)$")


def _format_match(line: str, patterns) -> tuple[re.Pattern[str], int] | None:  # noqa: ANN001
    """The format line that spells the longest start of `line` (its markup shown or not), and where that ends."""
    flat = _flat(line)
    mark = len(_MARKUP.match(flat).group())
    best = None
    for pattern in patterns:
        match = pattern.match(flat) or (pattern.match(flat, mark) if mark else None)
        if match is not None and (best is None or match.end() > best[1]):
            best = (pattern, match.end())
    return best


def _format_head(line: str, shapes: tuple[re.Pattern[str], ...]) -> str | None:
    """What of `line` (its markup aside) a format line with words and a placeholder spells, with that markup; None
    when none matches its start or one matches it whole (no text after it)."""
    found = _format_match(line, shapes)
    flat = _flat(line)
    return flat[:found[1]] if found is not None and found[1] < len(flat) else None


def _closed_head(line: str, templates: tuple[tuple[re.Pattern[str], bool], ...]) -> str | None:
    """What of `line` the format line spelling its longest start spells, where what follows is text of its own: that
    format line has words and a placeholder, and ends in its own words, a choice or one token (`Head current:
    <current> A`, `- PV-…`; not `Shortest path: <node ids, in order>`, whose value runs on); what follows starts with
    no number or list separator, and holds no other format line's words (`- Losses: 81.20 kW; Head current: ...`)."""
    shapes = _shapes(templates)
    found = _format_match(line, [p for p, _ in templates])
    flat = _flat(line)
    if found is None or found[0] not in shapes or found[1] >= len(flat) or _OPEN_END.search(found[0].pattern):
        return None
    tail = flat[found[1]:].lstrip()
    if not tail or re.match(r"[\d,;/|+&.-]", tail) or any(p.search(tail) for p in shapes):
        return None
    return flat[:found[1]]


def _tail_only(old: tuple[str, ...], new: tuple[str, ...]) -> bool:
    """`new` is `old` with only text after some lines' first token changed, that token an id (`S02`; not a table's
    `|`, a bullet or a heading mark, whose line's every cell or word would count as after it; review)."""
    if len(old) != len(new):
        return False
    changed = [(a, b) for a, b in zip(old, new) if a != b]
    return bool(changed) and all(
        (first := a.split()[:1]) and first == b.split()[:1] and _FIRST_TOKEN.fullmatch(first[0]) for a, b in changed)


def _title_span(lines: tuple[str, ...]) -> tuple[int, int]:
    """(the first non-blank line, the first line after it that is a heading, a table row or a fence), or (0, 0)."""
    first = next((i for i, line in enumerate(lines) if line.strip()), None)
    if first is None:
        return 0, 0
    for i in range(first + 1, len(lines)):
        line = _flat(lines[i])
        if _HEADING.match(line) or _fence(lines[i]) or ("|" in line and _in_table(lines, i)):
            return first, i
    return first, first  # (no heading or table below it: no span of lines "under the title")


def _still_free(old: tuple[str, ...], old_kinds: tuple[str, ...], new: tuple[str, ...],
                new_kinds: tuple[str, ...]) -> tuple[str, ...]:
    """`new_kinds` with each line neither graded nor free that is, word for word, a line the reference has as free:
    the same line moved (a title the prompt frees as the first line, below the first record; blind p241)."""
    if "other" not in new_kinds:
        return new_kinds
    free = {_flat(line) for line, kind in zip(old, old_kinds) if kind == "free"}
    return tuple("free" if kind == "other" and _flat(line) in free else kind for line, kind in zip(new, new_kinds))


def _patched(free: FreeLines, old: tuple[str, ...], new: tuple[str, ...], old_kinds: tuple[str, ...],
             head: int, tail: int) -> tuple[str, ...]:
    """The kinds of `new`, which shares its first `head` and last `tail` lines with `old`: only the
    lines between, the few above them and the one below them (whose neighbours may have changed), are
    classified again, unless the fences between differ (then every line after them may have changed
    its kind)."""
    start = max(0, head - ABOVE_HEADER)  # (lines above may stand on a header the change made or unmade)
    old_fences = sum(map(_fence, old[start:len(old) - tail]))
    new_fences = sum(map(_fence, new[start:len(new) - tail]))
    if old_fences % 2 != new_fences % 2:
        return _classify(free, new, 0, len(new), False)
    fenced = sum(map(_fence, old[:start])) % 2 == 1
    # (and the one below them: whether a pipe line is a table row depends on both its neighbours)
    below = 1 if tail else 0
    middle = _classify(free, new, start, len(new) - tail + below, fenced)
    return old_kinds[:start] + middle + old_kinds[len(old) - tail + below:]


def _caps_run(lines: tuple[str, ...], i: int) -> bool:
    """The line before or after line i (blank lines aside) is in capitals too: a list of codes (`AMS`, `CDG`), not
    a heading (review)."""
    for step in (-1, 1):
        k = i + step
        while 0 <= k < len(lines) and not lines[k].strip():
            k += step
        if 0 <= k < len(lines) and _CAPS_HEADING.fullmatch(_flat(lines[k])):
            return True
    return False


def _section(prompt: str, at: int) -> str:
    """The part of the prompt under the Markdown heading that position `at` stands under (the whole prompt
    where it has no headings): the section that says what the file must hold, not the inputs' rules."""
    heads = [m.start() for m in re.finditer(r"^#{1,6}\s", prompt, re.MULTILINE)]
    start = max((h for h in heads if h <= at), default=0)
    end = min((h for h in heads if h > at), default=len(prompt))
    return prompt[start:end]


def _unordered(items: list | tuple) -> tuple:
    """Of graded lines or a skeleton: each single line once, the tables (blocks of rows) as a sorted list."""
    return (frozenset(i for i in items if isinstance(i, str)), sorted(i for i in items if not isinstance(i, str)))


def _kept(lines: tuple[str, ...], kinds: tuple[str, ...]) -> list[str]:
    """The lines that are neither blank nor declared free, in order."""
    return [_flat(line) for line, kind in zip(lines, kinds) if kind not in ("free", "blank")]


def _skeleton(lines: list[str], kinds: tuple[str, ...]) -> tuple:
    """The graded lines in order: each run of table rows as one block, each other graded line alone."""
    items: list = []
    table: list[str] = []
    for line, kind in zip(lines, kinds):
        flat = _flat(line)
        if kind == "graded" and "|" in flat:
            table.append(flat)
            continue
        if kind == "free" and "|" in flat and table:
            continue  # (a free row among a table's rows, a `total` row moved up: the graded rows stay one block)
        if table:
            items.append(tuple(table))
            table = []
        if kind == "graded":
            items.append(flat)
    if table:
        items.append(tuple(table))
    return tuple(items)


# a sentence, list item or line of prose: up to its full stop, question or exclamation mark, or line end
# (a stop right before a letter or digit ends nothing: "28.5", "out.json", "e.g" inside a word)
SENTENCE = re.compile(r"(?:[^.!?\n]|[.!?](?=\w))+(?:[.!?]|$)", re.MULTILINE)


def prose_sentences(paragraphs: list[str]) -> list[str]:
    """The sentences of prose_paragraphs() (each stripped)."""
    return [s.strip() for p in paragraphs for s in SENTENCE.findall(p)]


_COMMENT_LINE = re.compile(r"[ \t]*#(?:[ \t]|$)(.*)")
# (a key with a value of a few words at most, or a list item: "matter: the dashboard sorts the rows itself, so ..." is
# prose wrapped at its colon; review)
_TEMPLATE_LINE = re.compile(r"[ \t]*(?:\[\[?[^\[\]\n]+\]\]?[ \t]*$|-[ \t]+\S|[\w.\x22'-]+[ \t]*[:=](?:[ \t]*$|[ \t]+(?:[\[{\x22'\d]|\S+(?:[ \t]+\S+){0,3}[ \t]*$)))")
_RULE_ONLY = re.compile(r"[=\-*#~_. \t]*")


def uncommented(prompt: str) -> str:
    """The prompt as prose the rules can read: a telegram's STOPs as full stops (_telegram), a box-drawn panel's
    label/value lines as a list (_unboxed), a commented template's comments as paragraphs (_uncommented)."""
    if len(prompt) > 200_000:
        return prompt
    return _uncommented(_unboxed(_telegram(_single_ticked(prompt))))


# a reStructuredText literal, ``#``: two backticks each side, not a fence's three
_RST_LITERAL = re.compile(r"(?<!`)``(?!`)([^`\n]{1,200}?)(?<!`)``(?!`)")


def _single_ticked(prompt: str) -> str:
    """A docstring's reST literals as Markdown code spans (``#`` as `#`), so that rules reading a quoted mark or
    name read both ("Blank lines and lines that start with ``#`` are ignored"; blind p342's module docstrings)."""
    return _RST_LITERAL.sub(r"`\1`", prompt) if "``" in prompt else prompt


# " STOP " ending a telegram's sentences: a word of its own in capitals, before a space or the line's end
_STOP = re.compile(r"[ \t]+STOP(?=[ \t]*$|[ \t]+\S)", re.MULTILINE)
_LETTER = re.compile(r"[^\W\d_]")


def _telegram(prompt: str) -> str:
    """A prompt written as a telegram, in capitals with STOP between its sentences ("CHECKED WITHIN 0.01 MIN ABSOLUTE
    STOP"; blind p323), with each STOP a full stop: only where at least five STOPs stand in text mostly in capitals,
    never inside a fenced block (a status code `STOP` of an example)."""
    if prompt.count("STOP") < 5:
        return prompt
    parts = re.split(r"(^[ \t]*(?:```|~~~).*$)", prompt, flags=re.MULTILINE)
    prose = "".join(part for i, part in enumerate(parts) if i % 4 == 0)  # (outside the fences)
    lines = [line for line in prose.split("\n") if line.strip() and not _NOT_PROSE.match(line)]
    letters = _LETTER.findall("\n".join(lines))
    # (a telegram's lines end in STOP, most of them: not an all-caps signal plan whose table cells read `STOP`; review)
    ending = sum(line.rstrip().endswith(" STOP") for line in lines)
    if sum(len(_STOP.findall(line)) for line in lines) < 5 or sum(c.isupper() for c in letters) < 0.7 * len(letters) \
            or ending < 3 or 2 * ending < len(lines):
        return prompt
    return "".join("\n".join(line if _NOT_PROSE.match(line) else _STOP.sub(".", line) for line in part.split("\n"))
                   if i % 4 == 0 else part for i, part in enumerate(parts))


_NOT_PROSE = re.compile(r"[ \t]*\||[ \t]{4}|\t")  # (a table's row, an indented block's line)


# A panel drawn with box characters: its frame lines (┌─ title ─┐, ├──┤, └──┘) and its framed lines (│ text │)
_BOX_EDGE = re.compile(r"[ \t]*[\u250c\u250f\u2554\u251c\u2523\u2560\u2514\u2517\u255a\u256d\u2570]"
                       r"[\u2500-\u257f\s]*([^\u2500-\u257f]*?)[\u2500-\u257f\s]*")
_BARS = "\u2502\u2503\u2551"


def _framed(line: str) -> tuple[str, str] | None:
    """(indent, text) of a framed line `│ text │` (its closing bar optional), else None (string operations: a lazy
    pattern was quadratic in a line of 30 000 spaces)."""
    body = line.lstrip(" \t")
    if not body or body[0] not in _BARS:
        return None
    inner = body[1:].rstrip(" \t")
    return line[:len(line) - len(body)], inner[:-1] if inner and inner[-1] in _BARS else inner
_BOX_LABEL = re.compile(r"[ \t]?(\S(?:[^\s|]| (?! ))*?)[ \t]{2,}(\S.*)")


def _unboxed(prompt: str) -> str:
    """`prompt` with each panel drawn in box characters written as a list: a framed line whose text opens at the frame
    with a label and two spaces an item "- label: text", the lines below it indented under the label its text
    (a table's row a line of its own), a frame's title a line (blind p324's service card: "│ note   the Note column,
    and any prose around the table, is │ / │   yours — we read it, the grader doesn't │" one sentence of one item).
    Any other prompt as it is."""
    if "\u2502" not in prompt and "\u2503" not in prompt and "\u2551" not in prompt:
        return prompt
    out: list[str] = []
    item: list[str] | None = None

    def flush() -> None:
        nonlocal item
        if item is not None:
            out.append(" ".join(item))
            item = None
    for line in prompt.split("\n"):
        framed = _framed(line)
        if framed is not None and re.search(r"[\u2502\u2503\u2551]", framed[1]):
            framed = None  # (a table drawn in box characters, `│ Station │ Mean │`: its cells, not a panel's items)
            flush()
            out.append(line)
            continue
        edge = None if framed else _BOX_EDGE.fullmatch(line)
        if edge is not None and re.search(r"[\u252c\u253c\u2534\u2533\u254b\u253b\u2566\u256c\u2569]", line):
            edge = None  # (a drawn table's rule, with its columns' junctions: kept as it is)
        if edge is not None:
            flush()
            if edge.group(1).strip():
                out.append(edge.group(1).strip())
            continue
        if framed is None:
            flush()
            out.append(line)
            continue
        indent, text = framed[0], framed[1].rstrip()
        label = _BOX_LABEL.fullmatch(text)
        if not text.strip():
            flush()
        elif not text[:2].isspace():  # (text at the frame: a new item)
            flush()
            item = [f"{indent}- {label.group(1)}: {label.group(2)}" if label is not None else f"{indent}- {text.strip()}"]
        elif text.strip().startswith("|"):
            flush()
            out.append(indent + text.strip())
        elif item is not None:
            item.append(text.strip())
        else:
            out.append(indent + text.strip())
    flush()
    return "\n".join(out)


def _uncommented(prompt: str) -> str:
    """A prompt written as a commented configuration template, its requirements in `# ...` lines between the
    template's own `key: value` lines, as prose: each comment line without its mark, wrapped comment lines one
    paragraph, a rule of `=`s a blank line, and each template line a paragraph of its own (blind p288: "Row order
    does not matter; the dashboard sorts it." read as three headings). Any other prompt as it is (but for the
    comments of its interactive sessions, _session_comments): one with a fenced block, or whose lines outside
    comments outnumber them, or without a run of five comment lines (Markdown headings come one at a time)."""
    if len(prompt) > 200_000:
        return prompt
    if "```" in prompt or "~~~" in prompt:
        return _session_comments(prompt)
    lines = prompt.split("\n")
    marks = [_COMMENT_LINE.fullmatch(line) for line in lines]
    said = sum(m is not None for m in marks)
    if said < 10 or 2 * said < sum(bool(line.strip()) for line in lines) \
            or not any(all(marks[i:i + 5]) for i in range(len(marks) - 4)):
        return prompt
    out: list[str] = []
    for line, mark in zip(lines, marks):
        if mark is None:
            # (a template line, `key: value` or `- item`, a paragraph of its own; a line of prose goes on as written:
            # "Row order does not / matter" of an intro above the template; review)
            out += ["", line, ""] if _TEMPLATE_LINE.match(line) else [line]
        else:
            text = mark.group(1)
            out.append("" if _RULE_ONLY.fullmatch(text) else text)
    return "\n".join(out)


_SESSION_COMMENT = re.compile(r"[ \t]*(?:>>>|\.\.\.)[ \t]*#[ \t]?(.*)")
_SESSION_TAIL = re.compile(r"[ \t]*>>>[ \t]*\S.*?[ \t]{2,}#[ \t]?(.*)")
_FENCE = re.compile(r"[ \t]*(```|~~~)")


def _session_comments(prompt: str) -> str:
    """`prompt` with the comments of each fenced interactive Python session (at least three `>>>` lines) written
    again as prose after the block, wrapped comment lines one paragraph: a doctest-first prompt states its rules
    there (blind p287: `>>> sorted(doc["subject"][0])   # any subject order; extra keys are ignored`). A comment
    after code only with two spaces before its `#` and no quote left open; the block itself as it was."""
    lines = prompt.split("\n")
    out: list[str] = []
    block: list[str] | None = None
    for line in lines:
        out.append(line)
        if not _FENCE.match(line):
            if block is not None:
                block.append(line)
            continue
        if block is None:
            block = []
            continue
        said: list[str] = []
        if sum(b.lstrip().startswith(">>>") for b in block) >= 3:
            for b in block:
                found = _SESSION_COMMENT.fullmatch(b) or _SESSION_TAIL.fullmatch(b)
                text = found.group(1).strip() if found else ""
                if found and found.re is _SESSION_TAIL and (b[:found.start(1)].count('"') % 2 or b[:found.start(1)].count("'") % 2):
                    text = ""
                if text:
                    said.append(text)
                elif said and said[-1]:
                    said.append("")
        if any(said):
            out += ["", *said, ""]
        block = None
    return "\n".join(out)


def prose_paragraphs(prompt: str) -> list[str]:
    """The prompt's prose (no code block) as paragraphs and list items, each on one line, `**`/`__`
    emphasis off: a line wrapped inside a paragraph goes on; a blank line, a list item or a table row
    starts anew."""
    prose = re.sub(r"\*\*|__", "", fenced_blocks(prompt[:200_000])[1])
    prose = re.sub(r"(?<=\S)[ \t]*\n(?![ \t]*(?:\n|[-*+|>#]|\d+[.)]\s))[ \t]*", " ", prose)
    return [" ".join(p.split()) for p in prose.splitlines() if p.strip()]


def fenced_blocks(text: str) -> tuple[list[str], str]:
    """The fenced code blocks of a Markdown text (each its lines, joined), and the text without them, in
    one pass, as CommonMark reads fences: a closer of the opener's character, at least as long, alone on
    its line; a block never closed runs to the end. (A regex looking for each opener's closer rescanned
    the rest of the text for every opener left open: quadratic, 40 s for 20 000 lines of "~~~ a".)"""
    blocks: list[str] = []
    inside: list[str] = []
    outside: list[str] = []
    fence = ""
    for line in text.split("\n"):
        found = _FENCE_LINE.match(line)
        if not fence:
            if found:
                fence, inside = found.group(1), []
            else:
                outside.append(line)
        elif found and found.group(1)[0] == fence[0] and len(found.group(1)) >= len(fence) \
                and not found.group(2).strip():
            fence = ""
            blocks.append("\n".join(inside) + "\n" if inside else "")
            outside.append("")
        else:
            inside.append(line)
    if fence:
        blocks.append("\n".join(inside) + "\n" if inside else "")
    return blocks, "\n".join(outside)


def _allowed_to_author(sentence: str) -> bool:
    """The sentence lets the output's author add a part: a permission (_ALLOWED) whose subject, the words
    before it in its clause, names no input ("Lines of `server.log` can contain comments; you can skip
    them" speaks of the input's lines, whatever the "you" after it), nor each of the output's records
    ("each finding may include an explanation": a part inside every graded line, not lines of its own)."""
    if not _OUTPUT.search(sentence):
        return False
    for match in _ALLOWED.finditer(sentence):
        subject = re.split(r"[;:]|\.\s", sentence[:match.start()])[-1]
        if not _INPUT_ONLY.search(subject) and not _EACH_RECORD.search(subject):
            return True
    return False


# "You MAY add a `Total` column and/or a `Total` row; they are ignored" (blind p194): each named part the answer may
# add, with its noun, where what follows the last one frees them
_MAY_ADD = re.compile(r"\b(?:may|can|could|are\s+(?:free|welcome)\s+to|feel\s+free\s+to)\s+(?:also\s+)?"
                      r"(?:add|include|append|keep|put\s+in)\b", re.IGNORECASE)
_ADDED_PART = re.compile(r"\s*(?:(?:,|and/or|and|or|/)\s*)?(?:(?:an?|the|one|extra|additional)\s+)?"
                         r"[`\"']([^`\"'\n]{1,40})[`\"']\s+(columns?|rows?|keys?|fields?|lines?|entry|entries)\b",
                         re.IGNORECASE)
# ...and what follows the parts, in the clause right after them: "; they are ignored", ", which the grader ignores";
# not "..., but it has to equal the column sums; blank lines are ignored" (review)
_ADDED_FREED = re.compile(r"\W*(?:(?:they|it|these|those|both|each|which|that)\s+)?(?:(?:are|is|will\s+be|get|gets)\s+"
                          r"(?:\w+\s+)?(?:ignored|not\s+(?:checked|graded|compared|read|scored|marked))\b|"
                          r"(?:the\s+)?(?:grader|checker)\s+(?:ignores|skips)\b|(?:are|is)\s+(?:all\s+)?fine\b|"
                          r"(?:do|does)\s*(?:n't|not)\s+(?:matter|count)\b)", re.IGNORECASE)


def added_parts(sentence: str) -> list[tuple[str, str]]:
    """(name, noun) of each part the sentence lets the answer add and frees: "You MAY add a `Total` column and/or a
    `Total` row; they are ignored" -> [("Total", "column"), ("Total", "row")]; none where it refuses anything."""
    may = _MAY_ADD.search(sentence)
    if may is None:
        return []
    found, at = [], may.end()
    while (part := _ADDED_PART.match(sentence, at)) is not None:
        found.append((part.group(1), part.group(2).lower()))
        at = part.end()
    if not found or not _ADDED_FREED.match(sentence, at):
        return []
    return found


# "Comment and blank lines are OPTIONAL", "comment lines may appear anywhere"
_OPTIONAL_COMMENTS = re.compile(r"\bcomments?(?:\s+(?:and|or)\s+blank)?\s+lines?\s+(?:are|is)\s+(?:optional|ignored|"
                                r"allowed|permitted)\b|\bcomments?\s+lines?\s+(?:may|can)\s+(?:appear|be\s+(?:added|inserted))\b",
                                re.IGNORECASE)
# (said of another file or refused: "... only allowed in the schedule", "In the schedule, comment lines are ignored",
# "... never allowed"; review)
_COMMENTS_ELSEWHERE = re.compile(r"\b(?:not|never|nowhere|only)\b|\b(?:in|within)\s+(?:the\s+|a\s+|an\s+)?(?!(?:output|answer|file|"
                                 r"report|result|artifact|your)\b)[a-z]", re.IGNORECASE)
# a grammar's comment production (ABNF, BNF, EBNF): `comment = "#" *( VCHAR / WSP )`, `<comment> ::= '#' ...`
_COMMENT_RULE = re.compile(r"^[ \t]*<?comment(?:[-_]line)?>?[ \t]*(?:=|::=|:=|:)[ \t]*[\x22'`]([#;%]|//|--)[\x22'`]",
                           re.IGNORECASE | re.MULTILINE)


def _grammar_comment_marks(prompt: str) -> list[str]:
    """The marks a grammar in the prompt opens its comment lines with (`comment = "#" ...`)."""
    return list(dict.fromkeys(_COMMENT_RULE.findall(prompt))) if "omment" in prompt else []


# "Only the **first** table whose header is `line_id | rx_id | code` is read" (blind p343)
_FIRST_TABLE_ONLY = re.compile(r"\bonly\s+the\s+\W{0,2}first\W{0,2}\s+(?:markdown\s+|pipe\s+)?table\b([^.;]{0,120}?)\b(?:is|gets?|will\s+be)\s+"
                               r"(?:read|graded|checked|parsed|scored|compared|used)\b(?!\s+for\b)", re.IGNORECASE)
_TABLE_PROVISO = re.compile(r"\bprovided\s+(?:that\s+)?no\s+other\s+lines?\b[^.;]{0,80}?\b(?:begins?|starts?)\s+with\s+"
                            r"(?:the\s+)?(?:character\s+|a\s+)?(?:`\|`|'\|'|\"\|\"|\||pipe)[^.;]{0,20}", re.IGNORECASE)


def read_free_lines(prompt: str) -> FreeLines:
    """The parts of the artifact the prompt declares free, with the format lines it shows."""
    parts: set[str] = set()
    declared: list[str] = []
    naming: list[str] = []
    pinned = False
    prefixes: list[str] = []
    graded_prefixes: list[str] = []
    after: list[str] = []
    before = before_any = under_title = after_first = False
    first_table: tuple[str, ...] | None = None
    other_tables = False
    free_rows: list[frozenset[str]] = []
    tables: set[str] = set()
    examples: list[str] = []  # the spans a freeing sentence gives as examples of the free part
    freeing: list[str] = []  # (whole: `declared` keeps 160 characters of each)
    said_before = ""
    for sentence in _sentences(prompt):
        before_this, said_before = said_before, sentence
        if _OTHER_FILES.search(sentence):
            # ("Working scripts and notes elsewhere in the directory are fine; only `output/audit_flags.txt` is read":
            # other files, no part of the answer's; blind p376)
            sentence = "; ".join(c for c in _FILE_CLAUSES.split(sentence) if c and not _OTHER_FILES.search(c))
            if not sentence.strip():
                continue
        if _ITS_OPTIONAL.match(sentence) and before_this and not _REFUSED.search(before_this) \
                and not _OF_INPUT.search(before_this) and _OUTPUT_PART.search(before_this) \
                and not _PINNED.search(before_this) and not _GRADED_SAID.search(before_this):
            # ("Sure, write a paragraph above or below the table — a title, a note, whatever. It's optional.": the parts
            # the sentence before names are what is optional; blind p367)
            if named := {part for part, words in _PARTS.items() if words.search(before_this)}:
                parts |= named
                declared.append(" ".join(before_this.split())[:160])
                freeing.append(before_this)
        # (a proviso that no other line opens as a table row keeps the table whole and refuses nothing the sentence frees:
        # "MAY precede or follow the table with headings ..., provided that no other line ... begins with `|`"; blind
        # p332. Not "provided that no other text appears", which refuses; review)
        sentence = _TABLE_PROVISO.sub("", sentence)
        if _NO_PART.search(sentence):  # (its refusing clauses left out; see _NO_PART)
            said = sentence
            sentence = "; ".join(c for c in _BUT.split(sentence) if not _NO_PART.search(c))
            if not sentence.strip():
                naming.append(said)
                continue
        # (read in its own clause: "...; a report without the findings table fails" refuses no table)
        if any(_TABLES_WITHOUT.search(clause) and (_FREE_SAID.search(clause) or _allowed_to_author(clause))
               and not _REFUSED.search(_ASIDE_OF.sub(" ", clause)) for clause in _BUT.split(sentence)):
            # (one column each: "without Batch and Rule columns" names two, which a table may lack apart)
            names = [m.lower() for m in _TABLES_WITHOUT.findall(sentence)]
            if names and not any(re.search(r"\s(?:and|or)\s|,", n) for n in names):
                tables.update(names)
                declared.append(" ".join(sentence.split())[:160])
        prefixed_here = False
        if _PREFIXED.search(sentence) and not _REFUSED.search(sentence) and not _MUST_BE_RIGHT.search(sentence) \
                and (_FREE_SAID.search(sentence) or (_YOU_MAY_ADD.search(sentence) and not _OF_INPUT.search(sentence))):
            prefixes += _PREFIXED.findall(sentence)
            declared.append(" ".join(sentence.split())[:160])
            prefixed_here = True
        elif _COMMENT_PREFIX.search(sentence) and _FREE_SAID.search(sentence) and not _REFUSED.search(sentence) \
                and not _OF_INPUT.search(sentence):  # (the input's comments: review)
            prefixes += [next(g for g in groups if g) for groups in _COMMENT_PREFIX.findall(sentence)]
            declared.append(" ".join(sentence.split())[:160])
            prefixed_here = True
        elif _OPTIONAL_COMMENTS.search(sentence) and (marks := _grammar_comment_marks(prompt)) \
                and not _REFUSED.search(sentence) and not _OF_INPUT.search(sentence) \
                and not _COMMENTS_ELSEWHERE.search(sentence):
            # (a grammar's `comment = "#" *( VCHAR / WSP )`, and "Comment and blank lines are OPTIONAL": a line of the
            # comment's mark, whatever it holds, may be there or not; blind p337's ABNF)
            prefixes += marks
            declared.append(" ".join(sentence.split())[:160])
            prefixed_here = True
        # (said of the answer's lines, and freeing them: not "In that log, lines that do not begin with `EVT` are
        # commentary", nor "... are data lines, not commentary, and are all graded"; a shown opening's literal head,
        # `ITEM` of `ITEM <sku>`; review)
        if (graded := _NOT_PREFIXED.search(sentence)) and _NOT_PREFIXED_FREE.search(tail := sentence[graded.end():]) \
                and not _REFUSED.search(tail) and not _NOT_PREFIXED_KEPT.search(tail) and not _OF_INPUT.search(sentence) \
                and not re.search(r"\b(?:in|of)\s+(?:that|the|this)\s+(?:log|input|file|export|source)\b", sentence, re.IGNORECASE):
            heads = [re.split(r"\s*[<{\[]", m, maxsplit=1)[0].strip().upper()
                     for m in re.findall(r"`([^`\n]{1,40})`", graded.group(1))]
            if heads and all(heads):
                graded_prefixes += heads
                declared.append(" ".join(sentence.split())[:160])
        if (keyed := _KEY_NOT_LISTED.search(sentence)) and _NOT_PREFIXED_FREE.search(tail := sentence[keyed.end():]) \
                and not _REFUSED.search(tail) and not _NOT_PREFIXED_KEPT.search(tail) and not _OF_INPUT.search(sentence) \
                and (heads := [f"{key.upper()}{colon}" for key in _keys_listed_above(prompt, keyed.group())
                               for colon in (":", " :")]):
            graded_prefixes += heads
            declared.append(" ".join(sentence.split())[:160])
        if _OTHER_TABLES.search(sentence) and not _REFUSED.search(sentence) and not _OF_INPUT.search(sentence):
            other_tables = True
            declared.append(" ".join(sentence.split())[:160])
        if (only := _FIRST_TABLE_ONLY.search(sentence)) and not _OF_INPUT.search(sentence) \
                and not re.search(r"\b(?:every|all|both|each|other|later|second)\s+tables?\b[^.;]{0,40}?\b(?:must|are|is|will\s+be)\s+"
                                  r"(?:be\s+)?(?:correct|graded|checked|read|compared|right)\b", sentence, re.IGNORECASE):
            # (not "Only the first table is read by the import; every table must be correct"; review)
            named = re.search(r"`([^`\n]*\|[^`\n]*)`", only.group(1))
            first_table = tuple(c.strip().lower() for c in named.group(1).strip().strip("|").split("|")) if named else ()
            declared.append(" ".join(sentence.split())[:160])
        # (said as free: "anything you like after the ID", never "The text after the ID is its distance in km"; review)
        if (tail := _AFTER_FIRST.search(sentence)) and not _REFUSED.search(sentence[tail.start():]) \
                and not _OF_INPUT.search(sentence[tail.start():]) \
                and (tail.group(1) or _FREE_SAID.search(sentence[tail.start():])):
            after_first = True
            declared.append(" ".join(sentence.split())[:160])
        if _AFTER.search(sentence) and _FREE_SAID.search(sentence) and not _REFUSED.search(sentence):
            after += _AFTER.findall(sentence)
            declared.append(" ".join(sentence.split())[:160])
        if added := [frozenset(words) for name, noun in added_parts(sentence)
                     if noun.startswith(("row", "line", "entr")) and (words := _name_words(name))]:
            free_rows += added
            declared.append(" ".join(sentence.split())[:160])
        rows = _ROWS_SUCH_AS.search(sentence)
        if rows and (_FREE_SAID.search(sentence[rows.end():]) or _NICE.search(sentence[rows.end():])) \
                and not _REFUSED.search(sentence[rows.end():]) and not _OF_INPUT.search(sentence[:rows.start()]) \
                and not re.search(r"\bwhen\s+you\s+(?:sum|add|total|count|compute|calculate|read|parse|load)\b",
                                  sentence[rows.end():], re.IGNORECASE):
            # ("`sales.csv` has subtotal lines; rows whose first column is `TOTAL` are skipped when you sum": the
            # input's rows and how to read them; review)
            named_rows = [words for item in re.split(r",\s*|\s+(?:and|or)\s+", rows.group(1) or rows.group(2))
                          if (words := _name_words(item))]
            if named_rows:
                free_rows += named_rows
                declared.append(" ".join(sentence.split())[:160])
        spans = {part for match in _ANY_YOU_LIKE.finditer(sentence) if not _REFUSED.search(sentence)
                 for part, words in _PARTS.items() if words.search(match.group(1))}
        if (label := _FREEDOMS_LABEL.match(sentence)) is not None:
            for clause in re.split(r";|\.\s", label.group(1)):
                if clause.strip() and not re.match(r"\W*none\b", clause, re.IGNORECASE) \
                        and not _PINNED.search(_REQUIRED_PARTS.sub(" ", clause)) and not _REFUSED.search(clause) \
                        and not _GRADED_SAID.search(clause):
                    found = {part for part, words in _PARTS.items() if words.search(clause)}
                    spans |= found
                    freeing += [clause] if found else []
        if spans:
            parts |= spans
            declared.append(" ".join(sentence.split())[:160])
        named = {part for part, words in _PARTS.items() if words.search(sentence)}
        if prefixed_here and COMMENTARY in named and not _PROSE_PARTS.search(sentence):
            # ("blank lines and lines starting with `#` are ignored, so comments are fine": those lines are the comments,
            # no prose anywhere; blind p276)
            named.discard(COMMENTARY)
        only = _ONLY_READ.search(sentence) is not None and not _REFUSED.search(sentence)
        if only:
            named.add(ELSEWHERE)
        # (an aside that refuses another part refuses none of these: "a heading or a few notes above or below
        # the table (just no other tables in the file)"; blind p89)
        kept = _ASIDE_OF.sub(lambda m: m.group() if any(w.search(m.group()) for w in _PARTS.values())
                             or _WHOLE_FILE.search(m.group()) else " ", sentence)
        # (of the clauses naming the parts: "... any prose before or after the table; every case in `cases.csv` must
        # appear exactly once" frees the report's prose, whatever input the other clause names; blind p160)
        # (and the permission in one of the output's: "Don't worry about comment lines in the input log; the report must
        # have no comments" frees none; review)
        naming_parts = [c for c in _BUT.split(sentence) if any(w.search(c) for w in _PARTS.values())] or [sentence]
        of_output = [c for c in naming_parts if not (_INPUT_ONLY.search(_ANSWER_AT_ROOT.sub(" ", c)) and not _OUTPUT.search(c))]
        free = named and (only or any(_FREE_SAID.search(c) for c in of_output) or len(naming_parts) == 1
                          and of_output and _FREE_SAID.search(sentence)) and not _REFUSED.search(kept) and bool(of_output)
        # (a permission and, after "but", what the file must hold: "You can write whatever prose you like
        # around it (a title, ...), but the file must contain the following three things")
        free = free or any(
            {part for part, words in _PARTS.items() if words.search(clause)} and _allowed_to_author(clause)
            and not _REFUSED.search(clause) and not _PINNED.search(_REQUIRED_PARTS.sub(" ", clause))
            for clause in _BUT.split(kept))
        if free:
            parts |= named
            declared.append(" ".join(sentence.split())[:160])
            freeing.append(sentence)
            examples += [span for run in _EXAMPLE_SPAN.findall(sentence) for span in re.findall(r"`([^`\n]+)`", run)]
            before = before or _BEFORE.search(sentence) is not None
            under_title = under_title or _UNDER_TITLE.search(sentence) is not None
            before_any = before_any or re.search(r"\b(?:anything|everything|whatever)\s+(?:\w+\s+){0,2}?"
                                                 + _BEFORE.pattern[2:], sentence, re.IGNORECASE) is not None
            if OPTIONS in named:
                # What the sentence requires before it frees the other options still names its keys ("must
                # set `command` and `user`; any other options may be added freely")
                naming.append(sentence[:_PARTS[OPTIONS].search(sentence).start()])
            continue
        naming.append(sentence)
        if HEADINGS in named and _PINNED.search(sentence):
            pinned = True
    if pinned:
        parts.discard(HEADINGS)
    if not parts and not prefixes and not after and not tables and not free_rows and not under_title \
            and not after_first and not graded_prefixes and first_table is None and not other_tables:
        return FreeLines()
    blocks, rest = fenced_blocks(prompt)
    # (a span a freeing sentence gives as an example of the free part, "a notes section ... starting with its own
    # heading line such as `NOTES`", shows no line the grader reads; blind p143)
    shown = [line for block in blocks for line in block.splitlines()]
    spans = shown + [span for span in _INLINE.findall(rest) if span not in examples or span in shown]
    templates = tuple(t for t in map(_template, spans) if t is not None)
    frames = _frames(spans)
    frame_words = frozenset(_FRAME_WORD.findall("\n".join(naming).lower())) if frames else frozenset()
    # (and "heading wording" free: a report's `#` title is a heading whose words the example only shows; blind p154;
    # in a clause that pins nothing, not "..., but the heading text must stay as shown"; review)
    titled = HEADINGS in parts and (any(re.search(r"\btitles?\b", d, re.IGNORECASE) for d in declared) or any(
        _HEADING_WORDING.search(clause) and not _PINNED.search(clause) and not _REFUSED.search(clause)
        for d in freeing for clause in re.split(r";|,?\s+but\s+", d))) \
        and not _FIRST_LINE_SET.search(prompt)
    title_shapes = frozenset(t[0].pattern for t in map(_template, (next((x for x in b.splitlines() if x.strip()), "")
                                                                    for b in blocks)) if t is not None)
    any_order = ELSEWHERE in parts and any(_FREE_FORM_FILE.search(d) for d in declared) and not any(
        _STATED_ORDER.search(_section(prompt, m.start())) for m in _FREE_FORM_FILE.finditer(prompt))
    return FreeLines(frozenset(parts), declared[0], templates, "\n".join(naming), tuple(dict.fromkeys(prefixes)),
                     titled, tuple(dict.fromkeys(after)), before, frozenset(tables),
                     frozenset(c.strip().lower() for span in _INLINE.findall(prompt) for c in re.split(r"[|,]", span)
                               if c.strip()) if tables or other_tables else frozenset(), any_order=any_order,
                     title_shapes=title_shapes if titled else frozenset(), before_any=before_any,
                     free_rows=tuple(dict.fromkeys(free_rows)), under_title=under_title, after_first=after_first,
                     graded_prefixes=tuple(dict.fromkeys(graded_prefixes)),
                     first_line_set=bool(graded_prefixes) and _FIRST_LINE_FIXED.search(prompt) is not None,
                     options_top_level=OPTIONS in parts and any(re.search(r"\btop[- ]level\b", d, re.IGNORECASE)
                                                                for d in declared), frames=frames, frame_words=frame_words,
                     first_table=first_table, other_tables=other_tables)


_FRAME_WORD = re.compile(r"[A-Za-z][A-Za-z_-]{2,40}")
MAX_FRAMES = 40


def _frames(spans: list[str]) -> tuple[tuple[re.Pattern[str], frozenset[str]], ...]:
    """Each format line of four to twelve words, a value among them and three words or more of letters, with one of
    those words open: `2024-06 standing billed £12.34 should be £23.45` shows `2024-04 import billed £62.97 should
    be £73.01` too, the line's name being what the example picked (blind p306: a finding line read as free text,
    which hid a `should be` amount the grader never compared). Two words of its own still fix the line. Each with the
    format line's own words."""
    out: list[tuple[re.Pattern[str], frozenset[str]]] = []
    for span in spans:
        words = _flat(span).split()
        if not 4 <= len(words) <= 12 or not _PLACEHOLDER.search(span):
            continue
        named = [k for k, word in enumerate(words) if _FRAME_WORD.fullmatch(word)]
        if len(named) < 3:
            continue
        own = frozenset(_FRAME_WORD.findall(span.lower()))
        for k in named:
            found = _template(" ".join([*words[:k], "<word>", *words[k + 1:]]))
            if found is not None and all(found[0] != frame for frame, _ in out):
                out.append((found[0], own))
        if len(out) >= MAX_FRAMES:
            break
    return tuple(out[:MAX_FRAMES])
