#!/bin/bash
# The bad-input matrix (issue #16, docs/SECURITY.md): hostile session files, outputs that would
# destroy data, options out of bounds. Every case asserts the exit code, a message naming the
# culprit, no crash and no hang, and that no file in the work folder changed (checksums, modes,
# link targets and file types before and after).
# With the GUI's path as a third argument, its command line runs the same way (offscreen).
#   usage: bad_inputs.sh /path/to/inferscope-cli WORKDIR [/path/to/inferscope]
set -u
cli=$1; work=$2; gui=${3:-}
rm -rf "$work"; mkdir -p "$work/files"
source "$(dirname "$0")/e2e_lib.sh"
export XDG_CONFIG_HOME=$work/config  # never the user's own trust store
files=$work/files
fixtures=$(cd "$(dirname "$0")/../fixtures" && pwd)

snapshot() {  # every path under files/ with its type, mode, link target and content hash
  (cd "$files" && find . -printf '%p %y %m %l\n' | sort && find . -type f -exec sha256sum {} + | sort)
}
bad() {  # bad CODE NEEDLE ARGS… — the CLI exits CODE, names NEEDLE on stderr, changes nothing
  local code=$1 needle=$2; shift 2
  local before; before=$(snapshot)
  timeout 60 "$cli" "$@" >"$work/out.txt" 2>"$work/err.txt"
  local rc=$?
  [ "$rc" -ne 124 ] || { echo "  hung (killed after 60 s)"; return 1; }
  [ "$rc" -lt 128 ] || { echo "  crashed: exit $rc: $(tail -3 "$work/err.txt")"; return 1; }
  [ "$rc" -eq "$code" ] || { echo "  exit $rc, expected $code: $(cat "$work/err.txt")"; return 1; }
  grep -qF -- "$needle" "$work/err.txt" || { echo "  stderr lacks '$needle': $(cat "$work/err.txt")"; return 1; }
  ! grep -q 'json.exception\|Value .* not in range' "$work/err.txt" || { echo "  internal text: $(cat "$work/err.txt")"; return 1; }
  [ "$(snapshot)" = "$before" ] || { echo "  a file changed"; diff <(echo "$before") <(snapshot) | head; return 1; }
}

# ---- session files, as sweep --from (and the GUI) read them ------------------------------------
good=$files/good.inferscope.json
cp "$fixtures/h200_bert_b32.inferscope.json" "$good"
: >"$files/empty.json"
mkfifo "$files/fifo.json"
mkdir "$files/folder.json"
session_with() {  # session_with FILE PYTHON-EXPRESSION-ON-d — a variant of the good session
  python3 - "$good" "$1" "$2" <<'PY'
import json, sys
d = json.load(open(sys.argv[1]))
exec(sys.argv[3])
open(sys.argv[2], "w").write(d if isinstance(d, str) else json.dumps(d))
PY
}
deep='"[" * 100000 + "]" * 100000'
session_with "$files/deep_trace.json" "d = json.dumps(d)[:-1] + ', \"x\": 1}'; d = d.replace('\"configs\": [{', '\"configs\": [{\"trace\": ' + $deep + ', ', 1)"
session_with "$files/deep_timeline.json" "d = json.dumps(d).replace('\"configs\": [{', '\"configs\": [{\"timeline\": ' + $deep + ', ', 1)"
session_with "$files/string_sample.json" "d['configs'][0]['latency_ms'][17] = 'fast'"
session_with "$files/huge_number.json" "d = json.dumps(d).replace('\"schema\": 1', '\"schema\": 1e999', 1)"
session_with "$files/negative_schema.json" "d['schema'] = -7"
session_with "$files/newer_schema.json" "d['schema'] = 99"
session_with "$files/many_configs.json" "d['configs'] = [{'key': 'fp32'}] * 10001"
session_with "$files/float_index.json" "d['configs'][1]['index'] = 1e300"
session_with "$files/bad_steady.json" "d['configs'][0]['steady_state']['steady_start'] = 10**9"
session_with "$files/escapes.json" "d['configs'][1]['status'] = 'error'; d['configs'][1]['message'] = '\x1b[2J\x1b[31mowned'"
head -c 4096 /dev/urandom >"$files/garbage.json"

