#include "gui/lib/race_table_model.h"

#include <QBrush>
#include <QCoreApplication>
#include <QFont>
#include <QGuiApplication>
#include <QPalette>
#include <QSet>
#include <algorithm>
#include <limits>

#include "core/common/units.h"
#include "core/config/optimization_config.h"
#include "gui/lib/display_text.h"
#include "gui/lib/ui_lang.h"
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

// A state in the UI's language, from the event stream's word (text/answer_text.h).
QString stateWord(const QString& state) {
  return uiText(text::candidateStateText(state.toStdString(), uiLang()));
}

// A candidate's reason in the UI's language (text/answer_text.h), as UTF-8.
std::string reasonText(const TuneReason& code, const std::string& sentence) {
  return text::candidateReasonText(code, sentence, uiLang());
}

}  // namespace

RaceTableModel::RaceTableModel(QObject* parent) : QAbstractTableModel(parent) {}

void RaceTableModel::clear() {
  if (!batch_) beginResetModel();
  rows_.clear();
  row_of_.clear();
  shown_ = 0;
  ended_ = false;
  if (!batch_) endResetModel();
}

void RaceTableModel::beginBatch() {
  if (batch_) return;
  beginResetModel();
  batch_ = true;
}

void RaceTableModel::endBatch() {
  if (!batch_) return;
  batch_ = false;
  shown_ = std::min(candidateCount(), std::max(shown_, kFetchRows));
  changing_ = true;  // no fetch while the views hear of the reset
  endResetModel();
  changing_ = false;
}

int RaceTableModel::rowOf(const QString& key) const {
  return row_of_.value(key, -1);
}

int RaceTableModel::appendRow(const QString& key) {
  const int row = candidateCount();
  Row added;
  added.key = display_text::line(key);
  row_of_.insert(added.key, row);  // a key cut to the same line keeps its first row
  rows_.push_back(std::move(added));
  return row;
}

void RaceTableModel::showAppended(int before) {
  if (batch_ || shown_ < before || candidateCount() == before) return;
  // All shown so far: the new rows too, a fetch's worth at most (a live race names a few hundred).
  showThrough(std::min(candidateCount(), before + kFetchRows) - 1);
}

int RaceTableModel::ensureRow(const QString& key) {
  if (const int row = rowOf(key); row >= 0) return row;
  const int before = candidateCount();
  const int row = appendRow(key);
  showAppended(before);
  return row;
}

void RaceTableModel::ensureRows(const QStringList& keys) {
  const int before = candidateCount();
  for (const auto& key : keys) {
    if (rowOf(key) < 0) appendRow(key);
  }
  showAppended(before);
}

bool RaceTableModel::canFetchMore(const QModelIndex& parent) const {
  return !parent.isValid() && !batch_ && !changing_ && shown_ < candidateCount();
}

void RaceTableModel::fetchMore(const QModelIndex& parent) {
  if (canFetchMore(parent)) fetchThrough(shown_ + kFetchRows - 1);
}

void RaceTableModel::fetchThrough(int row) {
  if (!batch_ && !changing_) showThrough(std::min(row, candidateCount() - 1));
}

void RaceTableModel::showThrough(int last) {
  if (last < shown_) return;
  // A view (or the model tester) may ask for more while it hears of these rows: not now.
  changing_ = true;
  beginInsertRows({}, shown_, last);
  shown_ = last + 1;
  endInsertRows();
  changing_ = false;
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
  // A candidate measured after tune_done (a saved race's late event) is not in a race that ended.
  r.racing = !ended_ && e.state == "finalist" && e.rounds > 0 && !e.forked;
  r.forks = e.forked ? e.forks : 0;
  r.median_ms = e.forked ? e.fork_median_ms : e.median_ms;
  r.low_ms = e.forked ? e.fork_low_ms : e.low_ms;
  r.high_ms = e.forked ? e.fork_high_ms : e.high_ms;
  r.compile_ms = e.compile_ms;
  r.reason_code = e.candidate ? e.candidate->reason_code : TuneReason{};
  r.reason_sentence = e.reason;
  r.fork_outcome.reset();
  if (e.candidate && e.candidate->forks) r.fork_outcome = text::forkOutcome(*e.candidate->forks);
  rowChanged(row);
}

void RaceTableModel::setCompileJobs(const std::vector<CompileStatus>& jobs) {
  for (std::size_t r = 0; r < rows_.size(); ++r) {
    auto& row = rows_[r];
    std::string package;
    try {
      package = packageConfig(OptimizationConfig::parse(row.key.toStdString())).key();
    } catch (const std::exception&) {
      continue;  // a key this version cannot read has no package
    }
    // A job is named "<model> <package key>" (or the key alone).
    const std::string suffix = " " + package;
    for (const auto& j : jobs) {
      const bool same = j.key == package ||
                        (j.key.size() > suffix.size() &&
                         j.key.compare(j.key.size() - suffix.size(), suffix.size(), suffix) == 0);
      if (!same || !(j.elapsed_ms > row.package_ms)) continue;
      row.package_ms = j.elapsed_ms;
      rowChanged(static_cast<int>(r));
    }
  }
}

