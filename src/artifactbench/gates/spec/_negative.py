"""The negative gate (spec 5.5): each mutation of the reference output must be rejected."""

from __future__ import annotations

import re
import time

from artifactbench.gates.core import CaseResult, CheckResult, TaskContext, one_line, outcome_reason, read_prompt, uncommented
from artifactbench.gates.fuzz import (NUMBER_RE, TreeDoc, comment_only, describe_place, format_of, graded_element,
                                      normalize, outside_element, parse, program, text_field)
from artifactbench.errors import ArtifactBenchError
from artifactbench.negative import (
    MutateError, NegativeCase, classify, is_default_mutation, load_negative_cases_isolated, why_unchanged,
)
from artifactbench.negative import CaseStatus, Severity, Verdict

_SEVERITY = {Severity.OK: "info", Severity.WARN: "warn", Severity.FAIL: "fail", Severity.ERROR: "error"}

# The author module and all its mutate calls get the grader timeout, and at least this long.
MODULE_TIMEOUT_FLOOR_S = 10.0

_ISSUE = re.compile(r"(#\d+|issues?/\d+|pull/\d+|https?://\S+)", re.IGNORECASE)


def run_case(ctx: TaskContext, case: NegativeCase, reference: str, per_task_file: bool) -> Verdict:
    """Mutate, place the result in a pristine scratch, grade it with the task's session, classify."""
    default = is_default_mutation(case.mutate)
    if default and reference == "":
        return Verdict(CaseStatus.SKIPPED, Severity.OK, f"skipped: {why_unchanged(case.mutate, reference)}")
    try:
        mutated = case.mutate(reference)
    except MutateError as exc:  # the author's mutate failed in the worker process, which says how
        return Verdict(CaseStatus.ERROR, Severity.ERROR, one_line(str(exc)))
    except Exception as exc:  # noqa: BLE001 - author code; report, do not crash the gate
        return Verdict(CaseStatus.ERROR, Severity.ERROR, one_line(f"mutate raised {type(exc).__name__}: {exc}"))
    if not isinstance(mutated, str):
        return Verdict(CaseStatus.ERROR, Severity.ERROR, f"mutate returned {type(mutated).__name__}, not str")
    try:  # (as every artifact is written: a lone surrogate "\ud800" has no bytes; outside attack, session 17)
        mutated.encode("utf-8", "surrogateescape")
    except UnicodeEncodeError as exc:
        return Verdict(CaseStatus.ERROR, Severity.ERROR, f"mutate returned text that cannot be written as UTF-8: "
                       f"{mutated[exc.start]!r} at character {exc.start} (a lone surrogate)")
    if mutated == reference:
        if default:
            return Verdict(CaseStatus.SKIPPED, Severity.OK, f"skipped: {why_unchanged(case.mutate, reference)}")
        return Verdict(CaseStatus.ERROR, Severity.ERROR, "mutate returned its input unchanged")
    fmt = format_of(ctx.task.output_artifact)
    if default and _same_meaning(fmt, mutated, reference):
        # A probe equal to the reference is never a finding (e.g. off_by_one inside a docstring).
        return Verdict(CaseStatus.SKIPPED, Severity.OK, f"skipped: the mutation leaves the {fmt} answer's meaning "
                       "unchanged (only a docstring, comment, spacing or number spelling changed)")
    outcome = ctx.grade_text(mutated)
    if not outcome.ok:
        # The spec's ERROR status either way; but a grader that raised or returned a malformed result
        # broke its own contract (spec 3.4): a grader bug (fail, as the contract and fuzz gates say),
        # not a check that could not run (a timeout, a crash, an import failing: error).
        bug = outcome.error_kind in ("exception", "bad_shape")
        return Verdict(CaseStatus.ERROR, Severity.FAIL if bug else Severity.ERROR, outcome_reason(outcome))
    result = outcome.result
    verdict = classify(case, per_task_file=per_task_file, accepted=bool(result.passed), detail=str(result.detail))
    if default and verdict.status in (CaseStatus.MISS, CaseStatus.WEAK_MISS) and case.name == "off_by_one" \
            and program(ctx.task.output_artifact.as_posix()) and (_fallback_constant(reference, mutated)
                                                                  or _time_offset(reference, mutated)):
        # (`COALESCE(n.enrolled, 0)` -> `1` where no row is ever NULL: maybe the same query on every input,
        # maybe a test the grader lacks; blind p43. `date(ts, '-5 minutes')` -> `'-4 minutes'` on readings every
        # five minutes: the same day for every stamp; blind p229. Not the prompt's word: a warn either way.)
        return Verdict(CaseStatus.WEAK_MISS, Severity.WARN, f"{verdict.detail}; a constant changed in a program may "
                       "leave it behaving the same (a bound no input crosses): do the grader's tests tell them apart?")
    if default and verdict.status in (CaseStatus.MISS, CaseStatus.WEAK_MISS) and case.name == "off_by_one" \
            and ctx.task.output_artifact.suffix.lower() == ".sql" and _more_places(reference, mutated) \
            and read_prompt(uncommented(ctx.task.problem_statement.read_text(encoding="utf-8", errors="replace"))).stated is not None:
        # (`ROUND(AVG(w.o3_ppb), 2)` -> `3`: the same answer to one more decimal place, as near the exact value or
        # nearer, which a grader with a tolerance rightly accepts; blind p196)
        return Verdict(CaseStatus.WEAK_MISS, Severity.WARN, f"{verdict.detail}; the change rounds a value to one more "
                       "decimal place, as near the exact value as the reference: right where the prompt states a tolerance")
    if default and verdict.status in (CaseStatus.MISS, CaseStatus.WEAK_MISS):
        allowed = _prompt_allows(ctx, case.name, mutated, reference)
        if allowed and verdict.status is CaseStatus.WEAK_MISS:
            # Nothing to act on: the grader accepts what the prompt says is fine.
            return Verdict(CaseStatus.WEAK_MISS, Severity.OK, f"grader accepted the default mutation {case.name!r}, "
                           f"allowed by the prompt: {allowed} (detail: {str(result.detail)[:200]!r})")
        if allowed:
            return Verdict(CaseStatus.WEAK_MISS, Severity.WARN, f"{verdict.detail}; the prompt allows it: {allowed}")
    return verdict


