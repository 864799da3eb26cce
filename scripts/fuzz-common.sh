# Shared by scripts/fuzz.sh, nightly.sh, repro.sh, measure.sh, check-fuzz-build.sh and the tests of the
# scripts (source it, don't run it): the target list, how a fuzzer is built, libFuzzer's flags and how its
# logs are read, which corpus files are inputs, and the kill-safety machinery (stop traps, children in
# their own session, the merged/ swap and its restore).

ROOT=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
TARGETS=(differential document percent-encoding parser metamorphic external)

# The Swift runtime's backtracer would catch the abort() of a failing check before libFuzzer's handler,
# and then libFuzzer writes no crash file. Every fuzzer run goes through this.
export SWIFT_BACKTRACE=enable=no

is_target() {
    local t
    for t in "${TARGETS[@]}"; do [[ $t == "$1" ]] && return 0; done
    return 1
}

# Inputs longer than this are cut by libFuzzer. Part-level targets need little; whole documents more;
# the parser's seeds include real-world AASA files (largest 43 KB).
default_max_len() {
    case $1 in
        differential | percent-encoding) echo 512 ;;
        metamorphic) echo 1024 ;;
        document | external) echo 4096 ;;
        parser) echo 49152 ;;
    esac
}

# ---- libFuzzer flags and logs (the one place that knows them) ----

# Flags for every run of a target (fuzzing, minimizing, merging), one per line: $1 max_len, $2 timeout (s).
# -timeout: one input running longer is a hang. The engines' work is bounded, so even the reference's
# worst case is far below this; ASan makes everything ~3x slower.
# -rss_limit_mb (also the per-allocation malloc limit): beyond this is an OOM finding.
# Under ASan, LeakSanitizer stays on (no -detect_leaks=0): checked with Swift 6.3.1, all five targets ran
# 30 s each under ASan without a leak report (the runtime's caches stay reachable) and a planted leak was
# reported, so a leak report is a real finding. One such report was LeakSanitizer's blind spot, not a
# leak: an enum kept its case in a cached pointer's high bits (MatchProgram says more; a test guards it).
libfuzzer_limits() {
    printf '%s\n' "-timeout=${2:-10}" -rss_limit_mb=2048 "-max_len=$1"
}

# How a fuzzing run (not a minimization or merge) of target $1 searches, one flag per line (maybe none).
# -len_control=0: mutate up to -max_len from the first input. libFuzzer's default (100) starts at a few
# bytes and lets the length limit grow only after 100*log(limit) executions without a new corpus input,
# and every new coverage point restarts that wait. Our inputs are decoded into structured cases
# (Sources/LinkMatchFuzzing/Cases): a document with a `?*` path and a URL aimed at it needs about 40
# bytes. Measured from an empty corpus (docs/FUZZING.md, "Length control"): the planted mistakes took
# the document target 0.1-7.5 s with 0 against 0.4-17 s with the default (qstar-as-star: 8.7k
# executions against 216k), and the differential target about as long (within 0.1 s) or shorter.
# Not for metamorphic: each input there runs many engine calls, longer inputs cost more, and its
# qstar-as-star, which needs about 200k executions either way, was found less often in 60 s (9 of 14
# seeds against 14 of 14). Not for external either: against examples/peers/regex_matcher.py (45 s,
# seeds 1-3) it found 6, 4, 4 classes with 0 and 5, 5, 5 with the default (longer inputs mean more
# requests to a slow peer per execution).
# parser and percent-encoding have no planted mistakes to measure with, so they keep the default too.
libfuzzer_search_flags() {
    case $1 in
        document | differential) echo -len_control=0 ;;
    esac
}

# Fork mode with N processes that keeps fuzzing after a crash, hang or OOM: each one is written to
# -artifact_prefix and the job is restarted, so one shallow bug does not hide the next.
libfuzzer_fork_flags() {
    printf '%s\n' "-fork=$1" -ignore_crashes=1 -ignore_timeouts=1 -ignore_ooms=1
}

# True when log $1 shows libFuzzer started (its banner).
log_has_banner() { grep -a -q '^INFO: Running with' "$1"; }

# The number of coverage counters libFuzzer registered (0 when none): below ~1000 it fuzzes blind
# (see Sources/Fuzz/CoverageProbe).
log_counters() {
    local n
    n=$(grep -a -m1 -oE '[0-9]+ inline 8-bit counters' "$1" | grep -a -oE '^[0-9]+' || true)
    echo "${n:-0}"
}

# True when log $1 of a run with -runs=$2 that exited $3 shows a working fuzzer: exit 0, the banner,
# at least 1000 coverage counters and "Done $2 runs".
log_shows_fuzzing() {
    (($3 == 0)) && log_has_banner "$1" && grep -a -q "^Done $2 runs" "$1" && (($(log_counters "$1") >= 1000))
}

