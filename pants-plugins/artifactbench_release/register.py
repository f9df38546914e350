"""Repository-only backend: one version for both distributions (never shipped in a wheel).

`src/artifactbench/_version.py` is the single version source. The `artifactbench` and
`artifactbench-pants` python_distributions get it here, so `./pants package ::` builds two wheels of the
same version and the plugin's default checker requirement (`artifactbench==<its own version>`) holds.
"""
from __future__ import annotations

import re

from pants.backend.python.util_rules.package_dists import SetupKwargs, SetupKwargsRequest
from pants.engine.fs import DigestContents, PathGlobs
from pants.engine.rules import Get, collect_rules, rule
from pants.engine.target import Target
from pants.engine.unions import UnionRule

VERSION_FILE = "src/artifactbench/_version.py"
DISTRIBUTIONS = ("artifactbench", "artifactbench-pants")
_VERSION_RE = re.compile(r'^__version__\s*=\s*"([^"]+)"', re.M)


def parse_version(text: str) -> str:
    match = _VERSION_RE.search(text)
    if match is None:
        raise ValueError(f'{VERSION_FILE}: no line `__version__ = "X.Y.Z"`')
    return match.group(1)


class ArtifactBenchSetupKwargsRequest(SetupKwargsRequest):
    @classmethod
    def is_applicable(cls, target: Target) -> bool:
        from pants.backend.python.target_types import PythonProvidesField

        return target[PythonProvidesField].value.kwargs.get("name") in DISTRIBUTIONS


@rule
async def artifactbench_setup_kwargs(request: ArtifactBenchSetupKwargsRequest) -> SetupKwargs:
    contents = await Get(DigestContents, PathGlobs([VERSION_FILE]))
    version = parse_version(contents[0].content.decode("utf-8"))
    kwargs = {**request.explicit_kwargs, "version": version}
    return SetupKwargs(kwargs, address=request.target.address)


def rules():
    return [*collect_rules(), UnionRule(SetupKwargsRequest, ArtifactBenchSetupKwargsRequest)]
