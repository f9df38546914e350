"""Paired statistics for two arms, on scipy.stats: McNemar's exact test and seeded paired bootstraps.

Every interval is a percentile bootstrap (`scipy.stats.bootstrap`, paired resampling of (A, B) pairs)
driven by `numpy.random.default_rng(seed)`: the same pairs and seed always give the same interval.
Percentile, not BCa, because BCa is undefined for the constant data a small benchmark often yields.
"""

from __future__ import annotations

import inspect
import math
from collections.abc import Callable, Sequence
from dataclasses import dataclass

import numpy as np
from scipy import stats

__all__ = ["BootstrapCI", "McNemar", "PassRateDiff", "RatioCI", "mcnemar_exact",
           "paired_bootstrap_ci", "pass_rate_diff", "ratio_ci"]

RESAMPLES = 2000
LEVEL = 0.95
# scipy >= 1.15 names the generator `rng`; older releases (the requirement allows 1.11) `random_state`.
_RNG_ARG = "rng" if "rng" in inspect.signature(stats.bootstrap).parameters else "random_state"


@dataclass(frozen=True, slots=True)
class McNemar:
    """Counts of the paired pass/fail table and the exact two-sided p-value.

    `b`: pairs where arm A passed and arm B failed; `c`: A failed and B passed.
    """

    both_pass: int
    b: int
    c: int
    both_fail: int
    p_value: float


@dataclass(frozen=True, slots=True)
class BootstrapCI:
    """Mean of the paired deltas (B - A) and its percentile confidence interval."""

    n: int
    mean_delta: float
    low: float
    high: float
    level: float
    resamples: int
    seed: int


@dataclass(frozen=True, slots=True)
class PassRateDiff:
    """Pass rate of each arm over the same pairs, their difference B - A and its paired CI.

    `low`/`high` are None with fewer than two pairs.
    """

    n: int
    rate_a: float
    rate_b: float
    diff: float
    low: float | None
    high: float | None
    level: float
    resamples: int
    seed: int


@dataclass(frozen=True, slots=True)
class RatioCI:
    """B relative to A: ratio of means (sum B / sum A over the pairs) and as a percentage change.

    `pct_change` = 100 * (ratio - 1): -30 means B used 30% less than A. `low`/`high` (of the ratio)
    and `pct_low`/`pct_high` (of the change) are the paired bootstrap CI of the same statistic; None with fewer than two pairs, or when a resample's A sum is
    zero (the ratio is then undefined). `ratio` is None when A's mean is zero.
    """

    n: int
    mean_a: float
    mean_b: float
    ratio: float | None
    low: float | None
    high: float | None
    pct_change: float | None
    pct_low: float | None
    pct_high: float | None
    level: float
    resamples: int
    seed: int


def mcnemar_exact(pairs: Sequence[tuple[bool, bool]]) -> McNemar:
    """Exact McNemar test on (A passed, B passed) pairs: `scipy.stats.binomtest` on the discordant ones.

    Under the null each discordant pair is A-only or B-only with probability 1/2; p = 1 when there
    is no discordant pair.
    """
    both_pass = sum(1 for a, b in pairs if a and b)
    only_a = sum(1 for a, b in pairs if a and not b)
    only_b = sum(1 for a, b in pairs if b and not a)
    both_fail = len(pairs) - both_pass - only_a - only_b
    n = only_a + only_b
    p = 1.0 if n == 0 else float(stats.binomtest(only_a, n, 0.5, alternative="two-sided").pvalue)
    return McNemar(both_pass, only_a, only_b, both_fail, min(1.0, p))


Stat = Callable[..., np.ndarray]


def _interval(data: tuple[np.ndarray, ...], statistic: Stat, seed: int, resamples: int,
              level: float) -> tuple[float, float] | None:
    """The percentile bootstrap CI of `statistic` over paired samples; None when it is not finite."""
    if len(data[0]) < 2:
        return None
    with np.errstate(divide="ignore", invalid="ignore"):
        res = stats.bootstrap(data, statistic, paired=len(data) > 1, vectorized=True, axis=-1,
                              n_resamples=resamples, confidence_level=level, method="percentile",
                              **{_RNG_ARG: np.random.default_rng(seed)})
    low, high = float(res.confidence_interval.low), float(res.confidence_interval.high)
    return (low, high) if math.isfinite(low) and math.isfinite(high) else None


def _mean(x: np.ndarray, axis: int = -1) -> np.ndarray:
    return np.mean(x, axis=axis)


def _diff(a: np.ndarray, b: np.ndarray, axis: int = -1) -> np.ndarray:
    return np.mean(b, axis=axis) - np.mean(a, axis=axis)


def _ratio(a: np.ndarray, b: np.ndarray, axis: int = -1) -> np.ndarray:
    return np.sum(b, axis=axis) / np.sum(a, axis=axis)


def paired_bootstrap_ci(deltas: Sequence[float], *, seed: int = 0, resamples: int = RESAMPLES,
                        level: float = LEVEL) -> BootstrapCI | None:
    """Percentile bootstrap CI of the mean paired delta; None when there is no pair.

    With one pair the interval is that pair's delta (nothing to resample).
    """
    n = len(deltas)
    if n == 0:
        return None
    arr = np.asarray(deltas, dtype=float)
    mean = float(arr.mean())
    ci = _interval((arr,), _mean, seed, resamples, level) or (mean, mean)
    return BootstrapCI(n, mean, ci[0], ci[1], level, resamples, seed)


def pass_rate_diff(pairs: Sequence[tuple[bool, bool]], *, seed: int = 0, resamples: int = RESAMPLES,
                   level: float = LEVEL) -> PassRateDiff | None:
    """Pass rate B minus pass rate A on (A passed, B passed) pairs; None when there is no pair."""
    if not pairs:
        return None
    a = np.array([float(x) for x, _ in pairs])
    b = np.array([float(y) for _, y in pairs])
    ci = _interval((a, b), _diff, seed, resamples, level)
    return PassRateDiff(len(pairs), float(a.mean()), float(b.mean()), float(b.mean() - a.mean()),
                        ci[0] if ci else None, ci[1] if ci else None, level, resamples, seed)


def _pct(value: float | None) -> float | None:
    return None if value is None else 100.0 * (value - 1.0)


def ratio_ci(pairs: Sequence[tuple[float, float]], *, seed: int = 0, resamples: int = RESAMPLES,
             level: float = LEVEL) -> RatioCI | None:
    """B relative to A over (A value, B value) pairs (turns, cost, wall time); None without pairs."""
    if not pairs:
        return None
    a = np.array([float(x) for x, _ in pairs])
    b = np.array([float(y) for _, y in pairs])
    ratio = float(b.sum() / a.sum()) if a.sum() > 0 else None
    ci = _interval((a, b), _ratio, seed, resamples, level) if ratio is not None else None
    low, high = (ci if ci else (None, None))
    return RatioCI(len(pairs), float(a.mean()), float(b.mean()), ratio, low, high, _pct(ratio),
                   _pct(low), _pct(high), level, resamples, seed)
