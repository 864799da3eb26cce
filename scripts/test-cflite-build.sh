#!/usr/bin/env bash
# Runs .clusterfuzzlite/build.sh outside Docker and checks what it leaves in $OUT. Usage: below.
set -euo pipefail
source "$(dirname "${BASH_SOURCE[0]}")/fuzz-common.sh"

# usage [STATUS]: the help text, on stdout for --help (exit 0), else on stderr (exit 2).
usage() {
    local status=${1:-2} fd=2
    ((status == 0)) && fd=1
    cat >&"$fd" <<'EOF'
scripts/test-cflite-build.sh [--runs N]

Runs .clusterfuzzlite/build.sh in the repository root as ClusterFuzzLite would, but outside Docker: SRC,
OUT and WORK are fresh temporary folders, precompile_swift is absent (build.sh falls back to the flags
it would set), SANITIZER=address. The Swift build folder is .build-cflite (LINKMATCH_SWIFT_SCRATCH), so
a second run is incremental. Then checks, for every target T: $OUT/T is a program that runs
`$OUT/T -runs=N` (default 1000) from another folder with exit 0, libFuzzer's banner, coverage counters
and "Done N runs"; it needs no Swift runtime library (static stdlib); $OUT/T.dict equals Corpus/T.dict;
$OUT/T.options sets max_len and fuzz.sh's search flags; $OUT/T_seed_corpus.zip holds exactly the inputs of Corpus/T/{seeds,merged,
regressions} (no .json twins). Exit 0 when every check passed.
EOF
    exit "$status"
}

runs=1000
while (($#)); do
    case $1 in
        --runs) runs=${2:?}; shift ;;
        -h | --help) usage 0 ;;
        *) usage ;;
    esac
    shift
done
[[ $runs =~ ^[0-9]+$ ]] || usage
if command -v precompile_swift >/dev/null 2>&1; then
    echo "precompile_swift is on PATH: this test is for the fallback without it" >&2
    exit 2
fi

load_targets || exit 2 # exports LINKMATCH_FUZZ_TOOL: build.sh uses this corpus tool instead of building one
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
export SRC="$tmp/src" OUT="$tmp/out" WORK="$tmp/work" SANITIZER=address LINKMATCH_SWIFT_SCRATCH="$ROOT/.build-cflite"
mkdir -p "$SRC" "$OUT" "$WORK" "$tmp/run"
failures=0
pass() { echo "  ok   $*"; }
fail() { echo "  FAIL $*"; failures=$((failures + 1)); }

echo "== .clusterfuzzlite/build.sh (OUT=$OUT)"
started=$SECONDS
status=0
(cd "$ROOT" && bash -eu .clusterfuzzlite/build.sh) >"$tmp/build.log" 2>&1 || status=$?
if ((status != 0)); then
    tail -30 "$tmp/build.log"
    echo "build.sh exited $status"
    exit 1
fi
grep -a '^build.sh:' "$tmp/build.log"
echo "  (build.sh took $((SECONDS - started)) s)"

for target in "${TARGETS[@]}"; do
    echo "== $target"
    bin="$OUT/$target"
    if [[ ! -x $bin ]]; then
        fail "$target: no program $bin"
        continue
    fi
    # From another folder, as the runner does: nothing may point back into the build.
    run_status=0
    (cd "$tmp/run" && "$bin" -runs="$runs" >"$tmp/run.log" 2>&1) || run_status=$?
    if log_shows_fuzzing "$tmp/run.log" "$runs" "$run_status"; then
        pass "$target -runs=$runs: exit 0, libFuzzer banner, $(log_counters "$tmp/run.log") counters, $(grep -a '^Done' "$tmp/run.log")"
    else
        fail "$target -runs=$runs: exit $run_status:"
        tail -5 "$tmp/run.log" | sed 's/^/         /'
    fi
    if ldd "$bin" 2>/dev/null | grep -q 'libswiftCore'; then
        fail "$target: needs the Swift runtime library: $(ldd "$bin" | grep libswiftCore)"
    else
        pass "$target: no Swift runtime library needed (ldd)"
    fi
    entries=$(grep -c -v -E '^(#|$)' "$OUT/$target.dict" 2>/dev/null || true)
    if cmp -s "$OUT/$target.dict" "$ROOT/Corpus/$target.dict" && ((entries > 0)); then
        pass "$target.dict: $entries entries, same as Corpus/$target.dict"
    else
        fail "$target.dict missing or different from Corpus/$target.dict"
    fi
    # Exactly FuzzTarget's options file (its form is tested in FuzzTargetListTests): the section, fuzz.sh's
    # max_len, the timeout and the target's search flags as option lines, nothing more.
    expected=$("$TOOL" target-options "$target")
    if [[ -f $OUT/$target.options ]] && [[ $(cat "$OUT/$target.options") == "$expected" ]] &&
        grep -q '^max_len = [0-9]' "$OUT/$target.options"; then
        pass "$target.options: $(grep -v '^\[' "$OUT/$target.options" | paste -s -d ' ' -)"
    else
        fail "$target.options missing or not: $(printf '%s' "$expected" | paste -s -d ' ' -)"
    fi
    zip="$OUT/${target}_seed_corpus.zip"
    expected=0
    for part in seeds merged regressions; do
        expected=$((expected + $(corpus_inputs "$ROOT/Corpus/$target/$part" | tr -cd '\0' | wc -c)))
    done
    if [[ -f $zip ]]; then
        mkdir -p "$tmp/unzip/$target"
        unzip -q "$zip" -d "$tmp/unzip/$target"
        got=$(find "$tmp/unzip/$target" -type f | wc -l)
        twins=$(find "$tmp/unzip/$target" -type f -name '*.json' | while IFS= read -r f; do [[ -e ${f%.json} ]] && echo "$f"; done | wc -l)
        if ((got == expected && twins == 0)); then
            pass "${target}_seed_corpus.zip: $got inputs (seeds + merged + regressions), no twins"
        else
            fail "${target}_seed_corpus.zip: $got files, $twins twins; expected $expected inputs"
        fi
    else
        fail "no $zip"
    fi
done
echo "$failures failure(s)"
((failures == 0))
