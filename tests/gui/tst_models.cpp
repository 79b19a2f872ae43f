// The widget-free models: SessionDocument's signals, ResultsTableModel and LogModel under
// QAbstractItemModelTester through a whole live-run life cycle, numeric sorting through the
// proxy, the shared part of the read-only page tables (column_table_model.h), the Kernels page's
// top-kernel and top-operator tables and the wizard's recommendation table and the tuner's race
// table (tester, sort, bounded text), the config palette's families, and ValueFormat's text.
#include <QAbstractItemModelTester>
#include <QBrush>
#include <QFont>
#include <QGuiApplication>
#include <QSet>
#include <QSignalSpy>
#include <QSortFilterProxyModel>
#include <QTest>
#include <cmath>
#include <memory>

#include "gui/lib/column_table_model.h"
#include "gui/lib/config_catalog.h"
#include "gui/lib/config_palette.h"
#include "gui/lib/display_text.h"
#include "gui/lib/log_model.h"
#include "gui/lib/race_table_model.h"
#include "gui/lib/recommendation_reason_model.h"
#include "gui/lib/results_table_model.h"
#include "gui/lib/session_document.h"
#include "gui/lib/top_kernels_model.h"
#include "gui/lib/top_operators_model.h"
#include "gui/lib/value_format.h"
#include "tests/gui/gui_test_main.h"

using namespace inferscope;
using namespace inferscope::gui;

namespace {

ProfileRequest planOf(std::initializer_list<const char*> keys, int warmup = 2) {
  ProfileRequest request;
  request.plan.clear();
  for (const char* key : keys) request.plan.push_back(OptimizationConfig::parse(key));
  request.run.warmup_iterations = warmup;
  return request;
}

// The smallest table over the shared part: a number and its square, the square a numeric column.
struct SquareRow {
  int n = 0;
};

class SquaresModel : public RowTableModel<SquareRow> {
 public:
  SquaresModel() : RowTableModel("tst_models", {"n", "n²"}, nullptr) {}
  void setCount(int count) {
    std::vector<SquareRow> rows;
    for (int n = 1; n <= count; ++n) rows.push_back({n});
    resetRows(std::move(rows));
  }

 private:
  QVariant cell(const SquareRow& row, int column, int role) const override {
    const int value = column == 0 ? row.n : row.n * row.n;
    if (role == Qt::DisplayRole) return QString::number(value);
    if (role == SortRole) return value;
    return {};
  }
  bool numericColumn(int column) const override { return column == 1; }
};

std::shared_ptr<const ConfigResult> resultOf(const ProfileRequest& request, int index,
                                             double median,
                                             ConfigStatus status = ConfigStatus::Ok) {
  auto r = std::make_shared<ConfigResult>();
  r->index = index;
  r->config = request.plan[std::size_t(index)];
  r->status = status;
  r->warmup_iterations = request.run.warmup_iterations;
  if (status == ConfigStatus::Ok) {
    r->latency_ms = {median * 3, median * 1.5, median, median, median};
    r->stats.median_ms = r->stats.mean_ms = r->stats.p90_ms = r->stats.min_ms = r->stats.max_ms =
        median;
    r->stats.cold_start_ms = median * 3;
    r->stats.throughput_items_per_s = 1000 / median;
    r->memory.peak_allocated_bytes = 64 << 20;
    r->accuracy.measured = true;
    r->accuracy.rel_l2_error = 1e-3 * index;
  } else {
    r->message = "unsupported: FP16 cast is a GPU setting";
  }
  return r;
}

}  // namespace

class TestModels : public QObject {
  Q_OBJECT

 private slots:
  void initTestCase() { QLocale::setDefault(QLocale(QLocale::English, QLocale::UnitedStates)); }

  void documentAppendsContiguousRuns() {
    SessionDocument document;
    const auto request = planOf({"fp32", "bf16"});
    QSignalSpy reset(&document, &SessionDocument::reset);
    QSignalSpy appended(&document, &SessionDocument::samplesAppended);
    document.beginRun(request);
    QCOMPARE(reset.count(), 1);
    QCOMPARE(document.series().size(), std::size_t(2));
    SampleSnapshot snapshot;
    for (int i = 0; i < 3; ++i) snapshot.samples.push_back(Sample{0, i, 5.0, 5.0, i < 2});
    for (int i = 0; i < 2; ++i) snapshot.samples.push_back(Sample{1, i, 2.0, 2.0, true});
    document.appendSnapshot(snapshot);
    QCOMPARE(appended.count(), 2);  // one signal per config run, not per sample
    QCOMPARE(appended.at(0).at(0).toInt(), 0);
    QCOMPARE(appended.at(1).at(0).toInt(), 1);
    QCOMPARE(document.sampleCount(0), std::size_t(3));
    QCOMPARE(document.sampleCount(1), std::size_t(2));
    document.appendSnapshot(SampleSnapshot{{Sample{0, 3, 4.0, 4.0, false}}, std::nullopt});
    QCOMPARE(appended.last().at(1).toInt(), 3);  // first new point
    QVERIFY(document.series()[0].color != document.series()[1].color);
  }

