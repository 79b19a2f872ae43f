#!/bin/bash
# Kernel tracing on the GPU machine: tests, then traced ResNet-50 and encoder runs with Chrome traces
# and the in-window vs after-window overhead (docs/PERFORMANCE.md). Run after `h200_run.sh build`.
set -uo pipefail
OUT=${OUT:-$PWD/out}; mkdir -p "$OUT"
source .gpu/gpu-env.sh
CLI=build-gpu/cli/inferscope-cli
ctest --test-dir build-gpu -L "gpu|trace" --output-on-failure >"$OUT/ctest-gpu-trace.log" 2>&1
grep -E "tests passed|tests failed|Failed|Skipped" "$OUT/ctest-gpu-trace.log" | head -20
$CLI trace -q -m resnet50 -b 32 -d cuda --warmup 10 -n 200 --window-warmup 3 --window-steady 20 \
  -c fp32 -c bf16 -c bf16+cl+graph+bench --chrome-trace "$OUT/resnet50.trace.json" -o "$OUT/h200_resnet50_traced.inferscope.json"
$CLI trace -q -m bert-encoder -b 32 -d cuda --warmup 10 -n 200 -c bf16 -c tf32 2>&1 | grep -E "^[a-z0-9+-]+ —|per iter|overhead|Tensor|kernel  1|op  1"
