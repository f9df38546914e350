"""The accuracy a prompt demands of the answer's numbers, in its own words (StatedTolerance), and the
sentence splitting every prompt reading shares."""

from __future__ import annotations

import itertools
import math
import re
from collections.abc import Callable
from dataclasses import dataclass
from functools import lru_cache

# The number may be written 0.01, 1e-8, 2.5E-3, 10^-6 or 10**-6, and set in Markdown (**1e-8**, `1e-8`);
# a full stop after it ends the sentence, not the number.
# Spaces and Markdown around a number: `\s*[*`_]*\s*` would try every split of a run of spaces between
# its two \s* (quadratic: "within" and 100 000 spaces took minutes); here every space has one place.
MARKUP = r"\s*(?:[*`_]+\s*)?"
# Before a refusal word ("rejected", "failing"): not where it names a part of the answer ("the rejected list",
# "a `Rejected` heading", "each failed check": blind p94), only where it says what happens to one.
# (never after "all": "extra keys are all rejected" refuses; review)
NOT_A_NAME = (r"(?<!the )(?<!an )(?<!a )(?<!of )(?<!any )(?<!each )(?<!every )(?<!its )(?<!their )(?<!these )"
              r"(?<!those )(?<!`)(?<!\*)")
NUMBER = r"(?P<value>10\s*(?:\^|\*\*)\s*[-+−]?\d+|\d+(?:\.\d+)?(?:[eE][-+−]?\d+)?)(?!\d|\.\d)"
# (not one that goes on to its value: "within a relative tolerance of 0.01 %"; blind p223)
VAGUE_TOLERANCE = re.compile(r"\b(small|some|a)\s+(absolute\s+|relative\s+|numeric(al)?\s+)?tolerance\b"
                             r"(?!\s*(?:of|is|=|:)?\s*(?:[±~]|\+/-)?\s*\d)|"
                              r"\bapproximately\s+(equal|correct)|\bclose\s+enough\b", re.IGNORECASE)
# A time window, not a band: "if it does not reach `max_safe_c` within 48 h, the answer is `NEVER`" (blind
# p120), "a loan returned within 14 days": an event's verb before "within" in its clause (not "accepted if it
# is within 5 minutes", "passes when it falls within 0.05 h": bands; review), a unit of time after the value,
# and no "of" (a band: "within 1 minute of the true time")
_WINDOW_LEAD = re.compile(r"\b(?:reach(?:es|ed)?|arriv(?:e|es|ed)|happen(?:s|ed)?|occur(?:s|red)?|return(?:s|ed)?|"
                          r"finish(?:es|ed)?|complet(?:e|es|ed)|respond(?:s|ed)?|expir(?:e|es|ed)|paid|deliver(?:s|ed)?|"
                          r"settled|closed|resolved)\b", re.IGNORECASE)
_TIME_UNIT = re.compile(r"\s?(?:h|hrs?|hours?|min(?:ute)?s?|s|secs?|seconds?|days?|weeks?|months?|years?)\b(?!\s*of\b)",
                        re.IGNORECASE)


_GRADING_WORDS = re.compile(r"\b(?:accept\w*|pass(?:es|ed)?|grade[sdr]?|graded|compar\w*|check\w*|correct|toleran\w*|"
                            r"right|wrong|fine|ok(?:ay)?|close\s+enough|precise|precision|accura\w*)\b", re.IGNORECASE)


_SNAKE_KEY = re.compile(r"(?<![`\w.$/\\-])([a-z][a-z0-9]*(?:_[a-z0-9]+)+)(?![`\w.(/-])")


def _condition(sentence: str, match: re.Match) -> bool:
    """The band stands in a condition of the task's rules, not in a word on the answer's accuracy: in a clause that
    opens with "if"/"when"/"once" in a sentence of no grading word ("If all branches are already within 5% today the
    answer is 0"), or in a FAQ's question ("Q: Does "within 5%" mean it has to stay within 5%?"; blind p187)."""
    head = sentence[:match.start()]
    question = max(head.rfind("Q:"), head.rfind("Q."))
    if question >= 0 and "?" in sentence[match.end():] and "?" not in head[question:]:
        return True
    start = max(head.rfind(";"), head.rfind(","), head.rfind(":")) + 1
    return re.match(r"\W*(?:if|when|whenever|once|unless|as\s+soon\s+as)\b", head[start:], re.IGNORECASE) is not None \
        and not _GRADING_WORDS.search(sentence)


def _time_window(sentence: str, match: re.Match) -> bool:
    if not re.match(r"within\b", match.group(), re.IGNORECASE):
        return False
    # (a value's definition, not its accuracy: "`days_to_terminal` - the t where the fitted curve is within
    # 0.001 of FG"; blind p156, whose band was "+/- 0.15" further down)
    if _DEFINED_WHERE.search(sentence[max(0, match.start() - 80):match.start()]) \
            and not _OF_THE_ANSWER.match(sentence, match.end()):
        return True
    if not _TIME_UNIT.match(sentence, match.end()):
        return False
    lead = re.split(r"[,;:.]\s", sentence[max(0, match.start() - 160):match.start()])[-1]
    return _WINDOW_LEAD.search(lead) is not None


# (in one clause with no key of its own, and not "within X of the exact value" / "of ours": "For the rows where
# `usd` is above zero, `eur` must be within 0.01 of the exact value" states a band; review)
_DEFINED_WHERE = re.compile(r"\b(?:the\s+\w+|first\s+\w+|moment|point|time|day|hour|step)\s+(?:where|when|at\s+which)\s+"
                            r"[^.;,`]{0,60}$", re.IGNORECASE)
_OF_THE_ANSWER = re.compile(r"\s*(?:[\w.%°]+\s*){0,2}of\s+(?:the\s+)?(?:exact|true|correct|reference|expected|right|"
                            r"converged|ours|our)\b", re.IGNORECASE)


# What the prompt states an answer's numbers must meet (StatedTolerance): "within 1e-8 of the exact
# solution", "relative error below 1e-9", "|x - x_true| <= 1e-9 * |x_true|", "to 10 significant figures".
# Not "up to": it counts things ("up to 3 records") more often than it bounds an error.
_STATED = re.compile(
    r"(?:\bwithin(?:\s+(?:an?|the|absolute|relative|abs\.?|rel\.?|error)){0,2}|"
    r"\btolerances?(?:\s+of|\s*:|\s+is|\s*=)?|±|\bhold\s+(?:you|it|them|answers?|results?|values?)\s+to|\b(?:match(?:es|ed)?|agrees?|accurate|correct)\s+to\s+(?:an?\s+)?(?:relative|absolute|rel\.|abs\.)(?:\s+(?:error|tolerance|difference))?(?:\s+of)?|\+/-|\bplus\s+or\s+minus|\bplus\s*/\s*minus|"
    # ("the intercept, which may be off by up to 0.5"; review)
    r"\boff\s+by\s+(?:up\s+to|at\s+most|no\s+more\s+than)|"
    # ("shall differ from the Exact Multiplier by no more than 1e-6"; blind p266)
    r"\b(?:shall|must|should|may|will|to|can)\s+differ\s+from\s+the\s+(?:exact|true|correct|reference|expected|"
    r"actual|computed)\b[^.;]{0,60}?\bby\s+(?:no\s+more\s+than|not\s+more\s+than|at\s+most|up\s+to|less\s+than)|"
    # ("a margin that deviates by not more than 1 second from the exact margin is regarded as correct"; blind p357, whose
    # sentence wraps over lines: a sentence's line breaks are spaces here)
    r"\b(?:deviat(?:es|e|ing)|differs?|differing|diverg(?:es|e|ing))\s+by\s+(?:not\s+more\s+than|no\s+more\s+than|at\s+most|"
    r"up\s+to|less\s+than)(?=\s*[-+±]?\s*[$€£¥]?\s*\.?\d[\d.,eE-]*[^.;]{0,40}?\bfrom\s+the\s+(?:exact|true|correct|reference)\b"
    # (said as what is accepted, not a rule of the data: "A batch passes when its mean weight deviates by at most 2 from
    # the expected weight printed on the label"; review)
    r"[^;]{0,160}?\b(?:(?:is|are)\s+(?:regarded|considered|counted|treated|graded|accepted|marked)|counts?\s+as\s+correct|"
    r"(?:is|are)\s+correct)\b)|"
    r"\b(?:errors?|differences?|deviations?)(?:\s+(?:of|is|must\s+be|should\s+be))?\s*(?:<=|≤|<|\bbelow|\bunder|\bat\s+most|"
    r"\bno\s+(?:more|greater)\s+than|\bnot\s+exceed(?:ing)?)|\b(?:rel(?:ative|\.)?|abs(?:olute|\.)?)\s+"
    r"errors?\s+of|\|\s*(?:<=|≤|<))" + MARKUP + r"(?P<money>[$€£¥]\s?)?" + NUMBER
    # (a count of digits is no band: "we hold answers to 3 significant figures", "a tolerance of 4 decimal places";
    # _SIGNIFICANT and _PLACES read those; review)
    + r"(?!\s*(?:decimal|significant|sig\.?\s*figs?\b|s\.?f\.?\b|d\.?p\.?\b|places?\b|digits?\b|figures?\b))"
    + MARKUP + r"(?P<pct>%|percent\b|per\s+cent\b)?", re.IGNORECASE)  # ("0.5 percentage points" is no percent)
_DIFFERENCE = re.compile(r"\b(?:differences?|deviations?)\b", re.IGNORECASE)
_AGAINST_EXACT = re.compile(r"\b(?:from|to|against|of)\s+the\s+(?:exact|true|correct|reference|expected|optimal|"
                            r"converged)\b|\b(?:exact|true|correct|reference|expected)\s+(?:value|answer|solution|result)s?\b|"
                            # ("accepted when its absolute difference ≤ 0.01", "must match ours with ...", "numbers pass
                            # with a deviation of at most 0.5"; review)
                            r"\b(?:accepted|pass(?:es)?|graded|checked|compared|ours|our\s+(?:value|answer)s?)\b",
                            re.IGNORECASE)
_POINTS = re.compile(r"\s*(?:percentage|percent|%)[\s-]*points?\b|\s*p\.?p\.?(?![\w.])", re.IGNORECASE)
_PERCENTS = re.compile(r"\b(?:in\s+)?per\s?cent\b(?![\s-]*points?)|%(?![\s-]*points?)|[_\s]pct\b|_percent\b|\bAPR\b",
                       re.IGNORECASE)
_SIGNIFICANT = re.compile(r"\b(?P<n>\d+|three|four|five|six|seven|eight|nine|ten|eleven|twelve)\s+significant\s+"
                          r"(?:figures|digits)\b", re.IGNORECASE)
# An accuracy in places: "money columns must be correct to the cent", "accurate to 3 decimal places"
# (not "round each amount to the cent", which says how to compute): the loosest reading, one unit of
# the last place.
_PLACES = re.compile(r"\b(?:correct|accurate|exact|right|agree|match(?:es)?|checked|compared|graded)\s+"
                     r"(?:to|within)\s+(?:the\s+|a\s+|one\s+)?(?:(?P<cent>cent|penny)\b|"
                     r"(?P<places>\d{1,2}|one|two|three|four|five|six)\s+decimal(?:\s+places?|s)?\b)",
                     re.IGNORECASE)
# An accuracy in a unit's place: "must agree with the log to the kilogram", "correct to the nearest second" (a verb of
# agreement first: not "round to the nearest minute", which says how to compute)
_TO_THE_UNIT = re.compile(r"\b((?:correct|accurate|exact|right|agrees?|match(?:es)?)(?:\s+with\s+(?:the\s+|your\s+|our\s+)?"
                          r"[\w`'-]+(?:\s+[\w`'-]+)?)?)\s+to\s+the\s+(?:nearest\s+)?(kilogram|gram|tonne|second|minute|hour|"
                          r"day|metre|meter|litre|liter|mile|foot|inch|pound|ounce|kilometre|kilometer|millimetre|millimeter)\b"
                          r"(?!\s+(?:decimal|place|digit|significant))",
                          re.IGNORECASE)
_PLACE_WORDS = {"one": 1, "two": 2, "three": 3, "four": 4, "five": 5, "six": 6}
_SIG_WORDS = {"three": 3, "four": 4, "five": 5, "six": 6, "seven": 7, "eight": 8, "nine": 9, "ten": 10,
              "eleven": 11, "twelve": 12}
# Sentences about how to compute, not about the answer: "iterate until the change is within 1e-12".
# ("the converged solution" is what the answer is checked against, not how to compute it: blind p68)
_METHOD = re.compile(r"\b(until|stop(s|ped|ping)?|converge[sd]?|convergence|iterat\w*|residual|step\s*size|"
                     r"terminat\w*)\b|"
                     # (the definition of an index by a condition: "N is the first week t in which every branch's
                     # holdings are within 5% of its long-run value" says when, not how close the answer; blind p187)
                     r"\b(?:first|last|earliest|latest)\s+(?:week|day|month|year|hour|minute|step|time|period|sweep|"
                     r"round|epoch|t)\b[^.;]{0,80}?\b(?:in\s+which|at\s+which|for\s+which|when|such\s+that)\b",
                     re.IGNORECASE)
