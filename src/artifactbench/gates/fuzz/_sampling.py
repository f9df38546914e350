"""Drawing a fixed, reproducible sample of mutants from the strategies (no grading involved)."""

from __future__ import annotations

import random
import warnings

from hypothesis import HealthCheck, Phase, find, settings
from hypothesis.configuration import set_hypothesis_home_dir
from hypothesis.errors import HypothesisWarning, NoSuchExample, Unsatisfiable

from artifactbench.gates.fuzz._mutation import Mutation
from artifactbench.gates.fuzz._policy import FuzzPolicy
from artifactbench.gates.fuzz._strategies import kinds_for, mutation_strategy


def hypothesis_home() -> None:
    """Hypothesis keeps a cache of constants under `.hypothesis/` of the cwd, even with no example database: in this
    run's temp folder instead, never in a task dir the check was started from (which the gate would then report
    as changed). Set before each search: the run's folder may have been made anew since."""
    from artifactbench._tempdirs import run_temp_dir

    set_hypothesis_home_dir(run_temp_dir() / "hypothesis")


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
        hypothesis_home()
        try:
            with warnings.catch_warnings():  # large artifacts make Hypothesis warn about its repr
                warnings.simplefilter("ignore", HypothesisWarning)
                find(strategy, collect, settings=config, random=random.Random(f"{seed}:{kind}"))
        except (NoSuchExample, Unsatisfiable):
            pass
        out += list(drawn.values())[:per_kind]
    return out
