"""The contract gate: the spec 3.2 / 3.4 invariants of grade(), checked by running the grader.

- determinism: the reference and a few mutants, each graded 3 times in fresh processes with different
  PYTHONHASHSEED values, give identical results (passed, score, detail, error).
- read_only: grading leaves the scratch dir's tree digest unchanged.
- offline: no grading run attempts a connection or a name lookup (audit hook, see _netaudit).
- no_raise: missing, empty, truncated, malformed, wrongly-typed, directory, binary and deeply nested
  artifacts each give a failing GradeResult; an exception is a grader bug, shown with its traceback.
- timeout / result_shape: no run times out or is slow; every result is a valid, consistent GradeResult.
"""

from __future__ import annotations

import hashlib
import itertools
import re
import tempfile
import time
from pathlib import Path

from artifactbench._tempdirs import run_temp_dir
from artifactbench.gates.contract import _netaudit
from artifactbench.gates.core import (
    FINDING, OK, SKIPPED, WARNING, cap, counts, error_text, finish, grader_timeout, raise_site, reference_text,
    stateful_case,
)
from artifactbench.gates.fuzz import FuzzPolicy, format_of, object_examples, place_examples, program, shell_script
from artifactbench.gates.contract._garbage import garbage_cases, place
from artifactbench.gates.core import CaseResult, CheckResult, TaskContext
from artifactbench.gates.core import tree_stats as _tree_stats
from artifactbench.negative import default_negative_cases
from artifactbench.workspace import tree_files

HASH_SEEDS = ("0", "1", "2718281")
MAX_MUTANTS = 3
MAX_FIELD_TYPES = 40  # fields no_raise:field_types retypes, one grading each
READ_LIMIT = 64 << 20  # a scratch file over this many bytes is compared by size, inode and ctime, not read


def _tree_change(before: dict[str, str], after: dict[str, str]) -> str:
    added = sorted(set(after) - set(before))
    removed = sorted(set(before) - set(after))
    changed = sorted(k for k in set(before) & set(after) if before[k] != after[k])
    parts = [f"{label}: {', '.join(names[:5])}" for label, names in
             (("added", added), ("removed", removed), ("modified", changed)) if names]
    return "; ".join(parts)


def _bytecode_only(change: str) -> bool:
    """Only __pycache__/*.pyc files appeared: the grader imported agent code without disabling bytecode
    writes (sys.dont_write_bytecode). Benign for re-grading, so a WARNING, not a FINDING."""
    if "modified:" in change or "removed:" in change:
        return False
    names = change.split("added:", 1)[1].split(",")
    return all("__pycache__/" in n and n.strip().endswith(".pyc") for n in names)


def prepare_contract(ctx: TaskContext) -> None:
    """Before any gate of the task grades: the task's grader session (every gate's grading) starts
    under the offline audit hook with the first hash seed, so it serves as that seed's fresh process
    (one grader import fewer) and the offline rule covers every grading of the task up to the
    contract gate, not only the contract's own."""
    env = _netaudit.install(ctx.own_dir("ab-netaudit-") / "hook", ctx.own_dir("ab-netlog-") / "attempts.jsonl")
    ctx.session_env = {**env, "PYTHONHASHSEED": HASH_SEEDS[0]}


