// What the window writes besides session files: the current chart tab as PNG/PDF (with the line
// above the charts as its caption), the samples as CSV, the selected config's Chrome trace, and
// the session JSON (asked of FileActions through saveRequested()). And autosave: during a run the
// session so far is written every ~10 s and at each config's end to
// AppDataLocation/autosave.inferscope.json (atomic, through core's writeFileAtomically; the JSON
// of a large run is made on a worker thread). A clean end of the run removes it, so one found at
// start-up is the remains of a crash, offered in the log panel's bar (offerBar()) and in
// Run ▸ Open Autosaved Run. MainWindow places the actions and the bar and tells it when a run
// starts and ends.
#pragma once

#include <QObject>
#include <QString>
#include <cstddef>
#include <memory>
#include <string>

#include "gui/lib/job_tracker.h"

class QAbstractItemView;
class QAction;
class QLabel;
class QTabWidget;
class QTimer;
class QWidget;

namespace inferscope::gui {

class EngineBridge;
class LogModel;
class SessionDocument;

class SessionExportController : public QObject {
  Q_OBJECT

 public:
  // `charts`: the tabs whose current page Export Chart writes; `caption`: the line above them;
  // `results`: the results table, whose current row picks the config of a Chrome trace; `window`
  // parents the dialogs.
  SessionExportController(SessionDocument* document, EngineBridge* bridge, LogModel* log,
                          QTabWidget* charts, QLabel* caption, QAbstractItemView* results,
                          QWidget* window);
  ~SessionExportController() override;

  QAction* exportPngAction() const { return export_png_action_; }
  QAction* exportPdfAction() const { return export_pdf_action_; }
  QAction* exportCsvAction() const { return export_csv_action_; }
  QAction* exportTraceAction() const { return export_trace_action_; }
  QAction* exportJsonAction() const { return export_json_action_; }
  QAction* recoverAction() const { return recover_action_; }
  // The bar offering a crashed run's autosave (Open / Discard), hidden until there is one; the
  // window puts it above the log.
  QWidget* offerBar() const { return offer_bar_; }

  bool exportChart(const QString& path);  // the current tab's chart; .png or .pdf, by extension
  bool exportSamplesCsv(const QString& path);
  // The selected config's trace window (live runs with tracing only).
  bool exportChromeTrace(const QString& path);
  // Enables the exports for the run state, the results and the selected config (the disabled
  // trace action's tooltip says why).
  void updateActions();

  // Where a run's session so far is kept, every kAutosaveIntervalMs and at each config's end.
  static QString autosavePath();
  static constexpr int kAutosaveIntervalMs = 10000;
  // Up to this many samples the autosave text is made on the GUI thread (a few ms); beyond, on a
  // worker thread (~0.2 ms per 1 000 samples), and the GUI thread only writes the file.
  static constexpr std::size_t kAutosaveInlineSamples = 20000;
  void startAutosave();   // a run started
  void stopAutosave();    // a run failed or stopped: the autosave stays, for recovery
  void finishAutosave();  // a run ended on its own terms: nothing to recover
  // At start-up: an autosave left behind is offered in the log, the bar and the Run menu.
  void offerAutosave();
  // A session was opened: the offer goes once the autosave itself is.
  void onSessionOpened(const QString& path);

 signals:
  void openRequested(const QString& path);  // the autosave, to be opened as a session
  void saveRequested(const QString& path);  // Export ▸ Session JSON

 private:
  void createOfferBar();
  void exportDialog(const QString& what);
  void exportChartDialog(const QString& suffix);
  int selectedSeriesIndex() const;
  void autosave();
  void writeAutosave(const std::string& text);

  SessionDocument* document_;
  EngineBridge* bridge_;
  LogModel* log_;
  QTabWidget* charts_;
  QLabel* caption_;
  QAbstractItemView* results_;
  QWidget* window_;
  QAction* export_png_action_;
  QAction* export_pdf_action_;
  QAction* export_csv_action_;
  QAction* export_trace_action_;
  QAction* export_json_action_;
  QAction* recover_action_;
  QTimer* autosave_timer_;
  QWidget* offer_bar_ = nullptr;
  QLabel* offer_label_ = nullptr;
  bool autosave_failed_ = false;
  bool autosave_again_ = false;  // a save was asked while the worker still made the last one
  JobTracker autosave_jobs_;     // the JSON of a large run, made on a worker thread
};

}  // namespace inferscope::gui
