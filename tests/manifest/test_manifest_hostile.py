"""Hostile task files, written as an attacker would: each is one problem naming file, line and field; no
traceback, no hang, and the other tasks of a selection go on. FIFOs and devices are made at test time."""

from __future__ import annotations

import json
import os
import shutil
import stat
import subprocess
import sys
from collections.abc import Callable
from pathlib import Path

import pytest

from artifactbench.errors import Problem
from artifactbench.manifest._load import inspect_task
from artifactbench.workspace import tree_digest

GOOD = Path(__file__).resolve().parent.parent / "fixtures" / "manifest" / "good_minimal"
BENCH_TASK = Path(__file__).resolve().parent.parent / "fixtures" / "bench" / "tasks" / "algorithmic__sum_easy"


def _append(name: str, text: str) -> Callable[[Path], None]:
    return lambda task: (task / name).open("a", encoding="utf-8").write(text)


def _replace_line(prefix: str, line: bytes) -> Callable[[Path], None]:
    def edit(task: Path) -> None:
        lines = (task / "task.yaml").read_bytes().splitlines(keepends=True)
        (task / "task.yaml").write_bytes(b"".join(line if ln.startswith(prefix.encode()) else ln for ln in lines))
    return edit


def _write(name: str, data: bytes) -> Callable[[Path], None]:
    return lambda task: (task / name).write_bytes(data)


def _fifo(name: str) -> Callable[[Path], None]:
    def make(task: Path) -> None:
        (task / name).unlink(missing_ok=True)
        os.mkfifo(task / name)
    return make


def _link(name: str, target: str) -> Callable[[Path], None]:
    return lambda task: os.symlink(target, task / name)


def _laughs(task: Path) -> None:
    lines = ['l0: &l0 ["lol", "lol", "lol", "lol", "lol", "lol", "lol", "lol", "lol"]']
    lines += [f"l{i}: &l{i} [{', '.join([f'*l{i - 1}'] * 9)}]" for i in range(1, 10)]
    with (task / "task.yaml").open("a", encoding="utf-8") as fh:
        fh.write("\n".join(lines) + "\n")