check "empty session → 2, 'is empty'" bad 2 "empty.json is empty" sweep --from "$files/empty.json"
check "FIFO as a session → 2 at once, no hang" bad 2 "FIFO" sweep --from "$files/fifo.json"
check "directory as a session → 2" bad 2 "is a directory" sweep --from "$files/folder.json"
check "100 000 levels inside trace → 2, no stack overflow" bad 2 "levels deep" sweep --from "$files/deep_trace.json"
check "100 000 levels inside timeline → 2" bad 2 "levels deep" sweep --from "$files/deep_timeline.json"
check "a string sample names its field" bad 2 "configs[0].latency_ms[17]: expected a number, got a string" sweep --from "$files/string_sample.json"
check "1e999 names the file" bad 2 "huge_number.json is not valid JSON" sweep --from "$files/huge_number.json"
check "schema -7 → 2" bad 2 "schema -7" sweep --from "$files/negative_schema.json"
check "a newer schema → 2" bad 2 "newer InferScope" sweep --from "$files/newer_schema.json"
check "10 001 configs → 2, at once" bad 2 "10001 configs" sweep --from "$files/many_configs.json"
check "an index of 1e300 → 2, named" bad 2 "configs[1].index" sweep --from "$files/float_index.json"
check "a steady start past the samples → 2" bad 2 "steady_start" sweep --from "$files/bad_steady.json"
check "random bytes → 2" bad 2 "garbage.json is not valid JSON" sweep --from "$files/garbage.json"
"$cli" sweep --from "$files/escapes.json" >"$work/escapes.txt" 2>&1
check "terminal escapes from a session are printed escaped" \
  bash -c "grep -qF '\\x1b[2J\\x1b[31mowned' '$work/escapes.txt' && ! grep -q $'\x1b' '$work/escapes.txt'"

# ---- outputs -------------------------------------------------------------------------------
echo "pretend TorchScript" >"$files/model.pt"
ln -s good.inferscope.json "$files/alias.json"
check "-o onto the --from session → 2" bad 2 "is this run's --from" sweep --from "$good" -o "$good"
check "-o onto a symlink to the --from session → 2" bad 2 "is this run's --from" sweep --from "$good" -o "$files/alias.json"
check "-o onto the model file → 2" bad 2 "is this run's --model-file" \
  profile --model-file "$files/model.pt" --input 1x3x8x8 -o "$files/model.pt"
check "recommend --python onto the model file → 2" bad 2 "is this run's --model-file" \
  recommend --simulate ampere --python "$files/model.pt" --model-file "$files/model.pt"
check "three exports to one path → 2" bad 2 "--export and --python both write" \
  recommend --simulate ampere --export "$files/cfg" --python "$files/cfg" --cpp "$files/cfg"
check "-o onto a directory → 2" bad 2 "that is a directory" sweep --from "$good" -o "$files/folder.json"
check "-o into a missing folder → 2" bad 2 "does not exist" sweep --from "$good" -o "$files/nowhere/s.json"
if [ -c /dev/full ]; then
  check "-o /dev/full → 2, the device node stays" bad 2 "character device" sweep --from "$good" -o /dev/full
  check "/dev/full is still a device" test -c /dev/full
fi
cp "$good" "$work/kept.json"; chmod 640 "$work/kept.json"; ln -s kept.json "$work/link.json"
"$cli" sweep --from "$good" -o "$work/link.json" >/dev/null 2>"$work/err.txt"
check "sweep --from honours -o, through a symlink that stays, keeping the mode" \
  bash -c "[ -L '$work/link.json' ] && [ \$(stat -c %a '$work/kept.json') = 640 ] && grep -q 'session written to' '$work/err.txt'"
check "no temp file left beside the output" bash -c "! ls -a '$work' | grep -q '\\.tmp-'"

# One check of every command's outputs (core/common/run_files.h): never an input of the same
# command, never an existing file of another kind.
cp "$good" "$files/shard_a.json"; cp "$good" "$files/shard_b.json"
echo "my notes" >"$files/notes.txt"
printf 'PK\003\004\000\000binary' >"$files/binary.bin"
check "tune -o onto its own model → 2, naming both" bad 2 "-o $files/model.pt is this run's --model-file" \
  tune --model-file "$files/model.pt" --input 1x3x8x8 -o "$files/model.pt"
check "tune -o onto a --trust file → 2" bad 2 "is this run's --trust" \
  tune -m resnet18 --trust "$files/model.pt" -o "$files/model.pt"
check "merge -o onto one of its inputs → 2, naming both" bad 2 "-o $files/shard_a.json is this run's input session" \
  merge "$files/shard_a.json" "$files/shard_b.json" -o "$files/shard_a.json"
check "merge -o onto a symlink to an input → 2" bad 2 "is this run's input session" \
  merge "$files/shard_b.json" "$files/good.inferscope.json" -o "$files/alias.json"
check "profile -o onto someone's notes → 2, the notes stay" bad 2 "not a session or another JSON document" \
  profile -m resnet18 -n 1 -o "$files/notes.txt"
