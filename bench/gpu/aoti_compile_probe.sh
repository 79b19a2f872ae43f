#!/bin/bash
# How long an AOTInductor package of a real model takes to compile on this machine (issue #13's
# cold-start target): ResNet-50 b32 through the product's own helper, alone with empty Inductor
# caches, again with warm Inductor caches (a new package path: only torch's caches help), then four
# packages at once (the tuner's default parallelism on 16 cores) with empty caches and
# TORCHINDUCTOR_COMPILE_THREADS split between them. Prints each helper's JSON line and wall time.
# Usage: bash bench/gpu/aoti_compile_probe.sh OUT_DIR
set -uo pipefail
out=${1:-/tmp/aoti-probe}; mkdir -p "$out"
helper=resources/python/inferscope_aoti.py
one() {  # one NAME PRECISION [--channels-last]
  local name=$1; shift
  local t0; t0=$(date +%s.%N)
  python3 "$helper" --torchvision resnet50 --inputs 32x3x224x224 --precision "$@" --out "$out/$name.pt2" \
    >"$out/$name.log" 2>&1
  echo "$name: exit $? wall $(python3 -c "print(round($(date +%s.%N) - $t0, 1))") s · $(grep -h '"status"' "$out/$name.log" | cut -c1-160)"
}
export TORCHINDUCTOR_CACHE_DIR=$out/inductor-cold
echo "-- alone, empty Inductor cache"; one alone_cold fp16 --channels-last
echo "-- alone, warm Inductor cache (same graph, new package)"; one alone_warm fp16 --channels-last
export TORCHINDUCTOR_CACHE_DIR=$out/inductor-cold4 TORCHINDUCTOR_COMPILE_THREADS=4
echo "-- four at once, empty Inductor cache, 4 compile threads each"
t0=$(date +%s.%N)
one par_fp16 fp16 & one par_bf16 bf16 & one par_fp16_cl fp16 --channels-last & one par_bf16_cl bf16 --channels-last &
wait
echo "four at once: $(python3 -c "print(round($(date +%s.%N) - $t0, 1))") s"
grep -h -i -E "error|Traceback" "$out"/*.log | head -5
