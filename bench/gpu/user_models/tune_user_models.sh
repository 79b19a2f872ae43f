#!/bin/bash
# Public models through the Inductor route (docs/PERFORMANCE.md, "Your own model"): for each
# FUNCTION of zoo_entries.py, `tune --model-py` cold (empty caches) then warm, and the plain
# PyTorch torch.compile peer (peer.py) in the same lease. From the repo root on the GPU machine,
# after `bash bench/gpu/h200_run.sh build`:
#   bash bench/gpu/user_models/tune_user_models.sh efficientnet_b0 gpt2 ...
# Env: OUT (results), BUDGET_S (tune budget; default: the tuner's own), WARM=0 (skip warm runs),
# UNTIL (epoch seconds: a model whose runs would end later is skipped).
set -uo pipefail
OUT=${OUT:-$PWD/out}/user; mkdir -p "$OUT"
CLI=${CLI:-build-gpu/cli/inferscope-cli}
ENTRIES=bench/gpu/user_models/zoo_entries.py
export XDG_CACHE_HOME=${USER_CACHE:-/tmp/inferscope-user-cache}
export XDG_CONFIG_HOME=/tmp/inferscope-user-config
$CLI trust "$ENTRIES" >/dev/null
budget=(); [ -n "${BUDGET_S:-}" ] && budget=(--budget-s "$BUDGET_S")
for fn in "$@"; do
  if [ -n "${UNTIL:-}" ] && [ $(( $(date +%s) + 300 )) -gt "$UNTIL" ]; then echo "$fn: skipped (time)"; continue; fi
  for run in cold warm; do
    [ "$run" = warm ] && [ "${WARM:-1}" = 0 ] && continue
    t0=$(date +%s.%N)
    # Random-weight classifiers give one top-1 class for every row: judged by cosine similarity.
    $CLI tune --model-py "$ENTRIES:$fn" -d cuda "${budget[@]}" --metric cosine --events ndjson \
      -o "$OUT/$fn-$run.inferscope.json" >"$OUT/$fn-$run.ndjson" 2>"$OUT/$fn-$run.stderr"
    rc=$?
    wall=$(python3 -c "print(round($(date +%s.%N) - $t0, 1))")
    echo "$fn $run: exit $rc, $wall s"; echo "$wall" >"$OUT/$fn-$run.wall_s"
    grep -h '"verdict_state"' "$OUT/$fn-$run.ndjson" | tail -1 | cut -c1-600
  done
  PYTHONUNBUFFERED=1 python3 bench/gpu/user_models/peer.py "$fn" "$OUT/$fn-peer.json" >"$OUT/$fn-peer.log" 2>&1
  python3 -c "import json;d=json.load(open('$OUT/$fn-peer.json'));print('$fn peer', d.get('best'))" 2>/dev/null || tail -3 "$OUT/$fn-peer.log"
done
