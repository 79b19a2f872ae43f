// The window as an engineer meets it with the sessions the tool writes: a tuned session opens with
// its race (winner ★, ties ≈, verdict), an out-of-memory config says so with the allocator's
// figures in the details pane, the Speed × accuracy chart draws the metric that judges safety with
// the tolerance on it, the speed-up names its actual reference, and the small things (cuDNN's
// version as it reads, a batch of 65536 kept).
#include <qcustomplot.h>

#include <QComboBox>
#include <QDoubleSpinBox>
#include <QHeaderView>
#include <QLabel>
#include <QPushButton>
#include <QSpinBox>
#include <QTabWidget>
#include <QTableView>
#include <QTableWidget>
#include <QTemporaryDir>
#include <QTest>

#include "core/engine/accuracy_rule.h"
#include "core/session/session_file.h"
#include "core/tuner/race_record.h"
#include "gui/lib/race_table_model.h"
#include "gui/lib/results_table_model.h"
#include "gui/lib/session_document.h"
#include "gui/lib/tune_job.h"
#include "gui/lib/value_format.h"
#include "gui/widgets/kernels_view.h"
#include "gui/widgets/main_window.h"
#include "gui/widgets/race_view.h"
#include "gui/widgets/results_view.h"
#include "gui/widgets/run_setup_panel.h"
#include "gui/widgets/speed_accuracy_chart.h"
#include "gui/wizard/recommendation_wizard.h"
#include "gui/wizard/wizard_pages.h"
#include "tests/gui/gui_test_main.h"
#include "tests/gui/out_of_memory_config.h"
#include "text/answer_text.h"

using namespace inferscope;
using namespace inferscope::gui;

namespace {

// A cell of the race table, as the model gives it (the view may sort its rows).
QVariant cell(const RaceView* view, int row, int column, int role = Qt::DisplayRole) {
  return view->model()->index(row, column).data(role);
}

int seriesIndex(const MainWindow& window, const QString& key) {
  const auto& series = window.document()->series();
  for (std::size_t i = 0; i < series.size(); ++i) {
    if (series[i].key == key) return static_cast<int>(i);
  }
  return -1;
}

// The results table's row of a series (plan order: the proxy sorts by the config column).
int resultsRow(const MainWindow& window, int series_index) {
  auto* model = window.resultsModel();
  for (int row = 0; row < model->rowCount(); ++row) {
    if (model->index(row, 0).data(ResultsTableModel::SeriesIndexRole).toInt() == series_index)
      return row;
  }
  return -1;
}

// The x of the tolerance line on the Speed × accuracy plot (the one vertical straight line).
double toleranceLineX(QCustomPlot* plot) {
  for (int i = 0; i < plot->itemCount(); ++i) {
    auto* line = qobject_cast<QCPItemStraightLine*>(plot->item(i));
    if (line && line->point1->coords().x() == line->point2->coords().x())
      return line->point1->coords().x();
  }
  return -1;
}

}  // namespace

class TestEngineer : public QObject {
  Q_OBJECT

