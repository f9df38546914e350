"""Wrong rate limiter modules the grader must reject: subtle semantic slips and hostile modules."""

from __future__ import annotations

from swebench.artifact_negative import NegativeCase, default_negative_cases


def _replace(old: str, new: str, count: int = -1):
    def mutate(text: str) -> str:
        if old not in text:
            raise ValueError(f"mutation anchor {old!r} not found in the reference module")
        return text.replace(old, new, count)

    return mutate


def _prepend(code: str):
    """Run `code` when the module is imported (right after its __future__ import, which must stay first)."""
    anchor = "from __future__ import annotations\n"
    return _replace(anchor, anchor + code, 1)


FORGE = ('import os, sys\nsys.stdout.write("RESULT 00000000 {\\"results\\": []}\\n")\nsys.stdout.flush()\n'
         "os._exit(0)\n")

NEGATIVE_CASES = [
    # renamed_field renames a JSON key; a Python module has none, so it would leave the text unchanged. The
    # API cases below (a renamed method) cover that property.
    case for case in default_negative_cases() if case.name != "renamed_field"
] + [
    # An off-by-one at the window's end: an acquisition still counts exactly window_ms later.
    NegativeCase("window_end_inclusive", _replace("latest = max(latest, t + window)", "latest = max(latest, t + window + 1)"),
                 "scenarios failed"),
    NegativeCase("retry_after_one_late", _replace("return latest - now_ms", "return latest - now_ms + 1"),
                 "scenarios failed"),
    NegativeCase("cost_ignored", _replace("entries.append((now_ms, cost))", "entries.append((now_ms, 1))"),
                 "scenarios failed"),
    NegativeCase("keys_shared", _replace("self._log.setdefault(key, [])", 'self._log.setdefault("all", [])'),
                 "scenarios failed"),
    NegativeCase("refused_requests_count",
                 _replace("            return False\n        entries.append((now_ms, cost))",
                          "            entries.append((now_ms, cost))\n            return False\n"
                          "        entries.append((now_ms, cost))"), "scenarios failed"),
    NegativeCase("never_impossible", _replace("            return -1\n", "            return 0\n"), "scenarios failed"),
    NegativeCase("no_value_error", _replace("if cost < _MIN_COST:", "if cost < -100:"), "scenarios failed"),
    NegativeCase("int_instead_of_bool", _replace("        return True\n", "        return 1\n"), "scenarios failed"),
    NegativeCase("method_renamed", _replace("def retry_after(", "def retry_in("), "scenarios failed"),
    NegativeCase("forged_report_then_exit", _prepend(FORGE), "did not report"),
    NegativeCase("crash_at_import", _prepend('raise RuntimeError("boom")\n'), "failed to import"),
    NegativeCase("exit_hard", _prepend("import os\nos._exit(0)\n"), "did not report"),
    NegativeCase("not_python", lambda text: text.replace("class RateLimiter", "klass RateLimiter"), "failed to parse"),
]
