#!/usr/bin/env python3
"""InferScope's Python worker for models that only Python can compile (docs/ADVISOR.md, "Your own
model, compiled"): an ExportedProgram saved with torch.export.save, or a Python entry point
FILE.py:FUNCTION that returns (module, example_inputs).

Two commands, both started by InferScope with an argument vector (no shell), never inside the CLI
or GUI process:

  prepare  --source ep:FILE | py:FILE:FUNCTION --device cuda:0 --out-dir DIR [--input SPEC ...]
      Builds the model, runs it once in strict FP32 (TF32 off) on its example inputs and writes
      DIR/inputs.pt and DIR/reference.pt (tensor archives: a TorchScript module whose buffers t0,
      t1, ... are the tensors, which LibTorch reads without Python) and DIR/meta.json. Prints one
      JSON line: {"status": "ok", "inputs": [...], "outputs": [...], "parameters": N, ...}.
      With --serve the same process then serves plans as `serve` does (its "ready" line follows):
      the model is built already, and a tune's first round would otherwise pay the interpreter,
      PyTorch's import and the model's rebuild a second time.

  measure  --source ... --prepared DIR --plan PLAN.json --device cuda:0
      Runs each config of the plan on a fresh copy of the model: precision (TF32 flags, FP16/BF16
      cast, autocast), channels_last, cuDNN benchmark, then torch.compile in the config's mode
      (compiled by one untimed call, in set-up), then warm-up + measured iterations timed with CUDA
      events exactly as InferScope's C++ loop does (record, forward, record, synchronize). Prints
      one JSON line per config with its raw series; the outputs of its last iteration go to a
      tensor archive that InferScope compares with the FP32 reference in C++. Statistics, warm-up
      detection, intervals and the accuracy rule are InferScope's, not this script's.
      With "count_work": true in the plan, each eager config then runs one more forward under the
      engine's operator recorder (inferscope_instruments.py: the C++ instruments built against
      this PyTorch) and its line names the calls file ("ops") InferScope counts for the roofline,
      or says why there is none ("ops_error").

  serve    --source ... --prepared DIR --device cuda:0
      The tuner's long-lived worker: one plan (JSON) per line on stdin, answered as `measure`
      answers it, then a "done" line.

Every line on stdout is one JSON object (the protocol, versioned by "protocol"). Run as a worker, this
script moves the protocol to a private descriptor first and points descriptor 1 (and sys.stdout) at
stderr, which InferScope copies into a log of bounded size: whatever the model, a library or a C
extension prints, even with os.write(1, ...), lands in the log, never in the protocol.
"""
import argparse
import collections
import contextlib
import copy
import gc
import hashlib
import importlib.util
import io
import json
import os
import sys
import time
import traceback

PROTOCOL = 1
if __name__ == "__main__":
    # Before torch or the user's code can write to descriptor 1: the protocol gets a descriptor of
    # its own (os.dup: not inherited by children), and descriptor 1 becomes the log.
    _stdout = os.fdopen(os.dup(1), "w")
    os.dup2(2, 1)
    sys.stdout = sys.stderr
else:  # imported by inferscope_aoti.py, whose stdout is its log already
    _stdout = sys.stdout


def emit(obj):
    obj.setdefault("protocol", PROTOCOL)
    _stdout.write(json.dumps(obj) + "\n")
    _stdout.flush()


def fail(message, code=1):
    emit({"event": "error", "status": "error", "message": message})
    sys.exit(code)


try:
    import torch
except ImportError:
    fail("python3 cannot import torch: install PyTorch >= 2.6 for ExportedProgram and --model-py models")


def torch_version():
    return tuple(int(p) for p in torch.__version__.split("+")[0].split(".")[:2])


def set_fp32_math(matmul, conv):
    """Strict or TF32 FP32 math the way Inductor can read it back (see inferscope_aoti.py)."""
    if torch_version() >= (2, 9):
        torch.backends.cuda.matmul.fp32_precision = "ieee" if matmul == "highest" else "tf32"
        torch.backends.cudnn.allow_tf32 = conv
    else:
        torch.set_float32_matmul_precision(matmul)
        torch.backends.cudnn.allow_tf32 = conv


DTYPES = {"float32": torch.float32, "float16": torch.float16, "bfloat16": torch.bfloat16,
          "int64": torch.int64, "int32": torch.int32, "bool": torch.bool}
NAMES = {v: k for k, v in DTYPES.items()}


