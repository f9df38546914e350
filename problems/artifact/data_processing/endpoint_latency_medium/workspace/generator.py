"""Writes access.log: gateway access lines for a small shop API, with a few malformed lines.

Standard library only; deterministic from --seed.
"""

from __future__ import annotations

import argparse
import random
from pathlib import Path

# (method, path template, median latency in ms, probability of a 5xx, relative traffic weight)
_ENDPOINTS = (
    ("GET", "/api/v1/orders", 42.0, 0.010, 30),
    ("POST", "/api/v1/orders", 120.0, 0.030, 12),
    ("GET", "/api/v1/orders/{id}", 35.0, 0.008, 40),
    ("DELETE", "/api/v1/orders/{id}", 80.0, 0.020, 3),
    ("GET", "/api/v1/users/{id}", 18.0, 0.004, 35),
    ("PATCH", "/api/v1/users/{id}", 65.0, 0.015, 6),
    ("GET", "/api/v1/catalog/items", 55.0, 0.006, 45),
    ("GET", "/api/v1/catalog/items/{id}", 22.0, 0.003, 60),
    ("PUT", "/api/v1/carts/{id}/items/{id}", 48.0, 0.012, 20),
    ("DELETE", "/api/v1/carts/{id}/items/{id}", 40.0, 0.010, 8),
    ("POST", "/api/v1/payments", 310.0, 0.060, 9),
    ("GET", "/api/v1/sessions/{uuid}", 9.0, 0.002, 25),
    ("GET", "/healthz", 1.5, 0.0, 15),
)
_HOSTS = ("gw-1", "gw-2", "gw-3")
_QUERIES = ("", "", "", "?expand=items", "?page=2&size=50", "?sort=-created_at", "?lang=de")


def _target(rng: random.Random, template: str) -> str:
    parts = []
    for seg in template.split("/"):
        if seg == "{id}":
            parts.append(str(rng.randint(1, 99999)))
        elif seg == "{uuid}":
            h = "%032x" % rng.getrandbits(128)
            parts.append(f"{h[:8]}-{h[8:12]}-{h[12:16]}-{h[16:20]}-{h[20:]}")
        else:
            parts.append(seg)
    path = "/".join(parts)
    if rng.random() < 0.03:
        path += "/"
    return path + rng.choice(_QUERIES)


def _malformed(rng: random.Random, good: str) -> str:
    fields = good.split(" ")
    kind = rng.randrange(9)
    if kind == 0:
        return good[: rng.randint(10, len(good) - 5)]
    if kind == 1:
        return " ".join(fields[:5] + ["-"])
    if kind == 2:
        return " ".join(fields[:4] + ["5xx", fields[5]])
    if kind == 3:
        return " ".join(fields[:2] + ["FETCH"] + fields[3:])
    if kind == 4:
        return ""
    if kind == 5:
        return "    at com.shop.gateway.Router.dispatch(Router.java:214)"
    if kind == 6:
        return " ".join(fields[:5] + ["%.3fs" % (rng.random() / 4)])
    if kind == 7:
        return good + ' "Mozilla/5.0"'
    return " ".join(fields[:4] + ["999", fields[5]])


def _lines(rng: random.Random, count: int) -> list[str]:
    weights = [e[4] for e in _ENDPOINTS]
    lines = []
    for i in range(count):
        method, template, median, p_err, _ = rng.choices(_ENDPOINTS, weights)[0]
        minute, second = divmod(i * 7 // 10, 60)
        stamp = "2026-03-02T%02d:%02d:%02d.%03dZ" % (10 + minute // 60, minute % 60, second, rng.randrange(1000))
        latency = round(median * rng.lognormvariate(0.0, 0.55), 1)
        if rng.random() < 0.02:
            latency = round(latency * rng.uniform(4, 12), 1)
        status = rng.choice((500, 502, 503, 504)) if rng.random() < p_err else rng.choice((200, 200, 200, 201, 204, 304, 400, 404))
        text = "%.1fms" % latency if rng.random() < 0.9 or latency != int(latency) else "%dms" % latency
        line = f"{stamp} {rng.choice(_HOSTS)} {method} {_target(rng, template)} {status} {text}"
        lines.append(_malformed(rng, line) if rng.random() < 0.03 else line)
    return lines


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--seed", type=int, required=True)
    parser.add_argument("--output-dir", type=Path, required=True)
    parser.add_argument("--instance-id", required=True)
    args = parser.parse_args()
    rng = random.Random(args.seed)
    lines = _lines(rng, 12000)
    out = args.output_dir / "access.log"
    out.parent.mkdir(parents=True, exist_ok=True)
    with out.open("w", encoding="utf-8", newline="\n") as handle:
        handle.write("\n".join(lines) + "\n")


if __name__ == "__main__":
    main()
