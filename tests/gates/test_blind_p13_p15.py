"""Rules from blind batches p13-p15 (tasks none of us wrote): a tolerance in places, a relative error of a
sentence that also speaks of convergence, programs whose constants change, equivalent character classes,
a page free outside one element, INI comments, other config options, ids of an object of records, and a
parser's own words in a detail."""

from __future__ import annotations

import json

from artifactbench.gates.core import read_prompt
from artifactbench.gates.core._accuracy import stated_tolerance
from artifactbench.gates.fuzz import FuzzPolicy
from artifactbench.gates.fuzz._classes import same_class
from artifactbench.gates.fuzz._comments import comment_only, graded_element, outside_element
from artifactbench.gates.fuzz._reference import Reference
from artifactbench.gates.leaks._values import distinctive, quoted_in


def test_a_relative_error_beside_a_clause_on_convergence_is_read():
    stated = stated_tolerance("Results are compared with a converged reference solution; A and Ea must each agree "
                              "to a relative error of 1e-4, which any properly converged minimiser reaches easily.")
    assert stated is not None and (stated.abs, stated.rel) == (0.0, 1e-4)
    assert stated.sentence.startswith("Results are compared")  # the whole sentence is quoted back
    # a clause on how to compute still states nothing of the answer
    assert stated_tolerance("Iterate until successive values are within 1e-12 of each other.") is None
    both = stated_tolerance("Stop iterating when the residual is below 1e-10, and report x within 1e-6.")
    assert both is not None and both.abs == 1e-6


def _ref(artifact: str, text: str, prompt: str = "") -> Reference:
    return Reference("text", text, FuzzPolicy(), read_prompt(prompt), artifact)


SQL = ("SELECT region, SUM(total) FROM orders\nWHERE order_date >= '2024-01-01 00:00:00'\n"
       "  AND order_date < '2025-01-01 00:00:00'\nGROUP BY region\nLIMIT 5;\n")


def test_a_constant_changed_in_a_program_is_left_open_but_a_program_cut_short_is_not():
    ref = _ref("q.sql", SQL)
    for kind in ("number_far", "number_sign", "number_nan", "type_change", "string_change", "later_record"):
        severity, why = ref.program_change(kind)
        assert severity == "warn" and "may leave it behaving the same" in why, kind
    assert ref.program_change("drop_record")[0] == "warn"
    assert ref.program_change("truncate_text") is None
    assert _ref("report.md", SQL).program_change("number_far") is None  # a report is no program


def test_an_equivalent_character_class_is_the_same_pattern():
    line = "ipv4 = '(25[0-5]|2[0-4][0-9]|1[0-9][0-9])'\n"
    assert same_class(line, line.replace("[0-5]", "[1000-5]", 1)) == ("[0-5]", "[1000-5]")
    assert same_class(line, line.replace("[0-5]", "[0-6]", 1)) is None  # one character more
    assert same_class(line, line.replace("[0-5]", "[-0-5]", 1)) is None  # a literal "-" added
    assert same_class("x = [1, 2, 1]\n", "x = [1, 2, 2]\n") is None  # a list, not a class
    assert same_class("grep -E '[0-9]{3}'", "grep -E '[0-9]{1003}'") is None  # outside the class
    assert same_class(r"p = '[\d-x]'", r"p = '[\d-1000x]'") is None  # an escape class is not expanded


PAGE = ('<!DOCTYPE html>\n<html>\n<head>\n  <meta charset="utf-8">\n</head>\n<body>\n<h1>Handbook</h1>\n'
        '<nav id="toc">\n<ul>\n  <li><a href="#a">A</a></li>\n</ul>\n</nav>\n</body>\n</html>\n')


def test_anything_outside_one_element_frees_the_rest_of_the_page():
    element = graded_element('Anything outside `<nav id="toc">` (doctype, `<head>`, styles, a heading) is up to '
                             'you, and whitespace/indentation does not matter.')
    assert element is not None and element[:2] == ("nav", {"id": "toc"})
    assert outside_element("toc.html", element, PAGE, PAGE.replace("<head>", "mutant-value"))
    assert not outside_element("toc.html", element, PAGE, PAGE.replace('href="#a"', 'href="#b"'))
    assert graded_element("Everything except the <table id=\"t\"> is ignored.")[:2] == ("table", {"id": "t"})
    assert graded_element("Anything outside <nav> must be valid HTML.") is None  # no freedom stated