check "sweep -o onto a binary file → 2" bad 2 "not a session or another JSON document" \
  sweep --from "$good" -o "$files/binary.bin"
check "recommend --python onto a binary file → 2" bad 2 "not a text file" \
  recommend --simulate ampere --python "$files/binary.bin"
check "trace --chrome-trace onto the notes → 2" bad 2 "--chrome-trace" \
  trace -m resnet18 --chrome-trace "$files/notes.txt"

# Printed paths are escaped: a file name with ESC and OSC sequences cannot drive the terminal.
evil=$work/$'evil\e]0;owned\a\e[2J.pt'
echo "pretend TorchScript" >"$evil"
"$cli" trust "$evil" >"$work/trust-evil.txt" 2>&1
"$cli" trust --list >>"$work/trust-evil.txt" 2>&1
"$cli" trust --revoke "$evil" >>"$work/trust-evil.txt" 2>&1
check "trust, trust --list and --revoke print a crafted name escaped" \
  bash -c "[ \$(grep -c 'evil\\\\x1b]0;owned\\\\x07' '$work/trust-evil.txt') -eq 3 ] && ! grep -q \$'\\e' '$work/trust-evil.txt'"

# Ctrl-C keeps a complete session: the partial one goes beside it.
cp "$good" "$work/complete.inferscope.json"
sum=$(sha256sum <"$work/complete.inferscope.json")
"$cli" profile -m resnet18 -n 100000 --warmup 0 -c fp32 -o "$work/complete.inferscope.json" >/dev/null 2>"$work/cancel.txt" &
pid=$!
for _ in $(seq 100); do grep -q 'iteration\|fp32' "$work/cancel.txt" 2>/dev/null && break; sleep 0.2; done
sleep 1; kill -INT "$pid"; wait "$pid"; rc=$?
check "Ctrl-C → 130" test "$rc" -eq 130
check "the complete session is kept" test "$(sha256sum <"$work/complete.inferscope.json")" = "$sum"
check "the partial session is beside it, and the message says so" \
  bash -c "grep -q '\"cancelled\": true' '$work/complete.partial.inferscope.json' && grep -q 'was kept as it was' '$work/cancel.txt'"

# ---- options and specs ---------------------------------------------------------------------
check "--tolerance -1 → 2, in words" bad 2 "--tolerance: must be a number > 0, e.g. 0.01 (got -1)" sweep --from "$good" --tolerance -1
check "--tolerance nan → 2" bad 2 "--tolerance" sweep --from "$good" --tolerance nan
check "--tolerance 1e999 → 2" bad 2 "--tolerance" sweep --from "$good" --tolerance 1e999
check "'grid:' with nothing → 2" bad 2 "names no knobs" sweep -m resnet18 -p 'grid:'
check "--window-warmup -5 → 2" bad 2 "--window-warmup" trace -m resnet18 --window-warmup -5
check "--device cuda:1abc → 2" bad 2 "cuda:1abc" profile -d cuda:1abc
check "--target-ci 5 → 2 (must be < 1)" bad 2 "--target-ci: must be a number > 0 and < 1" profile --adaptive --target-ci 5
check "--budget-s 0 → 2" bad 2 "--budget-s" profile --adaptive --budget-s 0
check "--budget-s without --adaptive → 2" bad 2 "add --adaptive" profile --budget-s 5
check "--heads 0 → 2, no division by zero" bad 2 "--heads" profile -m bert-encoder --heads 0
check "--iters 1e3 → 2 (a whole number)" bad 2 "--iters" profile -n 1e3
check "a directory as --model-file → 3, says so" bad 3 "is a directory" profile --model-file "$files/folder.json" --input 1x3x8x8
head -c 4096 /dev/urandom >"$files/garbage.pt2"
check "a garbage .pt2 (trusted) says it is not an AOTInductor package" bad 3 "is not an AOTInductor package" \
  profile --model-file "$files/garbage.pt2" --input 1x3x8x8 -n 1 --trust "$files/garbage.pt2"
# 12 TB: more than any machine this runs on (1x3x100000x100000, 120 GB, fit the 128 GiB GPU host).
check "an input larger than memory → 2, names --input" bad 2 "--input 1x3x1000000x1000000" profile --model-file "$files/model.pt" --input 1x3x1000000x1000000
# A LibTorch error is its own sentence; --verbose keeps its whole text (backtrace) for a bug report.
check "a LibTorch error → 2, one sentence" bad 2 "cannot run on input 1x1x32x32" profile -m resnet18 --input 1x1x32x32 -n 1
cp "$work/err.txt" "$work/err_short.txt"
check "--verbose: the same error with its whole text" bad 2 "cannot run on input 1x1x32x32" \
  profile -m resnet18 --input 1x1x32x32 -n 1 --verbose
