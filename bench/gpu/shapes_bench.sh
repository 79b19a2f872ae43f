#!/bin/bash
# Shape sets on the GPU machine (issue #47's targets; docs/MEASUREMENT.md, "Shapes"). From the repo
# root, after `bash bench/gpu/h200_run.sh build`:
#   bash bench/gpu/shapes_bench.sh            # ≈ 6 min: cnn, encoder, maxbatch, then the summary
#       cnn       ResNet-50 (zoo): the plan at one shape (B=32), then at 7 batch sizes 1…64; the
#                 wall-time ratio (target ≤ 3×) and the shape-set answers (router's table, one
#                 config for the uniform mix and, by `sweep --from`, for a mix weighted to small
#                 batches: CNN_MIX)
#       encoder   the BERT-base-like encoder (zoo) at batch 32 over 6 sequence lengths 16…512, the
#                 same comparison against S=128 alone (ENC_MIX: short sequences weigh more)
#       maxbatch  `sweep --max-batch` per precision (fp32, bf16, fp16) on ResNet-50, the device's
#                 free memory measured outside the CLI before the search, at each out-of-memory
#                 stop and after it (shapes_oom_watch.py), beside the CLI's own measurement
#       summary   $OUT/shapes/summary.json (shapes_summary.py) and a few lines on stdout
#   bash bench/gpu/shapes_bench.sh tune summary   # ≈ 4 min more, not in the default run:
#       tune      `tune` over ResNet-50 batches 1, 8, 32 (TUNE_BUDGET_S, default 180): the router's
#                 table and the one config for the mix from the winners' runs at every shape (the
#                 target: within 5 % of the table), its Python export run as written on the GPU
#                 for every bucket (python3 router.py)
# Parts run alone too (`shapes_bench.sh cnn summary`). Writes everything under $OUT/shapes (default
# ./out/shapes): each run's session, its table, its stderr and its wall time.
#
# The plan is the guide's (`--plan guide`) without its AOTInductor packages: a package is compiled
# per shape (static shapes), and those compiles alone would take the budget. SHAPES_PLAN=guide runs
# the whole guide plan (AOTInductor included) where there is time for it.
# The largest-batch search runs beside a ballast process holding all but MAXB_FREE_GIB (default 6)
# of the GPU's free memory, so each search meets a real out-of-memory error in seconds: the limits
# found are those of a device with that much free (MAXB_FREE_GIB=0: no ballast, the whole device;
# then the search takes far longer than this budget).
#
# Knobs: CLI (default build-gpu/cli/inferscope-cli), SHAPES_DEVICE (cuda; cpu for a check of the
# script), SHAPES_TINY=1 (tiny models: ResNet-18 on 32×32 images and a 1-layer encoder, to check
# the script on a CPU in a minute; on a CPU nothing runs out of memory unless injected:
# INFERSCOPE_FAULT_OOM_ABOVE_BATCH=fp32=5,bf16=12 for the maxbatch part alone), SHAPES_ITERS
# (warm-up and measured iterations, "10 50"),
# SHAPES_UNTIL (seconds since the epoch: a part that would not end before it is skipped).
# The CPU check (≈ 1 min on 2 cores):
#   SHAPES_TINY=1 SHAPES_DEVICE=cpu SHAPES_ITERS="2 10" CLI=build/cli/inferscope-cli \
#     bash bench/gpu/shapes_bench.sh cnn encoder
#   SHAPES_TINY=1 SHAPES_DEVICE=cpu CLI=build/cli/inferscope-cli \
#     INFERSCOPE_FAULT_OOM_ABOVE_BATCH=fp32=5,bf16=12 bash bench/gpu/shapes_bench.sh maxbatch summary
set -uo pipefail
OUT=${SHAPES_OUT:-${OUT:-$PWD/out}/shapes}; mkdir -p "$OUT"
CLI=${CLI:-build-gpu/cli/inferscope-cli}
DEVICE=${SHAPES_DEVICE:-cuda}
read -r WARMUP ITERS <<<"${SHAPES_ITERS:-10 50}"
HERE=$(cd "$(dirname "$0")" && pwd)
PY=${PYTHON:-python3}

