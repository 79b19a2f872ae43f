// One way for the window to run work off its thread: a job runs on a thread pool and its result is
// handed to the owner on the owner's thread, only if the owner still exists and the job is still
// the owner's latest. Starting a job makes the one before it stale; cancel() makes the running one
// stale. A stale or orphaned result is dropped (logged under inferscope.jobs at debug level, so
// QT_LOGGING_RULES="inferscope.jobs.debug=true" shows every drop).
//
// Why not QPointer or a captured `this`: a worker thread cannot safely test or post to a QObject
// that the owner's thread may be destroying at that moment. The tracker posts under a mutex that
// its destructor takes too, so a post either reaches a living owner (and ~QObject removes it if the
// owner dies first) or is never made.
#pragma once

#include <QObject>
#include <QString>
#include <QThreadPool>
#include <functional>
#include <memory>
#include <type_traits>
#include <utility>

namespace inferscope::gui {

class JobTracker {
 public:
  using JobId = quint64;  // 0: no job

  // `owner` receives the results on its thread and must own the tracker (a member), so that the
  // tracker dies with it. `pool`: where jobs run (null: QThreadPool::globalInstance()). `name`
  // says whose jobs a log line is about ("session loader").
  JobTracker(QObject* owner, QString name, QThreadPool* pool = nullptr);
  ~JobTracker();
  JobTracker(const JobTracker&) = delete;
  JobTracker& operator=(const JobTracker&) = delete;

  struct State;  // shared by the tracker and its jobs (job_tracker.cpp)

  // A running job's line back to its owner: copyable, and safe to use from any thread, also after
  // the tracker is gone (then nothing is posted).
  class Channel {
   public:
    // Runs `f` on the owner's thread if the job is still the latest then (a job's progress).
    void post(std::function<void()> f) const;
    // Whether a newer job, cancel() or the owner's end made this job stale: a long job polls this
    // and stops early.
    bool isStale() const;
    JobId job() const { return job_; }

   private:
    friend class JobTracker;
    Channel(std::shared_ptr<State> state, JobId job) : state_(std::move(state)), job_(job) {}
    std::shared_ptr<State> state_;
    JobId job_;
  };

  // Runs `job()` — or `job(channel)`, for a job that reports progress or stops early — on the
  // pool, then `deliver(result)` on the owner's thread if the job is still the latest by then.
  // The job should return its errors as values: an exception that escapes it is logged and the
  // job counts as dropped. Call on the owner's thread.
  template <typename Job, typename Deliver>
  JobId start(Job job, Deliver deliver) {
    auto shared_deliver = std::make_shared<Deliver>(std::move(deliver));
    return startErased([job = std::move(job),
                        shared_deliver](const Channel& channel) mutable -> std::function<void()> {
      auto result = [&] {
        if constexpr (std::is_invocable_v<Job&, const Channel&>) {
          return std::make_shared<std::invoke_result_t<Job&, const Channel&>>(job(channel));
        } else {
          static_assert(!std::is_void_v<std::invoke_result_t<Job&>>,
                        "a job returns the value its owner receives");
          return std::make_shared<std::invoke_result_t<Job&>>(job());
        }
      }();
      return [shared_deliver, result] { (*shared_deliver)(std::move(*result)); };
    });
  }

  // The running job, if any, becomes stale: nothing more is delivered for it.
  void cancel();
  // Whether the latest job has neither delivered nor been cancelled. Owner's thread.
  bool isRunning() const;
  // The latest job's id (after cancel(), an id no job has).
  JobId latest() const;
  // Whether `job` is no longer the latest (or its owner is gone).
  bool isStale(JobId job) const;

 private:
  // The job's part: runs on the pool and returns the delivery, which runs on the owner's thread.
  JobId startErased(std::function<std::function<void()>(const Channel&)> job);
  static void postToOwner(const std::shared_ptr<State>& state, JobId job, std::function<void()> f);

  std::shared_ptr<State> state_;
  QThreadPool* pool_;
};

}  // namespace inferscope::gui
