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
from hypothesis.internal.conjecture import providers as _providers
from hypothesis.errors import HypothesisWarning, NoSuchExample, Unsatisfiable

from artifactbench.gates.fuzz._mutation import Mutation
from artifactbench.gates.fuzz._policy import FuzzPolicy
from artifactbench.gates.fuzz._strategies import kinds_for, mutation_strategy


@contextmanager
def hypothesis_home() -> Iterator[None]:
    """While a search of ours runs, two of Hypothesis's process-wide habits are turned off.

    - It keeps caches under `.hypothesis/` of the cwd, even with no example database: this run's temp folder
      instead, never a task dir the check was started from (which the gate would then report as changed). Where
      HYPOTHESIS_STORAGE_DIRECTORY is set it is left to say where.
    - It mixes constants parsed from the source of every "local" module loaded (here: the checker's own source,
      not the grader's, which runs in another process) into its draws. Those say nothing about a grader, make a
      seed's mutants depend on the checker's source text and on which modules happened to be loaded, and parsing
      them cost about 1.3 s of CPU a run (the cache under the run's temp folder never outlives the run).

    Both are put back when the last search is out, so that a host process's own Hypothesis is as it was."""
    with _STATE_LOCK:  # (tasks fuzzed in parallel threads: the first in sets it, the last out puts it back)
        if not _STATE["searches"]:
            if not os.environ.get("HYPOTHESIS_STORAGE_DIRECTORY"):
                from artifactbench._tempdirs import run_temp_dir

                _STATE["home"] = (vars(configuration).get("__hypothesis_home_directory"),)
                set_hypothesis_home_dir(run_temp_dir() / "hypothesis")
            found = getattr(_providers, "_get_local_constants", None)
            if found is not None and hasattr(_providers, "Constants"):
                _STATE["constants"] = found
                empty = _providers.Constants()
                _providers._get_local_constants = lambda: empty
                _clear_pools()  # (the pools a host's draws cached from its constants: none of ours)
        _STATE["searches"] += 1
    try:
        yield
    finally:
        with _STATE_LOCK:
            _STATE["searches"] -= 1
            if not _STATE["searches"]:
                if _STATE["home"] is not None:
                    set_hypothesis_home_dir(_STATE["home"][0])
                if _STATE["constants"] is not None:
                    _providers._get_local_constants = _STATE["constants"]
                    _clear_pools()  # (and ours, empty, none of the host's: rebuilt from its constants when drawn)
                _STATE.update(home=None, constants=None)


def _clear_pools() -> None:
    """Empty Hypothesis' cache of the constants each kind of draw may pick from (built from the constants read)."""
    cache = getattr(getattr(_providers, "CONSTANTS_CACHE", None), "cache", None)
    if hasattr(cache, "clear"):
        cache.clear()


_STATE_LOCK = threading.Lock()
# searches under way; what was in place before the first of them: the home folder (a 1-tuple), the constants reader
_STATE: dict = {"searches": 0, "home": None, "constants": None}


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
