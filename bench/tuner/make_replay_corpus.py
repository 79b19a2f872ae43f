#!/usr/bin/env python3
"""Turns recorded tune event streams (tune --events FILE.ndjson) into the replay corpus that
bench/tuner/replay_bench and core/tuner/replay_profile.h read: per model and GPU, every config's
figures as each recorded run measured them (in-process level and interval, fork level and spread,
set-up and compile durations, package compile durations, failed / unsafe), run by run.

    python3 bench/tuner/make_replay_corpus.py bench/gpu/results [more folders or .ndjson files] \
        -o bench/tuner/corpus/h200.json

Every .ndjson under the folders is read; streams without tune events are skipped. The output is
sorted and stable, so re-running it on the same folders writes the same file, and a new GPU run's
folder added to the arguments only adds runs. What the replay does with the figures (and with
configs a run never measured) is docs/ADVISOR.md's "Replay bench" section.
"""
import argparse
import json
import math
import os
import sys


def r4(x):
    return float(f"{x:.5g}") if x is not None else None


def package_key(job_key):
    # "zoo_entries:mobilenet_v3_large fp16+cl+aoti": the model's name, then the package's config.
    return job_key.split()[-1]


def read_stream(path):
    events = []
    with open(path, encoding="utf-8") as f:
        for line in f:
            line = line.strip()
            if not line.startswith("{"):
                continue
            try:
                events.append(json.loads(line))
            except json.JSONDecodeError:
                continue  # a stream cut by a killed run ends mid-line
    start = next((e for e in events if e.get("event") == "tune_start"), None)
    if start is None or not any(e.get("event") == "tune_candidate" for e in events):
        return None
    run = {
        "source": path,
        "budget_ms": start.get("budget_ms", 0),
        "cold": False,
        "configs": {},
        "packages": {},
        "candidates": [],
    }
    now_ms = 0.0
    # Screening's measure() calls, by the clock at which their results arrived: the gaps between
    # them price the session's load that each call pays.
    batches = {}
    seen = set()
    done = None
    for e in events:
        kind = e.get("event")
        if kind == "tune_time":
            now_ms = e.get("spent_ms", now_ms)
        elif kind == "tune_budget":
            run["cold"] = True  # the cold allowance: no package of the model was cached
            run["cold_budget_ms"] = e.get("budget_ms")
        elif kind == "tune_candidate":
            key = e["key"]
            c = run["configs"].setdefault(key, {})
            state = e.get("state", "")
            if state in ("failed", "unsafe", "accuracy-not-measured"):
                c["state"] = state
                c["message"] = e.get("reason", "")[:200]
            samples = e.get("samples", 0 if not e.get("median_ms") else 20)
            if e.get("median_ms", 0) > 0 and state not in ("failed",):
                c["median_ms"] = r4(e["median_ms"])
                c["low_ms"] = r4(e.get("low_ms") or e["median_ms"])
                c["high_ms"] = r4(e.get("high_ms") or e["median_ms"])
                c["samples"] = samples
                c["rounds"] = e.get("rounds", 1)
                c["contended"] = bool(e.get("contended", False))
                if key not in seen and e.get("rounds", 1) == 1:
                    seen.add(key)
                    batches.setdefault(now_ms, []).append(e)
            if e.get("setup_ms", 0) > 0:
                c["setup_ms"] = r4(e["setup_ms"])
            if e.get("compile_ms", 0) > 0:
                c["compile_ms"] = r4(e["compile_ms"])
            forks = e.get("forks")
            if isinstance(forks, dict) and forks.get("median_ms", 0) > 0 and forks.get("forks", 0) >= 2:
                m = forks["median_ms"]
                if "log_sd" in forks:
                    log_sd = forks["log_sd"]
                else:  # early streams: the interval only; its half-width in log terms over 2
                    lo, hi = forks.get("low_ms", m), forks.get("high_ms", m)
                    log_sd = math.log(hi / lo) / 4 if lo > 0 and hi > lo else 0.0
                c["fork_median_ms"] = r4(m)
                c["fork_log_sd"] = r4(log_sd)
                c["forks"] = forks["forks"]
        elif kind == "tune_compile":
            for job in e.get("jobs", []):
                key = package_key(job["key"])
                state = job.get("state")
                if state in ("running", "done"):
                    run["cold"] = run["cold"] or state == "done" or job.get("elapsed_ms", 0) > 5000
                p = run["packages"].setdefault(key, {})
                if state == "done":
                    p["compile_ms"] = r4(job["elapsed_ms"])
                    p.pop("unfinished_ms", None)
                elif state == "running" and "compile_ms" not in p:
                    p["unfinished_ms"] = r4(job.get("elapsed_ms", 0))
                elif state == "failed":
                    p["failed"] = True
        elif kind == "tune_done":
            done = e
    if done is not None:
        race = done.get("race", {})
        run["elapsed_ms"] = r4(done.get("elapsed_ms", 0))
        run["verdict_state"] = done.get("verdict_state", "")
        run["winner"] = done.get("winner", "")
        run["candidates"] = done.get("keys", [])
        for job in race.get("compiles", []):
            key = package_key(job["key"])
            p = run["packages"].setdefault(key, {})
            if job.get("state") == "done":
                p["compile_ms"] = r4(job["elapsed_ms"])
                p.pop("unfinished_ms", None)
            elif job.get("state") == "running" and "compile_ms" not in p:
                p["unfinished_ms"] = r4(job.get("elapsed_ms", 0))
    if not run["candidates"]:
        # Early streams name no race order: the screening round's order stands in.
        rounds = [e for e in events if e.get("event") == "tune_round" and e.get("round", 0) == 0]
        if rounds:
            run["candidates"] = list(rounds[0].get("keys", []))
    # The session's load (the model, the FP32 reference) that every measure() call pays: the gap
    # between two calls' results less the second call's own work (set-up, warm-up and screening
    # iterations at its median). Waits for compiles lengthen some gaps, so the lower quartile.
    times = sorted(batches)
    gaps = []
    for before, after in zip(times, times[1:]):
        own = sum(c.get("setup_ms", 0) + 25 * c.get("median_ms", 0) for c in batches[after])
        if after - before - own > 0:
            gaps.append(after - before - own)
    if gaps:
        gaps.sort()
        run["session_overhead_ms"] = r4(gaps[len(gaps) // 4])
    # A package the run found cached (or only queued) has no figure: left out.
    run["packages"] = {k: v for k, v in run["packages"].items() if v}
    return start.get("model", "?"), start.get("device", "?"), run


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("inputs", nargs="+", help="results folders or .ndjson tune event streams")
    ap.add_argument("-o", "--output", required=True)
    args = ap.parse_args()
    paths = []
    for item in args.inputs:
        if os.path.isdir(item):
            for root, _, files in os.walk(item):
                paths += [os.path.join(root, f) for f in files if f.endswith(".ndjson")]
        elif item.endswith(".ndjson"):
            paths.append(item)
        else:
            sys.exit(f"make_replay_corpus: {item} is neither a folder nor a .ndjson stream")
    models = {}
    for path in sorted(paths):
        got = read_stream(path)
        if got is None:
            continue
        model, device, run = got
        run["source"] = os.path.relpath(path)
        models.setdefault((model, device), []).append(run)
    out = {"format": "inferscope-replay-corpus", "version": 1, "models": []}
    for (model, device), runs in sorted(models.items()):
        out["models"].append({"model": model, "device": device, "runs": runs})
    with open(args.output, "w", encoding="utf-8") as f:
        json.dump(out, f, sort_keys=True, separators=(",", ":"))
        f.write("\n")
    n_runs = sum(len(m["runs"]) for m in out["models"])
    print(f"{args.output}: {len(out['models'])} models, {n_runs} runs", file=sys.stderr)


if __name__ == "__main__":
    main()
