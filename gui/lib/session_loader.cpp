// SessionLoader: loadSession on the global thread pool through a JobTracker (stale jobs dropped,
// nothing delivered once the loader is gone).
#include "gui/lib/session_loader.h"

#include <exception>

#include "core/engine/result_analysis.h"
#include "core/session/session_file.h"
#include "gui/lib/log_categories.h"

namespace inferscope::gui {

// What one read ends with: the session and what re-analysis changed, or the reader's message.
struct SessionLoader::Outcome {
  std::shared_ptr<const SessionResult> session;
  QString error;
  QStringList changes;
};

SessionLoader::SessionLoader(QObject* parent) : QObject(parent) {
  qRegisterMetaType<std::shared_ptr<const SessionResult>>();
}

SessionLoader::~SessionLoader() {
  if (cancel_) cancel_->cancel();  // the worker stops within a stage; its result goes nowhere
}

int SessionLoader::load(const QString& path) {
  if (cancel_) cancel_->cancel();  // the job still running stops within a stage
  const bool was_loading = isLoading();
  path_ = path;
  cancel_ = std::make_shared<CancelToken>();
  if (!was_loading) emit loadingChanged(true);
  qCDebug(sessionLog) << "reading" << path;
  const JobTracker::JobId job = jobs_.start(
      [this, file = path.toStdString(), cancel = cancel_](const JobTracker::Channel& channel) {
        Outcome outcome;
        try {
          SessionReadOptions read;
          read.cancel = cancel.get();
          read.progress = [this, channel](double fraction) {
            // `this` is touched only on the loader's thread, and only while it lives.
            channel.post([this, job = static_cast<int>(channel.job()), fraction] {
              emit progress(job, fraction);
            });
          };
          SessionResult loaded = loadSession(file, read);
          ReanalysisOptions analysis;
          analysis.cancel = cancel.get();
          for (const auto& c : reanalyseSession(loaded, analysis)) {
            outcome.changes << QString::fromStdString(c.config_key + ": " + c.what);
          }
          outcome.session = std::make_shared<const SessionResult>(std::move(loaded));
        } catch (const std::exception& e) {
          // A cancelled read is stale by then (load() and cancel() cancel only the job they
          // make stale), so its message reaches nobody.
          outcome.error = QString::fromStdString(e.what());
        }
        return outcome;
      },
      [this, path](const Outcome& outcome) {
        finish(static_cast<int>(jobs_.latest()), path, outcome);
      });
  job_ = static_cast<int>(job);
  return job_;
}

void SessionLoader::cancel() {
  if (!isLoading()) return;
  if (cancel_) cancel_->cancel();
  jobs_.cancel();
  job_ = static_cast<int>(jobs_.latest());
  path_.clear();
  emit loadingChanged(false);
}

void SessionLoader::finish(int job, const QString& path, const Outcome& outcome) {
  path_.clear();
  emit loadingChanged(false);
  if (outcome.session) {
    qCDebug(sessionLog) << "read" << path << outcome.session->configs.size() << "configs,"
                        << outcome.changes.size() << "re-analysis changes";
    if (!outcome.changes.isEmpty()) emit reanalysed(job, path, outcome.changes);
    emit loaded(job, path, outcome.session);
  } else {
    qCDebug(sessionLog) << "could not read" << path << ":" << outcome.error;
    emit failed(job, path, outcome.error);
  }
}

}  // namespace inferscope::gui
