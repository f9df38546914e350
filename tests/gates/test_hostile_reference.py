"""A hostile reference_output (100000-deep JSON, JSON followed by junk, data nested a few hundred deep):
every gate that parses it says so in one line about the reference, never "internal error"."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from artifactbench.gates import CheckOptions, check_task, resolve_gates
from artifactbench.gates.fuzz._formats import MAX_NESTING, ParseError, parse
from artifactbench.manifest import load_task

FIXTURES = Path(__file__).resolve().parents[1] / "fixtures"
JSON_TASK = FIXTURES / "foreign" / "sensor_means_generated"  # reference grader/expected.json
JSONL_TASK = FIXTURES / "checks" / "good"  # reference grader/reference_output.jsonl, has a verifier
OPTIONS = CheckOptions(grader_timeout_s=5.0, generator_timeout_s=20.0, verifier_timeout_s=20.0,
                       fuzz_examples=8, fuzz_seconds=3.0)
GATES = ["negative", "fuzz", "leaks", "detail_leaks", "contract", "verifier_consistency", "content_leaks"]
REFERENCES = {  # case id -> reference bytes
    "deep_100000": b"[" * 100_000 + b"]" * 100_000,
    "junk_after": b'{"t-01": 20.35, "\xff\xfe": 1, "t-03": 2}\x00',
    "deep_300": b"[" * 300 + b"1" + b"]" * 300,
    # an exact integer beyond a float (300! has 615 digits) and a numeric string beyond one
    "beyond_float": b'{"t-01": 1' + b"0" * 615 + b', "t-02": "1e999", "t-03": 2.5}',
}


@pytest.mark.parametrize("text", ["[" * 100_000 + "]" * 100_000, '{"a": 1} junk', "[" * 300 + "]" * 300,
                                  '{"a": ' * 200 + "1" + "}" * 200])
@pytest.mark.parametrize("fmt", ["json", "jsonl", "yaml"])
def test_parse_refuses_hostile_data_with_one_short_line(fmt, text):
    with pytest.raises(ParseError) as caught:
        parse(fmt, text)
    message = str(caught.value)
    assert "\n" not in message and len(message) < 300, message


def test_parse_keeps_data_within_the_nesting_cap():
    assert parse("json", "[" * MAX_NESTING + "]" * MAX_NESTING).data is not None


def _task(tmp_path: Path, fixture: Path, reference: str, name: str, data: bytes) -> Path:
    root = tmp_path / name
    shutil.copytree(fixture, root)
    manifest = root / "task.yaml"
    text = manifest.read_text()
    old_id = next(line.split(":", 1)[1].strip() for line in text.splitlines() if line.startswith("instance_id:"))
    manifest.write_text(text.replace(old_id, f"{old_id.split('__')[0]}__{name}"))
    (root / reference).write_bytes(data)
    return root


@pytest.mark.parametrize("case", sorted(REFERENCES))
@pytest.mark.parametrize("fixture, reference", [(JSON_TASK, "grader/expected.json"),
                                                (JSONL_TASK, "grader/reference_output.jsonl")], ids=["json", "jsonl"])
def test_no_gate_meets_an_internal_error_on_a_hostile_reference(tmp_path, fixture, reference, case):
    data = REFERENCES[case]
    if reference.endswith(".jsonl"):
        data = data.replace(b"\x00", b"") + b"\n"
    report = check_task(load_task(_task(tmp_path, fixture, reference, case, data)), resolve_gates(GATES), OPTIONS)
    for check in report.checks:
        texts = [check.summary, *(c.detail for c in check.cases)]
        assert not any("internal error" in t for t in texts), (check.gate, texts)
        assert all("\n" not in t for t in texts), (check.gate, texts)
        assert not any("mutate raised" in t for t in texts), (check.gate, texts)  # the default mutations cope
    fuzz = next(c for c in report.checks if c.gate == "fuzz")
    baseline = next(c for c in fuzz.cases if c.name == "baseline")  # the fuzzer's one line about it
    assert baseline.detail.startswith(("reference_output does not parse as json",
                                       "the grader rejects the reference output")), baseline.detail


def test_numbers_beyond_a_float_have_no_float_meaning_and_raise_nowhere():
    from artifactbench.gates.fuzz._formats import as_number
    from artifactbench.gates.leaks._numbers import printed_numbers
    from artifactbench.gates.leaks._records import canonical

    assert as_number(10 ** 615, numeric_strings=False) is None  # float() refuses it
    assert as_number("1e999", numeric_strings=True) is None  # inf: no number to move
    assert as_number("2.5", numeric_strings=True) == 2.5
    assert canonical({"f": 10 ** 615}) == ("dict", (("f", ("num", 10 ** 615)),))
    assert [p.value for p in printed_numbers("codes 0e400 0e" + "9" * 5000 + " 2.5")] == [0.0, 0.0, 2.5]


def _laughs(levels: int) -> str:
    lines = ['a0: &a0 [1.5, 2.5, "x", true, 1.5, 2.5, "x", true, 1.5, 2.5]']
    lines += [f"a{i}: &a{i} [" + ", ".join([f"*a{i - 1}"] * 10) + "]" for i in range(1, levels + 1)]
    return "\n".join(lines) + "\n"


def test_yaml_aliases_that_expand_a_document_are_refused_quickly():
    """500 bytes, 10^8 nodes once expanded: parse's own depth check took 27 s, every other walker
    of parsed data (meanings, targets, leak records) longer."""
    import time

    from artifactbench.gates.leaks._records import records_in

    started = time.monotonic()
    with pytest.raises(ParseError, match="aliases"):
        parse("yaml", _laughs(8))
    records_in(_laughs(8))  # (a workspace file or prompt holding one: its CSV-like lines only)
    assert time.monotonic() - started < 2.0
    assert parse("yaml", "a: &x [1, 2]\nb: *x\n").data == {"a": [1, 2], "b": [1, 2]}  # an ordinary alias
