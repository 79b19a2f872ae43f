// What the window shows, as one object the views listen to: the request, one latency series per
// config of the plan (growing live from snapshots), each finished config's result, and the
// session once it is complete. A live run's final session and a session file opened from disk
// take the same path, setSession(): what you see after a run is exactly what its file shows later.
#pragma once

#include <QColor>
#include <QObject>
#include <QString>
#include <memory>
#include <vector>

#include "core/engine/profile_request.h"
#include "core/engine/session_ranking.h"
#include "core/engine/session_result.h"
#include "gui/lib/job_tracker.h"
#include "gui/lib/sample_coalescer.h"

namespace inferscope::gui {

struct ConfigSeries {
  QString key;
  OptimizationConfig config;
  QColor color;
  int family_rank = 0;             // position within its precision family (ConfigPalette)
  std::vector<double> latency_ms;  // every iteration so far, warm-up included, in order
  int warmup_iterations = 0;
  std::shared_ptr<const ConfigResult> result;  // null until the config finished
};

// core rankSession over the results so far, in the form the views need: every config's row but
// those merged into another row of the same config (mergeFallbacks).
struct RankedResults {
  SessionResult session;          // the results ranked, configs numbered by position
  std::vector<int> series_index;  // position in session.configs → series index
  SessionRanking ranking;         // RankedConfig::index: a position in session.configs
  double tolerance = 0;
};

class SessionDocument : public QObject {
  Q_OBJECT

 public:
  enum class State { Empty, Running, Finished, Cancelled, Failed };
  Q_ENUM(State)

  explicit SessionDocument(QObject* parent = nullptr);
  ~SessionDocument() override;

  // Live run: one empty series per config of the plan.
  void beginRun(const ProfileRequest& request);
  void appendSnapshot(const SampleSnapshot& snapshot);
  void finishConfig(std::shared_ptr<const ConfigResult> result);
  void failRun();

  // A complete session: a live run's final word or a file. Replaces every series and result.
  void setSession(std::shared_ptr<const SessionResult> session, const QString& path = {});
  // Throws inferscope::Error with a message naming the file and what is wrong with it.
  void load(const QString& path);
  void save(const QString& path);

  State state() const { return state_; }
  // Whether the session showing is the one the window's own run ended with: its samples and results
  // arrived live already, so a view that drew them can keep what it drew.
  bool showsEndedRun() const {
    return rank_off_thread_ && state_ != State::Running && session_ != nullptr;
  }
  const ProfileRequest& request() const { return request_; }
  const std::vector<ConfigSeries>& series() const { return series_; }
  std::shared_ptr<const SessionResult> session() const { return session_; }
  // The complete session, or during a run what is known so far (the request and every finished
  // config's result): what the ranking charts draw and what autosave writes.
  SessionResult resultsSoFar() const;
  QString filePath() const { return path_; }
  int warmupIterations() const { return request_.run.warmup_iterations; }
  int finishedCount() const;
  // Sample count per config of a session: what the chart must show (used by tests too).
  std::size_t sampleCount(int series_index) const;
  // The ranking of resultsSoFar() (less the rows mergeFallbacks merges) at a tolerance, shared by
  // the results table and the Speed × accuracy chart, memoised by the results' content. rankSession
  // computes a speed-up CI per config over every steady sample: ~50 ms per config at 20 000 samples
  // on a 2-core machine, too long for the GUI thread while a run streams
  // (bench/gui/bench_gui_stall). So during a run, and for the session a run ends with, it is
  // computed on a worker thread: this returns the newest ranking there is (of fewer configs, or
  // null) and rankingChanged() follows. Files rank at once.
  std::shared_ptr<const RankedResults> ranking(double tolerance);

 signals:
  // The series layout changed (new run, new session): views rebuild from scratch.
  void reset();
  // Points [first, end) of one series are new.
  void samplesAppended(int series_index, int first);
  // A config finished; its series holds the authoritative samples from the result.
  void resultAdded(int series_index);
  void stateChanged(inferscope::gui::SessionDocument::State state);
  // A ranking computed off the GUI thread is ready: views ask ranking() again.
  void rankingChanged();
  void filePathChanged(const QString& path);

 private:
  void setState(State state);
  void setPath(const QString& path);

  State state_ = State::Empty;
  ProfileRequest request_;
  std::vector<ConfigSeries> series_;
  std::shared_ptr<const SessionResult> session_;
  QString path_;
  std::string rankingKey(double tolerance) const;
  bool rank_off_thread_ = false;  // a run (or the session it ended with) is showing
  std::shared_ptr<const RankedResults> ranked_;
  std::string ranked_key_, pending_key_;
  JobTracker ranking_jobs_;  // a newer ranking makes an older one stale
};

}  // namespace inferscope::gui
