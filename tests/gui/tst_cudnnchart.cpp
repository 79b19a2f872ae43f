// The cuDNN page on sessions carrying cuDNN ledgers built here (no GPU): through a session file,
// the chart draws one marker per candidate with a Find time, rings the heuristic's and the
// benchmark's choices, one line per selection mode that ran; the table has a row per conv layer
// and sorts by number; an unavailable ledger shows its reason; a session without ledgers says how
// to record one; the chart exports. Then the ledger recorded on the H200 (tests/fixtures/
// h200_resnet50_cudnn), opened and read the way a person would: the table, the summary, each
// mode's totals, sorting by a header click, the notes under the table.
#include <qcustomplot.h>

#include <QApplication>
#include <QComboBox>
#include <QFile>
#include <QFont>
#include <QHeaderView>
#include <QLabel>
#include <QTabWidget>
#include <QTableView>
#include <QTemporaryDir>
#include <QTest>
#include <algorithm>
#include <vector>

#include "core/cudnn/cudnn_ledger.h"
#include "core/session/session_file.h"
#include "gui/lib/cudnn_layer_table_model.h"
#include "gui/lib/session_document.h"
#include "gui/lib/value_format.h"
#include "gui/widgets/answer_view.h"
#include "gui/widgets/cudnn_chart.h"
#include "gui/widgets/main_window.h"
#include "tests/gui/cudnn_sample_ledger.h"
#include "tests/gui/gui_test_main.h"

using namespace inferscope;
using namespace inferscope::gui;
using cudnn::KernelFamily;
using cudnn::SelectionMode;
using inferscope::gui::testing::sampleLedger;
using LayerTable = CudnnLayerTableModel;

namespace {

// Clicks a column's header as a person would (the header sorts the table).
void clickHeader(QTableView* table, int column) {
  QHeaderView* header = table->horizontalHeader();
  table->scrollTo(table->model()->index(0, column));
  const QPoint centre(header->sectionViewportPosition(column) + header->sectionSize(column) / 2,
                      header->height() / 2);
  QTest::mouseClick(header->viewport(), Qt::LeftButton, {}, centre);
}

// A cell of the table as shown (through the view's sorting proxy).
QModelIndex cell(const QTableView* table, int row, int column) {
  return table->model()->index(row, column);
}
QString text(const QTableView* table, int row, int column) {
  return cell(table, row, column).data().toString();
}
QString toolTip(const QTableView* table, int row, int column) {
  return cell(table, row, column).data(Qt::ToolTipRole).toString();
}
int rows(const QTableView* table) {
  return table->model()->rowCount();
}

// The column's numbers (the model's SortRole) from the top row down.
std::vector<double> columnValues(const QTableView* table, int column) {
  std::vector<double> values;
  for (int r = 0; r < rows(table); ++r)
    values.push_back(cell(table, r, column).data(LayerTable::SortRole).toDouble());
  return values;
}

SessionResult sessionWith(std::vector<cudnn::CudnnLedger> ledgers) {
  SessionResult s;
  s.device.kind = DeviceKind::Cuda;
  s.device.name = "NVIDIA H200";
  s.request.model.name = "resnet50";
  s.request.plan = {OptimizationConfig::parse("fp32")};
  ConfigResult c;
  c.latency_ms = {12.0, 11.7};
  c.host_ms = {12.1, 11.8};
  c.stats.median_ms = 11.7;
  s.configs = {c};
  s.cudnn_ledgers = std::move(ledgers);
  return s;
}

QString saved(const QTemporaryDir& dir, const SessionResult& session, const char* name) {
  const QString path = dir.filePath(QString::fromLatin1(name));
  saveSession(session, path.toStdString());
  return path;
}

}  // namespace

class TestCudnnChart : public QObject {
  Q_OBJECT

