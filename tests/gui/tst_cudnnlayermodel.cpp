// CudnnLayerTableModel without a widget: QAbstractItemModelTester on the model and on a sorting
// proxy through ledger changes; the cells' texts, tooltips, fonts, colours and alignment of the
// three-layer ledger of cudnn_sample_ledger.h; headers and their tooltips; numeric sorting by
// SortRole (a negative gain below a small positive one, the unmeasured autotune last).
#include <QAbstractItemModelTester>
#include <QFont>
#include <QGuiApplication>
#include <QLocale>
#include <QSortFilterProxyModel>
#include <QTest>

#include "gui/lib/cudnn_layer_table_model.h"
#include "tests/gui/cudnn_sample_ledger.h"
#include "tests/gui/gui_test_main.h"

using namespace inferscope;
using namespace inferscope::gui;
using cudnn::SelectionMode;
using inferscope::gui::testing::sampleLedger;
using Model = CudnnLayerTableModel;

namespace {

QString text(const QAbstractItemModel& model, int row, int column, int role = Qt::DisplayRole) {
  return model.index(row, column).data(role).toString();
}

// The layer numbers of the rows, top down.
QStringList layerOrder(const QAbstractItemModel& model) {
  QStringList order;
  for (int r = 0; r < model.rowCount(); ++r) order << text(model, r, Model::ColLayer);
  return order;
}

}  // namespace

class TestCudnnLayerModel : public QObject {
  Q_OBJECT

 private slots:
  void initTestCase() { QLocale::setDefault(QLocale(QLocale::English, QLocale::UnitedStates)); }

  void passesTesterThroughLedgerChanges() {
    Model model;
    QAbstractItemModelTester tester(&model, QAbstractItemModelTester::FailureReportingMode::QtTest);
    QSortFilterProxyModel proxy;
    proxy.setSourceModel(&model);
    proxy.setSortRole(Model::SortRole);
    proxy.sort(Model::ColGain, Qt::DescendingOrder);
    QAbstractItemModelTester proxy_tester(&proxy,
                                          QAbstractItemModelTester::FailureReportingMode::QtTest);
    QCOMPARE(model.rowCount(), 0);
    QCOMPARE(model.columnCount(), int(Model::ColumnCount));
    model.setLedger(sampleLedger());
    QCOMPARE(model.rowCount(), 3);
    QCOMPARE(proxy.rowCount(), 3);
    cudnn::CudnnLedger one = sampleLedger();
    one.layers.resize(1);
    model.setLedger(one);
    QCOMPARE(model.rowCount(), 1);
    model.clear();
    QCOMPARE(model.rowCount(), 0);
    QCOMPARE(proxy.rowCount(), 0);
    // Children of a cell: none (a table, not a tree).
    model.setLedger(sampleLedger());
    QCOMPARE(model.rowCount(model.index(0, 0)), 0);
    QVERIFY(!model.index(0, Model::ColumnCount).isValid());
  }