def test_ini_style_configs_take_semicolon_comments():
    conf = "; supervisord config for app-07\n[supervisord]\nnodaemon=true\n"
    assert comment_only("deploy/supervisord.conf", conf, conf.replace("; supervisord config for app-07\n", ""))
    assert comment_only("setup.cfg", conf, "; note\n" + conf)
    assert not comment_only("deploy/supervisord.conf", conf, conf.replace("nodaemon=true", "nodaemon=false"))


CONF = "[program:api]\ncommand=/opt/api\npriority=40\nstdout_logfile=/var/log/api.log\n"
CONF_PROMPT = ("Each `[program:<name>]` section sets `command` and `priority`.\n\n"
               "Any other supervisord options (`stdout_logfile`, `stopwaitsecs`, comments, ...) may be added freely.")


def test_other_options_of_a_config_file_are_free_lines():
    free = read_prompt(CONF_PROMPT).free_lines
    assert free.confined(CONF, CONF.replace("stdout_logfile=/var/log/api.log\n", ""))
    assert free.confined(CONF, CONF + "stopwaitsecs=10\n")
    assert not free.confined(CONF, CONF.replace("priority=40\n", ""))  # a key the prompt asks for
    assert not free.confined(CONF, CONF.replace("command=/opt/api", "command=/opt/other"))


def test_other_lines_that_are_allowed_are_free():
    prompt = ("Write `heat_report.txt` with one `key: value` pair per line.\n\n* Key order is free, and other "
              "lines (headings, comments, extra diagnostics) are allowed as long as they do not repeat a key.")
    report = "# FTCS reference run, r = 0.2200\nsteps: 900\n"
    free = read_prompt(prompt).free_lines
    assert free.confined(report, report.replace("0.2200", "1002.2000"))
    assert not free.confined(report, report.replace("900", "1900"))


def test_the_ids_of_an_object_of_records_are_no_other_keys():
    answer = {"accounts": {f"AC{n}": {"balance": n * 10, "status": "open", "memo": "m"} for n in (1061, 1470, 1518, 5762)}}
    text = json.dumps(answer, indent=2)
    allows = read_prompt("Write `ledger.json`: `accounts` maps each account id to its `balance` and `status`. "
                         "Other keys are allowed.")
    ref = Reference("json", text, FuzzPolicy(), allows, "ledger.json")
    dropped = json.loads(text)
    del dropped["accounts"]["AC5762"]
    assert ref.open_change(json.dumps(dropped, indent=2)) is None  # an account dropped is a wrong answer
    memo = json.loads(text)
    del memo["accounts"]["AC5762"]["memo"]
    assert ref.open_change(json.dumps(memo, indent=2)) is not None  # a field the prompt never names is still open
    # the station id before a named field is the record's id, not an unnamed key
    stations = read_prompt("Write one object per station id holding `mean_level_cm` and `r2`. Extra keys per "
                           "station are allowed.")
    assert stations.leaves_open("number_nan", "at $.RG-08.r2") is None
    assert stations.leaves_open("number_nan", "at $.RG-08.extra_note") is not None


def test_a_parser_s_own_words_are_no_answer_values():
    answer = distinctive("json", json.dumps({"steps": [{"op": "move", "position": "after", "key": "timeout_s"}]}))
    detail = "output artifact failed to parse: Expected '=' after a key in a key/value pair (at line 1, column 9)"
    assert quoted_in(answer, detail) == []
    assert quoted_in(answer, "expected key timeout_s") == ["timeout_s"]  # an answer value still counts


def test_a_line_the_prompt_shows_verbatim_is_given_not_worked_out():
    prompt = 'Write the final state to `schedule.xml`:\n\n```\n<schedule date="2026-03-14">\n  <booking .../>\n```\n'
    text = '<?xml version="1.0"?>\n<schedule date="2026-03-14">\n  <booking id="R031" start="09:00"/>\n</schedule>\n'
    ref = _ref("schedule.xml", text, prompt)
    assert ref.shown_line_change(text.replace("2026-03-14", "21260-03-14"), prompt)[0] == "warn"
    assert ref.shown_line_change(text.replace("09:00", "10:00"), prompt) is None  # a worked-out value
    assert ref.shown_line_change(text.replace("2026-03-14", "2027-03-14").replace("09:00", "10:00"), prompt) is None


