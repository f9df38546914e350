"""A YAML reader that keeps the line of every key and value and refuses duplicate keys.

PyYAML's SafeLoader silently keeps the last of two equal keys and forgets where values came from;
a strict manifest loader needs both, so this module walks the composed node tree itself.
"""

from __future__ import annotations

import sys
from dataclasses import dataclass, field

import yaml

from artifactbench.errors import Problem

__all__ = ["FieldPath", "YamlDoc", "dotted", "load_yaml"]

FieldPath = tuple[str | int, ...]


def dotted(path: FieldPath) -> str:
    """The field name used in problems: ("execution_budget", "max_code_runs") ->
    "execution_budget.max_code_runs"; ("tags", 2) -> "tags[2]"."""
    text = ""
    for part in path:
        if isinstance(part, int):
            text += f"[{part}]"
        else:
            text += f".{part}" if text else part
    return text


@dataclass(frozen=True, slots=True)
class YamlDoc:
    """A parsed document plus 1-based lines: `key_lines[path]` of each key, `value_lines[path]` of each
    value (the root's under `()`)."""

    data: object
    key_lines: dict[FieldPath, int] = field(default_factory=dict)
    value_lines: dict[FieldPath, int] = field(default_factory=dict)

    def line_of(self, path: FieldPath) -> int | None:
        """The line of the key at `path`, else of its value, else of its nearest ancestor."""
        for end in range(len(path), 0, -1):
            prefix = path[:end]
            line = self.key_lines.get(prefix) or self.value_lines.get(prefix)
            if line is not None:
                return line
        return self.value_lines.get(())


MAX_DEPTH = 32  # nesting of mappings and lists; task.yaml v1 needs 2


class _Refused(yaml.YAMLError):
    """Valid YAML that a manifest may not use; raised while composing, before any value is built."""

    def __init__(self, mark: yaml.Mark, problem: str, field: str = "", value: object = None,
                 hint: str | None = None) -> None:
        super().__init__(problem)
        self.problem, self.problem_mark = problem, mark
        self.field, self.value, self.hint = field, value, hint


class _LineLoader(yaml.SafeLoader):
    """SafeLoader that builds plain values from nodes while recording lines and duplicate keys.

    Aliases are refused (an alias bomb expands to billions of nodes from a few lines) and nesting is
    capped at MAX_DEPTH while composing, so a hostile document costs time linear in its size.
    """

    def __init__(self, stream: str, file: str) -> None:
        super().__init__(stream)
        self.file = file
        self._depth = 0
        self.problems: list[Problem] = []
        self.key_lines: dict[FieldPath, int] = {}
        self.value_lines: dict[FieldPath, int] = {}

    def compose_node(self, parent: yaml.Node | None, index: object) -> yaml.Node:
        event = self.peek_event()
        if isinstance(event, yaml.AliasEvent):
            raise _Refused(event.start_mark, f"aliases (*{event.anchor}) are not allowed in a manifest")
        if isinstance(event, (yaml.MappingStartEvent, yaml.SequenceStartEvent)):
            if self._depth >= MAX_DEPTH:
                raise _Refused(event.start_mark, f"nested deeper than {MAX_DEPTH} levels")
            self._depth += 1
            try:
                return super().compose_node(parent, index)
            finally:
                self._depth -= 1
        return super().compose_node(parent, index)

    def build(self, node: yaml.Node, path: FieldPath) -> object:
        self.value_lines.setdefault(path, node.start_mark.line + 1)
        if isinstance(node, yaml.MappingNode):
            return self._build_mapping(node, path)
        if isinstance(node, yaml.SequenceNode):
            return [self.build(item, (*path, i)) for i, item in enumerate(node.value)]
        return self._scalar(node, path)

    def _scalar(self, node: yaml.Node, path: FieldPath) -> object:
        """One scalar's value. Python refuses to convert an integer of more than 4300 digits (a
        ValueError out of PyYAML's int constructor); that is reported on the field, never raised."""
        try:
            return self.construct_object(node, deep=True)
        except ValueError:
            text = str(getattr(node, "value", ""))
            digits = sum(c.isdigit() for c in text)
            raise _Refused(node.start_mark, f"a {digits}-digit number is over Python's limit for integers "
                           f"({sys.get_int_max_str_digits()} digits)", dotted(path), text,
                           "write a number that fits the field") from None

    def _plain(self, node: yaml.Node) -> object:
        """A duplicate's value, for the problem report only (its lines are not recorded)."""
        try:
            return self.construct_object(node, deep=True)
        except (yaml.YAMLError, ValueError):
            return None

    def _build_mapping(self, node: yaml.MappingNode, path: FieldPath) -> dict[object, object]:
        result: dict[object, object] = {}
        for key_node, value_node in node.value:
            line = key_node.start_mark.line + 1
            key = self._scalar(key_node, path)
            if not isinstance(key, str):
                self.problems.append(
                    Problem(self.file, line, dotted(path), None,
                            f"mapping keys must be plain strings, got {type(key).__name__} {key!r}",
                            "quote the key or remove it")
                )
                continue
            sub = (*path, key)
            if key in result:
                first = self.key_lines[sub]
                self.problems.append(
                    Problem(
                        self.file,
                        line,
                        dotted(sub),
                        self._plain(value_node),
                        f"duplicate key (first defined on line {first})",
                        "keep exactly one of the two entries",
                    )
                )
                continue
            self.key_lines[sub] = line
            result[key] = self.build(value_node, sub)
        return result


def _message(err: yaml.YAMLError) -> tuple[str, str]:
    reason = getattr(err, "problem", None) or str(err)
    context = getattr(err, "context", None)
    detail = f"{reason} ({context})" if context else str(reason)
    if isinstance(err, (yaml.constructor.ConstructorError, _Refused)):
        # e.g. merge keys (<<) or !!python tags: valid YAML, but not plain data.
        return f"unsupported YAML: {detail}", "use plain mappings, lists and scalars"
    return f"YAML syntax error: {detail}", "fix the YAML syntax"


def load_yaml(text: str, file: str) -> tuple[YamlDoc, tuple[Problem, ...]]:
    """Parse one YAML document. Syntax errors and duplicate keys come back as problems, never raise.

    An empty document yields `data=None`.
    """
    try:
        loader = _LineLoader(text, file)
    except yaml.reader.ReaderError as err:  # a control character: YAML refuses it before parsing
        line = text.count("\n", 0, err.position) + 1
        return YamlDoc(None), (Problem(file, line, "", None, f"control character {chr(err.character)!r} "
                                       "is not allowed in YAML", "remove it"),)
    try:
        node = loader.get_single_node()
        data = None if node is None else loader.build(node, ())
    except yaml.YAMLError as err:
        mark = getattr(err, "problem_mark", None) or getattr(err, "context_mark", None)
        line = mark.line + 1 if mark is not None else None
        message, hint = _message(err)
        if isinstance(err, _Refused) and err.field:
            return YamlDoc(None), (Problem(file, line, err.field, err.value, err.problem, err.hint),)
        return YamlDoc(None), (Problem(file, line, "", None, message, hint),)
    except RecursionError:  # not reached under MAX_DEPTH; a last guard, never a traceback
        return YamlDoc(None), (Problem(file, None, "", None, "unsupported YAML: nested too deeply"),)
    finally:
        loader.dispose()
    doc = YamlDoc(data, loader.key_lines, loader.value_lines)
    return doc, tuple(loader.problems)
