// MainWindow: layout, actions and menus, the wiring of FileActions and SessionExportController,
// and the run itself (start, cancel, how it ended).
#include "gui/widgets/main_window.h"

#include <QAction>
#include <QApplication>
#include <QCloseEvent>
#include <QDockWidget>
#include <QDragEnterEvent>
#include <QDropEvent>
#include <QFileInfo>
#include <QItemSelectionModel>
#include <QLabel>
#include <QListView>
#include <QMenuBar>
#include <QMessageBox>
#include <QScreen>
#include <QScrollArea>
#include <QSettings>
#include <QSplitter>
#include <QStatusBar>
#include <QStyle>
#include <QTabWidget>
#include <QToolBar>
#include <QToolButton>
#include <QVBoxLayout>

#include "core/common/error.h"
#include "core/engine/engine.h"
#include "gui/lib/display_text.h"
#include "gui/lib/engine_bridge.h"
#include "gui/lib/log_model.h"
#include "gui/lib/results_table_model.h"
#include "gui/lib/session_document.h"
#include "gui/lib/session_loader.h"
#include "gui/lib/value_format.h"
#include "gui/widgets/answer_view.h"
#include "gui/widgets/cudnn_chart.h"
#include "gui/widgets/devices_view.h"
#include "gui/widgets/file_actions.h"
#include "gui/widgets/kernels_view.h"
#include "gui/widgets/language_menu.h"
#include "gui/widgets/latency_chart.h"
#include "gui/widgets/lessons_menu.h"
#include "gui/widgets/memory_chart.h"
#include "gui/widgets/message_banner.h"
#include "gui/widgets/race_view.h"
#include "gui/widgets/results_view.h"
#include "gui/widgets/roofline_chart.h"
#include "gui/widgets/run_setup_panel.h"
#include "gui/widgets/run_status_bar.h"
#include "gui/widgets/session_export_controller.h"
#include "gui/widgets/shapes_view.h"
#include "gui/widgets/speed_accuracy_chart.h"
#include "gui/widgets/translated_text.h"
#include "gui/widgets/trust_prompt.h"
#include "gui/wizard/recommendation_wizard.h"

// Q_INIT_RESOURCE must be called from the global namespace; the icons live in this static library,
// whose resource initialiser the linker would otherwise drop.
static void initInferScopeResources() {
  Q_INIT_RESOURCE(icons);
}

