#include "gui/widgets/message_banner.h"

#include <QApplication>
#include <QEvent>
#include <QHBoxLayout>
#include <QLabel>
#include <QStyle>
#include <QToolButton>

#include "gui/lib/display_text.h"
#include "gui/widgets/translated_text.h"

namespace inferscope::gui {

MessageBanner::MessageBanner(QWidget* parent)
    : QFrame(parent),
      icon_(new QLabel(this)),
      label_(new QLabel(this)),
      dismiss_(new QToolButton(this)) {
  setObjectName(QStringLiteral("messageBanner"));
  setFrameShape(QFrame::StyledPanel);
  setAutoFillBackground(true);
  label_->setObjectName(QStringLiteral("messageBannerText"));
  label_->setWordWrap(true);
  // Wrapped and bounded (display_text.h): a reader's message quoting a file never widens the
  // window.
  label_->setSizePolicy(QSizePolicy::Ignored, QSizePolicy::Preferred);
  label_->setTextFormat(Qt::RichText);
  label_->setTextInteractionFlags(Qt::TextSelectableByMouse);
  dismiss_->setObjectName(QStringLiteral("messageBannerDismiss"));
  bindTr(this, dismiss_, "text", QT_TR_NOOP("Dismiss"));
  bindTr(this, dismiss_, "toolTip", QT_TR_NOOP("Hide this message (it stays in the log)"));
  auto* layout = new QHBoxLayout(this);
  layout->setContentsMargins(8, 4, 4, 4);
  layout->addWidget(icon_, 0, Qt::AlignTop);
  layout->addWidget(label_, 1);
  layout->addWidget(dismiss_, 0, Qt::AlignTop);
  connect(dismiss_, &QToolButton::clicked, this, &QWidget::hide);
  recolour();
  hide();
}

void MessageBanner::showError(const QString& headline, const QString& detail) {
  const int size = style()->pixelMetric(QStyle::PM_SmallIconSize, nullptr, this);
  icon_->setPixmap(style()->standardIcon(QStyle::SP_MessageBoxCritical).pixmap(size, size));
  label_->setText(QStringLiteral("<b>%1</b><br>%2")
                      .arg(display_text::line(headline).toHtmlEscaped(),
                           display_text::details(detail, display_text::kDetailsChars / 4)
                               .toHtmlEscaped()
                               .replace(QLatin1Char('\n'), QStringLiteral("<br>"))));
  show();
}

QString MessageBanner::text() const {
  return label_->text();
}

void MessageBanner::changeEvent(QEvent* event) {
  QFrame::changeEvent(event);
  if (event->type() == QEvent::PaletteChange) recolour();
}

// A red tint of the window colour, so the banner reads as a problem on light and dark themes alike
// while the text keeps the palette's own contrast.
void MessageBanner::recolour() {
  // From the application's palette, not our own: that is already tinted.
  QPalette p = QApplication::palette(this);
  const QColor window = p.color(QPalette::Window);
  const QColor red(220, 50, 50);
  const double mix = window.lightness() > 128 ? 0.15 : 0.30;
  const QColor tint = QColor::fromRgbF(window.redF() * (1 - mix) + red.redF() * mix,
                                       window.greenF() * (1 - mix) + red.greenF() * mix,
                                       window.blueF() * (1 - mix) + red.blueF() * mix);
  if (palette().color(QPalette::Window) == tint) return;  // our own setPalette's PaletteChange
  p.setColor(QPalette::Window, tint);
  setPalette(p);
}

}  // namespace inferscope::gui
