// The plan picker (guide / grid / custom, estimate, kernel tracing), the Export menu (samples CSV,
// Chrome trace availability, session JSON) and autosave recovery — all without running the
// engine, so the suite takes about a second.
#include <QAbstractItemModelTester>
#include <QAction>
#include <QApplication>
#include <QCheckBox>
#include <QDir>
#include <QFile>
#include <QListWidget>
#include <QPushButton>
#include <QSignalSpy>
#include <QStandardPaths>
#include <QTemporaryDir>
#include <QTest>

#include "core/engine/plan.h"
#include "core/model/model_zoo.h"
#include "core/session/session_file.h"
#include "gui/lib/log_model.h"
#include "gui/lib/results_table_model.h"
#include "gui/lib/session_document.h"
#include "gui/widgets/main_window.h"
#include "gui/widgets/results_view.h"
#include "gui/widgets/run_setup_panel.h"
#include "tests/gui/gui_test_main.h"

using namespace inferscope;
using namespace inferscope::gui;

namespace {

QStringList keysOf(const std::vector<OptimizationConfig>& plan) {
  QStringList keys;
  for (const auto& c : plan) keys << QString::fromStdString(c.key());
  return keys;
}

}  // namespace

class TestPlanExport : public QObject {
  Q_OBJECT

 private slots:
  void initTestCase() { QStandardPaths::setTestModeEnabled(true); }

  void guidePresetOnCpuIsTheCoreGuidePlan() {
    RunSetupPanel panel({DeviceInfo{}}, /*has_aoti=*/false);  // a CPU-only machine
    panel.setModelName(QStringLiteral("resnet18"));
    panel.setPlanPreset(QStringLiteral("guide"));
    PlanContext context;
    context.caps = DeviceCaps::from(DeviceInfo{});
    context.family = findZooModel("resnet18")->family;
    QStringList expected = keysOf(guidePlan(context));
    QStringList checked = panel.checkedKeys();
    expected.sort();
    checked.sort();
    QCOMPARE(checked, expected);
    QCOMPARE(static_cast<int>(panel.request().plan.size()), static_cast<int>(expected.size()));
    QVERIFY(panel.estimateText().contains(QStringLiteral("%1 config").arg(expected.size())));
  }

  void gridAndCustom() {
    RunSetupPanel panel({DeviceInfo{}}, false);
    panel.setPlanPreset(QStringLiteral("grid"));
    QCOMPARE(static_cast<int>(panel.checkedKeys().size()),
             static_cast<int>(gridPlan(GridKnobs{}).size()));
    // Touching a checkbox makes the plan the user's own.
    auto* list = panel.findChild<QListWidget*>(QStringLiteral("configList"));
    list->item(0)->setCheckState(list->item(0)->checkState() == Qt::Checked ? Qt::Unchecked
                                                                            : Qt::Checked);
    QCOMPARE(panel.planPreset(), QStringLiteral("custom"));
    // The estimate follows a measured iteration time.
    panel.setPlanPreset(QStringLiteral("guide"));
    const QString before = panel.estimateText();
    panel.setLastIterationMs(1000);
    QVERIFY(panel.estimateText() != before);
  }

  void traceKernelsOnlyOnCuda() {
    DeviceInfo gpu;
    gpu.kind = DeviceKind::Cuda;
    gpu.name = "NVIDIA H200";
    gpu.cc_major = 9;
    RunSetupPanel panel({DeviceInfo{}, gpu}, false);
    panel.findChild<QCheckBox*>(QStringLiteral("traceCheck"))->setChecked(true);
    QVERIFY(panel.request().run.trace_kernels);  // the GPU is selected when there is one
    panel.applyRequest(ProfileRequest{});        // the CPU
    QVERIFY(!panel.request().run.trace_kernels);
  }

  void exportsFromAnOpenedSession() {
    MainWindow window;
    QVERIFY(window.openSession(fixture("h200_resnet50_traced")));
    QAbstractItemModelTester tester(window.resultsModel(),
                                    QAbstractItemModelTester::FailureReportingMode::QtTest);
    // New columns: speed-up over FP32 is 1× for the baseline (marked as the reference), > 1 for
    // bf16.
    auto* model = window.resultsModel();
    QCOMPARE(model->index(0, ResultsTableModel::SpeedupColumn).data().toString(),
             QStringLiteral("1× (ref)"));
    QVERIFY(model->index(1, ResultsTableModel::SpeedupColumn)
                .data(ResultsTableModel::SortRole)
                .toDouble() > 1.5);
    QVERIFY(model->index(0, ResultsTableModel::CiColumn)
                .data()
                .toString()
                .startsWith(QStringLiteral("±")));
    QVERIFY(model->index(0, ResultsTableModel::SteadyColumn)
                .data()
                .toString()
                .contains(QStringLiteral("from")));
    QTemporaryDir dir;
    const QString csv = dir.filePath(QStringLiteral("samples.csv"));
    QVERIFY(window.exportSamplesCsv(csv));
    QFile file(csv);
    QVERIFY(file.open(QIODevice::ReadOnly));
    int samples = 0;
    for (const auto& c : window.document()->session()->configs)
      samples += static_cast<int>(c.latency_ms.size());
    QCOMPARE(file.readAll().count('\n'), samples + 1);
    // A file keeps no trace window: the Chrome trace action is off and says why.
    QVERIFY(!window.exportTraceAction()->isEnabled());
    window.resultsView()->selectRow(0);
    QVERIFY(!window.exportTraceAction()->isEnabled());
    QVERIFY(window.exportTraceAction()->toolTip().contains(QStringLiteral("live runs")));
    QVERIFY(!window.exportChromeTrace(dir.filePath(QStringLiteral("t.json"))));
  }

  void autosaveFromACrashIsOffered() {
    const QString path = MainWindow::autosavePath();
    QDir().mkpath(QFileInfo(path).absolutePath());
    QVERIFY(QFile::copy(fixture("h200_bert_b32"), path) || QFile::exists(path));
    {
      MainWindow window;
      QVERIFY(window.recoverAction()->isEnabled());
      QVERIFY(window.logModel()->count(LogLevel::Warning) >= 1);
      QVERIFY(!window.offerBar()->isHidden());
      QSignalSpy opened(&window, &MainWindow::sessionOpened);
      QTest::mouseClick(window.findChild<QPushButton*>(QStringLiteral("offerOpenButton")),
                        Qt::LeftButton);
      QVERIFY(opened.wait(10000));  // read on a worker thread
      QVERIFY(window.offerBar()->isHidden());
      QVERIFY(window.document()->session());
      QCOMPARE(static_cast<int>(window.document()->session()->configs.size()), 6);
    }
    {
      MainWindow window;  // Discard removes the file and the offer
      QTest::mouseClick(window.findChild<QPushButton*>(QStringLiteral("offerDiscardButton")),
                        Qt::LeftButton);
      QVERIFY(!QFile::exists(path));
      QVERIFY(!window.recoverAction()->isEnabled());
    }
    MainWindow clean;
    QVERIFY(!clean.recoverAction()->isEnabled());
    QVERIFY(clean.offerBar()->isHidden());
  }
};

INFERSCOPE_GUI_TEST_MAIN(TestPlanExport, QApplication)
#include "tst_planexport.moc"
