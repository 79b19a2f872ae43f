// The Python worker (resources/python/inferscope_pymodel.py) seen from C++: models that only
// Python can compile — an ExportedProgram (.pt2 from torch.export.save) or a --model-py entry
// point — are rebuilt there, never inside the CLI or GUI process.
//   * prepare(): the worker builds the model, runs it once in strict FP32 and leaves its example
//     inputs, that reference output and meta.json in a folder; the engine's AOTInductor configs of
//     the model then run on the same inputs and are compared with the same reference. The process
//     then stays as the long-lived session of measureInSession(), its model built already.
//   * measure(): eager and torch.compile configs in one fresh worker process, each on a fresh copy
//     of the model, timed with CUDA events like the C++ loop. The worker sends raw series only
//     (one NDJSON line per config, protocol below); statistics, warm-up detection and the accuracy
//     rule are applied here, as to every other config.
// The worker is started with an argument vector (no shell) from an interpreter resolved to an
// absolute path; it runs in its own process group, is stopped with SIGTERM then SIGKILL when the
// deadline or a cancel comes, and dies with the thread that started it, however that ends
// (PR_SET_PDEATHSIG, set between fork and exec, so SIGKILL of the CLI or GUI ends it too). Its
// stdout is the protocol channel only; its stderr reaches a log of bounded size through this
// process (PythonWorkerLimits), whose last lines are quoted when the worker fails.
// Plain C++ (no LibTorch, no Qt): CPU tests drive it with a fake worker script.
#pragma once

#include <cstddef>
#include <cstdint>
#include <functional>
#include <memory>
#include <string>
#include <string_view>
#include <vector>

#include "core/common/cancel_token.h"
#include "core/engine/config_result.h"
#include "core/model/input_spec.h"
#include "core/model/model_ref.h"
#include "core/roofline/roofline_types.h"
#include "core/runner/bounded_log.h"
#include "core/session/event_stream_reader.h"

