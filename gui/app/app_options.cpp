// The command line of `inferscope` (see app_options.h): the options, then every check of a value.
#include "gui/app/app_options.h"

#include <QCommandLineParser>
#include <QCoreApplication>
#include <QRegularExpression>
#include <climits>
#include <utility>

#include "core/advisor/generation_table.h"
#include "core/common/error.h"
#include "core/common/run_files.h"
#include "core/common/value_limits.h"
#include "core/config/optimization_config.h"
#include "core/model/model_zoo.h"

namespace inferscope::gui {
namespace {

// What a window may be, per side, in pixels: a picture of 100000×100000 would need 37 GiB.
constexpr int kMinSidePx = 16;
constexpr int kMaxSidePx = 8192;
// --grab-after: at most ten minutes into a run.
constexpr int kMaxGrabAfterMs = 600000;

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

ParsedAppOptions refused(const QString& message) {
  return {std::nullopt, message, 2};
}

// The options `inferscope` takes, each with its help line.
struct OptionSet {
  QCommandLineOption screenshot{QStringLiteral("screenshot"),
                                QStringLiteral("render the window to this PNG and exit"),
                                QStringLiteral("png")};
  QCommandLineOption open{QStringLiteral("open"), QStringLiteral("open this session file"),
                          QStringLiteral("file")};
  QCommandLineOption run{
      QStringLiteral("run"),
      QStringLiteral("start a run right away (with --screenshot: wait for it to finish)")};
  QCommandLineOption model{QStringLiteral("model"), QStringLiteral("zoo model to select"),
                           QStringLiteral("name")};
  QCommandLineOption batch{QStringLiteral("batch"), QStringLiteral("batch size"),
                           QStringLiteral("n")};
  QCommandLineOption configs{QStringLiteral("configs"),
                             QStringLiteral("comma-separated config keys to check"),
                             QStringLiteral("keys")};
  QCommandLineOption warmup{QStringLiteral("warmup"),
                            QStringLiteral("warm-up iterations per config"), QStringLiteral("n")};
  QCommandLineOption iterations{QStringLiteral("iterations"),
                                QStringLiteral("measured iterations per config"),
                                QStringLiteral("n")};
  QCommandLineOption size{
      QStringLiteral("size"),
      QStringLiteral(
          "window size for --screenshot, --wizard and --handout (16 to 8192 pixels a side)"),
      QStringLiteral("WxH"), QStringLiteral("1280x800")};
  QCommandLineOption grab_after{
      QStringLiteral("grab-after"),
      QStringLiteral("with --run: grab the live window after this many ms, then cancel"),
      QStringLiteral("ms")};
  QCommandLineOption tab{QStringLiteral("tab"),
                         QStringLiteral("chart tab to show: answer, latency, memory, speed, "
                                        "roofline, kernels, cudnn, devices, race, shapes"),
                         QStringLiteral("name")};
  QCommandLineOption wizard{
      QStringLiteral("wizard"),
      QStringLiteral(
          "with --screenshot: the wizard's recommendation page for this simulated generation"),
      QStringLiteral("generation")};
  QCommandLineOption log_scale{QStringLiteral("log-scale"),
                               QStringLiteral("logarithmic latency axis")};
  QCommandLineOption dark{QStringLiteral("dark"),
                          QStringLiteral("Fusion style with a dark palette")};
  QCommandLineOption select{
      QStringLiteral("select"),
      QStringLiteral("with a session: select this config in the results table"),
      QStringLiteral("key")};
  QCommandLineOption lesson{QStringLiteral("lesson"),
                            QStringLiteral("open this built-in lesson (cold-start, tf32, …)"),
                            QStringLiteral("id")};
  QCommandLineOption present{QStringLiteral("present"),
                             QStringLiteral("with --lesson: presentation mode, full screen")};
  QCommandLineOption step{
      QStringLiteral("step"),
      QStringLiteral("with --lesson --screenshot: the slide to grab (1 = first)"),
      QStringLiteral("n")};
  QCommandLineOption handout{
      QStringLiteral("handout"),
      QStringLiteral(
          "with --lesson: write every slide to this PDF (.pdf) or folder of PNGs, then exit"),
      QStringLiteral("path")};
  QCommandLineOption lang{
      QStringLiteral("lang"),
      QStringLiteral(
          "UI language: en, ja or system (default: the saved choice, else the system's)"),
      QStringLiteral("code")};

