"""The rules a JSON Schema cannot state: id/category agreement and the paths of a task directory."""

from __future__ import annotations

import os
import re
from collections.abc import Mapping
from dataclasses import dataclass
from pathlib import Path, PurePosixPath, PureWindowsPath
from typing import Literal

from artifactbench.errors import Problem
from artifactbench._files import MAX_PROMPT_BYTES, MAX_REFERENCE_BYTES, FileRefused, read_capped, text_problem
from artifactbench.manifest._task import CATEGORIES, INSTANCE_ID_RE
from artifactbench.manifest._yaml import YamlDoc

__all__ = ["PATH_FIELDS", "check_category", "check_output_artifact", "check_paths"]

Kind = Literal["file", "dir"]


@dataclass(frozen=True, slots=True)
class _PathRule:
    field: str
    kind: Kind
    in_workspace: bool | None  # True: must be inside workspace_dir; False: must not; None: no rule


PATH_FIELDS: tuple[_PathRule, ...] = (
    _PathRule("problem_statement", "file", None),
    _PathRule("workspace_dir", "dir", None),
    _PathRule("hidden_grader", "file", False),
    _PathRule("reference_output", "file", False),
    _PathRule("structural_verifier", "file", True),
    _PathRule("workspace_generator", "file", True),
)
GRADER_FILE_NAME = "hidden.py"


def check_category(data: Mapping[str, object], doc: YamlDoc, file: str,
                   categories: tuple[str, ...] = CATEGORIES) -> list[Problem]:
    """category must equal the instance_id's <category> segment (spec 6.1); `categories` are those allowed."""
    iid, cat = data.get("instance_id"), data.get("category")
    if not (isinstance(iid, str) and INSTANCE_ID_RE.match(iid) and cat in categories):
        return []  # the schema already reported whichever is malformed
    if iid.startswith(f"{cat}__"):
        return []
    # Name the canonical category the id does start with, if any, so the message shows both sides.
    prefix = next((c for c in categories if iid.startswith(f"{c}__")), iid.partition("__")[0])
    return [
        Problem(
            file,
            doc.line_of(("category",)),
            "category",
            cat,
            f"does not match the instance_id prefix {prefix!r} (instance_id={iid!r})",
            "instance_id must be <category>__<slug> with the same category",
        )
    ]


MAX_PATH_BYTES = 1024  # a path field, UTF-8 encoded
MAX_NAME_BYTES = 255  # one component of it (the usual file system limit)
_CONTROL = re.compile("[\x00-\x1f\x7f]")


def _lexical_problem(raw: str) -> str | None:
    if _CONTROL.search(raw):
        return "must not contain control characters such as NUL or newline"
    try:
        size = len(raw.encode("utf-8"))
    except UnicodeEncodeError:  # a lone surrogate, e.g. from a "\ud800" escape
        return "must be valid Unicode text (it holds a lone surrogate)"
    if size > MAX_PATH_BYTES:
        return f"is {size} bytes long, over the {MAX_PATH_BYTES}-byte limit"
    if any(len(part.encode("utf-8")) > MAX_NAME_BYTES for part in re.split(r"[/\\]", raw)):
        return f"has a path component over {MAX_NAME_BYTES} bytes"
    if raw.startswith(("/", "\\", "~")) or PureWindowsPath(raw).is_absolute() or PureWindowsPath(raw).drive:
        return "must be a relative path, not absolute"
    if ".." in PurePosixPath(raw.replace("\\", "/")).parts:
        return "must not contain '..'; paths stay inside their directory"
    return None


def check_output_artifact(data: Mapping[str, object], doc: YamlDoc, file: str) -> list[Problem]:
    """output_artifact is relative to the scratch dir: relative, no '..', not '.'.

    Its existence is not checked: the agent creates it."""
    raw = data.get("output_artifact")
    if not isinstance(raw, str) or not raw:
        return []
    message = _lexical_problem(raw)
    if message is None and os.path.normpath(raw) in (".", ""):
        message = "must name a file inside the scratch dir, not the scratch dir itself"
    if message is None and raw.endswith(("/", "\\")):  # ("answer/" read as a file `answer`: a folder was meant?)
        message = "must name a file; it ends with a path separator, as a folder's name does"
    if message is None:
        return []
    line = doc.line_of(("output_artifact",))
    return [Problem(file, line, "output_artifact", raw, message, "e.g. output/result.jsonl")]