# "We check each value against the converged solution to within ±2 kg": what the answer is checked
# against, not how to compute it (blind p68); "the converged solution balances every node to within 1e-9"
# is how it is computed (review)
_CHECKED_AGAINST = re.compile(r"\b(?:check\w*|compar\w*|graded|verif\w*|test\w*)\b[^.;]{0,60}?\bagainst\s+the\s+"
                              r"converged\s+(?:solution|value|answer|result|reference)s?\b|"
                              # ("Every cell must be within 0.01 of the converged fit": what an answer must meet; p141)
                              # ("within **0.01 t** of the fully converged IPF value"; blind p181)
                              r"\b(?:must|should|has\s+to|have\s+to|needs?\s+to)\s++be\s++within\s++[^;\n]{1,30}?\s+of\s+the\s+"
                              r"(?:[\w-]+\s+)?(?:converged|exact|true|final)\s+(?:[\w-]+\s+)?(?:fit|solution|value|answer|"
                              r"result|reference|root|estimate)s?\b|"
                              # ("A cell is accepted if it is within **0.01** of the fully converged value"; blind p194): an
                              # answer's part, said accepted; not "a trial step is accepted if it lands within 0.5 of the
                              # converged root estimated so far", "a cell update is accepted if ..." (review)
                              r"\b(?:cell|value|answer|entry|number|result|figure|field|row|each|every\s+\w+)\s+(?:is|are)\s+"
                              r"accepted\s+(?:if|when|as\s+long\s+as)\s+(?:it|they)\s+(?:is|are|lies|lie|falls?|stays?)\s+"
                              r"within\s++[^;\n]{1,30}?\s+of\s+the\s+(?:fully\s+|exact\s+)?converged\s+(?:[\w-]+\s+)?"
                              r"(?:fit|solution|value|answer|result|reference|root|estimate|matrix)s?(?=\s*(?:[.;)]|$))|"
                              # ("// each cell within 0.01 of the converged matrix", a sample's note; blind p190)
                              r"\b(?:each|every|all)\s+(?:[\w-]+\s+)?within\s++[^;\n]{1,30}?\s+of\s+the\s+converged\s+"
                              r"(?:matrix|cells?|values?|vector|solution|state|distribution|loads?)\b", re.IGNORECASE)
# a unit right after a stated value: "±0.01 m", "0.05 L/s", "2 ms", "0.5 °C" (not "%", "of", "in", "or")
_UNIT = re.compile(r"\s?(?!(?:of|in|or|and|on|at|to|for|the|a|an|per|each|every|with|from|by|is|are)\b)"
                   r"(?:[a-zA-Zµ°]{1,4}(?:/[a-zA-Z]{1,4})?|"
                   # (spelled out: "within 1 second", "0.01 bags/minute", "2 degrees"; blind p87)
                   r"(?:milli|micro|centi|kilo|nano)?(?:seconds?|minutes?|hours?|days?|weeks?|months?|years?|"
                   r"met(?:er|re)s?|grams?|lit(?:er|re)s?|degrees?|tonnes?|tons?|pounds?|miles?|knots?|volts?|"
                   r"amps?|watts?|pascals?|units?|points?)|[a-zA-Z]{2,12}/[a-zA-Z]{2,12})\b(?![-'])|"
                   r"\s?°(?:[CFK]\b)?")  # ("within 0.01°.": no word boundary after the sign)
_CLAUSES = re.compile(r";|,\s+(?=(?:which|so|and|but|while|whereas)\b)")
# "±0.01 m on every junction head": what a stated value is of (the clause's last noun, a stop word
# ending it: "... head and ±0.05 L/s on every pipe flow")
# ("±0.01 °C for the MKT and ±0.1 h for the headroom": "for the" too, of a noun that is no word for every
# number; blind p111)
_SCOPE = re.compile(r"\s?(?:[a-zA-Zµ°]{1,4}(?:/[a-zA-Z]{1,4})?\s+)?(?:(?:on|for|of|in)\s+(?:every|each|all|any)|"
                    r"for\s+the(?!\s+(?:values?|answers?|results?|numbers?|outputs?|figures?|whole|entire|rest)\b))\s+"
                    r"((?:[A-Za-z][\w-]*\s+){0,2}[A-Za-z][\w-]*)")
# (a key after the value, alone: "0.01 kg for `chlorine_kg`"; blind p301. Not "for `a` and `b`", whose band is read as
# before)
_SCOPE_KEY = re.compile(r"\s?(?:[a-zA-Zµ°]{1,4}(?:/[a-zA-Z]{1,4})?\s+)?for\s+`([A-Za-z_][\w.-]*)`(?!\s*(?:,|and\b|or\b|&|/)\s*`)")
# ("within an absolute tolerance of 0.001 for residuals and dose, and 0.01 kg for `chlorine_kg`": a second band after
# the first one's "for ..."; blind p301)
_AND_BAND = re.compile(r"(\bfor\s+[^,;.()\n]{1,60}?,?\s+and\s+)(?=[-+]?\d[\d.]*(?:e-?\d+)?\s*(?:[A-Za-zµ°%]{1,4}\s+)?for\s)",
                       re.IGNORECASE)
# between two bands of one subject: "within 0.1 % relative, or within 0.01 absolute"
_OR_BAND = re.compile(r"\s*(?:%|percent)?\s*(?:relative|rel\.?|absolute|abs\.?)?\s*\)?\s*,?\s*or\s+", re.IGNORECASE)
_STOP = frozenset({"and", "or", "so", "but", "with", "to", "which", "where", "while", "is", "are", "in", "of",
                   "on", "at", "by", "the", "a", "an"})


@lru_cache(maxsize=8192)
def _key_nouns(key: str, strong: bool = False) -> frozenset[str]:
    """The nouns a key may be said by: its whole name, its last dotted step and each of its words of three
    letters or more (`optimal_price`: price; `head_loss_m`: head, loss; `summary.max_profit`: max_profit),
    each in the singular. `strong`: only the name, the last step and the last such word (what the key is:
    `price_change_pct` is no price)."""
    name = key.lower().rsplit(".", 1)[-1]
    # (two characters where one is a digit, `p0_percent`: a symbol's name, "`P0` within 0.01"; blind p238)
    words = [w for w in re.split(r"[_\-\s]+", name) if len(w) >= 3 or (len(w) == 2 and any(c.isdigit() for c in w))]
    return frozenset({singular(key.lower()), singular(name), *(singular(w) for w in (words[-1:] if strong else words))})


def _said_by(noun: str, nouns: frozenset[str]) -> bool:
    """The noun is one of a key's nouns, or one of them is its short form (`elev` of "elevation", `temp`
    of "temperature": four letters or more, the noun's beginning; blind p87's `max_elev_deg`), or the noun names
    keys by a pattern whose `XX` or `NN` stands for digits (`pXX_ms` of `p50_ms`, `p99_ms`; blind p258), or by the
    suffix they end in (`_mm` of `eta_mm`)."""
    if noun in nouns or (noun.isalpha() and any(len(w) >= 4 and w.isalpha() and noun.startswith(w)
                                                and len(noun) <= 3 * len(w) for w in nouns)):
        return True
    if len(noun) >= 3 and noun[0] == "_" and noun[1:].replace("_", "").isalnum():
        # (a suffix names the keys that end in it: "every `_mm` column to ±0.05 mm"; blind p264)
        return any(w.endswith(noun) and len(w) > len(noun) for w in nouns)
    if ("xx" in noun or "nn" in noun) and (found := _DIGITS_PLACEHOLDER.search(noun)):
        pattern = re.compile(re.escape(noun[:found.start(1)]) + r"\d{1,3}" + re.escape(noun[found.end(1):]))
        return any(pattern.fullmatch(w) for w in nouns)
    return False


# `XX` or `NN` standing for a key's digits, a word of its own or after a letter or two (`pXX_ms`, `rate_NN`; not the
# "nn" of `annual_total`)
_DIGITS_PLACEHOLDER = re.compile(r"(?:^|_)[a-z]{0,2}(xx|nn)(?=_|$)")


@lru_cache(maxsize=8192)
def singular(noun: str) -> str:
    """A plural noun's singular, roughly ("groups" -> "group", "entries" -> "entry", "boxes" -> "box")."""
    noun = noun.lower()
    if noun.endswith("ies") and len(noun) > 4:
        return noun[:-3] + "y"
    if noun.endswith(("ches", "shes", "xes", "sses")):
        return noun[:-2]
    return noun[:-1] if noun.endswith("s") and not noun.endswith("ss") else noun


def _scope(sentence: str, end: int) -> str | None:
    """The noun a stated value at sentence[:end] is said of ("on every junction head" -> "head"; "0.01 kg for
    `chlorine_kg`" -> "chlorine_kg")."""
    keyed = _SCOPE_KEY.match(sentence, end)
    if keyed is not None:
        return singular(keyed.group(1).lower())
    found = _SCOPE.match(sentence, end)
    if found is None:
        return None
    words = []
    for word in found.group(1).split():
        if word.lower() in _STOP:
            break
        words.append(word)
    return singular(words[-1].lower()) if words else None


# A key in backticks, its TOML table's name before it or not ("`[aep] weibull_mwh`": `weibull_mwh`; blind p205)
_TICKED = r"`(?:\[[\w.-]{1,40}\][^\S\n]*)?([A-Za-z_][\w.-]*)`"
# (a table alone names its keys' band where the clause names no key: "Each `[metrics]` value is within a relative
# tolerance of 0.01 %"; blind p223. Not beside one: "In the `[latency]` table, `p50` is within 0.1 ms"; review)
_TABLE_TICKED = r"`\[{1,2}([A-Za-z_][\w.-]*)\]{1,2}`"
# (after a table row's label cell too, "| **Honesty** | `sse`, `forecast` and `rmse` are ..."; blind p363)
_LEAD_KEYS = re.compile(r"[\s*>|-]*(?:[^|`\n]{1,40}\|\s*)?(?:\d{1,2}[.)]\s+)?(?:\[[ xX]?\]\s*)?((?:`(?:\[[\w.-]{1,40}\][^\S\n]*)?[A-Za-z_][\w.-]*`\s*"
                        r"(?:(?:,|and|or|&|/)\s*)?){1,8})(?P<defined>:\s|=\s|(?:is|are)\s)")
# A band's sentence whose subject is the answer itself, "Your answer must be within 1 m of the true value"
_ANSWER_SUBJECT = re.compile(r"[\s*>|-]*(?:your|the|this|that)\s+(?:answer|value|number|result|figure)\s+(?:must|should|shall|"
                             r"has\s+to|needs?\s+to|is|will)\s+(?:be\s+)?(?:(?:accurate|correct|right|checked)\s+)?(?:to\s+)?$",
                             re.IGNORECASE)
# (a manner of writing it first, "...; as a percentage, within 0.01 percentage points": no subject; blind p306)
_NO_SUBJECT = re.compile(r"\s*(?:(?:as|in)\s+(?:an?\s+)?[\w%-]+\s*,\s*)?(?:(?:it|they|this|these|each|both|all|and|but|so)\s+)*(?:(?:must|should|shall|has\s+to|"
                         r"have\s+to|needs?\s+to|is|are|will)\s+)?(?:be\s+)?(?:(?:accurate|correct|exact|right|"
                         r"checked|compared|accepted)\s+)?(?:to\s+)?", re.IGNORECASE)


_BARE_KEY = re.compile(r"\s*(?:[-*]\s+)?(?:tolerances?\s*:\s*)?([A-Za-z_][\w.]{0,60})\s*", re.IGNORECASE)
_NOT_KEYS = frozenset({"all", "any", "and", "are", "both", "each", "is", "it", "its", "or", "the", "to", "be", "one",
                       "two", "per", "of", "at", "in", "on", "by", "for", "so", "but", "yet", "tol", "err", "eps",
                       "abs", "rel", "max", "min", "use", "set", "get", "put", "add"})
_PERCENT_KEY = re.compile(r"(?:^|[_\W])(?:pct|percent|percentage|share|pp)s?(?:$|[_\W])", re.IGNORECASE)
# (the answer opening with its band, or a few words of the question's subject: not "A: Both within ±0.01 kW",
# "A: All values within ...", which speak of more than the question's key; review)
_ASKED = re.compile(r"\s*Q\s*[:.)]\s*([^?]{1,300})\?\s*A\s*[:.)]\s*(?:(?:it|its|they|must|should|be|is|are|"
                    r"accepted|checked|compared|graded|correct|right|to|within)\s+){0,4}", re.IGNORECASE)


_ROW_KEY = re.compile(r"[^\S\n]*\|[^\S\n]*`(?:\[[\w.-]{1,40}\][^\S\n]*)?([A-Za-z_][\w.-]{0,60})`[^\S\n]*\|")


def _defined_keys(head: str, previous: int = -1) -> list[str]:
    """The keys a sentence opens with as its subject, where its first stated value (whose text before it is
    `head`) is surely said of them: in the clause that defines them ("- [ ] `[aep] capacity_factor` =
    `weibull_mwh` / (`rated_kw` x 8760 / 1000), as a fraction, within ±0.0005"; "`[data] mean_speed_ms` is the
    mean wind speed ..., within ±0.001 m/s": not the formula's other keys), or in a later clause with no
    subject of its own ("`[weibull] k` and `[weibull] c_ms` are the MLE ...; each is within 0.1 %"): those keys'
    bands, not every number's (blind p205). Else []."""
    lead = _LEAD_KEYS.match(head)
    if lead is None or previous >= 0:
        return []
    cut = max(head.rfind(";"), head.rfind(": "), head.rfind(". "))
    if cut >= lead.end():
        if "`" in head[lead.end():] or not _NO_SUBJECT.fullmatch(head[cut + 1:]):
            return []
    elif lead.group("defined") == ": ":
        return []
    else:
        # (not where the stretch before the value, after its last comma or conjunction, names a subject of its own:
        # "- `a` is exact, `b` within 0.5", "`n` is the sample size while the mean is within 0.5"; review)
        tail = re.split(r",|\s(?:and|while|whereas|but)\s", head[lead.end():])[-1]
        if "`" in tail or re.search(r"\b(?:is|are|must|should|shall|will|needs?)\b", tail, re.IGNORECASE):
            return []
    return [singular(k.lower()) for k in re.findall(_TICKED, lead.group(1))][:4]


