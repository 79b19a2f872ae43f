// `inferscope-cli tune`: the fastest safe config for the user's own model on this device, within a
// time budget. The whole space is searched (core/tuner/search_space.h), raced
// (core/tuner/race.h) and decided on the finalists' across-process intervals; ties are stated.
#include <fmt/format.h>
#include <unistd.h>

#include <algorithm>
#include <chrono>
#include <condition_variable>
#include <ctime>
#include <memory>
#include <mutex>
#include <thread>

#include "cli/cli_common.h"
#include "cli/commands.h"
#include "cli/console_sink.h"
#include "cli/options/lang_option.h"
#include "cli/options/option_checks.h"
#include "cli/shape_router_output.h"
#include "cli/tune_console.h"
#include "cli/tune_report.h"
#include "core/advisor/advisor.h"
#include "core/common/printable.h"
#include "core/common/units.h"
#include "core/engine/engine.h"
#include "core/engine/shape_answers.h"
#include "core/engine/shape_sweep.h"
#include "core/model/model_zoo.h"
#include "core/runner/background_compiles.h"
#include "core/runner/compile_queue.h"
#include "core/runner/tune_event_writer.h"
#include "core/runner/tuning.h"
#include "core/session/session_file.h"
#include "core/tuner/shape_race.h"
#include "text/answer_text.h"

namespace inferscope::cli {
namespace {

constexpr int kDefaultFinalistForks = 3;
// How long a cancelled race may take to stop by itself: one screening iteration, the race's
// wind-down. The stop then takes at most about this long, within a second as a user expects.
constexpr auto kCancelGrace = std::chrono::milliseconds(800);

// tune ends soon after SIGTERM or Ctrl-C whatever its model does. The first signal asks the race
// to stop after the current iteration (processCancelToken, read by the engine); a forward that
// never returns, here or in a worker, would hold the run forever, so once a cancel has waited
// kCancelGrace this thread ends the process as a second signal does: the compile helpers are
// killed, the workers die with it (PR_SET_PDEATHSIG), the exit status is 130 and nothing is
// written, so a session already at -o stays as it was. Alive only while the race runs: writing
// the result is not cut short.
class CancelDeadline {
 public:
  explicit CancelDeadline(const CancelToken& token) : thread_([this, &token] { watch(token); }) {}
  ~CancelDeadline() {
    {
      const std::lock_guard<std::mutex> lock(mutex_);
      done_ = true;
    }
    wake_.notify_all();
    thread_.join();
  }
  CancelDeadline(const CancelDeadline&) = delete;
  CancelDeadline& operator=(const CancelDeadline&) = delete;

 private:
  void watch(const CancelToken& token) {
    std::unique_lock<std::mutex> lock(mutex_);
    // The token is set from a signal handler, which cannot notify: look at it 50 times a second.
    while (!done_ && !token.cancelled()) wake_.wait_for(lock, std::chrono::milliseconds(20));
    if (done_ || wake_.wait_for(lock, kCancelGrace, [this] { return done_; })) return;
    runner::CompileQueue::killHelpersFromSignalHandler();
    static const char kStopped[] =
        "inferscope-cli: the race did not stop within 0.8 s of the cancel (a forward that does "
        "not return): stopped at once, nothing written\n";
    (void)!::write(STDERR_FILENO, kStopped, sizeof kStopped - 1);
    ::_exit(kExitCancelled);
  }