def contract_gate(ctx: TaskContext, *, mutants: int = MAX_MUTANTS) -> CheckResult:
    """Grade the reference plus up to `mutants` default-mutation artifacts in fresh processes (one per
    hash seed), then the garbage artifacts through the session; each broken rule is a FINDING."""
    started = time.monotonic()
    reference = reference_text(ctx)
    artifacts = [("reference", reference)]
    for case in default_negative_cases():
        try:
            mutated = case.mutate(reference)
        except Exception:  # noqa: BLE001 - a default mutation that does not apply to this format
            continue
        if isinstance(mutated, str) and mutated != reference and len(artifacts) <= mutants:
            artifacts.append((f"mutant {case.name}", mutated))
    cases: list[CaseResult] = []
    with tempfile.TemporaryDirectory(prefix="ab-netaudit-", dir=run_temp_dir()) as audit_dir:
        shared = ctx.session_env or {}
        if _netaudit.ENV_VAR in shared:  # prepare_contract ran: the task's session is seed 0's process
            env = {k: v for k, v in shared.items() if k != "PYTHONHASHSEED"}
            log = Path(shared[_netaudit.ENV_VAR])
        else:
            log = Path(audit_dir) / "attempts.jsonl"
            env = _netaudit.install(Path(audit_dir) / "hook", log)
        durations: list[float] = []
        try:
            cases += _determinism_and_read_only(ctx, artifacts, env, durations, _netaudit.ENV_VAR in shared)
        finally:
            ctx.close_fresh()  # the per-seed servers import the audit hook from this temp dir
        attempts = _netaudit.attempts(log)
        audited = ctx.graded if _netaudit.ENV_VAR in shared else len(durations)
    cases.append(CaseResult("offline", FINDING if attempts else OK, cap(
        f"{len(attempts)} network attempt(s) during grading, first: {attempts[0]['event']} "
        f"{attempts[0]['args']}" if attempts else f"no network attempt in {audited} grading run(s)")))
    cases += _no_raise(ctx, reference)
    cases.append(_timing(ctx, durations))
    findings = sum(c.status == FINDING for c in cases)
    summary = f"{findings} contract rule(s) broken" if findings else "grade() keeps its contract"
    return finish("contract", cases, started, f"{summary} ({counts(cases)})")


class _HeldScratch:
    """A pristine scratch with one artifact placed, kept while gradings leave it unchanged (every entry's
    stats as they were)."""

    def __init__(self, ctx: TaskContext) -> None:
        self.ctx = ctx
        self.scratch: Path | None = None
        self.files: dict[str, str] = {}  # relpath -> sha256 of the scratch as placed
        self.stats: dict[str, tuple] = {}
        self.artifact = Path(*ctx.task.output_artifact.parts).as_posix()

    def holding(self, text: str) -> Path:
        """The scratch with `text` at output_artifact (placed anew only when it held another text)."""
        data = text.encode("utf-8", "surrogateescape")
        digest = hashlib.sha256(data).hexdigest()
        if self.scratch is None:
            self.scratch = self.ctx.fresh_scratch()
            self.ctx.place_reference(self.scratch, text)
            self.files = tree_files(self.scratch, read_limit=READ_LIMIT)
        elif self.files.get(self.artifact) != digest:
            self.ctx.place_reference(self.scratch, text)
            self.files[self.artifact] = digest
        else:
            return self.scratch
        self.stats = _tree_stats(self.scratch)
        return self.scratch

    def change(self) -> str:
        """What the last grading changed in the scratch ("" nothing); a changed scratch is dropped."""
        assert self.scratch is not None
        # A scratch dir (or a folder in it) removed, or a link, FIFO or device left there, raises: the
        # gate reports that as the grader's fault (scratch_dir), as for every other gate.
        if _tree_stats(self.scratch) == self.stats:
            return ""
        # Dropped even when every file holds its bytes: a folder made, a mode or a time set is state the
        # digest does not see, which the next grading (another seed's process) would read.
        change = _tree_change(self.files, tree_files(self.scratch, read_limit=READ_LIMIT))
        self.drop()
        return change

    def finish(self) -> str:
        """What the scratch's files now differ in from those placed ("" nothing), whatever the stats
        say, then drop it: a process a grading left may write there after that grading's check, and
        bytes written through a shared mapping whose page it already dirtied move no time stamp."""
        try:
            return _tree_change(self.files, tree_files(self.scratch, read_limit=READ_LIMIT)) if self.scratch is not None else ""
        finally:
            self.drop()

    def drop(self) -> None:
        if self.scratch is not None:
            self.ctx.drop_scratch(self.scratch)
        self.scratch, self.files, self.stats = None, {}, {}