  void resultsModelPassesTesterThroughALiveRun() {
    SessionDocument document;
    ResultsTableModel model(&document);
    QAbstractItemModelTester tester(&model, QAbstractItemModelTester::FailureReportingMode::QtTest);
    QSortFilterProxyModel proxy;
    proxy.setSourceModel(&model);
    proxy.setSortRole(ResultsTableModel::SortRole);
    proxy.sort(ResultsTableModel::MedianColumn);
    QAbstractItemModelTester proxy_tester(&proxy,
                                          QAbstractItemModelTester::FailureReportingMode::QtTest);

    const auto request = planOf({"fp32", "nograd+fp32", "fp16", "bf16"});
    document.beginRun(request);
    QCOMPARE(model.rowCount(), 0);
    // Results out of plan order still land as rows in plan order.
    document.finishConfig(resultOf(request, 1, 100.0));
    document.finishConfig(resultOf(request, 0, 10.1));
    document.finishConfig(resultOf(request, 3, 9.8));
    document.finishConfig(resultOf(request, 2, 0, ConfigStatus::Unsupported));
    QCOMPARE(model.rowCount(), 4);
    QCOMPARE(model.index(0, ResultsTableModel::ConfigColumn).data().toString(),
             QStringLiteral("fp32"));
    QCOMPARE(model.index(2, ResultsTableModel::ConfigColumn).data().toString(),
             QStringLiteral("fp16"));
    QCOMPARE(model.index(2, ResultsTableModel::StatusColumn).data().toString(),
             QStringLiteral("unsupported"));
    QCOMPARE(model.index(2, ResultsTableModel::MedianColumn).data().toString(),
             QStringLiteral("—"));
    QVERIFY(model.index(2, ResultsTableModel::MedianColumn)
                .data(Qt::ToolTipRole)
                .toString()
                .contains(QStringLiteral("GPU")));
    QVERIFY(model.index(0, ResultsTableModel::ConfigColumn)
                .data(Qt::DecorationRole)
                .value<QColor>()
                .isValid());
    QCOMPARE(model.index(0, ResultsTableModel::PeakMemoryColumn).data().toString(),
             QStringLiteral("64.0"));
    QCOMPARE(model.headerData(ResultsTableModel::MedianColumn, Qt::Horizontal).toString(),
             QStringLiteral("Median\n(ms)"));

    // Numeric, not lexical: 9.8 < 10.1 < 100 (the unsupported row has no median and goes first).
    QStringList sorted;
    for (int row = 0; row < proxy.rowCount(); ++row)
      sorted << proxy.index(row, ResultsTableModel::ConfigColumn).data().toString();
    QCOMPARE(sorted, QStringList({"fp16", "bf16", "fp32", "nograd+fp32"}));

    // The final session replaces everything (same path as opening a file).
    auto session = std::make_shared<SessionResult>();
    session->request = request;
    for (int i : {0, 1}) session->configs.push_back(*resultOf(request, i, 20.0 + i));
    document.setSession(session);
    QCOMPARE(model.rowCount(), 2);
    QCOMPARE(document.state(), SessionDocument::State::Finished);
    document.beginRun(request);
    QCOMPARE(model.rowCount(), 0);
  }

  // Fallback rows merged. The tuned GPT-2 (H200, 2026-12-04) holds 8 rows for 4 configs that
  // ran: each whole-model cast fell back to autocast, and the session kept that run for the
  // config asked for and again for the fallback's own candidate (identical numbers), while the
  // winner amp-bf16+graph also has its own, longer run. The table listed all 8, and the ranking
  // took the first, the winner's own fallback, as its reference: the winner read 1.07× over
  // itself. Now: one row per config that ran, naming what fell back to it, and a reference that
  // is another config.
  void fallbackRowsMergeAndTheRatioIsNotAgainstItself() {
    SessionDocument document;
    ResultsTableModel model(&document);
    QAbstractItemModelTester tester(&model, QAbstractItemModelTester::FailureReportingMode::QtTest);
    document.load(QStringLiteral(INFERSCOPE_SOURCE_DIR "/bench/gpu/results/2026-12-04b/call1/files/"
                                                       "file_hf_gpt2.inferscope.json"));
    QCOMPARE(document.series().size(), std::size_t{8});
    QCOMPARE(model.rowCount(), 4);
    QStringList labels;
    QSet<QString> ran;
    for (int row = 0; row < model.rowCount(); ++row) {
      labels << model.index(row, ResultsTableModel::ConfigColumn).data().toString();
      const int series = model.index(row, 0).data(ResultsTableModel::SeriesIndexRole).toInt();
      ran.insert(QString::fromStdString(
          document.series()[static_cast<std::size_t>(series)].result->config.key()));
    }
    QCOMPARE(ran.size(), 4);  // no config twice
    QCOMPARE(labels, QStringList({QStringLiteral("fp16+graph → amp-fp16+graph (fallback)"),
                                  QStringLiteral("fp16+ts → amp-fp16+ts (fallback)"),
                                  QStringLiteral("bf16+ts → amp-bf16+ts (fallback)"),
                                  QStringLiteral("★ amp-bf16+graph ← bf16+graph (fallback)")}));
    // The winner's row is its own run (110 iterations), not its fallback's 30.
    const int winner = model.index(3, 0).data(ResultsTableModel::SeriesIndexRole).toInt();
    QCOMPARE(winner, 5);
    QCOMPARE(model.mergedInto(winner), std::vector<int>{0});
    QCOMPARE(model.mergedInto(1), std::vector<int>{4});
    // The reference is another config: the first that ran and is shown.
    QCOMPARE(model.referenceKey(), QStringLiteral("amp-fp16+graph"));
    QVERIFY(model.index(3, ResultsTableModel::SpeedupColumn).data().toString() !=
            QStringLiteral("1× (ref)"));
    QCOMPARE(model.index(0, ResultsTableModel::SpeedupColumn).data().toString(),
             QStringLiteral("1× (ref)"));
    // What was merged is told, its own figures where it was a run of its own.
    const QString details = model.details(winner);
    QVERIFY2(details.contains(QStringLiteral("bf16+graph was asked for too")), qPrintable(details));
    QVERIFY2(details.contains(QStringLiteral("median 2.07 ms over 30 iterations")),
             qPrintable(details));
    QVERIFY2(model.details(1).contains(QStringLiteral("this same run, listed once")),
             qPrintable(model.details(1)));
    // The Speed × accuracy chart ranks the same rows.
    const auto ranked = document.ranking(model.tolerance());
    QCOMPARE(ranked->session.configs.size(), std::size_t{4});
  }

