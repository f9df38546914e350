#!/usr/bin/env bash
# End-to-end tests of the Pants plugin (marker e2e): real Pants runs in scratch git repos (a few minutes).
# They need the machine's python3 with pytest and this repo's ./pants launcher bootstrapped.
set -euo pipefail
cd "$(dirname "$0")/.."
exec python3 -m pytest -p no:cacheprovider -q -m e2e pants-plugins/tests/test_e2e_pants.py "$@"
