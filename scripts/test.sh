#!/bin/bash
# Installs, builds and runs every test; prints ctest's summary. This is what CI runs (.ci/run).
# Each step is timed, and the times are printed at the end, also when a step fails, so that a CI
# log's tail says where its minutes went (CONTRIBUTING.md, "CI and its time budget").
set -euo pipefail
cd "$(dirname "$0")/.."
step_names=() step_seconds=()
print_times() {
  local rc=$? i
  [ ${#step_names[@]} -gt 0 ] || return 0
  echo "=== test.sh step times (exit $rc after $SECONDS s):"
  for i in "${!step_names[@]}"; do printf '  %-12s %5s s\n' "${step_names[$i]}" "${step_seconds[$i]}"; done
}
trap print_times EXIT
step() {  # step NAME CMD…: runs CMD, recording its time (a failing step still shows its time)
  local name=$1 start=$SECONDS rc=0; shift
  step_names+=("$name") step_seconds+=("running")
  "$@" || rc=$?
  step_seconds[${#step_seconds[@]}-1]=$((SECONDS - start))
  [ "$rc" -eq 0 ] || { echo "test.sh: step '$name' failed (exit $rc)" >&2; exit "$rc"; }
}

# The main build is the warnings-as-errors one (the `ci` preset's setting, in ./build): one build
# serves the strict check and the tests.
INFERSCOPE_WERROR=ON step build ./scripts/build.sh
# The style (scripts/lint.sh, CONTRIBUTING.md): every C++ file as clang-format writes it (the tree
# was reformatted once, .git-blame-ignore-revs), and clang-tidy on the lines this change touched. A
# tree without git history (an exported copy) cannot say what changed: clang-tidy is then skipped.
step format ./scripts/lint.sh --all --format-only
if git rev-parse -q --verify HEAD~1 >/dev/null 2>&1; then
  step tidy ./scripts/lint.sh --tidy-only
else
  echo "lint: clang-tidy skipped, no git history to compare with (scripts/lint.sh --all checks every file)"
fi
export QT_QPA_PLATFORM=offscreen
step ctest ctest --preset dev -j"$(nproc)" --output-on-failure
# ASan + UBSan and TSan builds of the core, CLI and bridge tests (docs/SECURITY.md); their own
# budget (scripts/sanitizers.sh). INFERSCOPE_SKIP_SANITIZERS=1 leaves them out of a local run.
[ -n "${INFERSCOPE_SKIP_SANITIZERS:-}" ] || step sanitizers ./scripts/sanitizers.sh
# Fuzz targets (tests/fuzz/), each for a bounded time; fails on any crash, sanitizer report or hang.
step fuzz ./scripts/fuzz.sh
