// The log panel's rows: engine warnings (a config that could not run, a reference that ran out of
// memory), run errors and the GUI's own notes, each with its time and level. Messages land here
// instead of modal dialogs, so a long run is never held up waiting for someone to click OK.
#pragma once

#include <QAbstractListModel>
#include <QDateTime>
#include <QString>
#include <deque>

#include "core/engine/event_sink.h"

namespace inferscope::gui {

class LogModel : public QAbstractListModel {
  Q_OBJECT

 public:
  // Older entries are dropped beyond this, so a session streaming warnings cannot grow unbounded.
  static constexpr int kMaxEntries = 5000;
  enum Role { LevelRole = Qt::UserRole + 1, MessageRole };

  explicit LogModel(QObject* parent = nullptr);

  void append(LogLevel level, const QString& message);
  void clear();

  int rowCount(const QModelIndex& parent = {}) const override;
  QVariant data(const QModelIndex& index, int role = Qt::DisplayRole) const override;

  int count(LogLevel level) const;

 signals:
  void entryAdded(inferscope::LogLevel level, const QString& message);

 private:
  struct Entry {
    QDateTime time;
    LogLevel level = LogLevel::Info;
    QString message;
  };
  std::deque<Entry> entries_;
};

}  // namespace inferscope::gui
