// The Devices page (issue #20) on sessions of several GPUs merged as `inferscope-cli merge` merges
// them, from the real H200 ResNet-50 session and SYNTHETIC copies of it as other GPUs
// (two_device_session.h: the copies' samples are the real run's, some configs scaled): the table's
// cells, marks and tooltips, the chart's plottables and labels, GPUs of another model shown but
// never marked, and a one-device session saying so. The real widgets, offscreen.
#include <qcustomplot.h>

#include <QAbstractItemModelTester>
#include <QDir>
#include <QFontMetricsF>
#include <QLabel>
#include <QSplitter>
#include <QTabWidget>
#include <QTableView>
#include <QTemporaryDir>
#include <QTest>

#include "core/session/session_file.h"
#include "gui/lib/device_table_model.h"
#include "gui/lib/session_document.h"
#include "gui/lib/value_format.h"
#include "gui/widgets/devices_view.h"
#include "gui/widgets/main_window.h"
#include "tests/gui/gui_test_main.h"
#include "tests/gui/two_device_session.h"

using namespace inferscope;
using namespace inferscope::gui;
using inferscope::testing::mergedWithSyntheticDevices;
using inferscope::testing::SyntheticDevice;

namespace {

const char* kFixture = "h200_resnet50_b32";

// `--devices 0,1 --replicate` as it would look: the real run on cuda:0 and a synthetic cuda:1 of
// the same host (or another host) whose `scaled` configs ran slower.
SessionResult twoGpus(const std::vector<std::pair<std::string, double>>& scaled,
                      const std::string& host = "") {
  return mergedWithSyntheticDevices(fixture(kFixture).toStdString(),
                                    {SyntheticDevice{host, 1, "", scaled}});
}

// The comparisons run on a worker thread and arrive through the event loop: wait for them.
bool compared(const DeviceTableModel& m) {
  return QTest::qWaitFor([&] { return !m.comparisonPending(); }, 30000);
}

int rowOf(const DeviceTableModel& m, const QString& key) {
  for (int r = 0; r < m.rowCount(); ++r) {
    if (m.index(r, DeviceTableModel::kConfigColumn).data().toString() == key) return r;
  }
  return -1;
}

}  // namespace

class TestDevices : public QObject {
  Q_OBJECT

 private slots:
  void cellsAndMarksOfTwoGpusOfOneModel();
  void oneDeviceSessionSaysSo();
  void anotherGpuModelIsShownButNeverMarked();
  void threeGpusMarkTheOddOneAgainstEach();
  void chartDrawsEachDeviceWithIntervalsAndMarks();
  void windowHasTheDevicesTabWithTheSessionsDevices();
};

