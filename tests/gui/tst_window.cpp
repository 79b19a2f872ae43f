// Issue #17 in the window, item by item: the warm-up analysis drawn (hollow excluded points, each
// config's steady-start tick, the selected config's line and forks), many configs readable (direct
// labels, a long adaptive run that no longer squashes the rest, memory value labels and log axis,
// chart-only mode), the session's device above the charts, errors in the window (banner, status
// bar, no legend for a session without results), small things (run outcome against the plan,
// About, first-start size, dark check boxes, hint contrast, swatches during a run) and the Qt
// conventions (drop a session file, shortcuts in the menus, restored geometry).
#include <qcustomplot.h>

#include <QAction>
#include <QApplication>
#include <QCheckBox>
#include <QDropEvent>
#include <QLabel>
#include <QListWidget>
#include <QMessageBox>
#include <QMimeData>
#include <QScreen>
#include <QSignalSpy>
#include <QSplitter>
#include <QTabWidget>
#include <QTemporaryDir>
#include <QTest>
#include <QUrl>

#include "core/session/session_file.h"
#include "gui/lib/log_model.h"
#include "gui/lib/results_table_model.h"
#include "gui/lib/session_document.h"
#include "gui/lib/session_loader.h"
#include "gui/lib/settings_writer.h"
#include "gui/widgets/cudnn_chart.h"
#include "gui/widgets/dark_style.h"
#include "gui/widgets/deferred_rebuild.h"
#include "gui/widgets/kernels_view.h"
#include "gui/widgets/latency_chart.h"
#include "gui/widgets/main_window.h"
#include "gui/widgets/memory_chart.h"
#include "gui/widgets/message_banner.h"
#include "gui/widgets/results_view.h"
#include "gui/widgets/run_setup_panel.h"
#include "gui/widgets/run_status_bar.h"
#include "tests/gui/gui_test_main.h"

using namespace inferscope;
using namespace inferscope::gui;

namespace {

int seriesIndex(const MainWindow& window, const QString& key) {
  const auto& series = window.document()->series();
  for (std::size_t i = 0; i < series.size(); ++i) {
    if (series[i].key == key) return static_cast<int>(i);
  }
  return -1;
}

double luminance(const QColor& c) {
  auto channel = [](double v) {
    return v <= 0.03928 ? v / 12.92 : std::pow((v + 0.055) / 1.055, 2.4);
  };
  return 0.2126 * channel(c.redF()) + 0.7152 * channel(c.greenF()) + 0.0722 * channel(c.blueF());
}

double contrast(const QColor& a, const QColor& b) {
  const double la = luminance(a), lb = luminance(b);
  return (std::max(la, lb) + 0.05) / (std::min(la, lb) + 0.05);
}

QString writeFile(const QTemporaryDir& dir, const char* name, const QByteArray& bytes) {
  const QString path = dir.filePath(QString::fromLatin1(name));
  QFile file(path);
  file.open(QIODevice::WriteOnly);
  file.write(bytes);
  return path;
}

// A session of `lengths.size()` configs with that many iterations each, 2 warm-up.
SessionResult sessionWithLengths(const std::vector<int>& lengths) {
  SessionResult s;
  s.request.plan.clear();
  s.request.run.warmup_iterations = 2;
  const char* keys[] = {"fp32", "bf16", "fp16", "tf32"};
  for (std::size_t i = 0; i < lengths.size(); ++i) {
    ConfigResult c;
    c.index = static_cast<int>(i);
    c.config = OptimizationConfig::parse(keys[i]);
    c.warmup_iterations = 2;
    for (int k = 0; k < lengths[i]; ++k)
      c.latency_ms.push_back(5.0 + static_cast<double>(i) + 0.01 * (k % 5));
    c.host_ms = c.latency_ms;
    c.stats.median_ms = 5.0 + static_cast<double>(i);
    c.steady.analysed = true;
    c.steady.series_class = "flat";
    c.steady.steady_start = 2;
    s.request.plan.push_back(c.config);
    s.configs.push_back(c);
  }
  return s;
}

}  // namespace

class TestWindow : public QObject {
  Q_OBJECT

