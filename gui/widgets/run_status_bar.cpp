#include "gui/widgets/run_status_bar.h"

#include <QEvent>
#include <QHBoxLayout>
#include <QLabel>
#include <QProgressBar>
#include <QToolButton>
#include <algorithm>

#include "gui/lib/display_text.h"
#include "gui/lib/value_format.h"
#include "gui/widgets/translated_text.h"

namespace inferscope::gui {

RunStatusBar::RunStatusBar(QWidget* parent)
    : QWidget(parent),
      label_(new QLabel(this)),
      bar_(new QProgressBar(this)),
      cancel_load_(new QToolButton(this)) {
  label_->setObjectName(QStringLiteral("runStateLabel"));
  // The status names files, hosts and configs from session files: it is cut at the bar's edge and
  // never widens the window (display_text.h); the whole line is on hover.
  label_->setSizePolicy(QSizePolicy::Ignored, QSizePolicy::Preferred);
  label_->setMinimumWidth(1);
  bar_->setObjectName(QStringLiteral("runProgress"));
  bar_->setRange(0, 1000);
  bar_->setTextVisible(false);
  bar_->setMaximumWidth(160);
  bar_->setMaximumHeight(14);
  auto* layout = new QHBoxLayout(this);
  layout->setContentsMargins(0, 0, 4, 0);
  layout->addWidget(label_);
  layout->addWidget(bar_);
  cancel_load_->setObjectName(QStringLiteral("cancelLoadButton"));
  bindTr(this, cancel_load_, "text", QT_TR_NOOP("Cancel"));
  bindTr(this, cancel_load_, "toolTip",
         QT_TR_NOOP("Stop opening the file; the window keeps what it shows"));
  cancel_load_->setAutoRaise(true);
  layout->addWidget(cancel_load_);
  connect(cancel_load_, &QToolButton::clicked, this, &RunStatusBar::cancelLoadRequested);
  clock_.setInterval(500);
  connect(&clock_, &QTimer::timeout, this, &RunStatusBar::refresh);
  refresh();
}

QString RunStatusBar::text() const {
  return label_->text();
}

void RunStatusBar::changeEvent(QEvent* event) {
  if (event->type() == QEvent::LanguageChange) refresh();  // the words of the state it shows
  QWidget::changeEvent(event);
}

void RunStatusBar::runStarted(int config_count) {
  state_ = RunState::Running;
  config_index_ = 0;
  config_count_ = config_count;
  iteration_ = planned_ = 0;
  key_.clear();
  detail_.clear();
  elapsed_.start();
  clock_.start();
  refresh();
}

void RunStatusBar::waiting(const QString& why) {
  if (state_ != RunState::Running) return;
  detail_ = why;
  refresh();
}

void RunStatusBar::configStarted(int index, int count, const QString& key) {
  detail_.clear();
  config_index_ = index;
  config_count_ = count;
  key_ = key;
  iteration_ = planned_ = 0;
  refresh();
}

void RunStatusBar::progress(const Progress& p) {
  config_index_ = p.config_index;
  config_count_ = p.config_count;
  iteration_ = p.iteration;
  planned_ = p.planned_iterations;
  refresh();
}

void RunStatusBar::cancelling() {
  if (state_ != RunState::Running) return;
  state_ = RunState::Cancelling;
  refresh();
}

void RunStatusBar::finished(RunState state, const QString& detail) {
  state_ = state;
  detail_ = detail;
  clock_.stop();
  refresh();
}

void RunStatusBar::showSession(const QString& summary) {
  state_ = RunState::Idle;
  detail_ = summary;
  clock_.stop();
  refresh();
}

void RunStatusBar::showLoading(const QString& file_name) {
  state_ = RunState::Loading;
  detail_ = file_name;
  loading_fraction_ = -1;
  clock_.stop();
  refresh();
}

void RunStatusBar::loadingProgress(double fraction) {
  if (state_ != RunState::Loading) return;
  loading_fraction_ = std::clamp(fraction, 0.0, 1.0);
  refresh();
}

void RunStatusBar::showError(const QString& message) {
  state_ = RunState::Error;
  detail_ = message;
  clock_.stop();
  refresh();
}

void RunStatusBar::refresh() {
  const bool live = state_ == RunState::Running || state_ == RunState::Cancelling;
  bar_->setVisible(live || state_ == RunState::Loading);
  cancel_load_->setVisible(state_ == RunState::Loading);
  if (state_ == RunState::Loading) {
    // Busy until the reader says how far it got, then the fraction read.
    bar_->setRange(0, loading_fraction_ < 0 ? 0 : 1000);
    if (loading_fraction_ >= 0) bar_->setValue(static_cast<int>(loading_fraction_ * 1000));
  } else {
    bar_->setRange(0, 1000);
  }
  const bool error = state_ == RunState::Failed || state_ == RunState::Error;
  label_->setStyleSheet(error ? QStringLiteral("color: %1").arg(QColor(200, 50, 50).name())
                              : QString());
  const QString time = elapsed_.isValid()
                           ? ValueFormat::elapsed(static_cast<double>(elapsed_.elapsed()))
                           : QString();
  QString text;
  switch (state_) {
    case RunState::Idle:
      text = detail_.isEmpty() ? tr("ready") : detail_;
      break;
    case RunState::Loading:
      text = tr("opening %1…").arg(detail_);
      break;
    case RunState::Error:
      text = detail_;
      break;
    case RunState::Running:
    case RunState::Cancelling: {
      QStringList parts;
      if (!detail_.isEmpty() && key_.isEmpty()) {
        parts << detail_;  // waiting behind another engine job
      } else {
        parts << tr("config %1 of %2").arg(config_index_ + 1).arg(std::max(1, config_count_));
        if (!key_.isEmpty()) parts << key_;
        parts << (planned_ > 0 ? tr("iteration %1/%2").arg(iteration_).arg(planned_)
                               : tr("preparing"));
      }
      parts << tr("%1 elapsed").arg(time);
      if (state_ == RunState::Cancelling) parts.prepend(tr("cancelling…"));
      text = parts.join(QStringLiteral(" · "));
      const double within = planned_ > 0 ? static_cast<double>(iteration_) / planned_ : 0.0;
      bar_->setValue(
          static_cast<int>(1000.0 * (config_index_ + within) / std::max(1, config_count_)));
      break;
    }
    case RunState::Finished:
      text = tr("finished · %1 · %2").arg(detail_, time);
      break;
    case RunState::Cancelled:
      text = tr("cancelled · %1 · %2").arg(detail_, time);
      break;
    case RunState::Failed:
      text = tr("failed: %1").arg(detail_);
      break;
  }
  label_->setText(display_text::line(text));
  label_->setToolTip(display_text::details(text));
}

}  // namespace inferscope::gui
