"""Markers of the test suites: `-m e2e` selects the end-to-end runs of real Pants (opt-in)."""


def pytest_configure(config):
    config.addinivalue_line("markers", "e2e: end-to-end runs of real tools (Pants, wheels); set ARTIFACTBENCH_E2E=1")
