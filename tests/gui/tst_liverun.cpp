// "Run it live", in this process through the run layer. LiveRun on its own: a CPU command line of
// the lessons' kind (profile, a small ResNet-18, two configs) with its progress, results and
// session; a cancel mid-run; bad command lines refused with the option named and exit 2; a model
// file's trust exactly as inferscope-cli grants it. Then in presentation mode, driven as a teacher
// would — open a lesson, go to its last slide, press R — with the lesson's GPU command swapped for
// the CPU one (CI has no GPU; the check for a CUDA device is replaced for these windows,
// PresentationWindow::setCudaProbeForTests). INFERSCOPE_LESSON_SCREENSHOT_DIR=dir writes the
// finished run's slide at 1920×1080 there (docs/screenshots/lessons/live-run-en-1920x1080.png).
#include <QApplication>
#include <QElapsedTimer>
#include <QFile>
#include <QPushButton>
#include <QSignalSpy>
#include <QTemporaryDir>
#include <QTest>
#include <algorithm>
#include <atomic>
#include <chrono>
#include <mutex>
#include <optional>
#include <thread>

#include "core/common/sha256.h"
#include "core/common/trust_store.h"
#include "core/config/optimization_config.h"
#include "core/session/session_file.h"
#include "gui/lib/config_text.h"
#include "gui/lib/engine_bridge.h"
#include "gui/lib/engine_pool.h"
#include "gui/lib/lesson_catalog.h"
#include "gui/lib/live_run.h"
#include "gui/lib/tune_job.h"
#include "gui/widgets/live_run_panel.h"
#include "gui/widgets/main_window.h"
#include "gui/widgets/presentation_window.h"
#include "tests/gui/gui_test_main.h"

using namespace inferscope;
using namespace inferscope::gui;

namespace {

// A lesson-like command line that a CPU runs in a second or two: ResNet-18 on 32×32 images.
std::vector<std::string> cpuCommand(const std::string& iterations = "3") {
  return {"profile",  "-m",  "resnet18", "--input", "1x3x32x32:float32",
          "-d",       "cpu", "--warmup", "1",       "-n",
          iterations, "-c",  "fp32",     "-c",      "nograd+fp32"};
}

QStringList toQt(const std::vector<std::string>& args) {
  QStringList list;
  for (const auto& a : args) list << QString::fromStdString(a);
  return list;
}

// Runs `args` to its end; the finished result.
LiveRun::Result runToEnd(LiveRun& run, const std::vector<std::string>& args,
                         const QString& session_path, const QDir& dir = QDir::current()) {
  LiveRun::Result result;
  bool done = false;
  const auto connection =
      QObject::connect(&run, &LiveRun::finished, &run, [&](const LiveRun::Result& r) {
        result = r;
        done = true;
      });
  if (run.start(toQt(args), session_path, dir) && !QTest::qWaitFor([&] { return done; }, 60000))
    qWarning("the live run did not finish within 60 s");
  QObject::disconnect(connection);
  return result;
}

std::unique_ptr<PresentationWindow> openOnLiveSlide(const QString& lesson_file,
                                                    std::vector<std::string> cli_args = {}) {
  auto lesson = loadBuiltInLesson(lesson_file);
  if (!cli_args.empty()) {
    lesson.lesson.live.cli_args = std::move(cli_args);
    lesson.lesson.live.needs_gpu = false;
  }
  auto w = std::make_unique<PresentationWindow>(std::move(lesson), 1080);
  w->resize(1920, 1080);
  w->show();
  QTest::keyClick(w.get(), Qt::Key_End);  // "Run it live" is the last slide
  return w;
}

QPushButton* runButton(PresentationWindow& w) {
  return w.findChild<QPushButton*>(QStringLiteral("runLive"));
}

// When each fake engine job held the engine thread, by the steady clock.
struct EngineSpans {
  struct Span {
    QString job;
    std::chrono::steady_clock::time_point start, end;
  };
  std::mutex mutex;
  std::vector<Span> spans;

