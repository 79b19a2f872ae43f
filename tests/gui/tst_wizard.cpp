// The recommendation wizard driven offscreen: a simulated Turing gets the FP16 recommendation with
// a reason per setting and cannot be validated (the button says why); on this machine's CPU the
// tuner races the space in this process through the run layer (resnet18, a few iterations; the
// finalists in fresh worker processes), rendered live, and its winner becomes the recommendation;
// a cancel stops the race within a measurement; a page destroyed mid-race neither crashes nor
// hangs; the three exports are written and non-empty.
#include <QApplication>
#include <QDir>
#include <QElapsedTimer>
#include <QFile>
#include <QLabel>
#include <QPushButton>
#include <QScrollArea>
#include <QScrollBar>
#include <QSignalSpy>
#include <QTableView>
#include <QTemporaryDir>
#include <QTest>
#include <memory>

#include "core/engine/engine.h"
#include "core/tuner/race_record.h"
#include "gui/lib/race_table_model.h"
#include "gui/lib/session_document.h"
#include "gui/lib/tune_job.h"
#include "gui/widgets/language_switch.h"
#include "gui/widgets/main_window.h"
#include "gui/widgets/race_view.h"
#include "gui/wizard/recommendation_wizard.h"
#include "gui/wizard/wizard_pages.h"
#include "tests/gui/gui_test_main.h"
#include "tests/gui/saved_race_validation.h"

using namespace inferscope;
using namespace inferscope::gui;

namespace {

// The page's default tune, small enough for a 2-core CI machine: a few iterations per config, two
// forks of ten iterations per finalist.
TuneJobRequest smallTune(const ValidationPage* page, double budget_s) {
  auto tune = page->defaultTune(budget_s);
  tune.race.warmup = 2;
  tune.race.screen_iterations = 8;
  tune.race.forks = 2;
  tune.race.fork_iterations = 10;
  return tune;
}

QString eventType(const QSignalSpy& events, int i) {
  return QString::fromStdString(events.at(i).first().value<tuner::TuneEvent>().type);
}

bool hasEvent(const QSignalSpy& events, const char* type) {
  for (int i = 0; i < events.count(); ++i) {
    if (eventType(events, i) == QLatin1String(type)) return true;
  }
  return false;
}

// A wizard on this machine's CPU, at the Validate page.
ValidationPage* validatePage(RecommendationWizard& wizard) {
  wizard.show();
  wizard.next();
  wizard.next();
  wizard.next();
  return wizard.currentId() == RecommendationWizard::Validation ? wizard.validationPage() : nullptr;
}

}  // namespace

class TestWizard : public QObject {
  Q_OBJECT

 private slots:
  void simulatedTuringRecommendsFp16() {
    RecommendationWizard wizard({DeviceInfo{}});
    wizard.show();
    wizard.devicePage()->simulate(QStringLiteral("turing"));
    wizard.next();
    QCOMPARE(wizard.currentId(), int(RecommendationWizard::Goals));
    wizard.next();
    QCOMPARE(wizard.currentId(), int(RecommendationWizard::Advice));
    QVERIFY2(wizard.recommendationPage()->configKey().startsWith(QStringLiteral("fp16")),
             qPrintable(wizard.recommendationPage()->configKey()));
    auto* reasons = wizard.recommendationPage()->reasonTable()->model();
    QVERIFY(reasons->rowCount() >= 3);
    QCOMPARE(reasons->index(0, 1).data().toString().isEmpty(), false);
    wizard.next();
    QCOMPARE(wizard.currentId(), int(RecommendationWizard::Validation));
    QVERIFY(!wizard.validationPage()->checkButton()->isEnabled());
    QVERIFY(
        wizard.validationPage()->checkButton()->toolTip().contains(QStringLiteral("simulated")));

    wizard.next();
    QTemporaryDir dir;
    const QString json = dir.filePath(QStringLiteral("c.json")),
                  py = dir.filePath(QStringLiteral("c.py")),
                  cpp = dir.filePath(QStringLiteral("c.cpp"));
    wizard.exportPage()->setPaths(json, py, cpp);
    QCOMPARE(wizard.exportPage()->writeExports(), 3);
    for (const auto& path : {json, py, cpp}) QVERIFY2(QFile(path).size() > 100, qPrintable(path));
    QFile file(json);
    QVERIFY(file.open(QIODevice::ReadOnly));
    QVERIFY(file.readAll().contains("fp16"));
  }

