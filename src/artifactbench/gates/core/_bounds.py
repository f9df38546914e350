"""The bounds every grading of a task keeps: timeouts block the task, so does a grading budget spent on
slow gradings, and an over-long detail is one finding."""

from __future__ import annotations

import threading

# A task's check spends at most this many grader timeouts; the first one on a known-good artifact
# (the reference) blocks at once.
MAX_TIMEOUTS = 2
# A grade() just under the timeout on every call never times out, and without a budget each of its ~60 probes would
# cost about one timeout. Slow gradings (a quarter of the timeout or more) count towards a budget: once they took
# BUDGET_TIMEOUTS grader timeouts in all, no further assurance gate starts (the spec's gates, which run first, always
# grade in full); a gate already running stops at CUT_TIMEOUTS (its findings so far are lost then, so it is later).
BUDGET_TIMEOUTS = MAX_TIMEOUTS
CUT_TIMEOUTS = 2 * BUDGET_TIMEOUTS
SLOW_SHARE = 0.25


class GraderBlocked(Exception):
    """The task's grading is blocked (the grader did not load, hung on a known-good artifact, or hung twice): every
    later grade() of the task raises this instead of costing another timeout."""


def account(ctx, outcome, known_good: bool):  # (TaskContext, GradeOutcome, bool) -> GradeOutcome
    """Count one grading against `ctx`'s bounds; a verdict that is bad only for its over-long detail is
    recorded once (ctx.long_detail) and handed back as that verdict with the detail cut to 500."""
    ctx.graded += 1
    took = float(outcome.duration_s)
    if took >= SLOW_SHARE * float(ctx.options.grader_timeout_s):  # (NaN never counts)
        ctx.grading_s += took
    if outcome.error_kind == "load" and ctx.blocked is None:
        # Whether the grader imports does not depend on the artifact: one finding (where it happened),
        # and every later grading of the task is skipped instead of repeating it per case. A grader
        # that imported earlier in this check and not now is unreliable: the next gate says so as error.
        ctx.blocked = f"the grader did not load ({outcome.error})"[:300]
        if getattr(ctx, "loaded_ok", False):
            ctx.load_flaky = True
    elif outcome.error_kind != "load" and outcome.result is not None:
        ctx.loaded_ok = True
    if outcome.error_kind == "timeout" or _silent(ctx, outcome):
        ctx.timeouts += 1
        if known_good:
            ctx.blocked = "the grader timed out on a known-good artifact (the reference output)"
        elif ctx.timeouts >= MAX_TIMEOUTS:
            ctx.blocked = f"the grader timed out {ctx.timeouts} times"
    result = outcome.result
    if (ctx.inconsistent is None and outcome.ok and result.passed is False
            and isinstance(result.score, (int, float)) and float(result.score) >= 1.0):
        # Recorded once, wherever it shows (the contract's own artifacts may not meet it: a CSV grader
        # checking the header first rejects reversed lines for that): reported once (gates.core._run).
        ctx.inconsistent = f"passed=False with score={float(result.score):g} (detail: {str(result.detail)[:120]!r})"
    if outcome.error_kind == "bad_shape" and outcome.lenient is not None:
        if ctx.long_detail is None:
            ctx.long_detail = outcome.error
        from artifactbench.grading import GradeOutcome

        return GradeOutcome(outcome.lenient, None, None, None, outcome.duration_s, outcome.stdout,
                            outcome.stderr)
    return outcome


def over_budget(ctx, timeouts: int = BUDGET_TIMEOUTS) -> str | None:
    """Why `ctx`'s assurance grading stops (its slow gradings took `timeouts` grader timeouts in all), or None."""
    limit = float(ctx.options.grader_timeout_s)
    if not ctx.grading_s >= timeouts * limit:
        return None
    return (f"the task's slow gradings (each {SLOW_SHARE:g} of the timeout or more) took {ctx.grading_s:.1f}s in "
            f"all, {timeouts} grader timeouts ({timeouts} x {limit:g}s)")


def _silent(ctx, outcome) -> bool:
    """A crash that cost the timeout all the same: a grader server that stopped answering (grader code
    patched what it reads its commands with, or wedged it) is waited for up to the timeout plus slack
    on every case, and restarts to do the same again: counted as the timeout it spent."""
    return outcome.error_kind == "crash" and outcome.duration_s >= float(ctx.options.grader_timeout_s)


def close_all(sessions: list) -> None:
    """Stop grader sessions together (each stop waits for its server to exit)."""
    if len(sessions) <= 1:
        for session in sessions:
            session.__exit__(None, None, None)
        return
    threads = [threading.Thread(target=s.__exit__, args=(None, None, None)) for s in sessions]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
