"""The mutation strategies only produce meaning-changing mutants; the policy file parses strictly."""

from __future__ import annotations

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from artifactbench.gates.fuzz import FuzzPolicy, FuzzPolicyError, kinds_for, load_policy, mutation_strategy, normalize
from artifactbench.gates.leaks import distinctive, quoted_in, significant_digits

SAMPLES = {
    "jsonl": '{"endpoint": "/a", "p95": 812.5, "n": 3, "ok": true}\n{"endpoint": "/b", "p95": 0.3, "n": 10, "ok": false}\n',
    "json": '{\n  "total": 12,\n  "items": [\n    {"k": "x", "v": 1.5},\n    {"k": "y", "v": 200}\n  ]\n}\n',
    "csv": "name,score\nalice,12.50\nbob,7\n",
    "yaml": "a: 1\nb:\n- x\n- y\n",
    "text": "answer 42\nYES\n\nsecond 3.25\n",
    "python": "def solve(x):\n    \"\"\"doc\"\"\"\n    return x + 1\n\n\ndef helper():\n    return 2\n",
}
PAIRS = [(fmt, kind) for fmt in SAMPLES for kind in kinds_for(fmt)]
FAST = settings(max_examples=15, database=None, deadline=None, derandomize=True,
                suppress_health_check=list(HealthCheck))


@pytest.mark.parametrize(("fmt", "kind"), PAIRS, ids=[f"{f}-{k}" for f, k in PAIRS])
@FAST
@given(data=st.data())
def test_every_mutant_changes_the_meaning(fmt, kind, data):
    text = SAMPLES[fmt]
    strategy = mutation_strategy(fmt, text, FuzzPolicy(), kind, prompt="write solve(x)")
    if strategy is None:
        return
    mutant = data.draw(strategy)
    assert mutant.kind == kind and mutant.where
    assert normalize(fmt, mutant.text) != normalize(fmt, text)


@pytest.mark.parametrize("kind", ["drop_definition", "stub_function"])
@FAST
@given(data=st.data())
def test_python_mutants_touch_only_prompt_named_definitions(kind, data):
    strategy = mutation_strategy("python", SAMPLES["python"], FuzzPolicy(), kind, "write solve(x)")
    assert data.draw(strategy).where.startswith("definition 'solve'")


SORTING = ("def merge(bookings):\n    \"\"\"Merged intervals, any input order.\"\"\"\n    out = []\n"
           "    for s, e in sorted(bookings, key=lambda b: b[0]):\n        out.append((s, e))\n"
           "    names = [n for n, _ in bookings]\n    names.sort(reverse=True)\n    return out\n\n\n"
           "def unnamed(x):\n    return sorted(x)\n")


@FAST
@given(data=st.data())
def test_drop_sort_takes_one_sort_out_of_a_named_definition(data):
    import ast

    mutant = data.draw(mutation_strategy("python", SORTING, FuzzPolicy(), "drop_sort", "write merge(bookings)"))
    assert mutant.where.startswith("definition 'merge'")
    ast.parse(mutant.text)  # still a module
    assert "list(bookings)" in mutant.text  # the sort of the input is the one taken out
    assert "return sorted(x)" in mutant.text  # a definition the prompt does not name keeps its sort
    assert "names.sort" in mutant.text  # a sort of the function's own values, not of its input, stays


def test_numbers_inside_the_tolerance_are_never_mutants():
    policy = FuzzPolicy(rel=0.0, abs=10_000.0)  # nothing moves far enough
    assert mutation_strategy("jsonl", SAMPLES["jsonl"], policy, "number_far") is None
    assert mutation_strategy("jsonl", SAMPLES["jsonl"], FuzzPolicy(), "number_sign") is not None


def test_unordered_and_ignored_fields_are_respected():
    assert mutation_strategy("jsonl", SAMPLES["jsonl"], FuzzPolicy(unordered=True), "swap_records") is None
    only_bools_ignored = FuzzPolicy(ignore_fields=("ok",))
    assert mutation_strategy("jsonl", SAMPLES["jsonl"], only_bools_ignored, "bool_flip") is None


def test_policy_is_read_as_literals(tmp_path):
    (tmp_path / "negative_cases.py").write_text(
        'import nothing_here\nFUZZ_UNORDERED = True\nFUZZ_IGNORE_FIELDS = ["note"]\n'
        'FUZZ_TOLERANCE = {"rel": 0.05, "abs": 0.5}\nFUZZ_SKIP = ["swap_records"]\n')
    assert load_policy(tmp_path) == FuzzPolicy(True, (), ("note",), 0.05, 0.5, ("swap_records",))


