#!/usr/bin/env bash
# Installs the real services the tests and the CLI use, from Debian's archive: ripgrep (what
# `skim search` runs; VS Code ships its own). Idempotent: a second run only checks what is there.
set -euo pipefail
PACKAGES="ripgrep git"
missing=""
for p in $PACKAGES; do dpkg -s "$p" >/dev/null 2>&1 || missing="$missing $p"; done
if [ -n "$missing" ]; then
  SUDO=""
  [ "$(id -u)" -eq 0 ] || SUDO="sudo"
  $SUDO apt-get update -qq
  DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq --no-install-recommends $missing >/dev/null
fi
echo "services ready: $(rg --version | head -1)"
