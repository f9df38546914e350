"""The core's import graph: no cycle, and no private `_module` imported from outside its package.

Edges are read from the source (ast), not by importing: `import a.b` and `from a.b import c` give an
edge to `a.b.c` when that is a module, else to `a.b`. Imports under `if TYPE_CHECKING:` are not run
and are left out; imports inside functions count (they are dependencies all the same). The implicit
import of a parent package (importing `a.b.c` runs `a/b/__init__.py`) is not an edge: every
package's `__init__` importing its own modules would otherwise be a cycle.

A private module `p.q._m` belongs to package `p.q`: only modules inside `p.q` (and its subpackages)
may import it. Everything outside imports what `p.q/__init__.py` re-exports.
"""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

SRC = Path(__file__).resolve().parents[1] / "src"
ROOT = "artifactbench"


def module_names(src: Path = SRC, root: str = ROOT) -> dict[str, Path]:
    names = {}
    for path in sorted((src / root).rglob("*.py")):
        parts = list(path.relative_to(src).with_suffix("").parts)
        if parts[-1] == "__init__":
            parts = parts[:-1]
        names[".".join(parts)] = path
    return names


def _is_type_checking(test: ast.expr) -> bool:
    return (isinstance(test, ast.Name) and test.id == "TYPE_CHECKING") or (
        isinstance(test, ast.Attribute) and test.attr == "TYPE_CHECKING")


def _imports(tree: ast.AST, module: str, is_package: bool):
    """(target, lineno) for every import in `tree` outside `if TYPE_CHECKING:` blocks."""
    stack = [tree]
    while stack:
        node = stack.pop()
        if isinstance(node, ast.If) and _is_type_checking(node.test):
            stack.extend(node.orelse)
            continue
        if isinstance(node, ast.Import):
            for alias in node.names:
                yield alias.name, None, node.lineno
        elif isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:
                package = module.split(".") if is_package else module.split(".")[:-1]
                package = package[: len(package) - node.level + 1]
                base = ".".join(package + ([node.module] if node.module else []))
            for alias in node.names:
                yield base, alias.name, node.lineno
        stack.extend(ast.iter_child_nodes(node))


def import_edges(names: dict[str, Path]) -> dict[str, set[tuple[str, int]]]:
    """module -> {(imported module inside ROOT, line)}."""
    edges: dict[str, set[tuple[str, int]]] = {name: set() for name in names}
    for name, path in names.items():
        tree = ast.parse(path.read_text(encoding="utf-8"), str(path))
        for base, member, line in _imports(tree, name, path.name == "__init__.py"):
            target = f"{base}.{member}" if member and f"{base}.{member}" in names else base
            if target in names and target != name:
                edges[name].add((target, line))
    return edges


def find_cycle(edges: dict[str, set[tuple[str, int]]]) -> list[str] | None:
    """One cycle as [a, b, ..., a], or None (iterative DFS, white/grey/black)."""
    state: dict[str, int] = {}
    for start in sorted(edges):
        if state.get(start):
            continue
        path, iters = [start], [iter(sorted(t for t, _ in edges[start]))]
        state[start] = 1
        while path:
            nxt = next(iters[-1], None)
            if nxt is None:
                state[path.pop()] = 2
                iters.pop()
            elif state.get(nxt) == 1:
                return path[path.index(nxt):] + [nxt]
            elif not state.get(nxt):
                state[nxt] = 1
                path.append(nxt)
                iters.append(iter(sorted(t for t, _ in edges[nxt])))
    return None


def private_owner(target: str) -> str | None:
    """The package a private module belongs to (`a.b._m` -> `a.b`), or None for a public module."""
    parts = target.split(".")
    for i, part in enumerate(parts):
        if part.startswith("_") and not part.startswith("__"):
            return ".".join(parts[:i])
    return None


def private_imports(edges, names) -> list[str]:
    bad = []
    for module, targets in sorted(edges.items()):
        for target, line in sorted(targets):
            owner = private_owner(target)
            if owner is not None and not (module == owner or module.startswith(owner + ".")):
                bad.append(f"{names[module].relative_to(SRC)}:{line}: {module} imports {target} "
                           f"(private to {owner}; import it from {owner}'s __init__)")
    return bad


def test_no_import_cycle_in_the_core():
    names = module_names()
    cycle = find_cycle(import_edges(names))
    assert cycle is None, "import cycle: " + " -> ".join(cycle)


def test_no_private_module_imported_across_packages():
    names = module_names()
    assert private_imports(import_edges(names), names) == []


def test_no_cycle_between_sibling_packages():
    """Packages depend on each other in one direction: collapse modules to their top-level package
    under artifactbench (and to their subpackage under artifactbench.gates) and look for a cycle."""
    names = module_names()
    edges = import_edges(names)
    for parent in (ROOT, f"{ROOT}.gates"):
        depth = parent.count(".") + 2

        def unit(module: str) -> str | None:
            if not module.startswith(parent + "."):
                return None
            return ".".join(module.split(".")[:depth])

        collapsed: dict[str, set[tuple[str, int]]] = {}
        for module, targets in edges.items():
            src_unit = unit(module)
            if src_unit is None or src_unit in names and names[src_unit].name != "__init__.py":
                continue  # plain modules of `parent` (e.g. gates/_builtin.py) are the wiring, not a package
            for target, line in targets:
                dst = unit(target)
                if dst and dst != src_unit and names[dst].name == "__init__.py":
                    collapsed.setdefault(src_unit, set()).add((dst, line))
                    collapsed.setdefault(dst, set())
        cycle = find_cycle(collapsed)
        assert cycle is None, f"packages under {parent} import each other: " + " -> ".join(cycle)


# The checker itself must be able to fail: tiny synthetic packages with the two faults.
@pytest.mark.parametrize("files, fault", [
    ({"a/__init__.py": "from a.x import f\n", "a/x.py": "import a.y\n", "a/y.py": "from a import x\n"},
     "cycle"),
    ({"a/__init__.py": "", "a/p/__init__.py": "", "a/p/_m.py": "", "a/q/__init__.py": "",
      "a/q/_n.py": "from a.p._m import thing\n"}, "private"),
    ({"a/__init__.py": "", "a/p/__init__.py": "from a.p._m import thing\n", "a/p/_m.py": "thing = 1\n",
      "a/p/sub/__init__.py": "from a.p import _m\n"}, None),
], ids=["cycle", "private-across-packages", "clean"])
def test_the_checker_detects_its_faults(tmp_path, files, fault):
    for rel, text in files.items():
        (tmp_path / rel).parent.mkdir(parents=True, exist_ok=True)
        (tmp_path / rel).write_text(text)
    names = module_names(tmp_path, "a")
    edges = import_edges(names)
    global SRC
    saved, SRC = SRC, tmp_path
    try:
        bad = private_imports(edges, names)
    finally:
        SRC = saved
    assert (find_cycle(edges) is not None) == (fault == "cycle")
    assert bool(bad) == (fault == "private")