 private slots:
  // Item 1: bf16 in the b8 session settles at iteration 10 after a warm-up of 5; the spike at 5
  // (the first traced iteration) is measured but excluded, and the chart must say so.
  void detectedWarmupIsDrawn() {
    MainWindow window;
    window.resize(1280, 800);
    QVERIFY(window.openSession(fixture("h200_resnet50_b8_timeline")));
    auto* chart = window.latencyChart();
    const auto session = window.document()->session();
    for (const auto& c : session->configs) {
      const int i = seriesIndex(window, QString::fromStdString(c.config.key()));
      const int expected =
          std::max(0, static_cast<int>(c.steady.steady_start) - c.warmup_iterations);
      QCOMPARE(chart->excludedPointCount(i), expected);
      QCOMPARE(chart->steadyMarkIteration(i), static_cast<double>(c.steady.steady_start));
    }
    const int bf16 = seriesIndex(window, QStringLiteral("bf16"));
    QCOMPARE(chart->excludedPointCount(bf16), 5);
    QVERIFY(chart->noteText().contains(QStringLiteral("hollow")));
    // Selecting the row brings the config forward.
    auto* view = window.resultsView();
    for (int row = 0; row < view->model()->rowCount(); ++row) {
      if (view->model()->index(row, ResultsTableModel::ConfigColumn).data().toString() ==
          QStringLiteral("bf16"))
        view->setCurrentIndex(view->model()->index(row, ResultsTableModel::ConfigColumn));
    }
    QCOMPARE(chart->selectedSeries(), bf16);
  }

  void forksOfTheSelectedConfigAreOverlaid() {
    SessionResult s = sessionWithLengths({60, 60});
    ForkRun fork;
    fork.latency_ms = s.configs[1].latency_ms;
    s.configs[1].forks = {fork, fork, fork};
    ForkStats stats;
    stats.forks = 4;
    stats.median_ms = 6.0;
    stats.ci_low_ms = 5.9;
    stats.ci_high_ms = 6.1;
    s.configs[1].fork_stats = stats;
    MainWindow window;
    window.document()->setSession(std::make_shared<const SessionResult>(s));
    auto* chart = window.latencyChart();
    QCOMPARE(chart->forkGraphCount(), 0);
    chart->setSelectedSeries(1);
    QCOMPARE(chart->forkGraphCount(), 3);
    QVERIFY(chart->noteText().contains(QStringLiteral("3 further processes")));
    chart->setSelectedSeries(0);
    QCOMPARE(chart->forkGraphCount(), 0);
  }

  // Item 3: names at the lines' ends; a 2 000-iteration config does not squash 100-iteration ones.
  void manyConfigsStayReadable() {
    MainWindow window;
    window.resize(1280, 800);
    window.show();
    window.chartTabs()->setCurrentWidget(window.latencyChart());  // the window opens on Answer
    window.document()->setSession(
        std::make_shared<const SessionResult>(sessionWithLengths({100, 2000, 100, 100})));
    auto* chart = window.latencyChart();
    chart->plot()->replot();
    for (int i = 0; i < 4; ++i)
      QCOMPARE(chart->directLabel(i), window.document()->series()[static_cast<std::size_t>(i)].key);
    QVERIFY(chart->plot()->xAxis->range().upper < 300);
    QVERIFY(chart->noteText().contains(QStringLiteral("runs to iteration")));
    chart->setSelectedSeries(1);
    QVERIFY(chart->plot()->xAxis->range().upper >= 1999);

    QVERIFY(window.openSession(fixture("h200_bert_guide")));
    auto* memory = window.memoryChart();
    QCOMPARE(memory->valueLabels().size(), memory->configCount());
    QVERIFY(memory->valueLabels().contains(QStringLiteral("5,125")));
    memory->setLogScale(true);
    QCOMPARE(memory->plot()->yAxis->scaleType(), QCPAxis::stLogarithmic);
    QVERIFY(memory->findChild<QCheckBox*>(QStringLiteral("memoryLogScale"))->isChecked());

    window.chartOnlyAction()->trigger();
    QVERIFY(!window.resultsView()->isVisibleTo(&window));
    window.chartOnlyAction()->trigger();
    QVERIFY(window.resultsView()->isVisibleTo(&window));
  }

  // Item 4: the opened session's device, driver and libraries, not this machine's.
  void theSessionsDeviceIsShown() {
    MainWindow window;
    QVERIFY(window.openSession(fixture("h200_resnet50_b32")));
    const QString info = window.sessionInfo()->text();
    QVERIFY2(info.contains(QStringLiteral("H200")) && info.contains(QStringLiteral("driver")) &&
                 info.contains(QStringLiteral("LibTorch")),
             qPrintable(info));
    QVERIFY(window.windowTitle().contains(QStringLiteral("H200")));
  }

