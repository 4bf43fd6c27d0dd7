#!/usr/bin/env bash
# Installs the agent CLIs the hook's end-to-end tests drive (Claude Code, the GitHub Copilot CLI, the
# Codex CLI and the Gemini CLI, all from npm; the first three ship a native binary in a platform
# package), outside the project.
#
#   bash scripts/setup-agent-clis.sh      # into $SKIM_AGENT_CLIS (default ~/.cache/skim-agent-clis)
set -euo pipefail
DIR=${SKIM_AGENT_CLIS:-${XDG_CACHE_HOME:-$HOME/.cache}/skim-agent-clis}
mkdir -p "$DIR"
cd "$DIR"
[ -f package.json ] || echo '{"private":true}' > package.json
npm install --no-audit --no-fund @anthropic-ai/claude-code@2.1.332 @github/copilot@1.0.102 @openai/codex@0.171.0 \
  @google/gemini-cli@0.61.0 >/dev/null
echo "agent CLIs ready in $DIR"