  void cellsSayWhatRanAndWhy() {
    Model model;
    model.setLedger(sampleLedger());
    // #1 the 7×7 stem: every mode ran precomputed implicit GEMM.
    QCOMPARE(text(model, 0, Model::ColLayer), QStringLiteral("1"));
    QCOMPARE(text(model, 0, Model::ColShape), QStringLiteral("3→64 7×7 s2"));
    QVERIFY(text(model, 0, Model::ColShape, Qt::ToolTipRole)
                .contains(QStringLiteral("32x3x224x224 * 64x3x7x7")));
    QVERIFY(text(model, 0, Model::ColShape, Qt::ToolTipRole).endsWith(QStringLiteral("\nconv1")));
    QCOMPARE(text(model, 0, Model::ColCalls), QStringLiteral("1"));
    QCOMPARE(text(model, 0, Model::ColRanHeuristic),
             QStringLiteral("precomputed implicit GEMM · 82.0 µs"));
    QVERIFY(text(model, 0, Model::ColRanHeuristic, Qt::ToolTipRole)
                .startsWith(QStringLiteral("implicit_convolve_sgemm (")));
    QCOMPARE(text(model, 0, Model::ColAutotune), QStringLiteral("12.0"));
    QCOMPARE(text(model, 0, Model::ColGain), QStringLiteral("0.0"));
    QCOMPARE(text(model, 0, Model::ColHeuristicAlgo), QStringLiteral("IMPLICIT_PRECOMP_GEMM"));
    QCOMPARE(text(model, 0, Model::ColFlags), QString());
    QVERIFY(!model.index(0, Model::ColRanBenchmark).data(Qt::FontRole).isValid());

    // #2 the 3×3: benchmark ran Winograd, 18 µs per call faster (bold, green, explained).
    QVERIFY(text(model, 1, Model::ColRanBenchmark).startsWith(QStringLiteral("Winograd")));
    QVERIFY(model.index(1, Model::ColRanBenchmark).data(Qt::FontRole).value<QFont>().bold());
    QVERIFY(!model.index(1, Model::ColRanHeuristic).data(Qt::FontRole).value<QFont>().bold());
    QCOMPARE(text(model, 1, Model::ColGain), QStringLiteral("18.0"));
    QCOMPARE(model.index(1, Model::ColGain).data(Qt::ForegroundRole).value<QColor>(),
             Model::fasterColour());
    QVERIFY2(text(model, 1, Model::ColGain, Qt::ToolTipRole)
                 .startsWith(QStringLiteral("34.6 % of the heuristic's time; 54")),
             qPrintable(text(model, 1, Model::ColGain, Qt::ToolTipRole)));
    QCOMPARE(text(model, 1, Model::ColFlags),
             QStringLiteral("benchmark differs, 2 transpose(s)/call (benchmark)"));
    QCOMPARE(text(model, 1, Model::ColFastestAlgo), QStringLiteral("WINOGRAD_NONFUSED"));
    QVERIFY(!model.index(0, Model::ColGain).data(Qt::ForegroundRole).isValid());

    // #3 the transposed conv: not queried; the benchmark run failed, deterministic never ran.
    QCOMPARE(text(model, 2, Model::ColShape), QStringLiteral("64→64 2×2 s2 T"));
    QCOMPARE(text(model, 2, Model::ColRanBenchmark), QStringLiteral("—"));
    QCOMPARE(text(model, 2, Model::ColRanBenchmark, Qt::ToolTipRole),
             QStringLiteral("the benchmark run failed"));
    QCOMPARE(text(model, 2, Model::ColRanDeterministic, Qt::ToolTipRole),
             QStringLiteral("mode not run"));
    QCOMPARE(text(model, 2, Model::ColAutotune), QStringLiteral("—"));
    QCOMPARE(text(model, 2, Model::ColFlags), QStringLiteral("transposed conv, not queried"));
    QCOMPARE(text(model, 2, Model::ColFlags, Qt::ToolTipRole),
             QStringLiteral("transposed convolutions are listed, not queried"));
    QCOMPARE(text(model, 2, Model::ColFastestAlgo),
             QStringLiteral("transposed convolutions are listed, not queried"));

    // Numbers right-aligned and sortable as numbers; text cells sort by their text.
    const auto alignment = model.index(0, Model::ColGain).data(Qt::TextAlignmentRole).toInt();
    QCOMPARE(alignment, int(Qt::AlignRight | Qt::AlignVCenter));
    QVERIFY(!model.index(0, Model::ColShape).data(Qt::TextAlignmentRole).isValid());
    QCOMPARE(model.index(1, Model::ColCalls).data(Model::SortRole).toDouble(), 3.0);
    QCOMPARE(model.index(2, Model::ColAutotune).data(Model::SortRole).toDouble(), -1.0);
    QCOMPARE(model.index(1, Model::ColShape).data(Model::SortRole).toString(),
             QStringLiteral("64→64 3×3 s1"));
  }

