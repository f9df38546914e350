"""Drawing a fixed, reproducible sample of mutants from the strategies (no grading involved)."""

from __future__ import annotations

import random
import warnings

from hypothesis import HealthCheck, Phase, find, settings
from hypothesis.errors import HypothesisWarning, NoSuchExample, Unsatisfiable

from artifactbench.gates.fuzz._mutation import Mutation
from artifactbench.gates.fuzz._policy import FuzzPolicy
from artifactbench.gates.fuzz._strategies import kinds_for, mutation_strategy


def sample_mutants(fmt: str, text: str, policy: FuzzPolicy, kinds: tuple[str, ...], per_kind: int,
                   seed: str, prompt: str = "") -> list[Mutation]:
    """Up to `per_kind` distinct mutants of each kind (that applies), deterministic for `seed`."""
    out: list[Mutation] = []
    for kind in kinds:
        if kind not in kinds_for(fmt):
            continue
        strategy = mutation_strategy(fmt, text, policy, kind, prompt)
        if strategy is None:
            continue
        drawn: dict[str, Mutation] = {}

        def collect(mutant: Mutation) -> bool:
            drawn.setdefault(mutant.text, mutant)
            return len(drawn) >= per_kind
        config = settings(max_examples=per_kind * 3, database=None, deadline=None,
                          suppress_health_check=list(HealthCheck), phases=[Phase.generate])
        try:
            with warnings.catch_warnings():  # large artifacts make Hypothesis warn about its repr
                warnings.simplefilter("ignore", HypothesisWarning)
                find(strategy, collect, settings=config, random=random.Random(f"{seed}:{kind}"))
        except (NoSuchExample, Unsatisfiable):
            pass
        out += list(drawn.values())[:per_kind]
    return out
