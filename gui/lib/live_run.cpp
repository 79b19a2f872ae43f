#include "gui/lib/live_run.h"

#include <QFileInfo>
#include <atomic>
#include <chrono>
#include <exception>

#include "cli/options/run_options.h"
#include "core/common/error.h"
#include "core/runner/command_run.h"
#include "core/runner/exit_code.h"
#include "core/runner/worker_location.h"
#include "core/session/session_file.h"
#include "gui/lib/config_text.h"
#include "gui/lib/engine_pool.h"
#include "gui/lib/log_categories.h"

namespace inferscope::gui {
namespace {

constexpr double kProgressIntervalMs = 100;  // at most ten progress updates a second

double nowMs() {
  return std::chrono::duration<double, std::milli>(
             std::chrono::steady_clock::now().time_since_epoch())
      .count();
}

// The engine's events, handed on as values through the job's channel; samples are left out (the
// slide shows configs and iterations, not series), progress is thinned to a few a second.
class PostingSink : public EventSink {
 public:
  PostingSink(LiveRun* run, const JobTracker::Channel& channel) : run_(run), channel_(channel) {}

  void onConfigStart(int config_index, int config_count,
                     const OptimizationConfig& config) override {
    last_progress_ms_.store(0);
    // Described on the GUI's thread, in the UI's language (the engine runs on its own).
    channel_.post([run = run_, config_index, config_count, config] {
      emit run->configStarted(config_index, config_count, QString::fromStdString(config.key()),
                              configDescription(config));
    });
  }
  void onProgress(const Progress& progress) override {
    const double now_ms = nowMs();
    const bool last = progress.iteration >= progress.planned_iterations;  // always shown
    if (!last && now_ms - last_progress_ms_.load() < kProgressIntervalMs) return;
    last_progress_ms_.store(now_ms);
    channel_.post([run = run_, progress] { emit run->progressed(progress); });
  }
  void onConfigDone(const ConfigResult& result) override {
    channel_.post([run = run_, result = std::make_shared<const ConfigResult>(result)] {
      emit run->configFinished(result);
    });
  }
  void onLog(LogLevel level, const std::string& message) override {
    if (level == LogLevel::Info)
      qCDebug(liveLog).noquote() << QString::fromStdString(message);
    else
      qCWarning(liveLog).noquote() << QString::fromStdString(message);
  }

 private:
  LiveRun* run_;  // used only in what the channel posts: on its thread, while it lives
  JobTracker::Channel channel_;
  std::atomic<double> last_progress_ms_{0};
};

LiveRun::Result failure(int exit_code, const std::string& error) {
  LiveRun::Result r;
  r.exit_code = exit_code;
  r.error = QString::fromStdString(error);
  return r;
}

// The headline of a finished run, from the session file it wrote.
LiveRun::Result resultFromSession(int exit_code, const std::string& path) {
  LiveRun::Result r;
  r.exit_code = exit_code;
  try {
    const SessionResult session = loadSession(path);
    for (const auto& c : session.configs) {
      r.configs.push_back({QString::fromStdString(c.config.key()), c.status == ConfigStatus::Ok,
                           c.stats.median_ms, QString::fromUtf8(toString(c.status))});
    }
    r.outcome = LiveRun::Outcome::Succeeded;
    r.session_path = QString::fromStdString(path);
  } catch (const std::exception& e) {
    r.outcome = LiveRun::Outcome::Failed;
    r.error = LiveRun::tr("the run ended but its session could not be read: %1")
                  .arg(QString::fromUtf8(e.what()));
  }
  return r;
}

}  // namespace

LiveRun::Result runLiveCommand(const std::vector<std::string>& arguments,
                               const std::string& session_path, const std::string& folder,
                               EventSink& sink, const CancelToken& cancel) {
  runner::CommandOutcome outcome;
  try {
    cli::RunCommandOptions options = cli::parseRunCommandLine(arguments);
    options.out = session_path;  // the slide's session, wherever the lesson's command wrote one
    cli::resolvePathsAgainst(options, folder);
    runner::CommandRun run = cli::toCommandRun(options);
    run.profile.isolation.launcher = runner::defaultWorkerLauncher();
    outcome = runner::runCommand(run, sink, cancel);
    if (outcome.exit_code == runner::kExitCancelled || cancel.cancelled()) {
      // As inferscope-cli leaves a cancelled run: what ran, in the session file, never shown.
      if (!outcome.session.configs.empty())
        saveSession(outcome.session, partialSessionPath(session_path));
      LiveRun::Result r;
      r.outcome = LiveRun::Outcome::Cancelled;
      r.exit_code = runner::kExitCancelled;
      return r;
    }
    saveSession(outcome.session, session_path);
  } catch (const Error& e) {
    return failure(runner::exitCodeFor(e.kind()), e.what());
  } catch (const std::exception& e) {  // LibTorch's own errors: the run failed, not the window
    return failure(runner::kExitRuntime, e.what());
  }
  if (outcome.exit_code == runner::kExitOk || outcome.exit_code == runner::kExitFailure)
    return resultFromSession(outcome.exit_code, session_path);
  // No result to show: the ledger's reason (a CPU machine), else the exit code says it.
  std::string why;
  if (outcome.ledger && !outcome.ledger->available)
    why = "the cuDNN ledger " + outcome.ledger->reason;
  return failure(outcome.exit_code, why);
}

LiveRun::LiveRun(QObject* parent) : LiveRun(RunFunction(&runLiveCommand), parent) {}

LiveRun::LiveRun(RunFunction run, QObject* parent)
    : QObject(parent),
      run_(std::move(run)),
      tracker_(this, QStringLiteral("live run"), enginePool()) {}

LiveRun::~LiveRun() {
  if (cancel_) cancel_->cancel();
}

QStringList LiveRun::missingFiles(const std::vector<std::string>& cli_args, const QDir& dir) {
  QStringList missing;
  for (std::size_t i = 0; i + 1 < cli_args.size(); ++i) {
    if (cli_args[i] != "--model-file" && cli_args[i] != "--trust") continue;
    const QString file = QString::fromStdString(cli_args[i + 1]);
    if (QFileInfo(file).isRelative() && !QFileInfo::exists(dir.filePath(file)) &&
        !missing.contains(file))
      missing << file;
  }
  return missing;
}

bool LiveRun::start(const QStringList& arguments, const QString& session_path, const QDir& dir) {
  if (isRunning()) return false;
  std::vector<std::string> args;
  for (const auto& a : arguments) args.push_back(a.toStdString());
  cancel_ = std::make_shared<CancelToken>();
  started_ = false;
  tracker_.start(
      // `this` is used only in what the channel posts, which runs on this object's thread while
      // it lives (JobTracker).
      [this, run = run_, args = std::move(args), session = session_path.toStdString(),
       folder = dir.absolutePath().toStdString(),
       cancel = cancel_](const JobTracker::Channel& channel) {
        const EngineJobScope engine(EngineJob::LessonLiveRun);
        channel.post([this] {
          started_ = true;
          emit started();
        });
        PostingSink sink(this, channel);
        return run(args, session, folder, sink, *cancel);
      },
      [this](const Result& result) {
        qCDebug(liveLog) << "live run finished, exit" << result.exit_code;
        emit finished(result);
      });
  return true;
}

void LiveRun::cancel() {
  if (cancel_) cancel_->cancel();
}

bool LiveRun::isRunning() const {
  return tracker_.isRunning();
}

bool LiveRun::waitForIdle(int timeout_ms) {
  return waitForEngineIdle(timeout_ms);
}

}  // namespace inferscope::gui
