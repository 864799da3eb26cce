#!/usr/bin/env bash
# A stand-in for Apple's swcutil (which exists only on macOS), for testing scripts/oracle.sh and
# `linkmatch probes import` anywhere. It answers from a file of canned answers named by
# $SWCUTIL_STANDIN_ANSWERS: tab-separated lines
#     ID  MODE  URL  EXIT  TEXT
# ID is the probe (the folder of the -j file, as the kit lays files out: ID/aasa.json), MODE is
# verify or match, URL must equal -u exactly (so a URL mangled on the way fails loudly). Every matching
# line's TEXT is printed on stdout, in file order; the exit status is the first matching line's EXIT.
# No matching line: a message on stderr and exit 70. A malformed command line: usage, exit 64.
# No -e or pipefail: it answers with the canned exit status, and a missing answer is an answer too.
set -u
usage() { echo "usage: swcutil verify -d DOMAIN -j FILE -u URL | swcutil match -u URL -j DICT" >&2; exit 64; }
if [ -z "${SWCUTIL_STANDIN_ANSWERS:-}" ] || [ ! -f "$SWCUTIL_STANDIN_ANSWERS" ]; then
  echo "swcutil-standin: set SWCUTIL_STANDIN_ANSWERS to the canned-answers file" >&2; exit 78
fi
mode="${1:-}"; [ $# -gt 0 ] && shift
domain="" file="" url=""
while [ $# -gt 0 ]; do
  case "$1" in
    -d) domain="${2:-}"; shift 2 ;;
    -j) file="${2:-}"; shift 2 ;;
    -u) url="${2:-}"; shift 2 ;;
    *) usage ;;
  esac
done
case "$mode" in
  verify) if [ -z "$domain" ] || [ -z "$file" ] || [ -z "$url" ]; then usage; fi ;;
  match) if [ -z "$file" ] || [ -z "$url" ]; then usage; fi ;;
  *) usage ;;
esac
[ -f "$file" ] || { echo "swcutil-standin: $file: no such file" >&2; exit 66; }
ID=$(basename "$(dirname "$file")") MODE="$mode" URL="$url" awk -F'\t' '
  BEGIN { code = -1 }
  $1 == ENVIRON["ID"] && $2 == ENVIRON["MODE"] && $3 == ENVIRON["URL"] { if (code < 0) code = $4; print $5 }
  END {
    if (code < 0) { print "swcutil-standin: no canned answer for " ENVIRON["ID"] " " ENVIRON["MODE"] " " ENVIRON["URL"] > "/dev/stderr"; exit 70 }
    exit code
  }' "$SWCUTIL_STANDIN_ANSWERS"
