#!/usr/bin/env bash
# Fuzz LinkMatch with libFuzzer.
#
#   scripts/fuzz.sh [TARGET...] [--seconds N] [options]
#
# With no TARGET every target is fuzzed for --seconds (default 15) each: the "main job", under two
# minutes including an incremental build. For each target it builds the libFuzzer binary (release,
# .build-fuzz), fuzzes with the committed corpus (seeds/, merged/, regressions/) and Corpus/<target>.dict,
# and on a crash, hang or out-of-memory it minimizes the input, stores it as
# Corpus/<target>/regressions/<name> with its readable twin <name>.json, prints the readable case and
# exits 1. `swift test` replays regressions/ forever after (CorpusReplayTests).
#
# It never writes into Corpus/ while fuzzing: libFuzzer starts from a copy and writes new inputs to
# fuzz-artifacts/ (gitignored). Files reach Corpus/ only by moving in what this run created: a stored
# regression (`mv -n`, never over an existing file) or, with --merge, a new merged/ (the old one is
# moved into the run folder). seeds/ and existing regressions are never modified.
#
# Options:
#   --seconds N     fuzzing time per target (default 15)
#   --asan          AddressSanitizer build (.build-fuzz-asan), slower, finds memory errors in C/unsafe code
#   --merge         afterwards recompute Corpus/<target>/merged/ (set-cover merge of merged/ and the new
#                   inputs over seeds/ and regressions/; see merge_corpus)
#   --name NAME     name for a stored regression (default: <target>-<what broke>-<hash>)
#   --mutant NAME   swap a planted-mistake engine in as the candidate (LINKMATCH_FUZZ_MUTANT); findings
#                   are kept in fuzz-artifacts/ only, never stored as regressions
#   --max-len N     longest input (default per target, see fuzz-common.sh)
#   --fork N        run N fuzzing processes (libFuzzer -fork); default off: one process
#   --empty         start from an empty corpus (for measuring how fast a mutant is found)
#   --minimize-seconds N  time for minimizing a failure (default 60)
#   --timeout N     an input running longer than N seconds is a hang (default 10)
#   --program CMD   for the `external` target: the matcher to compare with (LINKMATCH_FUZZ_PROGRAM); its
#                   classes of differences go to <run folder>/external-classes/ (see docs/CLI.md)
# Exit: 0 nothing found, 1 a failure was found, 2 usage/build error.
set -uo pipefail
source "$(dirname "${BASH_SOURCE[0]}")/fuzz-common.sh"

seconds=15 timeout=10 asan="" merge=0 name="" mutant="" max_len="" fork=0 empty=0 minimize_seconds=60 program=""
targets=()
usage() { sed -n '2,/^# Exit/p' "$0" | sed 's/^# \{0,1\}//' >&2; exit 2; }
while (($#)); do
    case $1 in
        --seconds) seconds=${2:?}; shift ;;
        --timeout) timeout=${2:?}; shift ;;
        --asan) asan=asan ;;
        --merge) merge=1 ;;
        --name) name=${2:?}; shift ;;
        --mutant) mutant=${2:?}; shift ;;
        --max-len) max_len=${2:?}; shift ;;
        --fork) fork=${2:?}; shift ;;
        --empty) empty=1 ;;
        --minimize-seconds) minimize_seconds=${2:?}; shift ;;
        --program) program=${2:?}; shift ;;
        -h | --help) usage ;;
        -*) echo "unknown option $1" >&2; usage ;;
        *) is_target "$1" || { echo "unknown target $1 (known: ${TARGETS[*]})" >&2; exit 2; }
           targets+=("$1") ;;
    esac
    shift