 private slots:
  // A session written by `inferscope-cli tune -m resnet18 -d cpu --budget-s 40 -o …` opens with
  // the race the tuner ran, as the live run showed it.
  void tunedSessionOpensWithItsRace() {
    MainWindow window;
    window.resize(1280, 800);
    QVERIFY(window.openSession(fixture("cpu_resnet18_tuned")));
    const auto session = window.document()->session();
    QCOMPARE(session->races.size(), std::size_t{1});
    const TuneRecord& race = session->races.front();
    auto* page = window.racePage();
    QCOMPARE(page->raceCount(), 1);
    QVERIFY(!page->raceCombo()->isVisibleTo(&window));  // one race: nothing to pick
    auto* view = page->raceView();
    QVERIFY(view->done());
    QCOMPARE(view->model()->rowCount(), static_cast<int>(race.candidates.size()));
    QCOMPARE(view->winner(), QString::fromStdString(race.winner));
    QCOMPARE(view->verdictState(), QStringLiteral("final"));
    // The winner: ★ and bold; each tie: ≈; an eliminated candidate: greyed with its reason.
    const int winner = view->rowOf(view->winner());
    QVERIFY(winner >= 0);
    QCOMPARE(cell(view, winner, RaceTableModel::ConfigColumn).toString(),
             QStringLiteral("★ ") + view->winner());
    QVERIFY(cell(view, winner, RaceTableModel::ConfigColumn, Qt::FontRole).value<QFont>().bold());
    QVERIFY(cell(view, winner, RaceTableModel::StateColumn)
                .toString()
                .startsWith(QStringLiteral("winner")));
    QCOMPARE(view->ties().size(), static_cast<int>(race.tied_with.size()));
    QVERIFY(!view->ties().isEmpty());
    for (const auto& tie : race.tied_with) {
      const int row = view->rowOf(QString::fromStdString(tie));
      QVERIFY(row >= 0);
      QCOMPARE(cell(view, row, RaceTableModel::ConfigColumn).toString(),
               QStringLiteral("≈ ") + QString::fromStdString(tie));
    }
    int eliminated = 0;
    for (const auto& c : race.candidates) {
      if (c.state != "eliminated") continue;
      ++eliminated;
      const int row = view->rowOf(QString::fromStdString(c.key));
      QCOMPARE(cell(view, row, RaceTableModel::ReasonColumn).toString(),
               QString::fromStdString(c.reason));
      QCOMPARE(
          cell(view, row, RaceTableModel::MedianColumn, Qt::ForegroundRole).value<QBrush>().color(),
          view->palette().color(QPalette::Disabled, QPalette::Text));
    }
    QVERIFY(eliminated > 0);
    // The answer rendered from the race's fields (its confidence and the ratio to torch.compile),
    // not core's verdict paragraph; the pruned configs counted with their reasons on hover.
    const QString verdict = view->verdictLabel()->text();
    QVERIFY2(verdict.contains(QStringLiteral("★ ") + view->winner()), qPrintable(verdict));
    QVERIFY(verdict.contains(QStringLiteral("final")));
    const auto answer = answerOf(race);
    QVERIFY2(
        verdict.contains(
            QString::fromStdString(text::confidenceText(answer, text::Lang::En)).toHtmlEscaped()),
        qPrintable(verdict));
    QVERIFY2(verdict.contains(
                 QString::fromStdString(text::peerText(answer, text::Lang::En)).toHtmlEscaped()),
             qPrintable(verdict));
    QVERIFY(view->prunedLabel()->text().contains(QString::number(race.pruned.size())));
    QVERIFY(view->prunedLabel()->toolTip().contains(
        QString::fromStdString(race.pruned.front().reason)));
    // The results table marks the same answer.
    const int winner_row = resultsRow(window, seriesIndex(window, view->winner()));
    QCOMPARE(
        window.resultsModel()->index(winner_row, ResultsTableModel::ConfigColumn).data().toString(),
        QStringLiteral("★ ") + view->winner());
    const int tie_row = resultsRow(window, seriesIndex(window, view->ties().front()));
    QCOMPARE(
        window.resultsModel()->index(tie_row, ResultsTableModel::ConfigColumn).data().toString(),
        QStringLiteral("≈ ") + view->ties().front());
    // The page is a chart tab, reachable like the others.
    QVERIFY(window.chartTabs()->indexOf(page) >= 0);
  }

  // The same view fed the live events a run streamed and the events rebuilt from the saved race
  // reads the same, cell by cell.
  void savedRaceReadsAsTheLiveEvents() {
    const SessionResult session = loadSession(fixture("cpu_resnet18_tuned").toStdString());
    const auto events = tuner::raceEvents(session.races.front());
    const TuneRecord folded = tuner::foldTuneEvents(events);
    RaceView live, saved;
    for (const auto& e : events) live.addEvent(e);
    saved.showRace(folded);
    QCOMPARE(saved.model()->rowCount(), live.model()->rowCount());
    for (int r = 0; r < live.model()->rowCount(); ++r) {
      for (int c = 0; c < RaceTableModel::ColumnCount; ++c)
        QCOMPARE(saved.model()->index(r, c).data().toString(),
                 live.model()->index(r, c).data().toString());
    }
    QCOMPARE(saved.verdictLabel()->text(), live.verdictLabel()->text());
  }

