#include "core/runner/tuning.h"

#include <fmt/format.h>
#include <fmt/ranges.h>

#include <algorithm>
#include <chrono>
#include <ctime>
#include <filesystem>
#include <map>
#include <string>

#include "core/common/error.h"
#include "core/common/python_helpers.h"
#include "core/common/sha256.h"
#include "core/common/units.h"
#include "core/common/version.h"
#include "core/engine/engine.h"
#include "core/model/model_zoo.h"
#include "core/roofline/roofline_place.h"
#include "core/runner/background_compiles.h"
#include "core/runner/pinned_model.h"
#include "core/runner/python_model_run.h"
#include "core/runner/tuned_session.h"
#include "core/tuner/race_prior.h"
#include "core/tuner/race_record.h"
#include "core/tuner/run_memory.h"

namespace inferscope::runner {
namespace {

double unixNowS();  // below

// Packages still compiling when a run ends are left to finish after it (CompileQueue's lock makes
// the next run wait for them instead of starting over): on the H200 a ResNet-50 package takes
// about 100 s, longer than a warm run's 60 s, so stopping them meant compiling them again, and
// never finishing, in every run. A cancelled run stops them. Each one left is recorded in
// `state_dir` (background_compiles.h), so that the user can see it (`tune --status`) and stop it
// (`tune --stop-compiles`), and the record says when its package is likely ready: what this
// run's finished compiles took, less its time so far.
void leaveCompilesRunning(tuner::TuneResult& result, CompileQueue& compiles,
                          const std::string& model, const std::string& state_dir,
                          const std::function<void(const std::string&)>& say) {
  if (result.cancelled) return;
  const double typical_ms = typicalCompileMs(compiles.jobs());
  const auto left = compiles.detachRunning();
  if (left.empty()) return;
  std::string error;
  const auto recorded =
      recordBackgroundCompiles(state_dir, model, left, typical_ms, unixNowS(), &error);
  if (!error.empty() && say) say(fmt::format("background compiles not recorded: {}", error));
  std::vector<std::string> names;
  names.reserve(left.size());
  // The logs go in their own field: a few GPU-server paths of 300 characters each pushed the
  // answer's comparison with torch.compile out of the window.
  for (const auto& job : left) {
    names.push_back(job.key);
    if (!job.log_path.empty()) result.log_paths.push_back(job.log_path);
  }
  // Whether `tune --status` can list them is a fact of its own.
  result.reasons.push_back({"still-compiling",
                            {{"keys", fmt::format("{}", fmt::join(names, ", "))},
                             {"recorded", recorded.empty() ? "no" : "yes"}}});
}

// What the race leaves of its budget for the roofline's counting run of the winner beyond the
// model's load (which the race keeps as measured: RaceOptions::exit_reserve_holds_a_load): one
// warm-up, two iterations and the observed one. A small model on the CPU counts in well under a
// second, a ResNet-50 on a GPU in about one; ceilings missing from the cache take seconds more,
// once per device and software stack. A race that ends early leaves more.
constexpr double kRooflineReserveMs = 2000;

// The session's result of `winner` (its forked run when it had one, as tunedSession picks it).
ConfigResult* winnerResult(tuner::TuneResult& r, const OptimizationConfig& winner) {
  for (auto* list : {&r.finals, &r.screening}) {
    for (auto& x : *list) {
      if (x.config == winner || x.fallback_from == winner.key()) return &x;
    }
  }
  return nullptr;
}

// The winner's place under the measured roofline, in its result (the session's row), the race's
// answer (TuneResult::roofline, a clause kept for older readers) and `ceilings`. Its work is
// counted in a run of its own after the race (the race's rounds run without the operator observer,
// whose boxing of every operator's arguments would slow the iterations it times); a compiled
// winner's is its eager twin's, of the same precision and memory format, as placeConfig takes it.
// Where no place can be computed the clause says why, with no number, and so does a
// "roofline-unplaced" reason (its cause and values), which the CLI and the GUI render in the user's
// language.
void placeWinner(tuner::TuneResult& r, EngineMeasurer& measurer, ModelSource source,
                 double deadline_ms, std::optional<roofline::DeviceCeilings>& ceilings,
                 PythonModelRun* python, const ProfileRequest& request) {
  if (!r.winner || r.cancelled) return;
  const auto say = [&](std::string clause) { r.roofline = std::move(clause); };
  const auto unplaced = [&](const char* cause, std::string clause,
                            std::map<std::string, std::string> values = {}) {
    values["cause"] = cause;
    r.reasons.push_back({"roofline-unplaced", std::move(values)});
    say(std::move(clause));
  };
  if (builtInPython(source) && python == nullptr)
    return unplaced("python-model", roofline::unplacedClause(roofline::Unplaced::PythonModel));
  if (source == ModelSource::AotInductor)
    return unplaced(
        "aoti-package",
        roofline::unplacedClause(roofline::Unplaced::NoWork,
                                 "an AOTInductor package runs no operators the engine can observe, "
                                 "and has no eager twin"));
  ConfigResult* winner = winnerResult(r, *r.winner);
  if (winner == nullptr || winner->status != ConfigStatus::Ok) return;
  if (deadline_ms <= measurer.nowMs())
    return unplaced("no-time",
                    roofline::unplacedClause(roofline::Unplaced::NoTime, "raise --budget-s"));
  OptimizationConfig counted = winner->config;
  counted.compile = CompileMode::None;
  // A model Python rebuilds is counted in the worker, by the engine's recorder built there
  // (PythonModelRun::countWork); the ceilings are this process's to measure.
  if (python != nullptr && runsInEngine(winner->config))
    return unplaced("aoti-winner", roofline::unplacedClause(
                                       roofline::Unplaced::NoWork,
                                       "an AOTInductor package runs no operators the engine can "
                                       "observe; count the eager configs with profile --roofline"));
  SessionResult pass;
  try {
    if (python != nullptr) {
      pass.configs.push_back(python->countWork(counted, deadline_ms - measurer.nowMs()));
      NullSink quiet;
      std::string why;
      pass.ceilings = engine::deviceCeilings(request.device, request.device_index, quiet, &why);
    } else {
      pass = measurer.measureWork(counted, deadline_ms);
    }
  } catch (const Error& e) {
    return unplaced("pass-failed",
                    roofline::unplacedClause(roofline::Unplaced::PassFailed, e.what()),
                    {{"detail", e.what()}});
  }
  const auto it = std::find_if(pass.configs.begin(), pass.configs.end(),
                               [](const ConfigResult& c) { return c.status == ConfigStatus::Ok; });
  if (it == pass.configs.end()) {
    const std::string why =
        pass.configs.empty() ? std::string("it did not run") : pass.configs.front().message;
    return unplaced("pass-failed", roofline::unplacedClause(roofline::Unplaced::PassFailed, why),
                    {{"detail", why}});
  }
  if (!it->roofline || it->roofline->work.operator_calls == 0)
    return unplaced("no-work", roofline::unplacedClause(roofline::Unplaced::NoWork, counted.key()),
                    {{"key", counted.key()}});
  // The counted work is placed on the race's level of the winner (its median across fresh
  // processes when it had them), against the ceilings of the counting run.
  ceilings = pass.ceilings;
  // The other configs as the session holds them (a finalist's forked run over its screening
  // one): the CUDA-graph twin of an eager winner tells how busy the GPU is.
  std::vector<ConfigResult> others = r.screening;
  for (const auto& f : r.finals) {
    const auto same = std::find_if(others.begin(), others.end(),
                                   [&](const ConfigResult& o) { return o.config == f.config; });
    if (same != others.end()) {
      *same = f;
    } else {
      others.push_back(f);
    }
  }
  for (auto& o : others) o.roofline.reset();  // only the counting run's count stands in
  if (winner->config.compile == CompileMode::None) {
    winner->roofline = roofline::ConfigRoofline{};
    winner->roofline->work = it->roofline->work;
  } else {
    ConfigResult twin = *it;
    twin.config = counted;
    others.push_back(std::move(twin));
  }
  roofline::placeConfig(*winner, others, ceilings ? &*ceilings : nullptr);
  if (!winner->roofline)
    return unplaced("no-work", roofline::unplacedClause(roofline::Unplaced::NoWork, counted.key()),
                    {{"key", counted.key()}});
  const auto& placed = *winner->roofline;
  if (placed.bound == roofline::Bound::Unknown) {
    // Placed without a bound: which of the ceilings or the work was missing (verdictClause's
    // order).
    if (placed.ceiling_tflops <= 0)
      return unplaced("no-matmul-ceiling", roofline::verdictClause(placed),
                      {{"precision", placed.precision}});
    if (placed.ceiling_gbps <= 0) return unplaced("no-bandwidth", roofline::verdictClause(placed));
    if (!placed.work.uncounted.empty())
      return unplaced("uncounted-ops", roofline::verdictClause(placed),
                      {{"op", placed.work.uncounted.front().op}});
    return unplaced("no-work", roofline::verdictClause(placed), {{"key", counted.key()}});
  }
  say(roofline::verdictClause(placed));
}

// What makes this run's memory: the model's content (the file's hash the user trusted, a zoo
// model's name, seed and shape, an entry point's weights as the worker hashed them), the inputs,
// the device with its driver, and the software that measured (InferScope, LibTorch, CUDA, cuDNN,
// the helper scripts that compile and run packages, the accuracy rule that judged them).
tuner::MemoryKey memoryKey(const ProfileRequest& request, const std::vector<InputSpec>& inputs,
                           const DeviceInfo& device, const std::string& weights_sha256,
                           const std::string& rule) {
  tuner::MemoryKey key;
  const auto& m = request.model;
  if (m.source == ModelSource::Zoo) {
    const auto& e = m.encoder;
    key.model = fmt::format("zoo:{} seed {} encoder L{}H{}A{}I{}V{}P{}", m.name, m.seed, e.layers,
                            e.hidden, e.heads, e.intermediate, e.vocab, e.max_positions);
  } else {
    const auto file = !m.trusted_sha256.empty() ? m.trusted_sha256 : sha256OfFile(m.path);
    key.model = fmt::format("sha256:{}", file);
    if (m.source == ModelSource::PythonEntry)
      key.model += fmt::format(" entry {} weights {}", m.entry, weights_sha256);
  }
  key.inputs = toString(inputs) + (request.run.input_cycle.empty() ? "" : " (cycled)");
  key.device = fmt::format("{} {}", toString(device.kind), device.name);
  if (device.kind == DeviceKind::Cuda) {
    key.device += fmt::format(" cc{} driver {}", device.computeCapability(),
                              device.driver_version.empty() ? "?" : device.driver_version);
  } else {
    key.device += fmt::format(" threads {}", device.cpu_threads);
  }
  std::string helpers;
  for (const char* name : {"inferscope_aoti.py", "inferscope_pymodel.py"}) {
    const auto path = pythonHelperPath(name);
    std::error_code ec;
    helpers += fmt::format(
        " {} {}", name,
        std::filesystem::exists(path, ec) ? sha256OfFile(path).substr(0, 16) : std::string("none"));
  }
  key.versions = fmt::format("inferscope {} libtorch {} cuda {} cudnn {};{}; rule {}",
                             kInferScopeVersion, device.libtorch_version,
                             device.cuda_runtime_version, device.cudnn_version, helpers, rule);
  return key;
}

bool sameEncoder(const EncoderOptions& a, const EncoderOptions& b) {
  return a.layers == b.layers && a.hidden == b.hidden && a.heads == b.heads &&
         a.intermediate == b.intermediate && a.vocab == b.vocab &&
         a.max_positions == b.max_positions;
}

// A session to continue must be this run's model, inputs and device, with one race to continue.
const TuneRecord& resumableRace(const SessionResult& session, const std::string& path,
                                const ProfileRequest& request, const std::vector<InputSpec>& inputs,
                                const DeviceInfo& device, const std::optional<ShardSpec>& shard) {
  const auto refuse = [&](const std::string& why) {
    throw Error(ErrorKind::InvalidInput, fmt::format("--resume {}: {}", path, why));
  };
  if (session.races.empty())
    refuse("the session holds no race to continue (it was not written by `tune -o`)");
  if (session.races.size() > 1)
    refuse(
        fmt::format("the session holds {} races (a merge of tune shards): continue one shard's "
                    "own session",
                    session.races.size()));
  const auto& was = session.request.model;
  const auto& now = request.model;
  const bool same_model = was.source == now.source && was.name == now.name &&
                          (now.source != ModelSource::Zoo ||
                           (was.seed == now.seed && sameEncoder(was.encoder, now.encoder))) &&
                          (now.source == ModelSource::Zoo || now.entry == was.entry);
  if (!same_model)
    refuse(fmt::format(
        "the session tuned {} ({}), this run names {} ({}): give the session's model",
        was.displayName(), toString(was.source), now.displayName(), toString(now.source)));
  if (toString(session.request.inputs) != toString(inputs))
    refuse(fmt::format("the session's inputs are {}, this run's {}: give the session's --input",
                       toString(session.request.inputs), toString(inputs)));
  if (session.device.kind != device.kind || session.device.name != device.name)
    refuse(fmt::format("the session ran on {}, this run on {}: continue it on the same device",
                       session.device.name, device.name));
  if (session.shard.has_value() != shard.has_value() ||
      (shard && session.shard->toString() != shard->toString()))
    refuse(fmt::format("the session raced {}, this run {}: give the same --shard",
                       session.shard ? "shard " + session.shard->toString() : "the whole space",
                       shard ? "shard " + shard->toString() : "the whole space"));
  return session.races.front();
}

double unixNowS() {
  return static_cast<double>(std::time(nullptr));
}

}  // namespace

void setTuneBudget(tuner::RaceOptions& race, double budget_s, ModelSource source) {
  constexpr double kDefaultBudgetS = 60, kColdCompileAllowanceS = 110;
  // A model rebuilt in Python starts its compiles only once prepared (12–17 s on the H200), and
  // each package is exported and compiled from Python: its first two took 85–100 s side by side,
  // ready about 115 s into the run — after the wait for compiles had ended (at 65 % of 170 s:
  // 110 s) in three of four cold runs on the H200 (2026-12-04), whose answers then held no
  // package. Its cold run gets 40 s more: 210 s, the wait ending at 136 s.
  constexpr double kPythonExtraColdAllowanceS = 40;
  race.budget_ms = units::sToMs(budget_s > 0 ? budget_s : kDefaultBudgetS);
  const double allowance_s =
      kColdCompileAllowanceS + (builtInPython(source) ? kPythonExtraColdAllowanceS : 0);
  race.cold_compile_allowance_ms = budget_s > 0 ? 0 : units::sToMs(allowance_s);
  // Writing the session and exiting (CUDA's teardown): a warm ResNet-50 run on the H200 exited
  // 1.0 s after its race, start-up included, and so took 61.0 s of a 60 s budget.
  race.exit_reserve_ms = 1000;
}

TuningRun runTuning(const ProfileRequest& given, const std::vector<OptimizationConfig>& seeds,
                    const tuner::RaceOptions& race, const TuneSettings& settings,
                    TuneReporter& reporter, const CancelToken& cancel,
                    const std::optional<ShardSpec>& shard) {
  const auto called = std::chrono::steady_clock::now();
  ProfileRequest request = given;
  // What the user trusted is what every worker of this run loads: a private copy of the model
  // file, checked again before each worker starts (pinned_model.h).
  PinnedModel pinned(request.model);
  tuner::RaceOptions options = race;
  // A model only Python can compile is built and run once in the Python worker first: its example
  // inputs and FP32 reference are what every config, in either process, is measured against.
  std::optional<PythonModelRun> python;
  if (builtInPython(request.model.source))
    python.emplace(request, cancel, options.budget_ms + options.cold_compile_allowance_ms);
  tuner::SpaceContext ctx;
  ctx.caps = DeviceCaps::from(engine::deviceInfo(request.device, request.device_index));
  ctx.aot_inductor_available = engine::aotInductorAvailable();
  ctx.source = request.model.source;
  ctx.inputs =
      request.inputs.empty() ? defaultInputs(request.model, request.batch) : request.inputs;
  ctx.static_shapes = request.run.input_cycle.empty();
  ctx.max_autotune = settings.max_autotune;
  tuner::SearchSpace space(ctx, seeds);
  std::string what = fmt::format("{} ({})", request.model.displayName(), toString(ctx.inputs));
  if (shard) {
    std::size_t others = 0;  // the candidates dealt out: all but the FP32 reference
    for (const auto& c : space.candidates()) others += isReferenceConfig(c) ? 0 : 1;
    checkShardFits(*shard, others, "--shard");
    const auto whole = space.restrictToShard(*shard);
    what += fmt::format(", shard {}: {} of the space's {} candidates", shard->toString(),
                        space.candidates().size(), whole);
  }
  const auto device_name = engine::deviceInfo(request.device, request.device_index).name;
  reporter.start(what, device_name, race.budget_ms, race.accuracy.describe());
  std::optional<CompileQueue> own_compiles;
  CompileQueue& compiles = settings.compiles ? *settings.compiles : own_compiles.emplace();
  EngineMeasurer engine_measurer(request, settings.measurer, compiles, reporter, cancel);
  tuner::Measurer& measurer =
      python ? python->measurer(engine_measurer, request.batch) : engine_measurer;
  options.spent_before_ms =
      race.spent_before_ms + units::toMs(std::chrono::steady_clock::now() - called);
  // The race ends early enough to count its winner's work within the budget: in the engine, or
  // for a model Python rebuilds in the worker's long-lived process, which has it loaded.
  options.exit_reserve_ms += kRooflineReserveMs;
  if (!python) options.exit_reserve_holds_a_load = true;  // the counting run loads the model again
  // Where the race starts from: the session it continues, else what earlier runs of the same key
  // remember (unless --fresh).
  const auto say = [&](const std::string& line) {
    if (settings.log) settings.log(line);
  };
  const auto device = engine::deviceInfo(request.device, request.device_index);
  std::optional<tuner::RacePrior> prior;
  std::optional<tuner::MemoryKey> memory_key;
  std::optional<tuner::RunMemory> memory;
  std::string memory_path;
  if (settings.remember || settings.resume) {
    memory_key = memoryKey(request, ctx.inputs, device,
                           python ? python->prepared().weights_sha256 : std::string(),
                           race.accuracy.describe());
    const auto dir =
        settings.memory_dir.empty() ? tuner::runMemoryDirectory() : settings.memory_dir;
    memory_path = (std::filesystem::path(dir) / memory_key->fileName(request.model.name)).string();
  }
  if (settings.resume) {
    const auto& record =
        resumableRace(*settings.resume, settings.resume_path, request, ctx.inputs, device, shard);
    prior = tuner::priorFromSession(record, settings.resume->configs,
                                    "session " + settings.resume_path);
    if (settings.remember && !settings.fresh) {  // merged with this run's figures afterwards
      std::string ignored;
      memory = tuner::loadRunMemory(memory_path, *memory_key, ignored);
    }
    say(
        fmt::format("continuing the race of {}: {} measured candidates kept, the rest screened, "
                    "the finals run again",
                    settings.resume_path, prior->kept.size()));
  } else if (settings.remember && !settings.fresh) {
    std::string warning;
    memory = tuner::loadRunMemory(memory_path, *memory_key, warning);
    if (!warning.empty()) say(warning);
    if (memory) {
      prior = tuner::priorFromMemory(*memory, unixNowS(), "run memory " + memory_path);
      say(fmt::format(
          "run memory used: {} (first: {}; {} remembered failed or unsafe, not screened again; "
          "delete the file or add --fresh to start over)",
          memory_path,
          prior->first.empty() ? std::string("none")
                               : fmt::format("{}", fmt::join(prior->first, ", ")),
          prior->skip.size()));
    }
  } else if (settings.remember) {
    say(fmt::format("run memory not read (--fresh); this run's is written to {}", memory_path));
  }
  tuner::Race racer(measurer, options, &reporter);
  TuningRun run;
  run.result = racer.run(space, prior ? &*prior : nullptr);
  if (settings.remember && memory_key) {
    try {
      tuner::saveRunMemory(
          tuner::mergeRun(memory, *memory_key, tuner::raceRecord(run.result, what, device_name),
                          unixNowS()),
          memory_path);
    } catch (const std::exception& e) {
      say(fmt::format("run memory not written: {}", e.what()));
    }
  }
  // The budget's end on the measurer's clock, less what writing the session and exiting keep.
  const double budget_end_ms =
      engine_measurer.nowMs() - run.result.elapsed_ms + run.result.budget_ms - race.exit_reserve_ms;
  leaveCompilesRunning(run.result, compiles, request.model.name,
                       settings.compiles_state_dir.empty() ? backgroundCompilesDirectory()
                                                           : settings.compiles_state_dir,
                       settings.log);
  if (compiles.busy()) pinned.keep();  // a helper left running may still read the copy
  std::optional<roofline::DeviceCeilings> ceilings;
  placeWinner(run.result, engine_measurer, request.model.source, budget_end_ms, ceilings,
              python ? &*python : nullptr, request);
  // A TorchScript file cannot reach Inductor, which is often the fastest: the answer says how to
  // give the tuner a model that can.
  if (request.model.source == ModelSource::TorchScript)
    run.result.reasons.push_back(
        {"torchscript-no-inductor",
         {{"stem", std::filesystem::path(request.model.path).stem().string()}}});
  std::optional<SessionResult> header = engine_measurer.firstSession();
  if (python) {
    if (!header) header = python->header(request);
    header->parameter_count = python->prepared().parameter_count;
  }
  if (header) {
    run.session = tunedSession(*header, run.result, what, device_name, shard);
    run.session.ceilings = ceilings;  // what the winner's roofline is measured against
    // The session names the file the user gave, not this run's private copy.
    run.session.request.model.path = given.model.path;
  }
  return run;
}

}  // namespace inferscope::runner