done
((${#targets[@]})) || targets=("${TARGETS[@]}")
if [[ -n $name && ! $name =~ ^[A-Za-z0-9][A-Za-z0-9._-]*$ ]]; then
    echo "--name must be letters, digits, '.', '_' or '-'" >&2
    exit 2
fi
for number in "$seconds" "$timeout" "$fork" "$minimize_seconds" ${max_len:+"$max_len"}; do
    [[ $number =~ ^[0-9]+$ ]] || { echo "not a number: $number" >&2; exit 2; }
done

export LINKMATCH_FUZZ_MUTANT=$mutant # read by the fuzz binaries when fuzzing, minimizing and merging
run_dir="$ROOT/fuzz-artifacts/$(date +%Y%m%d-%H%M%S)-$$"
mkdir -p "$run_dir"
# The external target's program and where its classes go (differences are findings, not crashes).
export LINKMATCH_FUZZ_PROGRAM=$program
[[ -z $program ]] || export LINKMATCH_FUZZ_REPORT="$run_dir/external-classes"
tool=$(tool_build) || exit 2
found=0

# libFuzzer flags common to fuzzing, minimizing and merging one target.
limits() {
    # -timeout: one input running longer is a hang. The engines' work is bounded, so even the
    # reference's worst case is far below this; ASan makes everything ~3x slower.
    # -rss_limit_mb (also the per-allocation malloc limit): beyond this is an OOM finding.
    printf '%s\n' "-timeout=$timeout" -rss_limit_mb=2048 "-max_len=$1"
    # Under ASan, LeakSanitizer stays on (no -detect_leaks=0). Checked with Swift 6.3.1: all five targets
    # ran 30 s each under ASan without a single leak report (the Swift runtime's caches stay reachable,
    # so LSan does not count them), and a planted leak (Unmanaged.passRetained in a toy target) is
    # reported as "Direct leak" and saved as leak-*. So a leak report is a real finding, e.g. a
    # reference cycle in an engine; turning detection off would only hide it.
}

# What broke, as a file-name fragment: the check's summary, else the libFuzzer artifact kind.
failure_slug() {
    local log=$1 kind=$2 summary
    summary=$(grep -a -h -m1 -o 'check failed[^:]*: .*' "$log" 2>/dev/null | sed 's/^[^:]*: //')
    [[ -n $summary ]] || summary=$kind
    # At most 60 characters, cut at a word boundary.
    printf '%s' "$summary" | tr 'A-Z' 'a-z' | sed -E 's/[^a-z0-9]+/-/g; s/^-+//; s/-+$//' | cut -c1-61 |
        sed -E 's/-[^-]*$//; s/-+$//'
}

# Moves $1 (a file this run created) to $2 unless $2 exists; says what happened.
place() {
    if [[ -e $2 ]]; then
        if cmp -s "$1" "$2"; then echo "  already stored: ${2#"$ROOT"/}"; return 0; fi
        echo "  error: ${2#"$ROOT"/} exists with other content; left the new file at ${1#"$ROOT"/}" >&2
        return 1
    fi
    mv -n "$1" "$2" && echo "  stored: ${2#"$ROOT"/}"
}

handle_failure() {
    local target=$1 bin=$2 dir=$3 artifact=$4 len=$5
    local kind
    kind=$(basename "$artifact")
    kind=${kind%%-*}
    echo "$target: libFuzzer reported: $kind; minimizing (at most ${minimize_seconds}s)"
    local minimized="$dir/minimized"
    local minimize_args=(-minimize_crash=1 "-max_total_time=$minimize_seconds" "-exact_artifact_path=$minimized")
    # Each minimizing step is one libFuzzer run: bound it by runs too, or every step takes the whole budget.
    if [[ $kind == crash || $kind == leak ]]; then minimize_args+=(-runs=100000); else minimize_args+=(-runs=20); fi
    "$bin" $(limits "$len") "${minimize_args[@]}" "$artifact" >"$dir/minimize.log" 2>&1
    # libFuzzer writes the minimized file only for an input that still fails. When it wrote none (a hang
    # may not reproduce within the budget), the original input is kept.
    [[ -s $minimized ]] || cp "$artifact" "$minimized"
    local slug hash
    slug=$(failure_slug "$dir/minimize.log" "$kind")
    [[ $slug != "$kind" ]] || slug=$(failure_slug "$dir/fuzz.log" "$kind")
    hash=$(sha1sum "$minimized" | cut -c1-8)
    local file_name=${name:-$target-$slug-$hash}
    local twin="$dir/$file_name.json"
    cp "$minimized" "$dir/$file_name"
    "$tool" readable --target "$target" "$dir/$file_name" >"$twin" 2>&1 || true
    echo "---- readable case ($target, $kind, $(wc -c <"$minimized") bytes) ----"
    cat "$twin"
    [[ $(tail -c1 "$twin") == "" ]] || echo
    echo "----"
    if [[ -n $mutant ]]; then
        echo "  (mutant run: not stored; see ${dir#"$ROOT"/}/$file_name)"
        return 0
    fi
    local regressions="$ROOT/Corpus/$target/regressions"
    mkdir -p "$regressions"
    place "$dir/$file_name" "$regressions/$file_name" && place "$twin" "$regressions/$file_name.json"
}

# Recomputes Corpus/<target>/merged/: the smallest set of inputs (libFuzzer -set_cover_merge) that, on
# top of seeds/ and regressions/, keeps every feature of the current merged/ and of this run's new
# inputs. seeds/ and regressions/ are never touched (so a merge never drops a seed); merged/ is owned by
# the merge, and its previous contents are moved aside into this run's folder, not deleted.
merge_corpus() {
    local target=$1 bin=$2 dir=$3 len=$4
    local out="$dir/merge-out" old="$dir/merged-before" next="$dir/merged-next" base="$dir/merge-base"
    mkdir -p "$out" "$old" "$next"
    local index=0 input
    for part in seeds regressions; do
        while IFS= read -r -d '' input; do
            index=$((index + 1))
            cp "$input" "$out/base-$part-$index"
        done < <(corpus_inputs "$ROOT/Corpus/$target/$part")
    done
    ls "$out" | LC_ALL=C sort >"$base"
    while IFS= read -r -d '' input; do cp "$input" "$old/"; done < <(corpus_inputs "$ROOT/Corpus/$target/merged")
    if ! "$bin" $(limits "$len") -set_cover_merge=1 "-merge_control_file=$dir/merge.control" "$out" "$old" "$dir/new" \
        >"$dir/merge.log" 2>&1; then
        echo "$target: merge failed, see ${dir#"$ROOT"/}/merge.log" >&2
        return 1
    fi
    local file
    while IFS= read -r file; do mv "$out/$file" "$next/$file"; done < <(ls "$out" | LC_ALL=C sort | comm -13 "$base" -)
    local before after
    before=$(ls "$old" | wc -l)
    after=$(ls "$next" | wc -l)
    # Swap in the new merged/; the old one goes into the run folder.
    if [[ -d $ROOT/Corpus/$target/merged ]]; then mv "$ROOT/Corpus/$target/merged" "$dir/merged-previous"; fi
    mv "$next" "$ROOT/Corpus/$target/merged"
    echo "$target: merged/ now $after inputs (was $before; $(ls "$dir/new" | wc -l) new from this run considered)"
}

for target in "${targets[@]}"; do
    echo "== $target: building${asan:+ (ASan)}"
    bin=$(fuzz_build "$target" "$asan") || exit 2
    dir="$run_dir/$target"
    mkdir -p "$dir/start" "$dir/new" "$dir/artifacts"
    if ((!empty)); then
        index=0
        for part in seeds merged regressions; do
            while IFS= read -r -d '' input; do
                index=$((index + 1))
                cp "$input" "$dir/start/$part-$index"
            done < <(corpus_inputs "$ROOT/Corpus/$target/$part")
        done
    fi
    len=${max_len:-$(default_max_len "$target")}
    flags=($(limits "$len") "-max_total_time=$seconds" -print_final_stats=1 "-artifact_prefix=$dir/artifacts/")
    [[ -f $ROOT/Corpus/$target.dict ]] && flags+=("-dict=$ROOT/Corpus/$target.dict")
    ((fork)) && flags+=("-fork=$fork")
    echo "== $target: fuzzing ${seconds}s from $(ls "$dir/start" | wc -l) corpus inputs${mutant:+, candidate = mutant $mutant}"
    started=$(date +%s%N)
    "$bin" "${flags[@]}" "$dir/new" "$dir/start" >"$dir/fuzz.log" 2>&1
    status=$?
    elapsed=$(( ($(date +%s%N) - started) / 1000000 ))
    if ! grep -a -q '^INFO: Running with' "$dir/fuzz.log"; then
        echo "error: fuzz-$target did not start libFuzzer (no 'INFO: Running with' banner):" >&2
        tail -20 "$dir/fuzz.log" >&2
        exit 2
    fi
    # Coverage must be registered with libFuzzer, or it fuzzes blind (see Sources/Fuzz/CoverageProbe).
    counters=$(grep -a -m1 -oE '[0-9]+ inline 8-bit counters' "$dir/fuzz.log" | grep -a -oE '^[0-9]+')
    if ((${counters:-0} < 1000)); then
        echo "error: fuzz-$target registered ${counters:-no} coverage counters with libFuzzer: it would fuzz blind" >&2
        exit 2
    fi
    runs=$(grep -a -hoE 'stat::number_of_executed_units: *[0-9]+' "$dir/fuzz.log" | grep -a -oE '[0-9]+$')
    cov=$(grep -a -E '^#[0-9]+' "$dir/fuzz.log" | tail -1 | grep -a -oE 'cov: [0-9]+ ft: [0-9]+')
    speed=$(( ${runs:-0} * 1000 / (elapsed > 0 ? elapsed : 1) ))
    printf '%s: %s runs in %d.%03ds (%s exec/s), %s, %s new inputs (log: %s)\n' "$target" "${runs:-?}" \
        $((elapsed / 1000)) $((elapsed % 1000)) "$speed" "${cov:-no coverage line}" "$(ls "$dir/new" | wc -l)" \
        "${dir#"$ROOT"/}/fuzz.log"
    artifact=$(find "$dir/artifacts" -type f \( -name 'crash-*' -o -name 'timeout-*' -o -name 'oom-*' -o -name 'leak-*' \) | head -1)
    if [[ -n $artifact ]]; then
        found=1
        handle_failure "$target" "$bin" "$dir" "$artifact" "$len"
    elif ((status != 0)); then
        echo "error: fuzz-$target exited $status without a finding:" >&2
        tail -20 "$dir/fuzz.log" >&2
        exit 2
    fi
    ((merge)) && merge_corpus "$target" "$bin" "$dir" "$len"
    rm -rf "$dir/start" "$dir/merge-out" "$dir/merged-before"
done
[[ -z $program || ! -s $run_dir/external-classes/classes.jsonl ]] ||
    echo "external: classes of differences in ${run_dir#"$ROOT"/}/external-classes/report.md"
exit $((found ? 1 : 0))
