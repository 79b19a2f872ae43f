#!/bin/bash
# The main job: installs, builds, then opens InferScope on the built-in default model. With no
# display (a server, a container) it runs the headless CLI profile of the same model instead and
# prints its table. Extra arguments go to the program.
set -euo pipefail
cd "$(dirname "$0")/.."
./scripts/build.sh
if [ -x build/gui/inferscope ] && { [ -n "${DISPLAY:-}" ] || [ -n "${WAYLAND_DISPLAY:-}" ]; }; then
  exec build/gui/inferscope "$@"
fi
echo "No display found: running the headless profile of the default model (resnet18, CPU)." >&2
exec build/cli/inferscope-cli profile --model resnet18 --batch 1 --warmup 5 --iters 30 \
  --config fp32 --config amp-bf16 --config bf16 --out inferscope-default.inferscope.json "$@"
