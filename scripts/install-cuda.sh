#!/bin/bash
# The CUDA flavour of InferScope on a GPU workstation, in one command: builds against the LibTorch of
# your PyTorch (a CUDA wheel carries LibTorch with its CMake config) or a LibTorch archive, runs the
# tests, installs, and checks that the installed inferscope-cli sees the GPU. The .deb and .tar.gz
# from CPack are the CPU flavour (Debian's LibTorch); this is the path for a machine with a GPU.
#
#   scripts/install-cuda.sh [--prefix DIR] [--libtorch DIR|ARCHIVE.zip] [--python PYTHON]
#                           [--install-deps] [--no-gui] [--skip-tests] [--build-dir DIR]
#
#   --prefix DIR        where to install (default ~/.local: bin/, share/; no root needed)
#   --libtorch X        a LibTorch folder or a libtorch-*.zip from pytorch.org instead of the wheel's
#   --python PYTHON     the Python whose torch to use (default python3)
#   --install-deps      apt-get the build dependencies first (Debian/Ubuntu; root or sudo), all but
#                       LibTorch: Qt 6, QCustomPlot, nlohmann/json, CLI11, fmt, GoogleTest, CMake, Ninja
#   --no-gui            the CLI only (no Qt needed)
#   --skip-tests        do not run ctest before installing
#
# Needs the CUDA toolkit (nvcc and CUPTI; /usr/local/cuda is found) of the same major version as the
# LibTorch. Honours CMAKE_PREFIX_PATH, Qt6_DIR and CUDNN_ROOT already set (e.g. by .gpu/gpu-env.sh).
set -euo pipefail
cd "$(dirname "$0")/.."

prefix="$HOME/.local" libtorch="" python=python3 deps=0 gui=ON tests=1 build=build-cuda
while [ $# -gt 0 ]; do
  case $1 in
    --prefix) prefix=$2; shift 2 ;;
    --libtorch) libtorch=$2; shift 2 ;;
    --python) python=$2; shift 2 ;;
    --install-deps) deps=1; shift ;;
    --no-gui) gui=OFF; shift ;;
    --skip-tests) tests=0; shift ;;
    --build-dir) build=$2; shift 2 ;;
    -h|--help) sed -n '2,20p' "$0" | sed 's/^# \{0,1\}//'; exit 0 ;;
    *) echo "install-cuda: unknown option $1 (--help lists them)" >&2; exit 2 ;;
  esac
done
say() { echo "install-cuda: $*"; }
die() { echo "install-cuda: $*" >&2; exit 1; }

if [ $deps = 1 ]; then
  sudo=""; [ "$(id -u)" -eq 0 ] || sudo=sudo
  pkgs=(build-essential cmake ninja-build pkg-config nlohmann-json3-dev libcli11-dev libfmt-dev libgtest-dev libgmock-dev)
  [ $gui = ON ] && pkgs+=(qt6-base-dev qt6-base-dev-tools libqt6opengl6-dev qt6-qpa-plugins libqcustomplot-dev fonts-dejavu-core)
  say "installing ${pkgs[*]}"
  $sudo apt-get update -qq && $sudo env DEBIAN_FRONTEND=noninteractive apt-get install -y -q --no-install-recommends "${pkgs[@]}"
fi

# 1. LibTorch: an archive (unpacked once into ~/.cache), a folder, or the one inside the wheel.
torch_lib=""
if [ -n "$libtorch" ]; then
  if [ -f "$libtorch" ]; then
    archive=$(realpath "$libtorch")
    dest="${XDG_CACHE_HOME:-$HOME/.cache}/inferscope/$(basename "$archive" .zip)"
    if [ ! -d "$dest/libtorch" ]; then
      say "unpacking $archive into $dest"
      mkdir -p "$dest"
      (cd "$dest" && python3 -m zipfile -e "$archive" .) || die "could not unpack $archive (is it a libtorch-*.zip?)"
    fi
    libtorch="$dest/libtorch"
  fi
  [ -f "$libtorch/share/cmake/Torch/TorchConfig.cmake" ] || die "$libtorch has no share/cmake/Torch/TorchConfig.cmake: not a LibTorch folder"
  grep -rqs "CUDA" "$libtorch/share/cmake/Caffe2/Caffe2Config.cmake" || say "warning: $libtorch may be a CPU LibTorch"
  torch_cmake="$libtorch/share/cmake" torch_lib="$libtorch/lib"