_FALLBACK = re.compile(r"\b(?:coalesce|ifnull|nvl|isnull|getattr|get|default|or)\b", re.IGNORECASE)
# a CASE's or a conditional's `ELSE 0` right before the changed number, which no row may reach (blind p60;
# not `WHEN score >= 90 ... ELSE 'B'`, whose 90 is a threshold: review)
_ELSE_BEFORE = re.compile(r"\belse\s*:?\s*[-+]?\d*\.?\d*$", re.IGNORECASE)


def _first_change(reference: str, mutated: str) -> tuple[str, int] | None:
    """The reference's first line the mutant changes, and where in it the two first differ (None: no line differs)."""
    a, b = next(((x, y) for x, y in zip(reference.splitlines(), mutated.splitlines()) if x != y), (None, None))
    if a is None:
        return None
    return a, next((k for k, (x, y) in enumerate(zip(a, b)) if x != y), min(len(a), len(b)))


def _fallback_constant(reference: str, mutated: str) -> bool:
    """The changed number is a default or fallback (`COALESCE(n.enrolled, 0)`, `.get(k, 0)`, `${N:-0}`):
    it matters only where the value is missing, which the grader's data may never have."""
    changed = _first_change(reference, mutated)
    if changed is None:
        return False
    a, at = changed
    return _FALLBACK.search(a) is not None or ":-" in a or _ELSE_BEFORE.search(a[:at]) is not None