def parse_input_spec(text):
    """InferScope's --input spelling: 32x3x224x224[:dtype[:high]]."""
    parts = text.split(":")
    shape = [int(d) for d in parts[0].split("x")]
    dtype = DTYPES.get(parts[1] if len(parts) > 1 else "float32")
    if dtype is None:
        fail(f"--input {text}: unknown dtype")
    high = int(parts[2]) if len(parts) > 2 else 1000
    if dtype.is_floating_point:
        return torch.randn(shape, dtype=dtype)
    return torch.randint(0, high, shape, dtype=dtype)


def origin_of(path):
    """The file the user gave, when `path` is InferScope's pinned copy of it (a private copy of the
    bytes they trusted, with a note naming the original beside it); else None."""
    note = os.path.join(os.path.dirname(os.path.abspath(path)), ".inferscope-origin")
    if os.path.isfile(note):
        with open(note, encoding="utf-8") as f:
            return f.read().strip() or None
    return None


def load_entry(spec):
    path, _, function = spec.rpartition(":")
    if not path or not function:
        fail(f"--model-py {spec}: expected FILE.py:FUNCTION")
    module_spec = importlib.util.spec_from_file_location("inferscope_user_model", path)
    if module_spec is None:
        fail(f"--model-py {path}: not a Python file")
    user = importlib.util.module_from_spec(module_spec)
    # A file InferScope pinned for the run (a private copy of the bytes you trusted) names the file
    # it was copied from beside it: the module sees its own __file__ and imports its neighbours
    # from there (they are not pinned: trust the file for what it imports).
    origin = origin_of(path)
    if origin:
        user.__file__ = origin
    sys.path.insert(0, os.path.dirname(os.path.abspath(origin or path)))
    module_spec.loader.exec_module(user)
    entry = getattr(user, function, None)
    if entry is None or not callable(entry):
        fail(f"--model-py {spec}: {path} defines no function {function}")
    result = entry()
    if not isinstance(result, (tuple, list)) or len(result) != 2:
        fail(f"--model-py {spec}: {function}() must return (module, example_inputs), got {type(result).__name__}")
    model, examples = result
    if not isinstance(model, torch.nn.Module):
        fail(f"--model-py {spec}: {function}() returned a {type(model).__name__} as its module, not a torch.nn.Module")
    if isinstance(examples, torch.Tensor):
        examples = (examples,)
    examples = tuple(examples)
    if not examples or not all(isinstance(t, torch.Tensor) for t in examples):
        fail(f"--model-py {spec}: the example inputs must be a tensor or a tuple of tensors (keyword inputs: "
             f"wrap the module so that forward takes them positionally)")
    return model, examples


def program_support(path):
    """Why this Python's PyTorch cannot load the ExportedProgram at `path`, or None when it can."""
    if getattr(torch, "export", None) is None or not hasattr(torch.export, "load"):
        return (f"cannot load the ExportedProgram {path}: this Python's PyTorch {torch.__version__} "
                f"({sys.executable}) cannot load ExportedPrograms, which need PyTorch >= 2.1 (>= 2.6 "
                f"to load one saved on another device); install a newer PyTorch for it, or point "
                f"INFERSCOPE_PYTHON at a Python that has one, or pass the model as --model-py "
                f"FILE.py:FUNCTION, which runs on this PyTorch")
    return None


def move_program(program, device):
    """The program with its parameters, buffers, constants and the devices its graph names moved
    to `device`: a program saved on the CPU runs on the GPU and the other way round. PyTorch's own
    pass does it where it exists (torch.export.passes.move_to_device_pass, PyTorch >= 2.6); before
    it, the module's tensors move with the module and a graph that names its device keeps it."""
    passes = getattr(torch.export, "passes", None)
    move = getattr(passes, "move_to_device_pass", None) if passes is not None else None
    if move is None:
        return program, False
    return move(program, str(device)), True


