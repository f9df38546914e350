"""Find the modules a grader imports (plain Python, no Pants imports).

Graders are Python 3.11 while Pants runs on 3.9, so a grader may use syntax the 3.9 parser rejects
(e.g. `match`); then a line-based scan takes over, which is enough for top-of-file imports.
"""
from __future__ import annotations

import ast
import re
from typing import FrozenSet, Iterable, Sequence, Set, Tuple

_IMPORT_RE = re.compile(r"^\s*import\s+([\w.]+(?:\s*,\s*[\w.]+)*)|^\s*from\s+([\w.]+)\s+import\b", re.M)


def _scan(source: str) -> Set[str]:
    found: Set[str] = set()
    for match in _IMPORT_RE.finditer(source):
        if match.group(1):
            found.update(name.strip() for name in match.group(1).split(","))
        elif match.group(2):
            found.add(match.group(2))
    return found


def imported_modules(source: str) -> FrozenSet[str]:
    """Absolute modules imported anywhere in `source` (relative imports are local: skipped)."""
    try:
        tree = ast.parse(source)
    except SyntaxError:
        return frozenset(_scan(source))
    found: Set[str] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            found.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom) and node.level == 0 and node.module:
            found.add(node.module)
    return frozenset(found)


def third_party_candidates(sources: Iterable[str], local_modules: Iterable[str]) -> FrozenSet[str]:
    """Imported modules minus those provided by the grader directory itself (e.g. a helper.py)."""
    local = set(local_modules)
    modules: Set[str] = set()
    for source in sources:
        modules.update(imported_modules(source))
    return frozenset(m for m in modules if m.split(".")[0] not in local)



def missing_grader_modules(
    modules: Sequence[str], owned: Sequence[bool], stdlib: Iterable[str]
) -> Tuple[str, ...]:
    """Imported modules that are neither standard library (`stdlib`) nor owned by a requirement."""
    known = frozenset(stdlib)
    return tuple(
        m for m, has_owner in zip(modules, owned)
        if not has_owner and m not in known and m.split(".")[0] not in known
    )


def missing_modules_message(task: str, modules: Sequence[str], resolve: str) -> str:
    shown = ", ".join(modules)
    return (
        f"{task}: its grader imports {shown}, which no python_requirement in resolve {resolve!r} "
        "provides, so the check will fail to load the grader: add the requirement to that resolve "
        "(or to the checker's environment), or stop importing it"
    )
