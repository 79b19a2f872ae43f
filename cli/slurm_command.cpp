// `inferscope-cli slurm [options] -- <sweep arguments>`: writes a Slurm job array that runs one
// shard of the sweep per task and a merge job that depends on it (core/cluster/slurm_script.h),
// and with --submit hands both to sbatch; --dry-run prints them instead. Slurm does the
// scheduling; this command only writes what sbatch reads (docs/SCALE.md).
#include <fmt/format.h>
#include <spawn.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cerrno>
#include <cstring>
#include <filesystem>
#include <memory>
#include <string>
#include <vector>

#include "cli/cli_common.h"
#include "cli/commands.h"
#include "cli/options/option_checks.h"
#include "core/cluster/slurm_script.h"
#include "core/common/value_limits.h"
#include "core/session/session_file.h"

extern char** environ;

namespace inferscope::cli {
namespace {

namespace fs = std::filesystem;

struct SlurmOptions {
  cluster::SlurmJob job;
  std::string config_file;
  bool submit = false;
  bool dry_run = false;
};

// Runs a program found on PATH with `args`, stdout captured, stderr passed through.
std::string runCapture(const std::vector<std::string>& args, int& exit_code) {
  int fds[2];
  if (::pipe(fds) != 0)
    throw Error(ErrorKind::Runtime, fmt::format("pipe: {}", std::strerror(errno)));
  posix_spawn_file_actions_t actions;
  posix_spawn_file_actions_init(&actions);
  posix_spawn_file_actions_adddup2(&actions, fds[1], STDOUT_FILENO);
  posix_spawn_file_actions_addclose(&actions, fds[0]);
  posix_spawn_file_actions_addclose(&actions, fds[1]);
  std::vector<std::string> words = args;
  std::vector<char*> argv;
  for (auto& w : words) argv.push_back(w.data());
  argv.push_back(nullptr);
  pid_t pid = -1;
  const int rc = ::posix_spawnp(&pid, argv[0], &actions, nullptr, argv.data(), environ);
  posix_spawn_file_actions_destroy(&actions);
  ::close(fds[1]);
  if (rc != 0) {
    ::close(fds[0]);
    throw Error(ErrorKind::Runtime,
                fmt::format("cannot run {}: {} (is Slurm's client installed and "
                            "on PATH?)",
                            args.front(), std::strerror(rc)));
  }
  std::string out;
  char chunk[4096];
  for (ssize_t n; (n = ::read(fds[0], chunk, sizeof chunk)) > 0;)
    out.append(chunk, static_cast<std::size_t>(n));
  ::close(fds[0]);
  int status = 0;
  ::waitpid(pid, &status, 0);
  exit_code = WIFEXITED(status) ? WEXITSTATUS(status) : 128 + WTERMSIG(status);
  return out;
}

// `sbatch --parsable` prints "jobid" or "jobid;cluster".
std::string submit(std::vector<std::string> args) {
  args.insert(args.begin(), {"sbatch", "--parsable"});
  int code = 0;
  const auto out = runCapture(args, code);
  const auto id = out.substr(0, out.find_first_of(";\n"));
  if (code != 0 || id.empty() || id.find_first_not_of("0123456789") != std::string::npos) {
    throw Error(ErrorKind::Runtime, fmt::format("sbatch {} failed (exit code {}){}", args.back(),
                                                code, out.empty() ? "" : ": " + out));
  }
  return id;
}

void checkArguments(const std::vector<std::string>& arguments) {
  for (const auto& a : arguments) {
    for (const char* taken : {"--shard", "-o", "--out", "--from"}) {
      if (a == taken || a.rfind(std::string(taken) + "=", 0) == 0) {
        throw Error(ErrorKind::InvalidInput,
                    fmt::format("'{}' among the sweep's arguments: the job sets --shard and --out "
                                "for every task itself; leave it out",
                                a));
      }
    }
  }
}

int runSlurm(SlurmOptions o) {
  auto& job = o.job;
  if (!o.config_file.empty()) {
    // Options given on the command line win over the file: they were read into job.settings first,
    // so the file fills only what is still at its default.
    const auto from_file = cluster::slurmSettingsFromJson(readFile(o.config_file), o.config_file);
    const cluster::SlurmSettings defaults;
    auto& s = job.settings;
    if (s.partition.empty()) s.partition = from_file.partition;
    if (s.account.empty()) s.account = from_file.account;
    if (s.time_limit.empty()) s.time_limit = from_file.time_limit;
    if (s.modules.empty()) s.modules = from_file.modules;
    if (s.container.empty()) s.container = from_file.container;
    if (s.container_runtime == defaults.container_runtime)
      s.container_runtime = from_file.container_runtime;
    if (s.gpus_per_task == defaults.gpus_per_task) s.gpus_per_task = from_file.gpus_per_task;
    if (s.cpus_per_task == defaults.cpus_per_task) s.cpus_per_task = from_file.cpus_per_task;
    if (s.cache_dir.empty()) s.cache_dir = from_file.cache_dir;
  }
  checkArguments(job.arguments);
  job.output_dir = fs::absolute(job.output_dir).lexically_normal().string();
  while (job.output_dir.size() > 1 && job.output_dir.back() == '/') job.output_dir.pop_back();
  if (job.inferscope.empty()) job.inferscope = fs::canonical("/proc/self/exe").string();
  const auto array = cluster::arrayScript(job);
  const auto merge = cluster::mergeScript(job);
  const auto array_path = job.output_dir + "/inferscope-array.sbatch";
  const auto merge_path = job.output_dir + "/inferscope-merge.sbatch";
  if (o.dry_run) {
    fmt::print("# {}\n{}\n# {}\n{}\n", array_path, array, merge_path, merge);
    fmt::print(
        "# submit with:\n#   id=$(sbatch --parsable {})\n#   sbatch --dependency=afterok:$id {}\n",
        cluster::shellQuote(array_path), cluster::shellQuote(merge_path));
    return kExitOk;
  }
  fs::create_directories(job.output_dir);
  writeFileAtomically(array_path, array);
  writeFileAtomically(merge_path, merge);
  if (!o.submit) {
    fmt::print(
        "wrote {} and {}\nsubmit with:\n  id=$(sbatch --parsable {})\n  sbatch "
        "--dependency=afterok:$id {}\n",
        array_path, merge_path, cluster::shellQuote(array_path), cluster::shellQuote(merge_path));
    return kExitOk;
  }
  const auto array_id = submit({array_path});
  const auto merge_id = submit({fmt::format("--dependency=afterok:{}", array_id), merge_path});
  fmt::print(
      "submitted job array {} ({} tasks) and merge job {} (after all tasks succeed)\n"
      "merged session: {}\n",
      array_id, job.shards, merge_id, cluster::mergedSessionPath(job));
  fmt::print(stderr, "{}\n", merge_id);  // for scripts: the job to wait for
  return kExitOk;
}

}  // namespace

void addSlurmCommand(CLI::App& app, std::function<int()>& action) {
  auto o = std::make_shared<SlurmOptions>();
  auto* cmd = app.add_subcommand(
      "slurm",
      "run a sweep as a Slurm job array, one shard per task, and merge the shards in a dependent "
      "job: inferscope-cli slurm --shards 8 --out-dir runs/r50 -- -m resnet50 --device cuda --plan "
      "guide");
  auto& job = o->job;
  auto& s = job.settings;
  cmd->add_option("--shards", job.shards, "array tasks, one shard of the plan each")
      ->required()
      ->check(wholeNumberBetween(1, 100000, "8"));
  cmd->add_option(
         "--out-dir", job.output_dir,
         "folder (shared by the nodes) for the scripts, shard sessions, merged session and logs")
      ->required();
  cmd->add_option("--config", o->config_file,
                  "JSON file of settings: partition, account, time, modules, container, "
                  "container_runtime, gpus_per_task, cpus_per_task, cache_dir (options win)")
      ->check(CLI::ExistingFile);
  cmd->add_option("--partition", s.partition, "Slurm partition");
  cmd->add_option("--account", s.account, "Slurm account to charge");
  cmd->add_option("--time", s.time_limit, "time limit per task, e.g. 02:00:00");
  // One value per --module: a list option would otherwise read on, and take the `--` that
  // starts the sweep's arguments when --module comes last.
  cmd->add_option("--module", s.modules, "module to load before the run (repeat)")
      ->allow_extra_args(false);
  cmd->add_option("--container", s.container, "container image the tasks run inferscope-cli in");
  cmd->add_option("--container-runtime", s.container_runtime,
                  "apptainer, singularity or pyxis (srun)")
      ->capture_default_str();
  cmd->add_option("--gpus-per-task", s.gpus_per_task, "GPUs per array task (0 for CPU sweeps)")
      ->capture_default_str()
      ->check(wholeNumberBetween(0, kMaxTaskDevices, "1"));
  cmd->add_option("--cpus-per-task", s.cpus_per_task,
                  "CPU cores per array task (0: the cluster's default)")
      ->check(wholeNumberBetween(0, kMaxTaskDevices, "8"));
  cmd->add_option("--cache-dir", s.cache_dir,
                  "shared folder for compiled AOTInductor packages (the tasks' XDG_CACHE_HOME); "
                  "only for nodes of one GPU model (docs/SCALE.md)");
  cmd->add_option("--job-name", job.job_name, "Slurm job name")->capture_default_str();
  cmd->add_option("--inferscope", job.inferscope,
                  "inferscope-cli as the nodes see it (default: this executable's path)");
  auto* submit =
      cmd->add_flag("--submit", o->submit, "submit the array and the merge job with sbatch");
  cmd->add_flag("--dry-run", o->dry_run, "print the scripts, write and submit nothing")
      ->excludes(submit);
  cmd->add_option("sweep-arguments", job.arguments,
                  "after --: the sweep's arguments (model, batch, device, plan, iterations…)");
  cmd->callback([o, &action] { action = [o] { return runSlurm(*o); }; });
}

}  // namespace inferscope::cli
