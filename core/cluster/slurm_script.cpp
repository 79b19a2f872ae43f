#include "core/cluster/slurm_script.h"

#include <fmt/format.h>

#include <cmath>
#include <nlohmann/json.hpp>

#include "core/common/error.h"
#include "core/common/value_limits.h"

namespace inferscope::cluster {
namespace {

std::string directive(std::string_view option, std::string_view value, std::string_view what) {
  return fmt::format("#SBATCH --{}={}\n", option, directiveQuote(value, what));
}

// Slurm expands %A, %a, %j … in --output; a % of the user's path must stay a %.
std::string escapePercent(std::string_view path) {
  std::string out;
  for (char c : path) {
    if (c == '%') out += '%';
    out += c;
  }
  return out;
}

// The #SBATCH lines both scripts share: account, partition, time, and the log file.
std::string commonDirectives(const SlurmJob& job, std::string_view job_name,
                             std::string_view log_pattern) {
  const auto& s = job.settings;
  std::string out = directive("job-name", job_name, "the job name");
  if (!s.partition.empty()) out += directive("partition", s.partition, "the partition");
  if (!s.account.empty()) out += directive("account", s.account, "the account");
  if (!s.time_limit.empty()) out += directive("time", s.time_limit, "the time limit");
  out += directive("output", escapePercent(job.output_dir) + "/" + std::string(log_pattern),
                   "the output folder");
  return out;
}

// Modules load before `set -u`: module systems' shell functions read unset variables.
std::string preamble(const SlurmJob& job) {
  std::string out;
  for (const auto& m : job.settings.modules) {
    out += fmt::format("module load {} || exit 1\n", shellQuote(m));
  }
  out += "set -euo pipefail\n";
  if (!job.settings.cache_dir.empty()) {
    out += fmt::format("export XDG_CACHE_HOME={}\n", shellQuote(job.settings.cache_dir));
  }
  return out;
}

// The words that start inferscope-cli (inside the container, if any).
std::string launcher(const SlurmJob& job, bool gpus) {
  const auto& s = job.settings;
  std::string out;
  if (s.container.empty()) {
    out = "";
  } else if (s.container_runtime == "pyxis") {
    out = fmt::format("srun --container-image={} ", shellQuote(s.container));
  } else {
    out = fmt::format("{} exec {}{} ", s.container_runtime, gpus ? "--nv " : "",
                      shellQuote(s.container));
  }
  return out + shellQuote(job.inferscope);
}

void validate(const SlurmJob& job) {
  if (job.shards < 1) {
    throw Error(ErrorKind::InvalidInput,
                fmt::format("--shards {}: a job array needs at least one shard", job.shards));
  }
  const auto& runtime = job.settings.container_runtime;
  if (runtime != "apptainer" && runtime != "singularity" && runtime != "pyxis") {
    throw Error(
        ErrorKind::InvalidInput,
        fmt::format("container runtime '{}': use apptainer, singularity or pyxis", runtime));
  }
  if (job.output_dir.empty() || job.inferscope.empty()) {
    throw Error(ErrorKind::InvalidInput,
                "a Slurm job needs an output folder and inferscope-cli's path");
  }
}

}  // namespace

std::string shellQuote(std::string_view text) {
  std::string out = "'";
  for (char c : text) {
    if (c == '\'') {
      out += "'\\''";
    } else {
      out += c;
    }
  }
  return out + "'";
}

std::string directiveQuote(std::string_view text, std::string_view what) {
  std::string out = "\"";
  for (char c : text) {
    if (static_cast<unsigned char>(c) < 0x20 || c == 0x7f) {
      throw Error(ErrorKind::InvalidInput,
                  fmt::format("{} '{}' holds a line break or control character, which an #SBATCH "
                              "line cannot carry",
                              what, text));
    }
    if (c == '"' || c == '\\') out += '\\';
    out += c;
  }
  return out + "\"";
}

std::string shardSessionPath(const SlurmJob& job, int shard) {
  return fmt::format("{}/shard-{}.inferscope.json", job.output_dir, shard);
}

std::string mergedSessionPath(const SlurmJob& job) {
  return job.output_dir + "/merged.inferscope.json";
}

std::string arrayScript(const SlurmJob& job) {
  validate(job);
  const auto& s = job.settings;
  std::string out = fmt::format(
      "#!/bin/bash{}\n"
      "# inferscope-cli slurm: one task per shard of a {}-shard {} (docs/SCALE.md).\n",
      s.modules.empty() ? "" : " -l", job.shards, job.command);
  out += fmt::format("#SBATCH --array=0-{}\n", job.shards - 1);
  out += "#SBATCH --ntasks=1\n";
  if (s.gpus_per_task > 0) out += fmt::format("#SBATCH --gres=gpu:{}\n", s.gpus_per_task);
  if (s.cpus_per_task > 0) out += fmt::format("#SBATCH --cpus-per-task={}\n", s.cpus_per_task);
  out += commonDirectives(job, job.job_name, "slurm-%A_%a.out");
  out += preamble(job);
  out += "shard=\"${SLURM_ARRAY_TASK_ID:?this script runs as a Slurm array task}\"\n";
  std::string words = launcher(job, s.gpus_per_task > 0) + " " + shellQuote(job.command);
  for (const auto& a : job.arguments) words += " " + shellQuote(a);
  // The shard index is the one expansion: outside the quotes, and only digits.
  words += fmt::format(" --shard \"${{shard}}/{}\" --out {}\"${{shard}}\"{}", job.shards,
                       shellQuote(job.output_dir + "/shard-"), shellQuote(".inferscope.json"));
  // Exit code 1 is a shard that ran and wrote its session, in which a config failed (out of
  // memory, an error): a result the merge needs, so the task succeeds (the merge job waits with
  // afterok). Any other code (invalid input, all unsupported, cancelled) fails the task.
  return out + "# a config that failed is a result in the shard's session (exit code 1)\n" + words +
         " || { code=$?; [ \"$code\" -eq 1 ] || exit \"$code\"; }\n";
}

std::string mergeScript(const SlurmJob& job) {
  validate(job);
  std::string out = fmt::format(
      "#!/bin/bash{}\n"
      "# inferscope-cli slurm: merges the {} shards once every array task succeeded.\n",
      job.settings.modules.empty() ? "" : " -l", job.shards);
  out += "#SBATCH --ntasks=1\n";
  out += commonDirectives(job, job.job_name + "-merge", "slurm-merge-%j.out");
  out += preamble(job);
  std::string words = launcher(job, false) + " merge";
  for (int i = 0; i < job.shards; ++i) words += " " + shellQuote(shardSessionPath(job, i));
  words += " --out " + shellQuote(mergedSessionPath(job));
  return out + "exec " + words + "\n";
}

namespace {

// A count of GPUs or CPUs per task, checked on the JSON number before it becomes an int: get<int>
// would turn 1e300 into INT_MIN ("cannot be negative") and 2^32 into 0. The same rule as the
// command line's --gpus-per-task and --cpus-per-task.
int taskDevices(const nlohmann::json& value, const std::string& origin, const std::string& key) {
  const bool whole =
      value.is_number_integer() || (value.is_number_float() && std::isfinite(value.get<double>()) &&
                                    value.get<double>() == std::floor(value.get<double>()));
  const double number = value.is_number() ? value.get<double>() : 0.0;
  if (!value.is_number() || !whole || number < 0 || number > kMaxTaskDevices) {
    throw Error(ErrorKind::InvalidInput,
                fmt::format("{}: \"{}\" must be a whole number from 0 to {} (got {})", origin, key,
                            kMaxTaskDevices,
                            value.is_number() ? value.dump() : std::string(value.type_name())));
  }
  return static_cast<int>(number);
}

}  // namespace

SlurmSettings slurmSettingsFromJson(std::string_view text, const std::string& origin,
                                    SlurmSettings s) {
  using nlohmann::json;
  json j;
  try {
    j = json::parse(text);
  } catch (const json::parse_error& e) {
    throw Error(ErrorKind::InvalidInput,
                fmt::format("{} is not valid JSON: syntax error at byte {}", origin, e.byte));
  }
  if (!j.is_object()) {
    throw Error(ErrorKind::InvalidInput,
                fmt::format("{}: expected a JSON object of settings", origin));
  }
  for (const auto& [key, value] : j.items()) {
    try {
      if (key == "partition")
        s.partition = value.get<std::string>();
      else if (key == "account")
        s.account = value.get<std::string>();
      else if (key == "time")
        s.time_limit = value.get<std::string>();
      else if (key == "modules")
        s.modules = value.get<std::vector<std::string>>();
      else if (key == "container")
        s.container = value.get<std::string>();
      else if (key == "container_runtime")
        s.container_runtime = value.get<std::string>();
      else if (key == "gpus_per_task")
        s.gpus_per_task = taskDevices(value, origin, key);
      else if (key == "cpus_per_task")
        s.cpus_per_task = taskDevices(value, origin, key);
      else if (key == "cache_dir")
        s.cache_dir = value.get<std::string>();
      else {
        throw Error(ErrorKind::InvalidInput,
                    fmt::format("{}: unknown setting \"{}\" (partition, account, time, modules, "
                                "container, container_runtime, gpus_per_task, cpus_per_task, "
                                "cache_dir)",
                                origin, key));
      }
    } catch (const json::exception&) {
      throw Error(
          ErrorKind::InvalidInput,
          fmt::format("{}: \"{}\" has the wrong type ({}){}", origin, key, value.type_name(),
                      key == "modules" ? ": expected a list of strings" : ""));
    }
  }
  return s;
}

}  // namespace inferscope::cluster
