"""Writes contacts.csv: ~1,400 contact rows with case/whitespace email variants, ties and blank emails.

Standard library only; deterministic from --seed.
"""

from __future__ import annotations

import argparse
import csv
import random
from datetime import datetime, timedelta
from pathlib import Path

FIRST = ("Ana", "Ben", "Chloe", "Dmitri", "Elif", "Farah", "Goran", "Hana", "Ivo", "Jun", "Kofi", "Lena",
         "Mateo", "Nora", "Omar", "Priya", "Quinn", "Rosa", "Sven", "Tara", "Uma", "Viktor", "Wen", "Yara")
LAST = ("Adams", "Berg", "Costa", "Diaz", "Eriksen", "Fischer", "Garcia", "Haddad", "Ito", "Jensen", "Kowalski",
        "Lopez", "Moreau", "Novak", "Okafor", "Petrov", "Rossi", "Sato", "Tanaka", "Weber")
DOMAINS = ("example.org", "mail.example.com", "corp.example.net", "example.io")
SOURCES = ("webinar", "newsletter", "trial_signup")


def _variant(rng: random.Random, email: str) -> str:
    kind = rng.randrange(5)
    if kind == 0:
        email = email.upper()
    elif kind == 1:
        email = email[0].upper() + email[1:]
    elif kind == 2:
        email = "".join(c.upper() if rng.random() < 0.3 else c for c in email)
    return rng.choice(("", " ", "  ", "\t")) + email + rng.choice(("", "", " ", "  "))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--seed", type=int, required=True)
    parser.add_argument("--output-dir", type=Path, required=True)
    parser.add_argument("--instance-id", required=True)
    args = parser.parse_args()
    rng = random.Random(args.seed)
    start = datetime(2025, 1, 1)
    people = {}
    while len(people) < 700:
        first, last = rng.choice(FIRST), rng.choice(LAST)
        email = f"{first}.{last}{rng.randint(1, 99)}@{rng.choice(DOMAINS)}".lower()
        name = rng.choice((f"{first} {last}", f"{last}, {first}", f"{first} {last[0]}."))
        people[email] = name
    rows = []
    for email, name in people.items():
        copies = rng.choice((1, 1, 1, 2, 2, 3, 4))
        moment = start + timedelta(seconds=rng.randrange(300 * 86400))
        for c in range(copies):
            if c and rng.random() < 0.25:
                when = moment  # same second: the smaller id wins
            else:
                when = moment + timedelta(seconds=rng.randint(-86400 * 30, 86400 * 30))
            rows.append([_variant(rng, email) if c or rng.random() < 0.3 else email,
                         rng.choice((name, name, name.upper(), name.split(" ")[0])), when, rng.choice(SOURCES)])
    for _ in range(12):
        rows.append([rng.choice(("", " ", "   ")), rng.choice(FIRST), start + timedelta(days=rng.randrange(300)),
                     rng.choice(SOURCES)])
    rng.shuffle(rows)
    ids = rng.sample(range(1000, 99999), len(rows))
    out = args.output_dir / "contacts.csv"
    out.parent.mkdir(parents=True, exist_ok=True)
    with out.open("w", encoding="utf-8", newline="") as handle:
        writer = csv.writer(handle, lineterminator="\n")
        writer.writerow(["id", "email", "name", "created_at", "source"])
        for row_id, (email, name, when, source) in zip(ids, rows):
            writer.writerow([row_id, email, name, when.strftime("%Y-%m-%d %H:%M:%S"), source])


if __name__ == "__main__":
    main()
