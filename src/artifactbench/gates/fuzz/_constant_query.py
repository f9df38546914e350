"""constant_query: a grader of an SQL query that runs it only on the data the agent was given.

The probe runs the reference query itself, read-only, on the one SQLite database of the materialized
workspace, and grades a query that returns those rows as constants (`WITH t("serial", ...) AS (VALUES
(...), ...) SELECT * FROM t;`): the workspace's answer, hard-coded, with the reference's column names and
row order. A grader that runs the query on the agent's own database (or a copy of it) accepts that; one
that runs it on other data as well rejects it. Accepted (confirmed in a forked child), it is a `fail`
where the prompt says the query must work on other data ("runs this query unchanged against every new
weekly export", "must not hard-code"), and a `warn` otherwise: the constants are this database's right
answer, and only the prompt can say the query must be more (blind p21).

The reference query and the workspace's SQL are task files: they run in a child process of their own
(`_sql_probe`, stdlib only, its address space and CPU time capped) under an SQLite authorizer that
denies ATTACH, DETACH and PRAGMA, with a step budget, in an in-memory database; a probe that fails,
crashes or runs past PROBE_TIMEOUT_S is SKIPPED with the reason, and this process never runs task SQL.
"""

from __future__ import annotations

import json
import re
import time
import sys
from importlib import resources
from pathlib import Path

from artifactbench._process import run_process, scrubbed_env
from artifactbench.gates.core import FINDING, OK, SKIPPED, WARNING, CaseResult, cap

NAME = "constant_query"
ORDER = "query_order"
PROBE_TIMEOUT_S = 60.0
# "runs this query unchanged against every new weekly export", "must not hard-code", "a fresh database",
# "must work for any log in this format, not just the sample": the program is for other data too (not "a
# new file", "leave schema.sql unchanged", "other days", "any order")
OTHER_DATA = re.compile(
    r"\bhard[- ]?cod\w*|\breusable\b|\bproduction\s+(?:database|db|environment|server)\b|"
    r"\b(other|different|another|new|fresh|hidden|future|unseen|later|every|each|live)\s+"
    r"(?:[\w-]+\s+){0,2}?(data(bases?|sets?)?|exports?|snapshots?|dumps?|db|dbs|instances\s+of\s+the\s+schema)\b|"
    r"\bnot\s+(?:just|only)\s+(?:on\s+|for\s+)?the\s+(?:[\w-]+\s+)?(sample|example|given|provided)\b|"
    r"\b(?:work|run)s?\s+(?:on|for|with)\s+any\s+(?:[\w-]+\s+){0,2}?(logs?|files?|inputs?|exports?|directory|"
    r"folders?|data(bases?|sets?)?)\b",
    re.IGNORECASE)

_PERMITTED = re.compile(r"\b(may|can|could|allowed\s+to|free\s+to)\s+(?:[\w-]+\s+){0,2}$", re.IGNORECASE)
# a negated subject or modal right before "can be hard-coded": "Nothing from the sample can be", "no value may be"
_NEGATED = re.compile(r"\b(nothing|none|no\s+\w+)(?:\s+[\w-]+){0,4}\s+(?:may|can|could)\s+(?:[\w-]+\s+){0,2}$|"
                      r"\b(?:cannot|can't|mustn't|shouldn't|may\s+not|can\s+not)\s+(?:[\w-]+\s+){0,2}$",
                      re.IGNORECASE)
_PERMITTED_AFTER = re.compile(r"^\S*(?:\s+[\w`'\".-]+){0,4}?\s+(is|are)\s+(fine|ok|okay|allowed|acceptable)\b", re.IGNORECASE)


def settled_acceptance(ctx, grade, text: str, label: str) -> str | None:
    """The grader's detail (capped) where it accepts the stand-in `text` warm and again in a forked child;
    None where either rejects it."""
    outcome = grade(text, label=label)
    if not outcome.ok or not outcome.passed:
        return None
    settled = ctx.settle(text)
    return cap(settled.result.detail, 160) if settled.ok and settled.passed else None


def accepted_within(ctx, grade, changes: list[tuple[str, str, object]], seconds: float, name: str  # noqa: ANN001
                    ) -> tuple[list[tuple[str, object, str]], int, str]:
    """Grade each (what, text, note) of `changes` (a probe's stand-ins for the reference) until `seconds` are spent:
    (what, note, the grader's detail) of each accepted and confirmed (settled_acceptance), how many were graded, and
    "" or a clause saying how many went ungraded for want of time."""
    accepted = []
    graded = 0
    deadline = time.monotonic() + seconds
    for what, text, note in changes:
        if time.monotonic() > deadline:
            break
        graded += 1
        detail = settled_acceptance(ctx, grade, text, f"{name}\t{what}")
        if detail is not None:
            accepted.append((what, note, detail))
    left = "" if graded == len(changes) else \
        f"; {len(changes) - graded} more not graded, the {seconds:g}s budget was spent"
    return accepted, graded, left