void TestDevices::cellsAndMarksOfTwoGpusOfOneModel() {
  SessionDocument document;
  // bf16 and fp16+cl+graph+bench 6 % slower on cuda:1; tf32 1 % slower — its interval may exclude
  // 1, but not the ±2 % band that counts as no real difference.
  document.setSession(std::make_shared<const SessionResult>(
      twoGpus({{"bf16", 1.06}, {"fp16+cl+graph+bench", 1.06}, {"tf32", 1.01}})));
  DeviceTableModel model(&document);
  QAbstractItemModelTester tester(&model, QAbstractItemModelTester::FailureReportingMode::QtTest);
  QVERIFY(compared(model));

  QCOMPARE(model.placeCount(), 2);
  QCOMPARE(model.rowCount(), 9);     // ResNet-50's nine configs, each on both GPUs
  QCOMPARE(model.columnCount(), 4);  // config, cuda:0, cuda:1, the verdict
  QVERIFY(model.headerData(1, Qt::Horizontal).toString().contains(QStringLiteral("vm cuda:0")));
  QVERIFY(model.headerData(2, Qt::Horizontal).toString().contains(QStringLiteral("vm cuda:1")));
  QVERIFY(model.headerData(2, Qt::Horizontal).toString().contains(QStringLiteral("NVIDIA H200")));
  QVERIFY(model.headerData(2, Qt::Horizontal, Qt::ToolTipRole)
              .toString()
              .contains(QStringLiteral("LibTorch 2.11.0")));

  const int bf16 = rowOf(model, QStringLiteral("bf16"));
  QVERIFY(bf16 >= 0);
  const QModelIndex slow = model.index(bf16, model.placeColumn(1)),
                    fast = model.index(bf16, model.placeColumn(0));
  QCOMPARE(slow.data(DeviceTableModel::MarkRole).toInt(), 1);
  QCOMPARE(fast.data(DeviceTableModel::MarkRole).toInt(), -1);
  // Text, not colour alone: the glyph and the percentage are in the cell, the comparison on hover.
  QVERIFY2(slow.data().toString().contains(QStringLiteral("▲ +6.0 %")),
           qPrintable(slow.data().toString()));
  QVERIFY2(fast.data().toString().contains(QStringLiteral("▼ −5.7 %")),
           qPrintable(fast.data().toString()));
  const auto& bf16_cells = model.table().rows[static_cast<std::size_t>(bf16)].cells;
  QVERIFY(std::abs(bf16_cells[1].median_ms / bf16_cells[0].median_ms - 1.06) <
          1e-9);  // the samples scaled
  QVERIFY2(slow.data().toString().startsWith(
               QStringLiteral("%1 ±").arg(ValueFormat::number(bf16_cells[1].median_ms))),
           qPrintable(slow.data().toString()));
  QVERIFY(model.headerData(2, Qt::Horizontal).toString().contains(QStringLiteral("median ms")));
  QCOMPARE(slow.data(Qt::BackgroundRole).value<QColor>(), DeviceTableModel::slowerTint());
  QCOMPARE(fast.data(Qt::BackgroundRole).value<QColor>(), DeviceTableModel::fasterTint());
  const QString tip = slow.data(Qt::ToolTipRole).toString();
  QVERIFY2(tip.contains(QStringLiteral("vm cuda:1 is 6.0 % slower than vm cuda:0")),
           qPrintable(tip));
  QVERIFY(tip.contains(QStringLiteral("95 % CI")));
  QVERIFY(tip.contains(QStringLiteral("beyond both intervals")));
  const QModelIndex verdict = model.index(bf16, model.differencesColumn());
  QCOMPARE(verdict.data().toString(), QStringLiteral("vm cuda:1 +6.0 % vs vm cuda:0"));
  QVERIFY2(verdict.data(Qt::ToolTipRole)
               .toString()
               .contains(QStringLiteral("vm cuda:1 is 6.0 % slower than vm cuda:0 (95 % CI")),
           qPrintable(verdict.data(Qt::ToolTipRole).toString()));
  QVERIFY(model.index(rowOf(model, QStringLiteral("fp16+cl+graph+bench")), model.placeColumn(1))
              .data(DeviceTableModel::MarkRole)
              .toInt() == 1);

  // Same samples (fp32) and 1 % apart (tf32): neither is marked, and the verdict says why.
  for (const char* key : {"fp32", "tf32"}) {
    const int row = rowOf(model, QString::fromLatin1(key));
    for (int p = 0; p < 2; ++p) {
      const QModelIndex cell = model.index(row, model.placeColumn(p));
      QCOMPARE(cell.data(DeviceTableModel::MarkRole).toInt(), 0);
      QVERIFY(!cell.data(Qt::BackgroundRole).isValid());
      QVERIFY(!cell.data().toString().contains(QStringLiteral("▲")));
    }
    QCOMPARE(model.index(row, model.differencesColumn()).data().toString(),
             QStringLiteral("within the intervals"));
    QVERIFY2(model.index(row, model.differencesColumn())
                 .data(Qt::ToolTipRole)
                 .toString()
                 .contains(QStringLiteral("reaches inside ±2.0 %")),
             key);
  }
  int marked = 0;
  for (const auto& row : model.table().rows) marked += row.differences.empty() ? 0 : 1;
  QCOMPARE(marked, 2);
}

