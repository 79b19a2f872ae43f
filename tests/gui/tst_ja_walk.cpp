// The Japanese walk: with the UI in Japanese, every view a user reaches — a tuned CPU session tab
// by tab with a row's details, a swept session with an out-of-memory config, the wizard's every
// page for the CPU with that session's evidence and for a simulated GPU generation, a Validate
// result, and every lesson's every slide (whose heading, caption and command the hand-out prints) —
// is read through tests/gui/ja_walk.h, and the test fails on any English sentence left, naming the
// view and the text. Config keys, numbers, units, paths, options, product and model names may stay.
#include <QApplication>
#include <QLabel>
#include <QSortFilterProxyModel>
#include <QStatusBar>
#include <QTabWidget>
#include <QTableView>
#include <QTest>
#include <memory>

#include "core/engine/engine.h"
#include "core/model/model_zoo.h"
#include "core/session/session_file.h"
#include "core/tuner/race_record.h"
#include "gui/lib/lesson_catalog.h"
#include "gui/lib/race_table_model.h"
#include "gui/lib/results_table_model.h"
#include "gui/lib/session_document.h"
#include "gui/lib/tune_job.h"
#include "gui/widgets/answer_view.h"
#include "gui/widgets/language_switch.h"
#include "gui/widgets/main_window.h"
#include "gui/widgets/presentation_window.h"
#include "gui/widgets/race_view.h"
#include "gui/widgets/results_view.h"
#include "gui/wizard/recommendation_wizard.h"
#include "gui/wizard/wizard_pages.h"
#include "tests/gui/gui_test_main.h"
#include "tests/gui/ja_walk.h"
#include "tests/gui/out_of_memory_config.h"
#include "tests/gui/saved_race_validation.h"

using namespace inferscope;
using namespace inferscope::gui;
using namespace inferscope::gui::testing;

namespace {

// Model names and this machine's devices, as they call themselves, stay Latin.
QStringList namesThatStay() {
  QStringList out;
  for (const auto& m : zooModels()) out << QString::fromStdString(m.name);
  try {
    for (const auto& d : engine::listDevices()) out << QString::fromStdString(d.name);
  } catch (const std::exception&) {
  }
  return out;
}

// The accuracy rule as core describes it (TuneRecord::rule: "auto (t = …): classifiers ≤ 1 % of
// top-1 classes changed …"), quoted as written in the Answer page's tooltip (the Race tab's header
// renders it in Japanese, text::ruleText; the Answer page is another part's). Every other text of
// the Race tab and the Answer page is read: the race table's reasons and the pruned configs' too,
// from old races' English sentences as well (text::candidateReasonOfSentence, prunedReasonText).
QStringList racesRules(const SessionResult& session) {
  QStringList out;
  for (const auto& r : session.races)
    if (!r.rule.empty()) out << QString::fromStdString(r.rule);
  return out;
}

// Fails the calling test with every sentence found, one per line.
void expectJapanese(const QString& view, const QStringList& left) {
  for (const auto& l : left) qWarning("%s: %s", qPrintable(view), qPrintable(l));
  QVERIFY2(left.isEmpty(), qPrintable(QStringLiteral("%1: %2 English text(s) in Japanese: %3")
                                          .arg(view)
                                          .arg(left.size())
                                          .arg(left.value(0))));
}

WalkOptions options(QWidget* root, QStringList verbatim = {}) {
  WalkOptions o;
  o.also_allowed = namesThatStay();
  o.verbatim = std::move(verbatim);
  return o;
}

}  // namespace

class TestJaWalk : public QObject {
  Q_OBJECT

 private slots:
  void init() {
    if (!LanguageSwitch::available().contains(QStringLiteral("ja")))
      QSKIP("no compiled Japanese translation (Qt Linguist tools not installed)");
    LanguageSwitch::instance().apply(QStringLiteral("ja"));
  }
  void cleanup() { LanguageSwitch::instance().apply(QStringLiteral("en")); }

