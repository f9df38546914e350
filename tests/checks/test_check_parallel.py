"""-j N checks tasks concurrently and must give exactly the verdicts of -j 1, in input order."""

from __future__ import annotations

from pathlib import Path

from artifactbench.gates import CheckOptions, Report, resolve_gates, run_checks
from artifactbench.manifest import load_task

FIXTURES = Path(__file__).resolve().parent.parent / "fixtures" / "checks"
OPTIONS = CheckOptions(grader_timeout_s=20.0, generator_timeout_s=20.0, verifier_timeout_s=20.0)
GATES = resolve_gates(["materialize", "leaks", "verifier", "positive", "negative"])
# one of each outcome: pass, fail, warn-only, skip-only, materialize error, grader error
MIX = ["good", "positive_rejects", "neg_weak_miss", "neg_skipped", "generator_crash", "positive_bad_shape",
       "leaky", "neg_miss"]


def _verdicts(report: Report) -> list[tuple]:
    return [
        (t.instance_id, t.status, tuple((c.gate, c.status, tuple((k.name, k.status) for k in c.cases))
                                        for c in t.checks))
        for t in report.tasks
    ]


def test_parallel_verdicts_equal_serial_verdicts():
    tasks = [load_task(FIXTURES / name) for name in MIX]
    serial = run_checks(tasks, GATES, jobs=1, options=OPTIONS)
    parallel = run_checks(tasks, GATES, jobs=4, options=OPTIONS)
    assert _verdicts(parallel) == _verdicts(serial)
    assert [t.instance_id for t in parallel.tasks] == [t.instance_id for t in tasks]
    assert parallel.exit_code == serial.exit_code == 1
    # the mix really covers several outcomes, so equality above is not trivial
    assert {t.status for t in serial.tasks} == {"pass", "fail", "error"}
