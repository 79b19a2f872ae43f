#include "core/engine/tune_record.h"

#include <fmt/format.h>

namespace inferscope {
namespace {

// Collects the names of differing fields under a prefix ("candidates[2].").
class Diff {
 public:
  explicit Diff(std::vector<std::string>& out, std::string prefix = {})
      : out_(out), prefix_(std::move(prefix)) {}

  template <class T>
  void field(const char* name, const T& a, const T& b) {
    if (!(a == b)) out_.push_back(prefix_ + name);
  }
  template <class T, class Each>
  void list(const char* name, const std::vector<T>& a, const std::vector<T>& b, Each each) {
    if (a.size() != b.size()) {
      out_.push_back(fmt::format("{}{} (size {} vs {})", prefix_, name, a.size(), b.size()));
      return;
    }
    for (std::size_t i = 0; i < a.size(); ++i) {
      Diff inner(out_, fmt::format("{}{}[{}].", prefix_, name, i));
      each(inner, a[i], b[i]);
    }
  }

 private:
  std::vector<std::string>& out_;
  std::string prefix_;
};

bool sameForks(const std::optional<ForkStats>& a, const std::optional<ForkStats>& b) {
  if (a.has_value() != b.has_value()) return false;
  if (!a) return true;
  return a->forks == b->forks && a->median_ms == b->median_ms && a->ci_low_ms == b->ci_low_ms &&
         a->ci_high_ms == b->ci_high_ms && a->next_low_ms == b->next_low_ms &&
         a->next_high_ms == b->next_high_ms && a->spread == b->spread && a->log_sd == b->log_sd &&
         a->stable == b->stable && a->outcome == b->outcome &&
         a->remembered_forks == b->remembered_forks;
}

void diffCandidate(Diff& d, const TuneCandidateRecord& a, const TuneCandidateRecord& b) {
  d.field("key", a.key, b.key);
  d.field("state", a.state, b.state);
  d.field("reason", a.reason, b.reason);
  d.field("reason_code", a.reason_code == b.reason_code, true);
  d.field("accuracy", a.accuracy, b.accuracy);
  d.field("fallback", a.fallback, b.fallback);
  d.field("median_ms", a.median_ms, b.median_ms);
  d.field("low_ms", a.low_ms, b.low_ms);
  d.field("high_ms", a.high_ms, b.high_ms);
  d.field("samples", a.samples, b.samples);
  d.field("rounds", a.rounds, b.rounds);
  d.field("contended", a.contended, b.contended);
  d.field("setup_ms", a.setup_ms, b.setup_ms);
  d.field("compile_ms", a.compile_ms, b.compile_ms);
  d.field("forks", sameForks(a.forks, b.forks), true);
}

void diffCompile(Diff& d, const CompileStatus& a, const CompileStatus& b) {
  d.field("key", a.key, b.key);
  d.field("package_path", a.package_path, b.package_path);
  d.field("log_path", a.log_path, b.log_path);
  d.field("state", a.state, b.state);
  d.field("elapsed_ms", a.elapsed_ms, b.elapsed_ms);
  d.field("attempts", a.attempts, b.attempts);
  d.field("message", a.message, b.message);
}

void diffHost(Diff& d, const TuneHostRecord& a, const TuneHostRecord& b) {
  d.field("host.measured", a.measured, b.measured);
  d.field("host.launch_wait_share", a.launch_wait_share, b.launch_wait_share);
  d.field("host.eager_key", a.eager_key, b.eager_key);
  d.field("host.graph_key", a.graph_key, b.graph_key);
  d.field("host.eager_median_ms", a.eager_median_ms, b.eager_median_ms);
  d.field("host.graph_median_ms", a.graph_median_ms, b.graph_median_ms);
  d.field("host.host_bound", a.host_bound, b.host_bound);
  d.field("host.contended", a.contended, b.contended);
  d.field("host.sentence", a.sentence, b.sentence);
}

}  // namespace

std::vector<std::string> differences(const TuneRecord& a, const TuneRecord& b) {
  std::vector<std::string> out;
  Diff d(out);
  d.field("model", a.model, b.model);
  d.field("device", a.device, b.device);
  d.field("rule", a.rule, b.rule);
  d.field("shard", a.shard, b.shard);
  d.field("verdict_state", a.verdict_state, b.verdict_state);
  d.field("winner", a.winner, b.winner);
  d.field("tied_with", a.tied_with, b.tied_with);
  d.field("accuracy_note", a.accuracy_note, b.accuracy_note);
  d.field("roofline", a.roofline, b.roofline);
  d.list("candidates", a.candidates, b.candidates, diffCandidate);
  d.list("pruned", a.pruned, b.pruned,
         [](Diff& inner, const TunePrunedRecord& x, const TunePrunedRecord& y) {
           inner.field("key", x.key, y.key);
           inner.field("reason", x.reason, y.reason);
         });
  d.list("compiles", a.compiles, b.compiles, diffCompile);
  d.field("finalists", a.finalists, b.finalists);
  d.field("forks", a.forks, b.forks);
  d.field("fork_iterations", a.fork_iterations, b.fork_iterations);
  d.field("budget_ms", a.budget_ms, b.budget_ms);
  d.field("elapsed_ms", a.elapsed_ms, b.elapsed_ms);
  d.field("spent_before_ms", a.spent_before_ms, b.spent_before_ms);
  d.field("exit_reserve_ms", a.exit_reserve_ms, b.exit_reserve_ms);
  d.field("budget_note", a.budget_note, b.budget_note);
  d.field("rounds", a.rounds, b.rounds);
  d.field("cancelled", a.cancelled, b.cancelled);
  d.field("not_measured", a.not_measured, b.not_measured);
  d.field("unmeasured_precisions", a.unmeasured_precisions, b.unmeasured_precisions);
  d.field("unmeasured_compiles", a.unmeasured_compiles, b.unmeasured_compiles);
  d.field("budget_to_reach_ms", a.budget_to_reach_ms, b.budget_to_reach_ms);
  diffHost(d, a.host, b.host);
  d.list("peers", a.peers, b.peers,
         [](Diff& inner, const TunePeerRecord& x, const TunePeerRecord& y) {
           inner.field("name", x.name, y.name);
           inner.field("median_ms", x.median_ms, y.median_ms);
           inner.field("ratio", x.ratio, y.ratio);
           inner.field("note", x.note, y.note);
         });
  d.list("reasons", a.reasons, b.reasons,
         [](Diff& inner, const TuneReason& x, const TuneReason& y) {
           inner.field("code", x.code, y.code);
           inner.field("values", x.values, y.values);
         });
  d.field("log_paths", a.log_paths, b.log_paths);
  return out;
}

bool TuneCandidateRecord::operator==(const TuneCandidateRecord& o) const {
  std::vector<std::string> out;
  Diff d(out);
  diffCandidate(d, *this, o);
  return out.empty();
}

bool TuneHostRecord::operator==(const TuneHostRecord& o) const {
  std::vector<std::string> out;
  Diff d(out);
  diffHost(d, *this, o);
  return out.empty();
}

std::string TuneReason::value(const std::string& name) const {
  const auto it = values.find(name);
  return it == values.end() ? std::string() : it->second;
}

bool TunePeerRecord::operator==(const TunePeerRecord& o) const {
  return name == o.name && median_ms == o.median_ms && ratio == o.ratio && note == o.note;
}

bool TuneRecord::operator==(const TuneRecord& o) const {
  return differences(*this, o).empty();
}

const TuneCandidateRecord* TuneRecord::find(const std::string& key) const {
  for (const auto& c : candidates) {
    if (c.key == key) return &c;
  }
  return nullptr;
}

}  // namespace inferscope
