#!/usr/bin/env bash
# Names that survive every file system: fails (exit 1, naming the offending pair or path) when a clone or a
# build would break on macOS (case-insensitive, normalization-insensitive APFS/HFS+) or Windows (NTFS).
#
#   scripts/check-portable-names.sh [--root DIR]     the tree and the package (before building):
#     (a) two tracked paths, or two of their parent folders, are equal ignoring case (`A/x` and `a/y` clash
#         as the folders `A` and `a`; only the first clashing level is reported);
#     (b) two target names of the package are equal ignoring case (SwiftPM writes `<Target>.build/` and a
#         `<Target>.swiftmodule` per target), or two product names that name build output (executables,
#         static and dynamic libraries: `<product>`, `<product>.product/`, `lib<product>.*`). An automatic
#         library product writes nothing of its own, so the library `LinkMatch` and the executable
#         `linkmatch` may coexist; (c) below checks that on a real build;
#     (d) a tracked path has a component Windows or macOS rejects: the characters < > : " \ | ? * or a control
#         character (U+0000..U+001F), a trailing dot or space, or a reserved device name (CON PRN AUX NUL
#         COM1..COM9 LPT1..LPT9, in any case, with or without an extension: `nul.txt` is NUL too). All of
#         these are Windows' rules (git for Windows cannot check such a path out); macOS adds only `:`, which
#         the Finder shows as `/` and HFS+ stores as one. Chosen: every Windows rule, so a clone works anywhere.
#   scripts/check-portable-names.sh --build SCRATCH   (c) two paths under a build folder (say .build) are
#     equal ignoring case; SCRATCH/checkouts and SCRATCH/repositories (other packages' git data) are skipped.
#
# "Equal ignoring case" is Unicode-aware and normalization-blind, as on macOS: names are compared as
# NFC(casefold(NFD(name))), so `é` written precomposed and decomposed clash too.
# (b) needs `swift package dump-package`; it is skipped when DIR has no Package.swift. Needs python3.
# scripts/test-check-portable-names.sh plants clashes in a scratch repository and checks that this fails on each.
set -euo pipefail
# --help: the comment above (the script's usage), on stdout, exit 0.
if [[ ${1:-} == -h || ${1:-} == --help ]]; then sed -n '2,/^set /p' "$0" | grep '^#' | sed 's/^# \{0,1\}//'; exit 0; fi

root=. build=""
while (($#)); do
  case "$1" in
    --root) root=$2; shift 2 ;;
    --build) build=$2; shift 2 ;;
    *) echo "usage: $0 [--root DIR] | --build SCRATCH" >&2; exit 2 ;;
  esac
done

tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
if [ -n "$build" ]; then
  [ -d "$build" ] || { echo "portable names: no build folder $build" >&2; exit 2; }
  set -- build "$build"
else
  git -C "$root" ls-files -z >"$tmp/paths"
  : >"$tmp/package.json"
  if [ -f "$root/Package.swift" ]; then
    (cd "$root" && swift package dump-package) >"$tmp/package.json" ||
      { echo "portable names: swift package dump-package failed" >&2; exit 2; }
  fi
  set -- tree "$tmp/paths" "$tmp/package.json"
fi

python3 - "$@" <<'PY'
import json, os, sys, unicodedata

def key(name):
    return unicodedata.normalize("NFC", unicodedata.normalize("NFD", name).casefold())

problems = []

def sibling_clashes(paths, what):
    """Paths (tuples of components) that differ ignoring case first at the same level under the same parent."""
    seen = {}  # (parent as written, key of the component) -> component as written
    reported = set()
    for path in sorted(paths):
        for depth in range(len(path)):
            parent, name = path[:depth], path[depth]
            other = seen.setdefault((parent, key(name)), name)
            if other != name:
                if (parent, other, name) in reported:
                    break
                reported.add((parent, other, name))
                where = "/".join(parent)
                problems.append(f"{what} equal ignoring case: {'/'.join(parent + (other,))!r} and "
                                f"{'/'.join(parent + (name,))!r}" + (f" (in {where}/)" if where else "")
                                + (" (one name, differently normalized)" if unicodedata.normalize("NFC", other)
                                   == unicodedata.normalize("NFC", name) else ""))
                break  # deeper components of this path sit in a clashing folder already

RESERVED = {"CON", "PRN", "AUX", "NUL"} | {f"{d}{n}" for d in ("COM", "LPT") for n in range(1, 10)}
BAD = set('<>:"\\|?*') | {chr(c) for c in range(32)}

def unportable(component):
    bad = sorted({c for c in component if c in BAD})
    if bad:
        return "character " + " ".join(repr(c) for c in bad)
    if component.endswith(".") or component.endswith(" "):
        return "trailing dot or space"
    if component.split(".")[0].rstrip(" ").upper() in RESERVED:
        return "reserved Windows device name"
    return None

def name_clashes(names, what):
    seen = {}
    for name in names:
        other = seen.setdefault(key(name), name)
        if other != name:
            problems.append(f"{what} equal ignoring case: {other!r} and {name!r}")

mode = sys.argv[1]
if mode == "tree":
    raw = open(sys.argv[2], "rb").read().split(b"\0")
    paths = [tuple(p.decode("utf-8", "surrogateescape").split("/")) for p in raw if p]
    sibling_clashes(paths, "tracked paths")
    for path in paths:
        for component in path:
            why = unportable(component)
            if why:
                problems.append(f"tracked path not portable ({why}): {'/'.join(path)!r}")
                break
    text = open(sys.argv[3]).read()
    if text.strip():
        package = json.loads(text)
        name_clashes([t["name"] for t in package["targets"]], "target names")
        # An automatic library product ("library": ["automatic"]) writes no file of its own.
        with_output = [p["name"] for p in package["products"] if p["type"].get("library") != ["automatic"]]
        name_clashes(with_output, "product names")
    checked = f"{len(paths)} tracked paths" + (", the package's target and product names" if text.strip() else "")
else:
    scratch = sys.argv[2]
    paths = []
    for folder, dirs, files in os.walk(scratch):
        rel = os.path.relpath(folder, scratch)
        if rel == ".":
            dirs[:] = [d for d in dirs if d not in ("checkouts", "repositories")]
            rel = ()
        else:
            rel = tuple(rel.split(os.sep))
        paths += [rel + (n,) for n in dirs + files]
    sibling_clashes(paths, f"paths under {scratch}")
    checked = f"{len(paths)} paths under {scratch} (checkouts/, repositories/ skipped)"

for p in problems[:40]:
    print("portable names:", p, file=sys.stderr)
if len(problems) > 40:
    print(f"portable names: ... and {len(problems) - 40} more", file=sys.stderr)
if problems:
    sys.exit(1)
print(f"portable names: ok ({checked})")
PY
