# Shared by scripts/fuzz.sh, nightly.sh, repro.sh, measure.sh, check-fuzz-build.sh and the tests of the
# scripts (source it, don't run it): how a fuzzer and the corpus tool are built, the calls that ask the
# corpus tool for the targets, their libFuzzer flags and what a log says, which corpus files are inputs,
# and the kill-safety machinery (stop traps, children in their own session, the merged/ swap and its restore).
# No `set -euo pipefail` here: the sourcing script sets its own options.

ROOT=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)

# The Swift runtime's backtracer would catch the abort() of a failing check before libFuzzer's handler,
# and then libFuzzer writes no crash file. Every fuzzer run goes through this.
export SWIFT_BACKTRACE=enable=no

# The targets and how each is run (max_len, search flags, dictionary, time budgets) are FuzzTarget's
# (Sources/LinkMatchFuzzing/Checks/FuzzTargetSettings.swift), asked of the corpus tool: load_targets sets
# TOOL and TARGETS once (and exports LINKMATCH_FUZZ_TOOL, so a script run by this one builds nothing).
TOOL="" TARGETS=()
load_targets() {
    [[ -z $TOOL ]] || return 0
    TOOL=$(tool_build) || return 1
    export LINKMATCH_FUZZ_TOOL=$TOOL
    mapfile -t TARGETS < <("$TOOL" targets)
    ((${#TARGETS[@]})) || { echo "error: $TOOL targets printed no targets" >&2; return 1; }
}

is_target() {
    local t
    for t in "${TARGETS[@]}"; do [[ $t == "$1" ]] && return 0; done
    return 1
}

# ---- libFuzzer flags and logs (FuzzTarget and LibFuzzerLog know them; load_targets first) ----

# Flags for every run of target $1 (fuzzing, minimizing, merging), one per line: -timeout, -rss_limit_mb,
# -max_len ($2 max_len and $3 timeout override the target's).
libfuzzer_limits() {
    "$TOOL" target-flags "$1" --limits-only ${2:+--max-len "$2"} ${3:+--timeout "$3"}
}

# How a fuzzing run (not a minimization or merge) of target $1 searches, one flag per line: the limits,
# the search flags (FuzzTarget.searchFlags says why: -len_control=0 for document and differential) and
# its dictionary. $2 max_len and $3 timeout override the target's.
libfuzzer_fuzz_flags() {
    "$TOOL" target-flags "$1" --root "$ROOT" ${2:+--max-len "$2"} ${3:+--timeout "$3"}
}

# Fork mode with N processes that keeps fuzzing after a crash, hang or OOM: each one is written to
# -artifact_prefix and the job is restarted, so one shallow bug does not hide the next.
libfuzzer_fork_flags() {
    printf '%s\n' "-fork=$1" -ignore_crashes=1 -ignore_timeouts=1 -ignore_ooms=1
}

# What libFuzzer's log $1 says (fuzz-corpus-tool libfuzzer-log: LibFuzzerLog).
log_has_banner() { [[ $("$TOOL" libfuzzer-log "$1" --field started) == true ]]; }
log_counters() { "$TOOL" libfuzzer-log "$1" --field counters; }
log_executed_units() { "$TOOL" libfuzzer-log "$1" --field executed; }
log_coverage() { "$TOOL" libfuzzer-log "$1" --field coverage; }
# True when log $1 of a run with -runs=$2 that exited $3 shows a working fuzzer: exit 0, the banner,
# at least 1000 coverage counters and "Done $2 runs".
log_shows_fuzzing() { "$TOOL" libfuzzer-log "$1" --shows-fuzzing "$2" "$3"; }

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
    # Said on stderr before it starts: on a fresh clone this debug build takes minutes, and a script that
    # says nothing for that long looks hung (stdout stays the script's own output).
    echo "building the corpus tool (swift build --product fuzz-corpus-tool, debug, .build): it names the targets and their flags" >&2
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
