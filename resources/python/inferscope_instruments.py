"""InferScope's instruments inside the Python worker: the engine's own C++ sources (the operator
recorder that feeds the roofline's work counter, the memory probe) built as a native module against
the worker's PyTorch, on first use, with torch.utils.cpp_extension (ninja and the system's C++ compiler, as
Inductor already needs), and cached.

There is no Python version of any instrument here: this file only builds, caches and calls the
C++ ones (docs/ARCHITECTURE.md, "One set of instruments").

  * The module is a plain shared library registering torch.ops.inferscope_instruments.* (no
    pybind11: Debian's libtorch-dev ships none, and LibTorch's headers are all it needs).
  * Cache: $XDG_CACHE_HOME/inferscope/instruments/torch-<version>-<sources sha256>/ (the same
    cache folder as the C++ side's; INFERSCOPE_INSTRUMENTS_CACHE names another), so a new PyTorch or a changed source builds afresh and an
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

ABI = 3  # core/torch/instruments_module.cpp's kInstrumentsAbi

SOURCES = [
    "core/torch/instruments_module.cpp",
    "core/torch/op_recorder.cpp",
    "core/torch/memory_probe.cpp",
    "core/roofline/work_recorder.cpp",
    "core/roofline/op_calls_json.cpp",
    "core/trace/kernel_tracer.cpp",
    "core/trace/trace_collector.cpp",
    "core/trace/correlation_resolver.cpp",
    "core/trace/trace_records.cpp",
    "core/trace/trace_window_json.cpp",
]
# The CUPTI activity source where CUPTI's headers (CUDA 13's record layouts) are found, else the
# factory that says why not: the same switch as core/trace/CMakeLists.txt's.
CUPTI_SOURCES = [
    "core/trace/cupti_api.cpp",
    "core/trace/cupti_record_decoder.cpp",
    "core/trace/cupti_activity_source.cpp",
    "core/trace/demangle.cpp",
]
NO_CUPTI_SOURCES = ["core/trace/cupti_unavailable.cpp"]
HEADERS = [
    "core/torch/op_recorder.h",
    "core/torch/memory_probe.h",
    "core/torch/torch_pch.h",
    "core/engine/measurement_probes.h",
    "core/engine/config_result.h",
    "core/config/optimization_config.h",
    "core/device/device_info.h",
    "core/cudnn/cudnn_ledger.h",
    "core/cudnn/kernel_family.h",
    "core/model/shape_set.h",
    "core/model/input_spec.h",
    "core/common/value_limits.h",
    "core/common/units.h",
    "core/trace/op_listener.h",
    "core/trace/trace_records.h",
    "core/trace/timeline_data.h",
    "core/trace/trace_summary.h",
    "core/roofline/work_recorder.h",
    "core/roofline/work_counter.h",
    "core/roofline/roofline_types.h",
    "core/roofline/op_calls_json.h",
    "core/trace/kernel_tracer.h",
    "core/trace/activity_source.h",
    "core/trace/trace_collector.h",
    "core/trace/correlation_resolver.h",
    "core/trace/trace_window_json.h",
    "core/trace/cupti_api.h",
    "core/trace/cupti_record_decoder.h",
    "core/trace/demangle.h",
]
ALL_SOURCES = SOURCES + CUPTI_SOURCES + NO_CUPTI_SOURCES


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
        if all(os.path.isfile(os.path.join(root, f)) for f in ALL_SOURCES + HEADERS):
            return root
    raise InstrumentsUnavailable(
        "the instruments' C++ sources are not installed (looked in " + ", ".join(candidates) +
        "): reinstall InferScope, or set INFERSCOPE_INSTRUMENTS_SOURCE to a source tree")


def cache_root():
    configured = os.environ.get("INFERSCOPE_INSTRUMENTS_CACHE")
    if configured:
        return configured
    base = os.environ.get("XDG_CACHE_HOME")
    if base:
        return os.path.join(base, "inferscope", "instruments")
    home = os.environ.get("HOME")
    if home:
        return os.path.join(home, ".cache", "inferscope", "instruments")
    return os.path.join("/tmp", "inferscope", "instruments")


def sources_sha256(root):
    digest = hashlib.sha256()
    for name in ALL_SOURCES + HEADERS:
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


def _header_dirs(header):
    """Folders holding `header` among CUDA_HOME's include folder and the nvidia-* wheels' (pip's
    PyTorch brings the CUDA runtime and CUPTI as wheels: nvidia/cuda_runtime/include,
    nvidia/cuda_cupti/include, or nvidia/cu13/include for CUDA 13)."""
    import glob
    import importlib.util
    from torch.utils import cpp_extension
    roots = []
    home = getattr(cpp_extension, "CUDA_HOME", None) or os.environ.get("CUDA_HOME")
    if home:
        roots += [os.path.join(home, "include"), os.path.join(home, "extras", "CUPTI", "include")]
    try:
        spec = importlib.util.find_spec("nvidia")
    except (ImportError, ValueError):
        spec = None
    for location in (spec.submodule_search_locations if spec and spec.submodule_search_locations else []):
        roots += sorted(glob.glob(os.path.join(location, "*", "include")))
    return [d for d in roots if os.path.isfile(os.path.join(d, header))]


def _library_files(pattern):
    """Files matching `pattern` (libcupti.so*) in CUDA_HOME's library folders and the nvidia-*
    wheels' lib folders."""
    import glob
    import importlib.util
    from torch.utils import cpp_extension
    folders = []
    home = getattr(cpp_extension, "CUDA_HOME", None) or os.environ.get("CUDA_HOME")
    if home:
        folders += [os.path.join(home, d) for d in ("lib64", "lib", os.path.join("extras", "CUPTI", "lib64"))]
    try:
        spec = importlib.util.find_spec("nvidia")
    except (ImportError, ValueError):
        spec = None
    for location in (spec.submodule_search_locations if spec and spec.submodule_search_locations else []):
        folders += sorted(glob.glob(os.path.join(location, "*", "lib")))
    found = []
    for folder in folders:
        found += sorted(glob.glob(os.path.join(folder, pattern)))
    return found


