"""Wrong schedules the grader must reject (plus the six defaults).

The rule cases are not hand-edited: each is the schedule that the author's solution computes on this task's
plan when one stated rule is left out (solution.solve's `skip`), so each proves that its rule matters."""

from __future__ import annotations

import functools
import importlib.util
import json
import tempfile
from pathlib import Path

from swebench.artifact_negative import NegativeCase, default_negative_cases

INSTANCE_ID = "algorithmic__critical_path_hard"
HERE = Path(__file__).resolve().parent


def _load(path: Path, name: str):
    spec = importlib.util.spec_from_file_location(name, path)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


@functools.cache
def _plan() -> str:
    from artifactbench.manifest import derive_seed

    generator = _load(HERE.parent / "workspace" / "generator.py", "_critical_path_generator")
    return generator.build(derive_seed(INSTANCE_ID))


def _without(rule: str):
    """The schedule computed with `rule` left out (the reference text passed in is not used)."""

    def mutate(text: str) -> str:
        del text
        solution = _load(HERE / "solution.py", "_critical_path_solution")
        with tempfile.TemporaryDirectory(prefix="critical-path-neg-") as scratch:
            (Path(scratch) / "plan.csv").write_text(_plan(), encoding="utf-8", newline="")
            return solution.solve(Path(scratch), frozenset({rule}))

    return mutate


def _doc(fn):
    def mutate(text: str) -> str:
        doc = json.loads(text)
        fn(doc)
        return _dump(doc)

    return mutate


def _free_slack_as_slack(doc):
    for t in doc["tasks"]:
        t["free_slack"] = t["slack"]


def _ignored_swapped(doc):
    d = doc["ignored_dependencies"]
    d[0], d[1] = d[1], d[0]


NEGATIVE_CASES = default_negative_cases() + [
    # One per stated rule: the solution without it.
    NegativeCase("first_revision_wins", _without("revisions"), "project_duration wrong"),
    NegativeCase("cancelled_tasks_scheduled", _without("cancelled"), "unexpected"),
    NegativeCase("cancelled_predecessors_reported", _without("cancelled_reported"), "unexpected"),
    NegativeCase("not_before_ignored", _without("not_before"), "wrong in"),
    NegativeCase("finish_to_finish_as_finish_to_start", _without("finish_to_finish"), "project_duration wrong"),
    NegativeCase("repeated_predecessor_once", _without("repeated_predecessor"), "wrong in"),
    NegativeCase("only_cycle_members_unschedulable", _without("downstream_of_cycle"), "unschedulable: missing"),
    # Output slips.
    NegativeCase("free_slack_equals_total_slack", _doc(_free_slack_as_slack), "field 'free_slack' wrong"),
    NegativeCase("ignored_unsorted", _doc(_ignored_swapped), "order"),
    NegativeCase("unschedulable_unsorted", _doc(lambda d: d["unschedulable"].reverse()), "order"),
    NegativeCase("unschedulable_empty", _doc(lambda d: d["unschedulable"].clear()), "unschedulable: missing"),
    NegativeCase("task_missing", _doc(lambda d: d["tasks"].pop(60)), "missing 1 task"),
    NegativeCase("critical_as_int", _doc(lambda d: d["tasks"][3].update(critical=int(d["tasks"][3]["critical"]))),
                 "wrong type"),
    NegativeCase("duration_as_string", _doc(lambda d: d.update(project_duration=str(d["project_duration"]))),
                 "wrong type"),
    NegativeCase("extra_top_key", _doc(lambda d: d.update(critical_path=[])), "unexpected key"),
]


def _dump(doc: dict) -> str:
    """One top-level key a line (the long task list last), so the file has lines but few of them."""
    keys = ("project_duration", "unschedulable", "ignored_dependencies", "tasks")
    order = [k for k in keys if k in doc] + [k for k in doc if k not in keys]
    body = ",\n".join(f"{json.dumps(k)}: {json.dumps(doc[k])}" for k in order)
    return "{" + body + "}\n"
