#!/usr/bin/env bash
# Installs what `npm run bench` measures maps against: universal-ctags (the recall reference) and
# Debian packages whose real source files make the corpus (Go's standard library, Ruby's, PEAR,
# bash-completion, ucf, jQuery, zlib's examples; Python's standard library and libstdc++'s headers
# come with the machine). Idempotent.
set -euo pipefail
PACKAGES="universal-ctags golang-1.19-src libruby3.1 php-pear bash-completion libjs-jquery zlib1g-dev python3.11 libstdc++-12-dev ucf"
missing=""
for p in $PACKAGES; do dpkg -s "$p" >/dev/null 2>&1 || missing="$missing $p"; done
if [ -n "$missing" ]; then
  apt-get update -qq
  DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends $missing >/dev/null
fi
echo "bench corpus ready"