def retarget_devices(module, device):
    """Rewrites the devices a program's graph names in its calls (a tensor made with device=cpu at
    export, a copy to cuda:0) to `device`; returns how many it rewrote. PyTorch's move pass moves
    the program's tensors, but a graph exported on the CPU still made `torch.arange(n,
    device=x.device)` on the CPU on the H100 (PyTorch 2.11, 2026-12-07): every call's device
    argument of another type than the run's is the export device's, never a choice of the model's
    that holds on the run's device."""
    target = torch.device(device)

    def swap(value):
        if isinstance(value, torch.device) and value.type != target.type:
            return target, 1
        return value, 0

    rewritten = 0
    for sub in module.modules() if hasattr(module, "modules") else []:
        graph = getattr(sub, "graph", None)
        if graph is None or not hasattr(sub, "recompile"):
            continue
        changed = 0
        for node in graph.nodes:
            if node.op not in ("call_function", "call_method"):
                continue
            args, kwargs = [], {}
            for a in node.args:
                a, n = swap(a)
                args.append(a)
                changed += n
            for k, v in node.kwargs.items():
                kwargs[k], n = swap(v)
                changed += n
            node.args, node.kwargs = tuple(args), kwargs
        if changed:
            sub.recompile()
            rewritten += changed
    return rewritten


def program_device(program):
    """The device of an ExportedProgram's first parameter, buffer or constant: where it was
    exported (None for a program with no tensor state)."""
    for source in (getattr(program, "state_dict", {}) or {}, getattr(program, "constants", {}) or {}):
        for value in source.values():
            if isinstance(value, torch.Tensor):
                return value.device
    return None


# Where the ExportedProgram being run was exported: a program that cannot run on another device
# after its move is explained by it (prepare()).
EXPORTED_ON = {}


def load_program(path, device=None):
    """(module, stored example inputs or None). With `device`, the program is moved there first
    and its module stays there (moving only the module's tensors back to the CPU would leave the
    constants and the graph's device arguments behind)."""
    why = program_support(origin_of(path) or path)
    if why is not None:
        emit({"event": "error", "status": "unsupported", "message": why})
        sys.exit(4)
    program = torch.export.load(path)
    examples = None
    stored = getattr(program, "example_inputs", None)
    if stored is not None:
        args, kwargs = stored
        if not kwargs and all(isinstance(t, torch.Tensor) for t in args):
            examples = tuple(args)
    moved = False
    EXPORTED_ON["device"] = program_device(program)
    if device is not None:
        program, moved = move_program(program, device)
    module = program.module()
    if device is not None:
        retarget_devices(module, device)
    return module, examples, moved


def load_source(source, input_specs, device=None):
    """(module in FP32, example inputs on the CPU). The module is on the CPU, except an
    ExportedProgram moved to `device` by PyTorch's pass, which stays there."""
    kind, _, rest = source.partition(":")
    moved = False
    if kind == "py":
        model, examples = load_entry(rest)
    elif kind == "ep":
        model, examples, moved = load_program(rest, device)
    else:
        fail(f"unknown source {source}: expected ep:FILE or py:FILE:FUNCTION")
    if input_specs:
        examples = tuple(parse_input_spec(s) for s in input_specs)
    if examples is None:
        fail("this ExportedProgram holds no example inputs: pass them with --input (e.g. --input 1x3x224x224:float32)")
    if not moved:
        model = model.to("cpu") if hasattr(model, "to") else model
    with contextlib.suppress(Exception):
        model = model.eval()
    return model, tuple(t.detach().to("cpu") for t in examples)


def flatten_outputs(out):
    """Every tensor of a model's output, in a fixed order: tensors, tuples, lists, dicts, and
    Hugging Face ModelOutput objects (dicts)."""
    if isinstance(out, torch.Tensor):
        return [out]
    if isinstance(out, dict):
        return [t for v in out.values() for t in flatten_outputs(v)]
    if isinstance(out, (tuple, list)):
        return [t for v in out for t in flatten_outputs(v)]
    return []


class _Tensors(torch.nn.Module):
    def __init__(self, tensors):
        super().__init__()
        for i, t in enumerate(tensors):
            self.register_buffer(f"t{i}", t)

    def forward(self):
        return 0


def save_tensors(tensors, path):
    """A tensor archive LibTorch reads with torch::jit::load (named buffers t0, t1, ...). Saved
    through memory, so that the archive's root folder does not carry a temporary file's name."""
    buffer = io.BytesIO()
    torch.jit.save(torch.jit.script(_Tensors([t.detach().to("cpu").contiguous() for t in tensors])), buffer)
    partial = f"{path}.{os.getpid()}.partial"
    with open(partial, "wb") as f:
        f.write(buffer.getvalue())
    os.replace(partial, path)