check "… which is longer than the sentence" \
  test "$(wc -c <"$work/err.txt")" -gt $(( $(wc -c <"$work/err_short.txt") + 200 ))
check "an input spec whose size overflows → 2" bad 2 "too large" profile -m resnet18 --input 99999999999x99999999999x99999
# The worker reads its request like any other file: heads 0 is refused before a model is built.
python3 -c "
import json; print(json.dumps({'model': {'name': 'bert-encoder', 'encoder': {'heads': 0}}, 'plan': ['fp32']}))" >"$files/request.json"
check "a worker request with heads 0 → 2" bad 2 "heads 0" worker --request "$files/request.json"

# ---- the GUI's command line ------------------------------------------------------------------
if [ -n "$gui" ]; then
  export QT_QPA_PLATFORM=offscreen
  bad_gui() { local cli=$gui; bad "$@"; }  # bad, run on the GUI
  printf 'my notes' >"$files/notes.png"
  check "GUI --screenshot onto an existing text file → 2, not truncated" bad_gui 2 "not an image file name" \
    --screenshot "$files/notes.txt"
  check "GUI --screenshot onto a non-image named .png → 2" bad_gui 2 "not an image" --screenshot "$files/notes.png"
  check "GUI --screenshot X --open X → 2, naming both" bad_gui 2 "is this run's --open" \
    --screenshot "$files/shard_a.json" --open "$files/shard_a.json"
  check "GUI lesson --screenshot onto the notes → 2" bad_gui 2 "--screenshot" \
    --lesson cold-start --screenshot "$files/notes.txt"
  check "GUI --wizard --screenshot onto the notes → 2" bad_gui 2 "--screenshot" \
    --wizard turing --screenshot "$files/notes.txt"
  check "GUI --lang xx → 2" bad_gui 2 "--lang xx: unknown language" --lang xx --screenshot "$work/x.png"
  check "GUI --tab nosuch → 2" bad_gui 2 "--tab nosuch: unknown chart tab" --tab nosuch --screenshot "$work/x.png"
  check "GUI --wizard nosuch → 2" bad_gui 2 "--wizard nosuch: unknown GPU generation" --wizard nosuch --screenshot "$work/x.png"
  check "GUI --step 999 → 2" bad_gui 2 "--step 999: the lesson" --lesson cold-start --step 999 --screenshot "$work/x.png"
  check "GUI --step 0 → 2" bad_gui 2 "--step 0" --lesson cold-start --step 0 --screenshot "$work/x.png"
  check "GUI --grab-after -1 → 2, never a hang" bad_gui 2 "--grab-after -1" --run --grab-after -1 --screenshot "$work/x.png"
  check "GUI --grab-after 10^12 → 2" bad_gui 2 "--grab-after" --run --grab-after 1000000000000 --screenshot "$work/x.png"
  check "GUI --size 100000x100000 → 2, no crash" bad_gui 2 "--size 100000x100000" --size 100000x100000 --screenshot "$work/x.png"
  check "GUI --size 0x0 → 2" bad_gui 2 "--size 0x0" --size 0x0 --screenshot "$work/x.png"
  check "GUI --size abc → 2" bad_gui 2 "--size abc" --size abc --screenshot "$work/x.png"
  check "GUI --batch abc → 2" bad_gui 2 "--batch abc" --batch abc --screenshot "$work/x.png"
  check "GUI --model nosuchmodel → 2, never ResNet-18" bad_gui 2 "--model nosuchmodel: not a zoo model" \
    --model nosuchmodel --run --screenshot "$work/x.png"
  check "GUI --configs with an unknown key → 2, naming it" bad_gui 2 "unknown token 'bogus'" \
    --configs fp32,bogus --run --screenshot "$work/x.png"
  check "GUI --configs ',' → 2" bad_gui 2 "--configs: name at least one" --configs , --run --screenshot "$work/x.png"
  check "nothing was written for a refused option" test ! -e "$work/x.png"
  if [ -c /dev/full ]; then
    ln -s /dev/full "$files/full.pdf"
    check "a hand-out through a symlink to /dev/full fails, never 'written'" \
      bash -c "timeout 60 '$gui' --lesson cold-start --handout '$files/full.pdf' 2>'$work/full.txt';
               rc=\$?; [ \$rc -ne 0 ] && [ \$rc -lt 124 ] && ! grep -q written '$work/full.txt' && test -c /dev/full"
  fi
  timeout 120 "$gui" --wizard turing --size 640x480 --screenshot "$work/wizard.png" 2>"$work/wizard.txt"
  check "GUI --wizard honours --size" \
    python3 -c "import struct,sys; d=open('$work/wizard.png','rb').read(24); sys.exit(struct.unpack('>II', d[16:24]) != (640, 480))"
  # Two renders of one tab differ in about 0.01 % of their pixels, the latency and memory tabs in
  # about 16 %: PPM pictures, compared pixel by pixel.
  timeout 120 "$gui" --lang ja --size 800x600 --screenshot "$work/ja.ppm" --open "$good" 2>/dev/null
  timeout 120 "$gui" --lang ja --size 800x600 --tab memory --screenshot "$work/ja-memory.ppm" --open "$good" 2>/dev/null
  check "GUI --tab works with --lang ja (the memory tab is shown)" python3 - "$work/ja.ppm" "$work/ja-memory.ppm" <<'PY'