def test_two_statements_of_a_program_swapped_stay_a_finding():
    sql = "SELECT x FROM t\nWHERE 1 = 1\n  AND a = 1\n  AND b = 2\n"
    ref = _ref("q.sql", sql)
    assert ref.program_change("swap_records", "line 1 <-> line 3") is None  # SELECT with AND: it no longer runs
    assert ref.program_change("swap_records", "line 2 <-> line 3") is None  # WHERE with AND
    assert ref.program_change("swap_records", "line 3 <-> line 4")[0] == "warn"  # two conditions may commute


def test_a_tolerance_stated_of_one_field_is_not_probed_on_another():
    from artifactbench.gates.fuzz._within import within_probes

    text = json.dumps({"RG-01": {"mean_cm": 142.4333, "max_cm": 144.6}, "RG-02": {"mean_cm": 248.8, "max_cm": 249.9}})
    prompt = "- `mean_cm`: the mean of the station's levels, within 0.01 cm;\n- `max_cm`: the highest level recorded."
    probes = within_probes("json", text, FuzzPolicy(), stated_tolerance(prompt), prompt)
    assert probes and all("mean_cm" in p.where for p in probes)


def test_lines_of_a_program_are_no_records_whose_order_a_prompt_frees():
    """Blind p18: "the order of the view's rows does not matter" beside an SQL view whose two lines,
    swapped, no longer parse: that refusal is no right answer refused."""
    sql = "CREATE VIEW v AS\nSELECT a FROM t\nUNION ALL\nSELECT b FROM u;\n"
    assert not _ref("view.sql", sql).records_swapped("line 2 <-> line 4", "")
    table = "| a |\n|---|\n| 1 |\n| 2 |\n"
    assert _ref("table.md", table).records_swapped("line 3 <-> line 4", "")


def test_one_exception_from_one_line_is_reported_once():
    from artifactbench.gates.core import raise_site as _raise_site

    first = ('grader exception: grade() raised ValueError: embedded null character; traceback tail: File '
             '"/t/grader/hidden.py", line 57, in grade / conn.executescript(sql) / ValueError: embedded null')
    again = first.replace("embedded null character", "embedded null character (2)")
    assert _raise_site(first) == _raise_site(again) == ("ValueError", "/t/grader/hidden.py", "57")
    assert _raise_site(first.replace("line 57", "line 60")) != _raise_site(first)
    assert _raise_site("grader timeout: grade() took longer than 60 s") is None


def test_the_negative_gate_allows_a_change_outside_the_element_a_page_grades(tmp_path):
    """Blind p15: the spec's off_by_one (`utf-8` -> `utf-9` in a `<meta>`) and wrap_in_list (`[` before the
    doctype) on a page whose prompt frees everything outside `<nav id="toc">`: info, not a warning."""
    import shutil
    from pathlib import Path

    from artifactbench.gates import CheckOptions, resolve_gates, run_checks
    from artifactbench.manifest import load_task

    task = tmp_path / "toc"
    shutil.copytree(Path(__file__).resolve().parents[1] / "fixtures" / "foreign" / "release_audit_titled", task)
    (task / "prompt.md").write_text('Write `audit.md`, an HTML page. Anything outside `<nav id="toc">` is up to '
                                    'you.\n', encoding="utf-8")
    page = '<!DOCTYPE html>\n<html><head><meta charset="utf-8"></head>\n<body>\n<nav id="toc">\n<a href="#a">A</a>\n</nav>\n</body></html>\n'
    manifest = (task / "task.yaml").read_text(encoding="utf-8")
    (task / "task.yaml").write_text(manifest.replace("audit.md", "toc.html"), encoding="utf-8")
    (task / "grader" / "golden_toc.html").write_text(page, encoding="utf-8")
    (task / "grader" / "hidden.py").write_text(
        "from pathlib import Path\n\nclass GradeResult:\n    def __init__(self, passed, score, detail):\n"
        "        self.passed, self.score, self.detail = passed, score, detail\n\n"
        "def grade(scratch_dir):\n    p = Path(scratch_dir) / 'toc.html'\n"
        "    text = p.read_text(encoding='utf-8', errors='replace') if p.is_file() else ''\n"
        "    ok = '<nav id=\"toc\">\\n<a href=\"#a\">A</a>\\n</nav>' in text\n"
        "    return GradeResult(ok, 1.0 if ok else 0.0, 'toc correct' if ok else 'toc missing')\n", encoding="utf-8")
    report = run_checks([load_task(task)], resolve_gates(["negative"]), jobs=1, options=CheckOptions())
    cases = {k.name: k for c in report.tasks[0].checks for k in c.cases}
    assert cases["off_by_one"].severity == "info" and "outside <nav>" in cases["off_by_one"].detail
    assert cases["wrap_in_list"].severity == "info"


