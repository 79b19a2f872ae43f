// The InferScope window: "Model & input" dock on the left, the chart tabs (Latency, Memory,
// Speed × accuracy, Kernels, cuDNN, Devices) and the results table in the middle, the log at the
// bottom, run progress in the status bar. It wires the EngineBridge to the SessionDocument and the
// views; it never calls LibTorch and never blocks on the engine, so it stays responsive through any
// run. main_window.cpp holds layout, menus and the run; main_window_docks.cpp the docks. Session
// files (open, save, recent, drag and drop) are FileActions'; exports and autosave are
// SessionExportController's: the window places their actions and wires them together.
#pragma once

#include <QMainWindow>
#include <memory>
#include <utility>

#include "core/engine/session_result.h"
#include "gui/lib/engine_bridge.h"
#include "gui/lib/sample_coalescer.h"
#include "gui/lib/settings_writer.h"

class QAction;
class QDockWidget;
class QLabel;
class QListView;
class QToolBar;
class QMessageBox;
class QSplitter;
class QTabWidget;

namespace inferscope::gui {

class AnswerView;
class CudnnChart;
class DevicesView;
class FileActions;
class KernelsView;
class LatencyChart;
class MessageBanner;
class SessionLoader;
class MemoryChart;
class LogModel;
class ResultsTableModel;
class ResultsView;
class RacePage;
class ShapesView;
class RunSetupPanel;
class RecommendationWizard;
class RunStatusBar;
class SessionDocument;
class SessionExportController;
class SpeedAccuracyChart;

class MainWindow : public QMainWindow {
  Q_OBJECT

 public:
  explicit MainWindow(QWidget* parent = nullptr);
  // With the engine's run replaced (EngineBridge::RunFunction): the GUI bench drives the whole
  // window from a synthetic sample stream at a set rate.
  explicit MainWindow(EngineBridge::RunFunction run, QWidget* parent = nullptr);
  ~MainWindow() override;

  // For main.cpp (command line, screenshot mode) and the tests.
  EngineBridge* bridge() const { return bridge_; }
  SessionDocument* document() const { return document_; }
  RunSetupPanel* setupPanel() const { return setup_panel_; }
  LatencyChart* latencyChart() const { return chart_; }
  MemoryChart* memoryChart() const { return memory_chart_; }
  SpeedAccuracyChart* speedAccuracyChart() const { return speed_chart_; }
  KernelsView* kernelsView() const { return kernels_view_; }
  CudnnChart* cudnnChart() const { return cudnn_chart_; }
  DevicesView* devicesView() const { return devices_view_; }
  RacePage* racePage() const { return race_page_; }
  ShapesView* shapesView() const { return shapes_view_; }
  AnswerView* answerView() const { return answer_view_; }
  QTabWidget* chartTabs() const { return tabs_; }
  ResultsView* resultsView() const { return results_view_; }
  // Under the table: the selected row in full (ResultsTableModel::details).
  QLabel* resultsDetails() const { return results_details_; }
  ResultsTableModel* resultsModel() const { return results_model_; }
  LogModel* logModel() const { return log_model_; }
  RunStatusBar* runStatus() const { return run_status_; }
  QAction* startAction() const { return start_action_; }
  QAction* cancelAction() const { return cancel_action_; }
  FileActions* fileActions() const { return files_; }
  SessionExportController* exportController() const { return exports_; }

