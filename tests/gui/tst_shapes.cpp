// The Shapes page on real CPU shape sweeps (tests/fixtures: ResNet-18 at 64×64 over B=1…16 for
// fp32, bf16 and fp32+cl; a tiny BERT's largest batch per config with out-of-memory injected
// above a batch): the curves, each knee where the session's own medians put it, the single config
// marked and the router's rows as measured, the largest batch per precision, a file written before
// sessions kept their answers, the tab only for sessions over a shape set, the Answer page's
// section, and Japanese.
#include <qcustomplot.h>

#include <QApplication>
#include <QFile>
#include <QLineF>
#include <QTabWidget>
#include <QTest>
#include <algorithm>
#include <cmath>
#include <limits>
#include <map>
#include <nlohmann/json.hpp>

#include "core/engine/shape_sweep.h"
#include "core/session/session_file.h"
#include "gui/lib/session_document.h"
#include "gui/widgets/answer_view.h"
#include "gui/widgets/language_switch.h"
#include "gui/widgets/main_window.h"
#include "gui/widgets/shapes_view.h"
#include "tests/gui/gui_test_main.h"

using namespace inferscope;
using namespace inferscope::gui;

namespace {

// Each config's knee from the session's results alone: items/s = batch / median at each shape, the
// smallest batch reaching 90 % of the config's peak.
std::map<std::string, std::int64_t> kneesFromResults(const SessionResult& s) {
  std::map<std::string, std::vector<std::pair<std::int64_t, double>>> items;
  for (const auto& c : s.configs) {
    if (!c.shape || c.status != ConfigStatus::Ok || !(c.stats.median_ms > 0)) continue;
    items[c.config.key()].emplace_back(
        c.shape->batch, 1000.0 * static_cast<double>(c.shape->batch) / c.stats.median_ms);
  }
  std::map<std::string, std::int64_t> knees;
  for (const auto& [key, points] : items) {
    double peak = 0;
    for (const auto& [b, v] : points) peak = std::max(peak, v);
    std::int64_t knee = std::numeric_limits<std::int64_t>::max();
    for (const auto& [b, v] : points)
      if (v >= 0.9 * peak) knee = std::min(knee, b);
    knees[key] = knee;
  }
  return knees;
}

double medianAt(const SessionResult& s, const std::string& key, const std::string& shape) {
  for (const auto& c : s.configs)
    if (c.shape && c.shape->label == shape && c.config.key() == key) return c.stats.median_ms;
  return -1;
}

}  // namespace

class TestShapes : public QObject {
  Q_OBJECT

 private slots:
  void cleanup() { LanguageSwitch::instance().apply(QStringLiteral("en")); }

  // The sweep's charts: a curve per config, each knee mark at the batch the results put it, at
  // that batch's items/s; the single config drawn as the winner; a memory line per precision.
  void theChartsDrawTheSweepAsMeasured() {
    MainWindow window;
    window.resize(1280, 800);
    QVERIFY(window.openSession(fixture("cpu_resnet18_shapes")));
    const auto session = window.document()->session();
    QVERIFY(session && session->shape_record);
    auto* view = window.shapesView();
    const int tab = window.chartTabs()->indexOf(view);
    QVERIFY(window.chartTabs()->isTabVisible(tab));
    window.chartTabs()->setCurrentWidget(view);

    QCOMPARE(view->curveNames(), (QStringList{QStringLiteral("fp32"), QStringLiteral("bf16"),
                                              QStringLiteral("fp32+cl")}));
    const auto knees = kneesFromResults(*session);
    QCOMPARE(knees.size(), std::size_t{3});
    for (const auto& [key, knee] : knees) {
      const auto name = QString::fromStdString(key);
      const auto mark = view->kneeMarkBatch(name);
      QVERIFY2(mark, qPrintable(name));
      QCOMPARE(*mark, static_cast<double>(knee));
      const auto shape = "B=" + std::to_string(knee);
      const double expected = 1000.0 * static_cast<double>(knee) / medianAt(*session, key, shape);
      QVERIFY(std::abs(*view->kneeMarkItemsPerSecond(name) - expected) < 1e-6 * expected);
    }

    const auto& best = session->shape_record->best_single;
    QVERIFY(best);
    QCOMPARE(view->winnerCurve(), QString::fromStdString(best->config_key));
    // The single config is no slower over the set than the FP32 reference, which is always safe.
    double winner_total = 0, fp32_total = 0;
    for (const auto& shape : sessionShapes(*session)) {
      winner_total += medianAt(*session, best->config_key, shape.label);
      fp32_total += medianAt(*session, "fp32", shape.label);
    }
    QVERIFY(winner_total <= fp32_total + 1e-9);

    QCOMPARE(view->memoryLineNames(),
             (QStringList{QStringLiteral("fp32"), QStringLiteral("bf16")}));
    QVERIFY(!view->largestBatchMark(QStringLiteral("fp32")));  // nothing ran out of memory
  }

