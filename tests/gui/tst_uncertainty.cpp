// Issue #17, the widget-free parts: session files read off the GUI thread (SessionLoader: results,
// errors that name the file, stale jobs dropped, Cancel), and the results table's uncertainty in
// the cells — an interval for every timed config (the median's CI, the range when there is none,
// across processes with forks), "≈" in the speed-up cell, the reference config named in the header,
// and the steady-state analysis in words, the switching class included. Models are checked with
// QAbstractItemModelTester.
#include <QAbstractItemModelTester>
#include <QSignalSpy>
#include <QTemporaryDir>
#include <QTest>

#include "core/session/session_file.h"
#include "gui/lib/results_table_model.h"
#include "gui/lib/session_document.h"
#include "gui/lib/session_loader.h"
#include "gui/lib/steady_state_text.h"
#include "tests/gui/gui_test_main.h"

using namespace inferscope;
using namespace inferscope::gui;

namespace {

ConfigResult timedConfig(int index, const char* key, double median, double ci_half) {
  ConfigResult c;
  c.index = index;
  c.config = OptimizationConfig::parse(key);
  c.warmup_iterations = 2;
  for (int i = 0; i < 40; ++i)
    c.latency_ms.push_back(median * (i < 2 ? 3.0 : 1.0 + 0.001 * (i % 3)));
  c.host_ms = c.latency_ms;
  c.stats.median_ms = median;
  c.stats.min_ms = median * 0.9;
  c.stats.max_ms = median * 1.2;
  c.steady.analysed = true;
  c.steady.series_class = "warmup";
  c.steady.steady_start = 5;
  if (ci_half > 0) {
    c.steady.median_ci_low_ms = median - ci_half;
    c.steady.median_ci_high_ms = median + ci_half;
    c.steady.ci_method = "order-statistic";
  } else {
    c.steady.ci_method = "none";
  }
  return c;
}

std::shared_ptr<const SessionResult> sessionOf(std::vector<ConfigResult> configs) {
  auto s = std::make_shared<SessionResult>();
  s->request.plan.clear();
  for (auto& c : configs) s->request.plan.push_back(c.config);
  s->request.run.warmup_iterations = 2;
  s->configs = std::move(configs);
  return s;
}

QString cell(const ResultsTableModel& model, const QString& key, int column) {
  for (int row = 0; row < model.rowCount(); ++row) {
    if (model.index(row, ResultsTableModel::ConfigColumn).data().toString() == key)
      return model.index(row, column).data().toString();
  }
  return QStringLiteral("<no row %1>").arg(key);
}

}  // namespace

class TestUncertainty : public QObject {
  Q_OBJECT

 private slots:
  void loaderReadsAFixtureOffTheGuiThread() {
    SessionLoader loader;
    QSignalSpy loaded(&loader, &SessionLoader::loaded);
    QSignalSpy busy(&loader, &SessionLoader::loadingChanged);
    const int job = loader.load(fixture("h200_resnet50_b32"));
    QVERIFY(loader.isLoading());
    QVERIFY(loaded.wait(10000));
    QCOMPARE(loaded.first().at(0).toInt(), job);
    const auto session = loaded.first().at(2).value<std::shared_ptr<const SessionResult>>();
    QVERIFY(session);
    QCOMPARE(session->configs.size(), std::size_t{9});
    QVERIFY(!loader.isLoading());
    QCOMPARE(busy.count(), 2);  // on, off
  }

  void loaderReportsWhatIsWrongWithAFile() {
    QTemporaryDir dir;
    const QString empty = dir.filePath(QStringLiteral("empty.inferscope.json"));
    QFile(empty).open(QIODevice::WriteOnly);
    SessionLoader loader;
    QSignalSpy failed(&loader, &SessionLoader::failed);
    loader.load(empty);
    QVERIFY(failed.wait(10000));
    const QString message = failed.first().at(2).toString();
    QVERIFY2(message.contains(QStringLiteral("empty.inferscope.json")), qPrintable(message));
    QVERIFY2(!message.contains(QStringLiteral("byte 1")),
             qPrintable(message));  // not "syntax error at byte 1"
  }

