#!/usr/bin/env python3
"""Traces torchvision's MobileNetV3-Large (random weights) to TorchScript for the forks phase."""
import sys

import torch
import torchvision

path = sys.argv[1] if len(sys.argv) > 1 else "/tmp/mnv3.pt"
batch = int(sys.argv[2]) if len(sys.argv) > 2 else 16
model = torchvision.models.mobilenet_v3_large().eval()
with torch.no_grad():
    traced = torch.jit.trace(model, torch.randn(batch, 3, 224, 224))
traced.save(path)
print(f"saved {path} (MobileNetV3-Large, traced at batch {batch})")