if [ -n "${SHAPES_TINY:-}" ]; then
  CNN=(-m resnet18)
  CNN_SET=(--input 'Bx3x32x32:float32' --dims 'B=1,2,4,8,16,32')
  CNN_ONE=(--input 'Bx3x32x32:float32' --dims B=8)
  ENC=(-m bert-encoder --layers 1 --hidden 32 --heads 2)
  ENC_SET=(--input '4xS:int64' --dims 'S=8,16,32,64,128,256')
  ENC_ONE=(--input '4xS:int64' --dims S=64)
  MAXB=(-m bert-encoder --layers 1 --hidden 32 --heads 2 --seq-len 8)
  MAXB_START=1 MAXB_LIMIT=${MAXB_LIMIT:-64}
  TUNE=(-m bert-encoder --layers 1 --hidden 32 --heads 2 --seq-len 8 --batch '1,4,8' --forks 2 -n 20)
  TUNE_TORCH=(--torch-version 2.8)  # the eager configs' legacy calls run on a distribution's 1.x
else
  CNN=(-m resnet50)
  CNN_SET=(--batch '1,2,4,8,16,32,64')
  CNN_ONE=(--batch 32)
  ENC=(-m bert-encoder)
  ENC_SET=(--input '32xS:int64' --dims 'S=16,32,64,128,256,512')
  ENC_ONE=(--input '32xS:int64' --dims S=128)
  MAXB=(-m resnet50)
  MAXB_START=32 MAXB_LIMIT=${MAXB_LIMIT:-8192}
  TUNE=(-m resnet50 --batch '1,8,32')
  TUNE_TORCH=()
fi
# A mix weighted to the small batches a latency-bound service sees most: the single config's
# answer under it next to the uniform one.
CNN_MIX=${CNN_MIX:-B=1:4,B=2:2,B=4:2,B=8:1,B=16:1}
[ -n "${SHAPES_TINY:-}" ] && CNN_MIX=${CNN_MIX_TINY:-B=1:4,B=2:2,B=4:1}
# Short sequences dominate most encoders' traffic (queries, not documents).
ENC_MIX=${ENC_MIX:-S=16:4,S=32:3,S=64:2,S=128:1}
[ -n "${SHAPES_TINY:-}" ] && ENC_MIX=${ENC_MIX_TINY:-S=8:4,S=16:3,S=32:2,S=64:1}
if [ "$DEVICE" = cpu ]; then
  CNN_PLAN=${SHAPES_PLAN:-guide}; ENC_PLAN=${SHAPES_PLAN:-guide}
  MAXB_PRECISIONS=${MAXB_PRECISIONS:-fp32 bf16}
else
  # The guide's plan on Ampere or later (core/engine/plan.cpp, guidePlan) less its AOTInductor keys.
  CNN_PLAN=${SHAPES_PLAN:-fp32,nograd+fp32,autograd+fp32,tf32,tf32-medium,fp16,bf16,amp-fp16,amp-bf16,bf16+bench,bf16+cl+bench,fp32+det,bf16+graph,bf16+cl+graph+bench}
  ENC_PLAN=${SHAPES_PLAN:-fp32,nograd+fp32,autograd+fp32,tf32,tf32-medium,fp16,bf16,amp-fp16,amp-bf16,bf16+graph}
  MAXB_PRECISIONS=${MAXB_PRECISIONS:-fp32 bf16 fp16}
fi

fits() {  # fits SECONDS
  [ -z "${SHAPES_UNTIL:-}" ] && return 0
  [ $(( $(date +%s) + $1 )) -le "$SHAPES_UNTIL" ] && return 0
  echo "skipped: $(( SHAPES_UNTIL - $(date +%s) )) s left, the part needs about $1 s"; return 1
}

timed_sweep() {  # timed_sweep NAME ARGS… → $OUT/NAME.inferscope.json, .txt, .stderr, .wall_s
  local name=$1; shift
  local t0; t0=$(date +%s.%N)
  "$CLI" sweep "$@" -d "$DEVICE" --warmup "$WARMUP" -n "$ITERS" -q -o "$OUT/$name.inferscope.json" \
    >"$OUT/$name.txt" 2>"$OUT/$name.stderr"
  local rc=$?
  echo "$rc" >"$OUT/$name.exit"
  $PY -c "print(round($(date +%s.%N) - $t0, 2))" >"$OUT/$name.wall_s"
  echo "$name: exit $rc, $(cat "$OUT/$name.wall_s") s"
}

