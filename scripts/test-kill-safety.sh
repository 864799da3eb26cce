#!/usr/bin/env bash
# Kills fuzz.sh and nightly.sh at random moments and checks that Corpus/ lost nothing. Usage: below.
set -euo pipefail
source "$(dirname "${BASH_SOURCE[0]}")/fuzz-common.sh"

# usage [STATUS]: the help text, on stdout for --help (exit 0), else on stderr (exit 2).
usage() {
    local status=${1:-2} fd=2
    ((status == 0)) && fd=1
    cat >&"$fd" <<'EOF'
scripts/test-kill-safety.sh [--kills N] [--brief] [--seed N]

Builds the fuzzers once, copies scripts/ and Corpus/ into a scratch git repository, and starts runs
there, each killed after a random delay, until N runs were killed (default 30; --brief: 3, no nightly
runs, about 2 minutes once the fuzzers are built): SIGINT to its whole process group (as Ctrl-C does) and SIGTERM to the script
alone, alternately. Runs:
  - fuzz.sh differential --mutant qstar-as-star --empty (finds, minimizes and stores a planted mistake:
    LINKMATCH_FUZZ_STORE_MUTANT_FINDINGS=1 in the scratch copy only), 3 s of fuzzing
  - fuzz.sh percent-encoding parser --merge, 2 s each
  - nightly.sh --seconds 1 (every target, merges; every 5th run)
The delay is drawn from 0 .. how long the last unkilled run of that kind took, so kills land in the
build check, corpus copy, fuzzing, replay, minimization, merge and swap; some runs finish first (they
are checked too, and do not count as kills). After each run `git status --porcelain
Corpus` must show nothing deleted or modified, except a merged/ that a finished merge replaced, whose
old files must all be in that run's merged-previous/ folder; new files must be whole regressions (input
and twin, non-empty); no process of the run may be left. Then the copy is reset for the next run.
Exit 0 when every check passed.
EOF
    exit "$status"
}

kills=30 seed=$$ brief=0
while (($#)); do
    case $1 in
        --kills) kills=${2:?}; shift ;;
        --brief) kills=3 brief=1 ;;
        --seed) seed=${2:?}; shift ;;
        -h | --help) usage 0 ;;
        *) usage ;;
    esac
    shift
done
[[ $kills =~ ^[0-9]+$ && $seed =~ ^[0-9]+$ ]] || usage
RANDOM=$seed

work=$(mktemp -d)
child=""
cleanup() {
    if [[ -n $child ]]; then kill -TERM -- "-$child" 2>/dev/null || true; wait "$child" 2>/dev/null || true; fi
    rm -rf "$work"
}
trap cleanup EXIT
trap 'exit 130' INT
trap 'exit 143' TERM
echo "== building the fuzzers and the corpus tool once"
load_targets # exports LINKMATCH_FUZZ_TOOL: the runs below build no corpus tool
for target in "${TARGETS[@]}"; do fuzz_build "$target" >/dev/null; done
export LINKMATCH_FUZZ_BIN_DIR="$ROOT/.build-fuzz/release" LINKMATCH_FUZZ_STORE_MUTANT_FINDINGS=1

repo="$work/repo"
mkdir -p "$repo"
cp -R "$ROOT/scripts" "$ROOT/Corpus" "$repo/"
git -C "$repo" init -q
git -C "$repo" add Corpus
git -C "$repo" -c user.name=test -c user.email=test@invalid commit -qm corpus
printf '%s/\n' "$repo" >"$work/pattern"
echo "== scratch copy: $(git -C "$repo" ls-files Corpus | wc -l) corpus files in $repo"

failures=0
fail() { echo "  FAIL $*"; failures=$((failures + 1)); }