# case id -> (attack, file the problem names (relative to the task), line, field, words in the message)
ATTACKS: dict[str, tuple[Callable[[Path], None], str, int | None, str, str]] = {
    "alias_bomb": (_laughs, "task.yaml", 13, "", "aliases (*l0) are not allowed"),
    "nul_byte": (_replace_line("difficulty", b"difficulty: ea\0sy\n"), "task.yaml", 3, "", "'\\x00'"),
    "escape_byte": (_replace_line("category", b"category: \x1b[2Jalgorithmic\n"), "task.yaml", 2, "", "'\\x1b'"),
    "deep_flow": (_append("task.yaml", "tags: " + "[" * 20_000 + "]" * 20_000 + "\n"), "task.yaml", 12, "",
                  "nested deeper than 32"),
    "deep_block": (_append("task.yaml", "tags:\n" + "- " * 20_000 + "x\n"), "task.yaml", 13, "", "nested deeper"),
    "deep_mapping": (_append("task.yaml", "tags: " + "{a: " * 10_000 + "1" + "}" * 10_000 + "\n"), "task.yaml",
                     12, "", "nested deeper"),
    "huge_manifest": (_append("task.yaml", "# " + "x" * 70_000 + "\n"), "task.yaml", None, "", "65536-byte limit"),
    "huge_instance_id": (_replace_line("instance_id", b"instance_id: algorithmic__" + b"a" * 5000 + b"\n"),
                         "task.yaml", 1, "instance_id", "over the limit of 128"),
    "many_tags": (_append("task.yaml", "tags: [" + ", ".join(["t"] * 500) + "]\n"), "task.yaml", 12, "tags",
                  "500 items, over the limit of 64"),
    "artifact_nul": (_replace_line("output_artifact", b'output_artifact: "ans\\0wer.txt"\n'), "task.yaml", 6,
                     "output_artifact", "control characters"),
    "artifact_too_long": (_replace_line("output_artifact", b"output_artifact: " + b"a/" * 600 + b"x\n"),
                          "task.yaml", 6, "output_artifact", "over the 1024-byte limit"),
    "artifact_long_name": (_replace_line("output_artifact", b"output_artifact: " + b"a" * 300 + b"\n"),
                           "task.yaml", 6, "output_artifact", "component over 255 bytes"),
    "path_nul": (_replace_line("workspace_dir", b'workspace_dir: "work\\0space"\n'), "task.yaml", 5,
                 "workspace_dir", "control characters"),
    "path_surrogate": (_replace_line("workspace_dir", b'workspace_dir: "\\ud800"\n'), "task.yaml", 5,
                       "workspace_dir", "lone surrogate"),
    "prompt_not_utf8": (_write("prompt.md", b"# Task\n\nCaf\xe9 au lait\n"), "prompt.md", 3, "", "not UTF-8"),
    "prompt_nul": (_write("prompt.md", b"# Task\n\x00\n"), "prompt.md", 2, "", "'\\x00'"),
    "prompt_huge": (_write("prompt.md", b"x" * (1024 * 1024 + 1)), "prompt.md", None, "", "1048576-byte limit"),
    "fifo_in_workspace": (_fifo("workspace/input.fifo"), "workspace/input.fifo", None, "", "is a FIFO"),
    "fifo_in_grader": (_fifo("grader/cache"), "grader/cache", None, "", "is a FIFO"),
    "fifo_deep": (lambda t: ((t / "workspace/a/b/c").mkdir(parents=True), os.mkfifo(t / "workspace/a/b/c/p")),
                  "workspace/a/b/c/p", None, "", "is a FIFO"),
    "fifo_manifest": (_fifo("task.yaml"), "task.yaml", None, "", "is a FIFO, not a regular file"),
    "fifo_prompt": (_fifo("prompt.md"), "task.yaml", 4, "problem_statement", "must be a regular file"),
    "link_out_of_task": (_link("grader/notes.txt", "/etc/passwd"), "grader/notes.txt", None, "",
                         "resolves outside the task"),
    "link_to_device": (_link("workspace/zero", "/dev/zero"), "workspace/zero", None, "", "resolves outside"),
    "huge_int": (_replace_line("  max_code_runs", b"  max_code_runs: " + b"9" * 5000 + b"\n"), "task.yaml", 10,
                 "execution_budget.max_code_runs", "5000-digit number is over Python's limit"),
    # (YAML reads hex without a string of digits: it passed the digit check, and every `run` then died
    # writing the record; outside attack, session 17)
    "huge_hex_int": (_replace_line("  max_code_runs", b"  max_code_runs: 0x" + b"f" * 4000 + b"\n"), "task.yaml",
                     10, "execution_budget.max_code_runs", "less than or equal to 1000000000"),
    "budget_over_bound": (_replace_line("  max_wall_seconds", b"  max_wall_seconds: 10000000000\n"), "task.yaml",
                          11, "execution_budget.max_wall_seconds", "less than or equal to 1000000000"),
    "huge_int_key": (_append("task.yaml", "\ntags:\n  ? " + "7" * 5000 + "\n  : x\n"), "task.yaml", 14, "tags",
                     "5000-digit number"),
    # (a sparse file: free to make, and every gate read it whole; outside attack, session 17)
    "reference_huge": (lambda t: os.truncate(t / "grader/reference_output.txt", 300 * 1024 * 1024), "task.yaml", 8,
                       "reference_output", "over the 268435456-byte limit"),
    "artifact_trailing_slash": (_replace_line("output_artifact", b"output_artifact: answer/\n"), "task.yaml", 6,
                                "output_artifact", "ends with a path separator"),
    "manifest_is_dir": (lambda t: ((t / "task.yaml").unlink(), (t / "task.yaml").mkdir()), "task.yaml", None, "",
                        "is a directory, not a regular file"),
}


def _copy_good(parent: Path, name: str = "task") -> Path:
    task = parent / name
    shutil.copytree(GOOD, task)
    return task


def _only_problem(task: Path) -> Problem:
    loaded, problems = inspect_task(task)
    assert loaded is None and len(problems) == 1, [str(p) for p in problems]
    return problems[0]


