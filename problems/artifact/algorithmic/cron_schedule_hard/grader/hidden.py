"""Grades output/cron.py by calling next_runs() in a child process and comparing with the reference.

Calls (expressions, start times, counts) come from an RNG seeded with the instance_id (spec 3.2). The child
imports the agent's module with the network disabled, runs every call and reports the raw results on
stdout in one line tagged with a nonce it read from stdin before importing the module, so the module's own
prints cannot pose as the report. The verdict is computed here, against the reference module next to this
file; score = fraction of calls answered exactly, passed only when all are.
"""

from __future__ import annotations

import hashlib
import importlib.util
import json
import os
import random
import secrets
import sys
from datetime import datetime, timedelta
from pathlib import Path

from artifactbench.grading import run_agent_code
from swebench.artifact_models import GradeResult

INSTANCE_ID = "algorithmic__cron_schedule_hard"
ARTIFACT = "output/cron.py"
CALLS = 300
TIMEOUT_S = 20.0
MAX_SOURCE_BYTES = 2_000_000

_CHILD = r'''
import importlib.util, json, os, socket, sys
def _blocked(*args, **kwargs):
    raise OSError("network access is disabled while grading")
def _main():
    request = json.loads(sys.stdin.read())
    sys.stdin = open(os.devnull)
    report = sys.__stdout__
    socket.socket = socket.create_connection = socket.getaddrinfo = _blocked
    def emit(value):
        report.write("\nRESULT " + request["nonce"] + " " + json.dumps(value) + "\n")
        report.flush()
    try:
        spec = importlib.util.spec_from_file_location("candidate_cron", sys.argv[1])
        module = importlib.util.module_from_spec(spec)
        spec.loader.exec_module(module)
        fn = module.next_runs
    except BaseException as exc:
        emit({"load_error": type(exc).__name__})
        return
    out = []
    for expr, after, count in request["calls"]:
        try:
            value = fn(expr, after, count)
            if type(value) is not list or not all(type(v) is str for v in value):
                value = "type:" + type(value).__name__
        except ValueError:
            value = "ValueError"
        except BaseException as exc:
            value = "error:" + type(exc).__name__
        out.append(value)
    emit({"results": out})
_main()
'''

_VALID_FIELDS = (
    ("*", "*/5", "*/15", "0", "30", "0,30", "5-20/5", "45", "59", "0-10", "*/7", "15,45", "7-8", "*/20"),
    ("*", "*", "0", "2", "2", "1-3", "*/2", "9-17", "*/6", "23", "0,12", "8-18/2", "3", "2,14", "22-23", "*/1"),
    ("*", "*", "*", "1", "15", "31", "29", "30", "1-7", "1,15", "*/10", "28-31", "13", "8-14", "*/2", "*/1"),
    ("*", "*", "*", "1", "2", "FEB", "jan-mar", "*/3", "12", "4,6,9,11", "Jun-Aug", "DEC", "2-3", "MAR", "OCT",
     "3,10", "*/1"),
    ("*", "*", "*", "0", "7", "1-5", "MON-FRI", "sat,sun", "5", "FRI", "5-7", "*/2", "0,6", "Wed", "1", "SUN",
     "*/3"),
)
_SPECIAL = ("@yearly", "@annually", "@monthly", "@weekly", "@daily", "@midnight", "@hourly",
            "0 0 29 2 *", "0 0 30 2 *", "0 0 31 * *", "0 0 30 2 1", "0 12 13 * FRI", "0 0 31 4 *",
            "0 0 * * 7", "59 23 31 12 *", "0 0 1 1 SUN", "30 8 1-7 * MON", "30 2 * * *", "*/20 2 * * *",
            "0,20 * * * *", "30 * * * *", "0 2-3 * * SUN", "15 */2 * * *", "45 1-3 * 3,10 0", "0 3 * * *",
            "0 0 */2 * MON", "0 0 1-7 * */1", "30 2 25-31 10 SUN", "59 1 * * *", "0 0 */1 * 1")
_INVALID = ("5/2 * * * *", "5-2 * * * *", "* * * *", "* * * * * *", "@every", "@DAILY", "60 * * * *",
            "* 24 * * *", "* * 0 * *", "* * 32 * *", "* * * 13 *", "* * * * 8", "* * * foo *", "*/0 * * * *",
            "1,,2 * * * *", "* * * * MON-", "MON * * * *", "* * * JAN-MON *", "-1 * * * *", "*/x * * * *",
            "1-5/0 * * * *", "* * * * SUNDAY", "", "0 0 * * 1.5")
