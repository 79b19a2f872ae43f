// The Python and C++ exports: golden files for both TF32 API generations (target PyTorch 2.8 vs
// 2.11), rules every export must follow (one TF32 API, cast before compile, inference mode), a
// syntax check of every Python export with python3 when it is installed, and — where python3 has
// torch (the GPU machine) — a run of the export reading back the torch.backends state it printed.
#include <fmt/format.h>
#include <gtest/gtest.h>
#include <sys/wait.h>

#include <array>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <nlohmann/json.hpp>

#include "core/advisor/advisor.h"
#include "core/advisor/config_exporter.h"
#include "core/common/error.h"
#include "golden_file.h"

namespace inferscope::advisor {
namespace {

namespace fs = std::filesystem;

ConfigDocument recommended(const char* device, const char* torch, Goal goal, double tolerance,
                           ModelFamily family, bool reproducible = false) {
  AdvisorRequest r;
  r.caps = Advisor().simulatedCaps(device);
  r.target_torch = TorchVersion::parse(torch);
  r.goal = goal;
  r.tolerance = tolerance;
  r.family = family;
  r.reproducible = reproducible;
  return ConfigDocument::from(Advisor().recommend(r));
}

// Recommendations covering cast + CUDA graph, TF32 + AOTInductor, an AOTInductor package in a CUDA
// graph, FP16 + determinism, autocast + channels_last, and the CPU, each for both API generations
// where the version matters.
std::vector<ConfigDocument> exports() {
  std::vector<ConfigDocument> out;
  for (const char* torch : {"2.8", "2.11"}) {
    out.push_back(recommended("hopper", torch, Goal::Latency, 1e-2, ModelFamily::Cnn));
    out.push_back(recommended("ampere", torch, Goal::Throughput, 1e-3, ModelFamily::Transformer));
    auto amp = recommended("hopper", torch, Goal::Latency, 1e-2, ModelFamily::Cnn);
    amp.config = OptimizationConfig::parse("amp-bf16+cl+graph+bench");
    amp.reasons.clear();  // the reasons were for bf16+graph+bench
    out.push_back(amp);
  }
  // An AOTInductor package replayed in a CUDA graph: what the tuner may pick, not the table.
  auto aoti_graph = recommended("hopper", "2.11", Goal::Latency, 1e-2, ModelFamily::Cnn);
  aoti_graph.config = OptimizationConfig::parse("bf16+cl+aoti-graph+bench");
  aoti_graph.reasons.clear();
  out.push_back(aoti_graph);
  out.push_back(recommended("turing", "2.11", Goal::Latency, 1e-2, ModelFamily::Cnn, true));
  out.push_back(recommended("cpu", "2.11", Goal::Latency, 1e-2, ModelFamily::Transformer));
  return out;
}

std::string baseName(const ConfigDocument& d) {
  return fmt::format("{}-{}-torch{}", d.generation, d.config.key(), d.target_torch.str());
}

bool contains(const std::string& text, const std::string& what) {
  return text.find(what) != std::string::npos;
}

TEST(Exporters, MatchGoldenFiles) {
  for (const auto& doc : exports()) {
    const auto base = baseName(doc);
    testing::expectMatchesGolden(base + ".py.golden", exportPython(doc));
    testing::expectMatchesGolden(base + ".cpp.golden", exportCpp(doc));
  }
  testing::expectMatchesGolden(
      "hopper-bf16+graph+bench-torch2.11.json.golden",
      configToJson(recommended("hopper", "2.11", Goal::Latency, 1e-2, ModelFamily::Cnn)));
}

TEST(Exporters, UseExactlyOneTf32ApiPerTargetVersion) {
  for (const auto& doc : exports()) {
    const auto py = exportPython(doc);
    const auto cpp = exportCpp(doc);
    const auto name = baseName(doc);
    const bool new_api = doc.target_torch.hasFp32PrecisionApi();
    EXPECT_EQ(contains(py, "torch.backends.cuda.matmul.fp32_precision = "), new_api) << name;
    EXPECT_EQ(contains(py, "torch.backends.cudnn.conv.fp32_precision = "), new_api) << name;
    EXPECT_EQ(contains(py, "torch.set_float32_matmul_precision("), !new_api) << name;
    EXPECT_EQ(contains(py, "torch.backends.cudnn.allow_tf32 = "), !new_api) << name;
    EXPECT_EQ(contains(cpp, "ctx.setFloat32Precision("), new_api) << name;
    EXPECT_EQ(contains(cpp, "ctx.setFloat32MatmulPrecision("), !new_api) << name;
    EXPECT_EQ(contains(cpp, "ctx.setAllowTF32CuDNN("), !new_api) << name;
  }
}

TEST(Exporters, ApplyTf32ValuesOfTheConfig) {
  const auto tf32 = recommended("ampere", "2.11", Goal::Throughput, 1e-3, ModelFamily::Transformer);
  ASSERT_EQ(tf32.config.key(), "tf32+aoti");
  EXPECT_TRUE(contains(exportPython(tf32), "torch.backends.cuda.matmul.fp32_precision = \"tf32\""));
  EXPECT_TRUE(contains(exportPython(tf32), "torch.backends.cudnn.conv.fp32_precision = \"tf32\""));
  EXPECT_TRUE(contains(exportCpp(tf32), "at::Float32Op::MATMUL, at::Float32Precision::TF32"));
  auto legacy = tf32;
  legacy.target_torch = TorchVersion::parse("2.8");
  EXPECT_TRUE(contains(exportPython(legacy), "torch.set_float32_matmul_precision(\"high\")"));
  EXPECT_TRUE(contains(exportPython(legacy), "torch.backends.cudnn.allow_tf32 = True"));
  auto v29 = tf32;
  v29.target_torch = TorchVersion::parse("2.9");
  EXPECT_TRUE(contains(exportCpp(v29), "ctx.setFloat32Precision(\"cuda\", \"matmul\", \"tf32\")"));
  const auto bf16 = recommended("hopper", "2.8", Goal::Latency, 1e-2, ModelFamily::Cnn);
  EXPECT_TRUE(contains(exportPython(bf16), "torch.set_float32_matmul_precision(\"highest\")"));
  EXPECT_TRUE(contains(exportCpp(bf16), "ctx.setAllowTF32CuDNN(false)"));
}

TEST(Exporters, FollowTheGuidesStructure) {
  for (const auto& doc : exports()) {
    const auto& c = doc.config;
    const auto py = exportPython(doc);
    const auto cpp = exportCpp(doc);
    const auto name = baseName(doc);
    EXPECT_TRUE(contains(py, "def load_model(")) << name;
    EXPECT_TRUE(contains(py, "@torch.inference_mode()\ndef inference(")) << name;
    EXPECT_TRUE(contains(py, "if __name__ == \"__main__\":")) << name;
    EXPECT_TRUE(contains(cpp, "c10::InferenceMode guard;")) << name;
    EXPECT_TRUE(contains(cpp, "int main(int argc, char** argv)")) << name;
    if (c.isLowPrecisionCast() && c.compile != CompileMode::None) {
      // Precision before compile (guide §3).
      EXPECT_LT(py.find("model = model.to(dtype=MODEL_DTYPE)"), py.find("torch.compile(")) << name;
    }
    EXPECT_EQ(contains(py, "with torch.autocast("), c.usesAutocast()) << name;
    EXPECT_EQ(contains(cpp, "AutocastScope autocast;"), c.usesAutocast()) << name;
    EXPECT_EQ(contains(py, "mode=\"reduce-overhead\""), replaysCudaGraph(c.compile)) << name;
    EXPECT_EQ(contains(cpp, "capture_begin"), replaysCudaGraph(c.compile)) << name;
    EXPECT_EQ(contains(cpp, "AOTIModelPackageLoader"), runsAotInductorPackage(c.compile)) << name;
    // The package's default runner records CUDA events per run, which capture forbids.
    EXPECT_EQ(contains(cpp, "/*run_single_threaded=*/true"),
              c.compile == CompileMode::AotInductorGraph)
        << name;
    EXPECT_EQ(contains(py, "contiguous(memory_format=torch.channels_last)"),
              c.memory_format == MemoryFormat::ChannelsLast)
        << name;
    if (c.cudnn.deterministic) {
      EXPECT_LT(py.find("CUBLAS_WORKSPACE_CONFIG"), py.find("import torch")) << name;
      EXPECT_TRUE(contains(py, "torch.use_deterministic_algorithms(True)")) << name;
      EXPECT_TRUE(contains(cpp, "ctx.setDeterministicAlgorithms(true")) << name;
    }
    EXPECT_EQ(contains(py, "torch.backends.cudnn.benchmark = True"), c.cudnn.benchmark) << name;
    EXPECT_EQ(contains(cpp, "ctx.setBenchmarkCuDNN(true)"), c.cudnn.benchmark) << name;
  }
}

TEST(Exporters, WriteFilesAtomically) {
  const auto dir = fs::temp_directory_path() / "inferscope-advisor-export-test";
  fs::create_directories(dir);
  const auto doc = recommended("hopper", "2.11", Goal::Latency, 1e-2, ModelFamily::Cnn);
  const auto path = (dir / "load_model.py").string();
  writeExportFile(doc, ExportFormat::Python, path);
  std::ifstream in(path);
  std::stringstream text;
  text << in.rdbuf();
  EXPECT_EQ(text.str(), exportPython(doc));
  EXPECT_NE(fs::status(path).permissions() & fs::perms::owner_exec, fs::perms::none);
  EXPECT_FALSE(fs::exists(path + ".tmp"));
  EXPECT_THROW(writeExportFile(doc, ExportFormat::Json, (dir / "no-such-dir" / "x.json").string()),
               Error);
  fs::remove_all(dir);
}

// A config document read from a file carries its own label and warnings: none of their text may
// end the comment it is written in (a newline would make the rest Python or C++ code) or put a
// control character in the export; a C++ comment line may not end in a backslash (it would continue
// onto the next line).
TEST(Exporters, TextFromADocumentStaysInsideItsComment) {
  auto doc = recommended("hopper", "2.11", Goal::Latency, 1e-2, ModelFamily::Cnn);
  doc.device_label = "Hopper\nimport os; os.system('touch /tmp/owned')\r\x1b[2J";
  doc.warnings = {"first\nos.system('x') \x1b]0;title\x07 ends in \\"};
  for (const auto& text : {exportPython(doc), exportCpp(doc)}) {
    EXPECT_FALSE(contains(text, "\nimport os")) << text;
    EXPECT_FALSE(contains(text, "\nos.system")) << text;
    EXPECT_FALSE(contains(text, "\x1b")) << text;
    EXPECT_FALSE(contains(text, "\r")) << text;
    EXPECT_TRUE(contains(text, "Hopper\\x0aimport os;")) << text;
    EXPECT_FALSE(contains(text, "\\\n")) << text;  // no line ends in a backslash
  }
}

// Runs a command and returns its exit status and stdout.
std::pair<int, std::string> run(const std::string& command) {
  std::string out;
  FILE* pipe = popen(command.c_str(), "r");
  if (!pipe) return {-1, out};
  std::array<char, 4096> buf{};
  while (std::fgets(buf.data(), buf.size(), pipe)) out += buf.data();
  const int status = pclose(pipe);
  return {WIFEXITED(status) ? WEXITSTATUS(status) : -1, out};
}

fs::path writeTemp(const std::string& name, const std::string& text) {
  const auto path = fs::temp_directory_path() / name;
  std::ofstream(path) << text;
  return path;
}

TEST(Exporters, PythonExportsAreValidPython) {
  if (run("python3 -c 'pass' 2>/dev/null").first != 0) GTEST_SKIP() << "python3 is not installed";
  for (const auto& doc : exports()) {
    const auto path = writeTemp("inferscope_export_syntax.py", exportPython(doc));
    const auto [status, out] =
        run("python3 -c 'import ast, sys; ast.parse(open(sys.argv[1]).read())' '" + path.string() +
            "' 2>&1");
    EXPECT_EQ(status, 0) << baseName(doc) << ": " << out;
    fs::remove(path);
  }
}

// On a machine whose python3 has torch (the GPU machine) the export runs as written and leaves
// exactly the settings of its config.
TEST(Exporters, PythonExportRunsAndAppliesTheSettings) {
  if (run("python3 -c 'import torch' 2>/dev/null").first != 0)
    GTEST_SKIP() << "python3 has no torch";
  const bool cuda =
      run("python3 -c 'import torch, sys; sys.exit(0 if torch.cuda.is_available() else 1)'")
          .first == 0;
  const auto [vstatus, version] = run("python3 -c 'import torch; print(torch.__version__)'");
  const auto installed = TorchVersion::parse(version);
  int ran = 0;
  for (const auto& doc : exports()) {
    if (doc.device == DeviceKind::Cuda && !cuda) continue;
    if (doc.target_torch.hasFp32PrecisionApi() && !installed.hasFp32PrecisionApi()) continue;
    const auto path = writeTemp("inferscope_export_run.py", exportPython(doc));
    const auto [status, out] = run("python3 '" + path.string() + "' 2>&1");
    fs::remove(path);
    ASSERT_EQ(status, 0) << baseName(doc) << ":\n" << out;
    // The report is the last line; warnings on stderr come before it (stdout is flushed at exit).
    const auto trimmed = out.substr(0, out.find_last_not_of('\n') + 1);
    const auto j = nlohmann::json::parse(trimmed.substr(trimmed.find_last_of('\n') + 1));
    const auto& c = doc.config;
    const auto name = baseName(doc);
    EXPECT_EQ(j["config"], c.key()) << name;
    EXPECT_EQ(j["cudnn_benchmark"], c.cudnn.benchmark) << name;
    EXPECT_EQ(j["cudnn_deterministic"], c.cudnn.deterministic) << name;
    EXPECT_EQ(j["deterministic_algorithms"], c.cudnn.deterministic) << name;
    EXPECT_EQ(j["finite"], true) << name;
    EXPECT_EQ(j["output_is_inference"], true) << name;
    const char* dtype = c.precision == Precision::Bf16Cast   ? "bfloat16"
                        : c.precision == Precision::Fp16Cast ? "float16"
                                                             : "float32";
    EXPECT_EQ(j["model_dtype"], dtype) << name;
    const bool tf32 = c.precision == Precision::Tf32;
    if (doc.target_torch.hasFp32PrecisionApi()) {
      EXPECT_EQ(j["cuda_matmul_fp32_precision"], tf32 ? "tf32" : "ieee") << name;
      EXPECT_EQ(j["cudnn_conv_fp32_precision"], tf32 ? "tf32" : "ieee") << name;
    } else {
      EXPECT_EQ(j["float32_matmul_precision"], tf32 ? "high" : "highest") << name;
      EXPECT_EQ(j["cudnn_allow_tf32"], tf32) << name;
    }
    ++ran;
  }
  EXPECT_GT(ran, 0);
}

}  // namespace
}  // namespace inferscope::advisor