def _determinism_and_read_only(ctx, artifacts, env, durations, shared: bool = False) -> list[CaseResult]:
    """`shared`: the task's session is the first seed's process, so a verdict it remembers for an
    artifact (another gate graded it) is that seed's run (read_only is checked on the other seeds')."""
    varying: list[str] = []
    writes: list[str] = []
    shapes: list[str] = []
    runs = [0]
    # One scratch serves every artifact and seed while gradings leave it as they found it (each file's
    # size, times and inode unchanged: a write moves its ctime, which no call can set back); its file
    # digests are taken once, and again only to name what a grading changed.
    held = _HeldScratch(ctx)

    def run(label: str, text: str, seed: str, warm: bool) -> tuple:
        ctx.check_cancelled()
        outcome = ctx.verdict_of(text) if shared and seed == HASH_SEEDS[0] else None
        if outcome is None:
            runs[0] += 1
            scratch = held.holding(text)
            try:
                outcome = ctx.grade_fresh(scratch, extra_env={**env, "PYTHONHASHSEED": seed},
                                          known_good=label == "reference", warm=warm)
                change = held.change()
            except BaseException:
                held.drop()
                raise
            if change and not any(w.startswith(label) for w in writes):
                writes.append(f"{label}: {change}")
        durations.append(outcome.duration_s)
        if not outcome.ok and label == "reference":
            # Without this, a grader that cannot even run in a fresh process would look consistent.
            shapes.append(f"{label}: grading in a fresh process failed: {outcome.error}")
        elif outcome.error_kind == "bad_shape" or (outcome.ok and outcome.result.passed is False
                                                 and float(outcome.result.score) >= 1.0):
            shapes.append(f"{label}: {outcome.error or 'passed=False with score=1.0'}")
        return outcome.fingerprint

    for label, text in artifacts:
        # The other seeds go to those sessions' warm workers (the first seed's verdict is a forked
        # child's; the reference is each worker's first case): when the seeds disagree on a mutant, its
        # other seeds are graded again, forked, before that is a finding.
        seen = {seed: run(label, text, seed, warm=True) for seed in HASH_SEEDS}
        if len(set(seen.values())) > 1 and label != "reference":
            seen.update({seed: run(label, text, seed, warm=False) for seed in HASH_SEEDS[1:]})
        if len(set(seen.values())) > 1:
            shown = "; ".join(f"PYTHONHASHSEED={s}: {cap(repr(v), 160)}" for s, v in seen.items())
            varying.append(f"{label} -> {shown}")
    late = held.finish()
    if late:
        writes.append(f"after the gradings (a process one left): {late}")
    if not shapes and ctx.inconsistent is not None:  # another gate's grading met it (the negative gate's)
        shapes.append(f"a graded artifact got {ctx.inconsistent}")
    ctx.inconsistent_reported = ctx.inconsistent_reported or bool(shapes)
    return [
        CaseResult("determinism", FINDING if varying else OK, cap(
            f"results differ between runs: {' || '.join(varying)}" if varying else
            f"{len(artifacts)} artifact(s) x {len(HASH_SEEDS)} fresh processes gave identical results", 900)),
        CaseResult("read_only", (WARNING if all(_bytecode_only(w) for w in writes) else FINDING)
                   if writes else OK, cap(
            f"grading changed the scratch dir: {' || '.join(writes)}" if writes else
            f"scratch dir digest unchanged by {runs[0]} grading run(s)")),
        CaseResult("result_shape", FINDING if shapes else OK, cap(
            f"invalid or inconsistent result: {' || '.join(shapes)}" if shapes else
            f"{runs[0]} result(s) well formed (bool passed, score in [0, 1], detail <= 500 chars)")),
    ]


def _no_raise(ctx: TaskContext, reference: str) -> list[CaseResult]:
    before = dict(ctx.raised)
    cases = _no_raise_once(ctx, reference)
    if ctx.warm_canary():
        return cases
    # The grader keeps state between calls in one process: every garbage artifact again, each forked
    # (the first pass's cases are dropped, so the raise sites they reported are forgotten with them).
    ctx.raised.clear()
    ctx.raised.update(before)
    return [stateful_case(ctx), *_no_raise_once(ctx, reference)]


