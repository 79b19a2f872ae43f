// The Answer page every session opens on: a tuned session's answer from core's answer as data, in
// English and in Japanese with no English sentence left; a profiled session's ranked summary.
#include <QApplication>
#include <QDirIterator>
#include <QJsonDocument>
#include <QJsonObject>
#include <QLabel>
#include <QRegularExpression>
#include <QTabWidget>
#include <QTemporaryDir>
#include <QTest>

#include "core/advisor/generation_table.h"
#include "core/engine/session_ranking.h"
#include "core/engine/tune_answer.h"
#include "core/session/session_file.h"
#include "gui/lib/race_table_model.h"
#include "gui/lib/session_document.h"
#include "gui/widgets/answer_view.h"
#include "gui/widgets/language_switch.h"
#include "gui/widgets/main_window.h"
#include "gui/widgets/race_view.h"
#include "gui/wizard/recommendation_wizard.h"
#include "gui/wizard/wizard_pages.h"
#include "tests/gui/gui_test_main.h"

using namespace inferscope;
using namespace inferscope::gui;

namespace {

// The tuned H200 sessions kept in bench/gpu/results.
QStringList tunedResults() {
  QStringList out;
  QDirIterator it(QStringLiteral(INFERSCOPE_SOURCE_DIR "/bench/gpu/results"),
                  {QStringLiteral("*.inferscope.json")}, QDir::Files, QDirIterator::Subdirectories);
  while (it.hasNext()) out << it.next();
  out.sort();
  return out;
}

// A tuned H200 session (MobileNetV3-L, cold) with a race, an answer and packages compiled.
QString tunedMobileNet() {
  return QStringLiteral(INFERSCOPE_SOURCE_DIR
                        "/bench/gpu/results/2026-12-04c/call2/"
                        "mobilenet_v3_large-cold.inferscope.json");
}

// What is left of `text` once what may stay Latin in Japanese is taken out: config keys, numbers,
// units, paths and options (anything with a digit, +, _, ., /, :, =, -, ±, ×), product names,
// and commands quoted to be typed as written (`inferscope-cli tune --status`).
QString untranslated(QString text) {
  text.remove(QRegularExpression(QStringLiteral("`[^`]*`")));
  text.remove(QRegularExpression(QStringLiteral("\\S*[0-9+_./:=\\-±×\\\\]\\S*")));
  // Config keys' own tokens (a family not measured: "aoti", "graph", "ts") stay as keys.
  for (const char* name :
       {"FP32",    "FP16", "BF16", "GiB",   "MiB",  "ms",          "eager", "torch",
        "compile", "CUDA", "GPU",  "CPU",   "TF32", "AOTInductor", "aoti",  "graph",
        "ts",      "tc",   "cl",   "bench", "amp",  "nograd"})
    text.remove(QRegularExpression(QStringLiteral("\\b%1\\b").arg(QLatin1String(name))));
  const auto m = QRegularExpression(QStringLiteral("[A-Za-z]{2,}(\\s+[A-Za-z]{2,})*")).match(text);
  return m.hasMatch() ? m.captured(0) : QString();
}

}  // namespace

class TestAnswer : public QObject {
  Q_OBJECT

 private slots:
  void cleanup() { LanguageSwitch::instance().apply(QStringLiteral("en")); }