# the amount of a modifier that shifts a stamp into its day or bucket: `date(l.ts, '-5 minutes')`, `strftime('%H',
# ts, '+30 seconds')`; not `datetime(t0, '+30 minutes')`, a window's bound a comparison reads (review)
_OFFSET = re.compile(r"^\s*(?:seconds?|minutes?|hours?)\s*'", re.IGNORECASE)
_OFFSET_BEFORE = re.compile(r"\b(?:date|strftime)\s*\([^()]*,\s*'\s*[-+]?\d*$", re.IGNORECASE)


def _time_offset(reference: str, mutated: str) -> bool:
    """The changed number is the amount of a modifier shifting a stamp into its day (`date(ts, '-5 minutes')` ->
    `-4`): moved by one unit, it may pick the same day or bucket for every stamp the inputs have, whose spacing is
    coarser."""
    changed = _first_change(reference, mutated)
    if changed is None:
        return False
    a, at = changed
    digits = re.match(r"[\d.]*", a[at:]).group()  # (the rest of the changed number)
    return bool(digits) and _OFFSET.match(a[at + len(digits):]) is not None and _OFFSET_BEFORE.search(a[:at]) is not None


# a rounding's places right before the changed number: `ROUND(AVG(x), ` , `round(total / n, `
_ROUND_PLACES = re.compile(r"\bround\s*\((?:[^()]|\([^()]*\))*,\s*$", re.IGNORECASE)


def _more_places(reference: str, mutated: str) -> bool:
    """The changed number is the places a rounding in a query's SELECT list keeps, raised by one (`ROUND(AVG(x), 2)`
    -> `3`): the same rows, one value a place nearer; not a rounding a WHERE, HAVING, GROUP BY, ORDER BY or join
    reads, which may pick other rows (review)."""
    old_lines, new_lines = reference.splitlines(), mutated.splitlines()
    changed = [k for k, (a, b) in enumerate(zip(old_lines, new_lines)) if a != b][:1]
    if not changed:
        return False
    a, b = old_lines[changed[0]], new_lines[changed[0]]
    at = next((k for k, (x, y) in enumerate(zip(a, b)) if x != y), min(len(a), len(b)))
    while at > 0 and a[at - 1].isdigit():
        at -= 1
    old, new = re.match(r"\d*", a[at:]).group(), re.match(r"\d*", b[at:]).group()
    if not (old and new) or int(new) != int(old) + 1 or _ROUND_PLACES.search(a[:at]) is None:
        return False
    before = "\n".join(old_lines[:changed[0]] + [a[:at]])
    before = re.sub(r"--[^\n]*|/\*.*?\*/|'(?:[^']|'')*'", " ", before, flags=re.DOTALL)
    clauses = list(_CLAUSE_WORD.finditer(before))
    if not clauses or clauses[-1].group().upper() != "SELECT":
        return False
    # (nor one a later clause reads by its place or its name: `GROUP BY 1`, an outer `WHERE v > 3` on its alias; a
    # DISTINCT, which may keep more rows; review)
    query = re.sub(r"--[^\n]*|/\*.*?\*/|'(?:[^']|'')*'", " ", reference, flags=re.DOTALL)
    alias = re.match(r"[^,\n]*?\)\s*(?:AS\s+)?([A-Za-z_]\w*)", a[at:], re.IGNORECASE)
    name = alias.group(1) if alias and alias.group(1).upper() not in ("FROM", "AS", "OVER") else None
    ordered = re.sub(r"\bORDER\s+BY\b[^;]*", " ", query, flags=re.IGNORECASE)
    return not re.search(r"\bDISTINCT\b|\bGROUP\s+BY\s+(?:(?!\b(?:HAVING|ORDER|LIMIT|WINDOW|UNION)\b)[^;])*?"
                         r"(?<![\w.])\d+(?![\w.])", query, re.IGNORECASE) and not (
        name and len(re.findall(rf"(?<![\w.]){re.escape(name)}(?![\w])", ordered, re.IGNORECASE)) > 1)