  // Live: a fallback's row shows until the config's own run arrives, then the two are one row;
  // a fallback that ended otherwise (out of memory) keeps its row.
  void fallbackRowsMergeAsResultsArrive() {
    SessionDocument document;
    ResultsTableModel model(&document);
    QAbstractItemModelTester tester(&model, QAbstractItemModelTester::FailureReportingMode::QtTest);
    const auto request = planOf({"fp32", "fp16", "amp-fp16", "bf16"});
    document.beginRun(request);
    document.finishConfig(resultOf(request, 0, 10.0));
    const auto fallback = [&](int index, const char* ran, double median, ConfigStatus status) {
      auto r = std::const_pointer_cast<ConfigResult>(resultOf(request, index, median, status));
      r->fallback_from = r->config.key();
      r->config = OptimizationConfig::parse(ran);
      return r;
    };
    document.finishConfig(fallback(1, "amp-fp16", 6.0, ConfigStatus::Ok));
    QCOMPARE(model.rowCount(), 2);
    QCOMPARE(model.index(1, ResultsTableModel::ConfigColumn).data().toString(),
             QStringLiteral("fp16 → amp-fp16 (fallback)"));
    document.finishConfig(resultOf(request, 2, 5.0));
    QCOMPARE(model.rowCount(), 2);
    QCOMPARE(model.index(1, ResultsTableModel::ConfigColumn).data().toString(),
             QStringLiteral("amp-fp16 ← fp16 (fallback)"));
    QCOMPARE(model.index(1, 0).data(ResultsTableModel::SeriesIndexRole).toInt(), 2);
    QCOMPARE(model.index(1, ResultsTableModel::MedianColumn).data().toString(),
             QStringLiteral("5.00"));
    document.finishConfig(fallback(3, "amp-fp16", 0, ConfigStatus::OutOfMemory));
    QCOMPARE(model.rowCount(), 3);
    QCOMPARE(model.index(2, ResultsTableModel::ConfigColumn).data().toString(),
             QStringLiteral("bf16 → amp-fp16 (fallback)"));
  }

  // The table and the Speed × accuracy chart share one ranking. During a run it is computed on a
  // worker thread (rankingChanged() says when); a file's session ranks at once; either way a
  // second request for the same results is the same object.
  void rankingIsSharedAndOffTheGuiThreadDuringARun() {
    SessionDocument document;
    ResultsTableModel model(&document);
    QSignalSpy changed(&document, &SessionDocument::rankingChanged);
    const auto request = planOf({"fp32", "bf16"});
    document.beginRun(request);
    document.finishConfig(resultOf(request, 0, 10.0));
    document.finishConfig(resultOf(request, 1, 5.0));
    QTRY_VERIFY(changed.count() >= 1);
    const auto ranked = document.ranking(model.tolerance());
    QVERIFY(ranked);
    QCOMPARE(ranked->ranking.configs.size(), std::size_t(2));
    QCOMPARE(document.ranking(model.tolerance()), ranked);  // memoised
    QCOMPARE(model.index(1, ResultsTableModel::SpeedupColumn).data().toString(),
             QStringLiteral("2.00×"));
    // The run's own session has the same results: no new ranking.
    auto session = std::make_shared<SessionResult>();
    session->request = request;
    session->configs = {*resultOf(request, 0, 10.0), *resultOf(request, 1, 5.0)};
    document.setSession(session);
    QCOMPARE(document.ranking(model.tolerance()), ranked);
    // A file ranks synchronously.
    session = std::make_shared<SessionResult>(*session);
    session->configs[1] = *resultOf(request, 1, 2.5);
    SessionDocument file;
    file.setSession(session, QStringLiteral("x.inferscope.json"));
    const auto from_file = file.ranking(1e-2);
    QVERIFY(from_file);
    QCOMPARE(from_file->ranking.configs.front().index, 1);  // bf16 first, the fastest
    QCOMPARE(from_file->series_index[1], 1);
  }

  void logModelPassesTesterAndStaysBounded() {
    LogModel model;
    auto tester = std::make_unique<QAbstractItemModelTester>(
        &model, QAbstractItemModelTester::FailureReportingMode::QtTest);
    QSignalSpy added(&model, &LogModel::entryAdded);
    model.append(LogLevel::Info, QStringLiteral("starting"));
    model.append(LogLevel::Warning,
                 QStringLiteral("fp16: unsupported — FP16 cast is a GPU setting"));
    model.append(LogLevel::Error, QStringLiteral("unknown zoo model"));
    QCOMPARE(model.rowCount(), 3);
    QCOMPARE(added.count(), 3);
    QCOMPARE(model.count(LogLevel::Warning), 1);
    QVERIFY(model.index(1).data().toString().contains(QStringLiteral("warning: fp16")));
    QVERIFY(model.index(2).data(Qt::ForegroundRole).value<QColor>().isValid());
    // The tester re-checks the whole model on every change: detach it for the flood, then watch
    // the row removal that keeps the log at its cap.
    tester.reset();
    for (int i = 0; i < LogModel::kMaxEntries; ++i)
      model.append(LogLevel::Info, QString::number(i));
    QCOMPARE(model.rowCount(), LogModel::kMaxEntries);
    tester = std::make_unique<QAbstractItemModelTester>(
        &model, QAbstractItemModelTester::FailureReportingMode::QtTest);
    model.append(LogLevel::Info, QStringLiteral("one past the cap"));
    QCOMPARE(model.rowCount(), LogModel::kMaxEntries);
    QCOMPARE(model.index(0).data(LogModel::MessageRole).toString(), QStringLiteral("1"));
    QCOMPARE(model.index(LogModel::kMaxEntries - 1).data(LogModel::MessageRole).toString(),
             QStringLiteral("one past the cap"));
    model.clear();
    QCOMPARE(model.rowCount(), 0);
  }

