// `inferscope-cli devices`: what this machine can run on, with versions.
#include <fmt/format.h>

#include "cli/commands.h"
#include "core/common/units.h"
#include "core/engine/engine.h"

namespace inferscope::cli {

void addDevicesCommand(CLI::App& app, std::function<int()>& action) {
  auto* cmd =
      app.add_subcommand("devices", "list the CPU and CUDA devices with capabilities and versions");
  cmd->callback([&action] {
    action = [] {
      for (const auto& d : engine::listDevices()) {
        if (d.kind == DeviceKind::Cuda) {
          fmt::print(
              "{:<7} {} · compute capability {} ({}) · {:.1f} GiB · {} SMs · driver {} · CUDA {} · "
              "cuDNN {}\n",
              d.deviceString(), d.name, d.computeCapability(), d.generation(),
              units::bytesToMiB(d.total_memory_bytes) / 1024.0, d.multiprocessors,
              d.driver_version.empty() ? "?" : d.driver_version, d.cuda_runtime_version,
              d.cudnn_version.empty() ? "none" : d.cudnn_version);
        } else {
          fmt::print("{:<7} {} · {} cores · {} LibTorch threads · {:.1f} GiB\n", d.deviceString(),
                     d.name, d.multiprocessors, d.cpu_threads,
                     units::bytesToMiB(d.total_memory_bytes) / 1024.0);
        }
      }
      fmt::print("LibTorch {} · CUDA build: {} · AOTInductor: {}\n", engine::libtorchVersion(),
                 engine::cudaAvailable() ? "yes, CUDA available" : "no CUDA device",
                 engine::aotInductorAvailable() ? "available" : "not in this build");
      return 0;
    };
  });
}

}  // namespace inferscope::cli
