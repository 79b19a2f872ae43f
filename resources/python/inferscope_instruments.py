"""InferScope's instruments inside the Python worker: the engine's own C++ sources (the operator
recorder that feeds the roofline's work counter) built as a native module against the worker's
PyTorch, on first use, with torch.utils.cpp_extension (ninja and the system's C++ compiler, as
Inductor already needs), and cached.

There is no Python version of any instrument here: this file only builds, caches and calls the
C++ ones (docs/ARCHITECTURE.md, "One set of instruments").

  * The module is a plain shared library registering torch.ops.inferscope_instruments.* (no
    pybind11: Debian's libtorch-dev ships none, and LibTorch's headers are all it needs).
  * Cache: $XDG_CACHE_HOME/inferscope/instruments/torch-<version>-<sources sha256>/ (the same
    cache folder as the C++ side's), so a new PyTorch or a changed source builds afresh and an
    unchanged one loads in well under a second. Built under a lock: two workers starting together
    build once.
  * The sources: INFERSCOPE_INSTRUMENTS_SOURCE if set, else the source tree this file is in
    (resources/python/../..), else the installed copy (share/inferscope/instruments).
"""
import fcntl
import hashlib
import os
import shutil
import subprocess
import sys

import torch

ABI = 1  # core/torch/instruments_module.cpp's kInstrumentsAbi

SOURCES = [
    "core/torch/instruments_module.cpp",
    "core/torch/op_recorder.cpp",
    "core/roofline/work_recorder.cpp",
    "core/roofline/op_calls_json.cpp",
]
HEADERS = [
    "core/torch/op_recorder.h",
    "core/torch/torch_pch.h",
    "core/trace/op_listener.h",
    "core/trace/trace_records.h",
    "core/roofline/work_recorder.h",
    "core/roofline/work_counter.h",
    "core/roofline/roofline_types.h",
    "core/roofline/op_calls_json.h",
]


class InstrumentsUnavailable(RuntimeError):
    """The module cannot be built or loaded here; the message names what is missing."""


def _here():
    return os.path.dirname(os.path.abspath(__file__))


def source_root():
    candidates = []
    configured = os.environ.get("INFERSCOPE_INSTRUMENTS_SOURCE")
    if configured:
        candidates.append(configured)
    candidates.append(os.path.normpath(os.path.join(_here(), "..", "..")))  # the source tree
    candidates.append(os.path.normpath(os.path.join(_here(), "..", "instruments")))  # installed
    for root in candidates:
        if all(os.path.isfile(os.path.join(root, f)) for f in SOURCES + HEADERS):
            return root
    raise InstrumentsUnavailable(
        "the instruments' C++ sources are not installed (looked in " + ", ".join(candidates) +
        "): reinstall InferScope, or set INFERSCOPE_INSTRUMENTS_SOURCE to a source tree")


def cache_root():
    base = os.environ.get("XDG_CACHE_HOME")
    if base:
        return os.path.join(base, "inferscope", "instruments")
    home = os.environ.get("HOME")
    if home:
        return os.path.join(home, ".cache", "inferscope", "instruments")
    return os.path.join("/tmp", "inferscope", "instruments")


def sources_sha256(root):
    digest = hashlib.sha256()
    for name in SOURCES + HEADERS:
        digest.update(name.encode() + b"\0")
        with open(os.path.join(root, name), "rb") as f:
            digest.update(f.read())
        digest.update(b"\0")
    return digest.hexdigest()


def _missing_tools():
    """What a build needs that this machine lacks, as the user would install it."""
    from torch.utils import cpp_extension
    missing = []
    compiler = os.environ.get("CXX", "c++")
    if shutil.which(compiler) is None:
        missing.append(f"a C++ compiler ('{compiler}' is not on PATH: install g++, or set CXX)")
    if not cpp_extension.is_ninja_available():
        missing.append("ninja (pip install ninja, or apt-get install ninja-build)")
    headers = cpp_extension.include_paths()
    if not any(os.path.isfile(os.path.join(d, "torch", "library.h")) for d in headers):
        missing.append("PyTorch's C++ headers (torch/library.h under " + ", ".join(headers) +
                       "; on Debian: apt-get install libtorch-dev)")
    return missing


