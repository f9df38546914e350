"""Rules from blind batches p169-p172 and from the false findings left by p157-p168, each with a twin that must
keep its verdict."""

from __future__ import annotations

import json
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).parent))
from _blind_task import _fails, _fuzz, _task  # noqa: E402

_SITES = [("N-014", 0.512053, 158.645), ("S-022", 0.03397, 93.399), ("E-035", 0.239862, 77.045),
          ("M-040", 1.0, 76.0), ("H-051", 0.41, 12.5)]
_REPORT = ("Riverside Clinic weekly forecast sheet\n\nFitted by golden-section search on the squared errors.\n\n"
           "| site | alpha | next_week |\n|------|------:|----------:|\n"
           + "".join(f"| {s} | {a:.6f} | {n:.3f} |\n" for s, a, n in _SITES)
           + "\nMissing weeks were skipped.\n")
_PROMPT = ("# Forecast\n\nWrite `forecast.md`: a Markdown table with one row per site, columns `site`, `alpha` "
           "(within 0.0001) and `next_week` (within 0.01).\n")


def _table_grader(extra_rows: str) -> str:
    return f"""\
        want = {{s: (a, n) for s, a, n in {_SITES!r}}}
        lines = text.splitlines()
        at = next(i for i, l in enumerate(lines) if l.replace(" ", "").startswith("|site|"))
        got = {{}}
        for line in lines[at + 2:]:
            if not line.startswith("|"):
                break
            s, a, n = [c.strip() for c in line.strip("|").split("|")]
            if s in got:
                return False, "site twice: " + s
            got[s] = (float(a), float(n))
        for s, (a, n) in want.items():
            if s not in got or not abs(got[s][0] - a) <= 1e-4 or not abs(got[s][1] - n) <= 0.01:
                return False, "wrong or missing: " + s
        {extra_rows}
        return True, "all sites match"
        """


def test_a_title_or_a_row_outside_the_table_is_no_record_of_it(tmp_path):
    # (p158: a title line written twice; p164, p165: a table row copied above the header, or over a sentence):
    # the grader finds the table by its header and reads its body; what stands outside is no record of it
    sound = _task(tmp_path, "outside", "forecast.md", _REPORT, _PROMPT, _table_grader(
        'if set(got) - set(want):\n            return False, "extra site"'))
    assert not _fails(_fuzz(sound)), _fails(_fuzz(sound))
    # its twin never rejects a site of the body the answer does not have: that row, inside the table, still fails
    flawed = _task(tmp_path, "inside", "forecast.md", _REPORT, _PROMPT, _table_grader("pass"))
    assert any(f.startswith("inject_record:") for f in _fails(_fuzz(flawed))), _fails(_fuzz(flawed))


_STATIONS = [("Q01", "Abbey Rd", 40, 71.05), ("Q02", "Brewery", 56, 85.92), ("Q03", "Canal Lock", 36, 13.79),
             ("Q04", "Depot Sq", 28, 24.17), ("Q05", "Exchange", 40, 103.76), ("Q06", "Fairground", 56, 37.1)]
_FLEET = ("# Fleet\n\n| station | name | capacity | expected_bikes |\n|---|---|---:|---:|\n"
          + "".join(f"| {s} | {n} | {c} | {e:.2f} |\n" for s, n, c, e in _STATIONS))
_FLEET_PROMPT = ("# Fleet\n\n- `stations.csv`: `station_id, name, capacity`.\n\nWrite `fleet.md`: a Markdown table with "
                 "(at least) the columns `station`, `expected_bikes`, one row per station, and flag every station whose "
                 "`expected_bikes` is greater than its `capacity`.\n\nAnything else (title, notes, extra columns) is "
                 "welcome and not graded.\n\n- `expected_bikes`: absolute difference ≤ 0.01 from the exact value.\n")


def _fleet_grader(checked: str) -> str:
    return f"""\
        want = {{s: e for s, _, _, e in {_STATIONS!r}}}
        lines = [l for l in text.splitlines() if l.startswith("|")]
        head = [c.strip() for c in lines[0].strip("|").split("|")]
        got = {{}}
        for line in lines[2:]:
            cells = dict(zip(head, [c.strip() for c in line.strip("|").split("|")]))
            if cells["station"] in got:
                return False, "station twice"
            got[cells["station"]] = float(cells["expected_bikes"]) if {checked} else 0.0
        if set(got) != set(want) or ({checked} and any(not abs(got[s] - want[s]) <= 0.01 for s in want)):
            return False, "stations differ"
        return True, "equilibrium matches"
        """


def test_columns_beyond_the_prompts_list_of_them_are_the_extras_it_frees(tmp_path):
    # (p171: `name` and `capacity`, named only by an input's description and a rule, beside a table asked "with (at
    # least) the columns ..." and "extra columns ... not graded"; and "absolute difference ≤ 0.01" is a band)
    from artifactbench.gates.core import stated_tolerance
    assert stated_tolerance(_FLEET_PROMPT) is not None and stated_tolerance(_FLEET_PROMPT).abs == 0.01
    sound = _task(tmp_path, "columns", "fleet.md", _FLEET, _FLEET_PROMPT, _fleet_grader("True"))
    assert not _fails(_fuzz(sound)), _fails(_fuzz(sound))
    # its twin never reads a listed column: still a fail
    flawed = _task(tmp_path, "unread", "fleet.md", _FLEET, _FLEET_PROMPT, _fleet_grader("False"))
    assert _fails(_fuzz(flawed))


_LOADS = "# 4 maximal loads\nCB01 CB02\nCB01 CB03\nCB02 CB04\nCB03 CB04\n"
_LOADS_GRADER = """\
    want = {frozenset(l.split()) for l in ["CB01 CB02", "CB01 CB03", "CB02 CB04", "CB03 CB04"]}
    got = [frozenset(l.split("#")[0].split()) for l in text.splitlines() if l.split("#")[0].strip()]
    if len(got) != len(set(got)) or set(got) != want:
        return False, "loads differ"
    return True, "all loads listed"
    """


def test_everything_after_a_mark_is_a_comment_frees_a_header_comment(tmp_path):
    # (p170: "Everything after `#` is a comment and ignored, so the header line ... optional": `# 4 maximal loads`)
    example = "```\n# 9 maximal loads\nA1 A2\nA1 A3\n```\n"
    sound = _task(tmp_path, "comment", "loads.txt", _LOADS, "# Loads\n\nList every maximal load in `loads.txt`:\n\n"
                  + example + "\n- **Everything after `#` is a comment** and ignored, so the header line is optional.\n",
                  _LOADS_GRADER)
    assert not _fails(_fuzz(sound)), _fails(_fuzz(sound))
    # a twin whose prompt asks for the header line (`# N maximal loads`, N their count): the grader never reads it
    twin = _task(tmp_path, "header", "loads.txt", _LOADS, "# Loads\n\nList every maximal load in `loads.txt`:\n\n"
                 + example + "\nThe first line must be `# N maximal loads`, N the number of loads.\n", _LOADS_GRADER)
    assert _fails(_fuzz(twin))


