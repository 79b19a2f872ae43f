#!/bin/bash
# Builds the libFuzzer targets (preset `fuzz`: clang, ASan + UBSan, into build-fuzz/) and runs each
# for a bounded time from its seed corpus (tests/fuzz/corpus/), so that CI fails on any crash,
# sanitizer report, leak or hang. scripts/test.sh calls it after ctest.
#   FUZZ_SECONDS  time per target (default 45)      FUZZ_TARGETS  which targets (default: all)
#   FUZZ_WORK     where corpora grow and crashes land (default build-fuzz/runs)
# The repository's seeds are never modified: each run works on a copy.
# The GUI's session loading (fuzz_gui_session_load) needs Qt, which the fuzz build has not: it is
# built in the normal tree (./build, the `dev` preset) and run here offscreen for the same time, as
# a replay of the session seeds plus random mutations (tests/fuzz/fuzz_gui_session_load.cpp).
#   FUZZ_GUI  0 skips it (default 1)        FUZZ_BUILD  the normal tree (default build)
set -euo pipefail
cd "$(dirname "$0")/.."
seconds=${FUZZ_SECONDS:-45}
targets=${FUZZ_TARGETS:-"fuzz_session_reader fuzz_input_spec fuzz_config_key fuzz_plan fuzz_worker_events"}
work=${FUZZ_WORK:-build-fuzz/runs}

cmake --preset fuzz >/dev/null
cmake --build --preset fuzz

failed=()
for target in $targets; do
  [ "$target" = fuzz_gui_session_load ] && continue  # the normal tree's, below
  corpus=$work/$target/corpus
  mkdir -p "$corpus" "$work/$target/artifacts"
  cp -n tests/fuzz/corpus/"$target"/* "$corpus"/
  dict=()
  case $target in
    fuzz_session_reader | fuzz_worker_events) dict=(-dict=tests/fuzz/dict/session.dict) ;;
  esac
  echo "fuzz: $target for ${seconds} s"
  # -timeout: one input may take 10 s at most (a hang is a finding); -rss_limit_mb: so may memory.
  if build-fuzz/tests/fuzz/"$target" "$corpus" "${dict[@]}" -max_total_time="$seconds" \
      -timeout=10 -rss_limit_mb=2048 -max_len=16384 -print_final_stats=1 \
      -artifact_prefix="$work/$target/artifacts/" >"$work/$target/log.txt" 2>&1; then
    grep -E '^stat::number_of_executed_units|^stat::peak_rss_mb' "$work/$target/log.txt" | tr '\n' ' '
    grep -Eo 'cov: [0-9]+ ft: [0-9]+ corp: [0-9]+/[0-9a-zA-Z]+' "$work/$target/log.txt" | tail -1
  else
    echo "fuzz: $target FAILED — $(ls "$work/$target/artifacts" | head -3 | tr '\n' ' ')"
    tail -40 "$work/$target/log.txt"
    failed+=("$target")
  fi
done
if [ "${FUZZ_GUI:-1}" != 0 ] && { [ -z "${FUZZ_TARGETS:-}" ] || [[ " $targets " == *" fuzz_gui_session_load "* ]]; }; then
  build=${FUZZ_BUILD:-build}
  cmake --build "$build" --target fuzz_gui_session_load
  mkdir -p "$work/fuzz_gui_session_load"
  echo "fuzz: fuzz_gui_session_load for ${seconds} s (normal tree, offscreen)"
  # An input may take 30 s at most (the watchdog keeps it as a hang); the whole run its budget plus
  # the seeds' replay.
  if QT_QPA_PLATFORM=offscreen timeout $((seconds + 300)) "$build"/tests/gui/fuzz_gui_session_load \
      --seconds "$seconds" --seed "${FUZZ_SEED:-$RANDOM}" --work "$work/fuzz_gui_session_load" \
      tests/fuzz/corpus/fuzz_session_reader >"$work/fuzz_gui_session_load/log.txt" 2>&1; then
    tail -1 "$work/fuzz_gui_session_load/log.txt"
  else
    echo "fuzz: fuzz_gui_session_load FAILED — $(ls "$work/fuzz_gui_session_load/artifacts" 2>/dev/null | head -3 | tr '\n' ' ')"
    tail -40 "$work/fuzz_gui_session_load/log.txt"
    failed+=(fuzz_gui_session_load)
  fi
fi
if [ ${#failed[@]} -gt 0 ]; then
  echo "fuzz: crashes in ${failed[*]} (inputs under $work/<target>/artifacts/)"
  exit 1
fi
echo "fuzz: all targets ran ${seconds} s without a crash"
