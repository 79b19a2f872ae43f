#!/usr/bin/env python3
"""Model files for the `lessons` phase (resources/lessons/, docs/TEACHING.md), exported on the GPU
machine with the user's own Python, random weights:
  overflow.pt  a linear layer whose activations are near 1,000, then a hand-written RMS norm
               (x / sqrt(mean(x*x))): x*x passes FP16's 65,504, FP32 and BF16 hold it
  mnv3.pt      torchvision MobileNetV3-Large, traced at batch 16
  effnet.pt    torchvision EfficientNet-B0, traced at batch 16
  gpt2.pt      Hugging Face GPT-2 (GPT2Model), traced on the GPU at 8x128 token ids
Prints one line per file: MODEL NAME PATH INPUT_SPEC (or SKIP NAME reason).
Usage: export_lesson_models.py OUT_DIR
"""
import os
import sys

import torch

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from tune_models import Exporter, hf_gpt2  # noqa: E402  (one way to trace models to files and name their inputs)


class Overflow(torch.nn.Module):
    """Activations ~1e3 by construction: their squares (~1e6) overflow FP16 to inf, and the norm
    divides by inf, so an FP16 cast returns finite zeros where FP32 returns unit-RMS values."""

    def __init__(self, width=256):
        super().__init__()
        self.up = torch.nn.Linear(width, width)
        self.down = torch.nn.Linear(width, 16)
        with torch.no_grad():
            self.up.weight.normal_(0.0, 1000.0 / width ** 0.5)
            self.up.bias.zero_()

    def forward(self, x):
        h = self.up(x)
        h = h / torch.sqrt(torch.mean(h.pow(2), dim=-1, keepdim=True))
        return self.down(h)


def main():
    exporter = Exporter(sys.argv[1])
    add = exporter.add

    add("overflow", Overflow, torch.randn(64, 256))
    import torchvision
    image16 = torch.randn(16, 3, 224, 224)
    add("mnv3", lambda: torchvision.models.mobilenet_v3_large(weights=None), image16)
    add("effnet", lambda: torchvision.models.efficientnet_b0(weights=None), image16)

    # Traced on the GPU: tensors made inside forward (position ids, masks) keep the device they had.
    add("gpt2", hf_gpt2, torch.randint(0, 50257, (8, 128)), "cuda")

    exporter.report()


if __name__ == "__main__":
    main()