_MODEL = ("# Success model\n\nFitted on 915 attempts (25 cancelled rows dropped).\n\n## Scenarios\n\n"
          "| scenario | p_success |\n|---|---|\n| S1 | 0.8438 |\n| S2 | 0.6642 |\n| S3 | 0.2937 |\n| S4 | 0.5108 |\n")
_MODEL_EXAMPLE = ("```markdown\n# Success model\n\nFitted on 1,204 attempts (31 cancelled rows dropped).\n\n"
                  "## Scenarios\n\n| scenario | p_success |\n|---|---|\n| S1 | {} |\n| S2 | 0.664 |\n| S3 | 0.294 |\n"
                  "| S4 | 0.511 |\n```\n")
_MODEL_PROMPT = ("# Model\n\nWrite `report.md`. The numbers are only illustrative:\n\n{}\n- **Title and the free-text "
                 "lines** under it (row counts, method): free.\n- Scenarios: the four scenarios `S1`, `S2`, `S3` and `S4` "
                 "are fixed; each `p_success` within **0.005**.\n")
_MODEL_GRADER = """\
    want = {"S1": 0.8438, "S2": 0.6642, "S3": 0.2937, "S4": 0.5108}
    got = {}
    for line in text.splitlines():
        cells = [c.strip() for c in line.strip("|").split("|")]
        if line.startswith("|") and cells[0] in want:
            if got.get(cells[0], float(cells[1])) != float(cells[1]):
                return False, "two values for " + cells[0]
            got[cells[0]] = float(cells[1])
        elif line.startswith("|") and cells[0] not in ("scenario", "---"):
            return False, "unknown row"
    if set(got) != set(want) or any(not abs(got[k] - want[k]) <= 0.005 for k in want):
        return False, "scenarios differ"
    return True, "all scenarios within tolerance"
    """


def test_lines_under_the_title_and_fixed_rows_repeated_are_open_and_a_passing_example_leaks(tmp_path):
    # (p170: "Title and the free-text lines under it ...: free" over an example's `Fitted on 1,204 attempts`; a row of
    # `S1` ... `S4`, each named, written twice reads the same; the example, "only illustrative", passes the grader)
    from _blind_task import OPTIONS
    from artifactbench.gates import check_task, resolve_gates
    from artifactbench.manifest import load_task
    leaky = _task(tmp_path, "leaky", "report.md", _MODEL, _MODEL_PROMPT.format(_MODEL_EXAMPLE.format("0.844")),
                  _MODEL_GRADER)
    report = check_task(load_task(leaky), resolve_gates(["positive", "fuzz", "content_leaks"]), OPTIONS)
    fails = [f"{c.gate}:{k.name}" for c in report.checks for k in c.cases if k.severity == "fail"]
    assert fails == ["content_leaks:copy_passes:prompt.md"], fails
    # its twin's example is off by more than the band: no leak, and nothing else
    sound = _task(tmp_path, "sound", "report.md", _MODEL, _MODEL_PROMPT.format(_MODEL_EXAMPLE.format("0.744")),
                  _MODEL_GRADER)
    report = check_task(load_task(sound), resolve_gates(["positive", "fuzz", "content_leaks"]), OPTIONS)
    assert not [k for c in report.checks for k in c.cases if k.severity == "fail"]
    # and where the prompt asks for each scenario once, a repeated row is a fail
    once = _task(tmp_path, "once", "report.md", _MODEL, _MODEL_PROMPT.format(_MODEL_EXAMPLE.format("0.744"))
                 + "Each scenario must appear exactly once.\n", _MODEL_GRADER)
    assert any(f.startswith("duplicate_record:") for f in _fails(_fuzz(once))), _fails(_fuzz(once))


_AUDIT = "| Dispense ID | Rule | Drug | Detail |\n|---|---|---|---|\n" + "".join(
    f"| {d} | EXPIRED_LOT | {drug} | lot {lot} past expiry |\n" for d, drug, lot in (
        ("DSP-31039", "DOXY100", "DOX24762"), ("DSP-31070", "COTRIM480", "COT11873"), ("DSP-31111", "OXY5", "OXY17853"),
        ("DSP-31150", "OXY10", "OXY20031"), ("DSP-31200", "DIGOX125", "DIG30112")))
_AUDIT_PROMPT = ("# Audit\n\nWrite `audit.md`: a Markdown table of findings, one row per finding, with at least a "
                 "`Dispense ID` column and a `Rule` column. You may add more columns (drug, patient, an explanation).\n\n"
                 "Details you will need: a lot expires on the last day of its month.\n")


def test_a_value_exchanged_between_records_alike_but_for_free_fields_is_those_fields_exchanged(tmp_path):
    # (p169: `Dispense ID` swapped between two EXPIRED_LOT rows that differ only in the free `Drug` column)
    root = _task(tmp_path, "swapped", "audit.md", _AUDIT, _AUDIT_PROMPT, """\
        want = {(d, "EXPIRED_LOT") for d in ("DSP-31039", "DSP-31070", "DSP-31111", "DSP-31150", "DSP-31200")}
        got = [tuple(c.strip() for c in l.strip("|").split("|")[:2]) for l in text.splitlines()[2:] if l.strip()]
        if len(got) != len(set(got)) or set(got) != want:
            return False, "findings differ"
        return True, "findings match"
        """)
    assert not [f for f in _fails(_fuzz(root)) if f.startswith("swap_values:")], _fails(_fuzz(root))


_PLAN = "TOTAL 380\nB01 FV1\nB02 FV2\nB03 FV3\nB04 FV4\nB05 FV1\n"


def test_a_labelled_total_written_twice_reads_the_same(tmp_path):
    # (p172: `TOTAL 380` twice, where the prompt asks for "a line with the word TOTAL and the total")
    root = _task(tmp_path, "total", "plan.txt", _PLAN, "# Plan\n\nPut a line with the word TOTAL and the total barrels, "
                 "then one line per batch: its id and its tank (`B07 FV3`).\n", """\
        lines = [l.split() for l in text.splitlines() if l.strip()]
        total = next(int(l[1]) for l in lines if l[0] == "TOTAL")
        plan = [tuple(l) for l in lines if l[0] != "TOTAL"]
        want = [("B01", "FV1"), ("B02", "FV2"), ("B03", "FV3"), ("B04", "FV4"), ("B05", "FV1")]
        if total != 380 or sorted(plan) != want:
            return False, "plan differs"
        return True, "plan matches"
        """)
    assert not [f for f in _fails(_fuzz(root)) if f.startswith("duplicate_record:")], _fails(_fuzz(root))


