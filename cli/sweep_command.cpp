// `inferscope-cli sweep`: run a plan (guide, grid or keys) and print the configs ranked, with the
// speed-up over FP32 and its CI, memory, accuracy, and the latency-vs-error Pareto front.
#include <fmt/format.h>

#include <algorithm>
#include <memory>
#include <optional>

#include "cli/cli_common.h"
#include "cli/commands.h"
#include "cli/console_sink.h"
#include "cli/options/lang_option.h"
#include "cli/options/option_checks.h"
#include "cli/shape_router_output.h"
#include "cli/tune_report.h"
#include "core/advisor/torch_version.h"
#include "core/common/printable.h"
#include "core/common/units.h"
#include "core/engine/device_selection.h"
#include "core/engine/engine.h"
#include "core/engine/max_batch.h"
#include "core/engine/plan.h"
#include "core/engine/plan_shard.h"
#include "core/engine/result_analysis.h"
#include "core/engine/session_ranking.h"
#include "core/engine/shape_answers.h"
#include "core/engine/shape_record.h"
#include "core/engine/shape_sweep.h"
#include "core/model/shape_set.h"
#include "core/runner/device_runner.h"
#include "core/session/session_file.h"

namespace inferscope::cli {
namespace {

struct SweepOptions {
  ModelOptions model;
  std::string plan = "guide";
  std::string family;  // for model files: cnn | transformer
  AccuracyOptions accuracy;
  std::string out;
  std::string from;             // rank this saved session instead of running
  std::string shard;            // "i/n": run that slice of the plan (core/engine/plan_shard.h)
  std::string devices;          // "all" or "0,2,3": spread the plan over these GPUs (runOnDevices)
  bool replicate = false;       // with devices: the whole plan on every GPU
  std::string events = "text";  // or ndjson: run events on stdout instead of the ranking
  bool quiet = false;
  // > 0: find each config's largest batch up to this, doubling from --batch then bisecting.
  std::int64_t max_batch = 0;
  std::string shape_mix;  // "B=1:3,B=8:1": the weights of the single-config answer (uniform: "")
  std::string export_python;             // over a shape set: the routing table as a Python file
  std::string torch_version;             // what that export targets ("": this build's LibTorch)
  std::vector<std::string> beside_from;  // options given with --from that it would not use
};

// What --from uses: the session, the accuracy rule it ranks with, -o; -q has nothing to hide.
bool usedByFrom(const CLI::Option& option) {
  for (const char* name : {"--from", "--tolerance", "--metric", "--out", "--quiet", "--help",
                           "--shape-mix", "--python", "--torch-version"}) {
    if (option.check_lname(std::string(name).substr(2))) return true;
  }
  return false;
}

void printRanking(std::FILE* out, const SessionResult& s, const SessionRanking& ranking,
                  const AccuracyRule& options) {
  // The speed-ups are relative to rankSession's baseline: FP32 when the session has it, otherwise
  // the first config that ran. Name the one used, never "FP32" for a session without it.
  const std::string reference =
      ranking.baseline_index
          ? s.configs[static_cast<std::size_t>(*ranking.baseline_index)].config.key()
          : std::string("ref");
  fmt::print(out, "{:>4}  {:<24} {:>10} {:>8} {:>19} {:>9} {:>9} {:>9}  {}\n", "rank", "config",
             "median ms", "CI ±%", fmt::format("speed-up ×{}", reference), "peak MiB", "param MiB",
             "rel err", "notes");
  for (const auto& r : ranking.configs) {
    const auto& c = s.configs[static_cast<std::size_t>(r.index)];
    if (r.rank == 0) {
      fmt::print(out, "{:>4}  {:<24} {}: {}\n", "-", c.config.key(), toString(c.status),
                 printable(c.message));
      continue;
    }
    // No interval (a run that drifted throughout has none): "-", never a 0.0 that reads as exact.
    const std::string half =
        c.stats.median_ms > 0 && c.steady.median_ci_high_ms > 0
            ? fmt::format("{:.1f}", 50.0 *
                                        (c.steady.median_ci_high_ms - c.steady.median_ci_low_ms) /
                                        c.stats.median_ms)
            : std::string("-");
    // "~[…]": the range of both runs' values, where drift left no confidence interval.
    std::string speedup = "-";
    if (ranking.baseline_index && r.speedup_ci_method == "none") {
      speedup = fmt::format("{:.2f}", r.speedup);
    } else if (ranking.baseline_index) {
      speedup =
          fmt::format("{:.2f} {}[{:.2f}, {:.2f}]", r.speedup,
                      r.speedup_ci_method == "range" ? "~" : "", r.speedup_low, r.speedup_high);
    }
    std::string notes;
    if (r.on_pareto_front) notes += "★ Pareto ";
    if (ranking.baseline_index && !r.real_difference && r.index != *ranking.baseline_index &&
        r.speedup_ci_method != "none") {
      notes += fmt::format("≈ {} (no real difference) ", reference);
    }
    if (!r.unsafe_reason.empty()) notes += "UNSAFE: " + printableLine(r.unsafe_reason);
    notes += accuracyStateNote(r);
    fmt::print(out, "{:>4}  {:<24} {:>10.3f} {:>8} {:>19} {:>9.1f} {:>9.1f} {:>9}  {}\n", r.rank,
               c.config.key(), c.stats.median_ms, half, speedup,
               units::bytesToMiB(c.memory.peak_allocated_bytes),
               units::bytesToMiB(c.memory.parameter_bytes),
               c.accuracy.measured ? fmt::format("{:.1e}", c.accuracy.rel_l2_error) : "-", notes);
  }
  std::vector<std::string> front;
  for (const auto& r : ranking.configs) {
    if (r.on_pareto_front)
      front.push_back(s.configs[static_cast<std::size_t>(r.index)].config.key());
  }
  fmt::print(out, "\nPareto front (latency vs error, safe configs): {}\n", fmt::join(front, " → "));
  fmt::print(out, "Safe: {}\n", options.describe());
  const bool any_range =
      std::any_of(ranking.configs.begin(), ranking.configs.end(),
                  [](const RankedConfig& r) { return r.speedup_ci_method == "range"; });
  if (any_range) {
    fmt::print(
        out,
        "~[…]: a run drifted too slowly for a confidence interval; the bounds are the ratio's "
        "extremes over both runs' values\n");
  }
}

// A session over a shape set: one ranking per shape (results at different shapes are different
// questions), then its record: latency against throughput, memory per precision, the router's
// table and the one config, the largest batches. A one-shape session: its ranking.
void printSweepResult(std::FILE* out, const SessionResult& s, const AccuracyRule& accuracy) {
  RankingOptions ranking_options;
  ranking_options.accuracy = accuracy;
  const auto shapes = sessionShapes(s);
  if (shapes.empty()) {
    printRanking(out, s, rankSession(s, ranking_options), accuracy);
    return;
  }
  if (!s.shape_record || s.shape_record->max_batch.empty()) {
    for (const auto& shape : shapes) {
      const auto at = sessionAtShape(s, shape.label);
      fmt::print(out, "\n── shape {} (inputs {}) ──\n", printableLine(shape.label),
                 toString(at.request.inputs));
      printRanking(out, at, rankSession(at, ranking_options), accuracy);
    }
  }
  if (!s.shape_record) return;
  printThroughputTable(out, *s.shape_record);
  printMemoryPerPrecision(out, *s.shape_record);
  printShapeAnswers(out, *s.shape_record);
  printMaxBatchTable(out, *s.shape_record);
}

// The shape of one probe of the largest-batch search: the zoo model's inputs at `batch`, or the
// --input specs with their dimension B set to it.
ShapePoint batchPoint(const ModelOptions& model, std::int64_t batch) {
  if (model.inputs.empty()) return parseShapeSet(std::to_string(batch), {}, {}).points.front();
  return parseShapeSet("1", model.inputs, {fmt::format("B={}", batch)}).points.front();
}

// `sweep --max-batch LIMIT`: for each config of the plan, the largest batch that fits, found by
// doubling from --batch and bisecting (core/engine/max_batch.h). Every probe is a whole run at
// that batch (its FP32 reference, the config, their out-of-memory path), and every probe's result
// goes into the session with its shape, so the file holds the measurements the answer rests on.
SessionResult runMaxBatch(const SweepOptions& o, const ProfileRequest& request, EventSink& sink) {
  const std::int64_t start = request.batch;
  if (o.max_batch < start) {
    throw Error(ErrorKind::InvalidInput,
                fmt::format("--max-batch {} is below the starting --batch {}: give a limit at "
                            "least as large",
                            o.max_batch, start));
  }
  if (!o.model.inputs.empty()) {
    const bool only_b = o.model.dims.empty() && [&] {
      try {
        batchPoint(o.model, start);
        return true;
      } catch (const Error&) {
        return false;
      }
    }();
    if (!only_b) {
      throw Error(ErrorKind::InvalidInput,
                  "--max-batch varies the batch: with --input name it B and nothing else, e.g. "
                  "--input 'Bx3x224x224:float32' --max-batch 1024 (no --dims)");
    }
  }
  SessionResult joined;
  bool header = false;
  std::vector<MaxBatchRecord> searches;
  for (const auto& config : request.plan) {
    const auto probe = [&](std::int64_t batch) {
      const auto point = batchPoint(o.model, batch);
      auto at = requestAtShape(request, point);
      at.plan = {config};
      BatchProbe p;
      SessionResult one;
      one.request = at;
      try {
        one = runSession(at, o.model, sink);
      } catch (const Error& e) {
        if (e.kind() == ErrorKind::Cancelled) throw;
        // The first run is the model's: a failure there other than memory is not the batch's.
        if (!header && e.kind() != ErrorKind::OutOfMemory) throw;
        p.fit = e.kind() == ErrorKind::OutOfMemory ? BatchFit::OutOfMemory : BatchFit::Failed;
        p.message = e.what();
        ConfigResult r;
        r.config = config;
        r.status = p.fit == BatchFit::OutOfMemory ? ConfigStatus::OutOfMemory : ConfigStatus::Error;
        r.message = p.message;
        one.configs = {r};
      }
      if (!header) {
        joined = one;  // its request has the inputs the run resolved
        joined.configs.clear();
        joined.request.plan = request.plan;
        joined.request.batch = request.batch;
        header = true;
      }
      if (one.cancelled) processCancelToken().cancel();
      const auto status =
          one.configs.empty() ? ConfigStatus::Cancelled : one.configs.front().status;
      if (status == ConfigStatus::OutOfMemory) {
        p.fit = BatchFit::OutOfMemory;
      } else if (status != ConfigStatus::Ok) {
        p.fit = BatchFit::Failed;
      }
      if (!one.configs.empty() && p.message.empty()) p.message = one.configs.front().message;
      appendAtShape(joined, std::move(one), point);
      return p;
    };
    searches.push_back({config.key(), precisionKey(config), start, o.max_batch,
                        findMaxBatch(probe, start, o.max_batch, processCancelToken())});
    if (processCancelToken().cancelled()) {
      joined.cancelled = true;
      break;
    }
  }
  // The searches' paths go into the session with the probes' results: no result says why a
  // search ended or in which order it probed.
  RankingOptions ranking;
  ranking.accuracy = o.accuracy.rule();
  joined.shape_record = shapeRecordOf(joined, ranking, {}, std::move(searches));
  return joined;
}

// README's table for a run of many configs: 130 cancelled; 4 when nothing could run here (every
// config unsupported on this device or build); 1 when a config failed (error, out of memory); 0
// otherwise — a config unsupported beside others that ran is a result, not a failure.
int sweepExitCode(const SessionResult& session) {
  if (session.cancelled) return kExitCancelled;
  const auto is = [&](ConfigStatus status) {
    return [status](const ConfigResult& c) { return c.status == status; };
  };
  const auto& configs = session.configs;
  if (!configs.empty() &&
      std::all_of(configs.begin(), configs.end(), is(ConfigStatus::Unsupported))) {
    return kExitUnsupported;
  }
  if (std::any_of(configs.begin(), configs.end(), is(ConfigStatus::Error)) ||
      std::any_of(configs.begin(), configs.end(), is(ConfigStatus::OutOfMemory))) {
    return kExitFailure;
  }
  return kExitOk;
}

int runSweep(const SweepOptions& o) {
  RunFiles files;
  addModelInputs(files, o.model);
  files.addInput("--from", o.from);
  files.addOutput("-o", o.out);
  files.addOutput("--python", o.export_python, OutputKind::Script);
  files.check();
  if (!o.torch_version.empty()) advisor::TorchVersion::parse(o.torch_version);  // told early
  if (!o.from.empty() && !o.beside_from.empty()) {
    // Silently ranking the file while -m or --device were meant to change something would answer
    // another question than the one asked.
    throw Error(
        ErrorKind::InvalidInput,
        fmt::format("--from ranks a saved session and runs nothing, so {} would be "
                    "ignored: leave {} out (beside --from: --tolerance, --metric, --shape-mix, -o, "
                    "--python, --torch-version, -q)",
                    fmt::join(o.beside_from, ", "), o.beside_from.size() == 1 ? "it" : "them"));
  }
  if (!o.from.empty()) {
    // A session written elsewhere (a GPU server, an older run): ranked with today's rules and
    // this --tolerance, nothing measured. Ctrl-C stops a long read.
    SessionReadOptions read_options;
    read_options.cancel = &processCancelToken();
    SessionResult saved = loadSession(o.from, read_options);
    // Today's rules on the raw series: class, statistics and intervals are computed again; where
    // that disagrees with what the file says, the user is told (the stored values are kept in
    // memory for comparison, the written session carries today's).
    std::vector<AnalysisChange> changes;
    try {
      ReanalysisOptions reanalysis;
      reanalysis.cancel = &processCancelToken();  // Ctrl-C stops a long re-analysis too
      changes = reanalyseSession(saved, reanalysis);
    } catch (const Error& e) {
      if (e.kind() == ErrorKind::Cancelled) throw;  // reported as cancelled, not as a bad file
      throw Error(ErrorKind::InvalidInput, fmt::format("{}: {}", o.from, e.what()));
    }
    printSessionHeader(stdout, saved);
    if (!changes.empty()) {
      fmt::print(stdout, "analysed again with this build's rules; {} differ from the file:\n",
                 changes.size());
      for (const auto& c : changes)
        fmt::print(stdout, "  {:<24} {}\n", printable(c.config_key), c.what);
      fmt::print(stdout, "\n");
    }
    RankingOptions ranking_options;
    ranking_options.accuracy = o.accuracy.rule();
    const auto ranking = rankSession(saved, ranking_options);
    // The answers across its shapes again with today's rules and this rank's rule; the mix given
    // now, else the one the run had. The largest-batch searches are kept: only the run knew them.
    const auto stored = saved.shape_record;
    saved.shape_record = shapeRecordOf(
        saved, ranking_options,
        !o.shape_mix.empty() ? o.shape_mix : (stored ? stored->shape_mix : std::string()),
        stored ? stored->max_batch : std::vector<MaxBatchRecord>{});
    printSweepResult(stdout, saved, ranking_options.accuracy);
    printSavedRaces(stdout, saved, ranking,
                    outputLang());  // a tuned session's answer, and where today differs
    printRooflineTable(stdout, saved);
    writeSessionOutput(saved, o.out);  // in this build's schema
    if (!o.export_python.empty()) {
      ModelFamily family = ModelFamily::Cnn;  // picks the embedded exports' demo model only
      if (saved.request.model.source == ModelSource::Zoo) {
        if (const auto zoo = findZooModel(saved.request.model.name)) family = zoo->family;
      }
      writeShapeRouter(saved, saved.shape_record ? *saved.shape_record : ShapeRecord{}, family,
                       o.torch_version, o.export_python);
    }
    return kExitOk;
  }
  // `--input 'Bx3x224x224:float32' --max-batch N` names B without --dims: the search gives B its
  // values, starting at --batch, so the request is read at that batch.
  ModelOptions start_model = o.model;
  if (o.max_batch > 0 && start_model.dims.empty() &&
      std::any_of(start_model.inputs.begin(), start_model.inputs.end(),
                  [](const std::string& text) { return isSymbolicInput(text); })) {
    start_model.dims = {"B=" + start_model.batch};
  }
  ProfileRequest request = toRequest(start_model);
  PlanContext context;
  // With --devices the workers open the GPUs: this process asks one only for the guide plan, which
  // depends on its generation (a CUDA context here would sit on that GPU throughout the run).
  if (o.devices.empty() || o.plan == "guide") {
    context.caps = DeviceCaps::from(engine::deviceInfo(request.device, request.device_index));
  } else {
    context.caps.kind = request.device;
  }
  context.aot_inductor_available = engine::aotInductorAvailable();
  context.is_torchscript_file = request.model.source == ModelSource::TorchScript;
  context.python_model = builtInPython(request.model.source);
  if (request.model.source == ModelSource::Zoo) {
    context.family = findZooModel(request.model.name)->family;
  } else if (o.family == "transformer") {
    context.family = ModelFamily::Transformer;
  }
  request.plan = parsePlan(o.plan, context);
  const ShapeSet shapes = shapeSetOf(start_model);
  if (shapes.isSet() && (!o.shard.empty() || !o.devices.empty())) {
    // Shards and devices deal a plan's configs out; over a shape set each would need the FP32
    // reference at every shape, which they do not arrange yet.
    throw Error(
        ErrorKind::InvalidInput,
        fmt::format("{} with a shape set ({}) is not supported: run one shape per "
                    "command, or leave {} out",
                    o.shard.empty() ? "--devices" : "--shard", fmt::join(shapes.labels(), ", "),
                    o.shard.empty() ? "--devices" : "--shard"));
  }
  if (!o.export_python.empty() && (!shapes.isSet() || o.max_batch > 0)) {
    // Told before anything runs: a routing table needs the plan at several shapes.
    throw Error(ErrorKind::InvalidInput,
                "--python exports a shape set's routing table: give several shapes, e.g. --batch "
                "1,8,32, and no --max-batch");
  }
  if (!o.shape_mix.empty()) {
    if (!shapes.isSet()) {
      throw Error(
          ErrorKind::InvalidInput,
          "--shape-mix weighs the shapes of a shape set: give several, e.g. --batch 1,8,32");
    }
    parseShapeMix(o.shape_mix, shapes.labels());  // a mistake is told before anything runs
  }
  std::optional<ShardSpec> shard;
  if (!o.shard.empty()) {
    shard = ShardSpec::parse(o.shard);
    checkShardFits(*shard, dealtEntries(request.plan), "--shard");
    request.plan = shardPlan(request.plan, *shard);
  }
  const auto sink = makeRunSink(o.events, o.quiet);
  SessionResult session;
  if (o.max_batch > 0) {
    if (shapes.isSet() || !o.shard.empty() || !o.devices.empty()) {
      throw Error(ErrorKind::InvalidInput,
                  "--max-batch searches the batch itself: give one starting --batch, and no "
                  "--dims, --shard or --devices");
    }
    session = runMaxBatch(o, request, *sink);
  } else if (shapes.isSet()) {
    // The plan at each shape in turn, each shape a whole run with its own FP32 reference.
    session = runShapeSweep(
        request, shapes,
        [&](const ProfileRequest& at_shape) { return runSession(at_shape, o.model, *sink); },
        processCancelToken());
  } else if (o.devices.empty()) {
    session = runSession(request, o.model, *sink);
  } else {
    int visible =
        -1;  // an explicit list is taken as given; a GPU that is not there fails its configs
    if (o.devices == "all") {
      visible = 0;
      for (const auto& d : engine::listDevices()) visible += d.kind == DeviceKind::Cuda ? 1 : 0;
    }
    runner::DeviceRunOptions device_options;
    device_options.devices = parseDeviceList(o.devices, visible);
    device_options.replicate = o.replicate;
    device_options.isolation = isolationOptions(o.model.isolate_timeout_s);
    session = runner::runOnDevices(request, *sink, processCancelToken(), device_options);
    completeRoofline(session);
  }
  session.shard = shard;
  if (shapes.isSet()) {
    RankingOptions ranking;
    ranking.accuracy = o.accuracy.rule();
    session.shape_record = shapeRecordOf(session, ranking, o.shape_mix);
  }
  if (!eventsAreNdjson(o.events)) {
    fmt::print(stdout, "\n");
    printSessionHeader(stdout, session);
    printSweepResult(stdout, session, o.accuracy.rule());
    printRooflineTable(stdout, session);
  }
  writeSessionOutput(session, o.out);
  if (!o.export_python.empty()) {
    writeShapeRouter(session, session.shape_record ? *session.shape_record : ShapeRecord{},
                     context.family, o.torch_version, o.export_python);
  }
  if (o.max_batch > 0) {
    // Running out of memory is how the search finds the limit, not a failed config.
    auto judged = session;
    judged.configs.erase(
        std::remove_if(judged.configs.begin(), judged.configs.end(),
                       [](const ConfigResult& c) { return c.status == ConfigStatus::OutOfMemory; }),
        judged.configs.end());
    return sweepExitCode(judged);
  }
  return sweepExitCode(session);
}

}  // namespace

void addSweepCommand(CLI::App& app, std::function<int()>& action) {
  auto options = std::make_shared<SweepOptions>();
  options->model.shape_sets = true;  // --batch 1,8,32 and --dims: the plan at every shape
  auto* cmd = app.add_subcommand(
      "sweep", "run a plan of configs and rank them (speed-up, memory, accuracy, Pareto front)");
  addModelOptions(*cmd, options->model);
  cmd->add_option("-p,--plan", options->plan,
                  "guide | grid | "
                  "grid:precision=fp32,bf16;cl=off,on;compile=none,graph;bench=off,on | KEY,KEY")
      ->capture_default_str();
  cmd->add_option("--family", options->family,
                  "model files: cnn or transformer (decides the guide plan)")
      ->check(CLI::IsMember({"cnn", "transformer"}));
  addAccuracyOptions(*cmd, options->accuracy);
  cmd->add_option("-o,--out", options->out, "write the session to this .inferscope.json file");
  cmd->add_option(
      "--from", options->from,
      "rank a saved .inferscope.json session instead of running one (e.g. from a GPU server)");
  cmd->add_option("--shard", options->shard,
                  "run shard i of n of the plan (i/n, from 0): the FP32 reference and every n-th "
                  "other config; `inferscope-cli merge` joins the shards' sessions (docs/SCALE.md)")
      ->check(shardText());
  auto* devices =
      cmd->add_option("--devices", options->devices,
                      "all or 0,2,3: one isolation worker per GPU (CUDA_VISIBLE_DEVICES), the plan "
                      "spread over "
                      "them (the FP32 reference on each); one session with each result's GPU")
          ->check(nonEmptyText("all or a list of GPU numbers", "0,1"));
  cmd->add_flag("--replicate", options->replicate,
                "with --devices: run the whole plan on every GPU, to compare the GPUs")
      ->needs(devices);
  cmd->add_option("--shape-mix", options->shape_mix,
                  "over a shape set: the share of requests per shape for the one-config answer, "
                  "e.g. 'B=1:3,B=8:1' (uniform when left out)")
      ->check(nonEmptyText("SHAPE:WEIGHT,…", "B=1:3,B=8:1"));
  cmd->add_option("--max-batch", options->max_batch,
                  "find each config's largest batch that fits, up to this limit: doubling from "
                  "--batch, then bisection; every probe runs through the out-of-memory path and "
                  "is kept in the session")
      ->check(wholeNumberBetween(1, kMaxDimValue, "1024"));
  cmd->add_option("--python", options->export_python,
                  "over a shape set: write the routing table as a Python file (a config per "
                  "bucket, each applied to its own copy of the model); with --from too");
  cmd->add_option("--torch-version", options->torch_version,
                  "the PyTorch that --python targets (default: this build's LibTorch, or 2.11 "
                  "before 2.x)");
  cmd->add_flag("-q,--quiet", options->quiet, "no progress on stderr");
  // --from runs nothing: its product is the ranking table.
  addEventsOption(*cmd, options->events)->excludes("--from");
  cmd->callback([options, cmd, &action] {
    options->beside_from.clear();
    for (const auto* option : cmd->get_options()) {
      if (option->count() > 0 && !usedByFrom(*option))
        options->beside_from.push_back(option->get_name());
    }
    action = [options] { return runSweep(*options); };
  });
}

}  // namespace inferscope::cli
