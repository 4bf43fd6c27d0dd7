#!/usr/bin/env bash
# Installs the real services the tests and the CLI use, from Debian's archive: ripgrep (what
# `skim search` runs; VS Code ships its own) and PostgreSQL (the team cache's tests start their
# own server in a temp folder; nothing is started here). Idempotent: a second run only checks.
set -euo pipefail
PACKAGES="ripgrep git postgresql"
missing=""
for p in $PACKAGES; do dpkg -s "$p" >/dev/null 2>&1 || missing="$missing $p"; done
if [ -n "$missing" ]; then
  SUDO=""
  [ "$(id -u)" -eq 0 ] || SUDO="sudo"
  $SUDO apt-get update -qq
  DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq --no-install-recommends $missing >/dev/null
fi
echo "services ready: $(rg --version | sed -n 1p); PostgreSQL $(ls /usr/lib/postgresql)"
