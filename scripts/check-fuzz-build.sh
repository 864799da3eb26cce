#!/usr/bin/env bash
# Usage: scripts/check-fuzz-build.sh [--all]
# Proves the fuzz build mechanics for every target (Package.swift explains the design):
#   1. plain `swift build`: the binary is a replayer. It replays a file (exit 0) and refuses libFuzzer
#      flags with a message naming the right build (exit 2), so it can never pass for a fuzzer.
#   2. `swift build -c release --sanitize=fuzzer`: libFuzzer starts ("INFO: Running with" banner) with the
#      Swift code instrumented (thousands of coverage counters) and runs 2000 inputs (exit 0).
#      With fuzz.sh's search flags for document (FuzzTarget.searchFlags) and no corpus, fuzz-document finds a planted
#      mistake (qstar-as-star) within 100,000 executions for seeds 1-3: 1,100-18,300 with them,
#      200,000-390,000 with libFuzzer's default length control, so losing the flags fails here.
# With --all, also:
#   3. AddressSanitizer: `-Xswiftc -sanitize=fuzzer,address` (one flag; linked with lld);
#   4. `--sanitize=fuzzer --sanitize=address` (two flags: swiftc keeps the last, no coverage): the binary
#      must refuse to run (exit 2, names the working command) instead of fuzzing blind;
#   5. `swift build -c release -Xswiftc -sanitize=fuzzer` (the form users type);
#   6. libFuzzer linked as a plain archive without its main (libclang_rt.fuzzer_no_main; coverage from
#      -sanitize-coverage): the weak main sees LLVMFuzzerRunDriver and hands over to it.
# Exit 0 when every check passed. Takes about a minute per release configuration after the first build.
# No -e: every check runs and failures are counted (a failing command is a FAIL line, not the end).
set -uo pipefail
# --help: the comment above (the script's usage), on stdout, exit 0.
if [[ ${1:-} == -h || ${1:-} == --help ]]; then sed -n '2,/^set /p' "$0" | grep '^#' | sed 's/^# \{0,1\}//'; exit 0; fi
source "$(dirname "${BASH_SOURCE[0]}")/fuzz-common.sh"
all=0
case ${1:-} in
    --all) all=1 ;;
    "") ;;
    *) echo "usage: scripts/check-fuzz-build.sh [--all]" >&2; exit 2 ;;
esac
load_targets || exit 1

work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
failures=0
declare -A built # scratch/target -> 1 when this run built it
pass() { echo "  ok   $*"; }
fail() { echo "  FAIL $*"; failures=$((failures + 1)); }

build() { # scratch, target, extra swift build flags...
    local scratch=$1 target=$2
    shift 2
    (cd "$ROOT" && swift build "$@" --scratch-path "$scratch" --product "fuzz-$target") >"$work/build.log" 2>&1 ||
        { cat "$work/build.log" >&2; return 1; }
    if grep -a -q 'warning:' "$work/build.log"; then grep -a 'warning:' "$work/build.log" | sort -u >&2; fi
}

# libFuzzer must start and finish 2000 runs.
expect_fuzzer() { # label, binary
    local label=$1 bin=$2
    (cd "$work" && "$bin" -runs=2000 -max_len=256 >"$work/run.log" 2>&1)
    local status=$?
    if log_shows_fuzzing "$work/run.log" 2000 "$status"; then
        pass "$label: libFuzzer banner, $(log_counters "$work/run.log") coverage counters, $(grep -a '^Done' "$work/run.log")"
    else
        fail "$label: exit $status, no libFuzzer banner or run count:"
        tail -5 "$work/run.log" | sed 's/^/         /'
    fi
}

# The binary must refuse to fuzz blind.
expect_refused() { # label, binary
    local label=$1 bin=$2
    (cd "$work" && "$bin" -runs=2000 -max_len=256 >"$work/run.log" 2>&1)
    local status=$?
    if ((status == 2)) && grep -a -q 'coverage counters' "$work/run.log" && ! grep -a -q '^Done' "$work/run.log"; then
        pass "$label: refused, exit 2: $(grep -a -m1 -o 'only [0-9]* coverage counters' "$work/run.log")"
    else
        fail "$label: exit $status, expected a refusal:"
        tail -5 "$work/run.log" | sed 's/^/         /'
    fi
}

fuzzer_config() { # label, scratch, swift build flags...
    local label=$1 scratch=$2
    shift 2
    echo "== $label"
    local expect=expect_fuzzer
    if [[ $label == refuse:* ]]; then expect=expect_refused; fi
    for target in "${TARGETS[@]}"; do
        if build "$scratch" "$target" "$@"; then
            built[$scratch/$target]=1
            $expect "fuzz-$target" "$ROOT/$scratch/release/fuzz-$target"
        else
            fail "fuzz-$target: build failed"
        fi
    done
}

