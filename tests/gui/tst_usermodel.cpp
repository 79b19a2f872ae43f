// The user's own model in the real window, offscreen, with the REAL Python worker (the first
// interpreter that imports torch, found at configure time: Debian's python3-torch 1.13 on the CPU
// in CI): a .py dropped on the window, the trust prompt answered, its entry function picked from
// the file's top-level functions, Start, and every tab that a CPU run of a zoo model fills filled
// from the worker's results; a file the user does not trust is left unread and unrun; an
// ExportedProgram on PyTorch 1.x is refused in the window with the reason and the way forward;
// an AOTInductor package dropped is named with the command that profiles it.
#include <qcustomplot.h>

#include <QAction>
#include <QApplication>
#include <QCheckBox>
#include <QComboBox>
#include <QDragEnterEvent>
#include <QDropEvent>
#include <QFile>
#include <QLabel>
#include <QLineEdit>
#include <QListWidget>
#include <QMimeData>
#include <QPushButton>
#include <QSignalSpy>
#include <QSpinBox>
#include <QTemporaryDir>
#include <QTest>
#include <QTimer>
#include <QToolButton>
#include <QUrl>
#include <functional>

#include "core/common/sha256.h"
#include "core/common/trust_store.h"
#include "gui/lib/engine_bridge.h"
#include "gui/lib/log_model.h"
#include "gui/lib/python_entry_points.h"
#include "gui/lib/results_table_model.h"
#include "gui/lib/session_document.h"
#include "gui/widgets/answer_view.h"
#include "gui/widgets/entry_point_dialog.h"
#include "gui/widgets/file_actions.h"
#include "gui/widgets/latency_chart.h"
#include "gui/widgets/main_window.h"
#include "gui/widgets/memory_chart.h"
#include "gui/widgets/message_banner.h"
#include "gui/widgets/race_view.h"
#include "gui/widgets/roofline_chart.h"
#include "gui/widgets/run_setup_panel.h"
#include "gui/widgets/run_status_bar.h"
#include "gui/widgets/speed_accuracy_chart.h"
#include "gui/widgets/trust_prompt.h"
#include "gui/wizard/recommendation_wizard.h"
#include "gui/wizard/wizard_pages.h"
#include "tests/gui/gui_test_main.h"

using namespace inferscope;
using namespace inferscope::gui;

namespace {

// Preparing in the worker imports PyTorch (seconds on a loaded 2-core machine), then two short
// eager configs of a model of a thousand parameters; the first run of the test also builds the
// worker's instruments module (its memory probe, tracer and operator recorder: up to three minutes
// on a loaded 2-core machine), which later runs find in the build tree's cache.
constexpr int kRunTimeoutMs = 270000;

// The model file's body; writeTiny() puts a line before it that names the file's own marker,
// written when the worker imports it: a file left unread leaves no marker.
constexpr const char* kTinyModel = R"(import time
import torch

open(MARKER, "w").close()


class Tiny(torch.nn.Module):
    def __init__(self):
        super().__init__()
        self.conv = torch.nn.Conv2d(3, 8, 3, padding=1)
        self.head = torch.nn.Linear(8, 10)

    def forward(self, x):
        # 20 ms an iteration: a config runs long enough for its series to be sent while it runs.
        time.sleep(0.02)
        y = torch.relu(self.conv(x)).mean(dim=(2, 3))
        return self.head(y)


def _seed():
    torch.manual_seed(0)


def build():
    _seed()
    return Tiny(), (torch.randn(2, 3, 16, 16),)
)";
constexpr int kTinyParameters = 3 * 8 * 9 + 8 + 8 * 10 + 10;

// Answers the window's modal dialogs as they come, as a user would: the trust prompt (Trust or
// Cancel) and the entry-point dialog (the function it selected, or Cancel). Records what they
// showed.
class DialogAnswerer : public QObject {
 public:
  bool trust = true;
  bool pick_entry = true;
  int prompts = 0, entry_dialogs = 0;
  QString prompt_file;
  QStringList offered_functions;
  QString selected_function;

  DialogAnswerer() {
    timer_.setInterval(20);
    connect(&timer_, &QTimer::timeout, this, &DialogAnswerer::answer);
    timer_.start();
  }

