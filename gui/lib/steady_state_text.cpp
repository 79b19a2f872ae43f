#include "gui/lib/steady_state_text.h"

#include <QCoreApplication>
#include <QStringList>

#include "gui/lib/value_format.h"

namespace inferscope::gui {
namespace {

QString tr(const char* text) {
  return QCoreApplication::translate("inferscope::gui::SteadyStateText", text);
}

}  // namespace

QString SteadyStateText::brief(const SteadyStateInfo& s) {
  if (!s.analysed) return QStringLiteral("—");
  const auto from = static_cast<qulonglong>(s.steady_start);
  QString text;
  if (s.series_class == "flat") {
    text = from == 0 ? tr("flat from the start") : tr("flat from iteration %1").arg(from);
  } else if (s.series_class == "warmup") {
    text = tr("steady from iteration %1").arg(from);
  } else if (s.series_class == "slowdown") {
    text = tr("slows down at iteration %1").arg(from);
  } else if (s.series_class == "drift") {
    text = tr("drifts from iteration %1").arg(from);
  } else if (s.series_class == "switching") {
    text = tr("switches %1 / %2 ms")
               .arg(ValueFormat::number(s.fast_level_ms), ValueFormat::number(s.slow_level_ms));
  } else if (s.series_class == "no-steady-state") {
    text = tr("no steady state");
  } else {
    text = tr("%1 from iteration %2").arg(QString::fromStdString(s.series_class)).arg(from);
  }
  if (s.low_confidence) text += tr(" (unsure)");
  return text;
}

QString SteadyStateText::ciMethod(const std::string& method) {
  if (method == "order-statistic") return tr("order statistics");
  if (method == "block-bootstrap") return tr("block bootstrap");
  if (method == "range") return tr("range of the values");
  if (method.empty() || method == "none") return tr("no interval");
  return QString::fromStdString(method);
}

QString SteadyStateText::explain(const SteadyStateInfo& s, int configured_warmup) {
  if (!s.analysed) return {};
  const auto from = static_cast<qulonglong>(s.steady_start);
  QStringList lines;
  if (s.series_class == "flat") {
    lines << tr("Flat: no warm-up trend was found; statistics from iteration %1.").arg(from);
  } else if (s.series_class == "warmup") {
    lines << tr("Warm-up detected: latency settles at iteration %1; the %2 iterations before it "
                "are left out.")
                 .arg(from)
                 .arg(from);
  } else if (s.series_class == "slowdown") {
    lines << tr("Slowdown: a later level is slower than an earlier one (throttling?); statistics "
                "from iteration %1.")
                 .arg(from);
  } else if (s.series_class == "drift") {
    lines << tr("Drift: latency keeps trending from iteration %1; the median describes a moving "
                "level.")
                 .arg(from);
  } else if (s.series_class == "switching") {
    lines << tr("Switching: the series alternates between %1 ms and %2 ms, %3 % of the steady "
                "iterations at the slow level"
                " (runs of %4 iterations on average).")
                 .arg(ValueFormat::number(s.fast_level_ms), ValueFormat::number(s.slow_level_ms),
                      ValueFormat::number(100.0 * s.slow_share, 2),
                      ValueFormat::number(s.mean_dwell_iterations, 2));
  } else if (s.series_class == "no-steady-state") {
    lines << tr(
        "No steady state: the last level is too short to measure; statistics over what there is.");
  }
  if (static_cast<int>(s.steady_start) > configured_warmup && configured_warmup >= 0) {
    lines << tr("%1 iterations after the configured warm-up of %2 are excluded (drawn hollow on "
                "the Latency chart).")
                 .arg(static_cast<qulonglong>(s.steady_start) -
                      static_cast<qulonglong>(configured_warmup))
                 .arg(configured_warmup);
  }
  if (s.low_confidence)
    lines << tr("Low confidence: two detection methods disagree on where steady state starts.");
  if (s.median_ci_high_ms > 0) {
    lines << tr("Median 95 % CI %1 – %2 ms (%3).")
                 .arg(ValueFormat::number(s.median_ci_low_ms, 4),
                      ValueFormat::number(s.median_ci_high_ms, 4), ciMethod(s.ci_method));
  }
  if (s.outliers > 0)
    lines << tr("%1 outliers flagged, none dropped.").arg(static_cast<qulonglong>(s.outliers));
  if (!s.stop_reason.empty())
    lines << tr("Stopped: %1.").arg(QString::fromStdString(s.stop_reason));
  return lines.join(QLatin1Char('\n'));
}

}  // namespace inferscope::gui
