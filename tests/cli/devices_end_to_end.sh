#!/bin/bash
# `sweep --devices` without GPUs: a stand-in worker (INFERSCOPE_WORKER_EXECUTABLE) records the
# CUDA_VISIBLE_DEVICES and request it receives, then runs the real worker on the CPU. Checks that
# each worker is pinned to its GPU (through the parent's own CUDA_VISIBLE_DEVICES where set), sees
# it as cuda:0, that the plan is spread with the FP32 reference on every GPU (or replicated), and
# that the run is one session saying which GPU measured each result (docs/SCALE.md).
#   usage: devices_end_to_end.sh /path/to/inferscope-cli WORKDIR
set -u
cli=$(readlink -f "$1"); work=$2
rm -rf "$work"; mkdir -p "$work"
source "$(dirname "$0")/e2e_lib.sh"

log=$work/workers.log
cat >"$work/fake-worker.sh" <<FAKE
#!/bin/bash
# Called as: worker --request FILE --parent-pid PID (the model's trust on descriptor 3, kept by exec)
request=\$3
key=\$(grep -o '"plan":\["[^"]*"' "\$request" | sed 's/.*\["//; s/"\$//')
index=\$(grep -o '"device_index":[0-9]*' "\$request" | cut -d: -f2)
echo "visible=\${CUDA_VISIBLE_DEVICES-unset} index=\$index key=\$key" >>"$log"
sed -i 's/"device":"cuda"/"device":"cpu"/' "\$request"
exec "$cli" "\$@"
FAKE
chmod +x "$work/fake-worker.sh"
export INFERSCOPE_WORKER_EXECUTABLE=$work/fake-worker.sh
run=(sweep -m resnet18 -b 1 --warmup 1 -n 3 -q --device cuda)
plan=fp32,nograd+fp32,autograd+fp32,bf16,amp-bf16

# Spread over GPUs 0, 2 and 3 of an unrestricted host.
(unset CUDA_VISIBLE_DEVICES; "$cli" "${run[@]}" -p "$plan" --devices 0,2,3 -o "$work/spread.inferscope.json") \
  >"$work/spread.txt" 2>&1
check "sweep --devices 0,2,3 exits 0" test $? -eq 0
workers() { grep -c "^visible=$1 index=0 key=$2\$" "$log"; }
for gpu in 0 2 3; do
  check "the FP32 reference ran on GPU $gpu" test "$(workers "$gpu" fp32)" -eq 1
done
check "GPU 0 ran shard 0/3 (nograd+fp32, amp-bf16)" \
  test "$(workers 0 nograd+fp32)$(workers 0 amp-bf16)" = 11
check "GPU 2 ran shard 1/3 (autograd+fp32)" test "$(workers 2 autograd+fp32)" -eq 1
check "GPU 3 ran shard 2/3 (bf16)" test "$(workers 3 bf16)" -eq 1
check "every worker saw its GPU as cuda:0, and nothing else ran" \
  test "$(grep -c 'index=0 ' "$log")" -eq 7 -a "$(wc -l <"$log")" -eq 7
for key in fp32 nograd+fp32 autograd+fp32 bf16 amp-bf16; do
  check "the session holds $key once" \
    test "$(grep -c "\"key\": \"$key\"" "$work/spread.inferscope.json")" -eq 1
done
check "every result says where it ran" \
  test "$(grep -c '"measured_on"' "$work/spread.inferscope.json")" -eq 5
"$cli" merge "$work/spread.inferscope.json" -o "$work/again.inferscope.json" >"$work/merge.txt" 2>&1
check "the ranking names each result's GPU" \
  bash -c "grep -q '^ *[0-9].* bf16 .* cuda:3 ' '$work/merge.txt' && grep -q ' autograd+fp32 .* cuda:2 ' '$work/merge.txt'"

# A process that is itself restricted (a Slurm task allotted GPUs 5–7): ordinal 1 is GPU 6.
: >"$log"
CUDA_VISIBLE_DEVICES=5,6,7 "$cli" "${run[@]}" -p fp32,bf16 --devices 0,2 -o "$work/restricted.inferscope.json" \
  >"$work/restricted.txt" 2>&1
check "restricted parent: GPUs 0 and 2 are 5 and 7" \
  bash -c "[ \$(grep -c '^visible=5 ' '$log') -eq 2 ] && [ \$(grep -c '^visible=7 ' '$log') -eq 1 ] && [ \$(wc -l <'$log') -eq 3 ]"

# Replicated: the whole plan on each GPU, for comparing the GPUs.
: >"$log"
(unset CUDA_VISIBLE_DEVICES; "$cli" "${run[@]}" -p fp32,bf16 --devices 0,1 --replicate -o "$work/replicated.inferscope.json") \
  >"$work/replicated.txt" 2>&1
check "--replicate runs every config on every GPU" \
  test "$(workers 0 fp32)$(workers 0 bf16)$(workers 1 fp32)$(workers 1 bf16)" = 1111
check "the replicated session holds each config once per GPU" \
  test "$(grep -c '"key": "bf16"' "$work/replicated.inferscope.json")" -eq 2

check "a GPU listed twice → exit 2" expect_exit 2 "GPU 1 is listed twice" sweep --device cuda -p fp32 --devices 1,1
check "--devices on the CPU → exit 2" expect_exit 2 "add --device cuda" sweep --devices 0 -p fp32 -n 1
"$cli" sweep --replicate >"$work/out.txt" 2>&1
check "--replicate needs --devices → exit 2" bash -c "[ $? -eq 2 ] && grep -q -- '--devices' '$work/out.txt'"

e2e_summary
