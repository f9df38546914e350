"""The `[artifactbench]` options: which repo target is the checker and how it runs."""
from __future__ import annotations

from pants.option.option_types import BoolOption, IntOption, SkipOption, StrListOption, StrOption
from pants.option.subsystem import Subsystem
from pants.util.strutil import softwrap


class ArtifactBenchSubsystem(Subsystem):
    options_scope = "artifactbench"
    name = "artifactbench"
    help = softwrap(
        """
        Checks for artifact-graded benchmark tasks (`artifact_task` targets).

        The plugin builds the checker target below into a PEX and runs its CLI in the sandbox:
        `check` for `test`, `validate` for `lint`, `materialize` for `package`.
        """
    )

    skip = SkipOption("test", "lint")
    checker = StrOption(
        default="src:cli",
        help=softwrap(
            """
            Address of the Python target that provides the checker CLI (a `pex_binary` or a
            `python_sources` target). Every `artifact_task` gets an inferred dependency on it, so
            `--changed-since=<rev> --changed-dependents=transitive` re-checks every task when the
            core library changes.
            """
        ),
    )
    entry_point = StrOption(
        default="artifactbench.cli:console",
        help="The `module:function` that runs the checker CLI (the contract of docs/adr/0001-cli-surface.md).",
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
