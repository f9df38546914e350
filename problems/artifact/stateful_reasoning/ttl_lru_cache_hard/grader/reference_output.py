"""A bounded in-process cache: per-entry time-to-live, weights, and least-recently-used eviction.

Live entries are kept in recency order (least recently used first). Every expiry time is also pushed on a
heap, so expired entries are dropped (and counted) as the clock passes them, in O(log n) each, instead of
scanning the whole cache on every call. Heap items of entries that were since replaced, touched, deleted
or evicted are stale and skipped (each entry carries the version of its current heap item).
"""

from __future__ import annotations

import heapq
from collections import OrderedDict

_VALUE, _EXPIRES, _TTL, _WEIGHT, _VERSION = range(5)


class TTLCache:
    """Entries as key -> [value, expires_at, ttl_ms, weight, version], least recently used first."""

    def __init__(self, capacity: int, ttl_ms: int) -> None:
        if capacity < 1 or ttl_ms < 1:
            raise ValueError("capacity and ttl_ms must be positive")
        self._capacity = capacity
        self._ttl = ttl_ms
        self._entries: OrderedDict[str, list] = OrderedDict()
        self._heap: list[tuple[int, int, str]] = []
        self._version = 0
        self._weight = 0
        self._stats = {"hits": 0, "misses": 0, "evictions": 0, "expirations": 0, "rejections": 0}

    def _advance(self, now_ms: int) -> None:
        """Drop every entry whose expiry time is <= now_ms, counting each once."""
        heap = self._heap
        while heap and heap[0][0] <= now_ms:
            _, version, key = heapq.heappop(heap)
            entry = self._entries.get(key)
            if entry is not None and entry[_VERSION] == version:
                del self._entries[key]
                self._weight -= entry[_WEIGHT]
                self._stats["expirations"] += 1

    def _schedule(self, key: str, entry: list) -> None:
        self._version += 1
        entry[_VERSION] = self._version
        heapq.heappush(self._heap, (entry[_EXPIRES], self._version, key))

    def _remove(self, key: str) -> None:
        entry = self._entries.pop(key)
        self._weight -= entry[_WEIGHT]

    def put(self, key: str, value: object, now_ms: int, ttl_ms: int | None = None, weight: int = 1) -> bool:
        self._advance(now_ms)
        ttl = self._ttl if ttl_ms is None else ttl_ms
        if ttl < 1 or weight < 1:
            raise ValueError("ttl_ms and weight must be positive")
        if key in self._entries:
            self._remove(key)  # replaced: neither evicted nor expired
        if weight > self._capacity:
            self._stats["rejections"] += 1
            return False
        while self._weight + weight > self._capacity:
            victim = next(iter(self._entries))
            self._remove(victim)
            self._stats["evictions"] += 1
        entry = [value, now_ms + ttl, ttl, weight, 0]
        self._entries[key] = entry
        self._weight += weight
        self._schedule(key, entry)
        return True

    def get(self, key: str, now_ms: int) -> object | None:
        self._advance(now_ms)
        entry = self._entries.get(key)
        if entry is None:
            self._stats["misses"] += 1
            return None
        self._entries.move_to_end(key)
        self._stats["hits"] += 1
        return entry[_VALUE]

    def peek(self, key: str, now_ms: int) -> object | None:
        self._advance(now_ms)
        entry = self._entries.get(key)
        return None if entry is None else entry[_VALUE]

    def touch(self, key: str, now_ms: int) -> bool:
        self._advance(now_ms)
        entry = self._entries.get(key)
        if entry is None:
            return False
        entry[_EXPIRES] = now_ms + entry[_TTL]
        self._schedule(key, entry)
        self._entries.move_to_end(key)
        return True

    def delete(self, key: str, now_ms: int) -> bool:
        self._advance(now_ms)
        if key not in self._entries:
            return False
        self._remove(key)
        return True

    def size(self, now_ms: int) -> int:
        self._advance(now_ms)
        return len(self._entries)

    def weight(self, now_ms: int) -> int:
        self._advance(now_ms)
        return self._weight

    def stats(self) -> dict[str, int]:
        return dict(self._stats)
