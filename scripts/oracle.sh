#!/usr/bin/env bash
# Runs the swcutil probe kit (`linkmatch probes export DIR`) with Apple's swcutil and writes the
# observations file that `linkmatch probes import` reads. swcutil exists only on macOS and must run
# as root:   sudo scripts/oracle.sh --kit DIR [--swcutil PATH] [--out FILE] [--timeout SECONDS]
#
# It runs every line of DIR/probes.tsv (id, mode, domain, file, url) from inside DIR:
#   verify: swcutil verify -d DOMAIN -j FILE -u URL   (the whole file, every app in it)
#   match:  swcutil match -u URL -j FILE               (one component; --match-inline passes the
#           component's JSON text instead of its path, in case swcutil wants the dictionary itself)
# and records, per run, the exit status and the raw stdout/stderr (base64, so no byte is lost).
# It does not interpret swcutil's output: `probes import` does, defensively (SwcutilOutput.swift
# says which output forms it assumes), and the raw text stays in the file for a person to reread.
#
# Written for macOS's bash 3.2 (no associative arrays, no mapfile, no `timeout` command). The output
# is written to FILE.partial.PID and renamed at the end, so a killed run leaves no half file.
# SWCUTIL (env) or --swcutil picks the program, so a stand-in can answer (scripts/swcutil-standin.sh).
# swcutil runs inside DIR (the kit's file arguments are relative to it): give a stand-in absolute paths.
# No -e or pipefail: every swcutil run is recorded with its exit status, a failing one included (and bash 3.2).
set -u

# usage [STATUS]: the help text, on stdout for --help (exit 0), else on stderr (exit 2).
usage() {
  local status=${1:-2} fd=2
  ((status == 0)) && fd=1
  { sed -n '2,4p' "$0" | sed 's/^# \{0,1\}//'
    echo "  --allow-non-root  skip the root check (for a stand-in); --match-inline  see above"; } >&"$fd"
  exit "$status"
}

kit="" out="" swcutil="${SWCUTIL:-}" timeout="${ORACLE_TIMEOUT:-60}" allow_non_root=0 match_inline=0
while [ $# -gt 0 ]; do
  case "$1" in
    --kit) kit="${2:-}"; shift 2 ;;
    --out) out="${2:-}"; shift 2 ;;
    --swcutil) swcutil="${2:-}"; shift 2 ;;
    --timeout) timeout="${2:-}"; shift 2 ;;
    --allow-non-root) allow_non_root=1; shift ;;
    --match-inline) match_inline=1; shift ;;
    -h|--help) usage 0 ;;
    *) echo "oracle.sh: unknown argument '$1'" >&2; usage ;;
  esac
done

die() { echo "oracle.sh: $*" >&2; exit 1; }
[ -n "$kit" ] || usage
[ -f "$kit/probes.tsv" ] || die "$kit/probes.tsv not found: write the kit first (linkmatch probes export $kit)"
case "$timeout" in ''|*[!0-9]*) die "--timeout wants whole seconds, got '$timeout'" ;; esac
if [ -z "$swcutil" ]; then swcutil=$(command -v swcutil || echo /usr/bin/swcutil); fi
[ -x "$swcutil" ] || die "swcutil not found or not executable at '$swcutil' (it ships with macOS; set SWCUTIL or --swcutil)"
case "$swcutil" in /*) ;; */*) swcutil="$(cd "$(dirname "$swcutil")" && pwd)/$(basename "$swcutil")" ;; esac  # we cd into the kit
if [ "$(id -u)" != 0 ] && [ "$allow_non_root" = 0 ]; then
  die "swcutil must run as root: sudo $0 --kit $kit (or --allow-non-root for a stand-in)"
