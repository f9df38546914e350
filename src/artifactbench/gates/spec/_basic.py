"""The manifest, materialize, verifier and positive gates (spec 4, 5.1-5.4)."""

from __future__ import annotations

import signal
import sys
import time
from pathlib import Path

from artifactbench.gates.core import TaskContext
from artifactbench.gates.core import one_line, outcome_reason, reference_text
from artifactbench.gates.core import CaseResult, CheckResult
from artifactbench.errors import OutputPathError, WorkspaceLimitError

# Runs in a child: import the verifier copied into the scratch dir and call verify(artifact).
# Exit codes carry the verdict; stderr carries the one-line reason.
_VERIFY_SCRIPT = r"""
import importlib.util, sys, traceback
from pathlib import Path
module_path, artifact = Path(sys.argv[1]), Path(sys.argv[2])
sys.path.insert(0, str(module_path.parent))
sys.argv = [str(module_path), str(module_path.parent)]  # what a script-style verifier would see
try:
    spec = importlib.util.spec_from_file_location("verify_under_check", module_path)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
except SystemExit:
    # A script with no __main__ guard ran (and exited) at import: it is a script, so run it as one.
    print("module has no callable verify(artifact_path)", file=sys.stderr); sys.exit(11)
except BaseException as exc:
    print(f"import failed: {type(exc).__name__}: {exc}", file=sys.stderr); sys.exit(10)
verify = getattr(module, "verify", None)
if not callable(verify):
    print("module has no callable verify(artifact_path)", file=sys.stderr); sys.exit(11)
try:
    verify(artifact)
except AssertionError as exc:
    print(f"verify() rejected the reference output: {exc}", file=sys.stderr); sys.exit(12)
except BaseException as exc:
    print(f"verify() raised {type(exc).__name__}: {exc}", file=sys.stderr); sys.exit(13)
"""
_NO_VERIFY = 11  # the exit status above for "no callable verify()"


def manifest_gate(ctx: TaskContext) -> CheckResult:
    """The task loaded (a bad manifest never gets here: the CLI reports it as an input error)."""
    return CheckResult("manifest", "pass", f"{ctx.task.manifest_path.name} loaded")


def materialize_gate(ctx: TaskContext) -> CheckResult:
    """The workspace materializes. Shipped files over a spec 8 size limit (or generated output over the
    safety caps), or anything standing where the agent must write output_artifact, are the task's fault:
    `fail`, naming the file and its size or the field; the later workspace gates
    are skipped (there is no workspace the agent could be given). Generated data over spec 8's limits is
    a `warn` (spec 8 limits what workspace/ ships; generators exist for bulk data). Other failures stay
    an `error`."""
    started = time.monotonic()
    try:
        materialized = ctx.pristine()
    except WorkspaceLimitError as exc:
        shipped = (ctx.task.workspace_dir / exc.path).is_file()
        generated = " (written by the workspace generator)" if ctx.task.workspace_generator and not shipped else ""
        detail = f"{exc.path}{generated}: {exc.size / 1e6:.1f} MB; {str(exc).split(': ', 1)[-1]}"
        if exc.stopped or exc.unit != "bytes":  # the message names the generator (or the tree) and the cap
            detail = str(exc).split(": ", 1)[-1]
        case = CaseResult("size_limit" if exc.unit == "bytes" else "file_count", "FINDING", one_line(detail))
        return CheckResult("materialize", "fail", case.detail, (case,), time.monotonic() - started)
    except OutputPathError as exc:  # no agent could write its artifact: the task's fault
        case = CaseResult("output_artifact", "FINDING", one_line(exc))
        return CheckResult("materialize", "fail", case.detail, (case,), time.monotonic() - started)
    summary = f"{len(materialized.files)} file(s), digest {materialized.digest}"
    if materialized.over_spec:
        # Spec 8 limits what workspace/ ships; generated bulk data is what generators are for. Worth
        # knowing (every agent's scratch copy carries it), not a flaw of the task.
        shown = "; ".join(f"{rel or 'the generated tree'}: {size / 1e6:.1f} MB" for rel, size in materialized.over_spec[:3])
        case = CaseResult("size_limit", "WARNING", one_line(
            f"written by the workspace generator, over spec 8's limits for shipped files (10 MB a file, "
            f"50 MB in all): {shown}"))
        return CheckResult("materialize", "warn", f"{summary}; {case.detail}", (case,), time.monotonic() - started)
    return CheckResult("materialize", "pass", summary, duration_s=time.monotonic() - started)


