// SampleCoalescer on its own (order, latest-progress-wins, a concurrent producer), then the
// coalescing as EngineBridge applies it: a fake engine streaming samples as fast as it can must
// reach the GUI complete, in order, and in at most ~30 snapshots per second.
#include <QCoreApplication>
#include <QElapsedTimer>
#include <QSignalSpy>
#include <QTest>
#include <atomic>
#include <thread>

#include "gui/lib/engine_bridge.h"
#include "gui/lib/sample_coalescer.h"
#include "tests/gui/gui_test_main.h"

using namespace inferscope;
using namespace inferscope::gui;

class TestCoalescer : public QObject {
  Q_OBJECT

 private slots:
  void emptyTakeReturnsNull() {
    SampleCoalescer coalescer;
    QVERIFY(coalescer.take() == nullptr);
  }

  void keepsOrderAndOnlyLatestProgress() {
    SampleCoalescer coalescer;
    for (int i = 0; i < 5; ++i) coalescer.push(Sample{0, i, 10.0 + i, 11.0 + i, i < 2});
    coalescer.pushProgress(Progress{0, 1, 2, 5, 20});
    coalescer.pushProgress(Progress{0, 1, 5, 5, 50});
    QCOMPARE(coalescer.pendingSamples(), std::size_t(5));
    const auto snapshot = coalescer.take();
    QVERIFY(snapshot);
    QCOMPARE(snapshot->samples.size(), std::size_t(5));
    for (int i = 0; i < 5; ++i) {
      QCOMPARE(snapshot->samples[std::size_t(i)].iteration, i);
      QCOMPARE(snapshot->samples[std::size_t(i)].latency_ms, 10.0 + i);
    }
    QVERIFY(snapshot->samples[1].warmup && !snapshot->samples[2].warmup);
    QVERIFY(snapshot->progress);
    QCOMPARE(snapshot->progress->iteration, 5);
    QVERIFY(coalescer.take() == nullptr);  // drained: nothing twice
    QCOMPARE(coalescer.pendingSamples(), std::size_t(0));
  }

  void progressAloneMakesASnapshot() {
    SampleCoalescer coalescer;
    coalescer.pushProgress(Progress{1, 2, 0, 10, 0});
    const auto snapshot = coalescer.take();
    QVERIFY(snapshot && snapshot->samples.empty() && snapshot->progress);
  }

  // A producer thread and a consumer taking concurrently: nothing lost, nothing reordered.
  void concurrentProducerLosesNothing() {
    SampleCoalescer coalescer;
    constexpr int kSamples = 200000;
    std::atomic<bool> done{false};
    std::thread producer([&] {
      for (int i = 0; i < kSamples; ++i) coalescer.push(Sample{0, i, 1.0, 1.0, false});
      done = true;
    });
    int expected = 0, snapshots = 0;
    while (true) {
      const bool finished = done.load();
      if (const auto s = coalescer.take()) {
        ++snapshots;
        for (const auto& sample : s->samples) {
          if (sample.iteration != expected)
            QFAIL(qPrintable(
                QStringLiteral("got %1, expected %2").arg(sample.iteration).arg(expected)));
          ++expected;
        }
      }
      if (finished && coalescer.pendingSamples() == 0) break;
    }
    producer.join();
    QCOMPARE(expected, kSamples);
    QVERIFY(snapshots >= 1);
  }

  // The bridge drains on a timer: a flood of samples becomes a few snapshots per frame-time,
  // never one signal per sample, and the config's result comes after all of its samples.
  void bridgeCoalescesAFloodAtMost30Hz() {
    constexpr int kSamples = 50000;
    auto fake = [](const ProfileRequest& request, EventSink& sink, const CancelToken&) {
      sink.onConfigStart(0, 1, request.plan.front());
      ConfigResult result;
      QElapsedTimer clock;
      clock.start();
      for (int i = 0; i < kSamples; ++i) {
        sink.onSample(Sample{0, i, 0.01, 0.01, false});
        result.latency_ms.push_back(0.01);
        // Spread the flood over ~0.7 s so several frames pass while it streams.
        if (i % 500 == 499) std::this_thread::sleep_for(std::chrono::milliseconds(7));
      }
      sink.onConfigDone(result);
      SessionResult session;
      session.request = request;
      session.configs.push_back(result);
      return session;
    };
    EngineBridge bridge(fake);
    int samples = 0, snapshots = 0, samples_at_result = -1;
    bool ordered = true;
    connect(&bridge, &EngineBridge::snapshotReady, this,
            [&](const std::shared_ptr<const SampleSnapshot>& s) {
              ++snapshots;
              for (const auto& sample : s->samples)
                ordered = ordered && sample.iteration == samples++;
            });
    connect(&bridge, &EngineBridge::configFinished, this, [&] { samples_at_result = samples; });
    QSignalSpy finished(&bridge, &EngineBridge::sessionFinished);
    QElapsedTimer clock;
    clock.start();
    bridge.start(ProfileRequest{});
    QVERIFY(finished.wait(30000));
    const qint64 elapsed_ms = clock.elapsed();
    QVERIFY(ordered);
    QCOMPARE(samples, kSamples);
    QCOMPARE(samples_at_result, kSamples);  // the result never overtakes its samples
    // ≤ 30 Hz from the timer, plus the one flush that precedes the queued result.
    const qint64 allowed = elapsed_ms * 30 / 1000 + 2;
    QVERIFY2(snapshots <= allowed,
             qPrintable(QStringLiteral("%1 snapshots in %2 ms").arg(snapshots).arg(elapsed_ms)));
    QVERIFY2(snapshots >= 2,
             "samples streamed over several frames should arrive in several snapshots");
  }
};

INFERSCOPE_GUI_TEST_MAIN(TestCoalescer, QCoreApplication)
#include "tst_coalescer.moc"
