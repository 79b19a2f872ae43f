#!/usr/bin/env python3
"""Checks issue #14's cross-process target on two forked sessions of the same config.

usage: forks_check.py FIRST.inferscope.json FURTHER.inferscope.json [--max-half-width PCT]

FIRST was run with --forks N: its config's fork_stats give the across-process level, its CI and
the interval one further process's median is expected to fall in. FURTHER is an independent run
(--forks M) of the same config: each of its M processes' medians is checked against FIRST's
next-process interval. Prints one line per config and exits 1 if any further median falls outside
(or, with --max-half-width, if the level's CI is wider than that many percent).
"""
import json
import sys


def process_medians(config):
    medians = []
    for run in [config] + config.get("forks", []):
        if run.get("status", "ok") == "ok" and run.get("stats", {}).get("median_ms", 0) > 0:
            medians.append(run["stats"]["median_ms"])
    return medians


def main():
    args = sys.argv[1:]
    max_half = None
    if "--max-half-width" in args:
        i = args.index("--max-half-width")
        max_half = float(args[i + 1])
        del args[i:i + 2]
    first, further = (json.load(open(p)) for p in args)
    further_by_key = {c["key"]: c for c in further["configs"]}
    ok = True
    for c in first["configs"]:
        fs = c.get("fork_stats")
        if not fs:
            print(f"{c['key']}: no fork_stats (was it run with --forks?)")
            ok = False
            continue
        lo, hi = fs["next_process_ms"]
        level = fs["median_ms"]
        ci_lo, ci_hi = fs["ci_ms"]
        half = 50.0 * (ci_hi - ci_lo) / level if level > 0 else float("inf")
        medians_first = process_medians(c)
        medians_further = process_medians(further_by_key.get(c["key"], {"forks": []}))
        inside = [lo <= m <= hi for m in medians_further]
        covered = all(inside) and len(inside) > 0
        print(f"{c['key']}: {fs['forks']} processes {', '.join(f'{m:.3f}' for m in medians_first)} ms -> "
              f"level {level:.3f} ms, CI [{ci_lo:.3f}, {ci_hi:.3f}] (±{half:.2f} %), next process "
              f"[{lo:.3f}, {hi:.3f}] ms; {fs['verdict']}")
        print(f"  further processes {', '.join(f'{m:.3f}' for m in medians_further)} ms: "
              f"{sum(inside)}/{len(inside)} inside -> {'COVERED' if covered else 'NOT COVERED'}")
        ok &= covered
        if max_half is not None and half > max_half:
            print(f"  level CI ±{half:.2f} % is wider than ±{max_half} %")
            ok = False
    sys.exit(0 if ok else 1)


if __name__ == "__main__":
    main()
