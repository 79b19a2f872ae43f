// inferscope — the desktop application.
//   inferscope [session.inferscope.json]      open a session recorded here or by inferscope-cli
//   inferscope --screenshot out.png [--open FILE | --run] [--configs fp32,bf16 …]
//       renders the window offscreen to a PNG and exits (how docs/screenshots are made); --run
//       first measures the chosen configs live, with the same code path a user's Start takes;
//       --grab-after MS takes the picture mid-run instead; --tab
//       memory|speed|kernels|cudnn|devices|race picks the chart;
//       --wizard turing grabs the wizard's recommendation page for a simulated generation.
//   inferscope --dark …                        Fusion style with a dark palette (the charts follow)
//   inferscope --lang ja …                     the UI in Japanese (en, ja, system; View → Language
//   too)
//   --select KEY selects a config in the results table (the latency chart brings it forward).
//   inferscope --lesson cold-start --present   a built-in lesson in presentation mode, full screen
//       (--lesson alone: in a window); with --screenshot, --step N grabs slide N (default: the
//       lesson's key step); --handout out.pdf | out-folder/ writes every slide and exits.
#include <qcustomplot.h>

#include <QApplication>
#include <QCommandLineParser>
#include <QDir>
#include <QPixmap>
#include <QRegularExpression>
#include <QSettings>
#include <QSize>
#include <QTabWidget>
#include <QThreadPool>
#include <QTimer>
#include <climits>
#include <cstdio>
#include <functional>
#include <optional>
#include <utility>
#include <vector>

#include "core/advisor/generation_table.h"
#include "core/common/error.h"
#include "core/common/printable.h"
#include "core/common/run_files.h"
#include "core/common/version.h"
#include "core/config/optimization_config.h"
#include "core/model/model_zoo.h"
#include "gui/lib/engine_bridge.h"
#include "gui/lib/image_file.h"
#include "gui/lib/results_table_model.h"
#include "gui/lib/session_document.h"
#include "gui/widgets/cudnn_chart.h"
#include "gui/widgets/dark_style.h"
#include "gui/widgets/devices_view.h"
#include "gui/widgets/kernels_view.h"
#include "gui/widgets/language_switch.h"
#include "gui/widgets/latency_chart.h"
#include "gui/widgets/lesson_handout.h"
#include "gui/widgets/lessons_menu.h"
#include "gui/widgets/main_window.h"
#include "gui/widgets/memory_chart.h"
#include "gui/widgets/presentation_window.h"
#include "gui/widgets/race_view.h"
#include "gui/widgets/results_view.h"
#include "gui/widgets/roofline_chart.h"
#include "gui/widgets/run_setup_panel.h"
#include "gui/widgets/speed_accuracy_chart.h"
#include "gui/wizard/recommendation_wizard.h"
#include "gui/wizard/wizard_pages.h"

