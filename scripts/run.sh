#!/bin/bash
# The main job: installs, builds, then opens InferScope on the built-in default model. With no
# display (a server, a container) it runs the headless CLI profile of the same model instead and
# prints its table. Extra arguments go to the program. It builds only the two programs it runs;
# the tests are scripts/test.sh's.
set -euo pipefail
cd "$(dirname "$0")/.."
./scripts/build.sh inferscope inferscope-cli
if [ -x build/gui/inferscope ] && { [ -n "${DISPLAY:-}" ] || [ -n "${WAYLAND_DISPLAY:-}" ]; }; then
  exec build/gui/inferscope "$@"
fi
echo "No display found: running the headless profile of the default model (resnet18, CPU)." >&2
# Adaptive stopping: each config runs until its steady median is known to 1 % (at least 100
# iterations, at most 30 s), where a fixed 30 iterations left "no-steady-state (low confidence)"
# on the first screen a newcomer sees.
exec build/cli/inferscope-cli profile --model resnet18 --batch 1 --warmup 5 \
  --adaptive --target-ci 0.01 --min-iters 100 --config-budget-s 30 \
  --config fp32 --config amp-bf16 --config bf16 --out inferscope-default.inferscope.json "$@"