else
  command -v "$python" >/dev/null || die "no $python: pass --python, or --libtorch with a LibTorch archive"
  info=$("$python" -c 'import os, torch; print(torch.utils.cmake_prefix_path); print(os.path.dirname(torch.__file__)); print(torch.version.cuda or ""); print(torch.__version__)' 2>/dev/null) \
    || die "$python cannot import torch: install a CUDA PyTorch wheel (pip install torch) or pass --libtorch"
  { read -r torch_cmake; read -r torch_dir; read -r torch_cuda; read -r torch_version; } <<<"$info"
  [ -n "$torch_cuda" ] || die "PyTorch $torch_version of $python is a CPU build: install a CUDA wheel, or pass --libtorch"
  torch_lib="$torch_dir/lib"
  say "LibTorch of PyTorch $torch_version (CUDA $torch_cuda) at $torch_cmake"
  if [ -z "${CUDNN_ROOT:-}" ] && [ -d "$(dirname "$torch_dir")/nvidia/cudnn" ]; then
    CUDNN_ROOT="$(dirname "$torch_dir")/nvidia/cudnn"  # the cuDNN the wheel loads, headers included
    export CUDNN_ROOT
  fi
fi

# 2. The CUDA toolkit LibTorch's CMake config asks for (nvcc, CUPTI).
if ! command -v nvcc >/dev/null; then
  [ -x /usr/local/cuda/bin/nvcc ] || die "no nvcc: install the CUDA toolkit (its CUPTI too) of LibTorch's CUDA version"
  export PATH=/usr/local/cuda/bin:$PATH
fi
say "$(nvcc --version | tail -1)"

# 3. Configure, build, test, install. The installed programs find LibTorch and cuDNN by rpath.
rpath="$torch_lib${CUDNN_ROOT:+;$CUDNN_ROOT/lib}"
cmake -S . -B "$build" -G Ninja -DCMAKE_BUILD_TYPE=Release -DINFERSCOPE_BUILD_GUI=$gui -DINFERSCOPE_BUILD_BENCH=OFF \
  -DCMAKE_PREFIX_PATH="$torch_cmake${CMAKE_PREFIX_PATH:+;$CMAKE_PREFIX_PATH}" ${CUDNN_ROOT:+-DCUDNN_ROOT=$CUDNN_ROOT} \
  ${Qt6_DIR:+-DQt6_DIR=$Qt6_DIR} -DCMAKE_CUDA_ARCHITECTURES=native -DCMAKE_INSTALL_PREFIX="$prefix" \
  -DCMAKE_INSTALL_RPATH="$rpath" -DCMAKE_INSTALL_RPATH_USE_LINK_PATH=ON >"$build.configure.log" 2>&1 \
  || { tail -30 "$build.configure.log"; die "configure failed (log: $build.configure.log)"; }
grep -q "CUDA: ON" "$build.configure.log" || die "CMake found a LibTorch without CUDA (log: $build.configure.log)"
grep -E "LibTorch|CUDA [0-9]|cuDNN|CUPTI" "$build.configure.log" | sed 's/^-- /  /'
cmake --build "$build" -j"$(nproc)" || die "build failed"
if [ $tests = 1 ]; then
  QT_QPA_PLATFORM=offscreen ctest --test-dir "$build" -j4 --output-on-failure || die "tests failed (--skip-tests installs anyway)"
fi
cmake --install "$build" >/dev/null || die "install into $prefix failed (writable? --prefix)"

# 4. The installed CLI must see the GPU: that is what this flavour is for.
cli="$prefix/bin/inferscope-cli"
devices=$("$cli" devices) || die "$cli devices failed"
echo "$devices" | sed 's/^/  /'
echo "$devices" | grep -q "^cuda" || die "the installed CLI sees no CUDA device (driver loaded? nvidia-smi)"
say "installed $cli$([ $gui = ON ] && echo " and $prefix/bin/inferscope") (CUDA build)"
case ":$PATH:" in *":$prefix/bin:"*) ;; *) say "add $prefix/bin to PATH" ;; esac
