#include "gui/widgets/live_run_panel.h"

#include <QApplication>
#include <QEvent>
#include <QHBoxLayout>
#include <QLabel>
#include <QPushButton>
#include <QTemporaryDir>
#include <QTimer>
#include <QVBoxLayout>

#include "gui/lib/engine_pool.h"
#include "gui/lib/lesson_catalog.h"
#include "gui/lib/value_format.h"
#include "gui/widgets/lesson_stage.h"
#include "gui/widgets/main_window.h"

namespace inferscope::gui {

namespace {

MainWindow* findMainWindow() {
  for (auto* top : QApplication::topLevelWidgets())
    if (auto* main = qobject_cast<MainWindow*>(top)) return main;
  return nullptr;
}

}  // namespace

LiveRunPanel::LiveRunPanel(lessons::LiveRun live, QString lesson_id, bool device_ok,
                           QWidget* parent)
    : QWidget(parent),
      live_(std::move(live)),
      lesson_id_(std::move(lesson_id)),
      device_ok_(device_ok),
      row_(new QHBoxLayout),
      run_button_(new QPushButton(this)),
      cancel_button_(new QPushButton(this)),
      open_button_(new QPushButton(this)),
      status_(new QLabel(this)),
      tick_(new QTimer(this)) {
  setObjectName(QStringLiteral("liveRunPanel"));
  run_button_->setObjectName(QStringLiteral("runLive"));
  cancel_button_->setObjectName(QStringLiteral("cancelLive"));
  open_button_->setObjectName(QStringLiteral("openLiveSession"));
  status_->setObjectName(QStringLiteral("liveStatus"));
  status_->setWordWrap(true);
  status_->setTextFormat(Qt::PlainText);
  QPalette p = status_->palette();
  p.setColor(QPalette::WindowText, LessonStage::highlightColour());
  status_->setPalette(p);
  auto* layout = new QVBoxLayout(this);
  layout->setContentsMargins(0, 0, 0, 0);
  row_->addWidget(run_button_);
  row_->addWidget(cancel_button_);
  row_->addWidget(open_button_);
  row_->addStretch(1);
  layout->addLayout(row_);
  layout->addWidget(status_);
  connect(run_button_, &QPushButton::clicked, this, &LiveRunPanel::start);
  connect(cancel_button_, &QPushButton::clicked, this, &LiveRunPanel::cancel);
  connect(open_button_, &QPushButton::clicked, this, &LiveRunPanel::openInMainWindow);
  connect(&run_, &LiveRun::configStarted, this,
          [this](int index, int count, const QString& key, const QString& description) {
            config_index_ = index;
            config_count_ = count;
            config_key_ = key;
            config_description_ = description;
            iteration_ = planned_iterations_ = 0;
            refresh();
          });
  connect(&run_, &LiveRun::progressed, this, [this](const Progress& progress) {
    iteration_ = progress.iteration;
    planned_iterations_ = progress.planned_iterations;
    refresh();
  });
  connect(&run_, &LiveRun::finished, this, &LiveRunPanel::finish);
  connect(&run_, &LiveRun::started, this, &LiveRunPanel::refresh);
  tick_->setInterval(250);
  connect(tick_, &QTimer::timeout, this, &LiveRunPanel::refresh);
  refresh();
}

QString LiveRunPanel::blockedReason() const {
  if (live_.needs_gpu && !device_ok_) return tr("Run: this machine has no CUDA GPU.");
  const QStringList missing = LiveRun::missingFiles(live_.cli_args, QDir::current());
  if (!missing.isEmpty()) {
    QString why = tr("Run needs %1 (not in %2).")
                      .arg(missing.join(QStringLiteral(", ")), QDir::current().absolutePath());
    if (!live_.note.en.empty()) why += QLatin1Char(' ') + lessonText(live_.note, {});
    return why;
  }
  return {};
}

QString LiveRunPanel::statusText() const {
  return status_->text();
}

void LiveRunPanel::setPixelSize(int button_px, int status_px) {
  for (auto* b : {run_button_, cancel_button_, open_button_}) {
    QFont f = b->font();
    f.setPixelSize(button_px);
    b->setFont(f);
  }
  QFont f = status_->font();
  f.setPixelSize(status_px);
  status_->setFont(f);
}

void LiveRunPanel::start() {
  if (!canRun()) return;
  QTemporaryDir dir(QDir::temp().filePath(QStringLiteral("inferscope-live-XXXXXX")));
  dir.setAutoRemove(false);  // the main window opens the session from there
  state_ = State::Running;
  config_index_ = -1;
  config_count_ = 0;
  iteration_ = planned_iterations_ = 0;
  opened_in_main_ = false;
  stopping_ = false;
  clock_.start();
  elapsed_ms_ = 0;
  tick_->start();
  refresh();
  if (!dir.isValid()) {
    LiveRun::Result r;
    r.error = tr("cannot create a folder for the session: %1").arg(dir.errorString());
    finish(r);
    return;
  }
  QStringList arguments;
  for (const auto& a : live_.cli_args) arguments << QString::fromStdString(a);
  run_.start(arguments, dir.filePath(lesson_id_ + QStringLiteral(".inferscope.json")));
}

void LiveRunPanel::cancel() {
  if (!run_.isRunning()) return;
  stopping_ = true;
  run_.cancel();
  refresh();
}

void LiveRunPanel::finish(const LiveRun::Result& result) {
  tick_->stop();
  elapsed_ms_ = static_cast<double>(clock_.elapsed());
  result_ = result;
  state_ = State::Done;
  if (result.outcome == LiveRun::Outcome::Succeeded) {
    if (auto* main = findMainWindow()) {
      main->openSessionAsync(result.session_path);
      opened_in_main_ = true;
    }
  }
  refresh();
  emit runFinished(result);
}

void LiveRunPanel::openInMainWindow() {
  if (result_.session_path.isEmpty()) return;
  auto* main = findMainWindow();
  if (!main) {
    main = new MainWindow;
    main->setAttribute(Qt::WA_DeleteOnClose);
    main->show();
  }
  main->openSessionAsync(result_.session_path);
  opened_in_main_ = true;
  refresh();
}

QString LiveRunPanel::runningText() const {
  const QString elapsed = tr("%1 elapsed").arg(ValueFormat::elapsed(elapsed_ms_));
  if (!run_.hasStarted()) {
    // Queued behind another engine job (the wizard's Validate, the main window's run): the slide
    // says for what it waits rather than "starting" for minutes.
    if (const auto ahead = runningEngineJob())
      return engineWaitText(*ahead) + QStringLiteral(" · ") + elapsed;
  }
  if (config_index_ < 0) return tr("Starting the run … · %1").arg(elapsed);
  QString config = tr("config %1 of %2: %3")
                       .arg(QLocale().toString(config_index_ + 1),
                            QLocale().toString(config_count_), config_key_);
  if (!config_description_.isEmpty()) config += QStringLiteral(" — ") + config_description_;
  if (planned_iterations_ > 0)
    config += QStringLiteral(" · ") +
              tr("iteration %1 of %2")
                  .arg(QLocale().toString(iteration_), QLocale().toString(planned_iterations_));
  return config + QStringLiteral(" · ") + elapsed;
}

QString LiveRunPanel::doneText() const {
  const QString after = ValueFormat::elapsed(elapsed_ms_);
  switch (result_.outcome) {
    case LiveRun::Outcome::Cancelled:
      return tr("Cancelled after %1.").arg(after);
    case LiveRun::Outcome::Failed:
      return (result_.exit_code >= 0
                  ? tr("Failed after %1 (exit code %2):").arg(after).arg(result_.exit_code)
                  : tr("Failed after %1:").arg(after)) +
             QLatin1Char('\n') + result_.error;
    case LiveRun::Outcome::Succeeded:
      break;
  }
  QStringList medians;
  for (const auto& c : result_.configs)
    medians << QStringLiteral("%1 %2").arg(c.key, c.ok ? ValueFormat::ms(c.median_ms) : c.status);
  QString text = tr("Finished in %1 — medians: %2").arg(after, medians.join(QStringLiteral(" · ")));
  text += QLatin1Char('\n') +
          (opened_in_main_ ? tr("The new session is open in the main window (Esc goes there): %1")
                                 .arg(result_.session_path)
                           : tr("Session written to %1").arg(result_.session_path));
  return text;
}

void LiveRunPanel::refresh() {
  if (state_ == State::Running) elapsed_ms_ = static_cast<double>(clock_.elapsed());
  const QString blocked = blockedReason();
  run_button_->setText(tr("Run (R)"));
  cancel_button_->setText(tr("Cancel (Esc)"));
  open_button_->setText(tr("Open in the main window"));
  run_button_->setEnabled(state_ != State::Running && blocked.isEmpty());
  run_button_->setToolTip(blocked);
  cancel_button_->setVisible(state_ == State::Running);
  open_button_->setVisible(state_ == State::Done &&
                           result_.outcome == LiveRun::Outcome::Succeeded && !opened_in_main_);
  switch (state_) {
    case State::Idle:
      status_->setText(blocked);
      break;
    case State::Running:
      status_->setText(
          stopping_ ? tr("Stopping the run … · %1 elapsed").arg(ValueFormat::elapsed(elapsed_ms_))
                    : runningText());
      break;
    case State::Done:
      status_->setText(doneText());
      break;
  }
  status_->setVisible(!status_->text().isEmpty());
}

void LiveRunPanel::changeEvent(QEvent* event) {
  if (event->type() == QEvent::LanguageChange) refresh();
  QWidget::changeEvent(event);
}

}  // namespace inferscope::gui