  // Runs for `ms` milliseconds, or until `release` is set when one is given, recording the span.
  void hold(const QString& job, int ms, const std::atomic<bool>* release = nullptr) {
    Span span{job, std::chrono::steady_clock::now(), {}};
    if (release) {
      while (!release->load()) std::this_thread::sleep_for(std::chrono::milliseconds(5));
    } else {
      std::this_thread::sleep_for(std::chrono::milliseconds(ms));
    }
    span.end = std::chrono::steady_clock::now();
    std::lock_guard<std::mutex> lock(mutex);
    spans.push_back(span);
  }
};

TuneJob::RunFunction fakeTune(EngineSpans& spans, int ms,
                              const std::atomic<bool>* release = nullptr) {
  return [&spans, ms, release](const TuneJobRequest&, const CancelToken&,
                               const std::function<void(tuner::TuneEvent)>&) {
    spans.hold(QStringLiteral("tune"), ms, release);
    return TuneOutcome{};
  };
}

}  // namespace

class TestLiveRun : public QObject {
  Q_OBJECT

 private slots:
  void init() {
    PresentationWindow::setCudaProbeForTests([] { return true; });
    // The trust store of these tests, never the user's.
    QVERIFY(config_home_.isValid());
    qputenv("XDG_CONFIG_HOME", config_home_.path().toLocal8Bit());
  }
  void cleanup() {
    PresentationWindow::setCudaProbeForTests({});
    QVERIFY(LiveRun::waitForIdle(30000));  // nothing of a test outlives it
  }

  void runsACommandLineInProcess() {
    QTemporaryDir dir;
    const QString session = dir.filePath(QStringLiteral("live.inferscope.json"));
    LiveRun run;
    QStringList started;
    std::vector<std::shared_ptr<const ConfigResult>> results;
    int progress_updates = 0;
    connect(
        &run, &LiveRun::configStarted, this,
        [&](int index, int count, const QString& key, const QString& description) {
          started
              << QStringLiteral("%1/%2 %3 — %4").arg(index + 1).arg(count).arg(key, description);
        });
    connect(&run, &LiveRun::progressed, this, [&](const Progress& p) {
      QVERIFY(p.iteration <= p.planned_iterations);
      ++progress_updates;
    });
    connect(&run, &LiveRun::configFinished, this,
            [&](std::shared_ptr<const ConfigResult> r) { results.push_back(std::move(r)); });
    const LiveRun::Result result = runToEnd(run, cpuCommand(), session);
    QVERIFY(!run.isRunning());
    QCOMPARE(result.outcome, LiveRun::Outcome::Succeeded);
    QCOMPARE(result.exit_code, 0);
    // Progress in order, each config named and described in the UI's language.
    QCOMPARE(started.size(), 2);
    QVERIFY2(started[0].startsWith(QStringLiteral("1/2 fp32 — ")), qPrintable(started[0]));
    QVERIFY2(started[1].startsWith(QStringLiteral("2/2 nograd+fp32 — ")), qPrintable(started[1]));
    QVERIFY(started[1].endsWith(configDescription(OptimizationConfig::parse("nograd+fp32"))));
    QVERIFY(progress_updates >= 0);  // thinned to ten a second: a fast run may have none
    // Each config's result as a value, before the end, with the iterations asked for.
    QCOMPARE(results.size(), std::size_t{2});
    QCOMPARE(results[0]->config.key(), std::string("fp32"));
    QCOMPARE(results[0]->status, ConfigStatus::Ok);
    QCOMPARE(static_cast<int>(results[0]->latency_ms.size()), 1 + 3);
    // The session is where start() said, and the headline is read back from it.
    QCOMPARE(result.session_path, session);
    const SessionResult saved = loadSession(session.toStdString());
    QCOMPARE(saved.configs.size(), std::size_t{2});
    QCOMPARE(saved.request.model.name, std::string("resnet18"));
    QCOMPARE(saved.request.run.measure_iterations, 3);
    QCOMPARE(result.configs.size(), std::size_t{2});
    QCOMPARE(result.configs[1].key, QStringLiteral("nograd+fp32"));
    QVERIFY(result.configs[0].ok);
    QCOMPARE(result.configs[0].median_ms, saved.configs[0].stats.median_ms);
    QVERIFY(result.configs[0].median_ms > 0);
  }

