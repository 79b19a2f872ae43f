// The window's dark theme (--dark, and what a dark desktop hands a Qt application): Fusion with a
// darkened palette, plus one repair. Fusion draws a check box's frame in the window colour darkened
// by 40 %, which on a dark window is within a few levels of the box's own fill: unchecked boxes
// vanish. The proxy style draws that frame again in a colour between text and window.
#pragma once

#include <QPalette>
#include <QProxyStyle>

namespace inferscope::gui {

class DarkStyle : public QProxyStyle {
 public:
  DarkStyle();
  void drawPrimitive(PrimitiveElement element, const QStyleOption* option, QPainter* painter,
                     const QWidget* widget = nullptr) const override;

  static QPalette darkPalette();
  // Installs the style and the palette application-wide.
  static void apply();
  // The indicator frame colour drawn for `palette` (tests check its contrast).
  static QColor indicatorFrame(const QPalette& palette);
};

}  // namespace inferscope::gui
