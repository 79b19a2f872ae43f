// bench_gui_stall: the GUI thread's longest stall while a tiny CPU model streams thousands of
// samples per second through the real engine, the real EngineBridge and the real MainWindow
// (offscreen, 1280×800, the Latency tab drawing live). A 1 ms heartbeat timer on the GUI thread
// records the gap between its ticks: a gap of g ms means the event loop could not run for about
// g ms (the timer's own resolution is ~1 ms). First the idle window (the timer's baseline), then
// the run; the longest gaps are attributed to what the GUI thread handled inside them. Results go
// to docs/PERFORMANCE.md ("GUI responsiveness"); nothing here asserts a time.
//
// Each gap also says how much of it the GUI thread spent on the CPU (its thread CPU time across the
// gap): a gap of 30 ms with 28 ms of CPU is work on the GUI thread; one with 2 ms of CPU is the
// thread waiting for a core. The application times every event it dispatches on the GUI thread
// (QApplication::notify), so the work is named by receiver class and event type.
//
//   bench_gui_stall [--iterations N] [--configs fp32,nograd+fp32] [--idle-s S] [--tab latency]
//                   [--rate SAMPLES_PER_S]
//
// --rate replaces the engine's run (EngineBridge::RunFunction) with a synthetic stream at that many
// samples per second: log-normal latencies around 0.08 ms, each config's result analysed by the
// engine's own analyseLatencies, everything else (bridge, document, views) real. It measures the
// GUI at a sample rate that the machine's engine may not reach (this 2-core VM's runs the tiny
// model at 7–17 k samples/s, depending on the day), and leaves the GUI thread a core of its own.
#include <time.h>

#include <QApplication>
#include <QCommandLineParser>
#include <QDir>
#include <QElapsedTimer>
#include <QEventLoop>
#include <QSettings>
#include <QStandardPaths>
#include <QTabWidget>
#include <QThread>
#include <QTimer>
#include <algorithm>
#include <chrono>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <map>
#include <random>
#include <string>
#include <thread>
#include <vector>

#include "core/common/version.h"
#include "core/engine/result_analysis.h"
#include "core/engine/session_result.h"
#include "gui/lib/engine_bridge.h"
#include "gui/widgets/main_window.h"

using namespace inferscope;
using namespace inferscope::gui;

namespace {

double threadCpuMs() {
  timespec t{};
  ::clock_gettime(CLOCK_THREAD_CPUTIME_ID, &t);
  return static_cast<double>(t.tv_sec) * 1e3 + static_cast<double>(t.tv_nsec) / 1e6;
}

// One clock for the heartbeat and the event timings.
QElapsedTimer& benchClock() {
  static QElapsedTimer clock;
  return clock;
}
double benchNowMs() {
  return static_cast<double>(benchClock().nsecsElapsed()) / 1e6;
}

// Every event the GUI thread dispatches that takes ≥ 2 ms: when, how long, to whom.
class TimedApplication : public QApplication {
 public:
  using QApplication::QApplication;
  struct Slow {
    double end_ms, took_ms;
    std::string what;
  };
  std::vector<Slow> slow;
  bool recording = false;

  bool notify(QObject* receiver, QEvent* event) override {
    if (!recording || depth_ > 0 || QThread::currentThread() != thread())
      return QApplication::notify(receiver, event);
    ++depth_;
    const double start = benchNowMs();
    const bool handled = QApplication::notify(receiver, event);
    const double took = benchNowMs() - start;
    --depth_;
    if (took >= 2.0) {
      slow.push_back(
          {start + took, took,
           std::string(receiver->metaObject()->className()) +
               (receiver->objectName().isEmpty() ? std::string()
                                                 : " " + receiver->objectName().toStdString()) +
               " event " + std::to_string(static_cast<int>(event->type()))});
    }
    return handled;
  }

