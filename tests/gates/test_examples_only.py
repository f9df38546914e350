"""examples_only reads the worked examples a prompt shows of a Python module's functions (literals only,
linear time on hostile prompts) and builds memorizers of them that the fuzz gate grades."""

from __future__ import annotations

import ast
import time

import pytest

from artifactbench.gates.fuzz._examples import MAX_EXAMPLES, read_examples
from artifactbench.gates.fuzz._examples_only import closed_domain, memorizers


def _read(prompt: str, names=("f",)) -> list[tuple]:
    found = read_examples(prompt, frozenset(names))
    return [(e.function, ast.literal_eval(e.args), ast.literal_eval(e.kwargs),
             ast.literal_eval(e.result) if e.result else None, e.raises) for es in found.values() for e in es]


FORMS = [
    ("arrow", 'f("a b") -> "a-b"', ("a b",), "a-b", ""),
    ("fat arrow", "f(1, 2) => [1, 2]", (1, 2), [1, 2], ""),
    ("unicode arrow", "`f(3)` → `9`", (3,), 9, ""),
    ("equals", 'f("1/2 + 1/3")        == "5/6"', ("1/2 + 1/3",), "5/6", ""),
    ("assert", "assert f(2) == (1, 2)", (2,), (1, 2), ""),
    ("comment", "f([(5, 8), (1, 3)])   # -> [(1, 8)]", ([(5, 8), (1, 3)],), [(1, 8)], ""),
    ("bare comment", "f({'a': 1})  # {'a': 2}", ({"a": 1},), {"a": 2}, ""),
    ("comment returns", "f(-1.5e3)  # returns -1500.0", (-1.5e3,), -1500.0, ""),
    ("prose returns", "For example `f('Hello, World!')` returns `'hello-world'`.", ("Hello, World!",),
     "hello-world", ""),
    ("comment raises", 'f("1/0")              # raises ZeroDivisionError', ("1/0",), None, "ZeroDivisionError"),
    ("prose must raise", "and `f(0)` must raise `ValueError`.", (0,), None, "ValueError"),
    ("arrow to error", "f('') -> ValueError", ("",), None, "ValueError"),
    ("result on the next line", 'f("x y")\n# ["x", "y"]', ("x y",), ["x", "y"], ""),
    ("result over comment lines", 'f("a")\n# [("IDENT", "a"),\n#  ("END", "")]', ("a",),
     [("IDENT", "a"), ("END", "")], ""),
    ("doctest", ">>> f(3)\n'III'\n", (3,), "III", ""),
    ("doctest traceback", ">>> f(0)\nTraceback (most recent call last):\n  ...\nValueError: out of range\n",
     (0,), None, "ValueError"),
    ("a string holding a hash", "f('a # b') -> 'a'", ("a # b",), "a", ""),
]


@pytest.mark.parametrize("prompt, args, result, raises", [f[1:] for f in FORMS], ids=[f[0] for f in FORMS])
def test_each_form_of_a_worked_example_is_read(prompt, args, result, raises):
    assert _read(prompt) == [("f", args, {}, result, raises)]


def test_keyword_arguments_are_kept_apart():
    assert _read("f('a b', sep='_') -> 'a_b'") == [("f", ("a b",), {"sep": "_"}, "a_b", "")]


NOT_EXAMPLES = [
    ("an alternative", 'f(["x", "y"])\n# [("-", "x")]   or   [("+", "y")]'),
    ("an alternative in prose", "`f(2)` returns `1`, or `2` when ..."),
    ("a name, not a literal", "f(x) -> x + 1"),
    ("a result that is an expression", "f(10) -> 2 ** 10"),
    ("a method of the same name", "cache.f(1) -> 2"),
    ("a call inside another", "print(f(1))  # 2"),
    ("prose after 'returns'", "`f('')` returns an empty string"),
    ("a placeholder", "f(...) -> [...]"),
    ("an unknown exception name", "f(0)  # raises Whatever"),
    ("a starred argument", "f(*[1, 2]) -> 3"),
    ("no outcome", "Call `f(1)` once per line."),
    ("a code span that is no one literal", "`f(1)` returns `1), (2`"),
]