# Executed inputs: -print_final_stats' count in one process; in fork mode the parent's last
# "#<total runs>: cov: ..." status line (it prints no final stats). Empty when neither is there.
log_executed_units() {
    local n
    n=$(grep -a -hoE 'stat::number_of_executed_units: *[0-9]+' "$1" | grep -a -oE '[0-9]+$' | tail -1 || true)
    [[ -n $n ]] || n=$(grep -a -oE '^#[0-9]+:? ' "$1" | tail -1 | tr -dc '0-9' || true)
    echo "$n"
}

# "cov: N ft: N" of the last status line, or empty.
log_coverage() {
    { grep -a -E '^#[0-9]+' "$1" || true; } | tail -1 | { grep -a -oE 'cov: [0-9]+ ft: [0-9]+' || true; }
}

# libFuzzer's finding files under folder $1, sorted (its names: crash-, timeout-, oom-, leak-<sha1>).
finding_files() {
    find "$1" -maxdepth 1 -type f \( -name 'crash-*' -o -name 'timeout-*' -o -name 'oom-*' -o -name 'leak-*' \) |
        LC_ALL=C sort
}

# ---- builds ----

# Builds the libFuzzer binary of target $1 ($2 = asan for AddressSanitizer) and prints its path.
# Release, in its own scratch folder so it never fights the debug build in .build.
# ASan: NOT `--sanitize=fuzzer --sanitize=address`: SwiftPM passes swiftc two -sanitize flags, swiftc
# keeps only the last, and the Swift code gets no coverage (the binary refuses to run, CoverageCheck).
# One flag with both works. Linked with lld: gold warns "Cannot export local symbol
# '__asan_extra_spill_area'".
# LINKMATCH_FUZZ_BIN_DIR=DIR uses DIR/fuzz-<target> as built elsewhere (one build for many runs: CI,
# scripts/test-kill-safety.sh) instead of building.
fuzz_build() {
    local target=$1 mode=${2:-} scratch=.build-fuzz
    if [[ -n ${LINKMATCH_FUZZ_BIN_DIR:-} ]]; then
        [[ -x $LINKMATCH_FUZZ_BIN_DIR/fuzz-$target ]] ||
            { echo "error: no $LINKMATCH_FUZZ_BIN_DIR/fuzz-$target (LINKMATCH_FUZZ_BIN_DIR)" >&2; return 1; }
        echo "$LINKMATCH_FUZZ_BIN_DIR/fuzz-$target"
        return 0
    fi
    local flags=(--sanitize=fuzzer)
    if [[ $mode == asan ]]; then
        scratch=.build-fuzz-asan
        flags=(-Xswiftc -sanitize=fuzzer,address -Xswiftc -use-ld=lld)
    fi
    local log status=0
    log=$(mktemp)
    (cd "$ROOT" && swift build -c release "${flags[@]}" --scratch-path "$scratch" --product "fuzz-$target") >"$log" 2>&1 ||
        status=$?
    if ((status != 0)); then
        cat "$log" >&2
        rm -f "$log"
        echo "error: building fuzz-$target failed" >&2
        return 1
    fi
    rm -f "$log"
    echo "$ROOT/$scratch/release/fuzz-$target"
}

# Builds the corpus tool (debug, the normal .build) and prints its path; LINKMATCH_FUZZ_TOOL=PATH uses
# that binary instead.
tool_build() {
    if [[ -n ${LINKMATCH_FUZZ_TOOL:-} ]]; then
        [[ -x $LINKMATCH_FUZZ_TOOL ]] || { echo "error: LINKMATCH_FUZZ_TOOL=$LINKMATCH_FUZZ_TOOL is not a program" >&2; return 1; }
        echo "$LINKMATCH_FUZZ_TOOL"
        return 0
    fi
    local log status=0
    log=$(mktemp)
    (cd "$ROOT" && swift build --product fuzz-corpus-tool) >"$log" 2>&1 || status=$?
    if ((status != 0)); then
        cat "$log" >&2
        rm -f "$log"
        echo "error: building fuzz-corpus-tool failed" >&2
        return 1
    fi
    rm -f "$log"
    echo "$ROOT/.build/debug/fuzz-corpus-tool"
}

# ---- corpus files ----

# The inputs under folder $1, NUL-separated and sorted: every file except hidden ones, dictionaries
# and readable twins (X.json next to X). Same rule as FuzzEntry's CorpusFiles and CorpusReplayTests.
corpus_inputs() {
    [[ -d $1 ]] || return 0
    local file
    find "$1" -type f ! -name '.*' ! -name '*.dict' -print0 | LC_ALL=C sort -z |
        while IFS= read -r -d '' file; do
            if [[ $file == *.json && -e ${file%.json} ]]; then continue; fi
            printf '%s\0' "$file"
        done
}