  // The helper itself: what it lets stay and what it catches.
  void theWalkCatchesSentencesAndKeepsNames() {
    QCOMPARE(englishSentence(QStringLiteral("fp16+cl+aoti は torch.compile の 1.17× 速い")),
             QString());
    QCOMPARE(englishSentence(QStringLiteral("PyTorch 2.9 の CUDA graph と cuDNN (--budget-s 60)")),
             QString());
    QCOMPARE(englishSentence(QStringLiteral("<b>答え</b>: bf16+cl is slower than torch.compile")),
             QStringLiteral("is slower than"));
    QCOMPARE(englishSentence(QStringLiteral("Validate on this device")),
             QStringLiteral("Validate on this device"));
    QCOMPARE(englishSentence(QStringLiteral("resnet18 を mobilenet_v3_large と比べる")), QString());
    QCOMPARE(englishSentence(QStringLiteral("Tiny Model Name の計測"), {"Tiny Model Name"}),
             QString());
    // A kernel's C++ signature is its name, not English.
    QCOMPARE(englishSentence(QStringLiteral("void implicit_convolve_sgemm<float, float, 1024, true>"
                                            "(int, int, float const*, kernel_conv_param…")),
             QString());
    QCOMPARE(englishSentence(QStringLiteral("Ada (8.9) has no BF16 support")),
             QStringLiteral("has no support"));
  }

  // (a) Tuned sessions, every tab and every row's details: the CPU fixture (inferscope-cli tune -m
  // resnet18 -d cpu) and an H200 session from bench/gpu/results (MobileNetV3-L, cold, with
  // compiled packages and forks).
  void aTunedSessionEveryTab_data() {
    QTest::addColumn<QString>("path");
    QTest::newRow("cpu resnet18") << fixture("cpu_resnet18_tuned");
    QTest::newRow("h200 mobilenet_v3_large")
        << QStringLiteral(INFERSCOPE_SOURCE_DIR
                          "/bench/gpu/results/2026-12-04c/call2/"
                          "mobilenet_v3_large-cold.inferscope.json");
  }
  void aTunedSessionEveryTab() {
    QFETCH(QString, path);
    MainWindow window;
    window.resize(1280, 800);
    window.show();
    QVERIFY(window.openSession(path));
    const auto session = window.document()->session();
    auto* tabs = window.chartTabs();
    for (int i = 0; i < tabs->count(); ++i) {
      tabs->setCurrentIndex(i);
      QApplication::processEvents();
      expectJapanese(QStringLiteral("tuned session, tab %1 \"%2\"").arg(i).arg(tabs->tabText(i)),
                     untranslatedSentences(&window, options(&window, racesRules(*session))));
      // The race's place for its answer, in Japanese from its cause: the H200 session's model ran
      // in the Python worker (a race saved with only its English sentence).
      if (auto* note = tabs->widget(i)->findChild<QLabel*>(QStringLiteral("rooflineNote"));
          note && !session->races.empty() && !session->races.front().roofline.empty() &&
          !session->races.front().winner.empty() && path.contains(QStringLiteral("h200")))
        QVERIFY2(note->text().contains(QStringLiteral("Python ワーカー")),
                 qPrintable(note->text()));
    }
    // Each row's details pane (the rest of the window was read above).
    auto* view = window.resultsView();
    for (int row = 0; row < window.resultsModel()->rowCount(); ++row) {
      view->setCurrentIndex(view->proxy()->mapFromSource(window.resultsModel()->index(row, 0)));
      QApplication::processEvents();
      const QString details = window.resultsDetails()->text();
      const QString left = englishSentence(details, namesThatStay());
      QVERIFY2(
          left.isEmpty(),
          qPrintable(
              QStringLiteral("results row %1 details: \"%2\" in %3").arg(row).arg(left, details)));
    }
  }

