"""Wrong TTL cache modules the grader must reject: one per stated rule a first attempt can miss, plus hostile
modules. Each semantic mutant changes one rule of the reference module (grader/reference_output.py)."""

from __future__ import annotations

from swebench.artifact_negative import NegativeCase, default_negative_cases


def _replace(old: str, new: str, count: int = -1):
    def mutate(text: str) -> str:
        if old not in text:
            raise ValueError(f"mutation anchor {old!r} not found in the reference module")
        return text.replace(old, new, count)

    return mutate


def _prepend(code: str):
    anchor = "from __future__ import annotations\n"
    return _replace(anchor, anchor + code, 1)


FORGE = ('import os, sys\nsys.stdout.write("RESULT 00000000 {\\"results\\": []}\\n")\nsys.stdout.flush()\n'
         "os._exit(0)\n")

# A first attempt that gets every rule right but scans all entries on each call (the obvious design):
# correct on the small sequences, far too slow on the large one.
_SCANNING = '''"""Correct but O(n) per call: purges by scanning every entry."""
from collections import OrderedDict


class TTLCache:
    def __init__(self, capacity, ttl_ms):
        if capacity < 1 or ttl_ms < 1:
            raise ValueError("bad")
        self.capacity, self.ttl, self.entries = capacity, ttl_ms, OrderedDict()
        self.counts = {"hits": 0, "misses": 0, "evictions": 0, "expirations": 0, "rejections": 0}

    def _purge(self, now_ms):
        for key in [k for k, e in self.entries.items() if now_ms >= e[1]]:
            del self.entries[key]
            self.counts["expirations"] += 1

    def put(self, key, value, now_ms, ttl_ms=None, weight=1):
        self._purge(now_ms)
        ttl = self.ttl if ttl_ms is None else ttl_ms
        if ttl < 1 or weight < 1:
            raise ValueError("bad")
        self.entries.pop(key, None)
        if weight > self.capacity:
            self.counts["rejections"] += 1
            return False
        while sum(e[3] for e in self.entries.values()) + weight > self.capacity:
            self.entries.popitem(last=False)
            self.counts["evictions"] += 1
        self.entries[key] = [value, now_ms + ttl, ttl, weight]
        return True

    def get(self, key, now_ms):
        self._purge(now_ms)
        if key not in self.entries:
            self.counts["misses"] += 1
            return None
        self.entries.move_to_end(key)
        self.counts["hits"] += 1
        return self.entries[key][0]

    def peek(self, key, now_ms):
        self._purge(now_ms)
        return self.entries[key][0] if key in self.entries else None

    def touch(self, key, now_ms):
        self._purge(now_ms)
        if key not in self.entries:
            return False
        self.entries[key][1] = now_ms + self.entries[key][2]
        self.entries.move_to_end(key)
        return True

    def delete(self, key, now_ms):
        self._purge(now_ms)
        return self.entries.pop(key, None) is not None

    def size(self, now_ms):
        self._purge(now_ms)
        return len(self.entries)

    def weight(self, now_ms):
        self._purge(now_ms)
        return sum(e[3] for e in self.entries.values())

    def stats(self):
        return dict(self.counts)
'''

_GET_HIT = "        self._entries.move_to_end(key)\n        self._stats[\"hits\"] += 1"
_TOUCH = "        entry[_EXPIRES] = now_ms + entry[_TTL]\n"