# The target a corpus file belongs to: the folder right under Corpus/.
target_of_path() {
    local path
    path=$(cd "$(dirname "$1")" && pwd)/$(basename "$1")
    local rest=${path#*/Corpus/}
    [[ $rest != "$path" ]] || return 1
    local target=${rest%%/*}
    is_target "$target" || return 1
    echo "$target"
}

# ---- kill safety ----
# A script that sources this file and calls stop_traps gets one handler for SIGINT and SIGTERM: it stops
# the whole run (never just the current step), kills the running child's whole process group, runs the
# script's cleanup and exits 130 (INT) or 143 (TERM). While Corpus/ is between two renames
# (critical_begin .. critical_end) a signal is held and acted on right after. Children run in their own
# session (run_child), so a kill reaches libFuzzer's fork-mode workers too, and `wait` lets the handler
# run at once instead of after the child.

STOP_CHILD="" STOP_CRITICAL=0 STOP_PENDING="" STOP_CLEANUP=""
STOP_GRACE=50 # tenths of a second a stopped child gets to exit before SIGKILL

stop_traps() { # [cleanup function]
    STOP_CLEANUP=${1:-}
    # The handler may run inside a redirected call (run_child ... >log): it talks to the original stderr.
    exec {STOP_STDERR}>&2
    trap 'on_stop_signal INT' INT
    trap 'on_stop_signal TERM' TERM
}

on_stop_signal() {
    if ((STOP_CRITICAL)); then
        STOP_PENDING=$1
        return 0
    fi
    stop_now "$1"
}

stop_now() {
    trap '' INT TERM
    kill_child
    [[ -z $STOP_CLEANUP ]] || "$STOP_CLEANUP" >&"$STOP_STDERR" 2>&1 || true
    echo "$(basename "$0"): interrupted (SIG$1): stopped the whole run" >&"$STOP_STDERR"
    if [[ $1 == INT ]]; then exit 130; fi
    exit 143
}

kill_child() {
    [[ -n $STOP_CHILD ]] || return 0
    local group=$STOP_CHILD tries
    kill -TERM -- "-$group" 2>/dev/null || kill -TERM "$group" 2>/dev/null || true
    for ((tries = 0; tries < STOP_GRACE; tries++)); do
        kill -0 -- "-$group" 2>/dev/null || kill -0 "$group" 2>/dev/null || break
        sleep 0.1
    done
    kill -KILL -- "-$group" 2>/dev/null || true
    wait "$group" 2>/dev/null || true
    STOP_CHILD=""
}

critical_begin() { STOP_CRITICAL=1; }

critical_end() {
    STOP_CRITICAL=0
    if [[ -n $STOP_PENDING ]]; then stop_now "$STOP_PENDING"; fi
}

# Runs "$@" in its own session and waits for it; returns its exit status. Redirect the call, not "$@".
run_child() {
    setsid "$@" &
    STOP_CHILD=$!
    local status=0
    wait "$STOP_CHILD" || status=$?
    STOP_CHILD=""
    return "$status"
}

# The merged/ swap. A new merged/ is built complete outside Corpus/ (same file system), then
#   1. Corpus/<target>/merged  -> fuzz-artifacts/merge-swap/<target>   (the backup)
#   2. the new folder          -> Corpus/<target>/merged
#   3. the backup              -> the run folder ($3)
# inside a critical section. Should the process die between 1 and 2 anyway (SIGKILL, power loss), the
# next fuzz.sh or nightly.sh restores it first thing (restore_interrupted_merges).
MERGE_SWAP_DIR="$ROOT/fuzz-artifacts/merge-swap"

# Two runs at once must not restore each other's swap in flight: swaps and restores hold one lock
# (flock, util-linux; without it, one run at a time).
merge_lock() {
    mkdir -p "$MERGE_SWAP_DIR"
    exec {MERGE_LOCK_FD}>"$MERGE_SWAP_DIR.lock"
    if command -v flock >/dev/null 2>&1; then flock "$MERGE_LOCK_FD"; fi
}
merge_unlock() { exec {MERGE_LOCK_FD}>&-; }

swap_in_merged() { # target, complete new folder, where the previous merged/ goes
    local live="$ROOT/Corpus/$1/merged" backup="$MERGE_SWAP_DIR/$1"
    merge_lock
    if [[ -e $backup ]]; then
        merge_unlock
        echo "error: $backup exists (an interrupted merge; the next run restores it)" >&2
        return 1
    fi
    critical_begin
    if [[ -d $live ]]; then mv -T "$live" "$backup"; fi
    mv -T "$2" "$live"
    if [[ -d $backup ]]; then mv -T "$backup" "$3"; fi
    merge_unlock
    critical_end
}

# After a swap died between its renames: a backup with no merged/ goes back; a backup beside a
# complete new merged/ (died after step 2) is moved out of the way, kept under fuzz-artifacts/.
restore_interrupted_merges() {
    local backup target live
    merge_lock
    for backup in "$MERGE_SWAP_DIR"/*; do
        [[ -d $backup ]] || continue
        target=$(basename "$backup")
        live="$ROOT/Corpus/$target/merged"
        critical_begin
        if [[ -e $live ]]; then
            mv -T "$backup" "$ROOT/fuzz-artifacts/merged-replaced-$target-$(date +%Y%m%d-%H%M%S)-$$"
            echo "note: an interrupted merge of $target had finished; its previous merged/ is in fuzz-artifacts/" >&2
        else
            mv -T "$backup" "$live"
            echo "note: restored Corpus/$target/merged/ from an interrupted merge" >&2
        fi
        critical_end
    done
    merge_unlock
}