_COMBOS = "".join(json.dumps(r) + "\n" for r in (
    {"request_id": "WR-101", "whole": {"5": 1}, "half": "5"}, {"request_id": "WR-101", "whole": {"3": 2}, "half": None},
    {"request_id": "WR-102", "whole": {"1": 3}, "half": None}, {"request_id": "WR-103", "whole": {"5": 2}, "half": "1"}))
_COMBOS_GRADER = """\
    want = {("WR-101", (("5", 1),), "5"), ("WR-101", (("3", 2),), None), ("WR-102", (("1", 3),), None),
            ("WR-103", (("5", 2),), "1")}
    got = [(r["request_id"], tuple(sorted((str(k), int(v)) for k, v in r["whole"].items())), str(r["half"])
            if r.get("half") else None) for r in map(json.loads, text.splitlines())]
    if len(got) != len(set(got)) or set(got) != want:
        return False, "combinations differ"
    return True, "all combinations"
    """


def test_a_null_the_prompt_lets_be_left_out_written_as_zero_reads_as_none(tmp_path):
    # (p169: `"half": null` written as `0`, where "`half` is the strength halved, or `null` (or leave the key out)")
    root = _task(tmp_path, "falsy", "combos.jsonl", _COMBOS, "# Doses\n\nWrite `combos.jsonl`, one object per "
                 "combination: `request_id`, `whole` and `half`, the strength halved, or `null` (or leave the key out) "
                 "when nothing is halved.\n", _COMBOS_GRADER)
    assert not [f for f in _fails(_fuzz(root)) if f.startswith("type_change:")], _fails(_fuzz(root))
    # its twin's prompt requires the key always: 0 is no null there
    twin = _task(tmp_path, "always", "combos.jsonl", _COMBOS, "# Doses\n\nWrite `combos.jsonl`, one object per "
                 "combination: `request_id`, `whole` and `half`, the strength halved, or `null` when nothing is halved; "
                 "the `half` key is required even when null.\n", _COMBOS_GRADER)
    assert [f for f in _fails(_fuzz(twin)) if f.startswith("type_change:")], _fails(_fuzz(twin))


_METERS = ("## Summary\n\n| metric | value |\n|---|---|\n| meter_swaps | 9 |\n| high_usage | 15 |\n| estimated | 8 |\n\n"
           "## High usage\n\n| account | route | consumption |\n|---|---|---:|\n| AC-10463 | R01 | 52057 |\n"
           "| AC-10302 | R02 | 31714 |\n| AC-10925 | R01 | 31212 |\n| AC-10393 | R03 | 30946 |\n")
_METERS_PROMPT = ("# Meters\n\nWrite `meters.md` with a `## Summary` two-column table, metric name then value, with exactly "
                  "these metrics: `meter_swaps`, `high_usage`, `estimated`; and a `## High usage` table (`account`, "
                  "`route`, `consumption`).\n\nRow order inside a table is up to you, but list each account\nonly once. "
                  "The busiest route wins ties alphabetically.\n")


def _meters_grader(accounts: str) -> str:
    return f"""\
        summary, rows = {{}}, []
        part = None
        for line in text.splitlines():
            if line.startswith("## "):
                part = line[3:].strip()
            elif line.startswith("|") and "---" not in line and not line.startswith(("| metric", "| account")):
                cells = [c.strip() for c in line.strip("|").split("|")]
                if part == "Summary":
                    summary[cells[0]] = int(cells[1])
                else:
                    rows.append((cells[0], cells[1], int(cells[2])))
        want = [("AC-10463", "R01", 52057), ("AC-10302", "R02", 31714), ("AC-10925", "R01", 31212),
                ("AC-10393", "R03", 30946)]
        if summary != {{"meter_swaps": 9, "high_usage": 15, "estimated": 8}} or {accounts} != sorted(want):
            return False, "report differs"
        return True, "all sections match"
        """


def test_each_x_only_once_is_said_of_xs_and_row_order_inside_a_table_is_free(tmp_path):
    # (p157: "list each interval / streak / route\nonly once", wrapped over two lines, says nothing of a summary's
    # metric rows, which repeated read the same; p165: "Row order inside tables is up to you" beside a tie-break)
    from artifactbench.gates.core import read_prompt
    assert read_prompt(_METERS_PROMPT).unordered
    sound = _task(tmp_path, "once", "meters.md", _METERS, _METERS_PROMPT, _meters_grader("sorted(rows)"))
    assert not _fails(_fuzz(sound)), _fails(_fuzz(sound))
    # its twin collapses repeated accounts, which the sentence is of: a fail
    twin = _task(tmp_path, "twice", "meters.md", _METERS, _METERS_PROMPT, _meters_grader("sorted(set(rows))"))
    assert any(f.startswith("duplicate_record:") for f in _fails(_fuzz(twin))), _fails(_fuzz(twin))


_FIT = json.dumps({"alpha": 0.51205, "beta": -1.3082, "rmse": 0.04413}) + "\n"
_FIT_GRADER = """\
    got = json.loads(text)
    want = {"alpha": 0.51205, "beta": -1.3082, "rmse": 0.04413}
    if any(not abs(float(got[k]) - v) <= 0.002 for k, v in want.items()):
        return False, "fit differs"
    return True, "fit within tolerance"
    """


def test_a_json_example_of_the_answers_keys_is_graded_and_an_inputs_is_not(tmp_path):
    # (the p170 rule for tree answers: an example of the answer's objects, within the band, passes; an example of the
    # input's, with none of the answer's keys, is not graded)
    from _blind_task import OPTIONS
    from artifactbench.gates import check_task, resolve_gates
    from artifactbench.manifest import load_task

    def leaks(name: str, example: str) -> list[str]:
        root = _task(tmp_path, name, "fit.json", _FIT, "# Fit\n\nFit the model to `points.csv` and write `fit.json`, "
                     "each value within 0.002. Illustrative numbers:\n\n```json\n" + example + "\n```\n", _FIT_GRADER)
        report = check_task(load_task(root), resolve_gates(["positive", "content_leaks"]), OPTIONS)
        return [k.name for c in report.checks for k in c.cases if k.severity == "fail"]
    assert leaks("shown", '{"alpha": 0.512, "beta": -1.308, "rmse": 0.044}') == ["copy_passes:prompt.md"]
    assert leaks("far", '{"alpha": 0.5, "beta": -1.2, "rmse": 0.1}') == []


