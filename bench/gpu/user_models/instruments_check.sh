#!/bin/bash
# The Python worker's instruments on the GPU machine (docs/PERFORMANCE.md, "Instruments in the
# Python worker"): builds bench_count_op_calls and inferscope-cli, then
#   1. instruments_check.py: the worker's native instruments module built cold (empty cache) and
#      loaded warm, one recorded forward per public model (densenet121, timm vit_small,
#      DistilBERT, GPT-2) counted by the engine's counter, against torch.utils.flop_counter (≤ 2 %);
#   2. `tune --model-py` of one model (MODEL, default densenet121) with a short budget: the
#      winner's roofline counted in the worker (its verdict's roofline clause, in the session).
# From the repo root after `bash bench/gpu/h200_run.sh build` (build-gpu/). Env: OUT (results
# folder, default $OUT or ./out), BUDGET_S (the tune's budget, default 60), MODELS (space-separated).
# About 5 minutes on an H200 with the module cached (a cold build adds 1-2 minutes).
set -uo pipefail
OUT=${OUT:-$PWD/out}/instruments; mkdir -p "$OUT"
BUILD=${BUILD:-build-gpu}
cmake --build "$BUILD" -j"$(nproc)" --target bench_count_op_calls inferscope-cli >"$OUT/build.log" 2>&1 ||
  { echo "build failed: $OUT/build.log"; tail -20 "$OUT/build.log"; exit 1; }
export XDG_CACHE_HOME=${INSTRUMENTS_CACHE:-/tmp/inferscope-instruments-cache}
export XDG_CONFIG_HOME=/tmp/inferscope-instruments-config
python3 -c "import torch, torchvision, timm, transformers; print('torch', torch.__version__)" | tee "$OUT/versions.txt"
# shellcheck disable=SC2086
python3 bench/gpu/user_models/instruments_check.py "$OUT" --counter "$BUILD/bench/roofline/bench_count_op_calls" \
  ${MODELS:-} 2>&1 | tee "$OUT/instruments_check.log"
check=${PIPESTATUS[0]}
CLI=$BUILD/cli/inferscope-cli
ENTRIES=bench/gpu/user_models/zoo_entries.py
MODEL=${MODEL:-densenet121}
"$CLI" trust "$ENTRIES" >/dev/null
timeout 300 "$CLI" tune --model-py "$ENTRIES:$MODEL" -d cuda --budget-s "${BUDGET_S:-60}" --metric cosine \
  -o "$OUT/$MODEL-tune.inferscope.json" >"$OUT/$MODEL-tune.log" 2>&1
tune=$?
python3 - "$OUT/$MODEL-tune.inferscope.json" "$OUT/summary.json" "$check" "$tune" <<'PY'
import json, sys
session, out, check, tune = sys.argv[1], sys.argv[2], int(sys.argv[3]), int(sys.argv[4])
summary = {"flop_check_exit": check, "tune_exit": tune}
try:
    s = json.load(open(session))
    race = (s.get("races") or [{}])[0]
    summary["tune_verdict_roofline"] = race.get("roofline", "")
    summary["winner_roofline"] = [c.get("roofline") for c in s.get("configs", []) if c.get("roofline")][:1]
except Exception as e:
    summary["tune_session_error"] = str(e)
json.dump(summary, open(out, "w"), indent=1)
print(json.dumps(summary)[:2000])
PY
exit $(( check != 0 || tune != 0 ))
