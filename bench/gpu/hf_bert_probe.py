#!/usr/bin/env python3
"""Why does HF BERT-base traced to TorchScript tune to 1.42x torch.compile of the same model?
(issue #13, docs/PERFORMANCE.md "Fourth try": bf16+graph 5.01 ms in the engine, torch.compile
reduce-overhead 3.52 ms.) Everything in Python, BF16, b32x128, one process, CUDA events:

  eager         transformers.BertModel as a user calls it (ids only)
  eager-zoo     embeddings -> encoder, no mask, no pooler: what the zoo's bert-encoder runs
  traced        the same model traced on the GPU as bench/gpu/tune_models.py traces it, then cast
  traced+graph  the traced module replayed from a CUDA graph (the engine's bf16+graph)

then the traced graph's attention ops (SDPA or a hand-written softmax, the mask's dtype) and each
variant's top CUDA kernels from torch.profiler. Prints a table; writes OUT.json.
Usage: hf_bert_probe.py OUT.json [--iters 100] [--warmup 20]
"""
import argparse
import collections
import json
import os
import sys

import torch

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from python_reference import measure  # noqa: E402  (the same timing as the other references)


def graph_replay(fn):
    """fn captured in a CUDA graph after three warm-up calls on a side stream, as the engine does."""
    stream = torch.cuda.Stream()
    stream.wait_stream(torch.cuda.current_stream())
    with torch.cuda.stream(stream):
        for _ in range(3):
            fn()
    torch.cuda.current_stream().wait_stream(stream)
    graph = torch.cuda.CUDAGraph()
    with torch.cuda.graph(graph):
        fn()
    return graph.replay


def top_kernels(fn, iters=10, n=8):
    """The n CUDA kernels with the most time per iteration, and the total per iteration (us)."""
    from torch.profiler import ProfilerActivity, profile
    fn()
    torch.cuda.synchronize()
    with profile(activities=[ProfilerActivity.CUDA]) as prof:
        for _ in range(iters):
            fn()
        torch.cuda.synchronize()
    per_kernel = collections.Counter()
    for e in prof.events():
        if e.device_type == torch.autograd.DeviceType.CUDA:
            per_kernel[e.name] += e.device_time_total if hasattr(e, "device_time_total") else e.cuda_time_total
    total = sum(per_kernel.values()) / iters
    return total, [(name[:90], round(us / iters, 1)) for name, us in per_kernel.most_common(n)]


def attention_ops(module):
    """What the traced graph does for attention: counts of the ops that tell SDPA from softmax."""
    text = str(module.inlined_graph)
    ops = ["aten::scaled_dot_product_attention", "aten::softmax", "aten::matmul", "aten::masked_fill",
           "aten::to", "aten::type_as", "aten::rsub", "aten::mul", "aten::add", "aten::expand"]
    counts = {op: text.count(op + "(") for op in ops}
    # The dtypes the graph names as constants (6 = float32, 15 = bfloat16, 11 = bool in ScalarType).
    counts["dtype_constants"] = sorted({line.split("=")[-1].strip() for line in text.splitlines()
                                        if "prim::Constant[value=" in line and "dtype" in line})[:10]
    return counts


def main():
    p = argparse.ArgumentParser()
    p.add_argument("out")
    p.add_argument("--iters", type=int, default=100)
    p.add_argument("--warmup", type=int, default=20)
    args = p.parse_args()
    import transformers
    torch.manual_seed(0)
    bf16 = torch.bfloat16
    ids = torch.randint(0, 30522, (32, 128), device="cuda")
    results = {"torch": torch.__version__, "transformers": transformers.__version__,
               "gpu": torch.cuda.get_device_name(0), "rows": {}}

    model = transformers.BertModel(transformers.BertConfig(torchscript=True)).eval().cuda()
    results["attn_implementation"] = getattr(model.config, "_attn_implementation", "?")
    with torch.no_grad():
        traced = torch.jit.trace(model, ids, strict=False)  # FP32 on the GPU, as tune_models.py does
    results["traced_attention_ops"] = attention_ops(traced)
    model = model.to(bf16)
    traced = traced.to(bf16)

    variants = {
        "eager": lambda: model(ids),
        "eager-zoo": lambda: model.encoder(model.embeddings(input_ids=ids))[0],
        "traced": lambda: traced(ids),
    }
    with torch.inference_mode():
        for name, fn in variants.items():
            row = measure(fn, args.warmup, args.iters)
            row["gpu_us_per_iter"], row["top_kernels"] = top_kernels(fn)
            results["rows"][name] = row
        for name in ("traced", "eager-zoo"):
            try:
                replay = graph_replay(variants[name])
                row = measure(replay, args.warmup, args.iters)
                row["gpu_us_per_iter"], row["top_kernels"] = top_kernels(replay)
            except Exception as e:  # a graph that cannot be captured is a finding too
                row = {"error": f"{type(e).__name__}: {e}".splitlines()[0]}
            results["rows"][name + "+graph"] = row

    print(f"torch {results['torch']}, transformers {results['transformers']}, {results['gpu']}, "
          f"attention: {results['attn_implementation']}")
    print("traced graph ops:", results["traced_attention_ops"])
    for name, row in results["rows"].items():
        if "error" in row:
            print(f"{name:14s} {row['error']}")
            continue
        print(f"{name:14s} median {row['median_ms']:.3f} ms  GPU {row['gpu_us_per_iter'] / 1000:.3f} ms/iter")
        for kernel, us in row["top_kernels"]:
            print(f"    {us:9.1f} us  {kernel}")
    with open(args.out, "w") as f:
        json.dump(results, f, indent=1)


if __name__ == "__main__":
    main()
