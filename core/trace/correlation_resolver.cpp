// resolveCorrelations: hash joins over one window's records (a few hundred thousand at most).
#include "core/trace/correlation_resolver.h"

#include <algorithm>
#include <map>
#include <unordered_map>
#include <utility>
#include <vector>

namespace inferscope::trace {
namespace {

struct Joins {
  // `ops_sorted`: the window's operators sorted by start (it must outlive the joins).
  Joins(const TraceWindow& window, const std::vector<OpRecord>& ops_sorted)
      : ops_by_start(&ops_sorted) {
    for (const auto& c : window.correlations) {
      external_by_correlation.emplace(c.correlation_id, c.external_id);
    }
    for (const auto& op : ops_sorted) op_by_external.emplace(op.external_id, &op);
    for (const auto& api : window.api_calls) {
      // Runtime and driver calls of one launch share no correlation id, but a kernel launched
      // through the runtime carries the runtime call's id; either one places it.
      api_start_by_correlation.emplace(api.correlation_id, api.start_ns);
    }
  }

  std::unordered_map<std::uint32_t, std::uint64_t> external_by_correlation;
  std::unordered_map<std::uint64_t, const OpRecord*> op_by_external;
  std::unordered_map<std::uint32_t, std::int64_t> api_start_by_correlation;
  std::unordered_map<std::uint64_t, const OpRecord*> top_by_external;  // memo of outermost ops

  // window.ops, sorted by start: the fallback join by time (innermostAt).
  const std::vector<OpRecord>* ops_by_start;

  const OpRecord* op(std::uint64_t external_id) const {
    const auto it = op_by_external.find(external_id);
    return it == op_by_external.end() ? nullptr : it->second;
  }