 private:
  int depth_ = 0;
};

// Gaps between the ticks of a 1 ms precise timer on the GUI thread, with the GUI thread's CPU
// time across each.
class Heartbeat : public QObject {
 public:
  Heartbeat() {
    timer_.setTimerType(Qt::PreciseTimer);
    timer_.setInterval(1);
    connect(&timer_, &QTimer::timeout, this, [this] {
      const double now = benchNowMs(), cpu = threadCpuMs();
      gaps_.push_back({now, now - last_ms_, cpu - last_cpu_ms_});
      last_ms_ = now;
      last_cpu_ms_ = cpu;
    });
  }
  void start() {
    gaps_.clear();
    last_ms_ = benchNowMs();
    last_cpu_ms_ = threadCpuMs();
    timer_.start();
  }
  void stop() { timer_.stop(); }
  double nowMs() const { return benchNowMs(); }
  struct Gap {
    double end_ms, gap_ms, cpu_ms;
  };
  const std::vector<Gap>& gaps() const { return gaps_; }

 private:
  QTimer timer_;
  double last_ms_ = 0, last_cpu_ms_ = 0;
  std::vector<Gap> gaps_;
};

double percentile(std::vector<double> v, double p) {
  if (v.empty()) return 0;
  std::sort(v.begin(), v.end());
  const double rank = p / 100.0 * static_cast<double>(v.size() - 1);
  const auto lo = static_cast<std::size_t>(std::floor(rank));
  const auto hi = std::min(lo + 1, v.size() - 1);
  return v[lo] + (v[hi] - v[lo]) * (rank - static_cast<double>(lo));
}

struct Event {
  double at_ms;
  std::string what;
};

struct Scenario {
  std::string name;
  double wall_s = 0, start_ms = 0;
  std::size_t samples = 0;
  std::vector<Heartbeat::Gap> gaps;
  std::vector<Event> events;
  std::vector<TimedApplication::Slow> slow;  // events that took ≥ 2 ms
};

void waitMs(int ms) {
  QEventLoop loop;
  QTimer::singleShot(ms, &loop, &QEventLoop::quit);
  loop.exec();
}

void printRow(const Scenario& s) {
  std::vector<double> gaps;
  for (const auto& g : s.gaps) gaps.push_back(g.gap_ms);
  const auto over = [&](double ms) {
    return std::count_if(gaps.begin(), gaps.end(), [ms](double g) { return g > ms; });
  };
  std::printf("%-34s %7.1f %9zu %9.0f %8zu %7.2f %7.2f %8.2f %7.1f %6ld %6ld\n", s.name.c_str(),
              s.wall_s, s.samples, s.wall_s > 0 ? static_cast<double>(s.samples) / s.wall_s : 0.0,
              gaps.size(), percentile(gaps, 50), percentile(gaps, 99), percentile(gaps, 99.9),
              gaps.empty() ? 0.0 : *std::max_element(gaps.begin(), gaps.end()),
              static_cast<long>(over(16)), static_cast<long>(over(50)));
}

void printLongest(const Scenario& s, int count) {
  std::vector<Heartbeat::Gap> sorted = s.gaps;
  std::sort(sorted.begin(), sorted.end(),
            [](const auto& a, const auto& b) { return a.gap_ms > b.gap_ms; });
  std::printf(
      "\nlongest gaps of \"%s\" (at = end of the gap, s from the start; what the GUI thread "
      "handled in it):\n",
      s.name.c_str());
  for (int i = 0; i < count && i < static_cast<int>(sorted.size()); ++i) {
    const auto& g = sorted[static_cast<std::size_t>(i)];
    std::string inside;
    int snapshots = 0;
    const double begin = g.end_ms - g.gap_ms;
    for (const auto& e : s.events) {
      if (e.at_ms <= begin || e.at_ms > g.end_ms) continue;
      if (e.what == "snapshot") {
        ++snapshots;
      } else {
        inside += (inside.empty() ? "" : ", ") + e.what;
      }
    }
    if (snapshots > 0)
      inside += (inside.empty() ? "" : ", ") + std::to_string(snapshots) + " snapshot(s)";
    // The slow events that overlap the gap, longest first (the slow handlers inside it).
    std::vector<TimedApplication::Slow> overlapping;
    for (const auto& e : s.slow) {
      if (e.end_ms > begin && e.end_ms - e.took_ms < g.end_ms) overlapping.push_back(e);
    }
    std::sort(overlapping.begin(), overlapping.end(),
              [](const auto& a, const auto& b) { return a.took_ms > b.took_ms; });
    std::string handlers;
    for (std::size_t k = 0; k < overlapping.size() && k < 3; ++k) {
      char part[160];
      std::snprintf(part, sizeof part, "%s%s %.1f ms", handlers.empty() ? "" : "; ",
                    overlapping[k].what.c_str(), overlapping[k].took_ms);
      handlers += part;
    }
    std::printf("  %6.2f ms (GUI thread on CPU %5.2f ms)  at %7.3f s  %s%s%s\n", g.gap_ms, g.cpu_ms,
                (g.end_ms - s.start_ms) / 1000.0, inside.empty() ? "-" : inside.c_str(),
                handlers.empty() ? "" : " | slow handlers: ", handlers.c_str());
  }
}

// The engine's events at `rate` samples per second, paced against the clock (each millisecond's
// samples together, as the real loop's would arrive), then each config's result with real
// statistics. Cancelling stops it within a millisecond.
EngineBridge::RunFunction syntheticEngine(double rate) {
  return [rate](const ProfileRequest& request, EventSink& sink, const CancelToken& cancel) {
    using Clock = std::chrono::steady_clock;
    std::mt19937_64 rng(7);
    std::lognormal_distribution<double> latency(std::log(0.08), 0.15);
    SessionResult session;
    session.request = request;
    const int count = static_cast<int>(request.plan.size());
    const int warmup = request.run.warmup_iterations;
    const int total = warmup + request.run.measure_iterations;
    for (int c = 0; c < count && !session.cancelled; ++c) {
      ConfigResult r;
      r.index = c;
      r.config = request.plan[static_cast<std::size_t>(c)];
      r.warmup_iterations = warmup;
      sink.onConfigStart(c, count, r.config);
      const auto start = Clock::now();
      for (int i = 0; i < total;) {
        if (cancel.cancelled()) {
          r.status = ConfigStatus::Cancelled;
          session.cancelled = true;
          break;
        }
        const double due_s = std::chrono::duration<double>(Clock::now() - start).count() * rate;
        for (; i < total && i < static_cast<int>(due_s); ++i) {
          const double ms = latency(rng);
          r.latency_ms.push_back(ms);
          r.host_ms.push_back(ms);
          sink.onSample(Sample{c, i, ms, ms, i < warmup});
        }
        sink.onProgress(Progress{c, count, i, total, 0, -1});
        std::this_thread::sleep_for(std::chrono::milliseconds(1));
      }
      analyseLatencies(r, request.batch);
      sink.onConfigDone(r);
      session.configs.push_back(std::move(r));
    }
    sink.onSessionDone(session);
    return session;
  };
}

}  // namespace