def weights_sha256(model):
    """The model's content: every parameter and buffer (name, dtype, shape, bytes), in name order.
    InferScope keys an entry point's AOTInductor packages by it, since the .py file alone does not
    say which weights it loads."""
    digest = hashlib.sha256()
    for name, t in sorted(model.state_dict().items()):
        t = t.detach().to("cpu").contiguous()
        digest.update(f"{name}|{t.dtype}|{tuple(t.shape)}|".encode())
        digest.update(t.reshape(-1).view(torch.uint8).numpy().tobytes() if t.numel() else b"")
    return digest.hexdigest()


def load_tensors(path):
    archive = torch.jit.load(path, map_location="cpu")
    named = dict(archive.named_buffers())
    return [named[f"t{i}"] for i in range(len(named))]


def describe(t):
    return {"shape": list(t.shape), "dtype": NAMES.get(t.dtype, str(t.dtype).replace("torch.", ""))}


def prepare(args):
    device = torch.device(args.device)
    start = time.time()
    model, examples = load_source(args.source, args.input, device)
    load_s = time.time() - start
    set_fp32_math("highest", False)  # the reference is strict IEEE FP32
    torch.backends.cudnn.benchmark = False
    parameters = sum(p.numel() for p in model.parameters())
    # InferScope measures these input dtypes only (core/model/input_spec.h): refused at once, not
    # after a budget of configs that cannot run.
    supported = ("float32", "float16", "bfloat16", "int64", "int32")
    for i, t in enumerate(examples):
        name = NAMES.get(t.dtype, str(t.dtype).replace("torch.", ""))
        if name not in supported:
            emit({"event": "error", "status": "unsupported",
                  "message": f"the model's example input {i} is {name}: InferScope measures inputs of "
                             f"{', '.join(supported)} only; convert it where the example inputs are made "
                             f"(e.g. x.float() or x.long())"})
            sys.exit(4)
    weights = weights_sha256(model)
    # The reference runs on a copy: `model` stays as load_source built it (on the CPU, never run),
    # the base every config of a serving worker copies, exactly as a fresh `serve` would have it.
    # A module that cannot be copied runs the reference itself, and serving rebuilds it.
    try:
        reference_model = copy.deepcopy(model).to(device)
        base = model
    except Exception:
        reference_model, base = model.to(device), None
    inputs = [t.to(device) for t in examples]
    exported_on = EXPORTED_ON.get("device")
    try:
        with torch.inference_mode():
            outputs = flatten_outputs(reference_model(*inputs))
    except Exception as e:
        if exported_on is None or exported_on.type == device.type:
            raise
        # Moved, the program still failed: its graph holds what the export device decided (an
        # attention's or a view's layout, a device-specific decomposition), which no move undoes.
        fail(f"the ExportedProgram {origin_of(args.source.partition(':')[2]) or args.source} was exported on "
             f"{exported_on.type} and fails on {device} after moving its tensors and device arguments "
             f"({type(e).__name__}: {str(e).splitlines()[0] if str(e) else ''}): its graph holds "
             f"operators decided for {exported_on.type}; export it with the model and example inputs on "
             f"{device.type} (torch.export.export(model.to('{device.type}'), inputs)), or pass the model "
             f"as --model-py FILE.py:FUNCTION, which builds it on the run's device", code=3)
    if device.type == "cuda":
        torch.cuda.synchronize(device)
    if not outputs:
        fail("the model's output holds no tensor: InferScope compares tensors with the FP32 reference")
    os.makedirs(args.out_dir, exist_ok=True)
    save_tensors(examples, os.path.join(args.out_dir, "inputs.pt"))
    save_tensors(outputs, os.path.join(args.out_dir, "reference.pt"))
    meta = {"status": "ok", "event": "prepared", "inputs": [describe(t) for t in examples],
            "outputs": [describe(t) for t in outputs], "parameters": parameters,
            "weights_sha256": weights, "load_s": round(load_s, 3), "prepare_s": round(time.time() - start, 3),
            "torch": torch.__version__}
    with open(os.path.join(args.out_dir, "meta.json"), "w") as f:
        json.dump(meta, f)
    emit(meta)
    if args.serve:
        del reference_model, inputs, outputs, model  # `base` keeps the pristine module
        if device.type == "cuda":
            torch.cuda.empty_cache()  # the reference's memory is not the configs' to count
        if base is None:  # rebuilt, as a fresh `serve` builds it
            serve(argparse.Namespace(source=args.source, prepared=args.out_dir, device=args.device))
            return
        # The configs run on the inputs as the engine's configs read them: from the archive.
        examples = load_tensors(os.path.join(args.out_dir, "inputs.pt"))
        serve_plans(base, examples, device, args.out_dir, load_s)


