#!/bin/bash
# One short tune per model given (BUDGET_S, default 90) with the crash report symbolized, and a zoo
# tune beside it: tells a crash of the Python-model path from one of the tuner's end. Needs the CLI
# built (h200_run.sh build). Usage: crash_probe.sh MODEL...   Results in $OUT/probe.
set -uo pipefail
OUT=${OUT:-$PWD/out}/probe; mkdir -p "$OUT"
CLI=build-gpu/cli/inferscope-cli
export XDG_CACHE_HOME=/tmp/inferscope-user-cache XDG_CONFIG_HOME=/tmp/inferscope-user-config
ENTRIES=bench/gpu/user_models/zoo_entries.py
$CLI trust "$ENTRIES" >/dev/null
run() {  # run NAME ARGS...
  local name=$1; shift
  local t0; t0=$(date +%s)
  $CLI tune "$@" -d cuda --events ndjson -o "$OUT/$name.inferscope.json" >"$OUT/$name.ndjson" 2>"$OUT/$name.stderr"
  local rc=$?
  echo "$name: exit $rc after $(( $(date +%s) - t0 )) s"
  grep -h '"verdict_state"' "$OUT/$name.ndjson" | python3 -c "import json,sys;[print(' ', json.loads(l).get('verdict','')[:700]) for l in sys.stdin]"
  if [ $rc -ge 128 ]; then python3 bench/gpu/user_models/symbolize.py "$OUT/$name.stderr" $CLI | tee "$OUT/$name.symbols" | head -40; fi
}
# Random-weight classifiers give one top-1 class for every row: judged by cosine similarity.
for fn in "$@"; do run "$fn" --model-py "$ENTRIES:$fn" --budget-s "${BUDGET_S:-90}" --metric cosine; done
[ -n "${SKIP_ZOO:-}" ] || run zoo-resnet18 -m resnet18 -b 8 --budget-s 20
ls /tmp/inferscope-user-cache/inferscope/aoti/logs/ 2>/dev/null | head; for f in /tmp/inferscope-user-cache/inferscope/aoti/logs/*.log; do [ -f "$f" ] && { echo "== $f"; tail -4 "$f"; }; done 2>/dev/null | cut -c1-300 | head -40