  // (b) A swept H200 session whose third config ran out of memory: its row and details pane.
  // PyTorch's own allocator message is quoted as it was written.
  void aSweptSessionWithAnOutOfMemoryConfig() {
    auto session =
        std::make_shared<SessionResult>(loadSession(fixture("h200_resnet50_b32").toStdString()));
    auto& oom = session->configs[2];
    markOutOfMemory(
        oom,
        "CUDA out of memory. Tried to allocate 96.00 GiB. GPU has a total capacity of 139.81 GiB "
        "of which 1.25 GiB is free.");
    MainWindow window;
    window.resize(1280, 800);
    window.show();
    window.document()->setSession(session);
    const QString key = QString::fromStdString(oom.config.key());
    auto* model = window.resultsModel();
    int oom_row = -1;
    const auto& series = window.document()->series();
    for (int row = 0; row < model->rowCount(); ++row) {
      const int s = model->index(row, 0).data(ResultsTableModel::SeriesIndexRole).toInt();
      if (s >= 0 && s < static_cast<int>(series.size()) &&
          series[static_cast<std::size_t>(s)].key == key)
        oom_row = row;
    }
    QVERIFY(oom_row >= 0);
    window.resultsView()->setCurrentIndex(
        window.resultsView()->proxy()->mapFromSource(model->index(oom_row, 0)));
    QApplication::processEvents();
    QVERIFY(window.resultsDetails()->text().contains(QStringLiteral("96.00 GiB")));
    const QStringList verbatim{QString::fromStdString(oom.message)};
    auto* tabs = window.chartTabs();
    for (int i = 0; i < tabs->count(); ++i) {
      tabs->setCurrentIndex(i);
      QApplication::processEvents();
      expectJapanese(
          QStringLiteral("swept session with OOM, tab %1 \"%2\"").arg(i).arg(tabs->tabText(i)),
          untranslatedSentences(&window, options(&window, verbatim)));
    }
  }

  // (c) The wizard, page by page: on the CPU with the tuned session as evidence, and for a
  // simulated Hopper (the generation table's rules); then a Validate result, the page fed the
  // tuned session's race as the tuner streams it.
  void theWizardEveryPage_data() {
    QTest::addColumn<QString>("simulated");
    QTest::newRow("cpu with evidence") << QString();
    for (const char* id : {"volta", "turing", "ampere", "hopper"}) QTest::newRow(id) << id;
  }
  void theWizardEveryPage() {
    QFETCH(QString, simulated);
    MainWindow window;
    window.resize(1280, 800);
    QVERIFY(window.openSession(fixture("cpu_resnet18_tuned")));
    RecommendationWizard* wizard = window.openWizard();
    wizard->resize(1024, 768);
    if (!simulated.isEmpty()) wizard->devicePage()->simulate(simulated);
    for (int page = RecommendationWizard::Device; page <= RecommendationWizard::Export; ++page) {
      QCOMPARE(wizard->currentId(), page);
      QApplication::processEvents();
      expectJapanese(QStringLiteral("wizard (%1), page %2 \"%3\"")
                         .arg(simulated.isEmpty() ? QStringLiteral("cpu") : simulated)
                         .arg(page)
                         .arg(wizard->currentPage()->title()),
                     untranslatedSentences(wizard, options(wizard)));
      if (page < RecommendationWizard::Export) wizard->next();
    }
    wizard->close();
  }

  void aValidateResult() {
    MainWindow window;
    QVERIFY(window.openSession(fixture("cpu_resnet18_tuned")));
    const auto session = window.document()->session();
    RecommendationWizard* wizard = window.openWizard();
    wizard->resize(1024, 768);
    auto* page = showSavedRaceAsValidated(wizard, *session);
    QVERIFY(page);
    expectJapanese(QStringLiteral("wizard, Validate result"),
                   untranslatedSentences(wizard, options(wizard, racesRules(*session))));
    // The validated recommendation, with the measured reason, and its exports.
    wizard->back();
    wizard->next();
    wizard->back();
    QCOMPARE(wizard->currentId(), int(RecommendationWizard::Advice));
    QApplication::processEvents();
    expectJapanese(QStringLiteral("wizard, recommendation after Validate"),
                   untranslatedSentences(wizard, options(wizard, racesRules(*session))));
    wizard->close();
  }

