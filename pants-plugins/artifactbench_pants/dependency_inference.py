"""Inferred dependencies of an `artifact_task`: the checker target and grader requirements."""
from __future__ import annotations

import logging
from dataclasses import dataclass

from pants.backend.python.dependency_inference.module_mapper import (
    PythonModuleOwners,
    PythonModuleOwnersRequest,
)
from pants.backend.python.dependency_inference.default_unowned_dependencies import (
    DEFAULT_UNOWNED_DEPENDENCIES,
)
from pants.backend.python.subsystems.setup import PythonSetup
from pants.engine.addresses import Address, AddressInput
from pants.engine.fs import Digest, DigestContents
from pants.engine.rules import Get, MultiGet, collect_rules, rule
from pants.engine.target import (
    FieldSet,
    HydratedSources,
    HydrateSourcesRequest,
    InferDependenciesRequest,
    InferredDependencies,
)
from pants.engine.unions import UnionRule

from artifactbench_pants.imports import missing_grader_modules, missing_modules_message, third_party_candidates
from artifactbench_pants.layout import grader_local_modules, grader_python_files
from artifactbench_pants.subsystem import ArtifactBenchSubsystem
from artifactbench_pants.target_types import ArtifactTaskSourcesField

logger = logging.getLogger(__name__)


@dataclass(frozen=True)
class ArtifactTaskDependenciesInferenceFieldSet(FieldSet):
    required_fields = (ArtifactTaskSourcesField,)

    sources: ArtifactTaskSourcesField


class InferArtifactTaskDependencies(InferDependenciesRequest):
    infer_from = ArtifactTaskDependenciesInferenceFieldSet


@rule(desc="Infer artifact task dependencies")
async def infer_artifact_task_dependencies(
    request: InferArtifactTaskDependencies,
    subsystem: ArtifactBenchSubsystem,
    python_setup: PythonSetup,
) -> InferredDependencies:
    sources_field = request.field_set.sources
    if not subsystem.checker:
        # The checker is the `artifactbench` tool: its lockfile is the graders' whole environment.
        return InferredDependencies([])
    checker = await Get(
        Address,
        AddressInput,
        AddressInput.parse(subsystem.checker, description_of_origin="the option `[artifactbench].checker`"),
    )
    if not subsystem.infer_grader_imports:
        return InferredDependencies([checker])

    hydrated = await Get(HydratedSources, HydrateSourcesRequest(sources_field))
    task_dir = sources_field.address.spec_path
    graders = set(grader_python_files(task_dir, hydrated.snapshot.files))
    if not graders:
        return InferredDependencies([checker])
    contents = await Get(DigestContents, Digest, hydrated.snapshot.digest)
    texts = [c.content.decode("utf-8", errors="replace") for c in contents if c.path in graders]
    # Modules the grader directory provides itself (helper.py, pkg/__init__.py) are not requirements.
    local = grader_local_modules(task_dir, graders)
    # The Python backend keys its module mapping by "<ignore>" when resolves are disabled.
    resolve = (
        subsystem.resolve or python_setup.default_resolve if python_setup.enable_resolves else "<ignore>"
    )
    modules = sorted(third_party_candidates(texts, local))
    owners = await MultiGet(
        Get(PythonModuleOwners, PythonModuleOwnersRequest(m, resolve=resolve)) for m in modules
    )
    # Ambiguous owners are skipped rather than guessed; stdlib modules have no owner at all.
    inferred = {checker, *(a for o in owners for a in o.unambiguous)}
    owned = [bool(o.unambiguous or o.ambiguous) for o in owners]
    missing = missing_grader_modules(modules, owned, DEFAULT_UNOWNED_DEPENDENCIES)
    if missing:
        # Said at tailor/lint/test time (every goal infers dependencies), not only when the check fails.
        logger.warning(missing_modules_message(sources_field.address.spec, missing, resolve))
    return InferredDependencies(sorted(inferred))


def rules():
    return [*collect_rules(), UnionRule(InferDependenciesRequest, InferArtifactTaskDependencies)]
