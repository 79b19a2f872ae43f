// MainWindow's Export menu (samples CSV, Chrome trace of the selected config, session JSON) and
// autosave: during a run the session so far is written every ~10 s and at each config's end to
// AppDataLocation/autosave.inferscope.json (atomic, through core's writeFileAtomically; the JSON of
// a large run is made on a worker thread). A clean end of the run removes it, so one found at
// start-up is the remains of a crash, offered in the log.
#include <QAction>
#include <QCoreApplication>
#include <QDir>
#include <QFile>
#include <QFileDialog>
#include <QFileInfo>
#include <QDateTime>
#include <QItemSelectionModel>
#include <QLabel>
#include <QMenu>
#include <QMenuBar>
#include <QSortFilterProxyModel>
#include <QStandardPaths>
#include <QThreadPool>
#include <QTimer>

#include <utility>

#include "core/session/session_file.h"
#include "core/trace/chrome_trace_writer.h"
#include "core/trace/trace_records.h"
#include "gui/lib/engine_bridge.h"
#include "gui/lib/log_model.h"
#include "gui/lib/results_table_model.h"
#include "gui/lib/samples_csv.h"
#include "gui/lib/session_document.h"
#include "gui/widgets/main_window.h"
#include "gui/widgets/results_view.h"

namespace inferscope::gui {

QString MainWindow::autosavePath() {
  return QDir(QStandardPaths::writableLocation(QStandardPaths::AppDataLocation)).filePath(QStringLiteral("autosave.inferscope.json"));
}

int MainWindow::selectedSeriesIndex() const {
  const QModelIndex current = results_view_->currentIndex();
  if (current.isValid()) return current.data(ResultsTableModel::SeriesIndexRole).toInt();
  // No selection: the first config that kept a trace window, so the action is useful at once.
  const auto& series = document_->series();
  for (std::size_t i = 0; i < series.size(); ++i) {
    if (series[i].result && series[i].result->trace_window && series[i].result->trace_window->traced()) return static_cast<int>(i);
  }
  return -1;
}

void MainWindow::updateExportActions() {
  const bool idle = !bridge_->isRunning();
  const bool has_results = document_->finishedCount() > 0;
  export_csv_action_->setEnabled(idle && has_results);
  export_json_action_->setEnabled(idle && document_->session() != nullptr);
  const int index = selectedSeriesIndex();
  const auto& series = document_->series();
  const auto result = index >= 0 && index < static_cast<int>(series.size()) ? series[static_cast<std::size_t>(index)].result : nullptr;
  QString why;
  if (!result) why = tr("Select a finished config in the results table");
  else if (!result->trace_window) why = tr("%1 has no trace window: Chrome traces come from live runs with “Trace kernels (CUDA)” (session files keep the aggregates and a few iterations of the timeline, not the window)").arg(series[static_cast<std::size_t>(index)].key);
  else if (!result->trace_window->traced()) why = QString::fromStdString(result->trace_window->untraced_reason);
  export_trace_action_->setEnabled(idle && why.isEmpty());
  export_trace_action_->setToolTip(why.isEmpty() ? tr("Chrome/Perfetto trace of %1").arg(series[static_cast<std::size_t>(index)].key) : why);
}

bool MainWindow::exportSamplesCsv(const QString& path) {
  QString error;
  const int rows = SamplesCsv::write(document_->resultsSoFar(), path, &error);
  if (rows < 0) {
    log_model_->append(LogLevel::Error, error);
    return false;
  }
  log_model_->append(LogLevel::Info, tr("%1 samples exported to %2").arg(rows).arg(path));
  return true;
}

bool MainWindow::exportChromeTrace(const QString& path) {
  const int index = selectedSeriesIndex();
  const auto& series = document_->series();
  if (index < 0 || index >= static_cast<int>(series.size()) || !series[static_cast<std::size_t>(index)].result ||
      !series[static_cast<std::size_t>(index)].result->trace_window) {
    log_model_->append(LogLevel::Warning, tr("No trace window to export: select a config traced in this run."));
    return false;
  }
  const auto& s = series[static_cast<std::size_t>(index)];
  try {
    trace::ChromeTraceOptions options;
    options.title = s.key.toStdString();
    trace::ChromeTraceWriter(options).writeFile(*s.result->trace_window, path.toStdString());
  } catch (const std::exception& e) {
    log_model_->append(LogLevel::Error, QString::fromStdString(e.what()));
    return false;
  }
  log_model_->append(LogLevel::Info, tr("Chrome trace of %1 written to %2 (open in ui.perfetto.dev)").arg(s.key, path));
  return true;
}

void MainWindow::exportDialog(const QString& what) {
  QString name, filter;
  if (what == QLatin1String("csv")) name = QStringLiteral("samples.csv"), filter = tr("CSV files (*.csv)");
  else if (what == QLatin1String("trace")) name = QStringLiteral("trace.json"), filter = tr("Chrome trace JSON (*.json)");
  else name = QStringLiteral("session") + QString::fromUtf8(kSessionExtension), filter = tr("InferScope sessions (*.inferscope.json)");
  const QString path = QFileDialog::getSaveFileName(this, tr("Export"), QDir(lastDirectory()).filePath(name), filter);
  if (path.isEmpty()) return;
  rememberDirectory(path);
  if (what == QLatin1String("csv")) exportSamplesCsv(path);
  else if (what == QLatin1String("trace")) exportChromeTrace(path);
  else saveSession(path);
}

void MainWindow::createExportMenu() {
  export_csv_action_ = new QAction(tr("Samples as &CSV…"), this);
  export_csv_action_->setObjectName(QStringLiteral("exportCsvAction"));
  connect(export_csv_action_, &QAction::triggered, this, [this] { exportDialog(QStringLiteral("csv")); });
  export_trace_action_ = new QAction(tr("&Chrome Trace of Selected Config…"), this);
  export_trace_action_->setObjectName(QStringLiteral("exportTraceAction"));
  connect(export_trace_action_, &QAction::triggered, this, [this] { exportDialog(QStringLiteral("trace")); });
  export_json_action_ = new QAction(tr("Session &JSON…"), this);
  export_json_action_->setObjectName(QStringLiteral("exportJsonAction"));
  connect(export_json_action_, &QAction::triggered, this, [this] { exportDialog(QStringLiteral("json")); });
  // Between View and Help, where the sketch in UI.md has it.
  auto* menu = new QMenu(tr("E&xport"), this);
  menuBar()->insertMenu(menuBar()->actions().last(), menu);
  menu->setToolTipsVisible(true);  // the disabled trace action says why
  menu->addAction(export_png_action_);
  menu->addAction(export_pdf_action_);
  menu->addSeparator();
  menu->addAction(export_csv_action_);
  menu->addAction(export_trace_action_);
  menu->addAction(export_json_action_);
  connect(menu, &QMenu::aboutToShow, this, &MainWindow::updateExportActions);
  connect(results_view_->selectionModel(), &QItemSelectionModel::currentChanged, this, &MainWindow::updateExportActions);
  connect(document_, &SessionDocument::reset, this, &MainWindow::updateExportActions);
  connect(document_, &SessionDocument::resultAdded, this, &MainWindow::updateExportActions);
  updateExportActions();

  autosave_timer_ = new QTimer(this);
  autosave_timer_->setInterval(kAutosaveIntervalMs);
  connect(autosave_timer_, &QTimer::timeout, this, &MainWindow::autosave);
  connect(document_, &SessionDocument::resultAdded, this, [this] { if (bridge_->isRunning()) autosave(); });
}

void MainWindow::autosave() {
  if (document_->finishedCount() == 0) return;  // nothing worth recovering yet
  if (autosave_in_flight_) {
    autosave_again_ = true;
    return;
  }
  SessionResult so_far = document_->resultsSoFar();
  std::size_t samples = 0;
  for (const auto& c : so_far.configs) samples += c.latency_ms.size();
  if (samples <= kAutosaveInlineSamples) {
    writeAutosave(sessionToJson(so_far));
    return;
  }
  // Large runs: the JSON text on a worker thread; the file is written here, and only while the
  // same run still goes on (a run that ended removes the autosave, which must stay removed).
  autosave_in_flight_ = true;
  const quint64 generation = bridge_->generation();
  QThreadPool::globalInstance()->start([this, alive = alive_, generation, so_far = std::move(so_far)] {
    auto text = std::make_shared<const std::string>(sessionToJson(so_far));
    QMetaObject::invokeMethod(
        QCoreApplication::instance(),
        [this, alive, generation, text] {
          if (!*alive) return;
          autosave_in_flight_ = false;
          if (bridge_->isRunning() && bridge_->generation() == generation) writeAutosave(*text);
          if (std::exchange(autosave_again_, false) && bridge_->isRunning()) autosave();
        },
        Qt::QueuedConnection);
  });
}

void MainWindow::writeAutosave(const std::string& text) {
  try {
    QDir().mkpath(QFileInfo(autosavePath()).absolutePath());
    writeFileAtomically(autosavePath().toStdString(), text);
  } catch (const std::exception& e) {
    // Once per run is enough: a full disk would otherwise log every 10 s.
    if (!autosave_failed_) log_model_->append(LogLevel::Warning, tr("autosave failed: %1").arg(QString::fromStdString(e.what())));
    autosave_failed_ = true;
  }
}

void MainWindow::offerAutosave() {
  const QString path = autosavePath();
  if (!QFileInfo::exists(path)) return;
  log_model_->append(LogLevel::Warning, tr("A run did not finish last time; its results so far were autosaved. "
                                           "Run → Open Autosaved Run opens them (%1).").arg(path));
  recover_action_->setEnabled(true);
  offer_label_->setText(tr("⚠ Results of an unfinished run were autosaved (%1).").arg(QFileInfo(path).lastModified().toString(Qt::ISODate)));
  offer_bar_->setVisible(true);
}

}  // namespace inferscope::gui
