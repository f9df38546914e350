"""Plain unit tests: corpus config lookup, task roots, and missing grader modules (no Pants engine)."""
from __future__ import annotations

import pytest

from artifactbench_pants.imports import missing_grader_modules, missing_modules_message
from artifactbench_pants.layout import (
    corpus_config_candidates,
    nearest_corpus_config,
    roots_from_config,
    under_roots,
)
from artifactbench_pants.version import UNRELEASED, plugin_version


def test_config_candidates_walk_up_to_the_build_root() -> None:
    assert corpus_config_candidates("ml/evals/t1") == (
        "ml/evals/t1/artifactbench.toml",
        "ml/evals/artifactbench.toml",
        "ml/artifactbench.toml",
        "artifactbench.toml",
    )


def test_nearest_config_wins() -> None:
    assert nearest_corpus_config(["artifactbench.toml", "ml/artifactbench.toml"]) == "ml/artifactbench.toml"
    assert nearest_corpus_config([]) is None


@pytest.mark.parametrize(
    ("path", "roots", "inside"),
    [
        ("teams/search/benchmarks/r/t", ("teams/search/benchmarks",), True),
        ("teams/search/benchmarks2/t", ("teams/search/benchmarks",), False),
        ("ml/evals/t", ("teams/search/benchmarks", "ml/evals/"), True),
        ("anything/t", (), True),
    ],
)
def test_under_roots(path: str, roots: "tuple[str, ...]", inside: bool) -> None:
    assert under_roots(path, roots) is inside


def test_roots_come_from_the_corpus_config() -> None:
    text = 'version = 1\n[corpus]\nroots = ["teams/search/benchmarks", "./ml/evals"]\n'
    assert roots_from_config(text) == ("teams/search/benchmarks", "ml/evals")
    assert roots_from_config("version = = 1") == ()
    assert roots_from_config('version = 1\n[corpus]\nroots = "x"\n') == ()


def test_missing_modules_are_neither_stdlib_nor_owned() -> None:
    modules = ["json", "numpy", "os.path", "sklearn.metrics"]
    owned = [False, True, False, False]
    assert missing_grader_modules(modules, owned, ["json", "os"]) == ("sklearn.metrics",)
    message = missing_modules_message("ml/evals/t1:t1", ["sklearn.metrics"], "python-default")
    assert "ml/evals/t1:t1" in message and "sklearn.metrics" in message and "python-default" in message


def test_version_outside_an_installed_wheel_is_unreleased() -> None:
    # Loaded from the repository (pythonpath), the plugin has no distribution metadata.
    assert plugin_version() == UNRELEASED