  void aConfigThatCannotRunIsARowNotAFailure() {
    // Zoo models are not TorchScript: fp32+ts is recorded unsupported, as the CLI's exit 1.
    QTemporaryDir dir;
    const QString session = dir.filePath(QStringLiteral("ts.inferscope.json"));
    LiveRun run;
    auto args = cpuCommand();
    args.back() = "fp32+ts";
    const LiveRun::Result result = runToEnd(run, args, session);
    QCOMPARE(result.outcome, LiveRun::Outcome::Succeeded);
    QCOMPARE(result.exit_code, 1);
    QCOMPARE(result.configs.size(), std::size_t{2});
    QVERIFY(result.configs[0].ok);
    QVERIFY(!result.configs[1].ok);
    QCOMPARE(result.configs[1].status, QStringLiteral("unsupported"));
  }

  void cancelStopsMidRun() {
    QTemporaryDir dir;
    const QString session = dir.filePath(QStringLiteral("cancelled.inferscope.json"));
    LiveRun run;
    QSignalSpy started(&run, &LiveRun::configStarted);
    LiveRun::Result result;
    bool done = false;
    connect(&run, &LiveRun::finished, this, [&](const LiveRun::Result& r) {
      result = r;
      done = true;
    });
    QVERIFY(run.start(toQt(cpuCommand("1000000")), session));
    QVERIFY(!run.start(toQt(cpuCommand()), session));  // one run at a time
    QVERIFY(started.wait(30000));
    QTest::qWait(300);  // in the middle of the first config's iterations
    QElapsedTimer clock;
    clock.start();
    run.cancel();
    QVERIFY(QTest::qWaitFor([&] { return done; }, 10000));
    QVERIFY2(clock.elapsed() < 5000, "cancel stops within one iteration");
    QCOMPARE(started.count(), 1);  // the second config never started
    QCOMPARE(result.outcome, LiveRun::Outcome::Cancelled);
    QCOMPARE(result.exit_code, 130);
    QVERIFY(result.session_path.isEmpty());
  }

  void badCommandLinesAreRefusedNamingTheOption() {
    QTemporaryDir dir;
    const QString session = dir.filePath(QStringLiteral("never.inferscope.json"));
    struct Case {
      std::vector<std::string> args;
      QString named;
    };
    const std::vector<Case> cases = {
        {{"profile", "-m", "resnet18", "-n", "zero"}, QStringLiteral("--iters")},
        {{"profile", "-m", "resnet18", "--warmpu", "1"}, QStringLiteral("--warmpu")},
        {{"profile", "-m", "resnet99", "-d", "cpu"}, QStringLiteral("--model: unknown model")},
        {{"profile", "-m", "resnet18", "-d", "tpu"}, QStringLiteral("--device tpu")},
        {{"trace", "-m", "resnet18", "--window-steady", "-1"}, QStringLiteral("--window-steady")},
        {{"cudnn", "-m", "resnet18", "-c", "bf16+graph"}, QStringLiteral("drop +graph/+aoti")},
        {{"sweep", "-m", "resnet18"}, QStringLiteral("'sweep'")},
    };
    for (const auto& c : cases) {
      LiveRun run;
      const LiveRun::Result result = runToEnd(run, c.args, session);
      QCOMPARE(result.outcome, LiveRun::Outcome::Failed);
      QCOMPARE(result.exit_code, 2);
      QVERIFY2(result.error.contains(c.named), qPrintable(result.error));
    }
    QVERIFY(!QFile::exists(session));
  }