  const OpRecord* topOf(const OpRecord* op) {
    if (op == nullptr) return nullptr;
    const auto memo = top_by_external.find(op->external_id);
    if (memo != top_by_external.end()) return memo->second;
    const OpRecord* top = op;
    // Bounded walk: a corrupt parent chain cannot loop forever.
    for (int hops = 0; hops < 256 && top->parent_external_id != 0; ++hops) {
      const OpRecord* parent = this->op(top->parent_external_id);
      if (parent == nullptr) break;
      top = parent;
    }
    top_by_external[op->external_id] = top;
    return top;
  }
};

// The innermost operator whose host span holds `ns`: the last one to start at or before it, or
// the first of its ancestors still open then (the observer's operators nest: one thread, calls
// within calls).
const OpRecord* innermostAt(const Joins& joins, std::int64_t ns) {
  const auto& ops = *joins.ops_by_start;
  auto it = std::upper_bound(ops.begin(), ops.end(), ns,
                             [](std::int64_t t, const OpRecord& o) { return t < o.start_ns; });
  if (it == ops.begin()) return nullptr;
  const OpRecord* op = &*(it - 1);
  for (int hops = 0; op != nullptr && hops < 256; ++hops) {
    // Strictly after `ns`: an operator's end is read after the calls it made have returned, so a
    // call starting at that very tick came after it.
    if (op->end_ns > ns) return op;
    op = joins.op(op->parent_external_id);
  }
  return nullptr;
}

// The operator whose host span holds the API call of `correlation_id`, or null.
const OpRecord* launcherByTime(const Joins& joins, std::uint32_t correlation_id) {
  const auto api = joins.api_start_by_correlation.find(correlation_id);
  return api == joins.api_start_by_correlation.end() ? nullptr : innermostAt(joins, api->second);
}

template <class Record>
void sortByStart(std::vector<Record>& records) {
  std::stable_sort(records.begin(), records.end(),
                   [](const Record& a, const Record& b) { return a.start_ns < b.start_ns; });
}

// The operator and the iteration of a GPU record launched under `correlation_id`.
template <class Record>
const OpRecord* resolveOne(Record& r, Joins& joins, const std::vector<IterationMark>& marks) {
  const OpRecord* op = nullptr;
  const auto ext = joins.external_by_correlation.find(r.correlation_id);
  if (r.correlation_id != 0 && ext != joins.external_by_correlation.end()) {
    r.external_id = ext->second;
    op = joins.op(r.external_id);
  } else if (r.correlation_id != 0) {
    // No external correlation (the tracer pushes none unless ActivityKinds::external_correlation
    // asks for it): the operator whose host span holds the launching API call.
    op = launcherByTime(joins, r.correlation_id);
    if (op != nullptr) r.external_id = op->external_id;
  }
  if (op != nullptr && op->iteration >= 0) {
    r.iteration = op->iteration;
    return op;
  }
  // No operator: place it by its launch on the host, which never drifts past the iteration's
  // end the way a late-running kernel might; the GPU start is the last resort.
  const auto api = joins.api_start_by_correlation.find(r.correlation_id);
  const auto when = api != joins.api_start_by_correlation.end() ? api->second : r.start_ns;
  const int index = iterationAt(marks, when);
  r.iteration = index < 0 ? -1 : marks[static_cast<std::size_t>(index)].iteration;
  return op;
}

// Light iterations (IterationMark::replay_of) saw no operators: each kernel takes the operator
// names of the kernel at the same position of the same stream in the full iteration it replays,
// provided both iterations ran the same kernels in the same order on every stream — an eager
// forward with fixed shapes does; anything else leaves them without an operator, counted.
void replayOperatorNames(TraceWindow& window) {
  using Streams = std::map<std::pair<std::uint32_t, std::uint32_t>, std::vector<KernelRecord*>>;
  std::map<int, Streams> by_iteration;  // kernels are sorted by start: each list is in launch order
  for (auto& k : window.kernels) {
    if (k.iteration >= 0) by_iteration[k.iteration][{k.device, k.stream}].push_back(&k);
  }
  const Streams none;
  for (const auto& mark : window.iterations) {
    if (mark.replay_of < 0) continue;
    const auto light_it = by_iteration.find(mark.iteration);
    const auto full_it = by_iteration.find(mark.replay_of);
    const Streams& light = light_it == by_iteration.end() ? none : light_it->second;
    const Streams& full = full_it == by_iteration.end() ? none : full_it->second;
    bool same = light.size() == full.size();
    for (auto l = light.begin(), f = full.begin(); same && l != light.end(); ++l, ++f) {
      same = l->first == f->first && l->second.size() == f->second.size();
      for (std::size_t i = 0; same && i < l->second.size(); ++i) {
        same = l->second[i]->name == f->second[i]->name;
      }
    }
    if (!same) {
      ++window.replay_mismatches;
      continue;
    }
    for (auto l = light.begin(), f = full.begin(); l != light.end(); ++l, ++f) {
      for (std::size_t i = 0; i < l->second.size(); ++i) {
        KernelRecord& k = *l->second[i];
        k.op_name = f->second[i]->op_name;
        k.top_op_name = f->second[i]->top_op_name;
        k.op_by_replay = !k.op_name.empty();
      }
    }
  }
}

}  // namespace

int iterationAt(const std::vector<IterationMark>& marks, std::int64_t ns) {
  // Last mark starting at or before ns.
  auto it = std::upper_bound(marks.begin(), marks.end(), ns,
                             [](std::int64_t t, const IterationMark& m) { return t < m.start_ns; });
  if (it == marks.begin()) return -1;
  --it;
  return ns <= it->end_ns ? static_cast<int>(it - marks.begin()) : -1;
}

void resolveCorrelations(TraceWindow& window) {
  sortByStart(window.iterations);
  sortByStart(window.kernels);
  sortByStart(window.memcpys);
  sortByStart(window.memsets);
  sortByStart(window.api_calls);
  sortByStart(window.syncs);
  sortByStart(window.ops);

  Joins joins(window, window.ops);

  for (auto& k : window.kernels) {
    const OpRecord* op = resolveOne(k, joins, window.iterations);
    k.op_name = op != nullptr ? op->name : std::string();
    const OpRecord* top = joins.topOf(op);
    k.top_op_name = top != nullptr ? top->name : std::string();
  }
  for (auto& m : window.memcpys) resolveOne(m, joins, window.iterations);
  for (auto& m : window.memsets) resolveOne(m, joins, window.iterations);
  window.replay_mismatches = 0;
  replayOperatorNames(window);
}

AttributionAgreement compareAttributionMethods(const TraceWindow& window) {
  std::vector<OpRecord> ops = window.ops;  // the window may not be resolved (sorted) yet
  sortByStart(ops);
  const Joins joins(window, ops);
  AttributionAgreement result;
  for (const auto& k : window.kernels) {
    const auto ext = joins.external_by_correlation.find(k.correlation_id);
    if (k.correlation_id == 0 || ext == joins.external_by_correlation.end()) continue;
    if (joins.op(ext->second) == nullptr) continue;  // an operator the window did not keep
    ++result.compared;
    const OpRecord* by_time = launcherByTime(joins, k.correlation_id);
    if (by_time != nullptr && by_time->external_id == ext->second) ++result.agreed;
  }
  return result;
}

}  // namespace inferscope::trace
