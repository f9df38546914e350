"""An audit hook, installed in a grader process through sitecustomize, that records and blocks every
attempt to open a network connection or resolve a host name (spec 3.2: graders are offline).

The hook writes one JSON line per attempt to the file named by ARTIFACTBENCH_NET_AUDIT (outside the
scratch dir) and then raises PermissionError, so the attempt is caught whether or not it would have
succeeded and whether or not the grader swallows the error.
"""

from __future__ import annotations

import json
import os
from pathlib import Path

from artifactbench.grading import AUDIT_ENV, harness_path

ENV_VAR = AUDIT_ENV

# The hook itself lives in the harness (grading._audit, so a forkserver can install it from trusted
# code); a grader process loads it through this one-line sitecustomize on its PYTHONPATH.
_SITECUSTOMIZE = "import artifactbench.grading._audit\n"


def install(folder: Path, log: Path) -> dict[str, str]:
    """Write the hook into `folder` and return the extra env that makes a grader process load it."""
    folder.mkdir(parents=True, exist_ok=True)
    (folder / "sitecustomize.py").write_text(_SITECUSTOMIZE, encoding="utf-8")
    # The grader's PYTHONPATH must still reach everything the harness can import.
    return {"PYTHONPATH": os.pathsep.join([str(folder), harness_path()]), ENV_VAR: str(log)}


def attempts(log: Path) -> list[dict[str, str]]:
    """The attempts recorded so far (none when the file is absent)."""
    if not log.is_file():
        return []
    out = []
    for line in log.read_text(encoding="utf-8", errors="replace").splitlines():
        try:
            out.append(json.loads(line))
        except ValueError:
            continue
    return out