NEGATIVE_CASES = [
    # renamed_field renames a JSON key; a Python module has none. method_renamed covers the API instead.
    case for case in default_negative_cases() if case.name != "renamed_field"
] + [
    # Rule: live means now < expires_at; an entry is gone AT its expiry time.
    NegativeCase("expiry_inclusive", _replace("while heap and heap[0][0] <= now_ms:", "while heap and heap[0][0] < now_ms:"),
                 "scenarios failed"),
    # Rule 3: get refreshes recency, not the expiry time.
    NegativeCase("get_extends_ttl", _replace(_GET_HIT, "        entry[_EXPIRES] = now_ms + entry[_TTL]\n"
                                             "        self._schedule(key, entry)\n" + _GET_HIT), "scenarios failed"),
    NegativeCase("get_keeps_recency", _replace(_GET_HIT, "        self._stats[\"hits\"] += 1"), "scenarios failed"),
    # Rule 4: peek changes nothing.
    NegativeCase("peek_refreshes_recency", _replace(
        "        return None if entry is None else entry[_VALUE]",
        "        if entry is not None:\n            self._entries.move_to_end(key)\n"
        "        return None if entry is None else entry[_VALUE]"), "scenarios failed"),
    # Rule 5: touch restarts the entry's own TTL, not the cache default.
    NegativeCase("touch_uses_default_ttl", _replace(_TOUCH, "        entry[_EXPIRES] = now_ms + self._ttl\n"),
                 "scenarios failed"),
    NegativeCase("touch_keeps_recency", _replace(
        "        self._schedule(key, entry)\n        self._entries.move_to_end(key)\n        return True",
        "        self._schedule(key, entry)\n        return True"), "scenarios failed"),
    # Rule 2.2: a replaced live entry's old weight no longer counts (else it evicts others, or itself).
    NegativeCase("replacement_weight_still_counts", _replace(
        "        if key in self._entries:\n            self._remove(key)  # replaced: neither evicted nor expired\n",
        "        if key in self._entries and self._weight + weight <= self._capacity:\n"
        "            self._remove(key)\n"), "scenarios failed"),
    # Rule 2.3: an oversized put still removes the old value of the key.
    NegativeCase("oversized_put_keeps_old_value", _replace(
        "        if key in self._entries:\n            self._remove(key)  # replaced: neither evicted nor expired\n"
        "        if weight > self._capacity:\n            self._stats[\"rejections\"] += 1\n            return False\n",
        "        if weight > self._capacity:\n            self._stats[\"rejections\"] += 1\n            return False\n"
        "        if key in self._entries:\n            self._remove(key)\n"), "scenarios failed"),
    # Rule 2.1: an invalid put changes nothing (here: it drops the old entry before validating).
    NegativeCase("invalid_put_drops_old_entry", _replace(
        "        ttl = self._ttl if ttl_ms is None else ttl_ms\n",
        "        if key in self._entries:\n            self._remove(key)\n"
        "        ttl = self._ttl if ttl_ms is None else ttl_ms\n"), "scenarios failed"),
    # Rule 2.4: evict until the new weight fits, not just one entry.
    NegativeCase("evicts_only_one", _replace("        while self._weight + weight > self._capacity:\n",
                                             "        if self._weight + weight > self._capacity:\n"),
                 "scenarios failed"),
    # Rule 6: delete is not an eviction.
    NegativeCase("delete_counts_as_eviction", _replace(
        "        self._remove(key)\n        return True", "        self._remove(key)\n"
        "        self._stats[\"evictions\"] += 1\n        return True"), "scenarios failed"),
    # Rule 8: a replaced live entry did not expire (a lazy counter that also counts replacements).
    NegativeCase("replacement_counts_as_expiration", _replace(
        "            self._remove(key)  # replaced: neither evicted nor expired\n",
        "            self._remove(key)\n            self._stats[\"expirations\"] += 1\n"), "scenarios failed"),
    # Rule 8: expirations are counted at all.
    NegativeCase("expirations_not_counted", _replace(
        "                self._stats[\"expirations\"] += 1\n", "                pass\n"), "scenarios failed"),
    NegativeCase("no_value_error", _replace("if capacity < 1 or ttl_ms < 1:", "if capacity < -5:"), "scenarios failed"),
    NegativeCase("put_returns_none", _replace("        self._schedule(key, entry)\n        return True\n",
                                              "        self._schedule(key, entry)\n        return None\n"),
                 "scenarios failed"),
    NegativeCase("scans_every_call", lambda text: _SCANNING, "timed out"),
    NegativeCase("method_renamed", _replace("def touch(", "def refresh("), "scenarios failed"),
    NegativeCase("forged_report_then_exit", _prepend(FORGE), "did not report"),
    NegativeCase("crash_at_import", _prepend('raise RuntimeError("boom")\n'), "failed to import"),
    NegativeCase("exit_hard", _prepend("import os\nos._exit(0)\n"), "did not report"),
    NegativeCase("not_python", lambda text: text.replace("class TTLCache", "klass TTLCache"), "failed to parse"),
]
