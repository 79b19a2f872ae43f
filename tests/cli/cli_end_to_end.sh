#!/bin/bash
# inferscope-cli end to end: a real profile writes a table and a session file; bad input gives a
# one-line actionable error and the documented exit code.
#   usage: cli_end_to_end.sh /path/to/inferscope-cli WORKDIR
set -u
cli=$1; work=$2
rm -rf "$work"; mkdir -p "$work"
source "$(dirname "$0")/e2e_lib.sh"

"$cli" devices >"$work/devices.txt" 2>&1
check "devices lists the CPU" grep -q '^cpu ' "$work/devices.txt"

session=$work/run.inferscope.json
"$cli" profile -m resnet18 -b 1 --warmup 1 -n 3 -c fp32 -c bf16 -o "$session" >"$work/table.txt" 2>"$work/progress.txt"
rc=$?
check "profile exits 0" test "$rc" -eq 0
check "table has a row per config" bash -c "grep -q '^fp32 ' '$work/table.txt' && grep -q '^bf16 ' '$work/table.txt'"
check "table names the model and its parameter count" grep -q 'resnet18 · 11689512 parameters' "$work/table.txt"
check "session file written" test -s "$session"
check "session file is versioned JSON" grep -q '"schema": 1' "$session"
check "session file holds both configs" bash -c "grep -q '\"key\": \"fp32\"' '$session' && grep -q '\"key\": \"bf16\"' '$session'"
check "no temp file left behind" bash -c "[ \$(ls '$work' | grep -c tmp) -eq 0 ]"

check "unknown model → exit 2" expect_exit 2 "unknown model 'resnet1000'" profile -m resnet1000
check "bad input spec → exit 2" expect_exit 2 "input spec" profile --model-file x.pt --input 1xbadx3
check "model file without --input → exit 2" expect_exit 2 "needs its input shapes" profile --model-file x.pt
check "missing model file → exit 3" expect_exit 3 "does not exist" profile --model-file "$work/none.pt" --input 1x3x8x8
check "unknown config token → exit 2" expect_exit 2 "unknown token 'turbo'" profile -c bf16+turbo
check "wrong input shape → exit 2" expect_exit 2 "cannot run on input 1x1x224x224" profile -m resnet18 --input 1x1x224x224 -n 1
if ! grep -q 'cuda:0' "$work/devices.txt"; then
  check "--device cuda without CUDA → exit 4" expect_exit 4 "device cuda" profile -d cuda -n 1
fi
"$cli" profile -m resnet18 -n 2 --warmup 0 -c tf32 -c fp32 >"$work/t2.txt" 2>&1
rc=$?
check "unsupported config recorded, plan goes on, exit 1" bash -c "[ $rc -eq 1 ] && grep -q '^tf32 .*unsupported' '$work/t2.txt' && grep -q '^fp32 .* ok ' '$work/t2.txt'"

# Isolation: each config in a child process; the parent survives a crash and a hang of a child.
"$cli" profile -m resnet18 -n 2 --warmup 0 -c fp32 -c bf16 --isolate -o "$work/iso.inferscope.json" >"$work/iso.txt" 2>&1
rc=$?
check "isolated profile exits 0 with both configs" bash -c "[ $rc -eq 0 ] && grep -q '^fp32 .* ok ' '$work/iso.txt' && grep -q '^bf16 .* ok ' '$work/iso.txt'"
check "isolated session records the first-result time" grep -q '"first_result_ms": [1-9]' "$work/iso.inferscope.json"
INFERSCOPE_FAULT_CRASH=bf16 "$cli" profile -m resnet18 -n 2 --warmup 0 -c bf16 -c fp32 --isolate >"$work/crash.txt" 2>&1
check "a crashing child is recorded, the next config runs" \
  bash -c "grep -q '^bf16 .*error.*crashed with signal' '$work/crash.txt' && grep -q '^fp32 .* ok ' '$work/crash.txt'"
# The timeout covers every child: long enough for a CUDA build's child to load its libraries and run
# bf16 on a busy machine (3 s was not, on the GPU host), short enough for CI.
INFERSCOPE_FAULT_HANG=fp32 "$cli" profile -m resnet18 -n 2 --warmup 0 -c fp32 -c bf16 --isolate --isolate-timeout 12 >"$work/hang.txt" 2>&1
check "a hanging child is killed at its timeout, the next config runs" \
  bash -c "grep -q '^fp32 .*timed out after 12 s' '$work/hang.txt' && grep -q '^bf16 .* ok ' '$work/hang.txt'"

