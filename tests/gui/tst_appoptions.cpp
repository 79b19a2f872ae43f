// The desktop application's command line (gui/app/app_options.h): every value it refuses is named
// with exit status 2 before any window exists, the values it takes arrive in AppOptions, and every
// --tab name finds its page on the real window.
#include <QApplication>
#include <QFile>
#include <QProcess>
#include <QProcessEnvironment>
#include <QTabWidget>
#include <QTemporaryDir>
#include <QTest>

#include "gui/app/app_options.h"
#include "gui/app/window_mode.h"
#include "gui/widgets/main_window.h"
#include "gui_test_main.h"

using inferscope::gui::AppOptions;
using inferscope::gui::MainWindow;
using inferscope::gui::parseAppOptions;
using inferscope::gui::ParsedAppOptions;

namespace {

ParsedAppOptions parse(QStringList arguments) {
  arguments.prepend(QStringLiteral("inferscope"));
  return parseAppOptions(arguments);
}

void writeFile(const QString& path, const QByteArray& bytes) {
  QFile file(path);
  QVERIFY(file.open(QIODevice::WriteOnly));
  file.write(bytes);
}

}  // namespace

class TestAppOptions : public QObject {
  Q_OBJECT

 private slots:
  // The built `inferscope` with no display and no platform chosen, as on a server or in a
  // container: --help and --version answer (Qt aborted creating the window system's application),
  // a refused value is refused, and a plain start says what to do instead of aborting.
  void answersWithoutADisplay() {
    QProcessEnvironment environment = QProcessEnvironment::systemEnvironment();
    for (const char* name : {"QT_QPA_PLATFORM", "DISPLAY", "WAYLAND_DISPLAY"})
      environment.remove(QString::fromLatin1(name));
    struct Case {
      QStringList arguments;
      int exit_code;
      QString out, err;
    };
    const Case cases[] = {
        {{QStringLiteral("--help")}, 0, QStringLiteral("--screenshot"), QString()},
        {{QStringLiteral("--version")}, 0, QStringLiteral("InferScope"), QString()},
        {{QStringLiteral("--batch"), QStringLiteral("0")},
         2,
         QString(),
         QStringLiteral("--batch 0: give a whole number from 1")},
        {{}, 4, QString(), QStringLiteral("no display")},
    };
    for (const Case& c : cases) {
      QProcess process;
      process.setProcessEnvironment(environment);
      process.start(QStringLiteral(INFERSCOPE_APP), c.arguments);
      QVERIFY(process.waitForFinished(60000));
      const QString out = QString::fromLocal8Bit(process.readAllStandardOutput());
      const QString err = QString::fromLocal8Bit(process.readAllStandardError());
      const QString what = c.arguments.join(QLatin1Char(' ')) + QStringLiteral(": ") + err;
      QVERIFY2(process.exitStatus() == QProcess::NormalExit, qPrintable(what));
      QVERIFY2(process.exitCode() == c.exit_code, qPrintable(what));
      QVERIFY2(out.contains(c.out), qPrintable(what));
      QVERIFY2(err.contains(c.err), qPrintable(what));
    }
  }

