#include "core/runner/python_worker.h"

#include <dirent.h>
#include <fcntl.h>
#include <fmt/format.h>
#include <fmt/ranges.h>
#include <poll.h>
#include <pthread.h>
#include <signal.h>
#include <sys/prctl.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include <algorithm>
#include <atomic>
#include <cerrno>
#include <chrono>
#include <cmath>
#include <cstring>
#include <ctime>
#include <deque>
#include <filesystem>
#include <fstream>
#include <map>
#include <nlohmann/json.hpp>
#include <optional>
#include <sstream>
#include <thread>

#include "core/common/error.h"
#include "core/common/file_io.h"
#include "core/common/json_reader.h"
#include "core/common/printable.h"
#include "core/common/units.h"
#include "core/roofline/op_calls_json.h"
#include "core/roofline/roofline_place.h"
#include "core/roofline/work_counter.h"
#include "core/runner/bounded_log.h"
#include "core/runner/pinned_model.h"
#include "core/session/event_stream_reader.h"
#include "core/trace/timeline_json.h"
#include "core/trace/trace_aggregator.h"
#include "core/trace/trace_window_json.h"

extern char** environ;

namespace inferscope::runner {
namespace fs = std::filesystem;
namespace {

using Clock = std::chrono::steady_clock;
using json = nlohmann::json;

// The worker's spelling of a precision and a torch.compile mode (inferscope_pymodel.py).
const char* precisionName(Precision p) {
  switch (p) {
    case Precision::Fp32:
      return "fp32";
    case Precision::Tf32:
      return "tf32";
    case Precision::Fp16Cast:
      return "fp16";
    case Precision::Bf16Cast:
      return "bf16";
    case Precision::AutocastFp16:
      return "amp-fp16";
    case Precision::AutocastBf16:
      return "amp-bf16";
  }
  return "fp32";
}

const char* matmulName(MatmulPrecision m) {
  switch (m) {
    case MatmulPrecision::Highest:
      return "highest";
    case MatmulPrecision::High:
      return "high";
    case MatmulPrecision::Medium:
      return "medium";
  }
  return "high";
}

const char* gradName(GradMode mode) {
  switch (mode) {
    case GradMode::NoGrad:
      return "nograd";
    case GradMode::Autograd:
      return "autograd";
    case GradMode::InferenceMode:
      break;
  }
  return "inference";
}

const char* compileName(CompileMode mode) {
  switch (mode) {
    case CompileMode::TorchCompile:
      return "default";
    case CompileMode::TorchCompileReduceOverhead:
      return "reduce-overhead";
    case CompileMode::TorchCompileMax:
      return "max-autotune";
    default:
      return "none";
  }
}

std::optional<ConfigStatus> statusFromWorker(const std::string& s) {
  if (s == "ok") return ConfigStatus::Ok;
  if (s == "error") return ConfigStatus::Error;
  if (s == "out-of-memory") return ConfigStatus::OutOfMemory;
  if (s == "unsupported") return ConfigStatus::Unsupported;
  return std::nullopt;
}

std::vector<double> positiveTimes(const JsonReader& r, const char* key) {
  std::vector<double> out;
  if (!r.has(key)) return out;
  for (const auto& e : r.at(key).elements()) {
    const double v = e.number();
    if (!std::isfinite(v) || v <= 0) e.fail(fmt::format("{} is not a positive time in ms", v));
    out.push_back(v);
  }
  return out;
}

// The plan's config an event names by its "key": a worker that names another fails the event.
const OptimizationConfig& planConfig(const JsonReader& r,
                                     const std::vector<OptimizationConfig>& plan) {
  const auto key = r.at("key").string();
  for (const auto& c : plan) {
    if (c.key() == key) return c;
  }
  r.fail(fmt::format("config '{}' was not in the plan the worker was given", printable(key)),
         ErrorKind::Runtime);
}

PreparedPythonModel preparedFrom(const JsonReader& r) {
  PreparedPythonModel p;
  std::size_t index = 0;
  for (const auto& i : r.at("inputs").elements()) {
    // Refused here, at once: an input the engine cannot build would fail every config, and the
    // race would wait out its budget for an answer that cannot come.
    const auto dtype = i.at("dtype").string();
    if (!parseDType(dtype)) {
      const DType supported[] = {DType::Float32, DType::Float16, DType::BFloat16, DType::Int64,
                                 DType::Int32};
      std::vector<std::string> names;
      for (auto d : supported) names.emplace_back(toString(d));
      throw Error(ErrorKind::Unsupported,
                  fmt::format("the model's example input {} is {}: InferScope measures inputs of "
                              "{} only; convert it where the example inputs are made (e.g. "
                              "x.float() or x.long())",
                              index, printable(dtype), fmt::join(names, ", ")));
    }
    ++index;
    std::vector<std::string> dims;
    for (auto d : i.at("shape").int64s()) dims.push_back(std::to_string(d));
    p.inputs.push_back(InputSpec::parse(
        fmt::format("{}:{}", dims.empty() ? "1" : fmt::format("{}", fmt::join(dims, "x")),
                    i.at("dtype").string())));
  }
  for (const auto& o : r.at("outputs").elements()) {
    std::vector<std::string> dims;
    for (auto d : o.at("shape").int64s()) dims.push_back(std::to_string(d));
    p.output_shapes.push_back(fmt::format("{}:{}", fmt::join(dims, "x"), o.at("dtype").string()));
  }
  p.parameter_count = r.has("parameters") ? r.at("parameters").int64() : 0;
  p.weights_sha256 = r.stringOr("weights_sha256", "");
  p.load_ms = units::sToMs(r.numberOr("load_s", 0));
  p.prepare_ms = units::sToMs(r.numberOr("prepare_s", 0));
  p.torch_version = r.stringOr("torch", "");
  return p;
}

std::string exitText(int status) {
  if (WIFSIGNALED(status))
    return fmt::format("killed by signal {} ({})", WTERMSIG(status), strsignal(WTERMSIG(status)));
  return fmt::format("exit {}", WEXITSTATUS(status));
}

// ", last lines of its log:\n…" or "" for an empty log.
std::string logQuote(const std::string& path) {
  const auto lines = lastLines(path, 6);
  return lines.empty() ? std::string() : fmt::format("; the last lines of its log:\n{}", lines);
}

}  // namespace

PythonWorkerEvent parsePythonWorkerLine(std::string_view line,
                                        const std::vector<OptimizationConfig>& plan) {
  if (line.size() > kMaxPythonWorkerLineBytes)
    throw Error(ErrorKind::Runtime, fmt::format("Python worker: a line of {} bytes", line.size()));
  json doc;
  try {
    doc = JsonReader::parseText(line, "Python worker");
  } catch (const Error& e) {
    throw Error(ErrorKind::Runtime, fmt::format("{} in line '{}'", e.what(),
                                                printable(std::string(line.substr(0, 120)))));
  }
  const JsonReader r(doc, "Python worker line");
  const int protocol = r.integerOr("protocol", 0);
  if (protocol != kPythonWorkerProtocol)
    r.fail(
        fmt::format(
            "protocol {} (this InferScope speaks {}): the worker script and the program come from "
            "different versions",
            protocol, kPythonWorkerProtocol),
        ErrorKind::Runtime);
  const auto event = r.at("event").string();
  PythonWorkerEvent e;
  if (event == "ready") {
    e.kind = PythonWorkerEvent::Kind::Ready;
    e.load_ms = units::sToMs(r.numberOr("load_s", 0));
  } else if (event == "done") {
    e.kind = PythonWorkerEvent::Kind::Done;
  } else if (event == "error") {
    e.kind = PythonWorkerEvent::Kind::Error;
    e.message = printable(r.stringOr("message", "the Python worker failed"));
    e.unsupported = r.stringOr("status", "") == "unsupported";
  } else if (event == "prepared") {
    e.kind = PythonWorkerEvent::Kind::Prepared;
    e.prepared = preparedFrom(r);
  } else if (event == "samples") {
    e.kind = PythonWorkerEvent::Kind::Samples;
    e.samples.config = planConfig(r, plan);
    e.samples.first_iteration = r.integerOr("from", -1);
    if (e.samples.first_iteration < 0)
      r.fail("samples without a first iteration", ErrorKind::Runtime);
    e.samples.latency_ms = positiveTimes(r, "latency_ms");
    e.samples.host_ms = positiveTimes(r, "host_ms");
  } else if (event == "config") {
    e.kind = PythonWorkerEvent::Kind::Config;
    auto& result = e.run.result;
    result.config = planConfig(r, plan);
    const auto status = statusFromWorker(r.at("status").string());
    if (!status) r.at("status").fail("unknown status", ErrorKind::Runtime);
    result.status = *status;
    result.message = printable(r.stringOr("message", ""));
    result.latency_ms = positiveTimes(r, "latency_ms");
    result.host_ms = positiveTimes(r, "host_ms");
    result.warmup_iterations = r.integerOr("warmup_iterations", 0);
    result.setup_ms = r.numberOr("setup_ms", 0);
    result.compile_ms = r.numberOr("compile_ms", 0);
    result.first_result_ms = r.numberOr("first_result_ms", 0);
    result.steady.stop_reason = r.stringOr("stop_reason", "fixed-count");
    result.memory.peak_allocated_bytes =
        r.has("peak_allocated_bytes") ? r.at("peak_allocated_bytes").int64() : 0;
    result.memory.peak_reserved_bytes =
        r.has("peak_reserved_bytes") ? r.at("peak_reserved_bytes").int64() : 0;
    if (result.memory.peak_allocated_bytes < 0 || result.memory.peak_reserved_bytes < 0)
      r.fail("negative peak memory", ErrorKind::Runtime);
    // The probe that measured them (the engine's own, in the worker's instruments module): a
    // worker that names none is one from before the module had a memory probe, whose only figures
    // were CUDA's.
    result.memory.source = r.stringOr("memory_source", "");
    if (result.memory.source.empty() && result.memory.peak_reserved_bytes > 0)
      result.memory.source = "cuda-caching-allocator";
    if (!result.memory.source.empty() && result.memory.source != "cuda-caching-allocator" &&
        result.memory.source != "cpu-allocator-hook")
      r.at("memory_source").fail("unknown memory probe", ErrorKind::Runtime);
    if (result.status == ConfigStatus::Ok && result.latency_ms.empty())
      r.fail(fmt::format("config '{}' is ok but has no latencies", result.config.key()),
             ErrorKind::Runtime);
    if (result.warmup_iterations < 0 ||
        static_cast<std::size_t>(result.warmup_iterations) > result.latency_ms.size())
      result.warmup_iterations = static_cast<int>(result.latency_ms.size());
    e.run.output_path = r.stringOr("output", "");
    e.run.ops_path = r.stringOr("ops", "");
    e.run.work_error = printable(r.stringOr("ops_error", ""));
    e.run.memory_error = printable(r.stringOr("memory_error", ""));
    e.run.trace_path = r.stringOr("trace", "");
    e.run.trace_error = printable(r.stringOr("trace_error", ""));
    e.run.cudnn_version = r.integerOr("cudnn_version", 0);
  } else {
    r.at("event").fail(fmt::format("unknown event '{}'", printable(event)), ErrorKind::Runtime);
  }
  return e;
}

std::string pythonSourceArgument(const ModelRef& model) {
  if (model.source == ModelSource::ExportedProgram) return "ep:" + model.path;
  if (model.source == ModelSource::PythonEntry)
    return fmt::format("py:{}:{}", model.path, model.entry);
  throw Error(
      ErrorKind::InvalidInput,
      fmt::format("{} is not a model the Python worker rebuilds (an ExportedProgram or --model-py)",
                  model.displayName()));
}

std::string pythonPlanJson(const std::vector<OptimizationConfig>& configs, int warmup,
                           int iterations, double deadline_unix_s, bool compile_in_series,
                           bool count_work, bool stream_samples, const PythonTraceWindow& trace) {
  json list = json::array();
  for (const auto& c : configs) {
    list.push_back({{"key", c.key()},
                    {"grad", gradName(c.grad)},
                    {"precision", precisionName(c.precision)},
                    {"tf32_matmul", matmulName(c.tf32_matmul)},
                    {"tf32_conv", c.convolutionsUseTf32()},
                    {"channels_last", c.memory_format == MemoryFormat::ChannelsLast},
                    {"cudnn_benchmark", c.cudnn.benchmark},
                    {"cudnn_deterministic", c.cudnn.deterministic},
                    {"cudnn_enabled", c.cudnn.enabled},
                    {"compile", compileName(c.compile)}});
  }
  json plan{{"protocol", kPythonWorkerProtocol},
            {"warmup", warmup},
            {"iterations", iterations},
            {"deadline_unix_s", deadline_unix_s},
            {"compile_in_series", compile_in_series},
            {"configs", list}};
  if (count_work) plan["count_work"] = true;
  if (stream_samples) plan["stream_samples"] = true;
  if (trace.on) {
    plan["trace"] = {{"warmup_iterations", std::max(0, trace.warmup_iterations)},
                     {"steady_iterations", std::max(0, trace.steady_iterations)},
                     {"convolutions", trace.convolutions}};
  }
  return plan.dump();
}

void readPythonTrace(const std::string& trace_path, ConfigResult& result) {
  auto window = std::make_shared<const trace::TraceWindow>(
      trace::traceWindowFromJson(readFile(trace_path, kMaxTraceWindowBytes), trace_path));
  result.traced_iterations.clear();
  for (const auto& mark : window->iterations) result.traced_iterations.push_back(mark.iteration);
  result.trace_summary = trace::TraceAggregator().summarize(*window);
  if (window->traced()) result.timeline = trace::boundedTimeline(trace::buildTimelineData(*window));
  result.trace_window = std::move(window);
}

roofline::ConfigRoofline countPythonWork(const std::string& ops_path) {
  const std::string text = readFile(ops_path, kMaxOpCallsBytes);
  roofline::ConfigRoofline counted;
  counted.work = roofline::countWork(roofline::opCallsFromJson(text, ops_path));
  return counted;
}

PythonWorker::PythonWorker(std::string interpreter, std::string script, std::string device,
                           std::string log_dir, PythonWorkerLimits limits)
    : interpreter_(std::move(interpreter)),
      script_(std::move(script)),
      device_(std::move(device)),
      log_dir_(std::move(log_dir)),
      limits_(limits) {}

struct PythonWorker::Process {
  pid_t pid = 0;
  int out_fd = -1, in_fd = -1, err_fd = -1;
  std::string log_path;
  // Its stdout through the one reader of event streams (framing, envelope, version, line bound);
  // lines read but not yet handed on wait in `lines` (a serving worker's answer may follow its
  // "ready" in one chunk).
  EventStreamReader reader{"the Python worker", kPythonWorkerProtocol, kMaxPythonWorkerLineBytes};
  std::deque<StreamItem> lines;
  int junk_lines = 0;                   // lines on stdout that were no protocol
  std::size_t bytes_without_event = 0;  // read since the last protocol line
  bool reaped = false;
  int exit_status = 0;
  std::atomic<bool> closing{false};
  std::thread log_copier;  // its stderr into the bounded log

