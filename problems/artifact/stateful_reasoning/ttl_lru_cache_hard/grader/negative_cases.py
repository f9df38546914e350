"""Wrong TTL cache modules the grader must reject: subtle semantic slips and hostile modules."""

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

NEGATIVE_CASES = [
    # renamed_field renames a JSON key; a Python module has none. method_renamed covers the API instead.
    case for case in default_negative_cases() if case.name != "renamed_field"
] + [
    NegativeCase("expiry_inclusive", _replace("if now_ms >= expires]", "if now_ms > expires]"), "scenarios failed"),
    NegativeCase("get_extends_ttl", _replace(
        "        self._entries.move_to_end(key)\n        self._stats[\"hits\"] += 1",
        "        self._entries[key] = (self._entries[key][0], now_ms + self._ttl)\n"
        "        self._entries.move_to_end(key)\n        self._stats[\"hits\"] += 1"), "scenarios failed"),
    NegativeCase("get_keeps_recency", _replace(
        "        self._entries.move_to_end(key)\n        self._stats[\"hits\"] += 1", "        self._stats[\"hits\"] += 1"),
        "scenarios failed"),
    NegativeCase("expired_counts_to_capacity", _replace("    def put(self, key: str, value: object, now_ms: int) -> None:\n        self._purge(now_ms)\n",
                                                        "    def put(self, key: str, value: object, now_ms: int) -> None:\n"),
                 "scenarios failed"),
    NegativeCase("update_evicts", _replace("if key not in self._entries and len(self._entries) >= self._capacity:",
                                           "if len(self._entries) >= self._capacity:"), "scenarios failed"),
    NegativeCase("touch_keeps_recency", _replace(
        "        self._entries[key] = (self._entries[key][0], now_ms + self._ttl)\n        self._entries.move_to_end(key)\n        return True",
        "        self._entries[key] = (self._entries[key][0], now_ms + self._ttl)\n        return True"), "scenarios failed"),
    NegativeCase("expired_counted_as_evictions", _replace("            del self._entries[key]\n",
                                                          "            del self._entries[key]\n            self._stats[\"evictions\"] += 1\n"),
                 "scenarios failed"),
    NegativeCase("no_value_error", _replace("if capacity < 1 or ttl_ms < 1:", "if capacity < -5:"), "scenarios failed"),
    NegativeCase("touch_returns_int", _replace("        return True\n", "        return 1\n"), "scenarios failed"),
    NegativeCase("method_renamed", _replace("def touch(", "def refresh("), "scenarios failed"),
    NegativeCase("forged_report_then_exit", _prepend(FORGE), "did not report"),
    NegativeCase("crash_at_import", _prepend('raise RuntimeError("boom")\n'), "failed to import"),
    NegativeCase("exit_hard", _prepend("import os\nos._exit(0)\n"), "did not report"),
    NegativeCase("not_python", lambda text: text.replace("class TTLCache", "klass TTLCache"), "failed to parse"),
]