import sys
def pixels(path):
    data = open(path, 'rb').read()
    _, width, height, _ = data.split(maxsplit=4)[:4]
    count = int(width) * int(height)
    return data[-3 * count:], count
(a, count), (b, _) = pixels(sys.argv[1]), pixels(sys.argv[2])
changed = sum(a[i:i + 3] != b[i:i + 3] for i in range(0, 3 * count, 3))
sys.exit(0 if changed > 0.02 * count else f"  only {changed} of {count} pixels differ")
PY
else
  echo "skip the GUI's command-line cases: this build has no GUI (the sanitizer builds; the main build runs them)"
fi


# ---- session values: one validation for sweep --from, merge and the GUI (session_validation.h) ----
session_with "$files/huge_latency.json" "d['configs'][1]['latency_ms'][3] = 1e308"
session_with "$files/tiny_latency.json" "d['configs'][1]['latency_ms'][3] = 5e-324"
session_with "$files/min_peak.json" "d['configs'][0]['memory']['peak_allocated_bytes'] = -2**63"
session_with "$files/max_peak.json" "d['configs'][0]['memory']['peak_reserved_bytes'] = 2**63 - 1"
session_with "$files/negative_flops.json" "d['configs'][0]['roofline'] = {'work': {'flops': -1e308, 'bytes': 1}}"
session_with "$files/string_bytes.json" "d['configs'][0]['roofline'] = {'work': {'flops': 1, 'bytes': 'x'}}"
session_with "$files/negative_nans.json" "d['configs'][1]['accuracy']['nan_count'] = -3"
session_with "$files/cosine_3.json" "d['configs'][1]['accuracy']['cosine_similarity'] = 3"
session_with "$files/twice.json" "d['configs'].append(dict(d['configs'][2]))"
session_with "$files/two_references.json" "d['configs'].append(dict(d['configs'][0]))"
session_with "$files/long_key.json" "d['configs'][2]['key'] = 'bf16' + '+cl' * 300000"
session_with "$files/repeated_token.json" "d['configs'][2]['key'] = 'bf16+cl+cl'"
session_with "$files/many_shards.json" "d['shard'] = {'index': 0, 'count': 2**31 - 1}"
check "a latency of 1e308 ms → 2, with its path" bad 2 "configs[1].latency_ms[3]: 1e+308 ms is not a latency" sweep --from "$files/huge_latency.json"
check "a latency of 5e-324 ms → 2" bad 2 "configs[1].latency_ms[3]" sweep --from "$files/tiny_latency.json"
check "a peak of INT64_MIN → 2" bad 2 "configs[0].memory.peak_allocated_bytes" sweep --from "$files/min_peak.json"
check "a peak of INT64_MAX → 2" bad 2 "configs[0].memory.peak_reserved_bytes" sweep --from "$files/max_peak.json"
check "roofline flops of -1e308 → 2" bad 2 "configs[0].roofline.work.flops" sweep --from "$files/negative_flops.json"
check "roofline bytes of \"x\" → 2" bad 2 "bytes" sweep --from "$files/string_bytes.json"
check "a negative nan_count → 2" bad 2 "configs[1].accuracy.nan_count" sweep --from "$files/negative_nans.json"
check "a cosine of 3 → 2" bad 2 "configs[1].accuracy.cosine_similarity" sweep --from "$files/cosine_3.json"
check "a config twice → 2, never ranked twice" bad 2 "config 'bf16' appears 2 times" sweep --from "$files/twice.json"
check "two FP32 references → 2" bad 2 "the FP32 reference 'fp32' appears 2 times" sweep --from "$files/two_references.json"
check "a key of 300 000 tokens → 2, quoted short" bad 2 "longer than the 128 characters" sweep --from "$files/long_key.json"
check "… in a message of one line" test "$(wc -c <"$work/err.txt")" -lt 1000
check "a key naming a token twice → 2, never collapsed" bad 2 "names 'cl' twice" sweep --from "$files/repeated_token.json"
check "a shard count of 2^31-1 → 2 at once" bad 2 "shard.count: 2147483647 shards" sweep --from "$files/many_shards.json"
check "merge of such a shard → 2 at once, no list of 2^31 shards" bad 2 "shard.count" merge "$files/many_shards.json" "$good" -o "$work/never.json"
for i in 0 7; do session_with "$files/split_$i.json" "d['shard'] = {'index': $i, 'count': 5000}"; done
check "merge with 4998 shards missing → 2, names ten of them" bad 2 "and 4988 more" merge "$files/split_0.json" "$files/split_7.json" -o "$work/never.json"
check "… in a message of one line" test "$(wc -c <"$work/err.txt")" -lt 1500