def _keys_before(sentence: str, start: int, previous: int = -1, defined: list[str] | None = None) -> list[str]:
    """The keys a clause names in backticks before its stated value ("`price` must be within ±0.01;
    `units` and `profit` within 1 %": price, then units and profit; blind p45), singular, lower case.
    None where the clause states another value before this one (the keys are that one's), unless a
    a comma or an "and" parts them: a list of bands, "`a` within $0.50 of x, `b` within 0.0005", each after the last.
    `previous`: where the sentence's stated value before this one ended (-1: none); `defined`: _defined_keys of the
    text before the value, where the caller has it."""
    head = sentence[:start]
    # (a row of a field table: its first cell's key, whatever the description names before the value: "| `sse` |
    # number | `SSE` at the `alpha` you report, within 0.1 % |" is no band of `alpha`; blind p164)
    row = _ROW_KEY.match(head)
    if row is not None:
        return [singular(row.group(1).lower())]
    cut = max(head.rfind(";"), head.rfind(": "), head.rfind(". "))
    clause = head[cut + 1:]
    # ("- `s0`, `s_inf`, `drop_mmhg`: within **0.1 mmHg**", "- `exponent`: report to 4 decimal places; it must be
    # within **0.0005**": a list item's keys, then a colon, are its bands' keys where a clause names none of its
    # own; blind p132 and p134, whose bands were read as every number's)
    defined = _defined_keys(head, previous) if defined is None else defined
    if defined:
        return defined
    lead = _LEAD_KEYS.match(head)
    if lead is not None and "`" not in clause and previous < cut and not re.search(r"`", head[lead.end():]) \
            and (cut == lead.end() - 2 or _NO_SUBJECT.fullmatch(clause)):
        # (in a later clause only where it names no subject of its own, "; it must be within 0.0005": not
        # "; distances within 0.01 km and times within 1 s", the parts' own bands; review)
        clause = lead.group(1)
    # (an answer's band is its question's keys: "Q: How accurate must `wet_bulb_c` be? A: Within 0.05 °C";
    # blind p146, whose `water_m3` and `pond_m3` were "Within 0.5 m³" in the next answer)
    asked = _ASKED.fullmatch(head)
    if asked is not None and previous < 0:
        clause = asked.group(1)
    if previous > cut:
        # (or an "and": "prices within 0.01 of the true values and `max_profit` within 1.00"; blind p77)
        rest = head[previous:]
        # (the stated value's match may have taken the space before the "and": "±0.001 and every `_mm` column ..."; p264)
        parted = re.search(r",\s|(?:^|\s)(?:and|while|but)\s", rest)
        if parted is None:
            return []
        clause = rest[parted.end():]
    keys = [singular(k.lower()) for k in re.findall(_TICKED, clause) or re.findall(_TABLE_TICKED, clause)][:4]
    # (a casual list names its keys bare: "tolerances: fg +/- 0.0003, k within 2%, days_to_terminal +/- 0.15";
    # blind p156: a clause of one word before its band is that key)
    # (only in a list: after a "tolerances:" label or an earlier band of the sentence; "Tol ±0.01." names no key)
    bare = None if keys or not (previous > cut or re.search(r"\btolerances?\s*:", head, re.IGNORECASE)) \
        else _BARE_KEY.fullmatch(clause)
    if bare is not None and (bare.group(1).lower() in _NOT_KEYS
                             or not ("_" in bare.group(1) or len(bare.group(1)) <= 3)):
        bare = None
    return [singular(bare.group(1).lower())] if bare else keys


# Sentences about the input, not the answer: "the readings in `sensors.csv` are accurate to within 1e-6"
# (one that also speaks of the answer counts: "compute the mean of `sensors.csv` to within 1e-6").
_INPUT = re.compile(r"\b(inputs?|given|provided|readings?|measurements?|source|workspace)\b|"
                    r"\w\.(csv|tsv|jsonl?|txt|ya?ml|xml|log|dat)\b", re.IGNORECASE)
# (and what a value "needs to be": "each number needs to be within 0.0005 of hers, ..., so do make sure the fit has
# properly converged"; blind p268)
_ANSWER = re.compile(r"\b(outputs?|answers?|results?|your?|must|should|shall|accept\w*|pass(es)?|grade[dr]?|"
                     r"writ(e|ten)|report(ed)?|comput(e|ed)|return(ed)?|print(ed)?|submit\w*)\b|"
                     # (of an answer's value only: not "a reading has to be within 2.0 of its median to be kept"; review)
                     r"\b(?:each|every|all|your)\s+(?:[\w-]+\s+)?(?:numbers?|values?|figures?|results?|answers?|estimates?)\s+"
                     r"(?:needs?|ha(?:s|ve))\s+to\s+be\b", re.IGNORECASE)
_GRADED = re.compile(r"\b(?:is|are|gets?|will\s+be)\s+(?:checked|compared|verified|tested|scored|judged|evaluated|"
                     r"matched)\b", re.IGNORECASE)
# "print it with 12 significant digits" asks for a format, not an accuracy.
_PRINTING = re.compile(r"\b(print(ed|ing)?|format(ted)?|display(ed)?|writ(e|ten)|show(n)?)\b", re.IGNORECASE)


# The grader forgiving the parts a clause names, in a lenient prompt's words, read wherever "ignored" is (blind p160:
# "The grader does not mind row order, extra columns (gallery, contents, a comment), ... or any prose before or after
# the table", "The grader is forgiving about presentation: ..."; p162's "Don't worry about" list; p159's "we do not
# mark presentation").
LENIENT = (r"\b(?:does|do|will|would)\s*(?:n['\u2019]?t|not)\s+(?:mind|care\s+(?:about|if|whether)|penali[sz]e)\b|"
           r"\bwo\s*n['\u2019]?t\s+(?:mind|care\s+(?:about|if|whether)|penali[sz]e)\b|"
           r"\b(?:is|are)\s+(?:very\s+|quite\s+)?(?:forgiving|lenient|relaxed|tolerant)\s+(?:about|of|with|on|towards?)\b|"
           r"\bforgives\b|\b(?:do\s*n['\u2019]?t|no\s+need\s+to)\s+worry\s+about\b|"
           r"\b(?:is|are)\s*(?:n['\u2019]?t|not)\s+(?:marked|penali[sz]ed)\b|\bwill\s+not\s+be\s+(?:marked|penali[sz]ed)\b|"
           r"\bwe\s+do\s*(?:n['\u2019]?t|not)\s+mark\b|\bnot\s+penali[sz]ed\b|"
           # ("if you happen to write the same finding twice we won't hold it against you"; blind p321)
           r"\b(?:wo\s*n['\u2019]?t|will\s+not|do\s*n['\u2019]?t|does\s*n['\u2019]?t|do\s+not|does\s+not)\s+(?:hold|count)\s+"
           r"(?:it|that|this|them)\s+against\b")
_LENIENT = re.compile(LENIENT, re.IGNORECASE)
# What the answer may write as it likes, said by who reads it, the verb left out as the clause before says it: "the Note
# column ... is yours — we read it, the grader doesn't" (blind p324); only at a clause's end, never "the grader does not,
# however, accept ..." (review)
GRADER_DOES_NOT = r"\b(?:the\s+)?(?:grader|checker)\s+(?:does\s*n['\u2019]?t|does\s+not)(?=[^\S\n]*(?:[.;!)]|\n|$))"
# A label over a list of what the grader forgives ("**Don't worry about**", "What we normalise:", "Not marked:"):
# each item below it reads as the label's clause.
_LENIENT_LABEL = re.compile(r"^[\s#*_>]*(?:(?:(?:what\s+)?(?:the\s+grader|we)\s+)?(?:" + LENIENT + r")|"
                            r"(?:what\s+)?(?:the\s+grader\s+|we\s+)?(?:ignores?|normali[sz]es?|do\s*n[o'\u2019]?t\s+"
                            r"(?:check|grade|mark))|not\s+(?:checked|graded|marked)|ignored|"
                            r"things?\s+(?:we|the\s+grader)\s+(?:ignores?|do(?:es)?\s*n[o'\u2019]?t\s+(?:check|mark)))"
                            r"[\s*_:]*$", re.IGNORECASE)
_ITEM = re.compile(r"^[^\S\n]*(?:[-*+]|\d+[.)])\s+")


def lenient_lists(text: str) -> str:
    """`text` with each item of a list under a lenient label prefixed by that label ("Don't worry about: Row
    order, extra columns ..."), so that a sentence reader sees the permission beside what it frees."""
    if "\n" not in text:
        return text
    lines = text.split("\n")
    label, labeled = None, 0
    for i, line in enumerate(lines):
        if len(line) <= 80 and _LENIENT_LABEL.match(line):
            label, labeled = re.sub(r"[\s#*_>:]+", " ", line).strip(), 0
            continue
        if label is None:
            continue
        if not line.strip():
            # (a blank line after the label's items ends its list: the next list is another's; review)
            label = None if labeled else label
            continue
        item = _ITEM.match(line)
        if item is None:
            label = None
            continue
        lines[i] = f"{item.group(0)}{label}: {line[item.end():]}"
        labeled += 1
    return "\n".join(lines)


# A FAQ's question and its yes/no answer ("**Q: Does row order matter?**" / "A: No. But every hold ..."): most of a
# FAQ-style prompt's rules are said so (blind p187). Read as the statement the answer makes.
# (possessive runs: a line of spaces must not be tried at every split; review)
_QUESTION = re.compile(r"^[^\S\n]*+[*_#>]*+[^\S\n]*+Q(?:uestion)?[^\S\n]*+[:.)][^\S\n]*+(?P<q>[^\n?]{3,200})\?[*_]*+[^\S\n]*+\n"
                       r"(?:[^\S\n]*+\n)?[^\S\n]*+[*_>]*+[^\S\n]*+A(?:nswer)?[^\S\n]*+[:.)][*_]*+[^\S\n]*+"
                       # (a bare yes or no only, its sentence ended: "No. But every hold must appear once"; not "Yes,
                       # but only for the TOTAL row", whose qualifier is the answer; review)
                       r"(?P<a>yes|no|nope|yep)[*_]*+(?:[.!][^\S\n]*+|[^\S\n]*+(?=\n|$))", re.IGNORECASE | re.MULTILINE)
_PREDICATE = (r"(?:matters?|counts?|checked|graded|compared|scored|marked|required|needed|enforced|ignored|allowed|"
              r"accepted|optional|ok|okay|fine|significant|important|relevant|case[- ]sensitive|free|tolerated)")


@lru_cache(maxsize=256)
def faq_statements(text: str) -> str:
    """`text` with each FAQ question answered yes or no rewritten as the statement it makes: "Does row order matter?
    No." -> "Row order does not matter."; "Are extra keys allowed? Yes" -> "Extra keys are allowed."; "Can I add
    columns? Yes" -> "You may add columns."; "Does the grader check units? No" -> "The grader does not check units".
    A question of another shape is left as it is."""
    def statement(match: re.Match[str]) -> str:
        question, yes = " ".join(match.group("q").split()), match.group("a").lower() in ("yes", "yep")
        said = _statement(question, yes)
        return match.group(0) if said is None else f"{said[0].upper()}{said[1:]}. "
    text = _QUESTION.sub(statement, text) if "Q" in text or "q" in text else text
    return _SHORT_FAQ.sub(_short_statement, text) if "?" in text else text


# A question of a few words answered in a few ("- **Row order?** Any.", "**Extra columns (e.g. `country`)?** Allowed and
# ignored."; blind p240): an answer freeing it makes the statement "Row order does not matter.", one allowing it
# "Extra columns (e.g. `country`) are allowed and ignored."
_SHORT_FAQ = re.compile(r"^(?P<lead>[^\S\n]*+(?:[-*+][^\S\n]+|\d+\.[^\S\n]+)?)[*_]*(?P<q>[A-Za-z][^?\n*_]{2,80})\?[*_]*"
                        r"[^\S\n]+(?P<a>[A-Za-z][^\n.;]{0,40})\.?[^\S\n]*$", re.MULTILINE)
_FREES = re.compile(r"(?:any(?:\s+order)?|free|up\s+to\s+you|(?:it\s+)?does(?:n't|\s+not)\s+matter|not\s+(?:checked|graded)|"
                    r"ignored|your\s+choice|whatever(?:\s+you\s+like)?|either(?:\s+way)?)", re.IGNORECASE)
_ROWS_ORDER = re.compile(r"(?:the\s+)?(?:(?:row|line|record|entry|entries|output|result|item)s?\s+order(?:ing)?|"
                         r"order(?:ing)?\s+of\s+(?:the\s+)?(?:rows|lines|records|entries|results|items|output)|"
                         r"(?:does\s+(?:the\s+)?)?order\s+matter|sort(?:ing)?|sorted)", re.IGNORECASE)
_ALLOWS = re.compile(r"(?:allowed|fine|ok|okay|accepted|welcome|permitted)(?:\s+(?:and|but)\s+(?:ignored|not\s+graded|"
                     r"not\s+checked))?", re.IGNORECASE)


def _short_statement(match: re.Match[str]) -> str:
    question, answer = match.group("q").strip(), match.group("a").strip()
    # (only a question about the rows' order: "Tie order?" or "Rounding order?" frees no row; review)
    if _FREES.fullmatch(answer) and _ROWS_ORDER.fullmatch(question):
        return f"{match.group('lead')}{question} does not matter."
    if _ALLOWS.fullmatch(answer):
        return f"{match.group('lead')}{question} are {answer[0].lower()}{answer[1:]}."
    return match.group(0)


def _statement(question: str, yes: bool) -> str | None:
    words = question.split()
    aux, rest = words[0].lower(), " ".join(words[1:])
    if not yes and re.search(r"\b(?:any|every|all)\b", rest, re.IGNORECASE):
        return None  # ("Is any row order accepted? No": not "any row order is not accepted"; review)
    if aux in ("does", "do") and (m := re.fullmatch(r"(.+?)\s+(matter|count)", rest, re.IGNORECASE)):
        return f"{m.group(1)} {m.group(2)}{'s' if aux == 'does' else ''}" if yes else \
            f"{m.group(1)} {aux} not {m.group(2)}"
    if aux in ("does", "do") and (m := re.fullmatch(r"(the\s+(?:grader|checker)|it|you|we)\s+(.+)", rest, re.IGNORECASE)):
        return f"{m.group(1)} {aux} {'' if yes else 'not '}{m.group(2)}"
    if aux in ("is", "are") and (m := re.fullmatch(rf"(.+?)\s+({_PREDICATE}(?:\s+\w+){{0,3}})", rest, re.IGNORECASE)):
        return f"{m.group(1)} {aux} {'' if yes else 'not '}{m.group(2)}"
    if aux in ("can", "may") and (m := re.fullmatch(r"(?:i|we)\s+(.+)", rest, re.IGNORECASE)):
        return f"you may {'' if yes else 'not '}{m.group(1)}"
    if aux in ("do", "must", "should") and (m := re.fullmatch(r"(?:i|we)\s+(?:(?:need|have)\s+to\s+)?(.+)", rest,
                                                                re.IGNORECASE)):
        return f"you must {m.group(1)}" if yes else f"you need not {m.group(1)}"
    return None


