#!/bin/bash
# tune's run memory and --resume end to end on the CPU (docs/ADVISOR.md, "Run memory and resume"):
# a tune writes its memory, the next tune of the same model starts from it and says which file,
# --fresh does not read it, a corrupt one is ignored with a warning, a budget-ended session
# continues with --resume, and a session of another model or with no race is refused with exit 2.
# tune --status lists a compile an earlier tune left running (a stand-in helper recorded as tune
# records one) and tune --stop-compiles stops it.
#   usage: cli_run_memory.sh /path/to/inferscope-cli WORKDIR
set -u
cli=$1; work=$2
rm -rf "$work"; mkdir -p "$work"
source "$(dirname "$0")/e2e_lib.sh"
# A cache of its own: never the user's memory, and every run of this script starts cold.
export XDG_CACHE_HOME=$work/cache
memory_dir=$XDG_CACHE_HOME/inferscope/memory
tiny=(-m bert-encoder --layers 1 --hidden 32 --heads 2 --seq-len 8 -b 1 -d cpu --warmup 1 -n 5
      --screen-iters 4 --forks 2)

"$cli" tune "${tiny[@]}" --budget-s "$(scaled 15)" -o "$work/cold.inferscope.json" \
  >"$work/cold.txt" 2>"$work/cold.err"
rc=$?
check "a cold tune exits 0" bash -c "[ $rc -eq 0 ] || { tail -5 '$work/cold.err'; false; }"
check "… reads no memory" bash -c "! grep -q 'run memory used' '$work/cold.err'"
memory=$(ls "$memory_dir"/bert-encoder-*.json 2>/dev/null | head -1)
check "… and writes its run memory under XDG_CACHE_HOME" test -s "$memory"
check "… a versioned file that names its key" python3 - "$memory" <<'PY'
import json, sys
m = json.load(open(sys.argv[1]))
assert m["kind"] == "inferscope-run-memory" and m["format"] == 1, m.get("kind")
assert m["key"]["model"].startswith("zoo:bert-encoder"), m["key"]
assert "libtorch" in m["key"]["versions"], m["key"]
assert any(c["state"] == "winner" for c in m["race"]["candidates"]), "no winner remembered"
PY

"$cli" tune "${tiny[@]}" --budget-s "$(scaled 15)" >"$work/warm.txt" 2>"$work/warm.err"
rc=$?
check "a warm tune exits 0" test "$rc" -eq 0
check "… starts from the memory and names the file" grep -qF "run memory used: $memory" "$work/warm.err"

# In Japanese (--lang, a global option): the summary's answer block is rendered from the answer's
# fields in Japanese, no English label or sentence left in it.
"$cli" --lang ja tune "${tiny[@]}" --budget-s "$(scaled 10)" --fresh >"$work/fresh.txt" 2>"$work/fresh.err"
rc=$?
check "--fresh does not read the memory, and says so" bash -c "[ $rc -eq 0 ] && \
  grep -q 'run memory not read (--fresh)' '$work/fresh.err' && ! grep -q 'run memory used' '$work/fresh.err'"
check "--lang ja: the answer block is Japanese" python3 - "$work/fresh.txt" <<'PY'
import re, sys
text = open(sys.argv[1], encoding="utf-8").read()
block = text[text.rindex("\n  答え:"):]
labels = [l.split(":")[0].strip() for l in block.splitlines() if re.match(r"^  \S+:", l)]
assert labels[:2] == ["答え", "確かさ"] and "未測定" in labels, labels
for english in ("Answer:", "Confidence:", "Missing:", "not measured", "fresh processes"):
    assert english not in block, (english, block)
# Keys, units, options and product names may stay; an English sentence (two words of Latin
# letters only in a row) may not.
for line in block.splitlines():
    latin = [bool(re.fullmatch(r"[A-Za-z]{2,}", t)) and t not in ("eager", "ms", "GPU", "CPU")
             for t in line.split()]
    assert not any(a and b for a, b in zip(latin, latin[1:])), line
assert re.search(r"^(確定|暫定|勝者なし|取り消し)( \(|: )", text, re.M), "no Japanese state line"
PY
# The progress lines on stderr are Japanese too: the round's words, each candidate's state.
check "--lang ja: the progress lines are Japanese" python3 - "$work/fresh.err" <<'PY'
import re, sys
text = open(sys.argv[1], encoding="utf-8").read()
assert re.search(r"^.+ を .+ でチューニング · 予算 [0-9]+ s · 安全の条件: 自動 ", text, re.M), text[:400]
assert re.search(r"\] 候補 [0-9]+ 件を選別中 × [0-9]+ 回$", text, re.M), text[:800]
for english in ("Tuning ", "screening ", " survivors ", "finals: ", "eliminated ", "not measured "):
    assert english not in text, (english, text[:800])
PY
check "--lang ja: a saved race reads back in Japanese, from LANG too" bash -c \
  "LC_ALL= LC_MESSAGES= LANG=ja_JP.UTF-8 INFERSCOPE_LANG= '$cli' sweep --from '$work/cold.inferscope.json' | grep -q '^チューニング結果 ' && \
   INFERSCOPE_LANG=en LC_ALL= LANG=ja_JP.UTF-8 '$cli' sweep --from '$work/cold.inferscope.json' | grep -q '^Tuned '"
"$cli" tune "${tiny[@]}" --lang fr >"$work/lang.txt" 2>&1
rc=$?
check "--lang fr → exit 2 naming --lang" bash -c "[ $rc -eq 2 ] && grep -q -- '--lang' '$work/lang.txt'"

