"""Wrong TLS audits the grader must reject (plus the six defaults): one case per trap of the prompt, each the
verdicts a solver with that one flaw really gives, and a few shape slips."""

from __future__ import annotations

import json

from swebench.artifact_negative import NegativeCase, default_negative_cases

# Each flawed solver's verdicts on up to three endpoints it misjudges, from a run of that variant of the
# author's solution on the materialized workspace: putting them in place of the reference's entries must
# fail, naming a code the flaw misses or adds.
TRAPS = {
    # UTC offsets dropped: times read as if all were Z
    'string_times': ('missed somewhere: expired', [
        {"host": "10.1.114.238", "port": 443, "problems": ["ext_key_usage", "hostname_mismatch"]},
        {"host": "10.2.1.134", "port": 9443, "problems": ["hostname_mismatch", "key_usage"]},
        {"host": "10.3.3.18", "port": 443, "problems": []},
    ]),
    # a wildcard matched as a suffix (any number of labels)
    'suffix_wildcard': ('missed somewhere: hostname_mismatch', [
        {"host": "api.dev.corp.example", "port": 443, "problems": ["revoked", "weak_key"]},
        {"host": "cache.dev.corp.example", "port": 6443, "problems": []},
        {"host": "ci.prod.corp.example", "port": 6443, "problems": []},
    ]),
    # an IP host matched against DNS entries as text
    'ip_as_dns': ('missed somewhere: hostname_mismatch', [
        {"host": "10.1.19.208", "port": 443, "problems": ["revoked", "weak_key"]},
        {"host": "10.1.206.195", "port": 6443, "problems": ["weak_key"]},
        {"host": "10.1.34.195", "port": 6443, "problems": ["hostname_mismatch", "path_len_exceeded"]},
    ]),
    # IP addresses compared as text, not as addresses
    'ip_text': ('reported wrongly somewhere: hostname_mismatch', [
        {"host": "fd00:3::8e8", "port": 443, "problems": ["hostname_mismatch", "not_yet_valid", "path_len_exceeded"]},
        {"host": "fd00:4::9e8", "port": 8443, "problems": ["expired", "ext_key_usage", "hostname_mismatch"]},
    ]),
    # a root-less chain whose last issuer is trusted called untrusted
    'root_required': ('reported wrongly somewhere: untrusted_root', [
        {"host": "10.1.19.208", "port": 443, "problems": ["hostname_mismatch", "revoked", "untrusted_root", "weak_key"]},
        {"host": "10.1.34.195", "port": 6443, "problems": ["path_len_exceeded", "untrusted_root"]},
        {"host": "10.2.242.172", "port": 443, "problems": ["path_len_exceeded", "untrusted_root"]},
    ]),
    # a certificate ending exactly at the scan time called expired
    'exclusive': ('reported wrongly somewhere: expired', [
        {"host": "api.dev.corp.example", "port": 443, "problems": ["expired", "hostname_mismatch", "revoked", "weak_key"]},
        {"host": "billing.dev.corp.example", "port": 443, "problems": ["expired", "weak_key"]},
        {"host": "cache.dev.corp.example", "port": 6443, "problems": ["expired", "hostname_mismatch"]},
    ]),
    # EC keys held to the RSA size
    'rsa_rule_for_ec': ('reported wrongly somewhere: weak_key', [
        {"host": "10.1.120.115", "port": 8443, "problems": ["hostname_mismatch", "weak_key"]},
        {"host": "10.1.34.195", "port": 6443, "problems": ["path_len_exceeded", "weak_key"]},
        {"host": "10.1.92.57", "port": 6443, "problems": ["hostname_mismatch", "path_len_exceeded", "weak_key"]},
    ]),
    # every self-signed certificate exempt from weak_signature, trusted or not
    'all_self_signed_exempt': ('missed somewhere: weak_signature', [
        {"host": "10.2.8.80", "port": 8443, "problems": ["ext_key_usage", "hostname_mismatch", "untrusted_root"]},
        {"host": "auth.dev.corp.example", "port": 443, "problems": ["untrusted_root"]},
        {"host": "ci.stage.corp.example", "port": 8443, "problems": ["untrusted_root"]},
    ]),
    # a trusted root's SHA-1 self-signature flagged
    'no_anchor_exempt': ('reported wrongly somewhere: weak_signature', [
        {"host": "10.1.114.238", "port": 443, "problems": ["expired", "ext_key_usage", "hostname_mismatch", "weak_signature"]},
        {"host": "10.2.1.134", "port": 9443, "problems": ["expired", "hostname_mismatch", "key_usage", "weak_signature"]},
        {"host": "cache.dev.corp.example", "port": 6443, "problems": ["hostname_mismatch", "weak_signature"]},
    ]),
    # a revocation matched by serial alone
    'serial_only': ('reported wrongly somewhere: revoked', [
        {"host": "git.dev.corp.example", "port": 9443, "problems": ["ext_key_usage", "revoked"]},
        {"host": "ldap.dev.corp.example", "port": 9443, "problems": ["revoked", "untrusted_root", "weak_key", "weak_signature"]},
        {"host": "mail.stage.corp.example", "port": 9443, "problems": ["hostname_mismatch", "misordered_chain", "revoked"]},
    ]),
    # a revocation dated after the scan applied
    'ignore_revoked_at': ('reported wrongly somewhere: revoked', [
        {"host": "10.1.120.115", "port": 8443, "problems": ["hostname_mismatch", "revoked"]},
        {"host": "10.3.70.139", "port": 443, "problems": ["ext_key_usage", "hostname_mismatch", "not_yet_valid", "revoked"]},
        {"host": "wiki.dev.corp.example", "port": 6443, "problems": ["expired", "ext_key_usage", "misordered_chain", "revoked"]},
    ]),
    # ext_key_usage checked on the leaf only
    'eku_leaf_only': ('missed somewhere: ext_key_usage', [
        {"host": "grafana.stage.corp.example", "port": 443, "problems": ["hostname_mismatch", "weak_signature"]},
        {"host": "grafana.stage.corp.example", "port": 9443, "problems": ["hostname_mismatch"]},
    ]),
    # self-issued certificates counted against path_len
    'count_self_issued': ('reported wrongly somewhere: path_len_exceeded', [
        {"host": "10.2.165.252", "port": 443, "problems": ["hostname_mismatch", "path_len_exceeded"]},
        {"host": "billing.stage.corp.example", "port": 443, "problems": ["path_len_exceeded"]},
        {"host": "git.prod.corp.example", "port": 6443, "problems": ["ext_key_usage", "misordered_chain", "path_len_exceeded", "weak_key"]},
    ]),
    # the lifetime limit applied to leaves issued before 2020-09-01
    'lifetime_no_cutoff': ('reported wrongly somewhere: lifetime_too_long', [
        {"host": "ci.prod.corp.example", "port": 9443, "problems": ["lifetime_too_long", "weak_signature"]},
        {"host": "grafana.prod.corp.example", "port": 9443, "problems": ["lifetime_too_long"]},
    ]),
    # a leaf valid exactly 398 days called too long
    'lifetime_inclusive': ('reported wrongly somewhere: lifetime_too_long', [
        {"host": "10.1.120.115", "port": 8443, "problems": ["hostname_mismatch", "lifetime_too_long"]},
        {"host": "fd00:2::f64", "port": 6443, "problems": ["lifetime_too_long", "weak_signature"]},
        {"host": "grafana.stage.corp.example", "port": 443, "problems": ["ext_key_usage", "hostname_mismatch", "lifetime_too_long", "weak_signature"]},
    ]),
}


