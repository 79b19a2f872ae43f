// SessionDocument: the single source of the window's data (see session_document.h).
#include "gui/lib/session_document.h"

#include "core/common/error.h"
#include "core/session/session_file.h"
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

}  // namespace

SessionDocument::SessionDocument(QObject* parent) : QObject(parent) {}

void SessionDocument::beginRun(const ProfileRequest& request) {
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
    if (sample.config_index < 0 || sample.config_index >= static_cast<int>(series_.size())) continue;
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

void SessionDocument::failRun() { setState(State::Failed); }

void SessionDocument::setSession(std::shared_ptr<const SessionResult> session, const QString& path) {
  if (!session) return;
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