# The writer and the reader agree: a config out of memory in its warm-up is read back.
INFERSCOPE_FAULT_OOM=nograd+fp32 "$cli" profile -m resnet18 --warmup 1 -n 2 -c nograd+fp32 -o "$work/oom.inferscope.json" >/dev/null 2>&1
check "profile with an OOM config → 1" test $? -eq 1
check "… and its session reads back (sweep --from → 0)" bash -c "'$cli' sweep --from '$work/oom.inferscope.json' >'$work/oom.txt' 2>&1 && grep -q 'out of memory\|out_of_memory' '$work/oom.txt'"
session_with "$work/cancelled.json" "d['cancelled'] = True"
"$cli" merge "$good" "$work/cancelled.json" --keep-hosts -o "$work/merged.json" >/dev/null 2>"$work/merge.txt"
check "merge of a cancelled input completes → 0, and says so" \
  bash -c "[ $? -eq 0 ] && grep -q 'cancelled.json is a cancelled run' '$work/merge.txt'"

# ---- options fail loudly ---------------------------------------------------------------------
check "--shard '' → 2" bad 2 "--shard" sweep -m resnet18 -p fp32,bf16 --shard ''
check "tune --shard '' → 2" bad 2 "--shard" tune -m resnet18 --shard ''
check "--devices '' → 2" bad 2 "--devices" sweep -m resnet18 --device cuda -p fp32 --devices ''
check "sweep --shard 0/2147483647 → 2, says the maximum" bad 2 "n may be at most 1" sweep -m resnet18 -p fp32,bf16 --shard 0/2147483647
check "tune --shard 0/2147483647 → 2, says the maximum" bad 2 "n may be at most" tune -m resnet18 --shard 0/2147483647
check "--model nosuchmodel → 2, lists the zoo" bad 2 "zoo models: resnet18" profile --model nosuchmodel
check "--batch 99999999999 → 2, with the bound" bad 2 "is not a size from 1 to 16777216" profile --batch 99999999999
check "--finalists 0 → 2, in words" bad 2 "--finalists: must be a whole number ≥ 1" tune -m resnet18 --finalists 0
check "--screen-iters 0 → 2, in words" bad 2 "--screen-iters: must be a whole number from 1 to 10000000" tune -m resnet18 --screen-iters 0
check "slurm --shards 0 → 2, in words" bad 2 "--shards: must be a whole number from 1 to 100000" slurm --shards 0 --out-dir "$work/sl" --dry-run -- -m resnet18
"$cli" slurm --shards 2 --out-dir "$work/sl" --dry-run --module gcc/12 -- -m resnet18 -p fp32 >"$work/slurm.txt" 2>&1
check "slurm --module last before -- keeps the separator" \
  bash -c "grep -q \"module load 'gcc/12'\" '$work/slurm.txt' && ! grep -q \"module load '--'\" '$work/slurm.txt' && grep -q \"'resnet18'\" '$work/slurm.txt'"

