from artifactbench import __version__
from artifactbench.cli import bench_main


def test_version_is_semver_like():
    parts = __version__.split(".")
    assert len(parts) == 3 and all(p.isdigit() for p in parts)


def test_bench_placeholder_fails_honestly(capsys):
    assert bench_main(["--set", "seed-v1"]) != 0
    assert "not built yet" in capsys.readouterr().err
