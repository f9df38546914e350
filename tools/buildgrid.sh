#!/usr/bin/env bash
# A local REAPI server for Pants' remote cache: BuildGrid (PyPI `buildgrid`, needs Python 3.13) on
# 127.0.0.1 with an in-memory CAS and action cache (both lost when it stops).
#
#   tools/buildgrid.sh start [PORT]   # prints the Pants flags to use; default port 50051
#   tools/buildgrid.sh stop
#
# Knobs: ARTIFACTBENCH_PYTHON313 (interpreter; else python3.13 on PATH, else pyenv's),
#        ARTIFACTBENCH_BUILDGRID_HOME (venv + state; default ${XDG_CACHE_HOME:-~/.cache}/artifactbench-buildgrid).
# The same Pants flags point at BuildBarn, BuildBuddy, EngFlow or any REAPI service (docs/pants.md).
set -euo pipefail
BUILDGRID_VERSION="0.9.1"
INSTANCE="artifactbench"
home="${ARTIFACTBENCH_BUILDGRID_HOME:-${XDG_CACHE_HOME:-$HOME/.cache}/artifactbench-buildgrid}"
pidfile="$home/bgd.pid"

find_python313() {
  local c
  for c in "${ARTIFACTBENCH_PYTHON313:-}" "$(command -v python3.13 2>/dev/null || true)" \
           "$(pyenv root 2>/dev/null || echo "$HOME/.pyenv")"/versions/3.13*/bin/python3.13; do
    if [ -n "$c" ] && "$c" -c 'import sys; sys.exit(sys.version_info[:2] != (3, 13))' 2>/dev/null; then
      echo "$c"; return 0
    fi
  done
  return 1
}

bootstrap() {
  [ -x "$home/venv/bin/bgd" ] && return 0
  local py
  py="$(find_python313)" || { echo "buildgrid.sh: BuildGrid $BUILDGRID_VERSION needs Python 3.13: install it (e.g. pyenv install 3.13) or set ARTIFACTBENCH_PYTHON313" >&2; exit 1; }
  mkdir -p "$home"
  "$py" -m venv "$home/venv"
  "$home/venv/bin/pip" install -q "buildgrid==$BUILDGRID_VERSION"
}

start() {
  local port="${1:-50051}"
  bootstrap
  stop >/dev/null 2>&1 || true
  cat >"$home/config.yml" <<YAML
server:
  - !channel
    address: "127.0.0.1:$port"
    insecure-mode: true
storages:
  - !lru-storage &cas
    size: 4G
caches:
  - !lru-action-cache &ac
    storage: *cas
    max-cached-refs: 1000000
    allow-updates: true
    cache-failed-actions: false
instances:
  - name: $INSTANCE
    services:
      - !action-cache
        cache: *ac
      - !cas
        storage: *cas
      - !bytestream
        storage: *cas
YAML
  nohup "$home/venv/bin/bgd" server start "$home/config.yml" >"$home/bgd.log" 2>&1 &
  echo $! >"$pidfile"
  # Ready when the port accepts connections.
  for _ in $(seq 1 60); do
    if (exec 3<>"/dev/tcp/127.0.0.1/$port") 2>/dev/null; then
      # Pants gives a cache lookup 1.5 s by default, then runs the process itself: too short for a
      # Python server on a loaded machine, so allow 30 s.
      echo "--remote-cache-read --remote-cache-write --remote-store-address=grpc://127.0.0.1:$port --remote-instance-name=$INSTANCE --remote-cache-rpc-timeout-millis=30000"
      return 0
    fi
    kill -0 "$(cat "$pidfile")" 2>/dev/null || { cat "$home/bgd.log" >&2; exit 1; }
    sleep 0.5
  done
  echo "buildgrid.sh: server did not listen on 127.0.0.1:$port (log: $home/bgd.log)" >&2
  exit 1
}

stop() {
  [ -f "$pidfile" ] || return 0
  kill "$(cat "$pidfile")" 2>/dev/null || true
  rm -f "$pidfile"
}

case "${1:-}" in
  start) shift; start "$@" ;;
  stop) stop ;;
  *) echo "usage: tools/buildgrid.sh start [PORT] | stop" >&2; exit 2 ;;
esac
