"""Helpers for task graders (grader/hidden.py), shipped with the harness so tasks need no private copies.

`records`: read, parse (JSON, JSONL, CSV) and compare an agent's records without ever raising anything but
`records.Bad` on agent-caused problems, with details that name the kind of error and never an answer.
"""

from artifactbench.graderkit import records

__all__ = ["records"]