  // Item 5: the traced bars say both their own time and the median; empty states fit the session;
  // the cuDNN header's medians are the table's.
  void kernelsAndCudnnAgreeWithTheTable() {
    MainWindow window;
    window.resize(1280, 800);
    QVERIFY(window.openSession(fixture("h200_resnet50_b8_timeline")));
    const QStringList notes = window.kernelsView()->barNotes();
    QCOMPARE(notes.size(), window.kernelsView()->tracedConfigCount());
    QVERIFY2(notes.join(QLatin1Char('|')).contains(QStringLiteral("median 4.76 ms")),
             qPrintable(notes.join(QLatin1Char('|'))));
    QVERIFY(notes.first().startsWith(QStringLiteral("traced ")));

    window.document()->setSession(
        std::make_shared<const SessionResult>(sessionWithLengths({20, 20})));
    QVERIFY2(window.kernelsView()->untracedText().contains(QStringLiteral("needs a CUDA device")),
             qPrintable(window.kernelsView()->untracedText()));
    QVERIFY(!window.kernelsView()->untracedText().contains(QStringLiteral("turn on")));

    QVERIFY(window.openSession(fixture("h200_resnet50_cudnn")));
    const QString modes = window.cudnnChart()->modesText();
    // The table's medians (from each config's detected steady start), not the ledger's 2.71 / 2.58
    // / 4.26.
    QStringList table;
    for (int row = 0; row < window.resultsModel()->rowCount(); ++row)
      table << window.resultsModel()->index(row, ResultsTableModel::MedianColumn).data().toString();
    QCOMPARE(table.size(), 3);
    QVERIFY2(modes.contains(table.join(QStringLiteral(" / "))),
             qPrintable(modes + QLatin1Char('|') + table.join(QLatin1Char(','))));
    QVERIFY(!modes.contains(QStringLiteral("2.71")));
  }

  // The GUI-stall target: a session that arrives while the window is shown rebuilds only the
  // pages in view; a hidden tab rebuilds when it is shown, or when something asks it what it
  // shows, and never shows stale data.
  void hiddenPagesRebuildWhenShown() {
    MainWindow window;
    window.resize(1280, 800);
    window.show();
    QVERIFY(QTest::qWaitForWindowExposed(&window));
    auto* tabs = window.findChild<QTabWidget*>(QStringLiteral("chartTabs"));
    QVERIFY(tabs);
    tabs->setCurrentIndex(0);  // Latency
    QVERIFY(window.openSession(fixture("h200_resnet50_b8_timeline")));
    auto* memory = window.memoryChart()->findChild<DeferredRebuild*>();
    auto* kernels = window.kernelsView()->findChild<DeferredRebuild*>();
    QVERIFY(memory && kernels);
    QVERIFY(memory->pending());
    QVERIFY(kernels->pending());
    // Shown: built before its first paint, from the session now open.
    tabs->setCurrentWidget(window.memoryChart());
    QVERIFY(!memory->pending());
    QVERIFY(window.memoryChart()->configCount() > 0);
    // Asked while hidden: built on the spot.
    QVERIFY(kernels->pending());
    QVERIFY(window.kernelsView()->tracedConfigCount() > 0);
    QVERIFY(!kernels->pending());
    // The page in view rebuilds at once when the next session comes.
    window.document()->setSession(
        std::make_shared<const SessionResult>(sessionWithLengths({20, 20})));
    QVERIFY(!memory->pending());
    QVERIFY(kernels->pending());
    QCOMPARE(window.kernelsView()->tracedConfigCount(), 0);
  }

  void exportsSayWhereTheNumbersComeFrom() {
    MainWindow window;
    window.resize(1280, 800);
    QVERIFY(window.openSession(fixture("h200_resnet50_b32")));
    window.chartTabs()->setCurrentWidget(window.latencyChart());  // it opened on its Answer page
    QTemporaryDir dir;
    auto* plot = window.latencyChart()->plot();
    const int rows = plot->plotLayout()->rowCount();
    QVERIFY(window.exportChart(dir.filePath(QStringLiteral("latency.png"))));
    QCOMPARE(plot->plotLayout()->rowCount(), rows);  // the caption was there for the file only
    QImage with_caption(dir.filePath(QStringLiteral("latency.png")));
    QVERIFY(!with_caption.isNull());
    QVERIFY(plot->savePng(dir.filePath(QStringLiteral("plain.png"))));
    QImage plain(dir.filePath(QStringLiteral("plain.png")));
    QCOMPARE(with_caption.size(), plain.size());
    QVERIFY(with_caption != plain);
  }

