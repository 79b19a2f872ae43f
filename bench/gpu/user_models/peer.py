#!/usr/bin/env python3
"""The torch.compile peer of a user model, measured by plain PyTorch (not InferScope's worker), in
the same lease as `tune`: torch.compile {default, reduce-overhead} x {FP16, BF16} casts, and for
models with a 4-D input both layouts, NCHW and channels_last (MobileNetV3-L's reduce-overhead FP16
ran 0.856 ms NCHW and 1.074 ms channels_last in the tuner's worker on the H200, 2026-12-04, where
this script had tried channels_last alone). CUDA events per iteration, median of the steady
iterations (after a warm-up), compile time apart. Prints and writes one JSON object.
Usage: peer.py FUNCTION OUT.json [--iters 200] [--warmup 20]   (FUNCTION from zoo_entries.py)
"""
import argparse
import json
import os
import statistics
import sys
import time

import torch

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import zoo_entries  # noqa: E402


def measure(fn, warmup, iters):
    start, end = torch.cuda.Event(enable_timing=True), torch.cuda.Event(enable_timing=True)
    times = []
    for i in range(warmup + iters):
        start.record()
        fn()
        end.record()
        end.synchronize()
        if i >= warmup:
            times.append(start.elapsed_time(end))
    return statistics.median(times)


def main():
    p = argparse.ArgumentParser()
    p.add_argument("function")
    p.add_argument("out")
    p.add_argument("--iters", type=int, default=200)
    p.add_argument("--warmup", type=int, default=20)
    args = p.parse_args()
    base, examples = getattr(zoo_entries, args.function)()
    four_d = any(t.dim() == 4 for t in examples)
    results = {"model": args.function, "torch": torch.__version__, "gpu": torch.cuda.get_device_name(0),
               "configs": {}}
    torch.backends.cuda.matmul.allow_tf32 = False
    torch.backends.cudnn.benchmark = False
    for dtype_name, dtype in [("fp16", torch.float16), ("bf16", torch.bfloat16)]:
        for cl in ([False, True] if four_d else [False]):
            for mode, token in [("default", "tc"), ("reduce-overhead", "tc-ro")]:
                key = f"{dtype_name}{'+cl' if cl else ''}+{token}"
                model = base.to("cuda", dtype)
                xs = [t.cuda().to(dtype) if t.is_floating_point() else t.cuda() for t in examples]
                if cl:
                    model = model.to(memory_format=torch.channels_last)
                    xs = [x.contiguous(memory_format=torch.channels_last) if x.dim() == 4 else x for x in xs]
                t0 = time.time()
                compiled = torch.compile(model, mode=mode)
                try:
                    with torch.inference_mode():
                        for _ in range(3):
                            compiled(*xs)
                    torch.cuda.synchronize()
                    compile_s = time.time() - t0

                    @torch.inference_mode()
                    def step():
                        return compiled(*xs)

                    ms = measure(step, args.warmup, args.iters)
                    results["configs"][key] = {"median_ms": round(ms, 4), "compile_s": round(compile_s, 1)}
                except Exception as e:  # a mode that fails on this model is reported, not fatal
                    results["configs"][key] = {"error": f"{type(e).__name__}: {str(e).splitlines()[0][:200]}"}
                print(args.function, key, results["configs"][key], flush=True)
                torch._dynamo.reset()
                torch.cuda.empty_cache()
    ok = {k: v["median_ms"] for k, v in results["configs"].items() if "median_ms" in v}
    if ok:
        best = min(ok, key=ok.get)
        results["best"] = {"key": best, "median_ms": ok[best]}
    with open(args.out, "w") as f:
        json.dump(results, f, indent=1)


if __name__ == "__main__":
    main()
