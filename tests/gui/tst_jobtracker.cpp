// JobTracker, the one helper behind every worker-thread job of the window: only the latest job's
// result is delivered, on the owner's thread, and never to an owner that is gone.
#include <QCoreApplication>
#include <QSemaphore>
#include <QSignalSpy>
#include <QTest>
#include <QThread>
#include <QThreadPool>
#include <atomic>
#include <memory>
#include <vector>

#include "gui/lib/job_tracker.h"
#include "tests/gui/gui_test_main.h"

using inferscope::gui::JobTracker;

namespace {

// A tracker's owner, as the window's objects hold one: a member, dying with its owner.
class Owner : public QObject {
 public:
  explicit Owner(QThreadPool* pool) : tracker(this, QStringLiteral("test"), pool) {}
  JobTracker tracker;
  std::vector<int> delivered;
  QThread* delivered_on = nullptr;
};

// What a delivery to an owner that may be gone may touch: shared, counted.
struct Witness {
  std::atomic<int> deliveries{0};
};

}  // namespace

class TestJobTracker : public QObject {
  Q_OBJECT

 private slots:
  void init() { pool_.setMaxThreadCount(4); }
  void cleanup() { pool_.waitForDone(); }

  void deliversTheResultOnTheOwnersThread() {
    Owner owner(&pool_);
    QThread* ran_on = nullptr;
    owner.tracker.start(
        [&ran_on] {
          ran_on = QThread::currentThread();
          return 42;
        },
        [&owner](int value) {
          owner.delivered.push_back(value);
          owner.delivered_on = QThread::currentThread();
        });
    QVERIFY(owner.tracker.isRunning());
    QTRY_COMPARE(owner.delivered.size(), std::size_t(1));
    QCOMPARE(owner.delivered[0], 42);
    QCOMPARE(owner.delivered_on, QThread::currentThread());
    QVERIFY(ran_on != nullptr && ran_on != QThread::currentThread());
    QVERIFY(!owner.tracker.isRunning());
  }

  // An owner living on a thread of its own gets its results there, not on the GUI thread.
  void deliversOnAnOwnerThreadThatIsNotTheGuiThread() {
    QThread thread;
    thread.start();
    auto* owner = new Owner(&pool_);
    owner->moveToThread(&thread);
    std::atomic<QThread*> delivered_on{nullptr};
    QMetaObject::invokeMethod(
        owner,
        [owner, &delivered_on] {
          owner->tracker.start([] { return 1; },
                               [&delivered_on](int) { delivered_on = QThread::currentThread(); });
        },
        Qt::BlockingQueuedConnection);
    QTRY_VERIFY(delivered_on.load() != nullptr);
    QCOMPARE(delivered_on.load(), &thread);
    owner->deleteLater();  // deleted on its thread, at the latest when that thread finishes
    thread.quit();
    thread.wait();
  }

  void dropsAStaleJobsResult() {
    Owner owner(&pool_);
    QSemaphore first_started, release_first;
    const auto first = owner.tracker.start(
        [&first_started, &release_first] {
          first_started.release();
          release_first.acquire();
          return 1;
        },
        [&owner](int value) { owner.delivered.push_back(value); });
    first_started.acquire();  // running, not merely queued
    const auto second = owner.tracker.start(
        [] { return 2; }, [&owner](int value) { owner.delivered.push_back(value); });
    QVERIFY(owner.tracker.isStale(first));
    QVERIFY(!owner.tracker.isStale(second));
    QTRY_COMPARE(owner.delivered.size(), std::size_t(1));
    release_first.release();  // the first job finishes after the second delivered
    pool_.waitForDone();
    QCoreApplication::processEvents();
    QCOMPARE(owner.delivered, std::vector<int>{2});
  }

