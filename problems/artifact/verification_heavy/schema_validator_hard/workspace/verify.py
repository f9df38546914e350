"""Structural check of output/validator.py: it imports and exposes the stated API. Not correctness.

Usage: python verify.py output/validator.py
"""

import importlib.util
import inspect
import sys
from pathlib import Path


def verify(artifact_path: Path) -> None:
    """Raise AssertionError describing the first structural problem found."""
    spec = importlib.util.spec_from_file_location("candidate_validator", artifact_path)
    assert spec is not None and spec.loader is not None, f"{artifact_path}: not a Python module"
    module = importlib.util.module_from_spec(spec)
    try:
        spec.loader.exec_module(module)
    except Exception as exc:
        raise AssertionError(f"importing the module failed: {type(exc).__name__}: {exc}") from None
    fn = getattr(module, "validate", None)
    assert callable(fn), "the module must define a function validate()"
    params = list(inspect.signature(fn).parameters)
    assert params == ["instance", "schema"], f"validate parameters must be instance, schema, got {params}"
    for schema in (True, False, {}, {"type": "object", "required": ["a"]}):
        result = fn({"b": [1, "x"]}, schema)
        assert type(result) is list, "validate must return a list"
        assert all(type(e) is tuple and len(e) == 2 and all(type(x) is str for x in e) for e in result), \
            "every error must be a (pointer, keyword) tuple of two str"
        assert result == sorted(set(result)), "errors must be sorted, without repeats"


if __name__ == "__main__":
    verify(Path(sys.argv[1]))
    print("structure OK")