  std::mutex mutex_;
  std::condition_variable wake_;
  bool done_ = false;
  std::thread thread_;  // last: starts once the members it uses exist
};

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
  bool fresh = false;          // the run memory is not read (it is written)
  std::string resume;          // a session whose race this run continues
  bool status = false;         // list the compiles earlier tunes left running, and exit
  bool stop_compiles = false;  // stop them, and exit
  std::string shape_mix;       // over a shape set: the one config's weights ("" uniform)
  std::string export_python;   // over a shape set: the routing table as a Python file
  std::string torch_version;   // what that export targets ("" the linked LibTorch's, ≥ 2.0)
};

// `tune --status` and `tune --stop-compiles`: the AOTInductor compiles earlier tunes left running
// after they exited (core/runner/background_compiles.h), which the user must be able to see and
// stop. No model is loaded and no device is touched.
int runCompilesCommand(const TuneOptions& o) {
  const auto dir = runner::backgroundCompilesDirectory();
  const double now_s = static_cast<double>(std::time(nullptr));
  const auto lang = outputLang();
  if (o.stop_compiles) {
    const auto stopped = runner::stopBackgroundCompiles(dir);
    if (stopped.empty()) fmt::print("{}\n", text::message("compiles.none", lang));
    int failed = 0;
    for (const auto& s : stopped) {
      const auto& c = s.compile;
      if (s.stopped) {
        fmt::print("{}\n",
                   text::message(
                       "compiles.stopped", lang,
                       {{"model", c.model},
                        {"key", c.key},
                        {"pid", std::to_string(c.pid)},
                        {"elapsed_s", fmt::format("{:.0f}", units::msToS(c.elapsedMs(now_s)))}}));
      } else {
        ++failed;
        fmt::print(stderr, "inferscope-cli: not stopped: {} {} (pid {}): {}\n", c.model, c.key,
                   c.pid, s.message);
      }
    }
    return failed ? kExitRuntime : kExitOk;
  }
  const auto running = runner::listBackgroundCompiles(dir);
  if (running.empty()) {
    fmt::print("{}\n", text::message("compiles.none-in", lang, {{"dir", dir}}));
    return kExitOk;
  }
  fmt::print("{}\n",
             text::message(running.size() == 1 ? "compiles.left.one" : "compiles.left", lang,
                           {{"count", std::to_string(running.size())}, {"dir", dir}}));
  for (const auto& c : running) {
    const double elapsed_ms = c.elapsedMs(now_s);
    fmt::print("  {}  {}  pid {}  {}\n    {} {}\n", c.model, c.key, c.pid,
               text::etaText(elapsed_ms, c.typical_ms, lang), text::message("compiles.log", lang),
               c.log_path);
  }
  fmt::print("{}\n", text::message("compiles.next", lang));
  return kExitOk;
}

ModelFamily familyOf(const ProfileRequest& request, const TuneOptions& o) {
  return request.model.source == ModelSource::Zoo ? findZooModel(request.model.name)->family
         : o.family == "transformer"              ? ModelFamily::Transformer
                                                  : ModelFamily::Cnn;
}

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
  a.family = familyOf(request, o);
  try {
    a.target_torch = advisor::TorchVersion::parse(engine::libtorchVersion());
  } catch (const Error&) {
    a.target_torch = advisor::TorchVersion::parse(advisor::kDefaultTargetTorch);
  }
  return {advisor::Advisor().recommend(a).config};
}

// Of a shape set's budget, what measuring every race's winner at every shape keeps.
constexpr double kShapeCrossShare = 0.3;

// Over a shape set: what each shape's race answered, then the answers every winner's run at
// every shape gave (the router's table, the one config for the mix), then what was not measured.
void printShapeTune(std::FILE* out, const tuner::ShapeRaceResult& r, int forks, int iterations) {
  fmt::print(out, "\nThe race at each shape\n{:<20} {:<24} {:<12} {:>10}  {}\n", "shape", "winner",
             "state", "median ms", "candidates not measured");
  for (std::size_t i = 0; i < r.shapes.size(); ++i) {
    const auto& race = r.races[i];
    if (!race) {
      fmt::print(out, "{:<20} {:<24} {:<12} {:>10}  -\n", printableLine(r.shapes[i].label), "-",
                 "not raced", "-");
      continue;
    }
    const auto* won = race->winner ? race->find(*race->winner) : nullptr;
    const double median_ms =
        won ? (won->forks ? won->forks->median_ms : won->estimate.median_ms) : 0.0;
    fmt::print(out, "{:<20} {:<24} {:<12} {:>10}  {}\n", printableLine(r.shapes[i].label),
               race->winner ? race->winner->key() : std::string("(none)"),
               toString(race->verdict_state), won ? fmt::format("{:.3f}", median_ms) : "-",
               race->unmeasured.count);
  }
  if (!r.contenders.empty()) {
    std::vector<std::string> keys;
    for (const auto& c : r.contenders) keys.push_back(c.key());
    fmt::print(
        out,
        "\nEvery winner at every shape ({}), one protocol: the FP32 reference at each shape, "
        "{} iterations in {} fresh process{} per config\n",
        fmt::join(keys, ", "), iterations, forks, forks == 1 ? "" : "es");
  }
  if (r.record) {
    printThroughputTable(out, *r.record);
    printShapeAnswers(out, *r.record);
  }
  if (!r.not_measured.empty()) {
    fmt::print(out, "\nNot measured (a shape set multiplies the work; raise --budget-s):\n");
    for (const auto& line : r.not_measured) fmt::print(out, "  {}\n", printableLine(line));
  }
  fmt::print(out, "\n{:.1f} s of a {:.0f} s budget over {} shapes\n", units::msToS(r.elapsed_ms),
             units::msToS(r.budget_ms), r.shapes.size());
}

