#!/bin/bash
# The Python export of a shape-set answer, run as written: `tune` over a shape set on a tiny CPU
# encoder writes the routing table (--python), and the file runs under a real PyTorch for every
# shape of the set — each request on its bucket's config as the session's routing table says, a
# request between buckets padded up to the next bucket, a user's model through --model.
#   usage: cli_shape_router.sh /path/to/inferscope-cli WORKDIR PYTHON_WITH_TORCH
# Exits 77 (skipped) when no interpreter with torch was found at configure time.
set -u
cli=$1; work=$2; py=${3:-}
rm -rf "$work"; mkdir -p "$work"
source "$(dirname "$0")/e2e_lib.sh"
if [ -z "$py" ]; then
  echo "skipped: no python3 with torch (set INFERSCOPE_PYTHON and configure again)"; exit 77
fi
export XDG_CACHE_HOME=$work/cache
tiny=(-m bert-encoder --layers 1 --hidden 32 --heads 2 -d cpu --warmup 1 --forks 2 -n 20)

# Batch buckets 1, 4, 8 of 8 tokens. PyTorch 2.8 is the export's target: its legacy TF32 calls
# exist in the 1.x a distribution ships, which the eager configs a CPU tune picks accept.
"$cli" tune "${tiny[@]}" --seq-len 8 --batch 1,4,8 --budget-s 90 --torch-version 2.8 \
  --python "$work/router.py" -o "$work/tune.inferscope.json" >"$work/tune.txt" 2>"$work/tune.err"
rc=$?
check "tune over 3 batch sizes with --python exits 0" test "$rc" -eq 0
check "tune says it wrote the router" grep -q "^wrote $work/router.py (Python: the routing table" "$work/tune.txt"
check "the router is executable" test -x "$work/router.py"
check "the router's header lists the buckets with their configs" bash -c \
  "[ \$(grep -cE '^#   B=[148] +[148]x8:int64 +[a-z0-9+-]+ +[0-9.]+ ms\$' '$work/router.py') -eq 3 ]"
"$py" "$work/router.py" >"$work/run.txt" 2>"$work/run.err"
rc=$?
check "the router runs as written under $("$py" -c 'import torch; print(torch.__version__)')" bash -c \
  "[ $rc -eq 0 ] || { cat '$work/run.err'; false; }"
# The session's routing table, against what the router ran: every bucket, its config.
"$py" - "$work/tune.inferscope.json" "$work/run.txt" >"$work/compare.txt" 2>&1 <<'PY'
import json, sys
routes = {r["shape"]: r["config"] for r in json.load(open(sys.argv[1]))["shape_record"]["routing"]}
ran = [json.loads(line) for line in open(sys.argv[2]) if line.startswith("{")]
bad = []
for r in ran:
    if not r["finite"]:
        bad.append(f"{r['request']}: output not finite")
    if r["config"] != routes.get(r["bucket"]):
        bad.append(f"{r['request']}: ran {r['config']}, the table says {routes.get(r['bucket'])}")
    if r["output_shape"][0] != r["request"][0]:
        bad.append(f"{r['request']}: output batch {r['output_shape'][0]}")
print(f"{len(ran)} requests, {len(set(r['bucket'] for r in ran))} buckets")
print("\n".join(bad) or "all on their bucket's config")
PY
check "every bucket's shape ran on the config the session's table names" bash -c \
  "grep -q '^4 requests, 3 buckets\$' '$work/compare.txt' && grep -q '^all on their bucket' '$work/compare.txt' || { cat '$work/compare.txt'; false; }"
check "a request between buckets (batch 3) is padded to the B=4 bucket and cut back" \
  grep -qE '^\{"bucket": "B=4", "config": "[a-z0-9+-]+", "finite": true, "output_shape": \[3, 8, 8\], "padded_to": 4, "request": \[3, 8\]\}$' "$work/run.txt"

# A user's model through --model (an InferScope --model-py style entry: module and inputs).
cat >"$work/user_model.py" <<'PY'
import torch

def build():
    torch.manual_seed(1)
    model = torch.nn.Sequential(torch.nn.Embedding(1000, 16), torch.nn.Linear(16, 4))
    return model, (torch.randint(0, 1000, (1, 8)),)
