#!/bin/bash
# Models only Python can compile, end to end on the real CLI without PyTorch in Python: a stand-in
# worker (a shell script speaking the worker's protocol, run through INFERSCOPE_PYTHON=/bin/sh and
# INFERSCOPE_PYTHON_HELPERS) plays inferscope_pymodel.py. Checked: the trust gate on the .py file, a
# .pt2's kind from its zip directory (fixtures made with PyTorch 2.11), `tune --model-py` and
# `tune --model-file EXPORTED.pt2` racing in the worker and writing a session `sweep --from` reads,
# a worker that fails to build the model, a hanging worker stopped at the budget, a trusted .py
# swapped during a run (file and symlink: the run stops, the new code never runs), float64 inputs
# refused at once, and the worker gone within a second of the CLI's SIGKILL, SIGHUP, SIGTERM, SIGINT.
# Usage: cli_python_models.sh INFERSCOPE_CLI WORK_DIR FIXTURES_DIR
set -uo pipefail
cli=$1; work=$2; fixtures=$3
rm -rf "$work"; mkdir -p "$work/helpers" "$work/config" "$work/cache"
source "$(dirname "$0")/e2e_lib.sh"
export XDG_CONFIG_HOME="$work/config" XDG_CACHE_HOME="$work/cache"
export INFERSCOPE_PYTHON=/bin/sh INFERSCOPE_PYTHON_HELPERS="$work/helpers"
cat >"$work/helpers/inferscope_pymodel.py" <<'WORKER'
cmd=$1; plan=""; out=""; source=""; serve=0
while [ $# -gt 0 ]; do
  case $1 in --plan) plan=$2;; --out-dir) out=$2;; --source) source=$2;; --serve) serve=1;; esac; shift
done
case $source in *broken*) echo "NameError: name 'torchvision' is not defined" >&2; exit 3;; esac
# Every start of a slow* model records the bytes of the file it was given (the swap checks).
f=${source#*:}; case $source in py:*) f=${f%:*};; esac
case $source in *slow*) echo "ran $(cat "$f")" >>"$XDG_CACHE_HOME/ran-slow.log";; esac
# Busy in the user's code at 100 % CPU, in the worker process itself (the parent-death checks).
case $source in *spin*) echo $$ >"$XDG_CACHE_HOME/spin.tmp"; mv "$XDG_CACHE_HOME/spin.tmp" "$XDG_CACHE_HOME/spin.pid"
  while :; do :; done;; esac
case $source in *float64*) echo '{"protocol":1,"event":"prepared","status":"ok","inputs":[{"shape":[4,16],"dtype":"float64"}],"outputs":[{"shape":[4,10],"dtype":"float32"}],"parameters":170,"weights_sha256":"ab","load_s":0.1,"prepare_s":0.2}'; sleep 600;; esac
case $source in *hangbuild*) sleep 600;; *hang*) [ "$cmd" = prepare ] || sleep 600;; esac
if [ "$cmd" = prepare ]; then
  mkdir -p "$out"; echo "$source" >"$out/source.txt"
  echo '{"protocol":1,"event":"prepared","status":"ok","inputs":[{"shape":[4,16],"dtype":"float32"}],"outputs":[{"shape":[4,10],"dtype":"float32"}],"parameters":170,"weights_sha256":"ab","load_s":0.1,"prepare_s":0.2}'
  [ "$serve" = 1 ] || exit 0
  # prepare --serve: the same process serves the tune's rounds (it counts the plans it served).
  case $source in *hang*) sleep 600;; esac
  cmd=serve; : >"$out/served-by-prepare"
