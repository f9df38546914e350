"""User-facing errors. Every message names the file, the line when known, the field and the value."""

from __future__ import annotations

from dataclasses import dataclass

from artifactbench._display import shown

__all__ = [
    "ArtifactBenchError",
    "GraderLoadError",
    "ManifestError",
    "MaterializeError",
    "OutputPathError",
    "WorkspaceLimitError",
    "Problem",
    "SelectionError",
    "SetError",
]


@dataclass(frozen=True, slots=True)
class Problem:
    """One thing wrong with an input file."""

    file: str
    line: int | None
    field: str
    value: object
    message: str
    hint: str | None = None

    def __str__(self) -> str:
        """One line: file, line, field and value, message; control characters (a newline in a file
        name included) are escaped, so a problem never splits or forges a line."""
        where = f"{self.file}:{self.line}" if self.line is not None else self.file
        subject = f"{self.field}={_shown(self.value)}" if self.field else ""
        text = f"{where}: {subject}: {self.message}" if subject else f"{where}: {self.message}"
        if self.hint:
            text += f" ({self.hint})"
        return shown(text)


_SHOWN_CHARS = 120  # a hostile value (a 60 KiB string) must not flood the one-line error


def _shown(value: object) -> str:
    if isinstance(value, int) and not isinstance(value, bool) and value.bit_length() > 64:
        return f"<an integer of {value.bit_length()} bits>"  # (repr refuses one of over 4300 digits)
    text = repr(value)
    return text if len(text) <= _SHOWN_CHARS else f"{text[:_SHOWN_CHARS]}... ({len(text)} characters)"


class ArtifactBenchError(Exception):
    """Root of every error caused by the user's input; printed without a traceback."""


class ManifestError(ArtifactBenchError):
    """One or more task manifests are invalid; carries every problem found."""

    def __init__(self, problems: tuple[Problem, ...] | list[Problem]) -> None:
        self.problems = tuple(problems)
        super().__init__("\n".join(str(p) for p in self.problems))


class SetError(ArtifactBenchError):
    """A curated set file is malformed or names unknown tasks."""


class SelectionError(ArtifactBenchError):
    """A selection of tasks or cases is empty or names something unknown."""


class MaterializeError(ArtifactBenchError):
    """A task's workspace could not be materialized safely."""


class WorkspaceLimitError(MaterializeError):
    """The materialized workspace breaks a spec 8 size limit or a safety cap: the task's fault, not the
    machine's. `path` is the file (relative to the workspace) that crossed the limit, `size` its bytes
    (`unit` "bytes") or the number of files and folders counted (`unit` "entries"); `stopped`: the
    generator was stopped while it ran, the message names it and the cap."""

    def __init__(self, message: str, path: str = "", size: int = 0, *, unit: str = "bytes",
                 stopped: bool = False) -> None:
        super().__init__(message)
        self.path, self.size, self.unit, self.stopped = path, size, unit, stopped


class OutputPathError(MaterializeError):
    """Something in the materialized workspace stands where the agent must write output_artifact (a
    folder, a link, a FIFO at the path, or a file where the path needs a folder): the task's fault.
    `path` is what is in the way, as `workspace/<relpath>`."""

    def __init__(self, message: str, path: str = "") -> None:
        super().__init__(message)
        self.path = path


class GraderLoadError(ArtifactBenchError):
    """A task's grader module could not be imported or lacks grade()."""