  void aModelFileRunsOnlyOnceTrustedAsTheCliDoes() {
    // The lesson's --trust names a file in the folder the command runs in; without it the file is
    // refused before it loads, exactly as `inferscope-cli profile --model-file` refuses it.
    QTemporaryDir dir;
    const QString model = dir.filePath(QStringLiteral("model.pt"));
    {
      QFile file(model);
      QVERIFY(file.open(QIODevice::WriteOnly));
      file.write("not a TorchScript archive");
    }
    const std::string hash = sha256OfFile(model.toStdString());
    const std::vector<std::string> untrusted = {
        "profile", "--model-file", "model.pt", "--input", "1x4:float32", "-d", "cpu", "-n", "2"};
    LiveRun run;
    const QString session = dir.filePath(QStringLiteral("m.inferscope.json"));
    LiveRun::Result result = runToEnd(run, untrusted, session, QDir(dir.path()));
    QCOMPARE(result.exit_code, 2);
    QVERIFY2(result.error.contains(QStringLiteral("is not trusted")), qPrintable(result.error));
    QVERIFY(!TrustStore().isTrusted(hash));

    // --trust trusts the file and remembers it, then the model loads (and, being no model, fails
    // to load: exit 3 with the loader's reason).
    auto trusted = untrusted;
    trusted.insert(trusted.begin() + 3, {"--trust", "model.pt"});
    result = runToEnd(run, trusted, session, QDir(dir.path()));
    QCOMPARE(result.outcome, LiveRun::Outcome::Failed);
    QCOMPARE(result.exit_code, 3);
    QVERIFY(TrustStore().isTrusted(hash));
    QVERIFY2(result.error.contains(QStringLiteral("model.pt")), qPrintable(result.error));
  }

  void runShowsProgressAndOpensTheSession() {
    MainWindow main;
    main.show();
    QSignalSpy opened(&main, &MainWindow::sessionOpened);
    auto w = openOnLiveSlide(QStringLiteral("cold-start.lesson.json"), cpuCommand("30"));
    auto* panel = w->livePanel();
    QVERIFY(panel->isVisible());
    QVERIFY2(runButton(*w)->isEnabled(), qPrintable(panel->blockedReason()));
    QVERIFY(w->captionText().contains(QStringLiteral("Run (R)")));
    QTest::keyClick(w.get(), Qt::Key_R);
    QVERIFY(panel->isRunning());
    QVERIFY(!runButton(*w)->isEnabled());
    QTRY_VERIFY_WITH_TIMEOUT(panel->statusText().contains(QStringLiteral("config 1 of 2: fp32")),
                             30000);
    QVERIFY(panel->statusText().contains(QStringLiteral("elapsed")));
    QTRY_VERIFY_WITH_TIMEOUT(!panel->isRunning(), 60000);
    const QString done = panel->statusText();
    QVERIFY2(done.startsWith(QStringLiteral("Finished in")), qPrintable(done));
    QVERIFY2(done.contains(QStringLiteral("medians: fp32 ")) &&
                 done.contains(QStringLiteral(" · nograd+fp32 ")) &&
                 done.contains(QStringLiteral(" ms")),
             qPrintable(done));
    QVERIFY(done.contains(QStringLiteral("open in the main window")));
    QTRY_COMPARE_WITH_TIMEOUT(opened.count(), 1, 10000);
    QVERIFY(
        opened.front().front().toString().endsWith(QStringLiteral("cold-start.inferscope.json")));
    QVERIFY(runButton(*w)->isEnabled());  // again

    if (const QString shots = qEnvironmentVariable("INFERSCOPE_LESSON_SCREENSHOT_DIR");
        !shots.isEmpty()) {
      w->renderNow();
      QVERIFY(w->grab().save(QDir(shots).filePath(QStringLiteral("live-run-en-1920x1080.png"))));
    }
  }