// The race's options from the command line: the one-shape tune's, and each shape's race of a set.
tuner::RaceOptions raceOptions(const TuneOptions& o, const ProfileRequest& request,
                               const AccuracyRule& rule) {
  tuner::RaceOptions race;
  runner::setTuneBudget(race, o.model.budget_s, request.model.source);
  race.warmup = o.model.warmup > 0 ? std::min(o.model.warmup, 10) : 0;
  race.screen_iterations = o.screen_iters;
  race.finalists = o.finalists;
  // --forks (every command's option) is the finalists' fresh processes here; 3 unless given.
  race.forks = o.model.forks > 1 ? o.model.forks : kDefaultFinalistForks;
  race.fork_iterations = o.model.iters;
  race.accuracy = rule;
  return race;
}

// `tune` over a shape set (core/tuner/shape_race.h): a race per shape, then the races' winners at
// every shape under one protocol, from which the routing table and the one config for the mix
// come. The session written holds that last step's results with their shapes and the record.
int runShapeTune(const TuneOptions& o, const ShapeSet& shapes, const AccuracyRule& rule) {
  if (!o.shard.empty() || !o.resume.empty() || o.events == "ndjson") {
    throw Error(ErrorKind::InvalidInput,
                fmt::format("{} with a shape set ({}) is not supported: tune one shape per "
                            "command, or leave it out",
                            !o.shard.empty()    ? "--shard"
                            : !o.resume.empty() ? "--resume"
                                                : "--events ndjson",
                            fmt::join(shapes.labels(), ", ")));
  }
  ModelOptions model = o.model;
  model.budget_s = 0;
  model.forks = 1;
  const ProfileRequest request = toRequest(model);  // at the first shape
  tuner::RaceOptions race = raceOptions(o, request, rule);
  tuner::ShapeRaceOptions options;
  // Given, --budget-s is the whole run's; not given, each race gets the one-shape default and the
  // winners' runs at every shape their share on top: a set of n shapes costs about n tunes.
  const double n = static_cast<double>(shapes.points.size());
  options.budget_ms = o.model.budget_s > 0
                          ? units::sToMs(o.model.budget_s) - processAgeMs() - race.exit_reserve_ms
                          : race.budget_ms * n / (1 - kShapeCrossShare);
  options.cross_share = kShapeCrossShare;
  options.shape_mix = o.shape_mix;
  options.ranking.accuracy = rule;
  const auto sink = makeRunSink("text", false);
  tuner::ShapeRaceHooks hooks;
  hooks.now_ms = [] { return processAgeMs(); };
  hooks.race = [&](std::size_t i, double budget_ms) {
    const auto& point = shapes.points[i];
    fmt::print(stderr, "inferscope-cli: ── the race at shape {} ({:.0f} s) ──\n",
               printableLine(point.label), units::msToS(budget_ms));
    const auto at = requestAtShape(request, point);
    auto at_race = race;
    at_race.budget_ms = budget_ms;
    at_race.spent_before_ms = 0;
    runner::CompileQueue compiles;  // one queue per race: its end starts nothing new
    TuneConsole reporter([&compiles] { return compiles.jobs(); }, outputLang());
    runner::TuneSettings settings;
    settings.max_autotune = model.max_autotune;
    settings.measurer.launcher = workerLauncher();
    settings.measurer.isolate_timeout_s = model.isolate_timeout_s;
    settings.compiles = &compiles;
    settings.remember = true;  // each shape's race is remembered under its own inputs
    settings.fresh = o.fresh;
    settings.log = [](const std::string& line) {
      fmt::print(stderr, "inferscope-cli: {}\n", line);
    };
    const CancelDeadline deadline(processCancelToken());
    auto run = runner::runTuning(at, guideSeeds(at, o, rule), at_race, settings, reporter,
                                 processCancelToken());
    fmt::print(stdout, "\n── the race at shape {} (inputs {}) ──\n", printableLine(point.label),
               toString(run.session.request.inputs));
    printTuneResult(stdout, run.result, run.session.configs.empty() ? nullptr : &run.session,
                    outputLang());
    return run.result;
  };
  hooks.measure = [&](std::size_t i, const std::vector<OptimizationConfig>& configs) {
    const auto& point = shapes.points[i];
    fmt::print(stderr, "inferscope-cli: ── every winner at shape {} ──\n",
               printableLine(point.label));
    auto at = requestAtShape(request, point);
    at.plan = configs;
    at.run.warmup_iterations = o.model.warmup;
    at.run.measure_iterations = race.fork_iterations;
    ModelOptions forked = model;
    forked.forks = race.forks;
    return runSession(at, forked, *sink);
  };
  const auto result = tuner::raceShapes(shapes, options, hooks, processCancelToken());
  printShapeTune(stdout, result, race.forks, race.fork_iterations);
  if (!o.export_python.empty()) {
    if (result.record && !result.cancelled) {
      writeShapeRouter(result.session, *result.record, familyOf(request, o), o.torch_version,
                       o.export_python);
    } else {
      fmt::print(stderr,
                 "inferscope-cli: {} not written: no routing table (the winners were not measured "
                 "at two shapes or more)\n",
                 printableLine(o.export_python));
    }
  }
  auto session = result.session;
  session.shape_record = result.record;
  std::string written;
  if (!o.out.empty() && !session.configs.empty()) {
    written = session.cancelled ? partialSessionPath(o.out) : o.out;
    writeSessionOutput(session, o.out);
  }
  if (result.cancelled) return kExitCancelled;
  const bool answered =
      result.record && std::any_of(result.record->routing.begin(), result.record->routing.end(),
                                   [](const RouteEntry& e) { return !e.config_key.empty(); });
  return answered ? kExitOk : kExitFailure;
}

