// Slurm job scripts for a sharded sweep (`inferscope-cli slurm`, docs/SCALE.md): a job array with
// one shard per task, and a merge job that runs after every task succeeded. Plain text from plain
// values, so the scripts are golden-file tested; submitting them is the CLI's (sbatch). No
// scheduler of our own: Slurm places, retries and accounts the tasks.
#pragma once

#include <string>
#include <string_view>
#include <vector>

namespace inferscope::cluster {

// Where and how the tasks run: from command-line options or a small JSON file
// (slurmSettingsFromJson). Empty strings leave the cluster's defaults.
struct SlurmSettings {
  std::string partition;
  std::string account;
  std::string time_limit;                       // Slurm's format: "MM", "HH:MM:SS", "D-HH:MM:SS"
  std::vector<std::string> modules;             // `module load` before the run
  std::string container;                        // image the tasks run in; "" = none
  std::string container_runtime = "apptainer";  // apptainer | singularity | pyxis (srun)
  int gpus_per_task = 1;                        // 0 for CPU sweeps
  int cpus_per_task = 0;                        // 0 = the cluster's default
  // XDG_CACHE_HOME of the tasks: where AOTInductor packages are cached (docs/SCALE.md). "" keeps
  // each node's own (~/.cache/inferscope).
  std::string cache_dir;
};

// Reads settings from JSON: {"partition": "gpu", "account": "…", "time": "02:00:00",
// "modules": ["cuda/12.8"], "container": "inferscope.sif", "container_runtime": "apptainer",
// "gpus_per_task": 1, "cpus_per_task": 8, "cache_dir": "/shared/cache"}. Keys present replace
// `defaults`' values; an unknown key or a wrong type throws Error(InvalidInput) naming it.
SlurmSettings slurmSettingsFromJson(std::string_view text, const std::string& origin,
                                    SlurmSettings defaults = {});

struct SlurmJob {
  SlurmSettings settings;
  int shards = 1;
  std::string job_name = "inferscope";
  std::string output_dir;  // shard sessions, the merged session and Slurm's logs; absolute
  std::string inferscope;  // inferscope-cli as the nodes (or the container) see it
  std::string command = "sweep";
  std::vector<std::string> arguments;  // the command's own arguments: model, plan, iterations…
};

// `#SBATCH --array=0-(n-1)`: task i runs `<command> <arguments> --shard i/n --out
// <output_dir>/shard-i.inferscope.json`.
std::string arrayScript(const SlurmJob& job);
// Merges every shard into <output_dir>/merged.inferscope.json; submitted with
// --dependency=afterok:<array job id>, so it runs only when all shards succeeded.
std::string mergeScript(const SlurmJob& job);

std::string shardSessionPath(const SlurmJob& job, int shard);
std::string mergedSessionPath(const SlurmJob& job);

// A word for bash: single-quoted ('it'\''s'), so nothing in it is expanded.
std::string shellQuote(std::string_view text);
// A value for an #SBATCH line, which sbatch splits itself: double-quoted with \ and " escaped
// (sbatch reads backslash escapes and quotes there; an unquoted # would start a comment). Throws
// Error(InvalidInput) for a line break or other control character, which would end the directive
// and let the rest run as script.
std::string directiveQuote(std::string_view text, std::string_view what);

}  // namespace inferscope::cluster
