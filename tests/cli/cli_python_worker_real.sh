#!/bin/bash
# The real Python worker (resources/python/inferscope_pymodel.py) under a real PyTorch, end to end:
# an entry point (a small torch.nn model written here) through `profile` and `sweep --plan guide` on
# the CPU, with no --input (its own inputs) and with --input overriding them. Checked in the session
# files: every config's series (warm-up and steady state found by the engine's analysis), its
# memory fields, its accuracy against the FP32 reference by the same rule as a zoo model's;
# recommend --validate of the same entry point. Then
# what the worker's PyTorch cannot do says so: torch.compile and ExportedPrograms on PyTorch < 2
# (Debian 12's python3-torch is 1.13), and torch.compile asked of a built-in model.
# Usage: cli_python_worker_real.sh INFERSCOPE_CLI WORK_DIR FIXTURES_DIR PYTHON
# PYTHON: an interpreter that imports torch (CMake looks for one); empty: skipped (exit 77).
set -uo pipefail
cli=$1; work=$2; fixtures=$3; python=${4:-}
if [ -z "$python" ]; then
  echo "SKIP: no Python that imports torch was found at configure time (install python3-torch, or"
  echo "      set INFERSCOPE_PYTHON to one and configure again)"
  exit 77
fi
rm -rf "$work"; mkdir -p "$work/config" "$work/cache"
source "$(dirname "$0")/e2e_lib.sh"
export XDG_CONFIG_HOME="$work/config" XDG_CACHE_HOME="$work/cache" INFERSCOPE_PYTHON="$python"
# The worker's instruments module (its memory probe runs in every config) is built on first use,
# about a minute here; kept beside the work folder, it is built once per PyTorch and source set.
export INFERSCOPE_INSTRUMENTS_CACHE="$work.instruments"
torch_major=$("$python" -c 'import torch; print(torch.__version__.split(".")[0])')
echo "worker: $python, PyTorch $("$python" -c 'import torch; print(torch.__version__)')"

cat >"$work/tiny.py" <<'MODEL'
import torch


class Tiny(torch.nn.Module):
    def __init__(self):
        super().__init__()
        self.conv = torch.nn.Conv2d(3, 8, 3, padding=1)
        self.head = torch.nn.Linear(8, 10)

    def forward(self, x):
        y = torch.relu(self.conv(x)).mean(dim=(2, 3))
        return self.head(y)


def build():
    torch.manual_seed(0)
    return Tiny(), (torch.randn(2, 3, 16, 16),)
MODEL
"$cli" trust "$work/tiny.py" >/dev/null
parameters=$((3 * 8 * 9 + 8 + 8 * 10 + 10))

# A session's facts, one per line, read with the worker's Python (its json module).
facts() {
  "$python" - "$1" <<'READ'
import json, sys
s = json.load(open(sys.argv[1]))
print("inputs", ",".join(s["request"]["inputs"]))
print("parameters", s.get("parameter_count", 0))
for c in s["configs"]:
    acc = c.get("accuracy")
    print("config", c["key"], c["status"], len(c.get("latency_ms", [])), c.get("warmup_iterations", -1),
          int("steady_state" in c), c.get("stats", {}).get("median_ms", 0) > 0,
          c.get("memory", {}).get("parameter_bytes", 0), int(acc is not None),
          acc["rel_l2_error"] if acc else -1)
    m = c.get("memory", {})
    print("memory", c["key"], m.get("source", ""), m.get("peak_allocated_bytes", 0))
READ
}

# profile: the entry point's own inputs (no --input), three eager configs.
"$cli" profile --model-py "$work/tiny.py:build" -c fp32 -c nograd+fp32 -c bf16 --warmup 3 -n 20 \
  -o "$work/profile.inferscope.json" >"$work/profile.txt" 2>"$work/profile.err"