_loaded = None


def _key(root):
    version = torch.__version__.replace("+", "_")
    key = f"torch-{version}-{sources_sha256(root)[:16]}"
    name = "inferscope_instruments_" + key.replace(".", "_").replace("-", "_")
    build_dir = os.path.join(cache_root(), key)
    return name, build_dir, os.path.join(build_dir, name + ".so")


def _build_here(root):
    """The build itself, in the detached builder process, under the cache entry's lock."""
    name, build_dir, library = _key(root)
    with open(os.path.join(build_dir, ".lock"), "w") as lock:
        fcntl.flock(lock, fcntl.LOCK_EX)  # another worker building the same key finishes first
        if os.path.isfile(library):
            return
        from torch.utils import cpp_extension
        cpp_extension.load(
            name=name,
            sources=[os.path.join(root, s) for s in SOURCES],
            extra_include_paths=[root],
            # NDEBUG as in the engine's build: RecordFunction::inputs() depends on it.
            # cpp_extension defines TORCH_API_INCLUDE_EXTENSION_H, which makes torch/torch.h pull
            # in pybind11: this module has no Python binding.
            extra_cflags=["-std=c++17", "-O2", "-DNDEBUG", "-UTORCH_API_INCLUDE_EXTENSION_H"],
            build_directory=build_dir,
            is_python_module=False,
            verbose=True)


def load():
    """Builds (once per PyTorch and source set) and loads the module; returns its operators
    (torch.ops.inferscope_instruments). Raises InstrumentsUnavailable saying what is missing.

    The build runs in a process of its own session, writing build.log in the cache entry: a worker
    stopped at its deadline (a tune's budget) leaves it to finish, so the next run finds the
    module cached instead of starting the build over."""
    global _loaded
    if _loaded is not None:
        return _loaded
    root = source_root()
    _, build_dir, library = _key(root)
    try:
        os.makedirs(build_dir, exist_ok=True)
    except OSError as e:
        raise InstrumentsUnavailable(f"cannot create the instruments' cache folder {build_dir}: {e.strerror}")
    if not os.path.isfile(library):
        missing = _missing_tools()
        if missing:
            raise InstrumentsUnavailable(
                "cannot build InferScope's instruments module for this python3's PyTorch "
                f"{torch.__version__}: missing " + "; ".join(missing))
        log_path = os.path.join(build_dir, "build.log")
        with open(log_path, "w") as log:
            builder = subprocess.run([sys.executable, os.path.abspath(__file__), "--build", root],
                                     stdin=subprocess.DEVNULL, stdout=log, stderr=subprocess.STDOUT,
                                     start_new_session=True, check=False)
        if builder.returncode != 0 or not os.path.isfile(library):
            with open(log_path, errors="replace") as f:
                text = f.read().splitlines()
            errors = [line.strip() for line in text if "error:" in line]
            raise InstrumentsUnavailable(
                f"building InferScope's instruments module against PyTorch {torch.__version__} "
                f"failed ({log_path}): {(errors or text[-1:] or ['no output'])[0][:400]}")
    torch.ops.load_library(library)
    ops = torch.ops.inferscope_instruments
    if int(ops.abi()) != ABI:
        raise InstrumentsUnavailable(
            f"the instruments module in {build_dir} speaks interface {int(ops.abi())}, this worker {ABI}: "
            "remove that folder to rebuild it")
    _loaded = ops
    return ops


def record_ops(fn, path):
    """Runs fn() once with the engine's operator recorder on this thread and writes every operator
    call (names, nesting, argument and result shapes and dtypes) to `path`, which InferScope's
    work counter reads (core/roofline/op_calls_json.h). Returns (fn's result, calls written)."""
    ops = load()
    ops.start_ops()
    try:
        out = fn()
    finally:
        written = int(ops.stop_ops(path))
    return out, written


if __name__ == "__main__":
    # The detached builder (load() starts it): --build SOURCE_ROOT.
    if len(sys.argv) == 3 and sys.argv[1] == "--build":
        _build_here(sys.argv[2])
    else:
        sys.exit("usage: inferscope_instruments.py --build SOURCE_ROOT (started by the worker)")
