#!/usr/bin/env bash
# Installs the agent CLIs the hook's end-to-end tests drive (Claude Code and the GitHub Copilot CLI,
# both from npm, each shipping its native binary in a platform package), outside the project.
#
#   bash scripts/setup-agent-clis.sh      # into $SKIM_AGENT_CLIS (default ~/.cache/skim-agent-clis)
set -euo pipefail
DIR=${SKIM_AGENT_CLIS:-${XDG_CACHE_HOME:-$HOME/.cache}/skim-agent-clis}
mkdir -p "$DIR"
cd "$DIR"
[ -f package.json ] || echo '{"private":true}' > package.json
npm install --no-audit --no-fund @anthropic-ai/claude-code@2.1.332 @github/copilot@1.0.102 >/dev/null
echo "agent CLIs ready in $DIR"