  // A tuned H200 session opens on its answer: the race's winner, its state and why, the interval's
  // kind and the comparison with torch.compile, each from the answer's fields.
  void aTunedSessionOpensOnItsAnswer() {
    const QString path = tunedMobileNet();
    MainWindow window;
    window.resize(1280, 800);
    QVERIFY(window.openSession(path));
    QCOMPARE(window.chartTabs()->currentWidget(), window.answerView());
    const auto session = window.document()->session();
    QVERIFY(session && !session->races.empty());
    const auto answer = answerOf(session->races.front(), session.get());
    QCOMPARE(window.answerView()->answerKey(), QString::fromStdString(answer.winner));
    const QString text = window.answerView()->plainText();
    QVERIFY2(text.contains(QString::fromStdString(answer.winner)), qPrintable(text));
    QVERIFY2(text.contains(QStringLiteral("provisional")), qPrintable(text));
    QVERIFY2(text.contains(answer.interval_kind == "across-processes"
                               ? QStringLiteral("fresh process")
                               : QStringLiteral("in the tuner's process")),
             qPrintable(text));
    QVERIFY2(text.contains(QStringLiteral("vs torch.compile")), qPrintable(text));
    // The verdict's prose is not the page's text: no log path, no repeated host sentence.
    QVERIFY2(!text.contains(QStringLiteral(".log")), qPrintable(text));
    // The Race tab's compile times are the packages' (fp16+cl+aoti took 116.7 s in the
    // background, shown to the second; its own set-up found it ready and read 0.0), for both
    // configs that load it.
    auto* model = window.racePage()->findChild<RaceView*>()->model();
    int checked = 0;
    for (int row = 0; row < model->rowCount(); ++row) {
      const QString key = model->index(row, RaceTableModel::ConfigColumn).data().toString();
      if (!key.endsWith(QStringLiteral("fp16+cl+aoti")) &&
          !key.endsWith(QStringLiteral("fp16+cl+aoti-graph")))
        continue;
      QCOMPARE(model->index(row, RaceTableModel::CompileColumn).data().toString(),
               QStringLiteral("117"));
      ++checked;
    }
    QCOMPARE(checked, 2);
    // The race has ended: its unforked finalist fp16+tc-ro is a finalist, not "in the race";
    // its interval says it is the tuner's process's, the forked ones' how many processes.
    for (int row = 0; row < model->rowCount(); ++row) {
      const QString key = model->index(row, RaceTableModel::ConfigColumn).data().toString();
      const QString state = model->index(row, RaceTableModel::StateColumn).data().toString();
      const QString interval = model->index(row, RaceTableModel::IntervalColumn).data().toString();
      QVERIFY2(!state.contains(QStringLiteral("in the race")), qPrintable(key + ": " + state));
      if (key == QStringLiteral("fp16+tc-ro")) {
        QCOMPARE(state, QStringLiteral("finalist"));
        QVERIFY2(interval.endsWith(QStringLiteral(" in process")), qPrintable(interval));
      }
      if (key.endsWith(QStringLiteral("fp16+cl+aoti-graph+bench")))
        QVERIFY2(interval.contains(QStringLiteral(" across ")), qPrintable(interval));
    }
  }

  // The Answer page's exports write the page's own answer (the race's winner, which the table's
  // rule need not pick), never over the open session's file.
  void theAnswersExportsWriteItsOwnConfig() {
    const QString path = tunedMobileNet();
    MainWindow window;
    window.resize(1280, 800);
    QVERIFY(window.openSession(path));
    auto* view = window.answerView();
    QVERIFY(view->findChild<QWidget*>(QStringLiteral("answerExportJson"))->isVisibleTo(view));
    const QString key = view->answerKey();
    QVERIFY(!key.isEmpty());
    QTemporaryDir dir;
    QString message;
    const QString json = dir.filePath(QStringLiteral("answer.json"));
    QVERIFY2(view->exportAnswer(advisor::ExportFormat::Json, json, &message), qPrintable(message));
    QFile file(json);
    QVERIFY(file.open(QIODevice::ReadOnly));
    QVERIFY2(file.readAll().contains(QStringLiteral("\"config\": \"%1\"").arg(key).toUtf8()),
             qPrintable(json));
    const QString py = dir.filePath(QStringLiteral("answer.py"));
    QVERIFY2(view->exportAnswer(advisor::ExportFormat::Python, py, &message), qPrintable(message));
    QVERIFY2(message.contains(key), qPrintable(message));
    // The session's own file is refused, and left as it was.
    const auto before = QFileInfo(path).lastModified();
    QVERIFY(!view->exportAnswer(advisor::ExportFormat::Json, path, &message));
    QVERIFY2(message.contains(QStringLiteral("open session")), qPrintable(message));
    QCOMPARE(QFileInfo(path).lastModified(), before);
  }

  // A profiled session has no race answer: no export buttons.
  void aProfiledSessionOffersNoAnswerExport() {
    MainWindow window;
    QVERIFY(window.openSession(QStringLiteral(
        INFERSCOPE_SOURCE_DIR "/tests/fixtures/h200_resnet50_cudnn.inferscope.json")));
    auto* view = window.answerView();
    QVERIFY(!view->findChild<QWidget*>(QStringLiteral("answerExportJson"))->isVisibleTo(view));
    QString message;
    QTemporaryDir dir;
    QVERIFY(!view->exportAnswer(advisor::ExportFormat::Json, dir.filePath(QStringLiteral("x.json")),
                                &message));
  }

