// The status bar's run report: "config 2 of 4 · bf16 · iteration 35/60 · 00:12 elapsed" and an
// overall progress bar while running; how the run ended afterwards ("finished", "cancelled",
// "failed"). Elapsed time ticks from its own clock, so it keeps moving through a long setup or a
// slow iteration when the engine has nothing new to say.
#pragma once

#include <QElapsedTimer>
#include <QTimer>
#include <QWidget>

#include "core/engine/event_sink.h"

class QLabel;
class QProgressBar;
class QToolButton;

namespace inferscope::gui {

class RunStatusBar : public QWidget {
  Q_OBJECT

 public:
  enum class RunState { Idle, Loading, Running, Cancelling, Finished, Cancelled, Failed, Error };

  explicit RunStatusBar(QWidget* parent = nullptr);

  RunState state() const { return state_; }
  QString text() const;

  void runStarted(int config_count);
  // The run waits behind another engine job: `why` stands in for the config until one starts.
  void waiting(const QString& why);
  void configStarted(int index, int count, const QString& key);
  void progress(const Progress& progress);
  void cancelling();
  // Final states; `detail` says what ended ("4 configs", an error message).
  void finished(RunState state, const QString& detail = {});
  // A session opened from a file: no live run, just what it holds.
  void showSession(const QString& summary);
  // A session file being read on a worker: a busy bar and a Cancel button.
  void showLoading(const QString& file_name);
  // How far the reader got (0…1): the busy bar becomes a progress bar.
  void loadingProgress(double fraction);
  // Something went wrong outside a run (a file that could not be opened): said until the next
  // state, in the palette's error colour.
  void showError(const QString& message);

 signals:
  void cancelLoadRequested();

 private:
  void changeEvent(QEvent* event) override;
  void refresh();

  QLabel* label_;
  QProgressBar* bar_;
  QToolButton* cancel_load_;
  QTimer clock_;
  QElapsedTimer elapsed_;
  RunState state_ = RunState::Idle;
  int config_index_ = 0, config_count_ = 0;
  int iteration_ = 0, planned_ = 0;
  QString key_, detail_;
  double loading_fraction_ = -1;  // < 0: the reader has not said yet
};

}  // namespace inferscope::gui