_CLAUSE_WORD = re.compile(r"\b(?:SELECT|WHERE|HAVING|GROUP\s+BY|ORDER\s+BY|ON|JOIN|FROM|LIMIT|WINDOW|PARTITION\s+BY)\b",
                          re.IGNORECASE)


def _same_meaning(fmt: str, mutated: str, reference: str) -> bool:
    meaning = normalize(fmt, reference)
    return meaning is not None and normalize(fmt, mutated) == meaning


def _prompt_allows(ctx: TaskContext, name: str, mutated: str, reference: str) -> str:
    """Why the prompt allows what a default mutation changed ("" when it does not)."""
    prompt = uncommented(ctx.task.problem_statement.read_text(encoding="utf-8", errors="replace"))
    allows = read_prompt(prompt)
    # Only what the prompt says explicitly: a task that lists a default case in its own
    # negative_cases.py asserts the mutant is wrong, and the prompt's silence does not overrule it.
    if name == "reversed_lines" and allows.unordered:
        return "it says order does not matter"
    if format_of(ctx.task.output_artifact) == "text":
        artifact = ctx.task.output_artifact.as_posix()
        if not program(artifact) and allows.free_lines.confined(reference, mutated):
            return f"the change stays on lines it declares free ({allows.free_lines.sentence!r})"
        element = graded_element(prompt)
        if element is not None and outside_element(artifact, element, reference, mutated):
            return f"it changes only the page outside <{element[0]}>, which it frees ({element[2]!r})"
        if allows.comments_said and comment_only(artifact, reference, mutated, prompt):
            return f"it changes only comment lines, which it allows ({allows.comments_said!r})"
        field = text_field(reference, mutated)  # (a table column, an attribute, a key = value line's key)
        # (a field of several records, `size` of each cluster; `alice = 12` of one line per player is data)
        repeats = field is not None and len(re.findall(rf"(?<![\w-]){re.escape(field)}\s*[=:|]", reference)) >= 2
        freed = allows.leaves_open("number_far", f"field '{field}'") if repeats else None
        if freed is not None:
            return f"it changes only {field!r}: {freed[1]}"  # (blind p41: "extra attributes (a `size` ...) are fine")
    if name == "off_by_one" and (path := _changed_leaf(ctx, reference, mutated)) is not None:
        # (a number of a key the prompt frees: "You may add other top-level keys (a summary, ...)" and the default
        # mutation moved `summary.emitted`; blind p132)
        freed = allows.leaves_open("number_far", path)
        if freed is not None:
            return f"it changes only {path.removeprefix('at ')}: {freed[1]}"
    if name == "off_by_one":
        changed = [(float(a), float(b)) for a, b in zip(NUMBER_RE.findall(reference), NUMBER_RE.findall(mutated))
                   if a != b][:1]
        if changed and allows.within_tolerance(*changed[0]):
            return f"{changed[0][0]:g} -> {changed[0][1]:g} is within the tolerance it states"
        if changed and allows.threshold:
            return f"it grades against a threshold, not exact values ({allows.threshold!r})"
    if name == "renamed_field" and allows.optional_fields:
        renamed = [f for f in allows.optional_fields if f in reference and f"{f}__renamed" in mutated]
        if renamed:
            return f"it calls {renamed[0]!r} optional"
    if name == "renamed_field" and allows.other_keys:
        # the renamed key is a record's own key (the first object's first key): free if never named
        renamed = [k for k in re.findall(r"[\"']([\w-]+)__renamed", mutated) if not allows.names(k)]
        if renamed:
            return f"it allows other keys and never names {renamed[0]!r} ({allows.other_keys!r})"
    return ""


