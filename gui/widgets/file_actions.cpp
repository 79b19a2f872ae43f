// FileActions: the loader's outcome becomes the document, the recent list, the setup panel's
// request and the status line; failures keep what the window showed before and say why.
#include "gui/widgets/file_actions.h"

#include <QAction>
#include <QDir>
#include <QEventLoop>
#include <QFile>
#include <QFileDialog>
#include <QFileInfo>
#include <QMenu>
#include <QMimeData>
#include <QStyle>
#include <QTimer>
#include <QUrl>
#include <QWidget>

#include "core/common/error.h"
#include "core/model/pt2_archive.h"
#include "core/session/session_file.h"
#include "gui/lib/display_text.h"
#include "gui/lib/engine_bridge.h"
#include "gui/lib/file_names.h"
#include "gui/lib/log_model.h"
#include "gui/lib/python_entry_points.h"
#include "gui/lib/recent_files.h"
#include "gui/lib/session_document.h"
#include "gui/lib/session_loader.h"
#include "gui/widgets/entry_point_dialog.h"
#include "gui/widgets/message_banner.h"
#include "gui/widgets/run_setup_panel.h"
#include "gui/widgets/run_status_bar.h"
#include "gui/widgets/translated_text.h"
#include "gui/widgets/trust_prompt.h"