int runTune(const TuneOptions& o) {
  if (o.status || o.stop_compiles) return runCompilesCommand(o);
  RunFiles files;  // checked before the run: a mistake costs an error message, not a file
  addModelInputs(files, o.model);
  files.addInput("--resume", o.resume);
  files.addOutput("-o", o.out);
  files.addOutput("--python", o.export_python, OutputKind::Script);
  files.check();
  const auto rule = o.accuracy.rule();  // a bad --metric fails before anything runs
  const ShapeSet shapes = shapeSetOf(o.model);
  if (!o.torch_version.empty()) advisor::TorchVersion::parse(o.torch_version);  // told early
  if (shapes.isSet()) return runShapeTune(o, shapes, rule);
  if (!o.shape_mix.empty() || !o.export_python.empty()) {
    throw Error(ErrorKind::InvalidInput,
                fmt::format("{} {}: give several, e.g. --batch 1,8,32 (one shape's answer "
                            "exports with `inferscope-cli recommend --validate --python`)",
                            o.shape_mix.empty() ? "--python" : "--shape-mix",
                            o.shape_mix.empty() ? "exports a shape set's routing table"
                                                : "weighs the shapes of a shape set"));
  }
  // --budget-s is the tuning run's budget here, not an adaptive run's: the race spends it.
  ModelOptions model = o.model;
  model.budget_s = 0;
  model.forks = 1;  // screening runs in this process; the finals fork (EngineMeasurer)
  ProfileRequest request = toRequest(model);
  tuner::RaceOptions race = raceOptions(o, request, rule);
  race.spent_before_ms = processAgeMs();  // loading LibTorch and CUDA came out of the budget
  const bool ndjson = o.events == "ndjson";
  runner::CompileQueue compiles;  // this tune's background compiles, which its reporter shows
  const runner::CompileJobsSource jobs = [&compiles] { return compiles.jobs(); };
  std::unique_ptr<runner::TuneReporter> reporter;
  if (ndjson) {
    reporter = std::make_unique<runner::TuneEventWriter>(stdout, jobs);
  } else {
    reporter = std::make_unique<TuneConsole>(jobs, outputLang());
  }
  runner::TuneSettings settings;
  settings.max_autotune = model.max_autotune;
  settings.measurer.launcher = workerLauncher();
  settings.measurer.isolate_timeout_s = model.isolate_timeout_s;
  settings.compiles = &compiles;
  std::optional<ShardSpec> shard;
  if (!o.shard.empty()) shard = ShardSpec::parse(o.shard);
  // A shard races part of the space: its race is no memory of the model's.
  settings.remember = !shard;
  settings.fresh = o.fresh;
  std::optional<SessionResult> resumed;
  if (!o.resume.empty()) {
    resumed = loadSession(o.resume);
    settings.resume = &*resumed;
    settings.resume_path = o.resume;
  }
  // On stderr in both modes: stdout holds the table or the events.
  settings.log = [](const std::string& line) { fmt::print(stderr, "inferscope-cli: {}\n", line); };
  auto run = [&] {
    const CancelDeadline deadline(processCancelToken());
    return runner::runTuning(request, guideSeeds(request, o, rule), race, settings, *reporter,
                             processCancelToken(), shard);
  }();
  if (!ndjson)
    printTuneResult(stdout, run.result, run.session.configs.empty() ? nullptr : &run.session,
                    outputLang());
  // Written once the race has ended, atomically; a cancelled race never replaces a session that is
  // already there (its partial session goes beside it, as profile's does).
  std::string written;
  if (!o.out.empty() && !run.session.configs.empty()) {
    written = run.session.cancelled ? partialSessionPath(o.out) : o.out;
    writeSessionOutput(run.session, o.out);
  }
  reporter->finish(run.result, written);
  if (run.result.cancelled) return kExitCancelled;
  return run.result.winner ? kExitOk : kExitFailure;
}

}  // namespace