 private:
  void answer() {
    QWidget* modal = QApplication::activeModalWidget();
    if (auto* prompt = qobject_cast<TrustPrompt*>(modal)) {
      ++prompts;
      prompt_file = prompt->findChild<QLabel*>(QStringLiteral("trustFile"))->text();
      if (trust)
        QTest::mouseClick(prompt->findChild<QPushButton*>(QStringLiteral("trustButton")),
                          Qt::LeftButton);
      else
        prompt->reject();
    } else if (auto* entry = qobject_cast<EntryPointDialog*>(modal)) {
      ++entry_dialogs;
      offered_functions.clear();
      auto* list = entry->findChild<QListWidget*>(QStringLiteral("entryList"));
      for (int i = 0; i < list->count(); ++i) offered_functions << list->item(i)->text();
      selected_function = entry->findChild<QLineEdit*>(QStringLiteral("entryEdit"))->text();
      if (pick_entry)
        QTest::mouseClick(entry->findChild<QPushButton*>(QStringLiteral("entryOk")),
                          Qt::LeftButton);
      else
        entry->reject();
    }
  }
  QTimer timer_;
};

// A file dropped on the window, as a file manager drops one: drag enter (accepted?), then drop.
bool dropFile(MainWindow& window, const QString& path) {
  QMimeData mime;
  mime.setUrls({QUrl::fromLocalFile(path)});
  QDragEnterEvent enter(QPoint(50, 50), Qt::CopyAction, &mime, Qt::LeftButton, Qt::NoModifier);
  QApplication::sendEvent(&window, &enter);
  if (!enter.isAccepted()) return false;
  QDropEvent drop(QPointF(50, 50), Qt::CopyAction, &mime, Qt::LeftButton, Qt::NoModifier);
  QApplication::sendEvent(&window, &drop);
  return drop.isAccepted();
}

bool logHas(const MainWindow& window, const QString& text) {
  const auto* log = window.logModel();
  for (int i = 0; i < log->rowCount(); ++i) {
    if (log->index(i, 0).data().toString().contains(text)) return true;
  }
  return false;
}

void chooseCpuRun(MainWindow& window, const QStringList& keys, int warmup, int iterations) {
  auto* device = window.findChild<QComboBox*>(QStringLiteral("deviceCombo"));
  device->setCurrentIndex(device->findData(QStringLiteral("cpu")));
  window.setupPanel()->setCheckedKeys(keys);
  window.findChild<QSpinBox*>(QStringLiteral("warmupSpin"))->setValue(warmup);
  window.findChild<QSpinBox*>(QStringLiteral("iterationsSpin"))->setValue(iterations);
}

int graphPoints(MainWindow& window, int graph) {
  auto* plot = window.findChild<QCustomPlot*>(QStringLiteral("latencyPlot"));
  return plot && graph < plot->graphCount() ? plot->graph(graph)->data()->size() : -1;
}

}  // namespace

class TestUserModel : public QObject {
  Q_OBJECT

  QString torchPython() const { return QStringLiteral(INFERSCOPE_TORCH_PYTHON); }
  int torchMajor() const {
    return QStringLiteral(INFERSCOPE_TORCH_VERSION).section('.', 0, 0).toInt();
  }

  // Each file its own content (its marker's name): trust goes by content, and a file trusted in
  // one case would be trusted in the next.
  QString writeTiny(const QString& name) {
    QString path = dir_.filePath(name);
    QFile file(path);
    if (!file.open(QIODevice::WriteOnly)) return {};
    file.write(QStringLiteral("MARKER = %1\n").arg(quotedPath(marker(path))).toUtf8());
    file.write(kTinyModel);
    return path;
  }
  static QString marker(const QString& model_path) {
    return model_path + QStringLiteral(".imported");
  }
  static QString quotedPath(QString path) {
    return QLatin1Char('"') + path.replace(QLatin1Char('\\'), QStringLiteral("\\\\")) +
           QLatin1Char('"');
  }

  QTemporaryDir dir_;

 private slots:
  void initTestCase() {
    QVERIFY(dir_.isValid());
    // The worker's prepared folders and logs under the test's own cache; its instruments module,
    // built once per PyTorch and source set, in the build tree's.
    qputenv("XDG_CACHE_HOME", dir_.filePath(QStringLiteral("cache")).toLocal8Bit());
    qputenv("INFERSCOPE_INSTRUMENTS_CACHE", QByteArray(INFERSCOPE_INSTRUMENTS_TEST_CACHE));
    if (!torchPython().isEmpty()) qputenv("INFERSCOPE_PYTHON", torchPython().toLocal8Bit());
  }

