// SessionExportController: the export actions and their dialogs, and the autosave's timer, worker
// and crash offer.
#include "gui/widgets/session_export_controller.h"

#include <QAbstractItemView>
#include <QAction>
#include <QDateTime>
#include <QDir>
#include <QFile>
#include <QFileDialog>
#include <QFileInfo>
#include <QHBoxLayout>
#include <QItemSelectionModel>
#include <QLabel>
#include <QPushButton>
#include <QStandardPaths>
#include <QTabWidget>
#include <QTextDocumentFragment>
#include <QTimer>
#include <algorithm>
#include <iterator>
#include <utility>

#include "core/session/session_file.h"
#include "core/trace/chrome_trace_writer.h"
#include "core/trace/trace_records.h"
#include "gui/lib/background_pool.h"
#include "gui/lib/engine_bridge.h"
#include "gui/lib/file_names.h"
#include "gui/lib/log_categories.h"
#include "gui/lib/log_model.h"
#include "gui/lib/recent_files.h"
#include "gui/lib/results_table_model.h"
#include "gui/lib/samples_csv.h"
#include "gui/lib/session_document.h"
#include "gui/widgets/chart_style.h"
#include "gui/widgets/translated_text.h"

namespace inferscope::gui {

SessionExportController::SessionExportController(SessionDocument* document, EngineBridge* bridge,
                                                 LogModel* log, QTabWidget* charts, QLabel* caption,
                                                 QAbstractItemView* results, QWidget* window)
    : QObject(window),
      document_(document),
      bridge_(bridge),
      log_(log),
      charts_(charts),
      caption_(caption),
      results_(results),
      window_(window),
      export_png_action_(newTr<QAction>(this, QT_TR_NOOP("Export Chart as &PNG…"), this)),
      export_pdf_action_(newTr<QAction>(this, QT_TR_NOOP("Export Chart as P&DF…"), this)),
      export_csv_action_(newTr<QAction>(this, QT_TR_NOOP("Samples as &CSV…"), this)),
      export_trace_action_(
          newTr<QAction>(this, QT_TR_NOOP("&Chrome Trace of Selected Config…"), this)),
      export_json_action_(newTr<QAction>(this, QT_TR_NOOP("Session &JSON…"), this)),
      recover_action_(newTr<QAction>(this, QT_TR_NOOP("Open &Autosaved Run"), this)),
      autosave_timer_(new QTimer(this)),
      autosave_jobs_(this, QStringLiteral("autosave"), backgroundPool()) {
  export_png_action_->setShortcut(Qt::CTRL | Qt::Key_E);
  connect(export_png_action_, &QAction::triggered, this,
          [this] { exportChartDialog(QStringLiteral("png")); });
  export_pdf_action_->setShortcut(Qt::CTRL | Qt::SHIFT | Qt::Key_E);
  connect(export_pdf_action_, &QAction::triggered, this,
          [this] { exportChartDialog(QStringLiteral("pdf")); });
  export_csv_action_->setObjectName(QStringLiteral("exportCsvAction"));
  connect(export_csv_action_, &QAction::triggered, this,
          [this] { exportDialog(QStringLiteral("csv")); });
  export_trace_action_->setObjectName(QStringLiteral("exportTraceAction"));
  connect(export_trace_action_, &QAction::triggered, this,
          [this] { exportDialog(QStringLiteral("trace")); });
  export_json_action_->setObjectName(QStringLiteral("exportJsonAction"));
  connect(export_json_action_, &QAction::triggered, this,
          [this] { exportDialog(QStringLiteral("json")); });
  recover_action_->setObjectName(QStringLiteral("recoverAction"));
  recover_action_->setEnabled(false);
  connect(recover_action_, &QAction::triggered, this,
          [this] { emit openRequested(autosavePath()); });

  connect(results_->selectionModel(), &QItemSelectionModel::currentChanged, this,
          &SessionExportController::updateActions);
  // A page without a chart (the Answer page, the Race page's table) has nothing to export as a
  // picture: said at once too, for the page a window opens on.
  const auto chart_actions = [this] {
    const bool chart = dynamic_cast<const ExportableChart*>(charts_->currentWidget()) != nullptr;
    export_png_action_->setEnabled(chart);
    export_pdf_action_->setEnabled(chart);
  };
  connect(charts_, &QTabWidget::currentChanged, this, chart_actions);
  chart_actions();
  connect(document_, &SessionDocument::reset, this, &SessionExportController::updateActions);
  connect(document_, &SessionDocument::resultAdded, this, &SessionExportController::updateActions);
  updateActions();

  autosave_timer_->setInterval(kAutosaveIntervalMs);
  connect(autosave_timer_, &QTimer::timeout, this, &SessionExportController::autosave);
  connect(document_, &SessionDocument::resultAdded, this, [this] {
    if (bridge_->isRunning()) autosave();
  });
  createOfferBar();
}

SessionExportController::~SessionExportController() = default;

// The log panel hosts offers a message alone cannot act on (a crashed run's autosave): a slim bar
// above the list, hidden until there is something to offer.
void SessionExportController::createOfferBar() {
  offer_bar_ = new QWidget;
  offer_bar_->setObjectName(QStringLiteral("offerBar"));
  auto* offer_layout = new QHBoxLayout(offer_bar_);
  offer_layout->setContentsMargins(4, 2, 4, 2);
  offer_label_ = new QLabel;
  offer_layout->addWidget(offer_label_, 1);
  auto* open = newTr<QPushButton>(this, QT_TR_NOOP("Open"));
  open->setObjectName(QStringLiteral("offerOpenButton"));
  auto* discard = newTr<QPushButton>(this, QT_TR_NOOP("Discard"));
  discard->setObjectName(QStringLiteral("offerDiscardButton"));
  offer_layout->addWidget(open);
  offer_layout->addWidget(discard);
  offer_bar_->setVisible(false);
  connect(open, &QPushButton::clicked, this, [this] { emit openRequested(autosavePath()); });
  connect(discard, &QPushButton::clicked, this, [this] {
    QFile::remove(autosavePath());
    recover_action_->setEnabled(false);
    offer_bar_->hide();
  });
}

QString SessionExportController::autosavePath() {
  return QDir(QStandardPaths::writableLocation(QStandardPaths::AppDataLocation))
      .filePath(QStringLiteral("autosave.inferscope.json"));
}

int SessionExportController::selectedSeriesIndex() const {
  const QModelIndex current = results_->currentIndex();
  if (current.isValid()) return current.data(ResultsTableModel::SeriesIndexRole).toInt();
  // No selection: the first config that kept a trace window, so the action is useful at once.
  const auto& series = document_->series();
  for (std::size_t i = 0; i < series.size(); ++i) {
    if (series[i].result && series[i].result->trace_window &&
        series[i].result->trace_window->traced())
      return static_cast<int>(i);
  }
  return -1;
}

void SessionExportController::updateActions() {
  const bool idle = !bridge_->isRunning();
  const bool has_results = document_->finishedCount() > 0;
  export_csv_action_->setEnabled(idle && has_results);
  export_json_action_->setEnabled(idle && document_->session() != nullptr);
  const int index = selectedSeriesIndex();
  const auto& series = document_->series();
  const auto result = index >= 0 && index < static_cast<int>(series.size())
                          ? series[static_cast<std::size_t>(index)].result
                          : nullptr;
  QString why;
  if (!result)
    why = tr("Select a finished config in the results table");
  else if (!result->trace_window)
    why = tr("%1 has no trace window: Chrome traces come from live runs with “Trace kernels "
             "(CUDA)” (session files keep the aggregates and a few iterations of the timeline, "
             "not the window)")
              .arg(series[static_cast<std::size_t>(index)].key);
  else if (!result->trace_window->traced())
    why = QString::fromStdString(result->trace_window->untraced_reason);
  export_trace_action_->setEnabled(idle && why.isEmpty());
  export_trace_action_->setToolTip(
      why.isEmpty()
          ? tr("Chrome/Perfetto trace of %1").arg(series[static_cast<std::size_t>(index)].key)
          : why);
}

bool SessionExportController::exportChart(const QString& path) {
  bool ok = false;
  const QString caption = QTextDocumentFragment::fromHtml(caption_->text()).toPlainText();
  const auto* page = dynamic_cast<const ExportableChart*>(charts_->currentWidget());
  if (!page) {
    log_->append(LogLevel::Warning,
                 tr("this page has no chart to export; File → Save keeps the whole session"));
    return false;
  }
  ok = ChartStyle::exportPlot(page->exportPlot(), path, page->exportTitle(), caption);
  if (ok) {
    log_->append(LogLevel::Info, tr("chart exported to %1").arg(path));
  } else {
    log_->append(LogLevel::Error, tr("could not write %1 (is the folder writable?)").arg(path));
  }
  return ok;
}

bool SessionExportController::exportSamplesCsv(const QString& path) {
  QString error;
  const int rows = SamplesCsv::write(document_->resultsSoFar(), path, &error);
  if (rows < 0) {
    log_->append(LogLevel::Error, error);
    return false;
  }
  log_->append(LogLevel::Info, tr("%1 samples exported to %2").arg(rows).arg(path));
  return true;
}

bool SessionExportController::exportChromeTrace(const QString& path) {
  const int index = selectedSeriesIndex();
  const auto& series = document_->series();
  if (index < 0 || index >= static_cast<int>(series.size()) ||
      !series[static_cast<std::size_t>(index)].result ||
      !series[static_cast<std::size_t>(index)].result->trace_window) {
    log_->append(LogLevel::Warning,
                 tr("No trace window to export: select a config traced in this run."));
    return false;
  }
  const auto& s = series[static_cast<std::size_t>(index)];
  try {
    trace::ChromeTraceOptions options;
    options.title = s.key.toStdString();
    trace::ChromeTraceWriter(options).writeFile(*s.result->trace_window, path.toStdString());
  } catch (const std::exception& e) {
    log_->append(LogLevel::Error, QString::fromStdString(e.what()));
    return false;
  }
  log_->append(LogLevel::Info,
               tr("Chrome trace of %1 written to %2 (open in ui.perfetto.dev)").arg(s.key, path));
  return true;
}

void SessionExportController::exportDialog(const QString& what) {
  QString name, filter;
  if (what == QLatin1String("csv")) {
    name = QStringLiteral("samples.csv");
    filter = tr("CSV files (*.csv)");
  } else if (what == QLatin1String("trace")) {
    name = QStringLiteral("trace.json");
    filter = tr("Chrome trace JSON (*.json)");
  } else {
    name = QStringLiteral("session") + QString::fromUtf8(kSessionExtension);
    filter = tr("InferScope sessions (*.inferscope.json)");
  }
  const QString path = QFileDialog::getSaveFileName(
      window_, tr("Export"), QDir(RecentFiles::lastDirectory()).filePath(name), filter);
  if (path.isEmpty()) return;
  RecentFiles::rememberDirectory(path);
  if (what == QLatin1String("csv"))
    exportSamplesCsv(path);
  else if (what == QLatin1String("trace"))
    exportChromeTrace(path);
  else
    emit saveRequested(path);
}

void SessionExportController::exportChartDialog(const QString& suffix) {
  const QString filter =
      suffix == QStringLiteral("pdf") ? tr("PDF documents (*.pdf)") : tr("PNG images (*.png)");
  static const char* const kNames[] = {"latency", "memory", "speed-accuracy", "kernels", "cudnn"};
  const int tab = std::clamp(charts_->currentIndex(), 0, static_cast<int>(std::size(kNames)) - 1);
  const QString name = QDir(RecentFiles::lastDirectory())
                           .filePath(QString::fromLatin1(kNames[tab]) + QLatin1Char('.') + suffix);
  const QString path = QFileDialog::getSaveFileName(window_, tr("Export Chart"), name, filter);
  if (path.isEmpty()) return;
  RecentFiles::rememberDirectory(path);
  exportChart(withSuffix(path, QLatin1Char('.') + suffix));
}

void SessionExportController::startAutosave() {
  autosave_failed_ = false;
  autosave_timer_->start();
}

void SessionExportController::stopAutosave() {
  autosave_timer_->stop();
}

void SessionExportController::finishAutosave() {
  autosave_timer_->stop();
  QFile::remove(autosavePath());
}

void SessionExportController::autosave() {
  if (document_->finishedCount() == 0) return;  // nothing worth recovering yet
  if (autosave_jobs_.isRunning()) {
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
  const quint64 generation = bridge_->generation();
  autosave_jobs_.start([so_far = std::move(so_far)] { return sessionToJson(so_far); },
                       [this, generation](const std::string& text) {
                         if (bridge_->isRunning() && bridge_->generation() == generation) {
                           writeAutosave(text);
                         } else {
                           qCDebug(exportLog) << "autosave of an ended run not written";
                         }
                         if (std::exchange(autosave_again_, false) && bridge_->isRunning())
                           autosave();
                       });
}

void SessionExportController::writeAutosave(const std::string& text) {
  try {
    QDir().mkpath(QFileInfo(autosavePath()).absolutePath());
    writeFileAtomically(autosavePath().toStdString(), text);
  } catch (const std::exception& e) {
    // Once per run is enough: a full disk would otherwise log every 10 s.
    qCDebug(exportLog) << "autosave failed:" << e.what();
    if (!autosave_failed_)
      log_->append(LogLevel::Warning,
                   tr("autosave failed: %1").arg(QString::fromStdString(e.what())));
    autosave_failed_ = true;
  }
}

void SessionExportController::offerAutosave() {
  const QString path = autosavePath();
  if (!QFileInfo::exists(path)) return;
  log_->append(LogLevel::Warning,
               tr("A run did not finish last time; its results so far were autosaved. "
                  "Run → Open Autosaved Run opens them (%1).")
                   .arg(path));
  recover_action_->setEnabled(true);
  offer_label_->setText(tr("⚠ Results of an unfinished run were autosaved (%1).")
                            .arg(QFileInfo(path).lastModified().toString(Qt::ISODate)));
  offer_bar_->setVisible(true);
}

void SessionExportController::onSessionOpened(const QString& path) {
  if (path == autosavePath()) offer_bar_->hide();
}

}  // namespace inferscope::gui
