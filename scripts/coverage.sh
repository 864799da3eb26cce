#!/usr/bin/env bash
# How much of the library (the modules under Sources/{Core,ReferenceEngine,CompiledEngine,Tooling})
# the committed corpus alone reaches:
#   scripts/coverage.sh [--summary-line] [--out DIR]
# Builds every fuzz-<target> WITHOUT libFuzzer (its weak main then replays the files it is given, see
# Sources/Fuzz/include/linkmatch_fuzz_target.h) with source-based coverage (-profile-generate
# -profile-coverage-mapping; debug, own scratch folder .build-coverage), replays
# Corpus/<target>/{seeds,merged,regressions} through it, merges the profiles (llvm-profdata) and writes,
# under DIR (default fuzz-artifacts/coverage, gitignored):
#   summary.txt      per-file regions, functions, lines and branches of the library (llvm-cov report)
#   unreached.txt    the lines of the library no corpus input executes, as ranges per file
#   html/index.html  the sources annotated with execution counts
#   replay-<target>.log  what each replay printed
# then prints summary.txt, the unreached-line count per file, and the totals LAST.
# --summary-line prints only one line (for the nightly report), e.g.
#   corpus coverage of the library: lines 85.59% (2965/3464), regions 83.16% (1733/2084), ...
# Branches: swiftc records coverage regions but no branch regions, so the branch columns of llvm-cov
# stay empty for Swift; the region figures count every arm of an if, guard or switch separately.
# The report is written into a new folder that replaces DIR only when complete. Corpus/ is only read.
# Exit 0 report written; 1 report written but a corpus input failed its check (see replay logs); 2 error.
# No -e: a replay that fails its check (exit 1) is reported and the report still written.
set -uo pipefail
# --help: the comment above (the script's usage), on stdout, exit 0.
if [[ ${1:-} == -h || ${1:-} == --help ]]; then sed -n '2,/^set /p' "$0" | grep '^#' | sed 's/^# \{0,1\}//'; exit 0; fi
source "$(dirname "${BASH_SOURCE[0]}")/fuzz-common.sh"

summary_only=0 out="$ROOT/fuzz-artifacts/coverage"
while (($#)); do
    case $1 in
        --summary-line) summary_only=1 ;;
        --out) out=${2:?}; shift ;;
        *) sed -n '2,20p' "$0" | sed 's/^# \{0,1\}//' >&2; exit 2 ;;
    esac
    shift
done
out=$(mkdir -p "$out" && cd "$out" && pwd) || exit 2

# The LLVM tools that match the Swift compiler's profile format: the ones next to swift.
swift_bin=$(dirname "$(readlink -f "$(command -v swift)")")
profdata=$swift_bin/llvm-profdata llvm_cov=$swift_bin/llvm-cov
for tool in "$profdata" "$llvm_cov"; do
    [[ -x $tool ]] || { echo "error: $tool not found (it ships with the Swift toolchain)" >&2; exit 2; }
done

say() { ((summary_only)) || echo "$@"; }
work="$out.new-$$"
rm -rf "$work"
mkdir -p "$work/profiles"
trap 'rm -rf "$work"' EXIT
trap 'exit 130' INT TERM

load_targets >"$work/tool-build.log" 2>&1 || { cat "$work/tool-build.log" >&2; exit 2; }
scratch=.build-coverage
binaries=()
for target in "${TARGETS[@]}"; do
    say "== $target: building with coverage ($scratch)"
    if ! (cd "$ROOT" && swift build --scratch-path "$scratch" --product "fuzz-$target" \
        -Xswiftc -profile-generate -Xswiftc -profile-coverage-mapping) >"$work/build.log" 2>&1; then
        cat "$work/build.log" >&2
        echo "error: building fuzz-$target with coverage failed" >&2
        exit 2
    fi
    binaries+=("$ROOT/$scratch/debug/fuzz-$target")
done

