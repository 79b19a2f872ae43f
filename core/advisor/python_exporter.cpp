// Python export (see python_exporter.h). The file only contains code for the settings the config
// uses, so what a reader sees is what runs; the order inside load_model() is the guide's: process
// flags, precision cast, memory format, then compile.
#include "core/advisor/python_exporter.h"

#include <fmt/format.h>

#include "core/advisor/export_header.h"

namespace inferscope::advisor {
namespace {

const char* modelDtype(Precision p) {
  if (p == Precision::Fp16Cast) return "torch.float16";
  if (p == Precision::Bf16Cast) return "torch.bfloat16";
  return "torch.float32";
}

const char* autocastDtype(Precision p) {
  if (p == Precision::AutocastFp16) return "torch.float16";
  if (p == Precision::AutocastBf16) return "torch.bfloat16";
  return "None";
}

const char* matmulLevel(const OptimizationConfig& c) {
  if (c.precision != Precision::Tf32) return "highest";
  switch (c.tf32_matmul) {
    case MatmulPrecision::High:
      return "high";
    case MatmulPrecision::Medium:
      return "medium";
    default:
      return "highest";
  }
}

const char* pyBool(bool b) {
  return b ? "True" : "False";
}

std::string fp32Settings(const ConfigDocument& d) {
  const auto& c = d.config;
  std::string out;
  if (d.target_torch.hasFp32PrecisionApi()) {
    const bool matmul_tf32 = std::string_view(matmulLevel(c)) != "highest";
    out +=
        "    # FP32 math, PyTorch >= 2.9 API only: mixing it with the legacy allow_tf32 flags is "
        "not supported.\n";
    if (c.precision == Precision::Tf32 && c.tf32_matmul == MatmulPrecision::Medium) {
      out +=
          "    # Matmul precision \"medium\" is \"tf32\" for CUDA matmuls here (it differs only on "
          "oneDNN).\n";
    }
    out += fmt::format("    torch.backends.cuda.matmul.fp32_precision = \"{}\"\n",
                       matmul_tf32 ? "tf32" : "ieee");
    out += fmt::format("    torch.backends.cudnn.conv.fp32_precision = \"{}\"\n",
                       c.convolutionsUseTf32() ? "tf32" : "ieee");
  } else {
    out +=
        "    # FP32 math, legacy API (PyTorch < 2.9; never mix it with "
        "torch.backends.*.fp32_precision).\n";
    out += fmt::format("    torch.set_float32_matmul_precision(\"{}\")\n", matmulLevel(c));
    out +=
        fmt::format("    torch.backends.cudnn.allow_tf32 = {}\n", pyBool(c.convolutionsUseTf32()));
  }
  return out;
}

std::string compileLines(const OptimizationConfig& c, int step) {
  const std::string n = fmt::format("    # {}. ", step);
  switch (c.compile) {
    case CompileMode::None:
      return "";
    case CompileMode::TorchScript:
      return n +
             "TorchScript: script, freeze the weights, fold inference-only optimizations.\n"
             "    model = "
             "torch.jit.optimize_for_inference(torch.jit.freeze(torch.jit.script(model)))\n";
    case CompileMode::CudaGraph:
      return n +
             "CUDA graphs: \"reduce-overhead\" captures the compiled forward and replays it, "
             "removing the\n"
             "    #    per-kernel launch cost. Shapes must stay fixed; keep a clone of an output "
             "you need later.\n"
             "    model = torch.compile(model, mode=\"reduce-overhead\")\n";
    case CompileMode::AotInductor:
      return n +
             "Inductor: the same compiler as the C++ export's AOTInductor package, just in time.\n"
             "    if compile_model:\n"
             "        model = torch.compile(model)\n";
    case CompileMode::AotInductorGraph:
      return n +
             "Inductor + CUDA graphs: the C++ export's AOTInductor package replayed in a CUDA "
             "graph; in\n"
             "    #    Python, torch.compile's \"reduce-overhead\" mode does both. Shapes must "
             "stay fixed; keep a\n"
             "    #    clone of an output you need later.\n"
             "    if compile_model:\n"
             "        model = torch.compile(model, mode=\"reduce-overhead\")\n";
    case CompileMode::AotInductorMax:
      return n +
             "Inductor with max-autotune (slow first compile), as the C++ export's AOTInductor "
             "package.\n"
             "    if compile_model:\n"
             "        model = torch.compile(model, mode=\"max-autotune\")\n";
    // The answer was torch.compile itself, measured in InferScope's Python worker: these lines are
    // the compile it measured, with the same mode.
    case CompileMode::TorchCompile:
      return n +
             "torch.compile (default mode), as InferScope measured it.\n"
             "    if compile_model:\n"
             "        model = torch.compile(model)\n";
    case CompileMode::TorchCompileReduceOverhead:
      return n +
             "torch.compile \"reduce-overhead\" (Inductor + CUDA graphs), as InferScope measured "
             "it. Shapes\n"
             "    #    must stay fixed; keep a clone of an output you need later.\n"
             "    if compile_model:\n"
             "        model = torch.compile(model, mode=\"reduce-overhead\")\n";
    case CompileMode::TorchCompileMax:
      return n +
             "torch.compile \"max-autotune\" (minutes of autotuning at the first call), as "
             "measured.\n"
             "    if compile_model:\n"
             "        model = torch.compile(model, mode=\"max-autotune\")\n";
  }
  return "";
}

std::string checkEnvironment(const ConfigDocument& d) {
  std::string out =
      "def _check_environment():\n"
      "    \"\"\"Fails early when this file meets a PyTorch or device it was not exported "
      "for.\"\"\"\n"
      "    version = _torch_version()\n";
  if (d.target_torch.hasFp32PrecisionApi()) {
    out +=
        "    if version < (2, 9):\n"
        "        raise RuntimeError(f\"exported for PyTorch >= 2.9 "
        "(torch.backends.*.fp32_precision), found \"\n"
        "                           f\"{torch.__version__}: re-export with `inferscope-cli "
        "recommend --torch-version \"\n"
        "                           f\"{version[0]}.{version[1]}`\")\n";
  } else {
    // An eager config calls nothing newer than torch.set_float32_matmul_precision (1.12): it runs
    // on the 1.x a distribution ships (Debian 12: 1.13), which the shape router's CPU test uses.
    // A compile step needs torch.compile (2.0).
    out += d.config.compile == CompileMode::None
               ? "    if version < (1, 12):\n"
                 "        raise RuntimeError(f\"needs PyTorch >= 1.12 "
                 "(torch.set_float32_matmul_precision), found \"\n"
                 "                           f\"{torch.__version__}\")\n"
               : "    if version < (2, 0):\n"
                 "        raise RuntimeError(f\"exported for PyTorch 2.x, found "
                 "{torch.__version__}\")\n";
    out +=
        "    if version >= (2, 9):\n"
        "        warnings.warn(f\"exported for PyTorch {TARGET_TORCH} with the legacy TF32 flags; "
        "PyTorch \"\n"
        "                      f\"{torch.__version__} has fp32_precision: re-export with "
        "`inferscope-cli recommend \"\n"
        "                      f\"--torch-version {version[0]}.{version[1]}`\")\n";
  }
  if (d.device == DeviceKind::Cuda) {
    out +=
        "    if not torch.cuda.is_available():\n"
        "        raise RuntimeError(\"this config was chosen for a CUDA GPU, but "
        "torch.cuda.is_available() is False\")\n";
  }
  return out;
}

std::string loadModel(const ConfigDocument& d) {
  const auto& c = d.config;
  const bool aoti = runsAotInductorPackage(c.compile);
  std::string out = fmt::format(
      "def apply_backend_settings():\n"
      "    \"\"\"Process-wide flags: set once, before the model runs.\"\"\"\n"
      "{}"
      "    torch.backends.cudnn.enabled = {}\n"
      "    torch.backends.cudnn.benchmark = {}\n"
      "    torch.backends.cudnn.deterministic = {}\n"
      "    torch.use_deterministic_algorithms({})\n\n\n",
      fp32Settings(d), pyBool(c.cudnn.enabled), pyBool(c.cudnn.benchmark),
      pyBool(c.cudnn.deterministic), pyBool(c.cudnn.deterministic));
  out += aoti ? "def load_model(model, compile_model=True):\n" : "def load_model(model):\n";
  out +=
      "    \"\"\"Applies the settings to `model` (an nn.Module) and returns (model, model_dtype).";
  out += c.compile == CompileMode::None ? "\"\"\"\n"
                                        : "\n\n    Precision is converted before compiling: "
                                          "compiling first and casting afterwards would\n"
                                          "    invalidate the compiled result (guide §3).\n"
                                          "    \"\"\"\n";
  out +=
      "    _check_environment()\n"
      "    apply_backend_settings()\n"
      "    if not isinstance(model, torch.fx.GraphModule):  # an ExportedProgram's module has no "
      "eval()\n"
      "        model = model.eval()\n"
      "    model = model.to(DEVICE)\n";
  int step = 0;  // numbered like the guide's order: precision, memory format, compile
  if (c.isLowPrecisionCast()) {
    out += fmt::format(
        "    # {}. Precision: cast the whole model (weights and math) to MODEL_DTYPE.\n", ++step);
    out += "    model = model.to(dtype=MODEL_DTYPE)\n";
  }
  if (c.memory_format == MemoryFormat::ChannelsLast) {
    out += fmt::format(
        "    # {}. Memory format: NHWC weights for the Tensor Core convolution kernels.\n", ++step);
    out += "    model = model.to(memory_format=torch.channels_last)\n";
  }
  out += compileLines(c, step + 1);
  out += "    return model, MODEL_DTYPE\n\n\n";
  return out;
}

std::string inference(const ConfigDocument& d) {
  const auto& c = d.config;
  std::string out;
  switch (c.grad) {
    case GradMode::InferenceMode:
      out += "@torch.inference_mode()\n";
      break;
    case GradMode::NoGrad:
      out += "@torch.no_grad()\n";
      break;
    case GradMode::Autograd:
      out +=
          "# Autograd stays on: this config shows what inference_mode saves; do not deploy it.\n";
      break;
  }
  out +=
      "def inference(model, input_data, model_dtype=MODEL_DTYPE):\n"
      "    \"\"\"Runs one inference; model and model_dtype come from load_model().\"\"\"\n"
      "    input_data = input_data.to(DEVICE)\n"
      "    if model_dtype != torch.float32 and input_data.is_floating_point():  # token ids stay "
      "integers\n"
      "        input_data = input_data.to(dtype=model_dtype)\n";
  if (c.memory_format == MemoryFormat::ChannelsLast) {
    out +=
        "    if input_data.dim() == 4:\n"
        "        input_data = input_data.contiguous(memory_format=torch.channels_last)\n";
  }
  if (c.usesAutocast()) {
    out +=
        "    # Autocast: weights stay FP32; ops that need FP32 for stability (softmax, norms) keep "
        "it.\n"
        "    with torch.autocast(device_type=DEVICE.type, dtype=AUTOCAST_DTYPE):\n"
        "        return model(input_data)\n\n\n";
  } else {
    out += "    return model(input_data)\n\n\n";
  }
  return out;
}

std::string aotiPackage(const ConfigDocument& d) {
  if (!runsAotInductorPackage(d.config.compile)) return "";
  return fmt::format(
      "def export_aoti_package(model, example_input, package_path):\n"
      "    \"\"\"Writes the AOTInductor package that the C++ export loads: same settings, compiled "
      "ahead of time.\"\"\"\n"
      "    model, model_dtype = load_model(model, compile_model=False)\n"
      "    example = example_input.to(DEVICE, dtype=model_dtype)\n"
      "    with torch.no_grad():\n"
      "        program = torch.export.export(model, (example,))\n"
      "        return torch._inductor.aoti_compile_and_package(program, "
      "package_path=package_path,\n"
      "                                                        inductor_configs={})\n\n\n",
      d.config.compile == CompileMode::AotInductorMax ? "{\"max_autotune\": True}" : "{}");
}

std::string demo(const ConfigDocument& d) {
  const bool cnn = d.family == ModelFamily::Cnn;
  std::string out =
      "def _demo_model():\n"
      "    \"\"\"A small torchvision-free model of the family the config was chosen for.\"\"\"\n"
      "    torch.manual_seed(0)\n";
  out += cnn ? "    return torch.nn.Sequential(\n"
               "        torch.nn.Conv2d(3, 16, 3, padding=1), torch.nn.BatchNorm2d(16), "
               "torch.nn.ReLU(),\n"
               "        torch.nn.Conv2d(16, 32, 3, stride=2, padding=1), torch.nn.BatchNorm2d(32), "
               "torch.nn.ReLU(),\n"
               "        torch.nn.AdaptiveAvgPool2d(1), torch.nn.Flatten(), torch.nn.Linear(32, "
               "10))\n\n\n"
             : "    return torch.nn.Sequential(\n"
               "        torch.nn.LayerNorm(64), torch.nn.Linear(64, 256), torch.nn.GELU(), "
               "torch.nn.Linear(256, 64))\n\n\n";
  out +=
      "def _user_model(spec):\n"
      "    \"\"\"FILE.py:FACTORY or MODULE:FACTORY; the factory returns an nn.Module.\"\"\"\n"
      "    module_name, _, factory = spec.partition(\":\")\n"
      "    if not factory:\n"
      "        raise SystemExit(\"--model expects FILE.py:FACTORY or MODULE:FACTORY\")\n"
      "    if module_name.endswith(\".py\"):\n"
      "        file_spec = importlib.util.spec_from_file_location(\"user_model\", module_name)\n"
      "        module = importlib.util.module_from_spec(file_spec)\n"
      "        file_spec.loader.exec_module(module)\n"
      "    else:\n"
      "        module = importlib.import_module(module_name)\n"
      "    built = getattr(module, factory)()\n"
      "    # An InferScope --model-py entry returns (module, example_inputs): its first input is "
      "the example.\n"
      "    if isinstance(built, (tuple, list)):\n"
      "        examples = built[1] if isinstance(built[1], (tuple, list)) else (built[1],)\n"
      "        return built[0], examples[0]\n"
      "    return built, None\n\n\n"
      "def _backend_state():\n"
      "    state = {\n"
      "        \"cudnn_enabled\": torch.backends.cudnn.enabled,\n"
      "        \"cudnn_benchmark\": torch.backends.cudnn.benchmark,\n"
      "        \"cudnn_deterministic\": torch.backends.cudnn.deterministic,\n"
      "        \"deterministic_algorithms\": torch.are_deterministic_algorithms_enabled(),\n"
      "    }\n";
  out +=
      d.target_torch.hasFp32PrecisionApi()
          ? "    # Read back through the API that set it: after fp32_precision, the legacy getters "
            "raise.\n"
            "    state[\"cuda_matmul_fp32_precision\"] = "
            "torch.backends.cuda.matmul.fp32_precision\n"
            "    state[\"cudnn_conv_fp32_precision\"] = torch.backends.cudnn.conv.fp32_precision\n"
          : "    state[\"float32_matmul_precision\"] = torch.get_float32_matmul_precision()\n"
            "    state[\"cudnn_allow_tf32\"] = torch.backends.cudnn.allow_tf32\n";
  out +=
      "    return state\n\n\n"
      "def main(argv=None):\n"
      "    parser = argparse.ArgumentParser(description=f\"Apply InferScope config {CONFIG_KEY} "
      "and run one inference.\")\n"
      "    parser.add_argument(\"--model\", help=\"FILE.py:FACTORY or MODULE:FACTORY returning an "
      "nn.Module \"\n"
      "                        \"(default: a small demo model)\")\n"
      "    parser.add_argument(\"--input-shape\", default=\",\".join(map(str, DEMO_INPUT_SHAPE)),\n"
      "                        help=\"comma-separated input shape\")\n";
  if (runsAotInductorPackage(d.config.compile)) {
    out +=
        "    parser.add_argument(\"--aoti-package\", help=\"also write the AOTInductor package "
        "(.pt2) for the C++ export\")\n";
  }
  out +=
      "    args = parser.parse_args(argv)\n"
      "    user_model, example = _user_model(args.model) if args.model else (_demo_model(), None)\n"
      "    if example is None:\n"
      "        example = torch.randn(*[int(s) for s in args.input_shape.split(\",\")])\n";
  if (runsAotInductorPackage(d.config.compile)) {
    out +=
        "    if args.aoti_package:\n"
        "        export_aoti_package(copy.deepcopy(user_model), example, args.aoti_package)\n";
  }
  out +=
      "    model, model_dtype = load_model(user_model)\n"
      "    output = inference(model, example, model_dtype)\n"
      "    report = {\n"
      "        \"config\": CONFIG_KEY,\n"
      "        \"torch\": torch.__version__,\n"
      "        \"device\": str(DEVICE),\n"
      "        \"model_dtype\": str(model_dtype).replace(\"torch.\", \"\"),\n"
      "        \"output_dtype\": str(output.dtype).replace(\"torch.\", \"\"),\n"
      "        \"output_shape\": list(output.shape),\n"
      "        \"output_is_inference\": output.is_inference(),\n"
      "        \"finite\": bool(torch.isfinite(output).all()),\n"
      "    }\n"
      "    report.update(_backend_state())\n"
      "    print(json.dumps(report, sort_keys=True))\n\n\n"
      "if __name__ == \"__main__\":\n"
      "    main()\n";
  return out;
}

}  // namespace

std::string exportPython(const ConfigDocument& d) {
  const auto& c = d.config;
  const bool aoti = runsAotInductorPackage(c.compile);
  std::string out = "#!/usr/bin/env python3\n";
  out += exportHeader(d, "# ", "load_model.py: inference settings for PyTorch");
  out +=
      "#\n"
      "# Structure of the guide's load_model()/inference(); warm up a few iterations before "
      "timing\n"
      "# (compilation and cuDNN benchmark make the first calls slow).\n"
      "# Demo:  python3 load_model.py [--model FILE.py:FACTORY] [--input-shape 2,3,64,64]\n";
  out += std::string("import argparse\n") + (aoti ? "import copy\n" : "") +
         "import importlib\nimport importlib.util\nimport json\n";
  if (c.cudnn.deterministic) out += "import os\n";
  if (!d.target_torch.hasFp32PrecisionApi()) out += "import warnings\n";
  if (c.cudnn.deterministic) {
    out +=
        "\n# Deterministic cuBLAS matmuls need a fixed workspace, set before CUDA starts.\n"
        "os.environ.setdefault(\"CUBLAS_WORKSPACE_CONFIG\", \":4096:8\")\n";
  }
  out += "\nimport torch\n\n";
  out += fmt::format("CONFIG_KEY = \"{}\"\n", c.key());
  out += fmt::format("TARGET_TORCH = \"{}\"\n", d.target_torch.str());
  out +=
      fmt::format("DEVICE = torch.device(\"{}\")\n", d.device == DeviceKind::Cuda ? "cuda" : "cpu");
  out += fmt::format("MODEL_DTYPE = {}  # weights after load_model(); inputs are cast to it\n",
                     modelDtype(c.precision));
  if (c.usesAutocast()) out += fmt::format("AUTOCAST_DTYPE = {}\n", autocastDtype(c.precision));
  out += fmt::format("DEMO_INPUT_SHAPE = {}\n\n\n",
                     d.family == ModelFamily::Cnn ? "(2, 3, 64, 64)" : "(2, 16, 64)");
  out +=
      "def _torch_version():\n"
      "    major, minor = torch.__version__.split(\".\")[:2]\n"
      "    return int(major), int(\"\".join(ch for ch in minor if ch.isdigit()) or 0)\n\n\n";
  out += checkEnvironment(d) + "\n\n";
  out += loadModel(d);
  out += inference(d);
  out += aotiPackage(d);
  out += demo(d);
  return out;
}

}  // namespace inferscope::advisor
