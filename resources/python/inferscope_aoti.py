#!/usr/bin/env python3
"""Compile an AOTInductor package (.pt2) for InferScope, with the user's own python3 + torch.

TorchScript cannot be re-exported, so the model is rebuilt here in Python:
  * a zoo model (--arch resnet18|resnet50|bert-encoder) from torchvision / transformers, loaded with
    the weights InferScope's engine wrote (--weights: a TorchScript archive of buffers named like the
    PyTorch parameters, with '.' spelled '__'); the engine then checks the package against its own
    FP32 reference, so a mismatch would show up as an accuracy error;
  * a torchvision/timm model by name (--torchvision NAME / --timm NAME), random or pretrained weights
    as that library gives them;
  * or an ExportedProgram saved with torch.export.save (--exported-program FILE).
Precision is applied before compilation, as the optimization guide requires.

Prints one JSON line {"status": "ok", "package": ..., "compile_s": ...} on success; exits non-zero
with a readable message otherwise (a JSON error line for the failures it recognises, Python's own
traceback for the rest — InferScope shows its last lines and the log's path).

The package is written under a temporary name and renamed when complete, then its SHA-256 goes to
<package>.sha256: InferScope's cache reuses a package only when the two match.
"""
import argparse
import hashlib
import json
import os
import sys
import time


def fail(message):
    print(json.dumps({"status": "error", "message": message}))
    sys.exit(1)


try:
    import torch
except ImportError:
    fail("python3 cannot import torch: install PyTorch >= 2.6 for AOTInductor packages")


def parse_shape(text):
    return [int(d) for d in text.split("x")]


def set_tf32(enabled):
    """FP32 math for fp32/tf32 packages, in the way Inductor can read back (LIBTORCH_COMPAT.md)."""
    major, minor = (int(p) for p in torch.__version__.split(".")[:2])
    mode = "tf32" if enabled else "ieee"
    if (major, minor) >= (2, 9):
        torch.backends.cuda.matmul.fp32_precision = mode
        # cuDNN through its legacy flag: on 2.9-2.11 it sets conv and rnn precision as well, while
        # the new per-op API leaves the legacy flag (default True) behind, and Inductor's call of
        # torch._C._get_cudnn_allow_tf32() then refuses conv/rnn "ieee" beside a legacy True as a
        # "mix of the legacy and new APIs".
        torch.backends.cudnn.allow_tf32 = enabled
        torch._C._get_cudnn_allow_tf32()  # fail here, with a clear traceback, if it still mixes
    else:
        torch.set_float32_matmul_precision("high" if enabled else "highest")
        torch.backends.cudnn.allow_tf32 = enabled


def load_zoo_weights(path):
    archive = torch.jit.load(path, map_location="cpu")
    return {name.replace("__", "."): tensor for name, tensor in archive.named_buffers()}


class HiddenStates(torch.nn.Module):
    """BertModel's embeddings then its encoder → last hidden state: what InferScope's zoo encoder
    computes (core/torch/zoo_bert_encoder.cpp), no attention mask, no pooler. Not bert(input_ids=ids):
    under torch.export transformers keeps the all-ones mask it drops in eager mode, and SDPA with a
    mask runs its math kernel, which computes BF16/FP16 attention in FP32 — the package was 1.5×
    slower than the zoo model's own bf16+graph on the H200 (docs/PERFORMANCE.md, "Fifth try")."""

    def __init__(self, bert):
        super().__init__()
        self.bert = bert

    def forward(self, ids):
        return self.bert.encoder(self.bert.embeddings(input_ids=ids))[0]


def build_zoo(args):
    if args.arch in ("resnet18", "resnet50"):
        try:
            import torchvision
        except ImportError:
            fail("the zoo ResNets are rebuilt with torchvision: pip install torchvision")
        model = getattr(torchvision.models, args.arch)(weights=None)
    elif args.arch == "bert-encoder":
        try:
            import transformers
        except ImportError:
            fail("the zoo encoder is rebuilt with transformers.BertModel: pip install transformers")
        layers, hidden, heads, inter, vocab, positions = (int(v) for v in args.encoder.split(","))
        config = transformers.BertConfig(vocab_size=vocab, hidden_size=hidden, num_hidden_layers=layers,
                                         num_attention_heads=heads, intermediate_size=inter,
                                         max_position_embeddings=positions, hidden_act="gelu",
                                         layer_norm_eps=1e-12)
        bert = transformers.BertModel(config, add_pooling_layer=True)  # SDPA attention by default
        model = HiddenStates(bert)
    else:
        fail(f"unknown zoo architecture {args.arch}")
    state = load_zoo_weights(args.weights)
    target = model.bert if args.arch == "bert-encoder" else model
    missing, unexpected = target.load_state_dict(state, strict=False)
    # HF keeps non-persistent helper buffers (position_ids, token_type_ids) that are not weights.
    missing = [m for m in missing if not m.endswith(("position_ids", "token_type_ids"))]
    if missing or unexpected:
        fail(f"zoo weights do not match {args.arch}: missing {missing[:5]}, unexpected {unexpected[:5]}")
    return model


