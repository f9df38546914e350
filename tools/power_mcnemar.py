"""Power of the runner's paired test: P(p < alpha) for given tasks, runs and pass rates.

The runner compares two arms with McNemar's exact test on matching (task, run) pairs
(artifactbench.bench.mcnemar_exact, scipy.stats.binomtest on the discordant pairs): only discordant
pairs count, and for p = 1/2 the two-sided p is min(1, 2 * P[X <= min(b, c)]), X ~ Binomial(b + c, 1/2). Model: every pair is independent; arm A passes with probability pa,
arm B with pb, and the two outcomes of one pair have phi correlation rho (rho = 0: independent arms;
rho > 0: the arms tend to pass and fail the same tasks, so there are fewer discordant pairs but they
lean harder towards the better arm, which gives McNemar more power, not less). Repeated runs of one task
are treated as independent pairs, as the runner does; where runs of a task are correlated, extra runs
are worth less than this table says and extra tasks are worth more.

Power is computed exactly: the number of discordant pairs D ~ Binomial(N, q) and, given D = d, the
A-only count ~ Binomial(d, qa / q); the rejection region for each d is read off the exact test. A
seeded Monte-Carlo run of the runner's own mcnemar_exact cross-checks one cell (--check).

    PYTHONPATH=src python3 tools/power_mcnemar.py
    PYTHONPATH=src python3 tools/power_mcnemar.py --check 2000
"""

from __future__ import annotations

import argparse
import math
import random

import numpy as np
from scipy import stats

TASKS = (12, 48, 100, 200)
RUNS = (1, 3, 5)
SCENARIOS = ((0.6, 0.7), (0.6, 0.8))
RHOS = (0.0, 0.5)


def cell_probs(pa: float, pb: float, rho: float) -> tuple[float, float]:
    """(P[A passes, B fails], P[B passes, A fails]) for one pair."""
    both = pa * pb + rho * math.sqrt(pa * (1 - pa) * pb * (1 - pb))
    if not (max(0.0, pa + pb - 1) <= both <= min(pa, pb)):
        raise ValueError(f"rho={rho} is impossible for pa={pa}, pb={pb}")
    return pa - both, pb - both


def critical_low(d: int, alpha: float) -> int:
    """Largest k with 2 * P[Binomial(d, 1/2) <= k] < alpha, or -1 when none (no rejection)."""
    ks = np.arange(d + 1)
    ok = ks[2 * stats.binom.cdf(ks, d, 0.5) < alpha]
    return int(ok.max()) if ok.size else -1


def power(n_pairs: int, pa: float, pb: float, rho: float, alpha: float = 0.05) -> float:
    qa, qb = cell_probs(pa, pb, rho)
    q = qa + qb
    if q == 0:
        return 0.0
    r = qa / q
    total = 0.0
    for d in range(n_pairs + 1):
        k = critical_low(d, alpha)
        if k < 0:
            continue
        reject = stats.binom.cdf(k, d, r) + stats.binom.sf(d - k - 1, d, r)
        total += stats.binom.pmf(d, n_pairs, q) * reject
    return total


def simulate(n_pairs: int, pa: float, pb: float, rho: float, reps: int, seed: int) -> float:
    """Monte-Carlo power with the runner's own test (needs PYTHONPATH=src)."""
    from artifactbench.bench import mcnemar_exact

    qa, qb = cell_probs(pa, pb, rho)
    both = pa - qa
    rng = random.Random(seed)
    hits = 0
    for _ in range(reps):
        pairs = []
        for _ in range(n_pairs):
            u = rng.random()
            if u < both:
                pairs.append((True, True))
            elif u < both + qa:
                pairs.append((True, False))
            elif u < both + qa + qb:
                pairs.append((False, True))
            else:
                pairs.append((False, False))
        hits += mcnemar_exact(pairs).p_value < 0.05
    return hits / reps


def table(alpha: float) -> str:
    head = "| pass rate A -> B | rho | runs | " + " | ".join(f"{t} tasks" for t in TASKS) + " |"
    lines = [head, "|" + "---|" * (3 + len(TASKS))]
    for pa, pb in SCENARIOS:
        for rho in RHOS:
            for runs in RUNS:
                cells = [f"{power(t * runs, pa, pb, rho, alpha):.2f}" for t in TASKS]
                lines.append(f"| {pa:.0%} -> {pb:.0%} | {rho} | {runs} | " + " | ".join(cells) + " |")
    return "\n".join(lines)


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--alpha", type=float, default=0.05)
    ap.add_argument("--check", type=int, default=0, metavar="REPS",
                    help="also simulate one cell (48 tasks x 1 run, 60%% -> 80%%) REPS times")
    ap.add_argument("--seed", type=int, default=16)
    args = ap.parse_args()
    print(table(args.alpha))
    if args.check:
        exact = power(48, 0.6, 0.8, 0.0, args.alpha)
        sim = simulate(48, 0.6, 0.8, 0.0, args.check, args.seed)
        print(f"\ncheck 48 pairs, 60% -> 80%, rho 0: exact {exact:.3f}, "
              f"simulated {sim:.3f} ({args.check} reps, seed {args.seed})")


if __name__ == "__main__":
    main()
