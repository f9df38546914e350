#!/usr/bin/env bash
# Build the two wheels with one version, the plugin's shipped checker lockfile in between:
#   1. the `artifactbench` wheel (src:dist);
#   2. pants-plugins/artifactbench_pants/checker.lock: `artifactbench==<version>` and its requirements,
#      the wheel recorded as ${ARTIFACTBENCH_WHEELS}/<file> (a consumer maps that name to its
#      find-links folder; from an index it is an ordinary URL);
#   3. the `artifactbench-pants` wheel (pants-plugins:dist), which ships that lockfile.
# Usage: tools/build_wheels.sh [OUT_DIR]   (default: dist/; the wheels are also copied to OUT_DIR)
set -euo pipefail
cd "$(dirname "$0")/.."
out="${1:-dist}"
version="$(sed -n 's/^__version__ = "\(.*\)"$/\1/p' src/artifactbench/_version.py)"
[ -n "$version" ] || { echo "build_wheels: no __version__ in src/artifactbench/_version.py" >&2; exit 1; }
rm -f dist/artifactbench-*.whl dist/artifactbench_pants-*.whl
./pants package src:dist
./pants \
  --python-repos-find-links="['file://$PWD/dist']" \
  --python-repos-path-mappings="['ARTIFACTBENCH_WHEELS|$PWD/dist']" \
  --artifactbench-lockfile=pants-plugins/artifactbench_pants/checker.lock \
  --artifactbench-version="artifactbench==$version" \
  generate-lockfiles --resolve=artifactbench
./pants package pants-plugins:dist
mkdir -p "$out"
if [ "$(cd "$out" && pwd)" != "$PWD/dist" ]; then
  cp -f "dist/artifactbench-$version-py3-none-any.whl" "dist/artifactbench_pants-$version-py3-none-any.whl" "$out/"
fi
echo "build_wheels: artifactbench $version and artifactbench-pants $version in $out"