namespace inferscope::runner {

// The protocol version this build speaks (the one envelope of every event stream,
// core/session/event_stream_reader.h); a line with another "protocol" is refused.
constexpr int kPythonWorkerProtocol = kEventProtocol;

// The longest protocol line taken from the worker: a config's two series of about 450,000 samples
// each fit; a longer line is cut, reported and skipped, so that reading the worker never holds
// much more than this.
constexpr std::size_t kMaxPythonWorkerLineBytes = std::size_t{16} << 20;

// What the worker's prepare step left behind (meta.json of the prepared folder).
struct PreparedPythonModel {
  std::string dir;                         // inputs.pt, reference.pt, meta.json
  std::vector<InputSpec> inputs;           // the example inputs' shapes and dtypes
  std::vector<std::string> output_shapes;  // "8x256x768:float32"
  std::int64_t parameter_count = 0;
  std::string weights_sha256;  // the model's parameters and buffers: the packages' content key
  double load_ms = 0, prepare_ms = 0;
  // The preparing process's wall time from its start to its answer (the interpreter, PyTorch's
  // import, the model's build and reference): about what a fresh worker costs before its first
  // config, the price of a fork until one has run.
  double process_ms = 0;
  std::string torch_version;  // the worker's PyTorch
};

// One config's run in the worker: its result (raw series, set-up and compile times, memory) and
// the tensor archive of its last outputs, which the caller compares with the reference.
struct PythonConfigRun {
  ConfigResult result;
  std::string output_path;
  // With PythonInstruments::count_work, an eager config's observed iteration: the operator-call
  // file the worker's instruments module wrote (core/roofline/op_calls_json.h), counted into
  // result.roofline by the worker's client and then removed; or why none was recorded (the module
  // could not be built: what is missing) or counted.
  std::string ops_path;
  std::string work_error;
  // Why the engine's memory probe did not run in the worker (the instruments module could not be
  // built, or is still being built under a time budget); empty when it ran. A CUDA config's peaks
  // then come from the same allocator statistics through torch.cuda; a CPU config has none.
  std::string memory_error;
  // With PythonInstruments::trace, the config's trace-window file (read into result's
  // trace_window, trace_summary and timeline here, then removed), or why there is none (the
  // module could not be built; the summary's untraced reason says it too).
  std::string trace_path;
  std::string trace_error;
  // With a trace: cudnnGetVersion() of the cuDNN the worker's PyTorch loaded (0: none, or CPU).
  int cudnn_version = 0;
};

// The engine's instruments run in the worker as a native module built against its PyTorch
// (resources/python/inferscope_instruments.py, core/torch/instruments_module.cpp).
// The kernel tracer's window in the worker (core/trace/kernel_tracer.h's TraceWindowPolicy, the
// engine's `trace` settings): off, or the first `warmup_iterations` warm-up iterations and
// `steady_iterations` steady ones, with convolution records for the cuDNN ledger when asked.
struct PythonTraceWindow {
  bool on = false;
  int warmup_iterations = 3;
  int steady_iterations = 20;
  bool convolutions = false;
};

struct PythonInstruments {
  // Each eager config (no torch.compile) runs one more, untimed forward under the engine's
  // operator recorder; its work is counted here with roofline::countWork, as the engine's is.
  bool count_work = false;
  // Every config (eager and torch.compile) runs its iterations under the engine's kernel tracer
  // (CUPTI where the module was built with it); the window comes back as a file
  // (core/trace/trace_window_json.h) and becomes the config's trace summary, timeline and Chrome
  // trace here, as the engine's own window does.
  PythonTraceWindow trace;
};

// A config's iterations as the worker measures them (PythonWorker::setSampleListener): the
// series from iteration `first_iteration` on, sent while the config runs; its "config" line still
// carries the whole series.
struct PythonSampleBatch {
  OptimizationConfig config;
  int first_iteration = 0;
  std::vector<double> latency_ms, host_ms;
};

// One line of the worker's stdout.
struct PythonWorkerEvent {
  enum class Kind { Ready, Prepared, Config, Samples, Done, Error };
  Kind kind = Kind::Error;
  std::string message;           // Error: the worker's message
  bool unsupported = false;      // Error: what the model needs InferScope does not measure
  PythonConfigRun run;           // Config
  PreparedPythonModel prepared;  // Prepared
  PythonSampleBatch samples;     // Samples
  double load_ms = 0;            // Ready: the model's load in this process
};

// Parses one line. Throws Error(Runtime) naming what is wrong (not JSON, another protocol, a
// missing or mistyped field, a latency that is not a positive finite time, a key the plan did not
// hold); `plan` is the configs the worker was given, in order (empty for prepare).
PythonWorkerEvent parsePythonWorkerLine(std::string_view line,
                                        const std::vector<OptimizationConfig>& plan);

// The worker's --source argument for a model: "ep:FILE" or "py:FILE:FUNCTION".
std::string pythonSourceArgument(const ModelRef& model);

// The plan file of a measure call: each config as the fields the worker applies (grad mode,
// precision, TF32 coverage, channels_last, cuDNN benchmark, deterministic and enabled,
// torch.compile mode), the iteration counts and the deadline as Unix time in seconds (0: none).
// `compile_in_series`: a torch.compile config's compiling first call is iteration 0 of its series
// (profile and sweep draw it as the warm-up it is) instead of part of its set-up (the tuner's
// rounds, which compare steady levels and count the compile as set-up).
// `count_work`: PythonInstruments::count_work. `stream_samples`: each config sends its new
// iterations while it runs ("samples" lines, PythonSampleBatch). `trace`: the tracer's window.
std::string pythonPlanJson(const std::vector<OptimizationConfig>& configs, int warmup,
                           int iterations, double deadline_unix_s, bool compile_in_series = false,
                           bool count_work = false, bool stream_samples = false,
                           const PythonTraceWindow& trace = {});

// A config's trace window from the worker (at most kMaxTraceWindowBytes), resolved there by the
// engine's tracer: moved into `result` as the engine's loop files its own (trace_window,
// trace_summary from the aggregator, the bounded timeline). Throws Error naming the file when it
// cannot be read or is not a trace-window file.
void readPythonTrace(const std::string& trace_path, ConfigResult& result);
constexpr std::size_t kMaxTraceWindowBytes = std::size_t{512} << 20;

// The work of a config's observed iteration in the worker: its operator-call file (at most
// kMaxOpCallsBytes) counted by roofline::countWork. Throws Error naming the file when it cannot
// be read or is not an operator-call file.
roofline::ConfigRoofline countPythonWork(const std::string& ops_path);
constexpr std::size_t kMaxOpCallsBytes = std::size_t{256} << 20;

// What one worker may cost this process and the disk (docs/SECURITY.md, "Trust model for user
// code"). The user's code prints what it likes; none of it may grow without bound.
struct PythonWorkerLimits {
  // A worker's log (its stderr: the user's prints, warnings, tracebacks) on disk: at half this
  // size the file is moved to NAME.1 (replacing the older half) and a fresh one begun, so a log
  // never takes more than this and always keeps its last lines.
  std::size_t log_bytes = kWorkerLogBytes;
  // The log folder in all (every worker of every run): when a worker starts, the oldest logs go
  // until the rest fit.
  std::size_t log_folder_bytes = kWorkerLogFolderBytes;
  // Lines on the protocol channel that are not protocol: past this many, the worker is stopped
  // as flooding it. Nothing is kept of them but the first few messages.
  int junk_lines = 1000;
};

class PythonWorker {
 public:
  // `interpreter`: an absolute path (resolvePythonInterpreter()); `script`: the worker script;
  // `device`: "cuda:0" or "cpu"; `log_dir`: where each process's log goes.
  PythonWorker(std::string interpreter, std::string script, std::string device, std::string log_dir,
               PythonWorkerLimits limits = {});