  // The Kernels page's tables: the tester through fill, refill and clear; a proxy on SortRole
  // sorts 900 µs below 1 200 µs (as text, "900" sorts above "1,200"); a file's 100 000-character
  // kernel name is one bounded line in the cell and bounded on hover.
  void topKernelsModelSortsNumbersAndBoundsNames() {
    TopKernelsModel model;
    QAbstractItemModelTester tester(&model, QAbstractItemModelTester::FailureReportingMode::QtTest);
    QSortFilterProxyModel proxy;
    proxy.setSourceModel(&model);
    proxy.setSortRole(TopKernelsModel::SortRole);
    QAbstractItemModelTester proxy_tester(&proxy,
                                          QAbstractItemModelTester::FailureReportingMode::QtTest);
    std::vector<trace::KernelStat> kernels(3);
    kernels[0] = {"sm90_gemm", 12, 1200.0, 100.0, 0.6, true};
    kernels[1] = {std::string(100000, 'k'), 3, 900.0, 300.0, 0.3, false};
    kernels[2] = {"relu", 100, 95.5, 0.955, 0.1, false};
    model.setKernels(kernels, {QStringLiteral("gemm"), QString(), QStringLiteral("relu")});
    QCOMPARE(model.rowCount(), 3);
    QCOMPARE(model.columnCount(), int(TopKernelsModel::ColumnCount));
    QCOMPARE(model.index(0, TopKernelsModel::NameColumn).data().toString(), QStringLiteral("gemm"));
    QCOMPARE(model.index(0, TopKernelsModel::NameColumn).data(Qt::ToolTipRole).toString(),
             QStringLiteral("sm90_gemm"));
    QCOMPARE(model.index(0, TopKernelsModel::TensorCoreColumn).data().toString(),
             QStringLiteral("✓"));
    QCOMPARE(model.index(0, TopKernelsModel::ShareColumn).data().toString(),
             QStringLiteral("60.0 %"));
    const QString long_name = model.index(1, TopKernelsModel::NameColumn).data().toString();
    QVERIFY(long_name.size() <= display_text::kLineChars + 1);
    QVERIFY(model.index(1, 0).data(Qt::ToolTipRole).toString().size() <=
            display_text::kDetailsChars + display_text::kDetailsChars / display_text::kWrapChars +
                1);

    proxy.sort(TopKernelsModel::TotalColumn, Qt::AscendingOrder);
    QCOMPARE(proxy.index(0, TopKernelsModel::NameColumn).data().toString(), QStringLiteral("relu"));
    QCOMPARE(
        proxy.index(1, TopKernelsModel::TotalColumn).data(TopKernelsModel::SortRole).toDouble(),
        900.0);
    QCOMPARE(proxy.index(2, TopKernelsModel::NameColumn).data().toString(), QStringLiteral("gemm"));
    proxy.sort(TopKernelsModel::CountColumn, Qt::DescendingOrder);  // 100 > 12 > 3, not "3" > "12"
    QCOMPARE(proxy.index(0, TopKernelsModel::CountColumn).data(TopKernelsModel::SortRole).toInt(),
             100);
    QCOMPARE(proxy.index(2, TopKernelsModel::CountColumn).data(TopKernelsModel::SortRole).toInt(),
             3);

    model.setKernels({kernels[2]}, {});
    QCOMPARE(proxy.rowCount(), 1);
    model.clear();
    QCOMPARE(proxy.rowCount(), 0);
    QVERIFY(!model.headerData(TopKernelsModel::TotalColumn, Qt::Horizontal).toString().isEmpty());
  }

  void topOperatorsModelSortsNumbers() {
    TopOperatorsModel model;
    QAbstractItemModelTester tester(&model, QAbstractItemModelTester::FailureReportingMode::QtTest);
    QSortFilterProxyModel proxy;
    proxy.setSourceModel(&model);
    proxy.setSortRole(TopOperatorsModel::SortRole);
    QAbstractItemModelTester proxy_tester(&proxy,
                                          QAbstractItemModelTester::FailureReportingMode::QtTest);
    model.setOperators({{"aten::conv2d", 53, 4240.0, 0.8},
                        {"aten::add_", 16, 700.0, 0.13},
                        {std::string(100000, 'o'), 9, 35.0, 0.07}});
    QCOMPARE(model.rowCount(), 3);
    QVERIFY(model.index(2, TopOperatorsModel::NameColumn).data().toString().size() <=
            display_text::kLineChars + 1);
    proxy.sort(TopOperatorsModel::TimeColumn, Qt::AscendingOrder);  // 35 < 700 < 4 240
    QCOMPARE(proxy.index(0, TopOperatorsModel::KernelsColumn).data().toString(),
             QStringLiteral("9"));
    QCOMPARE(proxy.index(1, TopOperatorsModel::NameColumn).data().toString(),
             QStringLiteral("aten::add_"));
    QCOMPARE(proxy.index(2, TopOperatorsModel::NameColumn).data().toString(),
             QStringLiteral("aten::conv2d"));
    proxy.sort(TopOperatorsModel::KernelsColumn, Qt::DescendingOrder);  // 53 > 16 > 9
    QCOMPARE(
        proxy.index(0, TopOperatorsModel::KernelsColumn).data(TopOperatorsModel::SortRole).toInt(),
        53);
    QCOMPARE(
        proxy.index(2, TopOperatorsModel::KernelsColumn).data(TopOperatorsModel::SortRole).toInt(),
        9);
    model.clear();
    QCOMPARE(proxy.rowCount(), 0);
  }

  // What every read-only page table gets from ColumnTableModel: rows reset as a whole and
  // cleared, cells only for valid top-level indexes, numeric columns right-aligned and sorted as
  // numbers, headers by column (others as Qt's default), and retranslate() re-reading them.
  void columnTableModelSharesTheTableParts() {
    SquaresModel model;
    QAbstractItemModelTester tester(&model, QAbstractItemModelTester::FailureReportingMode::QtTest);
    QSignalSpy resets(&model, &QAbstractItemModel::modelReset);
    model.setCount(12);
    QCOMPARE(resets.count(), 1);
    QCOMPARE(model.rowCount(), 12);
    QCOMPARE(model.columnCount(), 2);
    QCOMPARE(model.rowCount(model.index(0, 0)), 0);  // a table: no cell has children
    QCOMPARE(model.columnCount(model.index(0, 0)), 0);
    QCOMPARE(model.index(11, 1).data().toString(), QStringLiteral("144"));
    QTest::ignoreMessage(QtWarningMsg,
                         "Index QModelIndex(-1,-1,0x0,QObject(0x0)) is not valid (expected valid)");
    QVERIFY(!model.data(QModelIndex()).isValid());  // checkIndex refuses it, with that warning
    QCOMPARE(model.index(0, 1).data(Qt::TextAlignmentRole).toInt(),
             int(Qt::AlignRight | Qt::AlignVCenter));
    QVERIFY(!model.index(0, 0).data(Qt::TextAlignmentRole).isValid());
    QCOMPARE(model.headerData(1, Qt::Horizontal).toString(), QStringLiteral("n²"));
    QCOMPARE(model.headerData(2, Qt::Horizontal), QVariant(3));  // past the columns: Qt's own
    QCOMPARE(model.headerData(4, Qt::Vertical), QVariant(5));
    QVERIFY(!model.headerData(0, Qt::Horizontal, Qt::ToolTipRole).isValid());

    QSortFilterProxyModel proxy;
    proxy.setSourceModel(&model);
    proxy.setSortRole(SquaresModel::SortRole);
    proxy.sort(1, Qt::DescendingOrder);  // 144 > 121 > 100 > … > 9, not "9" > "81" > "64"
    QCOMPARE(proxy.index(0, 1).data().toString(), QStringLiteral("144"));
    QCOMPARE(proxy.index(11, 1).data().toString(), QStringLiteral("1"));

    QSignalSpy headers(&model, &QAbstractItemModel::headerDataChanged);
    model.retranslate();
    QCOMPARE(headers.count(), 1);
    QCOMPARE(headers.first().at(0).value<Qt::Orientation>(), Qt::Horizontal);
    QCOMPARE(headers.first().at(2).toInt(), 1);  // the last column
    model.clear();
    QCOMPARE(resets.count(), 2);
    QCOMPARE(model.rowCount(), 0);
    QCOMPARE(proxy.rowCount(), 0);
  }

