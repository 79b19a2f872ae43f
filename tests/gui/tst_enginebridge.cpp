// EngineBridge's contract with a fake engine injected in place of engine::run: events arrive on
// the GUI thread in engine order, a restart drops the old run's leftovers (generation id),
// cancel stops within one iteration, a failing start becomes runFailed, and destroying the
// bridge mid-run cancels and joins the engine thread.
#include <QCoreApplication>
#include <QElapsedTimer>
#include <QSignalSpy>
#include <QTest>
#include <QThread>
#include <atomic>
#include <thread>

#include "core/common/error.h"
#include "gui/lib/engine_bridge.h"
#include "tests/gui/gui_test_main.h"

using namespace inferscope;
using namespace inferscope::gui;

namespace {

// A fake engine: `iterations` iterations of `iteration_ms` each, checking the token between
// them like the real runner. Samples carry the request's batch as config_index, so a test can
// tell which run a sample came from.
EngineBridge::RunFunction fakeEngine(int iterations, int iteration_ms,
                                     std::atomic<int>* gui_thread_calls = nullptr) {
  return [=](const ProfileRequest& request, EventSink& sink, const CancelToken& cancel) {
    if (gui_thread_calls && QThread::currentThread() == QCoreApplication::instance()->thread())
      ++*gui_thread_calls;
    SessionResult session;
    session.request = request;
    ConfigResult result;
    result.index = static_cast<int>(request.batch);
    sink.onConfigStart(result.index, 1, request.plan.front());
    for (int i = 0; i < iterations; ++i) {
      if (cancel.cancelled()) {
        result.status = ConfigStatus::Cancelled;
        session.cancelled = true;
        break;
      }
      std::this_thread::sleep_for(std::chrono::milliseconds(iteration_ms));
      result.latency_ms.push_back(iteration_ms);
      sink.onSample(Sample{result.index, i, double(iteration_ms), double(iteration_ms), false});
      sink.onProgress(Progress{0, 1, i + 1, iterations, double((i + 1) * iteration_ms)});
    }
    sink.onLog(LogLevel::Info, "fake engine done");
    sink.onConfigDone(result);
    session.configs.push_back(result);
    return session;
  };
}

ProfileRequest requestWithBatch(std::int64_t batch) {
  ProfileRequest request;
  request.batch = batch;
  return request;
}

}  // namespace

class TestEngineBridge : public QObject {
  Q_OBJECT

 private slots:
  void runsOffTheGuiThreadAndReportsInOrder() {
    std::atomic<int> gui_thread_calls{0};
    EngineBridge bridge(fakeEngine(6, 5, &gui_thread_calls));
    QStringList order;
    connect(&bridge, &EngineBridge::configStarted, this, [&] { order << QStringLiteral("start"); });
    connect(&bridge, &EngineBridge::snapshotReady, this, [&] {
      if (order.isEmpty() || order.back() != QStringLiteral("samples"))
        order << QStringLiteral("samples");
    });
    connect(&bridge, &EngineBridge::logMessage, this, [&] { order << QStringLiteral("log"); });
    connect(&bridge, &EngineBridge::configFinished, this, [&] { order << QStringLiteral("done"); });
    connect(&bridge, &EngineBridge::sessionFinished, this,
            [&] { order << QStringLiteral("session"); });
    QSignalSpy running(&bridge, &EngineBridge::runningChanged);
    QSignalSpy finished(&bridge, &EngineBridge::sessionFinished);

    bridge.start(requestWithBatch(1));
    QVERIFY(bridge.isRunning());
    QVERIFY(finished.wait(10000));
    QTRY_COMPARE(running.count(), 2);
    QCOMPARE(running.at(0).at(0).toBool(), true);
    QCOMPARE(running.at(1).at(0).toBool(), false);
    QVERIFY(!bridge.isRunning());
    QCOMPARE(gui_thread_calls.load(), 0);
    QCOMPARE(order.join(QLatin1Char(',')), QStringLiteral("start,samples,log,done,session"));
    const auto session = finished.at(0).at(0).value<std::shared_ptr<const SessionResult>>();
    QVERIFY(session);
    QCOMPARE(session->configs.front().latency_ms.size(), std::size_t(6));
  }