  // A saved race at the reader's cap (10 000 candidates) opened in the window: the table holds the
  // first rows and fetches more as it scrolls; a header click sorts every candidate, not only the
  // fetched ones; the lines above and below the table list a few keys and reasons and count the
  // rest. No time is asserted here (bench/gui/bench_race_view measures it).
  void aLargeRaceLoadsLazilyAndSortsEveryCandidate() {
    SessionResult session = loadSession(fixture("cpu_resnet18_tuned").toStdString());
    auto& race = session.races.front();
    const auto originals = race.candidates;
    const int n = static_cast<int>(SessionLimits{}.max_race_entries);
    race.candidates.clear();
    for (int i = 0; i < n; ++i) {
      auto c = originals[static_cast<std::size_t>(i) % originals.size()];
      c.key = "cfg" + std::to_string(i);
      c.state = i == 0 ? "winner" : "eliminated";
      c.median_ms = 1000.0 - 0.05 * i;  // the last named is the fastest
      c.forks.reset();
      race.candidates.push_back(c);
    }
    race.winner = "cfg0";
    race.tied_with.clear();
    for (int i = 1; i <= 20; ++i) race.tied_with.push_back("cfg" + std::to_string(i));
    race.pruned.clear();
    for (int i = 0; i < 20; ++i)
      race.pruned.push_back({"pruned" + std::to_string(i), "reason " + std::to_string(i)});
    QTemporaryDir dir;
    const QString path = dir.filePath(QStringLiteral("large-race.inferscope.json"));
    saveSession(session, path.toStdString());

    MainWindow window;
    window.resize(1280, 800);
    window.show();
    QVERIFY(window.openSession(path));
    window.chartTabs()->setCurrentWidget(window.racePage());
    QCoreApplication::processEvents();
    auto* view = window.racePage()->raceView();
    auto* table = view->table();
    QCOMPARE(view->model()->candidateCount(), n);
    const int shown = table->model()->rowCount();
    QVERIFY2(shown >= RaceTableModel::kFetchRows && shown < n, qPrintable(QString::number(shown)));
    QCOMPARE(view->rowOf(QStringLiteral("cfg9999")), 9999);  // found, fetched or not
    table->scrollToBottom();
    QCoreApplication::processEvents();
    QVERIFY(table->model()->rowCount() > shown);  // scrolling fetched more

    table->sortByColumn(RaceTableModel::MedianColumn, Qt::AscendingOrder);
    QCoreApplication::processEvents();
    QCOMPARE(table->model()->rowCount(), n);
    QCOMPARE(table->model()->index(0, 0).data(RaceTableModel::KeyRole).toString(),
             QStringLiteral("cfg9999"));
    QCOMPARE(table->model()->index(n - 1, 0).data(RaceTableModel::KeyRole).toString(),
             QStringLiteral("cfg0"));

    // 20 ties: 8 named, 12 counted; 20 reasons on hover: 8 listed, 12 counted.
    const QString verdict = view->verdictLabel()->text();
    QVERIFY2(verdict.contains(QStringLiteral("cfg8 and 12 more")), qPrintable(verdict));
    QVERIFY(!verdict.contains(QStringLiteral("cfg9,")));
    const QString reasons = view->prunedLabel()->toolTip();
    QCOMPARE(reasons.count(QLatin1Char('\n')), 8);
    QVERIFY2(reasons.endsWith(QStringLiteral("… 12 more")), qPrintable(reasons));
  }

