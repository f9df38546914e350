"""File names a task (or its generator) chooses: a name must be UTF-8 without control characters. A
newline in a name split a report line in two and forged a line of its own; bytes that are not UTF-8
gave "internal error: UnicodeEncodeError" in eight gates. Each is now one line naming the file, escaped."""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from artifactbench.errors import MaterializeError
from artifactbench.manifest import load_task
from artifactbench.manifest._load import inspect_task
from artifactbench.workspace import materialize

FIXTURE = Path(__file__).resolve().parents[1] / "fixtures" / "foreign" / "sensor_means_generated"
FORGED = b"evil\nPASS  x__forged_line  all gates pass"
NAMES = {  # case id -> (raw name, how it is shown, the rule it breaks)
    "newline": (FORGED, "evil\\nPASS  x__forged_line", "holds the control character '\\n'"),
    "escape": (b"a\x1b[2Jb.txt", "a\\x1b[2Jb.txt", "holds the control character '\\x1b'"),
    "not_utf8": (b"bad\xff\xfename.txt", "bad\\xff\\xfename.txt", "is not valid UTF-8"),
}


def _write(folder: Path, raw: bytes, data: bytes) -> None:
    with open(os.path.join(os.fsencode(folder), raw), "wb") as handle:
        handle.write(data)


def _task(parent: Path, name: str) -> Path:
    task = parent / name
    shutil.copytree(FIXTURE, task)
    manifest = task / "task.yaml"
    manifest.write_text(manifest.read_text().replace("__sensor_means_generated", f"__{name}"))
    return task


@pytest.mark.parametrize("case", sorted(NAMES))
def test_a_shipped_file_with_a_bad_name_is_one_problem(case, tmp_path):
    raw, escaped, rule = NAMES[case]
    task = _task(tmp_path, case)
    _write(task / "workspace", raw, b"see grader/expected.json\n")
    loaded, problems = inspect_task(task)
    assert loaded is None and len(problems) == 1, [str(p) for p in problems]
    line = str(problems[0])
    assert "\n" not in line and "\x1b" not in line and escaped in line and rule in line, line
    line.encode("utf-8")  # printable and valid UTF-8: no lone surrogate left


@pytest.mark.parametrize("case", sorted(NAMES))
def test_a_generated_file_with_a_bad_name_stops_materialize(case, tmp_path):
    raw, escaped, rule = NAMES[case]
    task = _task(tmp_path, case)
    generator = task / "workspace" / "generator.py"
    generator.write_text(generator.read_text() + "import os\n"
                         f"open(os.path.join(os.fsencode(args.output_dir), {raw!r}), 'wb').write(b'x')\n")
    with pytest.raises(MaterializeError) as caught:
        materialize(load_task(task), tmp_path / "out", generator_timeout_s=30)
    message = str(caught.value)
    assert "\n" not in message and escaped in message and rule in message, message


def test_check_reports_bad_names_on_one_line_and_checks_the_others(tmp_path):
    root = tmp_path / "problems"
    good = _task(root, "good")
    for case, (raw, _, _) in NAMES.items():
        _write(_task(root, case) / "workspace", raw, b"x\n")
    env = {**os.environ, "PYTHONPATH": os.pathsep.join(os.path.abspath(p) for p in sys.path if p)}
    result = subprocess.run([sys.executable, "-m", "artifactbench", "check", str(root), "--json",
                             "--gates", "manifest,materialize,leaks"], cwd=tmp_path, env=env,
                            capture_output=True, timeout=300)
    out, err = result.stdout.decode("utf-8"), result.stderr.decode("utf-8")  # both strict UTF-8
    assert "Traceback" not in err and "internal error" not in err + out
    assert not any(line.startswith("PASS  x__forged_line") for line in err.splitlines()), err
    errors = [line for line in err.splitlines() if line.startswith("artifactbench: error: ")]
    assert len(errors) == len(NAMES), err
    report = json.loads(out)
    assert [t["instance_id"] for t in report["tasks"]] == ["iterative_numerical__good"], good
    assert len(report["problems"]) == len(NAMES)