  // The entry-point dialog's list: the file's top-level functions read as text, never run.
  void topLevelFunctionsAreReadAsText() {
    const QStringList functions = topLevelFunctions(QString::fromUtf8(kTinyModel));
    QCOMPARE(functions, (QStringList{QStringLiteral("_seed"), QStringLiteral("build")}));
    QVERIFY(!functions.contains(QStringLiteral("forward")));  // a method, indented
    QCOMPARE(likelyEntryPoint(functions), QStringLiteral("build"));
    QCOMPARE(topLevelFunctions(QStringLiteral("async def serve(x):\ndef  make ( ):\nclass A:\n  "
                                              "def hidden(self):\ndef make():\n")),
             (QStringList{QStringLiteral("serve"), QStringLiteral("make")}));
    QCOMPARE(likelyEntryPoint({QStringLiteral("_private"), QStringLiteral("helper")}),
             QStringLiteral("helper"));
    QVERIFY(likelyEntryPoint({}).isEmpty());
    QVERIFY(isEntryPointName(QStringLiteral("build_v2")));
    QVERIFY(!isEntryPointName(QStringLiteral("2build")));
    QVERIFY(!isEntryPointName(QStringLiteral("build; import os")));
    QVERIFY(!isEntryPointName(QString()));

    EntryPointDialog dialog(QStringLiteral("tiny.py"), functions);
    auto* edit = dialog.findChild<QLineEdit*>(QStringLiteral("entryEdit"));
    auto* ok = dialog.findChild<QPushButton*>(QStringLiteral("entryOk"));
    QCOMPARE(edit->text(), QStringLiteral("build"));  // the likely one, selected
    QVERIFY(ok->isEnabled());
    edit->setText(QStringLiteral("not a name"));
    QVERIFY(!ok->isEnabled());  // the CLI would refuse it: the dialog does not take it
    edit->setText(QStringLiteral("_seed"));
    QVERIFY(ok->isEnabled());
    QCOMPARE(dialog.function(), QStringLiteral("_seed"));
  }

  // Declined at the trust prompt: no function list (the file is not read as text), no model
  // added, not remembered, and nothing of it imported.
  void anUntrustedFileIsLeftUnread() {
    const QString path = writeTiny(QStringLiteral("untrusted.py"));
    QVERIFY(!path.isEmpty());
    MainWindow window;
    window.show();
    QVERIFY(QTest::qWaitForWindowExposed(&window));
    const QString model_before = window.setupPanel()->modelName();
    DialogAnswerer answers;
    answers.trust = false;
    QVERIFY(dropFile(window, path));
    QTRY_COMPARE(answers.prompts, 1);
    QTRY_VERIFY(logHas(window, QStringLiteral("untrusted.py was not trusted")));
    QCOMPARE(answers.entry_dialogs, 0);
    QVERIFY(answers.prompt_file.contains(path));
    QVERIFY(!window.setupPanel()->modelFileSelected());
    QCOMPARE(window.setupPanel()->modelName(), model_before);
    QVERIFY(!TrustStore().isTrusted(sha256OfFile(path.toStdString())));
    QVERIFY(!QFile::exists(marker(path)));

    // Trusted but no function picked: nothing added either.
    answers.trust = true;
    answers.pick_entry = false;
    QVERIFY(!window.fileActions()->openModel(path));
    QCOMPARE(answers.prompts, 2);
    QCOMPARE(answers.entry_dialogs, 1);
    QCOMPARE(answers.offered_functions,
             (QStringList{QStringLiteral("_seed"), QStringLiteral("build")}));
    QVERIFY(!window.setupPanel()->modelFileSelected());
    QVERIFY(logHas(window, QStringLiteral("no entry point of untrusted.py chosen")));
    QVERIFY(!QFile::exists(marker(path)));
  }

