"""Writes ticket_events.jsonl: a day of help-desk ticket events, in the order the queue recorded them.

Standard library only; deterministic from --seed. Most events follow the workflow; some are out of place
(a start before an assignment, a resolve of a closed ticket, events for tickets never opened).
"""

from __future__ import annotations

import argparse
import json
import random
from pathlib import Path

N_TICKETS = 140
AGENTS = ("amara", "bo", "chen", "dana", "eli", "fatou")
FLOW = {"new": ["assign"], "assigned": ["start", "assign"], "in_progress": ["resolve", "assign"],
        "resolved": ["close", "reopen"], "closed": []}
NEXT = {"assign": "assigned", "start": "in_progress", "resolve": "resolved", "close": "closed", "reopen": "assigned"}


def generate(seed: int) -> list[dict]:
    rng = random.Random(seed)
    ids = [f"HD-{n}" for n in sorted(rng.sample(range(1000, 9999), N_TICKETS))]
    state = {}
    events = []
    for _ in range(N_TICKETS * 7):
        ticket = rng.choice(ids)
        if ticket not in state:
            if rng.random() < 0.97:
                state[ticket] = "new"
                events.append({"ticket": ticket, "event": "open"})
                continue
            events.append({"ticket": ticket, "event": rng.choice(("assign", "resolve"))})
            continue
        options = FLOW[state[ticket]]
        if not options or rng.random() < 0.1:
            action = rng.choice(("open", "start", "resolve", "close", "reopen", "assign"))
        else:
            action = rng.choice(options)
        event = {"ticket": ticket, "event": action}
        if action == "assign":
            event["agent"] = rng.choice(AGENTS)
        events.append(event)
        if action in options:
            state[ticket] = NEXT[action]
    for ghost in ("HD-0417", "HD-9990", "HD-0417"):  # tickets of another queue, never opened here
        events.insert(rng.randrange(len(events)), {"ticket": ghost, "event": rng.choice(("assign", "close"))})
        if events[-1]["event"] == "assign" and "agent" not in events[-1]:
            events[-1]["agent"] = rng.choice(AGENTS)
    for event in events:
        if event["event"] == "assign" and "agent" not in event:
            event["agent"] = rng.choice(AGENTS)
    for seq, event in enumerate(events, start=1):
        event["seq"] = seq
    return [{"seq": e.pop("seq"), **e} for e in events]


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--seed", type=int, required=True)
    parser.add_argument("--output-dir", type=Path, required=True)
    parser.add_argument("--instance-id", required=True)
    args = parser.parse_args()
    args.output_dir.mkdir(parents=True, exist_ok=True)
    with open(args.output_dir / "ticket_events.jsonl", "w", encoding="utf-8", newline="\n") as fh:
        for event in generate(args.seed):
            fh.write(json.dumps(event) + "\n")


if __name__ == "__main__":
    main()