  // Opens a session file on a worker thread (FileActions, SessionLoader): the status bar shows
  // progress with a Cancel, and the outcome is sessionOpened() or sessionOpenFailed() — a failure
  // also shows in the banner above the charts, the status bar and the log. Returns the job id (0:
  // refused).
  int openSessionAsync(const QString& path);
  // The same, waited for in a local event loop (command line, screenshot mode, tests): true when
  // this file was opened.
  bool openSession(const QString& path);
  void cancelOpen();
  SessionLoader* sessionLoader() const { return loader_; }
  MessageBanner* messageBanner() const { return banner_; }
  // The line above the charts: model, batch, device, driver and libraries of what they show.
  QLabel* sessionInfo() const { return session_info_; }
  bool saveSession(const QString& path);
  // Exports (SessionExportController): the current tab's chart as .png or .pdf, by extension; the
  // samples as CSV; the selected config's trace window (live runs with tracing only).
  bool exportChart(const QString& path);
  bool exportSamplesCsv(const QString& path);
  bool exportChromeTrace(const QString& path);
  // Where a run's session so far is autosaved (SessionExportController::autosavePath()).
  static QString autosavePath();
  QAction* exportTraceAction() const;
  QAction* recoverAction() const;
  // The bar in the log panel offering a crashed run's autosave (Open / Discard).
  QWidget* offerBar() const;
  // Tools → Recommendation wizard (created on first use).
  RecommendationWizard* openWizard();
  // Runs a request as Start does with the panel's (bench/gui: a model the panel cannot describe).
  void startRequest(const ProfileRequest& request);
  // "2 of 3 configs ok, 1 not run": how a run ended, counted against its plan.
  static QString runOutcome(const SessionResult& session);
  QAction* chartOnlyAction() const { return chart_only_action_; }

 public slots:
  void startRun();
  void cancelRun();

 signals:
  void sessionOpened(const QString& path);
  void sessionOpenFailed(const QString& path, const QString& message);

 protected:
  void changeEvent(QEvent* event) override;  // LanguageChange: texts computed from state
  void closeEvent(QCloseEvent* event) override;
  void dragEnterEvent(QDragEnterEvent* event) override;
  void dropEvent(QDropEvent* event) override;

 private:
  void createActions();
  void createMenus();
  void createDocks();
  void createCentralArea();
  void connectBridge();
  void onSessionFinished(const std::shared_ptr<const SessionResult>& session);
  void onRunningChanged(bool running);
  void connectFilesAndExports();
  void showAbout();
  void setChartOnly(bool on);
  void updateTitle();
  void restoreSettings();
  void saveSettings();  // queued to settings_writer_: the GUI thread does not wait for the file

  EngineBridge* bridge_;
  SessionDocument* document_;
  LogModel* log_model_;
  ResultsTableModel* results_model_;
  SessionLoader* loader_;
  FileActions* files_ = nullptr;
  SessionExportController* exports_ = nullptr;
  MessageBanner* banner_ = nullptr;
  QLabel* session_info_ = nullptr;
  RunSetupPanel* setup_panel_ = nullptr;
  LatencyChart* chart_ = nullptr;
  MemoryChart* memory_chart_ = nullptr;
  SpeedAccuracyChart* speed_chart_ = nullptr;
  KernelsView* kernels_view_ = nullptr;
  CudnnChart* cudnn_chart_ = nullptr;
  DevicesView* devices_view_ = nullptr;
  RacePage* race_page_ = nullptr;
  ShapesView* shapes_view_ = nullptr;
  AnswerView* answer_view_ = nullptr;
  ResultsView* results_view_ = nullptr;
  QLabel* results_details_ = nullptr;
  RunStatusBar* run_status_ = nullptr;
  QTabWidget* tabs_ = nullptr;
  QSplitter* splitter_ = nullptr;
  QDockWidget* setup_dock_ = nullptr;
  QDockWidget* log_dock_ = nullptr;
  QListView* log_view_ = nullptr;
  QAction* start_action_ = nullptr;
  QAction* cancel_action_ = nullptr;
  QAction* log_scale_action_ = nullptr;
  QAction* quit_action_ = nullptr;
  QAction* wizard_action_ = nullptr;
  QAction* about_action_ = nullptr;
  QAction* chart_only_action_ = nullptr;
  QToolBar* run_toolbar_ = nullptr;
  std::pair<bool, bool> docks_before_chart_only_{true, true};
  QMessageBox* about_box_ = nullptr;
  RecommendationWizard* wizard_ = nullptr;
  bool session_arrived_ = false;  // did the current run end with a session (vs. cancelled early)?
  SettingsWriter settings_writer_;
};

}  // namespace inferscope::gui