  // Item 6: broken files end in the banner and the status bar, and the window keeps what it had.
  void brokenFilesAreReportedInTheWindow() {
    QTemporaryDir dir;
    MainWindow window;
    QVERIFY(window.openSession(fixture("h200_resnet50_b32")));
    const auto before = window.document()->session();
    const QList<QPair<const char*, QByteArray>> cases = {
        {"empty.inferscope.json", QByteArray()},
        {"truncated.inferscope.json", QByteArray("{\"schema\": 1, \"configs\": [")},
        {"array.inferscope.json", QByteArray("[1, 2, 3]")},
        {"schema.inferscope.json", QByteArray("{\"schema\": 99}")}};
    for (const auto& [name, bytes] : cases) {
      const QString path = writeFile(dir, name, bytes);
      QSignalSpy failed(&window, &MainWindow::sessionOpenFailed);
      QVERIFY(!window.openSession(path));
      QCOMPARE(failed.count(), 1);
      QVERIFY(window.messageBanner()->isVisibleTo(&window));
      QVERIFY2(window.messageBanner()->text().contains(QString::fromLatin1(name)),
               qPrintable(window.messageBanner()->text()));
      QVERIFY(!window.messageBanner()->text().contains(QStringLiteral("json.exception")));
      QVERIFY(window.runStatus()->text().startsWith(QStringLiteral("Could not open")));
      QCOMPARE(window.runStatus()->state(), RunStatusBar::RunState::Error);
      QCOMPARE(window.document()->session(), before);
    }
    QVERIFY(window.openSession(fixture("h200_resnet50_b32")));
    QVERIFY(!window.messageBanner()->isVisibleTo(&window));
  }

  void openingCanBeCancelled() {
    MainWindow window;
    QSignalSpy opened(&window, &MainWindow::sessionOpened);
    window.openSessionAsync(fixture("h200_bert_guide"));
    QCOMPARE(window.runStatus()->state(), RunStatusBar::RunState::Loading);
    window.cancelOpen();
    QVERIFY(!opened.wait(1500));
    QVERIFY(!window.document()->session());
    QCOMPARE(window.runStatus()->state(), RunStatusBar::RunState::Idle);
  }

  void aSessionWithoutResultsShowsNoLegend() {
    QTemporaryDir dir;
    SessionResult s = sessionWithLengths({10, 10, 10});
    s.configs.clear();
    const QString path = dir.filePath(QStringLiteral("none.inferscope.json"));
    saveSession(s, path.toStdString());
    MainWindow window;
    QVERIFY(window.openSession(path));
    for (int i = 0; i < window.latencyChart()->graphCount(); ++i)
      QVERIFY(!window.latencyChart()->legendHasEntry(i));
    QVERIFY(!window.latencyChart()->plot()->legend->visible());
  }

  // Item 7.
  void runOutcomeCountsThePlan() {
    SessionResult s = sessionWithLengths({10, 10, 10});
    s.configs.resize(1);
    s.configs[0].status = ConfigStatus::Cancelled;
    s.cancelled = true;
    QCOMPARE(MainWindow::runOutcome(s), QStringLiteral("0 of 3 configs ok, 2 not run"));
    s.configs = sessionWithLengths({10, 10, 10}).configs;
    QCOMPARE(MainWindow::runOutcome(s), QStringLiteral("3 of 3 configs ok"));
  }

  void aboutOpensAWindow() {
    MainWindow window;
    window.findChild<QAction*>(QStringLiteral("aboutAction"))->trigger();
    auto* box = window.findChild<QMessageBox*>(QStringLiteral("aboutBox"));
    QVERIFY(box && box->isVisible());
    QVERIFY(box->text().contains(QApplication::applicationVersion().isEmpty()
                                     ? QStringLiteral("InferScope")
                                     : QApplication::applicationVersion()));
    QVERIFY(box->text().contains(QStringLiteral("LibTorch")));
  }

  void firstStartTakesMostOfTheScreen() {
    QSettings().clear();
    MainWindow window;
    const QRect screen = window.screen()->availableGeometry();
    QCOMPARE(window.width(), std::min(screen.width(), std::max(1280, screen.width() * 4 / 5)));
    QCOMPARE(window.height(), std::min(screen.height(), std::max(800, screen.height() * 4 / 5)));
  }

