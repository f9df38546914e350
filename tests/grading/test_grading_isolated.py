"""grade() and GraderSession on fixture graders: verdicts, validation, failures, isolation, forgery."""

from __future__ import annotations

import shutil
from dataclasses import dataclass

import pytest

from artifactbench.grading import Forkservers, GraderSession, grade
from artifactbench.grading._forkserver import Spawned
from artifactbench.grading._result import GradeOutcome

TIMEOUT_S = 20.0
HANG_TIMEOUT_S = 1.5


# fixture_task(name) comes from tests/conftest.py: the Task of tests/fixtures/grading/<name>.


@dataclass(frozen=True)
class Case:
    name: str
    passed: bool | None = None  # expected verdict when the run is ok
    score: float | None = None
    error_kind: str | None = None
    message: str = ""  # substring of detail (ok runs) or of error (failed runs)
    traceback: str = ""  # substring of the kept traceback
    stdout: str = ""  # substring of the captured stdout

    @property
    def timeout_s(self) -> float:
        return HANG_TIMEOUT_S if self.error_kind == "timeout" else TIMEOUT_S


CASES = [
    Case("passing", passed=True, score=1.0, message="correct"),
    Case("failing", passed=False, score=0.0, message="wrong answer"),
    Case("int_score", passed=True, score=1.0, message="int score is accepted"),
    Case("numpy_grader", passed=True, score=1.0, message="mean checked with numpy"),
    Case("helper_and_data", passed=True, score=1.0, message="helper and data file found"),
    Case("isolation", passed=True, score=1.0, message="isolated"),
    Case("forged_verdict", passed=False, score=0.0, message="wrong answer", stdout='"detail": "forged"'),
    Case("printing_artifact", passed=True, score=1.0, stdout="hello from the agent's module"),
    Case("raising", error_kind="exception", message="ValueError: grader bug on purpose", traceback="ValueError"),
    Case("sys_exit", error_kind="exception", message="SystemExit", traceback="sys.exit"),
    Case("hanging", error_kind="timeout", message=f"timeout_s={HANG_TIMEOUT_S}"),
    Case("crash", error_kind="crash", message="killed by SIGKILL"),
    Case("bad_score", error_kind="bad_shape", message="score=1.5"),
    Case("bad_passed", error_kind="bad_shape", message="passed='yes' (str): must be a bool"),
    Case("long_detail", error_kind="bad_shape", message="detail='xxx"),
    Case("nan_score", error_kind="bad_shape", message="score=nan"),
    Case("bool_score", error_kind="bad_shape", message="score=True (bool)"),
    Case("no_attributes", error_kind="bad_shape", message="no 'passed' attribute"),
    Case("missing_grade", error_kind="load", message="grader/hidden.py: defines no grade(scratch_dir)"),
    Case("import_error", error_kind="load", message="ModuleNotFoundError", traceback="not_a_real_module"),
]


@pytest.fixture
def scratch_for(tmp_path):
    """scratch_for(task) -> a private copy of the fixture's scratch/ folder (or an empty dir)."""

    def make(task):
        dest = tmp_path / "scratch"
        source = task.root / "scratch"
        if source.is_dir():
            shutil.copytree(source, dest)
        else:
            dest.mkdir()
        return dest

    return make


def check(case: Case, outcome: GradeOutcome) -> None:
    if case.error_kind is None:
        assert outcome.ok, f"{outcome.error_kind}: {outcome.error}\n{outcome.traceback}\n{outcome.stderr}"
        assert outcome.result is not None
        assert outcome.result.passed is case.passed
        assert outcome.result.score == case.score and type(outcome.result.score) is float
        assert case.message in outcome.result.detail
        assert outcome.error is None and outcome.error_kind is None
    else:
        assert not outcome.ok and outcome.result is None
        assert outcome.error_kind == case.error_kind, outcome
        assert case.message in (outcome.error or ""), outcome.error
        assert case.traceback in (outcome.traceback or ""), outcome.traceback
    assert case.stdout in outcome.stdout


@pytest.mark.parametrize("case", CASES, ids=lambda c: c.name)
def test_fresh_grade_and_session_agree(case, fixture_task, scratch_for, monkeypatch):
    monkeypatch.setenv("SECRET_TOKEN", "must-not-reach-graders")
    task = fixture_task(case.name)
    scratch = scratch_for(task)
    fresh = grade(task, scratch, timeout_s=case.timeout_s)
    check(case, fresh)
    assert fresh.duration_s < case.timeout_s + 3
    with GraderSession(task, timeout_s=case.timeout_s) as session:
        served = session.grade(scratch)
    check(case, served)
    assert (served.result, served.error_kind, served.error) == (fresh.result, fresh.error_kind, fresh.error)
    forkservers = Forkservers()  # a server forked from a forkserver (what check does) says the same
    try:
        with GraderSession(task, timeout_s=case.timeout_s, forkservers=forkservers) as session:
            forked = session.grade(scratch)
            assert isinstance(session._proc, Spawned) or not forkservers.enabled
    finally:
        forkservers.close()
    check(case, forked)
    assert (forked.result, forked.error_kind, forked.error) == (fresh.result, fresh.error_kind, fresh.error)


def test_session_survives_crashes_and_timeouts(fixture_task, scratch_for):
    crash, hang, passing = fixture_task("crash"), fixture_task("hanging"), fixture_task("passing")
    with GraderSession(crash, timeout_s=TIMEOUT_S) as session:
        scratch = scratch_for(crash)
        assert [session.grade(scratch).error_kind for _ in range(3)] == ["crash"] * 3
        server = session._proc
        assert server is not None and server.poll() is None  # still the same live server
    assert server.poll() is not None  # close() ended it
    shutil.rmtree(scratch)
    with GraderSession(hang, timeout_s=HANG_TIMEOUT_S) as session:
        scratch = scratch_for(hang)
        outcome = session.grade(scratch)
        assert outcome.error_kind == "timeout" and outcome.duration_s < HANG_TIMEOUT_S + 2
        assert session.grade(scratch).error_kind == "timeout"
    shutil.rmtree(scratch)
    session = GraderSession(passing, timeout_s=TIMEOUT_S)  # no `with`: starts lazily, close() is enough
    try:
        assert session.grade(scratch_for(passing)).passed
    finally:
        session.close()
        session.close()


def test_session_cases_do_not_share_state(fixture_task, tmp_path):
    """The forged_verdict grader imports `solution` from the scratch dir: each case must see its own."""
    task = fixture_task("forged_verdict")
    wrong, right = tmp_path / "wrong", tmp_path / "right"
    shutil.copytree(task.root / "scratch", wrong)
    shutil.copytree(fixture_task("printing_artifact").root / "scratch", right)
    with GraderSession(task, timeout_s=TIMEOUT_S) as session:
        verdicts = [session.grade(path).passed for path in (wrong, right, wrong, right)]
    assert verdicts == [False, True, False, True]
