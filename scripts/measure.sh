#!/usr/bin/env bash
# Measures the libFuzzer setup on this machine (release fuzz build, one process each). Usage: below.
set -euo pipefail
source "$(dirname "${BASH_SOURCE[0]}")/fuzz-common.sh"

# usage [STATUS]: the help text, on stdout for --help (exit 0), else on stderr (exit 2).
usage() {
    local status=${1:-2} fd=2
    ((status == 0)) && fd=1
    cat >&"$fd" <<'EOF'
scripts/measure.sh [--seconds N] [--cap N] [--repeats N] [--only speed|mutants] [--from-corpus] [--mutants A,B]
                   [--flag -NAME=VALUE]...

1. exec/s of every target: N seconds (default 30) from an empty corpus with -max_len=256 and the
   target's dictionary.
2. for every mutant (LinkMatchMutants.Mutants: a planted mistake, or a reading the harness hunts, swapped in as the candidate engine), the
   time and executions libFuzzer needs to find it from an EMPTY corpus, on each target the mistake can
   show in (differential: matchPart; document: whole decisions), capped at --cap seconds (default 90);
   --repeats runs (default 3, seeds 1..N), the median reported. --from-corpus: start from the
   committed corpus (Corpus/<target>/seeds, merged, regressions) instead; --mutants A,B: only these.
--flag: one more libFuzzer flag for every run, after fuzz.sh's own (libFuzzer keeps the last value of a
   flag), to compare settings in one run, e.g. --flag -len_control=100.
Prints markdown tables. Numbers depend on the load of the machine: compare within one run.
A run that fails (no libFuzzer banner) stops the script with exit 2, never a blank row.
EOF
    exit "$status"
}

seconds=30 cap=90 repeats=3 only="" from_corpus=0 chosen="" extra=()
while (($#)); do
    case $1 in
        --seconds) seconds=${2:?}; shift ;;
        --cap) cap=${2:?}; shift ;;
        --repeats) repeats=${2:?}; shift ;;
        --only) only=${2:?}; shift ;;
        --from-corpus) from_corpus=1 ;;
        --mutants) chosen=${2:?}; shift ;;
        --flag) [[ ${2:-} == -*=* ]] || usage; extra+=("$2"); shift ;;
        -h | --help) usage 0 ;;
        *) usage ;;
    esac
    shift
done

work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
load_targets || exit 2
declare -A bins
for target in differential document "${TARGETS[@]}"; do
    [[ -n ${bins[$target]:-} ]] && continue
    bins[$target]=$(fuzz_build "$target") || exit 2
done

# One libFuzzer run; sets status, runs and ms. Not in a subshell: a failed run must stop the script
# (an `exit` inside `< <(...)` only ended the subshell and left a blank row).
run_once() { # target seconds seed [mutant]
    local target=$1 limit=$2 seed=$3 mutant=${4:-}
    rm -rf "$work/corpus" "$work/artifacts" "$work/records"
    mkdir -p "$work/corpus" "$work/artifacts"
    if ((from_corpus)); then # a copy: libFuzzer writes into its first corpus folder
        local part input
        for part in seeds merged regressions; do
            while IFS= read -r -d '' input; do cp "$input" "$work/corpus/$part-$(basename "$input")"; done \
                < <(corpus_inputs "$ROOT/Corpus/$target/$part")
        done
    fi
    local started
    started=$(date +%s%N)
    local len=256
    if ((from_corpus)); then len=$("$TOOL" target-value "$target" max-len); fi # committed inputs are longer than 256 bytes
    status=0
    # A failing check writes a finding record into records/ (whether the mutant was found: found_mutant).
    (cd "$work" && LINKMATCH_FUZZ_MUTANT=$mutant LINKMATCH_FUZZ_FINDINGS="$work/records" "${bins[$target]}" \
        $(libfuzzer_fuzz_flags "$target" "$len") "-seed=$seed" "-max_total_time=$limit" -print_final_stats=1 "-artifact_prefix=$work/artifacts/" ${extra[@]+"${extra[@]}"} "$work/corpus" >"$work/log" 2>&1) || status=$?
    ms=$((($(date +%s%N) - started) / 1000000))
    log_has_banner "$work/log" || { echo "error: fuzz-$target: no libFuzzer banner" >&2; tail -5 "$work/log" >&2; exit 2; }
    runs=$(log_executed_units "$work/log")
    runs=${runs:-0}
}

# What the tables' headings say of the search flags (libFuzzer keeps a flag's last value).
flags_used="fuzz.sh's search flags${extra[*]+, then ${extra[*]}}"

median() { sort -n | awk '{v[NR]=$1} END {print (NR ? v[int((NR+1)/2)] : "-")}'; }

if [[ $only != mutants ]]; then
    echo "### exec/s per target (empty corpus, -max_len=256, $flags_used, dictionary, ${seconds}s, seed 1)"
    echo
    echo "| target | executions | exec/s |"
    echo "|---|---:|---:|"
    for target in "${TARGETS[@]}"; do
        run_once "$target" "$seconds" 1
        ((status == 0)) || echo "warning: $target exited $status (a finding?): see a rerun" >&2
        echo "| $target | $runs | $((runs * 1000 / (ms > 0 ? ms : 1))) |"
    done
    echo
fi

if [[ $only != speed ]]; then
    start="an empty corpus (-max_len=256"
    if ((from_corpus)); then start="the committed corpus (-max_len per target"; fi
    echo "### time to find each mutant from $start, $flags_used, dictionary, cap ${cap}s, median of $repeats seeds)"
    echo
    echo "| mutant | target | found | executions (median) | seconds (median) |"
    echo "|---|---|---:|---:|---:|"
    # One line per mutant: NAME TARGET... (the catalog's targets, Sources/LinkMatchMutants).
    mutants=$("$TOOL" mutants) || exit 2
    while read -r -u 3 mutant targets; do # fd 3: the fuzzers keep stdin
        [[ -z $chosen || ,$chosen, == *",$mutant,"* ]] || continue
        for target in $targets; do
            found=0
            : >"$work/runs"
            : >"$work/times"
            for seed in $(seq 1 "$repeats"); do
                run_once "$target" "$cap" "$seed" "$mutant"
                # Found: a check failed with the mutant as the candidate (its finding record says so).
                if (($("$TOOL" findings "$work/records" --count --mutant "$mutant") > 0)); then
                    found=$((found + 1))
                    echo "$runs" >>"$work/runs"
                    echo "$ms" >>"$work/times"
                fi
            done
            if ((found)); then
                ms=$(median <"$work/times")
                printf '| %s | %s | %d/%d | %s | %d.%d |\n' "$mutant" "$target" "$found" "$repeats" \
                    "$(median <"$work/runs")" $((ms / 1000)) $((ms % 1000 / 100))
            else
                printf '| %s | %s | 0/%d | - | > %d |\n' "$mutant" "$target" "$repeats" "$cap"
            fi
        done
    done 3<<<"$mutants"
fi
