#!/usr/bin/env bash
# Opt-in end-to-end tests of the Pants plugin: real Pants runs in scratch git repos (a few minutes).
# They need the machine's python3 with pytest and this repo's ./pants launcher bootstrapped.
set -euo pipefail
cd "$(dirname "$0")/.."
ARTIFACTBENCH_E2E=1 exec python3 -m pytest -p no:cacheprovider -q pants-plugins/tests/test_e2e_pants.py "$@"
