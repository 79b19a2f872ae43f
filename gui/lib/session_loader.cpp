// SessionLoader: loadSession on the global thread pool, results back through the application
// object's event queue (which outlives the loader), stale jobs dropped by id.
#include "gui/lib/session_loader.h"

#include <QCoreApplication>
#include <QThreadPool>
#include <exception>

#include "core/common/error.h"
#include "core/engine/result_analysis.h"
#include "core/session/session_file.h"

namespace inferscope::gui {

SessionLoader::SessionLoader(QObject* parent) : QObject(parent) {
  qRegisterMetaType<std::shared_ptr<const SessionResult>>();
}

SessionLoader::~SessionLoader() {
  *alive_ = false;
}

int SessionLoader::load(const QString& path) {
  if (cancel_) cancel_->cancel();  // the job still running stops within a stage
  const int job = ++job_;
  const bool was_loading = isLoading();
  path_ = path;
  cancel_ = std::make_shared<CancelToken>();
  if (!was_loading) emit loadingChanged(true);
  QThreadPool::globalInstance()->start(
      [this, alive = alive_, job, path, file = path.toStdString(), cancel = cancel_] {
        std::shared_ptr<const SessionResult> session;
        QString error;
        QStringList changes;
        try {
          SessionReadOptions read;
          read.cancel = cancel.get();
          read.progress = [this, alive, job](double fraction) {
            QMetaObject::invokeMethod(
                QCoreApplication::instance(),
                [this, alive, job, fraction] {
                  if (*alive && job == job_) emit progress(job, fraction);
                },
                Qt::QueuedConnection);
          };
          SessionResult loaded = loadSession(file, read);
          ReanalysisOptions analysis;
          analysis.cancel = cancel.get();
          for (const auto& c : reanalyseSession(loaded, analysis)) {
            changes << QString::fromStdString(c.config_key + ": " + c.what);
          }
          session = std::make_shared<const SessionResult>(std::move(loaded));
        } catch (const Error& e) {
          if (e.kind() == ErrorKind::Cancelled) return;  // stale: nobody waits for it
          error = QString::fromStdString(e.what());
        } catch (const std::exception& e) {
          error = QString::fromStdString(e.what());
        }
        QMetaObject::invokeMethod(
            QCoreApplication::instance(),
            [this, alive, job, path, session, error, changes] {
              if (!*alive || job != job_) return;  // the loader is gone, or the job was superseded
              finish(job);
              if (session) {
                if (!changes.isEmpty()) emit reanalysed(job, path, changes);
                emit loaded(job, path, session);
              } else {
                emit failed(job, path, error);
              }
            },
            Qt::QueuedConnection);
      });
  return job;
}

void SessionLoader::cancel() {
  if (!isLoading()) return;
  if (cancel_) cancel_->cancel();
  ++job_;
  path_.clear();
  emit loadingChanged(false);
}

void SessionLoader::finish(int job) {
  if (job != job_) return;
  path_.clear();
  emit loadingChanged(false);
}

}  // namespace inferscope::gui
