"""Writes certs.json, trust_store.json, crl.json and endpoints.json: a small internal PKI (trusted and
untrusted roots, intermediates with path-length limits, a self-issued rollover intermediate, a mislabelled
non-CA intermediate, an expired intermediate, a SHA-1 root and intermediate, EKU-constrained CAs) and ~130
endpoints, some addressed by IPv4/IPv6 literal, whose chains are complete, root-less, misordered, partly
unknown, expired, revoked or mismatching, with times written in several UTC offsets and certificates
ending, starting or reaching the lifetime limit exactly at a boundary.

Standard library only; deterministic from --seed.
"""

from __future__ import annotations

import argparse
import json
import random
from datetime import datetime, timedelta, timezone
from pathlib import Path

SCAN = datetime(2026, 3, 15, 12, 0, 0, tzinfo=timezone.utc)
SERVICES = ("api", "auth", "billing", "grafana", "vault", "git", "ci", "wiki", "search", "kafka", "ldap", "mq",
            "s3", "registry", "proxy", "mail", "sso", "db", "cache", "metrics")
OFFSETS = (0, 0, 0, 60, -300, 330, 540, -480)
LIMIT = timedelta(days=398)


def _t(text: str) -> datetime:
    return datetime.fromisoformat(text.replace("Z", "+00:00"))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--seed", type=int, required=True)
    parser.add_argument("--output-dir", type=Path, required=True)
    parser.add_argument("--instance-id", required=True)
    args = parser.parse_args()
    rng = random.Random(args.seed)
    certs: list[dict] = []
    serials: set[str] = set()

    def fmt(t: datetime) -> str:
        offset = rng.choice(OFFSETS)
        local = t.astimezone(timezone(timedelta(minutes=offset)))
        text = local.strftime("%Y-%m-%dT%H:%M:%S")
        if offset == 0:
            return text + "Z"
        return text + f"{'+' if offset > 0 else '-'}{abs(offset) // 60:02d}:{abs(offset) % 60:02d}"

    def new_serial() -> str:
        serial = f"{rng.randrange(16**8):08X}"
        while serial in serials:
            serial = f"{rng.randrange(16**8):08X}"
        serials.add(serial)
        return serial

    def cert(subject, issuer, is_ca, path_len=None, dns=(), ips=(), before="2024-01-01T00:00:00Z",
             after="2028-01-01T00:00:00Z", usage=None, eku=None, key=("RSA", 2048), sig="sha256WithRSA"):
        serial = new_serial()
        usage = usage if usage is not None else (["keyCertSign", "cRLSign"] if is_ca else
                                                 ["digitalSignature", "keyEncipherment"])
        before = before if isinstance(before, datetime) else _t(before)
        after = after if isinstance(after, datetime) else _t(after)
        certs.append({"serial": serial, "subject": subject, "issuer": issuer, "not_before": fmt(before),
                      "not_after": fmt(after), "is_ca": is_ca, "path_len": path_len,
                      "san": {"dns": list(dns), "ip": list(ips)}, "key_usage": usage, "ext_key_usage": eku,
                      "key": {"type": key[0], "bits": key[1]}, "sig_alg": sig})
        return serial

    root = cert("CN=Corp Root CA G2", "CN=Corp Root CA G2", True, None, before="2020-01-01T00:00:00Z",
                after="2035-01-01T00:00:00Z", key=("EC", 384), sig="ecdsaWithSHA384")
    old_root = cert("CN=Corp Root CA G1", "CN=Corp Root CA G1", True, 1, before="2015-01-01T00:00:00Z",
                    after="2030-01-01T00:00:00Z", sig="sha1WithRSA")  # a trust anchor: its signature is not checked
    rogue = cert("CN=Lab Root", "CN=Lab Root", True, None, sig="sha1WithRSA")
    inter = {
        "issuing": cert("CN=Corp Issuing CA 1", "CN=Corp Root CA G2", True, 0),
        "policy": cert("CN=Corp Policy CA", "CN=Corp Root CA G2", True, 1),
        "sub": cert("CN=Corp Sub CA 3", "CN=Corp Policy CA", True, 0, key=("EC", 256), sig="ecdsaWithSHA256"),
        "deep": cert("CN=Corp Team CA", "CN=Corp Sub CA 3", True, None),
        "rollover": cert("CN=Corp Policy CA", "CN=Corp Policy CA", True, None),  # self-issued key rollover
        "legacy": cert("CN=Corp Legacy CA", "CN=Corp Root CA G1", True, None, after="2026-03-15T11:59:59Z"),
        "edge": cert("CN=Corp Edge CA", "CN=Corp Root CA G1", True, None, after=SCAN),
        "notca": cert("CN=Corp Device CA", "CN=Corp Root CA G2", False, None),
        "nosign": cert("CN=Corp Test CA", "CN=Corp Root CA G2", True, None, usage=["cRLSign"]),
        "lab": cert("CN=Lab Issuing", "CN=Lab Root", True, 0),
        "sha1": cert("CN=Corp Old Issuing CA", "CN=Corp Root CA G1", True, 0, sig="sha1WithRSA"),
        "smime": cert("CN=Corp Mail CA", "CN=Corp Root CA G2", True, 0, eku=["emailProtection"]),
        "web": cert("CN=Corp Web CA", "CN=Corp Root CA G2", True, 0, eku=["serverAuth", "clientAuth"]),
        "weak": cert("CN=Corp Small CA", "CN=Corp Root CA G2", True, 0, key=("RSA", 1024)),
        "revoked": cert("CN=Corp Issuing CA 2", "CN=Corp Root CA G2", True, 0),
    }
    by_serial = {c["serial"]: c for c in certs}
    paths = {"issuing": [inter["issuing"], root], "policy": [inter["policy"], root],
             "sub": [inter["sub"], inter["policy"], root], "deep": [inter["deep"], inter["sub"], inter["policy"], root],
             "rolled": [inter["sub"], inter["rollover"], inter["policy"], root],
             "rolled_deep": [inter["deep"], inter["sub"], inter["rollover"], inter["policy"], root],
             "legacy": [inter["legacy"], old_root], "edge": [inter["edge"], old_root], "notca": [inter["notca"], root],
             "nosign": [inter["nosign"], root], "lab": [inter["lab"], rogue], "sha1": [inter["sha1"], old_root],
             "smime": [inter["smime"], root], "web": [inter["web"], root], "weak": [inter["weak"], root],
             "revoked": [inter["revoked"], root]}
    weights = (24, 8, 7, 5, 6, 4, 4, 4, 3, 3, 6, 5, 4, 5, 3, 4)
    crl = [{"issuer": "CN=Corp Root CA G2", "serial": inter["revoked"], "revoked_at": fmt(SCAN - timedelta(days=20))}]
    endpoints = []
    used = set()
    for n in range(150):
        svc = rng.choice(SERVICES)
        env = rng.choice(("prod", "stage", "dev"))
        host = f"{svc}.{env}.corp.example"
        ips: list[str] = []
        addressing = rng.random()
        if addressing < 0.1:
            host = f"10.{rng.randrange(1, 4)}.{rng.randrange(256)}.{rng.randrange(1, 255)}"
        elif addressing < 0.16:
            host = f"fd00:{rng.randrange(1, 9)}::{rng.randrange(1, 4096):x}"
        port = rng.choice((443, 443, 8443, 9443, 6443))
        if (host, port) in used:
            continue
        used.add((host, port))
        ca = rng.choices(list(paths), weights)[0]
        dns: list[str] = []
        if addressing < 0.16:
            roll = rng.random()
            if roll < 0.5:
                ips = [host]
            elif roll < 0.65 and ":" in host:
                ips = [host.replace("::", ":0:0:0:0:0:")]  # the same address written in full
            elif roll < 0.8:
                dns = [host]  # an IP address in a DNS entry never matches
            else:
                ips = [host.rsplit(".", 1)[0] + ".254" if "." in host else host + "1"]
            dns.append(f"{svc}.{env}.corp.example")
        else:
            roll = rng.random()
            if roll < 0.45:
                dns = [host]
            elif roll < 0.6:
                dns = [f"*.{env}.corp.example"]
            elif roll < 0.67:
                dns = ["*.corp.example"]  # one label too few for the host
            elif roll < 0.73:
                dns = [host.upper()]
            elif roll < 0.79:
                dns = [f"{svc}*.{env}.corp.example", f"www.{host}"]
            elif roll < 0.85:
                dns, ips = [f"{svc}.{env}.corp.example.internal", f"*.{host}"], ["10.9.9.9"]
            else:
                dns, ips = [f"{svc}-{env}.corp.example"], [f"10.0.0.{rng.randrange(1, 255)}"]
            if rng.random() < 0.3:
                dns.append(f"{rng.choice(SERVICES)}.{env}.corp.example")
        before, after = _t("2025-09-01T00:00:00Z"), _t("2026-09-01T00:00:00Z")
        timing = rng.random()
        if timing < 0.05:
            after = SCAN
        elif timing < 0.1:
            after = SCAN - timedelta(seconds=1)
        elif timing < 0.14:
            before = SCAN + timedelta(seconds=rng.choice((1, 3600)))
        elif timing < 0.17:
            before = SCAN
        elif timing < 0.22:
            after = before + LIMIT
        elif timing < 0.28:
            after = before + LIMIT + timedelta(seconds=1)
        elif timing < 0.32:  # issued before the lifetime rule took effect
            before = rng.choice((_t("2020-08-31T23:59:59Z"), _t("2020-09-01T00:00:00Z")))
            after = before + timedelta(days=2200)
        issuer = by_serial[paths[ca][0]]["subject"]
        usage = ["digitalSignature", "keyEncipherment"] if rng.random() > 0.05 else ["keyEncipherment"]
        eku = rng.choice((None, None, ["serverAuth"], ["serverAuth", "clientAuth"], ["clientAuth"]))
        key = rng.choices((("RSA", 2048), ("RSA", 3072), ("EC", 256), ("EC", 384), ("RSA", 1024), ("EC", 224)),
                          (6, 2, 5, 2, 1, 1))[0]
        sig = rng.choices(("sha256WithRSA", "ecdsaWithSHA256", "sha1WithRSA"), (10, 5, 1))[0]
        is_ca = rng.random() < 0.03
        leaf = cert(f"CN={rng.choice((host, svc))}", issuer, is_ca, None, dns, ips, before, after, usage, eku,
                    key, sig)
        chain = [leaf] + paths[ca]
        shape = rng.random()
        if shape < 0.35:
            chain = chain[:-1]  # root not sent
        elif shape < 0.42 and len(chain) > 2:
            chain[1], chain[2] = chain[2], chain[1]
        elif shape < 0.46:
            chain = [leaf]  # intermediates missing
        elif shape < 0.5:
            chain.insert(1, f"{rng.randrange(16**8):08X}")  # a certificate the scanner could not parse
        if rng.random() < 0.08:  # the leaf itself was revoked, before, at or after the scan
            crl.append({"issuer": issuer, "serial": leaf,
                        "revoked_at": fmt(SCAN + rng.choice((-timedelta(days=3), timedelta(0), timedelta(seconds=1))))})
        elif rng.random() < 0.05:  # the same serial revoked by another CA: not this certificate
            crl.append({"issuer": "CN=Lab Issuing" if issuer != "CN=Lab Issuing" else "CN=Corp Issuing CA 1",
                        "serial": leaf, "revoked_at": fmt(SCAN - timedelta(days=1))})
        endpoints.append({"host": host, "port": port, "chain": chain})
    for _ in range(6):  # revocations of certificates nobody sent
        crl.append({"issuer": "CN=Corp Issuing CA 1", "serial": new_serial(), "revoked_at": fmt(SCAN - timedelta(days=9))})
    rng.shuffle(certs)
    rng.shuffle(endpoints)
    rng.shuffle(crl)
    out = args.output_dir
    out.mkdir(parents=True, exist_ok=True)
    (out / "certs.json").write_text(json.dumps(certs, indent=1) + "\n", encoding="utf-8", newline="\n")
    (out / "trust_store.json").write_text(json.dumps({"trusted_subjects": ["CN=Corp Root CA G1", "CN=Corp Root CA G2"]},
                                                     indent=1) + "\n", encoding="utf-8", newline="\n")
    (out / "crl.json").write_text(json.dumps(crl, indent=1) + "\n", encoding="utf-8", newline="\n")
    (out / "endpoints.json").write_text(json.dumps(endpoints, indent=1) + "\n", encoding="utf-8", newline="\n")


if __name__ == "__main__":
    main()