def _doc(fn):
    def mutate(text: str) -> str:
        doc = json.loads(text)
        fn(doc["endpoints"])
        return json.dumps(doc, indent=1) + "\n"

    return mutate


def _flawed(name: str):
    def fn(eps):
        wrong = {(e["host"], e["port"]): e for e in TRAPS[name][1]}
        eps[:] = [wrong.get((e["host"], e["port"]), e) for e in eps]

    return fn


def _unknown_plus_more(eps):
    e = next(e for e in eps if e["problems"] == ["unknown_certificate"])
    e["problems"] = ["hostname_mismatch", "unknown_certificate"]


def _unsorted_codes(eps):
    e = next(e for e in eps if len(e["problems"]) > 1)
    e["problems"].reverse()


NEGATIVE_CASES = default_negative_cases() + [
    NegativeCase(f"trap_{name}", _doc(_flawed(name)), expected) for name, (expected, _) in TRAPS.items()
] + [
    NegativeCase("checks_after_unknown", _doc(_unknown_plus_more), "wrong in 1 endpoint"),
    NegativeCase("codes_unsorted", _doc(_unsorted_codes), "'problems' wrong in 1"),
    NegativeCase("endpoint_missing", _doc(lambda e: e.pop(40)), "missing 1 endpoint"),
    NegativeCase("endpoints_swapped", _doc(lambda e: e.__setitem__(slice(2, 4), [e[3], e[2]])), "order"),
    NegativeCase("port_as_string", _doc(lambda e: e[5].update(port=str(e[5]["port"]))), "wrong type"),
]
