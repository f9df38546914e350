"""Reference solution: walk every aligned block of each wanted size and test it against allocations."""

from __future__ import annotations

import ipaddress
import json
import pathlib


def solve(scratch_dir: pathlib.Path) -> str:
    spec = json.loads((scratch_dir / "ipam.json").read_text(encoding="utf-8"))
    supernet = ipaddress.ip_network(spec["supernet"])
    taken = [ipaddress.ip_network(a["cidr"], strict=False) for a in spec["allocations"]]
    reserved = [ipaddress.ip_address(a) for a in spec["reserved"]]
    found = []
    for length in spec["wanted_prefix_lengths"]:
        for net in supernet.subnets(new_prefix=length):
            if any(net.overlaps(t) for t in taken) or any(r in net for r in reserved):
                continue
            found.append(net)
    found.sort(key=lambda n: (int(n.network_address), n.prefixlen))
    return "".join(f"{n}\n" for n in found)
