"""How detail_leaks words a finding, and reads a detail's wording: which value it presents as the expected
one, which it lists as missing, and which `expected X ... got` pairs it gives."""

from __future__ import annotations

import re
from dataclasses import dataclass, field

from artifactbench.gates.core import CaseResult, cap
from artifactbench.gates.leaks._values import UNIT

MIN_SUITE = 3  # `expected ... got` pairs in one detail that reveal a hidden test suite
# Words after which a number is what the grader saw, not what it expected ("expected 41 rows, found 13").
# (what the grader found, "expected 29 rows, query returned 24": not the value expected; blind p166)
_SEEN = (r"(?:got|found|actual(?:ly)?|received|but|instead|saw|observed|has|have|you|your|yours|vs|versus|"
         r"returned|returns|gave|gives|produced|yielded|contains|listed|wrote|reported)")
_EXPECTED = re.compile(r"expected\s*[:=]?\s*(?P<value>[^,;|\n]+?)\s*[,;|]?\s*(?:but\s+)?(?:got|actual|received)\b",
                       re.IGNORECASE)


@dataclass(slots=True)
class Exposure:
    """What one detail gives away: `present`, the reference values it quotes that the graded artifact
    lacks; of those `quoted` (hidden from the agent, or listed as missing) and `named` (presented as the
    expected value); `suite`, hidden `expected X ... got` values; `printed`, how the detail prints a
    number that it does not print as the reference spells it; `shown`, how a finding names a value
    matched at a lower precision."""

    present: list[str] = field(default_factory=list)
    quoted: list[str] = field(default_factory=list)
    named: list[str] = field(default_factory=list)
    suite: list[str] = field(default_factory=list)
    printed: dict[str, str] = field(default_factory=dict)
    shown: dict[str, str] = field(default_factory=dict)
    visible: list[str] = field(default_factory=list)  # of `quoted`, those listed as missing that the agent sees

    def __bool__(self) -> bool:
        return bool(self.quoted or self.named or len(self.suite) >= MIN_SUITE)


# `expected={'outcome': 'NO_WAIVER', 'admin_fee': '46.67', ...} got={...}`: a hidden case's whole expected result (blind p372)
_EXPECTED_LITERAL = re.compile(r"\bexpected\s*[:=]?\s*(?P<literal>\{[^{}\n]{1,800}\}|\[[^\[\]\n]{1,800}\]|\([^()\n]{1,800}\))"
                               r"\s*[,;|]?\s*(?:but\s+)?(?:got|actual|received)\b", re.IGNORECASE)
_LITERAL_VALUE = re.compile(r"(?:^|[:,\[(]\s*)('[^'\n]{1,80}'|\"[^\"\n]{1,80}\"|[-+\w.]{1,40})\s*(?=[,}\])]|$)")


def hidden_expected(detail: str, artifact: str, visible: str) -> list[str]:
    """`expected X ... got` values that neither the artifact nor what the agent sees contains; and a literal printed as
    the expected result (`expected={'outcome': 'WAIVER_APPLIED', 'admin_fee': '75.00', 'total_due': '875.00'} got=`) of
    MIN_SUITE values or more, one of them hidden, whole: a hidden case's answer (blind p372)."""
    found = []
    for value in [m.group("value") for m in _EXPECTED.finditer(detail)]:
        value = value.strip().strip("'\"")
        if value and value not in artifact and value not in visible and value not in found:
            found.append(value)
    for m in _EXPECTED_LITERAL.finditer(detail):
        values = [v.strip().strip("'\"") for v in _LITERAL_VALUE.findall(m.group("literal")[1:-1])]
        values = [v for v in dict.fromkeys(values) if v and v not in artifact]
        if len(values) >= MIN_SUITE and any(v not in visible for v in values):
            found += [v for v in values if v not in found]
    return found


def as_expected(value: str, detail: str, strict: bool = False) -> bool:
    """The detail presents `value` as the right answer ("expected 812.5", "should be 812.5"), not as what
    the grader found ("expected 41 rows, found 13"). `strict`: in words or across an inequality ("expected",
    "should be", "78.66 != 75.60"), not as a comparison's other side ("5582.0 vs 458.2")."""
    # (a word of its own: "unexpected incident tables: INC-3120, incidents.INC-212 missing" expects nothing; review)
    # (and "regen_years 1405.80 (reference 40.58, tol 0.20)": the grader's own value, so named; blind p192)
    # ("Costa: water 504 L, ledger says 503": the grader's own replay, so named; blind p379)
    if re.search(rf"\b(expected|should be|should equal|correct value|want(ed)?|reference(?:\s+value)?|ref|"
                 rf"true\s+value|exact\s+value|right\s+value|(?:ledger|register|books?|oracle|replay|recomputation)\s+"
                 rf"(?:says|has|gives|shows|expects))\b"
                 rf"(?:(?!\b{_SEEN}\b)[^.;|\n]){{0,40}}"
                 rf"(?<![\w.-]){re.escape(value)}(?:{UNIT})?(?![\w-])", detail, re.IGNORECASE) is not None:
        return True
    # (a tuple right after the word: "vs expected (35.818, 24.719)" presents each of its values; blind p135. Not a
    # sum worked out after it, "expected 450.5/12 = 37.54", nor what was found, "expected 3.0 rows, 2.5 found"; review)
    if re.search(rf"\b(?:expected|should\s+be|want(?:ed)?)\s*[:=]?\s*[(\[](?:[^()\[\]\n;|]{{0,80}}?[,\s(\[])?"
                 rf"(?<![\w.-]){re.escape(value)}(?:{UNIT})?(?![\w-])[^()\[\]\n;|]{{0,80}}?[)\]]", detail, re.IGNORECASE):
        return True
    # ("balance_due 78.66 != 75.60", "status 'DISMISSED' != 'PAID'": one side of an inequality is the artifact's,
    # so a reference value the artifact lacks on either side is the one the grader wanted; blind p118)
    number = NUMBER_TOKEN.fullmatch(value) is not None
    value = re.escape(value)
    if re.search(rf"(?:!=|≠)\s*['\"]?(?<![\w.-]){value}(?![\w-])|(?<![\w.-]){value}['\"]?\s*(?:!=|≠)", detail):
        return True
    if strict:  # (a sort check's "-1541.18 vs 1323.61" holds the next record's own value; review)
        return False
    # (and "J1 pressure 5582.0 vs 458.2", "c_old 1846.10 outside tolerance of 84.61": a number beside the artifact's
    # number, the one it was held to; blind p157. Not "fixture Lions vs Herons": two names; review)
    return number and re.search(
        rf"{NUMBER_TOKEN.pattern}(?:{UNIT})?\s+(?:vs\.?|versus)\s+(?<![\w.-]){value}(?:{UNIT})?(?![\w-])|"
        rf"\b(?:outside|beyond|not\s+within)\s+(?:the\s+)?(?:tolerance|range|band)\s+(?:of|around|from)\s+"
        rf"['\"]?(?<![\w.-]){value}(?:{UNIT})?(?![\w-])", detail, re.IGNORECASE) is not None