  // Knees close together keep their labels apart and at their knees: fp32 and fp32+cl both knee
  // at B=16 (22 and 20 items/s), whose labels were drawn over each other. At both sizes every
  // label lies inside the plot, over no other, and beside its knee's diamond or joined to it by
  // a line; a label with no line is within a few pixels of its knee.
  void kneeLabelsStayAtTheirKneesApart() {
    MainWindow window;
    window.show();
    QVERIFY(QTest::qWaitForWindowExposed(&window));
    QVERIFY(window.openSession(fixture("cpu_resnet18_shapes")));
    auto* view = window.shapesView();
    window.chartTabs()->setCurrentWidget(view);
    for (const QSize size : {QSize(1024, 768), QSize(1920, 1080)}) {
      window.resize(size);
      QApplication::processEvents();
      const auto places = view->kneeLabelPlaces();
      QCOMPARE(places.size(), std::size_t{3});
      const QRectF area = view->throughputPlot()->axisRect()->rect();
      const double line = places.front().rect.height();
      bool close_knees = false;
      for (std::size_t i = 0; i < places.size(); ++i) {
        const auto& p = places[i];
        const QString where =
            QStringLiteral("%1 at %2×%3").arg(p.text).arg(size.width()).arg(size.height());
        QVERIFY2(area.adjusted(-1, -1, 1, 1).contains(p.rect), qPrintable(where));
        const QPointF nearest(std::clamp(p.knee.x(), p.rect.left(), p.rect.right()),
                              std::clamp(p.knee.y(), p.rect.top(), p.rect.bottom()));
        const double apart = QLineF(p.knee, nearest).length();
        QVERIFY2(p.leader || apart <= 12,
                 qPrintable(QStringLiteral("%1: %2 px").arg(where).arg(apart)));
        QVERIFY2(apart <= 4 * line, qPrintable(QStringLiteral("%1: %2 px").arg(where).arg(apart)));
        for (std::size_t j = 0; j < i; ++j) {
          QVERIFY2(!p.rect.intersects(places[j].rect), qPrintable(where));
          close_knees = close_knees || QLineF(p.knee, places[j].knee).length() < 2 * line;
        }
      }
      QVERIFY(close_knees);  // the case this test is about
    }
  }

  // The router's table: a row per shape, in the set's order, naming a config whose median at that
  // shape is the row's and no slower than FP32's there.
  void theRoutingRowsAreTheMeasuredBest() {
    MainWindow window;
    QVERIFY(window.openSession(fixture("cpu_resnet18_shapes")));
    const auto session = window.document()->session();
    const auto rows = window.shapesView()->routingRows();
    const auto shapes = sessionShapes(*session);
    QCOMPARE(rows.size(), static_cast<qsizetype>(shapes.size()));
    QCOMPARE(rows.size(), 5);
    for (std::size_t i = 0; i < shapes.size(); ++i) {
      const auto cells = rows[static_cast<qsizetype>(i)].split(QStringLiteral(" | "));
      QCOMPARE(cells.size(), 4);
      QCOMPARE(cells[0], QString::fromStdString(shapes[i].label));
      QCOMPARE(cells[1], QString::number(shapes[i].batch));
      QString key = cells[2];
      key.remove(QStringLiteral("★ "));
      const double median = medianAt(*session, key.toStdString(), shapes[i].label);
      QVERIFY2(median > 0, qPrintable(rows[static_cast<qsizetype>(i)]));
      QVERIFY(median <= medianAt(*session, "fp32", shapes[i].label) + 1e-9);
      QCOMPARE(session->shape_record->routing[i].config_key, key.toStdString());
    }
    const auto text = window.shapesView()->answerText();
    QVERIFY2(text.contains(QStringLiteral("One config for every shape (uniform over the shapes)")),
             qPrintable(text));
  }

