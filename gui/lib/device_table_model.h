// The Devices page's table: one row per config key, a column per place (host and GPU) that
// measured the session, each cell the place's median with its 95 % CI, and a last column that
// says in words which GPUs of one model differ beyond their intervals. The numbers and the rule
// are core's (core/engine/device_table.h → compareAcrossDevices); this model only decides the
// text and the marks. A marked cell has a tint, a glyph in its text (▲ slower, ▼ faster than a
// GPU of its model, with the percentage) and the comparison on hover: never colour alone.
#pragma once

#include <QAbstractTableModel>
#include <QColor>
#include <memory>

#include "core/engine/device_table.h"
#include "gui/lib/job_tracker.h"

namespace inferscope::gui {

class SessionDocument;

class DeviceTableModel : public QAbstractTableModel {
  Q_OBJECT

 public:
  enum Role {
    // int: +1 this cell is slower than a GPU of its model beyond their intervals, -1 faster,
    // 2 both (three or more GPUs), 0 not marked.
    MarkRole = Qt::UserRole + 1,
    PositionRole,  // int: the result's position in the session's configs, -1 for none
  };
  // Cell tints under the text, readable on light and dark backgrounds (translucent).
  static QColor slowerTint();
  static QColor fasterTint();

  explicit DeviceTableModel(SessionDocument* document, QObject* parent = nullptr);
  ~DeviceTableModel() override;

  const DeviceTable& table() const { return table_; }
  // The cells come at once; the comparisons (a bootstrap per pair of GPUs per config, seconds
  // for 8 GPUs) on a worker thread, and tableChanged() again when they arrive. True meanwhile.
  bool comparisonPending() const { return comparisons_.isRunning(); }
  int placeCount() const { return static_cast<int>(table_.places.size()); }
  static constexpr int kConfigColumn = 0;
  int placeColumn(int place) const { return 1 + place; }
  int differencesColumn() const { return 1 + placeCount(); }

  int rowCount(const QModelIndex& parent = {}) const override;
  int columnCount(const QModelIndex& parent = {}) const override;
  QVariant data(const QModelIndex& index, int role = Qt::DisplayRole) const override;
  QVariant headerData(int section, Qt::Orientation orientation,
                      int role = Qt::DisplayRole) const override;

  // "NVIDIA H200 (sm_90, Hopper) · driver 580.95 · CUDA 12.8 · …" for a place.
  static QString placeDescription(const MeasuredOn& place);
  // "node-b cuda:1 is 6.0 % slower than node-a cuda:0 (95 % CI 5.2–6.8 %, bootstrap)".
  QString differenceText(const PlaceDifference& d) const;
  // The row's last column: its differences, or why there are none; `brief` for the cell, the
  // sentence for its tooltip.
  QString verdict(const DeviceTableRow& row, bool brief = false) const;
  // Differences of one cell with its glyphs: "▲ +6.0 %".
  QString cellMark(const DeviceTableRow& row, int place) const;

 signals:
  void tableChanged();

 private:
  void rebuild();
  void setTable(DeviceTable table);
  QString cellText(const DeviceTableRow& row, int place) const;
  QString cellToolTip(const DeviceTableRow& row, int place) const;
  int mark(const DeviceTableRow& row, int place) const;

  SessionDocument* document_;
  DeviceTable table_;
  JobTracker comparisons_;  // the newest rebuild's: an older comparison arriving late is dropped
};

}  // namespace inferscope::gui
