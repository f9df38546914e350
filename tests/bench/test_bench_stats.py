"""McNemar's exact test and the paired bootstrap against values computed by hand."""

from __future__ import annotations

import pytest

from artifactbench.bench import mcnemar_exact, paired_bootstrap_ci


def _pairs(both: int, only_a: int, only_b: int, neither: int) -> list[tuple[bool, bool]]:
    return ([(True, True)] * both + [(True, False)] * only_a + [(False, True)] * only_b
            + [(False, False)] * neither)


@pytest.mark.parametrize(
    ("b", "c", "p"),
    [
        pytest.param(0, 0, 1.0, id="no-discordant-pair"),
        pytest.param(0, 4, 2 / 16, id="0-vs-4: 2*(1/16)"),
        pytest.param(1, 5, 2 * 7 / 64, id="1-vs-5: 2*(1+6)/64"),
        pytest.param(5, 1, 2 * 7 / 64, id="symmetric"),
        pytest.param(3, 3, 1.0, id="tie: 2*42/64 capped at 1"),
        pytest.param(0, 10, 2 / 1024, id="0-vs-10"),
        pytest.param(2, 8, 2 * (1 + 10 + 45) / 1024, id="2-vs-8: 2*56/1024"),
    ],
)
def test_mcnemar_exact_matches_hand_computed_p(b: int, c: int, p: float) -> None:
    result = mcnemar_exact(_pairs(7, b, c, 4))
    assert (result.both_pass, result.b, result.c, result.both_fail) == (7, b, c, 4)
    assert result.p_value == pytest.approx(p, rel=1e-12)


def test_bootstrap_of_constant_deltas_is_a_point() -> None:
    ci = paired_bootstrap_ci([2.0, 2.0, 2.0], seed=1)
    assert ci is not None
    assert (ci.mean_delta, ci.low, ci.high, ci.n) == (2.0, 2.0, 2.0, 3)


def test_bootstrap_two_values_spans_their_range() -> None:
    # Resampled means of [0, 1] are 0, 0.5, 1 with probability 1/4, 1/2, 1/4: the 2.5% and 97.5%
    # percentiles of 2000 draws are 0 and 1 (a miss has probability about 2 * 0.75**50).
    ci = paired_bootstrap_ci([0.0, 1.0], seed=3)
    assert ci is not None
    assert (ci.mean_delta, ci.low, ci.high, ci.level) == (0.5, 0.0, 1.0, 0.95)


def test_bootstrap_is_seeded_and_brackets_the_mean() -> None:
    deltas = [0.3, -0.1, 0.8, 0.2, 0.5, -0.4, 0.9, 0.1]
    first = paired_bootstrap_ci(deltas, seed=7)
    assert first == paired_bootstrap_ci(deltas, seed=7)
    assert first is not None and first.low < first.mean_delta < first.high
    assert min(deltas) <= first.low and first.high <= max(deltas)


def test_bootstrap_of_nothing_is_none() -> None:
    assert paired_bootstrap_ci([], seed=0) is None
