// The GUI's session loading under hostile files: every seed, then random mutations of them, opened
// in the real window (offscreen) for a bounded time. The fuzz build (preset `fuzz`: clang, no Qt)
// cannot link the window, so this target is built in the normal tree (tests/gui/CMakeLists.txt) as
// a corpus replay plus random mutation, not under libFuzzer; scripts/fuzz.sh runs it after the
// libFuzzer targets within the same time budget. A file passes when the window opens it or refuses
// it with the reader's message, and in either case the window stays within the screen, every tab
// shows, and it took less than --input-timeout-s. A crash or a hang leaves the input that caused it
// in --work/artifacts/ (current.inferscope.json is written before each open and a watchdog copies
// it out on a hang); a window wider than the screen or a too-slow open is reported the same way.
//   fuzz_gui_session_load [--seconds N] [--seed S] [--work DIR] [--input-timeout-s T]
//   SEED_FILE|DIR…
#include <QApplication>
#include <QDir>
#include <QElapsedTimer>
#include <QFile>
#include <QFileInfo>
#include <QScreen>
#include <QStandardPaths>
#include <QTabWidget>
#include <algorithm>
#include <atomic>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <map>
#include <random>
#include <string>
#include <thread>
#include <vector>

#include "core/common/error.h"
#include "core/session/session_file.h"
#include "gui/widgets/main_window.h"

using namespace inferscope;
using inferscope::gui::MainWindow;

