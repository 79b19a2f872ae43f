#include "gui/lib/race_table_model.h"

#include <QBrush>
#include <QCoreApplication>
#include <QFont>
#include <QGuiApplication>
#include <QPalette>
#include <limits>

#include "core/common/units.h"
#include "gui/lib/display_text.h"
#include "gui/lib/value_format.h"

namespace inferscope::gui {
namespace {

constexpr const char* kContext = "inferscope::gui::RaceView";
const char* const kHeaders[] = {
    QT_TRANSLATE_NOOP("inferscope::gui::RaceView", "Config"),
    QT_TRANSLATE_NOOP("inferscope::gui::RaceView", "State"),
    QT_TRANSLATE_NOOP("inferscope::gui::RaceView", "Median (ms)"),
    QT_TRANSLATE_NOOP("inferscope::gui::RaceView", "Interval (ms)"),
    QT_TRANSLATE_NOOP("inferscope::gui::RaceView", "Compile (s)"),
    QT_TRANSLATE_NOOP("inferscope::gui::RaceView", "Reason"),
};

// Translated in RaceView's context: the words were the view's before it had a model.
QString raceTr(const char* text) {
  return QCoreApplication::translate(kContext, text);
}

bool isOut(const QString& state) {
  return state == QLatin1String("eliminated") || state == QLatin1String("failed") ||
         state == QLatin1String("unsafe") || state == QLatin1String("not-measured") ||
         state == QLatin1String("accuracy-not-measured");
}

QString seconds(double ms) {
  return QString::number(units::msToS(ms), 'f', ms < 10000 ? 1 : 0);
}

// A state in the UI's language; the English words are the event stream's.
QString stateWord(const QString& state) {
  static const char* const kStates[][2] = {
      {"waiting", QT_TRANSLATE_NOOP("inferscope::gui::RaceView", "waiting")},
      {"running", QT_TRANSLATE_NOOP("inferscope::gui::RaceView", "running")},
      {"winner", QT_TRANSLATE_NOOP("inferscope::gui::RaceView", "winner")},
      {"tied", QT_TRANSLATE_NOOP("inferscope::gui::RaceView", "tied")},
      {"finalist", QT_TRANSLATE_NOOP("inferscope::gui::RaceView", "finalist")},
      {"eliminated", QT_TRANSLATE_NOOP("inferscope::gui::RaceView", "eliminated")},
      {"failed", QT_TRANSLATE_NOOP("inferscope::gui::RaceView", "failed")},
      {"unsafe", QT_TRANSLATE_NOOP("inferscope::gui::RaceView", "unsafe")},
      {"not-measured", QT_TRANSLATE_NOOP("inferscope::gui::RaceView", "not measured")},
      {"accuracy-not-measured",
       QT_TRANSLATE_NOOP("inferscope::gui::RaceView", "accuracy not measured")},
  };
  for (const auto& [word, text] : kStates) {
    if (state == QLatin1String(word)) return raceTr(text);
  }
  return state;
}

}  // namespace

RaceTableModel::RaceTableModel(QObject* parent) : QAbstractTableModel(parent) {}

void RaceTableModel::clear() {
  beginResetModel();
  rows_.clear();
  endResetModel();
}

int RaceTableModel::rowOf(const QString& key) const {
  for (std::size_t r = 0; r < rows_.size(); ++r) {
    if (rows_[r].key == key) return static_cast<int>(r);
  }
  return -1;
}

int RaceTableModel::ensureRow(const QString& key) {
  if (const int row = rowOf(key); row >= 0) return row;
  const int row = static_cast<int>(rows_.size());
  beginInsertRows({}, row, row);
  Row added;
  added.key = display_text::line(key);
  rows_.push_back(std::move(added));
  endInsertRows();
  return row;
}

void RaceTableModel::markRunning(const QString& key) {
  const int row = ensureRow(key);
  auto& r = rows_[static_cast<std::size_t>(row)];
  if (r.state != QLatin1String("waiting")) return;
  r.state = QStringLiteral("running");
  rowChanged(row);
}

void RaceTableModel::setCandidate(const tuner::TuneEvent& e) {
  const int row = ensureRow(display_text::line(e.key));
  auto& r = rows_[static_cast<std::size_t>(row)];
  r.reported = true;
  r.state = display_text::line(e.state);
  r.racing = e.state == "finalist" && e.rounds > 0 && !e.forked;
  r.forks = e.forked ? e.forks : 0;
  r.median_ms = e.forked ? e.fork_median_ms : e.median_ms;
  r.low_ms = e.forked ? e.fork_low_ms : e.low_ms;
  r.high_ms = e.forked ? e.fork_high_ms : e.high_ms;
  r.compile_ms = e.compile_ms;
  r.reason = display_text::line(e.reason);
  r.reason_details = display_text::details(e.reason);
  r.fork_verdict = display_text::details(e.fork_verdict);
  rowChanged(row);
}

// The winner and its ties marked in the key itself, so that they read apart in a screenshot, a
// copy of the table or a colour-blind eye alike.
void RaceTableModel::markAnswer(const QString& winner, const QStringList& ties) {
  for (std::size_t r = 0; r < rows_.size(); ++r) {
    auto& row = rows_[r];
    const Mark mark = row.key == winner        ? Mark::Winner
                      : ties.contains(row.key) ? Mark::Tie
                                               : Mark::None;
    if (mark == row.mark) continue;
    row.mark = mark;
    rowChanged(static_cast<int>(r));
  }
}

void RaceTableModel::retranslate() {
  emit headerDataChanged(Qt::Horizontal, 0, ColumnCount - 1);
  if (!rows_.empty()) emit dataChanged(index(0, 0), index(rowCount() - 1, ColumnCount - 1));
}

void RaceTableModel::rowChanged(int row) {
  emit dataChanged(index(row, 0), index(row, ColumnCount - 1));
}

int RaceTableModel::rowCount(const QModelIndex& parent) const {
  return parent.isValid() ? 0 : static_cast<int>(rows_.size());
}

int RaceTableModel::columnCount(const QModelIndex& parent) const {
  return parent.isValid() ? 0 : ColumnCount;
}

QString RaceTableModel::stateText(const Row& row) const {
  const QString state = row.racing
                            ? raceTr(QT_TRANSLATE_NOOP("inferscope::gui::RaceView", "in the race"))
                            : stateWord(row.state);
  return row.forks > 0 ? raceTr(QT_TRANSLATE_NOOP("inferscope::gui::RaceView", "%1 (%2 forks)"))
                             .arg(state)
                             .arg(row.forks)
                       : state;
}

QVariant RaceTableModel::display(const Row& row, int column) const {
  switch (column) {
    case ConfigColumn:
      return row.mark == Mark::Winner ? QStringLiteral("★ %1").arg(row.key)
             : row.mark == Mark::Tie  ? QStringLiteral("≈ %1").arg(row.key)
                                      : row.key;
    case StateColumn:
      return stateText(row);
    case MedianColumn:
      if (!row.reported) return QString();
      return row.median_ms > 0 ? ValueFormat::number(row.median_ms) : QStringLiteral("—");
    case IntervalColumn:
      return row.low_ms > 0
                 ? QStringLiteral("[%1, %2]")
                       .arg(ValueFormat::number(row.low_ms), ValueFormat::number(row.high_ms))
                 : QString();
    case CompileColumn:
      return row.compile_ms > 0 ? seconds(row.compile_ms) : QString();
    default:
      return row.reason;
  }
}

QVariant RaceTableModel::sortKey(const Row& row, int column) const {
  // A candidate without a figure sorts after every measured one.
  const auto figure = [](double value) {
    return value > 0 ? value : std::numeric_limits<double>::infinity();
  };
  switch (column) {
    case ConfigColumn:
      return row.key;
    case StateColumn:
      return stateText(row);
    case MedianColumn:
      return figure(row.median_ms);
    case IntervalColumn:
      return figure(row.low_ms);
    case CompileColumn:
      return figure(row.compile_ms);
    default:
      return row.reason;
  }
}

QVariant RaceTableModel::data(const QModelIndex& index, int role) const {
  if (!checkIndex(index, CheckIndexOption::IndexIsValid | CheckIndexOption::ParentIsInvalid))
    return {};
  const Row& row = rows_[static_cast<std::size_t>(index.row())];
  const int column = index.column();
  switch (role) {
    case Qt::DisplayRole:
      return display(row, column);
    case SortRole:
      return sortKey(row, column);
    case KeyRole:
      return row.key;
    case StateRole:
      return row.state;
    case Qt::ToolTipRole:
      if (column == ConfigColumn && row.mark == Mark::Winner)
        return raceTr(QT_TRANSLATE_NOOP("inferscope::gui::RaceView", "the winner"));
      if (column == ConfigColumn && row.mark == Mark::Tie)
        return raceTr(QT_TRANSLATE_NOOP("inferscope::gui::RaceView",
                                        "tied with the winner: no difference the race could show"));
      if (column == StateColumn) return row.fork_verdict;
      if (column == ReasonColumn) return row.reason_details;
      return {};
    case Qt::ForegroundRole:
      // Out of the race: greyed, every cell.
      if (isOut(row.state))
        return QGuiApplication::palette().brush(QPalette::Disabled, QPalette::Text);
      return {};
    case Qt::FontRole:
      if (row.state == QLatin1String("winner")) {
        QFont bold;
        bold.setBold(true);
        return bold;
      }
      return {};
    default:
      return {};
  }
}

QVariant RaceTableModel::headerData(int section, Qt::Orientation orientation, int role) const {
  if (orientation != Qt::Horizontal || role != Qt::DisplayRole || section < 0 ||
      section >= ColumnCount)
    return QAbstractTableModel::headerData(section, orientation, role);
  return raceTr(kHeaders[section]);
}

}  // namespace inferscope::gui