# Checks the copy after run $1 (its output in $2); prints what changed.
check_corpus() {
    local label=$1 log=$2 line path deleted=0 added=0 merged_replaced=()
    while IFS= read -r line; do
        path=${line:3}
        case ${line:0:2} in
            '??') added=$((added + 1)) ;;
            ' D')
                deleted=$((deleted + 1))
                if [[ $path =~ ^Corpus/([^/]+)/merged/ ]]; then
                    merged_replaced+=("${BASH_REMATCH[1]}")
                else
                    fail "$label: deleted $path"
                fi
                ;;
            *) fail "$label: $line" ;;
        esac
    done < <(git -C "$repo" status --porcelain --untracked-files=all Corpus)
    # A replaced merged/: every old file must be in a merged-previous/ folder of a run, unchanged.
    local target file name
    for target in $(printf '%s\n' "${merged_replaced[@]}" | sort -u); do
        while IFS= read -r file; do
            name=$(basename "$file")
            local kept=0 candidate
            while IFS= read -r -d '' candidate; do
                if git -C "$repo" show "HEAD:$file" | cmp -s - "$candidate"; then kept=1; break; fi
            done < <(find "$repo/fuzz-artifacts" -path "*/$target/merged-previous/$name" -print0 2>/dev/null)
            ((kept)) || fail "$label: $file is gone from merged/ and not in a merged-previous/ folder"
        done < <(git -C "$repo" ls-files --deleted "Corpus/$target/merged")
    done
    # New files: whole regressions (input and twin, both non-empty).
    while IFS= read -r path; do
        if [[ $path == */regressions/* ]]; then
            local input=${path%.json}
            [[ -s $repo/$input && -s $repo/$input.json ]] || fail "$label: regression $input without its twin (or empty)"
        elif [[ $path != */merged/* ]]; then
            fail "$label: unexpected new file $path"
        fi
    done < <(git -C "$repo" ls-files --others Corpus)
    echo "  corpus: $deleted deleted (replaced merged/: $(printf '%s\n' "${merged_replaced[@]}" | sort -u | paste -s -d ' ' -)), $added new"
}

# Kill run $1 of command "${@:3}" after $2 tenths of a second.
kill_run() {
    local label=$1 delay=$2 signal
    shift 2
    local log="$work/run.log"
    # The run gets its own process group (job control on) and SIGINT at its default even when this test
    # was started in the background (which ignores SIGINT for good in bash), as in a terminal.
    set -m
    env --default-signal=INT "$@" >"$log" 2>&1 &
    local pid=$!
    child=$pid
    set +m
    local started
    started=$(date +%s%N)
    while (($(date +%s%N) - started < delay * 100000000)) && kill -0 "$pid" 2>/dev/null; do
        sleep 0.1
    done
    killed=0
    if kill -0 "$pid" 2>/dev/null; then
        killed=1
        kills_done=$((kills_done + 1))
        if ((kills_done % 2)); then
            signal="SIGINT to the group"
            kill -INT -- "-$pid" 2>/dev/null || true
        else
            signal="SIGTERM to the script"
            kill -TERM "$pid" 2>/dev/null || true
        fi
    else
        signal="none (finished first)"
    fi
    local status=0
    wait "$pid" || status=$?
    child=""
    ran_for=$((($(date +%s%N) - started) / 100000000))
    local phase
    # (|| true: a kill that lands before the run prints anything leaves an empty log, and grep's exit 1
    # would end this script under pipefail.)
    phase=$({ grep -a -E '^== |: finding |minimizing|merged/ now|interrupted' "$log" || true; } | tail -2 | paste -s -d '|' - | cut -c1-150)
    if ((killed)); then
        echo "$label: ${*:2:2}... killed after $((delay / 10)).$((delay % 10))s by $signal: exit $status; last: $phase"
    else
        echo "$label: ${*:2:2}... finished after $((ran_for / 10)).$((ran_for % 10))s (before the kill): exit $status"
    fi
    case $status in
        0 | 1 | 130 | 143) ;;
        *) fail "$label: exit $status"; tail -5 "$log" | sed 's/^/      /' ;;
    esac
    # A run that was not killed ends with its summary table, and a planted mistake's finding gives exit 1
    # (fuzz.sh's documented exit; the mutant is found within a second from an empty corpus).
    if ((!killed)); then
        grep -a -q '^== summary' "$log" || fail "$label: finished without its summary table"
        if [[ " $* " == *" --mutant "* ]] && ((status != 1)); then fail "$label: a planted finding must exit 1, got $status"; fi
    fi
    # Nothing of the run may be left running (libFuzzer runs in its own session).
    sleep 0.2
    local left
    # (The pattern comes from a file, so this grep's own command line does not match it.)
    left=$(grep -l -a -F -f "$work/pattern" /proc/[0-9]*/cmdline 2>/dev/null | cut -d/ -f3 || true)
    if [[ -n $left ]]; then
        fail "$label: processes left running: $left"
        # shellcheck disable=SC2086
        kill -KILL $left 2>/dev/null || true
    fi
}

# How long each kind of run takes when nobody kills it (tenths of a second): a first guess, then what the
# last run that finished took, so the delays keep covering the whole run however loaded the machine is.
declare -A usual=([store]=250 [merge]=450 [nightly]=900)
kills_done=0 run=0
while ((kills_done < kills && run < 3 * kills)); do
    run=$((run + 1))
    kind=merge
    if ((run % 5 == 1 || run % 5 == 3)); then kind=store; fi
    if ((run % 5 == 0 && !brief)); then kind=nightly; fi
    case $kind in
        nightly) cmd=("$repo/scripts/nightly.sh" --seconds 1) ;;
        store) cmd=("$repo/scripts/fuzz.sh" differential --mutant qstar-as-star --empty --seconds 3 --minimize-seconds 3) ;;
        merge) cmd=("$repo/scripts/fuzz.sh" percent-encoding parser --merge --seconds 2) ;;
    esac
    kill_run "run $run (kill $((kills_done + 1))/$kills)" $((RANDOM % usual[$kind])) "${cmd[@]}"
    ((killed)) || usual[$kind]=$ran_for
    check_corpus "run $run" "$work/run.log"
    git -C "$repo" checkout -q -- Corpus
    git -C "$repo" clean -qfdx Corpus
    rm -rf "$repo/fuzz-artifacts"
done
# A swap cut between its renames (what SIGKILL or a power cut could leave): the next run must restore it.
mkdir -p "$repo/fuzz-artifacts/merge-swap"
mv -T "$repo/Corpus/percent-encoding/merged" "$repo/fuzz-artifacts/merge-swap/percent-encoding"
kill_run "restore" 100000 "$repo/scripts/fuzz.sh" percent-encoding --seconds 1
if grep -a -q 'restored Corpus/percent-encoding/merged/' "$work/run.log" && [[ -z $(git -C "$repo" status --porcelain Corpus) ]]; then
    echo "  ok: the next run restored merged/ from the backup of a cut swap"
else
    fail "restore: merged/ not restored from the backup of a cut swap"
fi

echo "$run runs, $kills_done of them killed, $failures failure(s)"
((kills_done >= kills)) || fail "only $kills_done kills in $run runs (wanted $kills)"
((failures == 0))