# The same plan at one shape, then over the set; the set's run goes second so that caches the
# one-shape run filled (cuDNN's benchmark, the kernel caches) favour neither side more than a
# user's second run would.
compare() {  # compare NAME PLAN ONE_SHAPE_ARGS… -- SET_ARGS…
  local name=$1 plan=$2; shift 2
  local one=() set=()
  while [ $# -gt 0 ] && [ "$1" != -- ]; do one+=("$1"); shift; done
  shift
  set=("$@")
  timed_sweep "${name}_one" -p "$plan" "${one[@]}"
  timed_sweep "${name}_set" -p "$plan" "${set[@]}"
  # The one config under a non-uniform mix, from the same measurements (nothing runs again).
  if [ -n "${MIX:-}" ] && [ -s "$OUT/${name}_set.inferscope.json" ]; then
    "$CLI" sweep --from "$OUT/${name}_set.inferscope.json" --shape-mix "$MIX" \
      -o "$OUT/${name}_mix.inferscope.json" >"$OUT/${name}_mix.txt" 2>&1
    echo "${name} mix $MIX: exit $?"
  fi
}

maxbatch() {
  local ballast_pid="" free_gib=${MAXB_FREE_GIB:-6}
  if [ "$DEVICE" != cpu ] && [ "$free_gib" != 0 ]; then
    rm -f "$OUT/ballast.json"
    $PY "$HERE/shapes_oom_watch.py" ballast "$free_gib" "$OUT/ballast.json" 2>"$OUT/ballast.stderr" &
    ballast_pid=$!
    for _ in $(seq 120); do [ -s "$OUT/ballast.json" ] && break; sleep 0.5; done
    if [ ! -s "$OUT/ballast.json" ]; then
      echo "maxbatch: the ballast did not start (see $OUT/ballast.stderr)"; kill "$ballast_pid" 2>/dev/null
      return 1
    fi
    echo "maxbatch: ballast $(cat "$OUT/ballast.json")"
  fi
  for p in $MAXB_PRECISIONS; do
    local t0; t0=$(date +%s.%N)
    $PY "$HERE/shapes_oom_watch.py" run "$OUT/maxbatch_$p.watch.json" -- \
      "$CLI" sweep "${MAXB[@]}" -d "$DEVICE" -p "$p" --batch "$MAXB_START" --max-batch "$MAXB_LIMIT" \
      --warmup 2 -n 5 --events ndjson -o "$OUT/maxbatch_$p.inferscope.json"
    local rc=$?
    echo "$rc" >"$OUT/maxbatch_$p.exit"
    $PY -c "print(round($(date +%s.%N) - $t0, 2))" >"$OUT/maxbatch_$p.wall_s"
    echo "maxbatch $p: exit $rc, $(cat "$OUT/maxbatch_$p.wall_s") s"
  done
  if [ -n "$ballast_pid" ]; then
    kill "$ballast_pid" 2>/dev/null; wait "$ballast_pid" 2>/dev/null
  fi
  return 0
}

tune_set() {
  local t0; t0=$(date +%s.%N)
  XDG_CACHE_HOME=${TUNE_CACHE:-/tmp/inferscope-shapes-tune-cache} "$CLI" tune "${TUNE[@]}" -d "$DEVICE" \
    --budget-s "${TUNE_BUDGET_S:-180}" "${TUNE_TORCH[@]}" --python "$OUT/tune_router.py" \
    -o "$OUT/tune.inferscope.json" >"$OUT/tune.txt" 2>"$OUT/tune.stderr"
  local rc=$?
  echo "$rc" >"$OUT/tune.exit"
  $PY -c "print(round($(date +%s.%N) - $t0, 2))" >"$OUT/tune.wall_s"
  echo "tune: exit $rc, $(cat "$OUT/tune.wall_s") s"
  if [ -s "$OUT/tune_router.py" ]; then
    $PY "$OUT/tune_router.py" >"$OUT/tune_router.txt" 2>"$OUT/tune_router.stderr"
    echo "$?" >"$OUT/tune_router.exit"
    echo "tune router: exit $(cat "$OUT/tune_router.exit"), $(grep -c '^{' "$OUT/tune_router.txt") requests"
  fi
}

phase() {
  case $1 in
    cnn) fits 150 && MIX=$CNN_MIX compare cnn "$CNN_PLAN" "${CNN[@]}" "${CNN_ONE[@]}" -- "${CNN[@]}" "${CNN_SET[@]}" ;;
    encoder) fits 120 && MIX=$ENC_MIX compare encoder "$ENC_PLAN" "${ENC[@]}" "${ENC_ONE[@]}" -- "${ENC[@]}" "${ENC_SET[@]}" ;;
    maxbatch) fits 90 && maxbatch ;;
    tune) fits "${TUNE_BUDGET_S:-180}" && tune_set ;;
    summary)
      $PY "$HERE/shapes_summary.py" "$OUT" >"$OUT/summary.txt" 2>&1
      local rc=$?; cat "$OUT/summary.txt"; return $rc ;;
    all) phase cnn; phase encoder; phase maxbatch; phase summary ;;
    *) echo "unknown part $1 (cnn, encoder, maxbatch, tune, summary, all)"; return 1 ;;
  esac
}
for part in "${@:-all}"; do phase "$part" || exit 1; done
