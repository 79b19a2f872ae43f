// `inferscope-cli tune`: the fastest safe config for the user's own model on this device, within a
// time budget (issue #13). The whole space is searched (core/tuner/search_space.h), raced
// (core/tuner/race.h) and decided on the finalists' across-process intervals; ties are stated.
#include <fmt/format.h>

#include <memory>

#include "cli/cli_common.h"
#include "cli/commands.h"
#include "cli/option_checks.h"
#include "cli/tuning.h"
#include "core/advisor/advisor.h"
#include "core/engine/engine.h"
#include "core/model/model_zoo.h"
#include "core/session/session_file.h"
#include "core/common/units.h"

namespace inferscope::cli {
namespace {

constexpr int kDefaultFinalistForks = 3;

struct TuneOptions {
  ModelOptions model;
  AccuracyOptions accuracy;
  std::string family;  // model files: cnn | transformer (orders the race by the guide's advice)
  std::string goal = "latency";
  std::string events = "text";
  std::string out;
  std::string shard;  // "i/n": race that slice of the space (SearchSpace::restrictToShard)
  int finalists = 3;
  int screen_iters = 20;
};

// The guide table's advice for this device and model: its recommendation leads the race, it does
// not limit it. Its neighbours (one knob changed each, FP32 and TF32 among them) are not seeds:
// the space's own order (search_space.cpp) places them, so a short budget covers the promising
// half-precision and compiled combinations before them.
std::vector<OptimizationConfig> guideSeeds(const ProfileRequest& request, const TuneOptions& o,
                                           const AccuracyRule& rule) {
  advisor::AdvisorRequest a;
  const auto device = engine::deviceInfo(request.device, request.device_index);
  a.caps = DeviceCaps::from(device);
  a.device_name = device.name;
  a.goal = advisor::parseGoal(o.goal);
  a.tolerance = rule.tolerance;
  a.metric = rule.metric;
  a.family = request.model.source == ModelSource::Zoo ? findZooModel(request.model.name)->family
             : o.family == "transformer"              ? ModelFamily::Transformer
                                                      : ModelFamily::Cnn;
  try {
    a.target_torch = advisor::TorchVersion::parse(engine::libtorchVersion());
  } catch (const Error&) {
    a.target_torch = advisor::TorchVersion::parse(advisor::kDefaultTargetTorch);
  }
  return {advisor::Advisor().recommend(a).config};
}

int runTune(const TuneOptions& o) {
  const auto rule = o.accuracy.rule();  // a bad --metric fails before anything runs
  // --budget-s is the tuning run's budget here, not an adaptive run's: the race spends it.
  ModelOptions model = o.model;
  model.budget_s = 0;
  model.forks = 1;  // screening runs in this process; the finals fork (EngineMeasurer)
  ProfileRequest request = toRequest(model);
  tuner::RaceOptions race;
  setTuneBudget(race, o.model.budget_s);
  race.warmup = o.model.warmup > 0 ? std::min(o.model.warmup, 10) : 0;
  race.screen_iterations = o.screen_iters;
  race.finalists = o.finalists;
  // --forks (every command's option) is the finalists' fresh processes here; 3 unless given.
  race.forks = o.model.forks > 1 ? o.model.forks : kDefaultFinalistForks;
  race.fork_iterations = o.model.iters;
  race.accuracy = rule;
  const bool ndjson = o.events == "ndjson";
  TuneReporter reporter(ndjson, stdout);
  std::optional<ShardSpec> shard;
  if (!o.shard.empty()) shard = ShardSpec::parse(o.shard);
  auto run = runTuning(request, model, guideSeeds(request, o, rule), race, reporter, shard);
  if (!ndjson) printTuneResult(stdout, run.result);
  if (!o.out.empty() && !run.session.configs.empty()) {
    saveSession(run.session, o.out);
    fmt::print(stderr, "session written to {}\n", o.out);
  }
  reporter.finish(run.result, o.out);
  if (run.result.cancelled) return kExitCancelled;
  return run.result.winner ? kExitOk : kExitFailure;
}

}  // namespace

void addTuneCommand(CLI::App& app, std::function<int()>& action) {
  auto options = std::make_shared<TuneOptions>();
  auto* cmd = app.add_subcommand("tune",
                                 "find the fastest safe config for this model on this device: "
                                 "search the whole space, race it, "
                                 "decide on fresh processes");
  addModelOptions(*cmd, options->model);
  addAccuracyOptions(*cmd, options->accuracy);
  cmd->add_option("--family", options->family,
                  "model files: cnn or transformer (orders the search)")
      ->check(CLI::IsMember({"cnn", "transformer"}));
  cmd->add_option("--goal", options->goal,
                  "what the guide's advice that orders the search optimises")
      ->check(CLI::IsMember({"latency", "throughput"}))
      ->capture_default_str();
  cmd->add_option("--finalists", options->finalists, "configs that reach the fresh-process finals")
      ->check(wholeNumberAtLeast(1, "3"))
      ->capture_default_str();
  cmd->add_option("--screen-iters", options->screen_iters,
                  "measured iterations of every candidate's first run")
      ->check(wholeNumberAtLeast(1, "20"))
      ->capture_default_str();
  cmd->add_option("--events", options->events,
                  "text (progress on stderr, table on stdout) or ndjson (events on stdout)")
      ->check(CLI::IsMember({"text", "ndjson"}))
      ->capture_default_str();
  cmd->add_option("-o,--out", options->out,
                  "write the session (every measured config, the finalists' forks)");
  cmd->add_option("--shard", options->shard,
                  "race shard i of n of the search space (i/n, from 0): the FP32 reference and "
                  "every n-th other candidate; `inferscope-cli merge` joins the shards' sessions "
                  "and ranks the finalists of all shards (docs/SCALE.md)")
      ->check(shardText());
  cmd->callback([options, &action] { action = [options] { return runTune(*options); }; });
}

}  // namespace inferscope::cli
