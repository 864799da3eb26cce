#!/usr/bin/env bash
# Fuzz LinkMatch with libFuzzer on every core; store what it finds as regressions. Usage: below.
set -euo pipefail
source "$(dirname "${BASH_SOURCE[0]}")/fuzz-common.sh"
# The rest is one compound command, read whole before it runs: bash reads a script a command at a
# time, and a stop signal whose trap runs while it is reading a `$(` breaks that read ("trap:
# unexpected EOF while looking for matching `)'") instead of stopping the run.
{

# usage [STATUS]: the help text, on stdout for --help (exit 0), else on stderr (exit 2).
usage() {
    local status=${1:-2} fd=2
    ((status == 0)) && fd=1
    cat >&"$fd" <<'EOF'
scripts/fuzz.sh [TARGET...] [--seconds N] [--jobs N] [options]

With no TARGET every target (`fuzz-corpus-tool targets`) is fuzzed for --seconds each (default: the
target's brief budget, 15 s; FuzzTarget in Sources/LinkMatchFuzzing/Checks/FuzzTargetSettings.swift):
the "main job". For each target it builds the libFuzzer binary (release, .build-fuzz), and fuzzes in
libFuzzer's fork mode with --jobs processes (default: all cores, nproc) from the committed corpus
(seeds/, merged/, regressions/) and Corpus/<target>.dict, with the target's search flags (FuzzTarget:
-len_control=0 for differential and document, so inputs may be long from the start). A crash, hang or
out-of-memory does not stop the run (-ignore_crashes, -ignore_timeouts, -ignore_ooms): every one is
kept. A failing check writes a finding record (JSON: target, check, message, mutant, time) into the run
folder's records/; at the end `fuzz-corpus-tool findings-group` deduplicates the findings (key: the kind
and the check's message with its input-specific words removed), one input per distinct finding is
minimized, stored as Corpus/<target>/regressions/<name> with its readable twin <name>.json, and its
readable case printed. `swift test` replays regressions/ forever after (CorpusReplayTests).

It never writes into Corpus/ while fuzzing: libFuzzer starts from a copy and writes new inputs to
fuzz-artifacts/ (gitignored). Files reach Corpus/ only by renames of complete files: a stored
regression (input and twin together, never over an existing file) or, with --merge, a new merged/
swapped in (the old one moved into the run folder). SIGINT/SIGTERM stop the whole run and leave
Corpus/ as it was (an interrupted minimization stores nothing).

Options:
  --seconds N     fuzzing time per target (default: the target's --budget)
  --budget B      brief (default) or nightly: the targets' own fuzzing times when --seconds is not given
  --jobs N        fuzzing processes (libFuzzer -fork=N; default: nproc). --jobs 0: one plain process
                  without fork mode, which stops at its first finding (for comparing speeds)
  --asan          AddressSanitizer build (.build-fuzz-asan), slower, finds memory errors in C/unsafe code
  --merge         afterwards recompute Corpus/<target>/merged/ (set-cover merge of merged/ and the new
                  inputs over seeds/ and regressions/); not with --mutant
  --name NAME     name for a stored regression (one target, first finding; default:
                  <target>-<what broke>-<hash>)
  --mutant NAME   swap a planted-mistake engine in as the candidate (LINKMATCH_FUZZ_MUTANT); findings
                  are kept in fuzz-artifacts/ only, never stored as regressions
  --max-len N     longest input (default per target, see fuzz-common.sh)
  --empty         start from an empty corpus (for measuring how fast a mutant is found)
  --minimize-seconds N  time for minimizing one finding (default 60)
  --timeout N     an input running longer than N seconds is a hang (default 10)
  --program CMD   for the `external` target: the matcher to compare with (LINKMATCH_FUZZ_PROGRAM); its
                  classes of differences go to <run folder>/external-classes/ (see docs/CLI.md)
Exit: 0 nothing found, 1 a failure was found (for external: also a new class of differences), 2 usage/build
error, 130/143 interrupted (SIGINT/SIGTERM).
EOF
    exit "$status"
}

seconds="" budget=brief timeout=10 asan="" merge=0 name="" mutant="" max_len="" jobs="" empty=0 minimize_seconds=60 program=""
targets=()
while (($#)); do
    case $1 in
        --seconds) seconds=${2:?}; shift ;;
        --budget) budget=${2:?}; shift ;;
        --timeout) timeout=${2:?}; shift ;;
        --asan) asan=asan ;;
        --merge) merge=1 ;;
        --name) name=${2:?}; shift ;;
        --mutant) mutant=${2:?}; shift ;;
        --max-len) max_len=${2:?}; shift ;;
        --jobs | --fork) jobs=${2:?}; shift ;;
        --empty) empty=1 ;;
        --minimize-seconds) minimize_seconds=${2:?}; shift ;;
        --program) program=${2:?}; shift ;;
        -h | --help) usage 0 ;;
        -*) echo "unknown option $1" >&2; usage ;;
        *) targets+=("$1") ;;
    esac
    shift
