#!/bin/bash
# Shape sets end to end on a tiny CPU encoder: sweep and profile at several batch sizes (a ranking
# per shape, latency against throughput, each result's shape in the session file, read back by
# --from), the largest batch per config through the out-of-memory path (injected above a batch,
# as a device whose memory ends there), and the refusals that name the option.
#   usage: cli_shapes.sh /path/to/inferscope-cli WORKDIR
set -u
cli=$1; work=$2
rm -rf "$work"; mkdir -p "$work"
source "$(dirname "$0")/e2e_lib.sh"
tiny=(-m bert-encoder --layers 1 --hidden 32 --heads 2 --seq-len 8 -d cpu --warmup 1 -q)

session=$work/shapes.inferscope.json
"$cli" sweep "${tiny[@]}" --batch 1,2,4 -n 5 -p fp32,bf16 -o "$session" >"$work/sweep.txt" 2>"$work/sweep.err"
rc=$?
check "sweep over 3 batch sizes exits 0" test "$rc" -eq 0
check "a ranking per shape" bash -c "[ \$(grep -c '^── shape B=' '$work/sweep.txt') -eq 3 ]"
check "the B=4 shape names its inputs" grep -q '^── shape B=4 (inputs 4x8:int64' "$work/sweep.txt"
check "latency against throughput, with a knee per config" bash -c \
  "grep -q '^Latency against throughput' '$work/sweep.txt' && [ \$(grep -c '◆ knee' '$work/sweep.txt') -eq 2 ]"
check "a throughput row per config and batch" bash -c \
  "[ \$(grep -cE '^(fp32|bf16) +- +[124] ' '$work/sweep.txt') -eq 6 ]"
check "the session holds 6 results, each with its shape" bash -c \
  "[ \$(grep -c '\"label\": \"B=' '$session') -eq 6 ]"
check "a router's table: a row per shape" bash -c \
  "grep -q '^Per shape, the fastest safe config' '$work/sweep.txt' && [ \$(grep -cE '^B=[124] +[124] +(fp32|bf16) ' '$work/sweep.txt') -eq 3 ]"
check "one config for every shape, uniform, against the per-shape table" \
  grep -qE '^One config for every shape \(uniform over the shapes\): (fp32|bf16), weighted median [0-9.]+ ms, ×[0-9.]+ of' "$work/sweep.txt"
check "the session keeps its answers: curves, memory per precision, routes, the single config" bash -c \
  "grep -q '\"shape_record\"' '$session' && grep -q '\"memory_per_precision\"' '$session' && \
   grep -q '\"best_single\"' '$session' && grep -q '\"knee_batch\"' '$session'"
check "peak memory per precision across batch sizes, a column per batch" bash -c \
  "grep -q '^Peak memory per precision across batch sizes' '$work/sweep.txt' && \
   grep -qE '^fp32 +- +[0-9.]+ +[0-9.]+ +[0-9.]+\$' '$work/sweep.txt'"
"$cli" sweep --from "$session" >"$work/from.txt" 2>&1
rc=$?
check "sweep --from reads the shape session back, a ranking per shape" bash -c \
  "[ $rc -eq 0 ] && [ \$(grep -c '^── shape B=' '$work/from.txt') -eq 3 ] && grep -q '◆ knee' '$work/from.txt'"

"$cli" profile "${tiny[@]}" --batch 1,2 -n 5 -c fp32 -o "$work/profile.inferscope.json" >"$work/profile.txt" 2>&1
rc=$?
check "profile over 2 batch sizes: a table per shape and the throughput table" bash -c \
  "[ $rc -eq 0 ] && [ \$(grep -c '^── shape B=' '$work/profile.txt') -eq 2 ] && grep -q '^Latency against throughput' '$work/profile.txt'"

# A device whose memory ends at batch 5 for FP32 and 12 for BF16: doubling 1, 2, 4, 8, then
# bisection to 5 (FP32) and 16, then 12 (BF16); the probes that ran out are results, not failures.
INFERSCOPE_FAULT_OOM_ABOVE_BATCH=fp32=5,bf16=12 "$cli" sweep "${tiny[@]}" -n 3 -p fp32,bf16 --max-batch 64 \
  -o "$work/max.inferscope.json" >"$work/max.txt" 2>&1