  // The whole way: drop, trust, pick the function, Start; the worker's results in every tab a CPU
  // run fills.
  void aDroppedEntryPointRunsLiveAndFillsTheTabs() {
    if (torchPython().isEmpty())
      QSKIP(
          "no Python that imports torch was found at configure time (install python3-torch, "
          "or set INFERSCOPE_PYTHON to one and configure again)");
    const QString path = writeTiny(QStringLiteral("tiny.py"));
    MainWindow window;
    window.show();
    QVERIFY(QTest::qWaitForWindowExposed(&window));
    chooseCpuRun(window, {QStringLiteral("fp32"), QStringLiteral("bf16")}, 3, 12);
    // The instruments: each eager config's work counted in the worker, placed on the roofline.
    window.findChild<QCheckBox*>(QStringLiteral("rooflineCheck"))->setChecked(true);
    DialogAnswerer answers;
    QVERIFY(dropFile(window, path));
    QTRY_VERIFY(window.setupPanel()->modelFileSelected());
    QCOMPARE(answers.prompts, 1);
    QCOMPARE(answers.entry_dialogs, 1);
    QCOMPARE(answers.offered_functions,
             (QStringList{QStringLiteral("_seed"), QStringLiteral("build")}));
    QCOMPARE(answers.selected_function, QStringLiteral("build"));
    QCOMPARE(window.setupPanel()->modelName(), QStringLiteral("tiny.py:build"));
    QVERIFY(!window.findChild<QSpinBox*>(QStringLiteral("batchSpin"))->isEnabled());
    const ProfileRequest asked = window.setupPanel()->request();
    QCOMPARE(asked.model.source, ModelSource::PythonEntry);
    QCOMPARE(QString::fromStdString(asked.model.path), path);
    QCOMPARE(asked.model.entry, std::string("build"));
    QVERIFY(asked.inputs.empty());          // the entry point's own
    QVERIFY(!QFile::exists(marker(path)));  // not run yet

    // Live: part of the first config's series reaches the window before that config has finished
    // (the worker sends its iterations every tenth of a second), not all of it at the end.
    int first_config_samples = 0, partial_snapshots = 0;
    bool first_config_done = false;
    connect(window.bridge(), &EngineBridge::snapshotReady, this,
            [&](const std::shared_ptr<const SampleSnapshot>& snapshot) {
              for (const auto& sample : snapshot->samples)
                first_config_samples += sample.config_index == 0 ? 1 : 0;
              if (!first_config_done && first_config_samples > 0 && first_config_samples < 3 + 12)
                ++partial_snapshots;
            });
    connect(window.bridge(), &EngineBridge::configFinished, this,
            [&](const std::shared_ptr<const ConfigResult>& result) {
              first_config_done = first_config_done || result->index == 0;
            });
    window.startAction()->trigger();
    QVERIFY(window.bridge()->isRunning());
    QTRY_VERIFY_WITH_TIMEOUT(!window.bridge()->isRunning(), kRunTimeoutMs);
    QCOMPARE(answers.prompts, 1);  // trusted once: Start found it in the store
    QVERIFY2(window.runStatus()->state() == RunStatusBar::RunState::Finished,
             qPrintable(window.messageBanner()->text()));
    QVERIFY2(partial_snapshots > 0, "the first config's series arrived only whole");
    QCOMPARE(first_config_samples, 3 + 12);  // each iteration once
    QVERIFY(QFile::exists(marker(path)));

    const auto session = window.document()->session();
    QVERIFY(session);
    QCOMPARE(session->request.model.source, ModelSource::PythonEntry);
    // The file the user gave, not the run's pinned copy of it.
    QCOMPARE(QString::fromStdString(session->request.model.path), path);
    QCOMPARE(toString(session->request.inputs), std::string("2x3x16x16:float32"));
    QCOMPARE(session->parameter_count, std::int64_t{kTinyParameters});
    QCOMPARE(static_cast<int>(session->configs.size()), 2);
    for (const auto& c : session->configs) {
      QVERIFY2(c.status == ConfigStatus::Ok, c.message.c_str());
      QCOMPARE(static_cast<int>(c.latency_ms.size()), 3 + 12);
      QVERIFY(c.stats.median_ms > 0);
      QVERIFY(c.accuracy.measured);
    }
    QCOMPARE(session->configs[0].memory.parameter_bytes, std::int64_t{kTinyParameters} * 4);
    QCOMPARE(session->configs[1].memory.parameter_bytes, std::int64_t{kTinyParameters} * 2);
    // Peak memory by the engine's CPU probe, run in the worker's instruments module: at least the
    // config's own copy of the weights.
    for (const auto& c : session->configs) {
      QCOMPARE(c.memory.source, std::string("cpu-allocator-hook"));
      QVERIFY2(c.memory.peak_allocated_bytes >= c.memory.parameter_bytes,
               std::to_string(c.memory.peak_allocated_bytes).c_str());
    }
    QCOMPARE(session->configs[0].accuracy.rel_l2_error, 0.0);
    QVERIFY(session->configs[1].accuracy.rel_l2_error > 0);

    // Latency: every iteration of both configs drawn.
    QCOMPARE(window.latencyChart()->graphCount(), 2);
    QCOMPARE(graphPoints(window, 0), 3 + 12);
    QCOMPARE(graphPoints(window, 1), 3 + 12);
    // The results table, the memory bars, speed × accuracy and the answer.
    QCOMPARE(window.resultsModel()->rowCount(), 2);
    QCOMPARE(window.resultsModel()->index(1, ResultsTableModel::StatusColumn).data().toString(),
             QStringLiteral("ok"));
    QCOMPARE(window.memoryChart()->configCount(), 2);
    QTRY_COMPARE(window.speedAccuracyChart()->pointCount(), 2);
    // Roofline: both configs counted by the engine's operator recorder in the worker under the
    // CPU's ceilings. The 3×3 conv alone is 2 × 2·8·16·16 outputs × 27 multiply-adds; the ReLU,
    // mean and linear head add little.
    constexpr double kConvFlops = 2.0 * (2 * 8 * 16 * 16) * 27;
    QVERIFY(session->ceilings.has_value());
    for (const auto& c : session->configs) {
      QVERIFY2(c.roofline.has_value(), c.config.key().c_str());
      QVERIFY2(c.roofline->work.flops >= kConvFlops && c.roofline->work.flops < 1.2 * kConvFlops,
               qPrintable(QString::number(c.roofline->work.flops)));
      QVERIFY(c.roofline->achieved_tflops > 0);
    }
    auto* roofline = window.findChild<RooflineChart*>();
    QVERIFY(roofline);
    window.chartTabs()->setCurrentWidget(roofline);
    QCOMPARE(roofline->pointCount(), 2);
    QVERIFY(roofline->ceilingCount() >= 1);

    // The session saved and opened in another window: its model is in the list again (the file
    // is here), so Start measures it again; the trust prompt would ask at Start if it changed.
    const QString saved = dir_.filePath(QStringLiteral("tiny.inferscope.json"));
    QVERIFY(window.saveSession(saved));
    MainWindow reopened;
    QVERIFY(reopened.openSession(saved));
    QVERIFY(reopened.setupPanel()->modelFileSelected());
    const ProfileRequest again = reopened.setupPanel()->request();
    QCOMPARE(again.model.source, ModelSource::PythonEntry);
    QCOMPARE(QString::fromStdString(again.model.path), path);
    QCOMPARE(again.model.entry, std::string("build"));
    QVERIFY(again.model.prepared_dir.empty());  // the recording run's folder is not reused
    QVERIFY(again.run.roofline);
    QVERIFY(window.answerView()->plainText().contains(QStringLiteral("fp32")));
  }

