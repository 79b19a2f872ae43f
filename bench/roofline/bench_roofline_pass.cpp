// bench_roofline_pass [rounds] [resnet18|bert-encoder …]: wall time of the same CPU sweep with the
// roofline pass off and on (RunSettings::roofline: one observed forward per config, placement,
// cached ceilings), interleaved so that machine drift hits both alike; then the one-off cost of
// measuring the ceilings (an empty cache). Prints a table for docs/PERFORMANCE.md.
#include <fmt/format.h>
#include <ftw.h>
#include <stdio.h>
#include <stdlib.h>
#include <unistd.h>

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <filesystem>
#include <string>
#include <vector>

#include "core/engine/engine.h"
#include "core/roofline/ceiling_cache.h"

using namespace inferscope;
using Clock = std::chrono::steady_clock;

namespace {

struct Case {
  const char* label;
  ProfileRequest request;
};

ProfileRequest sweep(const std::string& model, std::int64_t batch) {
  ProfileRequest r;
  r.model.name = model;
  r.batch = batch;
  if (model == "bert-encoder") {  // a small encoder: the 2-core machine runs it in seconds
    r.model.encoder.layers = 2;
    r.model.encoder.hidden = 256;
    r.model.encoder.heads = 4;
    r.model.encoder.intermediate = 1024;
    r.model.encoder.seq_len = 64;
  }
  r.run.warmup_iterations = 10;  // the CLI's defaults
  r.run.measure_iterations = 100;
  r.plan = {OptimizationConfig::parse("fp32"), OptimizationConfig::parse("nograd+fp32")};
  return r;
}

double wallS(const ProfileRequest& r) {
  NullSink sink;
  CancelToken cancel;
  const auto start = Clock::now();
  engine::run(r, sink, cancel);
  return std::chrono::duration<double>(Clock::now() - start).count();
}

double median(std::vector<double> v) {
  std::sort(v.begin(), v.end());
  return v.size() % 2 ? v[v.size() / 2] : 0.5 * (v[v.size() / 2 - 1] + v[v.size() / 2]);
}

}  // namespace

int main(int argc, char** argv) {
  const int rounds = argc > 1 ? std::max(1, std::atoi(argv[1])) : 3;
  const auto cache = std::filesystem::temp_directory_path() /
                     fmt::format("inferscope_bench_roofline_{}", ::getpid());
  ::setenv("XDG_CACHE_HOME", cache.c_str(), 1);
  // Models from the command line (default both): a CPU whose BLAS is a reference one runs the
  // encoder's matmuls at ~1 GFLOP/s, where its sweeps take minutes each.
  std::vector<Case> cases;
  for (int i = 2; i < argc; ++i) {
    const std::string model = argv[i];
    if (model == "bert-encoder")
      cases.push_back({"bert-encoder (2×256, seq 64) b4, 2 configs × 110 it", sweep(model, 4)});
    if (model == "resnet18") cases.push_back({"resnet18 b1, 2 configs × 110 it", sweep(model, 1)});
  }
  if (cases.empty()) {
    cases = {{"bert-encoder (2×256, seq 64) b4, 2 configs × 110 it", sweep("bert-encoder", 4)},
             {"resnet18 b1, 2 configs × 110 it", sweep("resnet18", 1)}};
  }
  // The ceilings once, into the empty cache: what the first roofline sweep on a machine pays.
  auto first = cases[0].request;
  first.run.roofline = true;
  first.plan = {OptimizationConfig::parse("fp32")};
  first.run.measure_iterations = 1;
  first.run.warmup_iterations = 0;
  const double cold = wallS(first);
  first.run.roofline = false;
  const double plain = wallS(first);
  fmt::print(
      "ceilings measured once (empty cache): {:.2f} s (a 1-iteration run with them {:.2f} s, "
      "without {:.2f} s)\n",
      cold - plain, cold, plain);
  std::fflush(stdout);  // each line as it is known: a long run killed by a timeout keeps them
  fmt::print(
      "| sweep (CPU, LibTorch {}) | off: median s | on: median s | overhead |\n|---|---|---|---|\n",
      engine::libtorchVersion());
  std::fflush(stdout);
  for (auto& c : cases) {
    wallS(c.request);  // warm: model code paths, allocator
    std::vector<double> off, on;
    for (int i = 0; i < rounds; ++i) {
      auto r = c.request;
      r.run.roofline = false;
      off.push_back(wallS(r));
      r.run.roofline = true;
      on.push_back(wallS(r));
    }
    const double a = median(off), b = median(on);
    fmt::print("| {} | {:.3f} | {:.3f} | {:+.1f} % |\n", c.label, a, b, 100 * (b - a) / a);
    std::fflush(stdout);
  }
  // POSIX, not std::filesystem::remove_all: beside the wheel's libtorch.so that call binds to the
  // copy libtorch.so exports, which jumps to address 0 on a folder with entries
  // (LIBTORCH_COMPAT.md, trap 4); the cache folder holds the ceilings here.
  ::nftw(
      cache.c_str(),
      [](const char* path, const struct stat*, int, struct FTW*) { return ::remove(path); }, 16,
      FTW_DEPTH | FTW_PHYS);
  return 0;
}
