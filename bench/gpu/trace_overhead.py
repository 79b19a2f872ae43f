#!/usr/bin/env python3
"""Tracing overhead from InferScope sessions: traced vs untraced runs of the same configs.

    trace_overhead.py --out FILE.json --compare LABEL=UNTRACED[,UNTRACED...]:TRACED [--compare ...]

For every config of the traced session (`inferscope-cli trace`), the untraced sessions
(`inferscope-cli profile`, same model, configs and iteration counts) give the reference at the
same iteration positions:
  inside  the steady iterations the window traced (e.g. 10..29 with --warmup 10 --window-steady 20)
  after   every iteration after the window (30..209): what lingers once tracing is off
Two untraced runs, one before and one after the traced one, bound the run-to-run noise ("noise":
their medians' difference). Prints a compact table and writes all numbers to --out.
Standard library only (runs on the GPU machine's python3 as it is).
"""
import argparse
import json
import statistics
import sys


def load(path):
    with open(path) as f:
        return json.load(f)


def configs_by_key(session):
    return {c["key"]: c for c in session["configs"]}


def median_at(latency, indices):
    values = [latency[i] for i in indices if i < len(latency)]
    return statistics.median(values) if values else None


def pct(value, reference):
    if value is None or reference is None or reference <= 0:
        return None
    return 100.0 * (value / reference - 1.0)


def compare(label, untraced_paths, traced_path):
    untraced = [configs_by_key(load(p)) for p in untraced_paths]
    rows = []
    for key, c in configs_by_key(load(traced_path)).items():
        row = {"label": label, "config": key, "status": c.get("status")}
        rows.append(row)
        if c.get("status") != "ok":
            row["message"] = c.get("message", "")
            continue
        latency = c["latency_ms"]
        warmup = c.get("warmup_iterations", 0)
        traced = sorted(c.get("traced_iterations", []))
        last = traced[-1] if traced else -1
        inside = [i for i in traced if i >= warmup]
        after = [i for i in range(max(warmup, last + 1), len(latency))]
        row["inside_iterations"] = len(inside)
        row["after_iterations"] = len(after)
        row["traced_inside_ms"] = median_at(latency, inside)
        row["traced_after_ms"] = median_at(latency, after)
        refs_in, refs_after = [], []
        for u in untraced:
            uc = u.get(key)
            if uc is None or uc.get("status") != "ok":
                continue
            refs_in.append(median_at(uc["latency_ms"], inside))
            refs_after.append(median_at(uc["latency_ms"], after))
        refs_in = [r for r in refs_in if r is not None]
        refs_after = [r for r in refs_after if r is not None]
        row["untraced_inside_ms"] = statistics.mean(refs_in) if refs_in else None
        row["untraced_after_ms"] = statistics.mean(refs_after) if refs_after else None
        row["untraced_runs"] = len(refs_after)
        if len(refs_after) >= 2:
            row["noise_pct"] = 100.0 * (max(refs_after) - min(refs_after)) / statistics.mean(refs_after)
        row["overhead_inside_pct"] = pct(row["traced_inside_ms"], row["untraced_inside_ms"])
        row["lingering_after_pct"] = pct(row["traced_after_ms"], row["untraced_after_ms"])
        t = c.get("trace") or {}
        row["trace_status"] = t.get("status")
        row["trace_source"] = t.get("source")
        row["kernels_per_iteration"] = t.get("kernels_per_iteration")
        row["gpu_busy_pct"] = t.get("gpu_busy_pct")
        row["dropped_records"] = t.get("dropped_records")
    return rows


def fmt(value, spec, missing="—"):
    if value is None:
        width = "".join(ch for ch in spec.split(".")[0] if ch.isdigit())
        return missing.rjust(int(width)) if width else missing
    return format(value, spec)


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--out", required=True)
    parser.add_argument("--compare", action="append", default=[],
                        help="LABEL=UNTRACED[,UNTRACED...]:TRACED")
    args = parser.parse_args()
    rows = []
    for spec in args.compare:
        try:
            label, rest = spec.split("=", 1)
            untraced, traced = rest.rsplit(":", 1)
            rows += compare(label, [p for p in untraced.split(",") if p], traced)
        except (OSError, ValueError, KeyError) as e:
            print(f"{spec}: {e}", file=sys.stderr)
    print(f"{'run':<24} {'config':<22} {'untraced':>9} {'inside':>9} {'+%':>6} {'after':>9} {'+%':>6} "
          f"{'noise%':>6} {'kern/it':>7} {'busy%':>6}")
    for r in rows:
        if r.get("status") != "ok":
            print(f"{r['label']:<24} {r['config']:<22} {r['status']}: {r.get('message', '')}")
            continue
        print(f"{r['label']:<24} {r['config']:<22} {fmt(r['untraced_after_ms'], '9.3f')} "
              f"{fmt(r['traced_inside_ms'], '9.3f')} {fmt(r['overhead_inside_pct'], '+6.1f')} "
              f"{fmt(r['traced_after_ms'], '9.3f')} {fmt(r['lingering_after_pct'], '+6.1f')} "
              f"{fmt(r.get('noise_pct'), '6.1f')} {fmt(r['kernels_per_iteration'], '7.0f')} "
              f"{fmt(r['gpu_busy_pct'], '6.1f')}")
    print("untraced: median of the untraced runs after the window's positions; inside/after: the traced run's "
          "medians in and after the window; +%: against the untraced run at the same positions")
    with open(args.out, "w") as f:
        json.dump({"rows": rows}, f, indent=1)


if __name__ == "__main__":
    main()
