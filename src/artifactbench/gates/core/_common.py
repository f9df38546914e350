"""Helpers every assurance gate shares: budgets, the reference text, result building."""

from __future__ import annotations

import re
import time
from dataclasses import dataclass

from artifactbench.gates.core._context import TaskContext
from artifactbench.gates.core._values import CaseResult, CheckResult

# Case statuses, upper case as the report shows them. FINDING fails a gate, WARNING warns.
OK, FINDING, WARNING, SKIPPED, ERROR = "OK", "FINDING", "WARNING", "SKIPPED", "ERROR"
_RANK = {"info": 0, "warn": 1, "fail": 2, "error": 3}
_GATE = {0: "pass", 1: "warn", 2: "fail", 3: "error"}


@dataclass(frozen=True, slots=True)
class FuzzBudget:
    """How much fuzzing one task gets: at most `examples` graded mutants, at most `seconds` of wall time."""

    examples: int = 60
    seconds: float = 10.0


def fuzz_budget(ctx: TaskContext) -> FuzzBudget:
    """The budget from CheckOptions (fuzz_examples, fuzz_seconds) when it carries them, else the default."""
    default = FuzzBudget()
    return FuzzBudget(int(getattr(ctx.options, "fuzz_examples", default.examples)),
                      float(getattr(ctx.options, "fuzz_seconds", default.seconds)))


def grader_timeout(ctx: TaskContext) -> float:
    return float(ctx.options.grader_timeout_s)


def reference_text(ctx: TaskContext) -> str:
    """The reference output as text (undecodable bytes kept through surrogateescape)."""
    return ctx.reference_text()


def stateful_case(ctx: TaskContext) -> CaseResult:
    """The note a gate adds when warm_canary() found that the grader keeps state between calls in one
    process: not a finding (the harness grades each agent in a process of its own), but why this gate
    graded everything again, each probe in a process of its own."""
    return CaseResult("process_state", OK, cap(
        f"{ctx.stateful or 'grade() keeps state between calls'}; every probe was graded again, each in "
        "a process of its own", 600))


def cap(text: object, limit: int = 400) -> str:
    """One line of at most `limit` characters."""
    line = " | ".join(p.strip() for p in str(text).splitlines() if p.strip())
    return line if len(line) <= limit else line[: limit - 3] + "..."


def finish(gate: str, cases: list[CaseResult], started: float, summary: str) -> CheckResult:
    """The gate's status follows its worst case severity (info passes); an empty case list passes."""
    worst = max((_RANK[c.severity] for c in cases), default=0)
    return CheckResult(gate, _GATE[worst], summary, tuple(cases), time.monotonic() - started)


def counts(cases: list[CaseResult]) -> str:
    tally: dict[str, int] = {}
    for case in cases:
        tally[case.status] = tally.get(case.status, 0) + 1
    return ", ".join(f"{n} {status.lower()}" for status, n in sorted(tally.items()))


def error_text(outcome) -> str:
    """A grader error in one line: its kind, message and the last lines of its traceback."""
    lines = [ln.strip() for ln in (outcome.traceback or "").strip().splitlines() if ln.strip()]
    # The deepest frame in task code (not the standard library) says where the grader went wrong.
    frames = [i for i, ln in enumerate(lines) if ln.startswith('File "') and "/lib/python" not in ln]
    tail = lines[frames[-1]:frames[-1] + 2] + lines[-1:] if frames else lines[-3:]
    text = f"grader {outcome.error_kind}: {outcome.error}"
    # (raised in the answer's own module, or in the import machinery, the grader line it escaped through is the
    # cause: one unguarded import whatever the module raises; blind p344's SyntaxError, NameError and null bytes)
    own = [i for i in frames if _GRADER_FRAME.search(lines[i])]
    through = f"; {_THROUGH}{cap(lines[own[-1]], 300)}" if own and frames and own[-1] != frames[-1] else ""
    return cap(_runs(text + (f"; traceback tail: {' / '.join(tail)}" if tail else "")), 900 - len(through)) + through


_GRADER_FRAME = re.compile(r'^File "[^"]*/grader/[^"]+\.py", line \d+')
_THROUGH = "escaped through: "


def raise_site(error: str) -> tuple[str, ...] | None:
    """(exception, file, line) of a grader's exception as error_text() words it: one root cause, however
    many artifacts met it; ("escaped", file, line) of the grader's line where the exception rose from the answer's
    own module or the import machinery, whatever it was; None for a timeout, a crash or a text that names no frame."""
    kind = re.search(r"grade\(\) raised (\w+)", error)
    if kind and _THROUGH in error:
        through = re.findall(r'File "([^"]+)", line (\d+)', error.rsplit(_THROUGH, 1)[1])
        if through:
            return ("escaped", *through[0])
    frames = re.findall(r'File "([^"]+)", line (\d+)', error)
    return (kind.group(1), *frames[-1]) if kind and frames else None


def _runs(text: str) -> str:
    """Long runs of one character (a 100 000-deep "[[[[" quoted in a traceback) shortened to a count."""
    return re.sub(r"(.)\1{19,}", lambda m: f"{m.group(1) * 3}...({len(m.group(0))}x {m.group(1)!r})", text)
