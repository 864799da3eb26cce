#!/usr/bin/env bash
# Callgrind instruction counts per operation for the bench rows issue 33 names: every pattern row
# (one match), every decision row (one decision), and parse + compile against the JSON read alone
# for the 100-rule, 1,000-rule, testwiki, facebook and twitter rows.
#
# Method (docs/PERFORMANCE.md, "Where the time goes"): the release bench runs a row with
# `--quick --only ROW --profile N CELL`, so the cells of kind CELL run their body N times and every
# other cell once; a second run with 2N differs only by N more bodies, so
#   instructions per operation = (Ir(2N) - Ir(N)) / (N x operations per body),
# where the bench prints "operations per body" on standard error in profile mode.
#
# Usage: scripts/count-instructions.sh [ROW-FILTER]   (run from the repository; needs valgrind)
#   ROW-FILTER: only the lines of the list below whose row contains it (e.g. `100-rule`).
#   SKIP_BUILD=1 (environment) uses the existing release build; BENCH=PATH counts another build of
#   linkmatch-bench (say, main's, for a before and after) and implies SKIP_BUILD=1.
# The smaller repeat count N is per kind of cell, large enough that what runs once (and so
# cancels out) is small beside N bodies; hashing is made deterministic so both runs do the same
# once-only work.
set -eu

usage() {
    cat <<'USAGE'
usage: scripts/count-instructions.sh [ROW-FILTER]
Callgrind instructions per match, per decision, and per parse + compile beside the JSON read, for
the bench rows issue 33 names (docs/PERFORMANCE.md, "Where the time goes"). ROW-FILTER keeps the
rows whose name contains it. Environment: SKIP_BUILD=1 uses the existing release build; BENCH=PATH
counts that linkmatch-bench instead.
USAGE
}
case "${1:-}" in
    -h | --help) usage; exit 0 ;;
    -*) usage >&2; exit 2 ;;
esac
if [ $# -gt 1 ]; then usage >&2; exit 2; fi

cd "$(dirname "$0")/.."
filter="${1:-}"
export SWIFT_DETERMINISTIC_HASHING=1
command -v valgrind >/dev/null || { echo "count-instructions: valgrind is not installed (apt-get install valgrind)" >&2; exit 2; }
bench="${BENCH:-.build/release/linkmatch-bench}"
if [ "${SKIP_BUILD:-0}" != 1 ] && [ -z "${BENCH:-}" ]; then
    swift build -c release --product linkmatch-bench >&2
fi
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
# valgrind 3.19 cannot read Swift 6.3's DWARF: count on a copy without it.
objcopy --strip-debug "$bench" "$work/bench"

# Instructions of one run: ROW CELL REPEATS. Prints "IR OPS".
run() {
    # The real-world files of this tree, named explicitly: a BENCH built elsewhere may point at a
    # folder that is gone.
    valgrind --tool=callgrind --callgrind-out-file="$work/out" "$work/bench" --quick --only "$1" --profile "$3" "$2" \
        --real-world "$PWD/TestData/real-world-aasa" \
        >/dev/null 2>"$work/err"
    local ir ops
    ir="$(sed -n 's/^summary: *//p' "$work/out")"
    ops="$(sed -n 's/^profile: cell .* ops //p' "$work/err" | head -n 1)"
    [ -n "$ir" ] && [ -n "$ops" ] || { echo "count-instructions: no count for '$1' $2" >&2; cat "$work/err" >&2; exit 1; }
    echo "$ir $ops"
}

# Instructions per operation of ROW's CELL.
per_op() {
    local a b n
    local format="%.1f" # a match or a decision: one decimal, so rounding does not flip a count between builds
    case "$2" in match) n=50000 ;; decision) n=50 ;; *) n=20; format="%.0f" ;; esac
    a="$(run "$1" "$2" "$n")"
    b="$(run "$1" "$2" $((2 * n)))"
    echo "$a $b" | awk -v n="$n" -v format="$format" '{ printf format, ($3 - $1) / (n * $2) }'
}

# Bench row filter (a part of the row's name) and the label printed for it.
patterns=(
    "literal \`/help/website/faq\`|literal /help/website/faq"
    "\`/buy/*\`|/buy/*"
    "\`*/checkout\`|*/checkout"
    "\`/id/????\`|/id/????"
    "\`/\$(lang)_\$(region)/\$(food)/\`|/\$(lang)_\$(region)/\$(food)/"
    "\`/a/*/b/?*/c\`|/a/*/b/?*/c"
    "adversarial \`*a|*a*a*a*a*a*a*a*a*b, 512 a's"
    "adversarial via automaton|\$(one)*a*a*a*a*a*a*a*b, 512 a's"
)
decisions=(
    "100-rule|100-rule document"
    "1,000-rule|1,000-rule document"
    "food file with variables|WWDC20 food file with variables"
    "real-world testwiki|testwiki.json"
    "real-world facebook|facebook-signed-pkcs7.json"
    "real-world twitter|twitter-signed-pkcs7.json"
)
documents=(
    "100-rule|100-rule document"
    "1,000-rule|1,000-rule document"
    "real-world testwiki|testwiki.json"
    "real-world facebook|facebook-signed-pkcs7.json"
    "real-world twitter|twitter-signed-pkcs7.json"
)

# Name what was counted: this tree's commit for its own build, or the binary BENCH named (whose
# commit this script cannot know).
if [ -n "${BENCH:-}" ]; then counted="binary $BENCH"; else counted="commit $(git rev-parse --short HEAD)"; fi
echo "instructions per operation (callgrind; N and 2N repeats: match 50000, decision 50, read and parse 20; $counted)"
echo
echo "| pattern row | one match |"
echo "| --- | ---: |"
for line in "${patterns[@]}"; do
    row="${line%%|*}"; label="${line#*|}"
    case "$row" in *"$filter"*) echo "| \`$label\` | $(per_op "$row" match) |" ;; esac
done
echo
echo "| decision row | one decision |"
echo "| --- | ---: |"
for line in "${decisions[@]}"; do
    row="${line%%|*}"; label="${line#*|}"
    case "$row" in *"$filter"*) echo "| $label | $(per_op "$row" decision) |" ;; esac
done
echo
echo "| document | JSON read | parse + compile | ratio | through the model |"
echo "| --- | ---: | ---: | ---: | ---: |"
for line in "${documents[@]}"; do
    row="${line%%|*}"; label="${line#*|}"
    case "$row" in
        *"$filter"*)
            read_ir="$(per_op "$row" read)"
            parse_ir="$(per_op "$row" parse)"
            model_ir="$(per_op "$row" model)"
            echo "| $label | $read_ir | $parse_ir | $(awk -v a="$parse_ir" -v b="$read_ir" 'BEGIN { printf "%.2fx", a / b }') | $model_ir |"
            ;;
    esac
done