PY
"$py" "$work/router.py" --model "$work/user_model.py:build" >"$work/user.txt" 2>&1
rc=$?
check "the router runs a user's model at every bucket" bash -c \
  "[ $rc -eq 0 ] && [ \$(grep -c '\"output_shape\": \[[1348], 8, 4\]' '$work/user.txt') -eq 4 ] || { cat '$work/user.txt'; false; }"

# Sequence-length buckets: same batch, different lengths; a request matches its length exactly.
"$cli" tune "${tiny[@]}" --input '2xS:int64' --dims S=4,16 --budget-s 60 --torch-version 2.8 \
  --python "$work/seq.py" >"$work/seq-tune.txt" 2>&1
rc=$?
check "tune over 2 sequence lengths with --python exits 0" test "$rc" -eq 0
"$py" "$work/seq.py" >"$work/seq.txt" 2>&1
rc=$?
check "the sequence router runs each length on its own bucket (batch 1 padded to 2)" bash -c \
  "[ $rc -eq 0 ] && grep -q '\"bucket\": \"S=4\".*\"request\": \[2, 4\]' '$work/seq.txt' && \
   grep -q '\"bucket\": \"S=16\".*\"request\": \[2, 16\]' '$work/seq.txt' && \
   grep -q '\"padded_to\": 2, \"request\": \[1, 4\]' '$work/seq.txt' || { cat '$work/seq.txt'; false; }"

"$cli" profile -m bert-encoder --layers 1 --hidden 32 --heads 2 --seq-len 8 -d cpu --warmup 1 -n 5 -q \
  -c fp32 -o "$work/one.inferscope.json" >/dev/null 2>&1
# The same export from a sweep's own measurements, and from a saved session (sweep --from).
"$cli" sweep -m bert-encoder --layers 1 --hidden 32 --heads 2 --seq-len 8 -d cpu --warmup 1 -n 10 -q \
  -p fp32,bf16 --batch 1,2 --torch-version 2.8 --python "$work/sweep.py" -o "$work/sweep.inferscope.json" \
  >"$work/sweep.txt" 2>&1
rc=$?
"$py" "$work/sweep.py" >"$work/sweep-run.txt" 2>&1
rc2=$?
check "sweep --python over 2 batch sizes: the router runs each bucket on the sweep's table" bash -c \
  "[ $rc -eq 0 ] && [ $rc2 -eq 0 ] && [ \$(grep -c '\"bucket\": \"B=[12]\"' '$work/sweep-run.txt') -eq 3 ] || { cat '$work/sweep.txt' '$work/sweep-run.txt'; false; }"
"$cli" sweep --from "$work/tune.inferscope.json" --torch-version 2.8 --python "$work/from.py" >"$work/from.txt" 2>&1
rc=$?
"$py" "$work/from.py" >"$work/from-run.txt" 2>&1
rc2=$?
check "sweep --from a tuned shape session --python writes a router that runs" bash -c \
  "[ $rc -eq 0 ] && [ $rc2 -eq 0 ] && grep -q '^wrote $work/from.py' '$work/from.txt' && [ \$(grep -c '^{' '$work/from-run.txt') -eq 4 ] || { cat '$work/from.txt' '$work/from-run.txt'; false; }"
check "sweep --python for one shape → exit 2, before anything runs" expect_exit 2 "--python exports a shape set's routing table" \
  sweep -m resnet18 -p fp32 --python "$work/one-sweep.py"
check "sweep --from a one-shape session --python → exit 2" expect_exit 2 "the session has no routing table" \
  sweep --from "$work/one.inferscope.json" --python "$work/one-from.py"

check "tune --python for one shape → exit 2, naming recommend" expect_exit 2 "recommend --validate --python" \
  tune -m resnet18 --python "$work/one.py"
check "tune --torch-version before 2.x → exit 4 (the exports assume PyTorch 2.x)" expect_exit 4 "older than 2.0" \
  tune -m resnet18 --batch 1,2 --torch-version 1.13 --python "$work/old.py"
e2e_summary
