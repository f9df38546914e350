"""Puts this folder on sys.path: the tests import `_daemon` by plain module name."""

from __future__ import annotations

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