class Deadline:
    def __init__(self, unix_s):
        self.unix_s = unix_s

    def passed(self):
        return self.unix_s > 0 and time.time() > self.unix_s

    def limited(self):
        return self.unix_s > 0


def apply_flags(cfg):
    precision = cfg["precision"]
    if precision == "tf32":
        set_fp32_math(cfg.get("tf32_matmul", "high"), bool(cfg.get("tf32_conv", True)))
    else:
        set_fp32_math("highest", False)
    torch.backends.cudnn.benchmark = bool(cfg.get("cudnn_benchmark", False))
    torch.backends.cudnn.enabled = bool(cfg.get("cudnn_enabled", True))
    deterministic = bool(cfg.get("cudnn_deterministic", False))
    torch.backends.cudnn.deterministic = deterministic
    # As the engine sets it for "det": every operator's deterministic implementation, or an error.
    torch.use_deterministic_algorithms(deterministic, warn_only=False)


def grad_mode(cfg):
    """The config's autograd mode as a context: inference_mode (the reference's), no_grad, or
    autograd recording history as a training forward would."""
    grad = cfg.get("grad", "inference")
    if grad == "nograd":
        return torch.no_grad()
    if grad == "autograd":
        return torch.enable_grad()
    return torch.inference_mode()


def compile_support():
    """Why this Python's PyTorch has no torch.compile, or None when it has."""
    if not hasattr(torch, "compile"):
        return (f"torch.compile needs PyTorch >= 2.0; this Python's PyTorch is {torch.__version__} "
                f"({sys.executable}): install a newer PyTorch for it or point INFERSCOPE_PYTHON at one")
    return None


CAST = {"fp16": torch.float16, "bf16": torch.bfloat16}
AUTOCAST = {"amp-fp16": torch.float16, "amp-bf16": torch.bfloat16}
MODES = {"default": "default", "reduce-overhead": "reduce-overhead", "max-autotune": "max-autotune"}


class CompiledCache:
    """The last few compiled configs of a serving worker (a candidate measured again in a later
    round pays its torch.compile once). Keyed by the config key; the oldest entry goes first."""

    def __init__(self, size):
        self.size = size
        self.entries = collections.OrderedDict()

    def take(self, key):
        return self.entries.pop(key, None)

    def keep(self, key, entry):
        self.entries[key] = entry
        while len(self.entries) > self.size:
            self.entries.popitem(last=False)


# torch.cuda.OutOfMemoryError came with PyTorch 2.0; before it, CUDA's out of memory is a
# RuntimeError that says so.
_OUT_OF_MEMORY = getattr(torch.cuda, "OutOfMemoryError", ())


# How often a streaming config sends its new iterations: live enough for a chart redrawn at 30 Hz
# at most, and a line per tenth of a second costs the measured loop nothing to speak of.
STREAM_INTERVAL_S = 0.1