@pytest.mark.parametrize("attack", sorted(ATTACKS))
def test_each_attack_is_one_problem_naming_file_line_and_field(attack, tmp_path, deadline):
    edit, file, line, field, words = ATTACKS[attack]
    task = _copy_good(tmp_path)
    edit(task)
    problem = _only_problem(task)
    assert (problem.file, problem.line, problem.field) == (str(task / file), line, field), str(problem)
    assert words in problem.message, str(problem)
    shown = str(problem)
    assert "\n" not in shown and len(shown) < 600 and "Traceback" not in shown


def test_a_character_device_in_the_task_is_reported_and_never_opened(tmp_path, deadline):
    task = _copy_good(tmp_path)
    try:
        os.mknod(task / "workspace" / "tty", stat.S_IFCHR | 0o600, os.makedev(5, 0))  # what /dev/tty is
    except PermissionError:
        pytest.skip("this machine does not let the tests create device nodes")
    problem = _only_problem(task)
    assert problem.file == str(task / "workspace" / "tty") and "a character device" in problem.message


def test_a_task_dir_that_is_a_file_is_named(tmp_path):
    path = tmp_path / "not_a_task"
    path.write_text("instance_id: x\n")
    problem = _only_problem(path)
    assert (problem.file, problem.message) == (str(path), "is a file, not a task directory")


@pytest.mark.skipif(os.geteuid() == 0, reason="root reads files whatever their mode")
def test_an_unreadable_file_is_named(tmp_path):
    task = _copy_good(tmp_path)
    (task / "workspace" / "input.jsonl").chmod(0)
    problem = _only_problem(task)
    assert problem.file == str(task / "workspace" / "input.jsonl") and "cannot be read" in problem.message


def test_a_fifo_is_refused_by_the_tree_digest_without_blocking(tmp_path, deadline):
    from artifactbench.errors import MaterializeError

    os.mkfifo(tmp_path / "pipe")
    with pytest.raises(MaterializeError, match="not a regular file"):
        tree_digest(tmp_path)


def _cli(*argv: str, cwd: Path) -> subprocess.CompletedProcess[str]:
    # Absolute entries: a Pants sandbox puts relative ones on sys.path, and the child runs elsewhere.
    env = {**os.environ, "PYTHONPATH": os.pathsep.join(os.path.abspath(p) for p in sys.path if p)}
    # A hang is a failure too: a FIFO opened for reading blocks until a writer comes, i.e. forever.
    return subprocess.run([sys.executable, "-m", "artifactbench", *argv], cwd=cwd, env=env, text=True,
                          capture_output=True, timeout=180)


@pytest.fixture(scope="module")
def hostile_root(tmp_path_factory) -> Path:
    """One runnable task among a dozen hostile ones."""
    root = tmp_path_factory.mktemp("hostile") / "problems"
    shutil.copytree(BENCH_TASK, root / "good")
    for attack in ("alias_bomb", "deep_flow", "fifo_in_workspace", "fifo_manifest", "prompt_not_utf8",
                   "artifact_nul", "link_to_device", "huge_manifest", "huge_int"):
        ATTACKS[attack][0](_copy_good(root, attack))
    return root


@pytest.mark.parametrize("command", [["validate"], ["list"], ["check", "--gates", "manifest,materialize,leaks"],
                                     ["run", "--runs-dir", "runs", "--run-id", "r"]])
def test_hostile_tasks_never_stop_the_others(command, hostile_root, tmp_path):
    result = _cli(*command, str(hostile_root), cwd=tmp_path)
    errors = [ln for ln in result.stderr.splitlines() if ": error: " in ln or ln.startswith("warning: /")]
    assert "Traceback" not in result.stderr + result.stdout
    assert len(errors) == 9, result.stderr  # one line per hostile task
    assert result.returncode in (0, 2), result.stderr
    assert "algorithmic__sum_easy" in result.stdout
    if command[0] == "run":
        record = json.loads((tmp_path / "runs" / "r" / "results.jsonl").read_text().splitlines()[0])
        assert (record["instance_id"], record["verdict"]) == ("algorithmic__sum_easy", "PASS")
