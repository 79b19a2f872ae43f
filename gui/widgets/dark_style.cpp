#include "gui/widgets/dark_style.h"

#include <QApplication>
#include <QPainter>
#include <QStyleFactory>
#include <QStyleOption>

namespace inferscope::gui {

DarkStyle::DarkStyle() : QProxyStyle(QStyleFactory::create(QStringLiteral("Fusion"))) {}

// Fusion's own colours, darkened: what a dark desktop theme hands a Qt application.
QPalette DarkStyle::darkPalette() {
  QPalette p;
  const QColor window(45, 45, 48), base(30, 30, 32), text(225, 225, 225), disabled(128, 128, 128);
  p.setColor(QPalette::Window, window);
  p.setColor(QPalette::WindowText, text);
  p.setColor(QPalette::Base, base);
  p.setColor(QPalette::AlternateBase, window);
  p.setColor(QPalette::ToolTipBase, QColor(60, 60, 64));
  p.setColor(QPalette::ToolTipText, text);
  p.setColor(QPalette::PlaceholderText, QColor(165, 165, 165));
  p.setColor(QPalette::Text, text);
  p.setColor(QPalette::Button, window);
  p.setColor(QPalette::ButtonText, text);
  p.setColor(QPalette::BrightText, QColor(255, 90, 90));
  p.setColor(QPalette::Light, QColor(70, 70, 74));
  p.setColor(QPalette::Midlight, QColor(60, 60, 64));
  p.setColor(QPalette::Mid, QColor(95, 95, 100));
  p.setColor(QPalette::Dark, QColor(25, 25, 27));
  p.setColor(QPalette::Shadow, QColor(10, 10, 10));
  p.setColor(QPalette::Highlight, QColor(42, 130, 218));
  p.setColor(QPalette::HighlightedText, Qt::white);
  p.setColor(QPalette::Link, QColor(90, 160, 240));
  for (auto role : {QPalette::WindowText, QPalette::Text, QPalette::ButtonText})
    p.setColor(QPalette::Disabled, role, disabled);
  return p;
}

void DarkStyle::apply() {
  QApplication::setStyle(new DarkStyle);  // the application takes ownership
  QApplication::setPalette(darkPalette());
}

QColor DarkStyle::indicatorFrame(const QPalette& palette) {
  const QColor text = palette.color(QPalette::Text), base = palette.color(QPalette::Base);
  const double k = 0.55;
  return QColor::fromRgbF(text.redF() * k + base.redF() * (1 - k),
                          text.greenF() * k + base.greenF() * (1 - k),
                          text.blueF() * k + base.blueF() * (1 - k));
}

void DarkStyle::drawPrimitive(PrimitiveElement element, const QStyleOption* option,
                              QPainter* painter, const QWidget* widget) const {
  QProxyStyle::drawPrimitive(element, option, painter, widget);
  const bool indicator = element == PE_IndicatorCheckBox ||
                         element == PE_IndicatorItemViewItemCheck ||
                         element == PE_IndicatorRadioButton;
  if (!indicator || option->palette.color(QPalette::Window).lightness() >= 128) return;
  painter->save();
  painter->setRenderHint(QPainter::Antialiasing, true);
  QColor frame = indicatorFrame(option->palette);
  if (!(option->state & State_Enabled)) frame.setAlphaF(0.5);
  painter->setPen(QPen(frame, 1.0));
  painter->setBrush(Qt::NoBrush);
  const QRectF r = QRectF(option->rect).adjusted(0.5, 0.5, -0.5, -0.5);
  if (element == PE_IndicatorRadioButton) {
    painter->drawEllipse(r);
  } else {
    painter->drawRoundedRect(r, 1.5, 1.5);
  }
  painter->restore();
}

}  // namespace inferscope::gui