int main(int argc, char** argv) {
  if (qEnvironmentVariableIsEmpty("QT_QPA_PLATFORM")) qputenv("QT_QPA_PLATFORM", "offscreen");
  if (qEnvironmentVariableIsEmpty("QT_QPA_FONTDIR") &&
      QDir(QStringLiteral("/usr/share/fonts/truetype/dejavu")).exists()) {
    qputenv("QT_QPA_FONTDIR", "/usr/share/fonts/truetype/dejavu");
  }
  TimedApplication app(argc, argv);
  benchClock().start();
  QCoreApplication::setOrganizationName(QStringLiteral("InferScope"));
  QCoreApplication::setApplicationName(QStringLiteral("InferScope-bench"));
  QStandardPaths::setTestModeEnabled(true);  // the autosave it writes stays out of the user's data
  QSettings().clear();

  QCommandLineParser parser;
  parser.addHelpOption();
  const QCommandLineOption iterations_opt(QStringLiteral("iterations"),
                                          QStringLiteral("measured iterations per config"),
                                          QStringLiteral("n"), QStringLiteral("20000"));
  const QCommandLineOption configs_opt(QStringLiteral("configs"), QStringLiteral("config keys"),
                                       QStringLiteral("keys"),
                                       QStringLiteral("fp32,nograd+fp32,fp32+cl"));
  const QCommandLineOption idle_opt(QStringLiteral("idle-s"),
                                    QStringLiteral("seconds of the idle baseline"),
                                    QStringLiteral("s"), QStringLiteral("3"));
  const QCommandLineOption tab_opt(QStringLiteral("tab"),
                                   QStringLiteral("chart tab showing during the run"),
                                   QStringLiteral("name"), QStringLiteral("latency"));
  const QCommandLineOption rate_opt(
      QStringLiteral("rate"),
      QStringLiteral("a synthetic engine streaming this many samples per second (default: the real "
                     "engine)"),
      QStringLiteral("samples/s"));
  parser.addOptions({iterations_opt, configs_opt, idle_opt, tab_opt, rate_opt});
  parser.process(app);

  // A tiny BERT-like encoder: ~0.2 ms per iteration on one core, ~5 000 samples per second.
  ProfileRequest request;
  request.model.name = "bert-encoder";
  request.model.encoder.layers = 1;
  request.model.encoder.hidden = 16;
  request.model.encoder.heads = 1;
  request.model.encoder.intermediate = 32;
  request.model.encoder.seq_len = 4;
  request.batch = 1;
  request.plan.clear();
  for (const auto& key : parser.value(configs_opt).split(QLatin1Char(','), Qt::SkipEmptyParts)) {
    request.plan.push_back(OptimizationConfig::parse(key.toStdString()));
  }
  request.run.warmup_iterations = 100;
  // A number the bench cannot read is named, never read as 0 (which would measure nothing, or the
  // real engine where a synthetic one was asked for).
  const auto number = [&](const QCommandLineOption& option, double minimum) {
    bool ok = false;
    const double value = parser.value(option).toDouble(&ok);
    if (!ok || value < minimum) {
      std::fprintf(stderr, "bench_gui_stall: --%s %s: expected a number of at least %g\n",
                   qPrintable(option.names().front()), qPrintable(parser.value(option)), minimum);
      std::exit(2);
    }
    return value;
  };
  request.run.measure_iterations = static_cast<int>(number(iterations_opt, 1));

  const double rate = parser.isSet(rate_opt) ? number(rate_opt, 1) : 0;  // 0: the real engine
  MainWindow window(rate > 0 ? syntheticEngine(rate) : EngineBridge::RunFunction{});
  window.resize(1280, 800);
  for (int i = 0; i < window.chartTabs()->count(); ++i) {
    if (window.chartTabs()->tabText(i).toLower().startsWith(parser.value(tab_opt).toLower()))
      window.chartTabs()->setCurrentIndex(i);
  }
  window.show();
  waitMs(500);  // first layout and paint

  Heartbeat heartbeat;
  std::vector<Scenario> scenarios;

  Scenario idle;
  idle.name = "idle window (timer baseline)";
  idle.start_ms = heartbeat.nowMs();
  heartbeat.start();
  waitMs(static_cast<int>(number(idle_opt, 0) * 1000));
  heartbeat.stop();
  idle.wall_s = (heartbeat.nowMs() - idle.start_ms) / 1000.0;
  idle.gaps = heartbeat.gaps();
  scenarios.push_back(idle);

  Scenario run;
  run.name = QStringLiteral("live run, %1 tab")
                 .arg(window.chartTabs()->tabText(window.chartTabs()->currentIndex()))
                 .toStdString();
  std::size_t largest_snapshot = 0, snapshots = 0;
  auto* bridge = window.bridge();
  QObject::connect(bridge, &EngineBridge::snapshotReady, &app,
                   [&](const std::shared_ptr<const SampleSnapshot>& s) {
                     run.events.push_back({heartbeat.nowMs(), "snapshot"});
                     largest_snapshot = std::max(largest_snapshot, s->samples.size());
                     ++snapshots;
                   });
  QObject::connect(bridge, &EngineBridge::configFinished, &app,
                   [&](const std::shared_ptr<const ConfigResult>& r) {
                     run.events.push_back({heartbeat.nowMs(),
                                           "config end " + r->config.key() + " (" +
                                               std::to_string(r->latency_ms.size()) + " samples)"});
                   });
  std::shared_ptr<const SessionResult> session;
  QEventLoop loop;
  QObject::connect(bridge, &EngineBridge::sessionFinished, &app,
                   [&](const std::shared_ptr<const SessionResult>& s) {
                     run.events.push_back({heartbeat.nowMs(), "session end"});
                     session = s;
                     QTimer::singleShot(
                         300, &loop,
                         &QEventLoop::quit);  // let the end's redraws happen under the heartbeat
                   });
  QObject::connect(bridge, &EngineBridge::runFailed, &app, [&](const QString& message) {
    std::fprintf(stderr, "bench_gui_stall: run failed: %s\n", qPrintable(message));
    loop.quit();
  });
  heartbeat.start();
  const double started_ms = heartbeat.nowMs();
  run.start_ms = started_ms;
  app.recording = true;
  window.startRequest(request);
  run.events.push_back({heartbeat.nowMs(), "startRequest returned"});
  loop.exec();
  heartbeat.stop();
  app.recording = false;
  run.slow = app.slow;
  if (!session) return 1;
  run.wall_s = (heartbeat.nowMs() - started_ms) / 1000.0;
  run.gaps = heartbeat.gaps();
  for (const auto& c : session->configs) run.samples += c.latency_ms.size();
  scenarios.push_back(run);

  std::printf("bench_gui_stall — InferScope %s, Qt %s, platform %s, %d cores\n", kInferScopeVersion,
              qVersion(), qPrintable(QGuiApplication::platformName()), QThread::idealThreadCount());
  std::printf(
      "model %s, batch 1, CPU; %zu configs × (%d warm-up + %d measured); snapshots: %zu, largest "
      "%zu samples\n\n",
      rate > 0 ? QStringLiteral("synthetic engine at %1 samples/s").arg(rate).toStdString().c_str()
               : request.model.displayName().c_str(),
      request.plan.size(), request.run.warmup_iterations, request.run.measure_iterations, snapshots,
      largest_snapshot);
  for (const auto& c : session->configs) {
    std::printf("  %-14s median %.3f ms over %zu samples\n", c.config.key().c_str(),
                c.stats.median_ms, c.latency_ms.size());
  }
  std::printf("\n%-34s %7s %9s %9s %8s %7s %7s %8s %7s %6s %6s\n", "heartbeat gaps (1 ms timer)",
              "wall s", "samples", "samples/s", "ticks", "p50 ms", "p99 ms", "p99.9 ms", "max ms",
              ">16ms", ">50ms");
  for (const auto& s : scenarios) printRow(s);
  printLongest(run, 8);
  // Where the GUI thread's time went: slow events by receiver and type.
  std::map<std::string, std::pair<int, double>> by_what;
  for (const auto& e : run.slow) {
    by_what[e.what].first += 1;
    by_what[e.what].second = std::max(by_what[e.what].second, e.took_ms);
  }
  std::printf("\nevents of >= 2 ms on the GUI thread during the run (count, longest):\n");
  for (const auto& [what, stats] : by_what)
    std::printf("  %-60s %5d  %6.1f ms\n", what.c_str(), stats.first, stats.second);
  return 0;
}