def run_config(base, examples, cfg, plan, device, out_dir, deadline, cache=None):
    key = cfg["key"]
    result = {"event": "config", "key": key, "status": "ok", "message": "", "latency_ms": [], "host_ms": [],
              "warmup_iterations": int(plan["warmup"]), "setup_ms": 0.0, "compile_ms": 0.0,
              "first_result_ms": 0.0, "peak_allocated_bytes": 0, "peak_reserved_bytes": 0, "output": ""}
    model = None
    kept = None
    memory = None
    tracer = None
    try:
        setup_start = time.perf_counter()
        apply_flags(cfg)
        # Memory of this config alone: a serving worker keeps other configs' compiled models, which
        # the allocator's peak would count too.
        baseline = 0
        if device.type == "cuda":
            torch.cuda.reset_peak_memory_stats(device)
            baseline = torch.cuda.memory_allocated(device)
        # The engine's memory probe, started where the engine starts it (after the flags, before
        # the model's copy is made). A run with a time budget (a tune) does not wait for the
        # module's first build.
        memory = start_memory_probe(device, deadline)
        autocast = AUTOCAST.get(cfg["precision"])
        amp = (lambda: torch.autocast(device.type, dtype=autocast)) if autocast else contextlib.nullcontext
        mode = cfg.get("compile", "none")
        if mode != "none" and compile_support() is not None:
            result["status"] = "unsupported"
            result["message"] = f"{key}: {compile_support()}"
            return result
        cached = cache.take(key) if cache is not None else None
        if cached is not None:
            # Measured in an earlier round of this process: its compile is paid already.
            model, forward, inputs = cached
            kept = cached
            result["cached"] = True
            baseline -= sum(t.numel() * t.element_size() for t in model.state_dict().values())
        else:
            dtype = CAST.get(cfg["precision"])
            model = copy.deepcopy(base).to(device)
            if dtype is not None:
                model = model.to(dtype)
            inputs = []
            for t in examples:
                x = t.to(device)
                if dtype is not None and x.is_floating_point():
                    x = x.to(dtype)
                if cfg.get("channels_last") and x.dim() == 4:
                    x = x.contiguous(memory_format=torch.channels_last)
                inputs.append(x)
            if cfg.get("channels_last"):
                model = model.to(memory_format=torch.channels_last)
            forward = model
        # Profile and sweep time the compiling first call as iteration 0 of the series, where the
        # steady-state analysis finds it as warm-up; the tuner's rounds count it as set-up.
        compile_in_series = bool(plan.get("compile_in_series", False))
        with grad_mode(cfg):
            if mode != "none" and cached is None:
                forward = torch.compile(model, mode=MODES[mode])
                kept = (model, forward, inputs)
                if not compile_in_series:
                    compile_start = time.perf_counter()
                    with amp():
                        forward(*inputs)  # Dynamo and Inductor compile on the first call
                    if device.type == "cuda":
                        torch.cuda.synchronize(device)
                    result["compile_ms"] = (time.perf_counter() - compile_start) * 1e3
            compiles_in_first = compile_in_series and mode != "none" and cached is None
            result["setup_ms"] = (time.perf_counter() - setup_start) * 1e3
            warmup = int(plan["warmup"])
            total = warmup + int(plan["iterations"])
            start_event = torch.cuda.Event(enable_timing=True) if device.type == "cuda" else None
            end_event = torch.cuda.Event(enable_timing=True) if device.type == "cuda" else None
            out = None
            # Profile and sweep draw the series as it grows: what is new goes out every
            # STREAM_INTERVAL_S as a "samples" line, between iterations (never inside a timed one).
            stream = bool(plan.get("stream_samples", False))
            streamed, last_stream = 0, time.perf_counter()
            # `trace`: the engine's kernel tracer over the engine's window (the first warm-up
            # iterations and some steady ones), begun before the timer starts and ended after it
            # waited, as the engine's loop does (core/torch/iteration_loop.cpp).
            tracer = start_tracer(plan, device, warmup, deadline, result)
            for i in range(total):
                traced = tracer is not None and tracer.begin(i, i < warmup)
                host_start = time.perf_counter()
                if start_event is not None:
                    start_event.record()
                with amp():
                    out = forward(*inputs)
                if end_event is not None:
                    end_event.record()
                    end_event.synchronize()
                    latency = start_event.elapsed_time(end_event)
                else:
                    latency = (time.perf_counter() - host_start) * 1e3
                host = (time.perf_counter() - host_start) * 1e3
                if traced:
                    tracer.end(i)
                result["latency_ms"].append(latency)
                result["host_ms"].append(host)
                if stream and time.perf_counter() - last_stream >= STREAM_INTERVAL_S:
                    emit({"event": "samples", "key": key, "from": streamed,
                          "latency_ms": result["latency_ms"][streamed:],
                          "host_ms": result["host_ms"][streamed:]})
                    streamed, last_stream = len(result["latency_ms"]), time.perf_counter()
                if i == 0:
                    result["first_result_ms"] = result["setup_ms"] + host
                    if compiles_in_first:
                        result["compile_ms"] = host
                # Out of time: the warm-up ends here and a few iterations are measured, as in C++.
                if deadline.passed():
                    if i + 1 < warmup:
                        warmup = i + 1
                        result["warmup_iterations"] = warmup
                        total = min(total, warmup + 3)
                        result["stop_reason"] = "time-budget"
                    elif i + 1 >= warmup + 3:
                        result["stop_reason"] = "time-budget"
                        break
            if tracer is not None:
                finish_tracer(result, tracer, out_dir, key, device)
            outputs = [t.detach().clone() for t in flatten_outputs(out)]
            read_memory(result, memory, device, baseline)
            if plan.get("count_work") and mode == "none":
                count_work(result, lambda: forward(*inputs), amp, device, out_dir, key)
        safe = "".join(ch if ch.isalnum() or ch in "-_" else "_" for ch in key)
        path = os.path.join(out_dir, f"out-{safe}-{os.getpid()}.pt")
        save_tensors(outputs, path)
        result["output"] = path
    except _OUT_OF_MEMORY as e:
        result["status"] = "out-of-memory"
        result["message"] = f"out of memory: {str(e).splitlines()[0]}"
    except Exception as e:  # one config's failure is its status; the plan goes on
        lines = [line for line in traceback.format_exception_only(type(e), e)[-1].splitlines() if line.strip()]
        result["status"] = "error"
        result["message"] = f"{key} failed in Python: {lines[-1] if lines else type(e).__name__}"
    finally:
        if memory is not None:
            memory.stop()  # a config that failed leaves no probe installed on this thread
        if tracer is not None:  # … nor a tracer: its window is not this config's result
            with contextlib.suppress(Exception):
                tracer.finish(os.path.join(out_dir, f"trace-failed-{os.getpid()}.json"))
            with contextlib.suppress(OSError):
                os.remove(os.path.join(out_dir, f"trace-failed-{os.getpid()}.json"))
        if kept is not None and cache is not None and result["status"] == "ok":
            cache.keep(key, kept)
        del model, kept
        if cache is None:
            with contextlib.suppress(Exception):
                torch._dynamo.reset()
        gc.collect()
        if device.type == "cuda":
            torch.cuda.empty_cache()
    return result


