"""A run dir read back as untrusted data: run.json and every results line are checked field by field.

A run dir may have been edited by hand, copied half-way or written by another tool; reading it must
end in a one-line error naming the file, the line and the field, never a traceback or a wrong summary.
"""

from __future__ import annotations

import math
import re
from collections.abc import Mapping
from dataclasses import fields

from artifactbench._display import short_repr
from artifactbench.bench._command import MAX_METRIC
from artifactbench.bench._records import RECORD_VERSION, RunRecord
from artifactbench.errors import ArtifactBenchError

__all__ = ["MAX_RUNS", "check_record", "check_run_config", "check_run_index", "positive_seconds"]

_VERDICTS = ("PASS", "FAIL", "ERROR")
MAX_RUNS = 10_000  # repetitions per (task, arm): a run.json or --runs above it is an error
# Bookkeeping numbers: a non-finite one is dropped with a note, it never changes a verdict.
_DROPPED_TO_NONE = ("cost", "turns", "tokens", "code_runs", "input_tokens", "output_tokens")
# Added after records version 1 was first written (issue 11): absent in older records, defaulted.
# Those with a dataclass default are left to it; the budgets (no default) get these values.
_OPTIONAL = ("stdout_tail", "stderr_tail", "version", "input_tokens", "output_tokens", "tool_calls",
             "transcript", "sandbox")
_DROPPED_TO_ZERO = ("wall_s", "agent_wall_s", "grade_s")
_BUDGET_DEFAULTS = {"max_code_runs": 0, "max_wall_seconds": 0, "budgets_enforced": False}


def _matches(kind: str, value: object) -> bool:
    if value is None:
        return kind.endswith("| None")
    if isinstance(value, bool):
        return kind == "bool"
    base = kind.removesuffix(" | None")
    if base == "int":
        return isinstance(value, int)
    if base == "float":
        return isinstance(value, (int, float))
    if base == "Verdict":
        return value in _VERDICTS
    return base == "str" and isinstance(value, str)


def _kind_words(kind: str) -> str:
    words = {"int": "an integer", "float": "a number", "str": "a string", "bool": "true or false",
             "Verdict": "one of PASS, FAIL, ERROR"}
    base = kind.removesuffix(" | None")
    return words.get(base, base) + (" or null" if kind.endswith("| None") else "")


def _non_finite(flat: dict[str, object], where: str) -> list[str]:
    """Replace NaN/inf in bookkeeping fields; notes say what was left out."""
    notes = []
    for name in (*_DROPPED_TO_NONE, *_DROPPED_TO_ZERO, "score"):
        value = flat.get(name)
        if not isinstance(value, float) or math.isfinite(value):
            continue
        if name in _DROPPED_TO_NONE:
            flat[name] = None
        elif name in _DROPPED_TO_ZERO:
            flat[name] = 0.0
        else:  # the verdict is the grader's word; a score that is not a number follows it
            flat[name] = 1.0 if flat.get("verdict") == "PASS" else 0.0
        notes.append(f"{where}: {name}={value!r} is not a finite number; ignored (read as {flat[name]!r})")
    return notes


def _tool_calls(value: object, where: str) -> tuple[tuple[str, int], ...]:
    """`{"tool name": calls}` as the record's sorted pairs."""
    if not isinstance(value, Mapping) or not all(
            isinstance(k, str) and isinstance(n, int) and not isinstance(n, bool) and n >= 0
            for k, n in value.items()):
        raise ArtifactBenchError(f"{where}: tool_calls={short_repr(value)}: expected an object of tool name: count")
    return tuple(sorted(value.items()))


def check_record(data: object, where: str) -> tuple[RunRecord, tuple[str, ...]]:
    """A RunRecord from one parsed results line, and notes on what was ignored.

    Raises ArtifactBenchError `where: field=value: expected ...` on a non-object, a missing field or a
    wrong-typed one; non-finite metrics are not errors (see _non_finite).
    """
    if not isinstance(data, Mapping):
        raise ArtifactBenchError(f"{where}: a run record must be a JSON object, got {type(data).__name__}")
    flat = dict(data)
    budgets = flat.pop("budgets", {})
    if not isinstance(budgets, Mapping):
        raise ArtifactBenchError(f"{where}: budgets={budgets!r}: expected an object")
    for key, name in (("max_code_runs", "max_code_runs"), ("max_wall_seconds", "max_wall_seconds"),
                      ("enforced", "budgets_enforced")):
        if key in budgets:
            flat[name] = budgets[key]
    notes = _non_finite(flat, where)
    values: dict[str, object] = {}
    for f in fields(RunRecord):
        if f.name not in flat:
            if f.name in _BUDGET_DEFAULTS:  # defaulted, as RunRecord.from_json does
                values[f.name] = _BUDGET_DEFAULTS[f.name]
                continue
            if f.name in _OPTIONAL:
                continue  # the dataclass's own default
            raise ArtifactBenchError(f"{where}: {f.name}: required field is missing")
        value = flat[f.name]
        if f.name == "tool_calls":
            values[f.name] = _tool_calls(value, where)
            continue
        if not _matches(str(f.type), value):
            raise ArtifactBenchError(f"{where}: {f.name}={short_repr(value)}: expected {_kind_words(str(f.type))}")
        values[f.name] = value
    _check_values(values, where, notes)
    return RunRecord(**values), tuple(notes)  # type: ignore[arg-type]


