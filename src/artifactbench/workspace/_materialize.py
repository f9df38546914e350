"""materialize(): build exactly what an agent sees for a task (spec 5.1-5.3, 8)."""

from __future__ import annotations

import os
import re
import shutil
import stat
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING

from artifactbench._trees import remove_tree
from artifactbench.errors import MaterializeError, OutputPathError, WorkspaceLimitError
from artifactbench.workspace._generator import Confine, run_generator
from artifactbench.workspace._tree import (
    GENERATOR_MARKER,
    TreeLimits,
    digest_of,
    file_sha256,
    inside_git_worktree,
    new_scratch_dir,
    over_limits,
    walk_files,
)

if TYPE_CHECKING:
    from artifactbench.manifest import Task

__all__ = ["MAX_ENTRIES", "MAX_FILE_BYTES", "MAX_TOTAL_BYTES", "Materialized", "check_output_path", "materialize"]

MAX_FILE_BYTES = 10 * 1024 * 1024  # spec 8: no file > 10 MB
MAX_TOTAL_BYTES = 50 * 1024 * 1024  # spec 8: total <= 50 MB
# Spec 8 limits what workspace/ ships; a generator exists to write bulk data instead (spec 2), so its
# output is held only to these safety caps (every grading case copies the workspace, so a disk bomb is
# refused) and reported when over spec 8's.
GENERATED_FILE_BYTES = 256 * 1024 * 1024
GENERATED_TOTAL_BYTES = 512 * 1024 * 1024
# Files and folders in a materialized tree, shipped or generated (the spec sets no number). Every
# grading case copies the tree: 300,000 tiny files would make each copy take seconds. The generator is
# held to this and the byte caps while it runs (it is stopped at once), not only after it exits.
MAX_ENTRIES = 20_000


@dataclass(frozen=True, slots=True)
class Materialized:
    """A materialized scratch dir. `digest` and `files` leave out the generator marker."""

    scratch_dir: Path
    digest: str
    files: tuple[str, ...]
    # (relpath, bytes) of generated files over spec 8's per-file limit for shipped files, and
    # ("", total) when the whole tree is over its total: allowed, but every scratch copy carries them.
    over_spec: tuple[tuple[str, int], ...] = ()


def materialize(task: Task, dest: Path | None = None, *, generator_timeout_s: float = 120.0,
                confine: Confine | None = None) -> Materialized:
    """Copy workspace/ (minus the generator) into a scratch dir, run the generator, check the result.

    `dest` must be absent or empty, or already materialized by us (it holds the generator marker): then
    the generator is not run again (spec 5.1). None means a new folder under the system temp dir. Raises
    MaterializeError for a symlink or special file, a file with the bytes of a grader file (but the grader's
    own copy of an input the prompt names, never the reference, hidden grader or negative cases), a file over
    MAX_FILE_BYTES, a tree over MAX_TOTAL_BYTES or MAX_ENTRIES, something standing at output_artifact, or a
    failing generator (stopped as soon as its output crosses a safety cap); a folder created here is removed.
    `confine(argv, read=, write=)` -> (argv, sandbox) says how to run the generator (see run_generator).
    """
    scratch, created = _prepare_dest(task, dest)
    try:
        check_output_path(task, task.workspace_dir)
        sources = _workspace_sources(task)
        for rel, source in sources:
            target = scratch / rel
            target.parent.mkdir(parents=True, exist_ok=True)
            target.unlink(missing_ok=True)  # a repeat call: a read-only copy must not block the refresh
            try:  # copy2 refuses a FIFO swapped in since the walk (SpecialFileError) rather than open it
                shutil.copy2(source, target, follow_symlinks=False)
            except OSError as exc:
                raise MaterializeError(f"{source}: cannot be copied to the scratch dir: {exc}") from None
        shipped = {rel for rel, _ in sources}
        if task.workspace_generator is not None:
            limits = TreeLimits(GENERATED_FILE_BYTES, GENERATED_TOTAL_BYTES, MAX_ENTRIES)
            run_generator(task, scratch, timeout_s=generator_timeout_s, limits=limits, confine=confine)
            check_output_path(task, scratch, generated=True)
        files, over_spec = _check_tree(task, scratch, shipped)
    except BaseException:
        if created:
            remove_tree(scratch)
        raise
    listed = tuple(rel for rel in files if rel != GENERATOR_MARKER)
    return Materialized(scratch, digest_of(files), listed, over_spec)


def _kind(mode: int) -> str:
    if stat.S_ISDIR(mode):
        return "a folder"
    if stat.S_ISLNK(mode):
        return "a symlink"
    if stat.S_ISFIFO(mode):
        return "a FIFO"
    return "not a regular file"


