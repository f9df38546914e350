"""The detail_leaks gate (spec 3.3): a failing grader detail never gives the answer away in full.

Probes: the fuzzer's failing mutants plus one artifact holding a single made-up record, and one where two
records trade their keys (`_swapped`: a record's right values printed after "expected" are a fail, whatever
they are, since the record it names holds another's whole values). A value in a
failing detail counts as leaked only when it comes from the reference and not from the graded artifact,
the prompt or the materialized workspace, on whole tokens: a distinctive string of the reference (>= 4
characters, no key or common word), or a reference number as `_numbers` matches it (exactly, with >= 3
significant digits; at a lower precision, "0.5952" for 0.595238; or a 2-digit integer, "84", the last two
only where the detail presents them as the expected value). It must still be quoted when the same
artifact is graded again with every number moved (so it came from the reference, not from a computation
over the artifact), and must not follow the artifact's own lists or size (`_derived`: a sum over the
artifact's ids, a count of its rows, are computed from it, whatever the reference says). Severity scales
with what is exposed (spec 3.3's own line: "missing endpoint /api/v2/users" is fine, "expected 42, got 41"
is not when 42 is the answer):
- fail: a reference value presented as the expected one ("expected 812.5", also when the value is
  somewhere in the input data: the detail says which one is the answer); half or more of the answer's
  distinctive values in one detail (an uncapped `missing: ...` list answers a one-record artifact with
  the whole set), the whole answer when it is one or two values; or `expected X ... got` for three or
  more hidden values (a stub reads the hidden suite);
- warn: fewer reference values (what went wrong, named by value).
"""

from __future__ import annotations

import re
import time
from dataclasses import replace

from artifactbench.gates.core import OK, SKIPPED, WARNING, CaseResult, CheckResult, TaskContext, cap, counts, finish
from artifactbench.gates.core import fuzz_budget
from artifactbench.gates.core import reference_text, stateful_case, uncommented, whole_token
from artifactbench.gates.fuzz import KINDS, NUMBER_RE, FuzzPolicy, TreeDoc, format_of, parse, program, sample_mutants
from artifactbench.gates.leaks._derived import derived, template
from artifactbench.gates.leaks._numbers import NumberIndex, ReferenceNumbers, number_values
from artifactbench.gates.leaks._probes import bogus_record, changed_part, holding, input_groups, varied, visible_text
from artifactbench.gates.leaks._probes import holding_records, moved_again, written_out, written_records
from artifactbench.gates.leaks._sizes import record_counts, record_total
from artifactbench.gates.leaks._swapped import KeySwap, key_swap, presented
from artifactbench.gates.leaks._values import Distinctive, distinctive, program_values, quoted_in, shared_with
from artifactbench.gates.leaks._verdict import MIN_SUITE, Exposure, as_expected, hidden_expected, judge, listed

PER_KIND = 4
PAGES = 40  # gradings a capped list is followed through, each with the records it listed added


class _Values:
    """An artifact's distinctive values (and their NumberIndex, as NumberIndex.rounds_to asks), read on
    first use."""

    def __init__(self, read) -> None:  # noqa: ANN001
        self._read, self._values, self._index = read, None, None

    @property
    def numbers(self) -> dict:
        return self._get().numbers

    @property
    def strings(self) -> frozenset:
        return self._get().strings

    def rounds_to(self, printed):  # noqa: ANN001, ANN201
        if self._index is None:
            self._index = NumberIndex(self._get().numbers)
        return self._index.rounds_to(printed)

    def _get(self) -> Distinctive:
        if self._values is None:
            self._values = self._read()
        return self._values


_NUMBER = re.compile(r"[-+]?(?:\d[\d_,]*(?:\.\d*)?|\.\d+)(?:[eE][-+]?\d+)?")
_WORD = re.compile(r"[^\W\d][\w.-]*\w|[^\W\d]")
_NAMING = re.compile(r"[\d_.-]")  # an id's or a field's name (`WH-A176`, `on_hand_qty`), not a prose word
_SEVERITY = {"fail": 0, "warn": 1, "info": 2}