  void aFailureShowsItsReason() {
    auto w = openOnLiveSlide(QStringLiteral("cold-start.lesson.json"),
                             {"profile", "-m", "resnet18", "-d", "cpu", "-n", "0"});
    QTest::keyClick(w.get(), Qt::Key_R);
    QTRY_VERIFY_WITH_TIMEOUT(!w->livePanel()->isRunning(), 10000);
    const QString text = w->livePanel()->statusText();
    QVERIFY2(text.contains(QStringLiteral("exit code 2")), qPrintable(text));
    QVERIFY2(text.contains(QStringLiteral("--iters")), qPrintable(text));
  }

  void escapeStopsTheRun() {
    auto w = openOnLiveSlide(QStringLiteral("cold-start.lesson.json"), cpuCommand("1000000"));
    QSignalSpy closed(w.get(), &PresentationWindow::closed);
    QTest::keyClick(w.get(), Qt::Key_R);
    QTRY_VERIFY_WITH_TIMEOUT(w->livePanel()->statusText().contains(QStringLiteral("config 1 of 2")),
                             30000);
    QTRY_VERIFY_WITH_TIMEOUT(w->livePanel()->statusText().contains(QStringLiteral("iteration ")),
                             10000);
    QElapsedTimer clock;
    clock.start();
    QTest::keyClick(w.get(), Qt::Key_Escape);
    QVERIFY2(w->livePanel()->statusText().startsWith(QStringLiteral("Stopping the run")),
             qPrintable(w->livePanel()->statusText()));
    QTRY_VERIFY_WITH_TIMEOUT(!w->livePanel()->isRunning(), 5000);
    QVERIFY(clock.elapsed() < 5000);
    QVERIFY2(w->livePanel()->statusText().startsWith(QStringLiteral("Cancelled after")),
             qPrintable(w->livePanel()->statusText()));
    QCOMPARE(closed.count(), 0);  // the first Esc stops the run, not the presentation
    QVERIFY(w->isVisible());
  }

  void runIsDisabledWithItsReason() {
    // No CUDA device: the lesson's own GPU command, and Run says why it is off.
    PresentationWindow::setCudaProbeForTests([] { return false; });
    auto w = openOnLiveSlide(QStringLiteral("cold-start.lesson.json"));
    QVERIFY(!runButton(*w)->isEnabled());
    QVERIFY(w->captionText().contains(QStringLiteral("no CUDA GPU")));
    QVERIFY2(w->livePanel()->statusText().contains(QStringLiteral("no CUDA GPU")),
             qPrintable(w->livePanel()->statusText()));
    QTest::keyClick(w.get(), Qt::Key_R);
    QVERIFY(!w->livePanel()->isRunning());

    // A model file the command names is not here: Run says which and who writes it.
    PresentationWindow::setCudaProbeForTests([] { return true; });
    auto overflow = openOnLiveSlide(QStringLiteral("fp16-overflow.lesson.json"));
    QVERIFY(!QFile::exists(QStringLiteral("overflow.pt")));
    QVERIFY(!runButton(*overflow)->isEnabled());
    const QString why = overflow->livePanel()->statusText();
    QVERIFY2(why.contains(QStringLiteral("needs overflow.pt")), qPrintable(why));
    QVERIFY2(why.contains(QStringLiteral("export_lesson_models.py")), qPrintable(why));
  }

