#include "worker_scripts.h"

#include <unistd.h>

#include <cstdio>
#include <cstdlib>
#include <fstream>
#include <stdexcept>

#include "core/common/file_io.h"
#include "core/engine/result_analysis.h"
#include "core/session/ndjson_sink.h"

namespace inferscope::runner::testing {

WorkerScripts::WorkerScripts() {
  std::string path = "/tmp/inferscope_runner_test_XXXXXX";
  if (::mkdtemp(path.data()) == nullptr) throw std::runtime_error("mkdtemp failed");
  dir_ = path;
}

WorkerScripts::~WorkerScripts() {
  removeFolderOfFiles(dir_);
}

WorkerLauncher WorkerScripts::launcher(const std::string& body) const {
  // sh -c SCRIPT sh worker --request FILE --parent-pid PID: $1 is "worker", $3 the request.
  const std::string prelude = "REQUEST=$3; DIR='" + dir_ +
                              "'; ARGS=\"$*\"; KEY=$(grep -o '\"plan\":\\[\"[^\"]*\"' \"$REQUEST\" "
                              "| sed 's/.*\\[\"//; s/\"$//')\n";
  WorkerLauncher launcher;
  launcher.executable = "/bin/sh";
  launcher.arguments = {"-c", prelude + body, "sh", "worker"};
  return launcher;
}

void WorkerScripts::writeEvents(const std::string& name, const ConfigResult& result,
                                const std::string& device_name) const {
  std::FILE* out = std::fopen((dir_ + "/" + name).c_str(), "w");
  if (out == nullptr) throw std::runtime_error("cannot write " + name);
  NdjsonSink sink(out);
  sink.onConfigStart(0, 1, result.config);
  for (std::size_t i = 0; i < result.latency_ms.size(); ++i) {
    Sample s;
    s.config_index = 0;
    s.iteration = static_cast<int>(i);
    s.latency_ms = result.latency_ms[i];
    s.host_ms = result.latency_ms[i];
    sink.onSample(s);
  }
  sink.onConfigDone(result);
  SessionResult session;
  session.device.kind = DeviceKind::Cuda;
  session.device.name = device_name;
  session.parameter_count = 1234;
  sink.onSessionDone(session);
  std::fclose(out);
}

std::vector<std::string> WorkerScripts::lines(const std::string& name) const {
  std::ifstream in(dir_ + "/" + name);
  std::vector<std::string> out;
  for (std::string line; std::getline(in, line);) out.push_back(line);
  return out;
}

ConfigResult okResult(const std::string& key, double latency_ms, int iterations) {
  ConfigResult r;
  r.config = OptimizationConfig::parse(key);
  r.status = ConfigStatus::Ok;
  for (int i = 0; i < iterations; ++i) {
    // ±0.5 % around the level, so that the series has a spread and a median of `latency_ms`.
    r.latency_ms.push_back(latency_ms * (1.0 + 0.005 * ((i % 3) - 1)));
    r.host_ms.push_back(r.latency_ms.back());
  }
  analyseLatencies(r, 1);
  return r;
}

}  // namespace inferscope::runner::testing
