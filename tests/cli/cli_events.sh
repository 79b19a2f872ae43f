#!/bin/bash
# `--events ndjson` on every command that runs configs: stdout holds events alone, each line in the
# envelope every event stream shares ({"protocol":1,"event":NAME}, docs/ARCHITECTURE.md, "Event streams"), with the
# config_start / config_done of each config; no table, and the exit codes of the text mode.
#   usage: cli_events.sh /path/to/inferscope-cli WORKDIR
set -u
cli=$1; work=$2
rm -rf "$work"; mkdir -p "$work"
source "$(dirname "$0")/e2e_lib.sh"

# Every line an event of protocol 1; prints the event names, one a line.
events_of() {
  python3 - "$1" <<'PY'
import json, sys
for n, line in enumerate(open(sys.argv[1]), 1):
    e = json.loads(line)
    assert isinstance(e, dict) and e.get("protocol") == 1 and e.get("event"), f"line {n}: {line[:80]}"
    print(e["event"])
PY
}
export -f events_of  # for the checks' bash -c
small=(-m resnet18 --input 1x3x32x32:float32 --warmup 1 -n 3)

"$cli" profile "${small[@]}" -c fp32 -c bf16 --events ndjson -o "$work/p.inferscope.json" >"$work/p.ndjson" 2>"$work/p.err"
rc=$?
check "profile --events ndjson exits 0" test "$rc" -eq 0
check "profile: every stdout line is an enveloped event" bash -c "events_of '$work/p.ndjson' >'$work/p.names'"
check "profile: a start and a result per config, then session_done" \
  bash -c "[ \$(grep -c '^config_start$' '$work/p.names') -eq 2 ] && [ \$(grep -c '^config_done$' '$work/p.names') -eq 2 ] && [ \"\$(tail -1 '$work/p.names')\" = session_done ]"
check "profile: no table and no progress lines on stdout" bash -c "! grep -q '^fp32 \\|^\\[1/2\\]' '$work/p.ndjson'"
check "profile: stderr has no progress lines either" bash -c "! grep -q '^\\[1/2\\]' '$work/p.err'"
check "profile: the session is still written" test -s "$work/p.inferscope.json"

"$cli" sweep "${small[@]}" -p fp32,bf16 --isolate --events ndjson >"$work/s.ndjson" 2>"$work/s.err"
rc=$?
check "isolated sweep --events ndjson exits 0" test "$rc" -eq 0
check "sweep: the workers' events reach stdout re-indexed, enveloped" \
  bash -c "events_of '$work/s.ndjson' >'$work/s.names' && [ \$(grep -c '^config_done$' '$work/s.names') -eq 2 ] && grep -q '\"index\":1' '$work/s.ndjson'"
check "sweep --from with --events → exit 2" bash -c "'$cli' sweep --from '$work/p.inferscope.json' --events ndjson >/dev/null 2>&1; [ \$? -eq 2 ]"

"$cli" trace "${small[@]}" -c fp32 --events ndjson >"$work/t.ndjson" 2>"$work/t.err"
rc=$?
check "trace --events ndjson exits 0 with events only" \
  bash -c "[ $rc -eq 0 ] && events_of '$work/t.ndjson' | grep -q '^config_done$'"

"$cli" cudnn -m resnet18 -d cpu --events ndjson >"$work/c.ndjson" 2>"$work/c.err"
rc=$?
check "cudnn on the CPU → exit 4, the reason as a log event" \
  bash -c "[ $rc -eq 4 ] && grep -q '\"event\":\"log\".*requires CUDA and cuDNN' '$work/c.ndjson'"
check "bad --events value → exit 2" bash -c "'$cli' profile --events xml >/dev/null 2>&1; [ \$? -eq 2 ]"

e2e_summary
