#!/usr/bin/env bash
# The nightly fuzzing job (by hand, or in CI): fuzz.sh on every core with --merge, then a report. Usage: below.
set -euo pipefail
source "$(dirname "${BASH_SOURCE[0]}")/fuzz-common.sh"
# The rest is one compound command, read whole before it runs: bash reads a script a command at a
# time, and a stop signal whose trap runs while it is reading a `$(` breaks that read (as in fuzz.sh).
{

# usage [STATUS]: the help text, on stdout for --help (exit 0), else on stderr (exit 2).
usage() {
    local status=${1:-2} fd=2
    ((status == 0)) && fd=1
    cat >&"$fd" <<'EOF'
scripts/nightly.sh [--seconds N] [--jobs N] [--asan]

Fuzzes every target for N seconds (default: each target's nightly budget, FuzzTarget.nightlySeconds) with N processes (default: nproc) in libFuzzer's fork
mode, adds new coverage to Corpus/<target>/merged/ and stores deduplicated, minimized failures with
readable twins in Corpus/<target>/regressions/ (both via scripts/fuzz.sh), then writes
fuzz-artifacts/nightly-report.md: one section per new regression with its readable case, ready to be
an issue body. SIGINT/SIGTERM stop the whole job and leave Corpus/ as it was (no report).
Exit 0 nothing found, 1 failures found (report written), 2 errors, 130/143 interrupted.
EOF
    exit "$status"
}

seconds="" extra=()
while (($#)); do
    case $1 in
        --seconds) seconds=${2:?}; shift ;;
        --jobs) extra+=(--jobs "${2:?}"); shift ;;
        --asan) extra+=(--asan) ;;
        -h | --help) usage 0 ;;
        *) usage ;;
    esac
    shift
done
[[ -z $seconds || $seconds =~ ^[0-9]+$ ]] || { echo "not a number: $seconds" >&2; exit 2; }
if [[ -n $seconds ]]; then budget=(--seconds "$seconds"); else budget=(--budget nightly); fi
load_targets || exit 2 # builds the corpus tool once; fuzz.sh reuses it (LINKMATCH_FUZZ_TOOL)

# fuzz.sh runs as a child in its own session: a signal here is passed on to it (its own traps restore
# Corpus/), and this script stops too instead of writing a report of a run that did not finish.
stop_traps

list_regressions() { find "$ROOT"/Corpus/*/regressions -type f ! -name '*.json' 2>/dev/null | LC_ALL=C sort || true; }
before=$(mktemp)
trap 'rm -f "$before"' EXIT
list_regressions >"$before"
status=0
run_child "$ROOT/scripts/fuzz.sh" --merge "${budget[@]}" ${extra[@]+"${extra[@]}"} || status=$?
report="$ROOT/fuzz-artifacts/nightly-report.md"
mkdir -p "$(dirname "$report")"
new=()
while IFS= read -r file; do new+=("$file"); done < <(list_regressions | comm -13 "$before" -)
{
    echo "# Nightly fuzzing: $(date -u +%Y-%m-%d)"
    echo
    echo "Every target fuzzed (scripts/fuzz.sh --merge ${budget[*]}${extra[*]:+ ${extra[*]}}); exit status $status."
    echo
    # What the corpus, merged/ included, now reaches of the library (a plain replay with source coverage).
    "$ROOT/scripts/coverage.sh" --summary-line 2>/dev/null || echo "corpus coverage: scripts/coverage.sh failed"
    if ((${#new[@]} == 0)); then
        echo
        echo "No new failures."
    fi
    for file in "${new[@]}"; do
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
}
