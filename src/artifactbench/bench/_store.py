"""The on-disk layout of a run: run.json, append-only results files, artifact snapshots."""

from __future__ import annotations

import fcntl
import json
import os
import re
import secrets
import tempfile
import threading
import time
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from datetime import datetime, timezone
from pathlib import Path

from artifactbench._files import FileRefused, read_capped
from artifactbench.bench._records import RunRecord
from artifactbench.bench._validate import check_record, check_run_config
from artifactbench.errors import ArtifactBenchError

__all__ = ["ResultsFile", "ResultsWriter", "RunStore", "load_results", "new_run_id", "read_results",
           "read_results_bytes", "write_json_atomic"]

MAX_RUN_JSON_BYTES = 16 * 1024 * 1024  # a run's config lists its tasks and arms: far below this
# A record is a few KiB (tails of 1,000 characters): 1 GiB holds some 200,000 of them.
MAX_RESULTS_BYTES = 1024 * 1024 * 1024
RUN_ID_RE = re.compile(r"^[A-Za-z0-9][A-Za-z0-9_.-]*$")
# How long lock() waits for a holder that is going away: a bench killed with SIGKILL can leave a child
# caught between fork and exec (agents and graders start in sessions of their own, so a kill of the
# bench's group misses them) that still shares the lock for a few milliseconds after the bench is reaped.
LOCK_GRACE_S = 2.0


def new_run_id() -> str:
    """A sortable, unique id: UTC time plus a random suffix."""
    return datetime.now(timezone.utc).strftime("%Y%m%dT%H%M%SZ") + "-" + secrets.token_hex(3)


def write_json_atomic(path: Path, data: object) -> None:
    """Write JSON through a temp file in the same dir and os.replace: readers never see half a file."""
    path.parent.mkdir(parents=True, exist_ok=True)
    fd, tmp = tempfile.mkstemp(prefix=f".{path.name}.", dir=path.parent)
    try:
        with os.fdopen(fd, "w", encoding="utf-8") as fh:
            json.dump(data, fh, indent=2, sort_keys=False)
            fh.write("\n")
            fh.flush()
            os.fsync(fh.fileno())
        os.replace(tmp, path)
    except BaseException:
        Path(tmp).unlink(missing_ok=True)
        raise


class RunStore:
    """Paths of one run under the runs dir: runs/<run_id>/{run.json, results*.jsonl, artifacts/}."""

    def __init__(self, runs_dir: Path, run_id: str) -> None:
        if not RUN_ID_RE.match(run_id):
            raise ArtifactBenchError(f"run_id={run_id!r}: use letters, digits, '_', '.', '-'")
        self.run_id = run_id
        self.dir = runs_dir / run_id
        self.run_json = self.dir / "run.json"
        self.results = self.dir / "results.jsonl"

    def artifact_dir(self, instance_id: str, arm: str, run: int) -> Path:
        return self.dir / "artifacts" / instance_id / arm / str(run)

    def transcript_path(self, instance_id: str, arm: str, run: int) -> Path:
        """Where a built-in agent's JSONL transcript of one job lives (created by the agent)."""
        return self.dir / "transcripts" / instance_id / arm / f"{run}.jsonl"

    def load_config(self) -> dict[str, object]:
        """The run's config; a missing, unreadable or malformed run.json is a user error naming the path."""
        if self.run_json.is_dir():
            raise ArtifactBenchError(f"{self.run_json}: is a directory where the run config file belongs")
        try:  # never opens a FIFO or device put where run.json belongs, nor a link (a run stores none; outside attack)
            data = json.loads(read_capped(self.run_json, MAX_RUN_JSON_BYTES, follow_links=False))
        except RecursionError:
            raise ArtifactBenchError(f"{self.run_json}: cannot read the run config (nested deeper than a JSON "
                                     "reader goes)") from None
        except (FileRefused, ValueError) as exc:
            raise ArtifactBenchError(
                f"{self.run_json}: cannot read the run config ({exc}); is run_id={self.run_id!r} "
                f"a run under {self.dir.parent}? (--runs-dir)") from None
        return check_run_config(data, str(self.run_json))

    @contextmanager
    def lock(self) -> Iterator[None]:
        """Hold the run dir's write lock (an fcntl lock on the folder itself, released on exit or crash).

        Raises ArtifactBenchError when another process still holds it after LOCK_GRACE_S: two writers
        of one run would interleave records and both run the same jobs.
        """
        try:
            fd = os.open(self.dir, os.O_RDONLY | os.O_DIRECTORY | getattr(os, "O_CLOEXEC", 0))
        except OSError as exc:
            raise ArtifactBenchError(f"{self.dir}: cannot open the run dir ({exc.strerror})") from None
        try:
            deadline = time.monotonic() + LOCK_GRACE_S
            while True:
                try:
                    fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
                    break
                except BlockingIOError:
                    if time.monotonic() >= deadline:
                        raise ArtifactBenchError(
                            f"{self.dir}: run_id={self.run_id!r} is being written by another process (it "
                            "holds the run's lock); wait for it to finish, then --resume") from None
                    time.sleep(0.05)
            yield
        finally:
            os.close(fd)  # closing the descriptor releases the lock

    def next_regrade_path(self) -> Path:
        n = 1
        while (self.dir / f"results.regrade-{n}.jsonl").exists():
            n += 1
        return self.dir / f"results.regrade-{n}.jsonl"