namespace inferscope::gui {
namespace {

QString sessionFilter() {
  return FileActions::tr("InferScope sessions (*.inferscope.json);;JSON files (*.json)");
}

// What the window runs of a model file: an entry point's .py, an ExportedProgram's .pt2.
bool isWindowModelFile(const QString& path) {
  return path.endsWith(QStringLiteral(".py"), Qt::CaseInsensitive) ||
         path.endsWith(QStringLiteral(".pt2"), Qt::CaseInsensitive);
}

// The most of a .py read for its function names: far beyond any model file, and a bound for a
// file that is not one.
constexpr qint64 kMaxEntryFileBytes = qint64{4} << 20;

}  // namespace

FileActions::FileActions(SessionDocument* document, EngineBridge* bridge, SessionLoader* loader,
                         LogModel* log, MessageBanner* banner, RunStatusBar* status,
                         RunSetupPanel* setup, QWidget* window)
    : QObject(window),
      document_(document),
      bridge_(bridge),
      loader_(loader),
      log_(log),
      banner_(banner),
      status_(status),
      setup_(setup),
      window_(window),
      open_action_(newTr<QAction>(this, QT_TR_NOOP("&Open Session…"),
                                  window->style()->standardIcon(QStyle::SP_DialogOpenButton),
                                  QString(), this)),
      open_model_action_(newTr<QAction>(this, QT_TR_NOOP("Open &Model…"), QString(), this)),
      save_action_(newTr<QAction>(this, QT_TR_NOOP("&Save Session…"),
                                  window->style()->standardIcon(QStyle::SP_DialogSaveButton),
                                  QString(), this)),
      recent_menu_(new QMenu(window)) {
  bindTr(this, recent_menu_, "title", QT_TR_NOOP("Open &Recent"));
  open_action_->setShortcut(QKeySequence::Open);
  connect(open_action_, &QAction::triggered, this, &FileActions::openSessionDialog);
  open_model_action_->setObjectName(QStringLiteral("openModelAction"));
  open_model_action_->setShortcut(Qt::CTRL | Qt::SHIFT | Qt::Key_O);
  bindTr(this, open_model_action_, "toolTip",
         QT_TR_NOOP("A Python entry point (.py) or an ExportedProgram (.pt2) to run in the "
                    "window"));
  connect(open_model_action_, &QAction::triggered, this, &FileActions::openModelDialog);
  save_action_->setShortcut(QKeySequence::Save);
  connect(save_action_, &QAction::triggered, this, &FileActions::saveSessionDialog);

  connect(loader_, &SessionLoader::loaded, this,
          [this](int, const QString& path, const std::shared_ptr<const SessionResult>& session) {
            onSessionLoaded(path, session);
          });
  connect(loader_, &SessionLoader::reanalysed, this,
          [this](int, const QString& path, const QStringList& changes) {
            log_->append(LogLevel::Warning,
                         tr("%1 was analysed again with this version's rules; %n result(s) differ "
                            "from the file: %2",
                            nullptr, static_cast<int>(changes.size()))
                             .arg(QFileInfo(path).fileName(), changes.join(QStringLiteral("; "))));
          });
  connect(loader_, &SessionLoader::failed, this,
          [this](int, const QString& path, const QString& message) {
            onSessionLoadFailed(path, message);
          });
  connect(status_, &RunStatusBar::cancelLoadRequested, this, &FileActions::cancelOpen);
  connect(loader_, &SessionLoader::progress, status_,
          [this](int, double fraction) { status_->loadingProgress(fraction); });
  updateRecentMenu();
}

int FileActions::openSessionAsync(const QString& path) {
  if (bridge_->isRunning()) {
    const QString message = tr("Finish or cancel the run before opening a session.");
    log_->append(LogLevel::Warning, message);
    emit sessionOpenFailed(path, message);
    return 0;
  }
  banner_->hide();
  status_->showLoading(QFileInfo(path).fileName());
  emit stateChanged();
  return loader_->load(path);
}

bool FileActions::openSession(const QString& path) {
  // The same worker path as the menu's Open, waited for: the event loop keeps running (the
  // progress bar moves, Cancel works), and the answer is whether this very file was opened.
  bool ok = false, done = false;
  QEventLoop loop;
  const auto opened = connect(this, &FileActions::sessionOpened, &loop, [&](const QString& p) {
    if (p != path) return;
    ok = done = true;
    loop.quit();
  });
  const auto failed = connect(this, &FileActions::sessionOpenFailed, &loop, [&](const QString& p) {
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

void FileActions::cancelOpen() {
  if (!loader_->isLoading()) return;
  const QString name = QFileInfo(loader_->loadingPath()).fileName();
  loader_->cancel();
  log_->append(LogLevel::Info, tr("stopped opening %1").arg(name));
  showDocumentSummary();
  emit stateChanged();
}

void FileActions::onSessionLoaded(const QString& path,
                                  const std::shared_ptr<const SessionResult>& session) {
  document_->setSession(session, path);
  RecentFiles::add(path);
  updateRecentMenu();
  RecentFiles::rememberDirectory(path);
  setup_->applyRequest(session->request);
  showDocumentSummary();
  log_->append(LogLevel::Info, tr("opened %1").arg(status_->text()));
  emit stateChanged();
  emit sessionOpened(path);
}

void FileActions::onSessionLoadFailed(const QString& path, const QString& message) {
  // The reader's message names the file and what is wrong with it; the banner says what was
  // being done, so the user knows the window still shows what it showed before.
  const QString headline = tr("Could not open %1").arg(QFileInfo(path).fileName());
  banner_->showError(headline, message);
  log_->append(LogLevel::Error, message);
  showDocumentSummary();
  status_->showError(headline);
  emit stateChanged();
  emit sessionOpenFailed(path, message);
}

void FileActions::retranslate() {
  // The status line says what is open in the new language (a run's or an error's words are the
  // status bar's own), and the recent list's own entries.
  if (status_->state() == RunStatusBar::RunState::Idle) showDocumentSummary();
  updateRecentMenu();
}

void FileActions::showDocumentSummary() {
  const auto session = document_->session();
  if (!session || document_->filePath().isEmpty()) {
    status_->showSession({});
    return;
  }
  const int configs = static_cast<int>(session->configs.size());
  const QString file = QFileInfo(document_->filePath()).fileName();
  const QString count = configs == 1 ? tr("1 config") : tr("%1 configs").arg(configs);
  const QString when = display_text::line(session->created_utc, 40);
  const QString host = display_text::line(session->host);
  // A session written by hand or by another tool may lack the time or the host: the line says
  // what it knows ("recorded  on " read as if something had been cut).
  if (!when.isEmpty() && !host.isEmpty()) {
    status_->showSession(tr("%1 · %2 · recorded %3 on %4").arg(file, count, when, host));
  } else if (!when.isEmpty()) {
    status_->showSession(tr("%1 · %2 · recorded %3").arg(file, count, when));
  } else if (!host.isEmpty()) {
    status_->showSession(tr("%1 · %2 · recorded on %3").arg(file, count, host));
  } else {
    status_->showSession(tr("%1 · %2").arg(file, count));
  }
}

bool FileActions::saveSession(const QString& path) {
  try {
    document_->save(path);
  } catch (const std::exception& e) {
    log_->append(LogLevel::Error,
                 tr("could not save %1: %2").arg(path, QString::fromStdString(e.what())));
    return false;
  }
  RecentFiles::add(path);
  updateRecentMenu();
  RecentFiles::rememberDirectory(path);
  log_->append(LogLevel::Info, tr("session saved to %1").arg(path));
  return true;
}

void FileActions::openSessionDialog() {
  const QString path = QFileDialog::getOpenFileName(window_, tr("Open Session"),
                                                    RecentFiles::lastDirectory(), sessionFilter());
  if (!path.isEmpty()) openSessionAsync(path);
}

void FileActions::openModelDialog() {
  const QString path = QFileDialog::getOpenFileName(
      window_, tr("Open Model"), RecentFiles::lastDirectory(),
      tr("Models (*.py *.pt2);;Python entry points (*.py);;ExportedPrograms (*.pt2)"));
  if (!path.isEmpty()) openModel(path);
}

void FileActions::refuseModel(const QString& path, const QString& why) {
  const QString headline = tr("Cannot run %1").arg(QFileInfo(path).fileName());
  banner_->showError(headline, why);
  log_->append(LogLevel::Error, QStringLiteral("%1: %2").arg(headline, why));
}

bool FileActions::openModel(const QString& path) {
  const QFileInfo info(path);
  const QString name = info.fileName();
  if (bridge_->isRunning()) {
    log_->append(LogLevel::Warning, tr("Finish or cancel the run before opening a model."));
    return false;
  }
  ModelRef model;
  // Absolute: the trust store records it so, and the run's worker starts in another folder.
  model.path = QDir::cleanPath(info.absoluteFilePath()).toStdString();
  model.name = info.completeBaseName().toStdString();
  if (path.endsWith(QStringLiteral(".py"), Qt::CaseInsensitive)) {
    model.source = ModelSource::PythonEntry;
  } else if (path.endsWith(QStringLiteral(".pt2"), Qt::CaseInsensitive)) {
    model.source = ModelSource::ExportedProgram;  // or a package: its directory says, once trusted
  } else {
    refuseModel(path, tr("the window runs Python entry points (.py) and ExportedPrograms (.pt2)"));
    return false;
  }
  // Trust first: until the user trusts the file, nothing of it is read but its hash.
  QString error;
  if (!TrustPrompt::ensureTrusted(window_, model, &error)) {
    if (error.isEmpty()) {
      log_->append(
          LogLevel::Info,
          tr("%1 was not trusted: only its hash was read, and nothing of it ran").arg(name));
    } else {
      refuseModel(path, error);
    }
    return false;
  }
  if (model.source == ModelSource::ExportedProgram) {
    try {
      const Pt2Layout layout = inspectPt2(model.path);
      if (layout.kind == Pt2Kind::AotInductorPackage) {
        refuseModel(path,
                    tr("it is an AOTInductor package, which needs its input shapes: profile it "
                       "with inferscope-cli profile --model-file %1 --input SHAPE:DTYPE --out "
                       "run.inferscope.json, then open the session here")
                        .arg(path));
        return false;
      }
      if (layout.kind != Pt2Kind::ExportedProgram) {
        refuseModel(path, tr("it is neither an ExportedProgram (torch.export.save) nor an "
                             "AOTInductor package: %1")
                              .arg(QString::fromStdString(layout.describe())));
        return false;
      }
    } catch (const Error& e) {
      refuseModel(path, QString::fromStdString(e.what()));
      return false;
    }
  } else {
    QFile file(path);
    if (!file.open(QIODevice::ReadOnly)) {
      refuseModel(path, tr("it cannot be read: %1").arg(file.errorString()));
      return false;
    }
    const QString source = QString::fromUtf8(file.read(kMaxEntryFileBytes));
    EntryPointDialog dialog(name, topLevelFunctions(source), window_);
    if (dialog.exec() != QDialog::Accepted) {
      log_->append(LogLevel::Info, tr("no entry point of %1 chosen: nothing runs").arg(name));
      return false;
    }
    model.entry = dialog.function().toStdString();
    model.name += ":" + model.entry;  // as the CLI names it: "tiny:build"
  }
  model.trusted_sha256.clear();  // decided again at each start, against the bytes then
  setup_->addModelFile(model);
  banner_->hide();
  RecentFiles::rememberDirectory(path);
  log_->append(LogLevel::Info,
               tr("%1 is the model for the next run: Start measures it in the Python worker")
                   .arg(setup_->modelName()));
  emit modelOpened(path);
  return true;
}

void FileActions::saveSessionDialog() {
  const auto session = document_->session();
  if (!session) return;
  QString name = document_->filePath();
  if (name.isEmpty()) {
    name = QDir(RecentFiles::lastDirectory())
               .filePath(QStringLiteral("%1-%2%3").arg(
                   display_text::line(session->request.model.displayName(), 80),
                   QString::fromStdString(session->device.deviceString()),
                   QString::fromUtf8(kSessionExtension)));
  }
  const QString path =
      QFileDialog::getSaveFileName(window_, tr("Save Session"), name, sessionFilter());
  if (!path.isEmpty()) saveSession(withSuffix(path, QString::fromUtf8(kSessionExtension)));
}

void FileActions::setRunning(bool running) {
  open_action_->setEnabled(!running);
  open_model_action_->setEnabled(!running);
  recent_menu_->setEnabled(!running && !recent_menu_->isEmpty());
  save_action_->setEnabled(!running && document_->session() != nullptr);
}

void FileActions::updateRecentMenu() {
  recent_menu_->clear();
  const QStringList files = RecentFiles::files();
  for (int i = 0; i < files.size(); ++i) {
    const QString path = files[i];
    auto* action = recent_menu_->addAction(
        QStringLiteral("&%1 %2").arg(i + 1).arg(QFileInfo(path).fileName()));
    action->setToolTip(path);
    connect(action, &QAction::triggered, this, [this, path] { openSessionAsync(path); });
  }
  if (!files.isEmpty()) {
    recent_menu_->addSeparator();
    addTrAction(this, recent_menu_, QT_TR_NOOP("&Clear List"), this, [this] {
      RecentFiles::clear();
      updateRecentMenu();
    });
  }
  recent_menu_->setEnabled(!files.isEmpty() && !bridge_->isRunning() && !loader_->isLoading());
}

// A session file dropped on the window opens like File → Open, a .py or .pt2 like File → Open
// Model. A TorchScript .pt is named in the banner with the command that profiles it: it needs
// input shapes, which the window does not ask for.
QString FileActions::droppedFile(const QMimeData* mime) {
  if (!mime || !mime->hasUrls()) return {};
  for (const QUrl& url : mime->urls()) {
    if (!url.isLocalFile()) continue;
    const QString path = url.toLocalFile();
    if (path.endsWith(QStringLiteral(".json"), Qt::CaseInsensitive) ||
        path.endsWith(QStringLiteral(".pt"), Qt::CaseInsensitive) || isWindowModelFile(path))
      return path;
  }
  return {};
}

bool FileActions::acceptsDrop(const QMimeData* mime) const {
  return !droppedFile(mime).isEmpty() && !bridge_->isRunning();
}

bool FileActions::drop(const QMimeData* mime) {
  const QString path = droppedFile(mime);
  if (path.isEmpty()) return false;
  if (path.endsWith(QStringLiteral(".json"), Qt::CaseInsensitive)) {
    openSessionAsync(path);
    return true;
  }
  if (isWindowModelFile(path)) {
    // After the drop has ended: the trust prompt and the entry-point dialog are modal, and the
    // drag's source must not wait for them.
    QTimer::singleShot(0, this, [this, path] { openModel(path); });
    return true;
  }
  banner_->showError(
      tr("%1 is a TorchScript file").arg(QFileInfo(path).fileName()),
      tr("The window runs zoo models, Python entry points (.py) and ExportedPrograms (.pt2). A "
         "TorchScript file needs its input shapes: profile it with inferscope-cli profile "
         "--model-file %1 --input SHAPE:DTYPE --out run.inferscope.json, then drop the session "
         "file here.")
          .arg(path));
  return true;
}

}  // namespace inferscope::gui