_BAD_AFTER = ("2026-02-30 10:00+01:00", "2026-03-29 02:30", "2026-01-05T10:00+01:00", "2026-01-05 10:00+1:00",
              "2026-01-05 10:00+15:00", "2026-01-05 10:00 +01:00", "yesterday", "2026-01-05 24:00+01:00",
              "2026-1-05 10:00+01:00", "2026-01-05 10:00Z")
_OFFSETS = ("+01:00", "+01:00", "+02:00", "+02:00", "+00:00", "-05:00", "+05:30", "+14:00", "-09:30")

_FIXED = (["0 0 1 3 *", "2025-03-01 00:00+01:00", 8], ["0 0 2 3 *", "2025-03-01 00:00+01:00", 8],
          ["30 8 1-7 * MON", "2026-06-01 08:30+02:00", 3], ["* * * * *", "2026-12-31 23:59+01:00", 2],
          ["0 0 * * 7", "2026-03-07 23:59+01:00", 2], ["*/20 */8 * * *", "2024-02-28 23:40+01:00", 5],
          ["30 2 * * *", "2026-03-28 12:00+01:00", 3], ["*/20 2 * * *", "2026-03-29 00:00+01:00", 4],
          ["0,20 * * * *", "2026-03-29 01:30+01:00", 4], ["30 2 * * *", "2026-10-24 12:00+02:00", 3],
          ["30 * * * *", "2026-10-25 01:00+02:00", 4], ["0 3 * * *", "2026-03-29 00:00+00:00", 1],
          ["0 0 */2 * MON", "2026-06-01 00:00+02:00", 6], ["0 12 * * *", "2026-06-30 23:30-05:00", 2],
          ["0 2 * * *", "2027-10-30 12:00+00:00", 2], ["*/30 2 * * *", "2027-10-31 02:00+02:00", 3],
          ["30 * * * *", "2026-03-29 01:00+01:00", 3], ["15 */2 * * *", "2028-03-26 00:00+01:00", 3],
          ["*/1 2 * * 0", "2025-03-30 01:58+01:00", 3], ["45 */1 * * *", "2029-10-28 02:30+01:00", 2],
          ["7-7 9-9 * * 3-3", "2026-01-05 10:00+01:00", 2])


def _after_text(rng: random.Random) -> str:
    year = rng.choice((2024, 2025, 2026, 2027, 2028, 2029))
    if rng.random() < 0.45:  # close to a daylight-saving change
        month = rng.choice((3, 10))
        last = (datetime(year, month + 1, 1) - timedelta(days=1))
        sunday = last.day - last.isoweekday() % 7
        day, hour = sunday + rng.choice((-6, -2, -1, -1, 0, 0, 0)), rng.choice((0, 0, 1, 1, 2, 3, 12, 23))
    else:
        month, day = rng.randint(1, 12), rng.choice((1, 15, 28, 29, 30, 31, rng.randint(1, 28)))
        day = min(day, (29 if year % 4 == 0 else 28) if month == 2 else 30 if month in (4, 6, 9, 11) else 31)
        hour = rng.choice((0, 8, 12, 17, 23, rng.randint(0, 23)))
    minute = rng.choice((0, 14, 15, 30, 59, 45))
    return f"{year:04d}-{month:02d}-{day:02d} {hour:02d}:{minute:02d}{rng.choice(_OFFSETS)}"


def _fail(detail: str, score: float = 0.0) -> GradeResult:
    return GradeResult(passed=False, score=score, detail=detail[:500])


def _calls() -> list[list]:
    rng = random.Random(int(hashlib.sha256(INSTANCE_ID.encode("utf-8")).hexdigest()[:16], 16))
    calls = []
    for n in range(CALLS):
        roll = rng.random()
        if roll < 0.1:
            expr = rng.choice(_INVALID)
        elif roll < 0.35:
            expr = rng.choice(_SPECIAL)
        else:
            expr = (" " * rng.choice((1, 1, 1, 2))).join(rng.choice(f) for f in _VALID_FIELDS)
        after = _after_text(rng) if n % 31 != 5 else rng.choice(_BAD_AFTER)
        count = rng.choice((1, 2, 3, 5, 8, 12, 30)) if n % 41 != 7 else rng.choice((0, -1))
        calls.append([expr, after, count])
    fixed = [list(call) for call in _FIXED]
    fixed += [[expr, "2026-05-04 10:00+02:00", 2] for expr in _INVALID]  # every kind of invalid input once
    fixed += [["0 12 * * *", after, 2] for after in _BAD_AFTER]
    return calls + fixed