# cuDNN ledger: on the CPU it says why it is absent, and the exported ledger carries the reason.
"$cli" cudnn -m resnet18 -d cpu --json "$work/ledger.json" -o "$work/ledger.inferscope.json" >"$work/cudnn.txt" 2>&1
rc=$?
check "cudnn on the CPU → exit 4 with the reason" bash -c "[ $rc -eq 4 ] && grep -q 'requires CUDA and cuDNN' '$work/cudnn.txt'"
check "cudnn --json writes an unavailable ledger" grep -q '"available": false' "$work/ledger.json"
check "cudnn session carries the ledger" grep -q '"cudnn_ledgers"' "$work/ledger.inferscope.json"
check "cudnn rejects CUDA-graph configs" expect_exit 2 "drop +graph" cudnn -m resnet18 -c bf16+graph
# The same command through its isolation workers, on the CPU with the host-only trace source: the
# shapes of ResNet-18's convolutions (the modes that need cuDNN fail as unsupported, exit 1).
INFERSCOPE_TRACE_SOURCE=host-only "$cli" cudnn -q -m resnet18 -d cpu -n 2 --warmup 1 --json "$work/cpu-ledger.json" >"$work/cudnn-cpu.txt" 2>&1
rc=$?
check "cudnn on the CPU (host-only): 11 shapes, 20 convolutions, modes merged" \
  bash -c "[ $rc -eq 1 ] && grep -q '^11 unique shapes, 20 convolutions per iteration' '$work/cudnn-cpu.txt' && grep -q 'benchmark .*unsupported' '$work/cudnn-cpu.txt'"
check "the CPU ledger says why it has no candidates" grep -q 'requires CUDA and cuDNN: this config ran on the CPU' "$work/cpu-ledger.json"

# Tracing with the host-only source (operators, no CUPTI): steady iterations after the first are
# light, and the table says how their kernels get operators.
INFERSCOPE_TRACE_SOURCE=host-only "$cli" trace -m resnet18 -d cpu -n 6 --warmup 2 -c fp32 --window-warmup 1 \
  --window-steady 4 >"$work/trace-light.txt" 2>&1
check "trace names its light iterations" grep -q '^  light        3 steady iterations' "$work/trace-light.txt"

# Ranking a saved session: the H200 guide sweep of the BERT-shaped encoder, whose FP32 reference
# drifted for the whole run (no order-statistic interval): speed-ups get range bounds, not "≈ FP32".
fixtures=$(cd "$(dirname "$0")/../fixtures" && pwd)
"$cli" sweep --from "$fixtures/h200_bert_guide.inferscope.json" >"$work/rerank.txt" 2>&1
rc=$?
check "sweep --from ranks a saved session" \
  bash -c "[ $rc -eq 0 ] && grep -q '^   1  bf16+graph ' '$work/rerank.txt' && grep -q 'NVIDIA H200' '$work/rerank.txt'"
check "a drifting baseline gives range bounds, and a 6.9x speed-up is not 'no real difference'" \
  bash -c "grep -q 'bf16+graph .*6.91 ~\[6.83, 7.02\]' '$work/rerank.txt' && ! grep -q 'bf16+graph .*no real difference' '$work/rerank.txt'"
check "sweep --from with a missing file is an input error" expect_exit 2 "cannot open" sweep --from "$work/nothing.json"

# The tuner (issue #13) on a tiny CPU run: the space pruned with reasons, raced, finalists forked,
# a winner or a stated tie, the NDJSON stream the GUI reads, and a session written. A tiny encoder,
# so that the race reaches its finals within the budget however busy the machine is: ResNet-18's
# BF16 configs take seconds each on a CPU, and on a loaded 2-core runner screening used the budget
# and the winner stayed provisional.
# --fresh: what an earlier run of this script left in the run memory must not change what it checks.
"$cli" tune --fresh -m bert-encoder --layers 1 --hidden 32 --heads 2 --seq-len 8 -b 1 -d cpu --budget-s 40 --warmup 2 -n 10 --screen-iters 8 --forks 2 --events ndjson \
  -o "$work/tune.inferscope.json" >"$work/tune.ndjson" 2>"$work/tune.err"