  // The Race tab opens answer first, and at 1024×768 it shows the race: the tuned MobileNetV3-L
  // (H200) has a verdict of 1 000 characters, which took the page under a table of two rows; it
  // now scrolls under the table, and the compile jobs are one line of counts (each on hover):
  // four whole rows in the default split. Without a header click the winner heads the table, then
  // its ties, then the rest by level; a click sorts by that column.
  void theRaceTabShowsItsRowsAnswerFirstAt1024x768() {
    MainWindow window;
    window.resize(1024, 768);
    window.show();
    QVERIFY(QTest::qWaitForWindowExposed(&window));
    QVERIFY(window.openSession(QStringLiteral(INFERSCOPE_SOURCE_DIR
                                              "/bench/gpu/results/2026-12-04c/call2/"
                                              "mobilenet_v3_large-cold.inferscope.json")));
    window.chartTabs()->setCurrentWidget(window.racePage());
    QCoreApplication::processEvents();
    auto* view = window.racePage()->raceView();
    auto* table = view->table();
    const int rows = table->model()->rowCount();
    QVERIFY(rows > 3);
    QVERIFY(!view->winner().isEmpty());
    QCOMPARE(table->model()->index(0, 0).data(RaceTableModel::KeyRole).toString(), view->winner());
    for (int r = 1; r <= static_cast<int>(view->ties().size()); ++r)
      QVERIFY(view->ties().contains(
          table->model()->index(r, 0).data(RaceTableModel::KeyRole).toString()));
    int whole = 0;
    for (int r = 0; r < rows; ++r) {
      const QRect rect = table->visualRect(table->model()->index(r, 0));
      if (rect.isValid() && rect.top() >= 0 && rect.bottom() < table->viewport()->height()) ++whole;
    }
    QVERIFY2(whole >= 4, qPrintable(QStringLiteral("%1 whole rows in a table %2 px high")
                                        .arg(whole)
                                        .arg(table->viewport()->height())));
    // The verdict is all there, scrolled.
    QVERIFY(view->verdictLabel()->text().contains(view->winner()));
    // A header click sorts that column; the answer-first order needs no click to come back.
    table->sortByColumn(RaceTableModel::ConfigColumn, Qt::AscendingOrder);
    QStringList keys;
    for (int r = 0; r < rows; ++r)
      keys << table->model()->index(r, 0).data(RaceTableModel::KeyRole).toString();
    QStringList sorted = keys;
    sorted.sort();
    QCOMPARE(keys, sorted);
  }

  void untunedSessionSaysHowToRecordARace() {
    MainWindow window;
    QVERIFY(window.openSession(fixture("h200_resnet50_b32")));
    QCOMPARE(window.racePage()->raceCount(), 0);
    QVERIFY(!window.racePage()->raceView()->isVisibleTo(window.racePage()));
    QVERIFY(window.racePage()->noteLabel()->text().contains(QStringLiteral("inferscope-cli tune")));
  }

  // An out-of-memory config reads "out of memory" in its row, and the allocator's sentence with
  // its figures is in the details pane under the table once the row is selected.
  void outOfMemoryReadsOutOfMemory() {
    auto session =
        std::make_shared<SessionResult>(loadSession(fixture("h200_resnet50_b32").toStdString()));
    auto& oom = session->configs[2];
    const QString key = QString::fromStdString(oom.config.key());
    // Longer than a wrapped line (display_text::kWrapChars), with "102.42" across the 120th
    // character: cut there it read "10 2.42 GiB".
    markOutOfMemory(
        oom,
        "CUDA out of memory. Tried to allocate 96.00 GiB. GPU has a total capacity of 139.81 GiB "
        "of which 1.25 GiB is free. Of 102.42 GiB allocated by PyTorch, 3.10 GiB is reserved "
        "but unallocated.");
    MainWindow window;
    window.resize(1280, 800);
    window.show();
    window.document()->setSession(session);
    const int series = seriesIndex(window, key);
    const int row = resultsRow(window, series);
    QVERIFY(row >= 0);
    QCOMPARE(window.resultsModel()->index(row, ResultsTableModel::StatusColumn).data().toString(),
             QStringLiteral("out of memory"));
    auto* view = window.resultsView();
    view->setCurrentIndex(view->proxy()->mapFromSource(window.resultsModel()->index(row, 0)));
    const QString details = window.resultsDetails()->text();
    QVERIFY2(details.contains(QStringLiteral("Tried to allocate 96.00 GiB")), qPrintable(details));
    QVERIFY(details.contains(QStringLiteral("139.81")));
    QVERIFY2(details.contains(QStringLiteral("102.42 GiB")), qPrintable(details));
    // The label wraps at word boundaries itself: the text has no break of its own inside a
    // number or a word (hard breaks every 120 characters read "10 2.42 GiB" in it).
    QVERIFY2(details.contains(QString::fromStdString(oom.message)), qPrintable(details));
    QVERIFY(window.resultsDetails()->wordWrap());
    QVERIFY(details.contains(QStringLiteral("out of memory")));
    QVERIFY(window.resultsDetails()->isVisible());
  }

