"""A model's tool call is data: arguments no JSON reader takes become an error text for the model."""

from __future__ import annotations

import pytest

from artifactbench.bench._agent_tools import _SURFACE_TOOLS, ToolBox


@pytest.mark.parametrize("arguments", ["[" * 100_000, '{"path": ' * 50_000, "{not json", "[1, 2]"])
def test_arguments_no_json_reader_takes_are_an_error_for_the_model(tmp_path, arguments):
    """Outside attack (session 17): arguments nested deeper than the JSON reader goes raised RecursionError
    out of the job; now, as for any malformed call, the model reads why."""
    surface = next(s for s, tools in _SURFACE_TOOLS.items() if "read_file" in tools)
    box = ToolBox(surface, tmp_path, None)  # (read_file runs no code: no runner needed)
    answer = box.call("read_file", arguments)
    assert answer.startswith("error: "), answer
