#!/usr/bin/env python3
"""The torch.compile peer the tuner is measured against (issue #13), in the same lease as `tune`.

What a Python user gets from the guide's best single recipe: torch.compile(mode="reduce-overhead")
(Inductor + CUDA graphs), BF16 weights and inputs, channels_last for the CNN. torchvision ResNet-50
b32 and HF BERT-base b32x128 (random weights: the zoo's architectures), CUDA events per iteration,
median of the steady iterations, like the engine; compile time apart. For the encoder two figures:
BertModel as a user calls it (ids only: HF builds an attention mask and runs the pooler), and the
path the zoo's bert-encoder runs (embeddings -> encoder, no mask, no pooler: like for like).
Usage: python_reference_compile.py OUT.json [--iters 200] [--warmup 20] [--models resnet50,bert]
"""
import argparse
import json
import os
import sys
import time

import torch

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from python_reference import measure, set_precision  # noqa: E402  (same timing as the other references)


class ZooPath(torch.nn.Module):
    """HF BertModel's embeddings then its encoder, without a mask or the pooler: what the zoo's
    bert-encoder computes (core/torch/zoo_bert_encoder.cpp), so the two compare like for like."""

    def __init__(self, bert):
        super().__init__()
        self.bert = bert

    def forward(self, ids):
        return self.bert.encoder(self.bert.embeddings(input_ids=ids))[0]


def compiled(model, x, mode):
    t0 = time.time()
    fn = torch.compile(model, mode=mode)
    with torch.inference_mode():
        for _ in range(3):  # reduce-overhead records its CUDA graph on a later call
            fn(x)
    torch.cuda.synchronize()
    return fn, time.time() - t0


def run(name, model, x, channels_last, args):
    set_precision(False)
    torch.backends.cudnn.benchmark = True
    model = model.eval().cuda().to(torch.bfloat16)
    x = x.cuda()
    if x.is_floating_point():
        x = x.to(torch.bfloat16)
    if channels_last:
        model = model.to(memory_format=torch.channels_last)
        x = x.contiguous(memory_format=torch.channels_last)
    fn, compile_s = compiled(model, x, "reduce-overhead")

    @torch.inference_mode()
    def step():
        return fn(x)

    result = measure(step, args.warmup, args.iters)
    result.update({"compile_s": round(compile_s, 1), "recipe": "torch.compile reduce-overhead, bf16" +
                   (", channels_last, cudnn.benchmark" if channels_last else "")})
    print(name, result, flush=True)
    del fn, model
    torch.cuda.empty_cache()
    return result


def main():
    p = argparse.ArgumentParser()
    p.add_argument("out")
    p.add_argument("--iters", type=int, default=200)
    p.add_argument("--warmup", type=int, default=20)
    p.add_argument("--models", default="resnet50,bert,bert-zoo-path")
    args = p.parse_args()
    torch.manual_seed(0)
    results = {"torch": torch.__version__, "gpu": torch.cuda.get_device_name(0)}
    models = args.models.split(",")
    if "resnet50" in models:
        import torchvision
        results["resnet50_b32"] = run("resnet50", torchvision.models.resnet50(weights=None),
                                      torch.randn(32, 3, 224, 224), True, args)
    if "bert" in models:
        import transformers
        config = transformers.BertConfig()  # BERT-base, SDPA attention where available
        results["bert_b32x128"] = run("bert", transformers.BertModel(config),
                                      torch.randint(0, config.vocab_size, (32, 128)), False, args)
    if "bert-zoo-path" in models:
        import transformers
        results["bert_zoo_path_b32x128"] = run("bert-zoo-path", ZooPath(transformers.BertModel(transformers.BertConfig())),
                                               torch.randint(0, 30522, (32, 128)), False, args)
    with open(args.out, "w") as f:
        json.dump(results, f, indent=1)


if __name__ == "__main__":
    main()