  void engineJobsTakeTurnsOnOneThread() {
    // The wizard's tune, a lesson's live run and the main window's run, started together: torch's
    // process-global settings survive only one engine job at a time, so each waits for the one
    // before it, and says so.
    EngineSpans spans;
    TuneJob tune(fakeTune(spans, 300));
    LiveRun live([&spans](const std::vector<std::string>&, const std::string&, const std::string&,
                          EventSink&, const CancelToken&) {
      spans.hold(QStringLiteral("live"), 300);
      LiveRun::Result r;
      r.outcome = LiveRun::Outcome::Succeeded;
      r.exit_code = 0;
      return r;
    });
    EngineBridge bridge(
        [&spans](const ProfileRequest& request, EventSink&, const CancelToken&) -> SessionResult {
          spans.hold(QStringLiteral("bridge"), 300);
          SessionResult session;
          session.request = request;
          return session;
        });
    QSignalSpy tune_started(&tune, &TuneJob::started);
    int tune_done = 0, live_done = 0;
    connect(&tune, &TuneJob::finished, this, [&] { ++tune_done; });
    connect(&live, &LiveRun::finished, this, [&] { ++live_done; });
    QSignalSpy bridge_waits(&bridge, &EngineBridge::waitingForEngine);
    QSignalSpy bridge_done(&bridge, &EngineBridge::sessionFinished);

    QVERIFY(tune.start(TuneJobRequest{}));
    QVERIFY(tune_started.wait(5000));
    QVERIFY(tune.hasStarted());
    QCOMPARE(runningEngineJob(), std::optional<EngineJob>(EngineJob::Validation));
    QVERIFY(live.start(toQt(cpuCommand()), QStringLiteral("unused.inferscope.json")));
    bridge.start(ProfileRequest{});
    // Both wait behind the tune, and the main window's run says for what.
    QCOMPARE(bridge_waits.count(), 1);
    QCOMPARE(bridge_waits.at(0).at(0).toString(), engineWaitText(EngineJob::Validation));
    QTest::qWait(100);
    QVERIFY(!live.hasStarted());

    QVERIFY(QTest::qWaitFor(
        [&] { return tune_done == 1 && live_done == 1 && bridge_done.count() == 1; }, 10000));
    QVERIFY(live.hasStarted());
    std::lock_guard<std::mutex> lock(spans.mutex);
    QCOMPARE(spans.spans.size(), std::size_t{3});
    std::sort(spans.spans.begin(), spans.spans.end(),
              [](const auto& a, const auto& b) { return a.start < b.start; });
    QCOMPARE(spans.spans.front().job, QStringLiteral("tune"));
    for (std::size_t i = 1; i < spans.spans.size(); ++i) {
      QVERIFY2(spans.spans[i - 1].end <= spans.spans[i].start,
               qPrintable(QStringLiteral("%1 ran while %2 still held the engine")
                              .arg(spans.spans[i].job, spans.spans[i - 1].job)));
    }
  }

  void aQueuedLiveRunSaysWhatItWaitsFor() {
    // A tune holds the engine when R is pressed: the slide says the run waits for the wizard's
    // validation, then runs it once the tune is done.
    EngineSpans spans;
    std::atomic<bool> release{false};
    TuneJob tune(fakeTune(spans, 0, &release));
    QSignalSpy tune_started(&tune, &TuneJob::started);
    QVERIFY(tune.start(TuneJobRequest{}));
    QVERIFY(tune_started.wait(5000));
    auto w = openOnLiveSlide(QStringLiteral("cold-start.lesson.json"), cpuCommand());
    std::optional<LiveRun::Result> result;
    connect(w->livePanel(), &LiveRunPanel::runFinished, this,
            [&](const LiveRun::Result& r) { result = r; });
    QTest::keyClick(w.get(), Qt::Key_R);
    QVERIFY(w->livePanel()->isRunning());
    QTest::qWait(600);  // a few of the panel's ticks
    const QString waiting = w->livePanel()->statusText();
    QVERIFY2(waiting.contains(engineWaitText(EngineJob::Validation)), qPrintable(waiting));
    release = true;
    QVERIFY(QTest::qWaitFor([&] { return result.has_value(); }, 60000));
    QCOMPARE(result->outcome, LiveRun::Outcome::Succeeded);
    QVERIFY2(!w->livePanel()->statusText().contains(QStringLiteral("Waiting")),
             qPrintable(w->livePanel()->statusText()));
  }

 private:
  QTemporaryDir config_home_;
};

INFERSCOPE_GUI_TEST_MAIN(TestLiveRun, QApplication)
#include "tst_liverun.moc"
