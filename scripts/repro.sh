#!/usr/bin/env bash
# Show and rerun corpus files. Usage: below.
set -euo pipefail
source "$(dirname "${BASH_SOURCE[0]}")/fuzz-common.sh"

# usage [STATUS]: the help text, on stdout for --help (exit 0), else on stderr (exit 2).
usage() {
    local status=${1:-2} fd=2
    ((status == 0)) && fd=1
    cat >&"$fd" <<'EOF'
scripts/repro.sh FILE...

For each file (the target comes from its path, Corpus/<target>/...; a readable twin X.json stands for X)
prints the readable case, then replays the input through the target's check (plain debug build, no
libFuzzer) and says whether it passes. Exit 0 when every file passes, 1 when one fails, 2 on errors.
To rerun an input exactly as the fuzzer saw it (hangs, ASan reports), run the libFuzzer binary on it:
  SWIFT_BACKTRACE=enable=no .build-fuzz/release/fuzz-<target> FILE
EOF
    exit "$status"
}

(($#)) || usage
[[ $1 == -h || $1 == --help ]] && usage 0
load_targets || exit 2
tool=$TOOL
status=0
for file in "$@"; do
    [[ $file == *.json && -e ${file%.json} ]] && file=${file%.json}
    [[ -f $file ]] || { echo "no such file: $file" >&2; exit 2; }
    target=$(target_of_path "$file") || { echo "$file: not under Corpus/<target>/" >&2; exit 2; }
    echo "== $file ($target)"
    "$tool" readable --target "$target" "$file" || exit 2
    if ! (cd "$ROOT" && swift build --product "fuzz-$target") >/dev/null 2>&1; then
        echo "error: building fuzz-$target failed (run: swift build --product fuzz-$target)" >&2
        exit 2
    fi
    replay=0
    "$ROOT/.build/debug/fuzz-$target" "$file" || replay=$?
    case $replay in
        0) ;;
        1) status=1 ;;
        *) exit 2 ;;
    esac
done
exit $status
