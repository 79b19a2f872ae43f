#include "gui/widgets/chart_tickers.h"

#include <algorithm>
#include <cmath>

namespace inferscope::gui {

double IterationTicker::getTickStep(const QCPRange& range) {
  const double step = QCPAxisTicker::getTickStep(range);
  return step < 1 ? 1 : std::ceil(step);
}

int IterationTicker::getSubTickCount(double tick_step) {
  return tick_step >= 5 ? 4 : static_cast<int>(tick_step) - 1;
}

QString IterationTicker::getTickLabel(double tick, const QLocale& locale, QChar, int) {
  return locale.toString(static_cast<qlonglong>(std::llround(tick)));
}

QVector<double> LatencyTicker::createTickVector(double tick_step, const QCPRange& range) {
  if (!logarithmic_ || range.lower <= 0 || range.upper / range.lower < 10) {
    // The labels need as many decimals as the step has: a 2.5 step labels 32.5, not "33".
    step_decimals_ = 0;
    for (double scaled = tick_step;
         step_decimals_ < 6 && std::abs(scaled - std::round(scaled)) > 1e-9 * std::max(1.0, scaled);
         scaled *= 10) {
      ++step_decimals_;
    }
    return QCPAxisTicker::createTickVector(tick_step, range);
  }
  step_decimals_ = 0;
  QVector<double> ticks;
  for (double decade = std::pow(10.0, std::floor(std::log10(range.lower))); decade <= range.upper;
       decade *= 10) {
    for (const double m : {1.0, 2.0, 5.0}) {
      if (decades_only_ && m != 1.0) continue;
      if (m * decade >= range.lower && m * decade <= range.upper) ticks << m * decade;
    }
  }
  return ticks;
}

int LatencyTicker::getSubTickCount(double tick_step) {
  // Evenly spaced sub-ticks would lie on a log axis.
  return logarithmic_ ? 0 : QCPAxisTicker::getSubTickCount(tick_step);
}

QString LatencyTicker::getTickLabel(double tick, const QLocale& locale, QChar, int) {
  const double magnitude = std::abs(tick);
  const int decimals = std::max(step_decimals_, magnitude == 0 || magnitude >= 10 ? 0
                                                : magnitude >= 1                  ? 1
                                                : magnitude >= 0.1                ? 2
                                                                                  : 3);
  QString text = locale.toString(tick, 'f', decimals);
  // "40.0" → "40": trailing zeros claim digits the step does not have.
  if (text.contains(locale.decimalPoint())) {
    while (text.endsWith(QLatin1Char('0'))) text.chop(1);
    if (text.endsWith(locale.decimalPoint())) text.chop(1);
  }
  return text;
}

QVector<double> ZeroLaneLogTicker::createTickVector(double tick_step, const QCPRange& range) {
  QVector<double> ticks = QCPAxisTickerLog::createTickVector(tick_step, range);
  if (lane_ <= 0) return ticks;
  QVector<double> kept;
  if (lane_ >= range.lower && lane_ <= range.upper) kept << lane_;
  for (const double tick : ticks)
    if (tick >= values_from_) kept << tick;
  return kept;
}

QVector<double> ZeroLaneLogTicker::createSubTickVector(int sub_tick_count,
                                                       const QVector<double>& ticks) {
  QVector<double> sub = QCPAxisTickerLog::createSubTickVector(sub_tick_count, ticks);
  if (lane_ <= 0) return sub;
  sub.erase(std::remove_if(sub.begin(), sub.end(), [this](double t) { return t < values_from_; }),
            sub.end());
  return sub;
}

QString ZeroLaneLogTicker::getTickLabel(double tick, const QLocale& locale, QChar format_char,
                                        int precision) {
  if (lane_ > 0 && tick == lane_) return lane_label_;
  return QCPAxisTickerLog::getTickLabel(tick, locale, format_char, precision);
}

}  // namespace inferscope::gui