def main():
    p = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    src = p.add_mutually_exclusive_group(required=True)
    src.add_argument("--arch", help="zoo architecture: resnet18, resnet50, bert-encoder (needs --weights)")
    src.add_argument("--torchvision", help="a torchvision.models name, e.g. resnet50")
    src.add_argument("--timm", help="a timm model name")
    src.add_argument("--exported-program", help="a file written by torch.export.save")
    src.add_argument("--model-py", help="FILE.py:FUNCTION returning (module, example_inputs): the user's "
                                        "own code, run here (InferScope asks for trust first)")
    p.add_argument("--example-inputs", help="a tensor archive of the example inputs (inferscope_pymodel.py "
                                            "prepare writes it): their dtypes and values, not just shapes")
    p.add_argument("--weights", help="zoo weights written by the InferScope engine")
    p.add_argument("--encoder", default="12,768,12,3072,30522,512",
                   help="bert-encoder: layers,hidden,heads,intermediate,vocab,max_positions")
    p.add_argument("--inputs", help="comma-separated shapes, e.g. 32x3x224x224 (or --example-inputs)")
    p.add_argument("--precision", choices=["fp32", "tf32", "fp16", "bf16"], default="fp32")
    p.add_argument("--channels-last", action="store_true")
    p.add_argument("--max-autotune", action="store_true")
    p.add_argument("--device", default="cuda:0")
    p.add_argument("--out", required=True, help="the .pt2 package to write")
    args = p.parse_args()

    major, minor = (int(v) for v in torch.__version__.split(".")[:2])
    if (major, minor) < (2, 6):
        fail(f"AOTInductor packages need torch >= 2.6 (this python3 has {torch.__version__})")
    if not torch.cuda.is_available():
        fail("this python3's torch sees no CUDA device")
    device = torch.device(args.device)

    shapes = [parse_shape(s) for s in args.inputs.split(",")] if args.inputs else []
    given_examples = None
    if args.exported_program or args.model_py:
        # The user's model is cast before it is exported (re-exported, for an ExportedProgram), so a
        # cast that a traced TorchScript file cannot take (constants baked as FP32) is made here.
        sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
        import inferscope_pymodel
        source = f"ep:{args.exported_program}" if args.exported_program else f"py:{args.model_py}"
        model, given_examples = inferscope_pymodel.load_source(source, [], device)
        if args.example_inputs:
            given_examples = tuple(inferscope_pymodel.load_tensors(args.example_inputs))
        if given_examples is None:
            fail("the model's example inputs are unknown: pass --example-inputs or --inputs")
    elif args.arch:
        if not args.weights:
            fail("--arch needs --weights (written by the InferScope engine)")
        model = build_zoo(args)
    elif args.torchvision:
        import torchvision
        model = getattr(torchvision.models, args.torchvision)(weights=None)
    else:
        import timm
        model = timm.create_model(args.timm, pretrained=False)

    # Precision first, then compile (the guide's order). FP16/BF16 packages leave the FP32 flags
    # alone: they do not apply to half-precision math, and on PyTorch 2.11 writing cuDNN conv's
    # precision through the new API made Inductor's own legacy-flag read fail ("mix of the legacy
    # and new APIs") while compiling.
    if args.precision in ("fp32", "tf32"):
        set_tf32(args.precision == "tf32")
    dtype = {"fp16": torch.float16, "bf16": torch.bfloat16}.get(args.precision)
    try:
        model = model.eval()
    except NotImplementedError:  # an ExportedProgram's module: eval() is not supported, nor needed
        pass
    model = model.to(device)
    if dtype is not None:
        model = model.to(dtype)
    if args.channels_last:
        model = model.to(memory_format=torch.channels_last)
    integer_inputs = args.arch == "bert-encoder"
    examples = []
    for t in given_examples or ():
        x = t.to(device)
        if dtype is not None and x.is_floating_point():
            x = x.to(dtype)
        if args.channels_last and x.dim() == 4:
            x = x.contiguous(memory_format=torch.channels_last)
        examples.append(x)
    for shape in shapes if given_examples is None else ():
        if integer_inputs:
            examples.append(torch.zeros(shape, dtype=torch.long, device=device))
        else:
            x = torch.randn(shape, device=device, dtype=dtype or torch.float32)
            if args.channels_last and x.dim() == 4:
                x = x.contiguous(memory_format=torch.channels_last)
            examples.append(x)

    start = time.time()
    with torch.no_grad():
        program = torch.export.export(model, tuple(examples))
    configs = {"max_autotune": True} if args.max_autotune else {}
    # Complete or absent: a package killed half-way (budget, Ctrl-C) never reaches the cache's name.
    base = args.out[:-4] if args.out.endswith(".pt2") else args.out
    partial = f"{base}.{os.getpid()}.partial.pt2"
    torch._inductor.aoti_compile_and_package(program, package_path=partial, inductor_configs=configs)
    os.replace(partial, args.out)
    digest = hashlib.sha256()
    with open(args.out, "rb") as f:
        for block in iter(lambda: f.read(1 << 20), b""):
            digest.update(block)
    with open(args.out + ".sha256.partial", "w") as f:
        f.write(digest.hexdigest() + "\n")
    os.replace(args.out + ".sha256.partial", args.out + ".sha256")
    print(json.dumps({"status": "ok", "package": args.out, "compile_s": round(time.time() - start, 1),
                      "torch": torch.__version__}))


if __name__ == "__main__":
    main()