  // A classifier is judged on its top-1 agreement: the x axis is the share of changed top-1
  // classes and the tolerance line sits at t on it, so no point right of the line is drawn safe
  // and every point the rule calls unsafe is counted.
  void speedAccuracyDrawsTheJudgingMetric() {
    MainWindow window;
    window.resize(1280, 800);
    QVERIFY(window.openSession(fixture("h200_resnet50_b32")));
    auto* chart = window.speedAccuracyChart();
    const auto session = window.document()->session();
    for (double tolerance : {1e-2, 1e-3, 1e-4}) {
      chart->setTolerance(tolerance);
      QCOMPARE(chart->metric(), AccuracyMetric::Top1);
      QVERIFY(chart->plot()->xAxis->label().contains(QStringLiteral("top-1")));
      QCOMPARE(toleranceLineX(chart->plot()), tolerance);
      AccuracyRule rule;
      rule.tolerance = tolerance;
      int unsafe = 0;
      for (const auto& c : session->configs) {
        if (c.status != ConfigStatus::Ok || !c.accuracy.measured) continue;
        const auto judged = judgeAccuracy(c.accuracy, c.config, rule);
        unsafe += judged.state == AccuracyState::Unsafe ? 1 : 0;
        QPointF at;
        QVERIFY(chart->pointOf(QString::fromStdString(c.config.key()), &at));
        // Right of the line is unsafe under the rule, always.
        if (at.x() > tolerance) QCOMPARE(judged.state, AccuracyState::Unsafe);
      }
      QCOMPARE(chart->unsafeCount(), unsafe);
    }
    // At 1e-4 the classifier's gross-error guard (rel. L2 ≤ 10·t) turns the BF16 configs unsafe.
    QVERIFY(chart->unsafeCount() > 0);
    // An encoder's output is judged by cosine similarity.
    QVERIFY(window.openSession(fixture("h200_bert_b32")));
    QCOMPARE(chart->metric(), AccuracyMetric::Cosine);
    QVERIFY(chart->plot()->xAxis->label().contains(QStringLiteral("cosine")));
  }

  // FP16 flips every class (a top-1 share of 1) and every other config keeps all of them: the
  // configs equal to FP32 sit on their own lane left of the values, with a tick that says so,
  // never at a deviation they do not have (a decade left of 1 read as "10 % of rows changed"),
  // and the tolerance line stays on the axis however far right the deviations are.
  void zeroDeviationHasItsOwnLaneAndTheToleranceStaysOnTheAxis() {
    auto session =
        std::make_shared<SessionResult>(loadSession(fixture("h200_resnet50_b32").toStdString()));
    for (auto& c : session->configs) c.accuracy.top1_agreement = 1.0;
    session->configs[3].accuracy.top1_agreement = 0.0;  // fp16+bench: every class changed
    const QString flipped = QString::fromStdString(session->configs[3].config.key());
    MainWindow window;
    window.resize(1280, 800);
    window.document()->setSession(session);
    auto* chart = window.speedAccuracyChart();
    for (double tolerance : {1e-2, 1e-4, 0.5}) {
      chart->setTolerance(tolerance);
      QCOMPARE(chart->metric(), AccuracyMetric::Top1);
      QCustomPlot* plot = chart->plot();
      const QCPRange x = plot->xAxis->range();
      QVERIFY2(
          x.lower < tolerance && tolerance < x.upper,
          qPrintable(
              QStringLiteral("t %1 off the axis %2…%3").arg(tolerance).arg(x.lower).arg(x.upper)));
      QVERIFY(chart->valuesFromX() <= tolerance);
      QVERIFY(chart->zeroLaneX() < chart->valuesFromX());
      QVERIFY(x.lower < chart->zeroLaneX());
      for (const auto& c : session->configs) {
        const QString key = QString::fromStdString(c.config.key());
        QPointF at;
        QVERIFY(chart->pointOf(key, &at));
        if (key == flipped) {
          QCOMPARE(at.x(), 1.0);
        } else {
          QCOMPARE(at.x(), chart->zeroLaneX());
        }
      }
      plot->replot();
      const QVector<double> ticks = plot->xAxis->tickVector();
      const QVector<QString> labels = plot->xAxis->tickVectorLabels();
      QVERIFY(!ticks.isEmpty());
      int lane_ticks = 0;
      for (int i = 0; i < ticks.size(); ++i) {
        if (labels[i] == QStringLiteral("= FP32")) {
          ++lane_ticks;
          QCOMPARE(ticks[i], chart->zeroLaneX());
        } else {
          // No number is printed inside the lane: a value there would be read as the points'.
          QVERIFY2(ticks[i] >= chart->valuesFromX(), qPrintable(labels[i]));
        }
      }
      QCOMPARE(lane_ticks, 1);
    }
  }

