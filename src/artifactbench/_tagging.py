"""Finding every process started for one task, even one that left its process group.

`run_process` and the grader session kill a child's process group, and PR_SET_PDEATHSIG kills a child
whose parent dies; a daemon that double-forks (fork, setsid, fork, the middle one exits) escapes both.
So while a task is checked (`tagging(tag)`), every environment made by `scrubbed_env` carries
`ARTIFACTBENCH_TAG=<tag>`, a random token per task; whatever a child forks inherits it, and
`reap_tagged` kills every process of this user whose environment holds it. A process that re-execs
itself with a cleaned environment is not found (the sandbox's PID namespace is the answer to that).

A tag is 32 lowercase hex characters: this process's run id (12) and 20 random ones. The run id lets
the guardian (`_guardian`, started by the first `new_tag`) find every tag of this process and reap
them when this process dies without reaping them itself (SIGKILL).
"""

from __future__ import annotations

import os
import secrets
import threading
import time
from collections.abc import Iterable, Iterator
from contextlib import contextmanager
from contextvars import ContextVar

from artifactbench import _guardian

__all__ = ["TAG_VAR", "current_tag", "forget_tags", "live_tags", "new_tag", "reap_tagged", "tagging"]

TAG_VAR = "ARTIFACTBENCH_TAG"
_current: ContextVar[str | None] = ContextVar("artifactbench_tag", default=None)
_live: dict[str, tuple[float, object]] = {}  # tag -> (when it was made, its group): tasks being checked
_lock = threading.Lock()


def new_tag(group: object = None) -> str:
    """A fresh token for one task's children: 32 lowercase hex, this process's run id then 20 random
    ones; `group` (e.g. a run's cancel event) lets live_tags(group) find the tags of one run.
    The first call starts this process's guardian (`_guardian.ensure`)."""
    tag = _guardian.ensure(TAG_VAR) + secrets.token_hex(10)
    with _lock:
        _live[tag] = (time.time(), group)
    return tag


@contextmanager
def tagging(tag: str) -> Iterator[None]:
    """Within the block (in this thread), `scrubbed_env` adds TAG_VAR=`tag` to every child's env."""
    token = _current.set(tag)
    try:
        yield
    finally:
        _current.reset(token)


def current_tag() -> str | None:
    """The tag of the task this thread is checking, or None."""
    return _current.get()


def live_tags(group: object = None) -> tuple[str, ...]:
    """The tags of `group` made and not yet reaped (its tasks being checked now)."""
    with _lock:
        return tuple(tag for tag, (_, of) in _live.items() if of is group)


def forget_tags(tags: Iterable[str]) -> None:
    """`tags` are no longer live (their work ended and its children were stopped otherwise); no scan."""
    with _lock:
        for tag in tags:
            _live.pop(tag, None)


def reap_tagged(tags: Iterable[str], *, forget: bool = True, passes: int = 4) -> int:
    """SIGKILL every process of this user whose environment carries one of `tags`; how many were killed.

    Several passes, since one may fork between the scan and the kill. Processes that vanish, or that
    are not ours to inspect, are skipped. With `forget`, the tags are no longer live afterwards.
    """
    wanted = {t for t in tags if t}
    if not wanted:
        return 0
    with _lock:
        since = min((_live.get(t, (0.0,))[0] for t in wanted), default=0.0) - 2.0  # create_time is coarse
        if forget:
            for tag in wanted:
                _live.pop(tag, None)
    import psutil

    me, uid, killed = os.getpid(), os.getuid(), set()
    for _ in range(passes):
        found = 0
        # Only the start time first (/proc/PID/stat): older processes, most of them, cost no more reads.
        for proc in psutil.process_iter(["create_time"]):
            created = proc.info.get("create_time")
            if proc.pid == me or proc.pid in killed or (created is not None and created < since):
                continue
            try:
                if proc.uids().real == uid and proc.environ().get(TAG_VAR) in wanted:
                    proc.kill()  # SIGKILL: once sent, the process is as good as gone
                    killed.add(proc.pid)
                    found += 1
            except (psutil.Error, OSError):  # gone (or a zombie), or not ours to inspect
                continue
        if not found:
            break
    return len(killed)
