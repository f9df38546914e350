"""constant_script: a grader of a shell script that runs it only on the input the agent was given.

Two gradings. First the reference script, wrapped so that each run also records what it printed, its exit
status, its arguments and the bytes of each file argument in a folder of the check's own (same stdout,
same exit status, same arguments, stdin and working dir: the body runs in a subshell whose stdout goes to
a file, printed afterwards). The wrapped script must get the reference's verdict, or the probe says
nothing. A run on input the grader wrote itself (a path no workspace file has, with bytes no workspace
file has) means the grader tests the script beyond the sample: `OK`, nothing replayed. Otherwise the
second grading is what an agent who ran its script on the sample could hand in: where every run printed
the same bytes and ended with the same status, a script that prints them and exits so whatever its
input; where the runs differ, a `case "$*"` table answering each argument list the grader used as the
reference did. A grader that runs the script on inputs of its own rejects that; one that runs it only on
the workspace's accepts it. Accepted (confirmed in a forked child), it is a `fail` where the prompt wants
the script for other input too ("must work for any log in this format, not just the sample", "must not
hard-code"), and a `warn` otherwise: those are the sample's right answers, and only the prompt can say the
script must be more (blind p15, p27, p29, p37).

Nothing here runs the script: the grader does, as it runs every artifact. A script that printed nothing
with one status on every run (it writes files), or that the grader never ran, is not probed.
"""

from __future__ import annotations

import hashlib
import os
import re
from pathlib import Path

from artifactbench.gates.core import FINDING, OK, SKIPPED, WARNING, CaseResult, cap
from artifactbench.gates.fuzz._constant_query import other_data, settled_acceptance

NAME = "constant_script"
MAX_PRINTED = 1 << 20  # bytes of one run's stdout the constant script may print at most
_SHELL = re.compile(r"#!\s*\S*/(?:env\s+)?(?:ba|da|k|z|a)?sh\b")
_RUN = "run."  # each run's stdout lands in <log dir>/run.<pid>
_ARGS = "args."  # and its exit status and arguments in <log dir>/args.<pid>
_ARGV = "argv."  # each argument, NUL-separated
_INPUT = "in."  # the bytes of its n-th argument where that is a file: in.<pid>.<n>

__all__ = ["NAME", "constant_script_case", "shell_script"]


def shell_script(artifact: str, reference: str) -> bool:
    """The artifact is a shell script: named `.sh`, or opening with a shell's `#!` line."""
    return artifact.lower().endswith(".sh") or _SHELL.match(reference) is not None


def _quoted(text: str) -> str:
    """`text` as one single-quoted shell word."""
    return "'" + text.replace("'", "'\\''") + "'"


def _split(reference: str) -> tuple[str, str]:
    """(its `#!` line, or "", the rest)."""
    if reference.startswith("#!"):
        head, _, body = reference.partition("\n")
        return head, body
    return "", reference


def recording(reference: str, folder: Path) -> str:
    """The reference script, each run's stdout also copied to `folder` (as run.<pid>), with its exit
    status and arguments (args.<pid>: the status, a newline, then "$*"), each argument on its own
    (argv.<pid>, NUL-separated) and the bytes of each argument that is a file (in.<pid>.<n>, at most
    MAX_PRINTED + 1 of them): what the grader fed it, to tell the workspace's input from its own."""
    shebang, body = _split(reference)
    pid = lambda name: _quoted(str(folder / name)) + '"$$"'  # noqa: E731
    return (f"{shebang}\n"
            # (`#!/bin/bash -e`: the shell's -e is kept for the body, in its subshell, and dropped for what
            # follows it, which must run whatever status the body ends with)
            "__ab_opts=$-\n"
            "set +e\n"
            f"( case $__ab_opts in *e*) set -e ;; esac\n{body}\n) > {pid(_RUN)}\n"
            "__ab_status=$?\n"
            f"printf '%s\\n%s' \"$__ab_status\" \"$*\" > {pid(_ARGS)}\n"
            f"printf '%s\\0' \"$@\" > {pid(_ARGV)}\n"
            "__ab_n=0\n"
            'for __ab_a in "$@"; do\n'
            "  __ab_n=$((__ab_n + 1))\n"
            f'  if [ -f "$__ab_a" ]; then head -c {MAX_PRINTED + 1} -- "$__ab_a" > {pid(_INPUT)}".$__ab_n" 2>/dev/null; fi\n'
            "done\n"
            f"cat {pid(_RUN)}\n"
            'exit "$__ab_status"\n')