  void addTo(QCommandLineParser& parser) const {
    parser.setApplicationDescription(
        QStringLiteral("InferScope — profiler and tuner for PyTorch inference settings"));
    parser.addHelpOption();
    parser.addVersionOption();
    parser.addPositionalArgument(QStringLiteral("session"),
                                 QStringLiteral("a session file (*.inferscope.json) to open"),
                                 QStringLiteral("[session]"));
    parser.addOptions({lang,   screenshot, open,   run,        model,     batch,  configs,
                       warmup, iterations, size,   grab_after, log_scale, tab,    wizard,
                       dark,   select,     lesson, present,    step,      handout});
  }
};

std::optional<QString> valueIfSet(const QCommandLineParser& parser,
                                  const QCommandLineOption& option) {
  if (!parser.isSet(option)) return std::nullopt;
  return parser.value(option);
}

// --lang, --size, --grab-after, --tab and --wizard: how the window is drawn.
std::optional<QString> checkLook(const QCommandLineParser& parser, const OptionSet& o,
                                 AppOptions& options) {
  if (parser.isSet(o.lang)) {
    const QString lang = parser.value(o.lang).trimmed().toLower();
    if (lang != QLatin1String("en") && lang != QLatin1String("ja") &&
        lang != QLatin1String("system")) {
      return QStringLiteral("--lang %1: unknown language; use en, ja or system")
          .arg(parser.value(o.lang));
    }
    options.lang = lang;
  }
  const auto size = windowSize(parser.value(o.size));
  if (!size) {
    return QStringLiteral(
               "--size %1: give WIDTHxHEIGHT in pixels, each from %2 to %3, e.g. 1280x800")
        .arg(parser.value(o.size))
        .arg(kMinSidePx)
        .arg(kMaxSidePx);
  }
  options.size = *size;
  if (parser.isSet(o.grab_after)) {
    const auto ms = wholeNumber(parser.value(o.grab_after), 0, kMaxGrabAfterMs);
    if (!ms) {
      return QStringLiteral("--grab-after %1: give milliseconds from 0 to %2")
          .arg(parser.value(o.grab_after))
          .arg(kMaxGrabAfterMs);
    }
    if (!options.run || !options.screenshot)
      return QStringLiteral("--grab-after needs --run and --screenshot");
    options.grab_after_ms = *ms;
  }
  if (parser.isSet(o.tab)) {
    const QString tab = parser.value(o.tab).trimmed().toLower();
    if (!chartTabList().contains(tab)) {
      return QStringLiteral("--tab %1: unknown chart tab; use one of %2")
          .arg(parser.value(o.tab), chartTabList().join(QStringLiteral(", ")));
    }
    options.tab = tab;
  }
  if (parser.isSet(o.wizard)) {
    const QString generation = parser.value(o.wizard).trimmed().toLower();
    QStringList known;
    for (const auto& id : advisor::GenerationTable::builtin().ids())
      known << QString::fromStdString(id);
    if (!known.contains(generation)) {
      return QStringLiteral("--wizard %1: unknown GPU generation; use one of %2")
          .arg(parser.value(o.wizard), known.join(QStringLiteral(", ")));
    }
    if (!options.screenshot) return QStringLiteral("--wizard needs --screenshot");
    options.wizard = generation;
  }
  return std::nullopt;
}

// --step, --batch, --warmup, --iterations, --model and --configs: what is shown or run. A model or
// config the run panel does not know is named, never replaced by the default one.
std::optional<QString> checkRun(const QCommandLineParser& parser, const OptionSet& o,
                                AppOptions& options) {
  if (parser.isSet(o.step) && !options.lesson) return QStringLiteral("--step needs --lesson");
  // Without a lesson there are no slides to write or present: said, never silently ignored.
  if (parser.isSet(o.handout) && !options.lesson)
    return QStringLiteral("--handout needs --lesson (the lesson whose slides it writes)");
  if (parser.isSet(o.present) && !options.lesson) return QStringLiteral("--present needs --lesson");
  if (parser.isSet(o.step)) {
    options.step = wholeNumber(parser.value(o.step), 1, INT_MAX);
    if (!options.step)
      return QStringLiteral("--step %1: give a slide number from 1").arg(parser.value(o.step));
  }
  const std::pair<const QCommandLineOption*, std::optional<int>*> counts[] = {
      {&o.batch, &options.batch},
      {&o.warmup, &options.warmup},
      {&o.iterations, &options.iterations}};
  for (const auto& [option, value] : counts) {
    const int low = option == &o.warmup ? 0 : 1;
    // Iteration counts have the command line's bound (value_limits.h): near INT_MAX, warm-up and
    // measured iterations added together would overflow.
    const int high = option == &o.batch ? INT_MAX : kMaxIterations;
    if (!parser.isSet(*option)) continue;
    *value = wholeNumber(parser.value(*option), low, high);
    if (!*value) {
      QString message = QStringLiteral("--%1 %2: give a whole number from %3")
                            .arg(option->names().front(), parser.value(*option))
                            .arg(low);
      if (high != INT_MAX) message += QStringLiteral(" to %1").arg(high);
      return message;
    }
  }
  if (options.model && !findZooModel(options.model->toStdString())) {
    return QStringLiteral("--model %1: not a zoo model; use one of %2")
        .arg(*options.model, QString::fromStdString(zooModelNames()));
  }
  if (parser.isSet(o.configs)) {
    const auto keys = parser.value(o.configs).split(QLatin1Char(','), Qt::SkipEmptyParts);
    if (keys.isEmpty())
      return QStringLiteral("--configs: name at least one config key, e.g. fp32,bf16");
    for (const auto& key : keys) {
      try {
        OptimizationConfig::parse(key.toStdString());
      } catch (const Error& e) {
        return QStringLiteral("--configs: %1").arg(QString::fromStdString(e.what()));
      }
    }
    options.configs = keys;
  }
  return std::nullopt;
}

// The one check of a command's files (core/common/run_files.h): a picture never replaces the
// session it shows, nor a file that is not a picture; a hand-out replaces only a PDF or fills a
// folder.
std::optional<QString> checkFiles(bool session_from_open, const AppOptions& options) {
  RunFiles files;
  files.addInput(session_from_open ? "--open" : "the session", options.session.toStdString());
  if (options.screenshot)
    files.addOutput("--screenshot", options.screenshot->toStdString(), OutputKind::Image);
  if (options.handoutMode()) {
    const QString& path = *options.handout;
    files.addOutput("--handout", path.toStdString(),
                    path.endsWith(QStringLiteral(".pdf"), Qt::CaseInsensitive)
                        ? OutputKind::Pdf
                        : OutputKind::Folder);
  }
  try {
    files.check();
  } catch (const Error& e) {
    return QString::fromStdString(e.what());
  }
  return std::nullopt;
}

}  // namespace

QStringList chartTabList() {
  return {QStringLiteral("answer"), QStringLiteral("latency"),  QStringLiteral("memory"),
          QStringLiteral("speed"),  QStringLiteral("roofline"), QStringLiteral("kernels"),
          QStringLiteral("cudnn"),  QStringLiteral("devices"),  QStringLiteral("race"),
          QStringLiteral("shapes")};
}

ParsedAppOptions parseAppOptions(const QStringList& arguments) {
  QCommandLineParser parser;
  const OptionSet o;
  o.addTo(parser);
  if (!parser.parse(arguments)) return refused(parser.errorText());
  if (parser.isSet(QStringLiteral("help")) || parser.isSet(QStringLiteral("help-all")))
    return {std::nullopt, parser.helpText(), 0};
  if (parser.isSet(QStringLiteral("version"))) {
    return {std::nullopt,
            QStringLiteral("%1 %2\n").arg(QCoreApplication::applicationName(),
                                          QCoreApplication::applicationVersion()),
            0};
  }
  AppOptions options;
  options.screenshot = valueIfSet(parser, o.screenshot);
  options.run = parser.isSet(o.run);
  options.model = valueIfSet(parser, o.model);
  options.log_scale = parser.isSet(o.log_scale);
  options.dark = parser.isSet(o.dark);
  options.select = valueIfSet(parser, o.select);
  options.lesson = valueIfSet(parser, o.lesson);
  options.present = parser.isSet(o.present);
  options.handout = valueIfSet(parser, o.handout);
  // Every option value is checked before any window exists: a wrong one is named, exit 2, instead
  // of being ignored, clamped or left to hang a screenshot run.
  if (auto error = checkLook(parser, o, options)) return refused(*error);
  if (auto error = checkRun(parser, o, options)) return refused(*error);
  options.session = parser.value(o.open);
  if (options.session.isEmpty() && !parser.positionalArguments().isEmpty())
    options.session = parser.positionalArguments().front();
  if (auto error = checkFiles(parser.isSet(o.open), options)) return refused(*error);
  return ParsedAppOptions{std::move(options), QString(), 0};
}

bool wantsOffscreen(const QStringList& arguments) {
  QCommandLineParser parser;
  const OptionSet o;
  o.addTo(parser);
  parser.parse(arguments);
  return parser.isSet(o.screenshot) || (parser.isSet(o.lesson) && parser.isSet(o.handout));
}

}  // namespace inferscope::gui
