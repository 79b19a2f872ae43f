#!/usr/bin/env python3
"""Real model files for `tune` end to end (issue #13), exported on the GPU machine with the user's
own Python: torchvision ResNet-50 and MobileNetV3-Large, timm ConvNeXt-Tiny, HF BERT-base and HF
GPT-2 and torchvision ViT-B/16 as TorchScript (traced, random weights), and one AOTInductor package
exported in Python (torchvision ResNet-18, FP32). Prints one line per file: MODEL NAME PATH INPUT_SPEC (or SKIP NAME
reason); libraries' warnings go to the same stream, so readers keep the MODEL lines only.
The transformers are traced on the GPU, as a user serving them would: tracing bakes the device of
tensors made inside forward (position ids, masks) into the graph, and a CPU trace then mixes
cuda:0 and cpu tensors when it runs on the GPU.
Usage: tune_models.py OUT_DIR [NAME...]   (names given: only those models are made)
"""
import os
import sys

import torch


def trace(name, model, example, out_dir, device):
    path = os.path.join(out_dir, name + ".pt")
    with torch.no_grad():
        torch.jit.trace(model.eval().to(device), example.to(device), strict=False).save(path)
    return path


def spec(t):
    dtype = {torch.float32: "float32", torch.int64: "int64"}[t.dtype]
    return "x".join(str(d) for d in t.shape) + ":" + dtype


class LastHiddenState(torch.nn.Module):
    """A Hugging Face model's last hidden state as one tensor, as a user traces it for serving:
    recent transformers return output objects and caches that torch.jit.trace cannot type, whatever
    config.torchscript says (GPT-2 failed so on the H200, 2026-12-02)."""

    def __init__(self, model):
        super().__init__()
        self.model = model

    def forward(self, ids):
        return self.model(ids, use_cache=False, return_dict=False)[0]


def hf_gpt2():
    import transformers
    return LastHiddenState(transformers.GPT2Model(transformers.GPT2Config()))


class Exporter:
    """Models traced into one folder; a model that cannot be made is skipped, never the others.
    report() prints one `MODEL name path input-spec` line per file, which the benches read."""

    def __init__(self, out_dir, only=()):
        self.out_dir = out_dir
        self.only = set(only)
        os.makedirs(out_dir, exist_ok=True)
        torch.manual_seed(0)
        self.made = []

    def wants(self, name):
        return not self.only or name in self.only

    def add(self, name, build, example, device="cpu"):
        if not self.wants(name):
            return
        try:
            self.made.append((name, trace(name, build(), example, self.out_dir, device), spec(example)))
        except Exception as e:  # a missing library skips one model, never the others
            print(f"SKIP {name} {type(e).__name__}: {e}".splitlines()[0], flush=True)

    def report(self):
        for name, path, input_spec in self.made:
            print("MODEL", name, path, input_spec, flush=True)


def main():
    out_dir = sys.argv[1]
    exporter = Exporter(out_dir, sys.argv[2:])
    add, made = exporter.add, exporter.made

    import torchvision
    image32 = torch.randn(32, 3, 224, 224)
    add("tv_resnet50", lambda: torchvision.models.resnet50(weights=None), image32)
    add("tv_mobilenet_v3_large", lambda: torchvision.models.mobilenet_v3_large(weights=None),
        torch.randn(16, 3, 224, 224))

    def convnext():
        import timm
        return timm.create_model("convnext_tiny", pretrained=False)
    add("timm_convnext_tiny", convnext, image32)

    ids = torch.randint(0, 30522, (32, 128))

    def bert():
        import transformers
        return transformers.BertModel(transformers.BertConfig(torchscript=True))
    add("hf_bert_base", bert, ids, "cuda")

    add("hf_gpt2", hf_gpt2, torch.randint(0, 50257, (8, 128)), "cuda")

    # 346 MB of TorchScript: the file whose forks cost most to load (issue #31). torchvision
    # initialises its head to zeros, so with fresh weights every output is 0: the tuner must say
    # accuracy cannot be judged on it rather than report it perfect.
    add("tv_vit_b_16", lambda: torchvision.models.vit_b_16(weights=None), image32, "cuda")

    # One AOTInductor package exported in Python, as a user ships one.
    def resnet18_package():
        model = torchvision.models.resnet18(weights=None).eval().cuda()
        example = torch.randn(32, 3, 224, 224, device="cuda")
        with torch.no_grad():
            program = torch.export.export(model, (example,))
        path = os.path.join(out_dir, "tv_resnet18_aoti.pt2")
        torch._inductor.aoti_compile_and_package(program, package_path=path)
        made.append(("tv_resnet18_aoti", path, "32x3x224x224:float32"))

    if exporter.wants("tv_resnet18_aoti"):
        try:
            resnet18_package()
        except Exception as e:
            print(f"SKIP tv_resnet18_aoti {type(e).__name__}: {e}".splitlines()[0], flush=True)

    exporter.report()


if __name__ == "__main__":
    main()