def _text(printed: bytes) -> str | None:
    """`printed` as text a shell word can hold (None for NUL or bytes that are not UTF-8)."""
    if b"\0" in printed:
        return None
    try:
        return printed.decode("utf-8")
    except UnicodeDecodeError:
        return None


def constant(reference: str, printed: bytes, status: int = 0) -> str | None:
    """A script that prints `printed` and exits with `status` whatever its input, with the reference's
    `#!` line; None for bytes a shell word cannot hold (NUL, or not UTF-8)."""
    text = _text(printed)
    if text is None:
        return None
    shebang, _ = _split(reference)
    return f"{shebang}\nprintf '%s' {_quoted(text)}\nexit {int(status)}\n"


def lookup(reference: str, runs: list[tuple[str, int, bytes]]) -> str | None:
    """A script that answers each argument list the grader ran it with as the reference did (its stdout
    and exit status) and prints nothing for any other: what an agent who ran its script on the sample's
    inputs could hand in. None where one argument list got two answers (the script reads stdin or
    files the arguments do not name) or an output is not text a shell word can hold."""
    answers: dict[str, tuple[int, bytes]] = {}
    for args, status, printed, *_ in runs:
        if answers.setdefault(args, (status, printed)) != (status, printed):
            return None
    shebang, _ = _split(reference)
    arms = []
    for args, (status, printed) in answers.items():
        text = _text(printed)
        if text is None:
            return None
        arms.append(f"{_quoted(args)}) printf '%s' {_quoted(text)}; exit {int(status)} ;;")
    return f"{shebang}\ncase \"$*\" in\n" + "\n".join(arms) + "\nesac\nexit 1\n"


def _hidden_input(runs: list[tuple], workspace: Path) -> str | None:
    """The first argument the grader ran the script with that the agent never saw: a path that is no
    file or folder of the workspace (from its top) and, for a file, whose bytes are no workspace file's
    (a second day's log the grader wrote; a copy of the workspace's own log in a temp dir counts as the
    sample, blind p15). None when every run was on the workspace's input. A run on input of the
    grader's own that the reference answered must never be replayed as if the agent had seen it."""
    visible: set[str] = set()
    contents: set[bytes] = set()
    for root, dirs, files in os.walk(workspace):
        rel = Path(root).relative_to(workspace).parts
        visible.update("/".join((*rel, name)) for name in (*dirs, *files))  # (its paths from the top)
        for name in files:
            path = Path(root, name)
            if not path.is_symlink() and path.stat().st_size <= MAX_PRINTED:
                contents.add(hashlib.sha256(path.read_bytes()).digest())
    for _, _, _, argv, inputs in runs:
        for n, token in enumerate(argv, 1):
            if "/" not in token and not (workspace / token).exists():
                continue  # (a flag, a number, a word: no path)
            parts = [p for p in token.strip("/").split("/") if p not in ("", ".")]
            if not parts or any("/".join(parts[k:]) in visible for k in range(len(parts))):
                continue
            data = inputs.get(n)
            if data is None or len(data) > MAX_PRINTED or hashlib.sha256(data).digest() not in contents:
                return token
    return None


