// One row per finished config of the SessionDocument, in plan order, filling as each config
// finishes; rows that ran the same config as a fallback merge into one (mergeFallbacks), which
// names the configs that fell back to it. Display text is formatted (ValueFormat); SortRole gives
// the raw number so a QSortFilterProxyModel sorts 9.8 before 10.1. Rows that did not end Ok stay
// visible, greyed, with the reason on hover: an unsafe result hidden would read as never tried.
// Speed-up over FP32 and the unsafe marker come from core's rankSession, recomputed as each config
// finishes (the baseline may finish after the others), so the table and the Speed × accuracy chart
// agree.
#pragma once

#include <QAbstractTableModel>
#include <map>
#include <vector>

#include "core/engine/session_ranking.h"

namespace inferscope::gui {

class SessionDocument;

class ResultsTableModel : public QAbstractTableModel {
  Q_OBJECT

 public:
  enum Column {
    // The verdict columns first (what a reader decides by), the detail statistics after them:
    // at 1280 pixels the tail scrolls, never the speed-up or the unsafe marker.
    ConfigColumn,
    StatusColumn,
    UnsafeColumn,
    MedianColumn,
    CiColumn,
    SpeedupColumn,
    RelErrorColumn,
    PeakMemoryColumn,
    SteadyColumn,
    MeanColumn,
    P90Column,
    MinColumn,
    MaxColumn,
    ColdStartColumn,
    ThroughputColumn,
    ColumnCount
  };
  enum Role { SortRole = Qt::UserRole + 1, SeriesIndexRole };

  explicit ResultsTableModel(SessionDocument* document, QObject* parent = nullptr);

  int rowCount(const QModelIndex& parent = {}) const override;
  int columnCount(const QModelIndex& parent = {}) const override;
  QVariant data(const QModelIndex& index, int role = Qt::DisplayRole) const override;
  QVariant headerData(int section, Qt::Orientation orientation,
                      int role = Qt::DisplayRole) const override;

  // Relative L2 error over which a config is marked unsafe (the Speed × accuracy tolerance).
  void setTolerance(double tolerance);
  double tolerance() const { return tolerance_; }
  // Key of the config the speed-ups are relative to (rankSession's baseline: fp32 when the session
  // has it), "" before one finished.
  QString referenceKey() const { return reference_; }
  // The key a row shows: the config's own, "★ key" for a tuned session's winner and "≈ key" for
  // its ties, or "asked → ran (fallback)" where the engine ran a fallback in its place, so that
  // the fallback and its own row never read as the same config; a row that stands for merged
  // fallbacks too, "ran ← asked (fallback)" (ConfigMarks::mergedLabel).
  QString displayKey(int series_index) const;
  // The rows merged into a shown row's (series indices, in plan order; empty for most).
  std::vector<int> mergedInto(int series_index) const;
  // The details pane under the table (rich text): what ran and how it ended — an out-of-memory
  // config with the allocator's figures in full, a fallback with what was asked —, memory, the
  // steady state and interval in words, why it is unsafe. Empty for a series without a result.
  QString details(int series_index) const;

 private:
  void rebuild();
  // The rows shown: every series with a result but those merged into another.
  void updateRows();
  void onResultAdded(int series_index);
  void rerank();
  // Ranking entry of a series, or nullptr (not finished, or did not run).
  const RankedConfig* ranked(int series_index) const;

  SessionDocument* document_;
  std::vector<int> rows_;                   // series indices with a result, ascending, not merged
  std::map<int, std::vector<int>> merged_;  // shown series → the series merged into it
  std::map<int, RankedConfig> ranking_;     // by series index
  double tolerance_ = 1e-2;
  QString reference_;
  int reference_series_ = -1;
  bool isReference(int series_index) const { return series_index == reference_series_; }
};

}  // namespace inferscope::gui