NUMBER_TOKEN = re.compile(r"[-+]?\d+(?:\.\d+)?(?:[eE][-+]?\d+)?")


def listed(value: str, detail: str) -> bool:
    at = detail.find(value)
    head = detail[:at] if at >= 0 else ""
    # ("missed: T25-1372/R1, ..." lists expected findings as plainly; blind p131)
    return re.search(r"\b(missing|missed|omitted|overlooked|expected|absent|not\s+(?:found|reported|listed|flagged|"
                     r"detected)|should|want(ed)?|lacks?)\b", head,
                     re.IGNORECASE) is not None


FEW_MISSING = 2  # values a detail may name as missing, all of them the agent's own input, and be info
FEW_SHARE = 25  # ... or up to 1/25 of the answer's distinctive values and of its records, where that is more


def judge(name: str, what: str, detail: str, quoted: list[str], named: list[str], suite: list[str],
           total: int, visible: frozenset[str] = frozenset(), records: int | None = None) -> CaseResult | None:
    """`visible`: the quoted values the agent can read in its own inputs (listed as missing); `records`:
    how many records the answer has (None: as many as its distinctive values)."""
    if len(suite) >= MIN_SUITE:
        return CaseResult("hidden_suite", "FINDING", cap(
            f"detail {detail!r} reveals {len(suite)} hidden expected value(s) ({', '.join(suite[:5])}) for "
            f"{what}: a stub can read the hidden tests", 600), "fail")
    if named:
        return CaseResult(name, "FINDING", cap(
            f"detail {detail!r} presents reference value(s) {', '.join(named[:5])} as the expected answer "
            f"({what}); spec 3.3: not 'expected 42, got 41' when 42 is the answer", 600), "fail")
    if not quoted:
        return None
    whole = len(quoted) * 2 >= total or total <= 2
    if whole and records is not None and records >= 4 * max(total, 1) and all(v in visible for v in quoted):
        # (labels of the inputs each shared by many records, "LOGIC200-K7: 202 complete die(s) missing" of an answer
        # of 1846 dies under 5 products: which products went wrong, not which dies; blind p163)
        whole = False
    share = f"{len(quoted)}/{total} of the answer's distinctive values"
    if whole:
        return CaseResult(name, "FINDING", cap(
            f"detail {detail!r} quotes {share} ({', '.join(quoted[:5])}), none of them in the graded "
            f"artifact ({what}); {_seen(quoted, visible)}", 600), "fail")
    # (of the records too: a value named as missing picks out a record, and 8 ids of a filter task's 40
    # chosen rows are a fifth of its answer, though its 5 values a row make 8 only 1/25 of the values)
    few = max(FEW_MISSING, min(total, total if records is None else records) // FEW_SHARE)
    if len(quoted) <= few and len(quoted) * 4 < total and all(v in visible for v in quoted):
        # spec 3.3's own example: "missing endpoint /api/v2/users" names what went wrong, by a value
        # the agent reads in its input anyway. A longer list picks out which of the inputs make the
        # answer (a filter task's rows): short of half of them, still one to look at. Six job names of
        # an answer of 195 values (which jobs' firing times are wrong) are not that.
        return CaseResult(name, "WARNING", cap(
            f"detail {detail!r} names {share} ({', '.join(quoted[:5])}) as missing, all of them values the "
            f"agent reads in its inputs ({what}); fine while it stays short of the answer", 600), "info")
    return CaseResult(name, "WARNING", cap(
        f"detail {detail!r} quotes {share} ({', '.join(quoted[:5])}) that the graded artifact lacks "
        f"({what}); fine for naming what went wrong, a leak if it adds up to the answer", 600), "warn")


def _seen(quoted: list[str], visible: frozenset[str]) -> str:
    """How many of the quoted values the agent can read in its own inputs, said as it is."""
    seen = sum(v in visible for v in quoted)
    if seen == 0:
        return "none of them in anything the agent sees"
    if seen == len(quoted):
        return f"all {seen} of them in the agent's inputs, but together they give the answer away"
    return f"{seen} of them in the agent's inputs, {len(quoted) - seen} in nothing the agent sees"
