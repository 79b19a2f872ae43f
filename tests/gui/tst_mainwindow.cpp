// The real MainWindow, offscreen, driven like a user: live runs of resnet18 on the CPU (chart and
// table fill, Cancel stops promptly), a session file written through the core API opened into
// the same views, the models under QAbstractItemModelTester, exports, settings restore.
// Iteration counts are small: a CPU iteration takes ~50–90 ms on the 2-core reference machine.
#include <qcustomplot.h>

#include <QAbstractItemModelTester>
#include <QAction>
#include <QApplication>
#include <QClipboard>
#include <QComboBox>
#include <QElapsedTimer>
#include <QFile>
#include <QImage>
#include <QLabel>
#include <QListWidget>
#include <QSignalSpy>
#include <QSortFilterProxyModel>
#include <QSpinBox>
#include <QTemporaryDir>
#include <QTest>
#include <QToolBar>
#include <tuple>
#include <vector>

#include "core/engine/engine.h"
#include "core/session/session_file.h"
#include "gui/lib/engine_bridge.h"
#include "gui/lib/log_model.h"
#include "gui/lib/results_table_model.h"
#include "gui/lib/session_document.h"
#include "gui/widgets/kernels_view.h"
#include "gui/widgets/latency_chart.h"
#include "gui/widgets/main_window.h"
#include "gui/widgets/memory_chart.h"
#include "gui/widgets/results_view.h"
#include "gui/widgets/run_setup_panel.h"
#include "gui/widgets/run_status_bar.h"
#include "gui/widgets/speed_accuracy_chart.h"
#include "tests/gui/gui_test_main.h"

using namespace inferscope;
using namespace inferscope::gui;

namespace {

constexpr int kRunTimeoutMs = 90000;  // a whole short run, with slack for a loaded machine

// Chooses the run through the dock's widgets, as a user would.
void chooseRun(MainWindow& window, const QStringList& keys, int warmup, int iterations) {
  auto* model = window.findChild<QComboBox*>(QStringLiteral("modelCombo"));
  auto* batch = window.findChild<QSpinBox*>(QStringLiteral("batchSpin"));
  auto* device = window.findChild<QComboBox*>(QStringLiteral("deviceCombo"));
  QVERIFY(model && batch && device);
  model->setCurrentText(QStringLiteral("resnet18"));
  batch->setValue(1);
  device->setCurrentIndex(device->findData(QStringLiteral("cpu")));
  window.setupPanel()->setCheckedKeys(keys);
  window.findChild<QSpinBox*>(QStringLiteral("warmupSpin"))->setValue(warmup);
  window.findChild<QSpinBox*>(QStringLiteral("iterationsSpin"))->setValue(iterations);
}

QWidget* toolButtonFor(MainWindow& window, QAction* action) {
  auto* toolbar = window.findChild<QToolBar*>(QStringLiteral("runToolbar"));
  return toolbar ? toolbar->widgetForAction(action) : nullptr;
}

int graphPoints(MainWindow& window, int graph) {
  auto* plot = window.findChild<QCustomPlot*>(QStringLiteral("latencyPlot"));
  return plot && graph < plot->graphCount() ? plot->graph(graph)->data()->size() : -1;
}

}  // namespace

class TestMainWindow : public QObject {
  Q_OBJECT

 private slots:
  // A session recorded through the core API, as inferscope-cli records one: two CPU configs
  // and one the CPU cannot run (a result with no samples).
  void initTestCase() {
    QVERIFY(dir_.isValid());
    session_path_ = dir_.filePath(QStringLiteral("recorded.inferscope.json"));
    ProfileRequest request;
    request.model.name = "resnet18";
    request.plan = {OptimizationConfig::parse("fp32"), OptimizationConfig::parse("nograd+fp32"),
                    OptimizationConfig::parse("fp16")};
    request.run.warmup_iterations = 2;
    request.run.measure_iterations = 3;
    NullSink sink;
    CancelToken cancel;
    saveSession(engine::run(request, sink, cancel), session_path_.toStdString());
  }