void TestDevices::oneDeviceSessionSaysSo() {
  SessionDocument document;
  DevicesView view(&document);
  QVERIFY(!view.comparing());
  QVERIFY(view.noteLabel()->text().contains(QStringLiteral("No results yet")));
  document.setSession(
      std::make_shared<const SessionResult>(loadSession(fixture(kFixture).toStdString())));
  QVERIFY(!view.comparing());
  QVERIFY2(view.noteLabel()->text().contains(QStringLiteral("This session has one device")),
           qPrintable(view.noteLabel()->text()));
  QVERIFY(view.table()->parentWidget()->isHidden());  // the splitter with table and chart
  // Its device is still named, with driver and libraries.
  QVERIFY(view.devicesLabel()->text().contains(QStringLiteral("NVIDIA H200")));
  QVERIFY(view.devicesLabel()->text().contains(QStringLiteral("CUDA 13.0")));
  QCOMPARE(view.plot()->plottableCount(), 0);
  QCOMPARE(view.groupCount(), 0);
}

void TestDevices::anotherGpuModelIsShownButNeverMarked() {
  // Another host's GPU of another model (merge --keep-hosts), its bf16 20 % slower: shown beside
  // the H200, never a "difference".
  SessionDocument document;
  document.setSession(std::make_shared<const SessionResult>(mergedWithSyntheticDevices(
      fixture(kFixture).toStdString(),
      {SyntheticDevice{"node-b", 0, "NVIDIA A100-SXM4-80GB", {{"bf16", 1.2}}}}, true)));
  DevicesView view(&document);
  auto* model = view.model();
  QVERIFY(compared(*model));
  QVERIFY(view.comparing());
  QCOMPARE(model->placeCount(), 2);
  QVERIFY(
      model->headerData(2, Qt::Horizontal).toString().contains(QStringLiteral("node-b cuda:0")));
  QVERIFY(model->headerData(2, Qt::Horizontal).toString().contains(QStringLiteral("A100")));
  for (int r = 0; r < model->rowCount(); ++r) {
    for (int p = 0; p < 2; ++p)
      QCOMPARE(model->index(r, model->placeColumn(p)).data(DeviceTableModel::MarkRole).toInt(), 0);
    QCOMPARE(model->index(r, model->differencesColumn()).data().toString(),
             QStringLiteral("not compared"));
    QVERIFY(model->index(r, model->differencesColumn())
                .data(Qt::ToolTipRole)
                .toString()
                .contains(QStringLiteral("different GPU models")));
  }
  QVERIFY(view.devicesLabel()->text().contains(QStringLiteral("A100")));
  QCOMPARE(view.groupCount(), 0);  // no two GPUs of one model: nothing to draw against each other
}

void TestDevices::threeGpusMarkTheOddOneAgainstEach() {
  // cuda:0 real, cuda:1 its twin, cuda:2 with amp-bf16 8 % slower (both copies synthetic).
  SessionDocument document;
  document.setSession(std::make_shared<const SessionResult>(mergedWithSyntheticDevices(
      fixture(kFixture).toStdString(),
      {SyntheticDevice{"", 1, "", {}}, SyntheticDevice{"", 2, "", {{"amp-bf16", 1.08}}}})));
  DeviceTableModel model(&document);
  QVERIFY(compared(model));
  QCOMPARE(model.placeCount(), 3);
  const int row = rowOf(model, QStringLiteral("amp-bf16"));
  QCOMPARE(model.index(row, model.placeColumn(2)).data(DeviceTableModel::MarkRole).toInt(), 1);
  QCOMPARE(model.index(row, model.placeColumn(0)).data(DeviceTableModel::MarkRole).toInt(), -1);
  QCOMPARE(model.index(row, model.placeColumn(1)).data(DeviceTableModel::MarkRole).toInt(), -1);
  const auto& differences = model.table().rows[static_cast<std::size_t>(row)].differences;
  QCOMPARE(differences.size(), std::size_t{2});  // 2 against 0 and against 1; 0 and 1 agree
  const QString tip = model.index(row, model.placeColumn(2)).data(Qt::ToolTipRole).toString();
  QVERIFY(tip.contains(QStringLiteral("than vm cuda:0")));
  QVERIFY(tip.contains(QStringLiteral("than vm cuda:1")));
  QVERIFY(model.index(row, model.placeColumn(2))
              .data()
              .toString()
              .contains(QStringLiteral("▲ +8.0 %")));

  // On the chart the three marks of amp-bf16 sit a third of a row apart: none covers another.
  DevicesView view(&document);
  view.resize(900, 300);
  view.show();
  QVERIFY(compared(*view.model()));
  view.plot()->replot(QCustomPlot::rpImmediateRefresh);
  QCOMPARE(view.markLabels().size(), std::size_t{3});
  std::vector<QRectF> rects;
  for (auto* m : view.markLabels()) {
    const QFontMetricsF metrics(m->font());
    const QPointF at = m->position->pixelPosition();
    rects.emplace_back(at.x() + m->padding().left(), at.y() - metrics.height() / 2,
                       metrics.horizontalAdvance(m->text()), metrics.height());
  }
  for (std::size_t a = 0; a < rects.size(); ++a) {
    for (std::size_t b = a + 1; b < rects.size(); ++b)
      QVERIFY2(!rects[a].intersects(rects[b]), qPrintable(QString("%1 %2").arg(a).arg(b)));
  }
}