def _verified_task(tmp_path: Path, name: str, prompt: str, verify_body: str, inputs: dict[str, str]) -> Path:
    plans = "".join(f"D{i:02d} D{i + 1:02d}\n" for i in range(1, 43, 2))  # 21 plans
    root = _task(tmp_path, name, "plans.txt", plans, prompt, """\
        return sorted(text.split("\\n")) == sorted(%r.split("\\n")), "plans"
        """ % plans)
    for rel, text in inputs.items():
        (root / "workspace" / rel).write_text(text)
    (root / "workspace" / "verify.py").write_text(
        "from pathlib import Path\n\ndef verify(path):\n    lines = [l for l in Path(path).read_text().splitlines() if l.strip()]\n"
        + verify_body)
    task_yaml = root / "task.yaml"
    task_yaml.write_text(task_yaml.read_text() + "structural_verifier: workspace/verify.py\n")
    return root


def test_a_verifier_holding_the_answers_record_count_tells_the_agent_its_size(tmp_path):
    # (p171, p175: `EXPECTED_LINES = 42` ... "expected 42 plan lines, found 41": the number of plans is the answer's)
    from _blind_task import OPTIONS
    from artifactbench.gates import check_task, resolve_gates
    from artifactbench.manifest import load_task

    def gate(root: Path) -> list[str]:
        report = check_task(load_task(root), resolve_gates(["verifier_consistency"]), OPTIONS)
        return [k.name for c in report.checks for k in c.cases if k.severity == "fail"]
    docks = "".join(f"D{i:02d},{i * 40}\n" for i in range(1, 45))  # 44 candidate docks
    prompt = "# Plans\n\nList every feasible pair of docks from `docks.csv` in `plans.txt`, one per line.\n"
    counted = "    assert len(lines) == 21, f'expected 21 plan lines, found {len(lines)}'\n"
    assert gate(_verified_task(tmp_path, "counted", prompt, counted, {"docks.csv": docks})) == ["size"]
    # twins: a count the prompt states, a count an input's size gives, and a shape check alone: no finding
    said = prompt + "There are 21 feasible pairs.\n"
    assert gate(_verified_task(tmp_path, "said", said, counted, {"docks.csv": docks})) == []
    pairs = "".join(f"D{i:02d}\n" for i in range(21))
    assert gate(_verified_task(tmp_path, "sized", prompt, counted, {"docks.csv": docks, "pairs.txt": pairs})) == []
    shaped = "    assert all(len(l.split()) == 2 for l in lines), 'two docks a line'\n"
    assert gate(_verified_task(tmp_path, "shaped", prompt, shaped, {"docks.csv": docks})) == []


_SETTLE = ("# Pool settlement\n\n| grower_id | kg | payout |\n|---|---:|---:|\n| G01 | 10,093.4 | 6,523.10 |\n"
           "| G02 | 49,416.6 | 39,468.56 |\n| G03 | 53,484.1 | 44,158.98 |\n| **total** | 112,994.1 | 90,150.64 |\n")
_SETTLE_GRADER = """\
    want = {"G01": (10093.4, 6523.10), "G02": (49416.6, 39468.56), "G03": (53484.1, 44158.98)}
    got = {}
    for line in text.splitlines()[4:]:
        cells = [c.strip().strip("*") for c in line.strip("|").split("|")]
        if cells[0].lower() == "total":
            continue
        if cells[0] in got or cells[0] not in want:
            return False, "unknown or repeated grower " + cells[0]
        got[cells[0]] = tuple(float(c.replace(",", "")) for c in cells[1:])
    if set(got) != set(want) or any(not abs(got[g][i] - want[g][i]) <= 0.01 for g in want for i in (0, 1)):
        return False, "payouts differ"
    return True, "all payouts within tolerance"
    """


def test_a_row_the_checker_skips_by_its_label_and_text_after_an_id_are_free(tmp_path):
    # (p173: "A row whose first-column label is `total` (bold or not) is skipped by the checker": a total row copied
    # among the growers; its grouped numbers moved as one, `8,319,102.0`, never `9310,9102.0`)
    sound = _task(tmp_path, "totals", "settle.md", _SETTLE, "# Settlement\n\nWrite `settle.md`: a table with the columns "
                  "`grower_id`, `kg` and `payout`, each within 0.01. A row whose first-column label is `total` (bold or "
                  "not) is skipped by the checker.\n", _SETTLE_GRADER)
    assert not _fails(_fuzz(sound)), _fails(_fuzz(sound))
    # (p174: "you can put anything you like after the ID on the same line (the distance, ...)")
    plan = "S02  2.81 km  Mill Rd\nS04  6.60 km  Castle Hill\nS06  8.34 km  Dock Rd\nS08  12.67 km  Elm Ave\n"
    grader = """\
        ids = [l.split()[0] for l in text.splitlines() if l.strip()]
        return sorted(ids) == ["S02", "S04", "S06", "S08"] and len(ids) == 4, "plan"
        """
    tail = _task(tmp_path, "tail", "plan.txt", plan, "# Plan\n\nWrite `plan.txt` with one site ID per line; you can put "
                 "anything you like after the ID on the same line (the distance, a note).\n", grader)
    assert not _fails(_fuzz(tail)), _fails(_fuzz(tail))
    # its twin asks for the distance after the id: a grader never reading it accepts a wrong one
    twin = _task(tmp_path, "distance", "plan.txt", plan, "# Plan\n\nWrite `plan.txt` with one site per line: its ID, then "
                 "its distance in km.\n", grader)
    assert any(f.startswith("number_far:") for f in _fails(_fuzz(twin))), _fails(_fuzz(twin))


def test_a_title_stands_in_for_no_section_heading_and_a_renamed_key_drops_its_name():
    # (p174: `# Harbour City Marathon 2025 — Award List` replaced by `## Women`; a column renamed
    # `predicted_time_renamed` that a reader matching a word of the name still finds)
    import random

    from artifactbench.gates.fuzz._formats import parse
    from artifactbench.gates.fuzz._policy import FuzzPolicy
    from artifactbench.gates.fuzz._text_strategies import text_strategy
    from artifactbench.gates.fuzz._tree_records import renamed
    text = ("# Marathon 2025 — Award List\n\n## Women\n\n| Place | Bib | Time |\n|---|---|---|\n| 1 | 187 | 2:41:12 |\n"
            "| 2 | 203 | 2:44:40 |\n\n## Men\n\n| Place | Bib | Time |\n|---|---|---|\n| 1 | 12 | 2:21:02 |\n")
    draws = text_strategy(parse("text", text), FuzzPolicy(), "replace_record")
    wheres = {getattr(m, "where", "") for m in list(draws.values(random.Random(3)))[:300]}
    assert not any(w.startswith("line 1 replaced") for w in wheres), wheres
    assert "line 7 replaced by a copy of line 8" in wheres  # (a row by its neighbour row)
    assert "predicted_time" not in renamed("predicted_time")


# An outside review of the p169-p176 rules (the diff only, tasks of its own): each case a flawed grader the rules hid,
# or a sound one they flagged; each must keep the verdict the code before them gave.
_LAX_IDS = """\
    ids = [l.split()[0] for l in text.splitlines() if l.strip()]
    return sorted(ids) == ["S02", "S04", "S06", "S08"] and len(ids) == 4, "plan"
    """