  void liveRunFillsChartAndTable() {
    MainWindow window;
    window.show();
    QVERIFY(QTest::qWaitForWindowExposed(&window));
    chooseRun(window, {QStringLiteral("fp32")}, 2, 4);
    QVERIFY(QFile::exists(
        QStringLiteral(":/icons/inferscope.png")));  // the static library's resources are linked in
    QVERIFY(window.startAction()->isEnabled());
    QVERIFY(!window.cancelAction()->isEnabled());

    QSignalSpy snapshots(window.bridge(), &EngineBridge::snapshotReady);
    // Autosave: written when a config ends mid-run (the window's own handler runs first), gone
    // once the run has ended normally.
    QFile::remove(MainWindow::autosavePath());
    bool autosaved = false;
    connect(window.document(), &SessionDocument::resultAdded, this, [&] {
      if (window.bridge()->isRunning())
        autosaved = autosaved || QFile::exists(MainWindow::autosavePath());
    });
    QWidget* start = toolButtonFor(window, window.startAction());
    QVERIFY(start);
    QTest::mouseClick(start, Qt::LeftButton);
    QVERIFY(window.bridge()->isRunning());
    QVERIFY(!window.startAction()->isEnabled());
    QVERIFY(window.cancelAction()->isEnabled());
    QVERIFY(!window.findChild<QListWidget*>(QStringLiteral("configList"))->isEnabled());

    // Samples reach the chart while the run is going (live, not only at the end).
    QTRY_VERIFY_WITH_TIMEOUT(graphPoints(window, 0) > 0, kRunTimeoutMs);
    QVERIFY(snapshots.count() > 0);
    QTRY_COMPARE_WITH_TIMEOUT(window.resultsModel()->rowCount(), 1, kRunTimeoutMs);
    QTRY_VERIFY_WITH_TIMEOUT(!window.bridge()->isRunning(), kRunTimeoutMs);

    QCOMPARE(graphPoints(window, 0), 2 + 4);
    const auto* model = window.resultsModel();
    QCOMPARE(model->index(0, ResultsTableModel::ConfigColumn).data().toString(),
             QStringLiteral("fp32"));
    QCOMPARE(model->index(0, ResultsTableModel::StatusColumn).data().toString(),
             QStringLiteral("ok"));
    QVERIFY(model->index(0, ResultsTableModel::MedianColumn)
                .data(ResultsTableModel::SortRole)
                .toDouble() > 0);
    QVERIFY(window.startAction()->isEnabled());
    QVERIFY(!window.cancelAction()->isEnabled());
    QCOMPARE(window.runStatus()->state(), RunStatusBar::RunState::Finished);
    QVERIFY(window.findChild<QLabel*>(QStringLiteral("runStateLabel"))
                ->text()
                .startsWith(QStringLiteral("finished")));
    QVERIFY(window.document()->session());
    QVERIFY(autosaved);
    QVERIFY(!QFile::exists(MainWindow::autosavePath()));
    // The other tabs fill from the same run; on the CPU the memory source says so.
    QCOMPARE(window.memoryChart()->configCount(), 1);
    QVERIFY2(window.memoryChart()->sourceText().startsWith(QStringLiteral("CPU: allocator hook")),
             qPrintable(window.memoryChart()->sourceText()));
    QTRY_COMPARE(window.speedAccuracyChart()->pointCount(), 1);  // ranked off the GUI thread
    QCOMPARE(window.kernelsView()->tracedConfigCount(), 0);
  }

  void cancelStopsPromptlyAndReturnsToIdle() {
    MainWindow window;
    window.show();
    QVERIFY(QTest::qWaitForWindowExposed(&window));
    chooseRun(window, {QStringLiteral("fp32"), QStringLiteral("nograd+fp32")}, 0, 5000);
    QTest::mouseClick(toolButtonFor(window, window.startAction()), Qt::LeftButton);
    QTRY_VERIFY_WITH_TIMEOUT(graphPoints(window, 0) >= 2, kRunTimeoutMs);

    QElapsedTimer clock;
    clock.start();
    QWidget* cancel = toolButtonFor(window, window.cancelAction());
    QVERIFY(cancel && cancel->isEnabled());
    QTest::mouseClick(cancel, Qt::LeftButton);
    QVERIFY(!window.cancelAction()->isEnabled());  // pressed once is enough
    QTRY_VERIFY_WITH_TIMEOUT(!window.bridge()->isRunning(), 15000);
    // The engine checks the token between iterations (~50–90 ms each here); 5 s leaves room for
    // a loaded machine while still failing a cancel that waited for the 5,000 iterations.
    QVERIFY2(clock.elapsed() < 5000,
             qPrintable(QStringLiteral("cancel took %1 ms").arg(clock.elapsed())));

    QCOMPARE(window.runStatus()->state(), RunStatusBar::RunState::Cancelled);
    QVERIFY(window.runStatus()->text().startsWith(QStringLiteral("cancelled")));
    QVERIFY(window.startAction()->isEnabled());
    QVERIFY(!window.cancelAction()->isEnabled());
    QVERIFY(window.findChild<QListWidget*>(QStringLiteral("configList"))->isEnabled());
    QVERIFY(window.document()->session()->cancelled);
    QCOMPARE(window.resultsModel()->rowCount(), 1);  // the second config never started
    QCOMPARE(window.resultsModel()->index(0, ResultsTableModel::StatusColumn).data().toString(),
             QStringLiteral("cancelled"));
    QVERIFY(graphPoints(window, 0) < 5000);
  }

