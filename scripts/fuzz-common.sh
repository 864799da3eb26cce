# Shared by scripts/fuzz.sh, nightly.sh, repro.sh and check-fuzz-build.sh (source it, don't run it):
# the target list, how a fuzzer is built, and which corpus files are inputs.

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

# Builds the libFuzzer binary of target $1 ($2 = asan for AddressSanitizer) and prints its path.
# Release, in its own scratch folder so it never fights the debug build in .build.
# ASan: NOT `--sanitize=fuzzer --sanitize=address`: SwiftPM passes swiftc two -sanitize flags, swiftc
# keeps only the last, and the Swift code gets no coverage (the binary refuses to run, CoverageCheck).
# One flag with both works. Linked with lld: gold warns "Cannot export local symbol
# '__asan_extra_spill_area'".
fuzz_build() {
    local target=$1 mode=${2:-} scratch=.build-fuzz
    local flags=(--sanitize=fuzzer)
    if [[ $mode == asan ]]; then
        scratch=.build-fuzz-asan
        flags=(-Xswiftc -sanitize=fuzzer,address -Xswiftc -use-ld=lld)
    fi
    local log
    log=$(mktemp)
    if ! (cd "$ROOT" && swift build -c release "${flags[@]}" --scratch-path "$scratch" --product "fuzz-$target") >"$log" 2>&1; then
        cat "$log" >&2
        rm -f "$log"
        echo "error: building fuzz-$target failed" >&2
        return 1
    fi
    rm -f "$log"
    echo "$ROOT/$scratch/release/fuzz-$target"
}

# Builds the corpus tool (debug, the normal .build) and prints its path.
tool_build() {
    local log
    log=$(mktemp)
    if ! (cd "$ROOT" && swift build --product fuzz-corpus-tool) >"$log" 2>&1; then
        cat "$log" >&2
        rm -f "$log"
        echo "error: building fuzz-corpus-tool failed" >&2
        return 1
    fi
    rm -f "$log"
    echo "$ROOT/.build/debug/fuzz-corpus-tool"
}

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
