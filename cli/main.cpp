// inferscope-cli: headless InferScope for GPU servers, CI and scripts.
#include <fmt/format.h>

#include <CLI/CLI.hpp>
#include <new>

#include "cli/cli_common.h"
#include "cli/commands.h"
#include "cli/options/lang_option.h"
#include "core/common/printable.h"
#include "core/common/version.h"

int main(int argc, char** argv) {
  using namespace inferscope;
  CLI::App app{
      fmt::format("InferScope {} — profile and tune PyTorch inference settings.\n"
                  "Exit codes: 0 ok, 1 a config failed, 2 invalid input, 3 model not loadable, "
                  "4 unsupported on this device/build, 5 runtime error, 130 cancelled.",
                  kInferScopeVersion),
      "inferscope-cli"};
  app.set_version_flag("--version", std::string(kInferScopeVersion));
  app.require_subcommand(1);
  // Global: `inferscope-cli --lang ja tune …` and `inferscope-cli tune … --lang ja` both work
  // (subcommands made after this inherit fallthrough to the program's options).
  std::string lang;
  cli::addLangOption(app, lang);
  app.fallthrough();
  std::function<int()> action;
  cli::addDevicesCommand(app, action);
  cli::addProfileCommand(app, action);
  cli::addRecommendCommand(app, action);
  cli::addSweepCommand(app, action);
  cli::addTuneCommand(app, action);
  cli::addTraceCommand(app, action);
  cli::addWorkerCommand(app, action);
  cli::addConfigsCommand(app, action);
  cli::addCudnnCommand(app, action);
  cli::addMergeCommand(app, action);
  cli::addSlurmCommand(app, action);
  cli::addTrustCommand(app, action);
  try {
    app.parse(argc, argv);
  } catch (const CLI::ParseError& e) {
    return app.exit(e) == 0 ? 0 : cli::kExitInvalidInput;
  }
  cli::setOutputLang(cli::resolveLang(lang));
  cli::installSignalHandlers();
  try {
    return action ? action() : 0;
  } catch (const Error& e) {
    fmt::print(stderr, "error: {}\n", printable(e.what()));  // messages quote files and names
    return cli::exitCodeFor(e.kind());
  } catch (const std::bad_alloc&) {
    // Never the input's fault as such: the machine ran out of memory (a runtime error, exit 5).
    fmt::print(stderr,
               "error: out of memory: this machine could not allocate what the command needed; "
               "free memory, or use a smaller model, batch or input\n");
    return cli::kExitRuntime;
  } catch (const std::exception& e) {
    fmt::print(stderr, "error: {}\n", printable(e.what()));
    return cli::kExitRuntime;
  }
}