  void aNewerLoadMakesTheOlderOneStale() {
    SessionLoader loader;
    QSignalSpy loaded(&loader, &SessionLoader::loaded);
    QSignalSpy failed(&loader, &SessionLoader::failed);
    loader.load(fixture("h200_bert_guide"));
    const int second = loader.load(fixture("h200_resnet50_b32"));
    QVERIFY(loaded.wait(10000));
    QTest::qWait(300);  // the first job's result, if it were reported, has arrived by now
    QCOMPARE(loaded.count(), 1);
    QCOMPARE(failed.count(), 0);
    QCOMPARE(loaded.first().at(0).toInt(), second);
    QCOMPARE(loaded.first().at(1).toString(), fixture("h200_resnet50_b32"));
  }

  void cancelDropsTheResult() {
    SessionLoader loader;
    QSignalSpy loaded(&loader, &SessionLoader::loaded);
    loader.load(fixture("h200_bert_guide"));
    loader.cancel();
    QVERIFY(!loader.isLoading());
    QVERIFY(!loaded.wait(1500));
  }

  void everyTimedConfigHasAnInterval() {
    // The b8 timeline session: bf16 and bf16+cl+bench have no median CI (ci_method none).
    SessionDocument document;
    ResultsTableModel model(&document);
    QAbstractItemModelTester tester(&model, QAbstractItemModelTester::FailureReportingMode::QtTest);
    document.load(fixture("h200_resnet50_b8_timeline"));
    QCOMPARE(model.rowCount(), 4);
    for (int row = 0; row < model.rowCount(); ++row) {
      const QString ci = model.index(row, ResultsTableModel::CiColumn).data().toString();
      QVERIFY2(ci.startsWith(QStringLiteral("±")), qPrintable(ci));
      QVERIFY(!model.index(row, ResultsTableModel::CiColumn)
                   .data(Qt::ToolTipRole)
                   .toString()
                   .isEmpty());
    }
    QVERIFY(cell(model, QStringLiteral("bf16"), ResultsTableModel::CiColumn)
                .endsWith(QStringLiteral("range")));
    QVERIFY(!cell(model, QStringLiteral("fp32"), ResultsTableModel::CiColumn)
                 .contains(QStringLiteral("range")));
  }

  void noDifferenceIsInTheCellAndTheReferenceIsNamed() {
    SessionDocument document;
    ResultsTableModel model(&document);
    QAbstractItemModelTester tester(&model, QAbstractItemModelTester::FailureReportingMode::QtTest);
    document.load(fixture("h200_resnet50_b8_timeline"));
    QCOMPARE(model.referenceKey(), QStringLiteral("fp32"));
    QVERIFY(model.headerData(ResultsTableModel::SpeedupColumn, Qt::Horizontal)
                .toString()
                .contains(QStringLiteral("×fp32")));
    // bf16 at 0.91× with an interval that includes 1: "≈" must be visible without hovering.
    QVERIFY2(cell(model, QStringLiteral("bf16"), ResultsTableModel::SpeedupColumn)
                 .startsWith(QStringLiteral("≈")),
             qPrintable(cell(model, QStringLiteral("bf16"), ResultsTableModel::SpeedupColumn)));
    QVERIFY(!cell(model, QStringLiteral("bf16+cl+graph+bench"), ResultsTableModel::SpeedupColumn)
                 .startsWith(QStringLiteral("≈")));
    QVERIFY(cell(model, QStringLiteral("fp32"), ResultsTableModel::SpeedupColumn)
                .contains(QStringLiteral("ref")));

    // Without an FP32 config the header names the config rankSession took instead.
    document.setSession(
        sessionOf({timedConfig(0, "bf16", 2.0, 0.01), timedConfig(1, "fp16", 1.0, 0.01)}));
    QVERIFY(!model.referenceKey().isEmpty());
    QVERIFY(model.referenceKey() != QStringLiteral("fp32"));
    const QString header =
        model.headerData(ResultsTableModel::SpeedupColumn, Qt::Horizontal).toString();
    QVERIFY2(header.contains(QStringLiteral("×") + model.referenceKey()), qPrintable(header));
    QVERIFY(!header.contains(QStringLiteral("FP32"), Qt::CaseInsensitive));
  }

