"""Writes corp.zone: an internal zone of ~160 lines with planted problems of every lint rule.

Standard library only; deterministic from --seed.
"""

from __future__ import annotations

import argparse
import ipaddress
import random
from pathlib import Path

HOSTS = ("web", "api", "db", "cache", "queue", "auth", "mail", "vpn", "ci", "git", "wiki", "grafana", "vault",
         "ldap", "ntp", "proxy", "search", "backup", "files", "print")
TTLS = (300, 300, 3600, 3600, 86400, 600, 60)


def _name(rng: random.Random, host: str) -> str:
    form = rng.random()
    if form < 0.15:
        return f"{host}.corp.example."
    if form < 0.25:
        return host.upper() if rng.random() < 0.5 else host.capitalize()
    return host


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--seed", type=int, required=True)
    parser.add_argument("--output-dir", type=Path, required=True)
    parser.add_argument("--instance-id", required=True)
    args = parser.parse_args()
    rng = random.Random(args.seed)
    lines = ["$ORIGIN corp.example.", "; internal zone, edited by hand", "",
             "@ 3600 IN NS ns1", "@ 3600 IN NS ns2.corp.example.", "ns1 3600 IN A 10.0.0.2", "ns2 3600 IN A 10.0.0.3",
             "@ 3600 IN MX 10 mail", "@ 3600 IN MX 20 mx-backup.corp.example."]
    hosts = [f"{h}{n}" if n else h for h in HOSTS for n in range(rng.randint(1, 4))]
    for host in hosts:
        for _ in range(rng.choice((1, 1, 2))):
            lines.append(f"{_name(rng, host)} {rng.choice(TTLS)} IN A 10.{rng.randint(0, 9)}.{rng.randint(0, 255)}."
                         f"{rng.randint(1, 254)}")
        if rng.random() < 0.3:
            lines.append(f"{_name(rng, host)} {rng.choice(TTLS)} IN AAAA 2001:db8:{rng.randrange(65536):x}::"
                         f"{rng.randrange(1, 65536):x}")
        if rng.random() < 0.1:
            lines.append(f'{_name(rng, host)} 300 IN TXT "owner=team-{rng.choice(("a", "b", "c"))}"')
    aliases = [f"{a}-{rng.choice(('old', 'new', 'int', 'www'))}" for a in rng.sample(HOSTS, 14)]
    for alias in aliases:
        target = rng.choice(hosts)
        lines.append(f"{_name(rng, alias)} 300 IN CNAME {_name(rng, target)}")
    problems = []
    for _ in range(48):
        kind = rng.randrange(12)
        host = rng.choice(hosts)
        if kind == 0:
            problems.append(f"{host} {rng.choice((30, 0, 90000, 604800))} IN A 10.1.2.{rng.randint(1, 254)}")
        elif kind == 1:
            problems.append(f"{host} 300 IN A {rng.choice(('10.0.0.256', '10.0.0', '10.00.1.2', 'ten.0.0.1', '10.0.0.1.5'))}")
        elif kind == 2:
            problems.append(f"{host} 300 IN AAAA {rng.choice(('2001:db8::g1', '2001:db8:::1', '10.0.0.1::', '2001:db8'))}")
        elif kind == 3:
            problems.append(f"{host} 300 IN CNAME {rng.choice(hosts)}")  # CNAME next to other records
        elif kind == 4:
            problems.append(f"{rng.choice(aliases)} 300 IN CNAME {rng.choice(hosts)}")  # a second CNAME
        elif kind == 5:
            target = rng.choice(lines[9:])
            problems.append(target if rng.random() < 0.5 else target.replace(" IN ", "  IN ").upper().replace("IN AAAA", "IN AAAA"))
        elif kind == 6:
            problems.append(f"{rng.choice(('legacy', 'old-api', 'intranet'))}{rng.randint(1, 9)} 300 IN CNAME "
                            f"{rng.choice(('gone', 'retired-host', 'tmp'))}{rng.randint(1, 9)}")
        elif kind == 7:
            problems.append(f"ext{rng.randint(1, 9)} 300 IN CNAME partner{rng.randint(1, 9)}.example.net.")  # fine
        elif kind == 8:
            problems.append(f"@ 3600 IN MX {rng.choice((30, 40))} {rng.choice(aliases)}")
        elif kind == 9:
            problems.append(rng.choice((f"{host} 300 A 10.0.0.9", f"{host} 300 IN SRV 0 5 443 {host}",
                                        f"{host} 5m IN A 10.0.0.9", f"{host} 300 CH A 10.0.0.9",
                                        f"{host} 300 IN MX ten {host}", f"{host} 300 IN CNAME a b")))
        elif kind == 10:
            six = [ln for ln in lines if " AAAA " in ln]
            if six:  # the same address spelled out in full: a duplicate
                name, ttl, _, kind_, addr = rng.choice(six).split()
                problems.append(f"{name.lower()} {ttl} IN AAAA {ipaddress.IPv6Address(addr).exploded}")
        else:
            problems.append(f"@ 3600 IN MX 50 {rng.choice(('relay', 'smtp-out'))}{rng.randint(1, 3)}")
    body = lines[3:] + problems
    rng.shuffle(body)
    for n in range(0, len(body), 40):
        body.insert(n, f"; --- section {n // 40} ---")
    text = "\n".join(lines[:3] + body) + "\n"
    out = args.output_dir / "corp.zone"
    out.parent.mkdir(parents=True, exist_ok=True)
    out.write_text(text, encoding="utf-8", newline="\n")


if __name__ == "__main__":
    main()
