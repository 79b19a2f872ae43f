// `inferscope-cli recommend`: the wizard without the GUI. Picks settings for this machine's first
// CUDA GPU (or the CPU, or a simulated generation), prints the reason for each, the neighbours to
// measure around it, and writes the JSON / Python / C++ exports.
#include <fmt/format.h>
#include <fmt/ranges.h>

#include <memory>
#include <optional>

#include "cli/cli_common.h"
#include "cli/commands.h"
#include "cli/console_sink.h"
#include "cli/options/lang_option.h"
#include "cli/options/option_checks.h"
#include "cli/tune_console.h"
#include "cli/tune_report.h"
#include "core/advisor/advisor.h"
#include "core/advisor/config_exporter.h"
#include "core/advisor/recommendation_validator.h"
#include "core/common/error.h"
#include "core/common/printable.h"
#include "core/common/units.h"
#include "core/engine/engine.h"
#include "core/runner/compile_queue.h"
#include "core/runner/tuning.h"
#include "core/tuner/race_record.h"
#include "text/answer_text.h"

namespace inferscope::cli {
namespace {

struct RecommendOptions {
  std::string goal = "latency";
  std::string sizes = "fixed";
  bool reproducible = false;
  AccuracyOptions accuracy;
  std::string family = "cnn";
  std::string simulate;
  std::string torch_version;
  std::string generation_table;
  std::string export_json, export_python, export_cpp;
  bool sources = false;
  bool validate = false;
  ModelOptions model;  // the model --validate measures on
};

// The PyTorch the exports target when none is named: the LibTorch this build measures with (so a
// validation sweep and the C++ export agree), unless that is older than the 2.x the guide assumes.
advisor::TorchVersion defaultTarget() {
  const auto linked = engine::libtorchVersion();
  try {
    return advisor::TorchVersion::parse(linked);
  } catch (const Error&) {
    fmt::print(stderr,
               "note: this build's LibTorch {} predates 2.x; exports target PyTorch {} "
               "(--torch-version to "
               "change)\n",
               linked, advisor::kDefaultTargetTorch);
    return advisor::TorchVersion::parse(advisor::kDefaultTargetTorch);
  }
}

void printRecommendation(const advisor::Recommendation& rec, bool sources) {
  const auto& r = rec.request;
  const std::string device = r.device_name.empty() ? std::string("simulated") : r.device_name;
  fmt::print("Recommendation for {} ({}) · target PyTorch {}, FP32 math through {}\n",
             printableLine(rec.device_label), printableLine(device), r.target_torch.str(),
             r.target_torch.tf32ApiName());
  fmt::print("Goals: {} · input sizes {} · {} · safe: {} · reproducibility {}\n\n",
             advisor::toString(r.goal), advisor::toString(r.sizes), advisor::toString(r.family),
             r.accuracyRule().describe(), r.reproducible ? "required" : "not required");
  fmt::print("  {}\n  {}\n\nWhy:\n", rec.config.key(), rec.config.describe());
  for (const auto& reason : rec.reasons) {
    fmt::print("  {:<20} {}\n", reason.setting, reason.rule);
    if (sources) fmt::print("  {:<20} source: {}\n", "", reason.source);
  }
  if (!rec.warnings.empty()) {
    fmt::print("\nWarnings:\n");
    for (const auto& w : rec.warnings) fmt::print("  ! {}\n", printableLine(w));
  }
  if (!rec.neighbours.empty()) {
    std::vector<std::string> keys{rec.config.key()};
    for (const auto& n : rec.neighbours) keys.push_back(n.key());
    fmt::print(
        "\nValidate it against its neighbours on the device:\n  inferscope-cli profile --device {} "
        "-c {}\n",
        r.caps.isCuda() ? "cuda" : "cpu", fmt::join(keys, " "));
  }
}

// The tuner (core/runner/tuning.h) on this device, seeded with the recommendation and its
// neighbours: the whole space raced, the finalists decided in fresh processes. The measured winner
// replaces the table's choice where they differ, and the reasons say why.
advisor::Recommendation validateOnDevice(advisor::Recommendation rec, const RecommendOptions& o) {
  ModelOptions model = o.model;
  model.budget_s = 0;  // --budget-s is the tuning run's budget here
  ProfileRequest run = toRequest(model);
  run.device = rec.request.caps.isCuda() ? DeviceKind::Cuda : DeviceKind::Cpu;
  tuner::RaceOptions race;
  runner::setTuneBudget(race, o.model.budget_s, run.model.source);
  race.spent_before_ms = processAgeMs();
  race.fork_iterations = o.model.iters;
  race.accuracy = rec.request.accuracyRule();
  fmt::print("\nValidating on {} with {} (batch {}): the tuner, seeded with {} …\n",
             run.device == DeviceKind::Cuda ? "cuda" : "cpu",
             printableLine(run.model.displayName()), run.batch, rec.config.key());
  std::vector<OptimizationConfig> seeds{rec.config};
  seeds.insert(seeds.end(), rec.neighbours.begin(), rec.neighbours.end());
  runner::CompileQueue compiles;  // the validation's background compiles, which it shows
  TuneConsole reporter([&compiles] { return compiles.jobs(); }, outputLang());
  runner::TuneSettings settings;
  settings.max_autotune = model.max_autotune;
  settings.measurer.launcher = workerLauncher();
  settings.measurer.isolate_timeout_s = model.isolate_timeout_s;
  settings.compiles = &compiles;
  const auto tuned = runner::runTuning(run, seeds, race, settings, reporter, processCancelToken());
  if (tuned.result.cancelled) throw Error(ErrorKind::Cancelled, "validation cancelled");
  fmt::print("\nMeasured:\n");
  printTuneResult(stdout, tuned.result, nullptr, outputLang());
  const auto& winner = tuned.result.winner;
  // Rendered from the race's answer: on the console in --lang's language, in the recommendation
  // (which its exports write to files) in English.
  const auto answer = answerOf(tuner::raceRecord(tuned.result, "", ""));
  const auto explain = [&](text::Lang lang) {
    const std::map<std::string, std::string> values{
        {"key", rec.config.key()},
        {"winner", winner ? winner->key() : std::string()},
        {"state", text::confidenceText(answer, lang)}};
    return text::message(!winner                 ? "validate.no-winner"
                         : *winner == rec.config ? "validate.confirmed"
                                                 : "validate.replaced",
                         lang, values);
  };
  const std::string explanation = explain(text::Lang::En);
  fmt::print("\n{} {}\n", text::message("label.verdict", outputLang()),
             printable(explain(outputLang())));
  if (winner && *winner != rec.config) {
    rec.warnings.push_back(
        fmt::format("validation replaced {} with {}", rec.config.key(), winner->key()));
    rec.config = *winner;
  }
  if (const auto* w = winner ? tuned.result.find(*winner) : nullptr; w && !w->fallback.empty()) {
    rec.warnings.push_back(w->fallback);
  }
  rec.reasons.push_back({"validation", explanation,
                         fmt::format("measured on {} ({} configs raced)", tuned.session.device.name,
                                     tuned.result.candidates.size())});
  return rec;
}

int runRecommend(const RecommendOptions& o) {
  if (o.validate && !o.simulate.empty()) {
    throw Error(ErrorKind::InvalidInput,
                "--validate measures on this machine's device: it cannot validate a "
                "simulated generation (drop --simulate)");
  }
  RunFiles files;  // the three exports go to three files, none of them an input
  addModelInputs(files, o.model);
  files.addInput("--generation-table", o.generation_table);
  files.addOutput("--export", o.export_json);
  files.addOutput("--python", o.export_python, OutputKind::Script);
  files.addOutput("--cpp", o.export_cpp, OutputKind::Script);
  files.check();
  std::optional<advisor::GenerationTable> override_table;
  if (!o.generation_table.empty())
    override_table = advisor::GenerationTable::loadFile(o.generation_table);
  const advisor::Advisor wizard(override_table ? *override_table
                                               : advisor::GenerationTable::builtin());

  advisor::AdvisorRequest request;
  request.goal = advisor::parseGoal(o.goal);
  request.sizes = advisor::parseInputSizes(o.sizes);
  request.family = advisor::parseModelFamily(o.family);
  request.reproducible = o.reproducible;
  const auto rule = o.accuracy.rule();
  request.tolerance = rule.tolerance;
  request.metric = rule.metric;
  request.target_torch =
      o.torch_version.empty() ? defaultTarget() : advisor::TorchVersion::parse(o.torch_version);
  if (!o.simulate.empty()) {
    request.caps = wizard.simulatedCaps(o.simulate);
  } else {
    // listDevices() puts the CPU first: it is the answer when no CUDA device follows.
    for (const auto& d : engine::listDevices()) {
      request.caps = DeviceCaps::from(d);
      request.device_name = d.name;
      if (d.kind == DeviceKind::Cuda) break;
    }
  }

  auto rec = wizard.recommend(request);
  printRecommendation(rec, o.sources);
  if (o.validate) rec = validateOnDevice(rec, o);
  const auto document = advisor::ConfigDocument::from(rec);
  const std::pair<const std::string*, advisor::ExportFormat> exports[] = {
      {&o.export_json, advisor::ExportFormat::Json},
      {&o.export_python, advisor::ExportFormat::Python},
      {&o.export_cpp, advisor::ExportFormat::Cpp},
  };
  bool first = true;
  for (const auto& [path, format] : exports) {
    if (path->empty()) continue;
    advisor::writeExportFile(document, format, *path);
    fmt::print("{}wrote {} ({})\n", first ? "\n" : "", *path, advisor::toString(format));
    first = false;
  }
  return kExitOk;
}

}  // namespace

void addRecommendCommand(CLI::App& app, std::function<int()>& action) {
  auto options = std::make_shared<RecommendOptions>();
  auto* cmd = app.add_subcommand("recommend",
                                 "recommend settings for a GPU generation and your goals, with the "
                                 "guide's reasons; export them");
  cmd->add_option("--goal", options->goal, "what to optimise")
      ->check(CLI::IsMember({"latency", "throughput"}))
      ->capture_default_str();
  cmd->add_option("--sizes", options->sizes, "whether input sizes stay fixed")
      ->check(CLI::IsMember({"fixed", "varying"}))
      ->capture_default_str();
  cmd->add_flag("--reproducible", options->reproducible,
                "require run-to-run identical outputs (deterministic)");
  addAccuracyOptions(*cmd, options->accuracy);
  cmd->add_option("--family", options->family, "model family")
      ->check(CLI::IsMember({"cnn", "transformer"}))
      ->capture_default_str();
  cmd->add_option("--simulate", options->simulate,
                  fmt::format("advise for a GPU generation instead of this machine: {}, cpu",
                              fmt::join(advisor::GenerationTable::builtin().ids(), ", ")));
  cmd->add_option(
      "--torch-version", options->torch_version,
      "PyTorch version the exports target, e.g. 2.8 or 2.11 (decides the TF32 API; default: this "
      "build's LibTorch)");
  cmd->add_option("--generation-table", options->generation_table,
                  "read the GPU generation table from this JSON file instead of the built-in copy");
  cmd->add_option("--export", options->export_json, "write the config as JSON (schema 1)");
  cmd->add_option("--python", options->export_python,
                  "write a Python load_model()/inference() file");
  cmd->add_option("--cpp", options->export_cpp, "write a C++ LibTorch main file");
  cmd->add_flag("--sources", options->sources, "print the guide's rule behind every reason");
  cmd->add_flag(
      "--validate", options->validate,
      "tune on this machine's device, seeded with the recommendation (`tune`'s race; --budget-s, "
      "default 60 s), and keep the measured winner");
  auto* model_group = cmd->add_option_group("validation model", "what --validate measures on");
  addModelOptions(*model_group, options->model);
  cmd->callback([options, &action] { action = [options] { return runRecommend(*options); }; });
}

}  // namespace inferscope::cli
