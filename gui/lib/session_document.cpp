// SessionDocument: the single source of the window's data (see session_document.h).
#include "gui/lib/session_document.h"

#include <fmt/format.h>

#include "core/common/error.h"
#include "core/session/session_file.h"
#include "gui/lib/background_pool.h"
#include "gui/lib/config_marks.h"
#include "gui/lib/config_palette.h"

namespace inferscope::gui {
namespace {

std::vector<ConfigSeries> seriesForPlan(const std::vector<OptimizationConfig>& plan, int warmup) {
  const auto colors = ConfigPalette::forPlan(plan);
  const auto ranks = ConfigPalette::familyRanks(plan);
  std::vector<ConfigSeries> series(plan.size());
  for (std::size_t i = 0; i < plan.size(); ++i) {
    series[i].config = plan[i];
    series[i].key = QString::fromStdString(plan[i].key());
    series[i].color = colors[i];
    series[i].family_rank = ranks[i];
    series[i].warmup_iterations = warmup;
  }
  return series;
}

std::shared_ptr<const RankedResults> rank(SessionResult session, double tolerance) {
  auto r = std::make_shared<RankedResults>();
  r->tolerance = tolerance;
  // A run of a config that another row shows already (a fallback of it, mergeFallbacks) is not
  // ranked again: the reference would be the winner's own fallback, its speed-up over itself.
  {
    std::vector<const ConfigResult*> results;
    for (const auto& c : session.configs) results.push_back(&c);
    const auto merged = mergeFallbacks(results);
    std::vector<ConfigResult> kept;
    for (std::size_t i = 0; i < session.configs.size(); ++i) {
      if (merged[i] < 0) kept.push_back(std::move(session.configs[i]));
    }
    session.configs = std::move(kept);
  }
  // rankSession reads ConfigResult::index as a position in `configs`; a partial session (or one
  // with a config missing) breaks that, so rank a copy numbered by position and map back.
  for (std::size_t i = 0; i < session.configs.size(); ++i) {
    r->series_index.push_back(session.configs[i].index);
    session.configs[i].index = static_cast<int>(i);
  }
  RankingOptions options;
  options.accuracy.tolerance = tolerance;  // auto metric: core/engine/accuracy_rule.h
  r->ranking = rankSession(session, options);
  r->session = std::move(session);
  return r;
}

}  // namespace

SessionDocument::SessionDocument(QObject* parent)
    : QObject(parent), ranking_jobs_(this, QStringLiteral("ranking"), backgroundPool()) {}

SessionDocument::~SessionDocument() = default;

std::string SessionDocument::rankingKey(double tolerance) const {
  // What rankSession reads, per finished config: enough to tell two result sets apart.
  std::string key = fmt::format("{}", tolerance);
  for (const auto& s : series_) {
    if (!s.result) continue;
    const auto& r = *s.result;
    key += fmt::format("|{} {} {} {} {} {} {} {} {} {} {}", r.index, r.config.key(),
                       static_cast<int>(r.status), r.latency_ms.size(), r.stats.median_ms,
                       r.steady.analysed, r.steady.steady_start, r.accuracy.measured,
                       r.accuracy.rel_l2_error, r.accuracy.nan_count, r.accuracy.inf_count);
  }
  return key;
}

std::shared_ptr<const RankedResults> SessionDocument::ranking(double tolerance) {
  const std::string key = rankingKey(tolerance);
  if (ranked_ && ranked_key_ == key) return ranked_;
  if (!rank_off_thread_) {
    ranking_jobs_.cancel();  // a run's ranking still on its way is of another session
    pending_key_.clear();
    ranked_ = rank(resultsSoFar(), tolerance);
    ranked_key_ = key;
    return ranked_;
  }
  if (pending_key_ != key) {
    pending_key_ = key;
    ranking_jobs_.start(
        [tolerance, results = resultsSoFar()]() mutable {
          return rank(std::move(results), tolerance);
        },
        [this, key](std::shared_ptr<const RankedResults> ranked) {
          ranked_ = std::move(ranked);
          ranked_key_ = key;
          pending_key_.clear();
          emit rankingChanged();
        });
  }
  return ranked_;
}

void SessionDocument::beginRun(const ProfileRequest& request) {
  rank_off_thread_ = true;
  request_ = request;
  session_.reset();
  series_ = seriesForPlan(request.plan, request.run.warmup_iterations);
  setPath({});
  setState(State::Running);
  emit reset();
}

void SessionDocument::appendSnapshot(const SampleSnapshot& snapshot) {
  if (state_ != State::Running) return;
  // Samples arrive in engine order, so each config's new points form one contiguous run.
  int open_series = -1, first = 0;
  auto close = [&] {
    if (open_series >= 0) emit samplesAppended(open_series, first);
    open_series = -1;
  };
  for (const auto& sample : snapshot.samples) {
    if (sample.config_index < 0 || sample.config_index >= static_cast<int>(series_.size()))
      continue;
    auto& s = series_[static_cast<std::size_t>(sample.config_index)];
    if (s.result) continue;  // the result already brought every sample
    if (sample.config_index != open_series) {
      close();
      open_series = sample.config_index;
      first = static_cast<int>(s.latency_ms.size());
    }
    s.latency_ms.push_back(sample.latency_ms);
  }
  close();
}

void SessionDocument::finishConfig(std::shared_ptr<const ConfigResult> result) {
  if (!result || result->index < 0 || result->index >= static_cast<int>(series_.size())) return;
  auto& s = series_[static_cast<std::size_t>(result->index)];
  // The result's samples are authoritative (the live ones are the same numbers, but a snapshot
  // could in principle still be in flight).
  s.latency_ms = result->latency_ms;
  s.warmup_iterations = result->warmup_iterations;
  s.result = std::move(result);
  emit resultAdded(s.result->index);
}

void SessionDocument::failRun() {
  setState(State::Failed);
}

void SessionDocument::setSession(std::shared_ptr<const SessionResult> session,
                                 const QString& path) {
  if (!session) return;
  // A run's own session ranks off the GUI thread like its configs did; a file at once.
  rank_off_thread_ = state_ == State::Running;
  session_ = std::move(session);
  request_ = session_->request;
  series_ = seriesForPlan(request_.plan, request_.run.warmup_iterations);
  for (const auto& config : session_->configs) {
    if (config.index < 0 || config.index >= static_cast<int>(series_.size())) continue;
    auto& s = series_[static_cast<std::size_t>(config.index)];
    s.latency_ms = config.latency_ms;
    s.warmup_iterations = config.warmup_iterations;
    // Aliasing constructor: the result shares the session's lifetime instead of being copied.
    s.result = std::shared_ptr<const ConfigResult>(session_, &config);
  }
  setPath(path);
  setState(session_->cancelled ? State::Cancelled : State::Finished);
  emit reset();
}

void SessionDocument::load(const QString& path) {
  auto session = std::make_shared<const SessionResult>(loadSession(path.toStdString()));
  setSession(std::move(session), path);
}

void SessionDocument::save(const QString& path) {
  if (!session_) throw Error(ErrorKind::InvalidInput, "there is no finished session to save yet");
  saveSession(*session_, path.toStdString());
  setPath(path);
}

SessionResult SessionDocument::resultsSoFar() const {
  if (session_) return *session_;
  SessionResult partial;
  partial.request = request_;
  partial.cancelled = true;  // incomplete until the engine's final word
  for (const auto& s : series_) {
    if (s.result) partial.configs.push_back(*s.result);
  }
  return partial;
}

int SessionDocument::finishedCount() const {
  int n = 0;
  for (const auto& s : series_) n += s.result ? 1 : 0;
  return n;
}

std::size_t SessionDocument::sampleCount(int series_index) const {
  if (series_index < 0 || series_index >= static_cast<int>(series_.size())) return 0;
  return series_[static_cast<std::size_t>(series_index)].latency_ms.size();
}

void SessionDocument::setState(State state) {
  if (state_ == state) return;
  state_ = state;
  emit stateChanged(state);
}

void SessionDocument::setPath(const QString& path) {
  if (path_ == path) return;
  path_ = path;
  emit filePathChanged(path);
}

}  // namespace inferscope::gui
