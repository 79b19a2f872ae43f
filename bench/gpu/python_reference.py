#!/usr/bin/env python3
"""Python CUDA-event reference figures, measured in the same run as InferScope's engine.

What a user following the optimization guide in Python gets: torchvision ResNet-50 and HF BERT-base
(random weights; same architectures as InferScope's zoo), plus a TorchScript file (traced torchvision
ResNet-50) that the engine also runs, for a same-file, same-settings comparison.
Median of the steady iterations (after warm-up), CUDA events per iteration, like the engine.
Usage: python_reference.py OUT.json [--ts-file /tmp/tv_resnet50.pt] [--iters 200]
"""
import argparse
import json
import statistics
import time

import torch


def new_api():
    major, minor = (int(p) for p in torch.__version__.split(".")[:2])
    return (major, minor) >= (2, 9)


def set_precision(tf32):
    mode = "tf32" if tf32 else "ieee"
    if new_api():
        torch.backends.cuda.matmul.fp32_precision = mode
        # conv and rnn together: PyTorch's own legacy-flag reads (inductor does some) refuse a state
        # where the two differ, taking it for a mix of the legacy and new APIs.
        torch.backends.cudnn.conv.fp32_precision = mode
        torch.backends.cudnn.rnn.fp32_precision = mode
    else:
        torch.set_float32_matmul_precision("high" if tf32 else "highest")
        torch.backends.cudnn.allow_tf32 = tf32


def measure(fn, warmup, iters):
    times = []
    first_ms = None
    for i in range(warmup + iters):
        start = torch.cuda.Event(enable_timing=True)
        end = torch.cuda.Event(enable_timing=True)
        start.record()
        fn()
        end.record()
        end.synchronize()
        ms = start.elapsed_time(end)
        if i == 0:
            first_ms = ms
        if i >= warmup:
            times.append(ms)
    return {"median_ms": statistics.median(times), "first_ms": first_ms, "iters": iters}


def run_config(make_model, make_input, key, warmup, iters):
    """key uses InferScope's config grammar for the subset measured here."""
    parts = key.split("+")
    torch.backends.cudnn.benchmark = "bench" in parts
    set_precision("tf32" in parts)
    model = make_model().eval().cuda()
    x = make_input()
    dtype = {"fp16": torch.float16, "bf16": torch.bfloat16}.get(parts[0])
    if dtype is not None:  # whole-model cast, inputs follow (the guide's inference())
        model = model.to(dtype)
        if x.is_floating_point():
            x = x.to(dtype)
    if "cl" in parts:
        model = model.to(memory_format=torch.channels_last)
        x = x.contiguous(memory_format=torch.channels_last)
    if "ts" in parts:
        model = torch.jit.optimize_for_inference(torch.jit.freeze(model))
    compile_s = None
    if "compile" in parts:
        t0 = time.time()
        model = torch.compile(model)
        with torch.inference_mode():
            model(x)
        torch.cuda.synchronize()
        compile_s = time.time() - t0
    amp = {"amp-bf16": torch.bfloat16, "amp-fp16": torch.float16}.get(parts[0])

    @torch.inference_mode()
    def step():
        if amp is not None:
            with torch.autocast("cuda", dtype=amp):
                return model(x)
        return model(x)

    result = measure(step, warmup, iters)
    if compile_s is not None:
        result["compile_s"] = round(compile_s, 1)
    del model
    torch.cuda.empty_cache()
    return result


def main():
    p = argparse.ArgumentParser()
    p.add_argument("out")
    p.add_argument("--ts-file", default="/tmp/tv_resnet50.pt")
    p.add_argument("--iters", type=int, default=200)
    p.add_argument("--warmup", type=int, default=20)
    args = p.parse_args()
    import torchvision
    import transformers

    torch.manual_seed(0)
    results = {"torch": torch.__version__, "cuda": torch.version.cuda, "cudnn": torch.backends.cudnn.version(),
               "gpu": torch.cuda.get_device_name(0), "resnet50_b32": {}, "bert_b32x128": {}, "torchscript_resnet50_b32": {}}

    resnet = lambda: torchvision.models.resnet50(weights=None)
    image = lambda: torch.randn(32, 3, 224, 224, device="cuda")
    for key in ["fp32", "tf32", "bf16", "fp16+bench", "amp-bf16", "bf16+cl+bench", "bf16+compile", "bf16+cl+compile"]:
        results["resnet50_b32"][key] = run_config(resnet, image, key, args.warmup, args.iters)
        print("resnet50", key, results["resnet50_b32"][key], flush=True)

    config = transformers.BertConfig()  # BERT-base
    bert = lambda: transformers.BertModel(config)  # SDPA attention is the default where available
    ids = lambda: torch.randint(0, config.vocab_size, (32, 128), device="cuda")
    for key in ["fp32", "tf32", "bf16", "amp-bf16", "bf16+compile"]:
        results["bert_b32x128"][key] = run_config(bert, ids, key, args.warmup, args.iters)
        print("bert", key, results["bert_b32x128"][key], flush=True)

    # The TorchScript file both sides run: traced torchvision ResNet-50 (FP32 weights).
    traced = torch.jit.trace(torchvision.models.resnet50(weights=None).eval(), torch.randn(1, 3, 224, 224))
    traced.save(args.ts_file)
    ts_model = lambda: torch.jit.load(args.ts_file)
    for key in ["fp32", "tf32", "bf16", "fp16+bench", "fp32+ts"]:
        results["torchscript_resnet50_b32"][key] = run_config(ts_model, image, key, args.warmup, args.iters)
        print("torchscript", key, results["torchscript_resnet50_b32"][key], flush=True)

    with open(args.out, "w") as f:
        json.dump(results, f, indent=1)


if __name__ == "__main__":
    main()
