#!/bin/bash
# One device call for the Inductor route: build the CLI and the runner tests, run them, then
# tune_user_models.sh on the models named, stopping new models SECONDS before the call's end.
# Usage (repo root, GPU machine): [TESTS=0] [FILES="hf_gpt2 tv_vit_b_16"] bash bench/gpu/user_models/lease.sh SECONDS MODEL[:cold]...
# FILES: traced TorchScript files of tune_models.py tuned after the models (tune_bench.sh files, their
# budgets, or FILES_BUDGET_S); the models then leave them FILES_RESERVE_S (default 180 s).
# Results: $OUT/user.tgz (one archive: the device tool brings back few files).
set -uo pipefail
limit=$1; shift
end=$(( $(date +%s) + limit - 30 ))  # 30 s to pack the archive
reserve=0; [ -n "${FILES:-}" ] && reserve=${FILES_RESERVE_S:-180}
export UNTIL=$(( end - reserve ))
export PYTHONUNBUFFERED=1
OUT=${OUT:-$PWD/out}; mkdir -p "$OUT/user"
# TESTS=0 builds and runs the CLI alone (a fresh machine builds it in about 110 s with the tests).
targets="inferscope-cli"; [ "${TESTS:-1}" = 0 ] || targets="$targets inferscope_runner_tests"
TARGETS="$targets" bash bench/gpu/h200_run.sh build 2>&1 | grep -v "^--" | tail -25
mkdir -p "$OUT/user"; cp "$OUT/build.log" "$OUT/user/" 2>/dev/null
[ -x build-gpu/cli/inferscope-cli ] || { (cd "$OUT" && tar czf user.tgz user); exit 1; }
if [ "${TESTS:-1}" != 0 ]; then
  build-gpu/tests/core/runner/inferscope_runner_tests >"$OUT/user/runner_tests.log" 2>&1
  tail -3 "$OUT/user/runner_tests.log"
fi
nvidia-smi --query-gpu=name,driver_version --format=csv,noheader | tee "$OUT/user/gpu.txt"
python3 -c "import torch,torchvision,transformers,timm;print(torch.__version__,torch.version.cuda,torch.backends.cudnn.version(),torchvision.__version__,transformers.__version__,timm.__version__)" | tee -a "$OUT/user/gpu.txt"
bash bench/gpu/user_models/tune_user_models.sh "$@"
if [ -n "${FILES:-}" ]; then
  pkill -f inferscope_aoti.py 2>/dev/null && sleep 2  # the models' compiles left running share the host
  TUNE_OUT="$OUT/user/files" CLI=build-gpu/cli/inferscope-cli timeout $(( end - $(date +%s) )) \
    bash bench/gpu/tune_bench.sh files 2>&1 | grep -v "Warning" | tail -20
fi
# The AOTInductor helpers' logs of failed compiles, and the workers' logs, for the record.
find /tmp/inferscope-user-cache -name "*.log" -newer "$OUT/user/gpu.txt" -size +0 2>/dev/null | head -40 | \
  while read -r f; do grep -l -i "error\|Traceback" "$f" >/dev/null 2>&1 && cp "$f" "$OUT/user/"; done
ls -la /tmp/inferscope-user-cache/inferscope/aoti/ >"$OUT/user/packages.txt" 2>&1
(cd "$OUT" && tar czf user.tgz user)