  ~Process() {
    closing = true;
    if (log_copier.joinable()) log_copier.join();
    if (err_fd >= 0) ::close(err_fd);
    if (out_fd >= 0) ::close(out_fd);
    if (in_fd >= 0) ::close(in_fd);
  }
};

PythonWorker::~PythonWorker() {
  if (session_) stop(*session_, true);
}

namespace {

// Starts `argv` (argv[0] is the program's absolute path) with `in`, `out`, `err` as its standard
// descriptors, in a process group of its own, dying with the calling thread. fork and exec, not
// posix_spawn: PR_SET_PDEATHSIG can only be set in the child, and it is what ends the worker when
// this process ends without a word (SIGKILL, a crash), as a handler cannot. The signal comes when
// the thread that forked ends: every worker is stopped before the run that started it returns.
// Returns the pid; throws Error(Runtime) when the program cannot be started.
pid_t startDyingWithParent(std::vector<std::string> argv_text, int in, int out, int err) {
  std::vector<char*> argv;
  argv.reserve(argv_text.size() + 1);
  for (auto& a : argv_text) argv.push_back(a.data());
  argv.push_back(nullptr);
  int exec_error[2];
  if (::pipe2(exec_error, O_CLOEXEC) != 0)
    throw Error(ErrorKind::Runtime, "cannot create a pipe for the Python worker");
  const pid_t parent = ::getpid();
  const pid_t pid = ::fork();
  if (pid == 0) {
    // The child: async-signal-safe calls only (another thread may have held a lock at the fork).
    ::setpgid(0, 0);
    ::prctl(PR_SET_PDEATHSIG, SIGKILL);
    if (::getppid() != parent) ::_exit(127);  // the parent died before the line above took hold
    sigset_t none;
    sigemptyset(&none);
    ::sigprocmask(SIG_SETMASK, &none, nullptr);
    if (::dup2(in, STDIN_FILENO) < 0 || ::dup2(out, STDOUT_FILENO) < 0 ||
        ::dup2(err, STDERR_FILENO) < 0)
      ::_exit(127);
    ::execve(argv[0], argv.data(), environ);
    const int e = errno;
    (void)!::write(exec_error[1], &e, sizeof e);
    ::_exit(127);
  }
  ::close(exec_error[1]);
  if (pid < 0) {
    ::close(exec_error[0]);
    throw Error(ErrorKind::Runtime,
                fmt::format("cannot start the Python worker: fork: {}", std::strerror(errno)));
  }
  ::setpgid(pid, pid);  // also here: a stop right after this call must reach the group
  int e = 0;
  ssize_t n;
  while ((n = ::read(exec_error[0], &e, sizeof e)) < 0 && errno == EINTR) {
  }
  ::close(exec_error[0]);
  if (n > 0) {
    int status = 0;
    while (::waitpid(pid, &status, 0) < 0 && errno == EINTR) {
    }
    throw Error(ErrorKind::Runtime, fmt::format("cannot start the Python worker {}: {}",
                                                argv_text.front(), std::strerror(e)));
  }
  return pid;
}

}  // namespace

std::unique_ptr<PythonWorker::Process> PythonWorker::spawn(const std::vector<std::string>& args,
                                                           bool with_stdin) {
  // The run's pinned model file must still hold the bytes the user trusted (pinned_model.h).
  checkPinnedModels(args);
  fs::create_directories(log_dir_);
  pruneLogs(log_dir_, limits_.log_folder_bytes);
  static std::atomic<int> serial{0};
  auto process = std::make_unique<Process>();
  process->log_path =
      (fs::path(log_dir_) / fmt::format("worker-{}-{}.log", ::getpid(), serial++)).string();
  int out[2] = {-1, -1}, in[2] = {-1, -1}, err[2] = {-1, -1};
  const auto closeAll = [&] {
    for (int fd : {out[0], out[1], in[0], in[1], err[0], err[1]})
      if (fd >= 0) ::close(fd);
  };
  if (::pipe2(out, O_CLOEXEC) != 0 || ::pipe2(err, O_CLOEXEC) != 0 || ::pipe2(in, O_CLOEXEC) != 0) {
    closeAll();
    throw Error(ErrorKind::Runtime, "cannot create a pipe for the Python worker");
  }
  if (!with_stdin) ::close(in[1]);  // its stdin ends at once, as /dev/null would
  if (!with_stdin) in[1] = -1;
  std::vector<std::string> argv = {interpreter_, script_};
  argv.insert(argv.end(), args.begin(), args.end());
  try {
    process->pid = startDyingWithParent(argv, in[0], out[1], err[1]);
  } catch (const Error&) {
    closeAll();
    throw;
  }
  ::close(out[1]);
  ::close(in[0]);
  ::close(err[1]);
  process->out_fd = out[0];
  process->in_fd = in[1];
  process->err_fd = err[0];
  process->log_copier = std::thread(copyToBoundedLog, process->err_fd, process->log_path,
                                    limits_.log_bytes, std::cref(process->closing), -1, 0);
  return process;
}

std::string PythonWorker::floodText(const Process& process) const {
  return fmt::format(
      "the Python worker flooded its protocol channel (stdout) with output that is not protocol "
      "({} lines; {} bytes since its last protocol line) and was stopped (the model's prints "
      "belong in its log: {})",
      process.junk_lines, process.bytes_without_event, process.log_path);
}

PythonWorker::Read PythonWorker::readUntil(Process& process,
                                           const std::vector<OptimizationConfig>& plan,
                                           PythonWorkerEvent::Kind until, double timeout_ms,
                                           const CancelToken* cancel) {
  Read read;
  const auto start = Clock::now();
  // Lines already read (a serving worker's answer may follow its "ready" in one chunk) come first.
  const auto takeLines = [&]() {
    while (!process.lines.empty()) {
      const StreamItem item = std::move(process.lines.front());
      process.lines.pop_front();
      PythonWorkerEvent event;
      try {
        if (!item.event) throw Error(ErrorKind::Runtime, item.error);
        event = parsePythonWorkerLine(item.event->text, plan);
      } catch (const Error& e) {
        if (e.kind() == ErrorKind::Unsupported) {
          read.refused = e.what();
          return true;
        }
        // Only the first few are kept: a flood must not grow this process.
        constexpr int kKeptJunkMessages = 3;
        if (++process.junk_lines > limits_.junk_lines) {
          read.flooded = true;
          return true;
        }
        if (process.junk_lines <= kKeptJunkMessages) {
          PythonWorkerEvent bad;
          bad.kind = PythonWorkerEvent::Kind::Error;
          bad.message = e.what();
          read.events.push_back(bad);
        }
        continue;
      }
      process.bytes_without_event = 0;
      if (event.kind == PythonWorkerEvent::Kind::Error && event.unsupported) {
        read.refused = event.message;
        return true;
      }
      if (event.kind == PythonWorkerEvent::Kind::Samples) {
        // Handed on as read, never kept: the config's own line carries the whole series.
        if (sample_listener_) sample_listener_(event.samples);
        continue;
      }
      read.events.push_back(std::move(event));
      const auto kind = read.events.back().kind;
      if (kind == PythonWorkerEvent::Kind::Ready) last_load_ms_ = read.events.back().load_ms;
      if (kind == until) return true;
    }
    return false;
  };
  while (true) {
    if (takeLines()) return read;
    if (cancel && cancel->cancelled()) {
      read.cancelled = true;
      return read;
    }
    if (timeout_ms > 0 && units::toMs(Clock::now() - start) > timeout_ms) {
      read.timed_out = true;
      return read;
    }
    pollfd p{process.out_fd, POLLIN, 0};
    if (::poll(&p, 1, 100) <= 0) continue;
    char chunk[65536];
    const auto n = ::read(process.out_fd, chunk, sizeof chunk);
    if (n <= 0) {
      read.ended = true;
      return read;
    }
    // One line without a newline is dropped by the reader past its bound, but would never end:
    // more than a line's bound without a protocol line is a flood too.
    process.bytes_without_event += static_cast<std::size_t>(n);
    if (process.bytes_without_event > kMaxPythonWorkerLineBytes + (std::size_t{1} << 20)) {
      read.flooded = true;
      return read;
    }
    for (auto& item : process.reader.feed(std::string_view(chunk, static_cast<std::size_t>(n))))
      process.lines.push_back(std::move(item));
  }
}

bool PythonWorker::hasEnded(const Process& process) {
  if (process.reaped) return true;
  // WNOWAIT: the exit is only looked at; stop() reaps it and closes the pipes.
  siginfo_t info{};
  return ::waitid(P_PID, static_cast<id_t>(process.pid), &info, WEXITED | WNOHANG | WNOWAIT) == 0 &&
         info.si_pid == process.pid;
}

int PythonWorker::stop(Process& process, bool terminate) {
  if (process.reaped) return process.exit_status;
  if (process.in_fd >= 0) {
    ::close(process.in_fd);  // a serving worker ends at the end of its input
    process.in_fd = -1;
  }
  if (terminate) ::kill(-process.pid, SIGTERM);
  // Escalation as the isolation workers get it: a worker inside a compile may ignore SIGTERM.
  const auto start = Clock::now();
  int status = 0;
  while (true) {
    const pid_t done = ::waitpid(process.pid, &status, WNOHANG);
    if (done == process.pid || (done < 0 && errno != EINTR)) break;
    if (Clock::now() - start > std::chrono::seconds(terminate ? 2 : 10)) {
      ::kill(-process.pid, SIGKILL);
      while (::waitpid(process.pid, &status, 0) < 0 && errno == EINTR) {
      }
      break;
    }
    ::usleep(10000);
  }
  ::kill(-process.pid, SIGKILL);  // whatever it left in its group (Inductor's compile workers)
  if (process.out_fd >= 0) ::close(process.out_fd);
  process.out_fd = -1;
  // The log is complete once its copier has read the pipe to its end: the reasons quote it.
  process.closing = true;
  if (process.log_copier.joinable()) process.log_copier.join();
  process.reaped = true;
  process.exit_status = status;
  return status;
}

std::vector<PythonConfigRun> PythonWorker::collect(const std::vector<OptimizationConfig>& configs,
                                                   const Read& read, const std::string& why_missing,
                                                   bool cancelled) {
  std::vector<PythonConfigRun> runs(configs.size());
  for (std::size_t i = 0; i < configs.size(); ++i) runs[i].result.config = configs[i];
  std::vector<bool> reported(configs.size(), false);
  std::string worker_error;
  for (const auto& e : read.events) {
    if (e.kind == PythonWorkerEvent::Kind::Error) worker_error = e.message;
    if (e.kind != PythonWorkerEvent::Kind::Config) continue;
    for (std::size_t i = 0; i < configs.size(); ++i) {
      if (!reported[i] && configs[i] == e.run.result.config) {
        runs[i] = e.run;
        reported[i] = true;
        break;
      }
    }
  }
  for (auto& run : runs) {
    if (!run.trace_path.empty()) {
      if (run.result.status == ConfigStatus::Ok) {
        try {
          readPythonTrace(run.trace_path, run.result);
        } catch (const std::exception& e) {
          run.trace_error = e.what();
        }
      }
      std::error_code ignored;
      std::filesystem::remove(run.trace_path, ignored);  // read: a window can take MBs
    }
    if (instruments_.trace.on && !run.trace_error.empty() && !run.result.trace_summary) {
      trace::TraceSummary untraced;
      untraced.untraced_reason = run.trace_error.rfind("untraced: ", 0) == 0
                                     ? run.trace_error
                                     : "untraced: " + run.trace_error;
      run.result.trace_summary = std::move(untraced);
    }
    if (run.ops_path.empty() || run.result.status != ConfigStatus::Ok) continue;
    try {
      run.result.roofline = countPythonWork(run.ops_path);
      // Each operator's longest kernel in the trace window, to carry its work, as the engine's
      // loop does (roofline_place.h).
      if (run.result.trace_window && run.result.trace_window->traced())
        run.result.roofline->kernels = roofline::mainKernels(*run.result.trace_window);
    } catch (const std::exception& e) {
      run.work_error = e.what();
    }
    std::error_code ignored;
    std::filesystem::remove(run.ops_path, ignored);  // counted: a large model's calls take MBs
  }
  for (std::size_t i = 0; i < configs.size(); ++i) {
    if (reported[i]) continue;
    auto& r = runs[i].result;
    if (cancelled) {
      r.status = ConfigStatus::Cancelled;
      r.message = "cancelled before the Python worker ran it";
    } else {
      r.status = ConfigStatus::Error;
      r.message = !worker_error.empty() && !read.timed_out && !read.flooded
                      ? fmt::format("not measured: the Python worker failed: {}", worker_error)
                      : why_missing;
    }
  }
  return runs;
}

std::string PythonWorker::writePlan(const std::vector<OptimizationConfig>& configs, int warmup,
                                    int iterations, double deadline_ms_from_now) {
  const double deadline_unix_s =
      deadline_ms_from_now > 0
          ? std::chrono::duration<double>(std::chrono::system_clock::now().time_since_epoch())
                    .count() +
                units::msToS(deadline_ms_from_now)
          : 0;
  return pythonPlanJson(configs, warmup, iterations, deadline_unix_s, compile_in_series_,
                        instruments_.count_work, static_cast<bool>(sample_listener_),
                        instruments_.trace);
}

namespace {

// Writes `text` to a worker's stdin. A worker that died leaves a closed pipe: the write fails with
// EPIPE instead of the SIGPIPE that would end this process (neither the CLI nor the GUI ignores
// it), and the reader then sees the end of the worker's output.
void writeWithoutSigpipe(int fd, const std::string& text) {
  sigset_t pipe_only, previous;
  sigemptyset(&pipe_only);
  sigaddset(&pipe_only, SIGPIPE);
  pthread_sigmask(SIG_BLOCK, &pipe_only, &previous);
  std::size_t written = 0;
  bool broken = false;
  while (written < text.size()) {
    const auto n = ::write(fd, text.data() + written, text.size() - written);
    if (n < 0 && errno == EINTR) continue;
    if (n <= 0) {
      broken = errno == EPIPE;
      break;
    }
    written += static_cast<std::size_t>(n);
  }
  if (broken) {
    const timespec now{0, 0};
    sigtimedwait(&pipe_only, nullptr, &now);  // the pending SIGPIPE, consumed while blocked
  }
  pthread_sigmask(SIG_SETMASK, &previous, nullptr);
}

}  // namespace

PreparedPythonModel PythonWorker::prepare(const ModelRef& model,
                                          const std::vector<std::string>& input_overrides,
                                          const std::string& dir, double timeout_ms,
                                          const CancelToken* cancel) {
  std::vector<std::string> args = {
      "prepare", "--source", pythonSourceArgument(model), "--device", device_, "--out-dir", dir};
  // The process stays as the session: measureInSession's first round finds the model built (a
  // fresh `serve` cost a 60 s warm tune 15–24 s of interpreter start, PyTorch's import and the
  // model's rebuild on the H200, 2026-12-04).
  args.push_back("--serve");
  for (const auto& spec : input_overrides) {
    args.push_back("--input");
    args.push_back(spec);
  }
  if (session_) stop(*session_, true);  // another model's, or an earlier preparation's
  session_.reset();
  const auto started = Clock::now();
  auto process = spawn(args, true);
  const auto read = readUntil(*process, {}, PythonWorkerEvent::Kind::Prepared, timeout_ms, cancel);
  const double process_ms = units::toMs(Clock::now() - started);
  const auto prepared_event =
      std::find_if(read.events.begin(), read.events.end(),
                   [](const auto& e) { return e.kind == PythonWorkerEvent::Kind::Prepared; });
  int status = 0;
  if (prepared_event == read.events.end() || read.cancelled || !read.refused.empty())
    status = stop(*process, !read.ended);
  if (read.cancelled)
    throw Error(ErrorKind::Cancelled, "cancelled while the Python worker prepared the model");
  if (!read.refused.empty())
    throw Error(ErrorKind::Unsupported,
                fmt::format("cannot run {}: {}", model.displayName(), read.refused));
  if (prepared_event != read.events.end()) {
    auto prepared = prepared_event->prepared;
    prepared.dir = dir;
    prepared.process_ms = process_ms;
    session_ = std::move(process);
    session_dir_ = dir;
    return prepared;
  }
  std::string why;
  for (const auto& e : read.events) {
    if (e.kind == PythonWorkerEvent::Kind::Error) why = e.message;
  }
  if (read.timed_out) why = fmt::format("no answer within {:.0f} s", units::msToS(timeout_ms));
  if (read.flooded) why = floodText(*process);
  // A worker that died in the user's code (sys.exit, a crash) says so: its exit code or signal,
  // and what it printed last.
  if (why.empty()) why = fmt::format("it ended without an answer ({})", exitText(status));
  throw Error(
      ErrorKind::ModelLoad,
      fmt::format("the Python worker could not prepare {}: {}{} (log: {})", model.displayName(),
                  why, logQuote(process->log_path), process->log_path));
}

std::vector<PythonConfigRun> PythonWorker::measure(const ModelRef& model,
                                                   const PreparedPythonModel& prepared,
                                                   const std::vector<OptimizationConfig>& configs,
                                                   int warmup, int iterations,
                                                   double deadline_ms_from_now,
                                                   const CancelToken* cancel, double grace_ms) {
  if (configs.empty()) return {};
  const auto plan_path =
      (fs::path(prepared.dir) / fmt::format("plan-{}.json", ::getpid())).string();
  {
    std::ofstream plan(plan_path);
    plan << writePlan(configs, warmup, iterations, deadline_ms_from_now);
  }
  auto process = spawn({"measure", "--source", pythonSourceArgument(model), "--prepared",
                        prepared.dir, "--plan", plan_path, "--device", device_},
                       false);
  const auto read =
      readUntil(*process, configs, PythonWorkerEvent::Kind::Done,
                deadline_ms_from_now > 0 ? deadline_ms_from_now + grace_ms : 0, cancel);
  const int status = stop(*process, read.timed_out || read.cancelled || read.flooded);
  std::error_code ignored;
  fs::remove(plan_path, ignored);
  const std::string why =
      read.timed_out ? "not measured: the Python worker was stopped at the deadline"
      : read.flooded ? fmt::format("not measured: {}", floodText(*process))
      : !read.refused.empty()
          ? fmt::format("not measured: {}", read.refused)
          : fmt::format("not measured: the Python worker ended before it ({}; log: {}){}",
                        exitText(status), process->log_path, logQuote(process->log_path));
  return collect(configs, read, why, read.cancelled);
}

std::vector<PythonConfigRun> PythonWorker::measureInSession(
    const ModelRef& model, const PreparedPythonModel& prepared,
    const std::vector<OptimizationConfig>& configs, int warmup, int iterations,
    double deadline_ms_from_now, const CancelToken* cancel, double grace_ms) {
  if (configs.empty()) return {};
  const double timeout_ms = deadline_ms_from_now > 0 ? deadline_ms_from_now + grace_ms : 0;
  const auto start = Clock::now();
  Read read;
  // The session of another prepared folder, or one that has ended meanwhile (a preparing process
  // that did not stay to serve, a crash while idle): replaced by a fresh one before the plan.
  if (session_) {
    const bool ended = hasEnded(*session_);
    if (ended || session_dir_ != prepared.dir) {
      stop(*session_, !ended);
      session_.reset();
    }
  }
  bool ready = static_cast<bool>(session_);
  if (!session_) {
    session_dir_ = prepared.dir;
    session_ = spawn({"serve", "--source", pythonSourceArgument(model), "--prepared", prepared.dir,
                      "--device", device_},
                     true);
    read = readUntil(*session_, configs, PythonWorkerEvent::Kind::Ready, timeout_ms, cancel);
    ready = std::any_of(read.events.begin(), read.events.end(),
                        [](const auto& e) { return e.kind == PythonWorkerEvent::Kind::Ready; });
  }
  if (ready) {
    // The deadline covers the start too: what is left of it after the model's load.
    const double left_ms =
        timeout_ms > 0 ? std::max(1.0, timeout_ms - units::toMs(Clock::now() - start)) : 0;
    writeWithoutSigpipe(session_->in_fd,
                        writePlan(configs, warmup, iterations, deadline_ms_from_now) + "\n");
    read = readUntil(*session_, configs, PythonWorkerEvent::Kind::Done, left_ms, cancel);
  }
  std::string why = "not measured: the Python worker was stopped at the deadline";
  if (read.timed_out || read.cancelled || read.ended || read.flooded || !read.refused.empty()) {
    const int status = stop(*session_, !read.ended);
    if (read.flooded) why = fmt::format("not measured: {}", floodText(*session_));
    if (!read.refused.empty()) why = fmt::format("not measured: {}", read.refused);
    if (read.ended)
      why = fmt::format("not measured: the Python worker ended before it ({}; log: {}){}",
                        exitText(status), session_->log_path, logQuote(session_->log_path));
    session_.reset();  // the next call starts a fresh one
  }
  return collect(configs, read, why, read.cancelled);
}

}  // namespace inferscope::runner