void TestDevices::chartDrawsEachDeviceWithIntervalsAndMarks() {
  SessionDocument document;
  DevicesView view(&document);
  view.resize(1000, 420);
  view.show();
  document.setSession(std::make_shared<const SessionResult>(twoGpus({{"bf16", 1.06}}, "node-b")));
  // The cells at once, the comparisons after them: nothing is marked before they arrive.
  QVERIFY(view.model()->comparisonPending());
  QCOMPARE(view.model()->rowCount(), 9);
  for (const auto& row : view.model()->table().rows) QVERIFY(row.differences.empty());
  QVERIFY(view.noteLabel()->text().contains(QStringLiteral("comparing the GPUs")));
  QVERIFY(view.markLabels().empty());
  QVERIFY(compared(*view.model()));
  QVERIFY(view.comparing());
  QCOMPARE(view.groupCount(), 9);
  auto* plot = view.plot();
  // Per device one point graph and its error bars.
  QCOMPARE(plot->graphCount(), 2);
  QCOMPARE(plot->plottableCount(), 4);
  for (int p = 0; p < 2; ++p) {
    auto* graph = view.deviceGraph(p);
    QVERIFY(graph);
    QCOMPARE(graph->dataCount(), 9);
    QCOMPARE(graph->pen().color().isValid(), true);
  }
  QCOMPARE(view.deviceGraph(0)->name(), QStringLiteral("vm cuda:0"));
  QCOMPARE(view.deviceGraph(1)->name(), QStringLiteral("node-b cuda:1"));
  QVERIFY(view.deviceGraph(0)->scatterStyle().brush().color() !=
          view.deviceGraph(1)->scatterStyle().brush().color());
  int bars = 0;
  for (int i = 0; i < plot->plottableCount(); ++i) {
    if (auto* e = qobject_cast<QCPErrorBars*>(plot->plottable(i))) {
      ++bars;
      QCOMPARE(e->dataCount(), 9);
    }
  }
  QCOMPARE(bars, 2);
  // bf16's group: cuda:1 sits 6 % above cuda:0 (the reference of its model, at 0 %).
  // A row per config down the side (the key axis is the y axis), the difference across.
  const auto bf16_row = [&] {
    auto ticker = plot->yAxis->ticker().dynamicCast<QCPAxisTickerText>();
    for (auto it = ticker->ticks().begin(); it != ticker->ticks().end(); ++it) {
      if (it.value() == QStringLiteral("bf16")) return it.key();
    }
    return -1.0;
  }();
  QVERIFY(bf16_row > 0);
  double y0 = 0, y1 = 0;
  for (auto it = view.deviceGraph(0)->data()->begin(); it != view.deviceGraph(0)->data()->end();
       ++it) {
    if (std::abs(it->key - bf16_row) < 0.4) y0 = it->value;
  }
  for (auto it = view.deviceGraph(1)->data()->begin(); it != view.deviceGraph(1)->data()->end();
       ++it) {
    if (std::abs(it->key - bf16_row) < 0.4) y1 = it->value;
  }
  QCOMPARE(y0, 0.0);
  QVERIFY2(std::abs(y1 - 6.0) < 0.3, qPrintable(QString::number(y1)));
  // The marks over bf16's points, in words; and the devices named at the right edge.
  QCOMPARE(view.markLabels().size(), std::size_t{2});
  QStringList marks;
  for (auto* m : view.markLabels()) marks << m->text();
  QVERIFY2(marks.join(QLatin1Char(' ')).contains(QStringLiteral("▲ +6.0 %")),
           qPrintable(marks.join(QLatin1Char(' '))));
  QVERIFY(marks.join(QLatin1Char(' ')).contains(QStringLiteral("▼ −5.7 %")));
  QCOMPARE(view.deviceLabels().size(), std::size_t{2});
  QCOMPARE(view.deviceLabels()[1]->text(), QStringLiteral("node-b cuda:1"));
  // Hovering cuda:1's bf16 point tells the comparison.
  plot->replot(QCustomPlot::rpImmediateRefresh);
  const QPointF pixel(plot->xAxis->coordToPixel(y1), plot->yAxis->coordToPixel(bf16_row + 0.175));
  const QString tip = view.textAt(pixel);
  QVERIFY2(tip.contains(QStringLiteral("node-b cuda:1 is 6.0 % slower than vm cuda:0")),
           qPrintable(tip));
  QVERIFY(view.textAt(QPointF(2, 2)).isEmpty());
  QVERIFY(view.noteLabel()->text().contains(
      QStringLiteral("1 differ beyond their intervals between GPUs of one model")));
}

