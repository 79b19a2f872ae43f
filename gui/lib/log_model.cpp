#include "gui/lib/log_model.h"

#include <QColor>
#include <algorithm>

#include "gui/lib/display_text.h"

namespace inferscope::gui {
namespace {

QString levelName(LogLevel level) {
  switch (level) {
    case LogLevel::Warning:
      return LogModel::tr("warning");
    case LogLevel::Error:
      return LogModel::tr("error");
    case LogLevel::Info:
      break;
  }
  return LogModel::tr("info");
}

}  // namespace

LogModel::LogModel(QObject* parent) : QAbstractListModel(parent) {}

void LogModel::append(LogLevel level, const QString& text) {
  // Log lines quote files (a reader's error, a host, 10 000 re-analysed configs): bounded, so that
  // neither the list nor the status bar lays out megabytes (display_text.h).
  const QString message = display_text::bounded(text);
  if (static_cast<int>(entries_.size()) >= kMaxEntries) {
    beginRemoveRows({}, 0, 0);
    entries_.pop_front();
    endRemoveRows();
  }
  const int row = static_cast<int>(entries_.size());
  beginInsertRows({}, row, row);
  entries_.push_back(Entry{QDateTime::currentDateTime(), level, message});
  endInsertRows();
  emit entryAdded(level, message);
}

void LogModel::clear() {
  beginResetModel();
  entries_.clear();
  endResetModel();
}

int LogModel::rowCount(const QModelIndex& parent) const {
  return parent.isValid() ? 0 : static_cast<int>(entries_.size());
}

QVariant LogModel::data(const QModelIndex& index, int role) const {
  if (!checkIndex(index, CheckIndexOption::IndexIsValid | CheckIndexOption::ParentIsInvalid))
    return {};
  const Entry& e = entries_[static_cast<std::size_t>(index.row())];
  switch (role) {
    case Qt::DisplayRole:
      return QStringLiteral("%1  %2: %3")
          .arg(e.time.toString(QStringLiteral("HH:mm:ss")), levelName(e.level), e.message);
    case Qt::ToolTipRole:
      return e.message;
    case Qt::ForegroundRole:
      // Hues that read on light and dark palettes alike; info keeps the palette's text colour.
      if (e.level == LogLevel::Error) return QColor(0xd0, 0x30, 0x30);
      if (e.level == LogLevel::Warning) return QColor(0xc0, 0x7a, 0x00);
      return {};
    case LevelRole:
      return static_cast<int>(e.level);
    case MessageRole:
      return e.message;
    default:
      return {};
  }
}

int LogModel::count(LogLevel level) const {
  return static_cast<int>(std::count_if(entries_.begin(), entries_.end(),
                                        [level](const Entry& e) { return e.level == level; }));
}

}  // namespace inferscope::gui