def _changed_leaf(ctx: TaskContext, reference: str, mutated: str) -> str | None:
    """Where a structured artifact's one changed leaf is, as the fuzzer describes a place ("at $.summary.emitted",
    "record 2 (line 3), field 'qty'"); None for a text, an unparsable one, or another change than one leaf's."""
    fmt = format_of(ctx.task.output_artifact)
    if fmt == "text" or len(reference) > 2_000_000:
        return None
    try:
        old, new = parse(fmt, reference), parse(fmt, mutated)
    except Exception:  # noqa: BLE001 - a mutant that does not parse changes no one leaf
        return None
    if not isinstance(old, TreeDoc) or not isinstance(new, TreeDoc):
        return None
    paths: list[tuple] = []

    def walk(a: object, b: object, path: tuple) -> None:
        if len(paths) > 1:
            return
        if isinstance(a, dict) and isinstance(b, dict) and list(a) == list(b):
            for key in a:
                walk(a[key], b[key], path + (key,))
        elif isinstance(a, list) and isinstance(b, list) and len(a) == len(b):
            for i, (x, y) in enumerate(zip(a, b)):
                walk(x, y, path + (i,))
        elif a != b or type(a) is not type(b):
            paths.append(path)

    walk(old.data, new.data, ())
    return describe_place(old, paths[0]) if len(paths) == 1 and paths[0] else None


def _annotate(case: NegativeCase, verdict: Verdict) -> Verdict:
    # Spec 5.5.3: a currently_caught=False entry MUST cite its tracking issue in notes.
    if case.currently_caught or _ISSUE.search(case.notes or ""):
        return verdict
    severity = Severity.WARN if verdict.severity is Severity.OK else verdict.severity
    return Verdict(verdict.status, severity,
                   f"{verdict.detail}; WARNING: currently_caught=False without an issue cited in notes")


_RANK = {Severity.OK: 0, Severity.WARN: 1, Severity.FAIL: 2, Severity.ERROR: 3}
_GATE_STATUS = {Severity.OK: "pass", Severity.WARN: "warn", Severity.FAIL: "fail", Severity.ERROR: "error"}


def negative_gate(ctx: TaskContext) -> CheckResult:
    started = time.monotonic()
    try:
        # The author's module is imported, and its mutate functions run, in a child process: it may
        # print, exit, hang or return strange objects without touching the checker or its report.
        cases, per_task_file = load_negative_cases_isolated(
            ctx.task, ctx.own_dir("ab-negative-"), max(MODULE_TIMEOUT_FLOOR_S, ctx.options.grader_timeout_s),
            sandbox=ctx.grader_sandbox())  # with --sandbox bwrap: in the grader's sandbox
    except ArtifactBenchError as exc:
        return CheckResult("negative", "error", one_line(exc), duration_s=time.monotonic() - started)
    try:
        reference = ctx.task.reference_output.read_bytes().decode("utf-8", "surrogateescape")
    except OSError as exc:
        case = CaseResult("reference_output", "ERROR", f"cannot read reference output: {exc}")
        return CheckResult("negative", "error", case.detail, (case,), time.monotonic() - started)
    results: list[CaseResult] = []
    worst = Severity.OK
    for case in cases:
        ctx.check_cancelled()
        verdict = _annotate(case, run_case(ctx, case, reference, per_task_file))
        results.append(CaseResult(case.name, verdict.status.value, verdict.detail, _SEVERITY[verdict.severity]))
        worst = max(worst, verdict.severity, key=_RANK.__getitem__)
    ran = [r for r in results if r.status != CaseStatus.SKIPPED.value]
    rejected = sum(r.status in ("PASS", "WRONG_REASON") for r in ran)
    summary = f"{rejected}/{len(ran)} mutations rejected"
    skipped = len(results) - len(ran)
    if skipped:
        summary += f", {skipped} skipped"
    bad = [r for r in results if r.status not in ("PASS", "SKIPPED")]
    if bad:
        summary += "; " + ", ".join(f"{r.name}={r.status}" for r in bad)
    source = "grader/negative_cases.py" if per_task_file else "default cases"
    return CheckResult("negative", _GATE_STATUS[worst], f"{summary} ({source})", tuple(results),
                       time.monotonic() - started)
