#!/bin/bash
# Installs what is missing (Debian 12 packages), then configures and builds the CPU flavour with
# the `dev` preset into ./build. Safe to run again: both steps are incremental.
set -euo pipefail
cd "$(dirname "$0")/.."
./scripts/install-deps.sh
cmake --preset dev >/dev/null
cmake --build --preset dev -j"$(nproc)"
