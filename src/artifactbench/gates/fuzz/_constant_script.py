"""constant_script: a grader of a shell script that runs it only on the input the agent was given.

Two gradings. First the reference script, wrapped so that each run also copies what it prints to a
folder of the check's own (same stdout, same exit status, same arguments, stdin and working dir: the
body runs in a subshell whose stdout goes to a file, printed afterwards). The wrapped script must get
the reference's verdict, or the probe says nothing. Then, where every run the grader made printed the
same bytes, a script that ignores its input and prints those bytes: what an agent who ran its script
once on the sample could hand in. A grader that runs the script on inputs of its own (other logs, a
second directory) rejects that; one that runs it only on the workspace's sample accepts it. Accepted
(confirmed in a forked child), it is a `fail` where the prompt wants the script for other input too
("must work for any log in this format, not just the sample", "must not hard-code"), and a `warn`
otherwise: the printed bytes are the sample's right answer, and only the prompt can say the script must
be more (blind p27, p29).

Nothing here runs the script: the grader does, as it runs every artifact. A script whose runs printed
different bytes (the grader feeds it several inputs), printed nothing (it writes files), or that the
grader never ran, is not probed.
"""

from __future__ import annotations

import re
from pathlib import Path

from artifactbench.gates.core import FINDING, OK, SKIPPED, WARNING, CaseResult, cap
from artifactbench.gates.fuzz._constant_query import OTHER_DATA

NAME = "constant_script"
MAX_PRINTED = 1 << 20  # bytes of one run's stdout the constant script may print at most
_SHELL = re.compile(r"#!\s*\S*/(?:env\s+)?(?:ba|da|k|z|a)?sh\b")
_RUN = "run."  # each run's stdout lands in <log dir>/run.<pid>

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
    """The reference script, each run's stdout also copied to `folder` (as run.<pid>)."""
    shebang, body = _split(reference)
    out = _quoted(str(folder / _RUN)) + '"$$"'
    return (f"{shebang}\n"
            f"( :\n{body}\n) > {out}\n"
            "__ab_status=$?\n"
            f"cat {out}\n"
            'exit "$__ab_status"\n')


def constant(reference: str, printed: bytes) -> str | None:
    """A script that prints `printed` whatever its input, with the reference's `#!` line; None for bytes
    a shell word cannot hold (NUL, or not UTF-8)."""
    if b"\0" in printed:
        return None
    try:
        text = printed.decode("utf-8")
    except UnicodeDecodeError:
        return None
    shebang, _ = _split(reference)
    return f"{shebang}\nprintf '%s' {_quoted(text)}\n"


def _runs(folder: Path) -> list[bytes] | str:
    """What each run printed, or why it cannot be read."""
    printed = []
    for path in sorted(folder.iterdir()):
        if not path.name.startswith(_RUN) or path.is_symlink() or not path.is_file():
            continue
        if path.stat().st_size > MAX_PRINTED:
            return f"a run printed over {MAX_PRINTED} bytes"
        printed.append(path.read_bytes())
    return printed


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
    if len(set(runs)) > 1:
        return CaseResult(NAME, OK, f"the grader ran the script {len(runs)} times with {len(set(runs))} different "
                                    "outputs: it feeds it more than one input")
    if not runs[0].strip():
        return CaseResult(NAME, SKIPPED, "the script prints nothing on stdout (it writes files)")
    text = constant(reference, runs[0])
    if text is None:
        return CaseResult(NAME, SKIPPED, "what the script prints is not text a shell word can hold")
    shown = f"a script that prints the sample's answer ({len(runs[0])} bytes) whatever its input"
    outcome = grade(text, label=f"{NAME}\tconstant")
    if not outcome.ok or not outcome.passed:
        return CaseResult(NAME, OK, f"grader rejected {shown}")
    settled = ctx.settle(text)
    if not (settled.ok and settled.passed):
        return CaseResult(NAME, OK, f"grader rejected {shown}")
    detail = cap(settled.result.detail, 160)
    said = OTHER_DATA.search(prompt)
    if said:
        return CaseResult(NAME, FINDING, cap(
            f"grader ACCEPTED {shown}, though the prompt wants the script for other input too "
            f"({said.group(0)!r}); it ran the script {len(runs)} time(s), always on input that gave the same "
            f"output; grader detail: {detail!r}", 600))
    return CaseResult(NAME, WARNING, cap(
        f"grader accepted {shown}; it ran the script {len(runs)} time(s), always on input that gave the same "
        f"output; grader detail: {detail!r}: does it run the script on any input but the sample?", 600), "warn")
