"""An agent's output folder is stored within a count of entries (outside attack: 200 000 empty files were all
copied into the run dir; the byte limits count none of them)."""

from __future__ import annotations

from pathlib import Path, PurePosixPath

import pytest

from artifactbench.bench import _isolation
from artifactbench.bench._isolation import Unsafe, snapshot_output


def _output(scratch: Path, files: int) -> None:
    out = scratch / "output"
    out.mkdir(parents=True)
    for i in range(files):
        (out / f"f{i}.txt").write_text("")


def test_an_output_folder_of_too_many_files_is_not_stored(tmp_path, monkeypatch):
    monkeypatch.setattr(_isolation, "MAX_OUTPUT_ENTRIES", 50)
    _output(tmp_path / "scratch", 51)
    with pytest.raises(Unsafe) as err:
        snapshot_output(tmp_path / "scratch", PurePosixPath("output"), tmp_path / "store")
    assert err.value.reason == "resource_limit" and "more than 50" in err.value.detail


def test_an_output_folder_within_the_count_is_stored(tmp_path, monkeypatch):
    monkeypatch.setattr(_isolation, "MAX_OUTPUT_ENTRIES", 50)
    _output(tmp_path / "scratch", 50)
    assert snapshot_output(tmp_path / "scratch", PurePosixPath("output"), tmp_path / "store")
    assert len(list((tmp_path / "store" / "output").iterdir())) == 50


def test_run_files_that_are_links_and_results_outside_the_run_dir_are_refused(tmp_path):
    # (outside attack: a results.jsonl or run.json linking to a file elsewhere was read; `--results ../x.jsonl` named
    # report files after it inside the run dir)
    from artifactbench.bench import report_run
    from artifactbench.bench._store import RunStore, read_results_bytes
    from artifactbench.errors import ArtifactBenchError
    run = tmp_path / "runs" / "r1"
    run.mkdir(parents=True)
    outside = tmp_path / "elsewhere.jsonl"
    outside.write_text("")
    (run / "results.jsonl").symlink_to(outside)
    with pytest.raises(ArtifactBenchError, match="not a regular file"):
        read_results_bytes(run / "results.jsonl")
    (run / "run.json").symlink_to(outside)
    with pytest.raises(ArtifactBenchError, match="symbolic link|not a regular file"):
        RunStore(tmp_path / "runs", "r1").load_config()
    (run / "run.json").unlink()
    (run / "run.json").write_text('{"version": 1, "run_id": "r1", "arms": [], "tasks": []}')
    with pytest.raises(ArtifactBenchError, match="a file name in the run dir"):
        report_run(tmp_path / "runs", "r1", "../elsewhere.jsonl")
