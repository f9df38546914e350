"""Writes certs.json, trust_store.json and endpoints.json: a small internal PKI (trusted and untrusted
roots, intermediates with path-length limits, a mislabelled non-CA intermediate, an expired intermediate)
and ~110 endpoints whose chains are complete, root-less, misordered, partly unknown, expired or
mismatching, with certificates ending or starting exactly at the scan time.

Standard library only; deterministic from --seed.
"""

from __future__ import annotations

import argparse
import json
import random
from pathlib import Path

SCAN = "2026-03-15T12:00:00Z"
SERVICES = ("api", "auth", "billing", "grafana", "vault", "git", "ci", "wiki", "search", "kafka", "ldap", "mq",
            "s3", "registry", "proxy", "mail", "sso", "db", "cache", "metrics")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--seed", type=int, required=True)
    parser.add_argument("--output-dir", type=Path, required=True)
    parser.add_argument("--instance-id", required=True)
    args = parser.parse_args()
    rng = random.Random(args.seed)
    certs: list[dict] = []
    serials = set()

    def cert(subject, issuer, is_ca, path_len=None, san=(), before="2024-01-01T00:00:00Z",
             after="2028-01-01T00:00:00Z", usage=None):
        serial = f"{rng.randrange(16**8):08X}"
        while serial in serials:
            serial = f"{rng.randrange(16**8):08X}"
        serials.add(serial)
        usage = usage if usage is not None else (["keyCertSign", "cRLSign"] if is_ca else
                                                 ["digitalSignature", "keyEncipherment"])
        certs.append({"serial": serial, "subject": subject, "issuer": issuer, "not_before": before,
                      "not_after": after, "is_ca": is_ca, "path_len": path_len, "san": list(san),
                      "key_usage": usage})
        return serial

    root = cert("CN=Corp Root CA G2", "CN=Corp Root CA G2", True, None, before="2020-01-01T00:00:00Z",
                after="2035-01-01T00:00:00Z")
    old_root = cert("CN=Corp Root CA G1", "CN=Corp Root CA G1", True, 1, before="2015-01-01T00:00:00Z",
                    after="2030-01-01T00:00:00Z")
    rogue = cert("CN=Lab Root", "CN=Lab Root", True, None)
    inter = {
        "issuing": cert("CN=Corp Issuing CA 1", "CN=Corp Root CA G2", True, 0),
        "policy": cert("CN=Corp Policy CA", "CN=Corp Root CA G2", True, 1),
        "sub": cert("CN=Corp Sub CA 3", "CN=Corp Policy CA", True, 0),
        "deep": cert("CN=Corp Team CA", "CN=Corp Sub CA 3", True, None),
        "legacy": cert("CN=Corp Legacy CA", "CN=Corp Root CA G1", True, None, after="2026-03-15T11:59:59Z"),
        "edge": cert("CN=Corp Edge CA", "CN=Corp Root CA G1", True, None, after=SCAN),
        "notca": cert("CN=Corp Device CA", "CN=Corp Root CA G2", False, None),
        "nosign": cert("CN=Corp Test CA", "CN=Corp Root CA G2", True, None, usage=["cRLSign"]),
        "lab": cert("CN=Lab Issuing", "CN=Lab Root", True, 0),
    }
    by_serial = {c["serial"]: c for c in certs}
    paths = {"issuing": [inter["issuing"], root], "policy": [inter["policy"], root],
             "sub": [inter["sub"], inter["policy"], root], "deep": [inter["deep"], inter["sub"], inter["policy"], root],
             "legacy": [inter["legacy"], old_root], "edge": [inter["edge"], old_root], "notca": [inter["notca"], root],
             "nosign": [inter["nosign"], root], "lab": [inter["lab"], rogue]}
    endpoints = []
    used = set()
    for _ in range(110):
        svc = rng.choice(SERVICES)
        env = rng.choice(("prod", "stage", "dev"))
        host = f"{svc}.{env}.corp.example"
        port = rng.choice((443, 443, 8443, 9443, 6443))
        if (host, port) in used:
            continue
        used.add((host, port))
        ca = rng.choices(list(paths), (30, 12, 10, 6, 5, 4, 3, 3, 3))[0]
        roll = rng.random()
        if roll < 0.5:
            san = [host]
        elif roll < 0.65:
            san = [f"*.{env}.corp.example"]
        elif roll < 0.72:
            san = [f"*.corp.example"]  # one label too few for the host
        elif roll < 0.78:
            san = [host.upper()]
        elif roll < 0.84:
            san = [f"{svc}*.{env}.corp.example", f"www.{host}"]
        else:
            san = [f"{svc}.{env}.corp.example.internal", f"*.{host}"]
        if rng.random() < 0.3:
            san.append(f"{rng.choice(SERVICES)}.{env}.corp.example")
        before, after = "2025-09-01T00:00:00Z", "2026-09-01T00:00:00Z"
        timing = rng.random()
        if timing < 0.06:
            after = SCAN
        elif timing < 0.12:
            after = "2026-03-15T11:59:59Z"
        elif timing < 0.16:
            before = "2026-03-15T12:00:01Z"
        elif timing < 0.2:
            before = SCAN
        issuer = by_serial[paths[ca][0]]["subject"]
        usage = ["digitalSignature", "keyEncipherment"] if rng.random() > 0.05 else ["keyEncipherment"]
        leaf = cert(f"CN={rng.choice((host, svc))}", issuer, rng.random() < 0.03, None, san, before, after, usage)
        chain = [leaf] + paths[ca]
        shape = rng.random()
        if shape < 0.35:
            chain = chain[:-1]  # root not sent
        elif shape < 0.42 and len(chain) > 2:
            chain[1], chain[2] = chain[2], chain[1]
        elif shape < 0.47:
            chain = [leaf]  # intermediates missing
        elif shape < 0.52:
            chain.insert(1, f"{rng.randrange(16**8):08X}")  # a certificate the scanner could not parse
        endpoints.append({"host": host, "port": port, "chain": chain})
    rng.shuffle(certs)
    rng.shuffle(endpoints)
    out = args.output_dir
    out.mkdir(parents=True, exist_ok=True)
    (out / "certs.json").write_text(json.dumps(certs, indent=1) + "\n", encoding="utf-8", newline="\n")
    (out / "trust_store.json").write_text(json.dumps({"trusted_subjects": ["CN=Corp Root CA G1", "CN=Corp Root CA G2"]},
                                                     indent=1) + "\n", encoding="utf-8", newline="\n")
    (out / "endpoints.json").write_text(json.dumps(endpoints, indent=1) + "\n", encoding="utf-8", newline="\n")


if __name__ == "__main__":
    main()