@pytest.mark.parametrize("prompt", [p for _, p in NOT_EXAMPLES], ids=[n for n, _ in NOT_EXAMPLES])
def test_what_is_no_plain_worked_example_is_not_read(prompt):
    assert _read(prompt) == []


def test_a_call_shown_with_two_outcomes_is_dropped():
    assert _read("f(1) -> 2\nf(2) -> 3\nf(1) -> 4") == [("f", (2,), {}, 3, "")]


def test_several_examples_on_one_line():
    assert _read("`f(1)` → `'I'`, `f(4)` → `'IV'`; `f(9)` → `'IX'`.") == [
        ("f", (1,), {}, "I", ""), ("f", (4,), {}, "IV", ""), ("f", (9,), {}, "IX", "")]


HOSTILE = [
    ("a 100 000-character line of calls", "f(" * 100_000),
    ("a 100 000-character line of closers", "f(1) -> " + ")" * 100_000),
    ("unbalanced parentheses", "f((((1) -> 2\n" * 5_000),
    ("a huge literal", "f(" + "9" * 100_000 + ") -> 1"),
    ("a deep literal", "f(" + "[" * 3_000 + "]" * 3_000 + ") -> 1"),
    ("a long unterminated string", 'f("' + "a" * 100_000),
    ("quotes everywhere", "f(\"'\"" * 30_000),
    ("a long result", "f(1) -> [" + "1, " * 50_000 + "]"),
    ("a long comment block", "f(1)\n" + "# [\n" * 50_000),
]


@pytest.mark.parametrize("prompt", [p for _, p in HOSTILE], ids=[n for n, _ in HOSTILE])
def test_hostile_prompts_are_read_fast_and_give_nothing(prompt):
    started = time.monotonic()
    assert _read(prompt) == []
    assert time.monotonic() - started < 2.0


def test_at_most_max_examples_are_read():
    prompt = "\n".join(f"f({i}) -> {i + 1}" for i in range(1_000))
    assert len(_read(prompt)) == MAX_EXAMPLES


REFERENCE = '''"""Slugs."""
import re


def slugify(title, sep="-"):
    return sep.join(re.findall(r"[a-z0-9]+", title.lower()))


def count(title):
    return len(slugify(title))
'''


def _run(module: str, call: str):
    namespace: dict = {}
    exec(compile(module, "memorizer.py", "exec"), namespace)  # the test's own module text, not a prompt
    return eval(call, namespace)  # noqa: S307 - the test's own call


def test_a_memorizer_answers_the_examples_and_nothing_else():
    prompt = ("`slugify('Hello World')` returns `'hello-world'`; `slugify('A b', sep='_')` returns `'a_b'`.\n"
              "`slugify('')` must raise `ValueError`.")
    found, why = memorizers(REFERENCE, prompt)
    assert why == "" and [(m.function, m.known) for m in found] == [("slugify", 3)]
    raising, none = dict(found[0].texts)["raise"], dict(found[0].texts)["none"]
    assert _run(raising, "slugify('Hello World')") == "hello-world"
    assert _run(raising, "slugify(title='Hello World', sep='-')") == "hello-world"  # the same call, bound
    assert _run(raising, "slugify('A b', '_')") == "a_b"
    with pytest.raises(ValueError):
        _run(raising, "slugify('')")
    with pytest.raises(NotImplementedError):
        _run(raising, "slugify('Other title')")
    assert _run(none, "slugify('Other title')") is None
    assert _run(none, "count('Hello World')") == 11  # the other definitions are the reference's


