"""Paired statistics for two arms: McNemar's exact test and a seeded paired bootstrap."""

from __future__ import annotations

import math
import random
from collections.abc import Sequence
from dataclasses import dataclass

__all__ = ["BootstrapCI", "McNemar", "mcnemar_exact", "paired_bootstrap_ci"]


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


def mcnemar_exact(pairs: Sequence[tuple[bool, bool]]) -> McNemar:
    """Exact McNemar test on (A passed, B passed) pairs.

    Only discordant pairs count: under the null each is A-only or B-only with probability 1/2, so
    p = min(1, 2 * P[X <= min(b, c)]) with X ~ Binomial(b + c, 1/2); p = 1 when there is no
    discordant pair.
    """
    both_pass = sum(1 for a, b in pairs if a and b)
    only_a = sum(1 for a, b in pairs if a and not b)
    only_b = sum(1 for a, b in pairs if b and not a)
    both_fail = len(pairs) - both_pass - only_a - only_b
    n = only_a + only_b
    if n == 0:
        p = 1.0
    else:
        tail = sum(math.comb(n, i) for i in range(min(only_a, only_b) + 1))
        # Integer arithmetic until the last step keeps large n exact.
        p = min(1.0, 2 * tail / 2**n)
    return McNemar(both_pass, only_a, only_b, both_fail, p)


def paired_bootstrap_ci(
    deltas: Sequence[float],
    *,
    seed: int = 0,
    resamples: int = 2000,
    level: float = 0.95,
) -> BootstrapCI | None:
    """Percentile bootstrap CI of the mean paired delta; None when there is no pair.

    Deterministic for a given seed: the same deltas and seed always give the same interval.
    """
    n = len(deltas)
    if n == 0:
        return None
    mean = sum(deltas) / n
    rng = random.Random(seed)
    means = sorted(sum(rng.choices(deltas, k=n)) / n for _ in range(resamples))
    alpha = (1.0 - level) / 2
    low = means[max(0, math.floor(alpha * resamples))]
    high = means[min(resamples - 1, math.ceil((1.0 - alpha) * resamples) - 1)]
    return BootstrapCI(n, mean, low, high, level, resamples, seed)
