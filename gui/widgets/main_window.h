// The InferScope window: "Model & input" dock on the left, the chart tabs (Latency, Memory,
// Speed × accuracy, Kernels, cuDNN) and the results table in the middle, the log at the bottom, run progress in the status bar. It wires the
// EngineBridge to the SessionDocument and the views; it never calls LibTorch and never blocks
// on the engine, so it stays responsive through any run.
// main_window.cpp holds layout and the run; main_window_docks.cpp the docks; main_window_files.cpp
// the File menu; main_window_export.cpp the Export menu and autosave.
#pragma once

#include <QMainWindow>

#include <memory>
#include <utility>

#include "core/engine/session_result.h"
#include "gui/lib/sample_coalescer.h"

class QAction;
class QDockWidget;
class QLabel;
class QListView;
class QPushButton;
class QMenu;
class QMimeData;
class QToolBar;
class QMessageBox;
class QSplitter;
class QTabWidget;
class QTimer;

namespace inferscope::gui {

class CudnnChart;
class EngineBridge;
class KernelsView;
class LatencyChart;
class MessageBanner;
class SessionLoader;
class MemoryChart;
class LogModel;
class ResultsTableModel;
class ResultsView;
class RunSetupPanel;
class RecommendationWizard;
class RunStatusBar;
class SessionDocument;
class SpeedAccuracyChart;

class MainWindow : public QMainWindow {
  Q_OBJECT

 public:
  explicit MainWindow(QWidget* parent = nullptr);
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
  QTabWidget* chartTabs() const { return tabs_; }
  ResultsView* resultsView() const { return results_view_; }
  ResultsTableModel* resultsModel() const { return results_model_; }
  LogModel* logModel() const { return log_model_; }
  RunStatusBar* runStatus() const { return run_status_; }
  QAction* startAction() const { return start_action_; }
  QAction* cancelAction() const { return cancel_action_; }

  // Opens a session file on a worker thread (SessionLoader): the status bar shows progress with a
  // Cancel, and the outcome is sessionOpened() or sessionOpenFailed() — a failure also shows in
  // the banner above the charts, the status bar and the log. Returns the job id (0: refused).
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
  bool exportChart(const QString& path);  // the current tab's chart; .png or .pdf, by extension
  bool exportSamplesCsv(const QString& path);
  // The selected config's trace window (live runs with tracing only).
  bool exportChromeTrace(const QString& path);
  // Where a run's session so far is kept, every kAutosaveIntervalMs and at each config's end.
  static QString autosavePath();
  static constexpr int kAutosaveIntervalMs = 10000;
  // Up to this many samples the autosave text is made on the GUI thread (a few ms); beyond, on a
  // worker thread (~0.2 ms per 1 000 samples), and the GUI thread only writes the file.
  static constexpr std::size_t kAutosaveInlineSamples = 20000;
  QAction* exportTraceAction() const { return export_trace_action_; }
  QAction* recoverAction() const { return recover_action_; }
  // The bar in the log panel offering a crashed run's autosave (Open / Discard).
  QWidget* offerBar() const { return offer_bar_; }
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
  void showAbout();
  void setChartOnly(bool on);
  static QString droppedFile(const QMimeData* mime);
  void updateTitle();
  void updateRecentMenu();
  void restoreSettings();
  void saveSettings() const;
  // File dialogs (main_window_files.cpp).
  void openSessionDialog();
  void onSessionLoaded(const QString& path, const std::shared_ptr<const SessionResult>& session);
  void onSessionLoadFailed(const QString& path, const QString& message);
  void showDocumentSummary();
  // Export menu and autosave (main_window_export.cpp).
  void createExportMenu();
  void exportDialog(const QString& what);
  void updateExportActions();
  int selectedSeriesIndex() const;
  void autosave();
  void offerAutosave();
  void saveSessionDialog();
  void exportChartDialog(const QString& suffix);
  QString lastDirectory() const;
  void rememberDirectory(const QString& path) const;

  EngineBridge* bridge_;
  SessionDocument* document_;
  LogModel* log_model_;
  ResultsTableModel* results_model_;
  SessionLoader* loader_;
  MessageBanner* banner_ = nullptr;
  QLabel* session_info_ = nullptr;
  RunSetupPanel* setup_panel_ = nullptr;
  LatencyChart* chart_ = nullptr;
  MemoryChart* memory_chart_ = nullptr;
  SpeedAccuracyChart* speed_chart_ = nullptr;
  KernelsView* kernels_view_ = nullptr;
  CudnnChart* cudnn_chart_ = nullptr;
  ResultsView* results_view_ = nullptr;
  RunStatusBar* run_status_ = nullptr;
  QTabWidget* tabs_ = nullptr;
  QSplitter* splitter_ = nullptr;
  QDockWidget* setup_dock_ = nullptr;
  QDockWidget* log_dock_ = nullptr;
  QListView* log_view_ = nullptr;
  QMenu* recent_menu_ = nullptr;
  QAction* start_action_ = nullptr;
  QAction* cancel_action_ = nullptr;
  QAction* open_action_ = nullptr;
  QAction* save_action_ = nullptr;
  QAction* export_png_action_ = nullptr;
  QAction* export_pdf_action_ = nullptr;
  QAction* log_scale_action_ = nullptr;
  QAction* quit_action_ = nullptr;
  QAction* export_csv_action_ = nullptr;
  QAction* export_trace_action_ = nullptr;
  QAction* export_json_action_ = nullptr;
  QAction* recover_action_ = nullptr;
  QTimer* autosave_timer_ = nullptr;
  QAction* wizard_action_ = nullptr;
  QAction* about_action_ = nullptr;
  QAction* chart_only_action_ = nullptr;
  QToolBar* run_toolbar_ = nullptr;
  std::pair<bool, bool> docks_before_chart_only_{true, true};
  QMessageBox* about_box_ = nullptr;
  RecommendationWizard* wizard_ = nullptr;
  QWidget* offer_bar_ = nullptr;
  QLabel* offer_label_ = nullptr;
  QPushButton* offer_open_button_ = nullptr;
  bool autosave_failed_ = false;
  void writeAutosave(const std::string& text);
  bool autosave_in_flight_ = false, autosave_again_ = false;
  std::shared_ptr<bool> alive_ = std::make_shared<bool>(true);  // for work finishing after the window
  bool session_arrived_ = false;  // did the current run end with a session (vs. cancelled early)?
};

}  // namespace inferscope::gui
