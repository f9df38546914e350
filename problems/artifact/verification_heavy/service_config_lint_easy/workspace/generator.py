"""Writes services/*.json: deployment configs of ~36 services, some of them breaking the stated rules.

Standard library only; deterministic from --seed.
"""

from __future__ import annotations

import argparse
import json
import random
from pathlib import Path

_NAMES = ("api-gateway", "auth", "billing", "cart", "catalog", "checkout", "coupons", "email", "fraud", "geo",
          "inventory", "invoices", "ledger", "loyalty", "media", "notifications", "orders", "payments",
          "pricing", "profile", "ratings", "recommendations", "refunds", "reports", "returns", "reviews",
          "search", "sessions", "shipping", "sms", "tax", "tracking", "users", "wallet", "webhooks", "wishlist")
_TEAMS = ("team-core", "team-growth", "team-payments", "team-platform", "team-search")


def _config(rng: random.Random, name: str, port: int, names: list[str]) -> dict:
    return {
        "name": name,
        "owner": rng.choice(_TEAMS),
        "image": f"registry.internal/shop/{name}:{rng.randint(1, 9)}.{rng.randint(0, 30)}.{rng.randint(0, 9)}",
        "port": port,
        "replicas": rng.randint(1, 12),
        "env": {"LOG_LEVEL": rng.choice(("info", "warn", "debug"))},
        "depends_on": sorted(rng.sample(names, rng.randint(0, min(3, len(names))))),
    }


def _break(rng: random.Random, cfg: dict, ports: list[int]) -> None:
    kind = rng.randrange(9)
    if kind == 0:
        cfg.pop(rng.choice(("owner", "image", "port", "replicas")), None)
    elif kind == 1:
        cfg["name"] = cfg["name"] + "-svc"
    elif kind == 2:
        cfg["port"] = rng.choice((80, 443, 70000, "8080", 8080.0, True))
    elif kind == 3:
        cfg["port"] = rng.choice(ports)
    elif kind == 4:
        cfg["replicas"] = rng.choice((0, 25, "3", 2.5, None))
    elif kind == 5 and isinstance(cfg.get("image"), str):
        cfg["image"] = rng.choice((cfg["image"].rsplit(":", 1)[0], cfg["image"].rsplit(":", 1)[0] + ":latest",
                                   cfg["image"].rsplit(":", 1)[0] + ":", "registry.internal:5000/shop/legacy"))
    elif kind == 6:
        cfg[rng.choice(("replica", "enviroment", "tier", "healthcheck"))] = rng.choice((2, "gold", {"path": "/h"}))
    elif kind == 7:
        cfg["image"] = 42
    elif kind == 8:
        cfg.pop("name", None)
        cfg["service"] = "x"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--seed", type=int, required=True)
    parser.add_argument("--output-dir", type=Path, required=True)
    parser.add_argument("--instance-id", required=True)
    args = parser.parse_args()
    rng = random.Random(args.seed)
    out = args.output_dir / "services"
    out.mkdir(parents=True, exist_ok=True)
    names = list(_NAMES)
    ports = rng.sample(range(8000, 8100), len(names))
    for i, name in enumerate(names):
        cfg = _config(rng, name, ports[i], names[:i])
        for _ in range(rng.choice((0, 1, 1, 2, 2)) if i != 11 else 0):
            _break(rng, cfg, ports[:i] or ports)
        if i in (20, 29):  # two copies of a config that kept service 11's port: a three-way conflict
            cfg["port"] = ports[11]
        text = json.dumps(cfg, indent=2, sort_keys=True) + "\n"
        if i % 13 == 5:
            text = text.replace('"owner"', '"owner",', 1) if rng.random() < 0.5 else "[\n" + text + "]\n"
        with (out / f"{name}.json").open("w", encoding="utf-8", newline="\n") as handle:
            handle.write(text)
    with (out / "README.md").open("w", encoding="utf-8", newline="\n") as handle:
        handle.write("# Service configs\n\nOne JSON file per service; see the deployment runbook.\n")
    with (out / "cart.json.bak").open("w", encoding="utf-8", newline="\n") as handle:
        handle.write('{"name": "cart", "port": 1}\n')


if __name__ == "__main__":
    main()