@pytest.mark.parametrize("line", ['FUZZ_TOLERANCE = {"rel": "5%"}', "FUZZ_SKIP = 'swap_records'",
                                  "FUZZ_IGNORE_FIELDS = [1]", "FUZZ_UNORDERED = compute()"])
def test_bad_policy_names_file_line_and_field(tmp_path, line):
    (tmp_path / "negative_cases.py").write_text("# policy\n" + line + "\n")
    with pytest.raises(FuzzPolicyError) as err:
        load_policy(tmp_path)
    assert "negative_cases.py:2" in str(err.value) and line.split(" =")[0] in str(err.value)


@pytest.mark.parametrize(("token", "digits"), [("812.5", 4), ("0.030", 2), ("1000", 1), ("-14.75", 4), ("3", 1)])
def test_significant_digits(token, digits):
    assert significant_digits(token) == digits


def test_distinctive_values_skip_keys_and_short_numbers():
    values = distinctive("jsonl", SAMPLES["jsonl"])
    assert set(values.numbers) == {812.5} and "endpoint" not in values.strings
    assert quoted_in(values, "expected 812.50 here") == ["812.5"]


@pytest.mark.parametrize("fmt", ["jsonl", "json", "csv"])
@FAST
@given(data=st.data())
def test_number_near_moves_a_non_integer_beyond_the_stated_band(fmt, data):
    from artifactbench.gates.core import read_prompt

    text = SAMPLES[fmt]
    prompt = "Every value must be within 0.001 of the exact one."
    mutant = data.draw(mutation_strategy(fmt, text, FuzzPolicy(), "number_near", prompt=prompt))
    assert normalize(fmt, mutant.text) != normalize(fmt, text)
    factor = int(mutant.where.rsplit(", ", 1)[1].split("x", 1)[0])
    old, new = float(mutant.old.strip("'")), float(mutant.new.strip("'"))
    assert old != int(old) or "." in mutant.old  # never a count
    assert abs(new - old) >= 0.99 * factor * read_prompt(prompt).stated.band(old)


def test_swap_values_never_trades_values_inside_the_tolerance_band():
    """Two sensors' means 0.9 apart may trade places under a 1.5 band and both still be right; ids
    and the counts far apart may not."""
    close = '{"sensor": "t-01", "mean": 20.35}\n{"sensor": "t-02", "mean": 21.29}\n'
    assert mutation_strategy("jsonl", close, FuzzPolicy(), "swap_values") is None
    apart = '{"sensor": "t-01", "mean": 20.35}\n{"sensor": "t-02", "mean": 91.5}\n'
    assert mutation_strategy("jsonl", apart, FuzzPolicy(), "swap_values") is not None
    table = '{"t-01": 20.35, "t-02": 21.29, "t-03": 20.95}\n'
    assert mutation_strategy("json", table, FuzzPolicy(), "swap_values") is None


def test_swap_values_on_many_identical_records_stays_quick():
    """No swap changes 20 000 identical records: the search for one looks at a bounded number of pairs."""
    text = '{"id": "a", "v": 1}\n' * 20_000  # (before the cap: every one of 2e8 pairs was looked at)
    assert mutation_strategy("jsonl", text, FuzzPolicy(), "swap_values") is None


def test_swap_values_on_a_mapping_of_many_equal_values_stays_quick():
    """A word count of 20 000 words seen once each: no exchange of two entries changes it, and the look
    for one compared every one of 2e8 entry pairs (18 s; minutes at 60 000 words)."""
    import json
    import time

    text = json.dumps({f"w{i}": 1 for i in range(20_000)})
    started = time.monotonic()
    assert mutation_strategy("json", text, FuzzPolicy(), "swap_values") is None
    assert time.monotonic() - started < 5.0


def test_swap_records_on_a_long_text_report_stays_small_and_quick():
    """Every line pair of a 20 000-line report was listed (2e8 tuples: 45 s and 7 GB) before the first
    500 were kept."""
    import resource
    import time

    text = "".join("- alpha\n" if i % 2 else "- beta\n" for i in range(20_000))
    before = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
    started = time.monotonic()
    assert mutation_strategy("text", text, FuzzPolicy(), "swap_records") is not None
    assert time.monotonic() - started < 5.0
    assert resource.getrusage(resource.RUSAGE_SELF).ru_maxrss - before < 500_000  # KiB
    same = "- alpha\n" * 20_000  # no pair differs: a bounded look, no swap
    assert mutation_strategy("text", same, FuzzPolicy(), "swap_records") is None