  void validatesOnTheCpu() {
    // The tuner in this process (TuneJob over runner::runTuning), rendered live.
    RecommendationWizard wizard({DeviceInfo{}});
    wizard.show();
    wizard.next();  // this machine's device: the CPU
    wizard.next();
    wizard.next();
    QCOMPARE(wizard.currentId(), int(RecommendationWizard::Validation));
    auto* page = wizard.validationPage();
    QVERIFY(page->checkButton()->isEnabled());
    // The page names what it tunes, not a program it would start.
    bool named = false;
    for (const auto* label : page->findChildren<QLabel*>())
      named = named || label->text().contains(QStringLiteral("Tunes resnet18 (1x3x224x224"));
    QVERIFY(named);
    QSignalSpy done(page, &ValidationPage::validationFinished);
    QSignalSpy open(&wizard, &RecommendationWizard::openSessionRequested);
    auto* job = page->findChild<TuneJob*>();
    QVERIFY(job);
    QSignalSpy events(job, &TuneJob::eventReceived);
    page->startValidation(smallTune(page, 60));
    QVERIFY(page->isValidating());
    QVERIFY(!page->checkButton()->isEnabled());
    QVERIFY(done.wait(170000));
    QVERIFY(!page->isValidating());
    QVERIFY2(page->hasOutcome(), qPrintable(page->verdict()));
    QVERIFY(!page->verdict().isEmpty());
    // The race view got the tuner's events on this thread, in order: the start first, the answer
    // last, before the page heard the run had finished.
    QVERIFY(events.count() > 3);
    QCOMPARE(eventType(events, 0), QStringLiteral("tune_start"));
    QCOMPARE(eventType(events, events.count() - 1), QStringLiteral("tune_done"));
    QVERIFY(hasEvent(events, "tune_finals"));
    QVERIFY(page->raceView()->done());
    // Every raced candidate has a row; the winner's shows its measured median, the pruned ones
    // none.
    const int winner = page->rowOf(page->winner());
    QVERIFY(winner >= 0);
    // rowOf is the model's row; the table shows it through the answer-first proxy.
    const auto* table = page->raceView()->model();
    QVERIFY(table->index(winner, 1).data().toString().startsWith(QStringLiteral("winner")));
    QVERIFY(table->index(winner, 2).data().toString() != QStringLiteral("—"));
    QVERIFY(page->rowOf(QStringLiteral("fp32+graph")) < 0);  // pruned on the CPU: never a row
    QCOMPARE(wizard.state().recommendation.config.key(), page->winner().toStdString());
    QVERIFY(QFile::exists(page->sessionPath()));
    auto* open_button = page->findChild<QPushButton*>(QStringLiteral("openSessionButton"));
    QVERIFY(open_button && open_button->isEnabled());
    open_button->click();
    QCOMPARE(open.count(), 1);
    QCOMPARE(open.first().first().toString(), page->sessionPath());
  }

  void cancelStopsTheRaceWithinAMeasurement() {
    RecommendationWizard wizard({DeviceInfo{}});
    auto* page = validatePage(wizard);
    QVERIFY(page);
    QSignalSpy events(page->findChild<TuneJob*>(), &TuneJob::eventReceived);
    QSignalSpy done(page, &ValidationPage::validationFinished);
    page->startValidation(smallTune(page, 60));
    // A config is running in the engine: the race is under way.
    QTRY_VERIFY_WITH_TIMEOUT(hasEvent(events, "tune_config_start"), 60000);
    QElapsedTimer stopping;
    stopping.start();
    page->cancelValidation();
    QVERIFY(done.wait(30000));
    // One measurement of resnet18 on a shared 2-core CPU, and the race's wind-down.
    QVERIFY2(stopping.elapsed() < 5000, qPrintable(QString::number(stopping.elapsed())));
    QVERIFY(!page->isValidating());
    QVERIFY(!page->hasOutcome());
    QVERIFY2(page->raceView()->verdictLabel()->text().contains(QStringLiteral("130")),
             qPrintable(page->raceView()->verdictLabel()->text()));
    QVERIFY(page->checkButton()->isEnabled());  // it can run again
  }