def start_memory_probe(device, deadline):
    """The engine's memory probe (inferscope_instruments.MemoryProbe), or None where the module
    cannot be imported at all."""
    try:
        import inferscope_instruments
    except Exception:  # the module's loader itself is missing: said by read_memory
        return None
    return inferscope_instruments.MemoryProbe(device, wait=not deadline.limited())


def start_tracer(plan, device, warmup, deadline, result):
    """The engine's kernel tracer for this config when the plan asks for a trace (inferscope_
    instruments.KernelTracer), or None. Kernels need a CUDA device; on the CPU only the host-only
    source traces (INFERSCOPE_TRACE_SOURCE=host-only: operators without kernels, as the engine's
    tests do). Why it could not start is the config's "trace_error"."""
    window = plan.get("trace")
    if not window:
        return None
    if device.type != "cuda" and os.environ.get("INFERSCOPE_TRACE_SOURCE") != "host-only":
        return None  # InferScope says "kernel tracing needs a CUDA device", as for the engine
    try:
        import inferscope_instruments
    except Exception as e:
        result["trace_error"] = f"untraced: the instruments' loader is missing ({e})"
        return None
    tracer = inferscope_instruments.KernelTracer(window, warmup, wait=not deadline.limited())
    if tracer.error:
        result["trace_error"] = tracer.error
        return None
    if tracer.problems:
        sys.stderr.write(f"trace settings: {tracer.problems}\n")
    return tracer


def finish_tracer(result, tracer, out_dir, key, device):
    safe = "".join(ch if ch.isalnum() or ch in "-_" else "_" for ch in key)
    path = os.path.join(out_dir, f"trace-{safe}-{os.getpid()}.json")
    if tracer.finish(path) is not None:
        result["trace"] = path
    # The cuDNN this PyTorch runs the convolutions with, for the ledger built from the window.
    if device.type == "cuda" and torch.backends.cudnn.is_available():
        result["cudnn_version"] = int(torch.backends.cudnn.version() or 0)


def read_memory(result, memory, device, baseline):
    """The config's peaks from the engine's probe, less what other configs' kept models hold
    (`baseline`, CUDA). Where the probe could not run, CUDA's figures come from the same caching
    allocator statistics through torch.cuda, and "memory_error" says why the probe did not run."""
    allocated, reserved, source = memory.stop() if memory is not None else (0, 0, "")
    if not source:
        result["memory_error"] = memory.error if memory is not None else "the instruments' loader is missing"
        if device.type == "cuda":
            allocated = int(torch.cuda.max_memory_allocated(device))
            reserved = int(torch.cuda.max_memory_reserved(device))
            source = "cuda-caching-allocator"
    result["peak_allocated_bytes"] = max(0, allocated - baseline)
    result["peak_reserved_bytes"] = max(0, reserved - baseline)
    result["memory_source"] = source


