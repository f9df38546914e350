"""The run's sandbox mode and each job's sandbox value (what the agent's processes may reach)."""

from __future__ import annotations

import os
from dataclasses import replace
from pathlib import Path
from typing import Literal

from artifactbench._files import FileRefused, read_capped
from artifactbench._sandbox import BWRAP_PACKAGE, Bind, Limits, Sandbox, find_bwrap, runtime_binds
from artifactbench._trees import walk_tree
from artifactbench.bench._agents import Permissions
from artifactbench.errors import ArtifactBenchError

__all__ = ["SandboxMode", "job_sandbox", "resolve_mode", "run_sandbox", "tree_bytes"]

SandboxMode = Literal["bwrap", "none"]


class SandboxMissing(ArtifactBenchError):
    """--sandbox bwrap was asked for and bubblewrap is not installed."""


def resolve_mode(requested: str | None) -> SandboxMode:
    """The mode a run uses: as asked, or bwrap when installed and none otherwise (the default)."""
    if requested == "none":
        return "none"
    if find_bwrap() is None:
        if requested == "bwrap":
            raise SandboxMissing(f"--sandbox={requested!r}: bubblewrap (bwrap) is not installed; install "
                                 f"the package {BWRAP_PACKAGE!r} (apt-get install -y {BWRAP_PACKAGE}) "
                                 "or run unsandboxed with --sandbox none")
        return "none"
    return "bwrap"


def run_sandbox(mode: SandboxMode, limits: Limits | None = None) -> Sandbox | None:
    """The run-wide part of every job's sandbox: the read-only runtime and the limits."""
    if mode == "none":
        return None
    return Sandbox(runtime_binds(), limits=limits or Limits(), bwrap=find_bwrap() or "bwrap")


class SandboxRefused(ArtifactBenchError):
    """An agent's declared mounts or runtime would bind a hidden root (the repository, a task) inside."""


def _within(path: str, root: str) -> bool:
    return path == root or path.startswith(root.rstrip("/") + "/")


MAX_ALTERNATES = 16  # object stores read from alternates files, all levels together


GIT_FILE_LIMIT = 1 << 20  # bytes of a `.git` file, `commondir` or `alternates` read (a real one is a few lines)


def _read_regular(path: str) -> str | None:
    """A small regular file's text, or None (missing, unreadable, too big, or a FIFO or device: never waited on;
    review: a FIFO at `objects/info/alternates` hung the run)."""
    try:
        return read_capped(Path(path), GIT_FILE_LIMIT).decode("utf-8", "replace")
    except FileRefused:
        return None


def _unquoted(line: str) -> str:
    """An alternates line as git reads it: a line in double quotes is C-quoted (`"/srv/a b/objects"`)."""
    if len(line) >= 2 and line[0] == line[-1] == '"':
        try:
            return line[1:-1].encode("latin-1", "backslashreplace").decode("unicode_escape").encode("latin-1").decode(
                "utf-8", "replace")
        except (UnicodeError, ValueError):
            return line[1:-1]
    return line


def git_dirs(root: str) -> tuple[str, ...]:
    """The git dirs of the repository at `root`: its `.git` folder, or for a worktree or submodule (a
    `.git` file `gitdir: X`) the folder X names and the common dir X/commondir names, and the object
    stores their `objects/info/alternates` files name (a `git clone --shared` or `--reference` keeps its
    objects there), theirs too. Each holds every committed file of the repository (its tasks' graders and
    references) as objects."""
    dot = os.path.join(root, ".git")
    if os.path.isdir(dot):
        found = [os.path.realpath(dot)]
    else:
        head = _read_regular(dot)
        if head is None or not head.startswith("gitdir:"):
            return ()
        gitdir = os.path.realpath(os.path.join(root, head.removeprefix("gitdir:").strip()))
        found = [gitdir]
        common = _read_regular(os.path.join(gitdir, "commondir"))
        if common is not None:
            found.append(os.path.realpath(os.path.join(gitdir, common.strip())))
    stores = [os.path.join(d, "objects") for d in found]
    for objects in stores:  # (grows as alternates name more stores; each read once, MAX_ALTERNATES at most)
        named = _read_regular(os.path.join(objects, "info", "alternates"))
        for line in (named or "").splitlines():
            line = _unquoted(line.strip())
            if line and not line.startswith("#") and len(stores) < len(found) + MAX_ALTERNATES:
                store = os.path.realpath(os.path.join(objects, line))
                if store not in stores:
                    stores.append(store)
    return tuple(dict.fromkeys([*found, *stores[len(found):]]))


def exposed(binds: tuple[Bind, ...], hidden_roots: tuple[Path, ...]) -> str | None:
    """The first bind that holds a hidden root, lies inside a task root or the runs dir, or is (or is
    inside, or holds) the git dir of a repository that is a hidden root, as 'bind (root)'; else None.
    Inside a repository but beside its task roots and its git dir (the harness's own src/, a tools/
    script) is allowed: the task roots are hidden roots of their own."""
    roots = [os.path.realpath(r) for r in hidden_roots]
    for bind in binds:
        real = os.path.realpath(bind.source)
        for root in roots:
            gits = git_dirs(root)
            inside = _within(real, root) and not os.path.exists(os.path.join(root, ".git"))
            if _within(root, real) or inside:
                return f"{bind.source} ({root})"
            for git in gits:  # (outside attack: `mounts: [repo/.git]` read every answer from git objects)
                if _within(real, git) or _within(git, real):
                    return f"{bind.source} ({git}: the repository's git objects hold its tasks' answers)"
    return None


def job_sandbox(base: Sandbox | None, permissions: Permissions, scratch: Path, home: Path,
                prompt_file: Path, hidden_roots: tuple[Path, ...] = ()) -> Sandbox | None:
    """One job's sandbox: the runtime, its scratch dir and HOME read-write, its prompt read-only,
    and the network the agent declared; None when the run is unsandboxed or the agent runs no code.

    Raises SandboxRefused when a mount or runtime prefix the agent declared (an argv script, `mounts`,
    a CLI's install prefix) is inside a hidden root or holds one: that would hand it the answers."""
    if base is None or not permissions.needs_sandbox:
        return None
    extra = runtime_binds(permissions.runtime)  # adds the install prefixes of the agent's own CLIs
    known = {b.target for b in base.binds}
    mounts = tuple(Bind(os.path.realpath(m)) for m in permissions.mounts if os.path.exists(m))
    declared = (*(b for b in extra if b.target not in known), *mounts)
    if (hit := exposed(declared, hidden_roots)) is not None:
        raise SandboxRefused(f"the agent's mounts or runtime would expose a hidden path: {hit}; "
                             "install agent scripts and CLIs outside the repository and the task dirs")
    binds = (*base.binds, *(b for b in extra if b.target not in known), *mounts,
             Bind(str(scratch), writable=True), Bind(str(home), writable=True), Bind(str(prompt_file)))
    return replace(base, binds=binds, network=permissions.network)


def tree_bytes(root: Path) -> int:
    """Bytes of the regular files under `root` (links not followed): the scratch disk in use."""
    total = 0
    for folder, _, files in walk_tree(root):
        for name in files:
            try:
                st = os.lstat(os.path.join(folder, name))
            except OSError:
                continue
            total += st.st_size
    return total
