#!/usr/bin/env bash
# Usage: scripts/test-check-portable-names.sh (no options)
# Tests scripts/check-portable-names.sh: in scratch git repositories (most without a Package.swift), a clean
# tree passes and each planted problem fails naming the offending pair or path; a scratch build folder with
# a clash fails, one whose only clash sits in checkouts/ passes. A few seconds; .ci/run runs it.
set -euo pipefail
# --help: the comment above (the script's usage), on stdout, exit 0.
if [[ ${1:-} == -h || ${1:-} == --help ]]; then sed -n '2,/^set /p' "$0" | grep '^#' | sed 's/^# \{0,1\}//'; exit 0; fi
if (($#)); then echo "usage: scripts/test-check-portable-names.sh (no options)" >&2; exit 2; fi
check="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)/check-portable-names.sh"
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
failures=0

# repo NAME PATH...: a fresh git repository whose index tracks the given paths (empty files). Written to the
# index only, never to the disk, so the planted clashes survive on macOS and Windows file systems too.
repo() {
  local dir="$work/$1"; shift
  git init -q "$dir"
  local empty f
  empty=$(git -C "$dir" hash-object -w --stdin </dev/null)
  for f in "$@"; do git -C "$dir" update-index --add --cacheinfo "100644,$empty,$f"; done
}

# expect pass|fail LABEL NEEDLE ARGS...: runs the checker; a failure must print NEEDLE (fixed string).
expect() {
  local want=$1 label=$2 needle=$3; shift 3
  local out rc=0
  out=$(bash "$check" "$@" 2>&1) || rc=$?
  if [ "$want" = pass ] && [ "$rc" -eq 0 ]; then echo "ok   $label: $out"; return; fi
  if [ "$want" = fail ] && [ "$rc" -eq 1 ] && grep -qF -- "$needle" <<<"$out"; then
    echo "ok   $label: $(head -1 <<<"$out")"; return
  fi
  echo "FAIL $label: expected $want${needle:+ naming $needle}, got exit $rc:"; sed 's/^/     /' <<<"$out"
  failures=$((failures + 1))
}

repo clean README.md Sources/A/x.swift Sources/B/x.swift docs/a.b.txt "docs/with space.md" Corpus/t/0123abcd
expect pass "clean tree" "" --root "$work/clean"

repo folders A/x a/y
expect fail "folders A/ and a/" "'A' and 'a'" --root "$work/folders"

repo deep src/Lib/One.swift src/lib/Two.swift src/lib/Three.swift
expect fail "nested folders src/Lib and src/lib" "'src/Lib' and 'src/lib' (in src/)" --root "$work/deep"

repo files docs/Readme.md docs/README.md
expect fail "files Readme.md and README.md" "'docs/README.md' and 'docs/Readme.md'" --root "$work/files"

# é precomposed (U+00E9) and decomposed (e + U+0301): one name on macOS.
repo unicode $'caf\xc3\xa9.txt' $'cafe\xcc\x81.txt'
expect fail "NFC and NFD spellings of one name" "differently normalized" --root "$work/unicode"

repo colon f:g
expect fail "colon" "':'" --root "$work/colon"

repo dot dot.
expect fail "trailing dot" "(trailing dot or space): 'dot.'" --root "$work/dot"

repo space "dir /x"
expect fail "trailing space in a folder" "(trailing dot or space): 'dir /x'" --root "$work/space"

repo backslash 'a\b'
expect fail "backslash" "'\\\\'" --root "$work/backslash"

repo reserved docs/nul.txt
expect fail "reserved name nul.txt" "(reserved Windows device name): 'docs/nul.txt'" --root "$work/reserved"

repo com Com1
expect fail "reserved name Com1" "(reserved Windows device name): 'Com1'" --root "$work/com"

repo star 'what?*'
expect fail "? and *" "'*' '?'" --root "$work/star"

# The package's names (swift package dump-package only reads the manifest; the targets need no sources for it).
manifest() { # manifest DIR TARGETS PRODUCTS
  git init -q "$work/$1"
  printf '// swift-tools-version: 6.0\nimport PackageDescription\nlet package = Package(name: "P", products: [%s], targets: [%s])\n' \
    "$3" "$2" >"$work/$1/Package.swift"
  git -C "$work/$1" add Package.swift
}
if command -v swift >/dev/null 2>&1; then
  manifest names-ok '.target(name: "Tool"), .executableTarget(name: "ToolProgram")' \
    '.library(name: "Tool", targets: ["Tool"]), .executable(name: "tool", targets: ["ToolProgram"])'
  expect pass "library product Tool and executable tool (an automatic library writes nothing)" "" --root "$work/names-ok"
  manifest targets '.target(name: "Tool"), .executableTarget(name: "tool")' ''
  expect fail "targets Tool and tool" "target names equal ignoring case: 'Tool' and 'tool'" --root "$work/targets"
  manifest products '.target(name: "Tool"), .executableTarget(name: "ToolProgram")' \
    '.library(name: "Tool", type: .static, targets: ["Tool"]), .executable(name: "tool", targets: ["ToolProgram"])'
  expect fail "static library Tool and executable tool" "product names equal ignoring case: 'Tool' and 'tool'" --root "$work/products"
else
  echo "skip target and product names: no swift on PATH"
fi

# A build folder: SwiftPM's <Target>.build per target.
mkdir -p "$work/scratch/debug/LinkMatch.build" "$work/scratch/debug/Other.build" "$work/scratch/checkouts/dep/X" "$work/scratch/checkouts/dep/x"
expect pass "build folder, clash only under checkouts/" "" --build "$work/scratch"
mkdir -p "$work/scratch/debug/linkmatch.build"
if [ -d "$work/scratch/debug/LINKMATCH.BUILD" ]; then
  echo "skip build folder clash: this file system ignores case, so the clash cannot be planted on disk"
else
  expect fail "build folder LinkMatch.build and linkmatch.build" "'debug/LinkMatch.build' and 'debug/linkmatch.build'" --build "$work/scratch"
fi

if [ "$failures" -ne 0 ]; then echo "test-check-portable-names: $failures case(s) failed"; exit 1; fi
echo "test-check-portable-names: all cases passed"
