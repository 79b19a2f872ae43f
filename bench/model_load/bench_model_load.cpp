// bench_model_load [megabytes=500] [rounds=5]: a TorchScript file of that many FP32 megabytes
// (GPT-2 small traced is ~0.5 GB), written here with Module::define, then per round and
// interleaved: loadModel (what each config paid before a session kept its model: read, hash
// against the trusted SHA-256, parse) and SessionModel::load after its first call (a deep copy of
// the parsed module). Prints medians for docs/PERFORMANCE.md.
#include <fmt/format.h>
#include <torch/script.h>
#include <torch/torch.h>

#include <algorithm>
#include <chrono>
#include <cstdlib>
#include <filesystem>
#include <string>
#include <vector>

#include "core/analysis/summary_stats.h"
#include "core/common/sha256.h"
#include "core/torch/model_instance.h"

using namespace inferscope;
using Clock = std::chrono::steady_clock;

namespace {

double sinceS(Clock::time_point start) {
  return std::chrono::duration<double>(Clock::now() - start).count();
}

// 1024×1024 FP32 blocks (4 MiB each) as parameters; forward uses the first only, the others are
// weights to load, as an embedding table or unused heads are.
std::string writeModel(const std::filesystem::path& dir, int megabytes) {
  torch::jit::Module m("BigNet");
  const int blocks = std::max(1, megabytes / 4);
  for (int i = 0; i < blocks; ++i)
    m.register_parameter(fmt::format("w{}", i), torch::randn({1024, 1024}), false);
  m.define("def forward(self, x):\n    return torch.matmul(x, self.w0)\n");
  const auto path = (dir / fmt::format("bench_model_{}mb.pt", megabytes)).string();
  m.save(path);
  return path;
}

}  // namespace

int main(int argc, char** argv) {
  const int megabytes = argc > 1 ? std::atoi(argv[1]) : 500;
  const int rounds = argc > 2 ? std::atoi(argv[2]) : 5;
  const auto dir = std::filesystem::temp_directory_path() / "inferscope_bench_model_load";
  std::filesystem::create_directories(dir);
  ModelRef ref;
  ref.source = ModelSource::TorchScript;
  ref.path = writeModel(dir, megabytes);
  ref.name = "bench_model";
  ref.trusted_sha256 = sha256OfFile(ref.path);
  const torch::Device cpu(torch::kCPU);
  const auto file_mb = static_cast<double>(std::filesystem::file_size(ref.path)) / 1e6;

  torchlayer::SessionModel session(ref);
  auto start = Clock::now();
  session.load(cpu);
  const double first_s = sinceS(start);
  std::vector<double> full_s, copy_s;
  for (int r = 0; r < rounds; ++r) {
    start = Clock::now();
    torchlayer::loadModel(ref, cpu);
    full_s.push_back(sinceS(start));
    start = Clock::now();
    session.load(cpu);
    copy_s.push_back(sinceS(start));
  }
  const auto full = analysis::summarize(full_s), copy = analysis::summarize(copy_s);
  fmt::print("file {:.0f} MB, {} rounds interleaved (medians)\n", file_mb, rounds);
  fmt::print("  session's first load (read + hash + parse): {:8.3f} s\n", first_s);
  fmt::print("  per config before: loadModel              : {:8.3f} s  (min {:.3f}, max {:.3f})\n",
             full.median, full.min, full.max);
  fmt::print("  per config now: SessionModel::load (copy) : {:8.3f} s  (min {:.3f}, max {:.3f})\n",
             copy.median, copy.min, copy.max);
  fmt::print("  saved per config: {:.3f} s ({:.1f}x)\n", full.median - copy.median,
             full.median / copy.median);
  std::filesystem::remove_all(dir);
  return 0;
}