def _cupti_api_version(include_dir):
    try:
        with open(os.path.join(include_dir, "cupti_version.h"), errors="replace") as f:
            for line in f:
                parts = line.split()
                if len(parts) >= 3 and parts[0] == "#define" and parts[1] == "CUPTI_API_VERSION":
                    return int(parts[2])
    except (OSError, ValueError):
        pass
    return 0


def build_variant():
    """How this PyTorch's module is built: (variant, extra include folders, defines, why CUDA or
    CUPTI is left out or "", sources). A CUDA build of PyTorch gets the CUDA memory probe
    (INFERSCOPE_WITH_CUDA) where the CUDA runtime's headers are found, and the CUPTI kernel tracer
    where CUPTI's headers of CUDA 13 or later are (libcupti itself is opened at run time, as in the
    engine: the one PyTorch loaded first, then the one found here)."""
    if not torch.version.cuda:
        return "cpu", [], [], "this PyTorch is built without CUDA", SOURCES + NO_CUPTI_SOURCES
    runtime = _header_dirs("cuda_runtime_api.h")
    if not runtime:
        return "cpu", [], [], ("the CUDA runtime's headers (cuda_runtime_api.h) are not under CUDA_HOME "
                               "or the nvidia-* wheels: set CUDA_HOME to the CUDA toolkit"), SOURCES + NO_CUPTI_SOURCES
    includes, defines = runtime[:1], ["-DINFERSCOPE_WITH_CUDA"]
    cupti = [d for d in _header_dirs("cupti.h") if _cupti_api_version(d) >= 130000]
    driver = _header_dirs("cuda.h")
    if not cupti or not driver:
        versions = sorted({_cupti_api_version(d) for d in _header_dirs("cupti.h")})
        why = ("CUPTI's headers are not under CUDA_HOME or the nvidia-* wheels (install the "
               "nvidia-cuda-cupti wheel or the CUDA toolkit, and set CUDA_HOME)" if not versions and driver else
               "CUDA's driver header cuda.h is not found (set CUDA_HOME to the CUDA toolkit)" if not driver else
               f"CUPTI's headers are of API {versions[-1]}, older than CUDA 13's (130000) that the "
               "tracer reads")
        return "cuda", includes, defines, "untraced: kernel tracing is not built into the worker's instruments: " + why, \
            SOURCES + NO_CUPTI_SOURCES
    includes = list(dict.fromkeys(includes + cupti[:1] + driver[:1]))
    defines = defines + ["-DINFERSCOPE_TRACE_WITH_CUPTI"]
    libraries = _library_files("libcupti.so*")
    if libraries:
        # Single-quoted for the shell ninja runs the compiler with: the macro is a string literal.
        defines.append(f"'-DINFERSCOPE_CUPTI_LIBRARY=\"{libraries[0]}\"'")
    return "cuda-cupti", includes, defines, "", SOURCES + CUPTI_SOURCES


