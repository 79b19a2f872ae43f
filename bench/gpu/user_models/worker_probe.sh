#!/bin/bash
# The Python worker alone on one model (no C++ build): prepare, then measure eager casts and
# torch.compile in one process, printing each config's median. Usage: worker_probe.sh FUNCTION [OUT]
set -uo pipefail
fn=$1; out=${2:-${OUT:-/tmp}}; dir=/tmp/pyprobe-$fn; mkdir -p "$dir"
src="py:bench/gpu/user_models/zoo_entries.py:$fn"
W=resources/python/inferscope_pymodel.py
python3 $W prepare --source "$src" --out-dir "$dir" --device cuda:0 | tee "$out/prepare-$fn.json"
python3 - "$dir/plan.json" <<'PY'
import json, sys
cfgs = []
for prec in ["fp32", "tf32", "bf16", "fp16", "amp-bf16"]:
    cfgs.append({"key": prec, "precision": prec, "compile": "none"})
for prec in ["bf16", "fp16"]:
    for mode, tok in [("default", "tc"), ("reduce-overhead", "tc-ro")]:
        cfgs.append({"key": f"{prec}+{tok}", "precision": prec, "compile": mode})
json.dump({"warmup": 10, "iterations": 100, "configs": cfgs}, open(sys.argv[1], "w"))
PY
python3 $W measure --source "$src" --prepared "$dir" --plan "$dir/plan.json" --device cuda:0 > "$out/measure-$fn.ndjson"
python3 - "$out/measure-$fn.ndjson" <<'PY'
import json, statistics, sys
for line in open(sys.argv[1]):
    e = json.loads(line)
    if e.get("event") == "config":
        lat = e["latency_ms"][e["warmup_iterations"]:]
        med = statistics.median(lat) if lat else float("nan")
        print(f'{e["key"]:<14} {e["status"]:<8} median {med:8.3f} ms  compile {e["compile_ms"]/1e3:6.1f} s  {e["message"][:90]}')
    else:
        print(e)
PY
