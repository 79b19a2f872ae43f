#include "core/session/session_merge.h"

#include <fmt/format.h>

#include <algorithm>
#include <map>
#include <optional>
#include <set>
#include <utility>

#include "core/common/error.h"
#include "core/common/sha256.h"
#include "core/engine/device_groups.h"
#include "core/engine/plan_shard.h"
#include "core/session/session_file.h"

namespace inferscope {
namespace {

using Fields = std::vector<std::pair<std::string, std::string>>;

// How many shards a message names before "and N more".
constexpr std::size_t kNamedShards = 10;

std::string andMore(std::size_t total, std::size_t named) {
  return total > named ? fmt::format(" and {} more", total - named) : std::string();
}

// A value quoted in a message: at most a line of it, so that a crafted file cannot make an error
// message of megabytes.
std::string quoted(const std::string& value) {
  constexpr std::size_t kShown = 200;
  if (value.size() <= kShown) return value;
  return fmt::format("{}… ({} characters)", value.substr(0, kShown), value.size());
}

std::string joined(const std::vector<std::string>& items) {
  return items.empty() ? "(none)" : fmt::format("{}", fmt::join(items, ", "));
}

// The experiment itself: what was run and how it was measured. Never merged across a difference.
Fields experimentFields(const SessionResult& s) {
  const auto& r = s.request;
  std::vector<std::string> inputs, cycle;
  for (const auto& spec : r.inputs) inputs.push_back(spec.toString());
  for (const auto& set : r.run.input_cycle) {
    std::vector<std::string> specs;
    for (const auto& spec : set) specs.push_back(spec.toString());
    cycle.push_back(fmt::format("{}", fmt::join(specs, ";")));
  }
  Fields f = {
      {"model source", toString(r.model.source)},
      {"model", r.model.name},
      {"weights seed", std::to_string(r.model.seed)},
      {"batch", std::to_string(r.batch)},
      {"inputs", joined(inputs)},
      {"output shapes", joined(s.output_shapes)},
      {"warm-up iterations", std::to_string(r.run.warmup_iterations)},
      {"measured iterations",
       r.run.adaptive ? "adaptive" : std::to_string(r.run.measure_iterations)},
      {"accuracy check", r.run.check_accuracy ? "on" : "off"},
      {"input cycle", joined(cycle)},
      {"reference run", r.run.reference_last ? "last (isolated workers)" : "first"},
  };
  if (r.run.adaptive) {
    f.emplace_back("adaptive stopping",
                   fmt::format("target CI {}, {}–{} iterations, budgets {} / {} ms",
                               r.run.target_rel_ci, r.run.min_iterations, r.run.max_iterations,
                               r.run.config_time_budget_ms, r.run.session_time_budget_ms));
  }
  if (r.model.name == "bert-encoder") {
    const auto& e = r.model.encoder;
    f.emplace_back("encoder shape",
                   fmt::format("{} layers, hidden {}, {} heads, intermediate {}, vocab {}, "
                               "{} positions, sequence {}",
                               e.layers, e.hidden, e.heads, e.intermediate, e.vocab,
                               e.max_positions, e.seq_len));
  }
  return f;
}

// Throws naming the first field that differs between `a` (of a_origin) and `b`.
void requireSame(const Fields& a, const std::string& a_origin, const Fields& b,
                 const std::string& b_origin, const std::string& remedy) {
  for (std::size_t i = 0; i < a.size() && i < b.size(); ++i) {
    if (a[i].second == b[i].second) continue;
    throw Error(ErrorKind::InvalidInput,
                fmt::format("cannot merge {} with {}: the {} differs ('{}' in {}, '{}' in {}){}",
                            b_origin, a_origin, a[i].first, quoted(a[i].second), a_origin,
                            quoted(b[i].second), b_origin, remedy));
  }
  if (a.size() != b.size()) {
    const auto& extra = a.size() > b.size() ? a[b.size()] : b[a.size()];
    throw Error(ErrorKind::InvalidInput,
                fmt::format("cannot merge {} with {}: only one of them has a {} ('{}'){}", b_origin,
                            a_origin, extra.first, quoted(extra.second), remedy));
  }
}

struct Group {
  Fields identity;
  std::string first_origin;
  std::vector<std::size_t> shard_inputs, plain_inputs;  // indices into the inputs
};

// The position, among the group's results, of every result of one shard session (the reference
// slot is position 0); nullopt for the reference slot itself.
std::optional<std::size_t> mergedPosition(const SessionResult& shard_session,
                                          const ConfigResult& c) {
  if (c.index == 0) return std::nullopt;
  return planPositionOf(*shard_session.shard, static_cast<std::size_t>(c.index - 1));
}

void checkShards(const Group& g, const std::vector<MergeInput>& inputs) {
  if (g.shard_inputs.empty()) return;
  const auto& first = inputs[g.shard_inputs.front()];
  const int count = first.session.shard->count;
  std::map<int, std::string> seen;
  for (std::size_t i : g.shard_inputs) {
    const auto& s = *inputs[i].session.shard;
    if (s.count != count) {
      throw Error(
          ErrorKind::InvalidInput,
          fmt::format("cannot merge {} with {}: they are shards of different splits ({} and "
                      "{}); merge the shards of one split",
                      inputs[i].origin, first.origin, first.session.shard->toString(),
                      s.toString()));
    }
    const auto [at, fresh] = seen.emplace(s.index, inputs[i].origin);
    if (!fresh) {
      throw Error(ErrorKind::InvalidInput,
                  fmt::format("shard {} is given twice ({} and {}); pass each shard once",
                              s.toString(), at->second, inputs[i].origin));
    }
  }
  // Only the first few are named: a split into 2^31-1 shards must cost a line, not a list of
  // every missing one (gigabytes) or of every given one.
  const auto missing_count = static_cast<std::size_t>(count) - seen.size();
  if (missing_count == 0) return;
  std::vector<std::string> missing, given;
  for (int i = 0; i < count && missing.size() < kNamedShards; ++i) {
    if (!seen.count(i)) missing.push_back(ShardSpec{i, count}.toString());
  }
  for (const auto& [index, origin] : seen) {
    if (given.size() == kNamedShards) break;
    given.push_back(fmt::format("{} in {}", ShardSpec{index, count}.toString(), origin));
  }
  throw Error(ErrorKind::InvalidInput,
              fmt::format("{} shard(s) of the split into {} are missing: {}{} (given: {}{}); every "
                          "shard is needed for a complete session",
                          missing_count, count, fmt::join(missing, ", "),
                          andMore(missing_count, missing.size()), fmt::join(given, ", "),
                          andMore(seen.size(), given.size())));
}

}  // namespace

MergeResult mergeSessions(const std::vector<MergeInput>& inputs, const MergeOptions& options) {
  if (inputs.empty()) throw Error(ErrorKind::InvalidInput, "nothing to merge: no sessions given");
  const auto& base = inputs.front();
  const Fields experiment = experimentFields(base.session);
  const std::string remedy = "; merge with --keep-hosts to keep them apart as separate devices";

  // Groups of comparable results (device identity). A session's results may already span several
  // devices (a --devices run, an earlier merge); the session goes to the group of its first result
  // and the others must match it.
  std::vector<Group> groups;
  std::set<std::pair<std::string, int>> places;
  // A whole session given twice (one path twice, or a copy) would rank every result twice. Shards
  // given twice are refused by checkShards, naming the shard.
  std::map<std::string, std::string> whole_sessions;  // content digest → origin
  for (std::size_t i = 0; i < inputs.size(); ++i) {
    const auto& in = inputs[i];
    if (!in.session.shard) {
      const auto [at, fresh] =
          whole_sessions.emplace(sha256Hex(sessionToJson(in.session, 0)), in.origin);
      if (!fresh) {
        throw Error(ErrorKind::InvalidInput,
                    fmt::format("{} is the same session as {} (the same content): pass each "
                                "session once, or every result would be ranked twice",
                                in.origin, at->second));
      }
    }
    requireSame(experiment, base.origin, experimentFields(in.session), in.origin,
                "; only runs of one model, input and measurement settings merge");
    std::optional<Fields> identity;
    for (const auto& c : in.session.configs) {
      const auto place = placeOf(in.session, c);
      places.emplace(place.host, place.device.index);
      const auto id = deviceIdentity(place.device);
      if (!identity) identity = id;
      if (id != *identity && in.session.shard) {
        throw Error(ErrorKind::InvalidInput,
                    fmt::format("{} is shard {} but its results come from several devices",
                                in.origin, in.session.shard->toString()));
      }
    }
    if (!identity) identity = deviceIdentity(in.session.device);
    auto g = std::find_if(groups.begin(), groups.end(),
                          [&](const Group& x) { return x.identity == *identity; });
    if (g == groups.end()) {
      if (!groups.empty() && !options.keep_hosts) {
        requireSame(groups.front().identity, groups.front().first_origin, *identity, in.origin,
                    remedy);
      }
      groups.push_back(Group{*identity, in.origin, {}, {}});
      g = groups.end() - 1;
    }
    (in.session.shard ? g->shard_inputs : g->plain_inputs).push_back(i);
  }

  MergeResult out;
  auto& merged = out.session;
  merged = base.session;
  merged.configs.clear();
  merged.request.plan.clear();
  merged.shard.reset();
  merged.cudnn_ledgers.clear();
  merged.races.clear();
  std::set<std::string> hosts;
  for (const auto& in : inputs) {
    hosts.insert(in.session.host);
    merged.cancelled = merged.cancelled || in.session.cancelled;
    if (in.session.cancelled) {
      out.notes.push_back(fmt::format(
          "{} is a cancelled run: it holds only the configs it finished, and the merged session "
          "is marked cancelled",
          in.origin));
    }
    if (!in.session.created_utc.empty() && in.session.created_utc < merged.created_utc) {
      merged.created_utc = in.session.created_utc;  // ISO 8601: the earliest sorts first
    }
    for (const auto& l : in.session.cudnn_ledgers) merged.cudnn_ledgers.push_back(l);
    // Each tune shard's race stays its own answer: its shard raced only its slice of the space.
    for (const auto& r : in.session.races) merged.races.push_back(r);
  }
  if (hosts.size() > 1) merged.host = fmt::format("{}", fmt::join(hosts, ", "));
  const bool several_places = places.size() > 1;
  auto append = [&](const MergeInput& in, ConfigResult c) {
    if (several_places && !c.measured_on) c.measured_on = placeOf(in.session, c);
    c.index = static_cast<int>(merged.configs.size());
    merged.request.plan.push_back(c.config);
    merged.configs.push_back(std::move(c));
  };

  for (auto& g : groups) {
    checkShards(g, inputs);
    std::sort(g.shard_inputs.begin(), g.shard_inputs.end(), [&](std::size_t a, std::size_t b) {
      return inputs[a].session.shard->index < inputs[b].session.shard->index;
    });
    // The reference every shard measured, kept once: the first shard's that ran ok.
    std::optional<std::pair<std::size_t, ConfigResult>> kept;
    std::vector<std::pair<std::size_t, ConfigResult>> dropped;
    std::vector<std::tuple<std::size_t, std::size_t, ConfigResult>>
        dealt;  // position, input, result
    for (std::size_t i : g.shard_inputs) {
      for (const auto& c : inputs[i].session.configs) {
        if (const auto position = mergedPosition(inputs[i].session, c)) {
          dealt.emplace_back(*position, i, c);
        } else if (!kept ||
                   (kept->second.status != ConfigStatus::Ok && c.status == ConfigStatus::Ok)) {
          if (kept) dropped.push_back(*kept);
          kept.emplace(i, c);
        } else {
          dropped.emplace_back(i, c);
        }
      }
    }
    if (kept) append(inputs[kept->first], kept->second);
    std::stable_sort(dealt.begin(), dealt.end(),
                     [](const auto& a, const auto& b) { return std::get<0>(a) < std::get<0>(b); });
    for (auto& [position, i, c] : dealt) append(inputs[i], std::move(c));
    for (std::size_t i : g.plain_inputs) {
      for (const auto& c : inputs[i].session.configs) append(inputs[i], c);
    }
    if (kept && !dropped.empty()) {
      const auto& k = kept->second;
      std::vector<std::string> others;
      double low = k.stats.median_ms, high = k.stats.median_ms;
      for (const auto& [i, c] : dropped) {
        others.push_back(
            fmt::format("{} {:.3f} ms", inputs[i].session.shard->toString(), c.stats.median_ms));
        if (c.status == ConfigStatus::Ok && c.stats.median_ms > 0) {
          low = std::min(low, c.stats.median_ms);
          high = std::max(high, c.stats.median_ms);
        }
      }
      out.notes.push_back(fmt::format(
          "{}: kept the FP32 reference of shard {} ({:.3f} ms); the other shards measured {} — "
          "their references differ by up to {:.1f} %, a bound on how far their configs' speed-ups "
          "may be off",
          g.identity[1].second.empty() ? g.identity[0].second : g.identity[1].second,
          inputs[kept->first].session.shard->toString(), k.stats.median_ms, fmt::join(others, ", "),
          low > 0 ? 100.0 * (high - low) / low : 0.0));
    }
  }
  if (groups.size() > 1) {
    out.notes.push_back(fmt::format(
        "{} device groups kept apart (different device or library versions); each is ranked "
        "against its own FP32 reference",
        groups.size()));
  }
  // The merged session describes its first group's device; measured_on says the rest.
  if (!merged.configs.empty()) merged.device = placeOf(merged, merged.configs.front()).device;
  return out;
}

}  // namespace inferscope