fi
kit=$(cd "$kit" && pwd)
[ -n "$out" ] || out="$kit/observations.jsonl"
case "$out" in /*) ;; *) out="$(pwd)/$out" ;; esac

work=$(mktemp -d "${TMPDIR:-/tmp}/oracle.XXXXXX") || die "cannot make a temporary folder"
partial="$out.partial.$$"
trap 'rm -rf "$work"; rm -f "$partial"' EXIT
trap 'exit 130' INT TERM

# JSON string body: backslash, quote and control characters escaped; other bytes (UTF-8) kept.
json_escape() {
  local s=$1 c i
  s=${s//\\/\\\\}; s=${s//\"/\\\"}
  s=${s//$'\n'/\\n}; s=${s//$'\r'/\\r}; s=${s//$'\t'/\\t}
  case "$s" in *[[:cntrl:]]*) ;; *) printf '%s' "$s"; return ;; esac  # the common case: no forks
  for i in 1 2 3 4 5 6 7 8 11 12 14 15 16 17 18 19 20 21 22 23 24 25 26 27 28 29 30 31; do
    # shellcheck disable=SC2059  # the format is the octal escape that makes the control character
    printf -v c "\\$(printf '%03o' "$i")"
    s=${s//$c/$(printf '\\u%04x' "$i")}
  done
  printf '%s' "$s"
}
b64() { base64 < "$1" | tr -d '\n\r'; }

if command -v sw_vers >/dev/null 2>&1; then
  system="$(sw_vers -productName) $(sw_vers -productVersion) ($(sw_vers -buildVersion))"
else
  system="$(uname -srm) (not macOS: swcutil here is a stand-in)"
fi
printf '{"kind":"header","tool":"swcutil","swcutil":"%s","system":"%s","started":"%s","kit":"%s"}\n' \
  "$(json_escape "$swcutil")" "$(json_escape "$system")" "$(date -u +%Y-%m-%dT%H:%M:%SZ)" "$(json_escape "$kit")" > "$partial" \
  || die "cannot write $partial"

cd "$kit" || die "cannot enter $kit"
runs=0 failures=0
tab=$(printf '\t')
while IFS="$tab" read -r id mode domain file url; do
  [ -n "$id" ] || continue
  case "$mode" in
    verify) set -- verify -d "$domain" -j "$file" -u "$url" ;;
    match)
      if [ "$match_inline" = 1 ]; then set -- match -u "$url" -j "$(cat "$file")"; else set -- match -u "$url" -j "$file"; fi ;;
    *) echo "oracle.sh: $id: unknown mode '$mode' in probes.tsv, skipped" >&2; continue ;;
  esac
  command="swcutil$(printf ' %q' "$@")"
  # Run with a time limit: poll every 0.01 s for the first 0.2 s (most runs end by then), then every
  # 0.1 s; kill after $timeout seconds. `elapsed` counts hundredths of a second.
  "$swcutil" "$@" < /dev/null > "$work/out" 2> "$work/err" &
  pid=$!
  elapsed=0 timed_out=false
  while kill -0 "$pid" 2>/dev/null; do
    if [ "$elapsed" -ge $((timeout * 100)) ]; then kill -9 "$pid" 2>/dev/null; timed_out=true; break; fi
    if [ "$elapsed" -lt 20 ]; then sleep 0.01; elapsed=$((elapsed + 1)); else sleep 0.1; elapsed=$((elapsed + 10)); fi
  done
  wait "$pid"
  status=$?
  exit_json=$status
  [ "$timed_out" = true ] && exit_json=null
  # The command line (it holds the URL, any bytes) goes as base64 too: no shell escaping to get wrong.
  printf '%s' "$command" > "$work/cmd"
  printf '{"kind":"observation","id":"%s","mode":"%s","commandBase64":"%s","exit":%s,"timedOut":%s,"stdoutBase64":"%s","stderrBase64":"%s"}\n' \
    "$(json_escape "$id")" "$(json_escape "$mode")" "$(b64 "$work/cmd")" "$exit_json" "$timed_out" \
    "$(b64 "$work/out")" "$(b64 "$work/err")" >> "$partial" || die "cannot write $partial"
  runs=$((runs + 1))
  [ "$status" = 0 ] || failures=$((failures + 1))
  echo "oracle.sh: $id [$mode]: exit $status$([ "$timed_out" = true ] && echo ', timed out')" >&2
done < probes.tsv

mv -f "$partial" "$out" || die "cannot rename $partial to $out"
if [ "$runs" -gt 0 ] && [ "$failures" = "$runs" ]; then
  echo "oracle.sh: WARNING: every swcutil run exited non-zero; look at one (the raw output is in the file)" >&2
fi
echo "oracle.sh: $runs swcutil runs ($failures with a non-zero exit) recorded in $out"
echo "oracle.sh: next: linkmatch probes import $out"
