#include "gui/widgets/presentation_window.h"

#include <qcustomplot.h>

#include <QApplication>
#include <QClipboard>
#include <QCloseEvent>
#include <QHBoxLayout>
#include <QKeyEvent>
#include <QLabel>
#include <QPainter>
#include <QPushButton>
#include <QScreen>
#include <QVBoxLayout>
#include <initializer_list>

#include "core/engine/engine.h"
#include "gui/lib/lesson_catalog.h"
#include "gui/widgets/lesson_stage.h"
#include "gui/widgets/live_run_panel.h"

namespace inferscope::gui {

// The progress row: one dot per slide, the current one filled and larger.
class StepDots : public QWidget {
 public:
  explicit StepDots(QWidget* parent) : QWidget(parent) { setMinimumHeight(20); }
  void set(int count, int current) {
    count_ = count;
    current_ = current;
    update();
  }

 protected:
  void paintEvent(QPaintEvent*) override {
    QPainter p(this);
    p.setRenderHint(QPainter::Antialiasing);
    const double r = height() * 0.28, gap = height() * 0.9;
    double x = width() - gap * count_;
    for (int i = 0; i < count_; ++i, x += gap) {
      const QPointF c(x + gap / 2, height() / 2.0);
      if (i == current_) {
        p.setPen(Qt::NoPen);
        p.setBrush(LessonStage::highlightColour());
        p.drawEllipse(c, r * 1.35, r * 1.35);
      } else {
        p.setPen(QPen(QColor(200, 200, 200), 2));
        p.setBrush(i < current_ ? QColor(200, 200, 200) : Qt::transparent);
        p.drawEllipse(c, r, r);
      }
    }
  }