  // A tuned session of a user's model (a Python entry point, GPT-2 on token ids): the dock
  // describes that model and its inputs, not the zoo's default model at the session's batch, until
  // the user picks a model for a new run.
  void theDockDescribesTheSessionsOwnModel() {
    const QString path =
        QStringLiteral(INFERSCOPE_SOURCE_DIR) +
        QStringLiteral("/bench/gpu/results/2026-12-04c/call1/gpt2-cold.inferscope.json");
    MainWindow window;
    window.resize(1280, 800);
    QVERIFY(window.openSession(path));
    auto* details = window.findChild<QLabel*>(QStringLiteral("modelDetails"));
    QVERIFY(details);
    const QString text = details->text();
    QVERIFY2(text.contains(QStringLiteral("zoo_entries:gpt2")) &&
                 text.contains(QStringLiteral("8x256:int64")) &&
                 text.contains(QStringLiteral("python-entry")),
             qPrintable(text));
    QVERIFY2(!text.contains(QStringLiteral("resnet")) && !text.contains(QStringLiteral("224")),
             qPrintable(text));
    // A zoo session with its default inputs reads as the zoo model.
    QVERIFY(window.openSession(fixture("h200_resnet50_b32")));
    QVERIFY2(details->text().contains(QStringLiteral("ResNet-50")) &&
                 details->text().contains(QStringLiteral("32x3x224x224")),
             qPrintable(details->text()));
    // Back on the user model's session, picking a zoo model describes that one.
    QVERIFY(window.openSession(path));
    auto* combo = window.findChild<QComboBox*>(QStringLiteral("modelCombo"));
    QVERIFY(combo);
    QCOMPARE(combo->currentText(),
             QStringLiteral("resnet50"));  // the zoo session's, left as it was
    QVERIFY(details->text().contains(QStringLiteral("zoo_entries:gpt2")));
    combo->setCurrentText(QStringLiteral("resnet18"));
    QVERIFY2(details->text().contains(QStringLiteral("ResNet-18")), qPrintable(details->text()));
  }

  // Accuracy not measured is no point (never drawn as safe) and "—" in the Safe column.
  void unmeasuredAccuracyIsNotDrawn() {
    auto session =
        std::make_shared<SessionResult>(loadSession(fixture("h200_resnet50_b32").toStdString()));
    session->configs[1].accuracy = {};  // tf32: measured = false
    const QString key = QString::fromStdString(session->configs[1].config.key());
    MainWindow window;
    window.document()->setSession(session);
    auto* chart = window.speedAccuracyChart();
    QPointF at;
    QVERIFY(!chart->pointOf(key, &at));
    QCOMPARE(chart->notMeasuredCount(), 1);
    const int row = resultsRow(window, seriesIndex(window, key));
    QCOMPARE(window.resultsModel()->index(row, ResultsTableModel::UnsafeColumn).data().toString(),
             QStringLiteral("—"));
  }