# Acceptance scenarios written Given/When/Then (Gherkin): a `Scenario:` line, then its steps, one a line (a step's
# words may run on over indented lines), up to a blank line, a fence or the next scenario.
_SCENARIO_HEAD = re.compile(r"[^\S\n]*(?:Scenario(?:\s+Outline)?|Example)\s*:")
_STEP_KEY = re.compile(r"[^\S\n]*+(Given|When|Then|And|But)\b[^\S\n]*+")
_BLOCK_END = re.compile(r"[^\S\n]*(?:$|```|~~~|#|Feature\s*:|Background\s*:|Rule\s*:)")


@lru_cache(maxsize=256)
def scenarios(text: str) -> tuple[tuple[int, int, tuple[tuple[str, str], ...]], ...]:
    """(first line, line past the last, its steps) of each scenario: a step is (Given/When/Then, its words), an
    And or But taking the kind of the step before it."""
    if "Scenario" not in text and "Example" not in text:
        return ()
    lines = text.split("\n")
    out = []
    i = 0
    while i < len(lines):
        if not _SCENARIO_HEAD.match(lines[i]):
            i += 1
            continue
        start, i, steps, kind = i, i + 1, [], ""
        while i < len(lines) and not _BLOCK_END.match(lines[i]) and not _SCENARIO_HEAD.match(lines[i]):
            step = _STEP_KEY.match(lines[i])
            if step is not None:
                kind = step.group(1) if step.group(1) in ("Given", "When", "Then") else kind or "Given"
                steps.append([kind, lines[i][step.end():].strip()])
            elif steps:
                steps[-1][1] += " " + lines[i].strip()
            i += 1
        out.append((start, i, tuple((k, w) for k, w in steps)))
    return tuple(out)


@lru_cache(maxsize=256)
def scenario_steps(text: str) -> str:
    """`text` with each scenario on one line, its steps' keywords read as the ends of the clauses before them
    ("Given" is no input's word, "When" opens no condition; blind p197); text outside scenarios as it was."""
    found = scenarios(text)
    if not found:
        return text
    lines = text.split("\n")
    for start, end, steps in reversed(found):
        lines[start:end] = ["; ".join([lines[start].rstrip(), *(words for _, words in steps)])]
    return "\n".join(lines)


def sentences(text: str) -> list[str]:
    """Sentences, list items and table rows (a field called optional in one row says nothing of the others); an
    item of a list under a lenient label carries the label (`lenient_lists`)."""
    # "e.g." and "i.e." end no sentence: "other keys (e.g. `note`) are ignored" is one.
    # (A list item is looked for on the line that follows: a lookahead of \s* crossed every line of a
    # run of "\n \n \n", for every one of them, quadratic in the run.)
    ends = r"(?<=[.!?])(?<!e\.g\.)(?<!i\.e\.)\s+|\n(?=[^\S\n]*(?:[-*|]|\d+\.)\s)|\n{2,}"
    # (a quoted note's later lines lose their `>`: "Extra\n> keys (for example `reynolds`) are allowed and ignored"
    # is one sentence; blind p233)
    return [_QUOTED_LINE.sub("\n", s) if "\n" in s else s
            for s in re.split(ends, lenient_lists(faq_statements(scenario_steps(text)))) if s.strip()]


_QUOTED_LINE = re.compile(r"\n[^\S\n]*>[^\S\n]?(?=\S)")


def number(text: str) -> float:
    """A tolerance as the prompt writes it: 0.01, 1e-8, 10^-6, 10**-6 (a typographic minus too). Never
    raises: a power beyond a float's range reads as inf (10^400) or 0.0 (10^-400)."""
    text = text.replace("−", "-").replace(" ", "")
    power = re.fullmatch(r"10(?:\^|\*\*)([-+]?)(\d+)", text)
    if not power:
        return float(text)
    exponent = count(power.group(2))
    try:
        return 10.0 ** (-exponent if power.group(1) == "-" else exponent)
    except OverflowError:
        return math.inf


def count(digits: str) -> int:
    """A count the prompt writes in digits ("12 significant figures", "10^-6"); one of thousands of
    digits, which int() refuses, reads as 10**9 (beyond any count a reading accepts)."""
    return int(digits) if len(digits) <= 9 else 10**9


@dataclass(frozen=True, slots=True)
class StatedTolerance:
    """How far the prompt says an answer's numbers may be from the exact values: |x - x_true| <=
    abs + rel * |x_true| (a value the prompt does not call absolute or relative counts as both)."""

    abs: float
    rel: float
    sentence: str
    # The strictest reading, each stated bound as (abs, rel): a value called neither absolute nor
    # relative gives both, so an answer within every one of them is right under any reading. Empty
    # when the prompt states significant figures (an answer's digits, not a band around it).
    readings: tuple[tuple[float, float], ...] = ()
    # Bands the prompt states of one kind of value each ("±0.01 m on every junction head and ±0.05 L/s on
    # every pipe flow"): (noun, abs, rel), the noun in the singular, the loosest reading of each.
    scoped: tuple[tuple[str, float, float], ...] = ()
    # Whether some stated value is said of no one kind of value: then it is every number's band; else a
    # number no scoped noun names has none the prompt states ("`trip_kg` within ±1 kg" says nothing of
    # `tow_kg`)
    general: bool = True
    # Every absolute band: (noun, or "" for every number's band; its unit as written, "" for none; the value
    # in it; whether it restates the one before it in brackets, "1 mm (0.001 m)"; whether its noun opens
    # its clause, "Arrival times within 1 minute"): converted to a key's own unit where its name says one
    # (`drive_s`: "within 1 minute" is 60), read loosely where it says none and the unit is spelled out
    units: tuple[tuple[str, str, float, bool, bool], ...] = ()
    # The first sentence stating each scoped noun's band, and the first stating every number's: what a report
    # quotes for a number's band (`sentence` is the first of all, which may be another key's; blind p223)
    said_of: tuple[tuple[str, str], ...] = ()
    general_sentence: str = ""
    # The units (as `_scale` reads them) of a band of one such unit or more that the prompt also says the
    # answer's numbers are written in ("mapping ingredient name to grams", "weights in kilograms"): whole
    # numbers in such a unit are measurements, not counts (blind p225: "±1 gram" of integer grams)
    measured_in: tuple[tuple[str, float], ...] = ()

    def measures(self, unit: str) -> bool:
        """Whether the prompt says the answer's numbers are written in `unit` (as written: "gram", "kg")."""
        return _scale(unit) in self.measured_in if self.measured_in else False

    def band(self, value: float) -> float:
        return self.abs + self.rel * abs(value)

    def unit_named(self, keys: tuple[str, ...]) -> bool:
        """Whether a key's name ends in a unit of the kind an absolute band is stated in (`margin_s` under "within 1
        second", `drive_min` under "±2 minutes"): a measurement in that unit, whole or not (blind p357)."""
        unit = _key_unit(keys)
        return unit is not None and any((found := _scale(said)) is not None and found[0] == unit[0]
                                        for _, said, *_ in self.units if said)

    def band_at(self, keys: tuple[str, ...], value: float) -> float:
        """band(value), or the band the prompt states of the values a key on the number's path names (a
        `heads` mapping: "±0.01 m on every junction head"), where it states one; a band stated in a unit
        is converted to the unit the key's name ends in."""
        unit = _key_unit(keys)
        if unit is None and len(self.measured_in) == 1:
            unit = self.measured_in[0]  # ("mapping ingredient name to grams": `butter` is in grams; blind p225)
        opening = None if unit is not None else _opening_unit(keys)

        def of(noun: str, abs_: float, rel: float, matched: bool = True) -> float:
            return self._in_unit(noun, abs_, unit, value, matched, opening) + rel * abs(value)

        for key in keys:  # (a key's own name first, then the nouns its words say: `optimal_price`: price)
            for noun, abs_, rel in self.scoped:
                if singular(key.lower()) == noun:
                    return of(noun, abs_, rel)
        for key in keys:  # (the band its last word names, `head_loss_m`: the losses'; else, where another of
            # its words names one, the looser of that and every number's band: `price_change_pct` is no price)
            said, named = _key_nouns(key, True), _key_nouns(key)
            strong = [of(noun, abs_, rel) for noun, abs_, rel in self.scoped if _said_by(noun, said)]
            if strong:
                return max(strong)
            weak = [of(noun, abs_, rel) for noun, abs_, rel in self.scoped if _said_by(noun, named)]
            if weak:  # (where the prompt states every number's band: no band of every number, no such fallback)
                return max(*weak, of("", self.abs, self.rel)) if self.general else max(weak)
        return of("", self.abs, self.rel, matched=False)

    def sentence_for(self, keys: tuple[str, ...]) -> str:
        """The prompt's sentence stating the band band_at() reads for a number on this path: the one said of
        the noun its keys name (in band_at's order), else the first said of every number."""
        of = dict(self.said_of)
        for key in keys:
            for noun, _, _ in self.scoped:
                if singular(key.lower()) == noun and noun in of:
                    return of[noun]
        for key in keys:
            said, named = _key_nouns(key, True), _key_nouns(key)
            for nouns in (said, named):
                found = [noun for noun, _, _ in self.scoped if _said_by(noun, nouns) and noun in of]
                if found:
                    return of[found[0]]
        return self.general_sentence or self.sentence

    def sure(self, keys: tuple[str, ...]) -> bool:
        """Whether the band of a number on this path reads one way only: a band said of a key's own name
        (or its last word) that is absolute or relative, not both; else, where nothing is scoped, the
        prompt's one reading ("`wet_bulb_c`: within 0.05 °C", "`r` within 0.5 % (relative)"; not a
        "within 0.01" that may be either, nor a band a key shares with another one its words name)."""
        # (a percent of a number that is itself a percent reads two ways: "`late_pct` within ±0.5 %" may be half
        # a point; review)
        percent = any(_PERCENT_KEY.search(key) for key in keys)

        def one_way(abs_: float, rel: float) -> bool:
            return (abs_ == 0) != (rel == 0) and not (percent and rel)
        for key in keys:
            for noun, abs_, rel in self.scoped:
                if singular(key.lower()) == noun:
                    return one_way(abs_, rel)
        for key in keys:
            strong = [(abs_, rel) for noun, abs_, rel in self.scoped if _said_by(noun, _key_nouns(key, True))]
            if strong or any(_said_by(noun, _key_nouns(key)) for noun, _, _ in self.scoped):
                return len(strong) == 1 and one_way(*strong[0])
        return self.general and not self.scoped and len(set(self.readings)) == 1 and one_way(*self.readings[0])

    def _in_unit(self, noun: str, abs_: float, unit: tuple[str, float] | None, value: float,
                 matched: bool = True, opening: tuple[str, float] | None = None) -> float:
        """The absolute part `abs_` of the band said of `noun` ("": every number's), in the key's `unit`:
        each band of it stated in a unit of that dimension converted ("`drive_s` within 1 minute": 60), a
        restatement in brackets only so, bands of another dimension left out ("the route within 0.01 km" is
        no time's); where the key's name says no unit, a band in a spelled-out unit reads as relative too
        (the answer's own unit is unknown: "1 minute" of a number in seconds is 60)."""
        # Every number's band ("") is the loosest of all the prompt states, as before units were read: its own
        # bands read in the key's unit, those said of other keys as written (a km band is no `_m` key's 1000x;
        # review), and a clause's opening nouns' bands in the key's unit where the key is none of theirs
        # ("Arrival times within 1 minute" of `school_arrival_s`).
        stated = []
        for n, u, v, restated, lead in self.units:
            if n == noun or (not noun and lead and not matched):
                stated.append((u, v, restated))
            elif not noun and not restated:
                stated.append(("", v, False))
        if not any(u for u, _, _ in stated):
            return abs_
        out = []
        for u, v, restated in stated:
            scale = _scale(u) if u else None
            if scale is not None and unit is not None:
                if scale[0] == unit[0]:
                    out.append(v * scale[1] / unit[1])
            elif restated:
                continue  # (read only in a unit it converts to: "0.001 m (1 mm)" of `heads` is 0.001)
            elif scale is not None and scale == opening:
                # ("`day_within_1pt` within ±0.15 days": the band in the unit the key's name opens with, read
                # as it stands; blind p105. In another unit, "`day_length` within 5 minutes" of a length in
                # hours, the key's first word says nothing of its unit: read both ways, below; review)
                out.append(v)
            elif scale is not None and _spelled(u):
                out.append(v + v * abs(value))
            else:
                out.append(v)
        return max(out) if out else abs_

    def states_for(self, keys: tuple[str, ...]) -> bool:
        """Whether the prompt states a band for a number on this path: a general one, or one scoped to
        a noun one of `keys` names."""
        return self.general or any(_said_by(noun, _key_nouns(key)) for key in keys for noun, _, _ in self.scoped)

    def strict_band(self, value: float) -> float:
        """How far an answer may surely be from the exact value: within this, every reading of what
        the prompt says accepts it (0 when there is no such reading)."""
        return min((a + r * abs(value) for a, r in self.readings), default=0.0)


# A precision the answer is written to, where the prompt states no tolerance: "rounded half-up to the
# cent", "round every amount to 2 decimal places", "written with exactly two decimals" (blind p70: money
# compared with 1% relative where each amount is rounded to the cent)
_ROUNDED = re.compile(r"\bround(?:ed|ing|s)?\b[^.;:\n]{0,60}?\bto\s+(?:the\s+(?:nearest\s+)?|a\s+|one\s+)?"
                      r"(?:(?P<cent>cent|penny)\b|(?P<places>\d{1,2}|one|two|three|four|five|six)\s+"
                      r"(?:decimal(?:\s+places?|s)?|d\.?p\.?)(?!\w))|"
                      r"\bwith\s+exactly\s+(?P<exact>\d|one|two|three|four|five|six)\s+decimals?\b", re.IGNORECASE)


