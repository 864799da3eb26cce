#!/bin/bash
# ClusterFuzzLite / OSS-Fuzz build: run in the project root ($SRC/linkmatch in the image) with SRC, OUT and
# WORK set. Leaves in $OUT, for every fuzz target T (`fuzz-corpus-tool targets`: FuzzTarget, the one list):
#   T                    the libFuzzer binary (swift build --product fuzz-T)
#   T.dict               Corpus/T.dict
#   T.options            max_len, timeout and the search flags (len_control), as scripts/fuzz.sh uses them
#                        (`fuzz-corpus-tool target-options T`)
#   T_seed_corpus.zip    Corpus/T/{seeds,merged,regressions} inputs, without the readable .json twins
# Also runs outside Docker (scripts/test-cflite-build.sh): without precompile_swift it uses the flags
# that script would set. LINKMATCH_SWIFT_SCRATCH overrides the build folder (default $WORK/swift-build).
set -eu

[ -f Package.swift ] && [ -f scripts/fuzz-common.sh ] || { echo "build.sh: run it in the LinkMatch root" >&2; exit 1; }
: "${OUT:?}" "${WORK:?}"
SANITIZER=${SANITIZER:-address}
source scripts/fuzz-common.sh # load_targets (TARGETS, TOOL), corpus_inputs, log_shows_fuzzing; SWIFT_BACKTRACE=enable=no
# The corpus tool (a plain debug build in .build, or LINKMATCH_FUZZ_TOOL) names the targets and their options.
load_targets

if command -v precompile_swift >/dev/null 2>&1; then
    # OSS-Fuzz's helper: sets $SWIFTFLAGS for $SANITIZER (and copies its llvm-symbolizer to $OUT).
    . precompile_swift
    # swiftc keeps only the LAST -sanitize flag (Package.swift says more): a separate --sanitize=X after
    # -Xswiftc -sanitize=fuzzer,X would drop the fuzzer's coverage. The combined flag already has X.
    if [[ " $SWIFTFLAGS " == *" -sanitize=fuzzer,"* ]]; then
        kept=""
        for flag in $SWIFTFLAGS; do [[ $flag == --sanitize=* ]] || kept="$kept $flag"; done
        SWIFTFLAGS=$kept
    fi
else
    # What precompile_swift would set, in the form proven here: ONE -sanitize flag, lld, static stdlib
    # (the runner image has no Swift runtime).
    SWIFTFLAGS="--static-swift-stdlib -Xswiftc -use-ld=lld"
    if [ "$SANITIZER" = coverage ]; then
        SWIFTFLAGS="$SWIFTFLAGS -Xswiftc -profile-generate -Xswiftc -profile-coverage-mapping -Xswiftc -sanitize=fuzzer"
    else
        SWIFTFLAGS="$SWIFTFLAGS -Xswiftc -sanitize=fuzzer,$SANITIZER"
    fi
fi
scratch=${LINKMATCH_SWIFT_SCRATCH:-$WORK/swift-build}
echo "build.sh: SANITIZER=$SANITIZER SWIFTFLAGS=$SWIFTFLAGS scratch=$scratch"

stage="$WORK/linkmatch-seeds"
for target in "${TARGETS[@]}"; do
    # $SWIFTFLAGS unquoted: it is a list of flags.
    swift build -c release $SWIFTFLAGS --scratch-path "$scratch" --product "fuzz-$target"
    bin_dir=$(swift build -c release $SWIFTFLAGS --scratch-path "$scratch" --show-bin-path)
    cp "$bin_dir/fuzz-$target" "$OUT/$target"
    cp "Corpus/$target.dict" "$OUT/$target.dict"
    "$TOOL" target-options "$target" >"$OUT/$target.options"

    # Seed corpus: one flat folder (names prefixed by their part, so none collide), zipped elsewhere
    # and renamed into place.
    rm -rf "$stage"
    mkdir -p "$stage"
    for part in seeds merged regressions; do
        while IFS= read -r -d '' input; do
            cp "$input" "$stage/$part-$(basename "$input")"
        done < <(corpus_inputs "Corpus/$target/$part")
    done
    rm -f "$WORK/$target.zip"
    (cd "$stage" && zip -q -r "$WORK/$target.zip" .)
    mv -f "$WORK/$target.zip" "$OUT/${target}_seed_corpus.zip"

    # A fuzzer without coverage refuses to run (Sources/Fuzz/CoverageProbe): fail the build, not the fuzzing.
    status=0
    (cd "$WORK" && "$OUT/$target" -runs=16 -max_len=64 >"$WORK/$target-check.log" 2>&1) || status=$?
    log_shows_fuzzing "$WORK/$target-check.log" 16 "$status" ||
        { cat "$WORK/$target-check.log" >&2; echo "build.sh: $OUT/$target does not fuzz (exit $status)" >&2; exit 1; }
done
rm -rf "$stage"
echo "build.sh: ${#TARGETS[@]} fuzzers in $OUT: ${TARGETS[*]}"
