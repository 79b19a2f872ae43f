// The recommendation wizard driven offscreen: a simulated Turing gets the FP16 recommendation with
// a reason per setting and cannot be validated (the button says why); on this machine's CPU the
// tuner races the space as a child process (resnet18, a few iterations), rendered live, and its
// winner becomes the recommendation; the three exports are written and non-empty.
#include <QFile>
#include <QPushButton>
#include <QSignalSpy>
#include <QTableWidget>
#include <QTemporaryDir>
#include <QTest>

#include "core/engine/engine.h"
#include "gui/wizard/recommendation_wizard.h"
#include "gui/wizard/wizard_pages.h"
#include "tests/gui/gui_test_main.h"

using namespace inferscope;
using namespace inferscope::gui;

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
    // The tuner as a child process (`inferscope-cli tune --events ndjson`), rendered live.
    RecommendationWizard wizard({DeviceInfo{}});
    wizard.show();
    wizard.next();  // this machine's device: the CPU
    wizard.next();
    wizard.next();
    QCOMPARE(wizard.currentId(), int(RecommendationWizard::Validation));
    auto* page = wizard.validationPage();
    QVERIFY(page->checkButton()->isEnabled());
    QSignalSpy done(page, &ValidationPage::validationFinished);
    QSignalSpy open(&wizard, &RecommendationWizard::openSessionRequested);
    page->startValidation(
        {QStringLiteral("-m"), QStringLiteral("resnet18"), QStringLiteral("-b"),
         QStringLiteral("1"), QStringLiteral("--warmup"), QStringLiteral("2"),
         QStringLiteral("--iters"), QStringLiteral("10"), QStringLiteral("--screen-iters"),
         QStringLiteral("8"), QStringLiteral("--forks"), QStringLiteral("2")},
        60);
    QVERIFY(done.wait(170000));
    QVERIFY2(page->hasOutcome(), qPrintable(page->verdict()));
    QVERIFY(!page->verdict().isEmpty());
    // Every raced candidate has a row; the winner's shows its measured median, the pruned ones
    // none.
    const int winner = page->rowOf(page->winner());
    QVERIFY(winner >= 0);
    QVERIFY(page->resultsTable()->item(winner, 1)->text().startsWith(QStringLiteral("winner")));
    QVERIFY(page->resultsTable()->item(winner, 2)->text() != QStringLiteral("—"));
    QVERIFY(page->rowOf(QStringLiteral("fp32+graph")) < 0);  // pruned on the CPU: never a row
    QCOMPARE(wizard.state().recommendation.config.key(), page->winner().toStdString());
    QVERIFY(QFile::exists(page->sessionPath()));
    auto* open_button = page->findChild<QPushButton*>(QStringLiteral("openSessionButton"));
    QVERIFY(open_button && open_button->isEnabled());
    open_button->click();
    QCOMPARE(open.count(), 1);
    QCOMPARE(open.first().first().toString(), page->sessionPath());
  }
};

INFERSCOPE_GUI_TEST_MAIN(TestWizard, QApplication)
#include "tst_wizard.moc"
