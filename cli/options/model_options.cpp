#include "cli/options/model_options.h"

#include <fmt/format.h>
#include <unistd.h>

#include <cctype>
#include <charconv>
#include <filesystem>
#include <optional>
#include <utility>

#include "cli/options/option_checks.h"
#include "core/common/error.h"
#include "core/common/file_io.h"
#include "core/common/printable.h"
#include "core/common/sha256.h"
#include "core/common/trust_store.h"
#include "core/common/units.h"
#include "core/model/model_zoo.h"
#include "core/model/pt2_archive.h"

namespace inferscope::cli {

void addModelOptions(CLI::App& app, ModelOptions& o) {
  app.add_option("-m,--model", o.model, fmt::format("zoo model: {}", zooModelNames()))
      ->capture_default_str();
  app.add_option("--model-file", o.model_file,
                 "TorchScript .pt (needs --input), AOTInductor .pt2 package (needs --input), or "
                 "ExportedProgram .pt2 from torch.export.save (run in a Python worker on its "
                 "stored example inputs, or --input; torch.compile and AOTInductor configs too)");
  app.add_option(
      "--model-py", o.model_py,
      "FILE.py:FUNCTION returning (module, example_inputs): your model built by your code, "
      "in a Python worker, on its own inputs unless --input is given (trust the .py file "
      "first)");
  app.add_option("--trust", o.trust_files,
                 "trust this model file to run, and remember it by content hash (repeatable; "
                 "see `inferscope-cli trust`)");
  app.add_option("--input", o.inputs,
                 "input spec, e.g. 1x3x224x224:float32 (repeat for several inputs); sweep: "
                 "upper-case names are dimensions given by --dims, e.g. Bx3x224x224:float32");
  app.add_option("-b,--batch", o.batch,
                 "batch size for zoo models; sweep: a shape set, e.g. 1,8,32 or 1..256 (the "
                 "bounds and the powers of two between) or 16..128:16 (a step)")
      ->capture_default_str();
  app.add_option("--dims", o.dims,
                 "sweep: values of a dimension --input names, NAME=VALUES, e.g. B=1..256 or "
                 "S=16,64,128 (repeatable; every combination is measured)");
  app.add_option("-d,--device", o.device, "cpu, cuda or cuda:N")->capture_default_str();
  app.add_option("--warmup", o.warmup, "warm-up iterations before measuring")
      ->capture_default_str()
      ->check(iterationCount(0, "10"));
  app.add_option("-n,--iters", o.iters, "measured iterations per config")
      ->capture_default_str()
      ->check(iterationCount(1, "100"));
  app.add_option("--seed", o.seed, "seed of zoo weights and inputs")
      ->capture_default_str()
      ->check(seedNumber());
  app.add_option("--layers", o.encoder.layers, "bert-encoder: layers")
      ->capture_default_str()
      ->check(wholeNumberAtLeast(1, "12"));
  app.add_option("--hidden", o.encoder.hidden, "bert-encoder: hidden size")
      ->capture_default_str()
      ->check(wholeNumberAtLeast(1, "768"));
  app.add_option("--heads", o.encoder.heads, "bert-encoder: attention heads")
      ->capture_default_str()
      ->check(wholeNumberAtLeast(1, "12"));
  app.add_option("--seq-len", o.encoder.seq_len, "bert-encoder: sequence length")
      ->capture_default_str()
      ->check(wholeNumberAtLeast(1, "128"));
  app.add_flag(
      "--adaptive", o.adaptive,
      "stop each config once its steady median is known to --target-ci (or at a budget) instead "
      "of after --iters iterations");
  app.add_option("--target-ci", o.target_ci,
                 "adaptive: relative half-width of the median's CI to reach")
      ->capture_default_str()
      ->check(numberBetween(0, 1, "0.01 (1 %)"));
  app.add_option("--min-iters", o.min_iters, "adaptive: never stop before this many iterations")
      ->capture_default_str()
      ->check(iterationCount(1, "100"));
  app.add_option("--max-iters", o.max_iters, "adaptive: iteration budget per config")
      ->capture_default_str()
      ->check(iterationCount(1, "10000"));
  app.add_option("--config-budget-s", o.config_budget_s,
                 "adaptive: time budget per config (leave out for none)")
      ->check(secondsAboveZero("60"));
  app.add_option(
         "--budget-s", o.budget_s,
         "adaptive: time budget of the whole run, spread over its configs (leave out for none)")
      ->check(secondsAboveZero("600"));
  app.add_option(
      "--cycle-input", o.cycle_inputs,
      "vary input sizes: iterations cycle through the inputs and these sets (one spec per set, "
      "';' between a set's specs), e.g. --cycle-input 32x3x192x192 --cycle-input 32x3x256x256");
  app.add_flag("--no-accuracy", o.no_accuracy, "skip the comparison with the FP32 reference");
  app.add_flag(
      "--roofline", o.roofline,
      "count each config's FLOPs and bytes (one extra observed forward per config) and place it "
      "under the device's measured ceilings (measured once, cached)");
  app.add_flag(
      "--verbose", o.verbose,
      "keep a LibTorch error's whole text (C++ backtrace, TorchScript traceback) in the "
      "config's message, for a bug report; without it the message is the error's sentence");
  app.add_flag(
      "--isolate", o.isolate,
      "run each config in a fresh child process: true cold starts (CUDA context, autotune, "
      "compilation), and a crash or hang of one config cannot take the run down");
  app.add_option("--isolate-timeout", o.isolate_timeout_s,
                 "seconds a child may take for its config")
      ->capture_default_str()
      ->check(secondsAboveZero("900"));
  app.add_option(
         "--forks", o.forks,
         "run each config in this many fresh processes (isolated, interleaved round by round) and "
         "report the spread between processes, an interval a further process falls in, and "
         "whether the config is stable across processes")
      ->capture_default_str()
      ->check(wholeNumberAtLeast(1, "5"));
}

AccuracyRule AccuracyOptions::rule() const {
  AccuracyRule r{parseAccuracyMetric(metric), tolerance};
  r.validate();
  return r;
}

void addAccuracyOptions(CLI::App& app, AccuracyOptions& o) {
  app.add_option(
         "--metric", o.metric,
         "accuracy metric: auto (top-1 agreement + rel. L2 for classifiers, cosine similarity "
         "otherwise), rel-l2, cosine or top1")
      ->check(CLI::IsMember({"auto", "rel-l2", "cosine", "top1"}))
      ->capture_default_str();
  app.add_option("--tolerance", o.tolerance,
                 "accepted deviation from FP32 in the metric's unit: rel. L2 error, 1 − cosine, or "
                 "the share of changed top-1 classes")
      ->capture_default_str()
      ->check(numberAbove(0, "0.01"));
}

namespace {
// An input that cannot fit in this machine's memory is refused here, naming --input, instead of
// failing inside LibTorch's allocator with its backtrace. CUDA devices are checked by the engine,
// which knows their memory.
void checkInputMemory(const ProfileRequest& r) {
  if (r.device != DeviceKind::Cpu) return;
  const long pages = ::sysconf(_SC_PHYS_PAGES), page_bytes = ::sysconf(_SC_PAGE_SIZE);
  if (pages <= 0 || page_bytes <= 0) return;
  const double memory_bytes = static_cast<double>(pages) * static_cast<double>(page_bytes);
  for (const auto& spec : r.inputs) {
    const double bytes =
        static_cast<double>(spec.numel()) * static_cast<double>(dtypeSizeBytes(spec.dtype));
    if (bytes > memory_bytes) {
      throw Error(
          ErrorKind::InvalidInput,
          fmt::format("--input {} needs {:.1f} GiB for one tensor, more than this machine's "
                      "{:.1f} GiB of memory: use a smaller shape",
                      spec.toString(), units::bytesToMiB(static_cast<std::int64_t>(bytes)) / 1024.0,
                      units::bytesToMiB(static_cast<std::int64_t>(memory_bytes)) / 1024.0));
    }
  }
}
}  // namespace

ProfileRequest toRequest(const ModelOptions& o) {
  ProfileRequest r;
  // The session stores these paths as JSON strings, which must be UTF-8: a name that is not would
  // fail only when the finished session is written, and the run would be lost.
  for (const auto& [option, path] :
       {std::pair<const char*, const std::string&>{"--model-file", o.model_file},
        std::pair<const char*, const std::string&>{"--model-py", o.model_py}}) {
    if (!isValidUtf8(path)) {
      throw Error(ErrorKind::InvalidInput,
                  fmt::format("{} {}: the file name is not valid UTF-8, and a session stores it as "
                              "text; rename the file (or link to it) with a UTF-8 name",
                              option, printableLine(path)));
    }
  }
  for (const auto& path : o.trust_files) {
    if (!isValidUtf8(path)) {
      throw Error(ErrorKind::InvalidInput,
                  fmt::format("--trust {}: the file name is not valid UTF-8, and the trust store "
                              "records it as text; rename the file (or link to it) with a UTF-8 "
                              "name",
                              printableLine(path)));
    }
  }
  if (!o.model_file.empty() && !o.model_py.empty())
    throw Error(ErrorKind::InvalidInput, "--model-file and --model-py both name a model: pick one");
  if (!o.model_py.empty()) {
    namespace fs = std::filesystem;
    const auto colon = o.model_py.rfind(':');
    if (colon == std::string::npos || colon == 0 || colon + 1 == o.model_py.size())
      throw Error(
          ErrorKind::InvalidInput,
          fmt::format("--model-py {}: expected FILE.py:FUNCTION, e.g. --model-py models.py:build",
                      printable(o.model_py)));
    r.model.source = ModelSource::PythonEntry;
    r.model.path = o.model_py.substr(0, colon);
    r.model.entry = o.model_py.substr(colon + 1);
    for (char ch : r.model.entry) {
      if (!std::isalnum(static_cast<unsigned char>(ch)) && ch != '_')
        throw Error(ErrorKind::InvalidInput,
                    fmt::format("--model-py {}: '{}' is not a Python function name",
                                printable(o.model_py), printable(r.model.entry)));
    }
    r.model.name = fmt::format("{}:{}", fs::path(r.model.path).stem().string(), r.model.entry);
    if (const auto kind = nonRegularKind(r.model.path)) {
      throw Error(ErrorKind::ModelLoad, fmt::format("--model-py {} is {}: name a Python file",
                                                    printable(r.model.path), *kind));
    }
  } else if (!o.model_file.empty()) {
    namespace fs = std::filesystem;
    const fs::path path(o.model_file);
    r.model.source =
        path.extension() == ".pt2" ? ModelSource::AotInductor : ModelSource::TorchScript;
    r.model.path = o.model_file;
    r.model.name = path.stem().string();
    if (const auto kind = nonRegularKind(o.model_file)) {
      throw Error(
          ErrorKind::ModelLoad,
          fmt::format("--model-file {} is {}: name a TorchScript .pt file or an AOTInductor "
                      ".pt2 package",
                      o.model_file, *kind));
    }
    if (o.inputs.empty() && r.model.source != ModelSource::AotInductor) {
      throw Error(ErrorKind::InvalidInput,
                  fmt::format("--model-file {} needs its input shapes: add --input, e.g. --input "
                              "1x3x224x224:float32",
                              o.model_file));
    }
  } else {
    if (!findZooModel(o.model)) {  // an option value out of its set: invalid input, never a default
      throw Error(ErrorKind::InvalidInput,
                  fmt::format("--model: unknown model '{}' (zoo models: {}; or use --model-file)",
                              printable(o.model), zooModelNames()));
    }
    r.model.name = o.model;
    if (o.encoder.seq_len > o.encoder.max_positions) {
      throw Error(ErrorKind::InvalidInput,
                  fmt::format("--seq-len {} exceeds the encoder's {} positions", o.encoder.seq_len,
                              o.encoder.max_positions));
    }
    if (o.encoder.heads < 1 || o.encoder.hidden % o.encoder.heads != 0) {
      throw Error(ErrorKind::InvalidInput,
                  fmt::format("--hidden {} is not a multiple of --heads {}", o.encoder.hidden,
                              o.encoder.heads));
    }
  }
  r.model.encoder = o.encoder;
  r.model.seed = o.seed;
  const ShapeSet shapes = shapeSetOf(o);
  if (shapes.isSet() && !o.shape_sets) {
    throw Error(
        ErrorKind::InvalidInput,
        fmt::format("{} describes {} shapes ({}); this command measures one shape: give one "
                    "size, or run `inferscope-cli sweep`, which takes a shape set",
                    o.dims.empty() ? "--batch " + o.batch : std::string("--dims"),
                    shapes.points.size(), fmt::join(shapes.labels(), ", ")));
  }
  r.inputs = shapes.points.front().inputs;
  for (const auto& set_text : o.cycle_inputs) {
    std::vector<InputSpec> set;
    std::string_view rest = set_text;
    while (!rest.empty()) {
      const auto semi = rest.find(';');
      set.push_back(InputSpec::parse(rest.substr(0, semi)));
      rest = semi == std::string_view::npos ? std::string_view() : rest.substr(semi + 1);
    }
    const std::size_t expected = r.inputs.empty() ? 1 : r.inputs.size();
    if (set.size() != expected) {
      throw Error(ErrorKind::InvalidInput,
                  fmt::format("--cycle-input {}: the model takes {} input(s), this set has {}",
                              set_text, expected, set.size()));
    }
    r.run.input_cycle.push_back(set);
  }
  r.batch = shapes.points.front().batch;
  if (o.device == "cpu") {
    r.device = DeviceKind::Cpu;
  } else if (o.device == "cuda" || o.device.rfind("cuda:", 0) == 0) {
    r.device = DeviceKind::Cuda;
    if (o.device.size() > 5) {
      // The whole rest must be the index: std::stoi would read "cuda:1abc" as cuda:1.
      const char* first = o.device.data() + 5;
      const char* last = o.device.data() + o.device.size();
      const auto [end, ec] = std::from_chars(first, last, r.device_index);
      if (ec != std::errc() || end != last || r.device_index < 0) {
        throw Error(ErrorKind::InvalidInput,
                    fmt::format("--device {}: expected cuda:N with N a device number, e.g. cuda:0",
                                printable(o.device)));
      }
    }
  } else {
    throw Error(ErrorKind::InvalidInput,
                fmt::format("--device {}: use cpu, cuda or cuda:N", o.device));
  }
  r.run.warmup_iterations = o.warmup;
  r.run.measure_iterations = o.iters;
  r.run.check_accuracy = !o.no_accuracy;
  r.run.roofline = o.roofline;
  r.run.verbose_errors = o.verbose;
  r.run.adaptive = o.adaptive;
  r.run.target_rel_ci = o.target_ci;
  r.run.min_iterations = o.min_iters;
  r.run.max_iterations = o.max_iters;
  r.run.config_time_budget_ms = units::sToMs(o.config_budget_s);
  r.run.session_time_budget_ms = units::sToMs(o.budget_s);
  if (!o.adaptive && (o.budget_s > 0 || o.config_budget_s > 0)) {
    throw Error(ErrorKind::InvalidInput,
                fmt::format("{} limits adaptive runs only (a fixed run takes --iters iterations): "
                            "add --adaptive, or leave it out",
                            o.budget_s > 0 ? "--budget-s" : "--config-budget-s"));
  }
  for (const auto& shape : shapes.points) {
    auto at_shape = r;
    at_shape.inputs = shape.inputs;
    checkInputMemory(at_shape);
  }
  applyModelTrust(r, o.trust_files);  // last: the options are valid before any file is hashed
  // Two different things are called .pt2: which one this is decides who runs it. Its zip directory
  // says (names only: nothing in the file runs), read once the file is trusted, like any model.
  if (r.model.source == ModelSource::AotInductor) {
    const auto layout = inspectPt2(o.model_file);
    if (layout.kind == Pt2Kind::ExportedProgram) {
      r.model.source = ModelSource::ExportedProgram;
    } else if (layout.kind != Pt2Kind::AotInductorPackage) {
      throw Error(
          ErrorKind::ModelLoad,
          fmt::format(
              "--model-file {} is not an AOTInductor package nor an ExportedProgram: it is {}; "
              "pass what torch._inductor.aoti_compile_and_package or torch.export.save writes",
              printable(o.model_file), layout.describe()));
    }
    if (o.inputs.empty() && r.model.source == ModelSource::AotInductor) {
      throw Error(ErrorKind::InvalidInput,
                  fmt::format("--model-file {} needs its input shapes: add --input, e.g. --input "
                              "1x3x224x224:float32",
                              o.model_file));
    }
  }
  return r;
}

ShapeSet shapeSetOf(const ModelOptions& o) {
  return parseShapeSet(o.batch, o.inputs, o.dims);
}

void addModelInputs(RunFiles& files, const ModelOptions& options) {
  files.addInput("--model-file", options.model_file);
  if (const auto colon = options.model_py.rfind(':'); colon != std::string::npos)
    files.addInput("--model-py", options.model_py.substr(0, colon));
  for (const auto& path : options.trust_files) files.addInput("--trust", path);
}

void applyModelTrust(ProfileRequest& request, const std::vector<std::string>& trust_files) {
  if (request.model.source == ModelSource::Zoo && trust_files.empty()) return;
  std::optional<TrustStore> store;
  for (const auto& file : trust_files) {
    const auto hash = sha256OfFile(file);
    if (!store) store.emplace();
    if (!store->isTrusted(hash)) store->trust(hash, absolutePath(file));
  }
  if (request.model.source == ModelSource::Zoo) return;  // built from our own code: no trust needed
  const auto hash = sha256OfFile(request.model.path);
  if (!store) store.emplace();
  if (!store->isTrusted(hash)) {
    throw Error(ErrorKind::InvalidInput,
                fmt::format("'{}' is not trusted (sha256 {}): loading a model file runs its code "
                            "with your rights (docs/SECURITY.md); {}",
                            request.model.path, hash, howToTrust(request.model.path)));
  }
  request.model.trusted_sha256 = hash;
}

std::string absolutePath(const std::string& path) {
  std::error_code ec;
  const auto p = std::filesystem::absolute(path, ec);
  return ec ? path : p.lexically_normal().string();
}

}  // namespace inferscope::cli