  // Every tuned session in bench/gpu/results and the CPU fixture, in Japanese: the Answer page
  // leaves no English sentence (config keys, units, paths, options and product names may stay),
  // and names the same config as in English.
  void everyTunedAnswerReadsInJapanese() {
    if (!LanguageSwitch::available().contains(QStringLiteral("ja")))
      QSKIP("no compiled Japanese translation (Qt Linguist tools not installed)");
    QStringList paths = tunedResults();
    paths << fixture("cpu_resnet18_tuned");
    QVERIFY(paths.size() >= 21);
    MainWindow window;
    window.resize(1024, 768);
    int tuned = 0;
    for (const QString& path : paths) {
      LanguageSwitch::instance().apply(QStringLiteral("en"));
      QVERIFY2(window.openSession(path), qPrintable(path));
      const auto session = window.document()->session();
      if (session->races.empty()) continue;
      ++tuned;
      const QString key = window.answerView()->answerKey();
      QCOMPARE(key, QString::fromStdString(raceAnswerKey(*session)));
      LanguageSwitch::instance().apply(QStringLiteral("ja"));
      QApplication::processEvents();
      const QString text = window.answerView()->plainText();
      QVERIFY2(text.contains(QStringLiteral("答え")), qPrintable(path + QLatin1Char('\n') + text));
      const QString left = untranslated(text);
      QVERIFY2(left.isEmpty(),
               qPrintable(QStringLiteral("%1: \"%2\" in\n%3").arg(path, left, text)));
      QCOMPARE(window.answerView()->answerKey(), key);
    }
    QVERIFY(tuned >= 21);
  }

  // The Race tab's Reason column renders a candidate's reason from its code in the window's
  // language (a failure's own message as it was written); a race saved before the codes shows its
  // English sentence. The English is the race's sentence.
  void theRaceReasonColumnRendersTheCode() {
    if (!LanguageSwitch::available().contains(QStringLiteral("ja")))
      QSKIP("no compiled Japanese translation (Qt Linguist tools not installed)");
    RaceTableModel model;
    const auto candidate = [&](const char* key, const char* state, const std::string& sentence,
                               const TuneReason& code) {
      tuner::TuneEvent e;
      e.type = "tune_candidate";
      e.key = key;
      e.state = state;
      e.reason = sentence;
      if (!code.code.empty()) {
        TuneCandidateRecord c;
        c.key = key;
        c.state = state;
        c.reason = sentence;
        c.reason_code = code;
        e.candidate = c;
      }
      model.setCandidate(e);
    };
    const std::string slower = "slower: 2 ms [1.9, 2.1] vs the leader bf16 1 ms [0.9, 1.1]";
    candidate(
        "fp32", "eliminated", slower,
        {"slower",
         {{"level", "2 ms [1.9, 2.1]"}, {"leader", "bf16"}, {"leader_level", "1 ms [0.9, 1.1]"}}});
    candidate(
        "fp16+graph", "failed", "error: capture failed: operation not permitted",
        {"failed", {{"status", "error"}, {"message", "capture failed: operation not permitted"}}});
    candidate("bf16", "eliminated", "slower: saved before the codes", {});
    const auto reason = [&](const char* key, int role) {
      for (int row = 0; row < model.rowCount(); ++row) {
        if (model.index(row, 0).data(RaceTableModel::KeyRole).toString() == QLatin1String(key))
          return model.index(row, RaceTableModel::ReasonColumn).data(role).toString();
      }
      return QStringLiteral("(no row %1)").arg(QLatin1String(key));
    };
    LanguageSwitch::instance().apply(QStringLiteral("ja"));
    QApplication::processEvents();
    QCOMPARE(reason("fp32", Qt::DisplayRole),
             QStringLiteral("遅い: 2 ms [1.9, 2.1] (先頭の bf16 は 1 ms [0.9, 1.1])"));
    QVERIFY2(untranslated(reason("fp32", Qt::DisplayRole)).isEmpty(),
             qPrintable(reason("fp32", Qt::DisplayRole)));
    QVERIFY2(reason("fp32", Qt::ToolTipRole).contains(QStringLiteral("先頭の bf16")),
             qPrintable(reason("fp32", Qt::ToolTipRole)));
    QCOMPARE(reason("fp16+graph", Qt::DisplayRole),
             QStringLiteral("失敗しました (error): capture failed: operation not permitted"));
    QCOMPARE(reason("bf16", Qt::DisplayRole), QStringLiteral("slower: saved before the codes"));
    LanguageSwitch::instance().apply(QStringLiteral("en"));
    QApplication::processEvents();
    QCOMPARE(reason("fp32", Qt::DisplayRole), QString::fromStdString(slower));
  }

