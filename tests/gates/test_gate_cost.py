"""Grading is spent where it finds things: one grader import serves every gate of a task where
isolation allows (the contract's first hash seed is the task's own session), a verdict is paid once
per artifact text, and a fuzz kind stops once it is clearly rejected."""

from __future__ import annotations

import shutil
from pathlib import Path

from artifactbench.gates import BUILTIN_GATES, CheckOptions, TaskContext, check_task, resolve_gates
from artifactbench.gates.contract._contract import HASH_SEEDS
from artifactbench.gates.fuzz import _fuzz
from artifactbench.manifest import load_task

FIXTURES = Path(__file__).resolve().parents[1] / "fixtures"
GOOD = FIXTURES / "checks" / "good"
OPTIONS = CheckOptions(grader_timeout_s=10.0, generator_timeout_s=20.0, verifier_timeout_s=10.0,
                       fuzz_examples=30, fuzz_seconds=8.0)
# Appended at the top of the good fixture's grader: every import of the grader writes one line.
COUNTER = "import os as _os\nwith open({log!r}, 'a') as _fh:\n    _fh.write(f'{{_os.getpid()}} {{_os.environ.get(\"PYTHONHASHSEED\")}}\\n')\n"
NETWORK = "import socket as _socket\n"


def _task(tmp_path: Path, head: str, body: str = ""):
    root = tmp_path / "task"
    shutil.copytree(GOOD, root)
    grader = root / "grader" / "hidden.py"
    text = grader.read_text()
    if body:
        text = text.replace('    path = Path(scratch_dir) / "output" / "p95.jsonl"\n', body, 1)
    grader.write_text(head + text)
    return load_task(root)


def test_every_default_gate_imports_the_grader_once_per_hash_seed(tmp_path):
    log = tmp_path / "imports.log"
    report = check_task(_task(tmp_path, COUNTER.format(log=str(log))), resolve_gates(None), OPTIONS)
    assert report.status == "pass", [(c.gate, c.summary) for c in report.checks if c.status != "pass"]
    imports = log.read_text().splitlines()
    # The task's session (positive, negative, contract seed 0, fuzz, leaks) and one per other seed.
    assert len(imports) == len(HASH_SEEDS), imports
    assert sorted(line.split()[1] for line in imports) == sorted(HASH_SEEDS)


def test_offline_audit_still_sees_lookups_through_the_shared_session(tmp_path):
    # The grader looks up a host only for the reference (graded first by the positive gate).
    body = ('    if (Path(scratch_dir) / "output" / "p95.jsonl").read_text().startswith(\'{"endpoint": "/a"\'):\n'
            '        try:\n            _socket.getaddrinfo("telemetry.invalid", 80)\n'
            '        except OSError:\n            pass\n'
            '    path = Path(scratch_dir) / "output" / "p95.jsonl"\n')
    gates = resolve_gates(["positive", "contract"])
    report = check_task(_task(tmp_path, NETWORK, body), gates, OPTIONS)
    contract = next(c for c in report.checks if c.gate == "contract")
    offline = next(c for c in contract.cases if c.name == "offline")
    assert offline.status == "FINDING" and "getaddrinfo" in offline.detail, offline


def test_a_grader_that_repoints_the_audit_log_is_still_recorded(tmp_path):
    # Graders share forkservers: the hook's log is fixed per session before the grader is imported,
    # so repointing the env (at another task's log, or nowhere) neither hides an attempt nor blames
    # another task.
    body = ('    _os.environ["ARTIFACTBENCH_NET_AUDIT"] = ' + repr(str(tmp_path / "elsewhere.jsonl")) + "\n"
            '    try:\n        _socket.getaddrinfo("telemetry.invalid", 80)\n'
            '    except OSError:\n        pass\n'
            '    path = Path(scratch_dir) / "output" / "p95.jsonl"\n')
    report = check_task(_task(tmp_path, NETWORK + "import os as _os\n", body), resolve_gates(["contract"]), OPTIONS)
    offline = next(c for c in report.checks[0].cases if c.name == "offline")
    assert offline.status == "FINDING" and "getaddrinfo" in offline.detail, offline
    assert not (tmp_path / "elsewhere.jsonl").exists()


