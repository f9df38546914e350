"""Author's solution: parse corp.zone and apply the lint rules."""

from __future__ import annotations

import ipaddress
import json
import re
from pathlib import Path

ORIGIN = "corp.example."
ARITY = {"A": 1, "AAAA": 1, "CNAME": 1, "NS": 1, "MX": 2}
IPV4 = re.compile(r"(0|[1-9][0-9]{0,2})(\.(0|[1-9][0-9]{0,2})){3}\Z")


def _fqdn(name: str) -> str:
    name = name.lower()
    if name == "@":
        return ORIGIN
    return name if name.endswith(".") else f"{name}.{ORIGIN}"


def _parse(line: str):
    """(name, ttl, type, data) or None for a syntax problem."""
    fields = line.split()
    if len(fields) < 5 or fields[2] != "IN" or not fields[1].isdigit():
        return None
    name, ttl, kind, data = _fqdn(fields[0]), int(fields[1]), fields[3], fields[4:]
    if kind == "TXT":
        return name, ttl, kind, " ".join(data)
    if kind not in ARITY or len(data) != ARITY[kind]:
        return None
    if kind == "MX":
        if not data[0].isdigit():
            return None
        return name, ttl, kind, (int(data[0]), _fqdn(data[1]))
    if kind in ("CNAME", "NS"):
        return name, ttl, kind, _fqdn(data[0])
    return name, ttl, kind, data[0]


def _address(kind: str, text: str):
    if kind == "A":
        if not IPV4.match(text) or any(int(p) > 255 for p in text.split(".")):
            return None
        return ipaddress.IPv4Address(text)
    try:
        return ipaddress.IPv6Address(text)
    except ValueError:
        return None


def solve(scratch_dir: Path) -> str:
    lines = (scratch_dir / "corp.zone").read_text(encoding="utf-8").splitlines()
    found = set()
    records = []  # (line, name, type, data)
    count = 0
    for n, line in enumerate(lines[1:], 2):
        if not line.strip() or line.strip().startswith(";"):
            continue
        count += 1
        parsed = _parse(line)
        if parsed is None:
            found.add((n, "", "syntax"))
            continue
        name, ttl, kind, data = parsed
        if not 60 <= ttl <= 86400:
            found.add((n, name, "ttl_range"))
        if kind in ("A", "AAAA"):
            address = _address(kind, data)
            if address is None:
                found.add((n, name, "bad_address"))
            else:
                data = address
        records.append((n, name, kind, data))
    names = {name for _, name, _, _ in records}
    cnamed = {name for _, name, kind, _ in records if kind == "CNAME"}
    per_name: dict[str, list[int]] = {}
    for n, name, _, _ in records:
        per_name.setdefault(name, []).append(n)
    for name in cnamed:
        if len(per_name[name]) > 1:
            found.update((n, name, "cname_conflict") for n in per_name[name])
    seen = set()
    for n, name, kind, data in records:
        key = (name, kind, data)
        if key in seen:
            found.add((n, name, "duplicate_record"))
        seen.add(key)
        if kind in ("CNAME", "MX"):
            target = data if kind == "CNAME" else data[1]
            inside = target == ORIGIN or target.endswith("." + ORIGIN)
            if inside and target not in names:
                found.add((n, name, "dangling_target"))
            if kind == "MX" and target in cnamed:
                found.add((n, name, "mx_to_cname"))
    violations = [{"line": n, "name": name, "rule": rule} for n, name, rule in sorted(found, key=lambda f: (f[0], f[2]))]
    return json.dumps({"records": count, "violations": violations}, indent=1) + "\n"
