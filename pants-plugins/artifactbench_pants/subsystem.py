"""The `[artifactbench]` options: the checker (a Pants tool, or a repo target) and how it runs."""
from __future__ import annotations

from enum import Enum

from pants.backend.python.subsystems.python_tool_base import LockfileRules, PythonToolBase
from pants.backend.python.target_types import EntryPoint
from pants.option.option_types import BoolOption, EnumOption, IntOption, SkipOption, StrListOption, StrOption
from pants.util.strutil import softwrap

from artifactbench_pants.contract import SANDBOXES
from artifactbench_pants.version import plugin_version

CHECKER_LOCKFILE = "checker.lock"

# The choices of `[artifactbench].sandbox`: the checker's `check --sandbox` values (contract.SANDBOXES).
CheckSandbox = Enum("CheckSandbox", {name: name for name in SANDBOXES}, type=str)


class ArtifactBenchSubsystem(PythonToolBase):
    options_scope = "artifactbench"
    name = "artifactbench"
    help = softwrap(
        """
        Checks for artifact-graded benchmark tasks (`artifact_task` targets).

        The plugin builds the checker into a PEX and runs its CLI in the sandbox: `check` for
        `test`, `validate` for `lint`, `materialize` for `package`. By default the checker is the
        `artifactbench` distribution at this plugin's own version, installed from the lockfile the
        plugin ships (like Pants' own tools); `checker` points it at a target of your repository.
        """
    )

    # The tool: `artifactbench==<this plugin's version>` from the lockfile shipped in the wheel.
    default_version = f"artifactbench=={plugin_version()}"
    default_requirements = [default_version]
    default_main = EntryPoint.parse("artifactbench.cli:console")
    register_interpreter_constraints = True
    default_interpreter_constraints = ["CPython>=3.11,<4"]
    default_lockfile_resource = ("artifactbench_pants", CHECKER_LOCKFILE)
    lockfile_rules_type = LockfileRules.SIMPLE

    skip = SkipOption("test", "lint")
    checker = StrOption(
        default=None,
        help=softwrap(
            """
            Address of a Python target of this repository that provides the checker CLI (a
            `pex_binary` or a `python_sources` target) instead of the `artifactbench` tool. Every
            `artifact_task` then gets an inferred dependency on it, so
            `--changed-since=<rev> --changed-dependents=transitive` re-checks every task when the
            checker changes. Set `entry_point` to its `module:function` too.
            """
        ),
    )
    task_roots = StrListOption(
        default=[],
        help=softwrap(
            """
            Folders (relative to the build root, any depth) where task directories live; `tailor`
            proposes `artifact_task` targets only under them. Empty (the default): the `[corpus] roots`
            of the `artifactbench.toml` at the build root, else anywhere.
            """
        ),
    )
    check_args = StrListOption(
        default=[],
        help=softwrap(
            """
            Extra arguments for `artifactbench check`, placed before the task directory, e.g.
            `["--gates", "manifest,positive,negative"]`. They are part of every check's cache key.
            """
        ),
    )
    baseline = StrOption(
        default=None,
        help=softwrap(
            """
            A baseline file (repo-relative) written by `artifactbench check --write-baseline FILE`.
            When set, every check runs with `--baseline FILE`: findings recorded there no longer fail,
            only new ones do, and the report lists the findings fixed since. The file's content is an
            input of every check, so editing it re-runs the checks (it is part of the cache key).
            """
        ),
    )
    timeout = IntOption(
        default=1800,
        help="Seconds one task's check may run before Pants kills it; an `artifact_task`'s `timeout` overrides it.",
    )
    cache_failures = BoolOption(
        default=False,
        help=softwrap(
            """
            Cache failed checks too. Off by default (the Pants convention): a failed check re-runs
            on the next `pants test`, so a flaky timeout under load is not remembered. Turn it on
            when checks are known to be deterministic and CI time matters more.
            """
        ),
    )
    infer_grader_imports = BoolOption(
        default=True,
        help=softwrap(
            """
            Infer dependencies from the imports of `grader/**/*.py` onto `python_requirement`
            targets (through the Python backend's module mapping), so a grader importing e.g.
            numpy runs with the lockfile's numpy in the checker PEX.
            """
        ),
    )
    sandbox = EnumOption(
        default=CheckSandbox.none,
        help=softwrap(
            f"""
            Where each check runs task code: `none` (plain child processes) or `bwrap` (every grader,
            generator and verifier in bubblewrap: no network, its own grader folder read-only, nothing
            of other tasks). `bwrap` needs bubblewrap on the machine (`apt-get install -y bubblewrap`).
            Passed as `--sandbox`, so it is part of every check's cache key. One of: {", ".join(SANDBOXES)}.
            """
        ),
    )
    html_report = BoolOption(
        default=False,
        help=softwrap(
            """
            Also write each task's check as a self-contained HTML page (a gates x tasks matrix, each
            cell opening its finding): `pants test` puts it at
            `dist/test/<address, path-safe>/report.html`, e.g.
            `dist/test/problems.artifact.algorithmic.build_order_medium/report.html`.
            For one page over a whole corpus run `artifactbench check <root> --html FILE`.
            It changes the checker's argv, so checks re-run once when it is turned on or off.
            """
        ),
    )
    resolve = StrOption(
        default=None,
        help="The Python resolve whose requirements grader imports map to; defaults to `[python].default_resolve`.",
    )