_REVIEW = [
    # "The text after the ID on each line is its distance": what the text is, not that it is free
    ("checked", "plan.txt", "S02 2.81\nS04 6.60\nS06 8.34\nS08 12.67\n", "# Plan\n\nWrite `plan.txt` with one line per "
     "site. The text after the ID on each line is its distance in km, to 2 decimals.\n", _LAX_IDS, "number_far"),
    # a bullet's `-` is no id: "anything you like after the ID" frees no bullet's id
    ("bullets", "plan.md", "- S02 2.81 km\n- S04 6.60 km\n- S06 8.34 km\n- S08 12.67 km\n", "# Plan\n\nWrite `plan.md`: a "
     "bullet list of the sites, one site ID per bullet; you can put anything you like after the ID on the same line.\n",
     """\
    lines = [l for l in text.splitlines() if l.strip()]
    return len(lines) == 4 and all(l.startswith("- S") for l in lines), "plan"
    """, "replace_record"),
    # "rows whose first column is `TOTAL` are skipped when you sum" is said of the input's rows
    ("totalrow", "summary.md", "| region | amount |\n|---|---:|\n| North | 1204.50 |\n| South | 988.25 |\n"
     "| East | 1410.00 |\n| TOTAL | 3602.75 |\n", "# Sales\n\n`sales.csv` has some subtotal lines; rows whose first "
     "column is `TOTAL` are skipped when you sum.\n\nWrite `summary.md`: a Markdown table (`region`, `amount`), one row "
     "per region, and a last row `TOTAL` with the sum of all regions. Amounts within 0.01.\n", """\
    want = {"North": 1204.50, "South": 988.25, "East": 1410.00}
    got = {}
    for l in text.splitlines()[2:]:
        c = [x.strip() for x in l.strip("|").split("|")]
        if c[0] == "TOTAL":
            continue
        if c[0] in got:
            return False, "twice"
        got[c[0]] = float(c[1])
    return got.keys() == want.keys() and all(abs(got[k] - want[k]) <= 0.01 for k in want), "regions"
    """, "drop_record"),
    # a labelled line the prompt asks for stays graded under "the free-text lines under the title"
    ("under", "report.md", "# Model\n\nFitted on 915 attempts.\n\nintercept: 0.5121\nslope: -1.3082\n\n## Scenarios\n\n"
     "| scenario | p |\n|---|---|\n| S1 | 0.8438 |\n", "# Model\n\nWrite `report.md`:\n\n- **Title and the free-text "
     "lines** under it: free.\n- Then two lines `intercept: <value>` and `slope: <value>`, each within 0.001.\n"
     "- Then a `## Scenarios` table (`scenario`, `p`).\n", """\
    kv = {l.split(":")[0]: float(l.split(":")[1]) for l in text.splitlines() if l.startswith("intercept:")}
    return abs(kv.get("intercept", 9) - 0.5121) <= 0.001 and "| S1 | 0.8438 |" in text, "fit"
    """, "drop_record"),
    # an answer of sentences has them for records
    ("steps", "order.txt", "Pour the concrete foundation slab\nFrame the exterior walls\nInstall the roof trusses\n"
     "Hang the interior drywall panels\n", "# Build order\n\nWrite `order.txt`: every task, one per line, by its name, in "
     "an order that respects every dependency.\n", """\
    want = ["Pour the concrete foundation slab", "Frame the exterior walls", "Install the roof trusses",
            "Hang the interior drywall panels"]
    got = [l.strip() for l in text.splitlines() if l.strip()]
    pos = [want.index(s) for s in got if s in want]
    return len(got) >= 2 and pos == sorted(pos) and all(s in want for s in got), "order ok"
    """, "drop_record"),
    # `name: hours` lines of a ranking are records reordered when swapped
    ("rank", "ranking.txt", "Alice: 40\nBruno: 38\nChen: 35\nDana: 31\n", "# Ranking\n\nWrite `ranking.txt`: one line "
     "per employee, as `name: hours`, sorted by hours, highest first.\n", """\
    got = {}
    for l in text.splitlines():
        if l.strip():
            k, v = l.split(":")
            if k.strip() in got:
                return False, "twice"
            got[k.strip()] = int(v)
    return got == {"Alice": 40, "Bruno": 38, "Chen": 35, "Dana": 31}, "hours"
    """, "swap_records"),
    # "Each category must appear exactly once" over a `| type | count |` table: of the whole answer
    ("once_cat", "tally.md", "| type | count |\n|---|---|\n| fire | 3 |\n| flood | 5 |\n| theft | 2 |\n", "# Incidents\n\n"
     "Write `tally.md`: a Markdown table of the incidents of each category. Each category must appear exactly once.\n",
     """\
    got = {}
    for l in text.splitlines()[2:]:
        c = [x.strip() for x in l.strip("|").split("|")]
        if c[0] in got and got[c[0]] != int(c[1]):
            return False, "two counts"
        got[c[0]] = int(c[1])
    return got == {"fire": 3, "flood": 5, "theft": 2}, "tally"
    """, "duplicate_record"),
    # a heading the prompt asks for once
    ("head_once", "report.md", "# Meters\n\n## Summary\n\n- swaps: 9\n\n## Accounts\n\n- AC-10463\n", "# Meters\n\nWrite "
     "`report.md` with exactly one `## Summary` section and exactly one `## Accounts` section. Each section heading must "
     "appear only once.\n", """\
    return "- swaps: 9" in text and "- AC-10463" in text and text.count("# Meters") == 1, "sections"
    """, "duplicate_record"),
    # "give every station a `flag`": a column the prompt asks for, beside its list of columns
    ("flag", "fleet.md", "| station | bikes | flag |\n|---|---:|---|\n| Q01 | 71.05 | OVER |\n| Q02 | 35.92 | OK |\n"
     "| Q03 | 13.79 | OK |\n", "# Fleet\n\nWrite `fleet.md`: a Markdown table with the columns `station` and `bikes`, one "
     "row per station.\n\nAlso give every station a `flag`: `OVER` when its bikes exceed its capacity, `OK` otherwise.\n\n"
     "Anything else (a title, notes) is welcome and not graded.\n", """\
    got = {}
    for line in text.splitlines()[2:]:
        c = [x.strip() for x in line.strip("|").split("|")]
        if c[0] in got:
            return False, "twice"
        got[c[0]] = float(c[1])
    return got == {"Q01": 71.05, "Q02": 35.92, "Q03": 13.79}, "ok"
    """, "string_change"),
    # ranks `1` ... `3` are in any prompt that says "top 3": no row names the prompt sets
    ("ranks", "top.md", "| rank | player | score |\n|---|---|---:|\n| 1 | Ines | 901 |\n| 2 | Bo | 650 |\n"
     "| 3 | Kai | 420 |\n", "# Leaderboard\n\nWrite `top.md`: a Markdown table (`rank`, `player`, `score`) of the top "
     "3 players, 1 row per player, best first, ranks counted from 1.\n", """\
    got = {}
    for l in text.splitlines()[2:]:
        c = [x.strip() for x in l.strip("|").split("|")]
        got[int(c[0])] = (c[1], int(c[2]))
    return got == {1: ("Ines", 901), 2: ("Bo", 650), 3: ("Kai", 420)}, "ok"
    """, "duplicate_record"),
]