def _expected(calls: list[list]) -> list:
    spec = importlib.util.spec_from_file_location("_reference_cron", Path(__file__).with_name("reference_output.py"))
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    out = []
    for expr, after, count in calls:
        try:
            out.append(module.next_runs(expr, after, count))
        except ValueError:
            out.append("ValueError")
    return out


def _run_child(scratch_dir: Path, module_path: Path, calls: list[list]) -> tuple[dict | None, str]:
    nonce = secrets.token_hex(16)  # unguessable; it never affects the verdict of a module that does not forge
    payload = json.dumps({"nonce": nonce, "calls": calls}).encode("utf-8")
    # The harness's nested sandbox: the module sees the graded dir, never this folder or the reference.
    run = run_agent_code([sys.executable, "-I", "-B", "-c", _CHILD, str(module_path)], scratch_dir,
                         timeout_s=TIMEOUT_S, input=payload)
    if run.timed_out:
        return None, f"module timed out after {TIMEOUT_S:g} s (does it hang, loop or scan minute by minute?)"
    tag = f"RESULT {nonce} "
    stdout = run.stdout.decode("utf-8", errors="replace")
    reports = [line[len(tag):] for line in stdout.splitlines() if line.startswith(tag)]
    if len(reports) != 1:
        return None, f"module did not report results (exit code {run.returncode}; it must not exit or crash)"
    try:
        report = json.loads(reports[0])
    except ValueError:
        return None, "module did not report results (report line damaged)"
    if not isinstance(report, dict):
        return None, "module did not report results (wrong report shape)"
    if "load_error" in report:
        return None, f"module failed to import: {report['load_error']}"
    return report, ""


def _change_day(date: str) -> bool:
    """Whether `date` (YYYY-MM-DD) is the last Sunday of March or October: a daylight-saving change."""
    try:
        day = datetime.strptime(date, "%Y-%m-%d")
    except ValueError:
        return False
    return day.month in (3, 10) and day.isoweekday() == 7 and (day + timedelta(days=7)).month != day.month


def _kind(expr: str, after: str, want: object) -> str:
    if want == "ValueError":
        return "invalid input"
    if any(_change_day(text[:10]) for text in [after, *want]):
        return "daylight saving"
    if expr.startswith("@"):
        return "macro"
    fields = expr.split()
    both = len(fields) == 5 and not fields[2].startswith("*") and not fields[4].startswith("*")
    return "day-of-month/day-of-week" if both else "schedule"


def grade(scratch_dir: Path) -> GradeResult:
    """Never raises on a bad artifact (missing, garbage, crashing, hanging or printing modules)."""
    path = Path(scratch_dir) / ARTIFACT
    if not path.is_file():
        return _fail("output artifact not produced")
    try:
        if path.stat().st_size > MAX_SOURCE_BYTES:
            return _fail("output artifact too large")
        source = path.read_bytes().decode("utf-8")
    except (OSError, UnicodeDecodeError) as exc:
        return _fail(f"output artifact failed to parse: {type(exc).__name__}")
    if not source.strip():
        return _fail("output artifact is empty")
    try:
        compile(source, str(path), "exec")
    except (SyntaxError, ValueError, RecursionError, MemoryError) as exc:
        return _fail(f"output artifact failed to parse: {type(exc).__name__} at line {getattr(exc, 'lineno', '?')}")
    calls = _calls()
    report, problem = _run_child(Path(scratch_dir).resolve(), path.resolve(), calls)
    if report is None:
        return _fail(problem)
    got = report.get("results")
    want = _expected(calls)
    if not isinstance(got, list) or len(got) != len(want):
        return _fail("module did not report results (wrong report shape)")
    wrong = [n for n, (g, w) in enumerate(zip(got, want)) if g != w]
    score = round((len(want) - len(wrong)) / len(want), 4)
    if wrong:
        kinds = sorted({_kind(calls[n][0], calls[n][1], want[n]) for n in wrong})
        return _fail(f"{len(wrong)} of {len(want)} calls returned a wrong result or raised wrongly "
                     f"(kinds: {', '.join(kinds)}); first: call {wrong[0] + 1}", score)
    return GradeResult(passed=True, score=1.0, detail=f"all {len(want)} calls answered correctly")