namespace {

using inferscope::gui::DarkStyle;
using inferscope::gui::MainWindow;

// What a window may be, per side, in pixels: a picture of 100000×100000 would need 37 GiB.
constexpr int kMinSidePx = 16;
constexpr int kMaxSidePx = 8192;
// --grab-after: at most ten minutes into a run.
constexpr int kMaxGrabAfterMs = 600000;

// A message for the user on stderr, escaped: it quotes file names and option values.
void say(const QString& message) {
  std::fprintf(stderr, "inferscope: %s\n", inferscope::printable(message.toStdString()).c_str());
}

// A bad option value: named on stderr, exit status 2 (as the CLI's invalid input).
int refuse(const QString& message) {
  say(message);
  return 2;
}

std::optional<int> wholeNumber(const QString& text, int low, int high) {
  bool ok = false;
  const qlonglong value = text.trimmed().toLongLong(&ok);
  if (!ok || value < low || value > high) return std::nullopt;
  return static_cast<int>(value);
}

// "WxH", each side within kMinSidePx…kMaxSidePx.
std::optional<QSize> windowSize(const QString& text) {
  static const QRegularExpression pattern(QStringLiteral("^(\\d{1,9})x(\\d{1,9})$"));
  const auto match = pattern.match(text.trimmed());
  if (!match.hasMatch()) return std::nullopt;
  const auto width = wholeNumber(match.captured(1), kMinSidePx, kMaxSidePx);
  const auto height = wholeNumber(match.captured(2), kMinSidePx, kMaxSidePx);
  if (!width || !height) return std::nullopt;
  return QSize(*width, *height);
}

// The chart tabs by the names --tab takes, found by their page, not by their (translated) title.
using TabTest = std::function<bool(QWidget*)>;
template <class Page>
TabTest isPage() {
  return [](QWidget* page) { return dynamic_cast<Page*>(page) != nullptr; };
}
const std::vector<std::pair<QString, TabTest>>& chartTabNames() {
  using namespace inferscope::gui;
  static const std::vector<std::pair<QString, TabTest>> names{
      {QStringLiteral("latency"), isPage<LatencyChart>()},
      {QStringLiteral("memory"), isPage<MemoryChart>()},
      {QStringLiteral("speed"), isPage<SpeedAccuracyChart>()},
      {QStringLiteral("roofline"), isPage<RooflineChart>()},
      {QStringLiteral("kernels"), isPage<KernelsView>()},
      {QStringLiteral("cudnn"), isPage<CudnnChart>()},
      {QStringLiteral("devices"), isPage<DevicesView>()},
      {QStringLiteral("race"), isPage<RacePage>()}};
  return names;
}
QStringList chartTabList() {
  QStringList list;
  for (const auto& [name, test] : chartTabNames()) list << name;
  return list;
}

// Writes the picture through the one output path (image_file.h): only after it was rendered, in
// one atomic step, and a failure is reported with its reason and exit status 1.
int savePicture(const QPixmap& picture, const QString& path, const char* what) {
  QString error;
  if (!inferscope::gui::saveImageFile(picture.toImage(), path, &error)) {
    say(QStringLiteral("could not write the %1: %2").arg(QString::fromLatin1(what), error));
    return 1;
  }
  say(QStringLiteral("%1 written to %2").arg(QString::fromLatin1(what), path));
  return 0;
}

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
  for (auto* plot : window.findChildren<QCustomPlot*>())
    plot->replot(QCustomPlot::rpImmediateRefresh);
  QApplication::processEvents();
  return savePicture(window.grab(), path, "screenshot");
}

}  // namespace

