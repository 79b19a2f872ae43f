#include <gtest/gtest.h>

#include <array>
#include <cstdio>
#include <string>

#include "../advisor/golden_file.h"
#include "core/cluster/slurm_script.h"
#include "core/common/error.h"

using namespace inferscope;
using namespace inferscope::cluster;
using inferscope::advisor::testing::expectMatchesGolden;

namespace {

// A GPU job with every setting, and paths a user may really have: spaces, a quote, a %.
SlurmJob fullJob() {
  SlurmJob job;
  job.shards = 4;
  job.job_name = "resnet50 \"guide\"";
  job.output_dir = "/scratch/o'brien/run 100%";
  job.inferscope = "/opt/infer scope/bin/inferscope-cli";
  job.arguments = {"-m",   "resnet50", "-b",    "32",        "--device",
                   "cuda", "--plan",   "guide", "--adaptive"};
  job.settings.partition = "gpu-h200";
  job.settings.account = "ml-perf";
  job.settings.time_limit = "02:00:00";
  job.settings.modules = {"cuda/12.8", "apptainer"};
  job.settings.container = "/images/inferscope 0.1.sif";
  job.settings.gpus_per_task = 1;
  job.settings.cpus_per_task = 8;
  job.settings.cache_dir = "/shared/inferscope-cache";
  return job;
}

SlurmJob cpuJob() {
  SlurmJob job;
  job.shards = 2;
  job.output_dir = "/tmp/sweep";
  job.inferscope = "/usr/bin/inferscope-cli";
  job.arguments = {"-m", "resnet18", "--plan", "fp32,bf16,amp-bf16"};
  job.settings.gpus_per_task = 0;
  return job;
}

// What bash makes of a quoted word: printf's output for `printf %s <word>`.
std::string throughBash(const std::string& word) {
  const std::string command = "bash -c " + shellQuote("printf %s " + word);
  std::FILE* pipe = ::popen(command.c_str(), "r");
  std::string out;
  std::array<char, 256> buffer{};
  for (std::size_t n; pipe && (n = std::fread(buffer.data(), 1, buffer.size(), pipe)) > 0;) {
    out.append(buffer.data(), n);
  }
  if (pipe) ::pclose(pipe);
  return out;
}

}  // namespace

TEST(SlurmScript, GpuArrayAndMergeMatchTheirGoldenFiles) {
  expectMatchesGolden("gpu_array.sbatch", arrayScript(fullJob()));
  expectMatchesGolden("gpu_merge.sbatch", mergeScript(fullJob()));
}

TEST(SlurmScript, CpuJobWithClusterDefaultsMatchesItsGoldenFiles) {
  expectMatchesGolden("cpu_array.sbatch", arrayScript(cpuJob()));
  expectMatchesGolden("cpu_merge.sbatch", mergeScript(cpuJob()));
}

TEST(SlurmScript, PyxisRunsThroughSrunAndAnArrayOfOneIsValid) {
  auto job = cpuJob();
  job.shards = 1;
  job.settings.container = "nvcr.io#nvidia/pytorch:25.01-py3";
  job.settings.container_runtime = "pyxis";
  const auto script = arrayScript(job);
  EXPECT_NE(script.find("#SBATCH --array=0-0\n"), std::string::npos) << script;
  EXPECT_NE(script.find("\nsrun --container-image='nvcr.io#nvidia/pytorch:25.01-py3' "
                        "'/usr/bin/inferscope-cli' 'sweep'"),
            std::string::npos)
      << script;
  job.settings.container_runtime = "docker";
  EXPECT_THROW(arrayScript(job), Error);
  job.settings.container_runtime = "pyxis";
  job.shards = 0;
  EXPECT_THROW(arrayScript(job), Error);
}

TEST(SlurmScript, ShellQuotingSurvivesBashUnchanged) {
  for (const std::string nasty :
       {"plain", "with space", "it's", "''", "$(touch /tmp/x)", "`id`", "a\"b", "back\\slash",
        "semi;colon && echo", "new\nline", "*", "~", "$HOME", "100%", ""}) {
    EXPECT_EQ(throughBash(shellQuote(nasty)), nasty) << shellQuote(nasty);
  }
}

TEST(SlurmScript, DirectiveValuesAreEscapedAndLineBreaksRefused) {
  EXPECT_EQ(directiveQuote("gpu", "the partition"), "\"gpu\"");
  EXPECT_EQ(directiveQuote("a \"b\" \\ #c", "x"), "\"a \\\"b\\\" \\\\ #c\"");
  try {
    directiveQuote("gpu\n#SBATCH --account=someone-else", "the partition");
    ADD_FAILURE() << "a line break went into a directive";
  } catch (const Error& e) {
    EXPECT_NE(std::string(e.what()).find("the partition 'gpu"), std::string::npos) << e.what();
  }
  auto job = cpuJob();
  job.settings.account = "x\ry";
  EXPECT_THROW(arrayScript(job), Error);
}

TEST(SlurmSettings, JsonOverridesDefaultsAndNamesBadKeys) {
  SlurmSettings defaults;
  defaults.partition = "from-options";
  defaults.account = "kept";
  const auto s = slurmSettingsFromJson(
      R"({"partition": "gpu", "time": "1-00:00:00", "modules": ["cuda/12.8"], "gpus_per_task": 2,
          "container": "i.sif", "container_runtime": "singularity", "cache_dir": "/c",
          "cpus_per_task": 4})",
      "slurm.json", defaults);
  EXPECT_EQ(s.partition, "gpu");
  EXPECT_EQ(s.account, "kept");
  EXPECT_EQ(s.time_limit, "1-00:00:00");
  EXPECT_EQ(s.modules, std::vector<std::string>{"cuda/12.8"});
  EXPECT_EQ(s.gpus_per_task, 2);
  EXPECT_EQ(s.cpus_per_task, 4);
  EXPECT_EQ(s.container_runtime, "singularity");
  EXPECT_EQ(s.cache_dir, "/c");
  const auto message = [](const char* text) {
    try {
      slurmSettingsFromJson(text, "slurm.json");
    } catch (const Error& e) {
      return std::string(e.what());
    }
    return std::string("accepted");
  };
  EXPECT_NE(message(R"({"partitoin": "gpu"})").find("unknown setting \"partitoin\""),
            std::string::npos);
  EXPECT_NE(message(R"({"modules": "cuda"})")
                .find("\"modules\" has the wrong type (string): expected a list"),
            std::string::npos);
  EXPECT_NE(message(R"({"gpus_per_task": -1})")
                .find("\"gpus_per_task\" must be a whole number from 0 to 4096 (got -1)"),
            std::string::npos);
  // Checked before the conversion: get<int> made 1e300 INT_MIN ("cannot be negative") and 2^32 0.
  EXPECT_NE(message(R"({"gpus_per_task": 1e300})").find("from 0 to 4096 (got 1e+300)"),
            std::string::npos);
  EXPECT_NE(message(R"({"cpus_per_task": 4294967296})").find("(got 4294967296)"),
            std::string::npos);
  EXPECT_NE(message(R"({"gpus_per_task": 1.5})").find("(got 1.5)"), std::string::npos);
  EXPECT_NE(message(R"({"gpus_per_task": "2"})").find("(got string)"), std::string::npos);
  EXPECT_EQ(slurmSettingsFromJson(R"({"gpus_per_task": 4096, "cpus_per_task": 0})", "s.json")
                .gpus_per_task,
            4096);
  EXPECT_NE(message("[1]").find("expected a JSON object"), std::string::npos);
  EXPECT_NE(message("{").find("slurm.json is not valid JSON"), std::string::npos);
}
