#!/usr/bin/env python3
"""Independent check of InferScope's FLOP count (issue #19) against torch.utils.flop_counter.

FlopCounterMode counts matmuls (mm/addmm/bmm/baddbmm), convolutions and scaled dot-product
attention, with FLOPs = 2 x multiply-adds; InferScope counts those and more (norms, elementwise,
pooling). The comparison is over the operators both count: InferScope's `matmul`, `convolution`
and `attention` kinds in the session file's configs[].roofline.work.ops.

Models: torchvision ResNet-50 (the zoo's resnet50 has its topology) and a BERT-base-shaped encoder
built here as the zoo's bert-encoder is (core/torch/zoo_bert_encoder.cpp: embeddings + LayerNorm,
12 layers of q/k/v linear -> scaled_dot_product_attention -> dense + residual + LayerNorm ->
intermediate linear + GELU -> dense + residual + LayerNorm; the pooler is not applied).

Usage: flop_check.py OUT.json --session MODEL=FILE [--session MODEL=FILE ...]
  MODEL is resnet50 or bert-encoder; the batch (and sequence length) are read from the session's
  inputs. Exit status 1 when a model differs by more than 2 %.
"""
import argparse
import json
import sys

import torch
from torch import nn
from torch.utils.flop_counter import FlopCounterMode

TOLERANCE = 0.02
BOTH_COUNT = {"matmul", "convolution", "attention"}


class Layer(nn.Module):
    def __init__(self, hidden, heads, inter):
        super().__init__()
        self.heads = heads
        self.query, self.key, self.value = (nn.Linear(hidden, hidden) for _ in range(3))
        self.attn_dense, self.attn_norm = nn.Linear(hidden, hidden), nn.LayerNorm(hidden, eps=1e-12)
        self.inter = nn.Linear(hidden, inter)
        self.out_dense, self.out_norm = nn.Linear(inter, hidden), nn.LayerNorm(hidden, eps=1e-12)

    def forward(self, x):
        b, s, h = x.shape

        def split(t):
            return t.view(b, s, self.heads, h // self.heads).transpose(1, 2)

        ctx = nn.functional.scaled_dot_product_attention(split(self.query(x)), split(self.key(x)), split(self.value(x)))
        a = self.attn_norm(self.attn_dense(ctx.transpose(1, 2).reshape(b, s, h)) + x)
        return self.out_norm(self.out_dense(nn.functional.gelu(self.inter(a))) + a)


class Encoder(nn.Module):
    def __init__(self, layers=12, hidden=768, heads=12, inter=3072, vocab=30522, positions=512):
        super().__init__()
        # token_type, not type: an attribute named type would hide nn.Module.type(), which .to() calls.
        self.word, self.pos, self.token_type = nn.Embedding(vocab, hidden), nn.Embedding(positions, hidden), nn.Embedding(2, hidden)
        self.norm = nn.LayerNorm(hidden, eps=1e-12)
        self.layers = nn.ModuleList(Layer(hidden, heads, inter) for _ in range(layers))

    def forward(self, ids):
        positions = torch.arange(ids.shape[1], device=ids.device).unsqueeze(0)
        x = self.norm(self.word(ids) + self.pos(positions) + self.token_type(torch.zeros_like(positions)))
        for layer in self.layers:
            x = layer(x)
        return x


def flop_counter_total(model, inputs):
    with torch.inference_mode(), FlopCounterMode(display=False) as counter:
        model(*inputs)
    return counter.get_total_flops(), {str(k): v for k, v in counter.get_flop_counts().get("Global", {}).items()}


def session_counts(path):
    with open(path) as f:
        session = json.load(f)
    request = session["request"]
    counts = []
    for config in session["configs"]:
        roof = config.get("roofline")
        if not roof or roof.get("work_source") != "observed":
            continue
        ops = roof["work"]["ops"]
        both = sum(o["flops"] for o in ops if o.get("kind") in BOTH_COUNT)
        counts.append({"config": config["key"], "both_count_flops": both, "all_flops": roof["work"]["flops"],
                       "ops": {o["op"]: o["flops"] for o in ops if o.get("kind") in BOTH_COUNT}})
    return request, counts


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("out")
    parser.add_argument("--session", action="append", required=True, help="MODEL=FILE")
    args = parser.parse_args()
    device = "cuda" if torch.cuda.is_available() else "cpu"
    results, failed = [], False
    for item in args.session:
        name, path = item.split("=", 1)
        request, counts = session_counts(path)
        spec = request["inputs"][0]  # "32x3x224x224:float32" / "32x128:int64"
        dims = [int(d) for d in spec.split(":")[0].split("x")]
        if name == "resnet50":
            import torchvision
            model = torchvision.models.resnet50().eval().to(device)
            inputs = [torch.randn(*dims, device=device)]
        elif name == "bert-encoder":
            enc = request["model"].get("encoder", {})
            model = Encoder(enc.get("layers", 12), enc.get("hidden", 768), enc.get("heads", 12),
                            enc.get("intermediate", 3072)).eval().to(device)
            inputs = [torch.randint(0, 30522, dims, device=device)]
        else:
            sys.exit(f"unknown model {name}: resnet50 or bert-encoder")
        reference, per_op = flop_counter_total(model, inputs)
        if not counts:
            sys.exit(f"{path}: no config with an observed roofline count (run with --roofline)")
        # FlopCounterMode counts scaled_dot_product_attention only through the attention kernels it
        # knows (CUDA's flash / efficient / cuDNN ones); on the CPU (torch 2.6) it counted none, so
        # InferScope's attention FLOPs are compared only where the reference counted attention too.
        reference_has_attention = any("attention" in op for op in per_op)
        for c in counts:
            if not reference_has_attention:
                c["both_count_flops"] -= sum(f for op, f in c["ops"].items() if "attention" in op)
                c["attention_left_out"] = True
            rel = abs(c["both_count_flops"] - reference) / reference
            ok = rel <= TOLERANCE
            failed |= not ok
            results.append({"model": name, "session": path, "input": spec, **c,
                            "flop_counter_flops": reference, "flop_counter_ops": per_op,
                            "relative_difference": rel, "within_2pct": ok})
            print(f"{name:13} {c['config']:20} InferScope {c['both_count_flops'] / 1e9:10.3f} GFLOP"
                  f"  FlopCounterMode {reference / 1e9:10.3f} GFLOP  diff {100 * rel:6.3f} %  {'ok' if ok else 'FAIL'}"
                  f"  (InferScope all ops: {c['all_flops'] / 1e9:.3f} GFLOP)")
    with open(args.out, "w") as f:
        json.dump({"tolerance": TOLERANCE, "torch": torch.__version__, "results": results}, f, indent=1)
    sys.exit(1 if failed else 0)


if __name__ == "__main__":
    main()
