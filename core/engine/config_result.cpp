#include "core/engine/config_result.h"

#include <algorithm>

#include "core/engine/session_result.h"

namespace inferscope {

const char* toString(ConfigStatus status) {
  switch (status) {
    case ConfigStatus::Ok:
      return "ok";
    case ConfigStatus::Unsupported:
      return "unsupported";
    case ConfigStatus::OutOfMemory:
      return "oom";
    case ConfigStatus::Error:
      return "error";
    case ConfigStatus::Cancelled:
      return "cancelled";
  }
  return "error";
}

std::optional<ConfigStatus> parseConfigStatus(std::string_view text) {
  for (auto s : {ConfigStatus::Ok, ConfigStatus::Unsupported, ConfigStatus::OutOfMemory,
                 ConfigStatus::Error, ConfigStatus::Cancelled}) {
    if (text == toString(s)) return s;
  }
  return std::nullopt;
}

const char* toString(ForkAgreement agreement) {
  switch (agreement) {
    case ForkAgreement::NoSteadyPart:
      return "no-steady-part";
    case ForkAgreement::OneProcess:
      return "one-process";
    case ForkAgreement::Stable:
      return "stable";
    case ForkAgreement::Unstable:
      return "unstable";
    case ForkAgreement::Noisy:
      return "noisy";
  }
  return "unstable";
}

std::optional<ForkAgreement> parseForkAgreement(std::string_view text) {
  for (auto a : {ForkAgreement::NoSteadyPart, ForkAgreement::OneProcess, ForkAgreement::Stable,
                 ForkAgreement::Unstable, ForkAgreement::Noisy}) {
    if (text == toString(a)) return a;
  }
  return std::nullopt;
}

ForkAgreement forkAgreement(std::size_t forks, bool stable, bool noisy) {
  if (forks == 0) return ForkAgreement::NoSteadyPart;
  if (forks == 1) return ForkAgreement::OneProcess;
  if (stable) return ForkAgreement::Stable;
  return noisy ? ForkAgreement::Noisy : ForkAgreement::Unstable;
}

std::vector<double> ConfigResult::steadyLatencies() const {
  std::size_t start =
      steady.analysed ? steady.steady_start : static_cast<std::size_t>(warmup_iterations);
  start = std::min(start, latency_ms.size());
  return {latency_ms.begin() + static_cast<std::ptrdiff_t>(start), latency_ms.end()};
}

const ConfigResult* SessionResult::find(const std::string& key) const {
  for (const auto& c : configs) {
    if (c.config.key() == key) return &c;
  }
  return nullptr;
}

}  // namespace inferscope
