"""artifactbench.toml: strict loading, nearest-wins lookup, extra categories, and the CLI using it."""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import pytest

from artifactbench.cli import main
from artifactbench.cli._select import default_runs_dir, resolve_sets_dirs
from artifactbench.config import ConfigError, config_json_schema, find_config, load_config
from artifactbench.manifest import discover_with_problems, load_task

REPO = Path(__file__).resolve().parents[2]
CORPUS = REPO / "tests" / "fixtures" / "config" / "corpus"
SEARCH = CORPUS / "teams" / "search" / "benchmarks"
ML = CORPUS / "ml" / "evals"
RETRIEVAL_TASK = SEARCH / "retrieval" / "retrieval__sum_easy"


def test_fixture_config_loads_with_paths_relative_to_the_file():
    config = load_config(CORPUS / "artifactbench.toml")
    assert config.roots == (SEARCH, ML)
    assert config.categories == ("retrieval",)
    assert config.runs_dir == CORPUS / "out" / "runs"
    # No `sets` key: sets/ beside the file and under every root.
    assert config.sets_dirs == (CORPUS / "sets", SEARCH / "sets", ML / "sets")


BAD = [
    # (id, toml text, line, expected words in the one-line error)
    ("no_version", '[corpus]\nroots = ["a"]\n', None, "version=None: must be 1"),
    ("wrong_version", "version = 2\n", 1, "version=2: must be 1"),
    ("unknown_top_key", "version = 1\ncorpse = 1\n", 2, "corpse=1: unknown key (did you mean 'corpus'?)"),
    ("unknown_corpus_key", "version = 1\n[corpus]\nroot = []\n", 3,
     "corpus.root=[]: unknown key (did you mean 'roots'?)"),
    ("roots_not_list", 'version = 1\n[corpus]\nroots = "a"\n', 3, "corpus.roots='a': must be a list of strings"),
    ("absolute_root", 'version = 1\n[corpus]\nroots = ["/abs"]\n', 3, "corpus.roots='/abs': must be a path "
     "relative to the config file"),
    ("bad_category", 'version = 1\n[corpus]\ncategories = ["Web-Search"]\n', 3,
     "corpus.categories='Web-Search': must match"),
    ("double_underscore_category", 'version = 1\n[corpus]\ncategories = ["a__b"]\n', 3,
     "corpus.categories='a__b'"),
    ("runs_dir_not_string", "version = 1\n[corpus]\nruns_dir = 3\n", 3, "corpus.runs_dir=3: must be a string"),
    ("toml_syntax", "version = = 1\n", 1, "not valid TOML"),
]


@pytest.mark.parametrize(("case", "text", "line", "words"), BAD, ids=[row[0] for row in BAD])
def test_bad_config_is_one_line_naming_file_line_and_field(tmp_path, case, text, line, words):
    path = tmp_path / "artifactbench.toml"
    path.write_text(text, encoding="utf-8")
    with pytest.raises(ConfigError) as info:
        load_config(path)
    problems = info.value.problems
    assert len(problems) == 1
    shown = str(problems[0])
    assert "\n" not in shown and shown.startswith(str(path))
    assert problems[0].line == line
    assert words in shown


def test_nearest_config_wins(tmp_path):
    (tmp_path / "artifactbench.toml").write_text('version = 1\n[corpus]\ncategories = ["outer"]\n')
    inner = tmp_path / "team" / "evals"
    inner.mkdir(parents=True)
    (tmp_path / "team" / "artifactbench.toml").write_text('version = 1\n[corpus]\ncategories = ["inner"]\n')
    assert find_config(inner) == tmp_path / "team" / "artifactbench.toml"
    assert find_config(tmp_path / "other") == tmp_path / "artifactbench.toml"
    assert load_config(find_config(inner)).categories == ("inner",)


def test_extra_category_loads_under_its_config():
    task = load_task(RETRIEVAL_TASK)
    assert task.category == "retrieval" and task.instance_id == "retrieval__sum_easy"


def test_extra_category_without_config_is_an_error_naming_the_file_that_would_allow_it(tmp_path):
    task_dir = tmp_path / "corpus" / "retrieval" / "retrieval__sum_easy"
    shutil.copytree(RETRIEVAL_TASK, task_dir)
    tasks, problems = discover_with_problems([task_dir])
    assert tasks == ()
    [problem] = [p for p in problems if p.field == "category"]
    text = str(problem)
    assert "\n" not in text and "category='retrieval': not a canonical category" in text
    assert "[corpus] categories of" in text and "artifactbench.toml" in text
    # With that file in place the same task loads.
    (tmp_path / "corpus" / "artifactbench.toml").write_text('version = 1\n[corpus]\ncategories = ["retrieval"]\n')
    assert load_task(task_dir).category == "retrieval"