def _no_raise_once(ctx: TaskContext, reference: str) -> list[CaseResult]:
    fmt = format_of(ctx.task.output_artifact)
    out = []
    shell = shell_script(ctx.task.output_artifact.as_posix(), reference)
    for garbage in garbage_cases(fmt, reference, ctx.task.seed, shell):
        ctx.check_cancelled()
        # Warm: a rejection is what most garbage gets; anything else is confirmed in a forked child.
        if isinstance(garbage.content, str):  # a text: the task's remembered verdict, or one more grading
            outcome = ctx.grade_text(garbage.content, warm=True)
        else:
            with ctx.scratch() as scratch:
                place(garbage, scratch, ctx.place_reference, ctx.clear_artifact)
                outcome = ctx.grade(scratch, warm=True)
        name = f"no_raise:{garbage.name}"
        if not outcome.ok:
            error = error_text(outcome)
            cause = raise_site(error)
            if cause is not None and cause in ctx.raised:
                # One root cause, reported once: the same exception from the same line of the grader.
                out.append(CaseResult(name, SKIPPED, f"raised as on {ctx.raised[cause]} (reported there)"))
                continue
            out.append(CaseResult(name, FINDING, error))
            if cause is not None:
                ctx.raised[cause] = f"contract/{name}"
        elif outcome.result.passed:
            out.append(CaseResult(name, FINDING, cap(f"grader ACCEPTED it: {outcome.result.detail!r}")))
        elif not str(outcome.result.detail).strip():
            out.append(CaseResult(name, WARNING, "rejected with an empty detail (say what went wrong)"))
        else:
            out.append(CaseResult(name, OK, cap(f"rejected: {outcome.result.detail}", 200)))
    out.append(_field_types(ctx, fmt, reference))
    if fmt == "text" and not program(ctx.task.output_artifact.as_posix()) and not shell \
            and ctx.task.output_artifact.suffix.lower() not in (".patch", ".diff"):
        out += _short_lines(ctx, reference)
    return out


MAX_SHORT_LINES = 4  # line shapes no_raise:short_line cuts (and no_raise:long_line lengthens), one grading each
_TOKEN = re.compile(r"\S+")


def short_lines(reference: str, longer: bool = False) -> list[tuple[int, str]]:
    """(line index, the reference with that line's last field left out) for the first line of each of a few shapes (its
    first word and how many fields it has): `FINAL W20-A1 OCCUPIED` as `FINAL W20-A1 `, `a,b,c` as `a,b,`. Not a
    table row, a comment or a line of one field. `longer`: the line with its last field written twice instead, after
    the line's own separator (a tab, a comma, a space): `NHC-001271<TAB>DUP` as `NHC-001271<TAB>DUP<TAB>DUP`."""
    lines = reference.split("\n")
    seen: set[tuple[str, int]] = set()
    out: list[tuple[int, str]] = []
    for i, line in enumerate(lines[:20_000]):
        if len(out) >= MAX_SHORT_LINES:
            break
        stripped = line.strip()
        if not stripped or "|" in stripped or stripped.startswith(("#", "//", ";", "--")) or len(line) > 2000:
            continue
        tokens = list(_TOKEN.finditer(line))
        end = len(line.rstrip("\r"))
        if len(tokens) >= 2:
            cut = line[:tokens[-1].start()]
            sep = "\t" if "\t" in line[:end] else " "
            last = line[tokens[-1].start():end]
        elif stripped.count(",") >= 2 and stripped.rstrip(",") == stripped:
            cut = line[:line.rindex(",") + 1]
            sep, last = ",", line[line.rindex(",") + 1:end]
        else:
            continue  # (`a,b,c,` cut at its last comma is itself: no field left out)
        if longer:
            cut = line[:end] + sep + last
        if line.endswith("\r"):
            cut += "\r"  # (a CRLF file stays one: a grader splitting on "\r\n" meets the short line; review)
        shape = (stripped.split()[0].split(",")[0] if not any(ch.isdigit() for ch in stripped.split()[0]) else "#",
                 len(tokens) if len(tokens) >= 2 else stripped.count(","))
        if shape in seen:
            continue
        seen.add(shape)
        out.append((i, "\n".join([*lines[:i], cut, *lines[i + 1:]])))
    return out


