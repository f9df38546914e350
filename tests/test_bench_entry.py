from artifactbench import __version__
from artifactbench.cli import bench_main


def test_version_is_semver_like():
    parts = __version__.split(".")
    assert len(parts) == 3 and all(p.isdigit() for p in parts)


def test_bench_entry_rejects_bad_input_with_exit_2(capsys, tmp_path):
    # The runner has landed (tests/bench/ covers it); bad input is exit 2 with a message.
    assert bench_main(["--set", "no-such-set-xyz", "--runs-dir", str(tmp_path)]) == 2
    assert "error" in capsys.readouterr().err
