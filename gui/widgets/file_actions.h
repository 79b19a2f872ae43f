// The window's session files: File ▸ Open (dialog, worker-thread loading through SessionLoader,
// Cancel), Open Recent, Save, and a file dropped on the window. A session opened here goes through
// SessionDocument::setSession, the same path a finished live run takes; the outcome shows in the
// banner, the status bar and the log. MainWindow owns one and forwards its drag-and-drop events;
// stateChanged() tells it to refresh what its actions offer.
#pragma once

#include <QObject>
#include <QString>
#include <memory>

#include "core/engine/session_result.h"

class QAction;
class QMenu;
class QMimeData;
class QWidget;

namespace inferscope::gui {

class EngineBridge;
class LogModel;
class MessageBanner;
class RunSetupPanel;
class RunStatusBar;
class SessionDocument;
class SessionLoader;

class FileActions : public QObject {
  Q_OBJECT

 public:
  // `window` parents the dialogs and the Open Recent menu; the others are the window's.
  FileActions(SessionDocument* document, EngineBridge* bridge, SessionLoader* loader, LogModel* log,
              MessageBanner* banner, RunStatusBar* status, RunSetupPanel* setup, QWidget* window);

  QAction* openAction() const { return open_action_; }
  QAction* openModelAction() const { return open_model_action_; }
  QAction* saveAction() const { return save_action_; }
  QMenu* recentMenu() const { return recent_menu_; }

  // Opens a session file on a worker thread: the status bar shows progress with a Cancel, and the
  // outcome is sessionOpened() or sessionOpenFailed(). Returns the job id (0: refused, a run is
  // going on).
  int openSessionAsync(const QString& path);
  // The same, waited for in a local event loop: true when this file was opened.
  bool openSession(const QString& path);
  void cancelOpen();
  bool saveSession(const QString& path);
  void openSessionDialog();
  // A model file for the window's runs (File ▸ Open Model…, a drop): a Python entry point (.py)
  // or an ExportedProgram (.pt2). The trust prompt comes first, before anything of the file is
  // read but its bytes' hash (trust_prompt.h); declined, the file stays unread and nothing
  // changes. Trusted, a .py's top-level functions are offered for the entry point
  // (EntryPointDialog) and a .pt2's zip directory tells an ExportedProgram from an AOTInductor
  // package (pt2_archive.h); the model then joins the setup panel's list, selected, and Start
  // runs it through the Python worker. True when the model was added.
  bool openModel(const QString& path);
  void openModelDialog();
  void saveSessionDialog();
  // Open, Open Recent and Save as a run starts or ends.
  void setRunning(bool running);
  // After a language switch: the texts computed from state (MainWindow::changeEvent).
  void retranslate();

  // Drag and drop on the window: a session file opens like File ▸ Open, a .py or .pt2 like File ▸
  // Open Model; a TorchScript .pt is answered in the banner with the CLI command that profiles it
  // (it needs input shapes the window does not ask for).
  bool acceptsDrop(const QMimeData* mime) const;
  bool drop(const QMimeData* mime);  // true when the drop was taken
  static QString droppedFile(const QMimeData* mime);

 signals:
  void sessionOpened(const QString& path);
  void sessionOpenFailed(const QString& path, const QString& message);
  // openModel() added a model to the setup panel.
  void modelOpened(const QString& path);
  // A file began or stopped opening, or was opened: the window's actions may have changed.
  void stateChanged();

 private:
  void onSessionLoaded(const QString& path, const std::shared_ptr<const SessionResult>& session);
  void onSessionLoadFailed(const QString& path, const QString& message);
  void showDocumentSummary();
  void refuseModel(const QString& path, const QString& why);
  void updateRecentMenu();

  SessionDocument* document_;
  EngineBridge* bridge_;
  SessionLoader* loader_;
  LogModel* log_;
  MessageBanner* banner_;
  RunStatusBar* status_;
  RunSetupPanel* setup_;
  QWidget* window_;
  QAction* open_action_;
  QAction* open_model_action_;
  QAction* save_action_;
  QMenu* recent_menu_;
};

}  // namespace inferscope::gui