def test_unknown_category_under_a_config_names_that_config(tmp_path):
    (tmp_path / "artifactbench.toml").write_text('version = 1\n[corpus]\ncategories = ["ranking"]\n')
    task_dir = tmp_path / "retrieval__sum_easy"
    shutil.copytree(RETRIEVAL_TASK, task_dir)
    _, problems = discover_with_problems([task_dir])
    [problem] = [p for p in problems if p.field == "category"]
    assert f"[corpus] categories of {tmp_path / 'artifactbench.toml'}" in str(problem)
    assert "ranking" in str(problem)  # the allowed list includes the config's own categories


def test_list_uses_the_declared_roots_with_no_paths(monkeypatch, capsys):
    monkeypatch.chdir(ML)  # anywhere under the config: it is found by walking up
    assert main(["list", "--json"]) == 0
    listed = json.loads(capsys.readouterr().out)
    assert sorted(t["instance_id"] for t in listed["tasks"]) == ["algorithmic__sum_easy", "retrieval__sum_easy"]


@pytest.mark.parametrize(("name", "expected"), [("search", "retrieval__sum_easy"), ("ml", "algorithmic__sum_easy")])
@pytest.mark.parametrize("cwd", [CORPUS, ML], ids=["corpus_root", "inside_another_root"])
def test_set_is_found_under_every_root(monkeypatch, capsys, name, expected, cwd):
    monkeypatch.chdir(cwd)
    assert main(["list", "--set", name]) == 0
    assert capsys.readouterr().out.split("\t")[0] == expected


@pytest.mark.parametrize("cwd", [CORPUS, ML], ids=["corpus_root", "inside_another_root"])
def test_sets_lists_the_sets_of_every_root(monkeypatch, capsys, cwd):
    monkeypatch.chdir(cwd)
    assert main(["sets"]) == 0
    names = [line.split("\t")[0] for line in capsys.readouterr().out.splitlines()]
    assert names == ["ml", "search"]
    assert resolve_sets_dirs([], None) == (SEARCH / "sets", ML / "sets")


def test_same_set_name_under_two_roots_is_an_error(tmp_path, monkeypatch, capsys):
    corpus = tmp_path / "corpus"
    shutil.copytree(CORPUS, corpus)
    shutil.copy(corpus / "ml" / "evals" / "sets" / "ml.txt", corpus / "teams" / "search" / "benchmarks" / "sets")
    monkeypatch.chdir(corpus)
    assert main(["list", "--set", "ml"]) == 2
    err = capsys.readouterr().err
    assert "set='ml': defined in more than one sets folder" in err


def test_missing_declared_root_names_the_config(tmp_path, monkeypatch, capsys):
    (tmp_path / "artifactbench.toml").write_text('version = 1\n[corpus]\nroots = ["nowhere"]\n')
    monkeypatch.chdir(tmp_path)
    assert main(["list"]) == 2
    assert f"{tmp_path / 'artifactbench.toml'}: corpus.roots='nowhere': not a directory" in capsys.readouterr().err


def test_runs_dir_comes_from_the_config(monkeypatch):
    monkeypatch.chdir(SEARCH)
    assert default_runs_dir(None) == CORPUS / "out" / "runs"
    assert default_runs_dir("elsewhere") == Path("elsewhere")


def test_committed_config_schema_is_not_stale():
    committed = (REPO / "docs" / "artifactbench.toml.schema.json").read_text(encoding="utf-8")
    assert json.loads(committed) == config_json_schema(), (
        "docs/artifactbench.toml.schema.json is stale: "
        "run PYTHONPATH=src python3 tools/gen_task_schema.py --config")


def test_this_repository_declares_its_roots():
    config = load_config(REPO / "artifactbench.toml")
    assert config.roots and all(r.is_dir() for r in config.roots)


def test_bench_runs_a_set_of_the_declared_roots_into_the_configured_runs_dir(tmp_path, monkeypatch, capsys):
    corpus = tmp_path / "corpus"
    shutil.copytree(CORPUS, corpus)
    monkeypatch.chdir(corpus / "ml")
    assert main(["run", "--set", "search", "--run-id", "r1"]) == 0
    assert "OVERALL" in capsys.readouterr().out
    records = (corpus / "out" / "runs" / "r1" / "results.jsonl").read_text().splitlines()
    assert [json.loads(r)["instance_id"] for r in records] == ["retrieval__sum_easy"]
    assert json.loads(records[0])["verdict"] == "PASS"


def test_config_nested_too_deeply_is_one_error(tmp_path):
    # (outside attack: 500 nested arrays made tomllib recurse past the interpreter's limit: a traceback)
    path = tmp_path / "artifactbench.toml"
    path.write_text("version = 1\n[corpus]\ncategories = " + "[" * 500 + "]" * 500 + "\n")
    with pytest.raises(ConfigError) as err:
        load_config(path)
    assert "nested too deeply" in str(err.value) and str(path) in str(err.value)