def check_output_path(task: Task, root: Path, *, generated: bool = False) -> None:
    """Raise OutputPathError when something under `root` (workspace/ or a scratch dir just generated)
    keeps the agent from writing a file at output_artifact: a folder, link or special file at the path,
    or a non-folder where the path needs a folder. A regular file there is fine (a repair task)."""
    parts = task.output_artifact.parts
    by = ""
    if generated and task.workspace_generator is not None:
        by = f" (written by workspace_generator={task.workspace_generator.relative_to(task.root).as_posix()!r})"
    for depth in range(1, len(parts) + 1):
        rel = "/".join(parts[:depth])
        try:
            mode = os.lstat(root.joinpath(*parts[:depth])).st_mode
        except (FileNotFoundError, NotADirectoryError):
            return  # absent: the agent creates it (and any folders above it)
        except OSError as exc:
            raise OutputPathError(f"workspace/{rel}: cannot be inspected: {exc.strerror}", f"workspace/{rel}") from None
        last = depth == len(parts)
        if last and not stat.S_ISREG(mode):
            raise OutputPathError(
                f"workspace/{rel}: is {_kind(mode)}{by}, but output_artifact={task.output_artifact.as_posix()!r} "
                "must be a file the agent writes; remove it from the workspace", f"workspace/{rel}")
        if not last and (stat.S_ISLNK(mode) or not stat.S_ISDIR(mode)):
            raise OutputPathError(
                f"workspace/{rel}: is {_kind(mode) if not stat.S_ISREG(mode) else 'a file'}{by}, but "
                f"output_artifact={task.output_artifact.as_posix()!r} needs a folder there; remove it from the "
                "workspace", f"workspace/{rel}")


def _prepare_dest(task: Task, dest: Path | None) -> tuple[Path, bool]:
    if dest is None:
        return new_scratch_dir(f"artifactbench-{task.instance_id}-"), True
    dest = Path(os.path.abspath(dest))
    root = task.root.resolve()
    real = dest.resolve()
    repo = inside_git_worktree(root)
    for forbidden, what in ((root, "the task directory"), (repo, "the repository holding the task")):
        if forbidden is not None and (real == forbidden or forbidden in real.parents):
            raise MaterializeError(
                f"{dest}: is inside {what} ({forbidden}); materialize into a folder outside it"
            )
    if dest.is_symlink() or (dest.exists() and not dest.is_dir()):
        raise MaterializeError(f"{dest}: exists and is not a folder; pass a new or empty folder")
    if not dest.exists():
        dest.mkdir(parents=True)
        return dest, True
    if any(dest.iterdir()):
        ours = task.workspace_generator is not None and (dest / GENERATOR_MARKER).is_file()
        if not ours:
            raise MaterializeError(f"{dest}: is not empty; pass a new or empty folder")
        list(walk_files(dest))  # refuse links before copying over them: a copy would follow one
    return dest, False


def _workspace_sources(task: Task) -> list[tuple[str, str]]:
    """(relpath, source path) of every file to copy; never the generator, manifest, prompt or grader."""
    ws = task.workspace_dir
    if ws.is_symlink() or not ws.is_dir():
        raise MaterializeError(f"{ws}: workspace_dir must be a real folder (not a link)")
    skip = {
        os.path.realpath(p)
        for p in (task.workspace_generator, task.manifest_path, task.problem_statement, task.reference_output)
        if p is not None
    }
    _check_entries(ws, "workspace/ ships")
    grader_dir = os.path.realpath(task.grader_dir) + os.sep
    sources = []
    total = 0
    for rel, entry in walk_files(ws):
        real = os.path.realpath(entry.path)
        if real in skip or real.startswith(grader_dir) or _is_bytecode_cache(rel):
            continue
        # (spec 8's limits, before a byte is copied: a 50 GiB sparse file took 140 s to copy and refuse)
        size = entry.stat(follow_symlinks=False).st_size
        total += size
        if size > MAX_FILE_BYTES:
            raise WorkspaceLimitError(f"{ws}/{rel}: {size} bytes is over the {MAX_FILE_BYTES}-byte limit per file "
                                      "(spec 8)", rel, size)
        if total > MAX_TOTAL_BYTES:
            raise WorkspaceLimitError(f"{ws}/{rel}: the workspace reaches {total} bytes, over the {MAX_TOTAL_BYTES}-"
                                      "byte limit for the files workspace/ ships (spec 8)", rel, total)
        sources.append((rel, entry.path))
    return sources


def _check_entries(root: Path, what: str) -> None:
    """WorkspaceLimitError when the tree under `root` holds more than MAX_ENTRIES files and folders
    (counted with an early stop: a huge tree costs no more than the cap)."""
    big = 1 << 62
    over = over_limits(root, TreeLimits(big, big, MAX_ENTRIES))
    if over is not None:
        raise WorkspaceLimitError(f"{root}: {what} more than {MAX_ENTRIES} files and folders, over the limit "
                                  f"of {MAX_ENTRIES} (safety cap)", over[1], over[2], unit="entries")


