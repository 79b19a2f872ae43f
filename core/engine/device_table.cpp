#include "core/engine/device_table.h"

#include <algorithm>

#include "core/engine/device_groups.h"

namespace inferscope {
namespace {

bool samePlace(const MeasuredOn& x, const MeasuredOn& y) {
  return x.host == y.host && x.device.index == y.device.index && x.device.name == y.device.name;
}

}  // namespace

bool DeviceTable::comparable(std::size_t a, std::size_t b) const {
  return a != b && a < places.size() && b < places.size() &&
         places[a].device.name == places[b].device.name;
}

int DeviceTable::measuredPlaces(const DeviceTableRow& row) const {
  return static_cast<int>(std::count_if(row.cells.begin(), row.cells.end(),
                                        [](const DeviceTableCell& c) { return c.measured(); }));
}

DeviceTable deviceTable(const SessionResult& session, double equivalence_delta, bool compare) {
  DeviceTable table;
  table.equivalence_delta = equivalence_delta;
  std::vector<std::size_t> place_of(session.configs.size());  // config position → place
  for (std::size_t i = 0; i < session.configs.size(); ++i) {
    const auto place = placeOf(session, session.configs[i]);
    auto p = std::find_if(table.places.begin(), table.places.end(),
                          [&](const MeasuredOn& x) { return samePlace(x, place); });
    if (p == table.places.end()) {
      table.places.push_back(place);
      table.labels.push_back(placeLabel(place));
      p = table.places.end() - 1;
    }
    place_of[i] = static_cast<std::size_t>(p - table.places.begin());
  }
  for (std::size_t i = 0; i < session.configs.size(); ++i) {
    const auto& c = session.configs[i];
    const std::string key = c.config.key();
    auto row = std::find_if(table.rows.begin(), table.rows.end(),
                            [&](const DeviceTableRow& r) { return r.config_key == key; });
    if (row == table.rows.end()) {
      table.rows.push_back(
          DeviceTableRow{key, std::vector<DeviceTableCell>(table.places.size()), {}});
      row = table.rows.end() - 1;
    }
    auto& cell = row->cells[place_of[i]];
    ++cell.results;
    if (cell.position >= 0) continue;  // a repeat on this place: the first result speaks for it
    cell.position = static_cast<int>(i);
    cell.status = c.status;
    cell.message = c.message;
    cell.median_ms = c.stats.median_ms;
    // The interval compareAcrossDevices reads too (DeviceMeasurement): the steady median's CI.
    if (c.steady.analysed && c.steady.median_ci_low_ms > 0) {
      cell.ci_low_ms = c.steady.median_ci_low_ms;
      cell.ci_high_ms = c.steady.median_ci_high_ms;
    }
  }
  if (!compare || table.places.size() < 2) return table;
  // The differences are compareAcrossDevices' verdicts, mapped from its measurements to places.
  for (const auto& compared : compareAcrossDevices(session, equivalence_delta)) {
    auto row = std::find_if(table.rows.begin(), table.rows.end(), [&](const DeviceTableRow& r) {
      return r.config_key == compared.config_key;
    });
    if (row == table.rows.end()) continue;
    for (const auto& d : compared.differences) {
      const auto& ma = compared.measurements[d.a];
      const auto& mb = compared.measurements[d.b];
      std::size_t a = place_of[static_cast<std::size_t>(ma.position)];
      std::size_t b = place_of[static_cast<std::size_t>(mb.position)];
      // Only the results the cells show: a repeat's verdict would not be the cell's.
      if (row->cells[a].position != ma.position || row->cells[b].position != mb.position) continue;
      PlaceDifference pd{a, b, d.ratio, d.ratio_low, d.ratio_high, d.method};
      if (a > b) {  // keep a < b: invert the ratio and its interval
        pd = PlaceDifference{b, a, 1.0 / d.ratio, 1.0 / d.ratio_high, 1.0 / d.ratio_low, d.method};
      }
      const bool seen =
          std::any_of(row->differences.begin(), row->differences.end(),
                      [&](const PlaceDifference& x) { return x.a == pd.a && x.b == pd.b; });
      if (!seen) row->differences.push_back(pd);
    }
  }
  return table;
}

}  // namespace inferscope