fi
echo '{"protocol":1,"event":"ready","load_s":0.1}'
report() {
  for key in $(echo "$1" | tr ',' '\n' | sed -n 's/.*"key":"\([^"]*\)".*/\1/p'); do
    level=3; case $key in *tc*) level=1;; bf16*) level=2;; esac
    series="9.0"; i=0; while [ $i -lt 40 ]; do series="$series,$level.0$((i % 3))"; i=$((i + 1)); done
    echo "{\"protocol\":1,\"event\":\"config\",\"key\":\"$key\",\"status\":\"ok\",\"latency_ms\":[$series],\"warmup_iterations\":1,\"setup_ms\":5}"
  done
  echo '{"protocol":1,"event":"done"}'
}
if [ "$cmd" = serve ]; then
  while read -r line; do
    echo "$line" >>"$XDG_CACHE_HOME/plans.log"
    case $source in *slow*) sleep 2;; esac
    report "$line"; [ -n "$out" ] && echo plan >>"$out/served-by-prepare"
  done
else report "$(cat "$plan")"; fi
WORKER
printf 'def build():\n    pass\n' >"$work/model.py"
cp "$work/model.py" "$work/broken.py"; cp "$work/model.py" "$work/hang.py"; cp "$work/model.py" "$work/hangbuild.py"

check "an untrusted .py is refused before anything runs" \
  expect_exit 2 "is not trusted" tune --model-py "$work/model.py:build" --budget-s 5
check "FILE.py without :FUNCTION is named" expect_exit 2 "expected FILE.py:FUNCTION" tune --model-py "$work/model.py" --budget-s 5
check "a function name that is not one is named" expect_exit 2 "is not a Python function name" \
  tune --model-py "$work/model.py:build()" --budget-s 5
"$cli" trust "$work/model.py" "$work/broken.py" "$work/hang.py" "$work/hangbuild.py" \
  "$fixtures/pt2/tiny_exported_program.pt2" >/dev/null

"$cli" tune --model-py "$work/model.py:build" --budget-s 20 -o "$work/tuned.inferscope.json" >"$work/tune.txt" 2>"$work/tune.err"
rc=$?
check "tune --model-py races the worker's configs (exit $rc)" [ "$rc" -eq 0 ]
check "the answer names torch.compile beside it" grep -q "torch.compile" "$work/tune.txt"
check "the session reopens" "$cli" sweep --from "$work/tuned.inferscope.json"
check "the session records the entry point" grep -q '"entry": "build"' "$work/tuned.inferscope.json"
# The process that prepared the model served the rounds: no second start of Python and the model.
check "the preparing worker served the tune's rounds" \
  grep -q plan "$work"/cache/inferscope/pymodels/*/served-by-prepare
# The winner's work is counted in the worker (its instruments module); this stand-in records no
# operators, and the answer says so, with no number.
check "the answer says why the stand-in worker's roofline is not computed" \
  grep -q "Roofline not computed: counting the winner's work failed (the Python worker recorded no operators)" "$work/tune.txt"

"$cli" tune --model-file "$fixtures/pt2/tiny_exported_program.pt2" --budget-s 10 >"$work/ep.txt" 2>"$work/ep.err"
# The worker gets the run's private copy of the trusted bytes (docs/SECURITY.md), not the file.
check "an ExportedProgram .pt2 goes to the Python worker, pinned (exit $?)" \
  grep -q "ep:.*/inferscope-pinned-.*/tiny_exported_program.pt2" "$work"/cache/inferscope/pymodels/*/source.txt
# profile and sweep take the same sources through the same worker (the real one runs in
# cli_python_worker_real.sh; torch.compile and ExportedPrograms need PyTorch >= 2, so here).
rm -f "$work/cache/plans.log"
"$cli" profile --model-py "$work/model.py:build" -c fp32 -c bf16+tc -c fp32+ts --warmup 1 -n 40 \
  -o "$work/profile-py.inferscope.json" >"$work/profile-py.txt" 2>"$work/profile-py.err"
rc=$?
check "profile --model-py: no --input needed, tc measured, ts refused by name (exit $rc)" [ "$rc" -eq 1 ]
check "… bf16+tc has its series in the session" \
  grep -q '"key": "bf16+tc"' "$work/profile-py.inferscope.json"