  void forksGiveTheAcrossProcessInterval() {
    auto c = timedConfig(0, "fp32", 10.0, 0.05);
    ForkRun fork;
    fork.latency_ms = c.latency_ms;
    c.forks = {fork, fork};
    ForkStats stats;
    stats.forks = 3;
    stats.median_ms = 10.2;
    stats.ci_low_ms = 9.7;
    stats.ci_high_ms = 10.7;
    stats.next_low_ms = 9.0;
    stats.next_high_ms = 11.4;
    stats.outcome = ForkAgreement::Unstable;
    stats.spread = 0.12;
    stats.stable = false;
    c.fork_stats = stats;
    SessionDocument document;
    ResultsTableModel model(&document);
    document.setSession(sessionOf({c}));
    const QString text = cell(model, QStringLiteral("fp32"), ResultsTableModel::CiColumn);
    QVERIFY2(text.contains(QStringLiteral("3 proc")), qPrintable(text));
    QVERIFY2(text.startsWith(QStringLiteral("±4.9")), qPrintable(text));  // (10.7 − 9.7) / 2 / 10.2
    const QString hover =
        model.index(0, ResultsTableModel::CiColumn).data(Qt::ToolTipRole).toString();
    QVERIFY(hover.contains(QStringLiteral("9.00")) || hover.contains(QStringLiteral("9.0")));
    // The outcome rendered from the fork fields (unstable across 3 processes), not the saved
    // sentence.
    QVERIFY2(hover.contains(QStringLiteral("unstable across 3 processes")), qPrintable(hover));
    QVERIFY(!hover.contains(QStringLiteral("fork medians differ")));
  }

  void steadyStateInWords() {
    SteadyStateInfo s;
    s.analysed = true;
    for (const char* cls :
         {"flat", "warmup", "slowdown", "drift", "no-steady-state", "switching"}) {
      s.series_class = cls;
      s.steady_start = 12;
      s.fast_level_ms = 2.1;
      s.slow_level_ms = 4.5;
      s.slow_share = 0.3;
      const QString brief = SteadyStateText::brief(s);
      QVERIFY2(
          !brief.contains(QLatin1Char('@')) && !brief.contains(QStringLiteral("no-steady-state")),
          qPrintable(brief));
      QVERIFY(!SteadyStateText::explain(s, 5).isEmpty());
    }
    s.series_class = "switching";
    QCOMPARE(SteadyStateText::brief(s), QStringLiteral("switches 2.10 / 4.50 ms"));
    QVERIFY(SteadyStateText::explain(s, 5).contains(QStringLiteral("30")));
    s.series_class = "warmup";
    QCOMPARE(SteadyStateText::brief(s), QStringLiteral("steady from iteration 12"));
    QVERIFY(SteadyStateText::explain(s, 5).contains(
        QStringLiteral("7 iterations after the configured warm-up")));
    SessionDocument document;
    ResultsTableModel model(&document);
    document.load(fixture("h200_bert_guide"));
    for (int row = 0; row < model.rowCount(); ++row) {
      const QString text = model.index(row, ResultsTableModel::SteadyColumn).data().toString();
      QVERIFY2(!text.contains(QLatin1Char('@')), qPrintable(text));
    }
  }
};

INFERSCOPE_GUI_TEST_MAIN(TestUncertainty, QCoreApplication)
#include "tst_uncertainty.moc"