  void refusesEveryBadValue_data() {
    QTest::addColumn<QStringList>("arguments");
    QTest::addColumn<QString>("message");
    const QString png = QDir::temp().filePath(QStringLiteral("inferscope-appoptions-never.png"));
    const auto row = [&](const char* name, QStringList arguments, const QString& message) {
      QTest::newRow(name) << arguments << message;
    };
    row("unknown option", {QStringLiteral("--nosuch")}, QStringLiteral("Unknown option 'nosuch'."));
    row("--lang xx", {QStringLiteral("--lang"), QStringLiteral("xx")},
        QStringLiteral("--lang xx: unknown language; use en, ja or system"));
    row("--tab nosuch", {QStringLiteral("--tab"), QStringLiteral("nosuch")},
        QStringLiteral("--tab nosuch: unknown chart tab; use one of answer, latency, memory, "
                       "speed, roofline, kernels, cudnn, devices, race, shapes"));
    row("--wizard nosuch",
        {QStringLiteral("--wizard"), QStringLiteral("nosuch"), QStringLiteral("--screenshot"), png},
        QStringLiteral("--wizard nosuch: unknown GPU generation; use one of "));
    row("--wizard without --screenshot", {QStringLiteral("--wizard"), QStringLiteral("turing")},
        QStringLiteral("--wizard needs --screenshot"));
    row("--step without --lesson", {QStringLiteral("--step"), QStringLiteral("2")},
        QStringLiteral("--step needs --lesson"));
    for (const char* step : {"0", "-3", "two"}) {
      QTest::newRow(qPrintable(QStringLiteral("--step %1").arg(QLatin1String(step))))
          << QStringList{QStringLiteral("--lesson"), QStringLiteral("cold-start"),
                         QStringLiteral("--step"), QLatin1String(step)}
          << QStringLiteral("--step %1: give a slide number from 1").arg(QLatin1String(step));
    }
    for (const char* ms : {"-1", "600001", "1000000000000", "soon"}) {
      QTest::newRow(qPrintable(QStringLiteral("--grab-after %1").arg(QLatin1String(ms))))
          << QStringList{QStringLiteral("--run"), QStringLiteral("--grab-after"), QLatin1String(ms),
                         QStringLiteral("--screenshot"), png}
          << QStringLiteral("--grab-after %1: give milliseconds from 0 to 600000")
                 .arg(QLatin1String(ms));
    }
    row("--grab-after without --run",
        {QStringLiteral("--grab-after"), QStringLiteral("10"), QStringLiteral("--screenshot"), png},
        QStringLiteral("--grab-after needs --run and --screenshot"));
    row("--grab-after without --screenshot",
        {QStringLiteral("--run"), QStringLiteral("--grab-after"), QStringLiteral("10")},
        QStringLiteral("--grab-after needs --run and --screenshot"));
    for (const char* size : {"100000x100000", "0x0", "15x800", "1280x8193", "abc", "1280"}) {
      QTest::newRow(qPrintable(QStringLiteral("--size %1").arg(QLatin1String(size))))
          << QStringList{QStringLiteral("--size"), QLatin1String(size)}
          << QStringLiteral(
                 "--size %1: give WIDTHxHEIGHT in pixels, each from 16 to 8192, e.g. 1280x800")
                 .arg(QLatin1String(size));
    }
    row("--batch abc", {QStringLiteral("--batch"), QStringLiteral("abc")},
        QStringLiteral("--batch abc: give a whole number from 1"));
    row("--batch 0", {QStringLiteral("--batch"), QStringLiteral("0")},
        QStringLiteral("--batch 0: give a whole number from 1"));
    row("--warmup -1", {QStringLiteral("--warmup"), QStringLiteral("-1")},
        QStringLiteral("--warmup -1: give a whole number from 0"));
    row("--iterations 0", {QStringLiteral("--iterations"), QStringLiteral("0")},
        QStringLiteral("--iterations 0: give a whole number from 1"));
    // Near INT_MAX, warm-up plus measured iterations overflowed into one iteration.
    row("--iterations 2147483647", {QStringLiteral("--iterations"), QStringLiteral("2147483647")},
        QStringLiteral("--iterations 2147483647: give a whole number from 1 to 10000000"));
    row("--warmup 10000001", {QStringLiteral("--warmup"), QStringLiteral("10000001")},
        QStringLiteral("--warmup 10000001: give a whole number from 0 to 10000000"));
    // Options that would be ignored are refused.
    row("--handout without --lesson", {QStringLiteral("--handout"), QStringLiteral("h.pdf")},
        QStringLiteral("--handout needs --lesson"));
    row("--present without --lesson", {QStringLiteral("--present")},
        QStringLiteral("--present needs --lesson"));
    row("--model nosuchmodel", {QStringLiteral("--model"), QStringLiteral("nosuchmodel")},
        QStringLiteral("--model nosuchmodel: not a zoo model; use one of "));
    row("--configs with an unknown key",
        {QStringLiteral("--configs"), QStringLiteral("fp32,bogus")},
        QStringLiteral("unknown token 'bogus'"));
    row("--configs ,", {QStringLiteral("--configs"), QStringLiteral(",")},
        QStringLiteral("--configs: name at least one config key, e.g. fp32,bf16"));
  }
  void refusesEveryBadValue() {
    QFETCH(QStringList, arguments);
    QFETCH(QString, message);
    const ParsedAppOptions parsed = parse(arguments);
    QVERIFY(!parsed.options);
    QCOMPARE(parsed.exit_code, 2);
    QVERIFY2(parsed.message.contains(message), qPrintable(parsed.message));
  }

  // The files of a run: a picture never replaces the session it shows nor a file that is not a
  // picture; a hand-out replaces only a PDF. Nothing is written by the check.
  void refusesOutputsThatWouldDestroyAFile() {
    QTemporaryDir dir;
    QVERIFY(dir.isValid());
    const QString notes = dir.filePath(QStringLiteral("notes.txt"));
    const QString fake_png = dir.filePath(QStringLiteral("notes.png"));
    const QString session = dir.filePath(QStringLiteral("good.inferscope.json"));
    writeFile(notes, "my notes");
    writeFile(fake_png, "my notes");
    QVERIFY(QFile::copy(fixture("h200_bert_b32"), session));
    const struct {
      QStringList arguments;
      QString message;
    } cases[] = {
        {{QStringLiteral("--screenshot"), notes}, QStringLiteral("not an image file name")},
        {{QStringLiteral("--screenshot"), fake_png}, QStringLiteral("not an image")},
        {{QStringLiteral("--screenshot"), session, QStringLiteral("--open"), session},
         QStringLiteral("is this run's --open")},
        {{QStringLiteral("--lesson"), QStringLiteral("cold-start"), QStringLiteral("--screenshot"),
          notes},
         QStringLiteral("--screenshot")},
        {{QStringLiteral("--lesson"), QStringLiteral("cold-start"), QStringLiteral("--handout"),
          notes},
         QStringLiteral("--handout")},
    };
    for (const auto& c : cases) {
      const ParsedAppOptions parsed = parse(c.arguments);
      QVERIFY2(!parsed.options, qPrintable(c.arguments.join(QLatin1Char(' '))));
      QCOMPARE(parsed.exit_code, 2);
      QVERIFY2(parsed.message.contains(c.message), qPrintable(parsed.message));
    }
    QFile file(notes);
    QVERIFY(file.open(QIODevice::ReadOnly));
    QCOMPARE(file.readAll(), QByteArray("my notes"));
  }

