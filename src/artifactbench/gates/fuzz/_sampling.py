"""Drawing a fixed, reproducible sample of mutants from the strategies (no grading involved)."""

from __future__ import annotations

import os
import random
import threading
import warnings
from collections.abc import Iterator
from contextlib import contextmanager

from hypothesis import HealthCheck, Phase, find, settings
from hypothesis import configuration
from hypothesis.configuration import set_hypothesis_home_dir
from hypothesis.errors import HypothesisWarning, NoSuchExample, Unsatisfiable

from artifactbench.gates.fuzz._mutation import Mutation
from artifactbench.gates.fuzz._policy import FuzzPolicy
from artifactbench.gates.fuzz._strategies import kinds_for, mutation_strategy


@contextmanager
def hypothesis_home() -> Iterator[None]:
    """Hypothesis keeps a cache of constants under `.hypothesis/` of the cwd, even with no example database: during
    a search of ours in this run's temp folder instead, never in a task dir the check was started from (which the
    gate would then report as changed). Where HYPOTHESIS_STORAGE_DIRECTORY is set it is left to say where; the
    folder in use before is put back after, so that a host process's own Hypothesis keeps its database."""
    if os.environ.get("HYPOTHESIS_STORAGE_DIRECTORY"):
        yield
        return
    from artifactbench._tempdirs import run_temp_dir

    with _HOME_LOCK:  # (tasks fuzzed in parallel threads: the first in sets it, the last out puts it back)
        if not _HOME[0]:
            _HOME[1] = vars(configuration).get("__hypothesis_home_directory")
            set_hypothesis_home_dir(run_temp_dir() / "hypothesis")
        _HOME[0] += 1
    try:
        yield
    finally:
        with _HOME_LOCK:
            _HOME[0] -= 1
            if not _HOME[0]:
                set_hypothesis_home_dir(_HOME[1])


_HOME_LOCK = threading.Lock()
_HOME: list = [0, None]  # searches under way, the home folder before the first of them


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
            with hypothesis_home(), warnings.catch_warnings():  # large artifacts make Hypothesis warn about its repr
                warnings.simplefilter("ignore", HypothesisWarning)
                find(strategy, collect, settings=config, random=random.Random(f"{seed}:{kind}"))
        except (NoSuchExample, Unsatisfiable):
            pass
        out += list(drawn.values())[:per_kind]
    return out