void TestDevices::windowHasTheDevicesTabWithTheSessionsDevices() {
  QTemporaryDir dir;
  const QString path = dir.filePath(QStringLiteral("two-gpus.inferscope.json"));
  saveSession(twoGpus({}), path.toStdString());  // an identical twin: nothing to mark
  // With INFERSCOPE_DEVICE_SESSIONS_DIR set, the sessions of docs/GUI.md's Devices screenshots are
  // written there: the BERT guide sweep of tests/fixtures on its H200 and synthetic copies.
  if (const QString keep = qEnvironmentVariable("INFERSCOPE_DEVICE_SESSIONS_DIR");
      !keep.isEmpty()) {
    const std::string bert = fixture("h200_bert_guide").toStdString();
    const SyntheticDevice second{
        "", 1, "", {{"fp16", 1.06}, {"bf16+graph", 1.04}, {"tf32", 1.01}, {"bf16", 1.03}}};
    saveSession(mergedWithSyntheticDevices(bert, {second}),
                QDir(keep).filePath(QStringLiteral("bert-two-gpus.inferscope.json")).toStdString());
    saveSession(
        mergedWithSyntheticDevices(
            bert, {second, SyntheticDevice{"node-b", 0, "", {{"amp-bf16", 0.95}}}}),
        QDir(keep).filePath(QStringLiteral("bert-three-gpus.inferscope.json")).toStdString());
  }
  MainWindow window;
  window.resize(1280, 720);
  window.show();
  QVERIFY(window.openSession(path));
  auto* tabs = window.chartTabs();
  int index = -1;
  for (int i = 0; i < tabs->count(); ++i) {
    if (tabs->tabText(i) == QStringLiteral("Devices")) index = i;
  }
  QVERIFY(index >= 0);
  QCOMPARE(tabs->widget(index), static_cast<QWidget*>(window.devicesView()));
  tabs->setCurrentIndex(index);
  auto* view = window.devicesView();
  QVERIFY(compared(*view->model()));
  QVERIFY(view->comparing());
  QVERIFY(view->table()->isVisible());
  QCOMPARE(view->model()->placeCount(), 2);
  const QString devices = view->devicesLabel()->text();
  QVERIFY2(devices.contains(QStringLiteral("vm cuda:0")) &&
               devices.contains(QStringLiteral("vm cuda:1")),
           qPrintable(devices));
  QVERIFY2(devices.contains(QStringLiteral("cuDNN 9.19.0")),
           qPrintable(devices));  // as cuDNN spells it
  // The file was re-analysed on open (as every session is); nothing in it differs between the GPUs.
  for (const auto& row : view->model()->table().rows) QVERIFY(row.differences.empty());
  // Export Chart writes this page's plot.
  QVERIFY(window.exportChart(dir.filePath(QStringLiteral("devices.png"))));
  QVERIFY(QFileInfo(dir.filePath(QStringLiteral("devices.png"))).size() > 0);
}

INFERSCOPE_GUI_TEST_MAIN(TestDevices, QApplication)
#include "tst_devices.moc"
