"""The plugin's mirror of the checker's JSON report (CLI contract versions 1 and 2).

Keep in sync with docs/adr/0001-cli-surface.md and `artifactbench.gates` (`Report.to_json`, gates/core/_values.py).
tests/test_contract_mirror.py fails when a sample report stops parsing here.

This module is plain Python (no Pants imports) so it is unit-testable anywhere. A reader accepts
any report whose `version` it knows and ignores keys it does not know (the ADR's compatibility rule).
"""
from __future__ import annotations

import json
from dataclasses import dataclass
from typing import Any, Mapping, Optional, Tuple

SUPPORTED_VERSIONS = (1, 2)
TASK_STATUSES = ("pass", "fail", "error")
CHECK_STATUSES = ("pass", "fail", "warn", "error", "skip")
# Version 2: a closed set of case statuses and a severity per case. Keep in sync with
# artifactbench.gates.CASE_STATUSES / SEVERITIES (src/artifactbench/gates/core/_values.py).
CASE_STATUSES = ("PASS", "OK", "SKIPPED", "FINDING", "WARNING", "MISS", "WEAK_MISS", "WRONG_REASON",
                 "EXPECTED_MISS", "LEAK", "BLOCKED", "ERROR")
SEVERITIES = ("error", "fail", "warn", "info")
# `check --sandbox` values; keep in sync with artifactbench.gates.SANDBOXES (gates/core/_context.py).
SANDBOXES = ("none", "bwrap")
# A v1 case has no severity: read it from its status (v1 statuses were free-form; unknown -> info).
_V1_SEVERITY = {"FINDING": "fail", "MISS": "fail", "LEAK": "fail", "FAIL": "fail", "ERROR": "error",
                "WARNING": "warn", "WEAK_MISS": "warn", "WRONG_REASON": "warn", "EXPECTED_MISS": "warn"}


class ContractError(ValueError):
    """The checker wrote a report this plugin cannot read (wrong version or shape)."""


@dataclass(frozen=True)
class CaseRecord:
    name: str
    status: str
    detail: str
    severity: str = "info"


@dataclass(frozen=True)
class CheckRecord:
    gate: str
    status: str
    summary: str
    duration_s: float
    cases: Tuple[CaseRecord, ...]


@dataclass(frozen=True)
class TaskRecord:
    instance_id: str
    task_dir: str
    status: str
    duration_s: float
    checks: Tuple[CheckRecord, ...]


@dataclass(frozen=True)
class CheckReport:
    version: int
    kind: str
    harness_version: str
    status: str
    exit_code: int
    problems: Tuple[str, ...]
    tasks: Tuple[TaskRecord, ...]


def _req(obj: Mapping[str, Any], key: str, kind: type, where: str) -> Any:
    if key not in obj:
        raise ContractError(f"{where}: missing key {key!r}")
    value = obj[key]
    # bool is an int subclass; a float field accepts ints (JSON has one number type).
    ok = isinstance(value, (int, float)) and not isinstance(value, bool) if kind is float else (
        isinstance(value, kind) and not (kind is int and isinstance(value, bool))
    )
    if not ok:
        raise ContractError(f"{where}: {key}={value!r} is not a {kind.__name__}")
    return value


def _status(obj: Mapping[str, Any], allowed: Tuple[str, ...], where: str) -> str:
    status = _req(obj, "status", str, where)
    if status not in allowed:
        raise ContractError(f"{where}: status={status!r} is not one of {', '.join(allowed)}")
    return status


def _case(obj: Any, where: str, version: int) -> CaseRecord:
    if not isinstance(obj, dict):
        raise ContractError(f"{where}: expected an object, got {obj!r}")
    if version == 1:
        # Case statuses are free-form upper-case words in v1 (PASS, FAIL, ...): kept verbatim.
        status = str(_req(obj, "status", str, where))
        severity = _V1_SEVERITY.get(status, "info")
    else:
        status = _status(obj, CASE_STATUSES, where)
        severity = _req(obj, "severity", str, where)
        if severity not in SEVERITIES:
            raise ContractError(f"{where}: severity={severity!r} is not one of {', '.join(SEVERITIES)}")
    return CaseRecord(
        name=str(_req(obj, "name", str, where)),
        status=status,
        detail=str(obj.get("detail", "")),
        severity=severity,
    )


def _check(obj: Any, where: str, version: int) -> CheckRecord:
    if not isinstance(obj, dict):
        raise ContractError(f"{where}: expected an object, got {obj!r}")
    gate = _req(obj, "gate", str, where)
    where = f"{where} gate={gate!r}"
    return CheckRecord(
        gate=gate,
        status=_status(obj, CHECK_STATUSES, where),
        summary=_req(obj, "summary", str, where),
        duration_s=float(obj.get("duration_s", 0.0)),
        cases=tuple(_case(c, f"{where} case #{i}", version) for i, c in enumerate(obj.get("cases", []))),
    )


def _task(obj: Any, where: str, version: int) -> TaskRecord:
    if not isinstance(obj, dict):
        raise ContractError(f"{where}: expected an object, got {obj!r}")
    instance_id = _req(obj, "instance_id", str, where)
    where = f"task {instance_id!r}"
    return TaskRecord(
        instance_id=instance_id,
        task_dir=_req(obj, "task_dir", str, where),
        status=_status(obj, TASK_STATUSES, where),
        duration_s=float(obj.get("duration_s", 0.0)),
        checks=tuple(_check(c, f"{where} check #{i}", version)
                     for i, c in enumerate(_req(obj, "checks", list, where))),
    )


def parse_report(raw: "bytes | str | Mapping[str, Any]") -> CheckReport:
    """Parse a check/validate report; raise ContractError naming the offending key on drift."""
    if isinstance(raw, (bytes, str)):
        try:
            obj = json.loads(raw)
        except ValueError as err:
            raise ContractError(f"report.json is not JSON: {err}") from None
    else:
        obj = raw
    if not isinstance(obj, dict):
        raise ContractError(f"report.json: expected an object, got {type(obj).__name__}")
    version = _req(obj, "version", int, "report.json")
    if version not in SUPPORTED_VERSIONS:
        raise ContractError(
            f"report.json: version={version!r} is not supported by this plugin "
            f"(knows {SUPPORTED_VERSIONS}); upgrade the plugin or pin the checker"
        )
    return CheckReport(
        version=version,
        kind=str(obj.get("kind", "check-report")),
        harness_version=str(obj.get("harness_version", "")),
        status=_status(obj, TASK_STATUSES, "report.json"),
        exit_code=_req(obj, "exit_code", int, "report.json"),
        problems=tuple(str(p) for p in obj.get("problems", [])),
        tasks=tuple(_task(t, f"tasks[{i}]", version) for i, t in enumerate(_req(obj, "tasks", list, "report.json"))),
    )


def report_from_json(raw: "bytes | str") -> Optional[CheckReport]:
    """Like parse_report, but None for an empty file (the checker died before writing)."""
    if not raw or not (raw.strip() if isinstance(raw, (bytes, str)) else raw):
        return None
    return parse_report(raw)
