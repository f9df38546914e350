"""The oracle self-test over the real corpus (marker slow: every seed-v1 task is materialized and graded)."""

from __future__ import annotations

from pathlib import Path

import pytest

from artifactbench.bench import read_results
from artifactbench.cli._bench import bench_main
from artifactbench.sets import read_set

REPO = Path(__file__).resolve().parent.parent.parent
SEED = REPO / "sets" / "seed-v1.txt"


@pytest.mark.slow
def test_oracle_passes_every_seed_v1_task(tmp_path) -> None:
    rc = bench_main([str(REPO / "problems"), "--set", "seed-v1", "--sets-dir", str(REPO / "sets"),
                     "--runs-dir", str(tmp_path), "--run-id", "seed", "-j", "2"])
    recs = read_results(tmp_path / "seed" / "results.jsonl")
    assert rc == 0, [(r.instance_id, r.detail) for r in recs if r.verdict != "PASS"]
    assert recs and all(r.verdict == "PASS" for r in recs)
    assert sorted(r.instance_id for r in recs) == sorted(read_set(SEED)), "one record per task of the set"
