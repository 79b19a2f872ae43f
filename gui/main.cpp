// inferscope — the desktop application.
//   inferscope [session.inferscope.json]      open a session recorded here or by inferscope-cli
//   inferscope --screenshot out.png [--open FILE | --run] [--configs fp32,bf16 …]
//       renders the window offscreen to a PNG and exits (how docs/screenshots are made); --run
//       first measures the chosen configs live, with the same code path a user's Start takes;
//       --grab-after MS takes the picture mid-run instead; --tab memory|speed|kernels|cudnn|devices picks the chart;
//       --wizard turing grabs the wizard's recommendation page for a simulated generation.
//   inferscope --dark …                        Fusion style with a dark palette (the charts follow)
//   inferscope --lang ja …                     the UI in Japanese (en, ja, system; View → Language too)
//   --select KEY selects a config in the results table (the latency chart brings it forward).
//   inferscope --lesson cold-start --present   a built-in lesson in presentation mode, full screen
//       (--lesson alone: in a window); with --screenshot, --step N grabs slide N (default: the
//       lesson's key step); --handout out.pdf | out-folder/ writes every slide and exits.
#include <QApplication>
#include <QCommandLineParser>
#include <QDir>
#include <QSettings>
#include <QTabWidget>
#include <QThreadPool>
#include <QTimer>

#include <cstdio>

#include <qcustomplot.h>

#include "core/common/version.h"
#include "gui/lib/engine_bridge.h"
#include "gui/widgets/dark_style.h"
#include "gui/widgets/language_switch.h"
#include "gui/widgets/latency_chart.h"
#include "gui/widgets/lesson_handout.h"
#include "gui/widgets/lessons_menu.h"
#include "gui/widgets/presentation_window.h"
#include "gui/widgets/main_window.h"
#include "gui/widgets/results_view.h"
#include "gui/widgets/run_setup_panel.h"
#include "gui/wizard/recommendation_wizard.h"
#include "gui/wizard/wizard_pages.h"

namespace {

using inferscope::gui::DarkStyle;
using inferscope::gui::MainWindow;

// Screenshot mode must not depend on (or change) the user's saved window layout and choices.
void isolateSettings() {
  QCoreApplication::setApplicationName(QStringLiteral("InferScope-screenshot"));
  QSettings().clear();
}

int grabWindow(MainWindow& window, const QString& path) {
  // Work the views hand to the thread pool (the Devices page's comparisons) lands before the
  // picture: wait for it, then deliver its queued results.
  QThreadPool::globalInstance()->waitForDone(60000);
  QApplication::processEvents();
  // Charts replot on a queued event; render them now so the grab sees the final picture.
  for (auto* plot : window.findChildren<QCustomPlot*>()) plot->replot(QCustomPlot::rpImmediateRefresh);
  QApplication::processEvents();
  if (!window.grab().save(path)) {
    std::fprintf(stderr, "inferscope: could not write %s\n", qPrintable(path));
    return 1;
  }
  std::fprintf(stderr, "inferscope: screenshot written to %s\n", qPrintable(path));
  return 0;
}

}  // namespace

