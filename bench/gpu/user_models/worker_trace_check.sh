#!/bin/bash
# The engine's instruments in the Python worker, checked on the GPU machine (docs/ARCHITECTURE.md,
# "One set of instruments, wherever the model runs"): the worker's instruments module built against
# its own PyTorch with the CUDA memory probe and the CUPTI kernel tracer, then `trace`, `cudnn` and
# `profile --roofline` of a small CNN as an entry point and as an ExportedProgram (.pt2), eager and
# torch.compile configs side by side, and the same configs profiled untraced for the overhead.
# From the repo root after `bash bench/gpu/h200_run.sh build`:
#   bash bench/gpu/user_models/worker_trace_check.sh
# Env: OUT (results; default ./out), CLI (default build-gpu/cli/inferscope-cli), PYTHON (the worker's
# interpreter, default python3; PyTorch >= 2.6 with CUDA). About 5 minutes on an H200, the module's
# first build included.
# Writes $OUT/worker_trace/summary.json and summary.txt: per run its exit code and time, per config
# its status, median latency, peak memory and its probe, the trace's source or why it is untraced,
# kernels per iteration, the traced kernel sum per steady iteration against the median latency, the
# roofline's FLOPs, and the untraced median beside the traced one (tracing overhead); plus the
# module's build variant and log, the sessions, Chrome traces and CLI outputs beside them.
set -uo pipefail
OUT=${OUT:-$PWD/out}/worker_trace; mkdir -p "$OUT"
CLI=${CLI:-build-gpu/cli/inferscope-cli}
PYTHON=${PYTHON:-python3}
export INFERSCOPE_PYTHON=$(command -v "$PYTHON")
export XDG_CACHE_HOME=${XDG_CACHE_HOME:-/tmp/inferscope-worker-trace-cache}
export XDG_CONFIG_HOME=${XDG_CONFIG_HOME:-/tmp/inferscope-worker-trace-config}
work=$OUT/models; mkdir -p "$work"
repo=$PWD

# How the module is built for this PyTorch (CUDA probe, CUPTI tracer or why not), and the build
# itself, timed, before any run waits for it.
"$PYTHON" - "$repo/resources/python" >"$OUT/module.txt" 2>&1 <<'PY'
import sys, time
sys.path.insert(0, sys.argv[1])
import torch, inferscope_instruments as I
variant, includes, defines, why, sources = I.build_variant()
print("torch", torch.__version__, "cuda", torch.version.cuda)
print("variant", variant); print("includes", includes); print("defines", defines)
print("why", why or "-"); print("sources", " ".join(sources))
t0 = time.time()
try:
    ops = I.load()
    print("loaded in", round(time.time() - t0, 1), "s; cuda()", bool(ops.cuda()),
          "tracer_status", repr(str(ops.tracer_status())))
except Exception as e:
    print("load failed after", round(time.time() - t0, 1), "s:", e)
print("cache", I._key(I.source_root())[1])
PY
cat "$OUT/module.txt"
cache_dir=$(awk '$1 == "cache" { print $2 }' "$OUT/module.txt")
[ -n "$cache_dir" ] && cp "$cache_dir/build.log" "$OUT/module-build.log" 2>/dev/null

# A small CNN (convolutions for the cuDNN ledger, batch norm, a linear head): nothing downloaded.
cat >"$work/entries.py" <<'PY'
import torch


class Cnn(torch.nn.Module):
    def __init__(self):
        super().__init__()
        self.body = torch.nn.Sequential(
            torch.nn.Conv2d(3, 32, 3, padding=1), torch.nn.BatchNorm2d(32), torch.nn.ReLU(),
            torch.nn.Conv2d(32, 64, 3, stride=2, padding=1), torch.nn.BatchNorm2d(64), torch.nn.ReLU(),
            torch.nn.Conv2d(64, 128, 3, stride=2, padding=1), torch.nn.BatchNorm2d(128), torch.nn.ReLU())
        self.head = torch.nn.Linear(128, 100)

    def forward(self, x):
        return self.head(self.body(x).mean(dim=(2, 3)))


def cnn():
    torch.manual_seed(0)
    return Cnn().eval(), (torch.randn(32, 3, 64, 64),)
PY
"$PYTHON" - "$work" <<'PY' >"$OUT/export.log" 2>&1
import sys, torch
sys.path.insert(0, sys.argv[1])
import entries
model, inputs = entries.cnn()
m = model.to("cuda")
with torch.no_grad():
    ep = torch.export.export(m, tuple(t.to("cuda") for t in inputs))