def detail_shape(detail: str, text: str) -> str:
    """The line of the grader that printed `detail`, as far as the detail shows it: every number masked,
    and every word of the graded artifact `text` that names something (a record's id, a field's name:
    with a digit, `_`, `-` or `.`, or all capitals; not a prose word such as "total"),
    so "WH-A1: qty mismatch (expected 25, got 3)" and "WH-A1: value mismatch (expected 6.5, got 13)"
    are one shape: one f-string of the grader, fed different fields."""
    own = {w for w in _WORD.findall(text) if _NAMING.search(w) or w.isupper()}
    # (and any word the artifact holds, in any case, that the detail prints beside a number it expects: a record's
    # name and a column's, "Costa: harvest 15.09 kg, ledger says 10.95" and "Moreno: water 6820 L, ledger says 582"
    # are one line of the grader; blind p379)
    held = {w.lower() for w in _WORD.findall(text)} - _FILLER if _SAYS.search(detail) else set()
    detail = detail.split(";", 1)[0] if held else detail  # (a list of such lines is one of them)
    masked = _WORD.sub(lambda m: "@" if m.group(0) in own or m.group(0).lower() in held else m.group(0), detail)
    # (the value the graded artifact put there, whatever its type: "subject 3003: 1734.0 (expected 73.4)",
    # "subject 1003: nan (expected 85.0)" and "subject 3006: 'not-a-number' (expected 84.6)" are one line;
    # blind p119)
    masked = _NUMBER.sub("#", masked)
    # (a path of the artifact's names is one value however long: "via @>@>@" and "via @>@>@>@"; blind p153)
    return _PATH.sub("@", _NON_NUMBER.sub("#", masked))


_PATH = re.compile(r"@(?:(?:->|[>/])@)+")
_SAYS = re.compile(r"\b(?:ledger|register|books?|oracle|replay|recomputation)\s+(?:says|has|gives|shows|expects)\b", re.IGNORECASE)


_NON_NUMBER = re.compile(r"(['\"])@\1|(?<![\w.-])(?:nan|-?inf(?:inity)?|None|null)(?![\w.-])", re.IGNORECASE)


def once_per_shape(cases: list[CaseResult], shapes: list[str]) -> list[CaseResult]:
    """One root cause, reported once: of the leak cases whose details have one shape (`detail_shape`),
    the most severe (the first among equals) stays; the others are SKIPPED and point at it."""
    keep: dict[str, int] = {}
    for i, (case, shape) in enumerate(zip(cases, shapes)):
        best = keep.get(shape)
        if best is None or _SEVERITY.get(case.severity, 3) < _SEVERITY.get(cases[best].severity, 3):
            keep[shape] = i
    return [case if keep[shape] == i else
            CaseResult(case.name, SKIPPED, f"the same detail line as {cases[keep[shape]].name} (reported there)")
            for i, (case, shape) in enumerate(zip(cases, shapes))]


_CONTEXT_WORD = re.compile(r"[A-Za-z_][\w.-]*\w|[A-Za-z]")
# the words a detail puts between a field's name and the value it expects, and the artifact's own non-values
_FILLER = frozenset("""expected expect expecting got found should be must want wanted equal equals correct value is was
the of but not vs versus none null nan true false""".split())


def _context(detail: str, printed: str) -> str | None:
    """The name a detail prints a value after ("summary.accepted = 3090, expected 209" -> `summary.accepted`)."""
    at = whole_token(printed).search(detail)
    if at is None:
        return None
    words = [w for w in _CONTEXT_WORD.findall(detail[max(0, at.start() - 80):at.start()]) if w.casefold() not in _FILLER]
    return words[-1] if words else None


def _is_tree(fmt: str, text: str) -> bool:
    try:
        return isinstance(parse(fmt, text), TreeDoc)
    except Exception:  # noqa: BLE001 - a text that does not parse in its format is varied as plain text
        return False


def _mentions(detail: str, word: str | None) -> bool:
    return word is not None and whole_token(word).search(detail) is not None


def _size(values: Distinctive) -> int:
    return len(values.numbers) + len(values.strings)


