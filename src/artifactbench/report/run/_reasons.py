"""Why a job did not get a plain grade, in words a reader of the report understands."""

from __future__ import annotations

__all__ = ["explain_reason"]

_REASONS = {
    "agent_timeout": "The agent ran past the hard time limit (--agent-timeout) and was stopped; "
                     "whatever it had written by then was not graded.",
    "budget_exceeded": "The agent went over the task's declared budget (max_wall_seconds or "
                       "max_code_runs) while budgets were enforced; the job counts as a FAIL.",
    "agent_exception": "The agent plug-in raised an exception instead of returning a result; the job "
                       "counts as a FAIL of the agent.",
    "unsafe_output": "The output could not be snapshotted safely (e.g. a symlink leaving the scratch "
                     "dir, a special file, or too large); it was not graded and counts as a FAIL.",
    "grader_link": "The agent's scratch dir held a link into the task's grader or reference output; "
                   "that is treated as cheating and counts as a FAIL.",
    "materialize": "The task's workspace could not be built (its generator failed); this is an "
                   "infrastructure ERROR and is left out of the pass rate.",
    "grader_timeout": "The grader ran out of time on the agent's output (it grades the reference in time), so the "
                      "output counts as wrong: an agent cannot drop a task from its pass rate by stalling the grader.",
    "sandbox_refused": "The agent's declared mounts or runtime would have exposed the task's hidden files inside "
                       "the sandbox, so it was not started; move the agent's scripts outside the task dirs.",
    "grader": "The grader itself failed (timeout, crash, bad return shape) on the agent's output; this "
              "is an infrastructure ERROR and is left out of the pass rate.",
    "harness": "The harness hit an internal error while running this job; this is an infrastructure "
               "ERROR and is left out of the pass rate.",
}


def explain_reason(reason: str | None, verdict: str) -> str:
    """One or two sentences; empty for a plainly graded job."""
    if reason is None:
        return "" if verdict in ("PASS", "FAIL") else "No reason was recorded for this ERROR."
    return _REASONS.get(reason, f"error_reason={reason!r} (no explanation known to this version).")