def _short_lines(ctx: TaskContext, reference: str) -> list[CaseResult]:
    """A text answer with one line's last field left out (a state an agent writes as nothing, `FINAL W20-A1 `), and one
    with a field more (an explanation column an agent adds): the grader may accept or reject them but must not raise
    on them (blind p348: `parts[2]` of a line of two fields; p356: `cid, rule = line.split("\t")`)."""
    out = []
    for name, longer, what in (("no_raise:short_line", False, "without its last field"),
                               ("no_raise:long_line", True, "with its last field written twice")):
        cuts = short_lines(reference, longer)
        if not cuts:
            out.append(CaseResult(name, OK, "no line of two fields or more to change"))
            continue
        out.append(_first_raise(ctx, name, [(f"line {i + 1} {what}", text) for i, text in cuts])
                   or CaseResult(name, OK, f"{len(cuts)} line(s) each {what}: no grading raised"))
    return out


def _first_raise(ctx: TaskContext, name: str, texts: list[tuple[str, str]]) -> CaseResult | None:
    """The case for the first of `texts` ((what it is, the artifact)) whose grading raised, SKIPPED where an earlier
    case reported the same raise (one root cause, once: the fuzz gate's type_change met it first; blind p134); None
    where none raised. Only a raise counts: an acceptance stays the warm worker's (a gate reporting the text confirms
    it then), a raise is confirmed in a forked child as every warm error is."""
    for what, text in texts:
        ctx.check_cancelled()
        outcome = ctx.grade_text(text, warm=True, accepted_later=True)
        if not outcome.ok:
            error = error_text(outcome)
            cause = raise_site(error)
            if cause is not None and cause in ctx.raised:
                return CaseResult(name, SKIPPED, f"raised as on {ctx.raised[cause]} (reported there)")
            if cause is not None:
                ctx.raised[cause] = f"contract/{name}"
            return CaseResult(name, FINDING, cap(f"{what}: {error}", 900))
    return None


def _field_types(ctx: TaskContext, fmt: str, reference: str) -> CaseResult:
    """One artifact per field of the reference, valid but for that field's value set to another type
    (null, or "n/a" in a CSV cell): whole-file garbage never reaches a grader's `row["credit"] + 1`.
    The grader may accept or reject each; it must not raise."""
    # At most MAX_FIELD_TYPES fields, the first in document order: a mapping of 20 000 keys is 20 000
    # fields, each a whole document to render and grade (minutes, gigabytes of remembered texts).
    # (and each field holding an object written as a list of its values, in turn with the leaves: blind p358's `if_stuck`
    # entry, whose document has more leaf fields than the cap)
    turns = itertools.zip_longest(place_examples(fmt, reference, FuzzPolicy(), "type_change"),
                                  object_examples(fmt, reference, FuzzPolicy()))
    examples = list(itertools.islice((m for pair in turns for m in pair if m is not None), MAX_FIELD_TYPES + 1))
    more = len(examples) > MAX_FIELD_TYPES
    examples = examples[:MAX_FIELD_TYPES]
    if not examples:
        return CaseResult("no_raise:field_types", OK, "no field to retype (not a JSON, JSONL, YAML or CSV artifact)")
    found = _first_raise(ctx, "no_raise:field_types", [(f"{m.where}: {m.old} -> {m.new}", m.text) for m in examples])
    return found or CaseResult("no_raise:field_types", OK, f"{len(examples)} field(s)"
                               + (f" (the first {MAX_FIELD_TYPES} of more)" if more else "")
                               + " each given a value of another type: no grading raised")


def _timing(ctx: TaskContext, durations: list[float]) -> CaseResult:
    limit = grader_timeout(ctx)
    slowest = max(durations, default=0.0)
    if slowest >= limit:
        return CaseResult("timeout", FINDING, f"a grading run reached the {limit:g}s timeout")
    if slowest > limit / 2:
        return CaseResult("timeout", WARNING, f"slowest run {slowest:.1f}s is over half the {limit:g}s limit")
    return CaseResult("timeout", OK, f"slowest run {slowest:.2f}s (limit {limit:g}s)")
