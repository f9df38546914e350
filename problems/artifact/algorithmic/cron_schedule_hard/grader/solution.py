"""Author's solution: the reference cron module, returned as source text."""

from __future__ import annotations

from pathlib import Path

MODULE = '''"""Cron expression matching: the next times an expression fires after a given time."""

from __future__ import annotations

from datetime import datetime, timedelta

MINUTE, HOUR = (0, 59), (0, 23)
HORIZON = timedelta(days=1461)
FORMAT = "%Y-%m-%d %H:%M"
MACROS = {"@yearly": "0 0 1 1 *", "@annually": "0 0 1 1 *", "@monthly": "0 0 1 * *", "@weekly": "0 0 * * 0",
          "@daily": "0 0 * * *", "@midnight": "0 0 * * *", "@hourly": "0 * * * *"}
MONTHS = {n: i for i, n in enumerate("JAN FEB MAR APR MAY JUN JUL AUG SEP OCT NOV DEC".split(), 1)}
DAYS = {n: i for i, n in enumerate("SUN MON TUE WED THU FRI SAT".split())}
BOUNDS = ((*MINUTE, {}), (*HOUR, {}), (1, 31, {}), (1, 12, MONTHS), (0, 7, DAYS))


def _number(text: str, low: int, high: int, names: dict) -> int:
    if text.upper() in names:
        return names[text.upper()]
    if not text.isdigit() or not text.isascii():
        raise ValueError(f"not a number: {text!r}")
    value = int(text)
    if not low <= value <= high:
        raise ValueError(f"value out of range: {text!r}")
    return value


def _field(text: str, low: int, high: int, names: dict) -> set[int]:
    values: set[int] = set()
    for item in text.split(","):
        body, slash, step_text = item.partition("/")
        step = 1
        if slash:
            if not step_text.isdigit() or not step_text.isascii() or int(step_text) < 1:
                raise ValueError(f"bad step: {item!r}")
            step = int(step_text)
        if body == "*":
            start, end = low, high
        elif "-" in body:
            a, _, b = body.partition("-")
            start, end = _number(a, low, high, names), _number(b, low, high, names)
            if start > end:
                raise ValueError(f"reversed range: {item!r}")
        else:
            if slash:
                raise ValueError(f"step on a single value: {item!r}")
            start = end = _number(body, low, high, names)
        values.update(range(start, end + 1, step))
    return values


def _parse(expr: str) -> tuple[list[set[int]], bool]:
    if not isinstance(expr, str):
        raise ValueError("expression must be a string")
    expr = MACROS.get(expr, expr)
    if expr.startswith("@"):
        raise ValueError(f"unknown macro: {expr!r}")
    fields = expr.split()
    if len(fields) != len(BOUNDS):
        raise ValueError("an expression has five fields")
    sets = [_field(text, *bound) for text, bound in zip(fields, BOUNDS)]
    if 7 in sets[4]:
        sets[4].add(0)
    either = fields[2] != "*" and fields[4] != "*"
    return sets, either


def _day_matches(day: datetime, sets: list[set[int]], either: bool) -> bool:
    if day.month not in sets[3]:
        return False
    dom = day.day in sets[2]
    dow = (day.isoweekday() % 7) in sets[4]
    return (dom or dow) if either else (dom and dow)


def next_runs(expr: str, after: str, count: int) -> list[str]:
    if type(count) is not int or count < 0:
        raise ValueError("count must be a non-negative int")
    sets, either = _parse(expr)
    try:
        start = datetime.strptime(after, FORMAT)
    except (TypeError, ValueError):
        raise ValueError(f"bad time: {after!r}") from None
    if start.strftime(FORMAT) != after:
        raise ValueError(f"bad time: {after!r}")
    limit = start + HORIZON
    minutes, hours = sorted(sets[0]), sorted(sets[1])
    out: list[str] = []
    day = start.replace(hour=0, minute=0)
    while len(out) < count and day <= limit:
        if _day_matches(day, sets, either):
            for hour in hours:
                for minute in minutes:
                    moment = day.replace(hour=hour, minute=minute)
                    if start < moment <= limit and len(out) < count:
                        out.append(moment.strftime(FORMAT))
        day += timedelta(days=1)
    return out
'''


def solve(scratch_dir: Path) -> str:
    del scratch_dir  # the artifact is code; it does not depend on workspace inputs
    return MODULE