int main(int argc, char** argv) {
  QCommandLineParser parser;
  parser.setApplicationDescription(QStringLiteral("InferScope — profiler and tuner for PyTorch inference settings"));
  parser.addHelpOption();
  parser.addVersionOption();
  parser.addPositionalArgument(QStringLiteral("session"), QStringLiteral("a session file (*.inferscope.json) to open"),
                               QStringLiteral("[session]"));
  const QCommandLineOption screenshot_opt(QStringLiteral("screenshot"), QStringLiteral("render the window to this PNG and exit"), QStringLiteral("png"));
  const QCommandLineOption open_opt(QStringLiteral("open"), QStringLiteral("open this session file"), QStringLiteral("file"));
  const QCommandLineOption run_opt(QStringLiteral("run"), QStringLiteral("start a run right away (with --screenshot: wait for it to finish)"));
  const QCommandLineOption model_opt(QStringLiteral("model"), QStringLiteral("zoo model to select"), QStringLiteral("name"));
  const QCommandLineOption batch_opt(QStringLiteral("batch"), QStringLiteral("batch size"), QStringLiteral("n"));
  const QCommandLineOption configs_opt(QStringLiteral("configs"), QStringLiteral("comma-separated config keys to check"), QStringLiteral("keys"));
  const QCommandLineOption warmup_opt(QStringLiteral("warmup"), QStringLiteral("warm-up iterations per config"), QStringLiteral("n"));
  const QCommandLineOption iterations_opt(QStringLiteral("iterations"), QStringLiteral("measured iterations per config"), QStringLiteral("n"));
  const QCommandLineOption size_opt(QStringLiteral("size"), QStringLiteral("window size for --screenshot"), QStringLiteral("WxH"), QStringLiteral("1280x800"));
  const QCommandLineOption grab_after_opt(QStringLiteral("grab-after"), QStringLiteral("with --run: grab the live window after this many ms, then cancel"), QStringLiteral("ms"));
  const QCommandLineOption tab_opt(QStringLiteral("tab"), QStringLiteral("chart tab to show: latency, memory, speed, kernels, cudnn, devices"), QStringLiteral("name"));
  const QCommandLineOption wizard_opt(QStringLiteral("wizard"), QStringLiteral("with --screenshot: the wizard's recommendation page for this simulated generation"), QStringLiteral("generation"));
  const QCommandLineOption log_opt(QStringLiteral("log-scale"), QStringLiteral("logarithmic latency axis"));
  const QCommandLineOption dark_opt(QStringLiteral("dark"), QStringLiteral("Fusion style with a dark palette"));
  const QCommandLineOption select_opt(QStringLiteral("select"), QStringLiteral("with a session: select this config in the results table"), QStringLiteral("key"));
  const QCommandLineOption lesson_opt(QStringLiteral("lesson"), QStringLiteral("open this built-in lesson (cold-start, tf32, …)"), QStringLiteral("id"));
  const QCommandLineOption present_opt(QStringLiteral("present"), QStringLiteral("with --lesson: presentation mode, full screen"));
  const QCommandLineOption step_opt(QStringLiteral("step"), QStringLiteral("with --lesson --screenshot: the slide to grab (1 = first)"), QStringLiteral("n"));
  const QCommandLineOption handout_opt(QStringLiteral("handout"), QStringLiteral("with --lesson: write every slide to this PDF (.pdf) or folder of PNGs, then exit"), QStringLiteral("path"));
  const QCommandLineOption lang_opt(QStringLiteral("lang"), QStringLiteral("UI language: en, ja or system (default: the saved choice, else the system's)"), QStringLiteral("code"));
  parser.addOptions({lang_opt, screenshot_opt, open_opt, run_opt, model_opt, batch_opt, configs_opt, warmup_opt,
                     iterations_opt, size_opt, grab_after_opt, log_opt, tab_opt, wizard_opt, dark_opt, select_opt,
                     lesson_opt, present_opt, step_opt, handout_opt});
  // Offscreen rendering needs no display; it has to be chosen before QApplication exists, so the
  // arguments are parsed once before it (quietly: process() below reports errors and --help).
  QStringList arguments;
  for (int i = 0; i < argc; ++i) arguments << QString::fromLocal8Bit(argv[i]);
  parser.parse(arguments);
  const bool screenshot = parser.isSet(screenshot_opt);
  const bool handout = parser.isSet(lesson_opt) && parser.isSet(handout_opt);
  if ((screenshot || handout) && qEnvironmentVariableIsEmpty("QT_QPA_PLATFORM")) qputenv("QT_QPA_PLATFORM", "offscreen");
  const QString dejavu = QStringLiteral("/usr/share/fonts/truetype/dejavu");
  if ((screenshot || handout) && qEnvironmentVariableIsEmpty("QT_QPA_FONTDIR") && QDir(dejavu).exists()) {
    qputenv("QT_QPA_FONTDIR", dejavu.toLocal8Bit());
  }

  QApplication app(argc, argv);
  QCoreApplication::setOrganizationName(QStringLiteral("InferScope"));
  QCoreApplication::setApplicationName(QStringLiteral("InferScope"));
  QCoreApplication::setApplicationVersion(QString::fromUtf8(inferscope::kInferScopeVersion));

  parser.process(app);
  if (parser.isSet(dark_opt)) DarkStyle::apply();
  if (screenshot || handout) isolateSettings();
  // Before any window exists, so every text starts in the language; --lang is not remembered.
  auto& language = inferscope::gui::LanguageSwitch::instance();
  if (parser.isSet(lang_opt)) {
    const QString code = parser.value(lang_opt).toLower();
    const QString saved = QSettings().value(QStringLiteral("language")).toString();
    language.apply(code == QLatin1String("system") ? QString() : code);
    QSettings().setValue(QStringLiteral("language"), saved);
  } else {
    language.applySaved();
  }

  if (parser.isSet(lesson_opt) && (screenshot || handout)) {
    // A lesson's picture or hand-out: the presentation window alone, at --size.
    const QStringList size = parser.value(size_opt).split(QLatin1Char('x'));
    const int width = size.value(0).toInt() > 0 ? size.value(0).toInt() : 1920;
    const int height = size.value(1).toInt() > 0 ? size.value(1).toInt() : 1080;
    QString error;
    auto* lesson = inferscope::gui::LessonsMenu::present(parser.value(lesson_opt), false, &error, height);
    if (!lesson) {
      std::fprintf(stderr, "inferscope: %s\n", qPrintable(error));
      return 2;
    }
    lesson->resize(width, height);
    if (handout) {
      const QString path = parser.value(handout_opt);
      const bool ok = path.endsWith(QStringLiteral(".pdf"), Qt::CaseInsensitive)
                          ? inferscope::gui::exportHandoutPdf(*lesson, path, &error)
                          : !inferscope::gui::exportHandoutPngs(*lesson, path, &error).isEmpty();
      if (!ok) std::fprintf(stderr, "inferscope: %s\n", qPrintable(error));
      else std::fprintf(stderr, "inferscope: hand-out written to %s\n", qPrintable(path));
      return ok ? 0 : 1;
    }
    lesson->showSlide(parser.isSet(step_opt) ? parser.value(step_opt).toInt() - 1 : lesson->keySlide());
    lesson->renderNow();
    if (!lesson->grab().save(parser.value(screenshot_opt))) {
      std::fprintf(stderr, "inferscope: could not write %s\n", qPrintable(parser.value(screenshot_opt)));
      return 1;
    }
    std::fprintf(stderr, "inferscope: screenshot written to %s\n", qPrintable(parser.value(screenshot_opt)));
    return 0;
  }

  MainWindow window;
  auto* setup = window.setupPanel();
  if (parser.isSet(model_opt)) setup->setModelName(parser.value(model_opt));
  if (parser.isSet(batch_opt)) setup->setBatch(parser.value(batch_opt).toInt());
  if (parser.isSet(configs_opt)) setup->setCheckedKeys(parser.value(configs_opt).split(QLatin1Char(','), Qt::SkipEmptyParts));
  if (parser.isSet(warmup_opt) || parser.isSet(iterations_opt)) {
    const auto request = setup->request();
    setup->setIterations(parser.isSet(warmup_opt) ? parser.value(warmup_opt).toInt() : request.run.warmup_iterations,
                         parser.isSet(iterations_opt) ? parser.value(iterations_opt).toInt() : request.run.measure_iterations);
  }
  if (parser.isSet(log_opt)) {
    for (auto* action : window.findChildren<QAction*>(QStringLiteral("logScaleAction"))) action->setChecked(true);
  }
  if (screenshot) {
    const QStringList size = parser.value(size_opt).split(QLatin1Char('x'));
    window.resize(size.value(0).toInt() > 0 ? size.value(0).toInt() : 1280, size.value(1).toInt() > 0 ? size.value(1).toInt() : 800);
  }
  if (parser.isSet(tab_opt)) {
    const QString tab = parser.value(tab_opt).toLower();
    for (int i = 0; i < window.chartTabs()->count(); ++i) {
      if (window.chartTabs()->tabText(i).toLower().startsWith(tab)) window.chartTabs()->setCurrentIndex(i);
    }
  }
  window.show();

  QString session = parser.value(open_opt);
  if (session.isEmpty() && !parser.positionalArguments().isEmpty()) session = parser.positionalArguments().front();
  if (screenshot) {
    // No window anyone sees: say on stderr why there is no picture.
    QObject::connect(&window, &MainWindow::sessionOpenFailed, &app, [](const QString&, const QString& message) {
      std::fprintf(stderr, "inferscope: %s\n", qPrintable(message));
    });
  }
  if (!session.isEmpty() && !window.openSession(session) && screenshot) {
    // The picture still shows what a user sees (the banner with the reason); the exit status says
    // that the session did not open.
    grabWindow(window, parser.value(screenshot_opt));
    return 1;
  }
  if (parser.isSet(select_opt)) {
    auto* view = window.resultsView();
    for (int row = 0; row < view->model()->rowCount(); ++row) {
      const QModelIndex index = view->model()->index(row, 0);
      if (index.data().toString() == parser.value(select_opt)) view->setCurrentIndex(index);
    }
  }
  if (!screenshot) {
    if (parser.isSet(run_opt)) QTimer::singleShot(0, &window, &MainWindow::startRun);
    if (parser.isSet(lesson_opt)) {
      // Over the main window: Esc leaves the presentation and the window is there.
      QString error;
      if (!inferscope::gui::LessonsMenu::present(parser.value(lesson_opt), parser.isSet(present_opt), &error)) {
        std::fprintf(stderr, "inferscope: %s\n", qPrintable(error));
        return 2;
      }
    }
    return app.exec();
  }

  const QString out = parser.value(screenshot_opt);
  int result = 0;
  if (parser.isSet(wizard_opt)) {
    auto* wizard = window.openWizard();
    wizard->devicePage()->simulate(parser.value(wizard_opt));
    wizard->next();
    wizard->next();
    QApplication::processEvents();
    if (!wizard->grab().save(out)) return 1;
    std::fprintf(stderr, "inferscope: wizard screenshot written to %s\n", qPrintable(out));
    return 0;
  }
  if (parser.isSet(run_opt) && parser.isSet(grab_after_opt)) {
    // A picture of a run in progress: grab, then cancel and leave once the engine has stopped.
    QTimer::singleShot(0, &window, &MainWindow::startRun);
    QTimer::singleShot(parser.value(grab_after_opt).toInt(), &window, [&] {
      result = grabWindow(window, out);
      if (!window.bridge()->isRunning()) app.quit();
      QObject::connect(window.bridge(), &inferscope::gui::EngineBridge::runningChanged, &app, &QApplication::quit);
      window.cancelRun();
    });
  } else if (parser.isSet(run_opt)) {
    QObject::connect(window.bridge(), &inferscope::gui::EngineBridge::runningChanged, &app, [&](bool running) {
      if (running) return;
      result = grabWindow(window, out);
      app.quit();
    });
    QTimer::singleShot(0, &window, [&] {
      window.startRun();
      if (!window.bridge()->isRunning()) {  // nothing to run (no config checked): grab what there is
        result = grabWindow(window, out);
        app.quit();
      }
    });
  } else {
    QTimer::singleShot(100, &app, [&] {
      result = grabWindow(window, out);
      app.quit();
    });
  }
  const int rc = app.exec();
  return result != 0 ? result : rc;
}