  // Runs `prepare` into `dir`. `input_overrides`: --input specs given by the user (an
  // ExportedProgram without stored example inputs needs them). Throws Error(ModelLoad) with the
  // worker's message (or its exit code or signal and its log's last lines) when the model cannot
  // be built or run, Error(Unsupported) at once for example inputs of a dtype InferScope does not
  // measure, Error(InvalidInput) when the pinned model file changed (pinned_model.h),
  // Error(Cancelled) on cancel. The
  // preparing process stays, serving measureInSession()'s plans for `dir` (a process that ended
  // meanwhile is replaced there by a fresh `serve`).
  PreparedPythonModel prepare(const ModelRef& model,
                              const std::vector<std::string>& input_overrides,
                              const std::string& dir, double timeout_ms, const CancelToken* cancel);

  // Runs `configs` in one fresh worker process. Returns one run per config, in order: a config the
  // process never reported (it crashed, hung or the deadline came) gets an Error status saying so.
  // `deadline_ms_from_now` (0: none) is passed to the worker, which cuts its last config short;
  // the process is stopped `grace_ms` after it regardless (a compile under way cannot be cut short:
  // it costs that candidate, never the budget).
  std::vector<PythonConfigRun> measure(const ModelRef& model, const PreparedPythonModel& prepared,
                                       const std::vector<OptimizationConfig>& configs, int warmup,
                                       int iterations, double deadline_ms_from_now,
                                       const CancelToken* cancel, double grace_ms = 5000);

  // The same in the worker's long-lived process (`serve`), started at the first call and kept:
  // it loads the model once, and keeps the last few compiled configs, so that a candidate measured
  // again in a later round pays its torch.compile once. A process that hangs past the deadline,
  // crashes or is cancelled is stopped, and the next call starts another. For the tuner's
  // in-process rounds; fresh processes (measure()) are for the finals.
  std::vector<PythonConfigRun> measureInSession(const ModelRef& model,
                                                const PreparedPythonModel& prepared,
                                                const std::vector<OptimizationConfig>& configs,
                                                int warmup, int iterations,
                                                double deadline_ms_from_now,
                                                const CancelToken* cancel, double grace_ms = 5000);

  // What the worker's instruments record in the configs of later calls (none by default).
  void setInstruments(PythonInstruments instruments) { instruments_ = instruments; }
  // Called (on the calling thread, as the lines are read) with each config's iterations while it
  // runs, in the plans sent from now on; empty (the default): the series arrive whole with each
  // config's result. For the window's live charts (profile and sweep).
  using SampleListener = std::function<void(const PythonSampleBatch&)>;
  void setSampleListener(SampleListener listener) { sample_listener_ = std::move(listener); }

  // How long the last process to start took to load the model (a fresh process's overhead).
  double lastLoadMs() const { return last_load_ms_; }
  // Whether the plans sent from now on time a torch.compile config's compiling call as iteration
  // 0 of its series (pythonPlanJson); off unless set.
  void setCompileInSeries(bool on) { compile_in_series_ = on; }

  ~PythonWorker();
  PythonWorker(const PythonWorker&) = delete;
  PythonWorker& operator=(const PythonWorker&) = delete;

 private:
  struct Process;
  struct Read {
    std::vector<PythonWorkerEvent> events;
    bool timed_out = false, cancelled = false, ended = false;  // ended: the process closed stdout
    bool flooded = false;  // stopped reading: the protocol channel carried too much that is not
    std::string refused;   // a line this program cannot take (an input dtype it does not measure)
  };
  std::unique_ptr<Process> spawn(const std::vector<std::string>& args, bool with_stdin);
  // Reads events until one of kind `until`, the end of output, `timeout_ms` (0: none) or a cancel.
  Read readUntil(Process& process, const std::vector<OptimizationConfig>& plan,
                 PythonWorkerEvent::Kind until, double timeout_ms, const CancelToken* cancel);
  // SIGTERM to its group, SIGKILL 2 s later if need be; returns the exit status.
  int stop(Process& process, bool terminate);
  // Whether `process` has exited (left for stop() to reap); never blocks.
  static bool hasEnded(const Process& process);
  // One run per config from the events read; the ones never reported say why.
  std::vector<PythonConfigRun> collect(const std::vector<OptimizationConfig>& configs,
                                       const Read& read, const std::string& why_missing,
                                       bool cancelled);
  std::string writePlan(const std::vector<OptimizationConfig>& configs, int warmup, int iterations,
                        double deadline_ms_from_now);

  // What the worker's output says when it went wrong in a way the protocol does not tell.
  std::string floodText(const Process& process) const;

  std::string interpreter_, script_, device_, log_dir_;
  PythonWorkerLimits limits_;
  PythonInstruments instruments_;
  SampleListener sample_listener_;
  double last_load_ms_ = 0;
  bool compile_in_series_ = false;
  std::unique_ptr<Process> session_;  // the serving process (prepare's, or a fresh `serve`)
  std::string session_dir_;           // the prepared folder it serves
};

}  // namespace inferscope::runner
