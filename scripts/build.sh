#!/bin/bash
# Installs what is missing (Debian 12 packages), then configures and builds the CPU flavour with
# the `dev` preset into ./build. Safe to run again: both steps are incremental.
#   ./scripts/build.sh                    every target (the tests included)
#   ./scripts/build.sh TARGET…            only these targets and what they link (scripts/run.sh)
set -euo pipefail
cd "$(dirname "$0")/.."
./scripts/install-deps.sh
# INFERSCOPE_WERROR=ON (scripts/test.sh sets it: CI's build is the warnings-as-errors one) is kept
# in the build's cache; unset, the cache keeps what it had.
cmake --preset dev ${INFERSCOPE_WERROR:+-DINFERSCOPE_WERROR=$INFERSCOPE_WERROR} >/dev/null
targets=()
for target in "$@"; do targets+=(--target "$target"); done
cmake --build --preset dev -j"$(nproc)" "${targets[@]}"
