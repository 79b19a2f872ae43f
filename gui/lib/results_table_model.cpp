// ResultsTableModel: cells from ConfigResult values plus the session ranking; all text through
// ValueFormat.
#include "gui/lib/results_table_model.h"

#include <QGuiApplication>
#include <QPalette>
#include <algorithm>
#include <cmath>

#include "core/common/units.h"
#include "gui/lib/config_marks.h"
#include "gui/lib/config_palette.h"
#include "gui/lib/config_text.h"
#include "gui/lib/display_text.h"
#include "gui/lib/session_document.h"
#include "gui/lib/steady_state_text.h"
#include "gui/lib/ui_lang.h"
#include "gui/lib/value_format.h"
#include "text/answer_text.h"

namespace inferscope::gui {
namespace {

// A config's status in the UI's language (core's words are the file format's).
QString statusText(ConfigStatus status) {
  switch (status) {
    case ConfigStatus::Ok:
      return ResultsTableModel::tr("ok");
    case ConfigStatus::Unsupported:
      return ResultsTableModel::tr("unsupported");
    case ConfigStatus::OutOfMemory:
      return ResultsTableModel::tr("out of memory");
    case ConfigStatus::Error:
      return ResultsTableModel::tr("error");
    case ConfigStatus::Cancelled:
      return ResultsTableModel::tr("cancelled");
  }
  return QString::fromUtf8(toString(status));
}

bool hasLatency(const ConfigResult& r) {
  return !r.latency_ms.empty() && r.stats.median_ms > 0;
}

// The raw value behind a cell: what sorting compares and what the text is made from. NaN means
// "no value" (shown as a dash).
double rawValue(const ConfigResult& r, int column) {
  const double none = std::nan("");
  const bool timed = hasLatency(r);
  switch (column) {
    case ResultsTableModel::MedianColumn:
      return timed ? r.stats.median_ms : none;
    case ResultsTableModel::MeanColumn:
      return timed ? r.stats.mean_ms : none;
    case ResultsTableModel::P90Column:
      return timed ? r.stats.p90_ms : none;
    case ResultsTableModel::MinColumn:
      return timed ? r.stats.min_ms : none;
    case ResultsTableModel::MaxColumn:
      return timed ? r.stats.max_ms : none;
    case ResultsTableModel::ColdStartColumn:
      return timed ? r.stats.cold_start_ms : none;
    case ResultsTableModel::ThroughputColumn:
      return timed ? r.stats.throughput_items_per_s : none;
    case ResultsTableModel::PeakMemoryColumn:
      return r.memory.peak_allocated_bytes > 0 ? units::bytesToMiB(r.memory.peak_allocated_bytes)
                                               : none;
    case ResultsTableModel::RelErrorColumn: {
      if (!r.accuracy.measured) return none;
      if (r.accuracy.nan_count > 0 || r.accuracy.inf_count > 0) return HUGE_VAL;
      return r.accuracy.rel_l2_error;
    }
    default:
      return none;
  }
}

// The interval behind the CI column, never nothing: across processes when the config ran in
// several (`--forks`), else the median's 95 % CI, else — a series too noisy or short for a CI —
// the range of its steady values, which is what the ranking falls back to as well.
struct Interval {
  double half_width_percent = std::nan("");
  QString tag;  // "" (the median's CI), "range", "N proc"
  QString explanation;
};

Interval interval(const ConfigResult& r) {
  Interval i;
  if (r.stats.median_ms <= 0) return i;
  if (r.fork_stats && r.fork_stats->forks > 1 && r.fork_stats->median_ms > 0) {
    const auto& f = *r.fork_stats;
    i.half_width_percent = (f.ci_high_ms - f.ci_low_ms) / 2.0 / f.median_ms * 100.0;
    i.tag = ResultsTableModel::tr("%1 proc").arg(f.forks);
    i.explanation =
        ResultsTableModel::tr(
            "Across %1 processes: median %2 ms, 95 % CI %3 – %4 ms; one more process is expected "
            "at %5 – %6 ms.%7")
            .arg(f.forks)
            .arg(ValueFormat::number(f.median_ms, 4), ValueFormat::number(f.ci_low_ms, 4),
                 ValueFormat::number(f.ci_high_ms, 4), ValueFormat::number(f.next_low_ms, 4),
                 ValueFormat::number(f.next_high_ms, 4),
                 // The outcome across processes from its fields, in the window's language.
                 QStringLiteral("\n") +
                     uiText(text::forkOutcomeText(text::forkOutcome(f), uiLang())));
    return i;
  }
  if (r.steady.analysed && r.steady.median_ci_high_ms > 0) {
    i.half_width_percent =
        (r.steady.median_ci_high_ms - r.steady.median_ci_low_ms) / 2.0 / r.stats.median_ms * 100.0;
    i.explanation = ResultsTableModel::tr("Median 95 % CI %1 – %2 ms (%3), within this process.")
                        .arg(ValueFormat::number(r.steady.median_ci_low_ms, 4),
                             ValueFormat::number(r.steady.median_ci_high_ms, 4),
                             SteadyStateText::ciMethod(r.steady.ci_method));
    return i;
  }
  if (r.stats.max_ms > 0) {
    i.half_width_percent = (r.stats.max_ms - r.stats.min_ms) / 2.0 / r.stats.median_ms * 100.0;
    i.tag = ResultsTableModel::tr("range");
    i.explanation =
        ResultsTableModel::tr(
            "No confidence interval: the steady part is too noisy, short or drifting for one. "
            "Shown is the range of its values, %1 – %2 ms.")
            .arg(ValueFormat::number(r.stats.min_ms, 4), ValueFormat::number(r.stats.max_ms, 4));
  }
  return i;
}

QString cellText(const ConfigResult& r, int column) {
  if (column == ResultsTableModel::CiColumn) {
    const Interval i = interval(r);
    if (std::isnan(i.half_width_percent)) return QStringLiteral("—");
    const QString text = QStringLiteral("±%1 %").arg(ValueFormat::number(i.half_width_percent, 2));
    return i.tag.isEmpty() ? text : QStringLiteral("%1 %2").arg(text, i.tag);
  }
  if (column == ResultsTableModel::SteadyColumn) return SteadyStateText::brief(r.steady);
  const double value = rawValue(r, column);
  if (std::isnan(value)) return QStringLiteral("—");
  switch (column) {
    case ResultsTableModel::ThroughputColumn:
      return ValueFormat::itemsPerSecond(value);
    case ResultsTableModel::PeakMemoryColumn:
      return ValueFormat::mib(r.memory.peak_allocated_bytes);
    case ResultsTableModel::RelErrorColumn:
      return std::isinf(value) ? QStringLiteral("NaN/Inf") : ValueFormat::relativeError(value);
    default:
      return ValueFormat::number(value);
  }
}

}  // namespace

ResultsTableModel::ResultsTableModel(SessionDocument* document, QObject* parent)
    : QAbstractTableModel(parent), document_(document) {
  connect(document_, &SessionDocument::reset, this, &ResultsTableModel::rebuild);
  connect(document_, &SessionDocument::resultAdded, this, &ResultsTableModel::onResultAdded);
  connect(document_, &SessionDocument::rankingChanged, this, [this] {
    rerank();
    if (!rows_.empty()) emit dataChanged(index(0, 0), index(rowCount() - 1, ColumnCount - 1));
  });
  rebuild();
}

int ResultsTableModel::rowCount(const QModelIndex& parent) const {
  return parent.isValid() ? 0 : static_cast<int>(rows_.size());
}

int ResultsTableModel::columnCount(const QModelIndex& parent) const {
  return parent.isValid() ? 0 : ColumnCount;
}

QVariant ResultsTableModel::data(const QModelIndex& index, int role) const {
  if (!checkIndex(index, CheckIndexOption::IndexIsValid | CheckIndexOption::ParentIsInvalid))
    return {};
  const int series_index = rows_[static_cast<std::size_t>(index.row())];
  const auto& series = document_->series()[static_cast<std::size_t>(series_index)];
  const ConfigResult& r = *series.result;
  const int column = index.column();
  const bool ok = r.status == ConfigStatus::Ok;

  const RankedConfig* rank = ranked(series_index);
  // Messages and reasons are the file's text: bounded and wrapped for tooltips (display_text.h).
  const QString unsafe = !ok ? display_text::details(r.message)
                             : (rank ? display_text::details(rank->unsafe_reason) : QString());
  // ✓ only where accuracy was checked and passed: a config whose accuracy was not measured, or
  // was measured against a reference that cannot judge (a constant output), is neither ✓ nor ⚠.
  const auto accuracy = ok && rank ? rank->accuracy_state : AccuracyState::Unsafe;
  const bool unchecked = unsafe.isEmpty() && (accuracy == AccuracyState::NotMeasured ||
                                              accuracy == AccuracyState::Unjudgeable);
  if (column == SpeedupColumn || column == UnsafeColumn) {
    const bool has_speedup = rank && rank->speedup > 0;
    switch (role) {
      case Qt::DisplayRole:
        if (column == UnsafeColumn) {
          if (unchecked)
            return accuracy == AccuracyState::NotMeasured ? QStringLiteral("—")
                                                          : QStringLiteral("?");
          return unsafe.isEmpty() ? QStringLiteral("✓") : QStringLiteral("⚠");
        }
        if (!has_speedup) return QStringLiteral("—");
        if (isReference(series_index)) return tr("1× (ref)");
        // "≈" in the cell: a 0.78× whose interval includes 1 is no difference, and must not
        // read as one at a glance.
        return rank->real_difference
                   ? QStringLiteral("%1×").arg(ValueFormat::number(rank->speedup))
                   : QStringLiteral("≈ %1×").arg(ValueFormat::number(rank->speedup));
      case SortRole:
        if (column == UnsafeColumn) return unchecked ? 1 : unsafe.isEmpty() ? 0 : 2;
        return has_speedup ? rank->speedup : -HUGE_VAL;
      case Qt::ToolTipRole:
        if (column == UnsafeColumn) {
          if (accuracy == AccuracyState::NotMeasured && unchecked)
            return tr("accuracy not measured against the FP32 reference: never the winner");
          if (unchecked) return display_text::details(rank->accuracy_note);
          return unsafe.isEmpty() ? tr("no NaN/Inf, error within the tolerance") : unsafe;
        }
        if (!has_speedup) return {};
        if (rank->speedup_ci_method == "none")
          return tr("%1× (no interval)").arg(ValueFormat::number(rank->speedup));
        return tr("%1× (%2 %3–%4×)%5")
            .arg(ValueFormat::number(rank->speedup),
                 rank->speedup_ci_method == "range" ? tr("range over both runs, which drifted:")
                                                    : tr("95% CI"),
                 ValueFormat::number(rank->speedup_low), ValueFormat::number(rank->speedup_high),
                 rank->real_difference ? QString()
                                       : tr(" — ≈: no real difference from %1").arg(reference_));
      case Qt::ForegroundRole:
        if (!ok) return QGuiApplication::palette().color(QPalette::Disabled, QPalette::Text);
        if (column == UnsafeColumn) {
          if (unchecked) return QGuiApplication::palette().color(QPalette::PlaceholderText);
          return unsafe.isEmpty() ? QColor(40, 140, 60) : QColor(200, 60, 60);
        }
        if (has_speedup && !rank->real_difference)
          return QGuiApplication::palette().color(QPalette::PlaceholderText);
        return {};
      case Qt::TextAlignmentRole:
        return QVariant::fromValue((column == UnsafeColumn ? Qt::AlignHCenter : Qt::AlignRight) |
                                   Qt::AlignVCenter);
      case SeriesIndexRole:
        return series_index;
      default:
        return {};
    }
  }

  switch (role) {
    case Qt::DisplayRole:
      if (column == ConfigColumn) return displayKey(series_index);
      if (column == StatusColumn) return statusText(r.status);
      return cellText(r, column);
    case SortRole:
      if (column == ConfigColumn) return series_index;  // plan order, not alphabetical
      if (column == StatusColumn) return static_cast<int>(r.status);
      if (column == CiColumn) {
        const double ci = interval(r).half_width_percent;
        return std::isnan(ci) ? -HUGE_VAL : ci;
      }
      if (column == SteadyColumn)
        return r.steady.analysed ? static_cast<double>(r.steady.steady_start) : -HUGE_VAL;
      // No value sorts below every number (NaN would compare false both ways and scramble the
      // order).
      return std::isnan(rawValue(r, column)) ? -HUGE_VAL : rawValue(r, column);
    case SeriesIndexRole:
      return series_index;
    case Qt::DecorationRole:
      if (column == ConfigColumn)
        return ConfigPalette::onPalette(series.color, QGuiApplication::palette());
      return {};
    case Qt::ToolTipRole:
      if (!ok) return display_text::details(r.message);
      if (column == ConfigColumn) return configDescription(r.config);
      if (column == MedianColumn || column == StatusColumn || column == SteadyColumn)
        return SteadyStateText::explain(r.steady, r.warmup_iterations);
      if (column == CiColumn) return interval(r).explanation;
      return {};
    case Qt::ForegroundRole:
      if (!ok) return QGuiApplication::palette().color(QPalette::Disabled, QPalette::Text);
      return {};
    case Qt::TextAlignmentRole:
      if (column == ConfigColumn || column == StatusColumn)
        return QVariant::fromValue(Qt::AlignLeft | Qt::AlignVCenter);
      return QVariant::fromValue(Qt::AlignRight | Qt::AlignVCenter);
    default:
      return {};
  }
}

QVariant ResultsTableModel::headerData(int section, Qt::Orientation orientation, int role) const {
  if (orientation != Qt::Horizontal || section < 0 || section >= ColumnCount) return {};
  if (role == Qt::DisplayRole) {
    // Two lines, quantity over unit: eleven columns fit a 1280-pixel window without scrolling.
    static const char* const kTitles[ColumnCount] = {QT_TR_NOOP("Config"),
                                                     QT_TR_NOOP("Status"),
                                                     QT_TR_NOOP("Safe"),
                                                     QT_TR_NOOP("Median\n(ms)"),
                                                     QT_TR_NOOP("CI\n±%"),
                                                     QT_TR_NOOP("Speed-up"),
                                                     QT_TR_NOOP("Rel. error\nvs FP32"),
                                                     QT_TR_NOOP("Peak\n(MiB)"),
                                                     QT_TR_NOOP("Steady\nstate"),
                                                     QT_TR_NOOP("Mean\n(ms)"),
                                                     QT_TR_NOOP("P90\n(ms)"),
                                                     QT_TR_NOOP("Min\n(ms)"),
                                                     QT_TR_NOOP("Max\n(ms)"),
                                                     QT_TR_NOOP("Cold start\n(ms)"),
                                                     QT_TR_NOOP("Items/s")};
    // The speed-up names the reference it was computed against: FP32 when the session has it,
    // otherwise whichever config rankSession took.
    if (section == SpeedupColumn)
      return reference_.isEmpty() ? tr("Speed-up\n×ref") : tr("Speed-up\n×%1").arg(reference_);
    return tr(kTitles[section]);
  }
  if (role == Qt::ToolTipRole) {
    switch (section) {
      case MedianColumn:
        return tr("Median latency of the measured (steady) iterations");
      case ColdStartColumn:
        return tr("Iteration 0 on its own: allocation, autotuning, compilation");
      case ThroughputColumn:
        return tr("Throughput: batch size ÷ median latency");
      case PeakMemoryColumn:
        return tr("Peak memory allocated while the config ran");
      case RelErrorColumn:
        return tr("Relative L2 error of the output against the FP32-IEEE reference");
      case CiColumn:
        return tr(
            "Half-width of the median's 95% confidence interval, in % of the median. "
            "“N proc”: across N fresh processes; “range”: no CI could be had, the range of the "
            "steady values");
      case SpeedupColumn:
        return reference_.isEmpty()
                   ? tr("Reference median ÷ this median (no reference config finished yet)")
                   : tr("%1 median ÷ this median, CI on hover; “≈”: the interval includes no "
                        "difference")
                         .arg(reference_);
      case SteadyColumn:
        return tr(
            "What the warm-up analysis found: where the steady state starts (warm-up included), "
            "or that the series switches, drifts or never settles");
      case UnsafeColumn:
        return tr(
            "⚠: NaN/Inf in the output, error over the tolerance, or the config did not run — "
            "reason on hover");
      default:
        return {};
    }
  }
  return {};
}

void ResultsTableModel::setTolerance(double tolerance) {
  if (tolerance == tolerance_) return;
  tolerance_ = tolerance;
  rerank();
  if (!rows_.empty()) emit dataChanged(index(0, 0), index(rowCount() - 1, ColumnCount - 1));
}

void ResultsTableModel::rerank() {
  ranking_.clear();
  reference_series_ = -1;
  // During a run the document may hand back an older ranking (or none) and say rankingChanged()
  // once the current one is computed.
  const auto ranked = document_->ranking(tolerance_);
  if (!ranked) return;
  for (const auto& r : ranked->ranking.configs)
    ranking_[ranked->series_index[static_cast<std::size_t>(r.index)]] = r;
  QString reference;
  reference_series_ = -1;
  if (ranked->ranking.baseline_index) {
    const auto position = static_cast<std::size_t>(*ranked->ranking.baseline_index);
    if (position < ranked->session.configs.size()) {
      reference = QString::fromStdString(ranked->session.configs[position].config.key());
      reference_series_ = ranked->series_index[position];
    }
  }
  if (reference != reference_) {
    reference_ = reference;
    emit headerDataChanged(Qt::Horizontal, SpeedupColumn, SpeedupColumn);
  }
}

QString ResultsTableModel::displayKey(int series_index) const {
  // Marked as every view marks it (ConfigMarks): the tuned session's winner ★, its ties ≈, and a
  // config that ran as its fallback "asked → ran (fallback)", so the fallback and its own row never
  // read as the same config.
  const auto& series = document_->series();
  return ConfigMarks::of(document_->session().get())
      .label(series[static_cast<std::size_t>(series_index)], series, mergedInto(series_index));
}

std::vector<int> ResultsTableModel::mergedInto(int series_index) const {
  const auto it = merged_.find(series_index);
  return it == merged_.end() ? std::vector<int>{} : it->second;
}

QString ResultsTableModel::details(int series_index) const {
  const auto& all = document_->series();
  if (series_index < 0 || series_index >= static_cast<int>(all.size()) ||
      !all[static_cast<std::size_t>(series_index)].result)
    return {};
  const ConfigResult& r = *all[static_cast<std::size_t>(series_index)].result;
  QStringList lines;
  lines << tr("<b>%1</b> — %2 · %3")
               .arg(displayKey(series_index).toHtmlEscaped(),
                    configDescription(r.config).toHtmlEscaped(), statusText(r.status));
  if (!r.fallback_from.empty()) {
    lines << tr("Asked for %1; it could not run, so its fallback %2 ran in its place.")
                 .arg(QString::fromStdString(r.fallback_from).toHtmlEscaped(),
                      QString::fromStdString(r.config.key()).toHtmlEscaped());
  }
  // The rows merged into this one: the same config again, as a fallback of another. Their own
  // figures where they differ (a second run), so that nothing measured is hidden.
  for (int m : mergedInto(series_index)) {
    const ConfigResult& f = *all[static_cast<std::size_t>(m)].result;
    const QString asked = QString::fromStdString(f.fallback_from).toHtmlEscaped();
    const QString ran = QString::fromStdString(f.config.key()).toHtmlEscaped();
    if (f.latency_ms == r.latency_ms) {
      lines << tr("%1 was asked for too; it could not run, so %2 ran in its place: this same run, "
                  "listed once.")
                   .arg(asked, ran);
    } else if (hasLatency(f)) {
      lines << tr("%1 was asked for too; it could not run, so %2 ran in its place in a run of its "
                  "own: median %3 ms over %4 iterations.")
                   .arg(asked, ran, ValueFormat::number(f.stats.median_ms))
                   .arg(f.latency_ms.size());
    } else {
      lines
          << tr("%1 was asked for too; it could not run, so %2 ran in its place.").arg(asked, ran);
    }
  }
  // The pane is a word-wrapping label: it breaks at spaces itself. display_text::details' hard
  // breaks every kWrapChars (for tooltips, which do not wrap) read as spaces here, inside numbers
  // ("102.4 2 GiB"): the same bounded text in one line instead.
  const auto pane = [](const std::string& text) {
    return display_text::line(text, display_text::kDetailsChars).toHtmlEscaped();
  };
  if (r.status == ConfigStatus::OutOfMemory) {
    // The allocator's own sentence carries the figures (what was asked, capacity, in use,
    // reserved): in full here, not only on hover.
    lines << tr("Out of memory. The allocator said: %1").arg(pane(r.message));
  } else if (r.status != ConfigStatus::Ok && !r.message.empty()) {
    lines << pane(r.message);
  }
  if (r.memory.peak_allocated_bytes > 0 || r.memory.peak_reserved_bytes > 0) {
    lines << tr("Peak allocated %1 MiB, reserved %2 MiB (%3)")
                 .arg(ValueFormat::mib(r.memory.peak_allocated_bytes),
                      ValueFormat::mib(r.memory.peak_reserved_bytes),
                      display_text::line(r.memory.source));
  }
  if (hasLatency(r)) {
    lines << SteadyStateText::explain(r.steady, r.warmup_iterations).toHtmlEscaped();
    const Interval i = interval(r);
    if (!i.explanation.isEmpty()) lines << i.explanation.toHtmlEscaped();
  }
  if (const RankedConfig* rank = ranked(series_index); rank && !rank->unsafe_reason.empty())
    lines << tr("Unsafe: %1").arg(pane(rank->unsafe_reason));
  return lines.join(QStringLiteral("<br>"));
}

const RankedConfig* ResultsTableModel::ranked(int series_index) const {
  const auto it = ranking_.find(series_index);
  return it == ranking_.end() ? nullptr : &it->second;
}

void ResultsTableModel::updateRows() {
  const auto& series = document_->series();
  auto groups = groupFallbacks(series);
  std::vector<int> rows;
  for (std::size_t i = 0; i < series.size(); ++i) {
    if (series[i].result && !groups.merged(static_cast<int>(i)))
      rows.push_back(static_cast<int>(i));
  }
  merged_ = std::move(groups.members);
  rows_ = std::move(rows);
}

void ResultsTableModel::rebuild() {
  beginResetModel();
  updateRows();
  // Ranked once the rows are the new session's: the reference's header change makes the header
  // size its column from the rows, and rows of the previous session pointed past the new one's
  // series (opening a session of fewer configs after another crashed there).
  rerank();
  endResetModel();
}

void ResultsTableModel::onResultAdded(int series_index) {
  const FallbackGroups groups = groupFallbacks(document_->series());
  // A run that changes which rows stand for which (a config's own run after its fallback's): the
  // rows again, at once. Otherwise one row more, or none when it merged into a row shown.
  const bool regroup = std::any_of(rows_.begin(), rows_.end(), [&](int row) {
    return row != series_index && groups.merged(row);
  });
  if (regroup) {
    rebuild();
    return;
  }
  const auto it = std::lower_bound(rows_.begin(), rows_.end(), series_index);
  const bool was_shown = it != rows_.end() && *it == series_index;
  if (!groups.merged(series_index) && !was_shown) {
    const int row = static_cast<int>(it - rows_.begin());
    beginInsertRows({}, row, row);
    updateRows();
    endInsertRows();
  } else if (was_shown && groups.merged(series_index)) {
    rebuild();  // a result delivered again that now joins another row
    return;
  } else {
    updateRows();
  }
  rerank();
  // Every row's speed-up is relative to the baseline, which may have just arrived.
  if (!rows_.empty()) emit dataChanged(index(0, 0), index(rowCount() - 1, ColumnCount - 1));
}

}  // namespace inferscope::gui