def _runs(folder: Path) -> list[tuple] | str:
    """(arguments, exit status, stdout, argv, {n: bytes of a file argument}) of each run, or why they
    cannot be read."""
    def read(path: Path) -> bytes | None:
        if not path.is_file() or path.is_symlink() or path.stat().st_size > MAX_PRINTED + 1:
            return None
        return path.read_bytes()

    found = []
    for path in sorted(folder.iterdir()):
        if not path.name.startswith(_RUN) or path.is_symlink() or not path.is_file():
            continue
        pid = path.name[len(_RUN):]
        if path.stat().st_size > MAX_PRINTED:
            return f"a run printed over {MAX_PRINTED} bytes"
        args, status = "", 0
        meta = read(folder / (_ARGS + pid))
        if meta is not None:
            head, _, args = meta.decode("utf-8", "replace").partition("\n")
            status = int(head) if head.strip().isdigit() else 0
        raw = read(folder / (_ARGV + pid)) or b""
        argv = [a.decode("utf-8", "replace") for a in raw.split(b"\0")[:-1]]
        inputs = {n: data for n in range(1, len(argv) + 1)
                  if (data := read(folder / f"{_INPUT}{pid}.{n}")) is not None}
        found.append((args, status, path.read_bytes(), argv, inputs))
    return found


def constant_script_case(ctx, grade, reference: str, prompt: str) -> CaseResult:
    """Record the reference's runs, then grade the constant script (module doc)."""
    folder = ctx.own_dir("ab-script-runs-")
    expected = ctx.grade_text(reference, known_good=True)
    wrapped = recording(reference, folder)
    outcome = grade(wrapped, label=f"{NAME}\trecording")
    if not (outcome.ok and expected.ok) or outcome.passed != expected.passed:
        return CaseResult(NAME, SKIPPED, "the reference script, wrapped to record what it prints, got another "
                                         "verdict than the reference itself")
    runs = _runs(folder)
    if isinstance(runs, str):
        return CaseResult(NAME, SKIPPED, runs)
    if not runs:
        return CaseResult(NAME, SKIPPED, "the grader did not run the script (or it ran where it cannot write)")
    hidden = _hidden_input(runs, ctx.pristine().scratch_dir)
    if hidden is not None:
        return CaseResult(NAME, OK, f"the grader runs the script on input of its own ({cap(hidden, 120)!r} is no "
                                    "file of the workspace)")
    outputs = {run[2] for run in runs}
    if len(outputs) == 1 and len({run[1] for run in runs}) == 1:
        if not runs[0][2].strip():
            return CaseResult(NAME, SKIPPED, "the script prints nothing on stdout (it writes files)")
        text = constant(reference, runs[0][2], runs[0][1])
        shown = f"a script that prints the sample's answer ({len(runs[0][2])} bytes) whatever its input"
    else:
        # Several outputs (or exit statuses): the grader feeds it several inputs. Answered from a table of the argument lists
        # it was run with, as the reference answered them (blind p37: a hook graded on the workspace's own
        # examples, by its exit status)
        text = lookup(reference, runs)
        shown = (f"a script that answers only the {len({run[0] for run in runs})} argument list(s) the grader ran "
                 "it with, from a table of the reference's outputs and exit statuses")
        if text is None:
            return CaseResult(NAME, OK, f"the grader ran the script {len(runs)} times with {len(outputs)} different "
                                        "outputs: it feeds it more than one input")
    if text is None:
        return CaseResult(NAME, SKIPPED, "what the script prints is not text a shell word can hold")
    detail = settled_acceptance(ctx, grade, text, f"{NAME}\tconstant")
    if detail is None:
        return CaseResult(NAME, OK, f"grader rejected {shown}")
    said = other_data(prompt)
    if said:
        return CaseResult(NAME, FINDING, cap(
            f"grader ACCEPTED {shown}, though the prompt wants the script for other input too "
            f"({said.group(0)!r}); it ran the script {len(runs)} time(s), only on inputs the workspace holds; "
            f"grader detail: {detail!r}", 600))
    return CaseResult(NAME, WARNING, cap(
        f"grader accepted {shown}; it ran the script {len(runs)} time(s), only on inputs the workspace holds; "
        f"grader detail: {detail!r}: does it run the script on any input but the sample?", 600), "warn")