  void headersNameColumnsAndExplainTheLegacyOnes() {
    Model model;
    QCOMPARE(model.headerData(Model::ColLayer, Qt::Horizontal).toString(), QStringLiteral("#"));
    QCOMPARE(model.headerData(Model::ColGain, Qt::Horizontal).toString(),
             QStringLiteral("gain (µs/call)"));
    QCOMPARE(model.headerData(Model::ColFastestAlgo, Qt::Horizontal).toString(),
             QStringLiteral("fastest algo (Find)"));
    for (int c = 0; c < Model::ColumnCount; ++c)
      QVERIFY2(!model.headerData(c, Qt::Horizontal).toString().isEmpty(),
               qPrintable(QString::number(c)));
    QVERIFY(model.headerData(Model::ColGain, Qt::Horizontal, Qt::ToolTipRole)
                .toString()
                .contains(QStringLiteral("positive when benchmark's choice is faster")));
    QVERIFY(model.headerData(Model::ColHeuristicAlgo, Qt::Horizontal, Qt::ToolTipRole)
                .toString()
                .contains(QStringLiteral("v8 API")));
    QVERIFY(model.headerData(Model::ColAutotune, Qt::Horizontal, Qt::ToolTipRole)
                .toString()
                .contains(QStringLiteral("cudnnFind")));
    QVERIFY(!model.headerData(Model::ColShape, Qt::Horizontal, Qt::ToolTipRole).isValid());
  }

  void proxySortsByNumberNotText() {
    cudnn::CudnnLedger ledger = sampleLedger();
    // As text, "-43.4" < "18.0" < "2.1"; as numbers 2.1 comes before 18.
    ledger.layers[0].benchmark_gain_us = -43.4;
    ledger.layers[2].benchmark_gain_us = 2.1;
    Model model;
    model.setLedger(ledger);
    QSortFilterProxyModel proxy;
    proxy.setSourceModel(&model);
    proxy.setSortRole(Model::SortRole);
    proxy.sort(Model::ColGain, Qt::AscendingOrder);
    QCOMPARE(layerOrder(proxy), QStringList({"1", "3", "2"}));
    proxy.sort(Model::ColAutotune, Qt::DescendingOrder);  // 40, 12, then the unmeasured "—"
    QCOMPARE(layerOrder(proxy), QStringList({"2", "1", "3"}));
    proxy.sort(Model::ColCalls, Qt::DescendingOrder);
    QCOMPARE(layerOrder(proxy).first(), QStringLiteral("2"));
    proxy.sort(Model::ColLayer, Qt::AscendingOrder);
    QCOMPARE(layerOrder(proxy), QStringList({"1", "2", "3"}));
    // A new ledger keeps the sort: the proxy re-sorts the reset model.
    proxy.sort(Model::ColGain, Qt::DescendingOrder);
    model.setLedger(ledger);
    QCOMPARE(layerOrder(proxy), QStringList({"2", "3", "1"}));
  }

  void shortLabelNamesTheShape() {
    const auto ledger = sampleLedger();
    QCOMPARE(Model::shortLabel(ledger.layers[1].shape, 2), QStringLiteral("#2 64→64 3×3 s1"));
    QCOMPARE(Model::shortLabel(ledger.layers[2].shape, 3), QStringLiteral("#3 64→64 2×2 s2 T"));
    cudnn::ConvShape grouped = ledger.layers[1].shape;
    grouped.groups = 4;
    grouped.stride = {1, 2};
    QCOMPARE(Model::shortLabel(grouped, 7), QStringLiteral("#7 64→64 3×3 s1,2 g4"));
    QCOMPARE(Model::shortLabel(cudnn::ConvShape{}, 5), QStringLiteral("#5"));
  }
};

INFERSCOPE_GUI_TEST_MAIN(TestCudnnLayerModel, QGuiApplication)
#include "tst_cudnnlayermodel.moc"