rc=$?
check "--max-batch exits 0 though probes ran out of memory" test "$rc" -eq 0
check "--max-batch: FP32's largest batch is 5, out of memory at 6" grep -qE '^fp32 +fp32 +5 +6 ' "$work/max.txt"
check "--max-batch: BF16's largest batch is 12, out of memory at 13" grep -qE '^bf16 +bf16 +12 +13 ' "$work/max.txt"
check "--max-batch: every probe is in the session" bash -c \
  "grep -q '\"status\": \"oom\"' '$work/max.inferscope.json' && \
   [ \$(grep -c '\"label\": \"B=' '$work/max.inferscope.json') -ge 10 ]"
check "--max-batch: each search is kept in the session, its probes in order" bash -c \
  "grep -q '\"max_batch\"' '$work/max.inferscope.json' && grep -q '\"stop_reason\": \"bisected\"' '$work/max.inferscope.json'"
"$cli" sweep --from "$work/max.inferscope.json" -o "$work/max-again.inferscope.json" >"$work/max-from.txt" 2>&1
check "the largest-batch session reads back, its first out-of-memory batch per config" bash -c \
  "grep -qE '^fp32 +- +6 out of memory \(largest batch that ran: 5\)' '$work/max-from.txt'"
check "--from prints the stored searches, which no result holds, and writes them again" bash -c \
  "grep -qE '^fp32 +fp32 +5 +6 +6  bisected' '$work/max-from.txt' && grep -q '\"max_batch\"' '$work/max-again.inferscope.json'"

# --max-batch over an input that names its batch dimension B (no --dims: the search gives B its
# values from --batch).
INFERSCOPE_FAULT_OOM_ABOVE_BATCH=fp32=5 "$cli" sweep -m resnet18 --input 'Bx3x16x16:float32' -d cpu \
  --warmup 1 -n 3 -q -p fp32 --max-batch 8 >"$work/max-input.txt" 2>&1
rc=$?
check "--max-batch with --input 'Bx3x16x16': FP32's largest batch is 5" bash -c \
  "[ $rc -eq 0 ] && grep -qE '^fp32 +fp32 +5 +6 ' '$work/max-input.txt' || { cat '$work/max-input.txt'; false; }"

"$cli" sweep --from "$session" --shape-mix 'B=4:1' >"$work/mix.txt" 2>&1
check "--shape-mix weighs the saved shapes; one shape alone: ×1.000 of its table" \
  grep -qE '^One config for every shape \(B=4:1\): (fp32|bf16), weighted median [0-9.]+ ms, ×1\.000 of' "$work/mix.txt"
check "--shape-mix naming an unmeasured shape → exit 2" expect_exit 2 "no shape 'B=3' was measured" sweep -m resnet18 --batch 1,2 --shape-mix B=3:1
check "trace refuses a batch list, naming sweep" expect_exit 2 "run \`inferscope-cli sweep\`" trace -m resnet18 --batch 1,8
check "a batch range backwards → exit 2" expect_exit 2 "--batch 8..1: the range runs backwards" sweep -m resnet18 --batch 8..1
check "a symbol without --dims → exit 2" expect_exit 2 "give its values with --dims" sweep -m resnet18 --input Bx3x8x8
check "--dims for no input → exit 2" expect_exit 2 "--dims S: no --input names S" sweep -m resnet18 --dims S=8,16
check "a shape set with --shard → exit 2" expect_exit 2 "--shard with a shape set" sweep -m resnet18 --batch 1,2 -p fp32,bf16 --shard 0/2
check "--max-batch below --batch → exit 2" expect_exit 2 "below the starting --batch 8" sweep -m resnet18 --batch 8 --max-batch 4

# profile --shape-mix: the one config for the mix, from the configs profile measured.
"$cli" profile "${tiny[@]}" --batch 1,2 -n 5 -c fp32 -c bf16 --shape-mix 'B=2:1' \
  -o "$work/profile-mix.inferscope.json" >"$work/profile-mix.txt" 2>&1
