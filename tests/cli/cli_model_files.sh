#!/bin/bash
# inferscope-cli with real TorchScript files (docs/SECURITY.md): a trusted model runs in isolation
# workers, which get the user's trust through a private pipe, never from their command line; a
# worker started by hand refuses an untrusted model whatever hash it is handed; `tune` on a model
# whose forward never returns ends within a second of SIGTERM or Ctrl-C, and a cancelled `tune`
# never replaces the complete session at its -o.
#   usage: cli_model_files.sh /path/to/inferscope-cli /path/to/make_script_model WORKDIR
set -u
cli=$1; make_model=$2; work=$3
rm -rf "$work"; mkdir -p "$work"
source "$(dirname "$0")/e2e_lib.sh"
export XDG_CONFIG_HOME=$work/config  # never the user's own trust store
fixtures=$(cd "$(dirname "$0")/../fixtures" && pwd)

"$make_model" double "$work/double.pt" && "$make_model" hang "$work/hang.pt" || exit 1
"$cli" trust "$work/double.pt" "$work/hang.pt" >/dev/null || exit 1
hash=$(sha256sum "$work/double.pt" | cut -c1-64)

# ---- trust reaches isolation workers on a pipe -----------------------------------------------
check "a trusted model file runs in isolation workers" \
  bash -c "'$cli' profile --model-file '$work/double.pt' --input 1x4 -n 2 --warmup 0 -c fp32 --isolate \
             >'$work/isolated.txt' 2>&1 && grep -q '^fp32 .* ok ' '$work/isolated.txt'"
python3 -c "
import json, sys
print(json.dumps({'model': {'source': 'torchscript', 'path': sys.argv[1], 'name': 'double'},
                  'inputs': ['1x4:float32'], 'plan': ['fp32']}))" "$work/double.pt" >"$work/request.json"
check "the worker has no --trusted-sha256 option any more: a hash on its command line → 2" \
  bash -c "'$cli' worker --request '$work/request.json' --trusted-sha256 '$hash' >/dev/null 2>'$work/flag.txt';
           [ \$? -eq 2 ] && grep -q 'trusted-sha256' '$work/flag.txt'"
"$cli" trust --revoke "$work/double.pt" >/dev/null
check "a worker started by hand refuses an untrusted model" \
  expect_exit 2 "is not trusted" worker --request "$work/request.json"
check "… also when its hash is handed to it on the trust descriptor" \
  bash -c "'$cli' worker --request '$work/request.json' 3< <(echo '$hash') >/dev/null 2>'$work/fd3.txt';
           [ \$? -eq 2 ] && grep -q 'is not trusted' '$work/fd3.txt'"
"$cli" trust "$work/double.pt" >/dev/null
check "… and runs it once the user trusts it (the store decides, in the worker too)" \
  bash -c "'$cli' worker --request '$work/request.json' 3< <(echo '$hash') >'$work/worker.ndjson' 2>&1 &&
           grep -q 'session_done\\|config_done' '$work/worker.ndjson'"

# ---- tune obeys cancel whatever the model does ------------------------------------------------
complete=$work/complete.inferscope.json
cp "$fixtures/h200_bert_b32.inferscope.json" "$complete"
sum=$(sha256sum <"$complete")
start_tune() {  # start_tune OUT ARGS…: tune in the background until its FP32 reference hangs
  local out=$1; shift
  "$cli" tune "$@" -o "$complete" >"$out" 2>&1 &
  pid=$!
  for _ in $(seq 100); do grep -q 'fp32\|FP32\|tuning\|budget' "$out" 2>/dev/null && break; sleep 0.1; done
  sleep 2  # past start-up, inside the forward that never returns
}
stop_with() {  # stop_with SIGNAL…: 0.2 s apart to $pid; sets rc and ms (from the first signal)
  local t0 sig
  t0=$(date +%s%N)
  for sig in "$@"; do kill -s "$sig" "$pid"; sleep 0.2; done
  wait "$pid"; rc=$?
  ms=$(( ($(date +%s%N) - t0) / 1000000 ))
}
hang_args=(--model-file "$work/hang.pt" --input 1x4 --budget-s 60)

start_tune "$work/tune-term.txt" "${hang_args[@]}"
stop_with TERM
check "one SIGTERM ends a tune stuck in a forward: exit 130 within a second" \
  bash -c "[ $rc -eq 130 ] && [ $ms -le 1000 ] || { echo '  exit $rc after $ms ms'; cat '$work/tune-term.txt'; false; }"
check "… the complete session at -o is kept" test "$(sha256sum <"$complete")" = "$sum"

start_tune "$work/tune-int.txt" "${hang_args[@]}"
stop_with INT
check "one Ctrl-C does the same" bash -c "[ $rc -eq 130 ] && [ $ms -le 1000 ]"

start_tune "$work/tune-int2.txt" "${hang_args[@]}"
stop_with INT INT
check "Ctrl-C twice: exit 130 at once" bash -c "[ $rc -eq 130 ] && [ $ms -le 600 ]"
check "… the complete session is still kept" test "$(sha256sum <"$complete")" = "$sum"

# A model that does return: the race stops after its iteration and its partial session goes
# beside the complete one.
start_tune "$work/tune-zoo.txt" -m resnet18 --batch 1 --budget-s 60 --screen-iters 5 --warmup 1
stop_with INT
check "a cancelled tune of a working model → 130" test "$rc" -eq 130
check "… keeps the complete session" test "$(sha256sum <"$complete")" = "$sum"
check "… and its partial session, if any, goes beside it" \
  bash -c "[ ! -e '$work/complete.partial.inferscope.json' ] ||
           grep -q '\"cancelled\": true' '$work/complete.partial.inferscope.json'"
check "no temp file left beside the output" bash -c "! ls -a '$work' | grep -q '\\.tmp-'"

e2e_summary
