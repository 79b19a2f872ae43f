// The Roofline page (issue #19) on a session built here with known values: one dot per config
// placed on the roofline, one roof per measured precision, hover text with the numbers and the
// bound, hollow dots for work taken from an eager count; and the page's place next to
// Speed × accuracy in the main window.
#include <qcustomplot.h>

#include <QApplication>
#include <QMouseEvent>
#include <QTabWidget>
#include <QTest>
#include <QToolTip>

#include "core/session/session_file.h"
#include "gui/lib/session_document.h"
#include "gui/lib/value_format.h"
#include "gui/widgets/main_window.h"
#include "gui/widgets/roofline_chart.h"
#include "tests/gui/gui_test_main.h"

using namespace inferscope;
using namespace inferscope::gui;

namespace {

ConfigResult placed(const std::string& key, double tflops, double intensity, roofline::Bound bound,
                    const std::string& source = "observed") {
  ConfigResult c;
  c.config = OptimizationConfig::parse(key);
  c.stats.median_ms = 2.75;
  roofline::ConfigRoofline r;
  r.work.flops = tflops * 1e12 * 2.75e-3;
  r.work.bytes = r.work.flops / intensity;
  r.achieved_tflops = tflops;
  r.achieved_gbps = tflops * 1e3 / intensity;
  r.intensity = intensity;
  r.precision = c.config.precision == Precision::Fp32 ? "fp32" : "bf16";
  r.ceiling_tflops = r.precision == "fp32" ? 50 : 800;
  r.ceiling_gbps = 4000;
  r.pct_of_compute_ceiling = 100 * tflops / r.ceiling_tflops;
  r.bound = bound;
  r.reason = "reason of " + key;
  r.work_source = source;
  if (source == "eager") r.work_from = "bf16";
  r.median_ms = 2.75;
  c.roofline = r;
  return c;
}

std::shared_ptr<const SessionResult> rooflineSession() {
  auto s = std::make_shared<SessionResult>();
  s->request.run.roofline = true;
  s->request.plan = {OptimizationConfig::parse("fp32"), OptimizationConfig::parse("bf16"),
                     OptimizationConfig::parse("bf16+graph"), OptimizationConfig::parse("fp16")};
  roofline::DeviceCeilings c;
  c.key.device_name = "NVIDIA H200";
  c.matmul = {{"fp32", 50, 67, 8192}, {"bf16", 800, 989.5, 8192}};
  c.copy_gbps = 4000;
  c.datasheet_gbps = 4800;
  c.measured_utc = "2026-12-02T01:00:00Z";
  s->ceilings = c;
  s->configs = {placed("fp32", 20, 60, roofline::Bound::Compute),
                placed("bf16", 120, 60, roofline::Bound::Mixed),
                placed("bf16+graph", 300, 60, roofline::Bound::Mixed, "eager")};
  ConfigResult failed;  // no roofline: no dot
  failed.config = OptimizationConfig::parse("fp16");
  failed.status = ConfigStatus::OutOfMemory;
  s->configs.push_back(failed);
  return s;
}

}  // namespace

class TestRoofline : public QObject {
  Q_OBJECT

 private slots:
  void dotsPerConfigAndRoofsPerPrecision() {
    SessionDocument doc;
    doc.setSession(rooflineSession());
    RooflineChart chart(&doc);
    chart.resize(1280, 720);
    chart.show();
    QVERIFY(QTest::qWaitForWindowExposed(&chart));
    QCOMPARE(chart.pointCount(), 3);
    QCOMPARE(chart.ceilingCount(), 2);
    QCOMPARE(chart.plot()->graphCount(), 5);  // 3 dots + 2 roofs
    QCOMPARE(chart.pointKey(2), QStringLiteral("bf16+graph"));
    QVERIFY(chart.plot()->xAxis->scaleType() == QCPAxis::stLogarithmic);
    QVERIFY(chart.plot()->yAxis->scaleType() == QCPAxis::stLogarithmic);
    // The bf16 roof bends at its ridge: 800 TFLOP/s over 4 TB/s = 200 FLOP/B.
    bool ridge = false;
    for (int g = 0; g < chart.plot()->graphCount(); ++g) {
      const auto* data = chart.plot()->graph(g)->data().data();
      for (auto it = data->constBegin(); it != data->constEnd(); ++it) {
        ridge = ridge || (std::abs(it->key - 200) < 1e-9 && std::abs(it->value - 800) < 1e-9);
      }
    }
    QVERIFY(ridge);
    QVERIFY(chart.note().contains(QStringLiteral("NVIDIA H200")));
    QVERIFY(
        chart.note().contains(ValueFormat::number(4800)));  // the datasheet next to the measured
  }

