"""What the report shows of summary.json: read as it is, never recomputed differently.

The paired statistics come from bench/_stats.py through summary.json; any interval-shaped entry the
comparison carries (a mapping with `low` and `high`) is shown under its key, so keys added by the
runner later appear without a change here. The per-arm pass-rate interval is the summary's when it
carries one (a `pass_rate_ci` entry), else a Wilson score interval computed here and labelled so.
"""

from __future__ import annotations

import math
from collections.abc import Mapping
from dataclasses import dataclass

__all__ = ["Interval", "StatRow", "comparison_rows", "pass_rate_interval", "wilson"]

_POINT_KEYS = ("estimate", "mean_delta", "ratio", "diff", "difference", "mean", "point", "value")
_NOT_POINT = {"low", "high", "level", "n", "resamples", "seed", "confidence_level"}


@dataclass(frozen=True, slots=True)
class Interval:
    low: float
    high: float
    source: str  # where it came from, shown to the reader


@dataclass(frozen=True, slots=True)
class StatRow:
    """One interval-shaped entry of the comparison: its key path, point estimate and interval."""

    label: str
    estimate: float | None
    low: float
    high: float
    level: float | None
    n: int | None
    note: str


def _is_interval(value: object) -> bool:
    return (isinstance(value, Mapping) and isinstance(value.get("low"), (int, float))
            and isinstance(value.get("high"), (int, float)))


def wilson(passed: int, graded: int, z: float = 1.959964) -> tuple[float, float] | None:
    """The Wilson score interval of a binomial proportion (95% by default); None when graded is 0."""
    if graded <= 0:
        return None
    p = passed / graded
    den = 1 + z * z / graded
    mid = (p + z * z / (2 * graded)) / den
    half = z * math.sqrt(p * (1 - p) / graded + z * z / (4 * graded * graded)) / den
    return max(0.0, mid - half), min(1.0, mid + half)


def pass_rate_interval(entry: Mapping[str, object]) -> Interval | None:
    """The summary's own pass-rate interval when present, else Wilson 95% on its counts."""
    for key, value in entry.items():
        if "pass_rate" in key and _is_interval(value):
            v = value  # type: ignore[assignment]
            return Interval(float(v["low"]), float(v["high"]), f"summary.json {key}")  # type: ignore[index]
    passed, fail = entry.get("pass"), entry.get("fail")
    if not isinstance(passed, int) or not isinstance(fail, int):
        return None
    got = wilson(passed, passed + fail)
    return Interval(got[0], got[1], "Wilson 95%") if got else None


def _point(ci: Mapping[str, object]) -> float | None:
    for key in _POINT_KEYS:
        if isinstance(ci.get(key), (int, float)) and not isinstance(ci.get(key), bool):
            return float(ci[key])  # type: ignore[arg-type]
    for key, value in ci.items():
        if key not in _NOT_POINT and isinstance(value, (int, float)) and not isinstance(value, bool):
            return float(value)
    return None


def _row(label: str, ci: Mapping[str, object]) -> StatRow:
    extras = [f"{k}={ci[k]}" for k in ("method", "resamples", "seed") if k in ci]
    level = ci.get("level", ci.get("confidence_level"))
    n = ci.get("n")
    return StatRow(label, _point(ci), float(ci["low"]), float(ci["high"]),  # type: ignore[arg-type]
                   float(level) if isinstance(level, (int, float)) else None,
                   n if isinstance(n, int) else None, ", ".join(extras))


def comparison_rows(comparison: Mapping[str, object]) -> tuple[list[StatRow], list[str]]:
    """Interval rows in the summary's order, and the labels of entries with no interval (None)."""
    rows: list[StatRow] = []
    missing: list[str] = []
    for key, value in comparison.items():
        if key in ("arm_a", "arm_b", "pairs", "mcnemar"):
            continue
        if _is_interval(value):
            rows.append(_row(key, value))  # type: ignore[arg-type]
        elif isinstance(value, Mapping):
            for sub, inner in value.items():
                if _is_interval(inner):
                    rows.append(_row(f"{key}: {sub}", inner))
                elif inner is None:
                    missing.append(f"{key}: {sub}")
        elif value is None:
            missing.append(key)
    return rows, missing
