#!/usr/bin/env python3
"""Summary of bench/gpu/tune_bench.sh (issue #13's targets), from the tune runs' NDJSON events, the
grid sweeps' ranking and the torch.compile reference. Safety is the CLI's own rule: the grid's best
is the first row of `sweep`'s ranking not marked UNSAFE.
Usage: tune_summary.py --core OUT | --files OUT | --keys RUN.ndjson
"""
import json
import os
import re
import sys


def events(path):
    out = []
    with open(path) as f:
        for line in f:
            line = line.strip()
            if line.startswith("{"):
                try:
                    out.append(json.loads(line))
                except json.JSONDecodeError:
                    pass
    return out


def ready_packages(paths):
    """The AOTInductor packages (e.g. "fp16+cl+aoti") that the runs compiled or found cached."""
    ready = set()
    for path in paths:
        if not os.path.exists(path):
            continue
        for e in events(path):
            if e.get("event") == "tune_compile":
                for job in e.get("jobs", []):
                    if job.get("state") in ("done", "cached"):
                        ready.add(package_of(job.get("key", "").split(" ")[-1]))
    return ready


def package_of(key):
    """The package a config replays: its precision and memory format with +aoti (no cuDNN mode)."""
    tokens = [t for t in key.split("+") if t not in ("bench", "det", "nocudnn")]
    return "+".join(tokens)


def keys(path):
    """Every candidate the run raced, less AOTInductor configs whose package no run of this model
    compiled (the grid would compile each for ~90 s); the ones left out go to stderr."""
    raced = next((e["keys"] for e in events(path) if e.get("event") == "tune_round" and e.get("round") == 0), [])
    prefix = os.path.join(os.path.dirname(path), os.path.basename(path).split("_")[0])
    ready = ready_packages([f"{prefix}_{run}.ndjson" for run in ("cold", "warm1", "warm2")])
    kept = [k for k in raced if "aoti" not in k.split("+") or package_of(k) in ready]
    left = [k for k in raced if k not in kept]
    if left:
        print(f"grid leaves out {len(left)} AOTInductor configs with no compiled package: {','.join(left)}",
              file=sys.stderr)
    return ",".join(kept)


def run_summary(out, name):
    path = os.path.join(out, name + ".ndjson")
    if not os.path.exists(path):
        return None
    ev = events(path)
    done = next((e for e in ev if e.get("event") == "tune_done"), {})
    winner = done.get("winner", "")
    cand = [e for e in ev if e.get("event") == "tune_candidate" and e.get("key") == winner and e.get("state") == "winner"]
    level = cand[-1] if cand else {}
    forks = level.get("forks") or {}
    wall = open(os.path.join(out, name + ".wall_s")).read().strip() if os.path.exists(os.path.join(out, name + ".wall_s")) else "?"
    return {"winner": winner, "tied": done.get("tied_with", []), "median": forks.get("median_ms") or level.get("median_ms"),
            "low": forks.get("low_ms") or level.get("low_ms"), "high": forks.get("high_ms") or level.get("high_ms"),
            "forked": bool(forks), "wall": wall, "verdict": done.get("verdict", "(no tune_done event)")}


def grid_best(out, name):
    path = os.path.join(out, name + ".txt")
    if not os.path.exists(path):
        return None, None
    for line in open(path):
        m = re.match(r"\s+(\d+)\s+(\S+)\s+([\d.]+)\s", line)
        if m and "UNSAFE" not in line:
            return m.group(2), float(m.group(3))
    return None, None


def core(out):
    ref = {}
    if os.path.exists(os.path.join(out, "torch_compile.json")):
        ref = json.load(open(os.path.join(out, "torch_compile.json")))
    # The encoder against the zoo's own path (embeddings -> encoder) where the reference has it:
    # HF BertModel as called also builds a mask and runs the pooler (printed beside it).
    for model, ref_keys in (("resnet50", ["resnet50_b32"]), ("bert", ["bert_zoo_path_b32x128", "bert_b32x128"])):
        best_key, best = grid_best(out, model + "_grid")
        figures = [(k, (ref.get(k) or {}).get("median_ms")) for k in ref_keys]
        compiled = next((ms for _, ms in figures if ms), None)
        named = "; ".join(f"{k} {ms} ms" for k, ms in figures)
        print(f"\n{model}: grid best {best_key} {best} ms; torch.compile reduce-overhead {named} (×compile uses the first)")
        print(f"  {'run':<6} {'wall s':>7} {'winner':<22} {'median ms':>10} {'interval':>20} {'×grid':>6} {'×compile':>9}  tie")
        winners = []
        for run in ("cold", "warm1", "warm2"):
            s = run_summary(out, f"{model}_{run}")
            if not s:
                continue
            winners.append((s["winner"], tuple(sorted(s["tied"]))))
            med = s["median"]
            vs_grid = f"{med / best:.3f}" if med and best else "-"
            vs_comp = f"{med / compiled:.3f}" if med and compiled else "-"
            interval = f"[{s['low']:.4g}, {s['high']:.4g}]" if s["low"] else "-"
            print(f"  {run:<6} {s['wall']:>7} {s['winner']:<22} {med if med else '-':>10.4} {interval:>20} {vs_grid:>6} "
                  f"{vs_comp:>9}  {','.join(s['tied']) or '-'}{'' if s['forked'] else '  (not forked)'}")
        same = len({w for w, _ in winners}) == 1 or all(
            any(w in (o[0],) + o[1] for o in winners) for w, _ in winners)
        print(f"  repeatable: {'same winner or a stated tie' if same else 'NO: winners differ without a stated tie'}")
        for run in ("cold", "warm1", "warm2"):
            s = run_summary(out, f"{model}_{run}")
            if s:
                print(f"  {run} verdict: {s['verdict'][:400]}")


def files(out):
    for name in sorted(os.listdir(out)):
        if name.startswith("file_") and name.endswith(".ndjson"):
            s = run_summary(out, name[:-len(".ndjson")])
            print(f"{name[5:-7]:<24} {s['wall']:>6} s  winner {s['winner'] or 'NONE':<20} {s['verdict'][:300]}")


if __name__ == "__main__":
    mode, arg = sys.argv[1], sys.argv[2]
    {"--keys": lambda a: print(keys(a)), "--core": core, "--files": files}[mode](arg)