 private slots:
  void ledgerFromASessionFileIsCharted() {
    QTemporaryDir dir;
    cudnn::CudnnLedger unavailable;
    unavailable.model = "bert-encoder";
    unavailable.config = "bf16";
    unavailable.reason = "requires CUDA and cuDNN (this build has no CUDA)";
    MainWindow window;
    window.resize(1280, 800);
    QVERIFY(window.openSession(
        saved(dir, sessionWith({sampleLedger(), unavailable}), "ledger.inferscope.json")));
    auto* chart = window.cudnnChart();
    QCOMPARE(window.chartTabs()->tabText(window.chartTabs()->indexOf(chart)),
             QStringLiteral("cuDNN"));
    QCOMPARE(chart->ledgerCount(), 2);
    QCOMPARE(chart->ledgerCombo()->count(), 2);
    QCOMPARE(chart->ledgerCombo()->itemText(0), QStringLiteral("resnet50 · fp32"));
    QVERIFY(chart->messageText().isEmpty());

    QCOMPARE(chart->layerCount(), 3);
    QCOMPARE(chart->candidatePointCount(),
             6);                        // 3 + 3 timed; unsupported and heuristic-only are not
    QCOMPARE(chart->familyCount(), 5);  // precomputed, implicit, GEMM, Winograd, FFT (timed in #2)
    QCOMPARE(chart->heuristicChoiceCount(), 2);
    QCOMPARE(chart->benchmarkChoiceCount(), 2);
    QCOMPARE(chart->ranPointCount(SelectionMode::Heuristic), 3);
    QCOMPARE(chart->ranPointCount(SelectionMode::Benchmark), 2);
    QCOMPARE(chart->ranPointCount(SelectionMode::Deterministic), 2);
    QCOMPARE(LayerTable::shortLabel(sampleLedger().layers[1].shape, 2),
             QStringLiteral("#2 64→64 3×3 s1"));
    QCOMPARE(CudnnChart::cudnnVersionText(91900), QStringLiteral("9.19.0"));
    QCOMPARE(CudnnChart::cudnnVersionText(8902), QStringLiteral("8.9.2"));

    auto* table = chart->table();
    QCOMPARE(rows(table), 3);
    QCOMPARE(text(table, 1, LayerTable::ColHeuristicAlgo), QStringLiteral("IMPLICIT_PRECOMP_GEMM"));
    QCOMPARE(text(table, 1, LayerTable::ColFastestAlgo), QStringLiteral("WINOGRAD_NONFUSED"));
    QVERIFY(text(table, 1, LayerTable::ColRanBenchmark).startsWith(QStringLiteral("Winograd")));
    QVERIFY(text(table, 1, LayerTable::ColFlags).contains(QStringLiteral("benchmark differs")));
    QVERIFY(text(table, 1, LayerTable::ColFlags)
                .contains(QStringLiteral("2 transpose(s)/call (benchmark)")));
    QVERIFY(toolTip(table, 1, LayerTable::ColShape)
                .contains(QStringLiteral("32x64x56x56 * 64x64x3x3")));
    QCOMPARE(text(table, 2, LayerTable::ColRanBenchmark), QStringLiteral("—"));
    QVERIFY(text(table, 2, LayerTable::ColFlags).contains(QStringLiteral("transposed conv")));
    // Numeric sort: the largest gain first, the layer order back.
    table->sortByColumn(LayerTable::ColGain, Qt::DescendingOrder);
    QCOMPARE(text(table, 0, LayerTable::ColLayer), QStringLiteral("2"));
    table->sortByColumn(LayerTable::ColAutotune, Qt::DescendingOrder);
    QCOMPARE(cell(table, 0, LayerTable::ColAutotune).data(LayerTable::SortRole).toDouble(), 40.0);
    table->sortByColumn(LayerTable::ColLayer, Qt::AscendingOrder);
    QCOMPARE(text(table, 0, LayerTable::ColLayer), QStringLiteral("1"));

    const QString summary = chart->summaryText();
    QVERIFY2(summary.contains(QStringLiteral("3 unique conv shapes")), qPrintable(summary));
    QVERIFY(summary.contains(QStringLiteral("cuDNN&nbsp;9.19.0")));
    QVERIFY(summary.contains(QStringLiteral("gain&nbsp;54")));
    QVERIFY(summary.contains(QStringLiteral("layout transposes/&#8288;it: benchmark&nbsp;6")));
    QVERIFY(summary.contains(QStringLiteral("deterministic changed it on 0")));
    QVERIFY(summary.contains(QStringLiteral("1&nbsp;faster")));

    // Log scale by default (Find times span decades); linear on request.
    QVERIFY(chart->logScale());
    chart->setLogScale(false);
    QCOMPARE(chart->plot()->yAxis->scaleType(), QCPAxis::stLinear);

    window.chartTabs()->setCurrentWidget(chart);
    QTemporaryDir out;
    for (const char* suffix : {"png", "pdf"}) {
      const QString path = out.filePath(QStringLiteral("cudnn.%1").arg(QLatin1String(suffix)));
      QVERIFY(window.exportChart(path));
      QVERIFY(QFile(path).size() > 1000);
    }

    // The unavailable ledger shows its reason instead of a chart.
    chart->ledgerCombo()->setCurrentIndex(1);
    QVERIFY(chart->ledgerCombo()->itemText(1).contains(QStringLiteral("unavailable")));
    QVERIFY(chart->messageText().contains(QStringLiteral("this build has no CUDA")));
    QCOMPARE(chart->layerCount(), 0);
    QCOMPARE(chart->candidatePointCount(), 0);
    QCOMPARE(rows(chart->table()), 0);
  }