def detail_leaks_gate(ctx: TaskContext) -> CheckResult:
    started = time.monotonic()
    task = ctx.task
    fmt = format_of(task.output_artifact)
    reference = reference_text(ctx)
    prompt = uncommented(task.problem_statement.read_text(encoding="utf-8", errors="replace"))
    skip = frozenset({task.workspace_generator}) if task.workspace_generator else frozenset()
    visible = visible_text(task.problem_statement, ctx.pristine().scratch_dir, skip)
    answer = distinctive(fmt, reference).minus(distinctive("text", prompt))
    if fmt == "text" and program(task.output_artifact.as_posix()):
        answer = program_values(answer, reference, task.output_artifact.suffix)
    secrets = answer.minus(shared_with(visible, answer))
    numbers = ReferenceNumbers(distinctive(fmt, reference, min_digits=1).numbers, number_values(visible),
                               record_counts(fmt, reference))
    records = record_total(fmt, reference)
    order = {value: i for i, value in enumerate(answer.numbers)}
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
    shapes: list[str] = []  # each case's detail line with the artifact's own words and every number masked
    failing = 0
    deadline = time.monotonic() + fuzz_budget(ctx).seconds
    def detail_of(text: str, warm: bool = False) -> str | None:
        ctx.check_cancelled()
        outcome = ctx.grade_text(text, warm=warm)
        return None if not outcome.ok or outcome.result.passed else str(outcome.result.detail)

    def exposed(text: str, detail: str) -> Exposure:
        # The graded artifact's own values, read only when the detail prints something they could hold
        # (most details name no number and no answer string: each read parses the whole artifact).
        artifact = _Values(lambda: distinctive(fmt, text, min_digits=1))
        # (what differs from the reference: a value the detail expects for a changed record may sit in a record
        # left as it was, "0220897612: expected 135s via ..., got 1020s" beside another bag's 135s; blind p153)
        changed = _Values(lambda: distinctive("json", changed_part(fmt, text, reference), min_digits=1))
        out = Exposure(suite=hidden_expected(detail, text, visible))
        exact, shown_listed = {}, []
        for match in numbers.matches(detail, artifact):
            if match.kind == "exact":
                if match.value in answer.numbers and (match.value not in artifact.numbers or (
                        changed.numbers and match.value not in changed.numbers
                        and as_expected(match.printed, detail, strict=True))):
                    exact.setdefault(match.value, match.printed)
            elif match.spelling not in out.present and as_expected(match.printed, detail) and not (
                    match.kind == "finer" and match.value in artifact.numbers):  # (that record's own value)
                out.present.append(match.spelling)  # weak evidence: only as the expected value
                out.named.append(match.spelling)
                out.printed[match.spelling] = match.printed
                out.shown[match.spelling] = (f"{match.printed} ({match.spelling} rounded)" if match.kind == "rounded"
                                             else f"{match.printed} (unrounded {match.spelling})"
                                             if match.kind == "finer" else match.printed)
        values = [(answer.numbers[v], exact[v], v in secrets.numbers) for v in sorted(exact, key=order.get)]
        named_strings = quoted_in(Distinctive({}, answer.strings), detail)
        values += [(v, v, v in secrets.strings) for v in named_strings if v not in artifact.strings]
        for value, printed, secret in values:
            out.present.append(value)
            if printed != value:
                out.printed[value] = printed
            if as_expected(printed, detail):
                out.named.append(value)
            if secret:
                out.quoted.append(value)
            elif listed(printed, detail):
                # Values listed as missing/expected count even when the input data holds them (a filter
                # task's answer is a subset of its input): the list says which.
                shown_listed.append(value)
        if len(shown_listed) >= 2 and whole_group(shown_listed):
            shown_listed = []  # (every item of an input group, all in the answer: the list names the input)
        # (nor as the expected ones: "39 expected rows missing (months: 2025-07, 2025-08, 2025-09, 2025-10)" lists
        # every month of `pool.csv`, which says nothing of which rows the answer has; blind p292)
        grouped = [v for v, printed, secret in values if not secret and listed(printed, detail)]
        if len(grouped) >= 2 and whole_group(grouped):
            out.named = [v for v in out.named if v not in grouped]
        out.quoted += shown_listed
        out.visible += shown_listed
        return out

    groups: list[list[frozenset[str]]] = []

    def whole_group(values: list[str]) -> bool:
        """`values` lie in one group of sibling values of the workspace's files (the keys of its
        `services:`, a column of its CSV) whose every item the reference holds: a detail listing them as
        missing lists the input's items, not the ones the answer picks (blind p39: "missing services:"
        and every service of the input)."""
        if not groups:
            groups.append(input_groups(ctx.pristine().scratch_dir, skip))
        wanted = set(values)

        def covered(group: frozenset[str]) -> set[str] | None:
            """The group's items the values name, whole or by a word of theirs (`Corrie`, `Bridge` of "Corrie
            Bridge"; blind p272), or None where a value is no item nor a word of one."""
            words = {item: set(item.split()) for item in group}
            if not all(v in group or any(v in w for w in words.values()) for v in wanted):
                return None
            return {item for item, w in words.items() if item in wanted or w & wanted}
        # (nearly all of the group: "expected promote: alice, carol" of five staff picks two of them)
        return any((named := covered(group)) is not None and 5 * len(named) >= 4 * len(group)
                   and all(_holds(reference, item) for item in group) for group in groups[0])

    def is_answer(token: str) -> bool:
        value = float(token)
        if numbers.index.exact(value) is not None:
            return value in answer.numbers
        return numbers.holds(token)

    looked = 0
    for name, text, what in probes:
        if time.monotonic() > deadline:
            break  # the same wall-time budget as the fuzz gate
        looked += 1
        if text == reference:
            continue  # a probe equal to the reference is never a finding
        # A warm verdict (the fuzz gate's, or one more) only picks the details worth a closer look;
        # everything a finding rests on is graded as grade() grades.
        detail = detail_of(text, warm=True)
        if detail is None:
            continue  # errors and acceptances are the contract and fuzz gates' business
        failing += 1
        found = exposed(text, detail)
        names = {c.name for c in cases}
        if not found or (name in names and (len(found.suite) < MIN_SUITE or "hidden_suite" in names)):
            continue  # nothing to show, or only what a case already shows
        detail = detail_of(text)
        if detail is None:
            continue
        found = exposed(text, detail)
        if not found:
            continue
        other = varied(fmt, text, reference)
        again = detail_of(other) or ""
        still = exposed(other, again).present
        unsure = [v for v in found.quoted + found.named if v not in still
                  and not _mentions(again, _context(detail, found.printed.get(v, v)))]
        if unsure and fmt != "python" and not _is_tree(fmt, text):
            # (the grader said nothing of those values on the moved text: it no longer parses, as a TOML report
            # read as plain text does once its dates move as numbers; moved as dates, they still parse; blind p139)
            other = varied(fmt, text, reference, as_dates=True)
            again = detail_of(other) or ""
            still = [*still, *(v for v in exposed(other, again).present if v in unsure)]
        if (unsure := [v for v in found.named if v not in still]) and fmt != "python" \
                and (moved := moved_again(reference, text)) is not None:
            # (a first-mismatch grader stops at another record once every number moves: the changed number alone moved
            # again, and the same value still presented as the expected one beside it, comes from the grader; blind p340)
            once_more = detail_of(moved[0]) or ""
            if re.search(rf"(?<![\w.]){re.escape(moved[1])}(?![\w])", once_more):
                still = [*still, *(v for v in unsure if as_expected(found.printed.get(v, v), once_more))]
        # (values presented as the expected ones only: "does not match the sum of your host lines (1234)" over lines
        # left as they were stays put then, a sum of the artifact's own; review)
        unsure = [v for v in found.named if v not in still]
        if unsure and fmt != "python" and not _is_tree(fmt, text) and template(again) != template(detail):
            # (the moved text stopped the grader elsewhere, "Inventory: ... expected 164, got 499" for a changed
            # invoice: only the lines the reference lacks move, and the grader gets back to the changed one; a sum
            # over the other lines stays put then, which the text moved whole has shown already; blind p158)
            other = varied(fmt, text, reference, by_line=True)
            again = detail_of(other) or ""
            still = [*still, *(v for v in exposed(other, again).present if v in unsure)]
        quoted = [v for v in found.quoted if v in still]
        # (a value the detail gives for a record whose input line holds it too, "E-101: ... should be Ana Ortiz as in
        # staff.csv", is the input's, looked up by the record's id: named as the input's, not as the answer; review)
        named = [v for v in found.named if v in still and not _input_value(visible, detail, found.printed.get(v, v))]
        suite = [v for v in found.suite if v in again]
        if quoted or named:
            gone = derived(fmt, text, detail, {v: found.printed.get(v, v) for v in quoted + named}, is_answer,
                           detail_of, records)
            quoted = [v for v in quoted if v not in gone]
            named = [v for v in named if v not in gone]
        shown = [found.shown.get(v, v) for v in quoted], [found.shown.get(v, v) for v in named]
        seen = frozenset(found.shown.get(v, v) for v in quoted if v in found.visible)
        case = judge(name, what, detail, *shown, suite, _size(answer), seen, records)
        if case is not None and all(c.name != case.name for c in cases):
            cases.append(case)
            shapes.append(detail_shape(detail, text))

    def paged() -> CaseResult | None:
        """A capped list that pages through the answer (blind p148: "29 missed: E0128 (SIZE_MISMATCH), ..."
        six at a time): the made-up record's artifact, then one holding the reference records the detail
        listed, graded again while each detail lists records the artifact lacks, adds up to half the
        answer or more. Values of one input group (every service of the input) do not count. Pages are
        graded warm; the last one again as grade() grades before it is a finding."""
        known: list[str] = []
        seeds = [bogus, holding(fmt, reference, [])[0]]  # a made-up record, or the first real one alone
        text, page, new, first, pages, whole, read = seeds.pop(0), None, [], "", 0, 0, 0
        while text is not None and pages < PAGES and 2 * len(known) < _size(answer) and 2 * read < records \
                and time.monotonic() <= deadline:
            detail = detail_of(text, warm=True)
            found = exposed(text, detail) if detail is not None else None
            listed_now = [v for v in (*found.quoted, *found.named) if v not in known] if found else []
            if not listed_now and not known and seeds:
                text = seeds.pop(0)  # (the made-up record does not parse: "unknown rule code 'zz-bogus'")
                continue
            if not listed_now:
                break
            first, page, new, pages = first or detail, text, listed_now, pages + 1
            whole += written_out(fmt, reference, new, detail, visible)
            known += new
            text, read = holding(fmt, reference, known)
        # (half the answer read, of its values or of its records, or every page of PAGES naming records the one
        # before did not: p159's "131 legal pairing(s) missing, e.g. ..." three at a time pages through 132)
        if pages < 2 or 2 * len(known) < _size(answer) and 2 * read < records and pages < PAGES \
                or whole_group(known) and whole < 2 * pages:
            return None  # (one page is the detail the probes above judged)
        last = detail_of(page)
        again = exposed(page, last) if last is not None else None
        if again is None or not set(new) <= {*again.quoted, *again.named}:
            return None
        # (records written out whole, two or more a page, "E0128 (SIZE_MISMATCH), ...", are the answer an agent copies;
        # ids alone, or one record a page, "missing example: ('run_0013', 'nan')", are the spec's own "missing endpoint
        # /api/v2/users", what went wrong, however many runs read them all: a warning)
        whole = whole if whole >= 2 * pages else 0
        return CaseResult("paged", "FINDING" if whole else "WARNING", cap(
            f"detail {first!r} lists a few reference values at a time, and an artifact that adds the records "
            f"each detail listed is told the next ones: {pages} gradings read {len(known)}/{_size(answer)} of "
            f"the answer's distinctive values and name {read}/{records} of its records ({', '.join(known[:5])}, ...)"
            + (f", {whole} record(s) written out whole; spec 3.3: a capped list still pages through the answer"
               if whole else "; fine while each names what went wrong, a leak if the records are the answer"),
            600), "fail" if whole else "warn")

    def paged_records() -> CaseResult | None:
        """A capped list of whole records the artifact lacks, each written as the reference writes it or otherwise
        (`C02/C09/C19/C24` of a table row `| C02 | C09 | C19 | C24 |`, every value an input's id: blind p329's
        "54 missing (e.g. ...)" three at a time): the first record alone, then the records each detail wrote
        added, while each detail writes new ones, up to half the answer's records or PAGES pages. Pages are
        graded warm; the last one again as grade() grades before it is a finding."""
        text, read = holding(fmt, reference, [])
        known: set[int] = set()
        first, page, pages = "", None, 0
        while text is not None and pages < PAGES and 2 * len(known) < records and time.monotonic() <= deadline:
            detail = detail_of(text, warm=True)
            new = written_records(fmt, reference, text, detail, visible) - known if detail is not None else set()
            if not new:
                break
            first, page, pages = first or detail, text, pages + 1
            known |= new
            text, read = holding_records(fmt, reference, known | {0})
        if pages < 2 or 2 * len(known) < records and pages < PAGES:
            return None
        last = detail_of(page)
        if last is None or not written_records(fmt, reference, page, last, visible):
            return None
        # (one record a page, "first missing: C02/C09/C19/C24", is the spec's own "missing endpoint /api/v2/users",
        # what went wrong, however many gradings read them all: a warning, as `paged` says; review)
        several = len(known) >= 2 * pages
        return CaseResult("paged", "FINDING" if several else "WARNING", cap(
            f"detail {first!r} writes out {'a few' if several else 'one'} of the answer's records at a time, and an "
            f"artifact that adds the records each detail wrote is told the next ones: {pages} gradings wrote "
            f"{len(known)}/{records} of its records out whole"
            + ("; spec 3.3: a capped list still pages through the answer" if several else
               "; fine while each names what went wrong, a leak if the records are the answer"), 600),
            "fail" if several else "warn")

    if not any(c.severity == "fail" for c in cases) and time.monotonic() <= deadline:
        case = paged() or paged_records()
        if case is not None:
            cases.append(case)
            shapes.append("paged")
    if not any(c.severity == "fail" for c in cases) and time.monotonic() <= deadline:
        swap = key_swap(fmt, reference)
        case = _traded_keys(swap, detail_of, prompt, visible) if swap is not None else None
        if case is not None:
            failing += 1
            cases.append(case)
            shapes.append(detail_shape(case.detail, swap.text))
    if not ctx.warm_canary():  # the grader keeps state between calls: every probe again, each forked
        again = detail_leaks_gate(ctx)
        return replace(again, cases=(stateful_case(ctx), *again.cases))
    cases = once_per_shape(cases, shapes)
    if looked < len(probes):  # cut short: what was not looked at is not known to be clean
        budget = fuzz_budget(ctx).seconds
        cases.append(CaseResult("details_unread", WARNING, cap(
            f"{len(probes) - looked} of {len(probes)} probe(s) not graded: the {budget:g}s budget was spent"
            + ("" if looked else "; no detail was looked at (raise --fuzz-seconds)")), "info" if looked else "warn"))
    if looked and all(c.name == "details_unread" for c in cases):
        cases.append(CaseResult("details", OK, f"{failing} failing detail(s) give no reference value away"))
    leaks = sum(c.severity != "info" for c in cases)
    return finish("detail_leaks", cases, started,
                  f"{leaks} leaking detail(s) in {failing} failing run(s) ({counts(cases)})")


