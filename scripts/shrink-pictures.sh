#!/usr/bin/env bash
# Makes the packaged pictures (media/*.png: the README's screenshots and the icon) small: each becomes
# a palette PNG (pngquant, at a quality of 85 to 100, which screenshots of text keep without a visible
# change) and is then recompressed losslessly (zopflipng). Both tools come from Debian, installed when
# missing. Run it after taking new pictures (test/vscode/runner.ts --pictures) or drawing the icon
# (scripts/make-icon.sh) and commit the result: packaging never runs it. A picture already a palette
# is left as pngquant finds it, so running it twice changes nothing that matters.
set -euo pipefail
cd "$(dirname "$0")/.."
if ! command -v pngquant >/dev/null || ! command -v zopflipng >/dev/null; then
  apt-get update -qq
  DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends pngquant zopfli >/dev/null
fi
for picture in media/*.png; do
  before=$(wc -c < "$picture")
  # Exit 98 (a palette would be larger) or 99 (the quality cannot be reached with one): the picture stays as it is.
  status=0
  pngquant --quality=85-100 --speed 1 --strip --skip-if-larger --force --ext .png "$picture" || status=$?
  [ "$status" -eq 0 ] || [ "$status" -eq 98 ] || [ "$status" -eq 99 ]
  zopflipng -y --iterations=15 "$picture" "$picture" >/dev/null
  echo "$picture: $before -> $(wc -c < "$picture") bytes"
done