# Found by an outside review of the rules above: each one too broad somewhere.
def test_review_keys_required_beside_the_grant_of_other_options_stay_graded():
    prompt = "The program section must set `command`, `user` and `autorestart`; any other options may be added freely."
    conf = "[program:api]\ncommand=/opt/api\nuser=worker\nautorestart=true\nstdout_logfile=/var/log/api.log\n"
    free = read_prompt(prompt).free_lines
    assert not free.confined(conf, conf.replace("autorestart=true", "autorestart=false"))
    assert not free.confined(conf, conf.replace("user=worker", "user=root"))
    assert free.confined(conf, conf.replace("stdout_logfile=/var/log/api.log\n", ""))


def test_review_a_range_of_numbers_in_a_report_is_no_character_class():
    assert same_class("bucket [10-20]: 5\n", "bucket [10-21]: 5\n") is None
    assert same_class("window [12:00-13:00]\n", "window [12:00-13:01]\n") is None
    assert same_class("p = '25[0-5]|2[0-4]'", "p = '25[1000-5]|2[0-4]'") is not None


def test_review_a_method_clause_lends_the_answer_no_tolerance():
    stated = stated_tolerance("Answers are compared within 1e-8. Run the solver with an error below 0.01, which "
                              "makes it converge quickly.")
    assert stated is not None and (stated.abs, stated.rel) == (1e-8, 1e-8)


def test_review_a_grid_row_is_no_line_of_brackets():
    prompt = "Write `maze.txt`, the maze with the path marked by `*`. You may add notes below the maze."
    maze = "#####\n##*##\n##*##\n#####\n"
    free = read_prompt(prompt).free_lines
    assert not free.confined(maze, maze.replace("##*##\n##*##", "##*##\n##.##"))


def test_review_a_key_the_prompt_names_is_a_field_whatever_its_digits():
    allows = read_prompt("Each endpoint has `p95` and `p50` in milliseconds. You may add other keys.")
    assert allows.leaves_open("number_far", "at $.p95.millis") is None


def test_review_an_answer_word_that_is_a_parser_s_noun_still_leaks():
    answer = distinctive("json", json.dumps({"column_type": "mapping", "storage": "string"}))
    assert quoted_in(answer, "expected mapping here") == ["mapping"]


def test_review_an_element_with_many_attributes_and_no_end_is_read_in_linear_time():
    import time

    started = time.monotonic()
    graded_element("Anything outside `<nav" + ' b="x"' * 40 + "` is up to you.")
    assert time.monotonic() - started < 1.0  # (exponential before: 6 s at 24 attributes, doubling each)


def test_a_header_value_the_prompt_s_example_gives_is_given_but_a_record_field_is_data():
    prompt = "Write `summary.yaml`:\n\n```yaml\nanalyte: nitrate\nunits: mg/L\nbatches:\n  - batch: B-1\n    status: open\n```\n"
    text = "analyte: nitrate\nunits: mg/L\nbatches:\n- batch: B-1\n  status: open\n- batch: B-2\n  status: open\n"
    ref = Reference("yaml", text, FuzzPolicy(), read_prompt(prompt), "summary.yaml")
    assert ref.given_value_change("at $.analyte", prompt)[0] == "warn"
    assert ref.given_value_change("top level, key 'units'", prompt)[0] == "warn"
    assert ref.given_value_change("at $.batches[0].status", prompt) is None  # a record's field: data
