#!/bin/bash
# The GPU machine's measurement run (see docs/PERFORMANCE.md). From the repo root there:
#   bash bench/gpu/h200_run.sh build|test|test-gpu|test-rest|python|engine|aoti|aoti-graph|aoti-max|isolate|forks|tune|tune-resnet50|tune-bert|tune-reference|tune-files|hf-bert-probe|guide|guide-resnet50|guide-bert|cudnn|cudnn-debug|oom|install-cuda|trace-boundary|roofline|fixture|lessons ...   (phases, in order given)
# Writes logs, sessions and JSON to $OUT (default ./out). Needs .gpu (../shared/gpu/fetch-debs.sh).
# Tune runs' event streams (*.ndjson), once copied under bench/gpu/results/, join the replay corpus:
#   python3 bench/tuner/make_replay_corpus.py bench/gpu/results -o bench/tuner/corpus/h200.json
# (docs/ADVISOR.md, "Replay bench"; a GPU other than the H200 gets a corpus file of its own).
set -uo pipefail
OUT=${OUT:-$PWD/out}; mkdir -p "$OUT"
source .gpu/gpu-env.sh
CLI=build-gpu/cli/inferscope-cli
run_phase() {
  case $1 in
    build)
      cmake -S . -B build-gpu -G Ninja $GPU_CMAKE_ARGS -DCMAKE_BUILD_TYPE=Release -DINFERSCOPE_BUILD_GUI=${GUI:-OFF} \
        >"$OUT/configure.log" 2>&1 || { tail -30 "$OUT/configure.log"; return 1; }
      grep -E "CUDA|cuDNN|CUPTI|LibTorch" "$OUT/configure.log" | head
      # TARGETS=inferscope-cli builds the CLI alone (a measuring run that needs no tests).
      cmake --build build-gpu -j16 ${TARGETS:+--target $TARGETS} >"$OUT/build.log" 2>&1 \
        || { grep -E "error|Error" "$OUT/build.log" | head -30; return 1; } ;;
    test) run_phase test-gpu; run_phase test-rest ;;
    test-gpu)  # the CUDA tests alone (label gpu), one at a time: they share the GPU; GPU_TESTS=REGEX picks some
      ctest --test-dir build-gpu -L gpu ${GPU_TESTS:+-R "$GPU_TESTS"} --output-on-failure >"$OUT/ctest_gpu.log" 2>&1
      grep -E "tests passed|tests failed|Failed|\*\*\*" "$OUT/ctest_gpu.log" | head -30 ;;
    test-rest)  # every other test; under BUDGET_S, cut at what the call has left
      ctest --test-dir build-gpu -j8 -LE gpu --output-on-failure >"$OUT/ctest.log" 2>&1
      grep -E "tests passed|tests failed|Failed|\*\*\*" "$OUT/ctest.log" | head -30 ;;
    python)
      PYTHONUNBUFFERED=1 python3 bench/gpu/python_reference.py "$OUT/python_reference.json" --ts-file /tmp/tv_resnet50.pt \
        >"$OUT/python_reference.log" 2>&1 || tail -20 "$OUT/python_reference.log"
      tail -3 "$OUT/python_reference.log" ;;
    engine)
      $CLI devices
      $CLI profile -q -m resnet50 -b 32 -d cuda --warmup 20 -n 200 -c fp32 -c tf32 -c bf16 -c fp16+bench -c amp-bf16 \
        -c bf16+cl+bench -c bf16+graph -c bf16+cl+graph+bench -c fp16+cl+graph+bench -o "$OUT/resnet50_b32.inferscope.json"
      $CLI profile -q --model-file /tmp/tv_resnet50.pt --trust /tmp/tv_resnet50.pt --input 32x3x224x224:float32 \
        -d cuda --warmup 20 -n 200 -c fp32 -c tf32 -c bf16 -c fp16+bench -c fp32+ts -o "$OUT/torchscript_resnet50_b32.inferscope.json"
      # Repeatability: the same config five times in one run; a cold cuDNN benchmark warm-up.
      $CLI profile -q -m resnet50 -b 32 -d cuda --warmup 0 -n 300 -c fp16+bench -c fp32 -c fp32 -c fp32 -c fp32 -c fp32 \
        -o "$OUT/repeat_resnet50.inferscope.json" ;;
    devices)
      # issue #20 on the one visible H200: --devices all finds it, its worker sees it as cuda:0
      # through CUDA_VISIBLE_DEVICES=0; a 2-shard split of the same plan merges to the same configs.
      $CLI sweep -q -m resnet50 -b 32 -d cuda --warmup 20 -n 200 -p fp32,tf32,bf16,bf16+cl+bench,bf16+graph \
        --devices all -o "$OUT/devices_all.inferscope.json"
      for i in 0 1; do
        $CLI sweep -q -m resnet50 -b 32 -d cuda --warmup 20 -n 200 -p fp32,tf32,bf16,bf16+cl+bench,bf16+graph \
          --shard $i/2 -o "$OUT/shard-$i.inferscope.json" >/dev/null
      done
      $CLI merge "$OUT/shard-0.inferscope.json" "$OUT/shard-1.inferscope.json" -o "$OUT/merged.inferscope.json" ;;
    aoti)
      # bf16 packages first (the guide's ResNet-50 target), one fp32 package (the FP32-flag path).
      $CLI profile -q -m resnet50 -b 32 -d cuda --warmup 20 -n 200 -c bf16+cl+aoti -c bf16+aoti -c bf16+cl+graph+bench \
        -c fp32+aoti -o "$OUT/resnet50_aoti.inferscope.json"
      $CLI profile -q -m bert-encoder -b 32 -d cuda --warmup 20 -n 200 -c fp32 -c tf32 -c bf16 -c amp-bf16 -c bf16+graph \
        -c bf16+aoti -o "$OUT/bert_b32.inferscope.json" ;;
    aoti-graph)
      # Issue #13: an AOTInductor package replayed in a CUDA graph, on a small model first (its
      # package compiles in ~30 s): the same package plain and captured, side by side, in its own cache.
      XDG_CACHE_HOME=/tmp/aoti-graph-cache $CLI profile -q -m resnet18 -b 8 -d cuda --warmup 20 -n 200 \
        -c fp16+cl+aoti -c fp16+cl+aoti-graph -c fp16+cl+graph -o "$OUT/aoti_graph_resnet18.inferscope.json" \
        >"$OUT/aoti_graph_resnet18.txt" 2>&1
      echo "aoti-graph: exit $?"; grep -E "^(fp16|config)|error|failed" "$OUT/aoti_graph_resnet18.txt" | head -20 ;;
    aoti-max)
      $CLI profile -q -m resnet50 -b 32 -d cuda --warmup 20 -n 200 -c bf16+cl+aoti-max -c bf16+cl+aoti \
        -o "$OUT/resnet50_aoti_max.inferscope.json" ;;
    isolate)
      # Cold starts paid per config: each config in its own worker process, the reference last.
      $CLI profile -q --isolate -m resnet50 -b 32 -d cuda --warmup 0 -n 100 -c fp32 -c fp16+bench -c bf16+cl+bench \
        -c bf16+cl+graph+bench -o "$OUT/isolate_resnet50.inferscope.json"
      $CLI profile -q -m resnet50 -b 32 -d cuda --warmup 0 -n 100 -c fp32 -c fp16+bench -c bf16+cl+bench \
        -c bf16+cl+graph+bench -o "$OUT/inprocess_resnet50.inferscope.json" ;;
    guide) run_phase guide-resnet50 && run_phase guide-bert ;;
    guide-resnet50)
      $CLI sweep -m resnet50 -b 32 -d cuda --plan guide --warmup 20 -n 200 -o "$OUT/guide_resnet50.inferscope.json" \
        >"$OUT/guide_resnet50.txt" 2>&1; echo "exit $?"; tail -40 "$OUT/guide_resnet50.txt" ;;
    guide-bert)
      $CLI sweep -m bert-encoder -b 32 -d cuda --plan guide --warmup 20 -n 200 -o "$OUT/guide_bert.inferscope.json" \
        >"$OUT/guide_bert.txt" 2>&1; echo "exit $?"; tail -30 "$OUT/guide_bert.txt" ;;
    cudnn)
      # The cuDNN ledger of ResNet-50 (batch 32) in FP32, TF32, BF16 and BF16 + channels_last; each
      # mode in a fresh process, re-tuning measured at two new input sizes.
      for cfg in fp32 tf32 bf16 bf16+cl; do
        name=$(echo "$cfg" | tr '+' '_')
        $CLI cudnn -q -m resnet50 -b 32 -d cuda -c "$cfg" --retune-input 32x3x256x256:float32 \
          --json "$OUT/ledger_resnet50_$name.json" -o "$OUT/cudnn_resnet50_$name.inferscope.json" >"$OUT/ledger_resnet50_$name.txt" 2>&1
        echo "--- $cfg: exit $?"; tail -4 "$OUT/ledger_resnet50_$name.txt"
      done ;;
    cudnn-debug)
      # The parent of `inferscope-cli cudnn` crashed at pc 0 on the H200 (docs/CUDNN_LEDGER.md):
      # the crash report with mappings, placed by library, and the signals around it.
      INFERSCOPE_CRASH_MAPS=1 $CLI cudnn -m resnet50 -b 8 -d cuda -c bf16+cl --json "$OUT/debug_ledger.json" >"$OUT/crash.log" 2>&1
      echo "cudnn: exit $?"; grep -v "^[0-9a-f]*-[0-9a-f]* " "$OUT/crash.log" | head -80
      python3 bench/gpu/place_crash.py "$OUT/crash.log"
      if command -v strace >/dev/null; then
        strace -f -tt -e trace=signal,process -o "$OUT/strace.txt" $CLI cudnn -q -m resnet50 -b 8 -d cuda -c bf16+cl >/dev/null 2>&1
        grep -E "SIG|exit|kill" "$OUT/strace.txt" | tail -40
      fi ;;
    oom)
      # Out-of-memory leaves nothing behind (docs/SECURITY.md's issue #16): ResNet-50 at a batch
      # whose FP32 and BF16 configs run out of memory; each OOM result says the device's free
      # memory after it and before the first config, and what PyTorch still holds, if anything.
      $CLI profile -m resnet50 -b ${OOM_BATCH:-65536} -d cuda --warmup 1 -n 2 --no-accuracy -c fp32 -c bf16 \
        -o "$OUT/oom_resnet50.inferscope.json" >"$OUT/oom.txt" 2>&1
      echo "oom: exit $? (1 expected: configs ran out of memory)"
      grep -E "out of memory|GiB" "$OUT/oom.txt" | cut -c1-400 ;;
    install-cuda)
      # Issue #17: the one-command CUDA install as a workstation user runs it (scripts/install-cuda.sh,
      # LibTorch from this machine's PyTorch), into a prefix of its own; the installed CLI must list
      # the H200 and the GUI must draw a session offscreen.
      # INSTALL_BUILD=build-gpu makes this the run's build too (its tests included; the phases after it use it).
      # INSTALL_ARGS=--skip-tests leaves the tests to the phases test-gpu and test-rest.
      bash scripts/install-cuda.sh --prefix /tmp/inferscope-cuda --build-dir "${INSTALL_BUILD:-/tmp/inferscope-cuda-build}" \
        ${INSTALL_ARGS:-} >"$OUT/install_cuda.log" 2>&1
      echo "install-cuda: exit $?"; grep -E "tests passed|tests failed|Failed|\*\*\*|install-cuda:" "$OUT/install_cuda.log" | head -30; tail -6 "$OUT/install_cuda.log"
      /tmp/inferscope-cuda/bin/inferscope --screenshot "$OUT/installed_gui.png" --size 1280x720 \
        --open tests/fixtures/h200_resnet50_b32.inferscope.json && ls -la "$OUT/installed_gui.png" ;;
    trace-boundary)
      # Issue #17: the spike at the first measured iteration of traced sessions. The same configs
      # untraced and traced (window: 1 warm-up + 3 steady iterations); trace_boundary.py prints each
      # iteration around the warm-up's end against the median, traced ones starred, host time too.
      $CLI profile -q -m resnet50 -b 8 -d cuda --warmup 5 -n 40 -c fp32 -c bf16 -c bf16+cl+graph+bench \
        -o "$OUT/boundary_untraced.inferscope.json" >"$OUT/boundary_untraced.txt" 2>&1
      echo "untraced: exit $?"
      $CLI trace -q -m resnet50 -b 8 -d cuda --warmup 5 -n 40 -c fp32 -c bf16 -c bf16+cl+graph+bench \
        --window-warmup 1 --window-steady 3 -o "$OUT/boundary_traced.inferscope.json" >"$OUT/boundary_traced.txt" 2>&1
      echo "traced: exit $?"
      python3 bench/gpu/trace_boundary.py "$OUT/boundary_untraced.inferscope.json" "$OUT/boundary_traced.inferscope.json" ;;
    forks)
      # Issue #14: on a launch-bound model (MobileNetV3-Large b16 FP32, traced torchvision file) and
      # a GPU-bound one (zoo ResNet-50 b32 FP32), a --forks 5 run's next-process interval must
      # cover the medians of 5 further fresh processes; ResNet-50's level CI within ±1 %.
      python3 bench/gpu/export_mobilenet.py /tmp/mnv3.pt 16 || return 1
      local trust=(); $CLI profile --help 2>/dev/null | grep -q -- --trust && trust=(--trust /tmp/mnv3.pt)
      for run in a b; do
        $CLI profile -q --model-file /tmp/mnv3.pt --input 16x3x224x224:float32 "${trust[@]}" -d cuda -c fp32 \
          --forks 5 -o "$OUT/forks_mnv3_$run.inferscope.json" >"$OUT/forks_mnv3_$run.txt" 2>&1; echo "mnv3 $run: exit $?"
        $CLI profile -q -m resnet50 -b 32 -d cuda -c fp32 --forks 5 \
          -o "$OUT/forks_resnet50_$run.inferscope.json" >"$OUT/forks_resnet50_$run.txt" 2>&1; echo "resnet50 $run: exit $?"
      done
      grep -h -A1 "^fp32 " "$OUT"/forks_*_a.txt
      python3 bench/gpu/forks_check.py "$OUT/forks_mnv3_a.inferscope.json" "$OUT/forks_mnv3_b.inferscope.json"
      python3 bench/gpu/forks_check.py "$OUT/forks_resnet50_a.inferscope.json" "$OUT/forks_resnet50_b.inferscope.json" \
        --max-half-width 1.0
      true ;;
    tune)
      # Issue #13: the tuner's targets (bench/gpu/tune_bench.sh core: tune ×3 cold/warm on ResNet-50
      # b32 and the encoder b32×128, the grid of the same space, torch.compile reduce-overhead).
      OUT="$OUT" CLI=$CLI bash bench/gpu/tune_bench.sh core ;;
    tune-resnet50|tune-bert|tune-reference)
      # The parts of `tune` alone, for device calls of 10 minutes (the cache of compiled packages
      # stays in TUNE_CACHE between calls on one machine).
      TUNE_OUT=/tmp/h200-tune CLI=$CLI bash bench/gpu/tune_bench.sh "${1#tune-}"
      mkdir -p "$OUT/tune" && cp -r /tmp/h200-tune/. "$OUT/tune/" ;;
    hf-bert-probe)
      # Issue #13: why the traced HF BERT-base file tunes slower than torch.compile of the same model
      # (eager, the zoo's path, traced, traced in a CUDA graph; the traced graph's attention ops and
      # each variant's top kernels). ~1 min.
      PYTHONUNBUFFERED=1 python3 bench/gpu/hf_bert_probe.py "$OUT/hf_bert_probe.json" >"$OUT/hf_bert_probe.log" 2>&1
      echo "hf-bert-probe: exit $?"; grep -v Warning "$OUT/hf_bert_probe.log" | tail -60 ;;
    tune-files)
      # Issue #13: real files end to end (torchvision, timm, HF BERT and GPT-2, a Python .pt2).
      OUT="$OUT" CLI=$CLI bash bench/gpu/tune_bench.sh files ;;
    lessons)
      # Issue #18: the sessions of the lessons whose data no other phase records (resources/lessons/,
      # docs/TEACHING.md): FP16 overflow on a model built for it, MobileNetV3-L / EfficientNet-B0 casts
      # (error and latency), their kernels traced, and traced GPT-2's failing FP16 cast. ~2 min.
      python3 bench/gpu/export_lesson_models.py /tmp/lessons | tee "$OUT/lesson_models.txt" | grep -E "^(MODEL|SKIP)"
      local m f spec
      lesson_profile() {  # NAME OUT_NAME CONFIGS...
        m=$1; f=/tmp/lessons/$m.pt; spec=$(awk -v n="$m" '$1=="MODEL" && $2==n {print $4}' "$OUT/lesson_models.txt")
        [ -n "$spec" ] || { echo "$m: not exported"; return 0; }
        local out=$2 c configs=(); shift 2
        for c in "$@"; do configs+=(-c "$c"); done
        $CLI profile -q --model-file "$f" --trust "$f" --input "$spec" -d cuda --warmup 10 -n 100 "${configs[@]}" \
          -o "$OUT/$out.inferscope.json" >"$OUT/$out.txt" 2>&1; echo "$out: exit $?"
      }
      lesson_profile overflow lessons_overflow fp32 fp16 bf16 amp-fp16
      lesson_profile mnv3 lessons_mnv3 fp32 fp16 bf16 amp-fp16 amp-bf16
      lesson_profile effnet lessons_effnet fp32 fp16 bf16 amp-fp16 amp-bf16
      lesson_profile gpt2 lessons_gpt2 fp32 fp16
      spec=$(awk '$1=="MODEL" && $2=="mnv3" {print $4}' "$OUT/lesson_models.txt")
      [ -n "$spec" ] && $CLI trace -q --model-file /tmp/lessons/mnv3.pt --trust /tmp/lessons/mnv3.pt --input "$spec" -d cuda \
        --warmup 5 -n 40 -c fp32 -c bf16 --window-warmup 1 --window-steady 3 \
        -o "$OUT/lessons_mnv3_traced.inferscope.json" >"$OUT/lessons_mnv3_traced.txt" 2>&1; echo "mnv3 traced: exit $?"
      grep -hE "^(fp32|fp16|bf16|amp-)" "$OUT"/lessons_*.txt | head -30
      ls -la "$OUT"/lessons_*.inferscope.json ;;
    roofline)
      # Issue #19: the ceilings (measured once, cached in $XDG_CACHE_HOME), the encoder's roofline
      # at fp32 / bf16 / bf16+graph (its FLOPs against FlopCounterMode), ResNet-50's, and a traced
      # bf16 encoder for the per-kernel rows and the trace's GPU-busy share. Prints the tables.
      export XDG_CACHE_HOME="$OUT/cache"
      $CLI sweep -m bert-encoder -b 32 -d cuda --warmup 20 -n 200 -p fp32,bf16,bf16+graph --roofline \
        -o "$OUT/roofline_bert_b32.inferscope.json" 2>"$OUT/roofline_bert.log" | tail -22
      $CLI sweep -m resnet50 -b 32 -d cuda --warmup 20 -n 200 -p fp32,bf16+cl+bench,bf16+cl+graph+bench --roofline \
        -o "$OUT/roofline_resnet50_b32.inferscope.json" 2>"$OUT/roofline_resnet50.log" | tail -16
      $CLI trace -q -m bert-encoder -b 32 -d cuda --warmup 10 -n 50 -c bf16 --roofline \
        -o "$OUT/roofline_bert_traced.inferscope.json" >"$OUT/roofline_bert_traced.txt" 2>&1
      echo "traced encoder: exit $?"
      PYTHONUNBUFFERED=1 python3 bench/gpu/flop_check.py "$OUT/flop_check.json" \
        --session bert-encoder="$OUT/roofline_bert_b32.inferscope.json" \
        --session resnet50="$OUT/roofline_resnet50_b32.inferscope.json" ;;
    fixture)
      # Small sessions the GUI tests and screenshots open (tests/fixtures/): a traced run with kernel
      # timelines, and a cuDNN ledger.
      $CLI trace -q -m resnet50 -b 8 -d cuda --warmup 5 -n 40 -c fp32 -c bf16 -c bf16+cl+bench -c bf16+cl+graph+bench \
        --window-warmup 1 --window-steady 3 -o "$OUT/h200_resnet50_traced.inferscope.json" >"$OUT/fixture_trace.txt" 2>&1
      echo "trace fixture: exit $?"
      $CLI cudnn -q -m resnet50 -b 8 -d cuda -c bf16+cl -o "$OUT/h200_resnet50_cudnn.inferscope.json" >"$OUT/fixture_cudnn.txt" 2>&1
      echo "cudnn fixture: exit $?"; ls -la "$OUT"/h200_*.json ;;
  esac
}
# The device tool brings back only a few files: everything goes back as one archive.
pack() {
  [ -n "${NO_PACK:-}" ] && return
  local archive; archive=$(mktemp /tmp/inferscope-results.XXXXXX)
  (cd "$OUT" && tar czf "$archive" . ) && rm -rf "${OUT:?}"/* && mv "$archive" "$OUT/results.tar.gz"
}
# A device call has a hard limit (10 minutes): with BUDGET_S set, each phase runs only when its
# usual cost (below, measured on the H200) still fits, under a timeout for what is left, so that the
# results are packed and come back whatever happens. A phase that failed or was cut does not stop
# the phases after it then; without BUDGET_S the first failure ends the run.
declare -A PHASE_COST=([roofline]=120 [devices]=90 [lessons]=150 [forks]=180 [tune]=600 [tune-resnet50]=180 [tune-bert]=180
  [tune-reference]=200 [tune-files]=340 [hf-bert-probe]=90 [aoti-graph]=90
  [fixture]=60 [trace-boundary]=60 [test-gpu]=60 [oom]=40 [python]=120 [engine]=150)
[ -n "${BUDGET_S:-}" ] && export H200_UNTIL=${H200_UNTIL:-$(( $(date +%s) + BUDGET_S ))}
export TUNE_UNTIL=${TUNE_UNTIL:-${H200_UNTIL:+$(( H200_UNTIL - 20 ))}}
left_s() { echo $(( H200_UNTIL - $(date +%s) )); }
if [ -z "${H200_CHILD:-}" ]; then trap pack EXIT; fi
for phase in "$@"; do
  echo "=== $phase ($(date +%T))"
  if [ -n "${BUDGET_S:-}" ] && [ -z "${H200_CHILD:-}" ]; then
    left=$(left_s); need=${PHASE_COST[$phase]:-0}
    if [ "$left" -lt $(( need + 20 )) ]; then echo "phase $phase skipped: ${left} s left, it needs about ${need} s"; continue; fi
    H200_CHILD=1 timeout --kill-after=5 $(( left - 15 )) bash "$0" "$phase"
    rc=$?; [ $rc = 0 ] || echo "phase $phase: exit $rc$([ $rc = 124 ] && echo ' (cut at the call budget)')"
  else
    run_phase "$phase" || { echo "phase $phase failed"; exit 1; }
  fi
done