check "… the worker was told to time the compile as iteration 0" \
  grep -q '"compile_in_series":true' "$work/cache/plans.log"
check "… fp32+ts is refused with the configs to use" grep -q "fp32+ts: TorchScript freeze applies to TorchScript files.*tc-ro" \
  "$work/profile-py.txt" "$work/profile-py.err"
check "… the session's inputs are the model's own" grep -q '"4x16:float32"' "$work/profile-py.inferscope.json"
"$cli" sweep --model-file "$fixtures/pt2/tiny_exported_program.pt2" -p fp32,bf16,bf16+tc --warmup 1 -n 40 \
  -o "$work/sweep-ep.inferscope.json" >"$work/sweep-ep.txt" 2>"$work/sweep-ep.err"
rc=$?
check "sweep --model-file EXPORTED.pt2 runs its plan in the worker (exit $rc)" [ "$rc" -eq 0 ]
check "… and ranks it" grep -q "bf16+tc" "$work/sweep-ep.txt"
check "sweep --devices refuses a model built in Python, naming --device" \
  expect_exit 4 "leave --devices out" sweep --model-py "$work/model.py:build" -d cuda -p fp32 --devices 0
check "an AOTInductor .pt2 still needs --input" \
  expect_exit 2 "needs its input shapes" profile --model-file "$fixtures/pt2/tiny_aoti_package.pt2" \
  --trust "$fixtures/pt2/tiny_aoti_package.pt2"
head -c 2048 /dev/urandom >"$work/garbage.pt2"
check "a .pt2 that is no zip is named as neither kind" \
  expect_exit 3 "is not an AOTInductor package nor an ExportedProgram" \
  tune --model-file "$work/garbage.pt2" --trust "$work/garbage.pt2" --budget-s 5
check "varying input sizes are refused for a model rebuilt in Python" \
  expect_exit 2 "dynamic shapes are not tuned" tune --model-py "$work/model.py:build" --cycle-input 8x16 --budget-s 5
check "a model the worker cannot build fails with its exception and log" \
  expect_exit 3 "NameError" tune --model-py "$work/broken.py:build" --budget-s 5
# Each under `timeout`, so that a hang fails its check instead of the whole script's time limit.
start=$(date +%s)
timeout "$(scaled 60)" "$cli" tune --model-py "$work/hang.py:build" --budget-s 4 >"$work/hang.txt" 2>"$work/hang.err"
took=$(( $(date +%s) - start ))
check "a hanging worker is stopped at the budget ($took s, budget 4 s + 5 s grace)" [ "$took" -le "$(scaled 20)" ]
# A 1 s budget is spent before the race begins (its exit reserve is 1 s): the deadline has passed,
# which the measurers once read as "no deadline", and waited for the hanging worker without end.
start=$(date +%s)
timeout "$(scaled 60)" "$cli" tune --model-py "$work/hang.py:build" --budget-s 1 >"$work/hang1.txt" 2>"$work/hang1.err"
took=$(( $(date +%s) - start ))
check "… and so with a budget spent before the race begins ($took s, budget 1 s + 5 s grace)" [ "$took" -le "$(scaled 20)" ]
# A model whose build never returns: the preparation is bounded by the budget too (it was ten
# minutes whatever the budget), and the message says to raise it.
start=$(date +%s)
timeout "$(scaled 60)" "$cli" tune --model-py "$work/hangbuild.py:build" --budget-s 3 >"$work/hangbuild.txt" 2>"$work/hangbuild.err"
rc=$? took=$(( $(date +%s) - start ))
check "a build that never returns ends at the budget (exit $rc, $took s, budget 3 s)" \
  [ "$rc" -eq 3 -a "$took" -le "$(scaled 20)" ]
check "… and says to raise --budget-s" grep -q "raise --budget-s" "$work/hangbuild.err"