# the noun a band is said of as its sentence's subject: "prices must be within 0.01", "heads should be
# accurate to within 0.5"
_SUBJECT = re.compile(r"(?<![\w,])\s*((?:[A-Za-z]{3,}\s*,\s*)*[A-Za-z]{3,}(?:\s+(?:and|or)\s+[A-Za-z]{3,})?)\s+"
                      r"(?:must|should|shall)\s+be\s+(?:(?:accurate|correct|exact)\s+)?(?:to\s+)?$",
                      re.IGNORECASE)  # (the text before a stated value's "within"; "flows and pressures must be")
# "Accuracy needed: AOS, LOS and TCA within 1 second ..., max elevation within 0.01°": the nouns that open
# a clause right before its "within" (blind p87)
_LEAD_SUBJECT = re.compile(r"(?:^|[:;,]\s*|\.\s+)((?:[A-Za-z]{2,}\s+)?[A-Za-z]{3,}(?:\s*,\s*[A-Za-z]{3,})*"
                           r"(?:\s*,?\s+(?:and|or)\s+[A-Za-z]{3,})?)\s+$")
_MIXED_SUBJECT = re.compile(r"(?:^|[.;:]\s+|^\s*[-*]\s+)(?:the\s+)?(?:two|three|four|both|all|other)?\s*([A-Za-z]{3,})\s+"
                            r"(?:and|,)\s+`[A-Za-z_][\w.-]*`(?:\s*(?:,|and)\s*`[A-Za-z_][\w.-]*`)*\s+(?:must|should|shall)\s+"
                            r"be\s+(?:(?:accurate|correct|exact)\s+)?(?:to\s+)?$", re.IGNORECASE)
# a sentence's subject before its first verb: "- Mean dwell MUST be ..." (one to three words, after a bullet)
_COMPOUND_SUBJECT = re.compile(r"[\s>*+-]*(?:while\s+)?(?:the\s+)?([A-Za-z]{3,}(?:\s+[A-Za-z]{2,}){0,2})\s+(?:must|should|shall)\s+be\b",
                               re.IGNORECASE)
_SUBJECT_AFTER = re.compile(r"\b(?:for|of|per|in|at|on|each|every|all|any)\s*$", re.IGNORECASE)  # ("results for each store")
_GENERIC_NOUNS = frozenset({"value", "number", "result", "answer", "output", "field", "figure", "entry", "it",
                            "they", "these", "those", "all", "each", "every", "estimate", "amount", "quantity"})
_ACCURACY_WORDS = re.compile(r"\b(?:must|should|shall)\s+be\b|\baccura|\btoleran|\bcorrect\s+to\b", re.IGNORECASE)
# "to within a dollar", "within one cent": an amount of money in words, the band "$1", "$0.01" (blind p80)
_MONEY_WORD = re.compile(r"\bwithin\s+(?:a|one)\s+(?:(dollar|euro|pound|franc)|(cent|penny))\b", re.IGNORECASE)
# a band in money said as a coin, then as a number or as what is accepted ("within one penny, plus or minus 0.01")
_MONEY_SAID = re.compile(r"\bwithin\s+(?:a|one)\s+(?:cent|penny)\b\s*,?\s*(?:\(|plus\s+or\s+minus|±|\+/-|of\s+the\s+"
                         r"(?:right|true|correct|exact|reference))", re.IGNORECASE)
_NAMED_BAND = re.compile(r"\bwithin\s+(?:half\s+an?\s+|an?\s+|one\s+|two\s+|a\s+few\s+)?(?:basis\s+points?|"
                         r"percentage\s+points?|per\s*cent|percent|cents?|pennies|ulps?|parts?\s+per\s+(?:million|"
                         r"billion|thousand)|decimal\s+places?|significant\s+(?:digits|figures)|units?\s+in\s+the\s+"
                         r"last\s+place|litres?|liters?|millilitres?|milliliters?|kilograms?|grams?|tonnes?|"
                         r"metres?|meters?|kilometres?|kilometers?|millimetres?|millimeters?|degrees?|miles?|"
                         # ("within one hundredth of a point (0.01), more or less"; blind p386)
                         r"(?:hundredths?|tenths?|thousandths?|quarters?)\s+of\s+an?\s+[A-Za-z-]{2,20})\s+"
                         r"\(\s*(?:±\s*)?(\d*\.?\d+(?:[eE][-+]?\d+)?)\s*((?:[A-Za-z]{1,3}|°[CF]?)(?=\s*\)))?\s*\)", re.IGNORECASE)


# "within 1 mm (0.001 m)": the band restated in another unit, in brackets right after the first (blind p88)
_RESTATED = re.compile(r"\s*\(\s*(?:=\s*|i\.\s?e\.,?\s*|or\s+)?(?:±\s*)?(\d*\.?\d+(?:[eE][-+]?\d+)?)\s*"
                       r"([a-zA-Zµ]{1,12})\s*\)")
# Units a band may be stated in, and a key's name may end in (`drive_s`, `length_m`, `mean_kw`): (dimension,
# size in the dimension's base unit). A band in one is converted to the key's, where both are known.
_SCALES = {
    **dict.fromkeys(("ms", "msec", "millisecond"), ("time", 1e-3)),
    **dict.fromkeys(("s", "sec", "secs", "second"), ("time", 1.0)),
    **dict.fromkeys(("min", "mins", "minute"), ("time", 60.0)),
    **dict.fromkeys(("h", "hr", "hrs", "hour"), ("time", 3600.0)),
    **dict.fromkeys(("day",), ("time", 86400.0)),
    **dict.fromkeys(("mm", "millimetre", "millimeter"), ("length", 1e-3)),
    **dict.fromkeys(("cm", "centimetre", "centimeter"), ("length", 1e-2)),
    **dict.fromkeys(("m", "metre", "meter"), ("length", 1.0)),
    **dict.fromkeys(("km", "kilometre", "kilometer"), ("length", 1e3)),
    **dict.fromkeys(("mg", "milligram"), ("mass", 1e-6)),
    **dict.fromkeys(("g", "gram"), ("mass", 1e-3)),
    **dict.fromkeys(("kg", "kilogram"), ("mass", 1.0)),
    **dict.fromkeys(("ml", "millilitre", "milliliter"), ("volume", 1e-3)),
    **dict.fromkeys(("l", "litre", "liter"), ("volume", 1.0)),
    **dict.fromkeys(("t", "tonne"), ("mass", 1e3)),
    **dict.fromkeys(("w", "watt"), ("power", 1.0)),
    **dict.fromkeys(("kw", "kilowatt"), ("power", 1e3)),
    **dict.fromkeys(("mw", "megawatt"), ("power", 1e6)),
    **dict.fromkeys(("wh",), ("energy", 1.0)),
    **dict.fromkeys(("kwh",), ("energy", 1e3)),
    **dict.fromkeys(("mwh",), ("energy", 1e6)),
}


_CASED = {"mW": ("power", 1e-3), "MW": ("power", 1e6), "mWh": ("energy", 1e-3), "MWh": ("energy", 1e6)}
# Abbreviations: a band in one is read as written where the key's name says no unit; a spelled-out unit
# ("1 minute", "2 hours") is read loosely there (the answer's own unit is unknown)
_ABBREVIATIONS = frozenset("ms msec s sec secs min mins h hr hrs mm cm m km mg g kg t w kw mw wh kwh mwh l ml".split())
# Key endings too ambiguous to say a unit: `rtt_min` (a minimum), `load_mw` (milli or mega), `t` (time or tonnes)
_NOT_KEY_UNITS = frozenset({"min", "mins", "mw", "mwh", "t"})


def _scale(unit: str) -> tuple[str, float] | None:
    """(dimension, size) of a unit as a band or a key's name writes it ("minutes", "kW", "s"); None else."""
    unit = unit.strip()
    if unit in _CASED:
        return _CASED[unit]
    unit = unit.lower()
    return _SCALES.get(unit) or (_SCALES.get(unit[:-1]) if unit.endswith("s") and len(unit) > 3 else None)


def _spelled(unit: str) -> bool:
    return unit.strip().lower() not in _ABBREVIATIONS


def _name_words(key: str) -> list[str]:
    """The words of a key's last dotted step, lower case (`summary.day_within_1pt`: day, within, 1pt)."""
    return re.split(r"[_\-\s]+", key.lower().rsplit(".", 1)[-1])


def _key_unit(keys: tuple[str, ...]) -> tuple[str, float] | None:
    """The unit a key's name ends in (`drive_s`, `length_m`, `peak_kw`), or says before a rate's "per" or a
    grouping's "by" (`sleep_hours_per_day`: hours; `mean_wait_by_hour`: none), the first key's that has one."""
    for key in keys:
        words = _name_words(key)
        for cut in ("per", "by", "each", "every"):
            if cut in words[1:]:
                words = words[:words.index(cut, 1)]
        if len(words) >= 2 and words[-1] not in _NOT_KEY_UNITS and (found := _scale(words[-1])) is not None:
            return found
    return None


def _opening_unit(keys: tuple[str, ...]) -> tuple[str, float] | None:
    """A unit spelled out as the first word of a key's name (`day_within_1pt`, `hours_late`): what the key
    counts, maybe, or only what it is about (`day_length` in hours, `second_half`): band_at reads a band by
    it only where the band is stated in that very unit."""
    for key in keys:
        words = _name_words(key)
        if len(words) >= 2 and len(words[0]) >= 3 and _spelled(words[0]) and words[0] not in _NOT_KEY_UNITS \
                and words[0] != "second" and (found := _scale(words[0])) is not None:  # (`second_half`: an ordinal)
            return found
    return None


def implied_precision(text: str) -> StatedTolerance | None:
    """Where the prompt states no accuracy (stated_tolerance is None) but says to what place the answer's
    numbers are rounded or written: one unit of that place, the loosest reading of an exact rounded value
    (a band a number_near move is reported beyond only as a warn: the prompt states no tolerance)."""
    if stated_tolerance(text) is not None:
        return None
    coarsest = None
    said = ""
    for whole in sentences(text):
        if _INPUT.search(whole) and not _ANSWER.search(whole):
            continue
        if re.search(r"\b(?:do\s+not|don't|never|not|without)\s+round|\bintermediate\b|\bbefore\s+(?:multiply|summ|"
                     r"add|comput|divid|us)", whole, re.IGNORECASE):
            continue  # ("do not round to 2 decimals", "rounded to 4 places before multiplying": not the answer's)
        for match in _ROUNDED.finditer(whole):
            n = match.group("places") or match.group("exact")
            places = 2 if match.group("cent") else int(n) if n.isdigit() else _PLACE_WORDS[n.lower()]
            if places <= 15 and (coarsest is None or places < coarsest):
                coarsest, said = places, " ".join(whole.split())[:160]
    if coarsest is None:
        return None
    band = 10.0 ** -coarsest
    return StatedTolerance(band, 0.0, said, ((band, 0.0),), (), True)


_EMPTY_COMMENT = re.compile(r"\n[^\S\n]*(?://|#)[^\S\n]*(?=\n)")


def _comment_paragraphs(parts: list[str]) -> list[str]:
    """The sentences, each cut at its empty comment lines (`//` or `#` alone): an annotated sample's comment
    paragraphs end with no full stop, and "// What counts as a valid read: ... reads ...", glued to "// Tolerances:
    ... within ±1 s", read as one sentence about the inputs (blind p232)."""
    out: list[str] = []
    for part in parts:
        # (only a sentence the input rule would skip whole: "// Your times will be graded: // // each within ±2 s
        # of the times from the mat reads" keeps its subject; review)
        skipped = "\n" in part and _INPUT.search(part) is not None and _ANSWER.search(part) is None
        out += [p for p in _EMPTY_COMMENT.split(part) if p.strip()] if skipped else [part]
    return out


# a table column of bands: "| Quantity | Margin |", "| Field | Tolerance |"
# (not "Precision" or "Accuracy": a results table's metrics, `| cat | 0.91 |`; review)
_MARGIN_HEAD = re.compile(r"\b(?:margins?|tolerances?|allowed\s+errors?|max(?:imum)?\.?\s+errors?|error\s+bounds?|"
                          r"accepted\s+within)\b", re.IGNORECASE)
MAX_MARGIN_ROWS = 200
# a cell giving a band on both sides: "£0.01 either way", "± 2 kg"
_EITHER_WAY = re.compile(r"(?:^|\|)\s*(?:±|\+/-)\s*[$€£]?\d|[$€£]?\d[\d.,]*\s*(?:[A-Za-z%]{1,8}\s+)?(?:either|each)\s+way\b",
                         re.IGNORECASE)
_TABLE_RULE = re.compile(r"\s*\|?\s*:?-{3,}:?\s*(?:\|\s*:?-{3,}:?\s*)+\|?\s*")


def _cells(row: str) -> list[str]:
    return [c.strip() for c in row.strip().strip("|").split("|")]


# (four dots or more, or three set apart by spaces, `ROW ORDER ... ANY`; not an ellipsis, "Wait... then go")
# (the label no code span, the value no more dots: not "Each line reads `- ... ...`", a template; review)
_LEADER = re.compile(r"^([ \t]*)([A-Za-z][^.`\n]{0,80}?)(?:[ \t]*\.{4,}[ \t]*|[ \t]+\.{3}[ \t]+)([^\s.`][^\n]{0,300}?)[ \t]*$",
                     re.MULTILINE)


# A schedule's row naming a band by a defined term: "| 5. Monetary Tolerance | EUR 0.01 on each Vehicle's Excess Charge |"
_TERM_ROW = re.compile(r"^\s*\|\s*(?:\d{1,2}[.)]?\s*)?(?P<term>(?:[A-Z][\w-]*\s+){0,3}(?:Tolerance|Accuracy|Margin|"
                       r"Allowance))\s*\|\s*(?P<value>[^|\n]{0,200}?\d[^|\n]{0,200})\|", re.MULTILINE)