  // At 1024 pixels every legend entry keeps its whole name: the roofs' "bf16 roof: 800 TFLOP/s
  // (datasheet 989.5)" were cut to "bf1(" and "(datasheet 6" at the legend's fixed columns.
  void legendEntriesAreNeverCut() {
    SessionDocument doc;
    doc.setSession(rooflineSession());
    RooflineChart chart(&doc);
    // The tab's size in a 1024×768 window beside the dock, then alone and at 1920×1080.
    for (const QSize size : {QSize(740, 520), QSize(1024, 600), QSize(1600, 900)}) {
      chart.resize(size);
      chart.show();
      QVERIFY(QTest::qWaitForWindowExposed(&chart));
      QApplication::processEvents();
      QCustomPlot* plot = chart.plot();
      plot->replot();
      int entries = 0;
      for (int i = 0; i < plot->legend->itemCount(); ++i) {
        auto* item = plot->legend->item(i);
        if (!item) continue;  // an empty cell of the wrapped grid
        ++entries;
        QVERIFY2(item->outerRect().width() >= item->minimumOuterSizeHint().width() &&
                     item->outerRect().right() <= plot->width(),
                 qPrintable(QStringLiteral("%1×%2: legend entry %3 is cut (%4 of %5 px, right %6)")
                                .arg(size.width())
                                .arg(size.height())
                                .arg(i)
                                .arg(item->outerRect().width())
                                .arg(item->minimumOuterSizeHint().width())
                                .arg(item->outerRect().right())));
      }
      QCOMPARE(entries, 5);  // 3 dots + 2 roofs
    }
  }

  void hoverGivesTheNumbersAndTheBound() {
    SessionDocument doc;
    doc.setSession(rooflineSession());
    RooflineChart chart(&doc);
    chart.resize(1280, 720);
    chart.show();
    QVERIFY(QTest::qWaitForWindowExposed(&chart));
    chart.plot()->replot();
    const QString text = chart.pointText(1);
    QVERIFY2(text.contains(QStringLiteral("120 TFLOP/s")), qPrintable(text));
    QVERIFY2(text.contains(ValueFormat::number(15) + QStringLiteral(" % of the bf16 ceiling")),
             qPrintable(text));
    QVERIFY(text.contains(QStringLiteral("mixed")));
    QVERIFY(text.contains(QStringLiteral("reason of bf16")));
    QVERIFY(chart.pointText(2).contains(QStringLiteral("eager count of bf16")));
    // A real mouse move over the dot shows that text as the tooltip.
    const QPointF at = chart.pointPixel(1);
    QMouseEvent move(QEvent::MouseMove, at, chart.plot()->mapToGlobal(at), Qt::NoButton,
                     Qt::NoButton, Qt::NoModifier);
    QCoreApplication::sendEvent(chart.plot(), &move);
    QTRY_VERIFY(QToolTip::isVisible());
    QCOMPARE(QToolTip::text(), text);
  }

  void aSessionWithoutTheRooflineSaysHowToGetOne() {
    SessionDocument doc;
    auto s = std::make_shared<SessionResult>();
    ConfigResult c;
    c.config = OptimizationConfig::parse("fp32");
    s->configs.push_back(c);
    doc.setSession(s);
    RooflineChart chart(&doc);
    QCOMPARE(chart.pointCount(), 0);
    QCOMPARE(chart.ceilingCount(), 0);
    QVERIFY(chart.note().contains(QStringLiteral("--roofline")));
  }

