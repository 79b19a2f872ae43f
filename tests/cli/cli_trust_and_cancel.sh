#!/bin/bash
# inferscope-cli end to end, docs/SECURITY.md: a model file loads only once trusted (by content
# hash, in a private store), and cancel always works — a second signal exits 130 at once even when
# a forward never returns, and no isolation worker outlives its parent.
#   usage: cli_trust_and_cancel.sh /path/to/inferscope-cli WORKDIR
set -u
cli=$1; work=$2
rm -rf "$work"; mkdir -p "$work"
source "$(dirname "$0")/e2e_lib.sh"
export XDG_CONFIG_HOME=$work/config  # never the user's own trust store
store=$XDG_CONFIG_HOME/inferscope/trusted.json

# Trust. The model is not a TorchScript archive: trusted, it fails in the loader (exit 3), which
# shows the trust check came first; untrusted, it never reaches the loader (exit 2).
model=$work/model.pt
echo "pretend TorchScript" >"$model"
check "untrusted .pt → exit 2, says how to trust it" \
  expect_exit 2 "inferscope-cli trust $model" profile --model-file "$model" --input 1x3x8x8 -n 1
echo "pretend package" >"$work/model.pt2"
check "untrusted .pt2 → exit 2" expect_exit 2 "is not trusted" profile --model-file "$work/model.pt2" --input 1x3x8x8 -c aoti
check "--trust lets the file reach the loader" \
  expect_exit 3 "not a loadable TorchScript file" profile --model-file "$model" --input 1x3x8x8 -n 1 --trust "$model"
check "the trust is remembered" \
  expect_exit 3 "not a loadable TorchScript file" profile --model-file "$model" --input 1x3x8x8 -n 1
check "the store is private (0600)" test "$(stat -c %a "$store")" = 600
check "trust --list shows the file's hash" \
  bash -c "'$cli' trust --list | grep -q \"^$(sha256sum "$model" | cut -c1-64)  .*  $model\$\""
echo "edited after it was trusted" >>"$model"
check "an edited file is a new, untrusted file" \
  expect_exit 2 "is not trusted" profile --model-file "$model" --input 1x3x8x8 -n 1
"$cli" trust "$model" >"$work/trust.txt" 2>&1
check "trust FILE trusts the edited file" grep -q "^trusted $model (sha256 " "$work/trust.txt"
"$cli" trust --revoke "$model" >/dev/null 2>&1
check "trust --revoke forgets it" \
  expect_exit 2 "is not trusted" profile --model-file "$model" --input 1x3x8x8 -n 1
check "revoking an untrusted file → exit 2" expect_exit 2 "is not trusted" trust --revoke "$model"
check "a directory is not a model file" expect_exit 2 "not a regular file" trust "$work"
check "zoo models need no trust" bash -c "'$cli' profile -m resnet18 -n 1 --warmup 0 -c fp32 >/dev/null 2>&1"

# Cancel. INFERSCOPE_FAULT_HANG makes the isolated worker's config hang as a forward that never
# returns would: its cancel flag is set, nothing reads it.
start_hanging() {  # start_hanging OUT: an isolated run whose worker hangs; sets parent and worker
  INFERSCOPE_FAULT_HANG=fp32 "$cli" profile -m resnet18 -n 2 --warmup 0 -c fp32 --isolate >"$1" 2>&1 &
  parent=$!
  worker=
  for _ in $(seq 300); do  # until the worker catches SIGINT: its handlers are installed
    worker=$(pgrep -P "$parent" 2>/dev/null | head -1)
    [ -n "$worker" ] && catches_sigint "$worker" && break
    sleep 0.1
  done
  sleep 0.5  # from main() to its hang: reading the request
}
catches_sigint() {  # catches_sigint PID: SIGINT (bit 1) is in the process's caught-signal mask
  local mask
  mask=$(sed -n 's/^SigCgt:\s*//p' "/proc/$1/status" 2>/dev/null)
  [ -n "$mask" ] && (( (16#$mask & 2) != 0 ))
}
dead() {  # dead PID: not running within 3 s (a zombie waiting for init to reap it counts as dead)
  local state
  for _ in $(seq 30); do
    state=$(ps -o stat= -p "$1" 2>/dev/null)
    [ -z "$state" ] || [ "${state#Z}" != "$state" ] && return 0
    sleep 0.1
  done
  return 1
}
stop_with() {  # stop_with SIGNAL… : sends them to the parent 0.2 s apart; sets rc and seconds
  local t0=$SECONDS sig
  for sig in "$@"; do kill -s "$sig" "$parent"; sleep 0.2; done
  wait "$parent"; rc=$?
  seconds=$((SECONDS - t0))
}

start_hanging "$work/int2.txt"
stop_with INT INT
check "Ctrl-C twice on a hanging run → exit 130 at once" bash -c "[ $rc -eq 130 ] && [ $seconds -le 1 ]"
check "… and its worker is killed" dead "$worker"

start_hanging "$work/term.txt"
stop_with INT TERM
check "SIGTERM while a cancel is pending → exit 130 at once" bash -c "[ $rc -eq 130 ] && [ $seconds -le 1 ]"

start_hanging "$work/int1.txt"
stop_with INT
check "one Ctrl-C: the stuck worker is killed after its grace, exit 130" \
  bash -c "[ $rc -eq 130 ] && [ $seconds -le 5 ] && grep -q '^fp32 .*cancelled' '$work/int1.txt'"

start_hanging "$work/worker-int.txt"
kill -INT "$worker"; sleep 0.2; kill -INT "$worker"
check "a worker stuck in its forward exits 130 on a second Ctrl-C" \
  dead "$worker"
kill -TERM "$parent" 2>/dev/null; wait "$parent"
check "… and its parent records that exit" grep -q 'exited with code 130' "$work/worker-int.txt"

start_hanging "$work/killed.txt"
kill -KILL "$parent"; wait "$parent" 2>/dev/null
check "a worker dies with its killed parent" dead "$worker"

e2e_summary
