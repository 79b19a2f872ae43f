#include "gui/lib/tune_job.h"

#include <algorithm>
#include <exception>

#include "core/common/error.h"
#include "core/runner/compile_queue.h"
#include "core/runner/exit_code.h"
#include "core/runner/tune_event_writer.h"
#include "core/runner/worker_location.h"
#include "core/session/session_file.h"
#include "gui/lib/engine_pool.h"
#include "gui/lib/log_categories.h"

namespace inferscope::gui {
namespace {

constexpr int kWarmup = 10, kFinalistForks = 3;  // inferscope-cli tune's defaults

}  // namespace

TuneJobRequest TuneJob::defaults(const ProfileRequest& request, double budget_s,
                                 const AccuracyRule& rule) {
  TuneJobRequest r;
  r.request = request;
  // Screening runs in this process; the finals fork (EngineMeasurer), as inferscope-cli tune's.
  r.request.run.adaptive = false;
  r.request.run.config_time_budget_ms = 0;
  r.request.run.session_time_budget_ms = 0;
  runner::setTuneBudget(r.race, budget_s, r.request.model.source);
  r.race.warmup = kWarmup;
  r.race.forks = kFinalistForks;
  r.race.fork_iterations = request.run.measure_iterations;
  r.race.accuracy = rule;
  r.settings.measurer.launcher = runner::defaultWorkerLauncher();
  return r;
}

TuneOutcome runTuneJob(const TuneJobRequest& request, const CancelToken& cancel,
                       const std::function<void(tuner::TuneEvent)>& deliver) {
  // Each tune's own compile queue: a tune's end leaves its queue starting nothing new, so a queue
  // kept across Validate runs would never compile the next tune's packages.
  runner::CompileQueue compiles;
  runner::TuneEventWriter events(
      [&deliver](const std::string& line) {
        if (auto event = tuner::parseTuneEvent(line)) deliver(std::move(*event));
      },
      [&compiles] { return compiles.jobs(); });
  runner::TuneSettings settings = request.settings;
  settings.compiles = &compiles;
  TuneOutcome outcome;
  try {
    outcome.run =
        runner::runTuning(request.request, request.seeds, request.race, settings, events, cancel);
  } catch (const Error& e) {
    outcome.error = e.what();
    outcome.exit_code = runner::exitCodeFor(e.kind());
    return outcome;
  } catch (const std::exception& e) {  // LibTorch's own errors: the run failed, not the window
    outcome.error = e.what();
    outcome.exit_code = runner::kExitRuntime;
    return outcome;
  }
  if (!request.session_path.empty() && !outcome.run.session.configs.empty()) {
    try {
      saveSession(outcome.run.session, request.session_path);
      outcome.session_path = request.session_path;
    } catch (const Error& e) {
      outcome.error = e.what();  // the race's answer stands; only its file is missing
    }
  }
  try {
    events.finish(outcome.run.result, outcome.session_path);
  } catch (const std::exception& e) {  // the answer still reaches the page, without its event
    qCWarning(tuneLog).noquote() << "the tune's last event could not be written:" << e.what();
  }
  const auto& result = outcome.run.result;
  outcome.exit_code = result.cancelled ? runner::kExitCancelled
                      : result.winner  ? runner::kExitOk
                                       : runner::kExitFailure;
  return outcome;
}

TuneJob::TuneJob(QObject* parent) : TuneJob(RunFunction(&runTuneJob), parent) {}

TuneJob::TuneJob(RunFunction run, QObject* parent)
    : QObject(parent), run_(std::move(run)), tracker_(this, QStringLiteral("tune"), enginePool()) {}

TuneJob::~TuneJob() {
  if (cancel_) cancel_->cancel();
}

bool TuneJob::start(TuneJobRequest request) {
  if (isRunning()) return false;
  cancel_ = std::make_shared<CancelToken>();
  started_ = false;
  tracker_.start(
      // `this` is used only in what the channel posts, which runs on this object's thread while
      // it lives (JobTracker).
      [this, run = run_, request = std::move(request),
       cancel = cancel_](const JobTracker::Channel& channel) {
        const EngineJobScope engine(EngineJob::Validation);
        channel.post([this] {
          started_ = true;
          emit started();
        });
        return std::make_shared<const TuneOutcome>(
            run(request, *cancel, [this, &channel](tuner::TuneEvent event) {
              // Posted in order, before the outcome: the race view has every event, tune_done
              // last, when finished() comes.
              channel.post([this, event = std::move(event)] { emit eventReceived(event); });
            }));
      },
      [this](std::shared_ptr<const TuneOutcome> outcome) {
        qCDebug(tuneLog) << "tune finished, exit" << outcome->exit_code;
        emit finished(std::move(outcome));
      });
  return true;
}

void TuneJob::cancel() {
  if (cancel_) cancel_->cancel();
}

bool TuneJob::isRunning() const {
  return tracker_.isRunning();
}

bool TuneJob::waitForIdle(int timeout_ms) {
  return waitForEngineIdle(timeout_ms);
}

}  // namespace inferscope::gui
