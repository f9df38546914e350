"""Wrong validator modules the grader must reject: rule slips and hostile modules."""

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
WRONG = "cases returned a wrong error list"

NEGATIVE_CASES = [
    # renamed_field renames a JSON key; a Python module has none, so it would leave the text unchanged.
    case for case in default_negative_cases() if case.name != "renamed_field"
] + [
    NegativeCase("bool_is_a_number", _replace("return isinstance(value, (int, float)) and not isinstance(value, bool)",
                                              "return isinstance(value, (int, float))"), WRONG),
    NegativeCase("integral_float_not_integer",
                 _replace("if isinstance(value, int) or (isinstance(value, float) and value.is_integer()):",
                          "if isinstance(value, int):"), WRONG),
    NegativeCase("python_equality", _replace("    if _is_number(a) and _is_number(b):\n        return a == b\n",
                                             "    return a == b\n"), WRONG),
    NegativeCase("pointer_not_escaped", _replace('.replace("~", "~0").replace("/", "~1")', ""), WRONG),
    NegativeCase("escape_order_swapped", _replace('.replace("~", "~0").replace("/", "~1")',
                                                  '.replace("/", "~1").replace("~", "~0")'), WRONG),
    NegativeCase("required_at_object", _replace("out.add((_step(pointer, name), \"required\"))",
                                                "out.add((pointer, \"required\"))"), "object"),
    NegativeCase("anyof_leaks_suberrors", _replace(
        '            out.add((pointer, "anyOf"))\n',
        '            out.add((pointer, "anyOf"))\n            for s in schema["anyOf"]:\n'
        '                self.errors(value, s, pointer, out)\n'), "combinator"),
    NegativeCase("exclusive_as_inclusive", _replace('("exclusiveMinimum", lambda v, b: v <= b)',
                                                    '("exclusiveMinimum", lambda v, b: v < b)'), WRONG),
    NegativeCase("match_instead_of_search", _replace("re.search(schema[\"pattern\"], value)",
                                                     "re.match(schema[\"pattern\"], value)"), WRONG),
    NegativeCase("additional_checks_named_members", _replace("            if name in props or matched:\n",
                                                             "            if False:\n"), WRONG),
    # the rules added to make the task hard: one case each
    NegativeCase("multipleof_in_floats", _replace("Fraction(Decimal(repr(value))) % Fraction(Decimal(repr(step))) != 0",
                                                  "value % step != 0"), WRONG),
    NegativeCase("items_also_on_prefix", _replace('            elif "items" in schema:\n', '            if "items" in schema:\n'),
                 WRONG),
    NegativeCase("prefix_items_ignored", _replace("            if i < len(prefix):\n", "            if False:\n"), WRONG),
    NegativeCase("min_contains_zero_ignored", _replace('schema.get("minContains", 1)',
                                                       'max(1, schema.get("minContains", 1))'), WRONG),
    NegativeCase("max_contains_without_contains", _replace(
        '        if "contains" in schema:\n',
        '        if "maxContains" in schema and "contains" not in schema and len(value) > schema["maxContains"]:\n'
        '            out.add((pointer, "maxContains"))\n        if "contains" in schema:\n'), WRONG),
    NegativeCase("named_members_skip_patterns", _replace("matched = [p for p in patterns if re.search(p, name)]",
                                                         "matched = [p for p in patterns if name not in props and re.search(p, name)]"),
                 WRONG),
    NegativeCase("additional_ignores_patterns", _replace("            if name in props or matched:\n",
                                                         "            if name in props:\n"), WRONG),
    NegativeCase("property_names_suberrors", _replace('out.add((here, "propertyNames"))',
                                                      'self.errors(name, schema["propertyNames"], here, out)'), WRONG),
    NegativeCase("dependent_required_at_object", _replace('out.add((_step(pointer, other), "dependentRequired"))',
                                                          'out.add((pointer, "dependentRequired"))'), WRONG),
    NegativeCase("if_errors_reported", _replace("            if branch in schema:\n",
                                                '            self.errors(value, schema["if"], pointer, out)\n'
                                                "            if branch in schema:\n"), WRONG),
    NegativeCase("then_without_if", _replace('        if "if" in schema:\n',
                                             '        if "if" not in schema and "then" in schema:\n'
                                             '            self.errors(value, schema["then"], pointer, out)\n'
                                             '        if "if" in schema:\n'), WRONG),
    NegativeCase("ref_siblings_ignored", _replace('pointer, out)\n        kinds = _kinds(value)\n',
                                                  'pointer, out)\n            return\n        kinds = _kinds(value)\n'),
                 WRONG),
    NegativeCase("ref_unescape_order", _replace('part.replace("~1", "/").replace("~0", "~")',
                                                'part.replace("~0", "~").replace("~1", "/")'), WRONG),
    NegativeCase("ref_not_unescaped", _replace('part.replace("~1", "/").replace("~0", "~")', "part"), WRONG),
    NegativeCase("unsorted_errors", _replace("    return sorted(found)\n", "    return list(found)[::-1]\n"), WRONG),
    NegativeCase("function_renamed", _replace("def validate(", "def check("), "failed to import"),
    NegativeCase("forged_report_then_exit", _prepend(FORGE), "did not report"),
    NegativeCase("crash_at_import", _prepend('raise RuntimeError("boom")\n'), "failed to import"),
    NegativeCase("exit_hard", _prepend("import os\nos._exit(0)\n"), "did not report"),
    NegativeCase("not_python", lambda text: text.replace("def validate(", "validate("), "failed to parse"),
]