  // Without a plain fp32 row the speed-ups are over another config, and every label says which.
  void referenceIsNamedAndAbsentWhenAbsent() {
    auto session =
        std::make_shared<SessionResult>(loadSession(fixture("h200_resnet50_b32").toStdString()));
    session->configs.erase(session->configs.begin());  // fp32
    MainWindow window;
    window.document()->setSession(session);
    auto* chart = window.speedAccuracyChart();
    const QString reference = chart->referenceKey();
    QVERIFY(!reference.isEmpty());
    QVERIFY(reference != QStringLiteral("fp32"));
    QCOMPARE(reference, window.resultsModel()->referenceKey());
    const QString y = chart->plot()->yAxis->label();
    QVERIFY2(y.contains(reference) && !y.contains(QStringLiteral("FP32")), qPrintable(y));
    QVERIFY(!chart->exportTitle().contains(QStringLiteral("over FP32")));
    QVERIFY(window.resultsModel()
                ->headerData(ResultsTableModel::SpeedupColumn, Qt::Horizontal)
                .toString()
                .contains(reference));
    // With fp32 present it is named as itself.
    QVERIFY(window.openSession(fixture("h200_resnet50_b32")));
    QCOMPARE(chart->referenceKey(), QStringLiteral("fp32"));
  }

  // A GPU session run without tracing: the Kernels page says why once, naming the configs, not
  // once per config.
  void repeatedNotesAppearOnce() {
    MainWindow window;
    QVERIFY(window.openSession(fixture("h200_resnet50_b32")));
    const QString text = window.kernelsView()->untracedText();
    QCOMPARE(text.count(QStringLiteral("Trace kernels (CUDA)")), 1);
    QVERIFY2(text.contains(QStringLiteral("and 1 more")), qPrintable(text));  // 9 configs, 8 named
  }

  // The rule rows explain the table's config: when the open session's evidence replaced it, they
  // are headed as the table's and greyed, and the evidence row stays in full colour.
  void wizardRulesNameTheConfigTheyExplain() {
    RecommendationWizard wizard({DeviceInfo{}});
    wizard.setEvidence(
        std::make_shared<SessionResult>(loadSession(fixture("h200_resnet50_b32").toStdString())));
    wizard.show();
    wizard.devicePage()->simulate(QStringLiteral("hopper"));
    wizard.next();
    wizard.next();
    QCOMPARE(wizard.currentId(), int(RecommendationWizard::Advice));
    auto* page = wizard.recommendationPage();
    auto& state = wizard.state();
    // Whatever the table chose, a table choice other than the recommended config heads the rows.
    state.table_config =
        OptimizationConfig::parse(state.recommendation.config.key() == "fp32" ? "tf32" : "fp32");
    page->initializePage();
    auto* table = page->reasonTable()->model();
    auto text = [table](int r, int c) { return table->index(r, c).data().toString(); };
    QCOMPARE(table->rowCount(), static_cast<int>(state.recommendation.reasons.size()) + 1);
    QVERIFY(text(0, 1).startsWith(QString::fromStdString(state.table_config.key())));
    QVERIFY(text(0, 1).contains(page->configKey()));
    bool greyed = false, evidence_plain = false;
    for (int r = 1; r < table->rowCount(); ++r) {
      const bool grey = table->index(r, 1).data(Qt::ForegroundRole).value<QBrush>().color() ==
                        page->palette().color(QPalette::Disabled, QPalette::Text);
      if (text(r, 0) == QStringLiteral("evidence"))
        evidence_plain = !grey;
      else
        greyed = greyed || grey;
    }
    QVERIFY(greyed);
    QVERIFY(evidence_plain);
    // Nothing overruled: no heading row.
    state.table_config = state.recommendation.config;
    page->initializePage();
    QCOMPARE(table->rowCount(), static_cast<int>(state.recommendation.reasons.size()));
  }