  void restartDropsTheOldRunsEvents() {
    EngineBridge bridge(fakeEngine(100000, 5));
    std::vector<std::int64_t> batches_after_restart;
    bool restarted = false;
    connect(&bridge, &EngineBridge::snapshotReady, this,
            [&](const std::shared_ptr<const SampleSnapshot>& s) {
              if (!restarted) return;
              for (const auto& sample : s->samples)
                batches_after_restart.push_back(sample.config_index);
            });
    QSignalSpy finished(&bridge, &EngineBridge::sessionFinished);
    QSignalSpy snapshots(&bridge, &EngineBridge::snapshotReady);

    const quint64 first = bridge.start(requestWithBatch(1));
    QTRY_VERIFY_WITH_TIMEOUT(snapshots.count() > 0, 10000);
    restarted = true;
    const quint64 second = bridge.start(requestWithBatch(2));
    QVERIFY(second > first);
    QCOMPARE(bridge.generation(), second);
    QTRY_VERIFY_WITH_TIMEOUT(batches_after_restart.size() >= 3, 10000);
    bridge.cancel();
    QVERIFY(finished.wait(10000));
    QTest::qWait(100);  // give any stray event of the first run a chance to (wrongly) arrive
    QCOMPARE(finished.count(), 1);
    const auto session = finished.at(0).at(0).value<std::shared_ptr<const SessionResult>>();
    QCOMPARE(session->request.batch, std::int64_t(2));
    for (const auto batch : batches_after_restart) QCOMPARE(batch, std::int64_t(2));
  }

  void cancelStopsWithinOneIteration() {
    constexpr int kIterationMs = 40;
    EngineBridge bridge(fakeEngine(100000, kIterationMs));
    QSignalSpy snapshots(&bridge, &EngineBridge::snapshotReady);
    QSignalSpy finished(&bridge, &EngineBridge::sessionFinished);
    bridge.start(requestWithBatch(0));
    QTRY_VERIFY_WITH_TIMEOUT(snapshots.count() > 0, 10000);
    QElapsedTimer clock;
    clock.start();
    bridge.cancel();
    QVERIFY(finished.wait(5000));
    // One iteration plus event-loop latency; generous for a loaded 2-core machine.
    QVERIFY2(clock.elapsed() < 20 * kIterationMs, qPrintable(QString::number(clock.elapsed())));
    const auto session = finished.at(0).at(0).value<std::shared_ptr<const SessionResult>>();
    QVERIFY(session->cancelled);
    QCOMPARE(session->configs.front().status, ConfigStatus::Cancelled);
    QTRY_VERIFY(!bridge.isRunning());
  }

  void failingStartBecomesRunFailed() {
    EngineBridge bridge([](const ProfileRequest&, EventSink&, const CancelToken&) -> SessionResult {
      throw Error(ErrorKind::ModelLoad,
                  "unknown zoo model 'resnet9' (available: resnet18, resnet50)");
    });
    QSignalSpy failed(&bridge, &EngineBridge::runFailed);
    QSignalSpy running(&bridge, &EngineBridge::runningChanged);
    bridge.start(ProfileRequest{});
    QVERIFY(failed.wait(5000));
    QVERIFY(failed.at(0).at(0).toString().contains(QStringLiteral("resnet9")));
    QTRY_COMPARE(running.count(), 2);
    QVERIFY(!bridge.isRunning());
  }

  void destroyingTheBridgeCancelsAndJoins() {
    std::atomic<bool> saw_cancel{false};
    auto run = [&](const ProfileRequest& request, EventSink& sink, const CancelToken& cancel) {
      while (!cancel.cancelled()) std::this_thread::sleep_for(std::chrono::milliseconds(5));
      saw_cancel = true;
      return fakeEngine(1, 1)(request, sink, cancel);
    };
    QElapsedTimer clock;
    {
      EngineBridge bridge(run);
      bridge.start(ProfileRequest{});
      QTest::qWait(50);
      clock.start();
    }  // ~EngineBridge: cancel + join; the fake's queued events die with the bridge
    QVERIFY(saw_cancel.load());
    QVERIFY(clock.elapsed() < 5000);
  }
};

INFERSCOPE_GUI_TEST_MAIN(TestEngineBridge, QCoreApplication)
#include "tst_enginebridge.moc"
