// Axis tickers for the latency charts (QCPAxisTicker subclasses, as KDAB hotspot does for its
// time axes): whole-number iterations, and latency ticks that stay labelled on a log axis.
#pragma once

#include <qcustomplot.h>

namespace inferscope::gui {

// Iterations are whole numbers: never a tick at 2.5.
class IterationTicker : public QCPAxisTicker {
 protected:
  double getTickStep(const QCPRange& range) override;
  int getSubTickCount(double tick_step) override;
  QString getTickLabel(double tick, const QLocale& locale, QChar format_char,
                       int precision) override;
};

// Latency in ms. On a log axis spanning a decade or more, ticks follow 1-2-5 per decade (a plain
// log ticker labels only 1, 10, 100 and leaves a 40–90 ms band without a single number); over a
// narrower range the linear 1-2-5 steps read better on either scale.
class LatencyTicker : public QCPAxisTicker {
 public:
  void setLogarithmic(bool on) { logarithmic_ = on; }
  // On a short log axis 1-2-5 labels collide: powers of ten only.
  void setDecadesOnly(bool on) { decades_only_ = on; }

 protected:
  QVector<double> createTickVector(double tick_step, const QCPRange& range) override;
  int getSubTickCount(double tick_step) override;
  QString getTickLabel(double tick, const QLocale& locale, QChar format_char,
                       int precision) override;

 private:
  bool logarithmic_ = false;
  bool decades_only_ = false;
  int step_decimals_ = 0;  // decimals the current linear step needs
};

// A log axis with a lane left of its values for what has no place on a log scale: an error of
// exactly 0. Ticks below `values_from` are dropped and one tick at `lane` reads `lane_label`
// ("= FP32"), so a point there never reads as a small deviation (a decade left of the smallest
// one read as "10 % of rows changed" when that one was 100 %).
class ZeroLaneLogTicker : public QCPAxisTickerLog {
 public:
  void setLane(double lane, double values_from, const QString& lane_label) {
    lane_ = lane;
    values_from_ = values_from;
    lane_label_ = lane_label;
  }

 protected:
  QVector<double> createTickVector(double tick_step, const QCPRange& range) override;
  QVector<double> createSubTickVector(int sub_tick_count, const QVector<double>& ticks) override;
  QString getTickLabel(double tick, const QLocale& locale, QChar format_char,
                       int precision) override;

 private:
  double lane_ = 0;         // 0: no lane, a plain log ticker
  double values_from_ = 0;  // the first value the axis shows as a number
  QString lane_label_;
};

}  // namespace inferscope::gui