  void destroyingThePageMidRaceNeitherCrashesNorHangs() {
    auto wizard = std::make_unique<RecommendationWizard>(std::vector<DeviceInfo>{DeviceInfo{}});
    auto* page = validatePage(*wizard);
    QVERIFY(page);
    QSignalSpy events(page->findChild<TuneJob*>(), &TuneJob::eventReceived);
    page->startValidation(smallTune(page, 60));
    QTRY_VERIFY_WITH_TIMEOUT(hasEvent(events, "tune_config_start"), 60000);
    QElapsedTimer closing;
    closing.start();
    wizard.reset();  // the job is cancelled, not waited for
    QVERIFY2(closing.elapsed() < 1000, qPrintable(QString::number(closing.elapsed())));
    // The run leaves its thread within a measurement; what it still posts reaches no one.
    QVERIFY(TuneJob::waitForIdle(30000));
    QCoreApplication::processEvents();
  }

  // A Validate result on a 1920×1080 and a 4:3 1024×768 screen, in English and Japanese: the
  // page fed the tuned CPU session's race as the tuner streams it shows the race's answer, the
  // wizard keeps the size it was given (no minimum pushes it past the screen), and no label on it
  // is cut (a wrapped label as high as its text, an unwrapped one as wide). With
  // INFERSCOPE_SCREENSHOTS_DIR set, the pictures in docs/GUI.md are written there.
  void aValidateResultFitsTheScreen_data() {
    QTest::addColumn<QString>("lang");
    QTest::addColumn<QSize>("size");
    for (const char* lang : {"en", "ja"}) {
      for (const QSize size : {QSize(1920, 1080), QSize(1024, 768)})
        QTest::addRow("%s %dx%d", lang, size.width(), size.height())
            << QString::fromLatin1(lang) << size;
    }
  }
  void aValidateResultFitsTheScreen() {
    QFETCH(QString, lang);
    QFETCH(QSize, size);
    if (lang != QLatin1String("en") && !LanguageSwitch::available().contains(lang))
      QSKIP("no compiled Japanese translation (Qt Linguist tools not installed)");
    LanguageSwitch::instance().apply(lang);
    MainWindow window;
    QVERIFY(window.openSession(fixture("cpu_resnet18_tuned")));
    const auto session = window.document()->session();
    RecommendationWizard* wizard = window.openWizard();
    wizard->resize(size);
    auto* page = showSavedRaceAsValidated(wizard, *session);
    QVERIFY(page);
    QCOMPARE(page->raceView()->winner(), QString::fromStdString(session->races.front().winner));
    QCOMPARE(wizard->size(), size);
    // The verdict under the table is shown whole, not scrolled (four lines of the widget's font
    // cut the Japanese one mid-line).
    auto* verdict_area = wizard->findChild<QScrollArea*>(QStringLiteral("raceVerdictArea"));
    QVERIFY(verdict_area);
    QCOMPARE(verdict_area->verticalScrollBar()->maximum(), 0);
    for (auto* label : wizard->findChildren<QLabel*>()) {
      if (!label->isVisibleTo(wizard) || label->text().isEmpty() || label->width() <= 0) continue;
      const QString where =
          QStringLiteral("%1 \"%2\"").arg(label->objectName(), label->text().left(80));
      if (label->wordWrap()) {
        QVERIFY2(label->heightForWidth(label->width()) <= label->height() + 1, qPrintable(where));
      } else if (label->textFormat() != Qt::RichText && !Qt::mightBeRichText(label->text())) {
        QVERIFY2(label->fontMetrics().horizontalAdvance(label->text()) <= label->width() + 1,
                 qPrintable(where));
      }
    }
    if (const QString dir = qEnvironmentVariable("INFERSCOPE_SCREENSHOTS_DIR"); !dir.isEmpty()) {
      const QString name = QStringLiteral("validate-cpu-resnet18-tuned-%1-%2x%3.png")
                               .arg(lang)
                               .arg(size.width())
                               .arg(size.height());
      QVERIFY(wizard->grab().save(QDir(dir).filePath(name)));
    }
    wizard->close();
    LanguageSwitch::instance().apply(QStringLiteral("en"));
  }
};

INFERSCOPE_GUI_TEST_MAIN(TestWizard, QApplication)
#include "tst_wizard.moc"