namespace inferscope::gui {
namespace {

std::vector<DeviceInfo> availableDevices() {
  try {
    return engine::listDevices();
  } catch (const std::exception&) {
    return {DeviceInfo{}};  // the CPU, described as far as we know it
  }
}

}  // namespace

MainWindow::MainWindow(QWidget* parent) : MainWindow(EngineBridge::RunFunction{}, parent) {}

MainWindow::MainWindow(EngineBridge::RunFunction run, QWidget* parent)
    : QMainWindow(parent),
      bridge_(run ? new EngineBridge(std::move(run), this) : new EngineBridge(this)),
      document_(new SessionDocument(this)),
      log_model_(new LogModel(this)),
      results_model_(new ResultsTableModel(document_, this)),
      loader_(new SessionLoader(this)) {
  initInferScopeResources();
  setObjectName(QStringLiteral("mainWindow"));
  setWindowIcon(QIcon(QStringLiteral(":/icons/inferscope.png")));
  setAcceptDrops(true);
  setup_panel_ = new RunSetupPanel(availableDevices(), engine::aotInductorAvailable());
  run_status_ = new RunStatusBar;
  createActions();
  createCentralArea();
  files_ = new FileActions(document_, bridge_, loader_, log_model_, banner_, run_status_,
                           setup_panel_, this);
  exports_ = new SessionExportController(document_, bridge_, log_model_, tabs_, session_info_,
                                         results_view_, this);
  createDocks();
  createMenus();
  statusBar()->addWidget(run_status_, 1);
  connectBridge();
  connectFilesAndExports();
  connect(setup_panel_, &RunSetupPanel::changed, this, &MainWindow::updateTitle);
  connect(setup_panel_, &RunSetupPanel::openModelRequested, files_, &FileActions::openModelDialog);
  connect(document_, &SessionDocument::filePathChanged, this, &MainWindow::updateTitle);
  connect(document_, &SessionDocument::stateChanged, this,
          [this] { onRunningChanged(bridge_->isRunning()); });
  restoreSettings();
  onRunningChanged(false);
  updateTitle();
  exports_->offerAutosave();
}

MainWindow::~MainWindow() = default;

// The two controllers know nothing of each other: a file opened or a state changed there is the
// window's to pass on.
void MainWindow::connectFilesAndExports() {
  connect(files_, &FileActions::stateChanged, this, [this] { onRunningChanged(false); });
  connect(files_, &FileActions::sessionOpened, this, &MainWindow::updateTitle);
  connect(files_, &FileActions::sessionOpened, this,
          [this] { tabs_->setCurrentWidget(answer_view_); });
  connect(files_, &FileActions::sessionOpened, this, &MainWindow::sessionOpened);
  connect(files_, &FileActions::sessionOpened, exports_, &SessionExportController::onSessionOpened);
  connect(files_, &FileActions::sessionOpenFailed, this, &MainWindow::sessionOpenFailed);
  connect(exports_, &SessionExportController::openRequested, files_,
          &FileActions::openSessionAsync);
  connect(exports_, &SessionExportController::saveRequested, files_, &FileActions::saveSession);
}

int MainWindow::openSessionAsync(const QString& path) {
  return files_->openSessionAsync(path);
}
bool MainWindow::openSession(const QString& path) {
  return files_->openSession(path);
}
void MainWindow::cancelOpen() {
  files_->cancelOpen();
}
bool MainWindow::saveSession(const QString& path) {
  return files_->saveSession(path);
}
bool MainWindow::exportChart(const QString& path) {
  return exports_->exportChart(path);
}
bool MainWindow::exportSamplesCsv(const QString& path) {
  return exports_->exportSamplesCsv(path);
}
bool MainWindow::exportChromeTrace(const QString& path) {
  return exports_->exportChromeTrace(path);
}
QString MainWindow::autosavePath() {
  return SessionExportController::autosavePath();
}
QAction* MainWindow::exportTraceAction() const {
  return exports_->exportTraceAction();
}
QAction* MainWindow::recoverAction() const {
  return exports_->recoverAction();
}
QWidget* MainWindow::offerBar() const {
  return exports_->offerBar();
}

RecommendationWizard* MainWindow::openWizard() {
  // Non-modal and kept: a user can look at the charts while reading the reasons.
  if (!wizard_) {
    wizard_ = new RecommendationWizard(availableDevices(), this);
    connect(wizard_, &RecommendationWizard::openSessionRequested, this,
            [this](const QString& path) { openSession(path); });
  }
  wizard_->setEvidence(document_->session());  // the open session, as evidence
  wizard_->show();
  wizard_->raise();
  return wizard_;
}

void MainWindow::createActions() {
  start_action_ = newTr<QAction>(this, QT_TR_NOOP("&Start"),
                                 style()->standardIcon(QStyle::SP_MediaPlay), QString(), this);
  start_action_->setObjectName(QStringLiteral("startAction"));
  start_action_->setShortcut(Qt::CTRL | Qt::Key_R);
  bindTr(this, start_action_, "toolTip", QT_TR_NOOP("Measure the checked configs (Ctrl+R)"));
  connect(start_action_, &QAction::triggered, this, &MainWindow::startRun);

  cancel_action_ = newTr<QAction>(this, QT_TR_NOOP("&Cancel"),
                                  style()->standardIcon(QStyle::SP_MediaStop), QString(), this);
  cancel_action_->setObjectName(QStringLiteral("cancelAction"));
  cancel_action_->setShortcut(Qt::Key_Escape);
  bindTr(this, cancel_action_, "toolTip", QT_TR_NOOP("Stop after the current iteration (Esc)"));
  connect(cancel_action_, &QAction::triggered, this, &MainWindow::cancelRun);

  quit_action_ = newTr<QAction>(this, QT_TR_NOOP("&Quit"), this);
  quit_action_->setShortcut(QKeySequence::Quit);
  connect(quit_action_, &QAction::triggered, this, &QWidget::close);

  log_scale_action_ = newTr<QAction>(this, QT_TR_NOOP("&Log Scale"), this);
  log_scale_action_->setObjectName(QStringLiteral("logScaleAction"));
  log_scale_action_->setCheckable(true);
  log_scale_action_->setShortcut(Qt::CTRL | Qt::Key_L);
  bindTr(
      this, log_scale_action_, "toolTip",
      QT_TR_NOOP("Logarithmic latency axis: a slow first iteration no longer flattens the rest"));

  chart_only_action_ = newTr<QAction>(this, QT_TR_NOOP("&Chart Only"), this);
  chart_only_action_->setObjectName(QStringLiteral("chartOnlyAction"));
  chart_only_action_->setCheckable(true);
  chart_only_action_->setShortcut(Qt::Key_F11);
  bindTr(this, chart_only_action_, "toolTip",
         QT_TR_NOOP("The current chart fills the window — for a projector (F11 again returns)"));
  connect(chart_only_action_, &QAction::toggled, this, &MainWindow::setChartOnly);
}

// Everything but the chart tabs hidden (docks, results, toolbar), and the window full screen: what
// a projector needs. The docks come back as they were.
void MainWindow::setChartOnly(bool on) {
  if (on) {
    docks_before_chart_only_ = {setup_dock_->isVisible(), log_dock_->isVisible()};
    setup_dock_->hide();
    log_dock_->hide();
  } else {
    setup_dock_->setVisible(docks_before_chart_only_.first);
    log_dock_->setVisible(docks_before_chart_only_.second);
  }
  splitter_->widget(1)->setVisible(!on);
  session_info_->setVisible(true);
  run_toolbar_->setVisible(!on);
  if (on)
    showFullScreen();
  else if (isFullScreen())
    showNormal();
}

void MainWindow::createCentralArea() {
  chart_ = new LatencyChart(document_);
  connect(log_scale_action_, &QAction::toggled, chart_, &LatencyChart::setLogScale);
  tabs_ = new QTabWidget;
  tabs_->setObjectName(QStringLiteral("chartTabs"));
  tabs_->setDocumentMode(true);
  // Every session opens on its answer (a tuned session's race answer, or a ranked summary): the
  // first tab, and the one a file opens on.
  answer_view_ = new AnswerView(document_);
  addTrTab(this, tabs_, answer_view_, QT_TR_NOOP("Answer"));
  addTrTab(this, tabs_, chart_, QT_TR_NOOP("Latency"));
  memory_chart_ = new MemoryChart(document_);
  addTrTab(this, tabs_, memory_chart_, QT_TR_NOOP("Memory"));
  speed_chart_ = new SpeedAccuracyChart(document_);
  addTrTab(this, tabs_, speed_chart_, QT_TR_NOOP("Speed × accuracy"));
  connect(speed_chart_, &SpeedAccuracyChart::toleranceChanged, results_model_,
          &ResultsTableModel::setTolerance);
  // Next to speed × accuracy: both judge a config's speed against a limit.
  addTrTab(this, tabs_, new RooflineChart(document_), QT_TR_NOOP("Roofline"));
  kernels_view_ = new KernelsView(document_);
  addTrTab(this, tabs_, kernels_view_, QT_TR_NOOP("Kernels"));
  cudnn_chart_ = new CudnnChart(document_);
  addTrTab(this, tabs_, cudnn_chart_, QT_TR_NOOP("cuDNN"));
  devices_view_ = new DevicesView(document_);  // several GPUs side by side
  addTrTab(this, tabs_, devices_view_, QT_TR_NOOP("Devices"));
  race_page_ = new RacePage(document_);  // a tuned session's race, as the live run showed it
  addTrTab(this, tabs_, race_page_, QT_TR_NOOP("Race"));
  // Latency against throughput across a shape set's batch sizes, the memory per precision and the
  // answers across shapes: only sessions measured over several shapes have any, so only they show
  // the tab.
  shapes_view_ = new ShapesView(document_);
  const int shapes_tab = addTrTab(this, tabs_, shapes_view_, QT_TR_NOOP("Shapes"));
  const auto show_shapes = [this, shapes_tab] {
    const bool shown = ShapesView::applies(document_->session().get());
    tabs_->setTabVisible(shapes_tab, shown);
    // Its View menu entry too (made later, by createMenus): no way to a hidden page.
    if (auto* action = findChild<QAction*>(QStringLiteral("tabAction:%1").arg(shapes_tab)))
      action->setVisible(shown);
  };
  connect(document_, &SessionDocument::reset, this, show_shapes);
  show_shapes();

  results_view_ = new ResultsView(results_model_);
  // The config picked in the table comes forward on the latency chart, with its steady start and
  // forks.
  connect(results_view_->selectionModel(), &QItemSelectionModel::currentRowChanged, chart_,
          [this](const QModelIndex& current) {
            chart_->setSelectedSeries(
                current.isValid() ? current.data(ResultsTableModel::SeriesIndexRole).toInt() : -1);
          });
  auto* results = new QWidget;
  auto* layout = new QVBoxLayout(results);
  layout->setContentsMargins(0, 4, 0, 0);
  auto* title = newTr<QLabel>(this, QT_TR_NOOP("<b>Results</b> — statistics over the measured "
                                               "iterations; hover a greyed row for the reason"));
  layout->addWidget(title);
  layout->addWidget(results_view_, 1);
  // The selected row in full — an out-of-memory config's allocator figures, a fallback's asked
  // config, the steady state in words — readable without hovering.
  results_details_ = new QLabel;
  results_details_->setObjectName(QStringLiteral("resultsDetails"));
  results_details_->setWordWrap(true);
  results_details_->setTextFormat(Qt::RichText);
  results_details_->setTextInteractionFlags(Qt::TextSelectableByMouse);
  results_details_->setSizePolicy(QSizePolicy::Ignored, QSizePolicy::Preferred);
  layout->addWidget(results_details_);
  auto show_details = [this] {
    const QModelIndex current = results_view_->currentIndex();
    results_details_->setText(
        current.isValid()
            ? results_model_->details(current.data(ResultsTableModel::SeriesIndexRole).toInt())
            : QString());
    results_details_->setVisible(!results_details_->text().isEmpty());
  };
  connect(results_view_->selectionModel(), &QItemSelectionModel::currentRowChanged, this,
          show_details);
  connect(results_model_, &QAbstractItemModel::dataChanged, this, show_details);
  connect(results_model_, &QAbstractItemModel::modelReset, this, show_details);
  show_details();

  splitter_ = new QSplitter(Qt::Vertical);
  splitter_->setObjectName(QStringLiteral("centralSplitter"));
  splitter_->addWidget(tabs_);
  splitter_->addWidget(results);
  splitter_->setStretchFactor(0, 3);
  splitter_->setStretchFactor(1, 1);
  splitter_->setSizes({480, 240});  // until restoreSettings() brings the user's own split
  splitter_->setChildrenCollapsible(false);

  // Above the charts, where the eye goes first: problems (the banner) and what the charts show —
  // the opened session's model, device, driver and libraries, which need not be this machine's.
  banner_ = new MessageBanner;
  session_info_ = new QLabel;
  session_info_->setObjectName(QStringLiteral("sessionInfo"));
  session_info_->setTextInteractionFlags(Qt::TextSelectableByMouse);
  session_info_->setContentsMargins(4, 2, 4, 0);
  // Never wider than the window allows: the line is cut at the right edge, whole on hover.
  session_info_->setSizePolicy(QSizePolicy::Ignored, QSizePolicy::Preferred);
  auto* central = new QWidget;
  auto* central_layout = new QVBoxLayout(central);
  central_layout->setContentsMargins(0, 0, 0, 0);
  central_layout->setSpacing(2);
  central_layout->addWidget(banner_);
  central_layout->addWidget(session_info_);
  central_layout->addWidget(splitter_, 1);
  setCentralWidget(central);
}

void MainWindow::createMenus() {
  auto* file = addTrMenu(this, menuBar(), QT_TR_NOOP("&File"));
  file->addAction(files_->openAction());
  file->addAction(files_->openModelAction());
  file->addMenu(files_->recentMenu());
  file->addAction(files_->saveAction());
  file->addSeparator();
  file->addAction(exports_->exportPngAction());
  file->addAction(exports_->exportPdfAction());
  file->addSeparator();
  file->addAction(quit_action_);

  auto* run = addTrMenu(this, menuBar(), QT_TR_NOOP("&Run"));
  run->addAction(start_action_);
  run->addAction(cancel_action_);
  run->addSeparator();
  run->addAction(exports_->recoverAction());

  auto* view = addTrMenu(this, menuBar(), QT_TR_NOOP("&View"));
  view->addAction(log_scale_action_);
  view->addAction(chart_only_action_);
  view->addSeparator();
  // Ctrl+1 … Ctrl+9: the chart tabs, listed here so the shortcuts can be found (a tab hidden for
  // this session, its entry too).
  for (int i = 0; i < tabs_->count(); ++i) {
    auto* tab = view->addAction(tabs_->tabText(i), this, [this, i] { tabs_->setCurrentIndex(i); });
    tab->setObjectName(
        QStringLiteral("tabAction:%1").arg(i));  // follows its tab's text (changeEvent)
    if (i < 9) tab->setShortcut(QKeySequence(Qt::CTRL | static_cast<Qt::Key>(Qt::Key_1 + i)));
    tab->setVisible(tabs_->isTabVisible(i));
  }
  view->addSeparator();
  view->addAction(setup_dock_->toggleViewAction());
  view->addAction(log_dock_->toggleViewAction());
  view->addSeparator();
  view->addMenu(new LanguageMenu(this));  // applies at once, no restart

  auto* tools = addTrMenu(this, menuBar(), QT_TR_NOOP("&Tools"));
  wizard_action_ = addTrAction(this, tools, QT_TR_NOOP("&Recommendation Wizard…"), this,
                               &MainWindow::openWizard);
  wizard_action_->setObjectName(QStringLiteral("wizardAction"));
  wizard_action_->setShortcut(Qt::CTRL | Qt::SHIFT | Qt::Key_W);

  menuBar()->addMenu(new LessonsMenu(this));  // teaching: presentation mode

  // Between View and Help: it acts on what View shows.
  auto* exports = addTrMenu(this, menuBar(), QT_TR_NOOP("E&xport"));
  exports->setToolTipsVisible(true);  // the disabled trace action says why
  exports->addAction(exports_->exportPngAction());
  exports->addAction(exports_->exportPdfAction());
  exports->addSeparator();
  exports->addAction(exports_->exportCsvAction());
  exports->addAction(exports_->exportTraceAction());
  exports->addAction(exports_->exportJsonAction());
  connect(exports, &QMenu::aboutToShow, exports_, &SessionExportController::updateActions);

  auto* help = addTrMenu(this, menuBar(), QT_TR_NOOP("&Help"));
  about_action_ =
      addTrAction(this, help, QT_TR_NOOP("&About InferScope"), this, &MainWindow::showAbout);
  about_action_->setObjectName(QStringLiteral("aboutAction"));

  auto* toolbar = run_toolbar_ = addToolBar(QString());
  bindTr(this, toolbar, "windowTitle", QT_TR_NOOP("Run"));
  toolbar->setObjectName(QStringLiteral("runToolbar"));
  toolbar->setToolButtonStyle(Qt::ToolButtonTextBesideIcon);
  toolbar->setMovable(false);
  toolbar->addAction(start_action_);
  toolbar->addAction(cancel_action_);
  toolbar->addSeparator();
  toolbar->addAction(files_->openAction());
  toolbar->addAction(files_->saveAction());
  toolbar->addSeparator();
  toolbar->addAction(log_scale_action_);
  toolbar->addAction(exports_->exportPngAction());
  bindTr(this, exports_->exportPngAction(), "iconText", QT_TR_NOOP("Export PNG"));
  bindTr(this, files_->openAction(), "iconText", QT_TR_NOOP("Open"));
  bindTr(this, files_->saveAction(), "iconText", QT_TR_NOOP("Save"));
}

// The language switch (LanguageSwitch) has re-set every bound text; what is computed from state
// is computed again here.
void MainWindow::changeEvent(QEvent* event) {
  if (event->type() == QEvent::LanguageChange) {
    for (int i = 0; i < tabs_->count(); ++i) {
      if (auto* tab = findChild<QAction*>(QStringLiteral("tabAction:%1").arg(i)))
        tab->setText(tabs_->tabText(i));
    }
    files_->retranslate();
    exports_->updateActions();  // the disabled trace action's reason
    updateTitle();
  }
  QMainWindow::changeEvent(event);
}

void MainWindow::showAbout() {
  // Non-modal, so a screenshot or a test is never stuck behind it; one at a time.
  if (!about_box_) {
    about_box_ = new QMessageBox(QMessageBox::Information, tr("About InferScope"), {},
                                 QMessageBox::Close, this);
    about_box_->setObjectName(QStringLiteral("aboutBox"));
    about_box_->setWindowModality(Qt::NonModal);
    about_box_->setTextFormat(Qt::RichText);
  }
  const DeviceInfo here = setup_panel_->selectedDevice();
  about_box_->setText(
      tr("<h3>InferScope %1</h3><p>A profiler and tuner for PyTorch inference settings.</p>"
         "<p>LibTorch %2 · Qt %3<br>This machine: %4</p>")
          .arg(QApplication::applicationVersion().toHtmlEscaped(),
               QString::fromStdString(engine::libtorchVersion()).toHtmlEscaped(),
               QString::fromLatin1(qVersion()), ValueFormat::deviceName(here).toHtmlEscaped()));
  about_box_->show();
  about_box_->raise();
}

void MainWindow::connectBridge() {
  connect(bridge_, &EngineBridge::snapshotReady, this,
          [this](const std::shared_ptr<const SampleSnapshot>& s) {
            document_->appendSnapshot(*s);
            if (s->progress) {
              run_status_->progress(*s->progress);
              chart_->setProvisionalSteadyStart(s->progress->config_index,
                                                s->progress->provisional_steady_start);
            }
          });
  connect(bridge_, &EngineBridge::configStarted, run_status_, &RunStatusBar::configStarted);
  connect(bridge_, &EngineBridge::configFinished, document_, &SessionDocument::finishConfig);
  connect(bridge_, &EngineBridge::logMessage, log_model_, &LogModel::append);
  connect(bridge_, &EngineBridge::sessionFinished, this, &MainWindow::onSessionFinished);
  connect(bridge_, &EngineBridge::runFailed, this, [this](const QString& message) {
    exports_->stopAutosave();
    document_->failRun();
    // Nothing ran (a model the worker's PyTorch cannot load, a missing interpreter): the reason in
    // full above the charts, where the run's data would have been.
    banner_->showError(tr("The run could not start"), message);
    log_model_->append(LogLevel::Error, message);
    run_status_->finished(RunStatusBar::RunState::Failed, message);
  });
  connect(bridge_, &EngineBridge::runningChanged, this, &MainWindow::onRunningChanged);
  connect(bridge_, &EngineBridge::waitingForEngine, this, [this](const QString& why) {
    log_model_->append(LogLevel::Info, why);
    run_status_->waiting(why);
  });
}

void MainWindow::startRun() {
  if (bridge_->isRunning()) return;
  ProfileRequest request;
  try {
    request = setup_panel_->request();
  } catch (const Error& e) {
    log_model_->append(LogLevel::Error, QString::fromStdString(e.what()));
    return;
  }
  startRequest(request);
}

void MainWindow::startRequest(const ProfileRequest& asked) {
  if (bridge_->isRunning()) return;
  ProfileRequest request = asked;  // a model file runs only once trusted (trust_prompt.h)
  QString trust_error;
  if (!TrustPrompt::ensureTrusted(this, request.model, &trust_error)) {
    if (!trust_error.isEmpty()) log_model_->append(LogLevel::Error, trust_error);
    return;
  }
  if (request.plan.empty()) {
    log_model_->append(LogLevel::Warning,
                       tr("Check at least one config in “Model & input” before starting."));
    return;
  }
  QStringList keys;
  for (const auto& c : request.plan) keys << QString::fromStdString(c.key());
  DeviceInfo where;
  where.kind = request.device;
  where.index = request.device_index;
  const QString device = QString::fromStdString(where.deviceString());
  log_model_->append(LogLevel::Info,
                     tr("starting %1 on %2: %3 (%4 warm-up + %5 measured iterations each)")
                         .arg(QString::fromStdString(request.model.displayName()), device,
                              keys.join(QStringLiteral(", ")))
                         .arg(request.run.warmup_iterations)
                         .arg(request.run.measure_iterations));
  session_arrived_ = false;
  files_->cancelOpen();  // a file still being read would replace the run's data when it arrived
  banner_->hide();
  document_->beginRun(request);
  run_status_->runStarted(static_cast<int>(request.plan.size()));
  bridge_->start(request);
  exports_->startAutosave();
  saveSettings();
}

void MainWindow::cancelRun() {
  if (!bridge_->isRunning()) return;
  log_model_->append(LogLevel::Info,
                     tr("cancelling: the engine stops after the current iteration"));
  run_status_->cancelling();
  cancel_action_->setEnabled(false);
  bridge_->cancel();
}

void MainWindow::onSessionFinished(const std::shared_ptr<const SessionResult>& session) {
  session_arrived_ = true;
  document_->setSession(session);
  // The run ended on its own terms: nothing to recover, and its speed feeds the next estimate.
  exports_->finishAutosave();
  double sum_ms = 0;
  int timed = 0;
  for (const auto& c : session->configs) {
    if (c.status == ConfigStatus::Ok && c.stats.median_ms > 0) sum_ms += c.stats.median_ms, ++timed;
  }
  if (timed > 0) setup_panel_->setLastIterationMs(sum_ms / timed);
  const QString detail = runOutcome(*session);
  run_status_->finished(
      session->cancelled ? RunStatusBar::RunState::Cancelled : RunStatusBar::RunState::Finished,
      detail);
  log_model_->append(LogLevel::Info, session->cancelled ? tr("run cancelled: %1").arg(detail)
                                                        : tr("run finished: %1").arg(detail));
}

// "2 of 3 configs ok", counted against the plan: a cancelled run's session holds only the configs
// that started, and "0 of 1 ok" for a plan of three misleads.
QString MainWindow::runOutcome(const SessionResult& session) {
  int ok = 0;
  for (const auto& c : session.configs) ok += c.status == ConfigStatus::Ok ? 1 : 0;
  const int planned =
      static_cast<int>(std::max(session.request.plan.size(), session.configs.size()));
  const int not_run = planned - static_cast<int>(session.configs.size());
  QString text = planned == 1 ? tr("%1 of 1 config ok").arg(ok)
                              : tr("%1 of %2 configs ok").arg(ok).arg(planned);
  if (not_run > 0) text += not_run == 1 ? tr(", 1 not run") : tr(", %1 not run").arg(not_run);
  return text;
}

void MainWindow::onRunningChanged(bool running) {
  start_action_->setEnabled(!running);
  cancel_action_->setEnabled(running && run_status_->state() != RunStatusBar::RunState::Cancelling);
  files_->setRunning(running);
  if (!running) exports_->stopAutosave();
  exports_->updateActions();
  setup_panel_->setRunning(running);
  // A run cancelled before its thread reached the engine ends without a session.
  const auto state = run_status_->state();
  if (!running && !session_arrived_ &&
      (state == RunStatusBar::RunState::Running || state == RunStatusBar::RunState::Cancelling)) {
    run_status_->finished(RunStatusBar::RunState::Cancelled, tr("before the first config"));
  }
}

void MainWindow::updateTitle() {
  QString model = setup_panel_->modelName();
  DeviceInfo device = setup_panel_->selectedDevice();
  const auto session = document_->session();
  if (session) {
    model = display_text::line(session->request.model.displayName());
    device = session->device;
  }
  QString title =
      QStringLiteral("InferScope — %1 · %2").arg(model, ValueFormat::deviceName(device));
  if (!document_->filePath().isEmpty())
    title.prepend(QFileInfo(document_->filePath()).fileName() + QStringLiteral(" · "));
  setWindowTitle(title);
  // The line above the charts speaks of what they show: the session's device, not this machine's.
  QStringList parts{QStringLiteral("<b>%1</b>").arg(model.toHtmlEscaped())};
  if (session) parts << tr("batch %1").arg(session->request.batch);
  parts << QStringLiteral("<b>%1</b>").arg(ValueFormat::deviceName(device).toHtmlEscaped());
  const QString versions = display_text::line(ValueFormat::deviceVersions(device), 300);
  if (!versions.isEmpty()) parts << versions.toHtmlEscaped();
  if (session && !session->host.empty()) {
    QString recorded = tr("recorded on %1").arg(display_text::line(session->host));
    if (!session->created_utc.empty())
      recorded += QStringLiteral(", %1").arg(display_text::line(session->created_utc, 40));
    parts << recorded.toHtmlEscaped();
  } else if (!session) {
    parts << tr("this machine");
  }
  session_info_->setText(parts.join(QStringLiteral(" · ")));
  // Every part is one bounded line (display_text.h): a file's host never widens the window.
  session_info_->setToolTip(session_info_->text());
}

void MainWindow::dragEnterEvent(QDragEnterEvent* event) {
  if (files_->acceptsDrop(event->mimeData())) event->acceptProposedAction();
}

void MainWindow::dropEvent(QDropEvent* event) {
  if (files_->drop(event->mimeData())) event->acceptProposedAction();
}

void MainWindow::closeEvent(QCloseEvent* event) {
  saveSettings();
  settings_writer_.flush();  // a window opened next reads them
  // The bridge's destructor waits for the engine thread; cancelling first makes that wait one
  // iteration long instead of the rest of the plan.
  if (bridge_->isRunning()) bridge_->cancel();
  event->accept();
}

void MainWindow::restoreSettings() {
  QSettings settings;
  if (!restoreGeometry(settings.value(QStringLiteral("window/geometry")).toByteArray())) {
    // First start: Qt's default of about 930×670 leaves the plan scrolling. Take most of the
    // screen, at least 1280×800 where the screen has room.
    const QRect screen =
        this->screen() ? this->screen()->availableGeometry() : QRect(0, 0, 1280, 800);
    const QSize size(std::min(screen.width(), std::max(1280, screen.width() * 4 / 5)),
                     std::min(screen.height(), std::max(800, screen.height() * 4 / 5)));
    resize(size);
    move(screen.center() - QPoint(size.width() / 2, size.height() / 2));
  }
  restoreState(settings.value(QStringLiteral("window/state")).toByteArray());
  splitter_->restoreState(settings.value(QStringLiteral("window/splitter")).toByteArray());
  log_scale_action_->setChecked(settings.value(QStringLiteral("chart/logScale"), false).toBool());
  setup_panel_->restoreSettings(settings);
}

void MainWindow::saveSettings() {
  QVariantMap values = setup_panel_->settingsValues();
  values.insert(QStringLiteral("window/geometry"), saveGeometry());
  values.insert(QStringLiteral("window/state"), saveState());
  values.insert(QStringLiteral("window/splitter"), splitter_->saveState());
  values.insert(QStringLiteral("chart/logScale"), log_scale_action_->isChecked());
  settings_writer_.write(std::move(values));
}

}  // namespace inferscope::gui
