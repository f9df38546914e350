"""Structural check of output/rate_limiter.py: it imports and exposes the stated API. Not correctness.

Usage: python verify.py output/rate_limiter.py
"""

import importlib.util
import inspect
import sys
from pathlib import Path


def verify(artifact_path: Path) -> None:
    """Raise AssertionError describing the first structural problem found."""
    spec = importlib.util.spec_from_file_location("candidate_rate_limiter", artifact_path)
    assert spec is not None and spec.loader is not None, f"{artifact_path}: not a Python module"
    module = importlib.util.module_from_spec(spec)
    try:
        spec.loader.exec_module(module)
    except Exception as exc:
        raise AssertionError(f"importing the module failed: {type(exc).__name__}: {exc}") from None
    cls = getattr(module, "RateLimiter", None)
    assert inspect.isclass(cls), "the module must define a class RateLimiter"
    for name, params in (("try_acquire", ["self", "key", "now_ms", "cost"]),
                         ("retry_after", ["self", "key", "now_ms", "cost"])):
        method = getattr(cls, name, None)
        assert callable(method), f"RateLimiter must define {name}()"
        got = list(inspect.signature(method).parameters)
        assert got == params, f"{name} parameters must be {params}, got {got}"
        assert inspect.signature(method).parameters["cost"].default == 1, f"{name}: cost must default to 1"
    init = list(inspect.signature(cls.__init__).parameters)
    assert init == ["self", "rules", "max_refusals", "lockout_ms"], \
        f"__init__ parameters must be self, rules, max_refusals, lockout_ms, got {init}"
    limiter = cls([(3, 1000)], 2, 500)
    assert type(limiter.try_acquire("k", 0)) is bool, "try_acquire must return a bool"
    assert type(limiter.retry_after("k", 0)) is int, "retry_after must return an int"


if __name__ == "__main__":
    verify(Path(sys.argv[1]))
    print("structure OK")
