"""Progress output: a rich bar on a terminal when rich is installed, plain lines otherwise."""

from __future__ import annotations

import sys
import threading
import time
from typing import TextIO

from artifactbench.bench._records import RunRecord

__all__ = ["Progress", "make_progress"]


def _clock(seconds: float) -> str:
    seconds = max(0, int(seconds))
    return f"{seconds // 3600}:{seconds // 60 % 60:02d}:{seconds % 60:02d}"


class Progress:
    """Plain progress: one line per finished job with counts, pass tally and an ETA."""

    def __init__(self, stream: TextIO | None = None) -> None:
        self.stream = stream or sys.stdout
        self.total = self.done = self.passed = 0
        self._t0 = time.monotonic()
        self._lock = threading.Lock()

    def start(self, total: int, already: int = 0) -> None:
        self.total, self.done, self._t0 = total, already, time.monotonic()
        self._fresh = 0
        self.line(f"running {total - already} job(s)" + (f" ({already} already done)" if already else ""))

    def eta(self) -> float | None:
        if not self._fresh:
            return None
        return (time.monotonic() - self._t0) / self._fresh * (self.total - self.done)

    def advance(self, rec: RunRecord) -> None:
        with self._lock:
            self.done += 1
            self._fresh += 1
            self.passed += rec.verdict == "PASS"
            eta = self.eta()
            why = f" ({rec.error_reason})" if rec.error_reason else ""
            self.line(f"[{self.done:>{len(str(self.total))}}/{self.total}] {rec.verdict:<5} "
                      f"{rec.instance_id} arm={rec.arm} run={rec.run} {rec.wall_s:.2f}s{why}"
                      f"  eta {_clock(eta) if eta is not None else '?'}")

    def line(self, text: str) -> None:
        print(text, file=self.stream, flush=True)

    def close(self) -> None:
        pass


class _RichProgress(Progress):
    """The same counts on a live rich progress bar (only on a TTY)."""

    def start(self, total: int, already: int = 0) -> None:
        from rich.console import Console
        from rich.progress import (BarColumn, MofNCompleteColumn, Progress as Bar, TextColumn,
                                   TimeElapsedColumn, TimeRemainingColumn)

        super().start(total, already)
        self._bar = Bar(TextColumn("{task.description}"), BarColumn(), MofNCompleteColumn(),
                        TimeElapsedColumn(), TextColumn("eta"), TimeRemainingColumn(),
                        console=Console(file=self.stream))  # the stream we were given, not stdout
        self._task = self._bar.add_task("jobs", total=total, completed=already)
        self._bar.start()

    def advance(self, rec: RunRecord) -> None:
        with self._lock:
            self.done += 1
            self._fresh += 1
            self.passed += rec.verdict == "PASS"
            self._bar.update(self._task, advance=1, description=f"{self.passed} pass")
            if rec.verdict != "PASS":
                why = f" ({rec.error_reason})" if rec.error_reason else ""
                self._bar.console.print(f"{rec.verdict} {rec.instance_id} arm={rec.arm} "
                                        f"run={rec.run}{why}")

    def close(self) -> None:
        if hasattr(self, "_bar"):
            self._bar.stop()


def make_progress(stream: TextIO | None = None) -> Progress:
    """Rich when it is importable and the stream is a terminal; plain lines otherwise."""
    stream = stream or sys.stdout
    if stream.isatty():
        try:
            import rich  # noqa: F401
        except ImportError:
            return Progress(stream)
        return _RichProgress(stream)
    return Progress(stream)
