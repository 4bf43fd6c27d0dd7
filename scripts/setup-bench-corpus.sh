#!/usr/bin/env bash
# Installs what `npm run bench` measures maps against: universal-ctags (the recall reference), Ruby
# and Go (their own parsers, Ripper and go/ast, are the second reference; Python's ast and the
# TypeScript compiler come with the machine and npm) and Debian packages whose real source files
# make the corpus (Go's standard library, Ruby's, PEAR, bash-completion, ucf, jQuery, zlib's
# examples; Python's standard library and libstdc++'s headers come with the machine) and the files
# outside it (test/bench/outside.ts: cobra and pflag, serde and regex-syntax, nettle's and libpng's
# examples, git's credential helpers, googletest, Thor and Rack, Symfony Console, Penlight,
# neofetch, dkms, debootstrap, shunit2, OCaml's standard library), the headers and Rake the prose
# tests read (expat's ASCII-art title, bzlib's box, Rake's section banner), and click, whose overview
# the overview's tests read. Then the npm packages the tests and the bench read as real third-party
# files (test/corpus.json: express and router, Capacitor's Java, Kotlin, Swift and Objective-C,
# edge-js's C#, OpenZeppelin's Solidity, zigar's Zig, MSAL's TypeScript and minified bundle, …), at
# their exact versions, packed from npm and unpacked without their dependencies or install scripts
# into $SKIM_CORPUS (default ~/.cache/skim-corpus), one folder NAME@VERSION each, outside the
# project's dependencies (test/support/corpus.ts finds them). Idempotent.
set -euo pipefail
PACKAGES="universal-ctags golang-1.19-src libruby3.1 php-pear bash-completion libjs-jquery zlib1g-dev python3.11 libstdc++-12-dev ucf
  ruby3.1 ruby golang-1.19-go golang-github-spf13-cobra-dev golang-github-spf13-pflag-dev librust-serde-dev librust-regex-syntax-dev
  nettle-dev libpng-dev git libgtest-dev ruby-thor ruby-rack php-symfony-console lua-penlight neofetch dkms debootstrap shunit2 ocaml
  libexpat1-dev libbz2-dev rake python3-click"
missing=""
for p in $PACKAGES; do dpkg -s "$p" >/dev/null 2>&1 || missing="$missing $p"; done
if [ -n "$missing" ]; then
  apt-get update -qq
  DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends $missing >/dev/null
fi
CORPUS=${SKIM_CORPUS:-$HOME/.cache/skim-corpus}
mkdir -p "$CORPUS"
specs=$(node -e 'for (const [name, version] of Object.entries(require(process.argv[1]))) console.log(`${name}@${version}`)' "$(cd "$(dirname "$0")/.." && pwd)/test/corpus.json")
for spec in $specs; do
  [ -f "$CORPUS/$spec/package.json" ] && continue
  work=$(mktemp -d "$CORPUS/.unpacking-XXXXXX")
  (cd "$work" && npm pack --silent "$spec" >/dev/null)
  mkdir "$work/package"
  tar --warning=no-unknown-keyword -xzf "$work"/*.tgz -C "$work/package" --strip-components=1
  mkdir -p "$(dirname "$CORPUS/$spec")"
  mv "$work/package" "$CORPUS/$spec"
  rm -rf "$work"
done
echo "bench corpus ready (npm packages in $CORPUS)"
