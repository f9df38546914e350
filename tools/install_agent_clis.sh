#!/usr/bin/env bash
# Install the Claude Code and Codex CLIs (pinned versions) with npm into a cache folder, once.
# Prints the folder as the last line of stdout; its node_modules/.bin holds `claude` and `codex`.
# Used by the e2e tests in tests/agents/ and by .ci/run. Override the folder with
# ARTIFACTBENCH_AGENT_CLIS=/path (never a folder inside the repository: agents must not see it).
set -euo pipefail

CLAUDE_CODE_VERSION="${CLAUDE_CODE_VERSION:-2.1.197}"
CODEX_VERSION="${CODEX_VERSION:-0.171.0}"
DEST="${ARTIFACTBENCH_AGENT_CLIS:-${XDG_CACHE_HOME:-${HOME:?set HOME or ARTIFACTBENCH_AGENT_CLIS}/.cache}/artifactbench/agent-clis}"

installed() {
  [ -x "$DEST/node_modules/.bin/claude" ] && [ -x "$DEST/node_modules/.bin/codex" ] || return 1
  "$DEST/node_modules/.bin/claude" --version 2>/dev/null | grep -q "^$CLAUDE_CODE_VERSION " || return 1
  "$DEST/node_modules/.bin/codex" --version 2>/dev/null | grep -q " $CODEX_VERSION\$" || return 1
}

if ! installed; then
  command -v npm >/dev/null || { echo "install_agent_clis: npm not found on PATH" >&2; exit 2; }
  mkdir -p "$DEST"
  [ -f "$DEST/package.json" ] || echo '{"name": "artifactbench-agent-clis", "private": true}' > "$DEST/package.json"
  echo "install_agent_clis: installing claude-code $CLAUDE_CODE_VERSION and codex $CODEX_VERSION into $DEST" >&2
  npm install --prefix "$DEST" --no-audit --no-fund --loglevel=error \
    "@anthropic-ai/claude-code@$CLAUDE_CODE_VERSION" "@openai/codex@$CODEX_VERSION" >&2
  installed || { echo "install_agent_clis: the installed CLIs do not report the pinned versions" >&2; exit 1; }
fi
echo "$DEST"
