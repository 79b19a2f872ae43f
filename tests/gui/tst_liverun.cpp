// "Run it live" in presentation mode (issue #18), driven as a teacher would: open a lesson, go to
// its last slide, press R. The CLI is a stand-in script (INFERSCOPE_CLI, as the tuner's tests use)
// that prints the real CLI's per-config lines and writes the lesson's recorded session, fails with
// a message, or sleeps until it is stopped. The check for a CUDA device is replaced for these
// windows (PresentationWindow::setCudaProbeForTests), since CI has no GPU.
// INFERSCOPE_LESSON_SCREENSHOT_DIR=dir writes the finished run's slide at 1920×1080 there
// (docs/screenshots/lessons/live-run-en-1920x1080.png).
#include <QApplication>
#include <QElapsedTimer>
#include <QFile>
#include <QPushButton>
#include <QSignalSpy>
#include <QTemporaryDir>
#include <QTest>

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
      "#!/bin/sh\nOUT=\nwhile [ $# -gt 0 ]; do [ \"$1\" = -o ] && OUT=\"$2\"; shift; done\n");
  file.write(body.toUtf8());
  file.close();
  file.setPermissions(QFile::ReadOwner | QFile::WriteOwner | QFile::ExeOwner);
  return path;
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
    qputenv("INFERSCOPE_CLI",
            writeStandIn(dir, QStringLiteral("echo '[1/4] fp32 — strict FP32' >&2\nsleep 1\n"
                                             "echo '  median 34.1 ms · cold start 900.0 ms' >&2\n"
                                             "echo '[2/4] fp16+bench — FP16 weights' >&2\nsleep 1\n"
                                             "cp '%1' \"$OUT\"\necho table\nexit 0\n")
                                  .arg(kRecorded))
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
    qputenv("INFERSCOPE_CLI",
            writeStandIn(
                dir, QStringLiteral("trap 'kill $CHILD; echo cancelled >&2; exit 130' TERM INT\n"
                                    "echo '[1/4] fp32 — strict FP32' >&2\n"
                                    "sleep 60 & CHILD=$!\nwait $CHILD\n"))
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
