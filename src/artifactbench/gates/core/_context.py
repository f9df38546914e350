"""TaskContext: what every gate of one task shares (one materialization, one grader session)."""

from __future__ import annotations

import itertools
import os
import threading
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from pathlib import Path

from artifactbench._tagging import new_tag, reap_tagged
from artifactbench._trees import remove_tree
from artifactbench.errors import ArtifactBenchError, MaterializeError
from artifactbench.gates.core._artifact_file import ArtifactFile, clear_within, tree_stats, write_within
from artifactbench.gates.core._bounds import (
    CUT_TIMEOUTS, GraderBlocked, account, close_all as _close_all, over_budget,
)
from artifactbench.manifest import Task


# Where task code runs during a check (`check --sandbox`); mirrored by the Pants plugin's
# `[artifactbench].sandbox` (pants-plugins/artifactbench_pants/contract.py SANDBOXES).
SANDBOXES = ("none", "bwrap")
# Warm rejections that warm_canary() grades again in forked children, spread over those not yet checked.
CONFIRMED_SAMPLE = 1
MAX_TEMPLATE_FILES = 50  # workspace files workspace_lines() reads at most
MAX_TEMPLATE_BYTES = 1 << 20  # and the largest it reads


@dataclass(frozen=True, slots=True)
class CheckOptions:
    """Budgets for the child processes the gates start."""

    grader_timeout_s: float = 60.0
    generator_timeout_s: float = 120.0
    verifier_timeout_s: float = 30.0
    fuzz_examples: int = 60
    fuzz_seconds: float = 10.0
    # "bwrap": the task's grader sessions run in bubblewrap (no network, its own grader folder
    # read-only, the task's case dirs read-write, nothing else of the task tree or of other tasks;
    # a PID namespace of its own). "none": graders run as plain child processes.
    sandbox: str = "none"
    cancel: threading.Event = field(default_factory=threading.Event, compare=False)
    # A grading.Forkservers that grader sessions fork their servers from (run_checks makes one per run
    # when there is no sandbox); None: each session starts a new interpreter.
    forkservers: object = field(default=None, compare=False)
    # Whether the assurance gates may grade their probes in a warm worker (GraderSession.grade_warm):
    # verdicts that make a finding are still confirmed in a forked child. False: every grading forks.
    warm: bool = True
    # The task files may be hard links a build tool makes and drops while the check runs (Pants links
    # large inputs from its store into each sandbox): a file whose ctime alone moved counts as changed
    # only where its bytes did (see _integrity.Contents). False: any ctime move of a file with one link
    # is a write, so a write put back byte for byte within a gate still shows.
    linked_task_files: bool = False


class Cancelled(Exception):
    """The run was interrupted; gates stop between cases."""


