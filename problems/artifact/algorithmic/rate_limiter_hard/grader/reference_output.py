"""Sliding-window rate limiter enforcing several (limit, window_ms) rules per key."""

from __future__ import annotations

_MIN_COST = 1


class RateLimiter:
    """Per key, the granted acquisitions as (time_ms, cost), oldest first."""

    def __init__(self, rules: list[tuple[int, int]]) -> None:
        self._rules = [(int(limit), int(window)) for limit, window in rules]
        self._window = max(window for _, window in self._rules)
        self._log: dict[str, list[tuple[int, int]]] = {}

    def _entries(self, key: str, now_ms: int) -> list[tuple[int, int]]:
        entries = self._log.setdefault(key, [])
        while entries and entries[0][0] <= now_ms - self._window:
            entries.pop(0)  # can never count again: time does not go back
        return entries

    def _wait(self, entries: list[tuple[int, int]], now_ms: int, cost: int) -> int:
        latest = now_ms
        for limit, window in self._rules:
            live = [(t, c) for t, c in entries if t > now_ms - window]
            excess = sum(c for _, c in live) + cost - limit
            for t, c in live:
                if excess <= 0:
                    break
                excess -= c
                latest = max(latest, t + window)
        return latest - now_ms

    def try_acquire(self, key: str, now_ms: int, cost: int = 1) -> bool:
        if cost < _MIN_COST:
            raise ValueError(f"cost must be at least {_MIN_COST}, got {cost!r}")
        entries = self._entries(key, now_ms)
        if cost > min(limit for limit, _ in self._rules) or self._wait(entries, now_ms, cost):
            return False
        entries.append((now_ms, cost))
        return True

    def retry_after(self, key: str, now_ms: int, cost: int = 1) -> int:
        if cost < _MIN_COST:
            raise ValueError(f"cost must be at least {_MIN_COST}, got {cost!r}")
        if cost > min(limit for limit, _ in self._rules):
            return -1
        return self._wait(self._entries(key, now_ms), now_ms, cost)
