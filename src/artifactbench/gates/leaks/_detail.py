"""The detail_leaks gate (spec 3.3): a failing grader detail never gives the answer away in full.

Probes: the fuzzer's failing mutants plus one artifact holding a single made-up record. A value in a
failing detail counts as leaked only when it is a distinctive value of the reference (a number with
>= 3 significant digits, a string of >= 4 characters that is no key or common word, as whole tokens),
the graded artifact, the prompt and the materialized workspace do not contain it, and it is still
quoted when the same artifact is graded again with every number moved (so it came from the reference,
not from a computation over the artifact), and does not move when the artifact's own lists change
(a sum over the artifact's ids is computed from it, whatever the reference says). Severity scales with what is exposed (spec 3.3's own line:
"missing endpoint /api/v2/users" is fine, "expected 42, got 41" is not when 42 is the answer):
- fail: a reference value presented as the expected one ("expected 812.5", also when the value is
  somewhere in the input data: the detail says which one is the answer); half or more of the answer's
  distinctive values in one detail (an uncapped `missing: ...` list answers a one-record artifact with
  the whole set), the whole answer when it is one or two values; or `expected X ... got` for three or
  more hidden values (a stub reads the hidden suite);
- warn: fewer reference values (what went wrong, named by value).
"""

from __future__ import annotations

import math
import re
import time
from dataclasses import replace

from artifactbench.gates.core import OK, CaseResult, CheckResult, TaskContext, cap, counts, finish, fuzz_budget
from artifactbench.gates.core import reference_text, stateful_case
from artifactbench.gates.fuzz import KINDS, NUMBER_RE, FuzzPolicy, format_of, sample_mutants
from artifactbench.gates.leaks._probes import bogus_record, reshuffled, varied, visible_text
from artifactbench.gates.leaks._values import Distinctive, distinctive, quoted_in

PER_KIND = 4
MIN_SUITE = 3  # `expected ... got` pairs in one detail that reveal a hidden test suite
_EXPECTED = re.compile(r"expected\s*[:=]?\s*(?P<value>[^,;|\n]+?)\s*[,;|]?\s*(?:but\s+)?(?:got|actual|received)\b",
                       re.IGNORECASE)


def _size(values: Distinctive) -> int:
    return len(values.numbers) + len(values.strings)


def _hidden_expected(detail: str, artifact: str, visible: str) -> list[str]:
    """`expected X ... got` values that neither the artifact nor what the agent sees contains."""
    found = []
    for match in _EXPECTED.finditer(detail):
        value = match.group("value").strip().strip("'\"")
        if value and value not in artifact and value not in visible and value not in found:
            found.append(value)
    return found


def detail_leaks_gate(ctx: TaskContext) -> CheckResult:
    started = time.monotonic()
    task = ctx.task
    fmt = format_of(task.output_artifact)
    reference = reference_text(ctx)
    prompt = task.problem_statement.read_text(encoding="utf-8", errors="replace")
    skip = frozenset({task.workspace_generator}) if task.workspace_generator else frozenset()
    visible = visible_text(task.problem_statement, ctx.pristine().scratch_dir, skip)
    answer = distinctive(fmt, reference).minus(distinctive("text", prompt))
    secrets = answer.minus(distinctive("text", visible))
    bogus = bogus_record(fmt, reference)
    probes = ([("answer_set", bogus, "one made-up record")] if bogus is not None else [])
    # The fuzz gate's mutants (graded already, verdicts remembered by the task) are the probes; only
    # when it did not run are mutants sampled here.
    seen = [(f"leak:{label.split(chr(9))[0]}", text, label.split(chr(9))[-1])
            for text, label, _ in ctx.graded_texts() if label]
    if seen:
        probes += seen
    else:
        try:
            mutants = sample_mutants(fmt, reference, FuzzPolicy(), KINDS, PER_KIND, task.instance_id, prompt)
        except Exception as exc:  # noqa: BLE001 - the reference does not parse in its format
            return CheckResult("detail_leaks", "skip", cap(f"no mutants: {type(exc).__name__}: {exc}"))
        probes += [(f"leak:{m.kind}", m.text, m.describe()) for m in mutants]
    cases: list[CaseResult] = []
    failing = 0
    deadline = time.monotonic() + fuzz_budget(ctx).seconds
    def detail_of(text: str, warm: bool = False) -> str | None:
        ctx.check_cancelled()
        outcome = ctx.grade_text(text, warm=warm)
        return None if not outcome.ok or outcome.result.passed else str(outcome.result.detail)

    def exposed(text: str, detail: str) -> tuple[list[str], list[str], list[str]]:
        in_artifact = distinctive(fmt, text)
        quoted = quoted_in(secrets.minus(in_artifact), detail)
        present = quoted_in(answer.minus(in_artifact), detail)
        named = [v for v in present if _as_expected(v, detail)]
        # Values the detail lists as missing/expected count towards exposure even when the input
        # data holds them (a filter task's answer is a subset of its input): the list says which.
        listed = [v for v in present if v not in quoted and _listed(v, detail)]
        return quoted + listed, named, _hidden_expected(detail, text, visible)

    for name, text, what in probes:
        if time.monotonic() > deadline:
            break  # the same wall-time budget as the fuzz gate
        if text == reference:
            continue  # a probe equal to the reference is never a finding
        # A warm verdict (the fuzz gate's, or one more) only picks the details worth a closer look;
        # everything a finding rests on is graded as grade() grades.
        detail = detail_of(text, warm=True)
        if detail is None:
            continue  # errors and acceptances are the contract and fuzz gates' business
        failing += 1
        quoted, named, suite = exposed(text, detail)
        if not quoted and not named and len(suite) < MIN_SUITE:
            continue
        detail = detail_of(text)
        if detail is None:
            continue
        quoted, named, suite = exposed(text, detail)
        if not quoted and not named and len(suite) < MIN_SUITE:
            continue
        other = varied(fmt, text, reference)
        again = detail_of(other) or ""
        still = quoted_in(answer.minus(distinctive(fmt, other)), again)
        quoted = [v for v in quoted if v in still]
        named = [v for v in named if v in still]
        suite = [v for v in suite if v in again]
        if quoted or named:
            derived = _derived(fmt, text, detail, quoted + named, answer, detail_of)
            quoted = [v for v in quoted if v not in derived]
            named = [v for v in named if v not in derived]
        case = _judge(name, what, detail, quoted, named, suite, _size(answer))
        if case is not None and all(c.name != case.name for c in cases):
            cases.append(case)
    if not ctx.warm_canary():  # the grader keeps state between calls: every probe again, each forked
        again = detail_leaks_gate(ctx)
        return replace(again, cases=(stateful_case(ctx), *again.cases))
    if not cases:
        cases.append(CaseResult("details", OK, f"{failing} failing detail(s) give no reference value away"))
    leaks = sum(c.severity != "info" for c in cases)
    return finish("detail_leaks", cases, started,
                  f"{leaks} leaking detail(s) in {failing} failing run(s) ({counts(cases)})")


