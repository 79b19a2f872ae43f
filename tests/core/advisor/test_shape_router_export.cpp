// The Python export of a shape-set answer (core/advisor/shape_router_export.h): the routing table
// and the one config for the mix as data, every routed config's own single-config export embedded,
// nothing from a label reaching the code, and a refusal when nothing ran safely. Running the file
// under a real PyTorch is tests/cli/cli_shape_router.sh's.
#include <gtest/gtest.h>

#include <cstdio>
#include <filesystem>
#include <fstream>
#include <string>

#include "core/advisor/python_exporter.h"
#include "core/advisor/shape_router_export.h"
#include "core/common/error.h"

namespace inferscope::advisor {
namespace {

ConfigDocument doc(const char* key) {
  return ConfigDocument::from(OptimizationConfig::parse(key), TorchVersion::parse("2.8"),
                              DeviceKind::Cuda, ModelFamily::Cnn);
}

ShapeRoute route(const char* label, const char* input, const char* key, double median_ms) {
  ShapeRoute r;
  r.shape_label = label;
  r.input = InputSpec::parse(input);
  if (key) r.config = doc(key);
  r.median_ms = median_ms;
  return r;
}

ShapeRouterDocument twoBuckets() {
  ShapeRouterDocument d;
  d.model_label = "resnet50";
  d.device_label = "NVIDIA H200";
  d.routes = {route("B=1", "1x3x224x224:float32", "bf16+graph", 1.25),
              route("B=32", "32x3x224x224:float32", "bf16+cl+bench", 2.5)};
  d.single = doc("bf16+cl+bench");
  d.shape_mix = "B=1:3,B=32:1";
  d.single_weighted_ms = 2.0;
  d.oracle_ms = 1.6;
  return d;
}

std::size_t count(const std::string& text, const std::string& needle) {
  std::size_t n = 0;
  for (auto at = text.find(needle); at != std::string::npos; at = text.find(needle, at + 1)) ++n;
  return n;
}

TEST(ShapeRouterExport, CarriesTheRoutesTheMixAndEachConfigsOwnExport) {
  const auto py = exportShapeRouterPython(twoBuckets());
  EXPECT_EQ(py.rfind("#!/usr/bin/env python3\n", 0), 0u);
  // The table in the header, a row per bucket with its input and median.
  EXPECT_NE(
      py.find("#   B=1              1x3x224x224:float32      bf16+graph               1.250 ms"),
      std::string::npos)
      << py.substr(0, 1200);
  EXPECT_NE(
      py.find("#   B=32             32x3x224x224:float32     bf16+cl+bench            2.500 ms"),
      std::string::npos);
  EXPECT_NE(py.find("# One config for the mix (B=1:3,B=32:1): bf16+cl+bench, weighted median "
                    "2.000 ms, x1.250 of the table's 1.600 ms"),
            std::string::npos);
  // The routes as data: the bucket's input shape and dtype, its config.
  EXPECT_NE(py.find(R"(\"input_shape\":[32,3,224,224])"), std::string::npos);
  EXPECT_NE(py.find(R"(\"config\":\"bf16+graph\")"), std::string::npos);
  EXPECT_NE(py.find("SINGLE_CONFIG = \"bf16+cl+bench\"\n"), std::string::npos);
  // Both configs' single-config exports, once each (the single config is one of the routes).
  EXPECT_EQ(count(py, "load_model.py: inference settings for PyTorch"), 2u);
  EXPECT_NE(py.find(R"(CONFIG_KEY = \\\"bf16+graph\\\")"), std::string::npos);
  EXPECT_NE(py.find("class ShapeRouter:"), std::string::npos);
  EXPECT_NE(py.find("module.apply_backend_settings()"), std::string::npos);
}

TEST(ShapeRouterExport, ABucketWithoutAConfigStaysInTheTableAndRoutesNothing) {
  auto d = twoBuckets();
  d.routes.push_back(route("B=256", "256x3x224x224:float32", nullptr, 0));
  const auto py = exportShapeRouterPython(d);
  EXPECT_NE(py.find("#   B=256            256x3x224x224:float32    (none ran safely)        -"),
            std::string::npos);
  EXPECT_NE(py.find(R"(\"config\":null)"), std::string::npos);
  d.routes = {route("B=1", "1x3x8x8:float32", nullptr, 0)};
  d.single.reset();
  EXPECT_THROW(exportShapeRouterPython(d), Error);
}

// A label or model name from a session file is data: no line of it reaches the code.
TEST(ShapeRouterExport, HostileLabelsStayData) {
  auto d = twoBuckets();
  d.routes[0].shape_label = "B=1\nimport os; os.system('touch /tmp/owned')\r\"";
  d.model_label = "m\nos.system('x')";
  const auto py = exportShapeRouterPython(d);
  EXPECT_EQ(py.find("\nimport os; os.system"), std::string::npos);
  EXPECT_EQ(py.find("\nos.system('x')"), std::string::npos);
  if (std::system("python3 -c 'pass' 2>/dev/null") != 0) GTEST_SKIP() << "python3 is not installed";
  const auto path = std::filesystem::temp_directory_path() / "inferscope_shape_router_test.py";
  std::ofstream(path) << py;
  const int status = std::system(
      ("python3 -c 'import ast, sys; ast.parse(open(sys.argv[1]).read())' '" + path.string() + "'")
          .c_str());
  std::filesystem::remove(path);
  EXPECT_EQ(status, 0);
}

}  // namespace
}  // namespace inferscope::advisor
