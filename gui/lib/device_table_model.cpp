// DeviceTableModel: core's deviceTable over the document's results, as text and marks.
#include "gui/lib/device_table_model.h"

#include <QGuiApplication>
#include <QPalette>
#include <QStringList>
#include <algorithm>
#include <cmath>

#include "gui/lib/session_document.h"
#include "gui/lib/value_format.h"

namespace inferscope::gui {
namespace {

// A difference read from the slower side: slower / faster ≥ 1, with its interval.
struct Oriented {
  std::size_t slower = 0, faster = 0;
  double ratio = 1, low = 1, high = 1;
};

Oriented orient(const PlaceDifference& d) {
  if (d.ratio >= 1) return {d.a, d.b, d.ratio, d.ratio_low, d.ratio_high};
  return {d.b, d.a, 1.0 / d.ratio, 1.0 / d.ratio_high, 1.0 / d.ratio_low};
}

// How far a ratio of medians is from 1, as "6.0 %".
QString percent(double ratio) {
  return QStringLiteral("%1 %").arg(ValueFormat::number(std::abs(ratio - 1.0) * 100.0, 2));
}

QString statusText(ConfigStatus status) {
  switch (status) {
    case ConfigStatus::Unsupported:
      return DeviceTableModel::tr("unsupported");
    case ConfigStatus::OutOfMemory:
      return DeviceTableModel::tr("out of memory");
    case ConfigStatus::Error:
      return DeviceTableModel::tr("error");
    case ConfigStatus::Cancelled:
      return DeviceTableModel::tr("cancelled");
    case ConfigStatus::Ok:
      break;
  }
  return DeviceTableModel::tr("no latency");
}

}  // namespace

QColor DeviceTableModel::slowerTint() {
  return QColor(230, 120, 20, 80);
}
QColor DeviceTableModel::fasterTint() {
  return QColor(40, 120, 220, 70);
}

DeviceTableModel::DeviceTableModel(SessionDocument* document, QObject* parent)
    : QAbstractTableModel(parent),
      document_(document),
      comparisons_(this, QStringLiteral("device comparison")) {
  connect(document_, &SessionDocument::reset, this, &DeviceTableModel::rebuild);
  connect(document_, &SessionDocument::resultAdded, this, &DeviceTableModel::rebuild);
  rebuild();
}

DeviceTableModel::~DeviceTableModel() = default;

void DeviceTableModel::rebuild() {
  SessionResult results = document_->resultsSoFar();
  // The cells at once; a live run in the window has one device, so it never gets further.
  DeviceTable cells = deviceTable(results, 0.02, false);
  const bool compare = cells.places.size() > 1;
  // Started before the cells are shown, so that views see comparisonPending() with them; a
  // comparison still running for an older session becomes stale either way.
  if (compare) {
    comparisons_.start([results = std::move(results)] { return deviceTable(results); },
                       [this](DeviceTable table) { setTable(std::move(table)); });
  } else {
    comparisons_.cancel();
  }
  setTable(std::move(cells));
}

void DeviceTableModel::setTable(DeviceTable table) {
  beginResetModel();
  table_ = std::move(table);
  endResetModel();
  emit tableChanged();
}

int DeviceTableModel::rowCount(const QModelIndex& parent) const {
  return parent.isValid() ? 0 : static_cast<int>(table_.rows.size());
}

int DeviceTableModel::columnCount(const QModelIndex& parent) const {
  return parent.isValid() || table_.places.empty() ? 0 : placeCount() + 2;
}

QString DeviceTableModel::placeDescription(const MeasuredOn& place) {
  QString text = ValueFormat::deviceName(place.device);
  const QString versions = ValueFormat::deviceVersions(place.device);
  if (!versions.isEmpty()) text += QStringLiteral(" · ") + versions;
  return text;
}

QString DeviceTableModel::differenceText(const PlaceDifference& d) const {
  const auto o = orient(d);
  const auto label = [this](std::size_t p) { return QString::fromStdString(table_.labels[p]); };
  return tr("%1 is %2 slower than %3 (95 % CI %4–%5, %6)")
      .arg(label(o.slower), percent(o.ratio), label(o.faster), percent(o.low), percent(o.high),
           QString::fromStdString(d.method));
}

QString DeviceTableModel::verdict(const DeviceTableRow& row, bool brief) const {
  const auto label = [this](std::size_t p) { return QString::fromStdString(table_.labels[p]); };
  if (!row.differences.empty()) {
    QStringList parts;
    for (const auto& d : row.differences) {
      const auto o = orient(d);
      parts << (brief ? tr("%1 +%2 vs %3").arg(label(o.slower), percent(o.ratio), label(o.faster))
                      : differenceText(d));
    }
    return parts.join(QStringLiteral("; "));
  }
  if (table_.measuredPlaces(row) < 2)
    return brief ? tr("one device") : tr("measured on one device only");
  const QString band = ValueFormat::number(table_.equivalence_delta * 100, 2);
  for (std::size_t a = 0; a < row.cells.size(); ++a) {
    for (std::size_t b = a + 1; b < row.cells.size(); ++b) {
      if (row.cells[a].measured() && row.cells[b].measured() && table_.comparable(a, b)) {
        // Not shown to differ is not shown to be equal: a wide interval can hide a small
        // difference.
        return brief ? tr("within the intervals")
                     : tr("within the intervals: for every pair of GPUs of one model the 95 % "
                          "interval of the "
                          "ratio of medians reaches inside ±%1 % — not shown to differ (a wide "
                          "interval can "
                          "hide a small difference)")
                           .arg(band);
      }
    }
  }
  return brief ? tr("not compared") : tr("different GPU models: shown side by side, not compared");
}

int DeviceTableModel::mark(const DeviceTableRow& row, int place) const {
  bool slower = false, faster = false;
  for (const auto& d : row.differences) {
    const auto o = orient(d);
    slower = slower || o.slower == static_cast<std::size_t>(place);
    faster = faster || o.faster == static_cast<std::size_t>(place);
  }
  return slower && faster ? 2 : slower ? 1 : faster ? -1 : 0;
}

QString DeviceTableModel::cellMark(const DeviceTableRow& row, int place) const {
  double most_slower = 1, most_faster = 1;
  for (const auto& d : row.differences) {
    const auto o = orient(d);
    if (o.slower == static_cast<std::size_t>(place)) most_slower = std::max(most_slower, o.ratio);
    if (o.faster == static_cast<std::size_t>(place)) most_faster = std::max(most_faster, o.ratio);
  }
  QStringList parts;
  if (most_slower > 1) parts << QStringLiteral("▲ +%1").arg(percent(most_slower));
  // The faster side of a ratio r = slower / faster lies 1 − 1/r below the slower one.
  if (most_faster > 1) parts << QStringLiteral("▼ −%1").arg(percent(1.0 / most_faster));
  return parts.join(QLatin1Char(' '));
}

QString DeviceTableModel::cellText(const DeviceTableRow& row, int place) const {
  const auto& c = row.cells[static_cast<std::size_t>(place)];
  if (c.position < 0) return QStringLiteral("—");
  if (!c.measured()) return QStringLiteral("✕ %1").arg(statusText(c.status));
  QString text = ValueFormat::number(c.median_ms);  // the header names the unit
  if (c.ci_high_ms > c.ci_low_ms && c.median_ms > 0) {
    text += QStringLiteral(" ±%1 %").arg(
        ValueFormat::number((c.ci_high_ms - c.ci_low_ms) / 2 / c.median_ms * 100, 2));
  }
  const QString m = cellMark(row, place);
  if (!m.isEmpty()) text += QStringLiteral("  ") + m;
  return text;
}

QString DeviceTableModel::cellToolTip(const DeviceTableRow& row, int place) const {
  const auto& c = row.cells[static_cast<std::size_t>(place)];
  const QString where = QString::fromStdString(table_.labels[static_cast<std::size_t>(place)]);
  const QString key = QString::fromStdString(row.config_key);
  if (c.position < 0) return tr("%1 did not run on %2").arg(key, where).toHtmlEscaped();
  if (!c.measured()) {
    return tr("<b>%1 on %2</b>: %3<br>%4")
        .arg(key.toHtmlEscaped(), where.toHtmlEscaped(), statusText(c.status),
             QString::fromStdString(c.message).toHtmlEscaped());
  }
  QString text = tr("<b>%1 on %2</b><br>median %3")
                     .arg(key.toHtmlEscaped(), where.toHtmlEscaped(), ValueFormat::ms(c.median_ms));
  if (c.ci_high_ms > c.ci_low_ms) {
    text += tr(" (95 % CI %1–%2 ms)")
                .arg(ValueFormat::number(c.ci_low_ms, 4), ValueFormat::number(c.ci_high_ms, 4));
  } else {
    text += tr(" (no interval: the steady part was too short or noisy for one)");
  }
  if (c.results > 1)
    text += tr("<br>%1 results of this config here; the first one is shown").arg(c.results);
  bool any = false;
  for (const auto& d : row.differences) {
    if (d.a != static_cast<std::size_t>(place) && d.b != static_cast<std::size_t>(place)) continue;
    text += QStringLiteral("<br>") + differenceText(d).toHtmlEscaped();
    any = true;
  }
  if (any)
    text += tr("<br>— beyond both intervals: a real difference between these GPUs");
  else if (table_.measuredPlaces(row) > 1)
    text += QStringLiteral("<br>") + verdict(row).toHtmlEscaped();
  return text;
}

QVariant DeviceTableModel::data(const QModelIndex& index, int role) const {
  if (!index.isValid() || index.row() >= rowCount()) return {};
  const auto& row = table_.rows[static_cast<std::size_t>(index.row())];
  const int column = index.column();
  const int place = column - 1;
  const bool is_place = place >= 0 && place < placeCount();
  if (column == kConfigColumn) {
    if (role == Qt::DisplayRole) return QString::fromStdString(row.config_key);
    return {};
  }
  if (column == differencesColumn()) {
    if (role == Qt::DisplayRole) return verdict(row, true);
    if (role == Qt::ToolTipRole) return verdict(row, false);
    if (role == Qt::ForegroundRole && row.differences.empty())
      return QGuiApplication::palette().color(QPalette::PlaceholderText);
    return {};
  }
  if (!is_place) return {};
  const auto& cell = row.cells[static_cast<std::size_t>(place)];
  switch (role) {
    case Qt::DisplayRole:
      return cellText(row, place);
    case Qt::ToolTipRole:
      return cellToolTip(row, place);
    case Qt::TextAlignmentRole:
      return int(Qt::AlignRight | Qt::AlignVCenter);
    case MarkRole:
      return mark(row, place);
    case PositionRole:
      return cell.position;
    case Qt::BackgroundRole: {
      const int m = mark(row, place);
      if (m == 1 || m == 2) return slowerTint();
      if (m == -1) return fasterTint();
      return {};
    }
    case Qt::ForegroundRole:
      if (!cell.measured()) return QGuiApplication::palette().color(QPalette::PlaceholderText);
      return {};
    default:
      return {};
  }
}

QVariant DeviceTableModel::headerData(int section, Qt::Orientation orientation, int role) const {
  if (orientation != Qt::Horizontal)
    return QAbstractTableModel::headerData(section, orientation, role);
  const int place = section - 1;
  if (section == kConfigColumn) return role == Qt::DisplayRole ? tr("config") : QVariant();
  if (section == differencesColumn()) {
    if (role == Qt::DisplayRole) return tr("beyond the intervals\n(GPUs of one model)");
    if (role == Qt::ToolTipRole) {
      return tr("Pairs of GPUs of the same model whose ratio of medians has a 95 % interval "
                "outside "
                "±%1 %: the difference is real, not noise. GPUs of different models are not "
                "compared.")
          .arg(ValueFormat::number(table_.equivalence_delta * 100, 2));
    }
    return {};
  }
  if (place < 0 || place >= placeCount()) return {};
  const auto& p = table_.places[static_cast<std::size_t>(place)];
  if (role == Qt::DisplayRole) {
    return tr("%1\n%2 · median ms")
        .arg(QString::fromStdString(table_.labels[static_cast<std::size_t>(place)]),
             QString::fromStdString(p.device.name.empty() ? std::string("CPU") : p.device.name));
  }
  if (role == Qt::ToolTipRole) return placeDescription(p);
  return {};
}

}  // namespace inferscope::gui
