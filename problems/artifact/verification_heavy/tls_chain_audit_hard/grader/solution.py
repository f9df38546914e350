"""Author's solution: evaluate every endpoint's presented chain against the stated rules."""

from __future__ import annotations

import json
from pathlib import Path

SCAN = "2026-03-15T12:00:00Z"  # ISO strings in one format compare like the times they denote


def _matches(pattern: str, host: str) -> bool:
    pattern, host = pattern.lower(), host.lower()
    if pattern.startswith("*."):
        label, dot, rest = host.partition(".")
        return bool(label) and bool(dot) and rest == pattern[2:]
    return pattern == host


def _problems(chain: list[str], certs: dict[str, dict], trusted: set[str], host: str) -> list[str]:
    if any(s not in certs for s in chain):
        return ["unknown_certificate"]
    cs = [certs[s] for s in chain]
    found = set()
    if any(a["issuer"] != b["subject"] for a, b in zip(cs, cs[1:])):
        found.add("misordered_chain")
    if cs[-1]["subject"] not in trusted and cs[-1]["issuer"] not in trusted:
        found.add("untrusted_root")
    if any(c["not_after"] < SCAN for c in cs):
        found.add("expired")
    if any(c["not_before"] > SCAN for c in cs):
        found.add("not_yet_valid")
    if not any(_matches(p, host) for p in cs[0]["san"]):
        found.add("hostname_mismatch")
    for i, c in enumerate(cs[1:], 1):
        if not c["is_ca"]:
            found.add("not_ca")
        elif c["path_len"] is not None and i - 1 > c["path_len"]:
            found.add("path_len_exceeded")
        if "keyCertSign" not in c["key_usage"]:
            found.add("key_usage")
    if "digitalSignature" not in cs[0]["key_usage"]:
        found.add("key_usage")
    return sorted(found)


def solve(scratch_dir: Path) -> str:
    certs = {c["serial"]: c for c in json.loads((scratch_dir / "certs.json").read_text(encoding="utf-8"))}
    trusted = set(json.loads((scratch_dir / "trust_store.json").read_text(encoding="utf-8"))["trusted_subjects"])
    endpoints = json.loads((scratch_dir / "endpoints.json").read_text(encoding="utf-8"))
    out = [{"host": e["host"], "port": e["port"], "problems": _problems(e["chain"], certs, trusted, e["host"])}
           for e in sorted(endpoints, key=lambda e: (e["host"], e["port"]))]
    return '{"endpoints": [\n' + ",\n".join(json.dumps(e) for e in out) + "\n]}\n"
