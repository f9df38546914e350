"""A bounded in-process cache: per-entry time-to-live plus least-recently-used eviction."""

from __future__ import annotations

from collections import OrderedDict


class TTLCache:
    """Entries in recency order (least recently used first), each as (value, expires_at)."""

    def __init__(self, capacity: int, ttl_ms: int) -> None:
        if capacity < 1 or ttl_ms < 1:
            raise ValueError("capacity and ttl_ms must be positive")
        self._capacity = capacity
        self._ttl = ttl_ms
        self._entries: OrderedDict[str, tuple[object, int]] = OrderedDict()
        self._stats = {"hits": 0, "misses": 0, "evictions": 0}

    def _purge(self, now_ms: int) -> None:
        for key in [k for k, (_, expires) in self._entries.items() if now_ms >= expires]:
            del self._entries[key]

    def put(self, key: str, value: object, now_ms: int) -> None:
        self._purge(now_ms)
        if key not in self._entries and len(self._entries) >= self._capacity:
            self._entries.popitem(last=False)
            self._stats["evictions"] += 1
        self._entries[key] = (value, now_ms + self._ttl)
        self._entries.move_to_end(key)

    def get(self, key: str, now_ms: int) -> object | None:
        self._purge(now_ms)
        if key not in self._entries:
            self._stats["misses"] += 1
            return None
        self._entries.move_to_end(key)
        self._stats["hits"] += 1
        return self._entries[key][0]

    def touch(self, key: str, now_ms: int) -> bool:
        self._purge(now_ms)
        if key not in self._entries:
            return False
        self._entries[key] = (self._entries[key][0], now_ms + self._ttl)
        self._entries.move_to_end(key)
        return True

    def size(self, now_ms: int) -> int:
        return sum(1 for _, expires in self._entries.values() if now_ms < expires)

    def stats(self) -> dict[str, int]:
        return dict(self._stats)