  void recommendationReasonModelGreysTheTablesRules() {
    RecommendationReasonModel model;
    QAbstractItemModelTester tester(&model, QAbstractItemModelTester::FailureReportingMode::QtTest);
    QSortFilterProxyModel proxy;
    proxy.setSourceModel(&model);
    proxy.setSortRole(RecommendationReasonModel::SortRole);
    QAbstractItemModelTester proxy_tester(&proxy,
                                          QAbstractItemModelTester::FailureReportingMode::QtTest);
    model.setRows(
        {{QStringLiteral("table's choice"), QStringLiteral("fp32 — replaced"), {}, false, true},
         {QStringLiteral("precision"), QStringLiteral("bf16 on Hopper"), QStringLiteral("guide §2"),
          true, false},
         {QStringLiteral("evidence"), QString(100000, QLatin1Char('e')), {}, false, false}});
    QCOMPARE(model.rowCount(), 3);
    QVERIFY(model.index(0, 0).data(Qt::FontRole).value<QFont>().italic());
    QVERIFY(!model.index(1, 0).data(Qt::FontRole).isValid());
    QCOMPARE(model.index(1, 1).data(Qt::ForegroundRole).value<QBrush>().color(),
             QGuiApplication::palette().color(QPalette::Disabled, QPalette::Text));
    QVERIFY(!model.index(2, 1).data(Qt::ForegroundRole).isValid());
    QCOMPARE(model.index(1, 1).data(Qt::ToolTipRole).toString(), QStringLiteral("guide §2"));
    QVERIFY(model.index(2, 1).data().toString().size() < 1000);
    proxy.sort(RecommendationReasonModel::SettingColumn, Qt::AscendingOrder);
    QCOMPARE(proxy.index(0, 0).data().toString(), QStringLiteral("evidence"));
    QCOMPARE(proxy.index(2, 0).data().toString(), QStringLiteral("table's choice"));
    model.setRows({});
    QCOMPARE(proxy.rowCount(), 0);
  }

  void paletteFollowsPrecisionFamilies() {
    const auto hueOf = [](const char* key) {
      return ConfigPalette::color(OptimizationConfig::parse(key)).hslHue();
    };
    QVERIFY(hueOf("fp32") >= 200 && hueOf("fp32") <= 230);  // blue
    QVERIFY(hueOf("tf32") >= 180 && hueOf("tf32") <= 200);  // cyan-blue
    QVERIFY(hueOf("bf16") >= 100 && hueOf("bf16") <= 140);  // green
    QVERIFY(hueOf("amp-bf16") >= 100 && hueOf("amp-bf16") <= 140);
    QVERIFY(hueOf("fp16+graph") >= 20 && hueOf("fp16+graph") <= 40);  // orange
    std::vector<OptimizationConfig> plan;
    for (const char* key : {"fp32", "nograd+fp32", "bf16", "amp-bf16"})
      plan.push_back(OptimizationConfig::parse(key));
    const auto colors = ConfigPalette::forPlan(plan);
    QVERIFY(colors[0] != colors[1]);
    QVERIFY(colors[2] != colors[3]);
    QCOMPARE(colors[0], ConfigPalette::color(plan[0], 0));
  }