_TERM_AMOUNT = re.compile(r"(?P<code>\b[A-Z]{3}\s?|[$€£¥]\s?)?(?P<sign>±|\+/-|\+-)?\s*(?P<number>\d[\d,]*(?:\.\d+)?(?:e-?\d+)?)"
                          r"(?P<unit>\s?%|\s?per\s?cent\b)?")
# ("EUR 0.01", "within USD 5"): the code after the amount, as the band reader takes a unit
_CODE_FIRST = re.compile(r"\b(EUR|USD|GBP|CHF|JPY|CAD|AUD|NZD|SEK|NOK|DKK|INR|CNY)\s?(\d[\d,]*(?:\.\d+)?)")


def defined_bands(text: str) -> str:
    """`text` with a band named by a defined term written out where a sentence uses it: "within the Monetary Tolerance
    (Schedule Item 5)" as "within 0.01 EUR" where a schedule's row reads "| 5. Monetary Tolerance | EUR 0.01 on each
    ... |" (blind p372's insurance policy wording); and "EUR 0.01" as "0.01 EUR" anywhere."""
    text = _CODE_FIRST.sub(r"\2 \1", text) if _CODE_FIRST.search(text) else text
    if "|" not in text or not _TERM_ROW.search(text):
        return text
    for row in list(_TERM_ROW.finditer(text))[:20]:
        amount = _TERM_AMOUNT.search(row.group("value"))
        # (one amount, in money or a unit: not "the greater of EUR 0.50 and 1 %", nor "Item 2 of Annex 3"; review)
        if amount is None or len(re.findall(r"\d+(?:[.,]\d+)?", row.group("value"))) != 1 \
                or not (amount.group("code") or amount.group("unit") or re.search(r"\d\s*[A-Za-z]{1,4}\b", row.group("value"))):
            continue
        band = amount.group("number") + (amount.group("unit") or "").strip() + (
            f" {amount.group('code').strip()}" if amount.group("code") and amount.group("code").strip().isalpha() else "")
        text = re.sub(r"\bwithin\s+(?:the\s+)?" + re.escape(row.group("term").strip()) +
                      r"(?:\s*\((?:Schedule\s+)?Item\s+\d{1,2}\)|\s+(?:at|in|under)\s+(?:Schedule\s+)?Item\s+\d{1,2})?",
                      lambda m: f"({m.group()[len('within '):].strip()}:) within {band}", text)
    return text


def dotted_leaders(text: str) -> str:
    """`text` with each checklist line, `EXTRA KEYS ........ PERMITTED, IGNORED`, written as a sentence of its own,
    "EXTRA KEYS: PERMITTED, IGNORED." (blind p263's aviation-style checklist, whose leader dots ran its lines into
    one sentence)."""
    if "..." not in text:
        return text

    def line(m: re.Match[str]) -> str:
        # (a snake_case name in the label is a key, the subject of what follows, quoted and first as prose puts it:
        # "TOLERANCE conc_mg_l ..... +/- 0.02 mg/L" -> "`conc_mg_l`: +/- 0.02 mg/L (TOLERANCE).")
        label, value = m.group(2), m.group(3)
        keys = re.findall(r"(?<![`\w])([a-z][a-z0-9]*(?:_[a-z0-9]+)+)(?![`\w])", label)
        end = "" if value[-1] in ".!?:;" else "."
        # (only a label of a noun and its keys: not "TOLERANCE (all fields except row_id)" nor "SAMPLES WITH qc_flag = 1",
        # whose key is an exception or a condition, not the subject; review)
        if not keys or re.search(r"\b(?:except|but|not|other|excluding|apart|besides|with|without|where|when|if|unless|"
                                 r"whose|for|of)\b|[=<>()\[\],]", label, re.IGNORECASE):
            return f"{m.group(1)}{label}: {value}{end}"
        rest = re.sub(r"(?<![`\w])[a-z][a-z0-9]*(?:_[a-z0-9]+)+(?![`\w])", " ", label)
        rest = " ".join(rest.split())
        return f"{m.group(1)}{', '.join(f'`{k}`' for k in keys)}: {value}" + (f" ({rest})" if rest else "") + end
    return _LEADER.sub(line, text)


def _table_sentences(text: str, said_of: Callable[[list[str], list[list[str]]], list[str] | None],
                     keep_rows: bool) -> str:
    """`text` with the sentences `said_of(header cells, each body row's cells)` gives for a Markdown table written
    after its rows (`keep_rows`) or in their place, each a paragraph; a table it gives None for stays as it was."""
    lines = text.split("\n")
    out: list[str] = []
    i = 0
    while i < len(lines):
        line = lines[i]
        if line.lstrip().startswith("|") and i + 1 < len(lines) and _TABLE_RULE.fullmatch(lines[i + 1]):
            j = i + 2
            while j < len(lines) and lines[j].lstrip().startswith("|"):
                j += 1
            said = said_of(_cells(line), [_cells(row) for row in lines[i + 2:j]])
            if said is not None:
                out += (lines[i:j] if keep_rows else lines[i:i + 2]) + [p for s in said for p in ("", s)] \
                    + ([""] if said or not keep_rows else [])
                i = j
                continue
        out.append(line)
        i += 1
    return "\n".join(out)


def margin_tables(text: str) -> str:
    """`text` with the rows of each table of bands (a column headed "Margin", "Tolerance", ...) written as
    sentences, "`k25` within 0.1 per cent of the value.", each a paragraph: a row names its quantity in its first
    cell and gives no "within" of its own (blind p238: "| `k25` | 0.1 per cent of the value |")."""
    if "|" not in text or not (_MARGIN_HEAD.search(text) or _EITHER_WAY.search(text)):
        return text

    def said_of(head: list[str], rows: list[list[str]]) -> list[str] | None:
        column = next((n for n, c in enumerate(head) if n and _MARGIN_HEAD.search(c)), None)
        either = False
        if column is None:
            # (a column of "£0.01 either way" under a heading of another name, "Premium (allowance on the day)": its rows
            # that say so, each of the keys its first cell quotes; blind p380's auction catalogue)
            column = next((n for n in range(1, len(head)) if any(len(cells) == len(head) and _EITHER_WAY.search(cells[n])
                                                                 for cells in rows)), None)
            either = True
        if column is None:
            return None
        out = []
        for cells in rows:
            if either and (len(cells) != len(head) or not _EITHER_WAY.search(cells[column]) or "`" not in cells[0]):
                continue
            if len(cells) == len(head) and cells[0] and cells[column] and len(out) < MAX_MARGIN_ROWS:
                name = re.sub(r"^(?:each|every|all|the|any)\s+", "", cells[0], flags=re.IGNORECASE)
                name = f"`{name}`" if re.fullmatch(r"[A-Za-z_][\w.-]{0,60}", name) else cells[0]
                out.append(f"{name} within {cells[column]}.")
        return out
    return _table_sentences(text, said_of, keep_rows=False)


_GRADED_WORDS = re.compile(r"\b(?:accept\w*|toleran\w*|grad(?:ed|ing)|check(?:ed|s)?|allow\w*|error|compared|"
                           r"must\s+(?:be|lie|stay)\s+within)\b|\u00b1|\+/-", re.IGNORECASE)
_SCHEMA_KEY = re.compile(r"([ \t]*)([A-Za-z_][\w.-]{0,60}):[ \t]*$")
_SCHEMA_DESCRIPTION = re.compile(r"([ \t]*)description:[ \t]*(.*)$")


def schema_descriptions(text: str) -> str:
    """`text` with the `description:` of each property of a schema written in YAML (`k_per_min:` over `type:
    number` and `description: fitted k; accepted within 0.5 % (relative) ...`) said again after the text as a
    sentence of that key, "`k_per_min`: fitted k; accepted within 0.5 % (relative) ...", each a paragraph: read in
    place, every band of the schema was one general band, the loosest (blind p291's OpenAPI-like prompt). A folded
    description (`>` or `|`) is the lines indented under it."""
    if "description:" not in text:
        return text
    lines = text.split("\n")[:20_000]
    said: list[str] = []
    for i, line in enumerate(lines):
        found = _SCHEMA_DESCRIPTION.match(line)
        if found is None or len(said) >= 2 * MAX_MARGIN_ROWS:
            continue
        indent = len(found.group(1).expandtabs())
        # (the property it describes: the nearest `key:` line above, less indented, with nothing after its colon)
        key = next((m.group(2) for k in range(i - 1, max(-1, i - 12), -1)
                    if (m := _SCHEMA_KEY.fullmatch(lines[k])) and len(m.group(1).expandtabs()) < indent), None)
        if key is None or key in ("properties", "items", "schema", "components", "schemas"):
            continue
        words = found.group(2).strip()
        if words in (">", "|", ">-", "|-", ">+", "|+", ""):
            words = " ".join(l.strip() for l in itertools.takewhile(
                lambda l: not l.strip() or len(l) - len(l.lstrip()) > indent, lines[i + 1:i + 30]) if l.strip())
        # (a band the answer is held to, in words of grading: "settles within 2 % of its final value" defines a value;
        # and of the answer's schema: not one under an input's heading, "## Input: `readings.yaml`"; review)
        heading = next((lines[k] for k in range(i - 1, max(-1, i - 400), -1) if re.match(r"#{1,6}\s", lines[k])), "")
        if not _GRADED_WORDS.search(words) or (re.search(r"\binputs?\b", heading, re.IGNORECASE)
                                                and not re.search(r"\boutputs?\b", heading, re.IGNORECASE)):
            continue
        if words:
            said += ["", f"`{key}`: {words.strip(chr(34) + chr(39))}" + ("" if words[-1] in ".!?" else ".")]
    return text + "\n" + "\n".join(said) + "\n" if said else text


_LIMIT_HEAD = re.compile(r"(?:min(?:imum)?\.?|max(?:imum)?\.?)", re.IGNORECASE)
_LIMIT_ROW = re.compile(r"\b(?:accuracy|error|tolerance|deviation|band)\b", re.IGNORECASE)
_PLAIN_UNIT = re.compile(r"%|(?!(?:ppm|ppb|ppt|lsb|db\w*|bits?|fs|rdg|counts?|digits?)\b)[A-Za-z\u00b0\u00b5/^\d ]{0,12}", re.IGNORECASE)
_SIGNED = re.compile(r"\s*(?:([-\u2212\u2013])|\+)?\s*(\d+(?:\.\d+)?)\s*")


def limit_tables(text: str, skip: Callable[[str], bool] = lambda key: False) -> str:
    """`text` with each row of a datasheet's table of limits (columns headed "Min" and "Max") that gives a key's
    accuracy as an even pair, "| `beta` accuracy | ... relative ... | -0.1 | - | +0.1 | % |", written after the
    table as a sentence, "`beta` within 0.1 % (relative).", each a paragraph (blind p286's Electrical
    Characteristics, whose 100x loose grader no band was read for). Rows of plain ranges, `failures` 0 to -, stay, and
    rows of a key `skip` names."""
    if "|" not in text or not re.search(r"\|\s*max(?:imum)?\.?\s*\|", text, re.IGNORECASE):
        return text

    def said_of(head: list[str], rows: list[list[str]]) -> list[str] | None:
        head = [c.strip().lower() for c in head]
        low = next((n for n, c in enumerate(head) if _LIMIT_HEAD.fullmatch(c) and c.startswith("min")), None)
        high = next((n for n, c in enumerate(head) if _LIMIT_HEAD.fullmatch(c) and c.startswith("max")), None)
        unit = next((n for n, c in enumerate(head) if c in ("unit", "units")), None)
        if low is None or high is None:
            return None
        out = []
        for cells in rows:
            if len(cells) != len(head) or len(out) >= MAX_MARGIN_ROWS:
                continue
            keys = re.findall(r"`([A-Za-z_][\w.-]{0,60})`", cells[0])
            a, b = _SIGNED.fullmatch(cells[low]), _SIGNED.fullmatch(cells[high])
            if len(keys) != 1 or not _LIMIT_ROW.search(cells[0]) or a is None or b is None or not a.group(1) \
                    or b.group(1) or a.group(2) != b.group(2) or skip(keys[0]):
                continue
            written = cells[unit].strip() if unit is not None else ""
            # (a percent of the reading, or a plain unit; never a share of full scale, parts per million, counts
            # of the least bit or a ratio in dB, whose band is no band of the reading; review)
            if not _PLAIN_UNIT.fullmatch(written):
                continue
            said = f"{b.group(2)} {written}".strip()
            # ("relative" said of the row's conditions only where the band is a percent: "relative humidity" of a
            # dew point in °C is no relative band; review)
            out.append(f"`{keys[0]}` within {said} ({'relative' if written == '%' else 'absolute'}).")
        return out
    return _table_sentences(text, said_of, keep_rows=True)


# a message taking back the one before: "scratch that, 0.001 each", "edit: make it 2 %" (after a chat's `**dev** 14:36`)
_REVISION = re.compile(r"(?:[^\S\n]*[*_]{0,2}[\w .-]{1,40}[*_]{0,2}[^\S\n]+\d{1,2}:\d{2}[^\S\n]*\n)?[^\S\n]*(?:scratch\s+that|"
                       r"strike\s+that|correction\s*:|edit\s*:|make\s+(?:it|that)\b|(?:no\s+)?wait,)", re.IGNORECASE)


def _superseded(read: list[str]) -> set[int]:
    """The sentences a later one takes back: the nearest of the five before a revision with a number in it ("scratch
    that, 0.001 each") that states a band (blind p243: "each skill/difficulty within 0.01" then "scratch that, 0.001
    each", read as the looser 0.01)."""
    out: set[int] = set()
    for j, sentence in enumerate(read):
        if _REVISION.match(sentence) and re.search(r"\d", sentence[_REVISION.match(sentence).end():]):
            for i in range(j - 1, max(-1, j - 6), -1):
                if i not in out and _STATED.search(read[i]):
                    out.add(i)
                    break
    return out


