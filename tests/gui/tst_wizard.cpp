// The recommendation wizard driven offscreen: a simulated Turing gets the FP16 recommendation with
// a reason per setting and cannot be validated (the button says why); on this machine's CPU the
// recommendation and its neighbours run through the engine (resnet18, a few iterations) and a
// verdict follows; the three exports are written and non-empty.
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
    auto* reasons = wizard.recommendationPage()->reasonTable();
    QVERIFY(reasons->rowCount() >= 3);
    QCOMPARE(reasons->item(0, 1)->text().isEmpty(), false);
    wizard.next();
    QCOMPARE(wizard.currentId(), int(RecommendationWizard::Validation));
    QVERIFY(!wizard.validationPage()->checkButton()->isEnabled());
    QVERIFY(wizard.validationPage()->checkButton()->toolTip().contains(QStringLiteral("simulated")));

    wizard.next();
    QTemporaryDir dir;
    const QString json = dir.filePath(QStringLiteral("c.json")), py = dir.filePath(QStringLiteral("c.py")),
                  cpp = dir.filePath(QStringLiteral("c.cpp"));
    wizard.exportPage()->setPaths(json, py, cpp);
    QCOMPARE(wizard.exportPage()->writeExports(), 3);
    for (const auto& path : {json, py, cpp}) QVERIFY2(QFile(path).size() > 100, qPrintable(path));
    QFile file(json);
    QVERIFY(file.open(QIODevice::ReadOnly));
    QVERIFY(file.readAll().contains("fp16"));
  }

  void validatesOnTheCpu() {
    RecommendationWizard wizard({DeviceInfo{}});
    wizard.show();
    wizard.next();  // this machine's device: the CPU
    wizard.next();
    wizard.next();
    QCOMPARE(wizard.currentId(), int(RecommendationWizard::Validation));
    auto* page = wizard.validationPage();
    QVERIFY(page->checkButton()->isEnabled());
    QSignalSpy done(page, &ValidationPage::validationFinished);
    page->startValidation(QStringLiteral("resnet18"), 1, 3);
    QVERIFY(done.wait(120000));
    QVERIFY(page->hasOutcome());
    QVERIFY(!page->outcome().explanation.empty());
    QCOMPARE(page->resultsTable()->rowCount(), static_cast<int>(page->outcome().candidates.size()));
    QVERIFY(page->resultsTable()->item(0, 1) && page->resultsTable()->item(0, 1)->text() != QStringLiteral("—"));
  }
};

INFERSCOPE_GUI_TEST_MAIN(TestWizard, QApplication)
#include "tst_wizard.moc"