  // zoo ResNet-50, batch 8, bf16+cl on the H200 (cuDNN 9.19, LibTorch 2.11), three modes.
  void h200LedgerReadsAsRecorded() {
    MainWindow window;
    window.resize(1280, 800);
    QVERIFY(window.openSession(fixture("h200_resnet50_cudnn")));
    auto* chart = window.cudnnChart();
    window.chartTabs()->setCurrentWidget(chart);
    window.show();
    QVERIFY(QTest::qWaitForWindowExposed(&window));
    QCoreApplication::processEvents();

    QCOMPARE(chart->ledgerCount(), 1);
    QCOMPARE(chart->ledgerCombo()->currentText(), QStringLiteral("resnet50 · bf16+cl"));
    QVERIFY2(chart->messageText().isEmpty(), qPrintable(chart->messageText()));
    QVERIFY(chart->plot()->isVisibleTo(&window));

    // The chart: 23 layers, every mode observed on each, 3 timed legacy candidates per shape.
    QCOMPARE(chart->layerCount(), 23);
    for (const auto mode : cudnn::kSelectionModes) QCOMPARE(chart->ranPointCount(mode), 23);
    QCOMPARE(chart->candidatePointCount(), 69);
    QCOMPARE(chart->familyCount(), 2);  // implicit GEMM and precomputed implicit GEMM
    QCOMPARE(chart->heuristicChoiceCount(), 23);
    QCOMPARE(chart->benchmarkChoiceCount(), 23);
    QVERIFY(chart->logScale());
    const QCPRange range = chart->plot()->yAxis->range();
    QVERIFY(range.lower < 3.74 && range.upper > 651.4);  // the fastest kernel, the slowest Find

    // The table: one row per shape, in execution order, 53 convolutions per iteration in all.
    auto* table = chart->table();
    QCOMPARE(rows(table), 23);
    double calls = 0;
    for (const double c : columnValues(table, LayerTable::ColCalls)) calls += c;
    QCOMPARE(calls, 53.0);
    QCOMPARE(text(table, 0, LayerTable::ColShape), QStringLiteral("3→64 7×7 s2"));
    QVERIFY(toolTip(table, 0, LayerTable::ColShape).contains(QStringLiteral("nhwc")));
    // Benchmark ran another kernel on 10 shapes (bold), 9 of them slower by more than 2 % (red).
    int bold = 0, red = 0, green = 0, differs = 0;
    for (int r = 0; r < rows(table); ++r) {
      bold += cell(table, r, LayerTable::ColRanBenchmark).data(Qt::FontRole).value<QFont>().bold()
                  ? 1
                  : 0;
      const QColor gain =
          cell(table, r, LayerTable::ColGain).data(Qt::ForegroundRole).value<QColor>();
      red += gain == QColor(218, 54, 51) ? 1 : 0;
      green += gain == QColor(46, 160, 67) ? 1 : 0;
      const QString flags = text(table, r, LayerTable::ColFlags);
      differs += flags.contains(QStringLiteral("benchmark differs")) ? 1 : 0;
      QVERIFY2(!flags.contains(QStringLiteral("transpose")), qPrintable(flags));  // channels_last
      QVERIFY(!flags.contains(QStringLiteral("deterministic differs")));
    }
    QCOMPARE(bold, 10);
    QCOMPARE(differs, 10);
    QCOMPARE(red, 9);
    QCOMPARE(green, 0);
    // The stem: benchmark's kernel is named on hover, its loss shown to one decimal.
    QVERIFY(toolTip(table, 0, LayerTable::ColRanBenchmark)
                .contains(QStringLiteral("convolve_common_engine_float_NHWC")));
    QVERIFY(text(table, 0, LayerTable::ColGain).endsWith(QStringLiteral("43.4")));

    // Sorting by a click on a header: the whole column in order, the extremes where they belong.
    for (const int column :
         {int(LayerTable::ColGain), int(LayerTable::ColAutotune), int(LayerTable::ColCalls)}) {
      for (int click = 0; click < 2; ++click) {
        clickHeader(table, column);
        QCOMPARE(table->horizontalHeader()->sortIndicatorSection(), column);
        const bool ascending =
            table->horizontalHeader()->sortIndicatorOrder() == Qt::AscendingOrder;
        const auto values = columnValues(table, column);
        QVERIFY2(ascending ? std::is_sorted(values.begin(), values.end())
                           : std::is_sorted(values.rbegin(), values.rend()),
                 qPrintable(QStringLiteral("column %1, %2").arg(column).arg(ascending)));
        QCOMPARE(rows(table), 23);
        if (column == LayerTable::ColGain) {  // the stem loses most: 43.4 µs per call
          QCOMPARE(text(table, ascending ? 0 : 22, LayerTable::ColLayer), QStringLiteral("1"));
        }
        if (column == LayerTable::ColCalls) {  // #14, a 1×1 conv run 6 times per iteration
          QCOMPARE(text(table, ascending ? 22 : 0, LayerTable::ColLayer), QStringLiteral("14"));
        }
      }
    }
    clickHeader(table, LayerTable::ColLayer);
    if (table->horizontalHeader()->sortIndicatorOrder() != Qt::AscendingOrder)
      clickHeader(table, LayerTable::ColLayer);
    for (int r = 0; r < rows(table); ++r)
      QCOMPARE(text(table, r, LayerTable::ColLayer), QString::number(r + 1));

    // The summary: shapes and calls, where benchmark and deterministic mode changed the kernel.
    const QString summary = chart->summaryText();
    QVERIFY2(summary.contains(QStringLiteral("23 unique conv shapes")), qPrintable(summary));
    QVERIFY(summary.contains(QStringLiteral("53&nbsp;calls/")));
    QVERIFY(summary.contains(QStringLiteral("benchmark changed the kernel on 10")));
    QVERIFY(summary.contains(QStringLiteral("0&nbsp;faster")));
    QVERIFY(summary.contains(QStringLiteral("9&nbsp;slower")));
    QVERIFY(summary.contains(QStringLiteral("gain&nbsp;%1").arg(ValueFormat::number(-77.174))));
    QVERIFY(summary.contains(QStringLiteral("deterministic changed it on 0")));
    QVERIFY(summary.contains(QStringLiteral("no layout transposes")));
    QVERIFY(summary.contains(QStringLiteral("cuDNN&nbsp;9.19.0")));
    QVERIFY(summary.contains(QStringLiteral("TF32&nbsp;off")));

    // Each mode's steady median, conv GPU time and first iteration per iteration, in mode order.
    auto* modes = chart->findChild<QLabel*>(QStringLiteral("cudnnModes"));
    QVERIFY(modes && modes->isVisibleTo(&window));
    const QString totals = chart->modesText();
    QVERIFY2(totals.contains(QStringLiteral("heuristic / benchmark / deterministic")),
             qPrintable(totals));
    const auto three = [](double a, double b, double c) {
      return QStringLiteral("%1 / %2 / %3")
          .arg(ValueFormat::number(a), ValueFormat::number(b), ValueFormat::number(c));
    };
    // The medians are the results table's (the configs' analysed medians), not the ledger's own.
    const auto median = [&](const char* key) {
      for (const auto& c : window.document()->session()->configs)
        if (c.config.key() == key) return c.stats.median_ms;
      return 0.0;
    };
    QVERIFY2(totals.contains(QStringLiteral("steady median <b>%1</b>&nbsp;ms")
                                 .arg(three(median("bf16+cl"), median("bf16+cl+bench"),
                                            median("bf16+cl+det")))),
             qPrintable(totals));
    QVERIFY(totals.contains(QStringLiteral("conv GPU time %1").arg(three(423.8, 501.0, 424.1))));
    QVERIFY(totals.contains(QStringLiteral("first iteration %1").arg(three(375.9, 1429.8, 374.9))));

    // The ledger's note, readable under the table, not drawn over it.
    auto* notes = chart->findChild<QLabel*>(QStringLiteral("cudnnNotes"));
    QVERIFY(notes && notes->isVisibleTo(&window));
    QVERIFY(chart->notesText().contains(QStringLiteral("legacy Find/Get catalogue")));
    const int table_bottom = table->mapTo(&window, QPoint(0, table->height())).y();
    const int notes_top = notes->mapTo(&window, QPoint(0, 0)).y();
    QVERIFY2(notes_top >= table_bottom,
             qPrintable(
                 QStringLiteral("notes at %1, table ends at %2").arg(notes_top).arg(table_bottom)));
    QVERIFY(notes->height() >= notes->heightForWidth(notes->width()));
    // At 1280×800 the chart keeps its minimum height and the table shows at least three rows.
    QVERIFY(chart->plot()->height() >= 170);
    const int last_visible = table->rowAt(table->viewport()->height() - 1);
    QVERIFY2(last_visible == -1 || last_visible >= 3, qPrintable(QString::number(last_visible)));
  }

