"""GraderSession: many grader runs for one task, paying the grader's imports once."""

from __future__ import annotations

import dataclasses
import json
import os
import re
import math
import secrets
import select
import subprocess
import tempfile
import threading
import time
from pathlib import Path
from typing import TYPE_CHECKING

from artifactbench._process import terminate_group
from artifactbench._tempdirs import run_temp_dir
from artifactbench._trees import remove_tree
from artifactbench.grading._outcome import OUTPUT_CAP, child_argv, grader_env, outcome_from
from artifactbench.grading._result import GradeOutcome

if TYPE_CHECKING:
    from artifactbench._sandbox import Sandbox
    from artifactbench.grading._forkserver import Forkservers, Spawned
    from artifactbench.manifest import Task

__all__ = ["GraderSession"]


_QUOTED = re.compile(r"'[^'\n]{0,200}'|\"[^\"\n]{0,200}\"")
_NUMBERS = re.compile(r"\d+")


def _template(outcome: GradeOutcome) -> str | None:
    """A rejection's detail with its digits and quoted values masked (what kind of rejection it is);
    None for other verdicts."""
    if not _rejection(outcome):
        return None
    return _NUMBERS.sub("#", _QUOTED.sub("'#'", str(outcome.result.detail)))


def _rejection(outcome: GradeOutcome) -> bool:
    """A valid failing verdict that says why: the one verdict a warm worker's later cases may keep."""
    return outcome.ok and outcome.result is not None and not outcome.result.passed and bool(
        str(outcome.result.detail).strip())


def _verdict_text(outcome: GradeOutcome) -> str:
    result = outcome.result
    if result is None:
        return f"{outcome.error_kind}: {str(outcome.error)[:120]}"
    return f"passed={bool(result.passed)}, detail {str(result.detail)[:120]!r}"

_SERVER_SLACK_S = 30.0  # beyond a case's own timeout, the most a silent server is given before restart
_MIN_SLACK_S = 2.0


def server_slack(timeout_s: float) -> float:
    """How long past `timeout_s` a silent server (a grader import that hangs, a server that stops
    answering) is waited for: the timeout itself, at least 2 s and at most 30 s. It scales with the
    timeout, so a hang costs about two timeouts whatever the timeout is."""
    return min(_SERVER_SLACK_S, max(_MIN_SLACK_S, timeout_s))


