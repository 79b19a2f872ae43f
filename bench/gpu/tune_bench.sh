#!/bin/bash
# The tuner's targets on the GPU machine (issue #13; docs/PERFORMANCE.md). From the repo root, after
# `bash bench/gpu/h200_run.sh build`:
#   bash bench/gpu/tune_bench.sh core    # ≤ 14 min (the budgets' sum; runs end at their finals):
#       resnet50   tune ×3 on ResNet-50 b32 with the default budget: cold caches (60 s + the cold
#                  compile allowance), then warm twice (TUNE_QUICK=1: once)
#       bert       the same on the encoder b32×128
#       reference  the exhaustive grid of the space the warm run raced (sweep, one process, 5 + 50
#                  iterations per config), torch.compile reduce-overhead in Python, the summary
#   bash bench/gpu/tune_bench.sh files   # ~6 min: real files end to end (torchvision, timm, HF
#                                        # BERT and GPT-2 as TorchScript, ViT-B/16, a .pt2 exported
#                                        # in Python); FILES="hf_gpt2 tv_vit_b_16": those alone
# Parts run alone too (`tune_bench.sh resnet50 bert`); `reference` needs both before it.
# Writes to $OUT (default ./out/tune). Budgets are set so that each part fits its minutes; the
# summary says which run was cold.
set -uo pipefail
# TUNE_OUT keeps the runs across device calls on one machine (h200_run.sh's tune-* phases): a run
# whose results are there already is not run again, and `reference` finds the warm runs' keys.
OUT=${TUNE_OUT:-${OUT:-$PWD/out}/tune}; mkdir -p "$OUT"
CLI=${CLI:-build-gpu/cli/inferscope-cli}
# Cold runs start from an empty package cache of their own (warm runs reuse it).
export XDG_CACHE_HOME=${TUNE_CACHE:-/tmp/inferscope-tune-cache}

# TUNE_UNTIL (seconds since the epoch): a run that would not end before it is skipped (a device
# call has a hard limit); cold runs take up to 180 s, warm ones up to 70 s.
fits() {  # fits SECONDS
  [ -z "${TUNE_UNTIL:-}" ] && return 0
  [ $(( $(date +%s) + $1 )) -le "$TUNE_UNTIL" ] && return 0
  echo "skipped: $(( TUNE_UNTIL - $(date +%s) )) s left, the run needs about $1 s"; return 1
}

tune() {  # tune NAME BUDGET_S|default ARGS… → $OUT/NAME.ndjson, .inferscope.json, .wall_s
  local name=$1 budget=$2; shift 2
  [ -s "$OUT/$name.wall_s" ] && { echo "$name: done earlier ($(cat "$OUT/$name.wall_s") s)"; return 0; }
  local t0; t0=$(date +%s.%N)
  local budget_args=(--budget-s "$budget"); [ "$budget" = default ] && budget_args=()
  $CLI tune "$@" -d cuda "${budget_args[@]}" --events ndjson -o "$OUT/$name.inferscope.json" \
    >"$OUT/$name.ndjson" 2>"$OUT/$name.stderr"
  local rc=$?
  python3 -c "print(round($(date +%s.%N) - $t0, 1))" >"$OUT/$name.wall_s"
  echo "$name: exit $rc, $(cat "$OUT/$name.wall_s") s"
}

grid() {  # grid NAME TUNE_RUN ARGS…: every candidate the tune run raced whose package exists, in one process
  local name=$1 from=$2; shift 2
  # The last warm run's candidates (the second warm run may have been skipped for time), else the
  # cold run's.
  [ -f "$OUT/$from.ndjson" ] || from=${from%2}1
  [ -f "$OUT/$from.ndjson" ] || from=${from%warm1}cold
  [ -f "$OUT/$from.ndjson" ] || { echo "$name: no tune run of the model here"; return 0; }
  [ -s "$OUT/$name.txt" ] && { echo "$name: done earlier"; return 0; }
  local keys; keys=$(python3 bench/gpu/tune_summary.py --keys "$OUT/$from.ndjson" 2>"$OUT/$name.keys_note")
  $CLI sweep -q "$@" -d cuda --plan "$keys" --warmup 5 -n 50 -o "$OUT/$name.inferscope.json" \
    >"$OUT/$name.txt" 2>"$OUT/$name.stderr"
  echo "$name: exit $? ($(echo "$keys" | tr ',' '\n' | wc -l) configs, 5 + 50 iterations each)"
}