int main(int argc, char** argv) {
  QCommandLineParser parser;
  parser.setApplicationDescription(
      QStringLiteral("InferScope — profiler and tuner for PyTorch inference settings"));
  parser.addHelpOption();
  parser.addVersionOption();
  parser.addPositionalArgument(QStringLiteral("session"),
                               QStringLiteral("a session file (*.inferscope.json) to open"),
                               QStringLiteral("[session]"));
  const QCommandLineOption screenshot_opt(QStringLiteral("screenshot"),
                                          QStringLiteral("render the window to this PNG and exit"),
                                          QStringLiteral("png"));
  const QCommandLineOption open_opt(
      QStringLiteral("open"), QStringLiteral("open this session file"), QStringLiteral("file"));
  const QCommandLineOption run_opt(
      QStringLiteral("run"),
      QStringLiteral("start a run right away (with --screenshot: wait for it to finish)"));
  const QCommandLineOption model_opt(QStringLiteral("model"), QStringLiteral("zoo model to select"),
                                     QStringLiteral("name"));
  const QCommandLineOption batch_opt(QStringLiteral("batch"), QStringLiteral("batch size"),
                                     QStringLiteral("n"));
  const QCommandLineOption configs_opt(QStringLiteral("configs"),
                                       QStringLiteral("comma-separated config keys to check"),
                                       QStringLiteral("keys"));
  const QCommandLineOption warmup_opt(QStringLiteral("warmup"),
                                      QStringLiteral("warm-up iterations per config"),
                                      QStringLiteral("n"));
  const QCommandLineOption iterations_opt(QStringLiteral("iterations"),
                                          QStringLiteral("measured iterations per config"),
                                          QStringLiteral("n"));
  const QCommandLineOption size_opt(
      QStringLiteral("size"),
      QStringLiteral(
          "window size for --screenshot, --wizard and --handout (16 to 8192 pixels a side)"),
      QStringLiteral("WxH"), QStringLiteral("1280x800"));
  const QCommandLineOption grab_after_opt(
      QStringLiteral("grab-after"),
      QStringLiteral("with --run: grab the live window after this many ms, then cancel"),
      QStringLiteral("ms"));
  const QCommandLineOption tab_opt(
      QStringLiteral("tab"),
      QStringLiteral(
          "chart tab to show: latency, memory, speed, roofline, kernels, cudnn, devices, race"),
      QStringLiteral("name"));
  const QCommandLineOption wizard_opt(
      QStringLiteral("wizard"),
      QStringLiteral(
          "with --screenshot: the wizard's recommendation page for this simulated generation"),
      QStringLiteral("generation"));
  const QCommandLineOption log_opt(QStringLiteral("log-scale"),
                                   QStringLiteral("logarithmic latency axis"));
  const QCommandLineOption dark_opt(QStringLiteral("dark"),
                                    QStringLiteral("Fusion style with a dark palette"));
  const QCommandLineOption select_opt(
      QStringLiteral("select"),
      QStringLiteral("with a session: select this config in the results table"),
      QStringLiteral("key"));
  const QCommandLineOption lesson_opt(
      QStringLiteral("lesson"), QStringLiteral("open this built-in lesson (cold-start, tf32, …)"),
      QStringLiteral("id"));
  const QCommandLineOption present_opt(
      QStringLiteral("present"), QStringLiteral("with --lesson: presentation mode, full screen"));
  const QCommandLineOption step_opt(
      QStringLiteral("step"),
      QStringLiteral("with --lesson --screenshot: the slide to grab (1 = first)"),
      QStringLiteral("n"));
  const QCommandLineOption handout_opt(
      QStringLiteral("handout"),
      QStringLiteral(
          "with --lesson: write every slide to this PDF (.pdf) or folder of PNGs, then exit"),
      QStringLiteral("path"));
  const QCommandLineOption lang_opt(
      QStringLiteral("lang"),
      QStringLiteral(
          "UI language: en, ja or system (default: the saved choice, else the system's)"),
      QStringLiteral("code"));
  parser.addOptions({lang_opt,       screenshot_opt, open_opt,    run_opt,        model_opt,
                     batch_opt,      configs_opt,    warmup_opt,  iterations_opt, size_opt,
                     grab_after_opt, log_opt,        tab_opt,     wizard_opt,     dark_opt,
                     select_opt,     lesson_opt,     present_opt, step_opt,       handout_opt});
  // Offscreen rendering needs no display; it has to be chosen before QApplication exists, so the
  // arguments are parsed once before it (quietly: process() below reports errors and --help).
  QStringList arguments;
  for (int i = 0; i < argc; ++i) arguments << QString::fromLocal8Bit(argv[i]);
  parser.parse(arguments);
  const bool screenshot = parser.isSet(screenshot_opt);
  const bool handout = parser.isSet(lesson_opt) && parser.isSet(handout_opt);
  if ((screenshot || handout) && qEnvironmentVariableIsEmpty("QT_QPA_PLATFORM"))
    qputenv("QT_QPA_PLATFORM", "offscreen");
  const QString dejavu = QStringLiteral("/usr/share/fonts/truetype/dejavu");
  if ((screenshot || handout) && qEnvironmentVariableIsEmpty("QT_QPA_FONTDIR") &&
      QDir(dejavu).exists()) {
    qputenv("QT_QPA_FONTDIR", dejavu.toLocal8Bit());
  }

  QApplication app(argc, argv);
  QCoreApplication::setOrganizationName(QStringLiteral("InferScope"));
  QCoreApplication::setApplicationName(QStringLiteral("InferScope"));
  QCoreApplication::setApplicationVersion(QString::fromUtf8(inferscope::kInferScopeVersion));

  parser.process(app);
  // Every option value is checked before any window exists: a wrong one is named, exit 2, instead
  // of being ignored, clamped or left to hang a screenshot run.
  const QString lang = parser.value(lang_opt).trimmed().toLower();
  if (parser.isSet(lang_opt) && lang != QLatin1String("en") && lang != QLatin1String("ja") &&
      lang != QLatin1String("system")) {
    return refuse(QStringLiteral("--lang %1: unknown language; use en, ja or system")
                      .arg(parser.value(lang_opt)));
  }
  const auto size = windowSize(parser.value(size_opt));
  if (!size) {
    return refuse(
        QStringLiteral("--size %1: give WIDTHxHEIGHT in pixels, each from %2 to %3, e.g. 1280x800")
            .arg(parser.value(size_opt))
            .arg(kMinSidePx)
            .arg(kMaxSidePx));
  }
  int grab_after_ms = -1;
  if (parser.isSet(grab_after_opt)) {
    const auto ms = wholeNumber(parser.value(grab_after_opt), 0, kMaxGrabAfterMs);
    if (!ms) {
      return refuse(QStringLiteral("--grab-after %1: give milliseconds from 0 to %2")
                        .arg(parser.value(grab_after_opt))
                        .arg(kMaxGrabAfterMs));
    }
    if (!parser.isSet(run_opt) || !screenshot)
      return refuse(QStringLiteral("--grab-after needs --run and --screenshot"));
    grab_after_ms = *ms;
  }
  const QString tab = parser.value(tab_opt).trimmed().toLower();
  if (parser.isSet(tab_opt) && !chartTabList().contains(tab)) {
    return refuse(QStringLiteral("--tab %1: unknown chart tab; use one of %2")
                      .arg(parser.value(tab_opt), chartTabList().join(QStringLiteral(", "))));
  }
  const QString generation = parser.value(wizard_opt).trimmed().toLower();
  if (parser.isSet(wizard_opt)) {
    QStringList known;
    for (const auto& id : inferscope::advisor::GenerationTable::builtin().ids())
      known << QString::fromStdString(id);
    if (!known.contains(generation)) {
      return refuse(QStringLiteral("--wizard %1: unknown GPU generation; use one of %2")
                        .arg(parser.value(wizard_opt), known.join(QStringLiteral(", "))));
    }
    if (!screenshot) return refuse(QStringLiteral("--wizard needs --screenshot"));
  }
  if (parser.isSet(step_opt) && !parser.isSet(lesson_opt))
    return refuse(QStringLiteral("--step needs --lesson"));
  std::optional<int> step;
  if (parser.isSet(step_opt) && !(step = wholeNumber(parser.value(step_opt), 1, INT_MAX))) {
    return refuse(
        QStringLiteral("--step %1: give a slide number from 1").arg(parser.value(step_opt)));
  }
  const std::pair<const QCommandLineOption*, int> minimums[] = {
      {&batch_opt, 1}, {&warmup_opt, 0}, {&iterations_opt, 1}};
  for (const auto& [option, low] : minimums) {
    if (parser.isSet(*option) && !wholeNumber(parser.value(*option), low, INT_MAX)) {
      return refuse(QStringLiteral("--%1 %2: give a whole number from %3")
                        .arg(option->names().front(), parser.value(*option))
                        .arg(low));
    }
  }
  // A model or config the run panel does not know is named, never replaced by the default one.
  if (parser.isSet(model_opt) && !inferscope::findZooModel(parser.value(model_opt).toStdString())) {
    return refuse(
        QStringLiteral("--model %1: not a zoo model; use one of %2")
            .arg(parser.value(model_opt), QString::fromStdString(inferscope::zooModelNames())));
  }
  if (parser.isSet(configs_opt)) {
    const auto keys = parser.value(configs_opt).split(QLatin1Char(','), Qt::SkipEmptyParts);
    if (keys.isEmpty())
      return refuse(QStringLiteral("--configs: name at least one config key, e.g. fp32,bf16"));
    for (const auto& key : keys) {
      try {
        inferscope::OptimizationConfig::parse(key.toStdString());
      } catch (const inferscope::Error& e) {
        return refuse(QStringLiteral("--configs: %1").arg(QString::fromStdString(e.what())));
      }
    }
  }
  QString session = parser.value(open_opt);
  if (session.isEmpty() && !parser.positionalArguments().isEmpty())
    session = parser.positionalArguments().front();
  {
    // The one check of a command's files (core/common/run_files.h): a picture never replaces the
    // session it shows, nor a file that is not a picture; a hand-out replaces only a PDF or fills a
    // folder.
    inferscope::RunFiles files;
    files.addInput(parser.isSet(open_opt) ? "--open" : "the session", session.toStdString());
    if (screenshot)
      files.addOutput("--screenshot", parser.value(screenshot_opt).toStdString(),
                      inferscope::OutputKind::Image);
    if (handout) {
      const QString path = parser.value(handout_opt);
      files.addOutput("--handout", path.toStdString(),
                      path.endsWith(QStringLiteral(".pdf"), Qt::CaseInsensitive)
                          ? inferscope::OutputKind::Pdf
                          : inferscope::OutputKind::Folder);
    }
    try {
      files.check();
    } catch (const inferscope::Error& e) {
      return refuse(QString::fromStdString(e.what()));
    }
  }

  if (parser.isSet(dark_opt)) DarkStyle::apply();
  if (screenshot || handout) isolateSettings();
  // Before any window exists, so every text starts in the language; --lang is not remembered.
  auto& language = inferscope::gui::LanguageSwitch::instance();
  if (parser.isSet(lang_opt)) {
    const QString code = lang;
    const QString saved = QSettings().value(QStringLiteral("language")).toString();
    language.apply(code == QLatin1String("system") ? QString() : code);
    QSettings().setValue(QStringLiteral("language"), saved);
  } else {
    language.applySaved();
  }

  if (parser.isSet(lesson_opt) && (screenshot || handout)) {
    // A lesson's picture or hand-out: the presentation window alone, at --size.
    const int width = size->width();
    const int height = size->height();
    QString error;
    auto* lesson =
        inferscope::gui::LessonsMenu::present(parser.value(lesson_opt), false, &error, height);
    if (!lesson) {
      return refuse(error);
    }
    lesson->resize(width, height);
    const int slides = static_cast<int>(lesson->slides().size());
    if (step && *step > slides) {
      return refuse(QStringLiteral("--step %1: the lesson %2 has %3 slides")
                        .arg(*step)
                        .arg(parser.value(lesson_opt))
                        .arg(slides));
    }
    if (handout) {
      const QString path = parser.value(handout_opt);
      const bool ok = path.endsWith(QStringLiteral(".pdf"), Qt::CaseInsensitive)
                          ? inferscope::gui::exportHandoutPdf(*lesson, path, &error)
                          : !inferscope::gui::exportHandoutPngs(*lesson, path, &error).isEmpty();
      if (!ok)
        say(error);
      else
        say(QStringLiteral("hand-out written to %1").arg(path));
      return ok ? 0 : 1;
    }
    lesson->showSlide(step ? *step - 1 : lesson->keySlide());
    lesson->renderNow();
    return savePicture(lesson->grab(), parser.value(screenshot_opt), "screenshot");
  }

  MainWindow window;
  auto* setup = window.setupPanel();
  if (parser.isSet(model_opt)) setup->setModelName(parser.value(model_opt));
  if (parser.isSet(batch_opt)) setup->setBatch(parser.value(batch_opt).toInt());
  if (parser.isSet(configs_opt))
    setup->setCheckedKeys(parser.value(configs_opt).split(QLatin1Char(','), Qt::SkipEmptyParts));
  if (parser.isSet(warmup_opt) || parser.isSet(iterations_opt)) {
    const auto request = setup->request();
    setup->setIterations(
        parser.isSet(warmup_opt) ? parser.value(warmup_opt).toInt() : request.run.warmup_iterations,
        parser.isSet(iterations_opt) ? parser.value(iterations_opt).toInt()
                                     : request.run.measure_iterations);
  }
  if (parser.isSet(log_opt)) {
    for (auto* action : window.findChildren<QAction*>(QStringLiteral("logScaleAction")))
      action->setChecked(true);
  }
  if (screenshot) window.resize(*size);
  if (parser.isSet(tab_opt)) {
    for (const auto& [name, test] : chartTabNames()) {
      if (name != tab) continue;
      for (int i = 0; i < window.chartTabs()->count(); ++i) {
        if (test(window.chartTabs()->widget(i))) window.chartTabs()->setCurrentIndex(i);
      }
    }
  }
  window.show();

  if (screenshot) {
    // No window anyone sees: say on stderr why there is no picture.
    QObject::connect(&window, &MainWindow::sessionOpenFailed, &app,
                     [](const QString&, const QString& message) { say(message); });
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
      // By the config's key, not the cell's text (which may carry ★, ≈ or a fallback's arrow).
      const int series = index.data(inferscope::gui::ResultsTableModel::SeriesIndexRole).toInt();
      const auto& all = window.document()->series();
      if (series >= 0 && series < static_cast<int>(all.size()) &&
          all[static_cast<std::size_t>(series)].key == parser.value(select_opt))
        view->setCurrentIndex(index);
    }
  }
  if (!screenshot) {
    if (parser.isSet(run_opt)) QTimer::singleShot(0, &window, &MainWindow::startRun);
    if (parser.isSet(lesson_opt)) {
      // Over the main window: Esc leaves the presentation and the window is there.
      QString error;
      if (!inferscope::gui::LessonsMenu::present(parser.value(lesson_opt),
                                                 parser.isSet(present_opt), &error)) {
        return refuse(error);
      }
    }
    return app.exec();
  }

  const QString out = parser.value(screenshot_opt);
  int result = 0;
  if (parser.isSet(wizard_opt)) {
    auto* wizard = window.openWizard();
    wizard->resize(*size);
    wizard->devicePage()->simulate(generation);
    wizard->next();
    wizard->next();
    QApplication::processEvents();
    return savePicture(wizard->grab(), out, "wizard screenshot");
  }
  if (parser.isSet(run_opt) && grab_after_ms >= 0) {
    // A picture of a run in progress: grab, then cancel and leave once the engine has stopped.
    QTimer::singleShot(0, &window, &MainWindow::startRun);
    QTimer::singleShot(grab_after_ms, &window, [&] {
      result = grabWindow(window, out);
      if (!window.bridge()->isRunning()) app.quit();
      QObject::connect(window.bridge(), &inferscope::gui::EngineBridge::runningChanged, &app,
                       &QApplication::quit);
      window.cancelRun();
    });
  } else if (parser.isSet(run_opt)) {
    QObject::connect(window.bridge(), &inferscope::gui::EngineBridge::runningChanged, &app,
                     [&](bool running) {
                       if (running) return;
                       result = grabWindow(window, out);
                       app.quit();
                     });
    QTimer::singleShot(0, &window, [&] {
      window.startRun();
      if (!window.bridge()
               ->isRunning()) {  // nothing to run (no config checked): grab what there is
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