  // The race table: the tester through a race's events (rows as they are named, measured, marked)
  // and a clear; a proxy on SortRole sorts 900 ms below 1 200 ms and an unmeasured candidate last;
  // a 100 000-character key and reason from a file stay one bounded line, bounded on hover.
  void raceTableModelFollowsTheRaceAndSortsNumbers() {
    RaceTableModel model;
    QAbstractItemModelTester tester(&model, QAbstractItemModelTester::FailureReportingMode::QtTest);
    QSortFilterProxyModel proxy;
    proxy.setSourceModel(&model);
    proxy.setSortRole(RaceTableModel::SortRole);
    QAbstractItemModelTester proxy_tester(&proxy,
                                          QAbstractItemModelTester::FailureReportingMode::QtTest);
    const QString long_key = QString(100000, QLatin1Char('k'));
    for (const QString& key :
         {QStringLiteral("fp32"), QStringLiteral("bf16"), QStringLiteral("fp16+graph"), long_key})
      model.ensureRow(key);
    QCOMPARE(model.ensureRow(QStringLiteral("bf16")), 1);  // named twice: one row
    QCOMPARE(model.rowCount(), 4);
    QCOMPARE(model.columnCount(), int(RaceTableModel::ColumnCount));
    QCOMPARE(model.index(0, RaceTableModel::StateColumn).data(RaceTableModel::StateRole).toString(),
             QStringLiteral("waiting"));
    QVERIFY(model.index(0, RaceTableModel::MedianColumn).data().toString().isEmpty());
    model.markRunning(QStringLiteral("fp32"));
    QCOMPARE(model.index(0, RaceTableModel::StateColumn).data().toString(),
             QStringLiteral("running"));
    const auto candidate = [&](const std::string& key, const std::string& state, double median_ms,
                               const std::string& reason) {
      tuner::TuneEvent e;
      e.type = "tune_candidate";
      e.key = key;
      e.state = state;
      e.median_ms = median_ms;
      e.low_ms = median_ms > 0 ? median_ms * 0.9 : 0;
      e.high_ms = median_ms * 1.1;
      e.reason = reason;
      model.setCandidate(e);
    };
    candidate("fp32", "winner", 900, "fastest");
    candidate("bf16", "eliminated", 1200, std::string(100000, 'r'));
    candidate("fp16+graph", "tied", 950, "within the noise");
    candidate(long_key.toStdString(), "failed", 0, "did not compile");
    model.markRunning(QStringLiteral("bf16"));  // measured: keeps its state
    QCOMPARE(model.index(1, RaceTableModel::StateColumn).data(RaceTableModel::StateRole).toString(),
             QStringLiteral("eliminated"));
    model.markAnswer(QStringLiteral("fp32"), {QStringLiteral("fp16+graph")});
    QCOMPARE(model.index(0, RaceTableModel::ConfigColumn).data().toString(),
             QStringLiteral("★ fp32"));
    QCOMPARE(model.index(0, RaceTableModel::ConfigColumn).data(RaceTableModel::KeyRole).toString(),
             QStringLiteral("fp32"));
    QVERIFY(model.index(0, RaceTableModel::StateColumn).data(Qt::FontRole).value<QFont>().bold());
    QCOMPARE(model.index(2, RaceTableModel::ConfigColumn).data().toString(),
             QStringLiteral("≈ fp16+graph"));
    QCOMPARE(model.index(1, RaceTableModel::MedianColumn).data(Qt::ForegroundRole).value<QBrush>(),
             QGuiApplication::palette().brush(QPalette::Disabled, QPalette::Text));
    QVERIFY(!model.index(0, RaceTableModel::MedianColumn).data(Qt::ForegroundRole).isValid());
    QCOMPARE(model.index(3, RaceTableModel::MedianColumn).data().toString(), QStringLiteral("—"));
    QVERIFY(model.index(3, RaceTableModel::ConfigColumn).data().toString().size() <=
            display_text::kLineChars + 1);
    QVERIFY(model.index(1, RaceTableModel::ReasonColumn).data().toString().size() <=
            display_text::kLineChars + 1);
    QVERIFY(model.index(1, RaceTableModel::ReasonColumn).data(Qt::ToolTipRole).toString().size() <=
            display_text::kDetailsChars + display_text::kDetailsChars / display_text::kWrapChars +
                1);
    QCOMPARE(model.rowOf(QStringLiteral("fp16+graph")), 2);
    QCOMPARE(model.rowOf(QStringLiteral("nosuch")), -1);

    proxy.sort(RaceTableModel::MedianColumn, Qt::AscendingOrder);  // 900 < 950 < 1 200 < none
    QCOMPARE(proxy.index(0, 0).data(RaceTableModel::KeyRole).toString(), QStringLiteral("fp32"));
    QCOMPARE(proxy.index(1, 0).data(RaceTableModel::KeyRole).toString(),
             QStringLiteral("fp16+graph"));
    QCOMPARE(proxy.index(2, 0).data(RaceTableModel::KeyRole).toString(), QStringLiteral("bf16"));
    QCOMPARE(proxy.index(3, RaceTableModel::StateColumn).data(RaceTableModel::StateRole).toString(),
             QStringLiteral("failed"));
    proxy.sort(RaceTableModel::MedianColumn, Qt::DescendingOrder);
    QCOMPARE(proxy.index(1, 0).data(RaceTableModel::KeyRole).toString(), QStringLiteral("bf16"));
    QCOMPARE(proxy.index(3, 0).data(RaceTableModel::KeyRole).toString(), QStringLiteral("fp32"));

    model.retranslate();
    QVERIFY(!model.headerData(RaceTableModel::MedianColumn, Qt::Horizontal).toString().isEmpty());
    model.clear();
    QCOMPARE(proxy.rowCount(), 0);
  }

  // The race table opens answer first (RaceSortProxy): live, the standing candidates by level,
  // then those out of the race by level, then the unmeasured; once the race ends, its winner and
  // ties head it. A header click sorts that column; sort column −1 brings the answer-first order
  // back. A finalist "in the race" no longer reads so after the end, nor does one measured later.
  void raceTableOpensAnswerFirstAndNothingIsInTheRaceAfterItEnds() {
    RaceTableModel model;
    RaceSortProxy proxy;
    proxy.setSourceModel(&model);
    QAbstractItemModelTester proxy_tester(&proxy,
                                          QAbstractItemModelTester::FailureReportingMode::QtTest);
    proxy.sort(-1);
    QVERIFY(proxy.answerFirst());
    const auto candidate = [&](const std::string& key, const std::string& state, double median_ms,
                               int rounds = 1) {
      tuner::TuneEvent e;
      e.type = "tune_candidate";
      e.key = key;
      e.state = state;
      e.median_ms = median_ms;
      e.rounds = rounds;
      model.setCandidate(e);
    };
    // Named in this order; none of the orders below is it.
    model.ensureRows({QStringLiteral("fp32"), QStringLiteral("waiting"), QStringLiteral("bf16"),
                      QStringLiteral("tf32"), QStringLiteral("amp"), QStringLiteral("cl"),
                      QStringLiteral("fp16")});
    candidate("fp32", "eliminated", 1200);
    candidate("bf16", "unsafe", 700);  // the fastest, but out of the race
    candidate("tf32", "finalist", 1100);
    candidate("amp", "finalist", 1000);
    candidate("cl", "finalist", 900);
    candidate("fp16", "finalist", 800);
    const auto order = [&] {
      QStringList keys;
      for (int r = 0; r < proxy.rowCount(); ++r)
        keys << proxy.index(r, 0).data(RaceTableModel::KeyRole).toString();
      return keys.join(QLatin1Char(' '));
    };
    QCOMPARE(order(), QStringLiteral("fp16 cl amp tf32 bf16 fp32 waiting"));
    const auto state = [&](const QString& key) {
      return model.index(model.rowOf(key), RaceTableModel::StateColumn).data().toString();
    };
    QCOMPARE(state(QStringLiteral("cl")), QStringLiteral("in the race"));

    model.markAnswer(QStringLiteral("amp"), {QStringLiteral("tf32")});
    QCOMPARE(order(), QStringLiteral("amp tf32 fp16 cl bf16 fp32 waiting"));
    QCOMPARE(proxy.index(0, RaceTableModel::ConfigColumn).data().toString(),
             QStringLiteral("★ amp"));
    QCOMPARE(proxy.index(1, RaceTableModel::ConfigColumn).data().toString(),
             QStringLiteral("≈ tf32"));
    QCOMPARE(state(QStringLiteral("cl")), QStringLiteral("finalist"));
    // Measured after the end (a late event of a finalist with rounds): not in the race either.
    candidate("waiting", "finalist", 850, 2);
    QCOMPARE(state(QStringLiteral("waiting")), QStringLiteral("finalist"));
    QCOMPARE(order(), QStringLiteral("amp tf32 fp16 waiting cl bf16 fp32"));

    proxy.sort(RaceTableModel::MedianColumn, Qt::AscendingOrder);
    QVERIFY(!proxy.answerFirst());
    QCOMPARE(order(), QStringLiteral("bf16 fp16 waiting cl amp tf32 fp32"));
    proxy.sort(RaceTableModel::ConfigColumn, Qt::AscendingOrder);  // by key, not the answer
    QCOMPARE(order(), QStringLiteral("amp bf16 cl fp16 fp32 tf32 waiting"));
    proxy.sort(-1);
    QCOMPARE(order(), QStringLiteral("amp tf32 fp16 waiting cl bf16 fp32"));

    // A new race: nothing marked, and its finalists are in the race again.
    model.clear();
    model.ensureRow(QStringLiteral("cl"));
    candidate("cl", "finalist", 900);
    QCOMPARE(state(QStringLiteral("cl")), QStringLiteral("in the race"));
  }