namespace {

struct Options {
  double seconds = 20;
  unsigned seed = 0;
  double input_timeout_s = 30;
  QString work = QStringLiteral("build/fuzz-gui");
  QStringList seeds;
};

// Values that break assumptions: huge and tiny numbers, negative counts, long and odd strings.
const char* const kNumbers[] = {
    "1e308",      "-1e308", "5e-324",  "0", "-1", "9223372036854775807", "-9223372036854775808",
    "2147483647", "1e-9",   "86400000"};

std::string longText(std::mt19937& rng) {
  static const char* const kAlphabets[] = {
      "w", "\xE2\x80\x94", "\xF0\x9F\x98\x80", " ", "\\n", "\\u001b[31m", "<b>", "%1"};
  const std::size_t lengths[] = {1'000, 30'000, 300'000, 1'000'000};
  const std::size_t length = lengths[rng() % 4];
  const std::string unit = kAlphabets[rng() % 8];
  std::string s;
  s.reserve(length + unit.size());
  while (s.size() < length) s += unit;
  return s;
}

// One text mutation of a session file's JSON.
std::string mutateText(std::string text, std::mt19937& rng) {
  if (text.empty()) return text;
  auto at = [&] { return static_cast<std::size_t>(rng() % text.size()); };
  switch (rng() % 6) {
    case 0: {  // a long string inside some string value or key
      std::size_t quote = text.find('"', at());
      if (quote == std::string::npos) quote = text.find('"');
      if (quote != std::string::npos) text.insert(quote + 1, longText(rng));
      break;
    }
    case 1: {  // an extreme number in place of some number
      std::size_t p = text.find_first_of("0123456789", at());
      if (p == std::string::npos) break;
      std::size_t end = text.find_first_not_of("0123456789.eE+-", p);
      if (end == std::string::npos) end = text.size();
      text.replace(p, end - p, kNumbers[rng() % (sizeof kNumbers / sizeof *kNumbers)]);
      break;
    }
    case 2: {  // a span repeated: arrays grow, entries repeat
      const std::size_t begin = at(),
                        len = std::min<std::size_t>(1 + rng() % 4096, text.size() - begin);
      const std::string span = text.substr(begin, len);
      const int times = 1 + static_cast<int>(rng() % 64);
      for (int i = 0; i < times; ++i) text.insert(begin, span);
      break;
    }
    case 3:  // a byte changed
      text[at()] = static_cast<char>(rng() % 256);
      break;
    case 4: {  // a span removed
      const std::size_t begin = at();
      text.erase(begin, std::min<std::size_t>(1 + rng() % 256, text.size() - begin));
      break;
    }
    default:  // cut short
      text.resize(at());
      break;
  }
  return text;
}

// A mutation through the values: whatever the writer writes, long texts in the fields the window
// shows, and plans and config lists that grow.
std::string mutateValues(const std::string& text, std::mt19937& rng) {
  SessionResult s;
  try {
    s = sessionFromJson(text, "<seed>");
  } catch (const Error&) {
    return mutateText(text, rng);
  }
  const std::string t = longText(rng);
  switch (rng() % 5) {
    case 0:
      s.host = t;
      break;
    case 1:
      s.device.name = t;
      s.device.driver_version = t;
      break;
    case 2:
      if (!s.configs.empty()) {
        auto& c = s.configs[rng() % s.configs.size()];
        c.status = ConfigStatus::Error;
        c.message = t;
      }
      break;
    case 3:
      s.request.model.name = t;
      break;
    default: {  // the plan and the configs repeated up to the reader's limit
      const std::size_t target = std::size_t{1} << (4 + rng() % 10);
      const auto plan = s.request.plan;
      while (!plan.empty() && s.request.plan.size() < target)
        s.request.plan.insert(s.request.plan.end(), plan.begin(), plan.end());
      break;
    }
  }
  return sessionToJson(s, -1);
}

bool writeFile(const QString& path, const std::string& bytes) {
  QFile f(path);
  if (!f.open(QIODevice::WriteOnly | QIODevice::Truncate)) return false;
  return f.write(bytes.data(), static_cast<qint64>(bytes.size())) ==
         static_cast<qint64>(bytes.size());
}

// A number after `option`, or exit 2 naming it: a mistyped --seconds must not run a 0 s fuzz that
// passes.
double numberAfter(const QString& option, const QString& text) {
  bool ok = false;
  const double value = text.toDouble(&ok);
  if (!ok || !(value > 0)) {
    std::fprintf(stderr, "fuzz_gui_session_load: %s needs a number above 0, not '%s'\n",
                 qPrintable(option), qPrintable(text));
    std::exit(2);
  }
  return value;
}

Options parse(const QStringList& args) {
  Options o;
  for (int i = 1; i < args.size(); ++i) {
    const QString& a = args[i];
    const bool has_value = i + 1 < args.size();
    if (a == QStringLiteral("--seconds") && has_value)
      o.seconds = numberAfter(a, args[++i]);
    else if (a == QStringLiteral("--seed") && has_value) {
      bool ok = false;
      o.seed = args[++i].toUInt(&ok);
      if (!ok) {
        std::fprintf(stderr, "fuzz_gui_session_load: --seed needs a whole number, not '%s'\n",
                     qPrintable(args[i]));
        std::exit(2);
      }
    } else if (a == QStringLiteral("--work") && has_value)
      o.work = args[++i];
    else if (a == QStringLiteral("--input-timeout-s") && has_value)
      o.input_timeout_s = numberAfter(a, args[++i]);
    else if (a.startsWith(QLatin1String("--"))) {
      std::fprintf(stderr, "fuzz_gui_session_load: unknown option %s\n", qPrintable(a));
      std::exit(2);
    } else {
      o.seeds << a;
    }
  }
  return o;
}

std::vector<std::string> readSeeds(const QStringList& paths) {
  std::vector<std::string> seeds;
  for (const QString& p : paths) {
    QStringList files;
    if (QFileInfo(p).isDir()) {
      for (const auto& f : QDir(p).entryInfoList(QDir::Files, QDir::Name)) files << f.filePath();
    } else {
      files << p;
    }
    for (const QString& f : files) {
      QFile file(f);
      if (file.open(QIODevice::ReadOnly)) seeds.push_back(file.readAll().toStdString());
    }
  }
  return seeds;
}

}  // namespace

int main(int argc, char** argv) {
  qputenv("QT_QPA_PLATFORM", "offscreen");
  if (qEnvironmentVariableIsEmpty("QT_QPA_FONTDIR"))
    qputenv("QT_QPA_FONTDIR", "/usr/share/fonts/truetype/dejavu");
  QApplication app(argc, argv);
  // Qt's warnings about offscreen painting would fill the log thousands of times; criticals stay.
  qInstallMessageHandler([](QtMsgType type, const QMessageLogContext&, const QString& message) {
    if (type == QtCriticalMsg || type == QtFatalMsg)
      std::fprintf(stderr, "%s\n", qPrintable(message));
  });
  QCoreApplication::setOrganizationName(QStringLiteral("InferScopeFuzz"));
  QCoreApplication::setApplicationName(QStringLiteral("fuzz_gui_session_load"));
  QStandardPaths::setTestModeEnabled(true);  // settings and autosaves stay out of the user's data
  const Options options = parse(QCoreApplication::arguments());
  const std::vector<std::string> seeds = readSeeds(options.seeds);
  if (seeds.empty()) {
    std::fprintf(stderr, "fuzz_gui_session_load: no seed files (give files or folders)\n");
    return 2;
  }
  QDir().mkpath(options.work + QStringLiteral("/artifacts"));
  const QString current = options.work + QStringLiteral("/current.inferscope.json");
  const QString artifacts = options.work + QStringLiteral("/artifacts/");

  // The watchdog: an input that takes longer than the limit is a hang; its file is kept.
  std::atomic<long long> started_ms{-1};
  std::atomic<bool> done{false};
  QElapsedTimer clock;
  clock.start();
  const long long limit_ms = static_cast<long long>(options.input_timeout_s * 1000);
  std::thread watchdog([&] {
    while (!done) {
      const long long s = started_ms.load();
      if (s >= 0 && clock.elapsed() - s > limit_ms) {
        QFile::copy(current, artifacts + QStringLiteral("hang.inferscope.json"));
        std::fprintf(stderr,
                     "fuzz_gui_session_load: an input took over %.0f s (hang), kept as "
                     "%shang.inferscope.json\n",
                     options.input_timeout_s, qPrintable(artifacts));
        std::_Exit(1);
      }
      std::this_thread::sleep_for(std::chrono::milliseconds(200));
    }
  });

  std::mt19937 rng(options.seed);
  MainWindow window;
  window.show();
  // What the window needs with an ordinary session (the first seed): no file may make it need more.
  // The offscreen screen (800 px) is narrower than the window's own controls.
  int allowed_width = 0;
  long long inputs = 0, opened = 0, refused = 0;
  double slowest_s = 0;
  int failures = 0;
  std::map<QWidget*, int> first_minimum_px;  // each widget's minimum width after the first input
  const auto run = [&](const std::string& bytes, const char* what) {
    if (!writeFile(current, bytes)) {
      std::fprintf(stderr, "fuzz_gui_session_load: cannot write %s\n", qPrintable(current));
      std::exit(2);
    }
    started_ms = clock.elapsed();
    const bool ok = window.openSession(current);
    for (int i = 0; i < window.chartTabs()->count(); ++i) {
      window.chartTabs()->setCurrentIndex(i);
      QCoreApplication::processEvents();
    }
    const double took_s = static_cast<double>(clock.elapsed() - started_ms) / 1000.0;
    started_ms = -1;
    slowest_s = std::max(slowest_s, took_s);
    ++inputs;
    (ok ? opened : refused) += 1;
    if (allowed_width == 0) {
      for (auto* w : window.findChildren<QWidget*>())
        first_minimum_px[w] = w->minimumSizeHint().width();
      allowed_width = std::max(window.screen()->availableGeometry().width(),
                               std::max(window.width(), window.minimumSizeHint().width()) + 64);
    }
    if (window.width() > allowed_width || window.minimumSizeHint().width() > allowed_width) {
      const QString kept = artifacts + QStringLiteral("wide-%1.inferscope.json").arg(inputs);
      QFile::copy(current, kept);
      std::fprintf(
          stderr,
          "fuzz_gui_session_load: %s made the window %d px wide (minimum %d), at most %d: %s\n",
          what, window.width(), window.minimumSizeHint().width(), allowed_width, qPrintable(kept));
      // The culprits: the widgets whose minimum width grew most since the first input.
      std::vector<std::pair<int, QWidget*>> grown;
      for (auto* w : window.findChildren<QWidget*>()) {  // hidden ones too: a tab's page counts
        const int before = first_minimum_px.count(w) ? first_minimum_px[w] : 0;
        grown.emplace_back(w->minimumSizeHint().width() - before, w);
      }
      std::sort(grown.begin(), grown.end(),
                [](const auto& a, const auto& b) { return a.first > b.first; });
      for (std::size_t k = 0; k < grown.size() && k < 12 && grown[k].first > 0; ++k)
        std::fprintf(stderr, "  grew by %d px: %s '%s' (minimum %d)\n", grown[k].first,
                     grown[k].second->metaObject()->className(),
                     qPrintable(grown[k].second->objectName()),
                     grown[k].second->minimumSizeHint().width());
      ++failures;
    }
  };

  for (const auto& seed : seeds) run(seed, "a seed");
  const double budget_ms = options.seconds * 1000;
  while (clock.elapsed() < budget_ms && failures == 0) {
    const std::string& seed = seeds[rng() % seeds.size()];
    std::string input = rng() % 2 ? mutateValues(seed, rng) : mutateText(seed, rng);
    const int stacked = static_cast<int>(rng() % 3);  // a few mutations on top of each other
    for (int i = 0; i < stacked; ++i) input = mutateText(std::move(input), rng);
    run(input, "a mutation");
  }
  done = true;
  watchdog.join();
  std::printf(
      "fuzz_gui_session_load: %lld inputs in %.0f s (%lld opened, %lld refused), slowest %.1f s, "
      "%d failures\n",
      inputs, static_cast<double>(clock.elapsed()) / 1000.0, opened, refused, slowest_s, failures);
  return failures == 0 ? 0 : 1;
}