def count_work(result, run, amp, device, out_dir, key):
    """The roofline's observed iteration: one more forward, untimed, under the engine's own operator
    recorder (the instruments module, inferscope_instruments.py), whose calls InferScope counts as it
    counts the engine's. A module that cannot be built is this config's note, not its failure."""
    safe = "".join(ch if ch.isalnum() or ch in "-_" else "_" for ch in key)
    path = os.path.join(out_dir, f"ops-{safe}-{os.getpid()}.json")
    try:
        import inferscope_instruments
        with amp():
            inferscope_instruments.record_ops(run, path)
        if device.type == "cuda":
            torch.cuda.synchronize(device)
        result["ops"] = path
    except Exception as e:  # InstrumentsUnavailable says what is missing
        result["ops_error"] = str(e).splitlines()[0] if str(e) else type(e).__name__


def measure(args):
    device = torch.device(args.device)
    if device.type == "cuda":
        torch.cuda.set_device(device)  # the allocator's statistics need an initialised device
        torch.cuda.init()
    with open(args.plan) as f:
        plan = json.load(f)
    start = time.time()
    base, _ = load_source(args.source, [], device)
    examples = load_tensors(os.path.join(args.prepared, "inputs.pt"))
    emit({"event": "ready", "load_s": round(time.time() - start, 3), "torch": torch.__version__,
          "pid": os.getpid()})
    deadline = Deadline(float(plan.get("deadline_unix_s", 0)))
    for cfg in plan["configs"]:
        emit(run_config(base, examples, cfg, plan, device, args.prepared, deadline))
    emit({"event": "done"})


def start_serving(device):
    if device.type == "cuda":
        torch.cuda.set_device(device)
        torch.cuda.init()
    # Every config compiles the same forward code for another module: Dynamo's per-code cache
    # (8 by default) would otherwise fall back to eager, silently, after a few configs.
    # PyTorch 1.13 has no Dynamo: its eager configs serve as well.
    dynamo = getattr(torch, "_dynamo", None)
    if dynamo is not None:
        dynamo.config.cache_size_limit = 256
        with contextlib.suppress(Exception):
            dynamo.config.accumulated_cache_size_limit = 1024


def serve_plans(base, examples, device, prepared_dir, load_s):
    """One plan per line on stdin, each answered with its config lines and a "done" line; the
    model is loaded once and the last compiled configs are kept. Ends at the end of its input."""
    start_serving(device)
    emit({"event": "ready", "load_s": round(load_s, 3), "torch": torch.__version__, "pid": os.getpid()})
    cache = CompiledCache(6)
    for line in sys.stdin:
        if not line.strip():
            continue
        plan = json.loads(line)
        deadline = Deadline(float(plan.get("deadline_unix_s", 0)))
        for cfg in plan["configs"]:
            emit(run_config(base, examples, cfg, plan, device, prepared_dir, deadline, cache))
        emit({"event": "done"})


def serve(args):
    """The tuner's long-lived worker (a fresh one: prepare --serve is the usual first)."""
    device = torch.device(args.device)
    start = time.time()
    base, _ = load_source(args.source, [], device)
    examples = load_tensors(os.path.join(args.prepared, "inputs.pt"))
    serve_plans(base, examples, device, args.prepared, time.time() - start)


def main():
    p = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    sub = p.add_subparsers(dest="command", required=True)
    pre = sub.add_parser("prepare")
    pre.add_argument("--source", required=True)
    pre.add_argument("--device", default="cuda:0")
    pre.add_argument("--out-dir", required=True)
    pre.add_argument("--input", action="append", default=[])
    pre.add_argument("--serve", action="store_true")
    mea = sub.add_parser("measure")
    mea.add_argument("--source", required=True)
    mea.add_argument("--prepared", required=True)
    mea.add_argument("--plan", required=True)
    mea.add_argument("--device", default="cuda:0")
    ser = sub.add_parser("serve")
    ser.add_argument("--source", required=True)
    ser.add_argument("--prepared", required=True)
    ser.add_argument("--device", default="cuda:0")
    args = p.parse_args()
    if args.device.startswith("cuda") and not torch.cuda.is_available():
        fail("this python3's torch sees no CUDA device", 4)
    try:
        {"prepare": prepare, "measure": measure, "serve": serve}[args.command](args)
    except SystemExit:
        raise
    except Exception as e:
        lines = traceback.format_exception(type(e), e, e.__traceback__)
        sys.stderr.write("".join(lines))
        fail(f"{type(e).__name__}: {str(e).splitlines()[0] if str(e) else ''}", 3)


if __name__ == "__main__":
    main()