def test_review_repros_of_the_p169_p176_rules(tmp_path):
    from artifactbench.gates.core import stated_tolerance
    # a rule that picks records is no band: "a day is steady when its sensor difference is no more than 2.5"
    assert stated_tolerance("A day is steady when its sensor difference is no more than 2.5 degrees. Orders match "
                            "when the price difference is under 0.50.") is None
    for name, artifact, reference, prompt, grader, kind in _REVIEW:
        fails = _fails(_fuzz(_task(tmp_path, name, artifact, reference, prompt, grader)))
        assert any(f.startswith(f"{kind}:") for f in fails), (name, fails)


def test_review_repros_of_the_size_probe(tmp_path):
    # a count the prompt gives in words ("each of the five regions"), and a verifier rejecting the shorter answer for
    # its shape beside a literal that happens to be the count ("two fields a line"): no finding
    from _blind_task import OPTIONS
    from artifactbench.gates import check_task, resolve_gates
    from artifactbench.manifest import load_task
    sales = "region,amount\n" + "".join(f"R{i % 5},{i}\n" for i in range(35))

    def size(name: str, prompt: str, reference: str, body: str) -> list[str]:
        root = _task(tmp_path, name, "regions.txt", reference, prompt,
                     'return sorted(text.split("\\n")) == sorted(%r.split("\\n")), "x"\n' % reference)
        (root / "workspace" / "sales.csv").write_text(sales)
        (root / "workspace" / "verify.py").write_text("from pathlib import Path\n\ndef verify(path):\n    lines = [l for l "
                                                      "in Path(path).read_text().splitlines() if l.strip()]\n" + body)
        (root / "task.yaml").write_text((root / "task.yaml").read_text() + "structural_verifier: workspace/verify.py\n")
        report = check_task(load_task(root), resolve_gates(["verifier_consistency"]), OPTIONS)
        return [k.name for c in report.checks for k in c.cases if k.severity == "fail"]
    five = "North 1204\nSouth 988\nEast 1410\nWest 701\nCentral 1533\n"
    assert size("words", "# Regions\n\nWrite `regions.txt`: one line for each of the five regions, its name and its "
                "total.\n", five, "    assert len(lines) == 5, f'expected 5 lines, found {len(lines)}'\n") == []
    assert size("shape", "# Regions\n\nWrite `regions.txt`: one line per region above 900, then a last line `TOTAL <sum>`"
                ".\n", "North 1204\nSouth 988\nTOTAL 2192\n", "    assert all(len(l.split()) == 2 for l in lines), 'two "
                "fields a line'\n    assert lines[-1].startswith('TOTAL '), 'last line must be TOTAL'\n") == []


_OD = ("# OD matrix\n\n| O \\ D | S01 | S02 | S03 | S04 | S05 | S06 | S07 | S08 | S09 | S10 | S11 | S12 | Total |\n"
       "|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|\n"
       + "".join(f"| S{r:02d} | " + " | ".join("-" if c <= r else f"{(r * 7 + c * 3) % 40 + 0.5:.1f}" for c in range(1, 13))
                 + f" | {sum((r * 7 + c * 3) % 40 + 0.5 for c in range(r + 1, 13)):.1f} |\n" for r in range(1, 5))
       + "| Total | " + " | ".join("0.0" for _ in range(13)) + " |\n")
_OD_PROMPT = ("# OD\n\nWrite `od.md`:\n\n```\n| O \\ D | S01 | S02 | Total |     <- header: first cell free, then stop ids\n"
              "| S01   | -   | 12.4 | 12.4 |\n| Total | 0.0 | 12.4 | 12.4 |     # optional; a row/column without a stop id is "
              "ignored\n```\n\nEach cell within 0.5.\n")
_OD_GRADER = """\
    got = {}
    head = None
    for line in text.splitlines():
        cells = [c.strip() for c in line.strip("|").split("|")]
        if not line.startswith("|") or set(line) <= set("|-: "):
            continue
        if head is None or cells[0].startswith("O"):
            head = cells
            continue
        if cells[0].startswith("S"):
            for h, c in zip(head[1:], cells[1:]):
                if h.startswith("S"):
                    got.setdefault((cells[0], h), c)
    want = {}
    for line in %r.splitlines()[4:8]:
        cells = [c.strip() for c in line.strip("|").split("|")]
        for k, c in enumerate(cells[1:13], 1):
            want[(cells[0], f"S{k:02d}")] = c
    ok = got.keys() == want.keys() and all(
        (a == b == "-") or (a != "-" and b != "-" and abs(float(a) - float(b)) <= 0.5) for a, b in
        ((got[k], want[k]) for k in want))
    return ok, "cells"
    """


def test_sample_notes_free_a_named_column_and_a_row_and_a_long_header_repeated_reads_the_same(tmp_path):
    # (p178: `CEN,10O-0003,10,...  # from_route is optional - extra columns are ignored`; a sample's `| Total | ... |
    # # optional; a row/column without a stop id is ignored`; a 14-column header written twice, shown cut short)
    from artifactbench.gates.core import read_prompt
    allows = read_prompt("# Hub\n\nWrite `t.csv`:\n\n```\nhub,from_trip,from_route\nCEN,10O-0003,10      # from_route is "
                         "optional - extra columns are ignored\n```\n")
    assert allows.leaves_open("number_far", "record 0 (line 2), field 'from_route'") is not None
    sound = _task(tmp_path, "od", "od.md", _OD, _OD_PROMPT, _OD_GRADER)
    fails = _fails(_fuzz(sound))
    assert not [f for f in fails if f.startswith(("drop_record:", "number_far:", "later_record:"))
                or "line 3: '| O" in f], fails