  // A job that finished and was posted before a newer one started is dropped on delivery.
  void dropsAResultPostedBeforeANewerJobStarted() {
    Owner owner(&pool_);
    owner.tracker.start([] { return 1; },
                        [&owner](int value) { owner.delivered.push_back(value); });
    pool_.waitForDone();  // posted, not yet delivered: the event loop has not run
    QSemaphore release_second;
    owner.tracker.start(
        [&release_second] {
          release_second.acquire();
          return 2;
        },
        [&owner](int value) { owner.delivered.push_back(value); });
    QCoreApplication::processEvents();
    QVERIFY(owner.delivered.empty());
    QVERIFY(owner.tracker.isRunning());
    release_second.release();
    QTRY_COMPARE(owner.delivered, std::vector<int>{2});
  }

  void cancelDropsTheRunningJob() {
    Owner owner(&pool_);
    owner.tracker.start([] { return 1; },
                        [&owner](int value) { owner.delivered.push_back(value); });
    owner.tracker.cancel();
    QVERIFY(!owner.tracker.isRunning());
    pool_.waitForDone();
    QCoreApplication::processEvents();
    QVERIFY(owner.delivered.empty());
  }

  // An owner destroyed while its job runs, or after its result was posted, receives nothing, and
  // nothing touches freed memory (the delivery would write into the dead owner).
  void aDestroyedOwnerGetsNothing() {
    auto witness = std::make_shared<Witness>();
    QSemaphore started, release;
    auto running = std::make_unique<Owner>(&pool_);
    running->tracker.start(
        [&started, &release] {
          started.release();
          release.acquire();
          return std::vector<double>(1000, 1.0);
        },
        [witness, owner = running.get()](std::vector<double> values) {
          ++witness->deliveries;
          owner->delivered.push_back(static_cast<int>(values.size()));
        });
    started.acquire();
    running.reset();  // while the job runs
    release.release();

    auto posted = std::make_unique<Owner>(&pool_);
    posted->tracker.start([] { return 7; },
                          [witness, owner = posted.get()](int value) {
                            ++witness->deliveries;
                            owner->delivered.push_back(value);
                          });
    pool_.waitForDone();  // both jobs done, the second one's delivery posted
    posted.reset();       // after its result was posted
    QCoreApplication::processEvents();
    QTest::qWait(20);
    QCOMPARE(witness->deliveries.load(), 0);
  }

  // Progress posted by a job reaches the owner while the job is the latest, and not after; the
  // job sees that it went stale.
  void postsProgressOfTheLatestJobOnly() {
    Owner owner(&pool_);
    QSemaphore release;
    std::atomic<bool> saw_stale{false};
    owner.tracker.start(
        [&owner, &release, &saw_stale](const JobTracker::Channel& channel) {
          channel.post([&owner] { owner.delivered.push_back(-1); });
          release.acquire();
          saw_stale = channel.isStale();
          channel.post([&owner] { owner.delivered.push_back(-2); });
          return 1;
        },
        [&owner](int value) { owner.delivered.push_back(value); });
    QTRY_COMPARE(owner.delivered, std::vector<int>{-1});
    owner.tracker.cancel();
    release.release();
    pool_.waitForDone();
    QCoreApplication::processEvents();
    QCOMPARE(owner.delivered, std::vector<int>{-1});
    QVERIFY(saw_stale.load());
  }

  // Many jobs in flight on four threads, finishing in any order: exactly one delivery, the last
  // job's, and the tracker is idle after it.
  void manyJobsInFlightDeliverOnlyTheLast() {
    Owner owner(&pool_);
    constexpr int kJobs = 300;
    for (int i = 0; i < kJobs; ++i) {
      owner.tracker.start(
          [i] {
            QThread::usleep(static_cast<unsigned long>((i * 7919) % 200));
            return i;
          },
          [&owner](int value) { owner.delivered.push_back(value); });
    }
    QTRY_COMPARE(owner.delivered.size(), std::size_t(1));
    pool_.waitForDone();
    QCoreApplication::processEvents();
    QCOMPARE(owner.delivered, std::vector<int>{kJobs - 1});
    QVERIFY(!owner.tracker.isRunning());
  }

 private:
  QThreadPool pool_;
};

INFERSCOPE_GUI_TEST_MAIN(TestJobTracker, QCoreApplication)
#include "tst_jobtracker.moc"