_loaded = None
_building = None  # the detached builder this process started without waiting for it


def _key(root):
    version = torch.__version__.replace("+", "_")
    variant = build_variant()[0]
    key = f"torch-{version}-{variant}-{sources_sha256(root)[:16]}"
    name = "inferscope_instruments_" + key.replace(".", "_").replace("-", "_")
    build_dir = os.path.join(cache_root(), key)
    return name, build_dir, os.path.join(build_dir, name + ".so")


def _cuda_link_flags():
    flags = ["-lc10_cuda"]
    runtime = [f for f in _library_files("libcudart.so*") if ".so." in f or f.endswith(".so")]
    if runtime:
        flags.append(runtime[0])
    return flags


def _build_here(root):
    """The build itself, in the detached builder process, under the cache entry's lock."""
    name, build_dir, library = _key(root)
    with open(os.path.join(build_dir, ".lock"), "w") as lock:
        fcntl.flock(lock, fcntl.LOCK_EX)  # another worker building the same key finishes first
        if os.path.isfile(library):
            return
        from torch.utils import cpp_extension
        _, includes, defines, _, sources = build_variant()
        cpp_extension.load(
            name=name,
            sources=[os.path.join(root, s) for s in sources],
            extra_include_paths=[root] + includes,
            # NDEBUG as in the engine's build: RecordFunction::inputs() depends on it.
            # cpp_extension defines TORCH_API_INCLUDE_EXTENSION_H, which makes torch/torch.h pull
            # in pybind11: this module has no Python binding. fmt header-only, as the engine's
            # LibTorch layer builds it (PyTorch 2.x ships fmt's headers, not a library to match).
            extra_cflags=["-std=c++17", "-O2", "-DNDEBUG", "-UTORCH_API_INCLUDE_EXTENSION_H",
                          "-DFMT_HEADER_ONLY"] + defines,
            # The CUDA probe calls c10_cuda's caching allocator and the CUDA runtime (linked by
            # its file where found: at run time its soname finds the runtime PyTorch loaded).
            extra_ldflags=_cuda_link_flags() if "-DINFERSCOPE_WITH_CUDA" in defines else [],
            build_directory=build_dir,
            is_python_module=False,
            verbose=True)


def _start_builder(root, log_path, wait):
    with open(log_path, "w") as log:
        return (subprocess.run if wait else subprocess.Popen)(
            [sys.executable, os.path.abspath(__file__), "--build", root], stdin=subprocess.DEVNULL,
            stdout=log, stderr=subprocess.STDOUT, start_new_session=True,
            **({"check": False} if wait else {}))


