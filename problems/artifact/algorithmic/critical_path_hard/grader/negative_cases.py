"""Wrong schedules the grader must reject (plus the six defaults)."""

from __future__ import annotations

import json

from swebench.artifact_negative import NegativeCase, default_negative_cases


def _doc(fn):
    def mutate(text: str) -> str:
        doc = json.loads(text)
        fn(doc)
        return json.dumps(doc, indent=1) + "\n"

    return mutate


def _shift_noncritical(doc):
    """A non-critical task's late dates moved by one day (slack kept consistent with them)."""
    t = [t for t in doc["tasks"] if not t["critical"]][-3]
    t["ls"] -= 1
    t["lf"] -= 1
    t["slack"] -= 1


def _slack_to_critical(doc):
    t = next(t for t in doc["tasks"][40:] if t["slack"] == 1) if any(t["slack"] == 1 for t in doc["tasks"][40:]) \
        else next(t for t in doc["tasks"][40:] if t["slack"])
    t["ls"], t["lf"], t["slack"], t["critical"] = t["es"], t["ef"], 0, True


def _ignored_dropped(doc):
    doc["ignored_dependencies"].pop()


def _ignored_swapped(doc):
    d = doc["ignored_dependencies"]
    d[0], d[1] = d[1], d[0]


NEGATIVE_CASES = default_negative_cases() + [
    NegativeCase("late_dates_one_day_early", _doc(_shift_noncritical), "wrong in 1 task"),
    NegativeCase("task_made_critical", _doc(_slack_to_critical), "wrong in 1 task"),
    NegativeCase("duration_one_longer", _doc(lambda d: d.update(project_duration=d["project_duration"] + 1)),
                 "project_duration wrong"),
    NegativeCase("typo_not_reported", _doc(_ignored_dropped), "missing 1 ignored dependency"),
    NegativeCase("ignored_unsorted", _doc(_ignored_swapped), "order"),
    NegativeCase("task_missing", _doc(lambda d: d["tasks"].pop(60)), "missing 1 task"),
    NegativeCase("tasks_swapped", _doc(lambda d: d["tasks"].__setitem__(slice(8, 10), d["tasks"][9:7:-1])), "order"),
    NegativeCase("critical_as_int", _doc(lambda d: d["tasks"][3].update(critical=int(d["tasks"][3]["critical"]))),
                 "wrong type"),
    NegativeCase("duration_as_string", _doc(lambda d: d.update(project_duration=str(d["project_duration"]))),
                 "wrong type"),
    NegativeCase("extra_top_key", _doc(lambda d: d.update(critical_path=[])), "unexpected key"),
]