  // A race of 20 000 candidates (twice the reader's cap: a live race comes from no file) replayed
  // as a saved race is: between beginBatch and endBatch, one reset and no signal per row; then
  // the first kFetchRows rows, each fetch kFetchRows more, every key found before its row is
  // fetched, and the figures and marks set during the batch on the rows fetched later. The tester
  // checks a second model loaded alike through every fetch (it fetches as it checks, so the first
  // model, whose counts are asserted, goes without one).
  void raceTableModelLoadsALargeRaceInOneResetAndFetchesLazily() {
    constexpr int kCandidates = 20'000;
    constexpr int kChunk = RaceTableModel::kFetchRows;
    QStringList keys;
    for (int i = 0; i < kCandidates; ++i) keys << QStringLiteral("cfg%1").arg(i);
    const auto load = [&](RaceTableModel& model) {
      model.beginBatch();
      model.ensureRows(keys);
      model.ensureRows(keys);  // named again (a later round): no new rows
      for (int i = 0; i < kCandidates; ++i) {
        tuner::TuneEvent e;
        e.type = "tune_candidate";
        e.key = keys[i].toStdString();
        e.state = i % 2 ? "eliminated" : "finalist";
        e.median_ms = 1.0 + i;
        e.reason = "reason " + std::to_string(i);
        model.setCandidate(e);
      }
      model.markAnswer(QStringLiteral("cfg19999"),
                       {QStringLiteral("cfg5"), QStringLiteral("cfg15000")});
      model.endBatch();
    };
    RaceTableModel tested;
    QAbstractItemModelTester tester(&tested,
                                    QAbstractItemModelTester::FailureReportingMode::QtTest);
    load(tested);
    while (tested.canFetchMore({})) tested.fetchMore({});
    QCOMPARE(tested.rowCount(), kCandidates);
    QCOMPARE(tested.index(kCandidates - 1, RaceTableModel::ConfigColumn).data().toString(),
             QStringLiteral("★ cfg19999"));

    RaceTableModel model;
    QSignalSpy resets(&model, &QAbstractItemModel::modelReset);
    QSignalSpy inserted(&model, &QAbstractItemModel::rowsInserted);
    QSignalSpy changed(&model, &QAbstractItemModel::dataChanged);
    load(model);
    QCOMPARE(resets.count(), 1);
    QCOMPARE(inserted.count(), 0);
    QCOMPARE(changed.count(), 0);
    QCOMPARE(model.candidateCount(), kCandidates);
    QCOMPARE(model.rowCount(), kChunk);
    QVERIFY(model.canFetchMore({}));
    QCOMPARE(model.rowOf(QStringLiteral("cfg15000")), 15000);  // found before it is fetched
    QCOMPARE(model.rowOf(QStringLiteral("cfg20000")), -1);
    QCOMPARE(model.index(kChunk - 1, RaceTableModel::ConfigColumn).data().toString(),
             keys[kChunk - 1]);
    QVERIFY(!model.index(kChunk, 0).isValid());  // not fetched yet

    model.fetchMore({});
    QCOMPARE(model.rowCount(), 2 * kChunk);
    QCOMPARE(inserted.count(), 1);
    QCOMPARE(inserted.last().at(1).toInt(), kChunk);
    QCOMPARE(inserted.last().at(2).toInt(), 2 * kChunk - 1);
    model.fetchThrough(15000);  // the live race scrolls to a running row far down
    QCOMPARE(model.rowCount(), 15001);
    QCOMPARE(model.index(15000, RaceTableModel::ConfigColumn).data().toString(),
             QStringLiteral("≈ cfg15000"));
    QCOMPARE(model.index(15000, RaceTableModel::ReasonColumn).data().toString(),
             QStringLiteral("reason 15000"));
    while (model.canFetchMore({})) model.fetchMore({});
    QCOMPARE(model.rowCount(), kCandidates);
    QCOMPARE(inserted.count(), 2 + 5);  // 15001 → 16001 → … → 19001 → 20000
    QCOMPARE(model.index(kCandidates - 1, RaceTableModel::ConfigColumn).data().toString(),
             QStringLiteral("★ cfg19999"));
    QCOMPARE(model.index(5, RaceTableModel::ConfigColumn).data().toString(),
             QStringLiteral("≈ cfg5"));
    QCOMPARE(
        model.index(12345, RaceTableModel::MedianColumn).data(RaceTableModel::SortRole).toDouble(),
        12346.0);
    QCOMPARE(model.index(12345, RaceTableModel::StateColumn).data(RaceTableModel::StateRole),
             QVariant(QStringLiteral("eliminated")));

    // Every row shown: a key named later is shown at once, and a change signals its row only.
    changed.clear();
    QCOMPARE(model.ensureRow(QStringLiteral("late")), kCandidates);
    QCOMPARE(model.rowCount(), kCandidates + 1);
    model.markRunning(QStringLiteral("late"));
    QCOMPARE(changed.count(), 1);
    QCOMPARE(changed.last().at(0).value<QModelIndex>().row(), kCandidates);

    // Sorted through a proxy once every row is there: the fastest first, the unmeasured last.
    QSortFilterProxyModel proxy;
    proxy.setSourceModel(&model);
    proxy.setSortRole(RaceTableModel::SortRole);
    proxy.sort(RaceTableModel::MedianColumn, Qt::AscendingOrder);
    QCOMPARE(proxy.rowCount(), kCandidates + 1);
    QCOMPARE(proxy.index(0, 0).data(RaceTableModel::KeyRole).toString(), QStringLiteral("cfg0"));
    QCOMPARE(proxy.index(kCandidates, 0).data(RaceTableModel::KeyRole).toString(),
             QStringLiteral("late"));

    // A live round naming more keys than a fetch, while every row is shown: one fetch's worth
    // shown with one signal, the rest on demand.
    RaceTableModel live;
    QSignalSpy live_inserted(&live, &QAbstractItemModel::rowsInserted);
    live.ensureRows(keys);
    QCOMPARE(live_inserted.count(), 1);
    QCOMPARE(live.rowCount(), kChunk);
    QCOMPARE(live.candidateCount(), kCandidates);
    live.fetchAll();
    QCOMPARE(live.rowCount(), kCandidates);
    live.clear();
    QCOMPARE(live.rowCount(), 0);
    QCOMPARE(live.rowOf(QStringLiteral("cfg0")), -1);
    QVERIFY(!live.canFetchMore({}));
  }

