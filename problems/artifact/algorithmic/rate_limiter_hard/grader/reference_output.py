"""Sliding-window rate limiter: several (limit, window_ms) rules per key, a limiter-wide clock that never
goes back, and lockouts after repeated refusals."""

from __future__ import annotations

from bisect import bisect_left

_MIN_COST = 1


class _Key:
    """One key's granted acquisitions (times and running cost totals), per rule the index of its oldest
    acquisition still inside the window, the refusal streak and the end of the current lockout."""

    __slots__ = ("times", "totals", "starts", "streak", "locked_until")

    def __init__(self, rules: int) -> None:
        self.times: list[int] = []
        self.totals: list[int] = [0]  # totals[i]: the summed cost of acquisitions 0 .. i-1
        self.starts = [0] * rules
        self.streak = 0
        self.locked_until = 0


class RateLimiter:
    def __init__(self, rules: list[tuple[int, int]], max_refusals: int = 0, lockout_ms: int = 0) -> None:
        self._rules = [(int(limit), int(window)) for limit, window in rules]
        self._smallest = min(limit for limit, _ in self._rules)
        self._max_refusals = int(max_refusals)
        self._lockout_ms = int(lockout_ms)
        self._clock: int | None = None
        self._keys: dict[str, _Key] = {}

    def _now(self, now_ms: int) -> int:
        """The call's effective time: the limiter's clock never goes back."""
        if self._clock is None or now_ms > self._clock:
            self._clock = now_ms
        return self._clock

    def _state(self, key: str) -> _Key:
        state = self._keys.get(key)
        if state is None:
            state = self._keys[key] = _Key(len(self._rules))
        return state

    def _window_wait(self, state: _Key, now: int, cost: int) -> int:
        """0 when every rule has room for `cost` at `now`, else the wait until all of them have."""
        wait = 0
        times, totals = state.times, state.totals
        for n, (limit, window) in enumerate(self._rules):
            start = state.starts[n]
            while start < len(times) and times[start] <= now - window:
                start += 1
            state.starts[n] = start
            excess = totals[-1] - totals[start] + cost - limit
            if excess > 0:
                # the oldest acquisitions must leave until `excess` cost is gone: the last of them is j
                j = bisect_left(totals, totals[start] + excess) - 1
                wait = max(wait, times[j] + window - now)
        return wait

    def _refused(self, state: _Key, now: int) -> bool:
        state.streak += 1
        if self._max_refusals and state.streak >= self._max_refusals:
            state.locked_until = now + self._lockout_ms
            state.streak = 0
        return False

    def try_acquire(self, key: str, now_ms: int, cost: int = 1) -> bool:
        if cost < _MIN_COST:
            raise ValueError(f"cost must be at least {_MIN_COST}, got {cost!r}")
        now = self._now(now_ms)
        state = self._state(key)
        if now < state.locked_until:
            return False
        if cost > self._smallest:
            return self._refused(state, now)
        if self._window_wait(state, now, cost):
            return self._refused(state, now)
        state.times.append(now)
        state.totals.append(state.totals[-1] + cost)
        state.streak = 0
        return True

    def retry_after(self, key: str, now_ms: int, cost: int = 1) -> int:
        if cost < _MIN_COST:
            raise ValueError(f"cost must be at least {_MIN_COST}, got {cost!r}")
        now = self._now(now_ms)
        if cost > self._smallest:
            return -1
        state = self._state(key)
        wait = max(state.locked_until - now, self._window_wait(state, now, cost))
        return wait
