// `inferscope-cli merge A.json B.json … -o all.json [--keep-hosts]`: the shards of one sweep
// (`--shard i/n`, Slurm array tasks, `--devices`) become one session, ranked again. The merge
// itself — what must agree, the reference kept once, plan order — is core/session/session_merge.h;
// this command reads the files, writes the result and prints what the merge decided.
#include <fmt/format.h>

#include <memory>
#include <string>
#include <vector>

#include "cli/cli_common.h"
#include "cli/commands.h"
#include "cli/console_sink.h"
#include "cli/tune_report.h"
#include "core/common/printable.h"
#include "core/engine/device_groups.h"
#include "core/session/session_file.h"
#include "core/session/session_merge.h"

namespace inferscope::cli {
namespace {

struct MergeCommandOptions {
  std::vector<std::string> inputs;
  std::string out;
  bool keep_hosts = false;
};

std::string speedupText(const RankedConfig& r, bool has_baseline) {
  if (!has_baseline) return "-";
  if (r.speedup_ci_method == "none") return fmt::format("{:.2f}", r.speedup);
  return fmt::format("{:.2f} [{:.2f}, {:.2f}]", r.speedup, r.speedup_low, r.speedup_high);
}

void printGroup(const SessionResult& s, const DeviceGroupRanking& group) {
  fmt::print("\n{} — {} results\n", printableLine(group.label), group.positions.size());
  fmt::print("{:>4}  {:<24} {:<24} {:>10} {:>22}  {}\n", "rank", "config", "measured on",
             "median ms", "speed-up ×FP32 [CI]", "notes");
  const auto& ranking = group.ranking;
  for (const auto& r : ranking.configs) {
    const auto& c =
        s.configs[static_cast<std::size_t>(group.positions[static_cast<std::size_t>(r.index)])];
    const std::string where = printableLine(placeLabel(placeOf(s, c)));
    if (r.rank == 0) {
      fmt::print("{:>4}  {:<24} {:<24} {}: {}\n", "-", c.config.key(), where, toString(c.status),
                 printable(c.message));
      continue;
    }
    std::string notes;
    if (ranking.baseline_index && r.index == *ranking.baseline_index) notes += "reference ";
    if (r.on_pareto_front) notes += "★ Pareto ";
    if (!r.unsafe_reason.empty()) notes += "UNSAFE: " + printableLine(r.unsafe_reason);
    notes += accuracyStateNote(r);
    fmt::print("{:>4}  {:<24} {:<24} {:>10.3f} {:>22}  {}\n", r.rank, c.config.key(), where,
               c.stats.median_ms, speedupText(r, ranking.baseline_index.has_value()), notes);
  }
}

int runMerge(const MergeCommandOptions& o) {
  RunFiles files;  // -o onto one of the shards would lose that shard
  for (const auto& path : o.inputs) files.addInput("input session", path);
  files.addOutput("-o", o.out);
  files.check();
  std::vector<MergeInput> inputs;
  for (const auto& path : o.inputs) inputs.push_back({loadSession(path), path});
  MergeOptions options;
  options.keep_hosts = o.keep_hosts;
  auto merged = mergeSessions(inputs, options);
  for (const auto& note : merged.notes) fmt::print(stderr, "note: {}\n", printableLine(note));
  completeRoofline(
      merged.session);  // compiled configs of one shard may take another shard's eager count
  printSessionHeader(stdout, merged.session);
  for (const auto& group : rankDeviceGroups(merged.session)) printGroup(merged.session, group);
  saveSession(merged.session, o.out);
  fmt::print(stderr, "merged {} sessions ({} results) into {}\n", inputs.size(),
             merged.session.configs.size(), printableLine(o.out));
  // The merge completed: a cancelled input is a note (above), not a cancelled command.
  return kExitOk;
}

}  // namespace

void addMergeCommand(CLI::App& app, std::function<int()>& action) {
  auto options = std::make_shared<MergeCommandOptions>();
  auto* cmd = app.add_subcommand(
      "merge",
      "merge the shards of a sweep (--shard, Slurm array tasks, --devices) into one session and "
      "rank it again");
  cmd->add_option("sessions", options->inputs, "session files (.inferscope.json) to merge")
      ->required()
      ->check(CLI::ExistingFile);
  cmd->add_option("-o,--out", options->out, "write the merged session to this file")->required();
  cmd->add_flag(
      "--keep-hosts", options->keep_hosts,
      "sessions from different device models or library versions: keep them apart as "
      "separate devices (each ranked against its own FP32 reference) instead of refusing");
  cmd->callback([options, &action] { action = [options] { return runMerge(*options); }; });
}

}  // namespace inferscope::cli
