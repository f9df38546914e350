"""Cron expression matching in Central European Time: the next times an expression fires after an instant."""

from __future__ import annotations

import re
from datetime import datetime, timedelta
from functools import cache

MINUTE, HOUR = (0, 59), (0, 23)
HORIZON = timedelta(days=1461)
ONE_HOUR = timedelta(hours=1)
AFTER = re.compile(r"([0-9]{4})-([0-9]{2})-([0-9]{2}) ([0-9]{2}):([0-9]{2})([+-])([0-9]{2}):([0-9]{2})\Z")
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


def _parse(expr: str) -> tuple[list[set[int]], bool, bool]:
    """The five value sets, whether the day fields combine with OR, and whether the hour field is restricted."""
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
    restricted = [not text.startswith("*") for text in fields]
    either = restricted[2] and restricted[4]
    return sets, either, restricted[1]


def _after(text: str) -> datetime:
    """The instant `text` names, as a naive UTC datetime."""
    m = AFTER.match(text) if isinstance(text, str) else None
    if m is None:
        raise ValueError(f"bad time: {text!r}")
    year, month, day, hour, minute, sign, off_h, off_m = m.groups()
    if int(off_h) > 14 or int(off_m) > 59:
        raise ValueError(f"bad offset: {text!r}")
    try:
        local = datetime(int(year), int(month), int(day), int(hour), int(minute))
    except ValueError:
        raise ValueError(f"bad time: {text!r}") from None
    offset = timedelta(hours=int(off_h), minutes=int(off_m))
    return local - offset if sign == "+" else local + offset


def _last_sunday(year: int, month: int) -> int:
    last = datetime(year, month + 1, 1) - timedelta(days=1)
    return last.day - (last.isoweekday() % 7)


@cache
def _transitions(year: int) -> tuple[datetime, datetime]:
    """The local dates (at midnight) of the spring-forward and fall-back Sundays of `year`."""
    return datetime(year, 3, _last_sunday(year, 3)), datetime(year, 10, _last_sunday(year, 10))


def _local(day: datetime, hour: int, minute: int, hour_restricted: bool) -> list[tuple[datetime, str]]:
    """The (UTC instant, text) firings of the local wall time `day` hour:minute, by the DST rules."""
    spring, fall = _transitions(day.year)
    wall = day.replace(hour=hour, minute=minute)
    if hour == 2 and day == spring:  # 02:00-02:59 does not exist
        if not hour_restricted:
            return []
        return [(day.replace(hour=1), day.strftime("%Y-%m-%d 03:00+02:00"))]
    text = wall.strftime("%Y-%m-%d %H:%M")
    if hour == 2 and day == fall:  # 02:00-02:59 happens twice
        first = [(wall - 2 * ONE_HOUR, text + "+02:00")]
        return first if hour_restricted else first + [(wall - ONE_HOUR, text + "+01:00")]
    if spring.replace(hour=3) <= wall < fall.replace(hour=2):
        return [(wall - 2 * ONE_HOUR, text + "+02:00")]
    return [(wall - ONE_HOUR, text + "+01:00")]


def _day_matches(day: datetime, sets: list[set[int]], either: bool) -> bool:
    if day.month not in sets[3]:
        return False
    dom = day.day in sets[2]
    dow = (day.isoweekday() % 7) in sets[4]
    return (dom or dow) if either else (dom and dow)


def next_runs(expr: str, after: str, count: int) -> list[str]:
    if type(count) is not int or count < 0:
        raise ValueError("count must be a non-negative int")
    sets, either, hour_restricted = _parse(expr)
    start = _after(after)
    limit = start + HORIZON
    minutes, hours = sorted(sets[0]), sorted(sets[1])
    out: list[str] = []
    seen: set[datetime] = set()
    day = (start + ONE_HOUR).replace(hour=0, minute=0) - timedelta(days=1)  # local dates start at most 1 day earlier
    while len(out) < count and day <= limit + timedelta(days=1):
        if _day_matches(day, sets, either) and day + timedelta(hours=23) > start:
            firings = []
            for hour in hours:
                if day + timedelta(hours=hour - 1, minutes=59) <= start:
                    continue  # every firing of this local hour is at or before `start`
                for minute in minutes:
                    for moment, text in _local(day, hour, minute, hour_restricted):
                        if start < moment <= limit and moment not in seen:
                            seen.add(moment)
                            firings.append((moment, text))
                if len(firings) >= count:
                    break  # a later hour of the day only fires later
            out.extend(text for _, text in sorted(firings)[: count - len(out)])
        day += timedelta(days=1)
    return out
