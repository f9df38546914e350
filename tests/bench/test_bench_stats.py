"""McNemar's exact test and the paired bootstrap against values computed by hand."""

from __future__ import annotations

import pytest

from artifactbench.bench import mcnemar_exact, paired_bootstrap_ci, pass_rate_diff, ratio_ci


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


def test_mcnemar_p_is_scipy_binomtest_for_large_n() -> None:
    # 40 vs 60 discordant pairs: the exact two-sided binomial tail, summed by hand with integers.
    from math import comb

    tail = sum(comb(100, i) for i in range(41))
    assert mcnemar_exact(_pairs(0, 40, 60, 0)).p_value == pytest.approx(2 * tail / 2**100, rel=1e-9)


def test_ratio_of_means_and_percent_change() -> None:
    # A: 10, 20, 30 turns (sum 60); B: 7, 14, 21 (sum 42): B used 30% fewer, every resample agrees.
    ci = ratio_ci([(10, 7), (20, 14), (30, 21)], seed=0)
    assert ci is not None
    assert (ci.n, ci.mean_a, ci.mean_b) == (3, 20.0, 14.0)
    assert ci.ratio == pytest.approx(0.7) and ci.pct_change == pytest.approx(-30.0)
    assert ci.pct_low == pytest.approx(-30.0) and ci.pct_high == pytest.approx(-30.0)


def test_ratio_ci_is_seeded_and_brackets_the_estimate() -> None:
    pairs = [(10.0, 8.0), (12.0, 13.0), (9.0, 5.0), (20.0, 11.0), (7.0, 7.5), (15.0, 9.0)]
    first = ratio_ci(pairs, seed=5)
    assert first == ratio_ci(pairs, seed=5)
    assert first is not None and first.ratio is not None
    assert first.low < first.ratio < first.high  # type: ignore[operator]
    assert first.pct_low == pytest.approx(100 * (first.low - 1))  # type: ignore[operator]
    # Each resample's ratio lies between the smallest and largest pair ratio.
    assert min(b / a for a, b in pairs) <= first.low
    assert first.high <= max(b / a for a, b in pairs)  # type: ignore[operator]


@pytest.mark.parametrize(
    ("pairs", "ratio", "has_ci"),
    [
        pytest.param([(4.0, 2.0)], 0.5, False, id="one-pair: estimate, no interval"),
        pytest.param([(0.0, 2.0), (0.0, 1.0)], None, False, id="A-sum-zero: undefined"),
    ],
)
def test_ratio_edge_cases(pairs: list[tuple[float, float]], ratio: float | None, has_ci: bool) -> None:
    ci = ratio_ci(pairs)
    assert ci is not None and ci.ratio == ratio and (ci.low is not None) == has_ci
    assert ratio_ci([]) is None


def test_pass_rate_diff_is_b_minus_a_with_a_paired_interval() -> None:
    d = pass_rate_diff(_pairs(5, 0, 5, 0), seed=2)  # A passes 5 of 10, B all 10
    assert d is not None and (d.n, d.rate_a, d.rate_b, d.diff) == (10, 0.5, 1.0, 0.5)
    assert d.low is not None and d.high is not None and 0.0 < d.low <= 0.5 <= d.high <= 1.0
    assert d == pass_rate_diff(_pairs(5, 0, 5, 0), seed=2)
    same = pass_rate_diff(_pairs(3, 0, 0, 2))
    assert same is not None and (same.diff, same.low, same.high) == (0.0, 0.0, 0.0)
    assert pass_rate_diff([]) is None