rc=$?
check "profile --shape-mix: the router's table and the one config for that mix" bash -c \
  "[ $rc -eq 0 ] && grep -q '^Per shape, the fastest safe config' '$work/profile-mix.txt' && \
   grep -qE '^One config for every shape \(B=2:1\): (fp32|bf16), weighted median [0-9.]+ ms, ×1\.000 of' '$work/profile-mix.txt' && \
   grep -q '\"shape_mix\": \"B=2:1\"' '$work/profile-mix.inferscope.json'"
check "profile --shape-mix without a set → exit 2" expect_exit 2 "--shape-mix weighs the shapes of a shape set" \
  profile -m resnet18 --shape-mix B=1:1

# tune over a shape set: a race per shape, then every race's winner at every shape (2 fresh
# processes each), the router's table and the one config for the mix from those runs.
tune_tiny=(-m bert-encoder --layers 1 --hidden 32 --heads 2 --seq-len 8 -d cpu --warmup 1)
XDG_CACHE_HOME="$work/cache" "$cli" tune "${tune_tiny[@]}" --batch 1,4 --budget-s 60 --forks 2 -n 20 --shape-mix 'B=1:3,B=4:1' \
  -o "$work/tune.inferscope.json" >"$work/tune.txt" 2>"$work/tune.err"
rc=$?
check "tune over 2 batch sizes exits 0" test "$rc" -eq 0
check "tune: a race per shape, each with its table" bash -c \
  "[ \$(grep -c '^── the race at shape B=' '$work/tune.txt') -eq 2 ] && [ \$(grep -c '^winner ' '$work/tune.txt') -eq 2 ]"
check "tune: each shape's winner and state in one table" bash -c \
  "grep -q '^The race at each shape' '$work/tune.txt' && \
   [ \$(grep -cE '^B=[14] +[a-z0-9+-]+ +(final|provisional) +[0-9.]+ +[0-9]+\$' '$work/tune.txt') -eq 2 ]"
check "tune: the winners measured at every shape under one protocol" \
  grep -qE '^Every winner at every shape \(.+\), one protocol: the FP32 reference at each shape, 20 iterations in 2 fresh processes per config' "$work/tune.txt"
check "tune: the router's table, a row per shape" bash -c \
  "grep -q '^Per shape, the fastest safe config' '$work/tune.txt' && [ \$(grep -cE '^B=[14] +[14] +[a-z0-9+-]+ +[0-9.]+\$' '$work/tune.txt') -eq 2 ]"
check "tune: one config for the mix, against the router's table" \
  grep -qE '^One config for every shape \(B=1:3,B=4:1\): [a-z0-9+-]+, weighted median [0-9.]+ ms, ×[0-9.]+ of' "$work/tune.txt"
check "tune: the budget over the shapes is stated" grep -qE '^[0-9.]+ s of a [0-9]+ s budget over 2 shapes' "$work/tune.txt"
check "tune: the session holds the winners' runs with their shapes, fork stats and the record" bash -c \
  "grep -q '\"routing\"' '$work/tune.inferscope.json' && grep -q '\"best_single\"' '$work/tune.inferscope.json' && \
   grep -q '\"shape_mix\": \"B=1:3,B=4:1\"' '$work/tune.inferscope.json' && grep -q '\"fork_stats\"' '$work/tune.inferscope.json' && \
   grep -q '\"label\": \"B=4\"' '$work/tune.inferscope.json'"
"$cli" sweep --from "$work/tune.inferscope.json" >"$work/tune-from.txt" 2>&1
check "the tuned shape session reads back: a ranking per shape and the router's table" bash -c \
  "[ \$(grep -c '^── shape B=' '$work/tune-from.txt') -eq 2 ] && grep -q '^Per shape, the fastest safe config' '$work/tune-from.txt'"
check "tune --shape-mix without a set → exit 2" expect_exit 2 "--shape-mix weighs the shapes of a shape set" \
  tune -m resnet18 --shape-mix B=1:1
check "tune over a set with --shard → exit 2" expect_exit 2 "--shard with a shape set (B=1, B=8) is not supported" \
  tune -m resnet18 --batch 1,8 --shard 0/2
check "tune --shape-mix naming an unmeasured shape → exit 2" expect_exit 2 "no shape 'B=3' was measured" \
  tune -m resnet18 --batch 1,2 --shape-mix B=3:1 --budget-s 5

e2e_summary
