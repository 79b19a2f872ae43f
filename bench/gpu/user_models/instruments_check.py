#!/usr/bin/env python3
"""The Python worker's instruments on public models (GPU machine): the engine's operator recorder,
built as the worker's native module (resources/python/inferscope_instruments.py), records one
forward of each model; the engine's counter (bench_count_op_calls: roofline::countWork) counts it;
torch.utils.flop_counter.FlopCounterMode counts the same forward. Target: the FLOPs of the
operator kinds both count (matmul, convolution, attention) agree within 2 %.

Also measured: the module's build (cold: empty cache; warm: loaded from the cache), and the
recorded forward's time against a plain one (the observed iteration is never a timed one).

Usage: instruments_check.py OUT_DIR --counter build-gpu/bench/roofline/bench_count_op_calls
       [--device cuda] [MODEL ...]   (MODEL: functions of zoo_entries.py; default: the four below)
Writes OUT_DIR/instruments_check.json; exit status 1 when a model misses the 2 % target.
"""
import argparse
import json
import os
import subprocess
import sys
import time

import torch

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.normpath(os.path.join(HERE, "..", "..", ".."))
sys.path.insert(0, os.path.join(ROOT, "resources", "python"))
sys.path.insert(0, HERE)

import inferscope_instruments  # noqa: E402
import zoo_entries  # noqa: E402

MODELS = ["densenet121", "vit_small", "distilbert", "gpt2"]  # CNN, ViT, HF encoder, HF decoder
BOTH_COUNT = {"matmul", "convolution", "attention"}
TOLERANCE = 0.02


def timed(fn, device, repeats=5):
    times = []
    for _ in range(repeats):
        if device.type == "cuda":
            torch.cuda.synchronize(device)
        start = time.perf_counter()
        fn()
        if device.type == "cuda":
            torch.cuda.synchronize(device)
        times.append((time.perf_counter() - start) * 1e3)
    return sorted(times)[len(times) // 2]


def main():
    p = argparse.ArgumentParser()
    p.add_argument("out_dir")
    p.add_argument("--counter", required=True)
    p.add_argument("--device", default="cuda")
    p.add_argument("models", nargs="*", default=MODELS)
    args = p.parse_args()
    os.makedirs(args.out_dir, exist_ok=True)
    device = torch.device(args.device)
    from torch.utils.flop_counter import FlopCounterMode

    report = {"torch": torch.__version__, "device": torch.cuda.get_device_name(device) if device.type == "cuda" else "cpu",
              "utc": time.strftime("%Y-%m-%dT%H:%M:%SZ", time.gmtime()), "models": {}}
    start = time.perf_counter()
    inferscope_instruments.load()
    report["module_load_s"] = round(time.perf_counter() - start, 2)  # cold: the build; warm: < 1 s
    failed = False
    for name in args.models:
        entry = {}
        try:
            model, inputs = getattr(zoo_entries, name)()
            model = model.to(device).eval()
            inputs = [t.to(device) for t in inputs]
            run = lambda: model(*inputs)  # noqa: E731
            with torch.inference_mode():
                run()
                plain_ms = timed(run, device)
                calls_path = os.path.join(args.out_dir, f"{name}-ops.json")
                start = time.perf_counter()
                _, written = inferscope_instruments.record_ops(run, calls_path)
                if device.type == "cuda":
                    torch.cuda.synchronize(device)
                recorded_ms = (time.perf_counter() - start) * 1e3
                with FlopCounterMode(display=False) as counter:
                    run()
                reference = float(counter.get_total_flops())
            counted = subprocess.run([args.counter, calls_path], check=True, capture_output=True, text=True)
            work = json.loads(counted.stdout.splitlines()[0])["roofline"]["work"]
            ours = sum(o["flops"] for o in work["ops"] if o["kind"] in BOTH_COUNT)
            diff = (ours - reference) / reference if reference else float("nan")
            entry = {"operator_calls": written, "flops_inferscope": ours, "flops_flop_counter": reference,
                     "difference": round(diff, 5), "within_2pct": abs(diff) <= TOLERANCE,
                     "flops_all_kinds": work["flops"], "bytes": work["bytes"],
                     "uncounted": [u["op"] for u in work.get("uncounted", [])][:8],
                     "plain_forward_ms": round(plain_ms, 3), "recorded_forward_ms": round(recorded_ms, 3)}
            failed |= not entry["within_2pct"]
            os.remove(calls_path)
        except Exception as e:  # one model's failure is its entry; the others still run
            entry = {"error": f"{type(e).__name__}: {e}"}
            failed = True
        report["models"][name] = entry
        print(name, json.dumps(entry), flush=True)
        if device.type == "cuda":
            torch.cuda.empty_cache()
    with open(os.path.join(args.out_dir, "instruments_check.json"), "w") as f:
        json.dump(report, f, indent=1)
    sys.exit(1 if failed else 0)


if __name__ == "__main__":
    main()
