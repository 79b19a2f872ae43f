// `inferscope-cli configs`: the config-key grammar — every token with its meaning, and whether this
// machine's devices can run it (with the reason when not).
#include <fmt/format.h>

#include "cli/commands.h"
#include "core/config/optimization_config.h"
#include "core/engine/engine.h"

namespace inferscope::cli {

void addConfigsCommand(CLI::App& app, std::function<int()>& action) {
  auto* cmd = app.add_subcommand(
      "configs", "list the tokens of config keys (grad · precision · format · compile · cuDNN)");
  cmd->callback([&action] {
    action = [] {
      fmt::print(
          "A config key joins tokens with '+', e.g. bf16+cl+graph+bench; fp32 under inference_mode "
          "is the "
          "default.\n\n");
      const auto devices = engine::listDevices();
      for (const auto& [token, meaning] : configTokens()) {
        fmt::print("  {:<20} {}\n", token, meaning);
        const std::string key = token == "nograd" || token == "autograd" || token == "cl" ||
                                        token == "bench" || token == "det" || token == "nocudnn" ||
                                        token == "ts" || token == "aoti" || token == "aoti-max" ||
                                        token == "aoti-graph" || token == "graph"
                                    ? "fp32+" + token
                                    : token;
        for (const auto& d : devices) {
          if (auto why = unsupportedReason(OptimizationConfig::parse(key), DeviceCaps::from(d),
                                           engine::aotInductorAvailable())) {
            fmt::print("  {:<20}   not on {}: {}\n", "", d.deviceString(), *why);
          }
        }
      }
      return 0;
    };
  });
}

}  // namespace inferscope::cli