@dataclass(frozen=True, slots=True)
class ResultsFile:
    """The records of a results file, notes on values ignored (non-finite metrics), and one line per
    record whose (task, arm, run) key an earlier line already holds."""

    records: tuple[RunRecord, ...]
    notes: tuple[str, ...] = ()
    duplicates: tuple[str, ...] = ()
    lines: tuple[int, ...] = ()  # the line of each record


def load_results(path: Path, *, repair: bool = False) -> ResultsFile:
    """Every record of a results file, in file order, each checked field by field.

    A crash can leave a torn last line (no newline). It is skipped; with `repair` the file is
    truncated back to its last complete line so later appends stay well formed. A bad line in the
    middle is corruption, not a crash, and is a user error naming the file, line and field.
    """
    if not os.path.lexists(path):
        return ResultsFile(())
    raw = read_results_bytes(path)
    end = raw.rfind(b"\n") + 1
    if end < len(raw) and repair:
        with open(path, "r+b") as fh:
            fh.truncate(end)
            fh.flush()
            os.fsync(fh.fileno())
    records: list[RunRecord] = []
    lines: list[int] = []
    notes: list[str] = []
    duplicates: list[str] = []
    first: dict[tuple[str, str, int], int] = {}
    for lineno, line in enumerate(raw[:end].splitlines(), 1):
        if not line.strip():
            continue
        try:
            data = json.loads(line)
        except RecursionError:
            raise ArtifactBenchError(f"{path}:{lineno}: not a JSON run record (nested deeper than a JSON reader "
                                     "goes)") from None
        except ValueError as exc:
            raise ArtifactBenchError(f"{path}:{lineno}: not a JSON run record ({exc})") from None
        record, found = check_record(data, f"{path}:{lineno}")
        notes.extend(found)
        if record.key in first:
            duplicates.append(f"{path}:{lineno}: instance_id={record.instance_id!r}, arm={record.arm!r}, "
                              f"run={record.run!r}: a second record for this job (first on line "
                              f"{first[record.key]})")
        first.setdefault(record.key, lineno)
        records.append(record)
        lines.append(lineno)
    return ResultsFile(tuple(records), tuple(notes), tuple(duplicates), tuple(lines))


def read_results_bytes(path: Path) -> bytes:
    """The bytes of a results file: a regular file of at most MAX_RESULTS_BYTES (checked before reading,
    so a FIFO is never opened and a 40 GiB sparse file is one error line, not a MemoryError)."""
    if path.is_symlink() or not path.is_file():  # (a run stores no links: one to a file elsewhere is refused)
        raise ArtifactBenchError(f"{path}: is not a regular file; a results file holds one JSON record a line")
    try:
        return read_capped(path, MAX_RESULTS_BYTES, follow_links=False)
    except FileRefused as exc:
        raise ArtifactBenchError(f"{path}: {exc}; a results file is read whole, so it is not read") from None


def read_results(path: Path, *, repair: bool = False) -> list[RunRecord]:
    """The records of load_results, as a list."""
    return list(load_results(path, repair=repair).records)


class ResultsWriter:
    """Appends one JSON line per record, flushed and fsynced before returning (thread safe)."""

    def __init__(self, path: Path) -> None:
        path.parent.mkdir(parents=True, exist_ok=True)
        self.path = path
        self._lock = threading.Lock()
        self._fh = open(path, "a", encoding="utf-8")

    def write(self, record: RunRecord) -> None:
        line = json.dumps(record.to_json(), sort_keys=False) + "\n"
        with self._lock:
            self._fh.write(line)
            self._fh.flush()
            os.fsync(self._fh.fileno())

    def close(self) -> None:
        with self._lock:
            self._fh.close()

    def __enter__(self) -> ResultsWriter:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()
