#!/usr/bin/env python3
"""§5.5 negative sanity check: prints PASS / MISS / WEAK_MISS / WRONG_REASON / EXPECTED_MISS / ERROR (or SKIPPED) per case.

Usage: python3 tools/check_grader_negative.py [PATH...] [--set NAME] [-j N] [--json-out FILE]
PATH: task dirs or problems roots (default: the problems/ above the cwd). Exit: 0 ok, 1 a task failed,
2 bad input, 130 interrupted. A thin wrapper over artifactbench.cli.tool_main.
"""

from __future__ import annotations

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "src"))

from artifactbench.cli import tool_main  # noqa: E402 - needs the sys.path line above

if __name__ == "__main__":
    sys.exit(tool_main("check_grader_negative"))
