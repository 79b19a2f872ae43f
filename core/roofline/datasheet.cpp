#include "core/roofline/datasheet.h"

#include <algorithm>
#include <cctype>
#include <string>
#include <vector>

namespace inferscope::roofline {
namespace {

struct Entry {
  std::vector<const char*> all_of;  // every one must appear in the name (case-insensitive)
  DatasheetFigures figures;
};

// Sources: NVIDIA's product datasheets, as published on nvidia.com — "NVIDIA H200 Tensor Core
// GPU" (2024), "NVIDIA H100 Tensor Core GPU" (2023), "NVIDIA A100 Tensor Core GPU" (2021),
// "NVIDIA L4 Tensor Core GPU" (2023), "NVIDIA L40S" (2023), "NVIDIA A10" (2021), "NVIDIA T4"
// (2019), "NVIDIA V100" (2020). Their Tensor Core figures marked "with sparsity" are halved here:
// dense matmuls, which is what the probe measures. More specific names come first.
const std::vector<Entry>& table() {
  static const std::vector<Entry> entries = {
      {{"H200"},
       {"H200 SXM", 67, 494.5, 989.5, 989.5, 4800, "NVIDIA H200 Tensor Core GPU datasheet (2024)"}},
      {{"H100", "PCIE"},
       {"H100 PCIe", 51, 378, 756, 756, 2000, "NVIDIA H100 Tensor Core GPU datasheet (2023)"}},
      {{"H100"},
       {"H100 SXM", 67, 494.5, 989.5, 989.5, 3350, "NVIDIA H100 Tensor Core GPU datasheet (2023)"}},
      {{"A100", "80GB", "PCIE"},
       {"A100 80GB PCIe", 19.5, 156, 312, 312, 1935,
        "NVIDIA A100 Tensor Core GPU datasheet (2021)"}},
      {{"A100", "80GB"},
       {"A100 80GB SXM", 19.5, 156, 312, 312, 2039,
        "NVIDIA A100 Tensor Core GPU datasheet (2021)"}},
      {{"A100"},
       {"A100 40GB", 19.5, 156, 312, 312, 1555, "NVIDIA A100 Tensor Core GPU datasheet (2021)"}},
      {{"L40S"}, {"L40S", 91.6, 183, 362, 362, 864, "NVIDIA L40S datasheet (2023)"}},
      {{"L4"}, {"L4", 30.3, 60, 121, 121, 300, "NVIDIA L4 Tensor Core GPU datasheet (2023)"}},
      {{"A10"}, {"A10", 31.2, 62.5, 125, 125, 600, "NVIDIA A10 Tensor Core GPU datasheet (2021)"}},
      {{"T4"}, {"T4", 8.1, 0, 65, 0, 320, "NVIDIA T4 Tensor Core GPU datasheet (2019)"}},
      {{"V100"},
       {"V100 SXM2", 15.7, 0, 125, 0, 900, "NVIDIA V100 Tensor Core GPU datasheet (2020)"}},
  };
  return entries;
}

std::string upper(std::string_view s) {
  std::string out(s);
  std::transform(out.begin(), out.end(), out.begin(),
                 [](unsigned char c) { return static_cast<char>(std::toupper(c)); });
  return out;
}

// "L4" must not match "L40S", nor "A10" "A100": a match ends at a non-alphanumeric character.
bool containsWord(const std::string& name, const char* part) {
  const std::string p = upper(part);
  for (auto at = name.find(p); at != std::string::npos; at = name.find(p, at + 1)) {
    const auto end = at + p.size();
    if (end == name.size() || !std::isalnum(static_cast<unsigned char>(name[end]))) return true;
  }
  return false;
}

}  // namespace

double DatasheetFigures::tflops(std::string_view precision) const {
  if (precision == "fp32") return fp32_tflops;
  if (precision == "tf32") return tf32_tflops;
  if (precision == "fp16") return fp16_tflops;
  if (precision == "bf16") return bf16_tflops;
  return 0;
}

std::optional<DatasheetFigures> datasheetFor(std::string_view device_name) {
  const std::string name = upper(device_name);
  for (const auto& e : table()) {
    const bool all = std::all_of(e.all_of.begin(), e.all_of.end(),
                                 [&](const char* p) { return containsWord(name, p); });
    if (all) return e.figures;
  }
  return std::nullopt;
}

}  // namespace inferscope::roofline