def test_regression_mends_of_the_p169_p179_rules(tmp_path):
    # swapping only lines of one lead drew, in p116-p156: two items of a SELECT's column list written as expressions
    # (p148, p155), a labelled total with the sentence above it (p136), and the rows of a summary whose prompt says
    # "Freedom you have: the order of rows inside every table" (p154)
    import random

    from artifactbench.gates.core import read_prompt
    from artifactbench.gates.fuzz._formats import parse
    from artifactbench.gates.fuzz._policy import FuzzPolicy
    from artifactbench.gates.fuzz._reference import _list_item
    from artifactbench.gates.fuzz._text_strategies import text_strategy
    assert _list_item("           COUNT(*) AS deliveries,") and _list_item("    substr(m.boarded_at, 1, 7) AS month,")
    assert not _list_item("    a, b,") and not _list_item("    f(a,") and not _list_item("    x; y,")
    assert read_prompt("Freedom you have: the order of rows inside every table; the order of the sections.").unordered
    text = "V1 D01 D02 D05\nV2 D03\nV3 D04 D06\nTotal valid splits: 26\n"
    draws = text_strategy(parse("text", text), FuzzPolicy(), "swap_records")
    wheres = {m.where for m in list(draws.values(random.Random(1)))[:200] if hasattr(m, "where")}
    assert wheres and not any(w.endswith("<-> line 4") for w in wheres), wheres


# A second outside review (of the rules after 50070f9): each case keeps the verdict the code before them gave.
_REVIEW2 = []


def _review2_sql_order():
    ref = """SELECT
      library,
      COUNT(*) AS n,
      MAX(loaned_on) AS last_loan
    FROM loans
    GROUP BY library
    ORDER BY
      n DESC,
      last_loan DESC,
      library;
    """
    prompt = ("# Loans\n\nThe SQLite table `loans(library TEXT, loaned_on TEXT)` holds every loan. Write `busiest.sql`: one query "
              "returning one row per library with the columns `library`, `n` (its number of loans) and `last_loan` (its latest "
              "`loaned_on`), sorted by `n` descending, then by `last_loan` descending, then by `library`.\n")
    grader = r'''
    import sqlite3
    db = sqlite3.connect(":memory:")
    db.execute("CREATE TABLE loans(library TEXT, loaned_on TEXT)")
    rows = [("A","2024-01-05"),("A","2024-01-01"),("B","2024-03-01"),("B","2024-02-01"),("C","2024-02-10"),("C","2024-01-10"),("D","2024-05-01")]
    db.executemany("INSERT INTO loans VALUES (?,?)", rows)
    got = db.execute(text).fetchall()
    want = [("B",2,"2024-03-01"),("C",2,"2024-02-10"),("A",2,"2024-01-05"),("D",1,"2024-05-01")]
    if sorted(got) != sorted(want):
        return False, "rows differ"
    return True, "rows match"
    '''
    return 'sql_order', 'busiest.sql', ref, prompt, grader, 'swap_records'


_REVIEW2.append(_review2_sql_order)


def _review2_prose_drop():
    ref = ("# Overtime report\n\nWeek: 2024-W07\nThreshold: 38 hours\n\n"
           "Alice worked 40 hours, 2 above the threshold.\n"
           "Bruno worked 41 hours, 3 above the threshold.\n"
           "Chen worked 45 hours, 7 above the threshold.\n\nThresholds met: 3\n")
    prompt = ("# Overtime\n\nWrite `overtime.md` for week 2024-W07 (threshold 38 hours): a title line `# Overtime report`, the lines `Week: <week>` and "
              "`Threshold: <n> hours`, then one sentence per employee above the threshold, `<name> worked <h> hours, <d> above "
              "the threshold.`, and last `Thresholds met: <count>`.\n")
    grader = r'''
    fixed = ["# Overtime report", "Week: 2024-W07", "Threshold: 38 hours", "Thresholds met: 3"]
    emp = ["Alice worked 40 hours, 2 above the threshold.", "Bruno worked 41 hours, 3 above the threshold.",
           "Chen worked 45 hours, 7 above the threshold."]
    lines = [l.strip() for l in text.splitlines() if l.strip()]
    if len(lines) != len(set(lines)):
        return False, "repeated line"
    if any(l not in fixed + emp for l in lines):
        return False, "unknown line"
    if [l for l in lines if l in fixed] != fixed:
        return False, "fixed lines"
    got = [l for l in lines if l in emp]
    if got != [e for e in emp if e in got] or not got:
        return False, "order"
    if lines.index(fixed[2]) > lines.index(got[0]) or lines.index(fixed[3]) < lines.index(got[-1]):
        return False, "placement"
    return True, "ok"
    '''
    return 'prose_drop', 'overtime.md', ref, prompt, grader, 'drop_record'


_REVIEW2.append(_review2_prose_drop)


def _review2_nofreedom():
    ref = "| player | score |\n|---|---:|\n| Ines | 901 |\n| Bo | 650 |\n| Kai | 420 |\n| Uma | 388 |\n"
    prompt = ("# Leaderboard\n\nWrite `board.md`: a Markdown table (`player`, `score`), one row per player.\n\n"
              "Rows sorted by `score`, highest first. No freedom: the order of rows must follow that sort.\n")
    grader = r'''
    want = {"Ines": 901, "Bo": 650, "Kai": 420, "Uma": 388}
    lines = text.splitlines()
    if [c.strip() for c in lines[0].strip("|").split("|")] != ["player", "score"]:
        return False, "header"
    got = {}
    for l in lines[2:]:
        if not l.strip():
            continue
        c = [x.strip() for x in l.strip("|").split("|")]
        if len(c) != 2 or c[0] in got:
            return False, "bad row"
        got[c[0]] = int(c[1])
    return got == want, "scores"
    '''
    return 'nofreedom', 'board.md', ref, prompt, grader, 'swap_records'


_REVIEW2.append(_review2_nofreedom)


def _review2_rownote():
    ref = ("| region | Q1 | Q2 | Total |\n|---|---:|---:|---:|\n| North | 120 | 140 | 260 |\n| South | 95 | 105 | 200 |\n"
           "| East | 80 | 75 | 155 |\n| Total | 295 | 320 | 615 |\n")
    prompt = ("# Sales\n\nWrite `sales.md`, laid out like this (numbers illustrative):\n\n```\n| region | Q1 | Q2 | Total |\n"
              "|---|---:|---:|---:|\n| West | 10 | 12 | 22 |\n| Total | 10 | 12 | 22 |   # optional\n```\n\n"
              "One row per region. The `Total` column is required: each region's Q1 + Q2."
              "")
    grader = r'''
    want = {"North": (120, 140), "South": (95, 105), "East": (80, 75)}
    got = {}
    for l in text.splitlines()[2:]:
        c = [x.strip() for x in l.strip("|").split("|")]
        if len(c) != 4:
            return False, "row shape"
        if c[0] == "Total":
            continue
        if c[0] in got:
            return False, "twice"
        got[c[0]] = (int(c[1]), int(c[2]))
    return got == want, "quarters"
    '''
    return 'rownote', 'sales.md', ref, prompt, grader, 'number_far'


_REVIEW2.append(_review2_rownote)


