"""Structural check of output/ttl_cache.py: it imports and exposes the stated API. Not correctness.

Usage: python verify.py output/ttl_cache.py
"""

import importlib.util
import inspect
import sys
from pathlib import Path

API = {
    "put": ["self", "key", "value", "now_ms", "ttl_ms", "weight"],
    "get": ["self", "key", "now_ms"],
    "peek": ["self", "key", "now_ms"],
    "touch": ["self", "key", "now_ms"],
    "delete": ["self", "key", "now_ms"],
    "size": ["self", "now_ms"],
    "weight": ["self", "now_ms"],
    "stats": ["self"],
}
STATS = ["evictions", "expirations", "hits", "misses", "rejections"]


def verify(artifact_path: Path) -> None:
    """Raise AssertionError describing the first structural problem found."""
    spec = importlib.util.spec_from_file_location("candidate_ttl_cache", artifact_path)
    assert spec is not None and spec.loader is not None, f"{artifact_path}: not a Python module"
    module = importlib.util.module_from_spec(spec)
    try:
        spec.loader.exec_module(module)
    except Exception as exc:
        raise AssertionError(f"importing the module failed: {type(exc).__name__}: {exc}") from None
    cls = getattr(module, "TTLCache", None)
    assert inspect.isclass(cls), "the module must define a class TTLCache"
    assert list(inspect.signature(cls.__init__).parameters) == ["self", "capacity", "ttl_ms"], \
        "TTLCache.__init__ parameters must be (self, capacity, ttl_ms)"
    for name, params in API.items():
        method = getattr(cls, name, None)
        assert callable(method), f"TTLCache must define {name}()"
        got = list(inspect.signature(method).parameters)
        assert got == params, f"{name} parameters must be {params}, got {got}"
    cache = cls(2, 10)
    assert type(cache.put("a", 1, 0)) is bool, "put must return a bool"
    assert type(cache.put("b", 2, 0, ttl_ms=5, weight=1)) is bool, "put must accept ttl_ms and weight keywords"
    assert type(cache.touch("a", 0)) is bool, "touch must return a bool"
    assert type(cache.delete("b", 0)) is bool, "delete must return a bool"
    assert type(cache.size(0)) is int, "size must return an int"
    assert type(cache.weight(0)) is int, "weight must return an int"
    stats = cache.stats()
    assert isinstance(stats, dict) and sorted(stats) == STATS, f"stats must return a dict with exactly {STATS}"
    assert all(type(v) is int for v in stats.values()), "stats values must be ints"


if __name__ == "__main__":
    verify(Path(sys.argv[1]))
    print("structure OK")