  // A 4:3 1024×768 screen in Japanese: the main window is 1024×768 with a tuned session open on
  // every tab (its status bar on the screen), as `--size 1024x768` asks of a screenshot.
  void theMainWindowFits1024x768() {
    MainWindow window;
    window.resize(1024, 768);
    window.show();
    QVERIFY(window.openSession(fixture("cpu_resnet18_tuned")));
    auto* tabs = window.chartTabs();
    for (int i = 0; i < tabs->count(); ++i) {
      tabs->setCurrentIndex(i);
      QApplication::processEvents();
      if (window.size() != QSize(1024, 768)) {
        for (QWidget* w : window.findChildren<QWidget*>())
          if (w->isVisible() && w->minimumSizeHint().height() > 300)
            qWarning("%s %s: minimum %d×%d", w->metaObject()->className(),
                     qPrintable(w->objectName()), w->minimumSizeHint().width(),
                     w->minimumSizeHint().height());
      }
      QCOMPARE(window.size(), QSize(1024, 768));
      const QRect bar = window.statusBar()->geometry();
      QVERIFY2(window.statusBar()->isVisible() && window.rect().contains(bar),
               qPrintable(QStringLiteral("tab %1: status bar at %2,%3 %4×%5")
                              .arg(i)
                              .arg(bar.x())
                              .arg(bar.y())
                              .arg(bar.width())
                              .arg(bar.height())));
    }
  }

  // (d) Every lesson's every slide at 1024×768 in Japanese: the window's texts and the slide's
  // heading, caption and progress, which the hand-out (PNG and PDF) prints beside each chart.
  void everyLessonEverySlide_data() {
    QTest::addColumn<QString>("file");
    for (const auto& e : builtInLessons()) QTest::newRow(e.lesson.id.c_str()) << e.file;
  }
  void everyLessonEverySlide() {
    QFETCH(QString, file);
    PresentationWindow w(loadBuiltInLesson(file), 768);
    w.resize(1024, 768);
    w.show();
    for (int i = 0; i < static_cast<int>(w.slides().size()); ++i) {
      w.showSlide(i);
      QApplication::processEvents();
      QStringList left = untranslatedSentences(&w, options(&w));
      for (const QString& text :
           {w.titleText(), w.stepTitleText(), w.captionText(), w.progressText()}) {
        const QString s = englishSentence(text, namesThatStay());
        if (!s.isEmpty()) left << QStringLiteral("slide text: \"%1\"  [%2]").arg(text, s);
      }
      expectJapanese(QStringLiteral("lesson %1, slide %2").arg(file).arg(i), left);
      // At 1024×768 the window stays 1024×768 and its caption is whole (the Run-it-live slide's
      // command, where and guide reference).
      w.renderNow();
      if (w.size() != QSize(1024, 768))
        for (QWidget* child : w.findChildren<QWidget*>())
          if (child->isVisible() && child->minimumSizeHint().height() > 100)
            qWarning("%s %s: minimum %d×%d, now %d×%d", child->metaObject()->className(),
                     qPrintable(child->objectName()), child->minimumSizeHint().width(),
                     child->minimumSizeHint().height(), child->width(), child->height());
      QVERIFY2(w.size() == QSize(1024, 768),
               qPrintable(QStringLiteral("slide %1: %2×%3").arg(i).arg(w.width()).arg(w.height())));
      auto* caption = w.findChild<QLabel*>(QStringLiteral("caption"));
      QVERIFY(caption);
      QVERIFY2(caption->height() >= caption->heightForWidth(caption->width()),
               qPrintable(QStringLiteral("slide %1: the caption is %2 px high, its text needs %3")
                              .arg(i)
                              .arg(caption->height())
                              .arg(caption->heightForWidth(caption->width()))));
    }
  }
};

INFERSCOPE_GUI_TEST_MAIN(TestJaWalk, QApplication)
#include "tst_ja_walk.moc"