  void takesGoodValues() {
    QTemporaryDir dir;
    const QString out = dir.filePath(QStringLiteral("shot.png"));
    const ParsedAppOptions parsed = parse(
        {fixture("h200_bert_b32"), QStringLiteral("--screenshot"), out, QStringLiteral("--run"),
         QStringLiteral("--grab-after"), QStringLiteral("0"), QStringLiteral("--size"),
         QStringLiteral(" 16x8192 "), QStringLiteral("--tab"), QStringLiteral("Memory"),
         QStringLiteral("--lang"), QStringLiteral("JA"), QStringLiteral("--configs"),
         QStringLiteral("fp32,,bf16"), QStringLiteral("--warmup"), QStringLiteral("0"),
         QStringLiteral("--model"), QStringLiteral("resnet18"), QStringLiteral("--dark")});
    QVERIFY2(parsed.options, qPrintable(parsed.message));
    const AppOptions& o = *parsed.options;
    QCOMPARE(o.session, fixture("h200_bert_b32"));
    QCOMPARE(*o.screenshot, out);
    QVERIFY(o.run && o.dark && !o.log_scale && o.offscreen() && !o.handoutMode());
    QCOMPARE(*o.grab_after_ms, 0);
    QCOMPARE(o.size, QSize(16, 8192));
    QCOMPARE(*o.tab, QStringLiteral("memory"));
    QCOMPARE(*o.lang, QStringLiteral("ja"));
    QCOMPARE(*o.configs, (QStringList{QStringLiteral("fp32"), QStringLiteral("bf16")}));
    QCOMPARE(*o.warmup, 0);
    QVERIFY(!o.iterations && !o.batch && !o.wizard && !o.lesson && !o.step);

    const ParsedAppOptions lesson = parse(
        {QStringLiteral("--lesson"), QStringLiteral("cold-start"), QStringLiteral("--step"),
         QStringLiteral("3"), QStringLiteral("--handout"), dir.filePath(QStringLiteral("h.pdf"))});
    QVERIFY2(lesson.options, qPrintable(lesson.message));
    QCOMPARE(*lesson.options->step, 3);
    QVERIFY(lesson.options->handoutMode() && lesson.options->offscreen());
    QCOMPARE(parse({}).options->size, QSize(1280, 800));  // the default
  }

  void helpAndVersionAreNoErrors() {
    const ParsedAppOptions help = parse({QStringLiteral("--help")});
    QVERIFY(!help.options);
    QCOMPARE(help.exit_code, 0);
    QVERIFY(help.message.contains(QStringLiteral("--grab-after")));
    QCoreApplication::setApplicationVersion(QStringLiteral("9.8.7"));
    const ParsedAppOptions version = parse({QStringLiteral("--version")});
    QVERIFY(!version.options);
    QCOMPARE(version.exit_code, 0);
    QVERIFY2(version.message.contains(QStringLiteral("9.8.7")), qPrintable(version.message));
  }

  void offscreenIsKnownBeforeTheApplication() {
    using inferscope::gui::wantsOffscreen;
    QVERIFY(wantsOffscreen({QStringLiteral("inferscope"), QStringLiteral("--screenshot=x.png")}));
    QVERIFY(wantsOffscreen({QStringLiteral("inferscope"), QStringLiteral("--lesson"),
                            QStringLiteral("tf32"), QStringLiteral("--handout"),
                            QStringLiteral("h.pdf")}));
    QVERIFY(!wantsOffscreen({QStringLiteral("inferscope"), QStringLiteral("--handout"),
                             QStringLiteral("h.pdf")}));  // no lesson: a window
    QVERIFY(!wantsOffscreen({QStringLiteral("inferscope"), QStringLiteral("--nosuch")}));
  }

  // Every name --tab takes brings its own page forward, a different one each.
  void everyTabNameFindsItsPage() {
    MainWindow window;
    QSet<int> pages;
    for (const QString& name : inferscope::gui::chartTabList()) {
      AppOptions options;
      options.tab = name;
      window.chartTabs()->setCurrentIndex(-1);
      inferscope::gui::applyWindowOptions(window, options);
      const int index = window.chartTabs()->currentIndex();
      QVERIFY2(index >= 0, qPrintable(name));
      pages.insert(index);
    }
    QCOMPARE(pages.size(), inferscope::gui::chartTabList().size());
  }
};

INFERSCOPE_GUI_TEST_MAIN(TestAppOptions, QApplication)
#include "tst_appoptions.moc"