def _inside(path: Path, parent: Path) -> bool:
    return path == parent or path.is_relative_to(parent)


def _prompt_problems(prompt: Path, shown: str) -> list[Problem]:
    """The prompt is what an agent reads: small UTF-8 text without control characters."""
    try:
        data = read_capped(prompt, MAX_PROMPT_BYTES)
    except FileRefused as err:
        return [Problem(shown, None, "", None, str(err), "the prompt is a small UTF-8 text file")]
    _, problem = text_problem(data, shown, "the prompt")
    return [] if problem is None else [problem]


def check_paths(data: Mapping[str, object], doc: YamlDoc, file: str, root: Path) -> list[Problem]:
    """Every referenced path: relative, inside the task dir (symlinks resolved), present, of the right kind,
    and on the correct side of workspace_dir. `root` must be resolved."""
    problems: list[Problem] = []
    resolved: dict[str, Path] = {}

    def report(field: str, raw: str, message: str, hint: str | None = None) -> None:
        problems.append(Problem(file, doc.line_of((field,)), field, raw, message, hint))

    for rule in PATH_FIELDS:
        raw = data.get(rule.field)
        if not isinstance(raw, str) or not raw:
            continue  # absent optional field, or already reported by the schema
        message = _lexical_problem(raw)
        if message is not None:
            report(rule.field, raw, message, "write it relative to the directory holding task.yaml")
            continue
        try:
            target = (root / raw).resolve()
        except (OSError, RuntimeError) as exc:  # a symlink loop, a name the OS refuses
            report(rule.field, raw, f"cannot be resolved ({exc})", "replace the symlink with the real file")
            continue
        if not _inside(target, root):
            report(rule.field, raw, f"resolves outside the task directory, to {str(target)!r}",
                   "replace the symlink with the real file")
            continue
        if not target.exists():
            report(rule.field, raw, f"{rule.kind} does not exist", f"create it under {str(root)!r}")
            continue
        if rule.kind == "dir" and not target.is_dir():
            report(rule.field, raw, "must be a directory")
            continue
        if rule.kind == "file" and not target.is_file():
            report(rule.field, raw, "must be a regular file")
            continue
        if rule.field == "reference_output" and (size := target.stat().st_size) > MAX_REFERENCE_BYTES:
            report(rule.field, raw, f"is {size} bytes, over the {MAX_REFERENCE_BYTES}-byte limit of a reference "
                   "output the checker reads", "keep bulk data in the workspace generator")
            continue
        if rule.field == "hidden_grader" and target.name != GRADER_FILE_NAME:
            report(rule.field, raw, f"the grader file must be named {GRADER_FILE_NAME!r}, spec section 1",
                   "use grader/hidden.py")
            continue
        resolved[rule.field] = target

    prompt = resolved.get("problem_statement")
    if prompt is not None:
        problems.extend(_prompt_problems(prompt, str(Path(file).parent / str(data["problem_statement"]))))
    workspace = resolved.get("workspace_dir")
    if workspace is None:
        return problems
    for rule in PATH_FIELDS:
        target = resolved.get(rule.field)
        if target is None or rule.in_workspace is None:
            continue
        raw = str(data[rule.field])
        if rule.in_workspace and not _inside(target, workspace):
            report(rule.field, raw, f"must lie inside workspace_dir={data['workspace_dir']!r}",
                   "the agent imports it from its scratch copy of the workspace")
        elif not rule.in_workspace and _inside(target, workspace):
            report(rule.field, raw, f"must not lie inside workspace_dir={data['workspace_dir']!r}",
                   "it would be copied to the agent; keep it under grader/")
    return problems
