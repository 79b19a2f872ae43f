#!/bin/bash
# Installs, builds and runs every test; prints ctest's summary. This is what CI runs (.ci/run).
set -euo pipefail
cd "$(dirname "$0")/.."
./scripts/build.sh
export QT_QPA_PLATFORM=offscreen
ctest --preset dev -j"$(nproc)" --output-on-failure
# ASan + UBSan and TSan builds of the core, CLI and bridge tests (docs/SECURITY.md); about half an
# hour on 2 cores. INFERSCOPE_SKIP_SANITIZERS=1 leaves them out of a local run; CI runs them.
[ -n "${INFERSCOPE_SKIP_SANITIZERS:-}" ] || ./scripts/sanitizers.sh
# Fuzz targets (tests/fuzz/), each for a bounded time; fails on any crash, sanitizer report or hang.
./scripts/fuzz.sh
