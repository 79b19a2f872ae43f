// MainWindow's File menu: open and save sessions, recent files, chart export. A session opened
// here goes through SessionDocument::setSession, the same path a finished live run takes.
#include <QAction>
#include <algorithm>
#include <QDir>
#include <QEventLoop>
#include <QFileDialog>
#include <QFileInfo>
#include <QMenu>
#include <QSettings>
#include <QStandardPaths>
#include <QLabel>
#include <QTabWidget>
#include <QTextDocumentFragment>

#include "core/session/session_file.h"
#include "gui/lib/engine_bridge.h"
#include "gui/lib/log_model.h"
#include "gui/lib/recent_files.h"
#include "gui/lib/session_document.h"
#include "gui/lib/session_loader.h"
#include "gui/widgets/message_banner.h"
#include "gui/widgets/chart_style.h"
#include "gui/widgets/latency_chart.h"
#include "gui/widgets/main_window.h"
#include "gui/widgets/run_setup_panel.h"
#include "gui/widgets/run_status_bar.h"

namespace inferscope::gui {
namespace {

QString sessionFilter() { return MainWindow::tr("InferScope sessions (*.inferscope.json);;JSON files (*.json)"); }

QString withSuffix(QString path, const QString& suffix) {
  if (!path.endsWith(suffix, Qt::CaseInsensitive)) path += suffix;
  return path;
}

}  // namespace

int MainWindow::openSessionAsync(const QString& path) {
  if (bridge_->isRunning()) {
    const QString message = tr("Finish or cancel the run before opening a session.");
    log_model_->append(LogLevel::Warning, message);
    emit sessionOpenFailed(path, message);
    return 0;
  }
  banner_->hide();
  run_status_->showLoading(QFileInfo(path).fileName());
  onRunningChanged(false);
  return loader_->load(path);
}

bool MainWindow::openSession(const QString& path) {
  // The same worker path as the menu's Open, waited for: the event loop keeps running (the
  // progress bar moves, Cancel works), and the answer is whether this very file was opened.
  bool ok = false, done = false;
  QEventLoop loop;
  const auto opened = connect(this, &MainWindow::sessionOpened, &loop, [&](const QString& p) {
    if (p != path) return;
    ok = done = true;
    loop.quit();
  });
  const auto failed = connect(this, &MainWindow::sessionOpenFailed, &loop, [&](const QString& p) {
    if (p != path) return;
    done = true;
    loop.quit();
  });
  const auto cancelled = connect(loader_, &SessionLoader::loadingChanged, &loop, [&](bool loading) {
    if (loading || done) return;
    done = true;  // cancelled: the result will not come
    loop.quit();
  });
  if (openSessionAsync(path) != 0 && !done) loop.exec();
  disconnect(opened);
  disconnect(failed);
  disconnect(cancelled);
  return ok;
}

void MainWindow::cancelOpen() {
  if (!loader_->isLoading()) return;
  const QString name = QFileInfo(loader_->loadingPath()).fileName();
  loader_->cancel();
  log_model_->append(LogLevel::Info, tr("stopped opening %1").arg(name));
  showDocumentSummary();
  onRunningChanged(false);
}

void MainWindow::onSessionLoaded(const QString& path, const std::shared_ptr<const SessionResult>& session) {
  document_->setSession(session, path);
  RecentFiles::add(path);
  updateRecentMenu();
  rememberDirectory(path);
  setup_panel_->applyRequest(session->request);
  showDocumentSummary();
  log_model_->append(LogLevel::Info, tr("opened %1").arg(run_status_->text()));
  onRunningChanged(false);
  updateTitle();
  emit sessionOpened(path);
}

void MainWindow::onSessionLoadFailed(const QString& path, const QString& message) {
  // The reader's message names the file and what is wrong with it; the banner says what was
  // being done, so the user knows the window still shows what it showed before.
  const QString headline = tr("Could not open %1").arg(QFileInfo(path).fileName());
  banner_->showError(headline, message);
  log_model_->append(LogLevel::Error, message);
  showDocumentSummary();
  run_status_->showError(headline);
  onRunningChanged(false);
  emit sessionOpenFailed(path, message);
}

void MainWindow::showDocumentSummary() {
  const auto session = document_->session();
  if (!session || document_->filePath().isEmpty()) {
    run_status_->showSession({});
    return;
  }
  const int configs = static_cast<int>(session->configs.size());
  run_status_->showSession(tr("%1 · %2 · recorded %3 on %4")
                               .arg(QFileInfo(document_->filePath()).fileName(),
                                    configs == 1 ? tr("1 config") : tr("%1 configs").arg(configs),
                                    QString::fromStdString(session->created_utc),
                                    QString::fromStdString(session->host)));
}

bool MainWindow::saveSession(const QString& path) {
  try {
    document_->save(path);
  } catch (const std::exception& e) {
    log_model_->append(LogLevel::Error, tr("could not save %1: %2").arg(path, QString::fromStdString(e.what())));
    return false;
  }
  RecentFiles::add(path);
  updateRecentMenu();
  rememberDirectory(path);
  log_model_->append(LogLevel::Info, tr("session saved to %1").arg(path));
  return true;
}

bool MainWindow::exportChart(const QString& path) {
  bool ok = false;
  const QString caption = QTextDocumentFragment::fromHtml(session_info_->text()).toPlainText();
  if (const auto* page = dynamic_cast<const ExportableChart*>(tabs_->currentWidget()))
    ok = ChartStyle::exportPlot(page->exportPlot(), path, page->exportTitle(), caption);
  if (ok) {
    log_model_->append(LogLevel::Info, tr("chart exported to %1").arg(path));
  } else {
    log_model_->append(LogLevel::Error, tr("could not write %1 (is the folder writable?)").arg(path));
  }
  return ok;
}

void MainWindow::openSessionDialog() {
  const QString path = QFileDialog::getOpenFileName(this, tr("Open Session"), lastDirectory(), sessionFilter());
  if (!path.isEmpty()) openSessionAsync(path);
}

void MainWindow::saveSessionDialog() {
  const auto session = document_->session();
  if (!session) return;
  QString name = document_->filePath();
  if (name.isEmpty()) {
    name = QDir(lastDirectory()).filePath(QStringLiteral("%1-%2%3")
                                               .arg(QString::fromStdString(session->request.model.displayName()),
                                                    QString::fromStdString(session->device.deviceString()),
                                                    QString::fromUtf8(kSessionExtension)));
  }
  const QString path = QFileDialog::getSaveFileName(this, tr("Save Session"), name, sessionFilter());
  if (!path.isEmpty()) saveSession(withSuffix(path, QString::fromUtf8(kSessionExtension)));
}

void MainWindow::exportChartDialog(const QString& suffix) {
  const QString filter = suffix == QStringLiteral("pdf") ? tr("PDF documents (*.pdf)") : tr("PNG images (*.png)");
  static const char* const kNames[] = {"latency", "memory", "speed-accuracy", "kernels", "cudnn"};
  const int tab = std::clamp(tabs_->currentIndex(), 0, static_cast<int>(std::size(kNames)) - 1);
  const QString name = QDir(lastDirectory()).filePath(QString::fromLatin1(kNames[tab]) + QLatin1Char('.') + suffix);
  const QString path = QFileDialog::getSaveFileName(this, tr("Export Chart"), name, filter);
  if (path.isEmpty()) return;
  rememberDirectory(path);
  exportChart(withSuffix(path, QLatin1Char('.') + suffix));
}

void MainWindow::updateRecentMenu() {
  recent_menu_->clear();
  const QStringList files = RecentFiles::files();
  for (int i = 0; i < files.size(); ++i) {
    const QString path = files[i];
    auto* action = recent_menu_->addAction(QStringLiteral("&%1 %2").arg(i + 1).arg(QFileInfo(path).fileName()));
    action->setToolTip(path);
    connect(action, &QAction::triggered, this, [this, path] { openSessionAsync(path); });
  }
  if (!files.isEmpty()) {
    recent_menu_->addSeparator();
    recent_menu_->addAction(tr("&Clear List"), this, [this] {
      RecentFiles::clear();
      updateRecentMenu();
    });
  }
  recent_menu_->setEnabled(!files.isEmpty() && !bridge_->isRunning() && !loader_->isLoading());
}

QString MainWindow::lastDirectory() const {
  const QString dir = QSettings().value(QStringLiteral("files/lastDirectory")).toString();
  return QFileInfo(dir).isDir() ? dir : QStandardPaths::writableLocation(QStandardPaths::DocumentsLocation);
}

void MainWindow::rememberDirectory(const QString& path) const {
  QSettings().setValue(QStringLiteral("files/lastDirectory"), QFileInfo(path).absolutePath());
}

}  // namespace inferscope::gui