rc=$?
check "tune exits 0 with a winner" bash -c "[ $rc -eq 0 ] && grep -q '\"event\":\"tune_done\".*\"winner\":\"[a-z]' '$work/tune.ndjson'"
check "tune lists pruned configs with their reasons" grep -q '"key":"fp32+graph","reason":"CUDA graphs need a CUDA device"' "$work/tune.ndjson"
check "tune sends its finalists to fresh processes" grep -q '"event":"tune_finals".*"forks":2' "$work/tune.ndjson"
# The budget is a contract, forks included (a warm H200 run took 65.4 s of 60 while the finals
# tolerated a quarter over): the race's own clock ends inside --budget-s.
check "tune ends inside its budget" bash -c "grep -o '\"elapsed_ms\":[0-9.]*,\"event\":\"tune_done\"' '$work/tune.ndjson' \
  | grep -o '[0-9.]*' | awk '{ n++; ok = \$1 <= 40000 } END { exit !(n == 1 && ok) }'"
check "tune writes a session" grep -q '"schema": 1' "$work/tune.inferscope.json"
# The answer places its winner on the measured roofline (the CPU's ceilings: measured once into
# the cache, a second here), and the session keeps the clause, the ceilings and the winner's place.
roofline_clause='Roofline: (at [0-9]+ % of the measured|near the ridge)'
check "tune's answer gives the winner's share of the roofline and its bound" bash -c "grep '\"event\":\"tune_done\"' '$work/tune.ndjson' \
  | grep -Eq '\"roofline\":\"$roofline_clause[^\"]*-bound'"
# The answer travels as fields and reason codes: tune_done carries no English paragraph.
check "tune_done sends no verdict paragraph" bash -c "! grep '\"event\":\"tune_done\"' '$work/tune.ndjson' | grep -q '\"verdict\":'"
"$cli" sweep --from "$work/tune.inferscope.json" >"$work/tune-from.txt" 2>&1
# sweep --from renders the saved race from its fields: the answer block's roofline line.
check "sweep --from of the tuned session prints the winner's roofline place" \
  grep -Eq "^  Roofline: +[0-9]+ % of the measured [a-z0-9]+ ceiling \((compute|memory)-bound|mixed\)" "$work/tune-from.txt"
check "the tuned session keeps the winner's roofline and the ceilings" python3 - "$work/tune.inferscope.json" <<'PY'
import json, sys
s = json.load(open(sys.argv[1]))
race = s["races"][0]
winner = [c for c in s["configs"] if c["key"] == race["winner"]]
assert winner and winner[0]["roofline"]["bound"] in ("compute", "memory", "mixed"), winner
assert race["roofline"].startswith("Roofline: ") and s["ceilings"]["matmul"], race["roofline"]
PY
# tune --shard (issue #20): two slices of the space race apart and merge into one session that
# holds the reference once and every other measured candidate of both shards.
for i in 0 1; do
  "$cli" tune -m resnet18 -b 1 -d cpu --budget-s 20 --warmup 1 -n 5 --screen-iters 4 --forks 2 --shard $i/2 \
    --events ndjson -o "$work/tune-$i.inferscope.json" >"$work/tune-$i.ndjson" 2>"$work/tune-$i.err"
done
check "tune --shard: each shard says its slice" grep -q 'shard 1/2: [0-9]* of the space' "$work/tune-1.ndjson"
"$cli" merge "$work/tune-0.inferscope.json" "$work/tune-1.inferscope.json" -o "$work/tune-merged.inferscope.json" \
  >"$work/tune-merge.txt" 2>&1
rc=$?
# One FP32 row in each shard's and the merged session's ranking (the sessions also hold each
# shard's race, whose candidates name fp32 too: count what the ranking reads back).
fp32_rows() { "$cli" sweep --from "$1" 2>/dev/null | grep -cE '^ +[0-9]+ +fp32 '; }
check "tune shards merge, the FP32 reference once" bash -c "[ $rc -eq 0 ] && \
  [ $(fp32_rows "$work/tune-merged.inferscope.json") -eq 1 ] && \
  [ $(fp32_rows "$work/tune-0.inferscope.json") -eq 1 ] && [ $(fp32_rows "$work/tune-1.inferscope.json") -eq 1 ]"
check "tune with a cosine tolerance ≥ 1 → exit 2" expect_exit 2 "for metric cosine" tune -m resnet18 --metric cosine --tolerance 1.5

e2e_summary