rc=$?
check "profile --model-py runs in the real worker with the model's own inputs (exit $rc)" [ "$rc" -eq 0 ]
[ "$rc" -eq 0 ] || cat "$work/profile.err"
facts "$work/profile.inferscope.json" >"$work/profile.facts" 2>&1
cat "$work/profile.facts"
check "the session's inputs are the entry point's" grep -qx "inputs 2x3x16x16:float32" "$work/profile.facts"
check "the session counts the model's parameters" grep -qx "parameters $parameters" "$work/profile.facts"
# key status samples warm-up analysed median>0 parameter-bytes accuracy-measured rel-l2
check "fp32: 23 samples, 3 warm-up, analysed, FP32 weights, exact against the reference" \
  grep -qE "^config fp32 ok 23 3 1 True $((parameters * 4)) 1 0(\.0)?$" "$work/profile.facts"
check "nograd+fp32: measured and judged like fp32" \
  grep -qE "^config nograd\+fp32 ok 23 3 1 True $((parameters * 4)) 1 " "$work/profile.facts"
bf16_error=$(awk '$2 == "bf16" { print $10 }' "$work/profile.facts")
check "bf16: BF16 weights, an error against the FP32 reference above 0 and below 5 % ($bf16_error)" \
  bash -c "grep -qE '^config bf16 ok 23 3 1 True $((parameters * 2)) 1 ' '$work/profile.facts' &&
           awk -v e='$bf16_error' 'BEGIN { exit !(e > 0 && e < 0.05) }'"