def test_contract_alone_still_compares_three_hash_seeds(tmp_path):
    # A verdict that depends on the hash seed: the seed-0 run comes from the task's session.
    body = ('    if hash("artifactbench") % 2:\n        return GradeResult(False, 0.0, "odd")\n'
            '    path = Path(scratch_dir) / "output" / "p95.jsonl"\n')
    seeds_disagree = any(hash_parity(s) for s in HASH_SEEDS) and not all(hash_parity(s) for s in HASH_SEEDS)
    assert seeds_disagree  # otherwise this grader would not be nondeterministic across the seeds
    report = check_task(_task(tmp_path, "", body), resolve_gates(["contract"]), OPTIONS)
    determinism = next(c for c in report.checks[0].cases if c.name == "determinism")
    assert determinism.status == "FINDING", determinism


def hash_parity(seed: str) -> bool:
    import subprocess
    import sys

    out = subprocess.run([sys.executable, "-c", 'print(hash("artifactbench") % 2)'], capture_output=True,
                         text=True, env={"PYTHONHASHSEED": seed}, check=True).stdout
    return out.strip() == "1"


def test_a_clearly_rejected_kind_stops_after_distinct_fields(monkeypatch):
    ctx = TaskContext(load_task(GOOD), OPTIONS)
    graded = []
    real = ctx.grade_text

    def counting(text, **kw):
        graded.append(text)
        return real(text, **kw)
    monkeypatch.setattr(ctx, "grade_text", counting)
    try:
        from artifactbench.gates import FuzzBudget
        result = _fuzz.fuzz_gate(ctx, FuzzBudget(examples=400, seconds=60.0))
    finally:
        ctx.close()
    cases = {c.name: c for c in result.cases}
    assert result.status == "pass", result
    stopped = [c for c in cases.values() if "clearly rejected" in c.detail]
    assert stopped, cases
    # 400 examples over the kinds would allow ~30 mutants per kind; a clear rejection stops far sooner.
    assert len(graded) < 400 // 3, len(graded)


def test_identical_artifact_texts_are_graded_once():
    ctx = TaskContext(load_task(GOOD), OPTIONS)
    try:
        text = "not json\n"
        first = ctx.grade_text(text)
        again = ctx.grade_text(text)
        assert first is again and ctx.graded == 1
        ctx.grade_text(text + " ")
        assert ctx.graded == 2
    finally:
        ctx.close()


def test_builtin_contract_gate_prepares_the_task_session():
    contract = next(g for g in BUILTIN_GATES if g.name == "contract")
    assert contract.prepare is not None


def test_quoted_in_matches_the_per_value_scan_on_whole_tokens():
    from artifactbench.gates.leaks._values import Distinctive, quoted_in

    values = Distinctive({812.5: "812.5", 1000.0: "1000", 0.0: "0"},
                         frozenset({"ORD-4471", "alpha", "two words", "v1.2"}))
    text = "id ORD-4471x, alpha-beta; two words! v1.2 and 812.500000000001 / 1e3 x0 ORD-4471"
    assert quoted_in(values, text) == ["812.5", "1000", "ORD-4471", "two words", "v1.2"]
    assert quoted_in(values, "alpha_1 812.6 xtwo words") == []


def test_verifier_consistency_mutants_stay_few_on_a_big_artifact():
    import json
    import time

    from artifactbench.gates.fuzz._verifier_consistency import MAX_NUMBERS, MAX_STRINGS, value_mutants

    rows = [{"id": f"r{i:05d}", "name": f"item {i}", "v": i * 1.5} for i in range(20000)]
    text = "".join(json.dumps(r) + "\n" for r in rows)
    started = time.monotonic()
    mutants = value_mutants("jsonl", text, "public " * 100000)
    assert time.monotonic() - started < 20  # was quadratic in the number of values: minutes
    numeric = [m for m, n in mutants if n]
    assert len(numeric) == MAX_NUMBERS and len(mutants) - len(numeric) == MAX_STRINGS
    # The nearest other value of the column, found by bisection: 0.0 moves halfway to 1.5.
    assert numeric[0].describe() == "value_midpoint: record 0 (line 1), field 'v': 0.0 -> 0.75"
    assert numeric[-1].describe().endswith("7.5 -> 8.25")


def test_contract_garbage_texts_share_the_task_verdicts():
    from artifactbench.gates.contract import contract_gate

    ctx = TaskContext(load_task(GOOD), OPTIONS)
    try:
        before = ctx.grade_text("")  # graded earlier by another gate
        result = contract_gate(ctx, mutants=1)
        texts = {text: outcome for text, _, outcome in ctx.graded_texts()}
    finally:
        ctx.close()
    assert texts[""] is before  # not graded a second time
    assert " \n\n\t\n" in texts  # the other text garbage is remembered for later gates
    assert all(c.status == "OK" for c in result.cases if c.name.startswith("no_raise:")), result


