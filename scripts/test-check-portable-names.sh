#!/usr/bin/env bash
# Tests scripts/check-portable-names.sh: in scratch git repositories (no Package.swift, so no SwiftPM run), a clean
# tree passes and each planted problem fails naming the offending pair or path; a scratch build folder with
# a clash fails, one whose only clash sits in checkouts/ passes. A few seconds; .ci/run runs it.
set -euo pipefail
check="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)/check-portable-names.sh"
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
failures=0

# repo NAME FILE...: a fresh git repository holding the given (empty) files, all committed.
repo() {
  local dir="$work/$1"; shift
  git init -q "$dir"
  local f
  for f in "$@"; do mkdir -p "$dir/$(dirname -- "$f")"; : >"$dir/$f"; done
  git -C "$dir" add -A
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
  repo "$1" Package.swift
  printf '// swift-tools-version: 6.0\nimport PackageDescription\nlet package = Package(name: "P", products: [%s], targets: [%s])\n' \
    "$3" "$2" >"$work/$1/Package.swift"
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
expect fail "build folder LinkMatch.build and linkmatch.build" "'debug/LinkMatch.build' and 'debug/linkmatch.build'" --build "$work/scratch"

if [ "$failures" -ne 0 ]; then echo "test-check-portable-names: $failures case(s) failed"; exit 1; fi
echo "test-check-portable-names: all cases passed"