def _is_bytecode_cache(rel: str) -> bool:
    """A file Python wrote under __pycache__/ when something imported a workspace module (a verifier run,
    a negative-cases file that regenerates the data from the generator): an interpreter byproduct, not task
    content. Copying it would make two materializations differ by what ran in between, and the
    generator's bytecode would hand the agent the generator the spec keeps out of scratch."""
    parts = rel.split("/")
    return "__pycache__" in parts[:-1] and parts[-1].endswith((".pyc", ".pyo"))


def _grader_fingerprints(grader_dir: Path) -> dict[str, str]:
    """sha256 -> relpath of every non-empty regular file under grader/ (empty files match too much), but
    those larger than any file a workspace may hold (never read: a 30 GiB one took 90 s to hash)."""
    found: dict[str, str] = {}
    for folder, _, names in os.walk(grader_dir):
        for name in names:
            path = os.path.join(folder, name)
            if not os.path.islink(path) and os.path.isfile(path) and 0 < os.path.getsize(path) <= GENERATED_FILE_BYTES:
                found.setdefault(file_sha256(path), os.path.relpath(path, grader_dir))
    return found


def _secret_fingerprints(task: Task) -> frozenset[str]:
    """The sha256 of the grader files that are secret whatever else holds their bytes: the reference output,
    the hidden grader and its negative cases."""
    out = set()
    for path in (task.reference_output, task.hidden_grader, task.grader_dir / "negative_cases.py"):
        if path.is_file() and not path.is_symlink() and 0 < path.stat().st_size <= GENERATED_FILE_BYTES:
            out.add(file_sha256(str(path)))
    return frozenset(out)


# A grader file whose name says it holds answers ("expected.csv", "golden/", "solutions.json", "hidden_cases")
_ANSWER_NAME = re.compile(r"(?:^|[/_.-])(?:expected|answers?|solutions?|golden|truth|oracle|hidden|keys?|"
                          r"reference|refs?|outputs?|results?)(?:$|[/_.-])", re.IGNORECASE)
# Answers a program computes (SQL, a script): its values are the query's results, which no token of the
# program shows, so holds_answer says nothing of them
_PROGRAM_SUFFIXES = frozenset((".sql", ".py", ".sh", ".bash", ".js", ".ts", ".rb", ".pl", ".lua", ".go", ".rs", ".r"))


class GraderCopies:
    """Whether a grader file's bytes standing in the agent's view are a secret reaching it (spec 5.2), or the
    grader's own copy of an input the prompt names (a grader that reads `grader/data/forecast.csv` rather than
    the copy the agent could rewrite; blind p122). One rule for materialize and the content_leaks gate.
    A copy is secret when it has the bytes of the reference, the hidden grader or its negative cases; when the
    prompt does not quote the file's name (names_file); when the grader file's path names answers (expected,
    golden, hidden, solutions, ...). A copy of a named input that holds most of the answer's numbers
    (holds_answer; for an answer of data: a program's answer is its results, which no token of the program
    shows) is in doubt: the answer shipped as an input ("last year's totals, for context only"; review), or
    an input a filter's answer copies its records from (a review's flagged incidents with their delays): a
    warning of content_leaks, never a refusal to materialize."""

    def __init__(self, task: Task, prompt: str | None = None) -> None:
        self.task = task
        self.prompt = _prompt_text(task) if prompt is None else prompt
        self._secrets: frozenset[str] | None = None
        self._reference: bytes | None = None

    def secret(self, sha: str, grader_rel: str, rel: str) -> bool:
        """`sha`: the digest a grader file at `grader_rel` (under grader/) shares with the scratch file `rel`."""
        if self._secrets is None:
            self._secrets = _secret_fingerprints(self.task)
        return sha in self._secrets or not names_file(self.prompt, rel) or _ANSWER_NAME.search(grader_rel) is not None

    def in_doubt(self, read: Callable[[], bytes]) -> bool:
        """A copy secret() lets through whose bytes (`read()`, read only when needed) hold the answer."""
        if self.task.reference_output.suffix.lower() in _PROGRAM_SUFFIXES:
            return False
        try:
            if self._reference is None:
                with open(self.task.reference_output, "rb") as fh:
                    self._reference = fh.read(2_000_000)
            return holds_answer(read(), self._reference)
        except OSError:
            return True


def _prompt_text(task: Task) -> str:
    try:
        with open(task.problem_statement, "rb") as fh:
            return fh.read(1 << 20).decode("utf-8", "replace")
    except OSError:
        return ""


