#include "core/engine/device_groups.h"

#include <fmt/format.h>

namespace inferscope {

std::vector<std::pair<std::string, std::string>> deviceIdentity(const DeviceInfo& d) {
  std::vector<std::pair<std::string, std::string>> fields = {
      {"device kind", toString(d.kind)},
      {"device name", d.name},
      {"compute capability", d.computeCapability()},
      {"LibTorch version", d.libtorch_version},
      {"CUDA runtime version", d.cuda_runtime_version},
      {"cuDNN version", d.cudnn_version},
      {"driver version", d.driver_version},
  };
  // On the CPU the intra-op thread count sets the speed as much as the processor does.
  if (d.kind == DeviceKind::Cpu) fields.emplace_back("CPU threads", std::to_string(d.cpu_threads));
  return fields;
}

MeasuredOn placeOf(const SessionResult& session, const ConfigResult& result) {
  return result.measured_on ? *result.measured_on : MeasuredOn{session.host, session.device};
}

std::string placeLabel(const MeasuredOn& place) {
  const std::string device = place.device.deviceString();
  return place.host.empty() ? device : fmt::format("{} {}", place.host, device);
}

std::vector<DeviceGroupRanking> rankDeviceGroups(const SessionResult& session,
                                                 const RankingOptions& options) {
  std::vector<DeviceGroupRanking> groups;
  std::vector<std::vector<std::pair<std::string, std::string>>> identities;
  for (std::size_t i = 0; i < session.configs.size(); ++i) {
    const auto device = placeOf(session, session.configs[i]).device;
    const auto identity = deviceIdentity(device);
    std::size_t g = 0;
    while (g < identities.size() && identities[g] != identity) ++g;
    if (g == identities.size()) {
      identities.push_back(identity);
      groups.push_back(DeviceGroupRanking{device.name, device, {}, {}});
    }
    groups[g].positions.push_back(static_cast<int>(i));
  }
  // Two groups of the same device model differ in a library version: the label says which.
  for (std::size_t g = 0; g < groups.size(); ++g) {
    for (std::size_t o = 0; o < groups.size(); ++o) {
      if (o == g || groups[o].device.name != groups[g].device.name) continue;
      std::vector<std::string> differing;
      for (std::size_t f = 0; f < identities[g].size(); ++f) {
        if (f < identities[o].size() && identities[g][f] != identities[o][f]) {
          differing.push_back(
              fmt::format("{} {}", identities[g][f].first, identities[g][f].second));
        }
      }
      groups[g].label = fmt::format("{} ({})", groups[g].device.name, fmt::join(differing, ", "));
      break;
    }
  }
  for (auto& group : groups) {
    if (groups.size() == 1) {
      group.ranking = rankSession(session, options);
      continue;
    }
    SessionResult part;
    part.device = group.device;
    part.request = session.request;
    for (int p : group.positions)
      part.configs.push_back(session.configs[static_cast<std::size_t>(p)]);
    group.ranking = rankSession(part, options);
  }
  return groups;
}

}  // namespace inferscope