void addTuneCommand(CLI::App& app, std::function<int()>& action) {
  auto options = std::make_shared<TuneOptions>();
  // --batch 1,8,32 and --dims: a race per shape, then the winners at every shape (runShapeTune).
  options->model.shape_sets = true;
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
      ->check(iterationCount(1, "20"))
      ->capture_default_str();
  cmd->add_flag(
      "--max-autotune", options->model.max_autotune,
      "race torch.compile max-autotune too (models Python rebuilds; minutes per compile)");
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
  cmd->add_flag("--fresh", options->fresh,
                "do not start from the run memory of earlier tunes of this model, inputs, device "
                "and versions (it is still written; docs/ADVISOR.md, \"Run memory and resume\")");
  cmd->add_option("--resume", options->resume,
                  "continue the race of a tune session (-o of a cancelled, interrupted or "
                  "budget-ended run) with this run's --budget-s: what it measured is kept, the "
                  "rest is screened and the finals run again; same model, inputs and device");
  cmd->add_option("--shape-mix", options->shape_mix,
                  "over a shape set: the share of requests per shape for the one-config answer, "
                  "e.g. 'B=1:3,B=8:1' (uniform when left out)")
      ->check(nonEmptyText("SHAPE:WEIGHT,…", "B=1:3,B=8:1"));
  cmd->add_option("--python", options->export_python,
                  "over a shape set: write the routing table as a Python file (a config per "
                  "bucket, each applied to its own copy of the model; the one config for the mix "
                  "for shapes no bucket holds)");
  cmd->add_option("--torch-version", options->torch_version,
                  "the PyTorch that --python targets (default: this build's LibTorch, or 2.11 "
                  "before 2.x)");
  auto* status = cmd->add_flag(
      "--status", options->status,
      "list the AOTInductor compiles earlier tunes left running in the background (model, "
      "package, time so far, when it is likely ready, pid, log) and exit");
  cmd->add_flag("--stop-compiles", options->stop_compiles,
                "stop the compiles earlier tunes left running in the background, and exit")
      ->excludes(status);
  cmd->callback([options, &action] { action = [options] { return runTune(*options); }; });
}

}  // namespace inferscope::cli