def load(wait=True):
    """Builds (once per PyTorch and source set) and loads the module; returns its operators
    (torch.ops.inferscope_instruments). Raises InstrumentsUnavailable saying what is missing.

    The build runs in a process of its own session, writing build.log in the cache entry: a worker
    stopped at its deadline (a tune's budget) leaves it to finish, so the next run finds the
    module cached instead of starting the build over. With wait=False a module not built yet is
    not waited for: its build is started (once per process) and InstrumentsUnavailable says so, so
    that a run with a time budget does not spend it compiling."""
    global _loaded, _building
    if _loaded is not None:
        return _loaded
    root = source_root()
    _, build_dir, library = _key(root)
    try:
        os.makedirs(build_dir, exist_ok=True)
    except OSError as e:
        raise InstrumentsUnavailable(f"cannot create the instruments' cache folder {build_dir}: {e.strerror}")
    log_path = os.path.join(build_dir, "build.log")
    if not os.path.isfile(library) and _building is not None and _building.poll() is None:
        if not wait:
            raise InstrumentsUnavailable(
                f"InferScope's instruments module for PyTorch {torch.__version__} is still being built "
                f"(first use; {log_path}): the next run uses it")
        _building.wait()
    if not os.path.isfile(library) and (_building is None or wait):
        missing = _missing_tools()
        if missing:
            raise InstrumentsUnavailable(
                "cannot build InferScope's instruments module for this python3's PyTorch "
                f"{torch.__version__}: missing " + "; ".join(missing))
        if not wait:
            _building = _start_builder(root, log_path, wait=False)
            raise InstrumentsUnavailable(
                f"InferScope's instruments module for PyTorch {torch.__version__} is being built "
                f"(first use; {log_path}): the next run uses it")
        builder = _start_builder(root, log_path, wait=True)
        if builder.returncode != 0 or not os.path.isfile(library):
            with open(log_path, errors="replace") as f:
                text = f.read().splitlines()
            errors = [line.strip() for line in text if "error:" in line]
            raise InstrumentsUnavailable(
                f"building InferScope's instruments module against PyTorch {torch.__version__} "
                f"failed ({log_path}): {(errors or text[-1:] or ['no output'])[0][:400]}")
    if not os.path.isfile(library):  # a background build of this process that failed
        raise InstrumentsUnavailable(
            f"building InferScope's instruments module against PyTorch {torch.__version__} "
            f"failed ({log_path})")
    torch.ops.load_library(library)
    ops = torch.ops.inferscope_instruments
    if int(ops.abi()) != ABI:
        raise InstrumentsUnavailable(
            f"the instruments module in {build_dir} speaks interface {int(ops.abi())}, this worker {ABI}: "
            "remove that folder to rebuild it")
    _loaded = ops
    return ops


class MemoryProbe:
    """The engine's memory probe (core/torch/memory_probe.h) around one config, on this thread:
    CUDA: the caching allocator's peaks since start(); CPU: the CPU allocator's largest total above
    what was allocated at start(). `error` says why it could not start (its figures are then 0)."""

    def __init__(self, device, wait=True):
        self.device = device
        self.error = ""
        self._ops = None
        try:
            ops = load(wait)
            if device.type == "cuda" and not bool(ops.cuda()):
                raise InstrumentsUnavailable("the instruments module was built without CUDA: " +
                                             build_variant()[3])
            if device.type == "cuda" and device.index is None:  # the probe needs the device's index
                device = torch.device("cuda", torch.cuda.current_device())
            ops.start_memory(str(device))
            self._ops = ops
        except Exception as e:  # InstrumentsUnavailable says what is missing
            self.error = str(e).splitlines()[0] if str(e) else type(e).__name__

    def stop(self):
        """(peak allocated bytes, peak reserved bytes, source); zeros and "" when not started.
        Called once; later calls return the zeros."""
        if self._ops is None:
            return 0, 0, ""
        ops, self._ops = self._ops, None
        allocated, reserved, source = ops.stop_memory()
        return int(allocated), int(reserved), str(source)


class KernelTracer:
    """The engine's kernel tracer (core/trace/kernel_tracer.h) around one config's iterations, on
    this thread, with the engine's window policy: begin(i, warmup) before an iteration's timer
    starts (it installs the operator observer for a traced iteration), end(i) after the timer has
    waited for the device, finish(path) at the end of the config (the window, resolved, as a
    trace-window file). `error` says why it could not start: the module cannot be built, or was
    built without CUPTI (and why)."""

    def __init__(self, window, warmup, wait=True):
        self.error = ""
        self.problems = ""
        self._ops = None
        try:
            ops = load(wait)
            status = str(ops.tracer_status())
            if status:
                why = build_variant()[3]
                raise InstrumentsUnavailable(why if why.startswith("untraced: ") else
                                             status + (f" ({why})" if why else ""))
            self.problems = str(ops.start_trace(min(warmup, int(window.get("warmup_iterations", 3))),
                                                int(window.get("steady_iterations", 20)),
                                                bool(window.get("convolutions", False)), False))
            self._ops = ops
        except Exception as e:  # InstrumentsUnavailable says what is missing
            self.error = str(e).splitlines()[0] if str(e) else type(e).__name__

    def begin(self, iteration, warmup):
        return self._ops is not None and bool(self._ops.begin_iteration(iteration, warmup))

    def end(self, iteration):
        self._ops.end_iteration(iteration)

    def finish(self, path):
        """Writes the window to `path`; returns "" when traced, else why not (None when the
        tracer never started). Called once; later calls return None."""
        if self._ops is None:
            return None
        ops, self._ops = self._ops, None
        return str(ops.finish_trace(path))


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
