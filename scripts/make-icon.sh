#!/usr/bin/env bash
# Draws the extension's icon (media/icon.png, 256x256, the one package.json names) from
# media/skim.svg with librsvg's rsvg-convert from Debian, installed when missing. Run it after
# changing the SVG and commit both files: packaging never draws it.
set -euo pipefail
cd "$(dirname "$0")/.."
if ! command -v rsvg-convert >/dev/null; then
  apt-get update -qq
  DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends librsvg2-bin >/dev/null
fi
rsvg-convert --width 256 --height 256 --keep-aspect-ratio media/skim.svg --output media/icon.png
echo "media/icon.png: $(wc -c < media/icon.png) bytes"