failed=0
for target in "${TARGETS[@]}"; do
    parts=()
    for part in seeds merged regressions; do
        [[ -d $ROOT/Corpus/$target/$part ]] && parts+=("$ROOT/Corpus/$target/$part")
    done
    ((${#parts[@]})) || { say "== $target: no corpus"; continue; }
    # %p: one profile per process, so nothing is overwritten if a replayer ever starts another.
    LLVM_PROFILE_FILE="$work/profiles/$target-%p.profraw" "$ROOT/$scratch/debug/fuzz-$target" "${parts[@]}" \
        >"$work/replay-$target.log" 2>&1
    status=$?
    say "== $target: $(grep -a -o 'replayed .*' "$work/replay-$target.log" | tail -1)"
    if ((status == 1)); then
        failed=1
        echo "warning: some $target corpus inputs fail their check: see $out/replay-$target.log" >&2
    elif ((status != 0)); then
        cat "$work/replay-$target.log" >&2
        echo "error: replaying the $target corpus failed (exit $status)" >&2
        exit 2
    fi
done

"$profdata" merge -sparse "$work"/profiles/*.profraw -o "$work/corpus.profdata" || exit 2
objects=("${binaries[0]}")
for bin in "${binaries[@]:1}"; do objects+=(-object "$bin"); done
# The library: the five modules the umbrella LinkMatch re-exports (Sources/LinkMatch itself holds only
# the re-exports).
sources=("$ROOT/Sources/Core" "$ROOT/Sources/ReferenceEngine" "$ROOT/Sources/Model" "$ROOT/Sources/CompiledEngine" "$ROOT/Sources/Tooling")
"$llvm_cov" report -instr-profile="$work/corpus.profdata" "${objects[@]}" -show-branch-summary \
    "${sources[@]}" >"$work/summary.txt" 2>"$work/llvm-cov.log" || { cat "$work/llvm-cov.log" >&2; exit 2; }
"$llvm_cov" show -instr-profile="$work/corpus.profdata" "${objects[@]}" -format=html -output-dir="$work/html" \
    -show-line-counts-or-regions -show-branches=count "${sources[@]}" 2>>"$work/llvm-cov.log" || {
    cat "$work/llvm-cov.log" >&2
    exit 2
}
# Unreached lines: `show` prints "<line>|<count>|<source>" under a "<file>:" header; a count of 0 means
# the line has code and no input ran it. Consecutive lines are joined into ranges.
"$llvm_cov" show -instr-profile="$work/corpus.profdata" "${objects[@]}" -use-color=false "${sources[@]}" \
    2>>"$work/llvm-cov.log" | awk -v root="$ROOT/" '
    function flush() { if (range != "") { ranges = ranges (ranges == "" ? "" : ", ") range; range = "" } }
    function finish() {
        flush()
        if (file != "" && count > 0) printf "%s (%d lines): %s\n", file, count, ranges
        ranges = ""; count = 0
    }
    /^\/.*:$/ { finish(); file = substr($0, 1, length($0) - 1); sub(root, "", file); last = -2; next }
    match($0, /^ *[0-9]+\| *0\|/) {
        split($0, f, "|"); line = f[1] + 0; count++
        if (line == last + 1) { sub(/-[0-9]+$/, "", range); range = (range == "" ? line : range) "-" line }
        else { flush(); range = line }
        last = line
    }
    END { finish() }' >"$work/unreached.txt"

# The TOTAL row of llvm-cov report: regions, missed, cover, functions, missed, executed, lines, missed,
# cover, branches, missed, cover.
read -r _ regions regions_missed _ functions functions_missed _ lines lines_missed _ branches branches_missed _ \
    < <(grep -a '^TOTAL' "$work/summary.txt")
percent() { awk -v n="$1" -v d="$2" 'BEGIN { if (d > 0) printf "%.2f%%", 100 * n / d; else printf "-" }'; }
figure() { echo "$(percent $(($2 - $3)) "$2") ($(($2 - $3))/$2)"; }
# swiftc (6.3) emits coverage regions but no branch regions, so llvm-cov counts 0 branches for Swift
# code; say so instead of printing 0/0. Regions count each arm of an if/switch/guard separately.
branch_figure() { if (($1 > 0)); then figure branches "$1" "$2"; else echo "n/a (swiftc records no branch regions; see regions)"; fi; }
line="corpus coverage of the library: lines $(figure lines "$lines" "$lines_missed"),"
line+=" regions $(figure regions "$regions" "$regions_missed"),"
line+=" functions $(figure functions "$functions" "$functions_missed"), branches $(branch_figure "$branches" "$branches_missed")"
echo "$line" >"$work/totals.txt"

# Swap the finished report in.
rm -rf "$out.old-$$"
mv "$out" "$out.old-$$" && mv "$work" "$out" && rm -rf "$out.old-$$"
trap - EXIT

if ((summary_only)); then
    echo "$line"
else
    grep -a -v '^TOTAL' "$out/summary.txt" | sed "s|$ROOT/||"
    echo
    echo "Unreached lines per file (ranges in ${out#"$ROOT"/}/unreached.txt; annotated sources in ${out#"$ROOT"/}/html/index.html):"
    sed -E 's/: .*//' "$out/unreached.txt" | sed 's/^/  /'
    echo
    grep -a '^TOTAL' "$out/summary.txt"
    echo "$line"
fi
exit $((failed ? 1 : 0))
