// "Run it live" in presentation mode, driven as a teacher would: open a lesson, go to its last
// slide, press R. The CLI is a stand-in script (INFERSCOPE_CLI, as the tuner's tests use) that
// refuses to run without `--events ndjson`, prints the real CLI's run events on stdout and writes
// the lesson's recorded session, fails with a message, sleeps until it is stopped, or writes lines
// that are not events (garbage, the console's human text, another protocol version). The check for
// a CUDA device is replaced for these windows (PresentationWindow::setCudaProbeForTests), since CI
// has no GPU. INFERSCOPE_LESSON_SCREENSHOT_DIR=dir writes the finished run's slide at 1920×1080
// there (docs/screenshots/lessons/live-run-en-1920x1080.png).
#include <QApplication>
#include <QElapsedTimer>
#include <QFile>
#include <QPushButton>
#include <QSignalSpy>
#include <QTemporaryDir>
#include <QTest>

#include "core/config/optimization_config.h"
#include "gui/lib/lesson_catalog.h"
#include "gui/widgets/live_run_panel.h"
#include "gui/widgets/main_window.h"
#include "gui/widgets/presentation_window.h"
#include "tests/gui/gui_test_main.h"

using namespace inferscope;
using namespace inferscope::gui;

namespace {

// The session the cold-start lesson reads: what the real command writes, on an H200.
const QString kRecorded = QStringLiteral(
    INFERSCOPE_SOURCE_DIR "/resources/lessons/h200_resnet50_isolated.inferscope.json");

// A stand-in for inferscope-cli: `body` runs after OUT is set to the -o argument.
QString writeStandIn(const QTemporaryDir& dir, const QString& body) {
  const QString path = dir.filePath(QStringLiteral("inferscope-cli"));
  QFile file(path);
  if (!file.open(QIODevice::WriteOnly)) return {};
  file.write(
      "#!/bin/sh\nOUT=\nEVENTS=\nwhile [ $# -gt 0 ]; do [ \"$1\" = -o ] && OUT=\"$2\";\n"
      "  [ \"$1\" = --events ] && EVENTS=\"$2\"; shift; done\n"
      "[ \"$EVENTS\" = ndjson ] || { echo 'error: started without --events ndjson' >&2; exit 2; "
      "}\n");
  file.write(body.toUtf8());
  file.close();
  file.setPermissions(QFile::ReadOwner | QFile::WriteOwner | QFile::ExeOwner);
  return path;
}

// The line `inferscope-cli --events ndjson` writes when config `index` of 4 starts.
QString configStart(int index, const char* key, int protocol = 1) {
  return QStringLiteral(
             "echo '{\"protocol\":%1,\"event\":\"config_start\",\"index\":%2,\"count\":4,"
             "\"key\":\"%3\"}'\n")
      .arg(protocol)
      .arg(index)
      .arg(QString::fromLatin1(key));
}

std::unique_ptr<PresentationWindow> openOnLiveSlide(const QString& lesson_file) {
  auto w = std::make_unique<PresentationWindow>(loadBuiltInLesson(lesson_file), 1080);
  w->resize(1920, 1080);
  w->show();
  QTest::keyClick(w.get(), Qt::Key_End);  // "Run it live" is the last slide
  return w;
}

QPushButton* runButton(PresentationWindow& w) {
  return w.findChild<QPushButton*>(QStringLiteral("runLive"));
}

}  // namespace

class TestLiveRun : public QObject {
  Q_OBJECT

 private slots:
  void init() {
    PresentationWindow::setCudaProbeForTests([] { return true; });
  }
  void cleanup() {
    PresentationWindow::setCudaProbeForTests({});
    qunsetenv("INFERSCOPE_CLI");
  }