def test_no_memorizer_without_two_examples_of_one_function():
    assert memorizers(REFERENCE, "`slugify('a b')` returns `'a-b'`.") == (
        [], "the prompt shows 1 example(s) of its functions, fewer than 2 of any one")
    assert memorizers(REFERENCE, "Write slugify(title).")[1].startswith("the prompt shows no worked example")


def _domain(prompt: str, name: str = "f") -> str:
    return closed_domain(read_examples(prompt, frozenset({name}))[name], prompt)


def test_a_domain_the_prompt_enumerates_is_closed():
    listed = '`d` is one of `"N"`, `"E"`, `"S"`, `"W"`.\nf("N") -> "E"\nf("E") -> "S"\nf("S") -> "W"\nf("W") -> "N"'
    assert "one line lists" in _domain(listed)
    ranged = "`day` is 0 to 2.\n" + "\n".join(f"f({i}) -> {i * 10}" for i in range(3))
    assert "run from 0 to 2" in _domain(ranged)
    assert "both booleans" in _domain("f(True) -> 1\nf(False) -> 0")
    hands = ("rock", "paper", "scissors")
    game = "Each hand is `'rock'`, `'paper'` or `'scissors'`.\n" + "\n".join(
        f"f({a!r}, {b!r}) -> {a!r}" for a in hands for b in hands)
    assert _domain(game).count("one line lists them all") == 2


def test_a_partly_shown_product_is_not_closed():
    hands = ("rock", "paper", "scissors")
    game = "Each hand is `'rock'`, `'paper'` or `'scissors'`.\n" + "\n".join(
        f"f({a!r}, {b!r}) -> {a!r}" for a, b in zip(hands, hands[1:] + hands[:1]))
    assert _domain(game) == ""
    assert _domain("f(True, 1) -> 1\nf(True, 2) -> 0\n`n` is 1 or 2") == ""  # False never shown


def test_an_open_domain_is_not_closed():
    assert _domain("`n` is 1 to 3999.\nf(3) -> 'III'\nf(40) -> 'XL'\nf(1994) -> 'MCMXCIV'") == ""
    assert _domain("f('Hello World') -> 'hello-world'\nf('A b') -> 'a-b'") == ""
    assert _domain("f([(5, 8), (1, 3)]) -> [(1, 8)]\nf([]) -> []") == ""  # lists: no finite domain read


def test_fuzz_skip_silences_the_probe(tmp_path):
    import shutil
    from pathlib import Path

    from artifactbench.gates import CheckOptions, resolve_gates, run_checks
    from artifactbench.manifest import load_task

    root = tmp_path / "roman_numerals_skipped"
    shutil.copytree(Path(__file__).resolve().parents[1] / "fixtures" / "foreign" / "roman_numerals_examples", root)
    (root / "grader" / "negative_cases.py").write_text('FUZZ_SKIP = ["examples_only"]\n')
    options = CheckOptions(grader_timeout_s=20.0, fuzz_examples=20, fuzz_seconds=5.0)
    report = run_checks([load_task(root)], resolve_gates(["fuzz"]), options=options).tasks[0]
    fuzz = next(c for c in report.checks if c.gate == "fuzz")
    assert fuzz.status != "error", fuzz
    assert not any(k.name == "examples_only" for k in fuzz.cases), fuzz


def test_an_error_offered_with_an_alternative_is_not_read():
    assert _read("`f('')` raises `ValueError` or returns `None`") == []


def test_a_memorizer_raises_the_modules_own_exception_class():
    reference = "class ParseError(ValueError):\n    pass\n\n\ndef parse(text):\n    return text.split()\n"
    found, _ = memorizers(reference, "`parse('a b')` returns `['a', 'b']`; `parse('')` must raise `ParseError`.")
    module = dict(found[0].texts)["raise"]
    assert _run(module, "parse('a b')") == ["a", "b"]
    with pytest.raises(ValueError) as raised:
        _run(module, "parse('')")
    assert type(raised.value).__name__ == "ParseError"