  // The session's answer is marked on the chart as on every other: the H200 ledger's session was
  // not tuned, so the mode that ran the Answer page's config (the fastest that passes the
  // accuracy rule) says so in the legend, unstarred; with a race whose answer is the
  // deterministic mode's config (slower, so not the ranking's pick), that mode is "★ … (the
  // race's answer)", drawn heavier, and the picker stars its ledger.
  void theSessionsAnswerIsMarked() {
    MainWindow window;
    window.resize(1280, 800);
    QVERIFY(window.openSession(fixture("h200_resnet50_cudnn")));
    const QString answer = window.answerView()->answerKey();
    QVERIFY(!answer.isEmpty());
    auto* chart = window.cudnnChart();
    const auto session = window.document()->session();
    const auto& ledger = session->cudnn_ledgers.front();
    QString mode_of_answer;
    for (const auto& [mode, totals] : ledger.modes) {
      if (QString::fromStdString(totals.config_key) == answer)
        mode_of_answer = CudnnChart::modeName(mode);
    }
    QVERIFY2(!mode_of_answer.isEmpty(), qPrintable(answer));
    QCOMPARE(chart->answerMarkText(),
             QStringLiteral("%1 (the fastest safe config)").arg(mode_of_answer));
    QStringList names;
    for (int i = 0; i < chart->plot()->legend->itemCount(); ++i) {
      if (auto* item = qobject_cast<QCPPlottableLegendItem*>(chart->plot()->legend->item(i)))
        names << item->plottable()->name();
    }
    QVERIFY2(names.contains(chart->answerMarkText()), qPrintable(names.join(QLatin1Char('|'))));
    QVERIFY(!chart->ledgerCombo()->currentText().startsWith(QStringLiteral("★")));

    auto tuned = std::make_shared<SessionResult>(*session);
    TuneRecord race;
    race.winner = "bf16+cl+det";
    race.verdict_state = "provisional";
    tuned->races.push_back(race);
    QVERIFY(tuned->find("bf16+cl+det")->stats.median_ms >
            session->find(answer.toStdString())->stats.median_ms);
    SessionDocument document;
    document.setSession(tuned);
    CudnnChart raced(&document);
    raced.resize(1280, 600);
    QCOMPARE(raced.answerMarkText(), QStringLiteral("★ deterministic (the race's answer)"));
    QCOMPARE(raced.ledgerCombo()->currentText(), QStringLiteral("★ resnet50 · bf16+cl"));
    QCPGraph* marked = nullptr;
    double widest_other = 0;
    for (int g = 0; g < raced.plot()->graphCount(); ++g) {
      auto* graph = raced.plot()->graph(g);
      if (graph->name() == raced.answerMarkText())
        marked = graph;
      else if (graph->lineStyle() != QCPGraph::lsNone)
        widest_other = std::max(widest_other, graph->pen().widthF());
    }
    QVERIFY(marked);
    QVERIFY(marked->pen().widthF() > widest_other);
  }

  void sessionWithoutLedgerSaysHowToRecordOne() {
    QTemporaryDir dir;
    MainWindow window;
    QVERIFY(window.openSession(saved(dir, sessionWith({}), "plain.inferscope.json")));
    auto* chart = window.cudnnChart();
    QCOMPARE(chart->ledgerCount(), 0);
    QCOMPARE(chart->layerCount(), 0);
    QVERIFY(chart->messageText().contains(QStringLiteral("inferscope-cli cudnn --model")));
    QVERIFY(chart->messageText().contains(QStringLiteral("requires CUDA and cuDNN")));
    // Opening a session with a ledger afterwards replaces the message.
    QVERIFY(
        window.openSession(saved(dir, sessionWith({sampleLedger()}), "ledger.inferscope.json")));
    QVERIFY(chart->messageText().isEmpty());
    QCOMPARE(rows(chart->table()), 3);
  }
};

INFERSCOPE_GUI_TEST_MAIN(TestCudnnChart, QApplication)
#include "tst_cudnnchart.moc"