  void configColoursStayReadableOnDarkAndLight() {
    // Every shade of every family, on white, Fusion's light base and two dark bases (--dark's).
    const QColor light_backgrounds[] = {QColor(255, 255, 255), QColor(245, 245, 245)};
    const QColor dark_backgrounds[] = {QColor(30, 30, 32), QColor(45, 45, 48), QColor(0, 0, 0)};
    for (const char* key : {"fp32", "tf32", "bf16", "fp16"}) {
      const auto config = OptimizationConfig::parse(key);
      for (const auto& bg : light_backgrounds) {
        for (int shade = 0; shade < ConfigPalette::kShadesPerFamily; ++shade) {
          const QColor c = ConfigPalette::color(config, shade);
          // The identity on light backgrounds is untouched, and already readable.
          QCOMPARE(ConfigPalette::readableOn(c, bg), c);
          QVERIFY2(ConfigPalette::contrastRatio(c, bg) >= ConfigPalette::kMinContrastLight,
                   qPrintable(c.name()));
        }
      }
      for (const auto& bg : dark_backgrounds) {
        std::vector<QColor> shown;
        for (int shade = 0; shade < ConfigPalette::kShadesPerFamily; ++shade) {
          const QColor c = ConfigPalette::color(config, shade);
          const QColor r = ConfigPalette::readableOn(c, bg);
          const QString what = QStringLiteral("%1 shade %2 (%3 → %4) on %5")
                                   .arg(key)
                                   .arg(shade)
                                   .arg(c.name(), r.name(), bg.name());
          QVERIFY2(ConfigPalette::contrastRatio(r, bg) >= ConfigPalette::kMinContrastDark - 1e-3,
                   qPrintable(what));
          QVERIFY2(std::abs(r.hslHue() - c.hslHue()) <= 3, qPrintable(what));  // same hue
          if (ConfigPalette::contrastRatio(c, bg) >= ConfigPalette::kComfortContrast)
            QCOMPARE(r, c);
          for (const auto& other : shown)
            QVERIFY2(r != other, qPrintable(what));  // shades stay apart
          shown.push_back(r);
        }
      }
    }
    // The WCAG reference points.
    QVERIFY(std::abs(ConfigPalette::contrastRatio(Qt::black, Qt::white) - 21.0) < 1e-6);
    QVERIFY(std::abs(ConfigPalette::relativeLuminance(QColor(128, 128, 128)) - 0.2158) < 1e-3);
    QPalette dark;
    dark.setColor(QPalette::Base, QColor(30, 30, 32));
    const QColor deep_green = ConfigPalette::color(OptimizationConfig::parse("bf16"), 2);
    QVERIFY(ConfigPalette::onPalette(deep_green, dark).lightness() > deep_green.lightness());
  }

  void catalogKeysAreCanonical() {
    for (const auto& key : ConfigCatalog::offeredKeys()) {
      QCOMPARE(QString::fromStdString(OptimizationConfig::parse(key.toStdString()).key()), key);
    }
    QVERIFY(ConfigCatalog::unsupportedReason(QStringLiteral("fp16"), DeviceInfo{}, false)
                .contains(QStringLiteral("GPU")));
    QVERIFY(
        ConfigCatalog::unsupportedReason(QStringLiteral("fp32"), DeviceInfo{}, false).isEmpty());
  }

  void valueFormatShowsUnitsAndThreeDigits() {
    QCOMPARE(ValueFormat::number(45.234), QStringLiteral("45.2"));
    QCOMPARE(ValueFormat::number(0.045234), QStringLiteral("0.0452"));
    QCOMPARE(ValueFormat::number(4523.4), QStringLiteral("4,523"));
    QCOMPARE(ValueFormat::ms(4.5), QStringLiteral("4.50 ms"));
    QCOMPARE(ValueFormat::mib(std::int64_t(265) << 20), QStringLiteral("265.0"));
    QCOMPARE(ValueFormat::relativeError(0.00312), QStringLiteral("3.1e-03"));
    QCOMPARE(ValueFormat::relativeError(0), QStringLiteral("0"));
    QCOMPARE(ValueFormat::elapsed(61000), QStringLiteral("01:01"));
    QCOMPARE(ValueFormat::elapsed(3725000), QStringLiteral("1:02:05"));
  }
};

INFERSCOPE_GUI_TEST_MAIN(TestModels, QGuiApplication)
#include "tst_models.moc"