check "the table names the configs" grep -q "nograd+fp32" "$work/profile.txt"
# The engine's memory probe ran in the worker (its instruments module): the CPU allocator's peak
# above what was allocated when the config started, at least the config's own copy of the weights
# (FP32: 4 bytes a parameter; BF16: 2) and well under what a model this small could use (64 MiB).
for key_bytes in fp32:4 nograd+fp32:4 bf16:2; do
  key=${key_bytes%%:*}
  weights=$((parameters * ${key_bytes##*:}))
  peak=$(awk -v k="$key" '$1 == "memory" && $2 == k && $3 == "cpu-allocator-hook" { print $4 }' "$work/profile.facts")
  check "$key: peak memory from the engine's CPU probe, ${peak:-none} bytes, >= its weights ($weights) and < 64 MiB" \
    awk -v p="${peak:-0}" -v w="$weights" 'BEGIN { exit !(p >= w && p < 64 * 1048576) }'
done
check "… and no warning that the probe did not run" bash -c "! grep -q 'memory probe did not run' '$work/profile.err'"

# --input overrides the entry point's inputs.
"$cli" profile --model-py "$work/tiny.py:build" --input 4x3x8x8:float32 -c fp32 --warmup 2 -n 5 \
  -o "$work/override.inferscope.json" >/dev/null 2>"$work/override.err"
rc=$?
check "--input overrides the entry point's inputs (exit $rc)" [ "$rc" -eq 0 ]
facts "$work/override.inferscope.json" >"$work/override.facts" 2>&1
check "… the session's inputs are the given ones" grep -qx "inputs 4x3x8x8:float32" "$work/override.facts"

# sweep --plan guide: the CPU guide (inference_mode, no_grad, autograd, autocast and cast BF16).
"$cli" sweep --model-py "$work/tiny.py:build" --plan guide --warmup 3 -n 20 \
  -o "$work/sweep.inferscope.json" >"$work/sweep.txt" 2>"$work/sweep.err"
rc=$?
check "sweep --plan guide --model-py runs every config in the worker (exit $rc)" [ "$rc" -eq 0 ]
[ "$rc" -eq 0 ] || cat "$work/sweep.err"
facts "$work/sweep.inferscope.json" >"$work/sweep.facts" 2>&1
cat "$work/sweep.facts"
for key in fp32 nograd+fp32 autograd+fp32 amp-bf16 bf16; do
  check "sweep: $key has its series analysed, memory and accuracy" \
    grep -qE "^config ${key//+/\\+} ok 23 3 1 True [1-9][0-9]* 1 " "$work/sweep.facts"
  check "sweep: $key has its peak memory from the engine's CPU probe" \
    grep -qE "^memory ${key//+/\\+} cpu-allocator-hook [1-9][0-9]*$" "$work/sweep.facts"
done
check "sweep ranks them against FP32 with a Pareto front" grep -q "Pareto front" "$work/sweep.txt"
check "the sweep session reopens with today's rules" "$cli" sweep --from "$work/sweep.inferscope.json"

# recommend --validate races the same model through the tuner (its eager configs in the worker).
"$cli" recommend --goal latency --sizes fixed --family cnn --validate --model-py "$work/tiny.py:build" \
  --budget-s 15 >"$work/recommend.txt" 2>"$work/recommend.err"
rc=$?
check "recommend --validate --model-py measures in the real worker (exit $rc)" [ "$rc" -eq 0 ]
check "… and gives a measured verdict" grep -qE "^Verdict: .*(confirmed on the device|replaces)" "$work/recommend.txt"

# trace of a config the worker runs: the engine's tracer in the worker's instruments module (the
# host-only source stands in for CUPTI on the CPU: operators and iterations, no kernels), its
# window handed back and written as the same trace result and Chrome trace as a zoo model's.
INFERSCOPE_TRACE_SOURCE=host-only "$cli" trace --model-py "$work/tiny.py:build" -c fp32 -c bf16 --warmup 1 \
  -n 3 --chrome-trace "$work/trace.chrome.json" -o "$work/trace.inferscope.json" >"$work/trace.txt" 2>"$work/trace.err"
rc=$?
check "trace --model-py runs (exit $rc)" [ "$rc" -eq 0 ]
check "… and traces the worker's configs with the engine's window (1 warm-up + 3 steady)" \
  bash -c "[ \$(grep -c 'window       1 warm-up + 3 steady iterations traced' '$work/trace.txt') -eq 2 ]"
check "… never saying a worker's config is untraced" bash -c "! grep -q 'untraced' '$work/trace.txt'"
"$python" - "$work/trace.inferscope.json" >"$work/trace.facts" 2>&1 <<'READ'
import json, sys
s = json.load(open(sys.argv[1]))
for c in s["configs"]:
    t = c.get("trace", {})
    print("trace", c["key"], t.get("source", ""), len(t.get("iterations", [])), c.get("traced_iterations", []) == [0, 1, 2, 3])
READ
cat "$work/trace.facts"
for key in fp32 bf16; do
  check "$key: a host-only window of 4 traced iterations, iterations 0-3" grep -qx "trace $key host-only 4 True" "$work/trace.facts"
done
# The Chrome trace holds the model's operators as the worker's observer saw them, and none of the
# instruments module's own.
chrome=$(ls "$work"/trace.chrome*.json 2>/dev/null | head -1)
check "the Chrome trace is written (${chrome:-none})" test -s "${chrome:-/nonexistent}"
check "… with the model's convolution and linear layer" \
  bash -c "grep -q '\"aten::conv2d\"' '$chrome' && grep -q '\"aten::linear\"' '$chrome'"
check "… and not the instruments' own operators" bash -c "! grep -q 'inferscope_instruments::' '$chrome'"
# The module as this PyTorch builds it: without CUDA, so with cupti_unavailable.cpp, and a tracer
# asked to start (on a GPU, say) says why it cannot, naming the build, not failing the config.
INFERSCOPE_TRACE_SOURCE= "$python" - "$(dirname "$0")/../../resources/python" >"$work/module.txt" 2>&1 <<'PY'
import sys
sys.path.insert(0, sys.argv[1])
import torch, inferscope_instruments as I
ops = I.load()
print("variant", I.build_variant()[0], "cuda", bool(ops.cuda()))
print("tracer", I.KernelTracer({"warmup_iterations": 1, "steady_iterations": 1}, 1).error)
PY
cat "$work/module.txt"
if [ "$("$python" -c 'import torch; print(int(bool(torch.version.cuda)))')" = 0 ]; then
  check "the module of a CPU PyTorch: the CPU variant, no CUDA probe" grep -qx "variant cpu cuda False" "$work/module.txt"
  check "… and its tracer says CUPTI is not in this build, and why" \
    grep -qx "tracer untraced: CUPTI not available in this build (this PyTorch is built without CUDA)" "$work/module.txt"
fi
# Without the host-only source the CPU has no tracer, as for a zoo model.
"$cli" trace --model-py "$work/tiny.py:build" -c fp32 --warmup 1 -n 3 >"$work/trace-cpu.txt" 2>&1
check "trace --model-py on the CPU: untraced, needing a CUDA device, as the engine says" \
  grep -q "untraced: kernel tracing needs a CUDA device" "$work/trace-cpu.txt"
# cudnn of a config the worker runs: its ledger from the worker's trace window (the convolution
# records its tracer captured), as a zoo model's is from the engine's.
INFERSCOPE_TRACE_SOURCE=host-only "$cli" cudnn --model-py "$work/tiny.py:build" >"$work/cudnn.txt" 2>"$work/cudnn.err"
check "cudnn --model-py: the heuristic mode's ledger holds the model's one convolution, from the worker's trace" \
  grep -qE "^ +1 +2x3x16x16 \* 8x3x3x3 s1 p1 d1 g1 float32 nchw +1 " "$work/cudnn.txt"
check "… whose candidates need CUDA, as a zoo model's on the CPU" \
  grep -q "requires CUDA and cuDNN: this config ran on the CPU" "$work/cudnn.txt"
check "… never blaming CUPTI" bash -c "! grep -q 'CUPTI missing' '$work/cudnn.txt'"
"$cli" cudnn --model-py "$work/tiny.py:build" >"$work/cudnn-cpu.txt" 2>&1
check "cudnn --model-py on the CPU without the host-only source: refused up front, as for any model" \
  grep -q "cuDNN ledger unavailable: requires CUDA and cuDNN: choose a CUDA device" "$work/cudnn-cpu.txt"

# What this PyTorch cannot do says so, naming the config or the file and the way forward.
if [ "$torch_major" -lt 2 ]; then
  "$cli" profile --model-py "$work/tiny.py:build" -c fp32 -c tc --warmup 1 -n 3 \
    -o "$work/tc.inferscope.json" >"$work/tc.txt" 2>"$work/tc.err"
  rc=$?
  check "tc on PyTorch 1.x: the run goes on, the config is unsupported (exit $rc)" [ "$rc" -eq 1 ]
  check "… saying torch.compile needs PyTorch >= 2.0" \
    grep -q "tc: torch.compile needs PyTorch >= 2.0" "$work/tc.txt" "$work/tc.err"
  ep="$(cd "$fixtures/pt2" && pwd)/tiny_exported_program.pt2"  # named as the user gave it, absolute
  check "an ExportedProgram on PyTorch 1.x: exit 4 naming the file, the reason and the way" \
    expect_exit 4 "cannot load the ExportedProgram $ep: this Python's PyTorch 1\." \
    profile --model-file "$ep" --trust "$ep" -n 3
  check "… and the way forward" grep -q "need PyTorch >= 2.1.*INFERSCOPE_PYTHON.*--model-py" "$work/err.txt"
  check "… never an internal member name" bash -c "! grep -q \"has no attribute\" '$work/err.txt'"
fi
"$cli" profile -m resnet18 --input 1x3x32x32 -c fp32 -c tc --warmup 1 -n 2 >"$work/zoo-tc.txt" 2>"$work/zoo-tc.err"
check "tc asked of a built-in model: refused by name, with the sources that can run it" \
  grep -q "tc: torch.compile runs in Python, which cannot rebuild a built-in model.*--model-py" \
  "$work/zoo-tc.txt" "$work/zoo-tc.err"
e2e_summary