done
echo "== fuzz.sh: first the corpus tool, then for each target its libFuzzer build (release, .build-fuzz${asan:+-asan}) and its fuzzing"
load_targets || exit 2
for target in ${targets[@]+"${targets[@]}"}; do
    is_target "$target" || { echo "unknown target $target (known: ${TARGETS[*]})" >&2; exit 2; }
done
((${#targets[@]})) || targets=("${TARGETS[@]}")
[[ $budget == brief || $budget == nightly ]] || { echo "--budget is brief or nightly" >&2; exit 2; }
[[ -n $jobs ]] || jobs=$(nproc)
if [[ -n $name && ! $name =~ ^[A-Za-z0-9][A-Za-z0-9._-]*$ ]]; then
    echo "--name must be letters, digits, '.', '_' or '-'" >&2
    exit 2
fi
for number in ${seconds:+"$seconds"} "$timeout" "$jobs" "$minimize_seconds" ${max_len:+"$max_len"}; do
    [[ $number =~ ^[0-9]+$ ]] || { echo "not a number: $number" >&2; exit 2; }
done
# A merge runs the candidate too: under a mutant every input it fails on would drop out of merged/.
[[ -z $mutant || $merge == 0 ]] || { echo "--merge and --mutant together would drop inputs from merged/" >&2; exit 2; }

# The progress loop of the target being fuzzed (progress_loop): a stop ends it with the run.
progress=""
stop_progress() { [[ -z $progress ]] || kill "$progress" 2>/dev/null || true; }
stop_traps stop_progress
restore_interrupted_merges
export LINKMATCH_FUZZ_MUTANT=$mutant # read by the fuzz binaries when fuzzing, minimizing and merging
run_dir="$ROOT/fuzz-artifacts/$(date +%Y%m%d-%H%M%S)-$$"
mkdir -p "$run_dir"
# The external target's program and where its classes go (differences are findings, not crashes).
export LINKMATCH_FUZZ_PROGRAM=$program
[[ -z $program ]] || export LINKMATCH_FUZZ_REPORT="$run_dir/external-classes"
tool=$TOOL
found=0

# Moves file $1 (created by this run) to $2 unless $2 exists; says what happened. Call inside a critical section.
place() {
    if [[ -e $2 ]]; then
        if cmp -s "$1" "$2"; then echo "  already stored: ${2#"$ROOT"/}"; return 0; fi
        echo "  error: ${2#"$ROOT"/} exists with other content; left the new file at ${1#"$ROOT"/}" >&2
        return 1
    fi
    mv -n "$1" "$2" && echo "  stored: ${2#"$ROOT"/}"
}

# Minimizes one finding in folder $3 (the artifact $4, of kind $5, what broke $7) and stores it with its twin.
store_finding() { # target bin folder artifact kind len slug
    local target=$1 bin=$2 dir=$3 artifact=$4 kind=$5 len=$6 slug=$7
    echo "$target: $kind $(basename "$artifact"); minimizing (at most ${minimize_seconds}s)"
    local minimized="$dir/minimized" status=0
    local minimize_args=(-minimize_crash=1 "-max_total_time=$minimize_seconds" "-exact_artifact_path=$minimized")
    # Each minimizing step is one libFuzzer run: bound it by runs too, or every step takes the whole budget.
    if [[ $kind == crash || $kind == leak ]]; then minimize_args+=(-runs=100000); else minimize_args+=(-runs=20); fi
    # The minimized input's own failure writes its record beside the run's (the name says what broke).
    LINKMATCH_FUZZ_FINDINGS="$dir/records" run_child "$bin" $(libfuzzer_limits "$target" "$len" "$timeout") \
        "${minimize_args[@]}" "$artifact" >"$dir/minimize.log" 2>&1 || status=$?
    # (An interrupted minimization never gets here: the stop trap ends the run, nothing is stored.)
    # libFuzzer writes the minimized file only for an input that still fails. When it wrote none (a hang
    # that does not reproduce within the budget), the original is stored under a name that says so.
    local unminimized=""
    if [[ ! -s $minimized ]]; then
        cp "$artifact" "$minimized"
        unminimized="-unminimized"
        echo "  (minimizing exited $status without a smaller failing input: storing the original)"
    fi
    local file_name=$name
    [[ -n $file_name ]] || file_name=$("$tool" finding-name --target "$target" --kind "$kind" --file "$minimized" \
        --records "$dir/records" --slug "$slug" ${unminimized:+--unminimized}) || return 1
    name="" # --name is for the first finding only
    local twin="$dir/$file_name.json"
    cp "$minimized" "$dir/$file_name"
    "$tool" readable --target "$target" "$dir/$file_name" >"$twin" 2>&1 || true
    echo "---- readable case ($target, $kind, $(wc -c <"$minimized") bytes) ----"
    cat "$twin"
    [[ $(tail -c1 "$twin") == "" ]] || echo
    echo "----"
    # Mutant findings are never stored, except into the scratch copy of scripts/test-kill-safety.sh.
    if [[ -n $mutant && -z ${LINKMATCH_FUZZ_STORE_MUTANT_FINDINGS:-} ]]; then
        echo "  (mutant run: not stored; see ${dir#"$ROOT"/}/$file_name)"
        return 0
    fi
    local regressions="$ROOT/Corpus/$target/regressions"
    mkdir -p "$regressions"
    # Input and twin go in together: a regression without its twin fails CorpusReplayTests.
    critical_begin
    if place "$dir/$file_name" "$regressions/$file_name" && place "$twin" "$regressions/$file_name.json"; then
        printf '%s\t%s\n' "$target" "Corpus/$target/regressions/$file_name" >>"$run_dir/stored.tsv"
    else
        status=$?
    fi
    critical_end
    return 0
}

# Every finding of one fuzzing run. A failing check wrote a record while fuzzing (records/); the other
# crashes and leaks (runtime traps, sanitizer reports) are replayed once for their log (at most 100: a
# shallow bug in fork mode leaves hundreds of files). fuzz-corpus-tool groups them (FindingGroups); the
# first file of each group is minimized and stored.
handle_findings() { # target bin run-folder len
    local target=$1 bin=$2 dir=$3 len=$4 artifact
    mkdir -p "$dir/replays"
    while IFS= read -r artifact; do
        # (-artifact_prefix: a crashing replay writes crash-<sha1> too, by default into the current folder.)
        LINKMATCH_FUZZ_FINDINGS="$dir/records" run_child "$bin" $(libfuzzer_limits "$target" "$len" "$timeout") \
            "-artifact_prefix=$dir/replays/" "$artifact" >"$dir/replays/$(basename "$artifact").log" 2>&1 || true
    done < <("$tool" findings-replay "$dir/artifacts" --records "$dir/records")
    "$tool" findings-group "$dir/artifacts" --records "$dir/records" --logs "$dir/replays" --tsv "$dir/groups.tsv" |
        sed "s|^|$target: |; s|$ROOT/||"
    local index=0 kind count slug key
    while IFS=$'\t' read -r -u 3 kind artifact count key slug; do
        index=$((index + 1))
        echo "$target: finding $index ($count files): $key"
        mkdir -p "$dir/finding-$index"
        store_finding "$target" "$bin" "$dir/finding-$index" "$artifact" "$kind" "$len" "$slug"
    done 3<"$dir/groups.tsv"
}

# Recomputes Corpus/<target>/merged/: the smallest set of inputs (libFuzzer -set_cover_merge) that, on
# top of seeds/ and regressions/, keeps every feature of the current merged/ and of this run's new
# inputs. seeds/ and regressions/ are never touched (so a merge never drops a seed); merged/ is owned by
# the merge: the new one is built complete in the run folder and swapped in (swap_in_merged), the old
# one is moved into the run folder, not deleted.
merge_corpus() {
    local target=$1 bin=$2 dir=$3 len=$4
    local out="$dir/merge-out" old="$dir/merged-before" next="$dir/merged-next" base="$dir/merge-base"
    echo "== $target: merging into Corpus/$target/merged/"
    mkdir -p "$out" "$old" "$next"
    local index=0 input part
    for part in seeds regressions; do
        while IFS= read -r -d '' input; do
            index=$((index + 1))
            cp "$input" "$out/base-$part-$index"
        done < <(corpus_inputs "$ROOT/Corpus/$target/$part")
    done
    ls "$out" | LC_ALL=C sort >"$base"
    while IFS= read -r -d '' input; do cp "$input" "$old/"; done < <(corpus_inputs "$ROOT/Corpus/$target/merged")
    local status=0
    TMPDIR="$dir/tmp" run_child "$bin" $(libfuzzer_limits "$target" "$len" "$timeout") -set_cover_merge=1 \
        "-artifact_prefix=$dir/merge-" "-merge_control_file=$dir/merge.control" "$out" "$old" "$dir/new" >"$dir/merge.log" 2>&1 || status=$?
    if ((status != 0)); then
        echo "$target: merge failed (exit $status), see ${dir#"$ROOT"/}/merge.log; merged/ unchanged" >&2
        return 1
    fi
    local file
    while IFS= read -r file; do mv "$out/$file" "$next/$file"; done < <(ls "$out" | LC_ALL=C sort | comm -13 "$base" -)
    local before after
    before=$(ls "$old" | wc -l)
    after=$(ls "$next" | wc -l)
    swap_in_merged "$target" "$next" "$dir/merged-previous"
    echo "$target: merged/ now $after inputs (was $before; $(ls "$dir/new" | wc -l) new from this run considered)"
}

# A progress line every 15 s while one target fuzzes (its log read by the corpus tool). It ends with
# the fuzzing, with a stop (SIGINT/SIGTERM: stop_progress), or, should the script die otherwise
# (SIGKILL), by itself within a second.
progress_loop() { # target log total-seconds
    local started=$SECONDS parent=$$ tick=0
    while sleep 1; do
        kill -0 "$parent" 2>/dev/null || return 0
        tick=$((tick + 1))
        ((tick % 15 == 0)) || continue
        local elapsed=$((SECONDS - started)) executed coverage
        executed=$("$tool" libfuzzer-log "$2" --field executed 2>/dev/null || true)
        coverage=$("$tool" libfuzzer-log "$2" --field coverage 2>/dev/null || true)
        # Fork mode logs no status line until its first job ends; past the budget libFuzzer is
        # still finishing (the last jobs, a merge, a crash being written).
        if [[ -z $executed ]]; then
            echo "$1: $elapsed s of ${3} s: starting (no status line from libFuzzer yet)"
        elif ((elapsed > $3)); then
            echo "$1: $elapsed s, past its ${3} s: libFuzzer is finishing (last jobs, merge or a finding); $executed inputs run, $coverage"
        else
            echo "$1: $elapsed s of ${3} s: $executed inputs run, $coverage"
        fi
    done
}

for target in "${targets[@]}"; do
    echo "== $target: building fuzz-$target (release, libFuzzer${asan:+, ASan}; minutes the first time)"
    bin=$(fuzz_build "$target" "$asan") || exit 2
    dir="$run_dir/$target"
    mkdir -p "$dir/start" "$dir/new" "$dir/artifacts" "$dir/tmp"
    if ((!empty)); then
        index=0
        for part in seeds merged regressions; do
            while IFS= read -r -d '' input; do
                index=$((index + 1))
                cp "$input" "$dir/start/$part-$index"
            done < <(corpus_inputs "$ROOT/Corpus/$target/$part")
        done
    fi
    len=${max_len:-$("$tool" target-value "$target" max-len)}
    target_seconds=${seconds:-$("$tool" target-value "$target" "$budget-seconds")}
    flags=($(libfuzzer_fuzz_flags "$target" "$len" "$timeout") "-max_total_time=$target_seconds" -print_final_stats=1
        "-artifact_prefix=$dir/artifacts/")
    ((jobs == 0)) || flags+=($(libfuzzer_fork_flags "$jobs"))
    search=$("$tool" target-flags "$target" | { grep -vE '^-(timeout|rss_limit_mb|max_len)=' || true; } | paste -s -d ' ' -)
    how="$jobs processes (fork mode)"
    ((jobs != 0)) || how="one process (no fork mode)"
    echo "== $target: fuzzing ${target_seconds}s with $how from $(ls "$dir/start" | wc -l) corpus inputs${search:+, $search}${mutant:+, candidate = mutant $mutant}"
    started=$(date +%s%N)
    status=0
    # TMPDIR: fork mode keeps its jobs' files there; in the run folder nothing is left in /tmp.
    # LINKMATCH_FUZZ_FINDINGS: a failing check writes its record there (FindingRecord).
    progress_loop "$target" "$dir/fuzz.log" "$target_seconds" &
    progress=$!
    TMPDIR="$dir/tmp" LINKMATCH_FUZZ_FINDINGS="$dir/records" run_child "$bin" "${flags[@]}" "$dir/new" "$dir/start" \
        >"$dir/fuzz.log" 2>&1 || status=$?
    stop_progress
    wait "$progress" 2>/dev/null || true
    progress=""
    elapsed=$((($(date +%s%N) - started) / 1000000))
    echo "$elapsed" >"$dir/elapsed-ms" # for the end summary (fuzz-corpus-tool run-summary)
    if ! log_has_banner "$dir/fuzz.log"; then
        echo "error: fuzz-$target did not start libFuzzer (no 'INFO: Running with' banner):" >&2
        tail -20 "$dir/fuzz.log" >&2
        exit 2
    fi
    counters=$(log_counters "$dir/fuzz.log")
    if ((counters < 1000)); then
        echo "error: fuzz-$target registered $counters coverage counters with libFuzzer: it would fuzz blind" >&2
        exit 2
    fi
    runs=$(log_executed_units "$dir/fuzz.log")
    speed=$((${runs:-0} * 1000 / (elapsed > 0 ? elapsed : 1)))
    printf '%s: %s runs in %d.%03ds: %s exec/s total, %s per process (%s processes), %s, %s new inputs (log: %s)\n' \
        "$target" "${runs:-?}" $((elapsed / 1000)) $((elapsed % 1000)) "$speed" $((speed / (jobs ? jobs : 1))) "$((jobs ? jobs : 1))" \
        "$(log_coverage "$dir/fuzz.log")" "$(ls "$dir/new" | wc -l)" "${dir#"$ROOT"/}/fuzz.log"
    if [[ -n $(finding_files "$dir/artifacts") ]]; then
        found=1
        handle_findings "$target" "$bin" "$dir" "$len"
    elif ((status != 0)); then
        echo "error: fuzz-$target exited $status without a finding:" >&2
        tail -20 "$dir/fuzz.log" >&2
        exit 2
    fi
    if ((merge)); then merge_corpus "$target" "$bin" "$dir" "$len" || exit 2; fi
    rm -rf "$dir/start" "$dir/merge-out" "$dir/merged-before" "$dir/tmp"
done
if [[ -n $program && -s $run_dir/external-classes/classes.jsonl ]]; then
    new_classes=$("$tool" external-new "$run_dir/external-classes/classes.jsonl") || exit 2
    echo "external: $new_classes new classes of differences (not accepted by LINKMATCH_FUZZ_KNOWN); report: ${run_dir#"$ROOT"/}/external-classes/report.md"
    ((new_classes == 0)) || found=1
fi
echo "== summary (${run_dir#"$ROOT"/})"
"$tool" run-summary "$run_dir" || true
steps="builds, fuzzing, minimizing"
((!merge)) || steps+=", merging"
echo "total time: $((SECONDS / 60)) min $((SECONDS % 60)) s ($steps; ${#targets[@]} targets)"
exit $((found ? 1 : 0))
}