  // The Race tab in Japanese: the answer under the table, the candidates' states, a finalist's
  // outcome across processes (on hover) and the compile jobs are rendered from the race's fields in
  // the window's language; switching back to English renders them again.
  void theRaceTabReadsInJapanese() {
    if (!LanguageSwitch::available().contains(QStringLiteral("ja")))
      QSKIP("no compiled Japanese translation (Qt Linguist tools not installed)");
    MainWindow window;
    window.resize(1024, 768);
    QVERIFY(window.openSession(fixture("cpu_resnet18_tuned")));
    auto* view = window.racePage()->findChild<RaceView*>();
    QVERIFY(view && view->done());
    LanguageSwitch::instance().apply(QStringLiteral("ja"));
    QApplication::processEvents();
    const QString verdict = view->verdictLabel()->text();
    QVERIFY2(verdict.contains(QStringLiteral("(確定)")), qPrintable(verdict));
    QVERIFY2(verdict.contains(QStringLiteral("torch.compile 比:")) ||
                 verdict.contains(QStringLiteral("比較なし")),
             qPrintable(verdict));
    QString below = verdict;
    below.remove(QRegularExpression(QStringLiteral("<[^>]*>")));
    // Under the head (winner ★ and ties ≈, the window's own strings), nothing left in English.
    QVERIFY2(untranslated(below.section(QStringLiteral("(確定)"), 1)).isEmpty(), qPrintable(below));
    auto* model = view->model();
    const int winner = view->rowOf(view->winner());
    QVERIFY2(model->index(winner, RaceTableModel::StateColumn)
                 .data()
                 .toString()
                 .startsWith(QStringLiteral("勝者")),
             qPrintable(model->index(winner, RaceTableModel::StateColumn).data().toString()));
    int forked = 0;
    for (int row = 0; row < model->rowCount(); ++row) {
      const QString hover =
          model->index(row, RaceTableModel::StateColumn).data(Qt::ToolTipRole).toString();
      if (hover.isEmpty()) continue;
      ++forked;
      QVERIFY2(hover.contains(QStringLiteral("プロセス")), qPrintable(hover));
      QVERIFY2(untranslated(hover).isEmpty(), qPrintable(hover));
    }
    QVERIFY(forked > 0);
    LanguageSwitch::instance().apply(QStringLiteral("en"));
    QApplication::processEvents();
    QVERIFY2(view->verdictLabel()->text().contains(QStringLiteral("(final)")),
             qPrintable(view->verdictLabel()->text()));
    QVERIFY(model->index(winner, RaceTableModel::StateColumn)
                .data()
                .toString()
                .startsWith(QStringLiteral("winner")));
  }

  // One recommendation: for every tuned session in bench/gpu/results (and the CPU fixture), the
  // wizard opened from the window with the session open (on the session's kind of device), the
  // files its Export page writes, and the Answer page and the files its buttons write all name
  // the race's answer.
  void theWizardTheExportsAndTheAnswerNameOneConfig() {
    QStringList paths = tunedResults();
    paths << fixture("cpu_resnet18_tuned");
    MainWindow window;
    window.resize(1280, 800);
    QTemporaryDir dir;
    const auto configIn = [](const QString& json) {
      QFile file(json);
      if (!file.open(QIODevice::ReadOnly)) return QStringLiteral("(unreadable %1)").arg(json);
      return QJsonDocument::fromJson(file.readAll())
          .object()
          .value(QStringLiteral("config"))
          .toString();
    };
    const auto textOf = [](const QString& path) {
      QFile file(path);
      return file.open(QIODevice::ReadOnly) ? QString::fromUtf8(file.readAll()) : QString();
    };
    int tuned = 0, table_differs = 0;
    for (const QString& path : paths) {
      QVERIFY2(window.openSession(path), qPrintable(path));
      const auto session = window.document()->session();
      const QString answer = QString::fromStdString(raceAnswerKey(*session));
      if (answer.isEmpty()) continue;
      ++tuned;
      const QString where = QStringLiteral("%1 (answer %2)").arg(path, answer);
      // The Answer page and its exports.
      QCOMPARE(window.answerView()->answerKey(), answer);
      QString message;
      const QString page_json = dir.filePath(QStringLiteral("page-%1.json").arg(tuned));
      const QString page_py = dir.filePath(QStringLiteral("page-%1.py").arg(tuned));
      QVERIFY2(window.answerView()->exportAnswer(advisor::ExportFormat::Json, page_json, &message),
               qPrintable(where + QLatin1Char(' ') + message));
      QVERIFY2(window.answerView()->exportAnswer(advisor::ExportFormat::Python, page_py, &message),
               qPrintable(where + QLatin1Char(' ') + message));
      QCOMPARE(configIn(page_json), answer);
      QVERIFY2(textOf(page_py).contains(QStringLiteral("Config:  %1 ").arg(answer)),
               qPrintable(where));
      // The wizard, on a device of the session's kind: a simulated generation of its compute
      // capability, or the CPU.
      auto* wizard = window.openWizard();
      wizard->restart();
      const auto caps = DeviceCaps::from(session->device);
      QString generation = QStringLiteral("cpu");
      if (caps.isCuda()) {
        const auto* g = advisor::GenerationTable::builtin().lookup(caps.cc_major, caps.cc_minor);
        QVERIFY2(g, qPrintable(where));
        generation = QString::fromStdString(g->id);
      }
      wizard->devicePage()->simulate(generation);
      wizard->next();
      wizard->next();
      QCOMPARE(wizard->currentId(), int(RecommendationWizard::Advice));
      QVERIFY2(wizard->recommendationPage()->configKey() == answer,
               qPrintable(where + QStringLiteral(": the wizard says ") +
                          wizard->recommendationPage()->configKey()));
      if (wizard->state().table_config.key() != answer.toStdString()) ++table_differs;
      const QString wizard_json = dir.filePath(QStringLiteral("wizard-%1.json").arg(tuned));
      const QString wizard_py = dir.filePath(QStringLiteral("wizard-%1.py").arg(tuned));
      const QString wizard_cpp = dir.filePath(QStringLiteral("wizard-%1.cpp").arg(tuned));
      wizard->exportPage()->setPaths(wizard_json, wizard_py, wizard_cpp);
      QCOMPARE(wizard->exportPage()->writeExports(), 3);
      QCOMPARE(configIn(wizard_json), answer);
      QVERIFY2(textOf(wizard_py).contains(QStringLiteral("Config:  %1 ").arg(answer)),
               qPrintable(where));
      QVERIFY2(textOf(wizard_cpp).contains(QStringLiteral("Config:  %1 ").arg(answer)),
               qPrintable(where));
      wizard->hide();
    }
    QVERIFY2(tuned >= 21, qPrintable(QString::number(tuned)));
    // The table's own rule would have picked another config somewhere, or nothing was tested.
    QVERIFY(table_differs > 0);
  }

