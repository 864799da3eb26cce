#!/usr/bin/env python3
"""Writes canned answers for scripts/swcutil-standin.sh from a probe kit (`linkmatch probes export DIR`).

usage: python3 scripts/swcutil-standin-answers.py DIR [--other-reading POINT]... > answers.tsv

Every command of every probe in DIR/manifest.json is answered with LinkMatch's own prediction,
except the probes of each POINT given, which are answered with the first other reading whose outcome
differs (as if Apple had chosen that reading). The text is what `linkmatch probes import` reads as
swcutil's output (SwcutilOutput.swift); an `error` outcome is exit status 1. It exists to try
scripts/oracle.sh and `probes import` on a machine without swcutil (docs/CLI.md, `probes`).
"""
import json
import sys

VERDICT = {"match": "matched.", "exclude": "blocked by an exclude rule.", "no_match": "did not match."}


def main(argv):
    if not argv or argv[0].startswith("-"):
        sys.exit(__doc__.strip().splitlines()[2])
    kit, rest, other = argv[0], argv[1:], set()
    while rest:
        if rest[0] != "--other-reading" or len(rest) < 2:
            sys.exit(__doc__.strip().splitlines()[2])
        other.add(rest[1])
        rest = rest[2:]
    with open(f"{kit}/manifest.json", encoding="utf-8") as f:
        probes = json.load(f)["probes"]
    known = {p.get("point") for p in probes}
    for point in other - known:
        sys.exit(f"swcutil-standin-answers: no probe of the open point {point} in {kit}")
    for probe in probes:
        predictions = probe["predictions"]
        said = predictions["linkmatch"]
        if probe.get("point") in other:
            said = next((o for r, o in predictions.items() if r != "linkmatch" and o != said), said)
        for command in probe["commands"]:
            mode, url = command["mode"], probe["url"]
            if said == "error":
                code, text = 1, "swcutil: the JSON could not be parsed"
            elif mode == "verify":
                code, text = 0, f'{{ s = applinks, a = {probe["appId"]}, d = {probe["domain"]} }}: Pattern "{url}" {VERDICT[said]}'
            else:
                code, text = 0, f'Pattern "{url}" {VERDICT[said]}'
            print("\t".join([probe["id"], mode, url, str(code), text]))


if __name__ == "__main__":
    main(sys.argv[1:])
