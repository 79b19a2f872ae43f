#!/bin/bash
# Public models through the Inductor route (docs/PERFORMANCE.md, "Your own model"): for each
# FUNCTION of zoo_entries.py, `tune --model-py` cold (empty caches) then warm, and the plain
# PyTorch torch.compile peer (peer.py) in the same lease, measured first. From the repo root on the GPU machine,
# after `bash bench/gpu/h200_run.sh build`:
#   bash bench/gpu/user_models/tune_user_models.sh efficientnet_b0 gpt2 ...
# Env: OUT (results), BUDGET_S (tune budget; default: the tuner's own), WARM=0 (skip warm runs),
# UNTIL (epoch seconds: a model whose runs would end later is skipped), RESUME_BUDGET_S (the
# budget of a `resume` run: `tune --resume` of the warm run's session, default 240), KEEP_COMPILES=1
# (leave the compiles earlier runs left running), WAIT_COMPILES_S (before a warm run, wait up to this long for them).
# Runs: NAME runs cold then warm; NAME:cold,warm,resume names them (comma-separated, in order).
set -uo pipefail
OUT=${OUT:-$PWD/out}/user; mkdir -p "$OUT"
CLI=${CLI:-build-gpu/cli/inferscope-cli}
ENTRIES=bench/gpu/user_models/zoo_entries.py
export XDG_CACHE_HOME=${USER_CACHE:-/tmp/inferscope-user-cache}
export XDG_CONFIG_HOME=/tmp/inferscope-user-config
$CLI trust "$ENTRIES" >/dev/null
budget=(); [ -n "${BUDGET_S:-}" ] && budget=(--budget-s "$BUDGET_S")
for arg in "$@"; do
  # NAME runs cold then warm; NAME:cold the cold run only (a lease too short for both).
  fn=${arg%%:*}; runs="cold warm"; [ "$arg" != "$fn" ] && runs=$(echo "${arg#*:}" | tr ',' ' ')
  [ "${WARM:-1}" = 0 ] && runs=cold
  # A model starts only when its peer and its runs fit before UNTIL: a cold run about 4 minutes
  # with its peer (210 s of budget), a warm one alone about 2 (a lease's ViT-B/16:warm was skipped
  # by the cold run's bound, 2026-12-04). A CNN's peer compiles both layouts: 30-60 s more.
  # A model split over two calls of one lease (NAME:cold, then NAME:warm) reuses the first call's
  # peer, kept on the machine in PEER_KEEP: the same host, the same minutes, 40-90 s saved.
  keep=${PEER_KEEP:-/tmp/inferscope-peer-results}; mkdir -p "$keep"
  need=300; [ "$runs" = warm ] && need=150; [ "$runs" = resume ] && need=$(( ${RESUME_BUDGET_S:-240} + 20 ))
  [ "$runs" = warm ] && [ -s "$keep/$fn-peer.json" ] && need=70
  if [ -n "${UNTIL:-}" ] && [ $(( $(date +%s) + need )) -gt "$UNTIL" ]; then echo "$fn: skipped (time)"; continue; fi
  # The peer first, in its own Inductor cache: measured while no compile helper of a tune is left
  # running on the host (a cold tune leaves its unfinished packages compiling), and leaving the
  # tune's caches as cold as it found them.
  # The model before this one may have left packages compiling after its last run: stopped here,
  # since they would share the host with this peer's measurements.
  # KEEP_COMPILES=1 (a warm or resume run of a model whose peer this lease measured already) leaves
  # them: the packages a cold run left compiling are what its next run is to use.
  [ "${KEEP_COMPILES:-0}" = 1 ] || { pkill -f inferscope_aoti.py 2>/dev/null && sleep 2; }
  if [ -s "$keep/$fn-peer.json" ]; then
    cp "$keep/$fn-peer.json" "$OUT/"; cp "$keep/$fn-peer.log" "$OUT/" 2>/dev/null
    echo "$fn peer: reused from this lease's earlier call"
  else
    TORCHINDUCTOR_CACHE_DIR=/tmp/peer-inductor-cache PYTHONUNBUFFERED=1 \
      python3 bench/gpu/user_models/peer.py "$fn" "$OUT/$fn-peer.json" >"$OUT/$fn-peer.log" 2>&1
    [ -s "$OUT/$fn-peer.json" ] && cp "$OUT/$fn-peer.json" "$OUT/$fn-peer.log" "$keep/"
  fi
  python3 -c "import json;d=json.load(open('$OUT/$fn-peer.json'));print('$fn peer', d.get('best'))" 2>/dev/null || tail -3 "$OUT/$fn-peer.log"
  for run in $runs; do
    # WAIT_COMPILES_S: before a warm run, wait up to this long for the compiles the cold run left
    # (its packages) to end, as a user's next run finds them; the wait is printed, not hidden.
    if [ "$run" = warm ] && [ "${WAIT_COMPILES_S:-0}" -gt 0 ]; then
      w0=$(date +%s)
      while pgrep -f 'python.*inferscope_aoti' >/dev/null && [ $(( $(date +%s) - w0 )) -lt "$WAIT_COMPILES_S" ]; do sleep 2; done
      echo "$fn: waited $(( $(date +%s) - w0 )) s for the cold run's compiles ($(pgrep -fc 'python.*inferscope_aoti') still running)"
    fi
    # A resume continues the warm run's session (the cold one's when there was no warm run) with a
    # larger budget: the packages a cold run left compiling are ready by then.
    run_budget=("${budget[@]}") resume=()
    if [ "$run" = resume ]; then
      from="$OUT/$fn-warm.inferscope.json"; [ -s "$from" ] || from="$OUT/$fn-cold.inferscope.json"
      run_budget=(--budget-s "${RESUME_BUDGET_S:-240}") resume=(--resume "$from")
      [ -s "$from" ] || { echo "$fn resume: skipped (no session to resume)"; continue; }
    fi
    t_need=65; [ "$run" = resume ] && t_need=$(( ${RESUME_BUDGET_S:-240} + 10 ))
    if [ "$run" != cold ] && [ -n "${UNTIL:-}" ] && [ $(( $(date +%s) + t_need )) -gt "$UNTIL" ]; then echo "$fn $run: skipped (time)"; continue; fi
    t0=$(date +%s.%N)
    # Random-weight classifiers give one top-1 class for every row: judged by cosine similarity.
    $CLI tune --model-py "$ENTRIES:$fn" -d cuda "${run_budget[@]}" "${resume[@]}" --metric cosine --events ndjson \
      -o "$OUT/$fn-$run.inferscope.json" >"$OUT/$fn-$run.ndjson" 2>"$OUT/$fn-$run.stderr"
    rc=$?
    wall=$(python3 -c "print(round($(date +%s.%N) - $t0, 1))")
    echo "$fn $run: exit $rc, $wall s"; echo "$wall" >"$OUT/$fn-$run.wall_s"
    python3 - "$OUT/$fn-$run.ndjson" <<'PY'
import json, sys
events = [json.loads(l) for l in open(sys.argv[1]) if l.startswith("{")]
last, compiles = {}, []
for e in events:
    if e.get("event") == "tune_candidate":
        last[e["key"]] = e
    elif e.get("event") == "tune_compile":
        compiles = e.get("jobs", [])
    elif e.get("event") == "tune_done":
        print("  ", e["race"].get("verdict", "")[:400])
states = {}
for e in last.values():
    states[e.get("state")] = states.get(e.get("state"), 0) + 1
print("  ", states, "last compiles:", [(j["key"].split()[-1], j["state"], round(j["elapsed_ms"] / 1000)) for j in compiles])
PY
  done
done