 private:
  int count_ = 0, current_ = -1;
};

namespace {

QString cliCommand(const lessons::LiveRun& live) {
  QStringList parts{QStringLiteral("inferscope-cli")};
  for (const auto& a : live.cli_args) parts << QString::fromStdString(a);
  return parts.join(QLatin1Char(' '));
}

std::function<bool()>& cudaProbeForTests() {
  static std::function<bool()> probe;
  return probe;
}

bool hasCudaDevice() {
  if (cudaProbeForTests()) return cudaProbeForTests()();
  try {
    for (const auto& d : engine::listDevices())
      if (d.kind == DeviceKind::Cuda) return true;
  } catch (const std::exception&) {
  }
  return false;
}

}  // namespace

PresentationWindow::PresentationWindow(lessons::LoadedLesson lesson, int screen_height,
                                       QWidget* parent, Look look)
    : QWidget(parent),
      lesson_(std::move(lesson)),
      title_(new QLabel(this)),
      progress_(new QLabel(this)),
      dots_(new StepDots(this)),
      step_title_(new QLabel(this)),
      caption_(new QLabel(this)) {
  setObjectName(QStringLiteral("presentationWindow"));
  has_cuda_ = lesson_.lesson.live.needs_gpu && hasCudaDevice();
  applyLook(screen_height, look);

  auto* header = new QHBoxLayout;
  title_->setObjectName(QStringLiteral("presentationTitle"));
  // A long title wraps on a 4:3 projector rather than widening the window past the screen.
  title_->setWordWrap(true);
  progress_->setObjectName(QStringLiteral("presentationProgress"));
  header->addWidget(title_, 1);
  header->addWidget(dots_);
  header->addWidget(progress_);

  auto* band = new QWidget(this);
  band->setObjectName(QStringLiteral("captionBand"));
  band->setAutoFillBackground(true);
  QPalette bp = band->palette();
  bp.setColor(QPalette::Window, QColor(18, 18, 18));
  band->setPalette(bp);
  auto* band_layout = new QVBoxLayout(band);
  step_title_->setObjectName(QStringLiteral("stepTitle"));
  caption_->setObjectName(QStringLiteral("caption"));
  caption_->setWordWrap(true);
  caption_->setTextFormat(Qt::PlainText);
  step_title_->setWordWrap(true);
  QPalette title_palette = step_title_->palette();
  title_palette.setColor(QPalette::WindowText, LessonStage::highlightColour());
  step_title_->setPalette(title_palette);
  band_layout->addWidget(step_title_);
  band_layout->addWidget(caption_);
  copy_ = new QPushButton(band);
  copy_->setObjectName(QStringLiteral("copyCommand"));
  copy_->setFocusPolicy(Qt::NoFocus);
  connect(copy_, &QPushButton::clicked, this,
          [this] { QApplication::clipboard()->setText(cliCommand(lesson_.lesson.live)); });
  // The command runs where it can: a CUDA device for a GPU lesson, the CPU otherwise.
  live_panel_ = new LiveRunPanel(lesson_.lesson.live, QString::fromStdString(lesson_.lesson.id),
                                 !lesson_.lesson.live.needs_gpu || has_cuda_, band);
  live_panel_->buttonRow()->insertWidget(0, copy_);
  live_panel_->setVisible(false);
  band_layout->addWidget(live_panel_);

  auto* layout = new QVBoxLayout(this);
  layout->addLayout(header);
  if (lesson_.available) {
    stage_ = new LessonStage(lesson_, this);
    layout->addWidget(stage_, 1);
    for (int i = 0; i < static_cast<int>(lesson_.lesson.steps.size()); ++i)
      slides_.push_back({SlideKind::Step, i});
    const int key = lesson_.lesson.key_step;
    slides_.push_back({SlideKind::Question, key});
    slides_.push_back({SlideKind::Answer, key});
    slides_.push_back({SlideKind::Live, key});
  } else {
    unavailable_ = new QLabel(this);
    unavailable_->setWordWrap(true);
    unavailable_->setAlignment(Qt::AlignCenter);
    layout->addWidget(unavailable_, 1);
    slides_.push_back({SlideKind::Live, 0});
  }
  layout->addWidget(band);
  if (look == Look::Paper) {
    // The page carries the texts; the window is the chart.
    for (auto* w : std::initializer_list<QWidget*>{title_, progress_, dots_, band}) w->hide();
    layout->setContentsMargins(0, 0, 0, 0);
  }
  fitFonts();
  // The keyboard belongs to the presenter: no child takes the focus away from the arrows.
  for (auto* w : findChildren<QWidget*>()) w->setFocusPolicy(Qt::NoFocus);
  setFocusPolicy(Qt::StrongFocus);
  showSlide(0);
}

PresentationWindow::~PresentationWindow() = default;

void PresentationWindow::applyLook(int screen_height, Look look) {
  // High contrast: white on black (black on white on paper), the highlight colour for what to
  // look at.
  const bool paper = look == Look::Paper;
  const QColor ink = paper ? Qt::black : Qt::white;
  QPalette p;
  p.setColor(QPalette::Window, paper ? Qt::white : Qt::black);
  p.setColor(QPalette::WindowText, ink);
  p.setColor(QPalette::Base, paper ? Qt::white : QColor(12, 12, 12));
  p.setColor(QPalette::AlternateBase, paper ? QColor(240, 240, 240) : QColor(30, 30, 30));
  p.setColor(QPalette::Text, ink);
  p.setColor(QPalette::Button, paper ? QColor(230, 230, 230) : QColor(40, 40, 40));
  p.setColor(QPalette::ButtonText, ink);
  p.setColor(QPalette::Highlight, LessonStage::highlightColour());
  p.setColor(QPalette::HighlightedText, Qt::black);
  p.setColor(QPalette::ToolTipBase, paper ? Qt::white : Qt::black);
  p.setColor(QPalette::ToolTipText, ink);
  p.setColor(QPalette::PlaceholderText, paper ? QColor(80, 80, 80) : QColor(190, 190, 190));
  setPalette(p);
  setAutoFillBackground(true);
  if (screen_height <= 0) screen_height = screen() ? screen()->geometry().height() : 1080;
  // Chart text at ~1/54 of the screen: 20 px at 1080 lines, twice a desktop's.
  QFont f = font();
  f.setPixelSize(std::max(14, screen_height / 54));
  setFont(f);
}

void PresentationWindow::fitFonts() {
  const int h = std::max(height(), 400);
  auto sized = [](QLabel* label, int px, bool bold) {
    QFont f = label->font();
    f.setPixelSize(px);
    f.setBold(bold);
    label->setFont(f);
  };
  sized(title_, h / 24, true);
  sized(progress_, h / 36, false);
  sized(step_title_, h / 30, true);
  sized(caption_, h / 34, false);
  if (unavailable_) sized(unavailable_, h / 28, false);
  QFont bf = copy_->font();
  bf.setPixelSize(h / 45);
  copy_->setFont(bf);
  live_panel_->setPixelSize(h / 45, h / 34);
  dots_->setFixedSize(h / 36 * static_cast<int>(slides_.size() + 1), h / 36);
  fitCaption();
}

void PresentationWindow::fitCaption() {
  if (fitting_caption_ || !layout()) return;
  fitting_caption_ = true;
  const int h = std::max(height(), 400);
  const int floor_px = (h * 20 + 1079) / 1080;  // the smallest text a room reads, rounded up
  for (int px = h / 34;; --px) {
    QFont f = caption_->font();
    f.setPixelSize(px);
    caption_->setFont(f);
    layout()->invalidate();
    layout()->activate();
    if (px <= floor_px || caption_->height() >= caption_->heightForWidth(caption_->width())) break;
  }
  fitting_caption_ = false;
}

void PresentationWindow::resizeEvent(QResizeEvent* event) {
  QWidget::resizeEvent(event);
  fitFonts();
}

int PresentationWindow::keySlide() const {
  for (int i = 0; i < static_cast<int>(slides_.size()); ++i)
    if (slides_[i].kind == SlideKind::Step && slides_[i].step == lesson_.lesson.key_step) return i;
  return 0;
}

void PresentationWindow::showSlide(int index) {
  if (slides_.empty()) return;
  index = std::clamp(index, 0, static_cast<int>(slides_.size()) - 1);
  current_ = index;
  const Slide& s = slides_[static_cast<std::size_t>(index)];
  if (stage_) {
    const auto& target = lesson_.lesson.steps[static_cast<std::size_t>(s.step)].target;
    stage_->showTarget(target, s.kind == SlideKind::Step || s.kind == SlideKind::Answer);
  }
  refreshTexts();
  emit slideChanged(index);
}

void PresentationWindow::next() {
  showSlide(current_ + 1);
}
void PresentationWindow::previous() {
  showSlide(current_ - 1);
}

QString PresentationWindow::liveText() const {
  const auto& live = lesson_.lesson.live;
  QString where;
  if (live.needs_gpu) {
    where = has_cuda_
                ? tr("This machine has a CUDA GPU: Run (R) runs it here and opens the session it "
                     "writes.")
                : tr("This machine has no CUDA GPU: run it on a GPU machine and open its session "
                     "here.");
  } else {
    where = tr("It runs on this machine's CPU: Run (R) runs it here.");
  }
  QString text =
      tr("Run it live:") + QLatin1Char('\n') + cliCommand(live) + QLatin1Char('\n') + where;
  if (!live.note.en.empty()) text += QLatin1Char(' ') + lessonText(live.note, lesson_.values);
  return text;
}

void PresentationWindow::refreshTexts() {
  const auto& l = lesson_.lesson;
  title_->setText(lessonText(l.title, lesson_.values));
  progress_->setText(tr("%1 / %2").arg(QLocale().toString(current_ + 1),
                                       QLocale().toString(static_cast<int>(slides_.size()))));
  dots_->set(static_cast<int>(slides_.size()), current_);
  copy_->setText(tr("Copy the command"));
  if (!lesson_.available) {
    const QString why =
        l.pending_phase.empty()
            ? QString::fromStdString(lesson_.unavailable_reason)
            : tr("Its sessions are recorded on a GPU machine by bench/gpu/h200_run.sh, phase “%1”.")
                  .arg(QString::fromStdString(l.pending_phase));
    unavailable_->setText(tr("This lesson's data is not recorded yet.") + QLatin1Char('\n') + why);
    step_title_->setText(tr("Run it live"));
    caption_->setText(liveText());
    live_panel_->setVisible(true);
    fitCaption();
    return;
  }
  const Slide& s = slides_[static_cast<std::size_t>(current_)];
  const auto& step = l.steps[static_cast<std::size_t>(s.step)];
  live_panel_->setVisible(s.kind == SlideKind::Live);
  switch (s.kind) {
    case SlideKind::Step:
      step_title_->setText(lessonText(step.title, lesson_.values));
      caption_->setText(lessonText(step.text, lesson_.values));
      break;
    case SlideKind::Question:
      step_title_->setText(tr("Question"));
      caption_->setText(lessonText(l.question.text, lesson_.values));
      break;
    case SlideKind::Answer:
      step_title_->setText(tr("Answer"));
      caption_->setText(lessonText(l.question.answer, lesson_.values));
      break;
    case SlideKind::Live:
      step_title_->setText(tr("Run it live"));
      caption_->setText(liveText() + QLatin1Char('\n') + lessonText(l.guide_ref, lesson_.values));
      break;
  }
  fitCaption();
}

QString PresentationWindow::captionText() const {
  return caption_->text();
}
QString PresentationWindow::titleText() const {
  return title_->text();
}
QString PresentationWindow::stepTitleText() const {
  return step_title_->text();
}
QString PresentationWindow::progressText() const {
  return progress_->text();
}

void PresentationWindow::setCudaProbeForTests(std::function<bool()> probe) {
  cudaProbeForTests() = std::move(probe);
}

void PresentationWindow::renderNow() {
  QApplication::processEvents();
  if (stage_) {
    stage_->settle();
    for (auto* plot : stage_->plots()) plot->replot(QCustomPlot::rpImmediateRefresh);
  }
  QApplication::processEvents();
}

void PresentationWindow::keyPressEvent(QKeyEvent* event) {
  switch (event->key()) {
    case Qt::Key_Right:
    case Qt::Key_Space:
    case Qt::Key_PageDown:
    case Qt::Key_Down:
      next();
      break;
    case Qt::Key_Left:
    case Qt::Key_Backspace:
    case Qt::Key_PageUp:
    case Qt::Key_Up:
      previous();
      break;
    case Qt::Key_Home:
      showSlide(0);
      break;
    case Qt::Key_End:
      showSlide(static_cast<int>(slides_.size()) - 1);
      break;
    case Qt::Key_R:
      if (live_panel_->isVisible()) live_panel_->start();
      break;
    case Qt::Key_Escape:
      if (live_panel_->isRunning())
        live_panel_->cancel();  // the room sees it stop; a second Esc leaves
      else
        close();
      break;
    default:
      QWidget::keyPressEvent(event);
      return;
  }
  event->accept();
}

void PresentationWindow::changeEvent(QEvent* event) {
  // The language switch (QEvent::LanguageChange) re-fills every text in the new language.
  if (event->type() == QEvent::LanguageChange && current_ >= 0) refreshTexts();
  QWidget::changeEvent(event);
}

void PresentationWindow::closeEvent(QCloseEvent* event) {
  emit closed();
  QWidget::closeEvent(event);
}

}  // namespace inferscope::gui
