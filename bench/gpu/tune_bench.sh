#!/bin/bash
# The tuner's targets on the GPU machine (issue #13; docs/PERFORMANCE.md). From the repo root, after
# `bash bench/gpu/h200_run.sh build`:
#   bash bench/gpu/tune_bench.sh core    # ≤ 14 min (the budgets' sum; runs end at their finals):
#       resnet50   tune ×3 on ResNet-50 b32 with the default budget: cold caches (60 s + the cold
#                  compile allowance), then warm twice (TUNE_QUICK=1: once)
#       bert       the same on the encoder b32×128
#       reference  the exhaustive grid of the space the warm run raced (sweep, one process, 5 + 50
#                  iterations per config), torch.compile reduce-overhead in Python, the summary
#   bash bench/gpu/tune_bench.sh files   # ~4 min: real files end to end (torchvision, timm, HF
#                                        # BERT and GPT-2 as TorchScript, a .pt2 exported in Python)
# Parts run alone too (`tune_bench.sh resnet50 bert`); `reference` needs both before it.
# Writes to $OUT (default ./out/tune). Budgets are set so that each part fits its minutes; the
# summary says which run was cold.
set -uo pipefail
OUT=${OUT:-$PWD/out}/tune; mkdir -p "$OUT"
CLI=${CLI:-build-gpu/cli/inferscope-cli}
# Cold runs start from an empty package cache of their own (warm runs reuse it).
export XDG_CACHE_HOME=${TUNE_CACHE:-/tmp/inferscope-tune-cache}

tune() {  # tune NAME BUDGET_S|default ARGS… → $OUT/NAME.ndjson, .inferscope.json, .wall_s
  local name=$1 budget=$2; shift 2
  local t0; t0=$(date +%s.%N)
  local budget_args=(--budget-s "$budget"); [ "$budget" = default ] && budget_args=()
  $CLI tune "$@" -d cuda "${budget_args[@]}" --events ndjson -o "$OUT/$name.inferscope.json" \
    >"$OUT/$name.ndjson" 2>"$OUT/$name.stderr"
  local rc=$?
  python3 -c "print(round($(date +%s.%N) - $t0, 1))" >"$OUT/$name.wall_s"
  echo "$name: exit $rc, $(cat "$OUT/$name.wall_s") s"
}

grid() {  # grid NAME TUNE_RUN ARGS…: every candidate the tune run raced, swept in one process
  local name=$1 from=$2; shift 2
  local keys; keys=$(python3 bench/gpu/tune_summary.py --keys "$OUT/$from.ndjson")
  $CLI sweep -q "$@" -d cuda --plan "$keys" --warmup 5 -n 50 -o "$OUT/$name.inferscope.json" \
    >"$OUT/$name.txt" 2>"$OUT/$name.stderr"
  echo "$name: exit $? ($(echo "$keys" | tr ',' '\n' | wc -l) configs, 5 + 50 iterations each)"
}

phase() {
  case $1 in
    resnet50)  # cold caches first: the package cache starts empty; the default budgets
      rm -rf "$XDG_CACHE_HOME"
      tune resnet50_cold default -m resnet50 -b 32
      tune resnet50_warm1 default -m resnet50 -b 32
      [ -n "${TUNE_QUICK:-}" ] || tune resnet50_warm2 default -m resnet50 -b 32 ;;
    bert)  # its packages are not cached by the ResNet-50 runs: cold, then warm (default budgets)
      tune bert_cold default -m bert-encoder -b 32
      tune bert_warm1 default -m bert-encoder -b 32
      [ -n "${TUNE_QUICK:-}" ] || tune bert_warm2 default -m bert-encoder -b 32 ;;
    reference)  # the exhaustive grid of the raced space, torch.compile in Python, the summary
      grid resnet50_grid resnet50_warm2 -m resnet50 -b 32
      grid bert_grid bert_warm2 -m bert-encoder -b 32
      PYTHONUNBUFFERED=1 python3 bench/gpu/python_reference_compile.py "$OUT/torch_compile.json" \
        >"$OUT/torch_compile.log" 2>&1 || tail -5 "$OUT/torch_compile.log"
      python3 bench/gpu/tune_summary.py --core "$OUT" ;;
    core) phase resnet50 && phase bert && phase reference ;;
    files)
      python3 bench/gpu/tune_models.py /tmp/tune_models >"$OUT/models.txt" 2>&1 || tail -5 "$OUT/models.txt"
      cat "$OUT/models.txt"
      grep "^MODEL " "$OUT/models.txt" | while read -r _ name path input; do
        family=cnn; case $name in hf_*) family=transformer ;; esac
        tune "file_$name" 30 --model-file "$path" --trust "$path" --input "$input" --family "$family"
      done
      python3 bench/gpu/tune_summary.py --files "$OUT" ;;
    *) echo "unknown part $1 (resnet50, bert, reference, core, files)"; return 1 ;;
  esac
}
for part in "${@:-core}"; do phase "$part" || exit 1; done