// The winner and its ties marked in the key itself, so that they read apart in a screenshot, a
// copy of the table or a colour-blind eye alike.
void RaceTableModel::markAnswer(const QString& winner, const QStringList& ties) {
  ended_ = true;
  const QSet<QString> tied(ties.begin(), ties.end());  // a lookup per row, not a scan
  for (std::size_t r = 0; r < rows_.size(); ++r) {
    auto& row = rows_[r];
    const Mark mark = row.key == winner        ? Mark::Winner
                      : tied.contains(row.key) ? Mark::Tie
                                               : Mark::None;
    // The race has ended: a finalist left unforked is no longer "in the race".
    const bool was_racing = row.racing;
    row.racing = false;
    if (mark == row.mark && !was_racing) continue;
    row.mark = mark;
    rowChanged(static_cast<int>(r));
  }
}

void RaceTableModel::retranslate() {
  emit headerDataChanged(Qt::Horizontal, 0, ColumnCount - 1);
  if (shown_ > 0) emit dataChanged(index(0, 0), index(shown_ - 1, ColumnCount - 1));
}

void RaceTableModel::rowChanged(int row) {
  // A row the views do not have yet is read when it is fetched.
  if (batch_ || row >= shown_) return;
  emit dataChanged(index(row, 0), index(row, ColumnCount - 1));
}

int RaceTableModel::rowCount(const QModelIndex& parent) const {
  return parent.isValid() ? 0 : shown_;
}

int RaceTableModel::columnCount(const QModelIndex& parent) const {
  return parent.isValid() ? 0 : ColumnCount;
}

QString RaceTableModel::stateText(const Row& row) const {
  const QString state =
      row.racing ? stateWord(QStringLiteral("in-the-race")) : stateWord(row.state);
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
    case IntervalColumn: {
      if (!(row.low_ms > 0)) return QString();
      // Its kind beside it: across fresh processes (a finalist's) or in the tuner's process.
      const QString interval =
          QStringLiteral("[%1, %2]")
              .arg(ValueFormat::number(row.low_ms), ValueFormat::number(row.high_ms));
      return row.forks > 0
                 ? raceTr(QT_TRANSLATE_NOOP("inferscope::gui::RaceView", "%1 across %2 processes"))
                       .arg(interval)
                       .arg(row.forks)
                 : raceTr(QT_TRANSLATE_NOOP("inferscope::gui::RaceView", "%1 in process"))
                       .arg(interval);
    }
    case CompileColumn:
      return row.compileMs() > 0 ? seconds(row.compileMs()) : QString();
    default:
      return display_text::line(reasonText(row.reason_code, row.reason_sentence));
  }
}

int RaceTableModel::rank(const Row& row) {
  if (row.mark == Mark::Winner) return 0;
  if (row.mark == Mark::Tie) return 1;
  if (!(row.median_ms > 0)) return 4;
  return isOut(row.state) ? 3 : 2;
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
      return figure(row.compileMs());
    default:
      return display_text::line(reasonText(row.reason_code, row.reason_sentence));
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
    case RankRole:
      return rank(row);
    case Qt::ToolTipRole:
      if (column == ConfigColumn && row.mark == Mark::Winner)
        return raceTr(QT_TRANSLATE_NOOP("inferscope::gui::RaceView", "the winner"));
      if (column == ConfigColumn && row.mark == Mark::Tie)
        return raceTr(QT_TRANSLATE_NOOP("inferscope::gui::RaceView",
                                        "tied with the winner: no difference the race could show"));
      if (column == StateColumn)
        return row.fork_outcome ? uiText(text::forkOutcomeText(*row.fork_outcome, uiLang()))
                                : QVariant();
      if (column == ReasonColumn)
        return display_text::details(reasonText(row.reason_code, row.reason_sentence));
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

RaceSortProxy::RaceSortProxy(QObject* parent) : QSortFilterProxyModel(parent) {
  setSortRole(RaceTableModel::SortRole);
}

void RaceSortProxy::sort(int column, Qt::SortOrder order) {
  // The answer-first order sorts on a column of its own choosing (a proxy with column −1 keeps the
  // source's order and stops sorting as rows change); lessThan ignores which.
  const int sorted = column < 0 ? int(RaceTableModel::ConfigColumn) : column;
  const Qt::SortOrder sorted_order = column < 0 ? Qt::AscendingOrder : order;
  const bool changed = answer_first_ != (column < 0);
  answer_first_ = column < 0;
  // The same column and order as before but the other kind of order: the base would keep the rows
  // as they are.
  if (changed && sortColumn() == sorted && sortOrder() == sorted_order) {
    invalidate();
    return;
  }
  QSortFilterProxyModel::sort(sorted, sorted_order);
}

bool RaceSortProxy::lessThan(const QModelIndex& left, const QModelIndex& right) const {
  if (!answer_first_) return QSortFilterProxyModel::lessThan(left, right);
  const auto* source = sourceModel();
  const int left_rank = source->index(left.row(), 0).data(RaceTableModel::RankRole).toInt();
  const int right_rank = source->index(right.row(), 0).data(RaceTableModel::RankRole).toInt();
  if (left_rank != right_rank) return left_rank < right_rank;
  const double left_ms = source->index(left.row(), RaceTableModel::MedianColumn)
                             .data(RaceTableModel::SortRole)
                             .toDouble();
  const double right_ms = source->index(right.row(), RaceTableModel::MedianColumn)
                              .data(RaceTableModel::SortRole)
                              .toDouble();
  if (left_ms != right_ms) return left_ms < right_ms;
  return left.row() < right.row();  // race order
}

}  // namespace inferscope::gui
