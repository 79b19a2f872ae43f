// Reads session files off the GUI thread. A 20 MB session (an adaptive run of 10 000 iterations per
// config, kernel timelines) takes seconds to parse; on the GUI thread that froze the window. Each
// load is a job with an id: a newer load or Cancel makes the running job stale and cancels its
// parse and re-analysis (they stop within a stage, core/common/cancel_token.h), and anything it
// still reports is dropped. Results come back on the
// GUI thread as plain values, errors as the reader's message, which names the file and the field.
// The loaded series are analysed again with this build's rules on the same worker thread.
#pragma once

#include <QObject>
#include <QString>
#include <QStringList>
#include <memory>

#include "core/common/cancel_token.h"
#include "core/engine/session_result.h"
#include "gui/lib/job_tracker.h"

namespace inferscope::gui {

class SessionLoader : public QObject {
  Q_OBJECT

 public:
  explicit SessionLoader(QObject* parent = nullptr);
  ~SessionLoader() override;

  // Starts reading `path`; a job still running becomes stale. Returns the new job's id.
  int load(const QString& path);
  // The running job becomes stale: nothing is reported for it.
  void cancel();
  bool isLoading() const { return !path_.isEmpty(); }
  QString loadingPath() const { return path_; }
  int currentJob() const { return job_; }

 signals:
  void loaded(int job, const QString& path,
              std::shared_ptr<const inferscope::SessionResult> session);
  void failed(int job, const QString& path, const QString& message);
  // Emitted just before loaded() when the file's stored analysis disagrees with this build's
  // analysis of the same raw series (core/engine/result_analysis.h): one line per difference,
  // "bf16+bench: class warmup → switching". The session that loaded() carries is today's.
  void reanalysed(int job, const QString& path, const QStringList& changes);
  void loadingChanged(bool loading);
  // How far the current job's reader got (0…1), a few hundred times a file at most.
  void progress(int job, double fraction);

 private:
  struct Outcome;
  void finish(int job, const QString& path, const Outcome& outcome);

  int job_ = 0;
  QString path_;                         // "" when idle
  std::shared_ptr<CancelToken> cancel_;  // the current job's
  JobTracker jobs_{this, QStringLiteral("session loader")};
};

}  // namespace inferscope::gui
