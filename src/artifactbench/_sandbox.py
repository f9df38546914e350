"""Isolation as a value: a bubblewrap sandbox that `run_process` wraps around a child.

A `Sandbox` lists what the child may see (read-only runtime, a few read-write dirs, everything else
absent), whether it shares the host's network, and its resource limits. `wrap(argv)` turns it into a
`bwrap ... -- prlimit ... -- argv` command line: new user, PID, IPC, UTS, cgroup and (unless
network="host") network namespaces, a fresh /proc showing only the sandbox's own processes, a private
/tmp, and `--die-with-parent`; when the child exits, the PID namespace ends and every process in it
with it, so nothing the child started can outlive the call.

Paths are bound at their host paths, so a request's paths mean the same inside and outside.
"""

from __future__ import annotations

import functools
import os
import secrets
import shutil
import subprocess
import sys
import time
from collections.abc import Iterable, Iterator, Sequence
from contextlib import contextmanager
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import Literal

__all__ = ["BWRAP_PACKAGE", "Bind", "Limits", "Network", "Sandbox", "find_bwrap", "pids_cgroup",
           "runtime_binds", "sandbox_path"]

BWRAP_PACKAGE = "bubblewrap"  # the Debian/Ubuntu package that provides `bwrap`
Network = Literal["none", "host"]
_PRLIMIT = "/usr/bin/prlimit"
_PIDS = "/sys/fs/cgroup/pids"  # the cgroup v1 pids controller, writable by root
# What a dynamically linked program, a TLS client and a name lookup need of /etc; nothing else of it.
_ETC = ("alternatives", "ca-certificates", "ca-certificates.conf", "hosts", "host.conf", "ld.so.cache",
        "ld.so.conf", "ld.so.conf.d", "localtime", "nsswitch.conf", "passwd", "group", "resolv.conf",
        "ssl", "gai.conf", "mime.types", "protocols", "services")


@dataclass(frozen=True, slots=True)
class Bind:
    """`source` on the host, seen at `dest` inside (the same path unless given); read-only by default."""

    source: str
    dest: str = ""
    writable: bool = False

    @property
    def target(self) -> str:
        return self.dest or self.source


@functools.lru_cache(maxsize=8)
def _sizes_tmpfs(bwrap: str) -> bool:
    """Whether this bubblewrap takes `--size` before `--tmpfs` (0.5 and later)."""
    try:
        shown = subprocess.run([bwrap, "--help"], capture_output=True, timeout=10, check=False)
    except (OSError, subprocess.SubprocessError):
        return False
    return b"--size" in shown.stdout + shown.stderr


@dataclass(frozen=True, slots=True)
class Limits:
    """Per-sandbox resource limits (0 = no limit). `processes` caps the sandbox's processes through a
    pids cgroup where the harness may make one (root with cgroup v1), else RLIMIT_NPROC (which Linux
    does not apply to root); `memory_bytes` is RLIMIT_AS (address space); `file_size_bytes` is RLIMIT_FSIZE
    (a write past it fails); `scratch_bytes` is checked by the harness on the scratch dir afterwards;
    `tmpfs_bytes` is the size of each tmpfs the sandbox mounts (/tmp, and /dev/shm): their pages are the
    host's memory, which no per-process limit counts (an agent held 1.4 GB of it; outside attack, session 17)."""

    processes: int = 512
    memory_bytes: int = 16 << 30
    file_size_bytes: int = 512 << 20
    scratch_bytes: int = 2 << 30
    tmpfs_bytes: int = 1 << 30


@dataclass(frozen=True, slots=True)
class Sandbox:
    """What one sandboxed child may reach. `proc=False` leaves /proc out (needed when nesting)."""

    binds: tuple[Bind, ...]
    network: Network = "none"
    limits: Limits = field(default_factory=Limits)
    tmpfs: tuple[str, ...] = ("/tmp",)
    proc: bool = True
    bwrap: str = "bwrap"
    keep_caps: bool = False  # True only where children must start nested sandboxes (see wrap)

    def with_binds(self, *binds: Bind) -> Sandbox:
        return replace(self, binds=self.binds + tuple(binds))

    def wrap(self, argv: Sequence[str], cwd: str) -> list[str]:
        """The command line that runs `argv` in this sandbox with `cwd` as its working dir."""
        out = [self.bwrap, "--unshare-all", "--die-with-parent", "--new-session"]
        if not self.keep_caps:
            # Run as root, bwrap keeps every capability inside, and a child could remount its read-only
            # binds writable (an outside test did exactly that). Only a sandbox whose children start
            # sandboxes of their own (a bench grader starting agent code) needs them.
            out += ["--cap-drop", "ALL"]
        if self.network == "host":
            out.append("--share-net")
        out += ["--dev", "/dev"]
        if self.proc:
            out += ["--proc", "/proc"]
        sized = self.limits.tmpfs_bytes > 0 and _sizes_tmpfs(self.bwrap)
        for path in (*self.tmpfs, "/dev/shm") if sized else self.tmpfs:
            out += (["--size", str(self.limits.tmpfs_bytes)] if sized else []) + ["--tmpfs", path]
        for b in self.binds:
            if os.path.islink(b.source) and not b.dest:  # /bin -> usr/bin on merged-/usr systems
                out += ["--symlink", os.readlink(b.source), b.source]
            else:
                out += ["--bind" if b.writable else "--ro-bind", b.source, b.target]
        out += ["--chdir", cwd, "--"]
        lim = self.limits
        rl = [f"--{name}={value}" for name, value in (("nproc", lim.processes), ("as", lim.memory_bytes),
                                                     ("fsize", lim.file_size_bytes)) if value > 0]
        if rl and os.path.exists(_PRLIMIT):
            out += [_PRLIMIT, *rl, "--"]
        return out + list(argv)