def _traded_keys(swap: KeySwap, detail_of, prompt: str, visible: str) -> CaseResult | None:  # noqa: ANN001
    """The key_swap probe's case (graded warm, then as grade() grades before it is a case): the detail prints,
    after "expected", the right values of a record whose key now names another record's values. A fail where
    it gives two or more of the record's fields, or a value the prompt never writes; a warning where it gives
    one field's value from the prompt's own words (a category the prompt derives from the key: "`F` food");
    nothing where an input line holding the key holds those values too (a value looked up by key)."""
    for warm in (True, False):
        detail = detail_of(swap.text, warm=warm)
        if detail is None:
            return None
        shown = []
        for traded in swap.traded:
            hits = presented(detail, traded)
            if hits and not _looked_up(visible, traded.key, hits):
                shown.append((traded, hits))
        if not shown:
            return None
    worst = any(sum(1 for f in t.fields if f & set(hits)) >= 2 or any(
        re.search(rf"(?<![\w-]){re.escape(h)}(?![\w-])", prompt) is None for h in hits) for t, hits in shown)
    values = "; ".join(f"{t.key}: {', '.join(hits[:4])}" for t, hits in shown)
    return CaseResult("leak:key_swap", "FINDING" if worst else "WARNING", cap(
        f"detail {detail!r} presents the reference values of a record ({values}) as the expected ones, where the "
        f"artifact holds another record's values under its key (key_swap: {swap.where}); "
        + ("spec 3.3: each failing run reads the answer of a few records" if worst else
           "one field's value in the prompt's own words: a leak unless the key alone decides it"), 600),
        "fail" if worst else "warn")


_ID_TOKEN = re.compile(r"(?<![\w.-])(?=[\w.-]*[A-Za-z])(?=[\w.-]*\d)[A-Za-z0-9][\w.-]*[A-Za-z0-9](?![\w-])")


def _input_value(visible: str, detail: str, printed: str) -> bool:
    """Not a bare number: an input line holds `printed` beside an id (letters and digits) the detail names."""
    if NUMBER_RE.fullmatch(printed.strip()):
        return False
    return any(_looked_up(visible, key, [printed]) for key in dict.fromkeys(_ID_TOKEN.findall(detail)) if key != printed)


def _looked_up(visible: str, key: str, hits: list[str]) -> bool:
    """A line of what the agent reads holds the key and every value printed for it."""
    at = visible.find(key)
    while at >= 0:
        start, end = visible.rfind("\n", 0, at) + 1, visible.find("\n", at)
        line = visible[start:end if end >= 0 else len(visible)]
        if _holds(line, key) and all(_holds(line, h) for h in hits):
            return True
        at = visible.find(key, at + len(key))
    return False


def _holds(text: str, value: str) -> bool:
    """`text` holds `value` as a whole token."""
    return whole_token(value).search(text) is not None
