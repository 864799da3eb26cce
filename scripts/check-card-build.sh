#!/usr/bin/env bash
# The package card promises "`swift build -Xswiftc -sanitize=fuzzer` runs". This proves it, and the two release
# forms beside it, as a user types them at the package root: no --product, every target of the package.
# For each form, every fuzz-* binary it leaves must fuzz (fuzz-common.sh's log_shows_fuzzing: libFuzzer's banner,
# at least 1000 coverage counters, N runs done) and the programs built with it must still work (linkmatch decides a URL,
# fuzz-corpus-tool lists the mutants, linkmatch-bench answers a usage error with exit 2): in a fuzzer build they
# run from LLVMFuzzerInitialize (Sources/Programs/include/linkmatch_program.h).
# Each form builds in its own scratch folder (the flags differ, so they would rebuild each other anyway);
# `-c release --sanitize=fuzzer` shares .build-fuzz with scripts/fuzz.sh.
# Usage: scripts/check-card-build.sh [--runs N] [--only debug|release-xswiftc|release-sanitize]...
# Exit 0 when every check passed, 1 otherwise.
set -euo pipefail
# --help: the comment above (the script's usage), on stdout, exit 0.
if [[ ${1:-} == -h || ${1:-} == --help ]]; then sed -n '2,/^set /p' "$0" | grep '^#' | sed 's/^# \{0,1\}//'; exit 0; fi
source "$(dirname "${BASH_SOURCE[0]}")/fuzz-common.sh"

runs=1000
only=()
while (($#)); do
    case $1 in
        --runs) runs=$2; shift 2 ;;
        --only) only+=("$2"); shift 2 ;;
        *) echo "usage: scripts/check-card-build.sh [--runs N] [--only debug|release-xswiftc|release-sanitize]..." >&2; exit 2 ;;
    esac
done

load_targets || exit 1 # the target names (fuzz-corpus-tool targets) and LibFuzzerLog, from the debug build

# name | scratch folder | configuration folder | the flags after `swift build`
FORMS=(
    "debug|.build-card-debug|debug|-Xswiftc -sanitize=fuzzer"
    "release-xswiftc|.build-fuzz-xswiftc|release|-c release -Xswiftc -sanitize=fuzzer"
    "release-sanitize|.build-fuzz|release|-c release --sanitize=fuzzer"
)

work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
failures=0
pass() { echo "  ok   $*"; }
fail() { echo "  FAIL $*"; failures=$((failures + 1)); }

selected() {
    ((${#only[@]} == 0)) && return 0
    local o
    for o in "${only[@]}"; do [[ $o == "$1" ]] && return 0; done
    return 1
}

for form in "${FORMS[@]}"; do
    IFS='|' read -r name scratch config flags <<<"$form"
    selected "$name" || continue
    echo "== swift build $flags   (at the root, no --product; scratch $scratch)"
    start=$SECONDS
    # shellcheck disable=SC2086 # the flags are words
    if (cd "$ROOT" && swift build $flags --scratch-path "$scratch") >"$work/build.log" 2>&1; then
        pass "build succeeded in $((SECONDS - start)) s"
    else
        fail "build failed (exit $?):"
        grep -a -E 'error|warning' "$work/build.log" | sort -u | head -20 | sed 's/^/         /'
        continue
    fi
    bin="$ROOT/$scratch/$config"
    for target in "${TARGETS[@]}"; do
        status=0
        (cd "$work" && "$bin/fuzz-$target" -runs="$runs" -max_len=256 >"$work/run.log" 2>&1) || status=$?
        if log_shows_fuzzing "$work/run.log" "$runs" "$status"; then
            pass "fuzz-$target: libFuzzer banner, $(log_counters "$work/run.log") coverage counters, $(grep -a '^Done' "$work/run.log")"
        else
            fail "fuzz-$target: exit $status, $(log_counters "$work/run.log") counters, no banner or run count:"
            tail -5 "$work/run.log" | sed 's/^/         /'
        fi
    done
    # The programs: the CLI decides a URL (exit 0, the expected line), the others answer as programs.
    status=0
    "$bin/linkmatch" check "$ROOT/TestData/real-world-aasa/felleslosninger__minid.no__well-known.json" \
        'https://minid.no/app/login#no_universal_links' --domain minid.no >"$work/cli.log" 2>&1 || status=$?
    if ((status == 0)) && grep -q 'exclude  applinks.details\[0\].components\[0\]' "$work/cli.log"; then
        pass "linkmatch check: exit 0, decides the URL"
    else
        fail "linkmatch check: exit $status: $(head -3 "$work/cli.log")"
    fi
    status=0
    "$bin/fuzz-corpus-tool" mutants >"$work/tool.log" 2>&1 || status=$?
    if ((status == 0)) && grep -qE '^qstar-as-star( |$)' "$work/tool.log"; then
        pass "fuzz-corpus-tool mutants: exit 0, $(wc -l <"$work/tool.log") mutants"
    else
        fail "fuzz-corpus-tool mutants: exit $status: $(head -3 "$work/tool.log")"
    fi
    status=0
    "$bin/linkmatch-bench" --no-such-option >"$work/bench.log" 2>&1 || status=$?
    if ((status == 2)) && grep -q '^usage: linkmatch-bench' "$work/bench.log"; then
        pass "linkmatch-bench --no-such-option: exit 2 with its usage line"
    else
        fail "linkmatch-bench --no-such-option: exit $status: $(head -3 "$work/bench.log")"
    fi
done
echo "$failures failure(s)"
((failures == 0))
