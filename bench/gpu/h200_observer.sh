#!/bin/bash
# Where the traced iteration's extra time goes for a launch-bound eager model (issue #5), on the GPU
# machine after `h200_run.sh build`. Writes to $OUT (default ./out):
#   observer_cuda_b8.txt/json   bench_op_observer --cuda: LibTorch's RecordFunction callbacks alone,
#                               our observer, and the tracer over the fake source, around ResNet-50
#                               BF16 forwards (launch to synchronize), interleaved
#   engine_*.inferscope.json    the engine's own loop on the same model: untraced, traced with the
#                               host-only source (observer and tracer, no CUPTI), traced with CUPTI,
#                               and with every traced iteration in full detail (fulldetail)
set -uo pipefail
OUT=${OUT:-$PWD/out}; mkdir -p "$OUT"
source .gpu/gpu-env.sh
CLI=build-gpu/cli/inferscope-cli
for b in ${BATCHES:-8 32}; do
  build-gpu/bench/trace/bench_op_observer --cuda --batch $b --rounds ${ROUNDS:-15} \
    --json "$OUT/observer_cuda_b$b.json" >"$OUT/observer_cuda_b$b.txt" 2>&1
  cat "$OUT/observer_cuda_b$b.txt"
done
ITERS=(-b 8 -d cuda --warmup 10 -n 100 --no-accuracy)
$CLI profile -q -m resnet50 "${ITERS[@]}" -c bf16 -c fp32 -c bf16 -o "$OUT/engine_untraced.inferscope.json" >/dev/null 2>&1
INFERSCOPE_TRACE_SOURCE=host-only $CLI trace -q -m resnet50 "${ITERS[@]}" -c bf16 -c fp32 -c bf16 \
  --window-warmup 3 --window-steady 20 -o "$OUT/engine_hostonly.inferscope.json" >/dev/null 2>&1
$CLI trace -q -m resnet50 "${ITERS[@]}" -c bf16 -c fp32 -c bf16 --window-warmup 3 --window-steady 20 \
  -o "$OUT/engine_cupti.inferscope.json" >/dev/null 2>&1
INFERSCOPE_TRACE_DETAIL=every $CLI trace -q -m resnet50 "${ITERS[@]}" \
  -c bf16 -c fp32 -c bf16 --window-warmup 3 --window-steady 20 -o "$OUT/engine_fulldetail.inferscope.json" >/dev/null 2>&1
python3 - "$OUT" <<'PY'
import json, statistics as st, sys
out = sys.argv[1]
for name in ("untraced", "hostonly", "cupti", "fulldetail"):
    try:
        s = json.load(open(f"{out}/engine_{name}.inferscope.json"))
    except Exception as e:
        print(name, "no session:", e); continue
    for c in s["configs"]:
        lat, w = c["latency_ms"], c["warmup_iterations"]
        tr = set(c.get("traced_iterations", []))
        inside = [lat[i] for i in sorted(tr) if i >= w]
        after = [lat[i] for i in range(w, len(lat)) if i not in tr and i > max(tr or {0})]
        t = c.get("trace") or {}
        attributed = sum(o.get("kernel_count", 0) for o in t.get("ops", []) if o.get("op") not in (None, "", "(no operator)"))
        total = t.get("kernels_per_iteration", 0) * t.get("steady_iterations_traced", 0)
        print(f"{name:9} {c['key']:6} inside {st.median(inside) if inside else float('nan'):7.3f} ms"
              f"  after/steady {st.median(after or lat[w:]):7.3f} ms"
              + (f"  kernels with an operator {attributed}/{total:.0f}" if total else ""))
PY