class GraderSession:
    """A per-task server that imports the grader once and forks a child per `grade(scratch_dir)`.

    Each child runs grade() in the case's scratch dir with the same env as grade() and reports over its
    own private pipe; a timeout kills only that child's process group, a crash loses only that case.
    Outcomes equal those of `artifactbench.grading.grade` (except durations; and the grader's
    import-time output is not part of any case's stdout). Not for concurrent use from several threads
    beyond serialisation: calls take turns. Use as a context manager, or call close().
    """

    def __init__(self, task: Task, *, timeout_s: float = 60.0,
                 extra_env: dict[str, str] | None = None, sandbox: Sandbox | None = None,
                 forkservers: Forkservers | None = None) -> None:
        """`extra_env` overrides the server's env as grade()'s does (the contract gate varies
        PYTHONHASHSEED per session and adds its audit hook); leave it None for ordinary grading.
        `sandbox`: the server (and every case it forks) runs in this bubblewrap sandbox, with its HOME
        added read-write; every scratch dir graded must be inside one of its writable binds. Agent
        code the grader starts with run_agent_code gets a nested sandbox.
        `forkservers` (without a sandbox): the server is forked from the run's forkserver for its env
        rather than started as a new interpreter (see _forkserver); same verdicts, less start-up."""
        self.sandbox = sandbox
        self.forkservers = forkservers if sandbox is None else None
        self.task, self.timeout_s = task, timeout_s
        self._start_error: str | None = None  # set once when the grader's import hangs
        self.extra_env = dict(extra_env or {})
        self._proc: subprocess.Popen[bytes] | Spawned | None = None
        self._home: str | None = None
        self._buffer = b""
        self._poll: tuple[int, select.poll] | None = None  # (the reply pipe's fd, a poll object on it)
        self._scratches: dict[str, str] = {}  # scratch dir as given -> its resolved path
        self._lock = threading.Lock()
        self._warm_cases = 0  # cases the server's current warm worker graded
        self._details: set[str] = set()  # rejection details (digits masked) forked children gave
        # Set once a verdict from the warm worker differed from a forked child's (see grade_warm).
        self.stateful: str | None = None

    def __enter__(self) -> GraderSession:
        with self._lock:
            self._ensure_server()
        return self

    def __exit__(self, *exc_info: object) -> None:
        self.close()

    def _ensure_server(self) -> None:
        if self._proc is not None and self._proc.poll() is None:
            return
        self._stop_server()
        self._home = tempfile.mkdtemp(prefix="artifactbench-home-", dir=run_temp_dir())
        argv, env = child_argv("serve", str(self.task.hidden_grader)), {**grader_env(self._home), **self.extra_env}
        if self.sandbox is not None:
            from artifactbench._sandbox import Bind
            from artifactbench.grading._confine import AGENT_CODE_ENV

            argv = self.sandbox.with_binds(Bind(self._home, writable=True)).wrap(argv, self._home)
            # Without capabilities a nested sandbox cannot start: agent code then runs inside this one.
            nested = "bwrap" if self.sandbox.keep_caps else "none"
            env.update({AGENT_CODE_ENV: nested, "ARTIFACTBENCH_SANDBOXED": "1"})
        if self.forkservers is not None and self.forkservers.enabled:
            # None when the forkserver failed twice (task code may kill it): this case is a crash and the
            # next one tries again; never a server started from here, which such code could kill us from.
            self._proc = self.forkservers.spawn(str(self.task.hidden_grader), env, self._home)
            if self._proc is None:
                return
        else:
            self._proc = subprocess.Popen(
                argv,
                cwd=self._home,
                env=env,
                stdin=subprocess.PIPE,
                stdout=subprocess.PIPE,
                stderr=subprocess.DEVNULL,  # the grader's import-time chatter; cases have their own pipes
                start_new_session=True,
            )
        self._buffer, self._warm_cases = b"", 0
        slack = server_slack(self.timeout_s)
        limit = self.timeout_s + slack
        deadline = time.monotonic() + limit
        if self._read_reply(deadline) is None:
            hung = time.monotonic() >= deadline
            self._stop_server(grace_s=0.0 if hung else 2.0)  # a hung import will not end on EOF
            if hung:
                # The grader's import hangs: starting again would cost the same wait on every case.
                self._start_error = (f"{self.task.hidden_grader.name}: the grader did not finish importing within "
                                     f"{limit:g}s (timeout_s={self.timeout_s:g} plus {slack:g}s)")

    def _read_reply(self, deadline: float) -> dict | None:
        """The next JSON line from the server, or None when it dies or stays silent until `deadline`."""
        assert self._proc is not None and self._proc.stdout is not None
        fd = self._proc.stdout.fileno()
        if self._poll is None or self._poll[0] != fd:  # one poll object per server, not one per reply
            poller = select.poll()
            poller.register(fd, select.POLLIN)
            self._poll = (fd, poller)
        poller = self._poll[1]
        while b"\n" not in self._buffer:
            remaining = deadline - time.monotonic()
            if remaining <= 0 or not poller.poll(max(1, math.ceil(remaining * 1000))):
                return None
            chunk = os.read(fd, 1 << 20)
            if not chunk:
                return None
            self._buffer += chunk
        line, _, self._buffer = self._buffer.partition(b"\n")
        return json.loads(line)

    def grade(self, scratch_dir: Path) -> GradeOutcome:
        """Grade one scratch dir; the same contract as `grade(task, scratch_dir, timeout_s=...)`."""
        outcome = self._request(scratch_dir, warm=False)[0]
        self._learn(outcome)
        return outcome

    def _learn(self, outcome: GradeOutcome) -> None:
        template = _template(outcome)
        if template is not None:
            self._details.add(template)

    def grade_warm(self, scratch_dir: Path, *, confirm: bool = True,
                   accepted_later: bool = False) -> tuple[GradeOutcome, bool]:
        """Grade one scratch dir in the server's warm worker, which grades case after case in one
        process (about 1 ms less a case than a forked child, most of what a small grader costs).
        Returns (outcome, settled).

        settled=True: the outcome is what grade() gives (but for its stdout and stderr, which a warm
        case does not keep: no gate reads a grader's). That holds for the worker's first case, and for
        every later verdict other than a rejection with a detail: an acceptance, an error, a crash or a
        timeout (a lock an earlier call left held) is graded again in a forked child and that outcome
        is returned (so a real hang in a worker that graded before costs two timeouts). When the two differ, grade() depends on what earlier calls left
        in the process: `stateful` says so and every later warm case is graded as grade() does.
        A later rejection is confirmed the same way when its detail (digits aside) is one that no
        process of its own has given in this session: state that only tightens verdicts (a value
        cached by an earlier call, a set of ids seen) shows as a new kind of detail.
        settled=False: a rejection from a worker that graded other cases before, whose detail a
        forked child has given before (digits aside). A grader whose verdict
        does not depend on earlier calls in the same process gives the same one in a forked child;
        `canary` checks that with the known-good artifact.

        `accepted_later`: a later acceptance is not graded again here either (settled=False); the
        caller confirms (`confirm`) each acceptance it reports and drops the others (a search whose
        accepted examples are only steps towards the one it reports). `confirm=False`: no verdict
        (a GradeResult, or the grader's exception) is graded again here; the caller compares each one
        with a forked child's verdict on the same artifact and grades again, forked, where they differ
        (the contract's other hash seeds). A timeout or a crash is always graded again: it counts
        against the task's bounds."""
        if self.stateful is not None:
            return self.grade(scratch_dir), True
        outcome, fresh = self._request(scratch_dir, warm=True)
        if fresh:
            self._learn(outcome)
            return outcome, True  # (the worker's stdout and stderr are not kept: no gate reads a grader's)
        if not Path(scratch_dir).is_dir():
            # grade() removed what it graded: nothing is left to confirm a warm verdict with, so from
            # now on every case is graded as grade() does (and the gate's canary redoes its probes so)
            self.stateful = (f"{self.task.hidden_grader.name}: grade() removed the scratch dir it graded "
                             f"({Path(scratch_dir).name}/), so a warm verdict cannot be confirmed")
            return outcome, False
        if outcome.error_kind in ("timeout", "crash"):  # (a lock an earlier call left held, ...)
            return self.confirm(scratch_dir, outcome), True
        if not confirm or _template(outcome) in self._details:
            return outcome, False  # (a rejection of a kind a process of its own has given)
        if accepted_later and outcome.passed:
            return outcome, False
        return self.confirm(scratch_dir, outcome), True

    def canary(self, scratch_dir: Path, expected: GradeOutcome) -> bool:
        """Grade `scratch_dir` (holding an artifact whose verdict grade() gave as `expected`) in the warm
        worker once it has graded other cases; False when the verdict differs, and from then on the
        session grades warm cases as grade() does. True when there is nothing to check."""
        if self.stateful is not None or self._proc is None or not self._warm_cases:
            return self.stateful is None
        outcome, fresh = self._request(scratch_dir, warm=True)
        if not fresh and outcome.fingerprint != expected.fingerprint:
            self._mark_stateful(scratch_dir, outcome, expected)
        return self.stateful is None

    def confirm(self, scratch_dir: Path, warm: GradeOutcome) -> GradeOutcome:
        """Grade `scratch_dir` again in a forked child (`warm`: the worker's unsettled verdict for it);
        a different verdict makes the session `stateful`. Returns the forked child's outcome."""
        settled = self.grade(scratch_dir)
        if settled.fingerprint != warm.fingerprint and self.stateful is None:
            self._mark_stateful(scratch_dir, warm, settled)
        return settled

    def _mark_stateful(self, scratch_dir: Path, warm: GradeOutcome, fresh: GradeOutcome) -> None:
        self.stateful = (f"{self.task.hidden_grader.name}: grade() gave another verdict for "
                         f"{Path(scratch_dir).name}/ after {self._warm_cases - 1} earlier call(s) in the same "
                         f"process ({_verdict_text(warm)}) than in a process of its own ({_verdict_text(fresh)})")

    def _request(self, scratch_dir: Path, *, warm: bool) -> tuple[GradeOutcome, bool]:
        given = os.fspath(scratch_dir)
        scratch = self._scratches.get(given)
        if scratch is None:
            if len(self._scratches) > 64:
                self._scratches.clear()
            scratch = self._scratches[given] = str(Path(given).resolve())
        if not os.path.isdir(scratch):
            self._scratches.pop(given, None)
            raise FileNotFoundError(f"{scratch}: scratch dir to grade does not exist")
        key = secrets.token_bytes(32)
        command = {"scratch": scratch, "key": key.hex(), "timeout_s": self.timeout_s, "cap": OUTPUT_CAP,
                   "warm": warm}
        start = time.monotonic()
        with self._lock:
            if self._start_error is not None:
                return GradeOutcome(None, self._start_error, "load", None, 0.0, "", ""), True
            self._ensure_server()
            if self._start_error is not None:
                return GradeOutcome(None, self._start_error, "load", None, time.monotonic() - start, "", ""), True
            reply = None
            if self._proc is not None:
                assert self._proc.stdin is not None
                try:
                    self._proc.stdin.write(json.dumps(command).encode() + b"\n")
                    self._proc.stdin.flush()
                    reply = self._read_reply(start + self.timeout_s + server_slack(self.timeout_s))
                except (BrokenPipeError, ValueError):
                    reply = None
            if reply is None:  # the server itself is gone: report a crash, start afresh next time
                self._stop_server()
                error = "the grader session's server died or stopped answering; it restarts on the next case"
                return GradeOutcome(None, error, "crash", None, time.monotonic() - start, "", ""), True
            if warm:
                self._warm_cases = 1 if reply["fresh"] else self._warm_cases + 1
        outcome = outcome_from(
            key,
            bytes.fromhex(reply["verdict"]),
            stdout=bytes.fromhex(reply["stdout"]),
            stderr=bytes.fromhex(reply["stderr"]),
            timed_out=reply["timed_out"],
            returncode=reply["returncode"],
            duration_s=reply["duration_s"],
            timeout_s=self.timeout_s,
        )
        if outcome.error_kind == "timeout" and reply.get("threads"):
            outcome = dataclasses.replace(outcome, error=(
                f"{outcome.error}; the grader started {len(reply['threads'])} thread(s) at import "
                f"({', '.join(map(str, reply['threads']))}), which a case forked after the import does not have: a "
                "grade() that waits on one never returns (start them inside grade())"))
        return outcome, bool(reply["fresh"])

    def _stop_server(self, grace_s: float = 2.0) -> None:
        proc, self._proc, self._poll = self._proc, None, None
        if proc is not None:
            if proc.stdin is not None:
                try:
                    proc.stdin.close()  # EOF: the server's loop ends on its own
                except OSError:
                    pass
            try:
                proc.wait(timeout=grace_s)
            except subprocess.TimeoutExpired:
                terminate_group(proc.pid)
                proc.wait()
            if proc.stdout is not None:
                proc.stdout.close()
        if self._home is not None:
            remove_tree(self._home)
            self._home = None

    def close(self) -> None:
        """End the server (idempotent)."""
        with self._lock:
            self._stop_server()