# A subject of every value, a key named only in an aside beside it: "Each of the seven numeric values (three per chart
# plus `sigma_hat`)", "All numbers (`total` too)"
_EVERY_VALUE = re.compile(r"[\s*>|-]*(?:each|every|all)(?:\s+of)?(?:\s+the)?(?:\s+[\w-]+){0,3}?\s+(?:values?|numbers?|"
                          r"fields?|quantities|figures|outputs?|results?)\s*(?P<aside>\([^()]{0,200}\))",
                          re.IGNORECASE)


_MONEY_KEYS = frozenset({"usd", "eur", "gbp", "dollar", "dollars", "euro", "euros", "cost", "price", "revenue", "fee",
                         "cash", "profit", "pay", "spend"})


def _paired_by_unit(sentence: str, stated: list[re.Match[str]]) -> list[list[str] | None]:
    """The keys of each stated value where one list of keys is followed by a band per unit, "`delivered_ml`,
    `released_ml` and `revenue_usd` must agree with the plan (±0.01 ML, ±$1)": each key the band whose unit its name
    ends in (`_ml`: ML; `_usd`, a price, a cost: $). [] where the sentence is no such list, or a key fits no band or
    two, or a band no key (blind p264, whose revenue was held to 0.01 of a dollar)."""
    # (the bands that follow the list with no key between: "... (±0.01 ML, ±$1), and `margin_pct` to ±0.5 %" pairs the
    # first two; the third is its own key's; review)
    run = stated[:1]
    for a, b in zip(stated, stated[1:6]):
        if "`" in sentence[a.end():b.start()]:
            break
        run.append(b)
    if len(run) < 2:
        return []
    keys = _keys_before(sentence, stated[0].start(), -1, _defined_keys(sentence[:stated[0].start()], -1))
    if len(keys) < 2:
        return []
    units = []
    for match in run:
        tail = sentence[match.end():match.end() + 8]
        money = "$" in sentence[max(0, match.start() - 1):match.end()] or re.match(r"\s?(?:usd|eur|gbp|dollars?|€|£)\b",
                                                                                  tail, re.IGNORECASE)
        unit = _UNIT.match(sentence, match.end())
        units.append("$" if money else unit.group().strip().lower() if unit else "")
    if not all(units) or len(set(units)) != len(units):
        return []
    out: list[list[str]] = [[] for _ in run]
    for key in keys:
        words = set(re.split(r"[_\-\s.]+", key.lower()))
        fits = [i for i, u in enumerate(units) if (words & _MONEY_KEYS if u == "$" else u in words)]
        if len(fits) != 1:
            return []
        out[fits[0]].append(key)
    return out + [None] * (len(stated) - len(run)) if all(out) else []  # (None: that value reads its own keys)


_SUPERSCRIPT = str.maketrans("⁰¹²³⁴⁵⁶⁷⁸⁹⁻⁺", "0123456789-+")
# "1 × 10⁻⁶", "2.5·10^-4", "1 x 10**-6" (a mantissa times a power of ten), and a bare "10⁻⁶"
_TIMES_POWER = re.compile(r"(?<![\w.])(\d+(?:\.\d+)?)\s*[×x·*]\s*10\s*(?:\^|\*\*)?\s*([⁻⁺\-−+]?[⁰¹²³⁴⁵⁶⁷⁸⁹]+|"
                          r"(?<=\^|\*)\s*[-−+]?\d+)(?!\w|\.\d)")
_BARE_POWER = re.compile(r"(?<![\w.])10([⁻⁺]?[⁰¹²³⁴⁵⁶⁷⁸⁹]+)")


def _powers_of_ten(text: str) -> str:
    """A band written as a power of ten in print's way read as code writes it: "1 × 10⁻⁶" as `1e-6`, "10⁻⁶" as
    `10^-6` (blind p266: "by no more than 1 × 10⁻⁶ (absolute)")."""
    if "10" not in text:
        return text
    text = _TIMES_POWER.sub(lambda m: f"{m.group(1)}e{m.group(2).translate(_SUPERSCRIPT).replace('−', '-').strip()}", text)
    return _BARE_POWER.sub(lambda m: f"10^{m.group(1).translate(_SUPERSCRIPT)}", text)


# inline TeX holding only a band, `$\pm 0.01$`, `$\pm 10^{-4}$`, `$0.5\,\%$`, `$< 2 \times 10^{-3}$`
_TEX_BAND = re.compile(r"\$\s*((?:\\pm|\\leq?|\\geq?|<|>|\\approx)?\s*[\d.]+(?:\s*(?:\\times|\\cdot)\s*10\^\{?[-\u2212]?\d+\}?)?"
                       r"|(?:\\pm|\\leq?|<)?\s*10\^\{?[-\u2212]?\d+\}?)\s*(?:\\[,;!]\s*)?(\\%)?\s*\$")


def _tex_bands(text: str) -> str:
    r"""Inline TeX that writes a band, `$\pm 0.01$` °C, `$\pm 10^{-4}$`, as prose does: "±0.01", "±1e-4" (blind p294's
    Methods section, whose bands went unread)."""
    if "$" not in text:
        return text

    def plain(m: re.Match[str]) -> str:
        if not re.search(r"\\|\^", m.group(0)):
            return m.group(0)  # (no TeX mark: dollars, "within $0.05. $2 bills count as cash"; review)
        said = m.group(1).replace("\\pm", "±").replace("\\leq", "≤").replace("\\le", "≤").replace("\\geq", "≥") \
            .replace("\\ge", "≥").replace("\\approx", "≈").replace("\u2212", "-")
        said = re.sub(r"\s*(?:\\times|\\cdot)\s*10\^\{?(-?\d+)\}?", r"e\1", said)
        said = re.sub(r"(?<![\d.e])10\^\{?(-?\d+)\}?", r"1e\1", said)
        return " ".join(said.split()).replace("± ", "±") + ("%" if m.group(2) else "")
    return _TEX_BAND.sub(plain, text)


def stated_tolerance(text: str) -> StatedTolerance | None:
    """The accuracy the prompt demands of the answer's numbers, in its own words (None when it states
    none, or only of how to compute them). Where it gives several, the loosest reading of each."""
    text = schema_descriptions(margin_tables(dotted_leaders(defined_bands(_powers_of_ten(_tex_bands(text))))))
    stated = _stated_tolerance(text)
    # (a datasheet's limits only where the prompt states no band in words: an input sensor's own accuracy row,
    # "`pressure_kpa` accuracy ... -1.5 | +1.5 | kPa", is no band of the answer's beside "graded to within 0.01 kPa";
    # review)
    # (a row of a key whose band the prompt states in words is left out: the words; every other row is read with them,
    # `beta` of the sheet beside "`mean_life_cycles` is graded to within 0.5 %"; review)
    limits = limit_tables(text, lambda key: stated is not None and any(
        _said_by(noun, _key_nouns(key)) for noun, _, _ in stated.scoped))
    return _stated_tolerance(limits) if limits != text else stated