  // A tuned session of a model in the Python worker (GPT-2 on the H200): the tuner recorded why its
  // answer has no roofline, and the page says that instead of "run profile/sweep --roofline",
  // which could not place such a model either.
  void aTunedSessionSaysWhatItsRaceRecorded() {
    SessionDocument doc;
    doc.setSession(std::make_shared<SessionResult>(loadSession(
        (QStringLiteral(INFERSCOPE_SOURCE_DIR) +
         QStringLiteral("/bench/gpu/results/2026-12-04c/call1/gpt2-cold.inferscope.json"))
            .toStdString())));
    RooflineChart chart(&doc);
    QCOMPARE(chart.pointCount(), 0);
    const QString note = chart.note();
    QVERIFY2(note.contains(QString::fromStdString(doc.session()->races.front().winner)) &&
                 note.contains(QStringLiteral("Python worker")) &&
                 !note.contains(QStringLiteral("profile/sweep")),
             qPrintable(note));
    // A race saved without the clause: profile the answer with the roofline on.
    auto s = std::make_shared<SessionResult>(*doc.session());
    s->races.front().roofline.clear();
    doc.setSession(s);
    QVERIFY2(chart.note().contains(QStringLiteral("--config ") +
                                   QString::fromStdString(s->races.front().winner) +
                                   QStringLiteral(" --roofline")),
             qPrintable(chart.note()));
  }

  // A tuned session's answer is marked at its own dot, as on Speed × accuracy, and its legend
  // entry reads as every view writes it (★ the winner, ≈ a tie). No race: no mark.
  void theRacesAnswerIsMarkedAtItsDot() {
    auto s = std::make_shared<SessionResult>(*rooflineSession());
    TuneRecord race;
    race.winner = "bf16";
    race.tied_with = {"fp32"};
    s->races.push_back(race);
    SessionDocument doc;
    doc.setSession(s);
    RooflineChart chart(&doc);
    chart.resize(1024, 600);
    chart.show();
    QVERIFY(QTest::qWaitForWindowExposed(&chart));
    QCOMPARE(chart.winnerMarkText(), QStringLiteral("★ bf16 (the race's answer)"));
    int marks = 0;
    for (int i = 0; i < chart.plot()->itemCount(); ++i) {
      auto* text = qobject_cast<QCPItemText*>(chart.plot()->item(i));
      if (!text || text->objectName() != QStringLiteral("winnerMark")) continue;
      ++marks;
      QCOMPARE(text->text(), chart.winnerMarkText());
      QCOMPARE(text->position->coords(), QPointF(60, 120));  // bf16's intensity and TFLOP/s
      // Beside the dot, inside the plot.
      QVERIFY(chart.plot()->axisRect()->rect().contains(text->position->pixelPosition().toPoint()));
    }
    QCOMPARE(marks, 1);
    QStringList names;
    for (int g = 0; g < chart.plot()->graphCount(); ++g) names << chart.plot()->graph(g)->name();
    QVERIFY2(names.contains(QStringLiteral("★ bf16")) && names.contains(QStringLiteral("≈ fp32")),
             qPrintable(names.join(QLatin1Char(','))));
    s = std::make_shared<SessionResult>(*rooflineSession());
    doc.setSession(s);
    QVERIFY(chart.winnerMarkText().isEmpty());
  }

  void thePageSitsNextToSpeedAccuracy() {
    MainWindow window;
    auto* tabs = window.chartTabs();
    int speed = -1, roof = -1;
    for (int i = 0; i < tabs->count(); ++i) {
      if (tabs->tabText(i) == QStringLiteral("Speed × accuracy")) speed = i;
      if (qobject_cast<RooflineChart*>(tabs->widget(i)) != nullptr) roof = i;
    }
    QVERIFY(speed >= 0);
    QCOMPARE(roof, speed + 1);
    QCOMPARE(tabs->tabText(roof), QStringLiteral("Roofline"));
  }
};

INFERSCOPE_GUI_TEST_MAIN(TestRoofline, QApplication)
#include "tst_roofline.moc"