def _review2_inputnote():
    ref = "hub,from_trip,from_route,to_trip\nCEN,T0003,R10,T0107\nCEN,T0011,R12,T0119\nNTH,T0024,R31,T0140\n"
    prompt = ("# Transfers\n\n`trips.csv` looks like this:\n\n```\ntrip_id,from_route,stop,arrive\n"
              "T0003,R10,CEN,08:02      # from_route is optional here (blank for depot runs)\n```\n\n"
              "Write `transfers.csv` with the header `hub,from_trip,from_route,to_trip`, one row per feasible transfer. "
              "Every column is required, `from_route` included.\n")
    grader = r'''
    import csv, io
    rows = list(csv.DictReader(io.StringIO(text)))
    got = sorted((r["hub"], r["from_trip"], r["to_trip"]) for r in rows)
    want = [("CEN","T0003","T0107"),("CEN","T0011","T0119"),("NTH","T0024","T0140")]
    if any(not r.get("from_route") for r in rows):
        return False, "from_route missing"
    return got == want, "transfers"
    '''
    return 'inputnote', 'transfers.csv', ref, prompt, grader, 'string_change'


_REVIEW2.append(_review2_inputnote)


def test_second_review_repros_of_the_p169_p179_rules(tmp_path):
    from artifactbench.gates.core import read_prompt, stated_tolerance
    for make in _REVIEW2:
        name, artifact, reference, prompt, grader, kind = make()
        fails = _fails(_fuzz(_task(tmp_path, name, artifact, reference, prompt, grader)))
        assert any(f.startswith(f"{kind}:") for f in fails), (name, fails)
    # "No freedom: the order of rows must follow that sort" frees nothing; bands said in grading words are bands
    assert not read_prompt("Rows sorted by `score`. No freedom: the order of rows must follow that sort.").unordered
    assert stated_tolerance("Each `payout` is accepted when its absolute difference ≤ 0.01.").abs == 0.01
    # "List each station exactly once" says nothing of a title written twice, and "skipped when you are graded" or
    # "a total row of the input's figures is fine" still free a `total` row
    sound = _task(tmp_path, "title", "bikes.md", "# Bike report\n\nS01 71.05\nS02 35.92\nS03 13.79\n",
                  "# Bikes\n\nWrite `bikes.md`: a title line, then one line per station, its id and its expected bikes "
                  "(within 0.01). List each station exactly once.\n", """\
        got = {}
        if not text.lstrip().startswith("# "):
            return False, "no title"
        for l in text.splitlines():
            p = l.split()
            if not p or l.startswith("#"):
                continue
            if p[0] in got or len(p) != 2:
                return False, "bad or repeated station"
            got[p[0]] = float(p[1])
        want = {"S01": 71.05, "S02": 35.92, "S03": 13.79}
        return got.keys() == want.keys() and all(abs(got[k] - want[k]) <= 0.01 for k in want), "stations"
        """)
    assert not _fails(_fuzz(sound)), _fails(_fuzz(sound))
    for said in ("is skipped by the checker, so a total row of the input's figures is fine.",
                 "is skipped when you are graded."):
        settle = _task(tmp_path, f"settle{len(said)}", "settle.md", _SETTLE, "# Settlement\n\nRead `deliveries.csv` "
                       "and write `settle.md`: a table with the columns `grower_id`, `kg` and `payout`, each within 0.01. "
                       "A row whose first-column label is `total` (bold or not) " + said + "\n", _SETTLE_GRADER)
        assert not _fails(_fuzz(settle)), (said, _fails(_fuzz(settle)))


def test_a_header_span_lists_columns_and_a_samples_optional_note_frees_its_own_key_alone(tmp_path):
    # (p183: "Segment table, header including `segment | final_poa | cumulative_pod` ... Extra columns are fine": an
    # `initial_poa` column moved 8x the band is one the prompt frees; p182: a JSON sample read as one sentence, whose
    # one `# optional: extra keys are ignored` note made every key it quotes optional, hid an unchecked order)
    from artifactbench.gates.core import read_prompt
    from artifactbench.gates.core._doubt import listed_columns
    assert listed_columns("Segment table, header including `segment | final_poa | cumulative_pod`, one row each.") \
        == {"segment", "final_poa", "cumulative_pod"}
    sample = ('Annotated sample:\n\n```\n{\n  "plans": {              # one entry per plan\n    "TP-1": {\n'
              '      "completed_lines": ["L3", "L1"],   # in the order they were completed\n'
              '      "patient_id": "P900"               # optional: extra keys are ignored\n    }\n  }\n}\n```\n')
    assert read_prompt(sample).optional_fields == {"patient_id"}
    segments = ("| segment | initial_poa | final_poa |\n|---|---:|---:|\n| A | 0.2200 | 0.1929 |\n| B | 0.1800 | 0.0924 |\n"
                "| C | 0.1000 | 0.1169 |\n")
    root = _task(tmp_path, "poa", "poa.md", segments, "# POA\n\nWrite `poa.md`: a table, header including `segment | "
                 "final_poa`, one row per segment.\n\n- Extra columns are fine; all numbers within ±0.0005.\n", """\
        want = {"A": 0.1929, "B": 0.0924, "C": 0.1169}
        got = {}
        for l in text.splitlines()[2:]:
            c = [x.strip() for x in l.strip("|").split("|")]
            if c[0] in got:
                return False, "twice"
            got[c[0]] = float(c[2])
        return got.keys() == want.keys() and all(abs(got[k] - want[k]) <= 0.0005 for k in want), "segments"
        """)
    assert not [f for f in _fails(_fuzz(root)) if f.startswith("number_near:")], _fails(_fuzz(root))


def test_a_set_inside_one_record_and_a_band_of_the_fully_converged_value(tmp_path):
    # (p181: "Order inside the list is free (we treat it as a set); a bale cannot appear twice in one load" is said of
    # a load's own list, not of the loads, which the prompt asks for "each one exactly once"; "must be within **0.01 t**
    # of the fully converged IPF value" states a band)
    from artifactbench.gates.core import stated_tolerance
    assert stated_tolerance("Each cell must\n  be within **0.01 t** of the fully converged IPF value.").abs == 0.01
    loads = "".join(json.dumps({"load": i, "bales": [f"B{i:02d}", f"B{i + 1:02d}"]}) + "\n" for i in range(1, 7))
    root = _task(tmp_path, "loads", "loads.jsonl", loads, "# Loads\n\nList every valid load, each one exactly once.\n\n"
                 "* `bales` - required. Order inside the\n  list is free (we treat it as a set); a bale cannot appear twice "
                 "in one load.\n* Line order is free.\n", """\
        got = {frozenset(json.loads(l)["bales"]) for l in text.splitlines() if l.strip()}
        return got == {frozenset([f"B{i:02d}", f"B{i + 1:02d}"]) for i in range(1, 7)}, "loads"
        """)
    assert any(f.startswith("duplicate_record:") for f in _fails(_fuzz(root))), _fails(_fuzz(root))