# ---- values checked before conversion (core/common/value_limits.h) ----------------------------
# Past these bounds a value overflowed downstream: 1e10 s wrapped the budget's clock into one that
# had ended, INT_MAX iterations ran 1, -1 became the seed 2^64-1.
check "tune --budget-s 1e10 → 2, with the bound" bad 2 "--budget-s: must be a number > 0 and ≤ 1000000" tune -m resnet18 --budget-s 1e10
check "--isolate-timeout 1e308 → 2" bad 2 "--isolate-timeout: must be a number > 0 and ≤ 1000000" profile -m resnet18 --isolate --isolate-timeout 1e308
check "--iters 2147483647 → 2, with the bound" bad 2 "--iters: must be a whole number from 1 to 10000000, e.g. 100 (got 2147483647, more than the largest, 10000000)" profile -m resnet18 --iters 2147483647
check "--warmup 2147483647 → 2" bad 2 "more than the largest, 10000000" profile -m resnet18 --warmup 2147483647
check "tune --screen-iters 2147483647 → 2" bad 2 "--screen-iters" tune -m resnet18 --screen-iters 2147483647
check "--seed -1 → 2, never 2^64-1" bad 2 "--seed: must be a whole number from 0 to 18446744073709551615, e.g. 0 (got -1: a seed cannot be negative)" profile -m resnet18 --seed -1
echo '{"gpus_per_task": 1e300}' >"$files/slurm_huge.json"
check "slurm gpus_per_task 1e300 → 2, the right words" bad 2 '"gpus_per_task" must be a whole number from 0 to 4096 (got 1e+300)' \
  slurm --shards 2 --out-dir "$work/sl2" --dry-run --config "$files/slurm_huge.json" -- -m resnet18
check "slurm --gpus-per-task 5000 → 2" bad 2 "--gpus-per-task" slurm --shards 2 --out-dir "$work/sl2" --dry-run --gpus-per-task 5000 -- -m resnet18
python3 -c "
import json; print(json.dumps({'model': {'name': 'resnet18'}, 'batch': 0, 'plan': ['fp32']}))" >"$files/request_batch0.json"
check "a worker request with batch 0 → 2" bad 2 "request.batch: 0 is outside 1…2147483648" worker --request "$files/request_batch0.json"
python3 -c "
import json; print(json.dumps({'model': {'name': 'resnet18', 'seed': -1}, 'plan': ['fp32']}))" >"$files/request_seed.json"
check "a worker request with seed -1 → 2" bad 2 "model.seed: -1 is not a seed" worker --request "$files/request_seed.json"
python3 -c "
import json; print(json.dumps({'model': {'name': 'resnet18'}, 'run': {'measure_iterations': 2147483647}, 'plan': ['fp32']}))" >"$files/request_iters.json"
check "a worker request with 2^31-1 iterations → 2" bad 2 "request.run.measure_iterations: 2147483647 is outside" worker --request "$files/request_iters.json"
session_with "$files/budget_1e20.json" "d['request']['run']['session_time_budget_ms'] = 1e20"
check "a session budget of 1e20 ms → 2" bad 2 "request.run.session_time_budget_ms" sweep --from "$files/budget_1e20.json"
# Shards: the numbers as written; get<int> wrapped 2^32 to 0, a second shard 0.
session_with "$files/shard_negative.json" "d['shard'] = {'index': -1, 'count': 4}"
session_with "$files/shard_wrapped.json" "d['shard'] = {'index': 2**32, 'count': 4}"
session_with "$files/shard_float.json" "d['shard'] = {'index': 1.5, 'count': 4}"
check "a shard index of -1 → 2" bad 2 "shard '-1/4'" sweep --from "$files/shard_negative.json"
check "a shard index of 2^32 → 2, never shard 0" bad 2 "shard '4294967296/4'" sweep --from "$files/shard_wrapped.json"
check "a shard index of 1.5 → 2" bad 2 "shard '1.5/4'" sweep --from "$files/shard_float.json"
check "merge of one session twice → 2, never ranked twice" bad 2 "$files/good.inferscope.json is the same session as $files/good.inferscope.json" \
  merge "$good" "$good" -o "$work/never.json"
check "merge of a session and its copy → 2" bad 2 "shard_b.json is the same session as" \
  merge "$files/shard_a.json" "$files/shard_b.json" -o "$work/never.json"

# ---- fail early, lose nothing ------------------------------------------------------------------
# Every output is tried (an empty probe file, removed at once) before anything runs.
check "-o where no file can be created → 2 before the run" bad 2 "-o /proc/never.json: cannot write in the folder '/proc'" \
  profile -m resnet18 -n 1 -o /proc/never.json
check "… and nothing ran" bash -c "! grep -q 'fp32\|iteration' '$work/err.txt'"
check "tune -o where no file can be created → 2" bad 2 "cannot write in the folder" tune -m resnet18 -o /proc/never.json
check "recommend --python where no file can be created → 2" bad 2 "--python /proc/x.py: cannot write" \
  recommend --simulate ampere --python /proc/x.py
if [ "$(id -u)" -ne 0 ]; then  # root writes into a read-only folder anyway
  mkdir -p "$work/readonly"; chmod 555 "$work/readonly"
  check "-o into a read-only folder → 2 before the run" bad 2 "cannot write in the folder" \
    profile -m resnet18 -n 1 -o "$work/readonly/s.json"
  chmod 755 "$work/readonly"