  void runsShowsProgressAndOpensTheSession() {
    QTemporaryDir dir;
    qputenv(
        "INFERSCOPE_CLI",
        writeStandIn(dir, configStart(0, "fp32") + QStringLiteral("sleep 1\n") +
                              configStart(1, "fp16+bench") +
                              QStringLiteral("sleep 1\ncp '%1' \"$OUT\"\nexit 0\n").arg(kRecorded))
            .toLocal8Bit());
    MainWindow main;
    main.show();
    QSignalSpy opened(&main, &MainWindow::sessionOpened);
    auto w = openOnLiveSlide(QStringLiteral("cold-start.lesson.json"));
    auto* panel = w->livePanel();
    QVERIFY(panel->isVisible());
    QVERIFY2(runButton(*w)->isEnabled(), qPrintable(panel->blockedReason()));
    QVERIFY(w->captionText().contains(QStringLiteral("Run (R)")));
    QTest::keyClick(w.get(), Qt::Key_R);
    QVERIFY(panel->isRunning());
    QVERIFY(!runButton(*w)->isEnabled());
    QTRY_VERIFY2(panel->statusText().contains(QStringLiteral("config 1 of 4: fp32")),
                 qPrintable(panel->statusText()));
    QVERIFY(panel->statusText().contains(QStringLiteral("elapsed")));
    QTRY_VERIFY2(panel->statusText().contains(QStringLiteral("config 2 of 4: fp16+bench")),
                 qPrintable(panel->statusText()));
    QTRY_VERIFY_WITH_TIMEOUT(!panel->isRunning(), 10000);
    const QString done = panel->statusText();
    QVERIFY2(done.startsWith(QStringLiteral("Finished in")), qPrintable(done));
    // The recorded medians, as the session file says them.
    QVERIFY2(
        done.contains(QStringLiteral("medians: fp32 ")) && done.contains(QStringLiteral(" ms")),
        qPrintable(done));
    QVERIFY2(done.contains(QStringLiteral("bf16+cl+graph+bench")), qPrintable(done));
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

  void aFailureShowsTheCliMessage() {
    QTemporaryDir dir;
    qputenv("INFERSCOPE_CLI",
            writeStandIn(dir, QStringLiteral("echo 'error: cannot load resnet50: the zoo is empty' "
                                             ">&2\nexit 3\n"))
                .toLocal8Bit());
    auto w = openOnLiveSlide(QStringLiteral("cold-start.lesson.json"));
    QTest::keyClick(w.get(), Qt::Key_R);
    QTRY_VERIFY_WITH_TIMEOUT(!w->livePanel()->isRunning(), 10000);
    const QString text = w->livePanel()->statusText();
    QVERIFY2(text.contains(QStringLiteral("exit code 3")), qPrintable(text));
    QVERIFY2(text.contains(QStringLiteral("cannot load resnet50: the zoo is empty")),
             qPrintable(text));
  }

  void escapeStopsTheRun() {
    QTemporaryDir dir;
    qputenv(
        "INFERSCOPE_CLI",
        writeStandIn(
            dir, QStringLiteral("trap 'kill $CHILD; echo cancelled >&2; exit 130' TERM INT\n") +
                     configStart(0, "fp32") + QStringLiteral("sleep 60 & CHILD=$!\nwait $CHILD\n"))
            .toLocal8Bit());
    auto w = openOnLiveSlide(QStringLiteral("cold-start.lesson.json"));
    QSignalSpy closed(w.get(), &PresentationWindow::closed);
    QTest::keyClick(w.get(), Qt::Key_R);
    QTRY_VERIFY(w->livePanel()->statusText().contains(QStringLiteral("config 1 of 4")));
    QElapsedTimer clock;
    clock.start();
    QTest::keyClick(w.get(), Qt::Key_Escape);
    QTRY_VERIFY_WITH_TIMEOUT(!w->livePanel()->isRunning(), 3000);
    QVERIFY(clock.elapsed() < 2500);
    QVERIFY2(w->livePanel()->statusText().startsWith(QStringLiteral("Cancelled after")),
             qPrintable(w->livePanel()->statusText()));
    QCOMPARE(closed.count(), 0);  // the first Esc stops the run, not the presentation
    QVERIFY(w->isVisible());
  }

  void linesThatAreNotEventsAreSkipped() {
    // A model's print() shares the CLI's stdout, and the console's human text is not an event:
    // neither moves the progress, and the run goes on to its result. The stand-in waits for GO
    // after writing them, so the check in between sees them read, not yet to come.
    QTemporaryDir dir;
    const QString printed = dir.filePath(QStringLiteral("printed"));
    const QString go = dir.filePath(QStringLiteral("go"));
    qputenv("INFERSCOPE_CLI",
            writeStandIn(
                dir, QStringLiteral("echo 'tensor([1., 2.])'\n"
                                    "echo '[1/4] fp32 — strict FP32'\n"
                                    "echo '[1/4] fp32 — strict FP32' >&2\n"
                                    "echo '{\"protocol\":1,\"event\":\"config_start\",\"index\":'\n"
                                    "echo '{\"protocol\":1,\"event\":\"gpu_weather\"}'\n"
                                    "touch '%1'\nwhile [ ! -f '%2' ]; do sleep 0.1; done\n")
                             .arg(printed, go) +
                         configStart(1, "fp16+bench") +
                         QStringLiteral("sleep 1\ncp '%1' \"$OUT\"\nexit 0\n").arg(kRecorded))
                .toLocal8Bit());
    auto w = openOnLiveSlide(QStringLiteral("cold-start.lesson.json"));
    auto* panel = w->livePanel();
    QTest::keyClick(w.get(), Qt::Key_R);
    QTRY_VERIFY_WITH_TIMEOUT(QFile::exists(printed), 10000);
    QTest::qWait(300);  // the lines are in the pipe: let the window read them
    QVERIFY2(panel->statusText().startsWith(QStringLiteral("Starting inferscope-cli")),
             qPrintable(panel->statusText()));
    QFile(go).open(QIODevice::WriteOnly);
    QTRY_VERIFY2(panel->statusText().contains(QStringLiteral("config 2 of 4: fp16+bench")),
                 qPrintable(panel->statusText()));
    // The description comes from the key, as the console's line said it.
    QVERIFY2(panel->statusText().contains(
                 QString::fromStdString(OptimizationConfig::parse("fp16+bench").describe())),
             qPrintable(panel->statusText()));
    QTRY_VERIFY_WITH_TIMEOUT(!panel->isRunning(), 10000);
    const QString done = panel->statusText();
    QVERIFY2(done.startsWith(QStringLiteral("Finished in")), qPrintable(done));
    QVERIFY2(!done.contains(QStringLiteral("Progress was not shown")), qPrintable(done));
  }

  void aNewerProtocolIsNamedAndTheRunStillEnds() {
    // A CLI of another InferScope: its events are not read (no progress), the run's end says why,
    // and the session it wrote still opens.
    QTemporaryDir dir;
    qputenv(
        "INFERSCOPE_CLI",
        writeStandIn(dir, configStart(0, "fp32", 2) +
                              QStringLiteral("sleep 1\ncp '%1' \"$OUT\"\nexit 0\n").arg(kRecorded))
            .toLocal8Bit());
    auto w = openOnLiveSlide(QStringLiteral("cold-start.lesson.json"));
    auto* panel = w->livePanel();
    QTest::keyClick(w.get(), Qt::Key_R);
    QTRY_VERIFY_WITH_TIMEOUT(!panel->isRunning(), 10000);
    const QString done = panel->statusText();
    QVERIFY2(done.startsWith(QStringLiteral("Finished in")), qPrintable(done));
    QVERIFY2(done.contains(QStringLiteral("Progress was not shown")), qPrintable(done));
    QVERIFY2(
        done.contains(QStringLiteral("line 1: event protocol 2 is newer than this reader's 1")),
        qPrintable(done));
  }

  void runIsDisabledWithItsReason() {
    // No CUDA device: today's text, and Run says why it is off.
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
};

INFERSCOPE_GUI_TEST_MAIN(TestLiveRun, QApplication)
#include "tst_liverun.moc"
