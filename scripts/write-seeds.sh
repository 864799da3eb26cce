#!/usr/bin/env bash
# Regenerates Corpus/<target>/seeds/ (with readable twins) and Corpus/<target>.dict:
#   scripts/write-seeds.sh [--real-world DIR] [--show all]
# Sources: TestData/vectors/spec-examples.json (hand-written from SPEC.md), TestData/vectors/conformance.json
# (every case), the real-world AASA files in TestData/real-world-aasa (parser seeds: the files themselves;
# document and part seeds: their first rules against INDEX.md's sample URLs) and the hand-made part cases in
# Sources/Fuzz/CorpusTool/HandmadeSeeds.swift. Run it after changing the seed byte format
# (LinkMatchFuzzing) and commit the result. Exit 1 if a spec or conformance case cannot be encoded.
# No -e needed: the only command's status is the script's.
set -uo pipefail
# --help: the comment above (the script's usage), on stdout, exit 0.
if [[ ${1:-} == -h || ${1:-} == --help ]]; then sed -n '2,/^set /p' "$0" | grep '^#' | sed 's/^# \{0,1\}//'; exit 0; fi
source "$(dirname "${BASH_SOURCE[0]}")/fuzz-common.sh"
tool=$(tool_build) || exit 2
"$tool" write-seeds --root "$ROOT" "$@"
