"""One table of comment marks for every gate: a file type whose comments one gate reads, the others read too."""

from artifactbench.gates.core import ALL_LINE_MARKS, line_marks
from artifactbench.gates.fuzz import comment_only
from artifactbench.gates.leaks._values import Distinctive, program_values


def test_marks_by_name_suffix_and_bare_suffix():
    assert line_marks("out/query.SQL") == ("--",)
    assert line_marks(".sql") == ("--",)
    assert line_marks("Makefile") == ("#",)
    assert set(line_marks("supervisord.conf")) == {";", "#"}
    assert line_marks("answer.json") == ()
    assert line_marks("report.md") == ()
    assert set(ALL_LINE_MARKS) >= {"#", "--", "//", ";", "%"}


def test_an_es_module_comment_is_a_comment_to_fuzz_as_to_leaks():
    # `.mjs` was a program to one gate and a file without comments to the other
    reference = "// totals by depot\nexport const total = 41;\n"
    mutant = "// another note\nexport const total = 41;\n"
    assert comment_only("answer.mjs", reference, mutant)
    assert not comment_only("answer.mjs", reference, "// totals by depot\nexport const total = 42;\n")
    values = Distinctive({}, frozenset({"depot", "total"}))
    assert "depot" not in program_values(values, reference, ".mjs").strings


def test_an_ini_answers_semicolon_comment_is_read_by_leaks_too():
    source = "; checked nightly by the harbour office\nmode = 'harbour'\n"
    values = Distinctive({}, frozenset({"nightly", "harbour"}))
    kept = program_values(values, source, ".ini").strings
    assert "nightly" not in kept and "harbour" in kept
