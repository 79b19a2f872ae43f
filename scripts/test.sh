#!/bin/bash
# Installs, builds and runs every test; prints ctest's summary. This is what CI runs (.ci/run).
set -euo pipefail
cd "$(dirname "$0")/.."
./scripts/build.sh
export QT_QPA_PLATFORM=offscreen
ctest --preset dev -j"$(nproc)" --output-on-failure
