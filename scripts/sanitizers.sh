#!/bin/bash
# The sanitizer jobs of CI (docs/SECURITY.md, "Sanitizers"), run by scripts/test.sh after the main
# tests: an ASan + UBSan build of the core tests, inferscope-cli with its end-to-end scripts and the
# engine↔GUI bridge tests, and a TSan build of the bridge tests. Only the targets those tests need
# are built, into build-asan/ and build-tsan/ (presets dev-asan, dev-tsan). The whole step is
# bounded by INFERSCOPE_SANITIZER_BUDGET_S (default 2400 s): CI has 2 cores and 90 minutes, and
# the main build and tests take about 35 of them.
set -euo pipefail
cd "$(dirname "$0")/.."
budget_s=${INFERSCOPE_SANITIZER_BUDGET_S:-2400}
deadline=$((SECONDS + budget_s))
jobs=$(nproc)
supp=$PWD/tests/sanitizers
bounded() {  # bounded CMD…: runs CMD within what is left of the budget, and says how long it took
  local left=$((deadline - SECONDS)) start=$SECONDS
  if [ "$left" -le 0 ] || ! timeout "$left" "$@"; then
    echo "sanitizers: '$*' failed or ran past the ${budget_s} s budget" >&2
    return 1
  fi
  echo "sanitizers: $1 $2 $3 … took $((SECONDS - start)) s"
}
# Existing test executables only: a test folder another change adds is picked up once it is here.
existing_targets() {  # existing_targets BUILD_DIR TARGET…
  local dir=$1; shift
  local all; all=$(cmake --build "$dir" --target help | sed -n 's/^\([^:]*\):.*/\1/p')
  for t in "$@"; do grep -qx -- "$t" <<<"$all" && echo "$t"; done
}

# Any report fails its test: UBSan halts, LeakSanitizer runs at every exit. LibTorch and Qt are
# Debian's uninstrumented builds; ASan, UBSan and LSan report nothing in them here, so they need no
# suppressions. TSan's suppressions (tests/sanitizers/tsan.supp) say why each is there.
export ASAN_OPTIONS="detect_leaks=1:strict_string_checks=1"
export UBSAN_OPTIONS="print_stacktrace=1:halt_on_error=1"
export TSAN_OPTIONS="halt_on_error=1:second_deadlock_stack=1:suppressions=$supp/tsan.supp"
export QT_QPA_PLATFORM=offscreen

echo "=== ASan + UBSan ($(date +%T))"
mkdir -p build-asan build-tsan
cmake --preset dev-asan >build-asan/configure.log 2>&1 || { tail -20 build-asan/configure.log; exit 1; }
mapfile -t asan_targets < <(existing_targets build-asan inferscope_base_tests inferscope_engine_tests \
  inferscope_analysis_tests inferscope_trace_tests inferscope_op_recorder_tests inferscope_cudnn_tests \
  inferscope_advisor_tests inferscope_cluster_tests inferscope_roofline_tests inferscope-cli make_script_model \
  replay_bench tst_enginebridge)
bounded cmake --build build-asan -j"$jobs" --target "${asan_targets[@]}"
# Core tests of the executables built above (labels "core;…"), the CLI's end-to-end scripts, the
# bridge tests. Left out: the Monte-Carlo validation of the statistics (minutes at -O0 with ASan,
# and the same code paths as the analysis unit tests), wall-clock budgets of fast paths, the
# import checks of the main build's binaries (no_filesystem_remove_all.*: they read a binary's
# symbol table, and this build leaves some of those binaries out), and the real Slurm cluster
# (cli.slurm_end_to_end: it runs alone, and its time is Slurm's scheduling; the sharded sweep and
# merge it drives run under ASan in cli.end_to_end and cli.bad_inputs).
bounded ctest --test-dir build-asan -j"$jobs" --output-on-failure -L '^(core|cli)' -LE 'gpu|slurm' \
  -E '^(ValidationSubset\.|RatioEstimate\.CoverageOfTheTrueRatio|Pelt\.TenThousandPointsInWellUnderASecond|no_filesystem_remove_all\.)'
bounded ctest --test-dir build-asan --output-on-failure -R '^gui\.tst_enginebridge$'

echo "=== TSan ($(date +%T))"
cmake --preset dev-tsan >build-tsan/configure.log 2>&1 || { tail -20 build-tsan/configure.log; exit 1; }
bounded cmake --build build-tsan -j"$jobs" --target tst_enginebridge
bounded ctest --test-dir build-tsan --output-on-failure -R '^gui\.tst_enginebridge$'
echo "=== sanitizers passed in $SECONDS s"
