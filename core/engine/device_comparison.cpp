#include "core/engine/device_comparison.h"

#include <algorithm>
#include <utility>

#include "core/analysis/ratio_estimate.h"
#include "core/engine/device_groups.h"

namespace inferscope {
namespace {

DeviceDifference compare(const SessionResult& s, const std::vector<DeviceMeasurement>& m,
                         std::size_t a, std::size_t b, double delta, bool& real) {
  const auto& ca = s.configs[static_cast<std::size_t>(m[a].position)];
  const auto& cb = s.configs[static_cast<std::size_t>(m[b].position)];
  DeviceDifference d{a, b, ca.stats.median_ms / cb.stats.median_ms, 0, 0, "none"};
  const auto sa = ca.steadyLatencies(), sb = cb.steadyLatencies();
  if (sa.size() >= 2 && sb.size() >= 2 && cb.stats.median_ms > 0) {
    // compareMedians gives median(baseline)/median(candidate): with a as the baseline, a/b.
    const auto r = analysis::compareMedians(sa, sb, delta);
    if (!(r.ci.low > 0) || !(r.ci.high > 0)) {  // no interval (method "none")
      d.ratio_low = d.ratio_high = d.ratio;
      real = false;
      return d;
    }
    d.ratio_low = r.ci.low;
    d.ratio_high = r.ci.high;
    d.method = r.ci.method;
    real = r.real_difference;
    return d;
  }
  if (m[a].ci_low_ms > 0 && m[b].ci_low_ms > 0) {
    // Only summaries: every ratio of values inside both intervals (as the ranking does).
    d.ratio_low = m[a].ci_low_ms / m[b].ci_high_ms;
    d.ratio_high = m[a].ci_high_ms / m[b].ci_low_ms;
    d.method = "interval-arithmetic";
    real = d.ratio_low > 1.0 + delta || d.ratio_high < 1.0 / (1.0 + delta);
    return d;
  }
  d.ratio_low = d.ratio_high = d.ratio;
  real = false;  // no interval: nothing can be said to exceed it
  return d;
}

}  // namespace

std::vector<ConfigAcrossDevices> compareAcrossDevices(const SessionResult& session,
                                                      double equivalence_delta) {
  std::vector<ConfigAcrossDevices> out;
  for (std::size_t i = 0; i < session.configs.size(); ++i) {
    const auto& c = session.configs[i];
    if (c.status != ConfigStatus::Ok || c.stats.median_ms <= 0) continue;
    const auto place = placeOf(session, c);
    auto group = out.begin();
    while (group != out.end() &&
           (group->device_name != place.device.name || group->config_key != c.config.key())) {
      ++group;
    }
    if (group == out.end()) {
      out.push_back(ConfigAcrossDevices{place.device.name, c.config.key(), {}, {}});
      group = out.end() - 1;
    }
    const bool ci = c.steady.analysed && c.steady.median_ci_low_ms > 0;
    group->measurements.push_back(DeviceMeasurement{static_cast<int>(i), place, c.stats.median_ms,
                                                    ci ? c.steady.median_ci_low_ms : 0,
                                                    ci ? c.steady.median_ci_high_ms : 0});
  }
  std::vector<ConfigAcrossDevices> compared;
  for (auto& group : out) {
    // Repeats on one place (a plan listing a key twice) are not devices to compare.
    std::vector<std::pair<std::string, int>> places;
    for (const auto& m : group.measurements) {
      const std::pair<std::string, int> p{m.place.host, m.place.device.index};
      if (std::find(places.begin(), places.end(), p) == places.end()) places.push_back(p);
    }
    if (places.size() < 2) continue;
    for (std::size_t a = 0; a < group.measurements.size(); ++a) {
      for (std::size_t b = a + 1; b < group.measurements.size(); ++b) {
        const auto& pa = group.measurements[a].place;
        const auto& pb = group.measurements[b].place;
        if (pa.host == pb.host && pa.device.index == pb.device.index) continue;
        bool real = false;
        const auto d = compare(session, group.measurements, a, b, equivalence_delta, real);
        if (real) group.differences.push_back(d);
      }
    }
    compared.push_back(std::move(group));
  }
  return compared;
}

}  // namespace inferscope
