"""Scripted conversations that really solve (or really fail) a seed-v1 task, for every client."""

from __future__ import annotations

from pathlib import Path

from _scripted_server import Step, ToolCall  # pants: no-infer-dep

REPO = Path(__file__).resolve().parents[2]
TASK = REPO / "problems" / "artifact" / "algorithmic" / "build_order_medium"
OUTPUT = "output/build_order.txt"
ANSWER = (TASK / "grader" / "reference_output.txt").read_text(encoding="utf-8")


def _writer(text: str) -> str:
    """Python that writes `text` to the task's output path (what a model would send)."""
    return ("import pathlib\np = pathlib.Path(%r)\np.parent.mkdir(parents=True, exist_ok=True)\n"
            "p.write_text(%r)\nprint('wrote', len(p.read_text()), 'chars')\n" % (OUTPUT, text))


def code_steps(text: str = ANSWER) -> list[Step]:
    """Look at the inputs, write the file through execute_code, finish."""
    return [Step(tool_calls=(ToolCall("execute_code", {"language": "bash", "code": "ls; head -5 packages.toml"}),),
                 input_tokens=1200, output_tokens=40),
            Step(tool_calls=(ToolCall("execute_code", {"language": "python", "code": _writer(text)}),),
                 input_tokens=1500, output_tokens=900),
            Step(text="Wrote output/build_order.txt.", input_tokens=2600, output_tokens=12)]


def wrong_steps() -> list[Step]:
    """A confident wrong answer: the packages in file order (the grader must say FAIL)."""
    return code_steps(text="cycle: nothing-here\n")


def tool_steps(write_tool: str, path_key: str, content_key: str) -> list[Step]:
    """Write the file with a native write tool, then finish."""
    return [Step(tool_calls=(ToolCall(write_tool, {path_key: OUTPUT, content_key: ANSWER}),),
                 input_tokens=1400, output_tokens=850),
            Step(text="Done.", input_tokens=2300, output_tokens=6)]