echo "== plain swift build (replay, no libFuzzer)"
printf 'seed' >"$work/input"
for target in "${TARGETS[@]}"; do
    build .build "$target" || { fail "fuzz-$target: build failed"; continue; }
    bin="$ROOT/.build/debug/fuzz-$target"
    "$bin" -runs=10 >"$work/refuse.log" 2>&1
    refused=$?
    "$bin" "$work/input" >"$work/replay.log" 2>&1
    replayed=$?
    if ((refused == 2)) && grep -a -q 'built without libFuzzer' "$work/refuse.log" && ! log_has_banner "$work/refuse.log"; then
        pass "fuzz-$target -runs=10: exit 2, 'built without libFuzzer'"
    else
        fail "fuzz-$target -runs=10: exit $refused"
    fi
    # The replay must really run the check: exit 0 for a passing input and say so.
    if ((replayed <= 1)) && grep -a -q 'replayed 1 inputs' "$work/replay.log"; then
        pass "fuzz-$target FILE: $(tail -1 "$work/replay.log")"
    else
        fail "fuzz-$target FILE: exit $replayed: $(tail -1 "$work/replay.log")"
    fi
done

fuzzer_config "swift build -c release --sanitize=fuzzer" .build-fuzz -c release --sanitize=fuzzer
echo "== planted mistake from an empty corpus, fuzz.sh's search flags"
bin="$ROOT/.build-fuzz/release/fuzz-document"
if [[ ${built[.build-fuzz/document]:-} != 1 ]]; then
    fail "fuzz-document: its release fuzz build failed above, so there is no fresh binary to run"
else
    for seed in 1 2 3; do
        rm -rf "$work/empty" "$work/artifacts" "$work/records"
        mkdir -p "$work/empty" "$work/artifacts"
        (cd "$work" && LINKMATCH_FUZZ_MUTANT=qstar-as-star LINKMATCH_FUZZ_FINDINGS="$work/records" "$bin" \
            $(libfuzzer_fuzz_flags document 256) "-seed=$seed" -runs=100000 -print_final_stats=1 \
            "-artifact_prefix=$work/artifacts/" "$work/empty" >"$work/run.log" 2>&1)
        # The crash must be the planted mistake's: a finding record of the document check with the mutant
        # as the candidate, whose artifact libFuzzer wrote.
        record_artifact=$("$TOOL" findings "$work/records" --artifacts --mutant qstar-as-star --target document | head -1)
        if log_has_banner "$work/run.log" && [[ -n $record_artifact && -f $work/artifacts/$record_artifact ]]; then
            pass "fuzz-document -seed=$seed: qstar-as-star found after $(log_executed_units "$work/run.log") executions"
        else
            fail "fuzz-document -seed=$seed: qstar-as-star not found within 100,000 executions from an empty corpus"
            tail -3 "$work/run.log" | sed 's/^/         /'
        fi
    done
fi
if ((all)); then
    fuzzer_config "swift build -c release -Xswiftc -sanitize=fuzzer,address -Xswiftc -use-ld=lld" .build-fuzz-asan \
        -c release -Xswiftc -sanitize=fuzzer,address -Xswiftc -use-ld=lld
    fuzzer_config "refuse: swift build -c release --sanitize=fuzzer --sanitize=address" .build-fuzz-asan-split \
        -c release --sanitize=fuzzer --sanitize=address
    fuzzer_config "swift build -c release -Xswiftc -sanitize=fuzzer" .build-fuzz-xswiftc -c release -Xswiftc -sanitize=fuzzer
    runtime=$(ls "$(dirname "$(readlink -f "$(command -v swift)")")"/../lib/clang/*/lib/linux/libclang_rt.fuzzer_no_main-*.a 2>/dev/null | head -1)
    if [[ -n $runtime ]]; then
        fuzzer_config "libFuzzer without its main ($(basename "$runtime"))" .build-fuzz-nomain -c release \
            -Xswiftc -sanitize=address -Xswiftc -sanitize-coverage=edge,inline-8bit-counters,pc-table \
            -Xlinker --undefined=LLVMFuzzerRunDriver -Xlinker "$runtime" -Xlinker -lstdc++
    else
        fail "libclang_rt.fuzzer_no_main not found next to $(command -v swift)"
    fi
fi
echo "$failures failure(s)"
((failures == 0))