torch.export.save(ep, f"{sys.argv[1]}/cnn.pt2")
print("exported cnn on cuda, torch", torch.__version__)
PY
cat "$OUT/export.log"
$CLI trust "$work/entries.py" "$work/cnn.pt2" >/dev/null
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
configs=(-c fp32 -c tf32 -c bf16 -c bf16+cl -c bf16+tc -c bf16+tc-ro)
for route in py pt2; do
  if [ $route = py ]; then src=(--model-py "$work/entries.py:cnn"); else src=(--model-file "$work/cnn.pt2"); fi
  run "cnn-$route-trace" trace "${src[@]}" -d cuda "${configs[@]}" --warmup 10 -n 100 \
    --chrome-trace "$OUT/cnn-$route-trace.chrome.json"
  run "cnn-$route-profile" profile "${src[@]}" -d cuda "${configs[@]}" --warmup 10 -n 100
  run "cnn-$route-roofline" profile "${src[@]}" -d cuda -c fp32 -c bf16 -c bf16+tc --warmup 10 -n 50 --roofline
  run "cnn-$route-cudnn" cudnn "${src[@]}" -d cuda
done
ls -la "$OUT"/*.chrome*.json >"$OUT/chrome-files.txt" 2>&1
# The workers' logs (the user's prints, PyTorch's warnings, tracebacks) and the module's build log.
cp -r "$XDG_CACHE_HOME/inferscope/pymodels/logs" "$OUT/worker-logs" 2>/dev/null
[ -n "$cache_dir" ] && cp "$cache_dir/build.log" "$OUT/module-build.log" 2>/dev/null
"$PYTHON" - "$OUT" "${records[@]}" <<'PY'
import json, os, statistics, sys
out, records = sys.argv[1], sys.argv[2:]
summary, lines = [], []
sessions = {}
for r in records:
    name, rc, seconds, args = r.split("|", 3)
    entry = {"run": name, "exit": int(rc), "seconds": float(seconds), "args": args, "configs": []}
    path = os.path.join(out, f"{name}.inferscope.json")
    if os.path.exists(path):
        s = json.load(open(path))
        sessions[name] = s
        entry["device"] = s["device"].get("name")
        for c in s["configs"]:
            t = c.get("trace") or {}
            median = c.get("stats", {}).get("median_ms")
            steady = [it for it in t.get("iterations", []) if not it.get("warmup")]
            kernel_sum_ms = statistics.median([it["kernel_sum_us"] for it in steady]) / 1e3 if steady else None
            roof = c.get("roofline") or {}
            entry["configs"].append({
                "key": c["key"], "status": c["status"], "message": c.get("message", "")[:200],
                "median_ms": median,
                "peak_allocated_bytes": c.get("memory", {}).get("peak_allocated_bytes"),
                "peak_reserved_bytes": c.get("memory", {}).get("peak_reserved_bytes"),
                "memory_source": c.get("memory", {}).get("source"),
                "trace_source": t.get("source"), "untraced_reason": t.get("untraced_reason"),
                "kernels_per_iteration": t.get("kernels_per_iteration"),
                "steady_traced": len(steady),
                "kernel_sum_ms_per_steady_iteration": kernel_sum_ms,
                "kernel_sum_over_latency": (kernel_sum_ms / median) if kernel_sum_ms and median else None,
                "roofline_flops": (roof.get("work") or {}).get("flops") if isinstance(roof.get("work"), dict) else None,
                "roofline_keys": sorted(roof.keys())[:12],
                "cudnn_observation": bool(c.get("cudnn_observation"))})
    summary.append(entry)
# Tracing overhead: the traced run's median against the untraced profile's, per config.
for route in ("py", "pt2"):
    traced = {c["key"]: c for e in summary if e["run"] == f"cnn-{route}-trace" for c in e["configs"]}
    plain = {c["key"]: c for e in summary if e["run"] == f"cnn-{route}-profile" for c in e["configs"]}
    for key, c in traced.items():
        p = plain.get(key)
        if p and c["median_ms"] and p["median_ms"]:
            c["untraced_median_ms"] = p["median_ms"]
            c["overhead_pct"] = round((c["median_ms"] / p["median_ms"] - 1) * 100, 2)
json.dump(summary, open(os.path.join(out, "summary.json"), "w"), indent=1)
for e in summary:
    lines.append(f"{e['run']}: exit {e['exit']}, {e['seconds']} s")
    for c in e["configs"]:
        lines.append("  {key:14} {status:12} median {m} ms  peak {p} B ({src})  trace {ts} k/it {k} "
                     "ksum/lat {r} overhead {o}%  flops {f}  {why}".format(
                         key=c["key"], status=c["status"], m=c["median_ms"], p=c["peak_allocated_bytes"],
                         src=c["memory_source"], ts=c["trace_source"], k=c["kernels_per_iteration"],
                         r=None if c["kernel_sum_over_latency"] is None else round(c["kernel_sum_over_latency"], 3),
                         o=c.get("overhead_pct"), f=c["roofline_flops"],
                         why=(c["untraced_reason"] or c["message"] or "")[:160]))
open(os.path.join(out, "summary.txt"), "w").write("\n".join(lines) + "\n")
print("\n".join(lines))
bad = [e["run"] for e in summary if e["exit"] != 0]
print("runs:", len(summary), "failed:", bad or "none")
PY
