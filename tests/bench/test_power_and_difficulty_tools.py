"""tools/power_mcnemar.py agrees with the runner's exact test; tools/difficulty_table.py counts right."""

from __future__ import annotations

import importlib.util
import itertools
import json
import math
from pathlib import Path

import pytest

from artifactbench.bench import mcnemar_exact

TOOLS = Path(__file__).resolve().parent.parent.parent / "tools"


def _tool(name: str):
    spec = importlib.util.spec_from_file_location(f"_tool_{name}", TOOLS / f"{name}.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def _brute_power(n: int, pa: float, pb: float, rho: float, power) -> float:
    """Sum over every split of n pairs into (both, A only, B only, neither), tested by mcnemar_exact."""
    only_a, only_b = power.cell_probs(pa, pb, rho)
    both = pa - only_a
    probs = (both, only_a, only_b, 1 - both - only_a - only_b)
    shapes = ((True, True), (True, False), (False, True), (False, False))
    total = 0.0
    for counts in itertools.product(range(n + 1), repeat=3):
        if sum(counts) > n:
            continue
        counts = (*counts, n - sum(counts))
        pairs = [shape for shape, k in zip(shapes, counts) for _ in range(k)]
        if mcnemar_exact(pairs).p_value < 0.05:
            ways = math.factorial(n) // math.prod(math.factorial(k) for k in counts)
            total += ways * math.prod(p**k for p, k in zip(probs, counts))
    return total


@pytest.mark.parametrize(("n", "pa", "pb", "rho"), [(8, 0.6, 0.8, 0.0), (12, 0.5, 0.9, 0.3), (7, 0.3, 0.4, 0.0)])
def test_exact_power_matches_the_runners_test_by_enumeration(n, pa, pb, rho):
    power = _tool("power_mcnemar")
    assert power.power(n, pa, pb, rho) == pytest.approx(_brute_power(n, pa, pb, rho, power), abs=1e-12)


def test_equal_pass_rates_reject_at_most_alpha():
    power = _tool("power_mcnemar")
    assert 0 < power.power(200, 0.7, 0.7, 0.0) <= 0.05
    with pytest.raises(ValueError):
        power.cell_probs(0.1, 0.9, 0.9)


def test_difficulty_table_counts_first_tries_and_attempts(tmp_path):
    table = _tool("difficulty_table")
    for iid, level in (("cat__a_easy", "easy"), ("cat__b_hard", "hard")):
        task = tmp_path / "problems" / iid
        task.mkdir(parents=True)
        (task / "task.yaml").write_text(f"instance_id: {iid}\ncategory: cat\ndifficulty: {level}\n", "utf-8")
    rows = [("s1", "cat__a_easy", "code_only", 1, "PASS", 1.0), ("s2", "cat__a_easy", "tool_rich", 1, "PASS", 1.0),
            ("s1", "cat__b_hard", "code_only", 1, "FAIL", 0.5), ("s1", "cat__b_hard", "code_only", 2, "FAIL", 0.9),
            ("s1", "cat__b_hard", "code_only", 3, "PASS", 1.0), ("s2", "cat__b_hard", "tool_rich", 1, "PASS", 1.0)]
    log = tmp_path / "log.jsonl"
    keys = ("solver", "id", "style", "attempt", "verdict", "score")
    log.write_text("".join(json.dumps(dict(zip(keys, r))) + "\n" for r in reversed(rows)), "utf-8")
    out = table.render(table.load(log), table.declared(tmp_path / "problems")).splitlines()
    assert "| cat__b_hard | hard | s1 (code_only): FAIL (0.5); s2 (tool_rich): PASS | 3, 1 |" in out
    assert "| easy | 1 | 2 | 2 | 100.0% |" in out
    assert "| hard | 1 | 2 | 1 | 50.0% |" in out
    assert "| all | 2 | 4 | 3 | 75.0% |" in out