def other_data(prompt: str):  # -> re.Match | None
    """The first OTHER_DATA wording that asks the program to work on other data, not one that permits
    hard-coding ("You may hard-code the path", "Hard-coding the file name is fine")."""
    for found in OTHER_DATA.finditer(prompt):
        start = prompt.rfind("\n", 0, found.start()) + 1
        before = prompt[max(start, found.start() - 40):found.start()]
        # ("Nothing from the sample can be hard-coded" forbids it: blind p41)
        if (_PERMITTED.search(before) and not _NEGATED.search(before)) or \
                _PERMITTED_AFTER.match(prompt[found.start():found.start() + 80]):
            continue
        return found
    return None


__all__ = ["NAME", "ORDER", "OTHER_DATA", "constant_query", "constant_query_cases", "other_data", "settled_acceptance"]


def constant_query(artifact: str, reference: str, workspace: Path) -> tuple[str, str, str | None] | str:
    """(query text of the workspace's answer as constants, the files it came from, the reference query
    with its rows in reverse order where that is another order), or why there is
    none: worked out by `_sql_probe` in a child process of its own (task SQL never runs in this one)."""
    if not artifact.lower().endswith(".sql"):
        return "the artifact is not an SQL query"
    # (its source as `-c`: the child imports nothing of ours, wherever the package is installed)
    script = resources.files("artifactbench.gates.fuzz").joinpath("_sql_probe.py").read_text(encoding="utf-8")
    request = json.dumps({"artifact": artifact, "reference": reference, "workspace": str(workspace)}).encode()
    result = run_process([sys.executable, "-I", "-S", "-c", script], cwd=workspace, env=scrubbed_env(),
                         timeout_s=PROBE_TIMEOUT_S, input=request, output_cap=64 << 20)
    if result.timed_out:
        return f"running the reference on the workspace's data took over {PROBE_TIMEOUT_S:g}s"
    try:
        answer = json.loads(result.stdout) if result.returncode == 0 and not result.truncated else None
    except ValueError:
        answer = None
    if not isinstance(answer, dict):
        return f"running the reference on the workspace's data failed (exit status {result.returncode})"
    if isinstance(answer.get("why"), str):
        return answer["why"]
    if isinstance(answer.get("text"), str) and isinstance(answer.get("source"), str):
        reversed_ = answer.get("reversed")
        return answer["text"], answer["source"], reversed_ if isinstance(reversed_, str) else None
    return "running the reference on the workspace's data gave no answer"


def constant_query_cases(ctx, grade, artifact: str, reference: str, prompt: str, order: bool = True) -> list[CaseResult]:
    """constant_query's case, and query_order's where the prompt states the order of the rows (`order`)
    and the reference's rows reversed are another order: the reference query wrapped to return its rows
    in reverse, accepted and confirmed in a forked child, is a `fail` (a grader comparing the rows as a set
    where the prompt asks for `ORDER BY total_minutes DESC`: blind p33)."""
    made = constant_query(artifact, reference, ctx.pristine().scratch_dir)
    if isinstance(made, str):
        return [CaseResult(NAME, SKIPPED, made)]
    text, db, reversed_ = made
    cases = [_constant_case(ctx, grade, text, db, prompt)]
    if reversed_ is not None and order:
        detail = settled_acceptance(ctx, grade, reversed_, f"{ORDER}\treversed")
        cases.append(CaseResult(ORDER, OK, "grader rejected the reference query with its rows in reverse order")
                     if detail is None else CaseResult(ORDER, FINDING, cap(
                         "grader ACCEPTED the reference query with its rows in reverse order, though the prompt "
                         f"states their order; grader detail: {detail!r}", 600)))
    return cases


def _constant_case(ctx, grade, text: str, db: str, prompt: str) -> CaseResult:
    """Grade the constant stand-in; accepted and confirmed in a forked child: fail or warn (module doc)."""
    detail = settled_acceptance(ctx, grade, text, f"{NAME}\t{db}")
    if detail is None:
        return CaseResult(NAME, OK, f"grader rejected a query returning the answer on {db} as constants")
    said = other_data(prompt)
    if said:
        return CaseResult(NAME, FINDING, cap(
            f"grader ACCEPTED a query that returns the answer on {db} as constants (no table read), though the "
            f"prompt wants a query for other data too ({said.group(0)!r}); grader detail: {detail!r}", 600))
    return CaseResult(NAME, WARNING, cap(
        f"grader accepted a query that returns the answer on {db} as constants (no table read); grader detail: "
        f"{detail!r}: does it run the query on any data but the agent's own?", 600), "warn")