# A trusted file replaced during the run (the file, or a symlink re-pointed): the run stops with
# the file named, and the new code never runs.
for how in file symlink; do
  rm -f "$work/ran-slow.log" "$work/cache/ran-slow.log" "$work/slow-$how.py" "$work/real-slow-$how.py"
  printf 'def build():\n    return "%s"\n' "$how" >"$work/real-slow-$how.py"
  if [ $how = symlink ]; then ln -s "$work/real-slow-$how.py" "$work/slow-$how.py"
  else cp "$work/real-slow-$how.py" "$work/slow-$how.py"; fi
  "$cli" trust "$work/slow-$how.py" >/dev/null
  timeout "$(scaled 120)" "$cli" tune --model-py "$work/slow-$how.py:build" --budget-s 40 \
    >"$work/swap-$how.txt" 2>"$work/swap-$how.err" &
  tune_pid=$!
  for _ in $(seq 300); do [ -s "$work/cache/ran-slow.log" ] && break; sleep 0.1; done
  printf 'import os\nos.system("touch SWAPPED")\ndef build():\n    pass\n' >"$work/evil-$how.py"
  if [ $how = symlink ]; then ln -sfn "$work/evil-$how.py" "$work/slow-$how.py"
  else mv "$work/evil-$how.py" "$work/slow-$how.py"; fi
  wait $tune_pid; rc=$?
  check "a .py swapped during the run ($how) stops it (exit $rc)" [ "$rc" -eq 2 ]
  check "… naming the file" grep -q "slow-$how.py' changed during the run; nothing else from it runs" "$work/swap-$how.err"
  check "… and the swapped code never ran" bash -c "! grep -q SWAPPED '$work/cache/ran-slow.log'"
  check "… while the trusted bytes did" grep -q "return \"$how\"" "$work/cache/ran-slow.log"
done

# Example inputs of a dtype InferScope does not measure: refused at once, not at the budget's end.
printf 'def build():\n    return 64\n' >"$work/float64.py"
"$cli" trust "$work/float64.py" >/dev/null
start=$(date +%s)
check "a float64 example input is refused with the dtypes that are measured" \
  expect_exit 4 "float32, float16, bfloat16, int64, int32" tune --model-py "$work/float64.py:build" --budget-s 60
took=$(( $(date +%s) - start ))
check "… at once ($took s of a 60 s budget)" [ "$took" -le "$(scaled 15)" ]

# The CLI ended while the worker is busy in the user's code: the worker is gone within a second,
# however the CLI ends (SIGKILL leaves no handler to run: the worker's parent-death signal).
printf 'def build():\n    while True: pass\n' >"$work/spin.py"
"$cli" trust "$work/spin.py" >/dev/null
gone() {  # no such process, or a zombie (runs no code; reaped by whoever adopted it)
  [ ! -e "/proc/$1/stat" ] || sed 's/.*) //' "/proc/$1/stat" 2>/dev/null | grep -q '^Z'
}
for sig in KILL HUP TERM INT; do
  rm -f "$work/cache/spin.pid"
  "$cli" tune --model-py "$work/spin.py:build" --budget-s 120 >/dev/null 2>&1 &
  cli_pid=$!
  for _ in $(seq 300); do [ -s "$work/cache/spin.pid" ] && break; sleep 0.1; done
  worker=$(cat "$work/cache/spin.pid" 2>/dev/null)
  check "the worker runs the user's code before SIG$sig" [ -n "$worker" ]
  [ -n "$worker" ] || continue
  kill -$sig $cli_pid
  ok=no
  for _ in $(seq 10); do if gone "$worker"; then ok=yes; break; fi; sleep 0.1; done
  check "SIG$sig to the CLI: its worker is gone within a second" [ $ok = yes ]
  kill -9 "$worker" 2>/dev/null; wait $cli_pid 2>/dev/null
done
e2e_summary