  void openedSessionFillsChartAndTable() {
    MainWindow window;
    window.show();
    QAbstractItemModelTester tester(window.resultsModel(),
                                    QAbstractItemModelTester::FailureReportingMode::QtTest);
    QAbstractItemModelTester proxy_tester(window.resultsView()->proxy(),
                                          QAbstractItemModelTester::FailureReportingMode::QtTest);
    QVERIFY(window.openSession(session_path_));

    const SessionResult session = loadSession(session_path_.toStdString());
    auto* plot = window.findChild<QCustomPlot*>(QStringLiteral("latencyPlot"));
    QCOMPARE(window.latencyChart()->graphCount(), static_cast<int>(session.request.plan.size()));
    for (const auto& config : session.configs) {
      QCOMPARE(graphPoints(window, config.index), static_cast<int>(config.latency_ms.size()));
      QVERIFY(plot->graph(config.index)
                  ->name()
                  .startsWith(QString::fromStdString(config.config.key())));
    }
    QCOMPARE(graphPoints(window, 0), 2 + 3);
    QCOMPARE(graphPoints(window, 2),
             0);  // fp16 is unsupported on the CPU: no samples, a greyed row

    const auto* model = window.resultsModel();
    QCOMPARE(model->rowCount(), static_cast<int>(session.configs.size()));
    for (int row = 0; row < model->rowCount(); ++row) {
      const auto& config = session.configs[std::size_t(row)];
      QCOMPARE(model->index(row, ResultsTableModel::ConfigColumn).data().toString(),
               QString::fromStdString(config.config.key()));
      QCOMPARE(model->index(row, ResultsTableModel::StatusColumn).data().toString(),
               QString::fromUtf8(toString(config.status)));
      if (config.status == ConfigStatus::Ok) {
        QCOMPARE(model->index(row, ResultsTableModel::MedianColumn)
                     .data(ResultsTableModel::SortRole)
                     .toDouble(),
                 config.stats.median_ms);
      }
    }
    QCOMPARE(plot->graph(2)->name(), QStringLiteral("fp16 (unsupported)"));
    // The dock now shows the session's plan, so Start measures it again.
    QCOMPARE(window.setupPanel()->checkedKeys(), QStringList({"fp32", "nograd+fp32", "fp16"}));
    QCOMPARE(window.setupPanel()->request().run.measure_iterations, 3);
    QVERIFY(window.windowTitle().contains(QStringLiteral("recorded.inferscope.json")));
    QVERIFY(window.windowTitle().contains(QStringLiteral("resnet18")));

    // Copy puts a spreadsheet-ready table on the clipboard.
    window.resultsView()->selectAll();
    window.resultsView()->copySelection();
    const QStringList lines =
        QApplication::clipboard()->text().split(QLatin1Char('\n'), Qt::SkipEmptyParts);
    QCOMPARE(lines.size(), 1 + model->rowCount());
    QVERIFY(lines.front().startsWith(QStringLiteral("Config\tStatus\tSafe\tMedian (ms)")));

    // Saving writes a file that opens again with the same content.
    const QString copy = dir_.filePath(QStringLiteral("copy.inferscope.json"));
    QVERIFY(window.saveSession(copy));
    QCOMPARE(loadSession(copy.toStdString()).configs.size(), session.configs.size());
  }

  // Recorded with the CLI on an H200, opened on this CPU-only machine: everything shows, and a
  // cold start 100× the steady state does not flatten the lines on the linear axis.
  // The status line says what a session knows of where and when it was recorded: a file without
  // its time or host (written by hand or by another tool) read "recorded  on ".
  void theStatusLineSaysOnlyWhatTheSessionKnows() {
    SessionResult session = loadSession(session_path_.toStdString());
    const QString path = dir_.filePath(QStringLiteral("anonymous.inferscope.json"));
    MainWindow window;
    for (const auto& [when, host, expected] :
         std::vector<std::tuple<std::string, std::string, QString>>{
             {"", "", QStringLiteral("anonymous.inferscope.json · 3 configs")},
             {"", "lab-h200", QStringLiteral("recorded on lab-h200")},
             {"2026-12-04T05:00:00Z", "", QStringLiteral("recorded 2026-12-04T05:00:00Z")},
             {"2026-12-04T05:00:00Z", "lab-h200",
              QStringLiteral("recorded 2026-12-04T05:00:00Z on lab-h200")}}) {
      session.created_utc = when;
      session.host = host;
      saveSession(session, path.toStdString());
      QVERIFY(window.openSession(path));
      const QString line = window.runStatus()->text();
      QVERIFY2(line.contains(expected), qPrintable(line));
      QVERIFY2(!line.contains(QStringLiteral("  ")) && !line.endsWith(QStringLiteral(" on")),
               qPrintable(line));
    }
  }

