#!/usr/bin/env bash
# The nightly fuzzing job (run by .github/workflows/nightly-fuzz.yml, or by hand):
#   scripts/nightly.sh [--seconds N] [--asan]
# Fuzzes every target for N seconds (default 600), adds new coverage to Corpus/<target>/merged/ and
# stores minimized failures with readable twins in Corpus/<target>/regressions/ (both via fuzz.sh), then
# writes fuzz-artifacts/nightly-report.md: one section per new regression with its readable case, ready
# to be an issue body. Exit 0 nothing found, 1 failures found (report written), 2 errors.
set -uo pipefail
source "$(dirname "${BASH_SOURCE[0]}")/fuzz-common.sh"

seconds=600 asan=()
while (($#)); do
    case $1 in
        --seconds) seconds=${2:?}; shift ;;
        --asan) asan=(--asan) ;;
        *) sed -n '2,7p' "$0" | sed 's/^# //' >&2; exit 2 ;;
    esac
    shift
done

list_regressions() { find "$ROOT"/Corpus/*/regressions -type f ! -name '*.json' 2>/dev/null | LC_ALL=C sort; }
before=$(mktemp)
list_regressions >"$before"
"$ROOT/scripts/fuzz.sh" --seconds "$seconds" --merge "${asan[@]}"
status=$?
report="$ROOT/fuzz-artifacts/nightly-report.md"
mkdir -p "$(dirname "$report")"
new=$(list_regressions | comm -13 "$before" -)
rm -f "$before"
{
    echo "# Nightly fuzzing: $(date -u +%Y-%m-%d)"
    echo
    echo "Every target fuzzed ${seconds}s${asan:+ with AddressSanitizer}; fuzz.sh exit status $status."
    if [[ -z $new ]]; then
        echo
        echo "No new failures."
    fi
    for file in $new; do
        echo
        echo "## ${file#"$ROOT"/}"
        echo
        echo "Replay: \`scripts/repro.sh ${file#"$ROOT"/}\`"
        echo
        echo '```json'
        cat "$file.json"
        echo '```'
    done
} >"$report"
echo "report: ${report#"$ROOT"/}"
exit "$status"
