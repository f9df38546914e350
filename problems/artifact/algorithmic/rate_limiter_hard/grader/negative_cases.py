"""Wrong rate limiter modules the grader must reject: subtle semantic slips and hostile modules."""

from __future__ import annotations

from swebench.artifact_negative import NegativeCase, default_negative_cases


def _replace(old: str, new: str, count: int = -1):
    def mutate(text: str) -> str:
        if old not in text:
            raise ValueError(f"mutation anchor {old!r} not found in the reference module")
        return text.replace(old, new, count)

    return mutate


def _replaces(*pairs: tuple[str, str]):
    steps = [_replace(old, new) for old, new in pairs]

    def mutate(text: str) -> str:
        for step in steps:
            text = step(text)
        return text

    return mutate


def _prepend(code: str):
    """Run `code` when the module is imported (right after its __future__ import, which must stay first)."""
    anchor = "from __future__ import annotations\n"
    return _replace(anchor, anchor + code, 1)


FORGE = ('import os, sys\nsys.stdout.write("RESULT 00000000 {\\"results\\": []}\\n")\nsys.stdout.flush()\n'
         "os._exit(0)\n")

FAILED = "scenarios failed"

NEGATIVE_CASES = [
    # renamed_field renames a JSON key; a Python module has none, so it would leave the text unchanged. The
    # API cases below (a renamed method) cover that property.
    case for case in default_negative_cases() if case.name != "renamed_field"
] + [
    # One per stated rule: the reference with that rule slipped.
    NegativeCase("window_end_inclusive", _replaces(("times[start] <= now - window", "times[start] < now - window"),
                                                   ("times[j] + window - now", "times[j] + window + 1 - now")), FAILED),
    NegativeCase("retry_after_one_late", _replace("))\n        return wait\n", "))\n        return wait + 1 if wait else 0\n"),
                 FAILED),
    NegativeCase("cost_ignored", _replace("state.totals[-1] + cost)", "state.totals[-1] + 1)"), FAILED),
    NegativeCase("keys_shared", _replace("state = self._keys.get(key)", 'state = self._keys.get(key := "all")'),
                 FAILED),
    NegativeCase("clock_follows_now_ms", _replace("if self._clock is None or now_ms > self._clock:", "if True:"),
                 FAILED),
    NegativeCase("retry_after_from_now_ms", _replace("))\n        return wait\n", "))\n        return wait + now - now_ms\n"),
                 FAILED),
    NegativeCase("value_error_moves_clock",
                 _replace("        if cost < _MIN_COST:\n            raise ValueError(f\"cost must be at least {_MIN_COST}, got {cost!r}\")\n        now = self._now(now_ms)\n        state",
                          "        now = self._now(now_ms)\n        if cost < _MIN_COST:\n            raise ValueError(\"cost\")\n        state", 1),
                 FAILED),
    NegativeCase("lockout_end_inclusive", _replace("if now < state.locked_until:", "if now <= state.locked_until:"),
                 FAILED),
    NegativeCase("refusals_in_lockout_count",
                 _replace("if now < state.locked_until:\n            return False",
                          "if now < state.locked_until:\n            return self._refused(state, now)"), FAILED),
    NegativeCase("streak_carried_through_lockout",
                 _replace("if now < state.locked_until:\n            return False",
                          "if now < state.locked_until:\n            state.streak += 1\n            return False"), FAILED),
    NegativeCase("streak_not_reset_by_grant", _replace("        state.streak = 0\n        return True",
                                                       "        return True"), FAILED),
    NegativeCase("too_costly_not_a_refusal", _replace("        if cost > self._smallest:\n            return self._refused(state, now)",
                                                      "        if cost > self._smallest:\n            return False"),
                 FAILED),
    NegativeCase("retry_after_ignores_lockout", _replace("max(state.locked_until - now, self._window_wait(",
                                                         "max(0, self._window_wait("), FAILED),
    NegativeCase("scans_every_live_acquisition", _replace("start = state.starts[n]", "start = 0"), "timed out"),
    NegativeCase("never_impossible", _replace("            return -1\n", "            return 0\n"), FAILED),
    NegativeCase("no_value_error", _replace("if cost < _MIN_COST:", "if cost < -100:"), FAILED),
    NegativeCase("int_instead_of_bool", _replace("        return True\n", "        return 1\n"), FAILED),
    NegativeCase("method_renamed", _replace("def retry_after(", "def retry_in("), FAILED),
    NegativeCase("forged_report_then_exit", _prepend(FORGE), "did not report"),
    NegativeCase("crash_at_import", _prepend('raise RuntimeError("boom")\n'), "failed to import"),
    NegativeCase("exit_hard", _prepend("import os\nos._exit(0)\n"), "did not report"),
    NegativeCase("not_python", lambda text: text.replace("class RateLimiter", "klass RateLimiter"), "failed to parse"),
]
