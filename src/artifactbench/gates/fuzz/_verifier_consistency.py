"""The verifier_consistency gate (spec 4): a structural verifier must not check correctness.

The declared verify.py must accept the reference and keep accepting structure-preserving value
mutants: a number moved to the midpoint between itself and the nearest other value of its column (same
type, sign, range, order and uniqueness), a string with one letter changed (same length and character
classes). Rejecting a numeric mutant means the verifier compares values: a FINDING. Rejecting a string
mutant may be an enum check, so it is a WARNING.
"""

from __future__ import annotations

import sys
import time
from pathlib import Path

from artifactbench._lifetime import guarded_argv
from artifactbench._process import run_process, scrubbed_env
from artifactbench.gates.core import FINDING, OK, SKIPPED, WARNING, cap, counts, finish, reference_text
from artifactbench.gates.fuzz._formats import TreeDoc, as_number, format_of, parse
from artifactbench.gates.fuzz._mutation import Mutation, keep_kind, short
from artifactbench.gates.fuzz._policy import FuzzPolicy
from artifactbench.gates.fuzz._tree_strategies import TreeTargets
from artifactbench.gates.core import CaseResult, CheckResult, TaskContext

MAX_NUMBERS, MAX_STRINGS = 6, 3
_DRIVER = r"""
import importlib.util, sys
from pathlib import Path
spec = importlib.util.spec_from_file_location("verify_under_check", sys.argv[1])
module = importlib.util.module_from_spec(spec)
sys.path.insert(0, str(Path(sys.argv[1]).parent))
spec.loader.exec_module(module)
try:
    module.verify(Path(sys.argv[2]))
except AssertionError as exc:
    print(f"AssertionError: {exc}", file=sys.stderr); sys.exit(3)
"""


def _midpoint(values: list[float], x: float, integral: bool) -> float | None:
    above = sorted(v for v in set(values) if v > x)
    below = sorted(v for v in set(values) if v < x)
    for neighbour in ([above[0]] if above else []) + ([below[-1]] if below else []):
        mid = (x + neighbour) / 2
        if integral:
            mid = float(int(mid))
            if mid in (x, neighbour):
                continue
        return mid
    return None


def value_mutants(fmt: str, text: str, public: str = "") -> list[tuple[Mutation, bool]]:
    """(mutant, is_numeric) pairs that keep every structural property of the reference.

    Strings that `public` (the prompt and workspace text) mentions, or that sit in a sorted column,
    are left alone: a verifier may check them against an enum or an input list, or check the order.
    """
    doc = parse(fmt, text)
    if not isinstance(doc, TreeDoc):
        return []
    targets = TreeTargets(doc, FuzzPolicy())
    cells = doc.fmt == "csv"
    columns: dict[object, list[float]] = {}
    for path, value in targets.numbers:
        columns.setdefault(path[-1] if isinstance(path[-1], str) else None, []).append(
            as_number(value, numeric_strings=cells))
    out: list[tuple[Mutation, bool]] = []
    for path, value in targets.numbers:
        x = as_number(value, numeric_strings=cells)
        integral = isinstance(value, int) or (cells and "." not in str(value))
        mid = _midpoint(columns[path[-1] if isinstance(path[-1], str) else None], x, integral)
        if mid is not None and len([m for m, n in out if n]) < MAX_NUMBERS:
            out.append((targets.set_leaf("value_midpoint", path, value, keep_kind(value, mid)), True))
    by_column: dict[object, list[str]] = {}
    for path, value in targets.strings:
        by_column.setdefault(path[-1] if isinstance(path[-1], str) else path[:-1], []).append(value)
    free = [(p, v) for p, v in targets.strings if v not in public and not _sorted(
        by_column[p[-1] if isinstance(p[-1], str) else p[:-1]])]
    for path, value in free[:MAX_STRINGS]:
        letters = [i for i, ch in enumerate(value) if ch.isalpha() and ch.isascii()]
        if letters:
            i = letters[-1]
            ch = value[i]
            new_ch = ("b" if ch.lower() == "a" else "a")
            new = value[:i] + (new_ch.upper() if ch.isupper() else new_ch) + value[i + 1:]
            out.append((targets.set_leaf("letter_change", path, value, new), False))
    return out


def _sorted(column: list[str]) -> bool:
    return len(column) > 1 and (column == sorted(column) or column == sorted(column, reverse=True))


def _public_text(ctx: TaskContext) -> str:
    """The prompt and every workspace text file the agent sees (capped), for 'is this value public'."""
    parts = [ctx.task.problem_statement.read_text(encoding="utf-8", errors="replace")]
    for path in sorted(ctx.pristine().scratch_dir.rglob("*")):
        if path.is_file() and path.stat().st_size <= 2_000_000:
            parts.append(path.read_bytes().decode("utf-8", "replace"))
    return "\n".join(parts)


def _verify(ctx: TaskContext, module: Path, artifact: Path) -> tuple[bool, str]:
    run = run_process(guarded_argv([sys.executable, "-I", "-c", _DRIVER, str(module), str(artifact)]), cwd=artifact.parent,
                      env=scrubbed_env(), timeout_s=ctx.options.verifier_timeout_s)
    message = run.stderr.decode("utf-8", "replace").strip().splitlines()
    return run.returncode == 0 and not run.timed_out, (message[-1] if message else f"exit {run.returncode}")


def verifier_consistency_gate(ctx: TaskContext) -> CheckResult:
    started = time.monotonic()
    task = ctx.task
    if task.structural_verifier is None:
        return CheckResult("verifier_consistency", "skip", "no structural_verifier declared")
    reference = reference_text(ctx)
    try:
        mutants = value_mutants(format_of(task.output_artifact), reference, _public_text(ctx))
    except Exception as exc:  # noqa: BLE001 - the reference does not parse in its format
        return CheckResult("verifier_consistency", "skip", cap(f"no mutants: {type(exc).__name__}: {exc}"))
    cases: list[CaseResult] = []
    with ctx.scratch() as scratch:
        module = scratch / task.structural_verifier.relative_to(task.workspace_dir)
        artifact = ctx.place_reference(scratch)
        accepted, why = _verify(ctx, module, artifact)
        if not accepted:
            return finish("verifier_consistency", [CaseResult("reference", SKIPPED, cap(
                f"verify() rejects the reference ({why}); the verifier gate reports it"))], started,
                "verifier rejects the reference output")
        for mutant, numeric in mutants:
            ctx.check_cancelled()
            ctx.place_reference(scratch, mutant.text)
            accepted, why = _verify(ctx, module, artifact)
            if not accepted:
                cases.append(CaseResult(f"{mutant.kind}:{len(cases)}", FINDING if numeric else WARNING, cap(
                    f"verify() rejects a structure-preserving mutant, so it checks correctness: "
                    f"{mutant.describe()}; verifier said {short(why, 200)}", 600)))
    if not cases:
        cases.append(CaseResult("mutants", OK, f"verify() accepts the reference and {len(mutants)} "
                                               "structure-preserving value mutant(s)"))
    return finish("verifier_consistency", cases, started,
                  f"{len(mutants)} value mutant(s) checked ({counts(cases)})")
