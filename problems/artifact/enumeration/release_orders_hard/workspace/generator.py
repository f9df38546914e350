"""Writes release_plan.json: the steps of one release train and the rules its deploy order must follow.

Standard library only; deterministic from --seed. The plan is an export of the release tool: two steps of
the train already went out last night (status done), a few rules still name them or a step that was pulled
from the train, one precedence pair is listed twice, and `global` steps belong to every region.
"""

from __future__ import annotations

import argparse
import json
import random
from pathlib import Path

# name: (kind, region, risk, status)
STEPS = {
    "api": ("service", "us", "medium", "pending"),
    "api_eu": ("service", "eu", "medium", "pending"),
    "audit_log": ("service", "us", "low", "done"),
    "billing_migration": ("migration", "us", "medium", "pending"),
    "checkout": ("service", "us", "high", "pending"),
    "cdn_config": ("config", "global", "low", "pending"),
    "edge_canary_eu": ("service", "eu", "low", "pending"),
    "edge_canary_us": ("service", "us", "medium", "pending"),
    "frontend": ("service", "us", "low", "pending"),
    "ledger_migration": ("migration", "us", "high", "done"),
    "orders_migration": ("migration", "eu", "critical", "pending"),
    "rate_limits": ("config", "global", "medium", "pending"),
    "search": ("service", "us", "low", "pending"),
    "worker_eu": ("service", "eu", "medium", "pending"),
}
AFTER = [
    ["api", "billing_migration"],
    ["api_eu", "orders_migration"],
    ["worker_eu", "api_eu"],
    ["api", "ledger_migration"],  # names a done step
    ["search", "search_indexer"],  # names a step pulled from the train
    ["worker_eu", "api_eu"],  # listed twice
]
WITHIN = [
    {"step": "frontend", "after": "api", "max_gap": 2},
    {"step": "worker_eu", "after": "api_eu", "max_gap": 3},
    {"step": "audit_log", "after": "api", "max_gap": 1},  # names a done step
]
ADJACENT = [["rate_limits", "cdn_config"]]
CANARIES = {"eu": "edge_canary_eu", "us": "edge_canary_us", "apac": "edge_canary_apac"}


def generate(seed: int) -> dict:
    rng = random.Random(seed)
    names = list(STEPS)
    rng.shuffle(names)  # the export lists steps in no particular order
    after = list(AFTER)
    rng.shuffle(after)
    return {
        "release": "2026.12-train",
        "risk_order": ["low", "medium", "high", "critical"],
        "steps": {n: dict(zip(("kind", "region", "risk", "status"), STEPS[n])) for n in names},
        "after": after,
        "within": WITHIN,
        "adjacent": ADJACENT,
        "canaries": CANARIES,
        "no_back_to_back_kinds": ["migration"],
        "first_step_max_risk": "low",
        "last_step_forbidden_kinds": ["migration", "config"],
        "risky_spacing": {"min_risk": "high", "min_steps_between": 2},
    }


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--seed", type=int, required=True)
    parser.add_argument("--output-dir", type=Path, required=True)
    parser.add_argument("--instance-id", required=True)
    args = parser.parse_args()
    args.output_dir.mkdir(parents=True, exist_ok=True)
    text = json.dumps(generate(args.seed), indent=1) + "\n"
    (args.output_dir / "release_plan.json").write_text(text, encoding="utf-8")


if __name__ == "__main__":
    main()
