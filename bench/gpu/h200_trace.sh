#!/bin/bash
# Kernel tracing on the GPU machine (docs/PERFORMANCE.md, "Kernel tracing" and "Tracing overhead").
# Run from the repo root after `bash bench/gpu/h200_run.sh build` (build-gpu, with .gpu/gpu-env.sh):
#   bash bench/gpu/h200_trace.sh [test] [overhead] [ablate] [observer]      (default: all four)
#   test      ctest -L "gpu|trace" (OpRecorderCuda, the CUPTI source and decoder, the CUDA engine tests)
#   overhead  traced vs untraced in one run: ResNet-50 b32 fp32, bf16, bf16+cl+bench, bf16+graph,
#             bf16+cl+graph+bench and the encoder b32 bf16, tf32 — each model untraced, traced,
#             untraced again (same iterations); median inside the window and after it; Chrome traces
#   ablate    ResNet-50 bf16 eager traced with parts switched off (INFERSCOPE_TRACE_* knobs), to
#             see where the overhead inside the window comes from and whether any lingers
#   observer  bench_op_observer on this machine's CPU (the observer's cost per operator)
# Prints compact tables; everything lands in $OUT (default ./out) — trace_overhead.json,
# trace_ablation.json, sessions, logs, Chrome traces, bench_op_observer.json — packed at the end
# into $OUT/trace-results.tar.gz.
set -uo pipefail
OUT=${OUT:-$PWD/out}; mkdir -p "$OUT/trace"
source .gpu/gpu-env.sh
CLI=build-gpu/cli/inferscope-cli
T="$OUT/trace"
ITERS=(-b 32 -d cuda --warmup 10 -n 200)           # same iterations in traced and untraced runs
WINDOW=(--window-warmup 3 --window-steady 20)      # the engine's default window
R50=(-c fp32 -c bf16 -c bf16+cl+bench -c bf16+graph -c bf16+cl+graph+bench)
BERT=(-c bf16 -c tf32)
PHASES=("$@"); [ ${#PHASES[@]} -eq 0 ] && PHASES=(test overhead ablate observer)

run_cli() {  # run_cli NAME profile|trace MODEL ARGS... — a session per run; the log says what failed
  local name=$1 command=$2 model=$3; shift 3
  rm -f "$T/$name.inferscope.json"
  $CLI "$command" -q -m "$model" "${ITERS[@]}" "$@" -o "$T/$name.inferscope.json" >"$T/$name.log" 2>&1
  local rc=$?
  [ -s "$T/$name.inferscope.json" ] || { echo "$name: no session (exit $rc):"; tail -5 "$T/$name.log"; }
}
untraced() { local name=$1; shift; run_cli "$name" profile "$@"; }  # untraced NAME MODEL CONFIGS...
traced() { local name=$1; shift; run_cli "$name" trace "$@"; }      # traced NAME MODEL ARGS...

# The device tool brings back only a few files: everything goes back as one archive (as in
# h200_run.sh; NO_PACK=1 keeps the files as they are).
pack() {
  [ -n "${NO_PACK:-}" ] && return
  local archive; archive=$(mktemp /tmp/inferscope-trace-results.XXXXXX)
  (cd "$OUT" && tar czf "$archive" . ) && rm -rf "${OUT:?}"/* && mv "$archive" "$OUT/trace-results.tar.gz"
}
trap pack EXIT

for phase in "${PHASES[@]}"; do
  echo "=== $phase ($(date +%T))"
  case $phase in
    test)
      INFERSCOPE_TRACE_OUT="$OUT" ctest --test-dir build-gpu -L "gpu|trace" --output-on-failure \
        >"$OUT/ctest-gpu-trace.log" 2>&1
      grep -E "tests passed|tests failed|Failed|Skipped" "$OUT/ctest-gpu-trace.log" | head -20 ;;
    overhead)
      # Untraced before and after the traced run: their difference bounds drift and noise.
      untraced r50-untraced-1 resnet50 "${R50[@]}"
      INFERSCOPE_TRACE_DEBUG=1 traced r50-traced resnet50 "${R50[@]}" "${WINDOW[@]}" --chrome-trace "$T/resnet50.trace.json"
      untraced r50-untraced-2 resnet50 "${R50[@]}"
      untraced bert-untraced-1 bert-encoder "${BERT[@]}"
      traced bert-traced bert-encoder "${BERT[@]}" "${WINDOW[@]}"
      untraced bert-untraced-2 bert-encoder "${BERT[@]}"
      # CUPTI attach/detach as the source logged it (durations in the log): kinds, skipped calls, finalize.
      grep -E "^\[inferscope cupti\]" "$T/r50-traced.log" | sed -E 's/[0-9]+\.[0-9]+ ms/… ms/' | sort | uniq -c
      grep -E "^[a-z0-9+-]+ —|per iter|overhead" "$T/r50-traced.log" "$T/bert-traced.log" | sed "s|$T/||"
      python3 bench/gpu/trace_overhead.py --out "$OUT/trace_overhead.json" \
        --compare "resnet50=$T/r50-untraced-1.inferscope.json,$T/r50-untraced-2.inferscope.json:$T/r50-traced.inferscope.json" \
        --compare "bert=$T/bert-untraced-1.inferscope.json,$T/bert-untraced-2.inferscope.json:$T/bert-traced.inferscope.json"
      # What the host still records per iteration (bf16 eager window): API calls by name.
      python3 - "$T/resnet50.trace-bf16.json" <<'EOF' 2>/dev/null || true
import collections, json, sys
events = json.load(open(sys.argv[1]))["traceEvents"]
iters = sum(1 for e in events if e.get("cat") == "iteration")
ops = sum(1 for e in events if e.get("cat") == "cpu_op")
api = collections.Counter(e["name"] for e in events if e.get("cat") in ("cuda_runtime", "cuda_driver"))
print(f"bf16 window: {iters} iterations, {ops / max(1, iters):.0f} operators and "
      f"{sum(api.values()) / max(1, iters):.0f} recorded runtime API calls per iteration (driver calls are "
      "not in the Chrome trace); per iteration:")
print("  " + ", ".join(f"{n} {c / max(1, iters):.0f}" for n, c in api.most_common(10)))
EOF
      # Only the bf16 eager window comes back as a Chrome trace (the device tool returns ≤ 16 MiB).
      gzip -f "$T/resnet50.trace-bf16.json" 2>/dev/null
      rm -f "$T"/resnet50.trace-*.json
      ;;
    ablate)
      # ResNet-50 bf16 eager (launch-bound): one knob at a time against the default.
      untraced abl-untraced-1 resnet50 -c bf16
      traced abl-default resnet50 -c bf16 "${WINDOW[@]}"
      INFERSCOPE_TRACE_SOURCE=host-only traced abl-observer-only resnet50 -c bf16 "${WINDOW[@]}"
      INFERSCOPE_TRACE_KINDS=kernels,memcpy,memset,runtime,driver,correlation,sync,housekeeping \
        traced abl-housekeeping-recorded resnet50 -c bf16 "${WINDOW[@]}"
      INFERSCOPE_TRACE_KINDS=kernels,memcpy,memset,runtime,correlation traced abl-no-driver-sync resnet50 -c bf16 "${WINDOW[@]}"
      INFERSCOPE_TRACE_KINDS=kernels traced abl-kernels-only resnet50 -c bf16 "${WINDOW[@]}"
      INFERSCOPE_TRACE_SHAPES=every traced abl-shapes-every resnet50 -c bf16 "${WINDOW[@]}"
      INFERSCOPE_TRACE_FINALIZE=0 traced abl-no-finalize resnet50 -c bf16 "${WINDOW[@]}"
      INFERSCOPE_TRACE_CLOCK=cupti traced abl-cupti-clock resnet50 -c bf16 "${WINDOW[@]}"
      # Lingering: a window of the first (cold) iterations only, and one that leaves them untraced
      # (kernels first loaded — CUDA loads modules lazily — while CUPTI is attached, or not).
      traced abl-warmup-window-only resnet50 -c bf16 --window-warmup 3 --window-steady 0
      traced abl-steady-window-only resnet50 -c bf16 --window-warmup 0 --window-steady 20
      untraced abl-untraced-2 resnet50 -c bf16
      REFS="$T/abl-untraced-1.inferscope.json,$T/abl-untraced-2.inferscope.json"
      ARGS=()
      for v in default observer-only housekeeping-recorded no-driver-sync kernels-only shapes-every no-finalize cupti-clock \
               warmup-window-only steady-window-only; do
        ARGS+=(--compare "$v=$REFS:$T/abl-$v.inferscope.json")
      done
      python3 bench/gpu/trace_overhead.py --out "$OUT/trace_ablation.json" "${ARGS[@]}" ;;
    observer)
      build-gpu/bench/trace/bench_op_observer --json "$OUT/bench_op_observer.json" ;;
    *)
      echo "unknown phase $phase (test, overhead, ablate, observer)"; exit 2 ;;
  esac
done