# Tune runs leave their unfinished compiles running after them (docs/ADVISOR.md): the grid and the
# torch.compile reference must not share the host with them. Waits for them (the grid then has their
# packages), up to what TUNE_UNTIL leaves for the reference itself, then stops what is left.
quiet_host() {  # quiet_host RESERVE_S
  local until=$(( $(date +%s) + 300 ))
  [ -n "${TUNE_UNTIL:-}" ] && until=$(( TUNE_UNTIL - $1 ))
  while pgrep -f inferscope_aoti.py >/dev/null && [ "$(date +%s)" -lt "$until" ]; do sleep 2; done
  if pgrep -f inferscope_aoti.py >/dev/null; then
    echo "compiles left by the tune runs still running: stopped for the reference"; pkill -f inferscope_aoti.py
  fi
}

phase() {
  case $1 in
    resnet50)  # cold caches first: the package cache starts empty; the default budgets
      [ -s "$OUT/resnet50_cold.wall_s" ] || rm -rf "$XDG_CACHE_HOME"
      fits 180 && tune resnet50_cold default -m resnet50 -b 32
      fits 70 && tune resnet50_warm1 default -m resnet50 -b 32
      [ -n "${TUNE_QUICK:-}" ] || { fits 70 && tune resnet50_warm2 default -m resnet50 -b 32; } ;;
    bert)  # its packages are not cached by the ResNet-50 runs: cold, then warm (default budgets)
      fits 180 && tune bert_cold default -m bert-encoder -b 32
      fits 70 && tune bert_warm1 default -m bert-encoder -b 32
      [ -n "${TUNE_QUICK:-}" ] || { fits 70 && tune bert_warm2 default -m bert-encoder -b 32; } ;;
    reference)  # the exhaustive grid of the raced space, torch.compile in Python, the summary
      quiet_host 200
      # REFERENCE_MODELS (python_reference_compile.py --models) when only some models are wanted:
      # their grids alone too (resnet50; bert or bert-zoo-path for the encoder).
      local models=,${REFERENCE_MODELS:-resnet50,bert},
      [[ $models == *,resnet50,* ]] && grid resnet50_grid resnet50_warm2 -m resnet50 -b 32
      [[ $models == *,bert* ]] && grid bert_grid bert_warm2 -m bert-encoder -b 32
      PYTHONUNBUFFERED=1 python3 bench/gpu/python_reference_compile.py "$OUT/torch_compile.json" \
        ${REFERENCE_MODELS:+--models "$REFERENCE_MODELS"} \
        >"$OUT/torch_compile.log" 2>&1 || tail -5 "$OUT/torch_compile.log"
      python3 bench/gpu/tune_summary.py --core "$OUT" ;;
    core) phase resnet50 && phase bert && phase reference ;;
    files)
      # FILES="hf_gpt2 tv_vit_b_16" makes and tunes those alone; FILES_BUDGET_S overrides the budgets.
      # shellcheck disable=SC2086  # FILES is a list of names
      python3 bench/gpu/tune_models.py /tmp/tune_models ${FILES:-} >"$OUT/models.txt" 2>&1 || tail -5 "$OUT/models.txt"
      cat "$OUT/models.txt"
      grep "^MODEL " "$OUT/models.txt" | while read -r _ name path input; do
        # 30 s each; the Hugging Face files 60 s: their configs cost 8–9 s each in-process (a 0.5 GB
        # file loaded per config), and at 30 s BERT ended provisional and GPT-2's two failed casts
        # with their autocast fallbacks took the whole budget (2026-12-02c).
        # ViT-B/16 (346 MB) is a transformer with the same per-config load (issue #31: 60 s).
        family=cnn budget=30; case $name in hf_*|tv_vit*) family=transformer budget=60 ;; esac
        budget=${FILES_BUDGET_S:-$budget}
        tune "file_$name" "$budget" --model-file "$path" --trust "$path" --input "$input" --family "$family"
      done
      python3 bench/gpu/tune_summary.py --files "$OUT" ;;
    *) echo "unknown part $1 (resnet50, bert, reference, core, files)"; return 1 ;;
  esac
}
for part in "${@:-core}"; do phase "$part" || exit 1; done
