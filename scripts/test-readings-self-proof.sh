#!/usr/bin/env bash
# The readings catalogue proven on itself (issue 20): for every reading X, `linkmatch fuzz` against
# `linkmatch conformance --reading X` (a real child process speaking the protocol, as another matcher
# would) finds exactly one class (a cause: variants are counted under it), and it names X; and a
# program with two readings gets their two classes (one pair about documents, one about URLs). Cases per reading: --cases (default 400, seed 1); the time each took is printed.
# Usage: scripts/test-readings-self-proof.sh [--linkmatch BIN] [--cases N] [--jobs N]
# BIN defaults to the release linkmatch of the card check's fuzzer build (.build-fuzz/release/linkmatch,
# which .ci/run has just built), else .build/release/linkmatch, built when missing. Exit 0 when every
# reading passed, 1 otherwise, 2 on a usage error.
set -euo pipefail
# --help: the comment above (the script's usage), on stdout, exit 0.
if [[ ${1:-} == -h || ${1:-} == --help ]]; then sed -n '2,/^set /p' "$0" | grep '^#' | sed 's/^# \{0,1\}//'; exit 0; fi
cd "$(dirname "${BASH_SOURCE[0]}")/.."

bin="" cases=400 jobs=$(nproc)
while (($#)); do
    case $1 in
        --linkmatch) bin=${2:?}; shift 2 ;;
        --cases) cases=${2:?}; shift 2 ;;
        --jobs) jobs=${2:?}; shift 2 ;;
        *) echo "usage: scripts/test-readings-self-proof.sh [--linkmatch BIN] [--cases N] [--jobs N]" >&2; exit 2 ;;
    esac
done
if [[ -z $bin ]]; then
    if [[ -x .build-fuzz/release/linkmatch ]]; then bin=.build-fuzz/release/linkmatch; else
        swift build -c release --product linkmatch >/dev/null
        bin=.build/release/linkmatch
    fi
fi
bin=$(cd "$(dirname "$bin")" && pwd)/$(basename "$bin")
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

# prove NAME EXPECTED...: one fuzz run against `conformance --reading NAME` (NAME may be A+B); the
# classes found must be exactly the EXPECTED readings, one class each. Prints one line, ok or FAIL.
prove() {
    local name=$1; shift
    local dir="$work/$name" start status=0
    mkdir -p "$dir"
    start=$(date +%s%N)
    "$bin" fuzz --program "'$bin' conformance --reading $name" --cases "$cases" --seed 1 --report "$dir/report" \
        >"$dir/out" 2>&1 || status=$?
    local ms=$((($(date +%s%N) - start) / 1000000))
    local found expected
    # Causes only: a variant (a pair of readings holding one found alone) counts under its base.
    found=$(grep '"variantOf":null' "$dir/report/classes.jsonl" 2>/dev/null | grep -o '"readings":\[[^]]*\]' | sort | paste -s -d ' ' - || true)
    expected=$(for r in "$@"; do echo "\"readings\":[\"$r\"]"; done | sort | paste -s -d ' ' -)
    if ((status == 1)) && [[ $found == "$expected" ]]; then
        printf 'ok   %s: %s cases, %d.%d s\n' "$name" "$cases" $((ms / 1000)) $((ms % 1000 / 100))
    else
        printf 'FAIL %s: exit %s, classes found: %s (expected %s)\n' "$name" "$status" "${found:-none}" "$expected"
        tail -5 "$dir/out" | sed 's/^/     /'
    fi
}

mapfile -t readings < <("$bin" conformance --readings-markdown | grep -o '^| `[a-z0-9-]*`' | tr -d '|` ')
((${#readings[@]} >= 20)) || { echo "only ${#readings[@]} readings listed by $bin conformance --readings-markdown" >&2; exit 1; }
echo "readings self-proof: ${#readings[@]} readings, $cases cases each (seed 1), $jobs at a time, with $bin"
for r in "${readings[@]}"; do
    while (($(jobs -rp | wc -l) >= jobs)); do wait -n || true; done
    prove "$r" "$r" >"$work/$r.line" &
done
# Two deviations in one program: two classes, one per reading, not one per feature combination;
# once for the document and once for the URL (issue 29's readings of U2-U5).
prove "no-parent-path+variables-literal" no-parent-path variables-literal >"$work/pair.line" &
prove "any-scheme+valueless-query-items-dropped" any-scheme valueless-query-items-dropped >"$work/url-pair.line" &
wait
cat "$work"/*.line
failed=$(cat "$work"/*.line | grep -c '^FAIL' || true)
echo "readings self-proof: $((${#readings[@]} + 2 - failed)) passed, $failed failed"
((failed == 0))
