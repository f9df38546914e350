"""Structural check of output/cron.py: it imports and exposes the stated API. Not correctness.

Usage: python verify.py output/cron.py
"""

import importlib.util
import inspect
import sys
from pathlib import Path


def verify(artifact_path: Path) -> None:
    """Raise AssertionError describing the first structural problem found."""
    spec = importlib.util.spec_from_file_location("candidate_cron", artifact_path)
    assert spec is not None and spec.loader is not None, f"{artifact_path}: not a Python module"
    module = importlib.util.module_from_spec(spec)
    try:
        spec.loader.exec_module(module)
    except Exception as exc:
        raise AssertionError(f"importing the module failed: {type(exc).__name__}: {exc}") from None
    fn = getattr(module, "next_runs", None)
    assert callable(fn), "the module must define a function next_runs()"
    params = list(inspect.signature(fn).parameters)
    assert params == ["expr", "after", "count"], f"next_runs parameters must be expr, after, count, got {params}"
    result = fn("* * * * *", "2026-01-01 00:00+01:00", 2)
    assert type(result) is list and all(type(v) is str for v in result), "next_runs must return a list of str"
    assert fn("* * * * *", "2026-01-01 00:00+01:00", 0) == [], "count 0 must give []"


if __name__ == "__main__":
    verify(Path(sys.argv[1]))
    print("structure OK")