  // A profiled session's ranked summary lists a config that also ran as another's fallback once,
  // as the table does: the fixture's fastest config, run again as a fallback of a config asked
  // for, is one row "fp16+cl+graph+bench ← … (fallback)", and the next row is the next config
  // (it had read the same config twice, the second at 1.00× of the first).
  void theRankedSummaryMergesFallbacks() {
    auto session = loadSession(fixture("h200_resnet50_b32").toStdString());
    QVERIFY(session.races.empty());
    const auto* fastest = session.find("fp16+cl+graph+bench");
    QVERIFY(fastest);
    ConfigResult again = *fastest;
    again.fallback_from = "fp16+graph+bench";
    again.index = static_cast<int>(session.configs.size());
    session.configs.push_back(again);
    QTemporaryDir dir;
    const QString path = dir.filePath(QStringLiteral("fallback.inferscope.json"));
    saveSession(session, path.toStdString());
    MainWindow window;
    window.resize(1280, 800);
    QVERIFY(window.openSession(path));
    const QString text = window.answerView()->plainText();
    QVERIFY2(text.contains(QStringLiteral("1. fp16+cl+graph+bench ← fp16+graph+bench (fallback)")),
             qPrintable(text));
    QVERIFY2(text.contains(QStringLiteral("2. bf16+cl+graph+bench")), qPrintable(text));
    QCOMPARE(text.count(QStringLiteral("fp16+cl+graph+bench")), 1);
    QCOMPARE(window.answerView()->answerKey(), QStringLiteral("fp16+cl+graph+bench"));
  }

  // A profiled session without a race opens on a ranked summary whose first config is the
  // fastest one that passes the accuracy rule.
  void aProfiledSessionOpensOnARankedSummary() {
    MainWindow window;
    window.resize(1280, 800);
    QVERIFY(window.openSession(fixture("h200_resnet50_b32")));
    QCOMPARE(window.chartTabs()->currentWidget(), window.answerView());
    const auto session = window.document()->session();
    QVERIFY(session->races.empty());
    const auto ranking = rankSession(*session);
    QString fastest;
    for (const auto& r : ranking.configs) {
      if (r.rank > 0 && r.accuracy_state != AccuracyState::Unsafe) {
        fastest = QString::fromStdString(
            session->configs[static_cast<std::size_t>(r.index)].config.key());
        break;
      }
    }
    QVERIFY(!fastest.isEmpty());
    QCOMPARE(window.answerView()->answerKey(), fastest);
    QVERIFY2(window.answerView()->plainText().contains(QStringLiteral("1. ") + fastest),
             qPrintable(window.answerView()->plainText()));
  }
};

INFERSCOPE_GUI_TEST_MAIN(TestAnswer, QApplication)
#include "tst_answer.moc"
