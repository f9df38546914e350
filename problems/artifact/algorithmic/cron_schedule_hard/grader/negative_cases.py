"""Wrong cron modules the grader must reject: rule slips and hostile modules."""

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
WRONG = "calls returned a wrong result"

NEGATIVE_CASES = [
    # renamed_field renames a JSON key; a Python module has none, so it would leave the text unchanged.
    case for case in default_negative_cases() if case.name != "renamed_field"
] + [
    NegativeCase("star_rule_only_for_plain_star",
                 _replace('restricted = [not text.startswith("*") for text in fields]',
                          'restricted = [text != "*" for text in fields]'), WRONG),
    NegativeCase("day_fields_always_and", _replace("either = restricted[2] and restricted[4]", "either = False"),
                 "day-of-month/day-of-week"),
    NegativeCase("day_fields_always_or", _replace("either = restricted[2] and restricted[4]", "either = True"), WRONG),
    NegativeCase("gap_always_skipped", _replace("        if not hour_restricted:\n            return []\n",
                                                "        return []\n"), "daylight saving"),
    NegativeCase("gap_always_fired", _replace("        if not hour_restricted:\n            return []\n", ""),
                 "daylight saving"),
    NegativeCase("gap_time_as_winter_time",
                 _replace('return [(day.replace(hour=1), day.strftime("%Y-%m-%d 03:00+02:00"))]',
                          'return [(wall - ONE_HOUR, wall.strftime("%Y-%m-%d %H:%M+01:00"))]'), "daylight saving"),
    NegativeCase("overlap_always_once", _replace("return first if hour_restricted else first + [",
                                                 "return first if True else first + ["), "daylight saving"),
    NegativeCase("overlap_always_twice", _replace("return first if hour_restricted else first + [",
                                                  "return first if False else first + ["), WRONG),
    NegativeCase("summer_time_from_midnight", _replace("if spring.replace(hour=3) <= wall < fall.replace(hour=2):",
                                                       "if spring <= wall < fall:"), WRONG),
    NegativeCase("offset_sign_ignored", _replace("return local - offset if sign == \"+\" else local + offset",
                                                 "return local - offset"), WRONG),
    NegativeCase("bad_offset_accepted", _replace("if int(off_h) > 14 or int(off_m) > 59:", "if False:"),
                 "invalid input"),
    NegativeCase("sunday_as_seven_ignored", _replace("sets[4].add(0)", "pass"), WRONG),
    NegativeCase("start_time_included", _replace("if start < moment <= limit", "if start <= moment <= limit"), WRONG),
    NegativeCase("horizon_end_excluded", _replace("if start < moment <= limit", "if start < moment < limit"), WRONG),
    NegativeCase("range_step_from_zero", _replace("values.update(range(start, end + 1, step))",
                                                  "values.update(v for v in range(start, end + 1) if v % step == 0)"),
                 WRONG),
    NegativeCase("names_case_sensitive", _replace("if text.upper() in names:\n        return names[text.upper()]",
                                                  "if text in names:\n        return names[text]"), WRONG),
    NegativeCase("reversed_range_accepted", _replace("if start > end:", "if start > end + 99:"), "invalid input"),
    NegativeCase("step_on_single_value_accepted",
                 _replace('            if slash:\n                raise ValueError(f"step on a single value: {item!r}")\n',
                          ""), "invalid input"),
    NegativeCase("negative_count_accepted", _replace("if type(count) is not int or count < 0:",
                                                     "if type(count) is not int:"), "invalid input"),
    NegativeCase("tuple_returned", _replace("    return out\n", "    return tuple(out)\n"), WRONG),
    NegativeCase("function_renamed", _replace("def next_runs(", "def next_times("), "failed to import"),
    NegativeCase("forged_report_then_exit", _prepend(FORGE), "did not report"),
    NegativeCase("crash_at_import", _prepend('raise RuntimeError("boom")\n'), "failed to import"),
    NegativeCase("exit_hard", _prepend("import os\nos._exit(0)\n"), "did not report"),
    NegativeCase("hangs", _prepend("while True:\n    pass\n"), "timed out"),
    NegativeCase("not_python", lambda text: text.replace("def next_runs(", "fn next_runs("), "failed to parse"),
]