def verifier_gate(ctx: TaskContext) -> CheckResult:
    """The declared structural verifier imports, exposes verify() and accepts the reference output."""
    task = ctx.task
    started = time.monotonic()
    if task.structural_verifier is None:
        return CheckResult("verifier", "skip", "no structural_verifier declared")
    from artifactbench._process import run_process, scrubbed_env

    with ctx.scratch() as scratch:
        try:
            rel = task.structural_verifier.relative_to(task.workspace_dir)
        except ValueError:
            return CheckResult("verifier", "fail",
                               f"structural_verifier={str(task.structural_verifier)!r} is outside workspace/, "
                               "so the agent cannot import it", duration_s=time.monotonic() - started)
        module_path = scratch / rel
        if not module_path.is_file():
            return CheckResult("verifier", "fail", f"{rel.as_posix()} is not in the materialized workspace",
                               duration_s=time.monotonic() - started)
        artifact = ctx.place_reference(scratch)
        argv, box = ctx.confine([sys.executable, "-I", "-c", _VERIFY_SCRIPT, str(module_path), str(artifact)],
                                write=ctx.case_dirs())
        result = run_process(argv, cwd=scratch, env=scrubbed_env(), timeout_s=ctx.options.verifier_timeout_s,
                             sandbox=box)
        script = None
        if not result.timed_out and result.returncode == _NO_VERIFY:
            # Spec 4.3 says SHOULD: many corpora ship verify.py as a script that finds the output next
            # to itself. Run it the way its own __main__ would be run, to say whether it works.
            argv, box = ctx.confine([sys.executable, "-I", str(module_path), str(scratch)], write=ctx.case_dirs())
            script = run_process(argv, cwd=scratch, env=scrubbed_env(), timeout_s=ctx.options.verifier_timeout_s,
                                 sandbox=box)
    elapsed = time.monotonic() - started
    name = rel.as_posix()
    if result.timed_out or (script is not None and script.timed_out):
        ctx.verifier_blocked = (f"{name}: verify() did not finish within "
                                f"{ctx.options.verifier_timeout_s:g}s on the reference output")
        return CheckResult("verifier", "error", ctx.verifier_blocked, duration_s=elapsed)
    if result.returncode == 0:
        return CheckResult("verifier", "pass", "verify() accepts the reference output", duration_s=elapsed)
    if script is not None:
        missing = "module has no callable verify(artifact_path) (spec 4.3 SHOULD)"
        if script.returncode == 0:
            return CheckResult("verifier", "warn", f"{missing}; run as a script it accepts the reference output",
                               duration_s=elapsed)
        said = one_line((script.stderr or script.stdout).decode("utf-8", "replace"))[:200]
        return CheckResult("verifier", "warn",
                           f"{missing}; run as a script (python verify.py SCRATCH, in SCRATCH) it exits "
                           f"{script.returncode} on the reference output" + (f": {said}" if said else ""),
                           duration_s=elapsed)
    said = one_line(result.stderr.decode("utf-8", "replace"), 200)
    if result.returncode < 0:  # killed by a signal: its stderr (if any) is what it said before dying
        reason = f"{name}: the verifier was killed by {signal_name(-result.returncode)}" + (
            f" (stderr: {said})" if said else "")
    else:
        reason = said or f"{name}: exit status {result.returncode}"
    return CheckResult("verifier", "fail", one_line(reason), duration_s=elapsed)


def signal_name(number: int) -> str:
    """SIGSEGV for 11; "signal 99" for a number without a name."""
    try:
        return signal.Signals(number).name
    except ValueError:
        return f"signal {number}"


def positive_gate(ctx: TaskContext) -> CheckResult:
    """The grader gives passed=True, score=1.0 to the reference output in a pristine scratch (5.4)."""
    started = time.monotonic()
    if not Path(ctx.task.reference_output).is_file():
        return CheckResult("positive", "error", f"reference_output missing: {ctx.task.reference_output}")
    with ctx.scratch() as scratch:
        ctx.place_reference(scratch)
        outcome = ctx.grade(scratch, known_good=True)
    # The reference's verdict for the later gates (the contract's first hash seed, the warm canary).
    ctx.remember(reference_text(ctx), outcome)
    elapsed = time.monotonic() - started
    if not outcome.ok:
        return CheckResult("positive", "error", outcome_reason(outcome), duration_s=elapsed)
    result = outcome.result
    if result.passed and result.score == 1.0:
        return CheckResult("positive", "pass", "reference output passes with score 1.0", duration_s=elapsed)
    return CheckResult("positive", "fail",
                       one_line(f"reference output got passed={result.passed}, score={result.score}: "
                                f"{result.detail}"), duration_s=elapsed)