def _stated_tolerance(text: str) -> StatedTolerance | None:
    """stated_tolerance of a text whose tables of bands are written as sentences."""
    abs_tol = rel_tol = 0.0
    said = ""
    readings: list[tuple[float, float]] = []
    scoped: dict[str, tuple[float, float]] = {}
    said_of: dict[str, str] = {}  # noun -> the first sentence stating its band
    general_said = ""  # the first sentence stating every number's band
    units: list[tuple[str, str, float, bool, bool]] = []
    digits_stated = False
    general = False
    # A value said as neither absolute nor relative counts as both, unless the prompt says that same value once as a
    # distance ("we accept anything within 0.01 of the exact root" beside a sample's "<- within 0.01"): then each of
    # its mentions is that distance (blind p186, whose grader was 1% relative). What each mention gave the relative
    # reading (value, said as neither), per noun too, so those readings can be taken back.
    said_abs: set[float] = set()
    said_rel: set[float] = set()
    rel_parts: list[tuple[float, bool]] = []
    noun_rel: dict[str, list[tuple[float, bool]]] = {}
    # (a prompt that speaks of relative tolerances anywhere, "Tolerance (relative):", a sentence before,
    # keeps "within 0.001 of the exact quotient" either way; review of blind p56's rule)
    # (said of a tolerance: not "regressing log(c) ... minimises relative, not absolute, error", blind p56)
    # (a declaration without a band of its own: "`rate` ... a relative tolerance of 1e-6" is that key's,
    # "Relative errors in the input data are below 1e-9" the input's; review)
    says_relative = any(re.search(r"\brel(?:ative(?:ly)?|\.)(?!\w)", line, re.IGNORECASE)
                        and re.search(r"\btoleran|\bcompared\b|\baccura", line, re.IGNORECASE)
                        and not re.search(r"\d", line)
                        for line in re.split(r"(?<=[.!?])\s+|\n", text[:400_000]))
    read = _comment_paragraphs(sentences(text))
    superseded = _superseded(read)
    for at_sentence, whole in enumerate(read):
        if at_sentence in superseded:
            continue
        if VAGUE_TOLERANCE.search(whole) or (_INPUT.search(whole) and not _ANSWER.search(whole)):
            continue
        # (as the prompt says it, for the report: not as rewritten below; a quote's continued line without its `>`)
        shown = re.sub(r"\*\*|__", "", re.sub(r"\n[ \t]*>(?!>)[ \t]?", "\n", whole))
        # (a key written bare, as a scenario's step does, "e_min_lux is within 1 % of ...": as if quoted; blind p197)
        whole = _SNAKE_KEY.sub(r"`\1`", whole) if "_" in whole else whole
        # How to compute is read clause by clause: "Results are compared with a converged reference; A
        # must agree to a relative error of 1e-4, which any converged minimiser reaches" states one.
        # (in such a sentence, a clause is kept only where it speaks of the answer itself: "Run the solver
        # with an error below 0.01, which makes it converge" states no accuracy of the answer)
        whole = _CHECKED_AGAINST.sub(lambda m: m.group().replace("converged", "reference"), whole)
        method = _METHOD.search(whole) is not None
        # (a colon after a method phrase ends that clause: "iterate to convergence: the answer is checked
        # to **±0.01 m** on every head" states the answer's accuracy after it; blind p25)
        whole = re.sub(r"\*\*|__", "", whole)
        # ("`expected_bikes`: absolute difference ≤ 0.01 from the exact stationary value" is the answer's band, said
        # against the exact value; "a day is steady when its sensor difference is no more than 2.5" a rule; p171, review)
        if not _AGAINST_EXACT.search(whole):
            whole = _DIFFERENCE.sub("gap", whole)  # (a rule's difference, no band: "steady when ... at most 2.5")
        # ("within 0.1 % relative, or 0.01 absolute, whichever is looser": the second band is a "within" too; blind p363)
        whole = re.sub(r"(\bwithin\s(?:[^;.\n]|\.\d){1,40}?,?\s+or\s+)(?=[-+]?\d[\d.]*(?:e-?\d+)?\s*%?\s*(?:absolute|abs\.?|relative|"
                       r"rel\.?)\b)", r"\1within ", whole, flags=re.IGNORECASE)
        # ("`net_kg` must agree with the log to the kilogram": one unit of the place it names; blind p376)
        whole = _TO_THE_UNIT.sub(lambda m: f"{m.group(1)} within 1 {m.group(2)}", whole) if " the " in whole else whole
        # (a subjunctive, "asks that your SSE be within 0.1 % of the best", says what a "must be" says; blind p363)
        whole = re.sub(r"\b(that\s+(?:your|the|each|every)\s+[A-Za-z]{3,})\s+be\s+(?=within\b)", r"\1 must be ", whole)
        # ("within half a basis point (0.00005)": the band is the number in brackets; blind p75)
        whole = _NAMED_BAND.sub(lambda m: f"within {m.group(1)} {m.group(2) or ''} ", whole)
        # ("within one hundredth of a point (0.01), more or less, of the composite reckoned": either way, a distance)
        whole = re.sub(r",?\s+more\s+or\s+less\b,?", "", whole) if "more or less" in whole else whole
        whole = _AND_BAND.sub(r"\g<1>within ", whole) if "for" in whole and _STATED.search(whole) else whole
        if (re.search(r"`[A-Za-z_][\w.-]*`", whole) and _ACCURACY_WORDS.search(whole)) or _MONEY_SAID.search(whole):
            # ("Anything within one penny, plus or minus 0.01, of the right value is fine": a distance in money, and so
            # is the 0.01 beside it; blind p377, graded to 1 %)
            whole = _MONEY_WORD.sub(lambda m: "within $1" if m.group(1) else "within $0.01", whole)
        colon = whole.find(": ")
        if method and colon > 0 and _METHOD.search(whole[:colon]):
            whole = whole[:colon] + "; " + whole[colon + 2:]
        # (a clause saying how the grader checks speaks of the answer: "Each rate is checked to within 0.000001 of
        # the exact root, so round properly and don't stop your iteration early"; blind p130)
        sentence = "; ".join(c for c in _CLAUSES.split(whole) if c.strip() and not _METHOD.search(c)
                             and (not method or _ANSWER.search(c) or _GRADED.search(c)))
        if not sentence:
            continue
        relative = re.search(r"\brel(ative|\.)?\b|\*\s*\|", sentence, re.IGNORECASE) is not None
        absolute = re.search(r"\babs(olute|\.)?\b", sentence, re.IGNORECASE) is not None
        found = False
        previous = -1  # where the sentence's last stated value ended
        stated_here = list(_STATED.finditer(sentence))
        last_band = None  # (the nouns, every and lead of the sentence's band before this one)
        paired = _paired_by_unit(sentence, stated_here)
        # (the sentence's "relative" said of no value of its own: not "`basal_area_m2` within 0.5 % (relative)", the word
        # of that value, which left "within ±0.05 cm" of the same sentence read as 5 % too; blind p293)
        # (but "(both relative)", "all relative", "these tolerances are relative" are of every value; review)
        relative_free = relative and any(
            not any(0 <= word.start() - value.end() <= 25 and not re.search(
                r"\b(?:both|all|these|those|each|every|tolerances?|bands?)\b", sentence[value.end():word.start()],
                re.IGNORECASE) for value in stated_here)
            for word in re.finditer(r"\brel(ative|\.)?\b", sentence, re.IGNORECASE))
        for at, match in enumerate(stated_here):
            # (the stretch between the values before and after it: "`holdover_hours` within 0.5 % (relative),
            # `t0_c` within 0.02 °C and `rmse_c` within 0.002 °C" calls only the first relative; blind p154)
            own_from = stated_here[at - 1].end() if at else 0
            comma = sentence.rfind(",", own_from, match.start())
            own_from = comma if comma >= 0 else own_from
            own_to = stated_here[at + 1].start() if at + 1 < len(stated_here) else len(sentence)
            value = number(match.group("value"))
            if not 0 < value < 1e6 or re.match(r",\d{3}\b", sentence[match.end("value"):]):
                continue  # (and not "$1,000" read as 1)
            if _time_window(sentence, match) or _condition(sentence, match):
                continue
            found = True
            scope = _scope(sentence, match.end())
            defined = _defined_keys(sentence[:match.start()], previous)
            if not defined and previous < 0 and at_sentence and _ANSWER_SUBJECT.match(
                    re.sub(r"\s*\n[\s>|]*", " ", sentence[:match.start()])):
                # ("`ascent_m` = the total climb. Your answer must be within 1 m of the true value.": the key the
                # sentence before defines, a worksheet's step; blind p311, whose 1 m band read as the km band's 10 m)
                # (one that states no band of its own: "`distance_km` = the distance, within 0.01 km." then "Your
                # answer must be within 1 %" is every number's band, not a looser one of distance_km's; review)
                lead = _LEAD_KEYS.match(read[at_sentence - 1]) if not _STATED.search(read[at_sentence - 1]) else None
                defined = [singular(k.lower()) for k in re.findall(_TICKED, lead.group(1))][:4] if lead else []
            keys = paired[at] if paired and paired[at] is not None else \
                _keys_before(sentence, match.start(), previous, defined)
            if keys and (every_value := _EVERY_VALUE.match(sentence)) and every_value.end() <= match.start() \
                    and all(f"`{k}`" in every_value.group("aside") for k in keys) \
                    and not re.search(r"\b(?:other\s+than|except|apart\s+from|but\s+not|excluding|not)\b",
                                      every_value.group("aside"), re.IGNORECASE):
                # ("Each of the seven numeric values (three per chart plus `sigma_hat`) must be within ±0.00001 mm":
                # every value's band, the key an aside counting it in; blind p254)
                keys = []
            # (a noun beside the keys in the subject names keys too: "The two catches and `msy_t` must be within
            # 0.5 t" is the band of `max_constant_catch_t` and `recovery_catch_t` as well; blind p131)
            if keys and (mixed := _MIXED_SUBJECT.search(sentence[max(0, match.start() - 160):match.start()])):
                noun = singular(mixed.group(1).lower())
                if noun not in _GENERIC_NOUNS and not noun.endswith(("ed", "ly")):
                    keys = [*keys, noun]
            previous = match.end()
            # (a key standing right before the value names what it is said of, whatever noun follows:
            # "`expected_payment` within $0.05 of the mean payment" is the expected_payment's band; blind p58)
            near = keys and ((bool(paired) and paired[at] is not None) or re.search(r"`[A-Za-z_][\w.-]*`[^`]{0,24}$",
                                                       sentence[max(0, match.start() - 120):match.start()]))
            # (or the sentence's subject, its one key: "`projected_revenue` must be the model's revenue at
            # the rate you report (to within a dollar)"; blind p80)
            # (or keys the sentence lists and "each" takes up again: "`sse`, `forecast` and `rmse` are what your α
            # produces: each within 0.1 % relative"; blind p363, whose band had been every number's, α's too)
            near = near or (bool(keys) and re.search(r"\beach\s+(?:(?:must|should|shall)\s+be\s+|is\s+)?$",
                                                     sentence[max(0, match.start() - 30):match.start()]) is not None)
            near = near or (keys and keys == defined) or (
                len(keys) == 1 and re.match(r"\s*`" + re.escape(keys[0]) + "`", sentence) is not None
                            and sentence[:match.start()].count("`") == 2 and "." not in keys[0]
                            and not re.search(r",|;|\s(?:and|but|while)\s", sentence[:match.start()]))
            nouns = [*keys, scope] if scope and near else [scope] if scope else keys
            head = sentence[max(0, match.start() - 80):match.start()]
            lead = None
            if not nouns and ((subject := _SUBJECT.search(head)) or (
                    re.match(r"within\b", match.group(), re.IGNORECASE) and (subject := (lead := _LEAD_SUBJECT.search(head))))) \
                    and not _SUBJECT_AFTER.search(head[:subject.start(1)]):
                # ("prices must be within 0.01 of the true values": the prices' band; blind p77; "flows and
                # pressures must be ...": both nouns'; not "results for each store must be ...")
                subject_words = subject.group(1).strip()
                clause_at = max(sentence.rfind(";", 0, match.start()), sentence.rfind(":", 0, match.start()),
                                sentence.lower().rfind(" while ", 0, match.start())) + 1
                if subject_words.lower() in ("and", "but") \
                        and (first := _COMPOUND_SUBJECT.match(sentence, clause_at)) is not None and first.end() <= match.start():
                    # (a second verb of one subject: "- Mean dwell MUST be rendered with exactly two decimal places and
                    # MUST be within 0.01 of the exact quotient" is the mean dwell's band, not an "and"'s; blind p337)
                    subject_words = first.group(1)
                named = [singular(w.split()[-1]) for w in re.split(r"\s*,\s*|\s+(?:and|or)\s+", subject_words)
                         if w.strip()]
                if named and not any(n in _GENERIC_NOUNS or n.endswith(("ed", "ly")) for n in named):
                    scope = named[-1]
                    nouns = named
            # (said of its keys only where they stand right before it, "`trip_kg` within ±1 kg"; a key named
            # far back, "`dose_mg` an integer, the two levels rounded ... ±0.01", leaves it every number's;
            # and the nouns that open a clause, "Mean loads within 0.01 kW", may name no key: every number's
            # too, as it was before they were read; review)
            every = not nouns or not (scope or near) or lead is not None
            if at and last_band is not None and _OR_BAND.fullmatch(sentence, stated_here[at - 1].end(), match.start()):
                # ("each within 0.1 % relative, or 0.01 absolute, whichever is looser": the second band is the first's
                # nouns' too; blind p363)
                nouns, every, lead = last_band
            last_band = (nouns, every, lead)
            general = general or every
            quoted = " ".join(shown.split())[:160]
            if every:
                general_said = general_said or quoted
            for noun in nouns:
                said_of.setdefault(noun, quoted)
            if match.group("pct"):
                rel_tol = max(rel_tol, value / 100)
                rel_parts.append((value / 100, False))
                readings.append((0.0, value / 100))
                for noun in nouns:
                    old = scoped.get(noun, (0.0, 0.0))
                    scoped[noun] = (old[0], max(old[1], value / 100))
                    noun_rel.setdefault(noun, []).append((value / 100, False))
                continue
            # (a value with a unit, "±0.01 m", "0.05 L/s", is a distance in that unit: absolute)
            written = _UNIT.match(sentence, match.end())
            unit = written is not None
            restated = _RESTATED.match(sentence, written.end()) if written is not None else None
            # (as is "±0.01": a distance either side of the value, blind p45's price "within ±0.01")
            unit = unit or "±" in sentence[max(0, match.start() - 2):match.end()] \
                or "+/-" in sentence[max(0, match.start() - 4):match.end()]  # (as "+/- 0.5": review)
            # (and "within $0.01": an amount of money; blind p51's `fare` "within ±$0.01")
            unit = unit or match.group("money") is not None
            # (and "within 0.01 percentage points": a distance in the percent the value is written in; blind p95,
            # whose grader was 1% relative)
            # (only where the values are percents: "`late_share` as a fraction (0.153), within 0.01 percentage
            # points" means 0.0001, which the two readings keep; review)
            unit = unit or (_POINTS.match(sentence, match.end()) is not None and _PERCENTS.search(sentence) is not None)
            # (and "within 0.002 of the true optimum": a distance from it; blind p56, whose grader was 2.5%
            # relative. Not "within 1% of": a percentage is relative whatever follows)
            unit = unit or (not match.group("pct") and not says_relative and re.match(
                r"\s*of\s+(?:the|its|their|our|your|each|every)\b", sentence[match.end():match.end() + 40]) is not None)
            # Relative or absolute as the value's own clause says; where it says neither, as the sentence
            # does, but a value with a unit is a distance ("ridership within 0.01% (relative); `fare`
            # within ±$0.01": the fare's band is a cent, not 1%; blind p51)
            # (at most 300 characters either side: a sentence of a thousand bands is read in one pass)
            start = sentence.rfind(";", max(0, match.start() - 300), match.start()) + 1 or max(0, match.start() - 300)
            end = sentence.find(";", match.end(), match.end() + 300)
            end = end if end >= 0 else min(len(sentence), match.end() + 300)
            clause = sentence[max(start, own_from):min(end, own_to)]
            rel_here = re.search(r"\brel(ative|\.)?\b|\*\s*\|", clause, re.IGNORECASE) is not None
            abs_here = re.search(r"\babs(olute|\.)?\b", clause, re.IGNORECASE) is not None
            guessed = False  # (read both ways for want of a word on it)
            if value >= 1 and not rel_here and re.match(r"\s*(?:$|[,;.)]|(?:and|or|so|of\s+the)\b)",
                                                        sentence[match.end():match.end() + 20]):
                as_rel, as_abs = False, True  # (no relative band of 100% or more: "`max_profit` within 1.00")
            elif rel_here or abs_here:
                as_rel = (rel_here or not abs_here) and not (unit and not rel_here)
                as_abs = abs_here or not rel_here
            elif unit and relative_free:  # ("tolerances are relative; `trip_kg` within ±1e-4": both, the looser)
                as_rel = as_abs = True
            else:
                as_rel = (relative or not absolute) and not (unit and not relative_free)
                as_abs = absolute or not relative_free
                guessed = as_rel and as_abs and not relative and not absolute
            if not guessed and as_rel:
                said_rel.add(value)
            elif not guessed and as_abs:
                said_abs.add(value)
            if as_rel:
                rel_tol = max(rel_tol, value)
                rel_parts.append((value, guessed))
                readings.append((0.0, value))
            if as_abs:
                abs_tol = max(abs_tol, value)
                readings.append((value, 0.0))
            for noun in nouns:
                old = scoped.get(noun, (0.0, 0.0))
                scoped[noun] = (max(old[0], value if as_abs else 0.0), max(old[1], value if as_rel else 0.0))
                if as_rel:
                    noun_rel.setdefault(noun, []).append((value, guessed))
            said_unit = written.group().strip() if written is not None and _scale(written.group()) else ""
            if as_abs:
                # (a band of a clause's opening nouns is every number's too, where a key is none of theirs)
                for noun in nouns or [""]:
                    units.append((noun, said_unit, value, False, lead is not None))
                    if said_unit and restated is not None and (again := _scale(restated.group(2))) is not None \
                            and again[0] == _scale(said_unit)[0]:
                        # ("within 1 mm (0.001 m)": the same band, read in a key's unit that converts it)
                        units.append((noun, restated.group(2), number(restated.group(1)), True, lead is not None))
        for match in () if _PRINTING.search(sentence) else _SIGNIFICANT.finditer(sentence):
            n = match.group("n")
            digits = count(n) if n.isdigit() else _SIG_WORDS[n.lower()]
            if 1 <= digits <= 17:
                found = digits_stated = general = True
                general_said = general_said or " ".join(shown.split())[:160]
                rel_tol = max(rel_tol, 10.0 ** (1 - digits))
                rel_parts.append((10.0 ** (1 - digits), False))
        for match in _PLACES.finditer(sentence):
            n = match.group("places")
            places = 2 if match.group("cent") else int(n) if n.isdigit() else _PLACE_WORDS[n.lower()]
            if places <= 15:
                found = general = True
                general_said = general_said or " ".join(shown.split())[:160]
                abs_tol = max(abs_tol, 10.0 ** -places)
                readings.append((10.0 ** -places, 0.0))
                units.append(("", "", 10.0 ** -places, False, False))  # (every number's band, in no unit)
        if found and not said:
            said = " ".join(shown.split())[:160]
    if not said:
        return None
    distances = said_abs - said_rel  # (values the prompt says once as a distance, and never as relative)
    if any(guessed and value in distances for value, guessed in rel_parts):
        def kept(parts: list[tuple[float, bool]]) -> float:
            return max((v for v, guessed in parts if not (guessed and v in distances)), default=0.0)
        rel_tol = kept(rel_parts)
        readings = [r for r in readings if not (r[0] == 0.0 and r[1] in distances and not any(
            v == r[1] and not guessed for v, guessed in rel_parts))]
        scoped = {noun: (a, kept(noun_rel.get(noun, []))) for noun, (a, r) in scoped.items()}
    return StatedTolerance(abs_tol, rel_tol, said, () if digits_stated else tuple(readings),
                           tuple((noun, a, r) for noun, (a, r) in scoped.items()), general or not scoped,
                           tuple(dict.fromkeys(units)), tuple(said_of.items()), general_said,
                           _measured_in(text, units))


def _measured_in(text: str, units: list[tuple[str, str, float, bool, bool]]) -> tuple[tuple[str, float], ...]:
    """StatedTolerance.measured_in: of the units a band of 1 or more is stated in, those the prompt says values
    are written in, "in grams", "to whole grams", "as kilograms" (an abbreviation of two letters or more too,
    "in kg"; not "in s")."""
    out = []
    for scale in dict.fromkeys(_scale(u) for _, u, v, _, _ in units if u and v >= 1):
        if scale is None:
            continue
        forms = [u for u, sc in _SCALES.items() if sc == scale and (len(u) >= 2)]
        said = r"(?:" + "|".join(re.escape(f) + ("s?" if _spelled(f) else "") for f in forms) + r")"
        if re.search(r"\b(?:in|to|as)\s+(?:whole\s+|integer\s+|round\s+)?" + said + r"\b", text[:400_000], re.IGNORECASE):
            out.append(scale)
    return tuple(out)