fi
check "no probe file is left behind" bash -c "! ls -a '$files' '$work' | grep -q inferscope-probe"
badname=$work/$'model\xff\xfe.pt'
echo "pretend TorchScript" >"$badname"
check "a model file name that is not UTF-8 → 2 before the run" bad 2 "the file name is not valid UTF-8" \
  profile --model-file "$badname" --input 1x3x8x8 --trust "$badname"
check "sweep --from with options it would ignore → 2, naming them" bad 2 "--from ranks a saved session and runs nothing, so --model, --iters would be ignored" \
  sweep --from "$good" -m resnet50 -n 5
check "sweep --from with --tolerance and -o is fine" \
  bash -c "'$cli' sweep --from '$good' --tolerance 0.05 -o '$work/from_ok.json' >/dev/null 2>&1"

# The host out of memory is not the input's fault: exit 5, "out of host memory", never "cannot run
# on input" (exit 2). A 5 GB address-space limit makes the reference's first convolution (2.3 GB)
# fail in LibTorch's CPU allocator; CPU builds only (a CUDA LibTorch maps more than that to load),
# and not under AddressSanitizer, whose shadow memory alone needs terabytes of address space.
if ! "$cli" devices 2>/dev/null | grep -q cuda && ! ldd "$cli" 2>/dev/null | grep -q libasan; then
  bad_limited() { local cli=bash; bad "$@"; }  # bad, with the command line given to bash -c
  check "the host out of memory → 5, said as such" bad_limited 5 "ran out of host memory" \
    -c "ulimit -v 5000000; exec '$cli' profile -m resnet18 --input 1x3x6000x6000 -n 1 --warmup 0 -c fp32"
fi

# ---- text from files is data: a tuned session's state and model name print escaped -------------
tuned=$files/tuned.inferscope.json
cp "$fixtures/cpu_resnet18_tuned.inferscope.json" "$tuned"
python3 - "$tuned" "$files/tuned_evil.json" <<'PY'
import json, sys
d = json.load(open(sys.argv[1]))
d['request']['model'].update(source='torchscript', name='evil\x1b]0;owned\x07\x1b[2J', path='/m/evil.pt')
race = d['races'][0]
race['verdict'] = 'Winner \x1b[31mred\x1b[0m\nforged line\x9b2J'
race['model'] = 'm\x1b]8;;http://x\x07link'
race['verdict_state'] = 'final\x1b[5m'
open(sys.argv[2], 'w').write(json.dumps(d, ensure_ascii=False))
PY
"$cli" sweep --from "$files/tuned_evil.json" >"$work/tuned_evil.txt" 2>&1
check "sweep --from on a crafted tuned session → 0" test $? -eq 0
check "… prints no raw ESC, C1 CSI or BEL byte" python3 -c "
import sys; d = open(sys.argv[1], 'rb').read()
sys.exit(any(b in d for b in (b'\x1b', b'\x07', b'\xc2\x9b')))" "$work/tuned_evil.txt"
# The saved verdict paragraph is not printed: the answer is rendered from the race's fields.
check "… and shows the text escaped, the state on its one line" python3 -c "
import sys; d = open(sys.argv[1], encoding='utf-8', errors='replace').read()
wanted = ['evil\\\\x1b]0;owned\\\\x07\\\\x1b[2J', 'final\\\\x1b[5m',
          'm\\\\x1b]8;;http://x\\\\x07link']
sys.exit(not all(w in d for w in wanted) or '\nforged line' in d)" "$work/tuned_evil.txt"

# ---- exit codes when parts fail (README's table) ---------------------------------------------
"$cli" sweep -m resnet18 --warmup 0 -n 2 -q -p fp32,tf32 >/dev/null 2>&1
check "a sweep with an unsupported config beside ones that ran → 0" test $? -eq 0
INFERSCOPE_FAULT_OOM=nograd+fp32 "$cli" sweep -m resnet18 --warmup 0 -n 2 -q -p fp32,nograd+fp32 >/dev/null 2>&1
check "a sweep in which a config failed → 1" test $? -eq 1
if ! "$cli" devices 2>/dev/null | grep -q cuda; then
  "$cli" sweep -m resnet18 --warmup 0 -n 1 -q -p fp32,bf16 --device cuda --devices 0 >/dev/null 2>"$work/devices.txt"
  check "sweep --device cuda --devices 0 on a CPU build → 4 (all unsupported)" test $? -eq 4
fi

e2e_summary