  // The wizard's Validate with the open session of an entry point: the session names the file, and
  // a session may come from anywhere, so the trust prompt comes first; declined, nothing runs;
  // trusted, the tuner races the model in the real worker and gives a verdict.
  void validateAsksTrustThenTunesAnEntryPoint() {
    if (torchPython().isEmpty())
      QSKIP(
          "no Python that imports torch was found at configure time (install python3-torch, "
          "or set INFERSCOPE_PYTHON to one and configure again)");
    const QString path = writeTiny(QStringLiteral("validate.py"));
    auto session = std::make_shared<SessionResult>();
    session->request.model.source = ModelSource::PythonEntry;
    session->request.model.path = path.toStdString();
    session->request.model.entry = "build";
    session->request.model.name = "validate:build";
    session->request.inputs = {InputSpec::parse("2x3x16x16:float32")};
    session->request.batch = 2;
    session->request.plan = {OptimizationConfig::parse("fp32")};
    session->device = DeviceInfo{};
    RecommendationWizard wizard({DeviceInfo{}});
    wizard.setEvidence(session);
    wizard.show();
    wizard.next();
    wizard.next();
    wizard.next();
    QCOMPARE(wizard.currentId(), static_cast<int>(RecommendationWizard::Validation));
    auto* page = wizard.validationPage();
    auto tune = page->defaultTune(20);
    QCOMPARE(tune.request.model.source, ModelSource::PythonEntry);
    tune.race.warmup = 2;
    tune.race.screen_iterations = 8;
    tune.race.forks = 2;
    tune.race.fork_iterations = 10;

    DialogAnswerer answers;
    answers.trust = false;
    page->startValidation(tune);
    QCOMPARE(answers.prompts, 1);
    QVERIFY(!page->isValidating());
    QVERIFY2(page->raceView()->verdictLabel()->text().contains(QStringLiteral("was not trusted")),
             qPrintable(page->raceView()->verdictLabel()->text()));
    QVERIFY(!QFile::exists(marker(path)));

    answers.trust = true;
    QSignalSpy finished(page, &ValidationPage::validationFinished);
    page->startValidation(tune);
    QCOMPARE(answers.prompts, 2);
    QVERIFY(page->isValidating());
    QVERIFY(finished.wait(kRunTimeoutMs));
    QVERIFY(QFile::exists(marker(path)));
    QVERIFY2(page->hasOutcome(), qPrintable(page->raceView()->verdictLabel()->text()));
    QVERIFY(!page->winner().isEmpty());
    QVERIFY(page->rowOf(QStringLiteral("fp32")) >= 0);
  }

