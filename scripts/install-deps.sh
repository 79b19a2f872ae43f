#!/bin/bash
# Installs exactly the Debian 12 packages InferScope builds against (CPU flavour), skipping the
# apt round trip when they are all present already. Needs root (or sudo) for apt-get.
set -euo pipefail
pkgs=(
  build-essential cmake ninja-build pkg-config
  ccache                                         # compiler cache (cmake/InferScopeCcache.cmake)
  file                                           # CPack's .deb: SHLIBDEPS reads the binaries with it
  libtorch-dev                                   # LibTorch 1.13 (CPU)
  python3-torch                                  # PyTorch 1.13 (CPU): the Python worker, run for real in tests
  qt6-base-dev qt6-base-dev-tools libqt6opengl6-dev qt6-qpa-plugins
  libqcustomplot-dev libqcustomplot2.1-qt6
  nlohmann-json3-dev libcli11-dev libfmt-dev libgtest-dev libgmock-dev
  fonts-dejavu-core                              # text in offscreen-rendered charts and screenshots
  qt6-tools-dev qt6-l10n-tools qt6-tools-dev-tools  # Qt Linguist: the .ts translations compiled at build time
  qt6-translations-l10n                          # Qt's own strings (dialog buttons) in Japanese
  fonts-noto-cjk                                 # Japanese UI and lesson narration (issue #18)
  slurm-wlm munge                                # tests/cli/slurm_end_to_end.sh: a one-node cluster
  clang libclang-rt-14-dev                       # libFuzzer targets (scripts/fuzz.sh)
  clang-format clang-tidy                        # scripts/lint.sh (run by scripts/test.sh)
)
missing=()
for p in "${pkgs[@]}"; do
  dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q 'install ok installed' || missing+=("$p")
done
if [ ${#missing[@]} -eq 0 ]; then
  echo "install-deps: all ${#pkgs[@]} packages present"
  exit 0
fi
sudo=""
[ "$(id -u)" -eq 0 ] || sudo=sudo
echo "install-deps: installing ${missing[*]}"
export DEBIAN_FRONTEND=noninteractive
$sudo apt-get update -qq
$sudo apt-get install -y -q --no-install-recommends "${missing[@]}"