class TaskContext:
    """Shared state of one task's gates; not thread-safe (one thread checks one task).

    - `pristine()` materializes the workspace ONCE and returns it (later calls reuse it; a failure is
      remembered and raised again as the same MaterializeError).
    - `fresh_scratch()` / `scratch()` give a private pristine copy (workspace.copy_tree).
    - `grade(scratch_dir)` grades through one lazily started grading.GraderSession, started with
      `session_env` (set by a gate's prepare hook before the first grading; None: the plain env).
    - `close()` stops the session, kills every process still carrying `tag` (children run inside
      `_tagging.tagging(ctx.tag)` carry it, daemons they left included) and then removes every
      directory this context created.
    - Every grading goes through `grade()` / `grade_fresh()`, which keep the task's bounds: once the
      grader timed out on a known-good artifact (or MAX_TIMEOUTS times), `blocked` says why and later
      calls raise GraderBlocked. An assurance gate does not start once the task's slow gradings took
      BUDGET_TIMEOUTS grader timeouts in all (`grading_s`), and one running (`budgeted`) stops at
      CUT_TIMEOUTS: a grader just under the timeout on every call would otherwise cost one timeout per
      probe. A verdict that is bad only for its over-long detail is recorded once
      in `long_detail` and handed back as that verdict (detail cut to 500), so one root cause never
      turns every rejected mutant into an error.
    """

    def __init__(self, task: Task, options: CheckOptions | None = None) -> None:
        self.task = task
        self.options = options or CheckOptions()
        self.tag = new_tag(self.options.cancel)  # in the env of every child started under _tagging.tagging(self.tag)
        self._materialized = None
        self._case_root: Path | None = None  # with options.sandbox == "bwrap": every dir a grader may write
        self._materialize_error: ArtifactBenchError | None = None
        self._session = None
        self._workspace_lines: frozenset[str] | None = None
        self._dirs: list[Path] = []
        self.blocked: str | None = None
        self.timeouts = 0
        self.graded = 0
        self.grading_s = 0.0  # the wall time of the task's slow gradings so far (_bounds.SLOW_SHARE)
        self.budgeted = False  # the running gate stops grading once grading_s reaches _bounds.CUT_TIMEOUTS (_run)
        self.budget_spent = False  # `blocked` says the budget is spent
        self.long_detail: str | None = None  # the first over-long-detail error seen
        self.long_detail_reported = False
        self.inconsistent: str | None = None  # the first GradeResult saying passed=False with score 1.0
        self.inconsistent_reported = False
        # (exception, grader file, line) -> the "gate/case" that reported it: one root cause, reported once
        self.raised: dict[tuple[str, ...], str] = {}
        self.loaded_ok = False  # some grading got a verdict (the grader imported at least once)
        self.load_flaky = False  # it imported before and then failed to: reported once as an error
        self.contract_pending = False  # set by check_task: the contract gate will run later
        self._verdicts: dict[str, object] = {}  # artifact text -> outcome, shared by the gates
        self._text_scratch: Path | None = None
        self._artifact = ArtifactFile()  # the artifact of _text_scratch, rewritten in place per text
        self._text_stats: dict[str, tuple] | None = None  # _text_scratch's entries but the artifact, as made
        self._scratch_ids: dict[Path, tuple[int, int]] = {}  # fresh_scratch() dir -> (st_dev, st_ino) made
        self._fresh: dict[tuple, object] = {}  # env -> GraderSession (grade_fresh)
        self._labels: dict[str, str] = {}  # artifact text -> what it is (e.g. the fuzzer's mutant)
        # Texts whose remembered verdict is a warm worker's, not confirmed (grade_warm), in grading order.
        self._unsettled: dict[str, None] = {}
        self._stateful_told = False  # a gate has been told (warm_canary) that the grader keeps state
        self._closed_stateful: str | None = None  # what a session closed already said of it (`stateful`)
        self.session_env: dict[str, str] | None = None  # extra env of the grade() session
        # Why the structural verifier is not run again (it timed out once): one root cause, one report.
        self.verifier_blocked: str | None = None

    @property
    def materialize_failed(self) -> bool:
        return self._materialize_error is not None

    @property
    def materialize_error(self) -> ArtifactBenchError | None:
        """Why the workspace did not materialize (None: it did, or was not tried yet)."""
        return self._materialize_error

    def check_cancelled(self) -> None:
        if self.options.cancel.is_set():
            raise Cancelled()

    def workspace_lines(self) -> frozenset[str]:
        """The lines (spaces folded) of the materialized workspace's small UTF-8 text files (the first
        MAX_TEMPLATE_FILES, each under MAX_TEMPLATE_BYTES): a template's lines an answer is to keep. Read once;
        empty where the workspace does not materialize."""
        if self._workspace_lines is None:
            found: set[str] = set()
            try:
                root = self.pristine().scratch_dir
                files = [f for f in itertools.islice(sorted(root.rglob("*")), 1000)
                         if f.is_file() and not f.is_symlink()]
                for path in files[:MAX_TEMPLATE_FILES]:
                    if path.stat().st_size <= MAX_TEMPLATE_BYTES:
                        try:
                            text = path.read_text(encoding="utf-8")
                        except (UnicodeDecodeError, OSError):
                            continue
                        found.update(" ".join(line.split()) for line in text.splitlines() if line.strip())
            except (ArtifactBenchError, OSError):
                found = set()
            self._workspace_lines = frozenset(found)
        return self._workspace_lines

    def pristine(self):  # -> workspace.Materialized
        """The task's materialized workspace (do not modify it: copy with fresh_scratch())."""
        if self._materialize_error is not None:
            raise self._materialize_error
        if self._materialized is None:
            from artifactbench.workspace import materialize, new_scratch_dir

            dest = new_scratch_dir(f"ab-pristine-{self.task.instance_id}-")
            self._dirs.append(dest)
            try:
                self._materialized = materialize(
                    self.task, dest, generator_timeout_s=self.options.generator_timeout_s, confine=self.confine)
            except ArtifactBenchError as exc:
                self._materialize_error = exc
                raise
            except OSError as exc:
                self._materialize_error = MaterializeError(f"{self.task.instance_id}: {exc}")
                raise self._materialize_error from exc
        return self._materialized

    def fresh_scratch(self) -> Path:
        """A new pristine copy of the workspace, removed by close()."""
        from artifactbench.workspace import copy_tree

        source = self.pristine().scratch_dir
        holder = self._new_dir(f"ab-case-{self.task.instance_id}-")
        self._dirs.append(holder)
        dest = holder / "scratch"
        copy_tree(source, dest)
        made = os.lstat(dest)
        self._scratch_ids[dest] = (made.st_dev, made.st_ino)
        return dest

    def own_dir(self, prefix: str) -> Path:
        """A new empty folder under the temp dir, removed by close() (after the sessions stop)."""
        path = self._new_dir(f"{prefix}{self.task.instance_id}-")
        self._dirs.append(path)
        return path

    def _new_dir(self, prefix: str) -> Path:
        """A new folder under the temp dir; with options.sandbox == "bwrap", inside the task's case root
        (the one folder sandboxed task code may write), made on first use."""
        from artifactbench.workspace import new_scratch_dir

        if self.options.sandbox != "bwrap":
            return new_scratch_dir(prefix)
        return new_scratch_dir(prefix, self.case_dirs()[0])

    def case_dirs(self) -> tuple[Path, ...]:
        """With options.sandbox == "bwrap", the one folder holding every scratch and own dir of the task
        (bind it to let sandboxed task code see a scratch dir); otherwise ()."""
        if self.options.sandbox != "bwrap":
            return ()
        if self._case_root is None:
            from artifactbench.workspace import new_scratch_dir

            self._case_root = new_scratch_dir(f"ab-task-{self.task.instance_id}-")
            self._dirs.append(self._case_root)
        return (self._case_root,)

    def confine(self, argv: list[str], *, read: tuple = (), write: tuple = ()):  # -> (list[str], Sandbox | None)
        """How to run task code that is not a grader (generator, verifier): with options.sandbox ==
        "bwrap", in bubblewrap seeing the runtime, `read` (read-only) and `write` (read-write) paths, no
        network, its own PID namespace (bwrap's --die-with-parent ends it with us); otherwise the plain
        argv behind the launcher that makes it die with the checker."""
        from artifactbench._lifetime import guarded_argv

        if self.options.sandbox != "bwrap":
            return guarded_argv(argv), None
        import os

        from artifactbench._sandbox import Bind, Sandbox, find_bwrap, runtime_binds

        binds = [Bind(os.path.realpath(p)) for p in read] + [Bind(os.path.realpath(p), writable=True) for p in write]
        return list(argv), Sandbox((*runtime_binds(), *binds), bwrap=find_bwrap() or "bwrap")

    def grader_sandbox(self):  # -> _sandbox.Sandbox | None
        """The bubblewrap sandbox of this task's grader sessions (None unless options.sandbox is bwrap):
        the grader's own binds (grading.grader_binds) plus the case root read-write (every scratch,
        audit-hook and log dir of the task lives in it); no network, no capabilities."""
        if self.options.sandbox != "bwrap":
            return None
        from artifactbench._sandbox import Bind, Sandbox, find_bwrap
        from artifactbench.grading import grader_binds

        (root,) = self.case_dirs()
        return Sandbox((*grader_binds(self.task), Bind(str(root), writable=True)), bwrap=find_bwrap() or "bwrap")

    @contextmanager
    def scratch(self) -> Iterator[Path]:
        """A pristine copy removed as soon as the block ends (keeps disk use flat across cases)."""
        path = self.fresh_scratch()
        try:
            yield path
        finally:
            self.drop_scratch(path)

    def drop_scratch(self, path: Path) -> None:
        """Remove a scratch dir made by fresh_scratch() now rather than at close()."""
        if path == self._text_scratch:
            self._artifact.close()
        self._scratch_ids.pop(path, None)
        holder = path.parent
        remove_tree(holder)
        if holder in self._dirs:
            self._dirs.remove(holder)

    def place_reference(self, scratch_dir: Path, text: str | None = None) -> Path:
        """Write the reference output (or `text`, byte-exact) at output_artifact inside scratch_dir.
        No link at scratch_dir or below is followed (a grader may have left a folder on the path swapped
        for one to a task's files): one there, or a scratch dir that is not the one fresh_scratch() made,
        raises NotADirectoryError, the grader's scratch_dir finding."""
        target = scratch_dir.joinpath(*self.task.output_artifact.parts)
        data = (self.task.reference_output.read_bytes() if text is None
                else text.encode("utf-8", "surrogateescape"))
        identity = self._scratch_ids.get(scratch_dir)
        if scratch_dir == self._text_scratch:
            self._artifact.write(target, data, root=scratch_dir, identity=identity)
        else:
            write_within(scratch_dir, target, data, identity)
        return target

    def clear_artifact(self, scratch_dir: Path, *, folder: bool = False) -> Path:
        """Leave no file at output_artifact inside scratch_dir (with `folder`, a folder there instead),
        following no link at scratch_dir or below, as place_reference writes (NotADirectoryError)."""
        target = scratch_dir.joinpath(*self.task.output_artifact.parts)
        if scratch_dir == self._text_scratch:
            self._artifact.close()
        clear_within(scratch_dir, target, self._scratch_ids.get(scratch_dir), folder=folder)
        return target

    def _place_text(self, text: str) -> Path:
        """The scratch of grade_text() with `text` at output_artifact: a fresh one where the last is gone or
        anything in it but the artifact moved since it was made. A grading (or a process one left, even
        after its grading) that wrote there would otherwise have every later grading read what it wrote."""
        scratch = self._text_scratch
        if scratch is not None:
            try:
                moved = self._text_entries(scratch) != self._text_stats
            except OSError:  # removed, or a folder of it
                moved = True
            if moved:
                self.drop_scratch(scratch)
                scratch = self._text_scratch = None
        if scratch is None:
            scratch = self._text_scratch = self.fresh_scratch()
            self.place_reference(scratch, text)
            self._text_stats = self._text_entries(scratch)
            return scratch
        self.place_reference(scratch, text)
        return scratch

    def _text_entries(self, scratch: Path) -> dict[str, tuple]:
        """tree_stats of `scratch` but the artifact (rewritten per text) and bytecode caches (a grader
        importing a Python artifact writes them, as the contract's read_only tells)."""
        artifact = self.task.output_artifact.as_posix()
        return {rel: st for rel, st in tree_stats(scratch).items()
                if rel != artifact and "__pycache__" not in rel.split("/")}

    def grade(self, scratch_dir: Path, *, known_good: bool = False, warm: bool = False):  # -> grading.GradeOutcome
        """Grade scratch_dir with the task's grader session (started on first use). `known_good`: the
        artifact is the reference (or says the same), so a timeout on it blocks the task at once.
        `warm` (never with known_good): through the session's warm worker (GraderSession.grade_warm); a
        rejection may then be one that a process of its own would not give, if the grader keeps state
        between calls; a gate that grades warm calls warm_canary() before trusting its rejections."""
        return self._grade(scratch_dir, known_good, warm)[0]

    def _grade(self, scratch_dir: Path, known_good: bool, warm: bool,
               accepted_later: bool = False):  # -> (GradeOutcome, settled)
        self._check_blocked()
        if self._session is None:
            from artifactbench.grading import GraderSession

            session = GraderSession(self.task, timeout_s=self.options.grader_timeout_s, extra_env=self.session_env,
                                    sandbox=self.grader_sandbox(), forkservers=self.options.forkservers)
            session.__enter__()
            self._session = session
        if warm and not known_good and self._may_warm():
            # Once the grader shows state, the worker's verdicts stay remembered until the gate's
            # warm_canary(): forgetting them mid-search would hand Hypothesis a second, different
            # verdict for an example it has seen, which it reports as a flaky grader.
            outcome, settled = self._session.grade_warm(scratch_dir, accepted_later=accepted_later)
        else:
            outcome, settled = self._session.grade(scratch_dir), True
        return self._account(outcome, known_good), settled

    def reference_text(self) -> str:
        """The reference output as text (undecodable bytes kept through surrogateescape)."""
        return self.task.reference_output.read_bytes().decode("utf-8", "surrogateescape")

    def _may_warm(self) -> bool:
        """Whether a grading asked to be warm may be: not with --no-warm, and not once any session of
        the task saw the grader keep state (each would pay to see it again: a lock left held costs a
        timeout). A Python artifact may: the worker forgets the modules a call imported from the
        scratch dir, so the next case imports its own code."""
        return self.options.warm and self.stateful is None

    def _forget_unsettled(self) -> None:
        for text in self._unsettled:
            self._verdicts.pop(text, None)
        self._unsettled.clear()

    def warm_canary(self) -> bool:
        """After warm gradings: False, once, when the grader turned out to keep state between calls in
        one process (a warm verdict differed from a forked child's, now or since the last call): the
        caller grades its probes again, which now fork. Two checks: the known-good reference graded in
        the warm worker, at the path where grade_text() places every text (so a cache keyed by path
        shows), and up to CONFIRMED_SAMPLE of the worker's unsettled rejections graded again in forked
        children (state that only tightens verdicts on wrong answers shows there)."""
        session = self._session
        if self._stateful_told:
            return True
        if session is not None and self.stateful is None and self._unsettled:
            reference = self.reference_text()
            expected = self.grade_text(reference)
            self._place_text(reference)
            self._check_blocked()
            session.canary(self._text_scratch, expected)
            # The latest first, spread back from there: the rejections of the gate asking, not the
            # oldest left by an earlier gate (those were sampled in that gate's turn).
            pending = list(self._unsettled)[::-1]
            for text in pending[:: max(1, -(-len(pending) // CONFIRMED_SAMPLE))][:CONFIRMED_SAMPLE]:
                if session.stateful is not None:
                    break
                self.settle(text)
        if self.stateful is None:
            return True
        self._forget_unsettled()
        self._stateful_told = True
        return False

    @property
    def stateful(self) -> str | None:
        """Why the grader's verdicts depend on earlier calls in the same process (None: not seen), as
        the first of the task's sessions (its own, the other hash seeds') that saw it says."""
        return self._closed_stateful or next(
            (s.stateful for s in (self._session, *self._fresh.values()) if s is not None and s.stateful), None)

    def graded_texts(self) -> list[tuple[str, str, object]]:
        """(text, label, outcome) of every artifact text graded so far, in order (grade_text)."""
        return [(text, self._labels.get(text, ""), outcome) for text, outcome in self._verdicts.items()]

    def remember(self, text: str, outcome) -> None:  # (str, grading.GradeOutcome)
        """Keep `outcome`, a grading of `text` placed at output_artifact in a pristine scratch made
        outside grade_text(), as that text's verdict (not a timeout or a crash, as grade_text())."""
        if outcome.error_kind not in ("timeout", "crash"):
            self._verdicts.setdefault(text, outcome)

    def verdict_of(self, text: str):  # -> grading.GradeOutcome | None
        """The remembered verdict of `text` (grade_text), or None when it was not graded (or only warm)."""
        return None if text in self._unsettled else self._verdicts.get(text)

    def grade_text(self, text: str, *, known_good: bool = False, label: str = "", warm: bool = False,
                   accepted_later: bool = False):  # -> grading.GradeOutcome
        """Grade `text` placed at output_artifact in a pristine scratch. Verdicts are remembered per
        text for the task (graders are deterministic, spec 3.2, which the contract gate checks on
        its own fresh processes): the fuzz, negative and leak gates never pay twice for one artifact.
        `warm`: see grade(); a warm rejection is remembered as such, and a later grading without
        `warm` grades the text again in a forked child. `accepted_later` (with `warm`): a warm
        acceptance is remembered as such too, unconfirmed; the caller confirms with settle() each one
        it reports (see GraderSession.grade_warm)."""
        remembered = self._verdicts.get(text)
        if remembered is not None and (warm or text not in self._unsettled):
            return remembered
        outcome, settled = self._grade(self._place_text(text), known_good, warm, accepted_later)
        if outcome.error_kind not in ("timeout", "crash"):
            self._verdicts[text] = outcome
            if settled:
                self._unsettled.pop(text, None)
            else:
                self._unsettled[text] = None
            if label:
                self._labels[text] = label
        return outcome

    def settle(self, text: str):  # -> grading.GradeOutcome
        """The verdict of `text` as a forked child gives it: a remembered warm verdict not yet
        confirmed is graded again, forked (a different verdict makes the session `stateful`, which
        the gate's warm_canary() then reports); any other remembered verdict is returned as it is."""
        if text not in self._unsettled or self._session is None:
            return self.grade_text(text)
        scratch = self._place_text(text)
        self._check_blocked()
        outcome = self._account(self._session.confirm(scratch, self._verdicts[text]), False)
        del self._unsettled[text]
        if outcome.error_kind in ("timeout", "crash"):
            self._verdicts.pop(text, None)
        else:
            self._verdicts[text] = outcome
        return outcome

    def grade_fresh(self, scratch_dir: Path, *, extra_env: dict[str, str] | None = None,
                    known_good: bool = False, warm: bool = False):  # -> grading.GradeOutcome
        """Grade scratch_dir in a process of its own that imported the grader afresh with `extra_env`
        (one GraderSession per distinct env, kept for the task: a child forked from a freshly
        imported grader), under the same bounds as grade(). The env of grade()'s own session
        (`session_env`) is served by that session: its children are forked from a freshly imported
        grader too, so no second import is paid for it. `warm` (not for that env): through that
        session's warm worker (GraderSession.grade_warm, nothing confirmed there): the caller compares
        the verdict with a forked child's on the same artifact and grades again without `warm` where
        they differ."""
        from artifactbench.grading import GraderSession

        if self.session_env is not None and dict(extra_env or {}) == self.session_env:
            return self.grade(scratch_dir, known_good=known_good)
        self._check_blocked()
        key = tuple(sorted((extra_env or {}).items()))
        session = self._fresh.get(key)
        if session is None:
            session = GraderSession(self.task, timeout_s=self.options.grader_timeout_s, extra_env=extra_env,
                                    sandbox=self.grader_sandbox(), forkservers=self.options.forkservers)
            session.__enter__()
            self._fresh[key] = session
        if warm and self._may_warm():
            # (known_good too: a hash seed's first grading is its worker's first case, a forked child's)
            return self._account(session.grade_warm(scratch_dir, confirm=False)[0], known_good)
        return self._account(session.grade(scratch_dir), known_good)

    def _check_blocked(self) -> None:
        self.check_cancelled()
        if self.blocked is None and self.budgeted:
            self.blocked = over_budget(self, CUT_TIMEOUTS)
            self.budget_spent = self.blocked is not None
        if self.blocked is not None:
            raise GraderBlocked(self.blocked)

    def _account(self, outcome, known_good: bool):
        return account(self, outcome, known_good)

    def close_fresh(self) -> None:
        """Stop the processes grade_fresh() started (all at once: each stop waits for its exit)."""
        self._closed_stateful = self.stateful
        sessions = list(self._fresh.values())
        self._fresh.clear()
        _close_all(sessions)

    def close(self) -> None:
        session, self._session = self._session, None
        sessions = [s for s in (session, *self._fresh.values()) if s is not None]
        self._fresh.clear()
        _close_all(sessions)
        reap_tagged([self.tag])  # before the folders go: a stray could write into them again
        self._artifact.close()
        for path in self._dirs:
            remove_tree(path)
        self._dirs.clear()