def test_contract_reuses_the_negative_gates_verdicts_as_the_first_seed(tmp_path):
    # Nondeterministic on wrong answers only: the mutants' seed-0 verdicts come from the negative gate.
    body = ('    try:\n        _rows = [json.loads(x) for x in (Path(scratch_dir) / "output" / "p95.jsonl")'
            '.read_text().splitlines() if x.strip()]\n    except Exception:\n        _rows = None\n'
            '    if _rows != EXPECTED and hash("artifactbench") % 2:\n'
            '        return GradeResult(False, 0.0, "odd")\n'
            '    path = Path(scratch_dir) / "output" / "p95.jsonl"\n')
    report = check_task(_task(tmp_path, "", body), resolve_gates(["negative", "contract"]), OPTIONS)
    contract = {c.name: c for c in report.checks[-1].cases}
    # 4 artifacts x 3 seeds, less the 3 mutants whose seed-0 verdict the negative gate left behind (9),
    # plus each mutant's two other seeds graded again in forked children once the seeds disagreed (6).
    assert contract["read_only"].detail.endswith("unchanged by 15 grading run(s)"), contract["read_only"]
    assert contract["determinism"].status == "FINDING", contract["determinism"]
    assert "mutant" in contract["determinism"].detail and "reference ->" not in contract["determinism"].detail


def test_record_scan_skips_other_shapes_but_finds_every_copy():
    """The content-leak record scan looks only at records shaped like the reference's (the same keys,
    or the same list length): a big input log of another shape costs no canonical forms, and a copy of
    the answer is still found in every container (JSON line, CSV with the same header in another
    column order, a JSON document, non-ASCII keys written raw or escaped)."""
    from artifactbench.gates.leaks._records import Shapes, records_in, reference_records

    ref = reference_records("jsonl", '{"städt": "Köln", "n": 12}\n{"städt": "Bonn", "n": 7}\n')
    shapes = Shapes.of(ref)
    log = "ts,meter,kwh\n" + "".join(f"2024-01-01T00:{i % 60:02d},m{i},{i}.5\n" for i in range(2000))
    assert records_in(log, shapes) == set()
    assert len(records_in(log)) == 2000  # unfiltered, the same scan sees every row
    for text in ('{"n": 12, "städt": "Köln"}\n', '{"n": 12.0, "st\\u00e4dt": "K\\u00f6ln"}\n',
                 'n,städt\n12,Köln\n7,Bonn\n', '[{"städt": "Bonn", "n": 7}]'):
        assert set(ref) & records_in(text, shapes), text
    lists = reference_records("json", "[[1, 2], [3, 4]]")
    assert records_in("[1, 2]\n[5, 6, 7]\n", Shapes.of(lists)) == {("list", (("num", 1.0), ("num", 2.0)))}


def test_a_grader_session_stops_without_the_interpreter_teardown(tmp_path):
    """The server exits as soon as its stdin closes (os._exit): an atexit hook of the grader module,
    which ran at every session's end before (~30 ms of teardown), never runs now."""
    from artifactbench.grading import GraderSession

    marker = tmp_path / "atexit.txt"
    task = _task(tmp_path, f"import atexit as _ax\n_ax.register(lambda: open({str(marker)!r}, 'w').write('x'))\n")
    with GraderSession(task, timeout_s=10.0) as session:
        scratch = tmp_path / "scratch"
        shutil.copytree(task.workspace_dir, scratch)
        assert session.grade(scratch).ok
    assert not marker.exists()


def test_swap_records_looks_at_few_pairs_of_a_list_of_equal_values():
    """review8: a reference listing 20 000 equal values (a day's counts, all 0) offers no swap, and
    swap_records looked at all 2e8 pairs (20 s; 100 000 of them: 500 s) before a first mutant,
    whatever --fuzz-seconds said."""
    import json
    import random
    import time

    from artifactbench.gates.fuzz._policy import FuzzPolicy
    from artifactbench.gates.fuzz._strategies import mutation_draws

    reference = json.dumps({"counts": [0] * 20_000, "names": ["a", "b", "c"]})
    started = time.monotonic()
    draws = mutation_draws("json", reference, FuzzPolicy(), "swap_records")
    assert time.monotonic() - started < 2.0
    assert draws is None or "names" in next(draws.values(random.Random(0))).where
