// Each subcommand registers itself on the app and, when chosen, sets `action` to what it runs.
#pragma once

#include <CLI/CLI.hpp>
#include <functional>

namespace inferscope::cli {

void addDevicesCommand(CLI::App& app, std::function<int()>& action);
void addProfileCommand(CLI::App& app, std::function<int()>& action);
void addRecommendCommand(CLI::App& app, std::function<int()>& action);
void addSweepCommand(CLI::App& app, std::function<int()>& action);
void addTuneCommand(CLI::App& app, std::function<int()>& action);
void addTraceCommand(CLI::App& app, std::function<int()>& action);
void addWorkerCommand(CLI::App& app, std::function<int()>& action);
void addConfigsCommand(CLI::App& app, std::function<int()>& action);
void addCudnnCommand(CLI::App& app, std::function<int()>& action);
void addMergeCommand(CLI::App& app, std::function<int()>& action);
void addSlurmCommand(CLI::App& app, std::function<int()>& action);
void addTrustCommand(CLI::App& app, std::function<int()>& action);

}  // namespace inferscope::cli
