#!/bin/bash
# Every command takes every model source (docs/ADVISOR.md, "Your own model, compiled"), checked on
# the GPU machine: ExportedPrograms exported on one device and run on the other, and entry points,
# through profile (eager and torch.compile configs side by side), sweep --plan guide and tune.
# From the repo root after `bash bench/gpu/h200_run.sh build`:
#   bash bench/gpu/user_models/python_route_check.sh
# Env: OUT (results; default ./out), CLI (default build-gpu/cli/inferscope-cli), PYTHON (the worker's
# interpreter, default python3; needs PyTorch >= 2.6 for the device move). About 5 minutes on an H200.
# Writes $OUT/python_route/summary.json (one record per run: command, exit code, seconds, and per
# config its status, median, warm-up count, compile time, peak memory and relative error) and the
# logs and sessions beside it.
set -uo pipefail
OUT=${OUT:-$PWD/out}/python_route; mkdir -p "$OUT"
CLI=${CLI:-build-gpu/cli/inferscope-cli}
PYTHON=${PYTHON:-python3}
export INFERSCOPE_PYTHON=$(command -v "$PYTHON")
export XDG_CACHE_HOME=${XDG_CACHE_HOME:-/tmp/inferscope-route-cache}
export XDG_CONFIG_HOME=${XDG_CONFIG_HOME:-/tmp/inferscope-route-config}
work=$OUT/models; mkdir -p "$work"
# A small CNN with a buffer and a tensor constant (what a device move must carry along) and a
# transformer encoder layer: self-contained, nothing downloaded.
cat >"$work/entries.py" <<'PY'
import torch


class Cnn(torch.nn.Module):
    def __init__(self):
        super().__init__()
        self.body = torch.nn.Sequential(
            torch.nn.Conv2d(3, 32, 3, padding=1), torch.nn.BatchNorm2d(32), torch.nn.ReLU(),
            torch.nn.Conv2d(32, 64, 3, stride=2, padding=1), torch.nn.BatchNorm2d(64), torch.nn.ReLU())
        self.head = torch.nn.Linear(64, 100)
        self.register_buffer("scale", torch.full((100,), 0.5))

    def forward(self, x):
        y = self.body(x).mean(dim=(2, 3))
        return self.head(y) * self.scale + torch.arange(100, device=x.device) * 1e-3


def cnn():
    torch.manual_seed(0)
    return Cnn().eval(), (torch.randn(16, 3, 64, 64),)


def encoder():
    torch.manual_seed(0)
    layer = torch.nn.TransformerEncoderLayer(256, 4, 1024, batch_first=True).eval()
    return layer, (torch.randn(8, 128, 256),)
PY
"$PYTHON" - "$work" <<'PY' >"$OUT/export.log" 2>&1
import sys, torch
sys.path.insert(0, sys.argv[1])
import entries
for name in ("cnn", "encoder"):
    model, inputs = getattr(entries, name)()
    for device in ("cpu", "cuda"):
        m = model.to(device)
        x = tuple(t.to(device) for t in inputs)
        with torch.no_grad():
            ep = torch.export.export(m, x)
        torch.export.save(ep, f"{sys.argv[1]}/{name}-{device}.pt2")
        print("exported", name, "on", device, "torch", torch.__version__)
PY
cat "$OUT/export.log"
$CLI trust "$work/entries.py" "$work"/*.pt2 >/dev/null
records=()
run() {  # run NAME ARGS…: the CLI with -o NAME.inferscope.json, its exit code and time recorded
  local name=$1; shift
  local t0=$(date +%s%N)
  $CLI "$@" -o "$OUT/$name.inferscope.json" >"$OUT/$name.txt" 2>"$OUT/$name.err"
  local rc=$?
  local ms=$(( ($(date +%s%N) - t0) / 1000000 ))  # no bc on the GPU machine
  local s=$(printf '%d.%03d' $((ms / 1000)) $((ms % 1000)))
  echo "$name: exit $rc, ${s} s"
  records+=("$name|$rc|$s|$*")
}
tc=(-c fp32 -c bf16 -c bf16+tc -c bf16+tc-ro -c bf16+aoti)
for model in cnn encoder; do
  # Saved on the CPU, run on the GPU, and the other way round (constants and buffers move along).
  run "$model-cpu-pt2-on-cuda" profile --model-file "$work/$model-cpu.pt2" -d cuda "${tc[@]}" --warmup 10 -n 100
  run "$model-cuda-pt2-on-cpu" profile --model-file "$work/$model-cuda.pt2" -d cpu -c fp32 -c amp-bf16 --warmup 3 -n 10
  run "$model-py-profile" profile --model-py "$work/entries.py:$model" -d cuda "${tc[@]}" --warmup 10 -n 100
  run "$model-py-sweep-guide" sweep --model-py "$work/entries.py:$model" -d cuda --plan guide \
    --family "$([ $model = cnn ] && echo cnn || echo transformer)" --warmup 10 -n 100
  run "$model-cpu-pt2-tune" tune --model-file "$work/$model-cpu.pt2" -d cuda --budget-s 60
done
"$PYTHON" - "$OUT" "${records[@]}" <<'PY'
import json, os, sys
out, records = sys.argv[1], sys.argv[2:]
summary = []
for r in records:
    name, rc, seconds, args = r.split("|", 3)
    entry = {"run": name, "exit": int(rc), "seconds": float(seconds), "args": args, "configs": []}
    path = os.path.join(out, f"{name}.inferscope.json")
    if os.path.exists(path):
        s = json.load(open(path))
        entry["device"] = s["device"].get("name")
        entry["inputs"] = s["request"]["inputs"]
        for c in s["configs"]:
            entry["configs"].append({
                "key": c["key"], "status": c["status"], "message": c.get("message", "")[:200],
                "median_ms": c.get("stats", {}).get("median_ms"),
                "samples": len(c.get("latency_ms", [])), "warmup_found": c.get("steady_state", {}).get("steady_start"),
                "compile_ms": c.get("compile_ms"), "first_ms": (c.get("latency_ms") or [None])[0],
                "peak_allocated_bytes": c.get("memory", {}).get("peak_allocated_bytes"),
                "rel_l2_error": c.get("accuracy", {}).get("rel_l2_error")})
    summary.append(entry)
json.dump(summary, open(os.path.join(out, "summary.json"), "w"), indent=1)
bad = [e["run"] for e in summary if e["exit"] != 0]
print("runs:", len(summary), "failed:", bad or "none")
PY