def names_file(prompt: str, rel: str) -> bool:
    """The prompt names the scratch file `rel` quoted (`forecast.csv`, "data/forecast.csv"), by its path or
    its file name with a suffix: an input the agent is told to read. A grader file with its bytes may be the
    grader's own copy of that input (a grader that reads `grader/data/forecast.csv` rather than the copy the
    agent could rewrite; blind p122), no secret, unless it holds the answer (holds_answer; review)."""
    for name in dict.fromkeys((rel, rel.rsplit("/", 1)[-1])):
        if "." in name.lstrip(".") and re.search(rf"[`'\"]{re.escape(name)}[`'\"]", prompt):
            return True
    return False


_TOKEN = re.compile(r"[\w.:-]{3,}")
_COMPUTED = re.compile(r"-?\d+(?:\.\d+)?")


def holds_answer(data: bytes, reference: bytes) -> bool:
    """`data` holds half or more of the reference's numbers (3+ digits or a decimal point): the answer, in
    whatever format, not an input it is computed from (a grader's `expected.csv` shipped as "last year's
    totals, for context only"; review). The answer's ids, codes and names are no sign: an answer of input
    records picks them from its inputs (blind p146: an audit's incident ids, an enumeration's junctions, each
    in the grader's own copy of the input the prompt names), nor numbers an input many times the answer's
    size holds; whether an input lists the answer's records is content_leaks' to tell."""
    answer = {t.strip(".:-") for t in _TOKEN.findall(reference.decode("utf-8", "replace")[:2_000_000])}
    numbers = {t for t in answer if _COMPUTED.fullmatch(t) and ("." in t or len(t.lstrip("-")) >= 3)}
    if not numbers:
        return False
    held = {t.strip(".:-") for t in _TOKEN.findall(data.decode("utf-8", "replace")[:20_000_000])}
    # (and not many times more numbers of its own: the input the answer copies some from, a delay of each
    # incident it lists, holds them among every other reading of every record; review)
    given = {t for t in held if _COMPUTED.fullmatch(t) and ("." in t or len(t.lstrip("-")) >= 3)}
    return 2 * len(numbers & held) >= len(numbers) and len(given) <= 4 * len(numbers)


def _check_tree(task: Task, scratch: Path, shipped: set[str]) -> tuple[dict[str, str], tuple[tuple[str, int], ...]]:
    """relpath -> sha256 of the materialized tree, after enforcing spec 5.2/5.3 and the size limits: spec 8's
    for the files workspace/ ships, the safety caps for the generator's output (which is reported when
    over spec 8's limits)."""
    by = task.workspace_generator
    _check_entries(scratch, "the materialized workspace holds" if by is None else
                   f"the materialized workspace (workspace/ and what workspace_generator="
                   f"{by.relative_to(task.root).as_posix()!r} wrote) holds")
    grader = _grader_fingerprints(task.grader_dir)
    copies = GraderCopies(task) if grader else None
    files: dict[str, str] = {}
    over: list[tuple[str, int]] = []
    total = shipped_total = 0
    for rel, entry in walk_files(scratch):
        size = entry.stat(follow_symlinks=False).st_size
        ours = rel in shipped or task.workspace_generator is None
        file_cap, total_cap = (MAX_FILE_BYTES, MAX_TOTAL_BYTES) if ours else (GENERATED_FILE_BYTES,
                                                                             GENERATED_TOTAL_BYTES)
        what = "per file (spec 8)" if ours else "per generated file (safety cap)"
        if size > file_cap:
            raise WorkspaceLimitError(
                f"{scratch}/{rel}: {size} bytes is over the {file_cap}-byte limit {what}", rel, size)
        if not ours and size > MAX_FILE_BYTES:
            over.append((rel, size))
        total += size
        shipped_total += size if ours else 0
        if shipped_total > MAX_TOTAL_BYTES or total > GENERATED_TOTAL_BYTES:
            cap, scope = (MAX_TOTAL_BYTES, "the files workspace/ ships (spec 8)") if shipped_total > MAX_TOTAL_BYTES \
                else (GENERATED_TOTAL_BYTES, "the whole tree (safety cap)")
            raise WorkspaceLimitError(
                f"{scratch}/{rel}: the workspace reaches {max(total, shipped_total)} bytes, over the {cap}-byte "
                f"limit for {scope}", rel, total)
        files[rel] = sha = file_sha256(entry.path)
        if size and sha in grader and copies.secret(sha, grader[sha], rel):
            raise MaterializeError(
                f"{scratch}/{rel}: has the same bytes as grader/{grader[sha]}; grader files must never "
                "reach the agent (spec 5.2)"
            )
    if total > MAX_TOTAL_BYTES and shipped_total <= MAX_TOTAL_BYTES:
        over.append(("", total))
    return files, tuple(over)