printf '{"kind": "inferscope-run-memory", "format": 1, "key": ' >"$memory"
"$cli" tune "${tiny[@]}" --budget-s "$(scaled 10)" >"$work/corrupt.txt" 2>"$work/corrupt.err"
rc=$?
check "a corrupt memory is ignored with a warning naming it" bash -c "[ $rc -eq 0 ] && \
  grep -qF 'run memory ignored: $memory' '$work/corrupt.err'"
check "… and replaced by this run's" python3 -c "import json,sys; json.load(open(sys.argv[1]))" "$memory"

# A budget too short for the space, then continued with a larger one.
"$cli" tune "${tiny[@]}" --fresh --budget-s 3 -o "$work/short.inferscope.json" \
  >"$work/short.txt" 2>"$work/short.err"
check "a short tune writes a session with a race" grep -q '"races"' "$work/short.inferscope.json"
"$cli" tune "${tiny[@]}" --resume "$work/short.inferscope.json" --budget-s "$(scaled 20)" \
  -o "$work/resumed.inferscope.json" >"$work/resumed.txt" 2>"$work/resumed.err"
rc=$?
check "tune --resume continues it" bash -c "[ $rc -eq 0 ] && \
  grep -qF 'continuing the race of $work/short.inferscope.json' '$work/resumed.err' || \
  { echo \"  exit $rc\"; tail -3 '$work/resumed.err'; false; }"
check "… keeps what it measured, measures what it did not reach, writes the combined race" \
  python3 - "$work/short.inferscope.json" "$work/resumed.inferscope.json" <<'PY'
import json, sys
short = json.load(open(sys.argv[1]))["races"][0]
resumed = json.load(open(sys.argv[2]))["races"][0]
was = {c["key"]: c for c in short["candidates"]}
now = {c["key"]: c for c in resumed["candidates"]}
for key, c in was.items():
    if c["state"] in ("eliminated", "failed", "unsafe"):
        assert now[key]["state"] == c["state"] and now[key]["median_ms"] == c["median_ms"], key
missing = [k for k, c in was.items() if c["state"] == "not-measured"]
assert all(now[k]["state"] != "not-measured" for k in missing), \
    [k for k in missing if now[k]["state"] == "not-measured"]
assert resumed["winner"], "no winner"
PY
check "--resume of another model → exit 2, says which" expect_exit 2 "the session tuned bert-encoder" \
  tune -m resnet18 -d cpu --resume "$work/short.inferscope.json"
"$cli" profile -m resnet18 -b 1 --warmup 1 -n 2 -c fp32 -o "$work/profile.inferscope.json" \
  >/dev/null 2>&1
check "--resume of a session with no race → exit 2" expect_exit 2 "holds no race to continue" \
  tune -m resnet18 -b 1 -d cpu --resume "$work/profile.inferscope.json"
# A compile left running: a stand-in for the helper (its command line names the helper script,
# it leads its own process group and its package's lock names it), recorded as a tune records one.
compiles_dir=$XDG_CACHE_HOME/inferscope/compiles
check "tune --status with nothing left running" bash -c \
  "'$cli' tune --status | grep -q 'No background compiles are running'"
check "… in Japanese with INFERSCOPE_LANG=ja" bash -c \
  "INFERSCOPE_LANG=ja '$cli' tune --status | grep -q '実行中のバックグラウンドコンパイルはありません'"
printf 'sleep 120\n' >"$work/inferscope_aoti.py"
setsid sh "$work/inferscope_aoti.py" </dev/null >/dev/null 2>&1 &
helper=$!
sleep 0.5
echo "$helper" >"$work/pkg.pt2.lock"
mkdir -p "$compiles_dir"
now=$(date +%s)
cat >"$compiles_dir/$helper.json" <<JSON
{"model": "densenet121", "key": "fp16+cl+aoti", "package_path": "$work/pkg.pt2",
 "log_path": "$work/pkg.log", "pid": $helper, "started_unix_s": $((now - 80)), "typical_ms": 120000}
JSON
"$cli" tune --status >"$work/status.txt" 2>&1
"$cli" --lang ja tune --status >"$work/status-ja.txt" 2>&1
check "tune --status lists the compile: model, key, pid, when it is ready, log" bash -c \
  "grep -q 'densenet121  fp16+cl+aoti  pid $helper  ready in about' '$work/status.txt' && \
   grep -q 'log $work/pkg.log' '$work/status.txt' && grep -q 'tune --stop-compiles' '$work/status.txt'"
check "… and in Japanese: when it is ready, its log" bash -c \
  "grep -q 'densenet121  fp16+cl+aoti  pid $helper  あと約 [0-9]* s で完了' '$work/status-ja.txt' && \
   grep -q 'ログ $work/pkg.log' '$work/status-ja.txt'"
check "tune --stop-compiles stops it" bash -c \
  "'$cli' tune --stop-compiles | grep -q 'stopped: densenet121 fp16+cl+aoti (pid $helper'"
wait "$helper" 2>/dev/null
check "… the helper is gone and so is its record" bash -c \
  "! kill -0 $helper 2>/dev/null && [ ! -e '$compiles_dir/$helper.json' ] && \
   '$cli' tune --status | grep -q 'No background compiles are running'"
check "--status and --stop-compiles together → exit 2" bash -c \
  "'$cli' tune --status --stop-compiles >/dev/null 2>&1; [ \$? -eq 2 ]"
e2e_summary