  void gpuSessionOpensOnACpuMachine() {
    const QString path =
        QStringLiteral(INFERSCOPE_SOURCE_DIR "/tests/fixtures/h200_resnet50_b32.inferscope.json");
    if (!QFile::exists(path))
      QSKIP("fixture tests/fixtures/h200_resnet50_b32.inferscope.json not present");
    MainWindow window;
    window.resize(1280, 800);
    window.show();
    QVERIFY(window.openSession(path));
    const SessionResult session = loadSession(path.toStdString());
    QVERIFY(window.windowTitle().contains(QString::fromStdString(session.device.name)));
    QCOMPARE(window.resultsModel()->rowCount(), static_cast<int>(session.configs.size()));
    double steady_max = 0, overall_max = 0;
    for (const auto& config : session.configs) {
      QCOMPARE(graphPoints(window, config.index), static_cast<int>(config.latency_ms.size()));
      for (std::size_t i = 0; i < config.latency_ms.size(); ++i) {
        overall_max = std::max(overall_max, config.latency_ms[i]);
        if (i >= std::size_t(config.warmup_iterations))
          steady_max = std::max(steady_max, config.latency_ms[i]);
      }
    }
    QVERIFY(overall_max > LatencyChart::kClipRatio * steady_max);  // the fixture's cold starts
    auto* plot = window.findChild<QCustomPlot*>(QStringLiteral("latencyPlot"));
    QVERIFY(plot->yAxis->range().upper < 2 * steady_max);
    QVERIFY(plot->yAxis->range().upper >= steady_max);
    window.latencyChart()->setLogScale(true);
    QVERIFY(plot->yAxis->range().upper >= overall_max);
  }

  void closingWhileRunningStopsTheEngine() {
    QElapsedTimer clock;
    {
      MainWindow window;
      window.show();
      chooseRun(window, {QStringLiteral("fp32")}, 0, 5000);
      window.startRun();
      QTRY_VERIFY_WITH_TIMEOUT(graphPoints(window, 0) >= 1, kRunTimeoutMs);
      clock.start();
      window.close();
    }  // ~MainWindow → ~EngineBridge waits for the engine thread, which stops within an iteration
    QVERIFY2(clock.elapsed() < 5000,
             qPrintable(QStringLiteral("closing took %1 ms").arg(clock.elapsed())));
  }

  void brokenSessionFileLandsInTheLog() {
    MainWindow window;
    const QString path = dir_.filePath(QStringLiteral("broken.inferscope.json"));
    QFile file(path);
    QVERIFY(file.open(QIODevice::WriteOnly));
    file.write("{\"schema\": 1, \"configs\": [");
    file.close();
    const int before = window.logModel()->rowCount();
    QVERIFY(!window.openSession(path));
    QCOMPARE(window.logModel()->rowCount(), before + 1);
    QVERIFY(window.document()->series().empty());
  }

  void exportsWriteValidFiles() {
    MainWindow window;
    window.resize(1000, 700);
    window.show();
    QVERIFY(window.openSession(session_path_));
    // A session opens on its Answer page, which is text: the chart exported is the Latency tab's.
    window.chartTabs()->setCurrentIndex(1);
    QCOMPARE(window.chartTabs()->tabText(1), QStringLiteral("Latency"));
    const QString png = dir_.filePath(QStringLiteral("latency.png"));
    QVERIFY(window.exportChart(png));
    QImage image(png);
    QVERIFY(!image.isNull());
    QVERIFY(image.width() > 100 && image.height() > 100);
    const QString pdf = dir_.filePath(QStringLiteral("latency.pdf"));
    QVERIFY(window.exportChart(pdf));
    QFile file(pdf);
    QVERIFY(file.open(QIODevice::ReadOnly));
    QVERIFY(file.size() > 1000);
    QVERIFY(file.read(5) == "%PDF-");
  }

  void choicesAreRestored() {
    {
      MainWindow window;
      chooseRun(window, {QStringLiteral("fp32"), QStringLiteral("amp-bf16")}, 3, 7);
      window.findChild<QSpinBox*>(QStringLiteral("batchSpin"))->setValue(4);
      window.findChild<QAction*>(QStringLiteral("logScaleAction"))->setChecked(true);
      window.close();
    }
    MainWindow window;
    const auto request = window.setupPanel()->request();
    QCOMPARE(request.batch, std::int64_t(4));
    QCOMPARE(request.run.warmup_iterations, 3);
    QCOMPARE(request.run.measure_iterations, 7);
    QCOMPARE(window.setupPanel()->checkedKeys(), QStringList({"fp32", "amp-bf16"}));
    QVERIFY(window.latencyChart()->logScale());
  }

 private:
  QTemporaryDir dir_;
  QString session_path_;
};

INFERSCOPE_GUI_TEST_MAIN(TestMainWindow, QApplication)
#include "tst_mainwindow.moc"