def _template(detail: str) -> str:
    return NUMBER_RE.sub("#", detail)


def _derived(fmt: str, text: str, detail: str, values: list[str], answer: Distinctive, detail_of) -> set[str]:
    """The numeric `values` the grader computed from the artifact itself: regraded with the artifact's
    lists changed (`reshuffled`), the detail reads the same but for a number in that value's place that
    is no reference value ("does not match the sum over your ids (329)" -> "(301)")."""
    wanted = {v: float(v) for v in values if NUMBER_RE.fullmatch(v)}
    derived: set[str] = set()
    if not wanted:
        return derived
    before = [float(m.group()) for m in NUMBER_RE.finditer(detail)]
    for variant in reshuffled(fmt, text):
        again = detail_of(variant)
        if again is None or _template(again) != _template(detail):
            continue  # the grader stopped elsewhere: this variant says nothing
        after = [float(m.group()) for m in NUMBER_RE.finditer(again)]
        for value, number in wanted.items():
            places = [i for i, n in enumerate(before) if math.isclose(n, number, rel_tol=1e-9)]
            if places and all(not math.isclose(after[i], number, rel_tol=1e-9) and after[i] not in answer.numbers
                              for i in places):
                derived.add(value)
        if len(derived) == len(wanted):
            break
    return derived


def _as_expected(value: str, detail: str) -> bool:
    """The detail presents `value` as the right answer ("expected 812.5", "should be 812.5")."""
    return re.search(rf"(expected|should be|should equal|correct value|want(ed)?)\b[^.;|\n]{{0,40}}"
                     rf"(?<![\w.-]){re.escape(value)}(?![\w-])", detail, re.IGNORECASE) is not None


def _listed(value: str, detail: str) -> bool:
    at = detail.find(value)
    head = detail[:at] if at >= 0 else ""
    return re.search(r"\b(missing|expected|absent|not\s+found|should|want(ed)?|lacks?)\b", head, re.IGNORECASE) is not None


def _judge(name: str, what: str, detail: str, quoted: list[str], named: list[str], suite: list[str],
           total: int) -> CaseResult | None:
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
    share = f"{len(quoted)}/{total} of the answer's distinctive values"
    if whole:
        return CaseResult(name, "FINDING", cap(
            f"detail {detail!r} quotes {share} ({', '.join(quoted[:5])}), none of them in the graded "
            f"artifact ({what}) or anything the agent sees", 600), "fail")
    return CaseResult(name, "WARNING", cap(
        f"detail {detail!r} quotes {share} ({', '.join(quoted[:5])}) that the graded artifact lacks "
        f"({what}); fine for naming what went wrong, a leak if it adds up to the answer", 600), "warn")
