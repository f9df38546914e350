"""Author's solution: evaluate every endpoint's presented chain against the stated rules, times as instants."""

from __future__ import annotations

import ipaddress
import json
from datetime import datetime, timedelta
from pathlib import Path


def _t(text: str) -> datetime:
    return datetime.fromisoformat(text.replace("Z", "+00:00"))


SCAN = _t("2026-03-15T12:00:00Z")
LIFETIME_FROM = _t("2020-09-01T00:00:00Z")
MAX_LIFETIME = timedelta(days=398)
WEAK_SIGS = {"sha1WithRSA", "md5WithRSA"}


def _ip(text: str):
    try:
        return ipaddress.ip_address(text)
    except ValueError:
        return None


def _dns_matches(pattern: str, host: str) -> bool:
    pattern, host = pattern.lower(), host.lower()
    if pattern.startswith("*."):
        label, dot, rest = host.partition(".")
        return bool(label) and bool(dot) and rest == pattern[2:]
    return pattern == host


def _covers(leaf: dict, host: str) -> bool:
    address = _ip(host)
    if address is not None:
        return any(_ip(entry) == address for entry in leaf["san"]["ip"])
    return any(_dns_matches(entry, host) for entry in leaf["san"]["dns"])


def _problems(chain: list[str], certs: dict[str, dict], trusted: set[str], revoked: set, host: str) -> list[str]:
    if any(s not in certs for s in chain):
        return ["unknown_certificate"]
    cs = [certs[s] for s in chain]
    leaf = cs[0]
    found = set()
    if any(a["issuer"] != b["subject"] for a, b in zip(cs, cs[1:])):
        found.add("misordered_chain")
    if cs[-1]["subject"] not in trusted and cs[-1]["issuer"] not in trusted:
        found.add("untrusted_root")
    for c in cs:
        if _t(c["not_after"]) < SCAN:
            found.add("expired")
        if _t(c["not_before"]) > SCAN:
            found.add("not_yet_valid")
        if c["ext_key_usage"] is not None and "serverAuth" not in c["ext_key_usage"]:
            found.add("ext_key_usage")
        key = c["key"]
        if (key["type"] == "RSA" and key["bits"] < 2048) or (key["type"] == "EC" and key["bits"] < 256):
            found.add("weak_key")
        anchor = c["subject"] == c["issuer"] and c["subject"] in trusted
        if c["sig_alg"] in WEAK_SIGS and not anchor:
            found.add("weak_signature")
        if (c["issuer"], c["serial"]) in revoked:
            found.add("revoked")
    if _t(leaf["not_before"]) >= LIFETIME_FROM and _t(leaf["not_after"]) - _t(leaf["not_before"]) > MAX_LIFETIME:
        found.add("lifetime_too_long")
    if not _covers(leaf, host):
        found.add("hostname_mismatch")
    for i, c in enumerate(cs[1:], 1):
        if not c["is_ca"]:
            found.add("not_ca")
        elif c["path_len"] is not None:
            between = sum(1 for x in cs[1:i] if x["subject"] != x["issuer"])
            if between > c["path_len"]:
                found.add("path_len_exceeded")
        if "keyCertSign" not in c["key_usage"]:
            found.add("key_usage")
    if "digitalSignature" not in leaf["key_usage"]:
        found.add("key_usage")
    return sorted(found)


def solve(scratch_dir: Path) -> str:
    def load(name: str):
        return json.loads((scratch_dir / name).read_text(encoding="utf-8"))

    certs = {c["serial"]: c for c in load("certs.json")}
    trusted = set(load("trust_store.json")["trusted_subjects"])
    revoked = {(r["issuer"], r["serial"]) for r in load("crl.json") if _t(r["revoked_at"]) <= SCAN}
    endpoints = load("endpoints.json")
    out = [{"host": e["host"], "port": e["port"], "problems": _problems(e["chain"], certs, trusted, revoked, e["host"])}
           for e in sorted(endpoints, key=lambda e: (e["host"], e["port"]))]
    return '{"endpoints": [\n' + ",\n".join(json.dumps(e) for e in out) + "\n]}\n"