  void darkCheckBoxesAndHintsAreVisible() {
    const QPalette dark = DarkStyle::darkPalette();
    // Fusion's own frame (window darkened by 40 %) against the box: what went invisible.
    QVERIFY(contrast(dark.color(QPalette::Window).darker(140), dark.color(QPalette::Base)) < 1.3);
    QVERIFY(contrast(DarkStyle::indicatorFrame(dark), dark.color(QPalette::Base)) > 3.0);
    // Rendered: an unchecked box under the style shows its frame.
    DarkStyle style;
    QCheckBox box;
    box.setStyle(&style);
    box.setPalette(dark);
    box.resize(box.sizeHint());
    const QImage image = box.grab().toImage();
    QStyleOptionButton option;
    option.initFrom(&box);
    const QRect indicator = style.subElementRect(QStyle::SE_CheckBoxIndicator, &option, &box);
    const QColor edge = image.pixelColor(indicator.left() + 0, indicator.center().y());
    QVERIFY2(contrast(edge, dark.color(QPalette::Base)) > 2.0, qPrintable(edge.name()));

    MainWindow window;
    for (auto* label : window.setupPanel()->findChildren<QLabel*>()) {
      if (label->wordWrap() && !label->text().isEmpty() &&
          label->foregroundRole() == QPalette::WindowText) {
        QVERIFY(contrast(label->palette().color(QPalette::WindowText),
                         label->palette().color(QPalette::Window)) >= 4.5);
      }
    }
  }

  void swatchesKeepTheirColourDuringARun() {
    MainWindow window;
    auto* list = window.setupPanel()->findChild<QListWidget*>(QStringLiteral("configList"));
    QVERIFY(list && list->count() > 0);
    const QIcon icon = list->item(0)->icon();
    const QImage normal = icon.pixmap(12, 12, QIcon::Normal).toImage();
    const QImage disabled = icon.pixmap(12, 12, QIcon::Disabled).toImage();
    QCOMPARE(disabled, normal);
  }

  // Item 8.
  void aDroppedSessionFileOpens() {
    MainWindow window;
    QSignalSpy opened(&window, &MainWindow::sessionOpened);
    QMimeData mime;
    mime.setUrls({QUrl::fromLocalFile(fixture("h200_resnet50_b32"))});
    QDragEnterEvent enter(QPoint(10, 10), Qt::CopyAction, &mime, Qt::LeftButton, Qt::NoModifier);
    QApplication::sendEvent(&window, &enter);
    QVERIFY(enter.isAccepted());
    QDropEvent drop(QPointF(10, 10), Qt::CopyAction, &mime, Qt::LeftButton, Qt::NoModifier);
    QApplication::sendEvent(&window, &drop);
    QVERIFY(opened.wait(10000));
    QCOMPARE(window.document()->filePath(), fixture("h200_resnet50_b32"));
    QMimeData text;
    text.setText(QStringLiteral("hello"));
    QDragEnterEvent refused(QPoint(10, 10), Qt::CopyAction, &text, Qt::LeftButton, Qt::NoModifier);
    refused.setAccepted(false);
    QApplication::sendEvent(&window, &refused);
    QVERIFY(!refused.isAccepted());
  }

  void shortcutsAreInTheMenus() {
    MainWindow window;
    QStringList missing;
    for (const char* name :
         {"startAction", "cancelAction", "logScaleAction", "chartOnlyAction", "wizardAction"}) {
      auto* action = window.findChild<QAction*>(QString::fromLatin1(name));
      if (!action || action->shortcut().isEmpty()) missing << QString::fromLatin1(name);
    }
    QVERIFY2(missing.isEmpty(), qPrintable(missing.join(QLatin1Char(','))));
    for (auto* action : window.findChildren<QAction*>()) {
      if (action->shortcut() == QKeySequence(Qt::CTRL | Qt::Key_3)) action->trigger();
    }
    QCOMPARE(window.chartTabs()->currentIndex(), 2);
  }

  // MainWindow's settings go through a SettingsWriter: queued from the GUI thread, written by its
  // worker; the latest values win, and flush() (a closing window) waits for the file.
  void settingsWriterWritesTheLatestValues() {
    QSettings().clear();
    {
      SettingsWriter writer;
      writer.write({{QStringLiteral("test/value"), 1}, {QStringLiteral("test/first"), true}});
      writer.write({{QStringLiteral("test/value"), 2}});
      writer.flush();
      QCOMPARE(QSettings().value(QStringLiteral("test/value")).toInt(), 2);
      writer.write({{QStringLiteral("test/value"), 3}});
    }  // the destructor writes what is still waiting
    QCOMPARE(QSettings().value(QStringLiteral("test/value")).toInt(), 3);
    QSettings().clear();
  }

  void geometryIsRestored() {
    {
      MainWindow window;
      window.resize(1111, 777);
      window.close();
    }
    MainWindow again;
    QCOMPARE(again.size(), QSize(1111, 777));
  }
};

INFERSCOPE_GUI_TEST_MAIN(TestWindow, QApplication)
#include "tst_window.moc"
