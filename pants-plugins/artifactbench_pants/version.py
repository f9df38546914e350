"""The plugin's own version: the installed `artifactbench-pants` distribution's (plain Python).

Both wheels share one version (src/artifactbench/_version.py); the default checker requirement is
`artifactbench==` this version. Loaded from the repository (not installed), the plugin has none:
such a repository sets `[artifactbench].checker` to its own target.
"""
from __future__ import annotations

DISTRIBUTION = "artifactbench-pants"
UNRELEASED = "0+unreleased"


def plugin_version() -> str:
    try:
        from importlib.metadata import PackageNotFoundError, version
    except ImportError:  # Python 3.7 (Pants 2.17 runs on 3.7-3.9) has no importlib.metadata
        return UNRELEASED
    try:
        return version(DISTRIBUTION)
    except PackageNotFoundError:
        return UNRELEASED
