"""Fixtures of the agent tests: the npm-installed agent CLIs (marker `agent_cli`, see pytest.ini)."""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parent))  # _scripted_server, _scripts

REPO = Path(__file__).resolve().parents[2]
INSTALL = REPO / "tools" / "install_agent_clis.sh"


@pytest.fixture(scope="session")
def agent_clis() -> Path:
    """The folder whose node_modules/.bin holds `claude` and `codex` (installed once per cache).

    Skips only when npm is absent; a failing install is a test failure.
    """
    if shutil.which("npm") is None or shutil.which("node") is None:
        pytest.skip("npm/node not on PATH: the Claude Code and Codex CLIs cannot be installed")
    proc = subprocess.run(["bash", str(INSTALL)], capture_output=True, text=True, timeout=900,
                          env={**os.environ})
    assert proc.returncode == 0, f"{INSTALL} failed:\n{proc.stdout[-2000:]}\n{proc.stderr[-2000:]}"
    return Path(proc.stdout.strip().splitlines()[-1])
