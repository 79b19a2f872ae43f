// The "Run it live" slide's controls: Run (R) starts the lesson's command on this
// machine (LiveRun), the slide shows which config runs and for how long in presentation fonts,
// Cancel (Esc) stops it, and the outcome stays on the slide — the configs' medians, with the new
// session opened in the main window, or the exit code and the error, naming the option or file.
// The run is in this process, through the run layer (LiveRun). Where the command cannot run here
// (no CUDA GPU, a model file missing) Run is disabled and the panel says why.
#pragma once

#include <QElapsedTimer>
#include <QWidget>

#include "core/lessons/lesson.h"
#include "gui/lib/live_run.h"

class QHBoxLayout;
class QLabel;
class QPushButton;
class QTimer;

namespace inferscope::gui {

class LiveRunPanel : public QWidget {
  Q_OBJECT

 public:
  // `device_ok`: this machine has the device the command needs (checked by the caller).
  LiveRunPanel(lessons::LiveRun live, QString lesson_id, bool device_ok, QWidget* parent = nullptr);

  // Why Run is disabled; empty when it can run.
  QString blockedReason() const;
  bool canRun() const { return blockedReason().isEmpty() && !run_.isRunning(); }
  bool isRunning() const { return run_.isRunning(); }
  QString statusText() const;
  QHBoxLayout* buttonRow() const { return row_; }
  void setPixelSize(int button_px, int status_px);

 public slots:
  void start();
  void cancel();

 signals:
  void runFinished(const inferscope::gui::LiveRun::Result& result);

 protected:
  void changeEvent(QEvent* event) override;

 private:
  enum class State { Idle, Running, Done };
  void refresh();
  QString runningText() const;
  QString doneText() const;
  void finish(const LiveRun::Result& result);
  void openInMainWindow();

  lessons::LiveRun live_;
  QString lesson_id_;
  bool device_ok_;
  LiveRun run_;
  State state_ = State::Idle;
  QElapsedTimer clock_;
  double elapsed_ms_ = 0;
  int config_index_ = -1, config_count_ = 0;
  int iteration_ = 0, planned_iterations_ = 0;  // the running config's, from its progress
  QString config_key_, config_description_;
  LiveRun::Result result_;
  bool opened_in_main_ = false;
  bool stopping_ = false;
  QHBoxLayout* row_;
  QPushButton* run_button_;
  QPushButton* cancel_button_;
  QPushButton* open_button_;
  QLabel* status_;
  QTimer* tick_;
};

}  // namespace inferscope::gui