  // An ExportedProgram on PyTorch 1.x cannot load: the window says so with the file, the reason
  // and the way forward, where the run's data would have been.
  void anExportedProgramOnTorch1IsRefusedInTheWindow() {
    if (torchPython().isEmpty())
      QSKIP(
          "no Python that imports torch was found at configure time (install python3-torch, "
          "or set INFERSCOPE_PYTHON to one and configure again)");
    if (torchMajor() >= 2)
      QSKIP("this worker's PyTorch loads ExportedPrograms: the refusal is for PyTorch 1.x");
    const QString path = dir_.filePath(QStringLiteral("tiny_exported_program.pt2"));
    QVERIFY(QFile::copy(
        QStringLiteral(INFERSCOPE_SOURCE_DIR "/tests/fixtures/pt2/tiny_exported_program.pt2"),
        path));
    MainWindow window;
    window.show();
    QVERIFY(QTest::qWaitForWindowExposed(&window));
    chooseCpuRun(window, {QStringLiteral("fp32")}, 1, 3);
    DialogAnswerer answers;
    QVERIFY(dropFile(window, path));
    QTRY_VERIFY(window.setupPanel()->modelFileSelected());
    QCOMPARE(answers.prompts, 1);
    QCOMPARE(answers.entry_dialogs, 0);  // a .pt2 has no entry function
    QCOMPARE(window.setupPanel()->modelName(), QStringLiteral("tiny_exported_program.pt2"));
    QCOMPARE(window.setupPanel()->request().model.source, ModelSource::ExportedProgram);

    window.startAction()->trigger();
    QTRY_VERIFY_WITH_TIMEOUT(!window.bridge()->isRunning(), kRunTimeoutMs);
    QCOMPARE(window.runStatus()->state(), RunStatusBar::RunState::Failed);
    QVERIFY(window.messageBanner()->isVisible());
    const QString text = window.messageBanner()->text().remove(QStringLiteral("<br>"));
    QVERIFY2(text.contains(QStringLiteral("cannot load the ExportedProgram")), qPrintable(text));
    QVERIFY2(text.contains(QStringLiteral("tiny_exported_program.pt2")), qPrintable(text));
    QVERIFY2(text.contains(QStringLiteral("PyTorch 1.")), qPrintable(text));
    QVERIFY2(text.contains(QStringLiteral("--model-py")), qPrintable(text));  // the way forward
    QVERIFY2(!text.contains(QStringLiteral("has no attribute")), qPrintable(text));
    QVERIFY(!window.document()->session());
  }

  // An AOTInductor package needs input shapes the window does not ask for: named with the
  // command that profiles it, after the trust prompt (its directory is read only once trusted).
  void anAotInductorPackageIsNamedWithItsCommand() {
    const QString path = dir_.filePath(QStringLiteral("tiny_aoti_package.pt2"));
    QVERIFY(QFile::copy(
        QStringLiteral(INFERSCOPE_SOURCE_DIR "/tests/fixtures/pt2/tiny_aoti_package.pt2"), path));
    MainWindow window;
    window.show();
    QVERIFY(QTest::qWaitForWindowExposed(&window));
    DialogAnswerer answers;
    QVERIFY(dropFile(window, path));
    QTRY_VERIFY(window.messageBanner()->isVisible());
    QCOMPARE(answers.prompts, 1);
    QVERIFY(!window.setupPanel()->modelFileSelected());
    // The banner breaks long words (<br>) so that a path never widens the window.
    const QString text = window.messageBanner()->text().remove(QStringLiteral("<br>"));
    QVERIFY2(text.contains(QStringLiteral("AOTInductor package")), qPrintable(text));
    QVERIFY2(text.contains(QStringLiteral("--model-file %1 --input").arg(path)), qPrintable(text));
  }
};

INFERSCOPE_GUI_TEST_MAIN(TestUserModel, QApplication)
#include "tst_usermodel.moc"