def find_bwrap() -> str | None:
    """The `bwrap` executable on PATH, or None when bubblewrap is not installed."""
    return shutil.which("bwrap")


def _prefix(executable: str) -> str | None:
    """The install prefix of an executable that lives outside /usr (e.g. a pyenv or nvm tree)."""
    real = os.path.realpath(executable)
    if real.startswith("/usr/") or not os.path.exists(real):
        return None
    parent = os.path.dirname(os.path.dirname(real))  # <prefix>/bin/<exe>
    return parent if parent not in ("/", "") else os.path.dirname(real)


def runtime_binds(executables: Iterable[str] = ()) -> tuple[Bind, ...]:
    """The read-only system runtime: /usr, /bin, /lib*, /sbin, what is needed of /etc, this Python's
    prefix and the prefixes of `executables` (names are looked up on PATH) that live outside /usr."""
    binds = [Bind("/usr")]
    for top in ("/bin", "/sbin", "/lib", "/lib32", "/lib64", "/libx32"):
        if os.path.lexists(top):
            binds.append(Bind(top))
    binds += [Bind(f"/etc/{name}") for name in _ETC if os.path.lexists(f"/etc/{name}")]
    # A prefix is bound at its real path and, when reached through a link, at the path used too.
    prefixes = {sys.prefix, sys.base_prefix, os.path.realpath(sys.prefix), os.path.realpath(sys.base_prefix)}
    for exe in executables:
        found = shutil.which(exe) if os.sep not in exe else exe
        if found and (p := _prefix(found)):
            prefixes.add(p)
    for p in sorted(prefixes):
        if os.path.isdir(p) and not (p.startswith("/usr/") or p == "/usr"):
            real = os.path.realpath(p)
            binds.append(Bind(real) if real == p else Bind(real, dest=p))
    return tuple(binds)


def sandbox_path(binds: Sequence[Bind], host_path: str) -> str:
    """`host_path`'s PATH entries that exist inside, with this Python's bin dir first."""
    roots = [b.target for b in binds]
    entries = [os.path.join(sys.prefix, "bin"), *host_path.split(os.pathsep)]
    seen = []
    for entry in entries:
        real = os.path.realpath(entry) if entry else ""
        if real and any(real == r or real.startswith(r.rstrip("/") + "/") for r in roots) \
                and entry not in seen:
            seen.append(entry)
    return os.pathsep.join(seen)


@contextmanager
def pids_cgroup(limit: int) -> Iterator[list[str]]:
    """An argv prefix that moves the child into a fresh pids cgroup capped at `limit` processes, removed
    afterwards; an empty prefix where no such cgroup can be made (RLIMIT_NPROC is then the only cap)."""
    path = os.path.join(_PIDS, f"artifactbench-{os.getpid()}-{secrets.token_hex(6)}")
    try:
        if limit <= 0 or not os.access(_PIDS, os.W_OK):
            raise OSError("no writable pids controller")
        os.mkdir(path)
        with open(os.path.join(path, "pids.max"), "w") as fh:
            fh.write(str(limit))
    except OSError:
        yield []
        return
    try:
        # A shell joins the cgroup and execs the sandbox; should joining fail, the child runs anyway.
        yield ["/bin/sh", "-c", f'echo $$ > {path}/cgroup.procs 2>/dev/null; exec "$@"', "sh"]
    finally:
        for _ in range(100):  # the last processes of the sandbox may take a moment to be reaped
            try:
                os.rmdir(path)
                break
            except FileNotFoundError:
                break
            except OSError:
                time.sleep(0.01)