  void smallThings() {
    QCOMPARE(ValueFormat::cudnnVersion("91900"), QStringLiteral("9.19.0"));
    QCOMPARE(ValueFormat::cudnnVersion("8902"), QStringLiteral("8.9.2"));
    QCOMPARE(ValueFormat::cudnnVersion("unknown"), QStringLiteral("unknown"));
    MainWindow window;
    QVERIFY(window.openSession(fixture("h200_resnet50_b32")));
    const QString info = window.sessionInfo()->text();
    QVERIFY2(info.contains(QStringLiteral("cuDNN 9.19.0")), qPrintable(info));
    QVERIFY(!info.contains(QStringLiteral("91900")));
    // The batch that ran out of memory on the H200 is kept, not clamped.
    auto* batch = window.setupPanel()->findChild<QSpinBox*>(QStringLiteral("batchSpin"));
    QVERIFY(batch);
    batch->setValue(65536);
    QCOMPARE(batch->value(), 65536);
  }

  // A race its budget ended with candidates unmeasured offers "Continue this race" with the budget
  // its verdict names; the button runs the same resume as `tune --resume SESSION` (the session,
  // its path, that budget) through the tune job, and the continued session it writes beside the
  // file opens. A final race offers nothing.
  void aBudgetEndedRaceIsContinuedWithTheBudgetItNames() {
    QTemporaryDir dir;
    QVERIFY(dir.isValid());
    auto cold = loadSession(fixture("cpu_resnet18_tuned").toStdString());
    QCOMPARE(cold.races.size(), std::size_t{1});
    {
      SessionDocument final_doc;
      final_doc.setSession(std::make_shared<SessionResult>(cold), fixture("cpu_resnet18_tuned"));
      RacePage page(&final_doc);
      QVERIFY(!page.continueButton()->isVisibleTo(&page));
    }
    auto& race = cold.races.front();
    race.verdict_state = "provisional";
    race.not_measured = 3;
    race.budget_to_reach_ms = 390000;
    const QString path = dir.filePath(QStringLiteral("cold.inferscope.json"));
    saveSession(cold, path.toStdString());
    SessionDocument doc;
    doc.setSession(std::make_shared<SessionResult>(cold), path);
    RacePage page(&doc);
    QVERIFY(page.continueButton()->isVisibleTo(&page));
    QVERIFY(page.continueButton()->isEnabled());
    QCOMPARE(page.continueBudget()->value(), 390.0);
    page.continueBudget()->setValue(300);  // the user's pick
    TuneJobRequest asked;
    const SessionResult* resumed = nullptr;
    double resumed_reach_ms = 0;  // read while the run holds the session
    page.setTuneRunner([&](const TuneJobRequest& request, const CancelToken&,
                           const std::function<void(tuner::TuneEvent)>&) {
      asked = request;
      resumed = request.settings.resume;
      if (resumed) resumed_reach_ms = resumed->races.front().budget_to_reach_ms;
      auto continued = *request.settings.resume;
      continued.races.front().verdict_state = "final";
      continued.races.front().not_measured = 0;
      continued.races.front().budget_to_reach_ms = 0;
      saveSession(continued, request.session_path);
      TuneOutcome outcome;
      outcome.session_path = request.session_path;
      return outcome;
    });
    page.continueButton()->click();
    QTRY_VERIFY_WITH_TIMEOUT(!page.isContinuing(), 10000);
    QVERIFY(resumed != nullptr);  // the session shown, as --resume reads it
    QCOMPARE(resumed_reach_ms, 390000.0);
    QCOMPARE(QString::fromStdString(asked.settings.resume_path), path);
    QCOMPARE(asked.race.budget_ms, 300000.0);  // an explicit budget, as --budget-s 300
    QVERIFY(asked.settings.remember);
    const QString continued = dir.filePath(QStringLiteral("cold-continued.inferscope.json"));
    QCOMPARE(QString::fromStdString(asked.session_path), continued);
    QTRY_COMPARE_WITH_TIMEOUT(doc.filePath(), continued, 10000);
    QTRY_VERIFY_WITH_TIMEOUT(doc.session() && doc.session()->races.front().verdict_state == "final",
                             10000);
    QVERIFY(!page.continueButton()->isVisibleTo(&page));  // nothing left to continue
  }
};

INFERSCOPE_GUI_TEST_MAIN(TestEngineer, QApplication)
#include "tst_engineer.moc"