_NAME = re.compile(r"[^\x00-\x1f\x7f]{1,200}")  # a task's or a label's name: one line, no control characters
_ARM = re.compile(r"[A-Za-z0-9][A-Za-z0-9_.-]{0,199}")  # as an arm is named when a run is made (ARM_NAME_RE)


def _check_values(values: dict[str, object], where: str, notes: list[str]) -> None:
    """Values a record's type allows but no run writes: an error naming the field (a wrong summary would
    follow), or, for bookkeeping numbers, a note and the value ignored (outside attack, session 17)."""
    def wrong(name: str, expected: str) -> ArtifactBenchError:
        return ArtifactBenchError(f"{where}: {name}={short_repr(values[name])}: expected {expected}")
    if values.get("version", RECORD_VERSION) != RECORD_VERSION:
        raise wrong("version", f"{RECORD_VERSION} (records of another version are not read)")
    iid = str(values["instance_id"])
    if not _NAME.fullmatch(iid) or re.search(r"[/\\]", iid) or iid in (".", ".."):  # (it names a folder of the run)
        raise wrong("instance_id", "a task's instance_id: one line, no path separator")
    if not _ARM.fullmatch(str(values["arm"])):  # (it names a folder of the run too: `../../../r/...` read another run)
        raise wrong("arm", "an arm's name: letters, digits, '_', '.', '-', not starting with '.', '_' or '-'")
    if values["run"] < 1:  # type: ignore[operator]
        raise wrong("run", "an integer of 1 or more")
    if not 0.0 <= values["score"] <= 1.0:  # type: ignore[operator]
        raise wrong("score", "a number in [0, 1]")
    if values["verdict"] == "PASS" and values["error_reason"] is not None:  # (a PASS would count as one anyway)
        raise wrong("error_reason", "null on a PASS record (error_reason names why a job did not pass)")
    for name in (*_DROPPED_TO_NONE, *_DROPPED_TO_ZERO):
        value = values.get(name)
        if isinstance(value, (int, float)) and not 0 <= value <= MAX_METRIC:
            values[name] = None if name in _DROPPED_TO_NONE else 0.0
            why = "negative" if value < 0 else f"over {MAX_METRIC:g}"
            notes.append(f"{where}: {name}={short_repr(value, 60)} is {why}; ignored (read as {values[name]!r})")


def check_run_config(data: object, where: str) -> dict[str, object]:
    """run.json as a dict, after checking the fields report, regrade and resume read."""
    if not isinstance(data, dict):
        raise ArtifactBenchError(f"{where}: run.json must be a JSON object, got {type(data).__name__}")
    if data.get("version") != 1:
        raise ArtifactBenchError(f"{where}: version={data.get('version')!r}: expected 1")
    for key, kinds, words in (("arms", list, "a list of arm objects"), ("tasks", list, "a list of task objects"),
                              ("seed", int, "an integer"), ("run_id", str, "a string"), ("runs", int, "an integer")):
        value = data.get(key)
        if key in data and (not isinstance(value, kinds) or isinstance(value, bool)):
            raise ArtifactBenchError(f"{where}: {key}={short_repr(value)}: expected {words}")
    # (outside attack: seed=-1 was a numpy traceback in report; the bootstrap's generator takes 0..2**64-1)
    if not 0 <= data.get("seed", 0) < 2**64:  # type: ignore[operator]
        raise ArtifactBenchError(f"{where}: seed={short_repr(data['seed'])}: expected a non-negative integer "
                                 "below 2**64")
    if not 1 <= data.get("runs", 1) <= MAX_RUNS:  # type: ignore[operator]
        raise ArtifactBenchError(f"{where}: runs={short_repr(data['runs'])}: expected an integer from 1 to "
                                 f"{MAX_RUNS}")
    for i, arm in enumerate(data.get("arms", [])):  # type: ignore[union-attr]
        if not isinstance(arm, dict) or not isinstance(arm.get("name"), str) or not _ARM.fullmatch(arm["name"]):
            raise ArtifactBenchError(f"{where}: arms[{i}]={short_repr(arm)}: expected an object with a name of "
                                     "letters, digits, '_', '.' and '-' (it names a folder of the run)")
    for i, task in enumerate(data.get("tasks", [])):  # type: ignore[union-attr]
        if not (isinstance(task, dict) and isinstance(task.get("instance_id"), str)
                and isinstance(task.get("task_dir"), str)):
            raise ArtifactBenchError(f"{where}: tasks[{i}]={task!r}: expected an object with string "
                                     "instance_id and task_dir")
    for key, default in (("grade_timeout_s", 60.0), ("agent_timeout_s", 3600.0)):
        timeout = data.get(key, default)
        if not positive_seconds(timeout):
            raise ArtifactBenchError(f"{where}: {key}={short_repr(timeout)}: expected a positive number")
    return data


def positive_seconds(value: object) -> bool:
    """Whether `value` is a time limit: a finite number of seconds above 0 (not NaN, not a bool)."""
    return not isinstance(value, bool) and isinstance(value, (int, float)) and 0 < value < math.inf


def check_run_index(record: RunRecord, runs: int, where: str) -> None:
    """A record's `run` must be one of the run's repetitions, 1..runs (run.json): a report lays out a
    row per index (outside attack: run=1000000000 hung `report --html` and ate gigabytes)."""
    if record.run > runs:
        raise ArtifactBenchError(f"{where}: run={short_repr(record.run)}: expected at most runs={runs} "
                                 "(run.json)")