  // A file written before sessions kept their answers: the same charts, derived on opening.
  void aSessionWithoutItsRecordOpensWithTheSameAnswers() {
    QFile file(fixture("cpu_resnet18_shapes"));
    QVERIFY(file.open(QIODevice::ReadOnly));
    auto j = nlohmann::json::parse(file.readAll().toStdString());
    QVERIFY(j.contains("shape_record"));
    j.erase("shape_record");
    auto old = std::make_shared<SessionResult>(sessionFromJson(j.dump(), "old.json"));
    QVERIFY(!old->shape_record);
    SessionDocument document;
    document.setSession(old);
    ShapesView view(&document);
    QVERIFY(ShapesView::applies(old.get()));
    const auto knees = kneesFromResults(*old);
    for (const auto& [key, knee] : knees)
      QCOMPARE(*view.kneeMarkBatch(QString::fromStdString(key)), static_cast<double>(knee));
    QCOMPARE(view.routingRows().size(), 5);
    QVERIFY(!view.winnerCurve().isEmpty());
  }

  // Largest batch per config, out of memory injected above 5 (fp32) and 12 (bf16): each
  // precision's line at its largest batch, the search's path in words.
  void theLargestBatchPerPrecisionIsMarked() {
    MainWindow window;
    QVERIFY(window.openSession(fixture("cpu_tiny_bert_max_batch")));
    auto* view = window.shapesView();
    QVERIFY(window.chartTabs()->isTabVisible(window.chartTabs()->indexOf(view)));
    const auto fp32 = view->largestBatchMark(QStringLiteral("fp32"));
    const auto bf16 = view->largestBatchMark(QStringLiteral("bf16"));
    QVERIFY(fp32 && bf16);
    QCOMPARE(*fp32, 5.0);
    QCOMPARE(*bf16, 12.0);
    const auto text = view->answerText();
    QVERIFY2(text.contains(QStringLiteral("fp32 (fp32): 5 — out of memory at 6")),
             qPrintable(text));
    QVERIFY2(text.contains(QStringLiteral("bf16 (bf16): 12 — out of memory at 13")),
             qPrintable(text));
    QVERIFY(view->routingRows().isEmpty());  // each config probed its own batches
  }

  // A session of one shape has no Shapes tab; the window's own View menu entry is hidden with it.
  void theTabIsOnlyForShapeSets() {
    MainWindow window;
    const int tab = window.chartTabs()->indexOf(window.shapesView());
    QVERIFY(!window.chartTabs()->isTabVisible(tab));
    QVERIFY(window.openSession(fixture("cpu_resnet18_tuned")));
    QVERIFY(!window.chartTabs()->isTabVisible(tab));
    QVERIFY(window.openSession(fixture("cpu_resnet18_shapes")));
    QVERIFY(window.chartTabs()->isTabVisible(tab));
  }

  // The Answer page of a shape sweep: the answer across shapes, not a ranking of B=1 against B=16.
  void theAnswerPageGivesTheShapeAnswer() {
    MainWindow window;
    QVERIFY(window.openSession(fixture("cpu_resnet18_shapes")));
    const auto session = window.document()->session();
    QCOMPARE(window.answerView()->answerKey(),
             QString::fromStdString(session->shape_record->best_single->config_key));
    const auto text = window.answerView()->plainText();
    QVERIFY2(text.contains(QStringLiteral("Across 5 shapes")), qPrintable(text));
    QVERIFY2(text.contains(QStringLiteral("One config for every shape")), qPrintable(text));
    QVERIFY2(!text.contains(QStringLiteral("Fastest configs that pass")), qPrintable(text));
  }

  // In Japanese: the page's texts translated, the data unchanged.
  void thePageReadsInJapanese() {
    if (!LanguageSwitch::available().contains(QStringLiteral("ja")))
      QSKIP("no compiled Japanese translation (Qt Linguist tools not installed)");
    MainWindow window;
    QVERIFY(window.openSession(fixture("cpu_resnet18_shapes")));
    const auto english = window.shapesView()->answerText();
    LanguageSwitch::instance().apply(QStringLiteral("ja"));
    window.chartTabs()->setCurrentWidget(window.shapesView());
    const auto japanese = window.shapesView()->answerText();
    QVERIFY2(japanese != english, qPrintable(japanese));
    QVERIFY2(!japanese.contains(QStringLiteral("One config for every shape")),
             qPrintable(japanese));
    QVERIFY2(!window.answerView()->plainText().contains(QStringLiteral("Across 5 shapes")),
             qPrintable(window.answerView()->plainText()));
    QCOMPARE(window.shapesView()->routingRows().size(), 5);
  }
};

INFERSCOPE_GUI_TEST_MAIN(TestShapes, QApplication)
#include "tst_shapes.moc"
