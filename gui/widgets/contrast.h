// Contrast as WCAG 2 defines it, for chart colours that must stay readable: a faded series on a
// slide read at 2.0:1 (alpha 70 over white), under the 4.5:1 the lessons promise for text and
// lines read from the back of a room.
#pragma once

#include <QColor>
#include <cmath>

namespace inferscope::gui::contrast {

inline constexpr double kReadableRatio = 4.5;

// The colour as it shows over an opaque background (alpha composited).
inline QColor over(const QColor& colour, const QColor& background) {
  const double a = colour.alphaF();
  return QColor::fromRgbF(static_cast<float>(a * colour.redF() + (1 - a) * background.redF()),
                          static_cast<float>(a * colour.greenF() + (1 - a) * background.greenF()),
                          static_cast<float>(a * colour.blueF() + (1 - a) * background.blueF()));
}

inline double luminance(const QColor& c) {
  const auto channel = [](double v) {
    return v <= 0.04045 ? v / 12.92 : std::pow((v + 0.055) / 1.055, 2.4);
  };
  return 0.2126 * channel(c.redF()) + 0.7152 * channel(c.greenF()) + 0.0722 * channel(c.blueF());
}

// 1 (same) … 21 (black on white); `colour` composited over `background` first.
inline double ratio(const QColor& colour, const QColor& background) {
  const double a = luminance(over(colour, background)), b = luminance(background);
  return (std::max(a, b) + 0.05) / (std::min(a, b) + 0.05);
}

// A series faded behind the one in focus: opaque, most of its saturation taken away (what reads
// as faded), then moved toward black on a light background (white on a dark one) until it keeps
// kReadableRatio against it.
inline QColor faded(const QColor& colour, const QColor& background) {
  QColor c =
      QColor::fromHslF(colour.hslHueF(), colour.hslSaturationF() * 0.35f, colour.lightnessF());
  const QColor toward = luminance(background) > 0.18 ? QColor(Qt::black) : QColor(Qt::white);
  for (int i = 0; i < 64 && ratio(c, background) < kReadableRatio; ++i) {
    c = QColor::fromRgbF(c.redF() * 0.92f + toward.redF() * 0.08f,
                         c.greenF() * 0.92f + toward.greenF() * 0.08f,
                         c.blueF() * 0.92f + toward.blueF() * 0.08f);
  }
  return c;
}

}  // namespace inferscope::gui::contrast
