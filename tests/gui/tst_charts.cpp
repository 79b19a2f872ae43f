// The chart tabs and exports on sessions recorded on the H200, opened on this CPU-only machine:
// every chart fills from the file (memory bars = configs, speed × accuracy points = ok configs,
// kernel rows = traced configs), the tolerance re-ranks, exports write non-empty files, and the
// samples CSV has one row per sample; a live run's trace window gives the timeline and a Chrome
// trace. No engine run: these suites stay fast.
#include <qcustomplot.h>

#include <QApplication>
#include <QComboBox>
#include <QDir>
#include <QFile>
#include <QPointer>
#include <QScreen>
#include <QTabWidget>
#include <QTableWidget>
#include <QTemporaryDir>
#include <QTest>

#include "core/session/session_file.h"
#include "core/trace/fake_activity_source.h"
#include "core/trace/kernel_tracer.h"
#include "core/trace/timeline_json.h"
#include "core/trace/trace_aggregator.h"
#include "core/trace/trace_records.h"
#include "core/trace/trace_summary_json.h"
#include "gui/lib/results_table_model.h"
#include "gui/lib/sample_coalescer.h"
#include "gui/lib/samples_csv.h"
#include "gui/lib/session_document.h"
#include "gui/widgets/chart_style.h"
#include "gui/widgets/contrast.h"
#include "gui/widgets/kernel_timeline.h"
#include "gui/widgets/kernels_view.h"
#include "gui/widgets/latency_chart.h"
#include "gui/widgets/main_window.h"
#include "gui/widgets/memory_chart.h"
#include "gui/widgets/results_view.h"
#include "gui/widgets/session_export_controller.h"
#include "gui/widgets/speed_accuracy_chart.h"
#include "tests/gui/gui_test_main.h"

using namespace inferscope;
using namespace inferscope::gui;

namespace {

// A run of fp32 then nograd+fp32 begun in the window's document, as Start begins one: its request.
ProfileRequest beginTwoConfigRun(MainWindow& window) {
  ProfileRequest request;
  request.plan = {OptimizationConfig::parse("fp32"), OptimizationConfig::parse("nograd+fp32")};
  window.document()->beginRun(request);
  return request;
}

QCustomPlot* latencyPlotOf(MainWindow& window) {
  return window.latencyChart()->findChild<QCustomPlot*>(QStringLiteral("latencyPlot"));
}

// A live-run session as the engine hands it over: one fp32 config whose trace window (two
// iterations, kernels on two streams) is still attached, as it never is in a file.
std::shared_ptr<const SessionResult> liveTracedSession() {
  auto window = std::make_shared<trace::TraceWindow>();
  window->status = trace::TraceStatus::Traced;
  window->source = "fake";
  for (int it = 0; it < 2; ++it) {
    const std::int64_t t0 = it * 1'000'000;
    window->iterations.push_back({it, t0, t0 + 900'000, it == 0});
    for (int k = 0; k < 4; ++k) {
      trace::KernelRecord kernel;
      kernel.name = k % 2 ? "sm80_xmma_fprop_implicit_gemm" : "vectorized_elementwise_kernel";
      kernel.start_ns = t0 + 10'000 + k * 200'000;
      kernel.end_ns = kernel.start_ns + 150'000;
      kernel.stream = 7 + static_cast<std::uint32_t>(k % 2);
      kernel.top_op_name = k % 2 ? "aten::conv2d" : "aten::relu";
      kernel.iteration = it;
      window->kernels.push_back(kernel);
    }
  }
  trace::TraceSummary summary;
  summary.status = trace::TraceStatus::Traced;
  summary.basis = "steady";
  summary.kernels_per_iteration = 4;
  summary.gpu_busy_us_per_iteration = 600;
  summary.launch_gap_us_per_iteration = 200;
  summary.host_overhead_us_per_iteration = 100;
  summary.top_kernels.push_back({"sm80_xmma_fprop_implicit_gemm", 4, 600, 150, 0.5, true});
  auto session = std::make_shared<SessionResult>();
  session->request.plan = {OptimizationConfig{}};
  session->request.run.warmup_iterations = 1;
  ConfigResult result;
  result.latency_ms = {1.0, 0.9};
  result.host_ms = {1.1, 1.0};
  result.warmup_iterations = 1;
  result.stats.median_ms = 0.9;
  result.trace_summary = summary;
  result.traced_iterations = {0, 1};
  result.trace_window = window;
  session->configs.push_back(result);
  return session;
}

// Sixty configs of a tuned session, the shape of a tuned ResNet-50's 56: six precisions × ten
// variants, each with a flat series and a measured accuracy; config i's median is 10 + i/10 ms.
// The race's winner is amp-fp16 (index 50, not among the 16 fastest: the tuner judges across
// processes), tied with amp-fp16+cl (51) and tf32 (10); fp16+cl (31) ran as its fallback
// amp-fp16+cl, the key of another row.
constexpr int kSixtyWinner = 50;
SessionResult sixtyConfigSession() {
  const char* precisions[] = {"fp32", "tf32", "bf16", "fp16", "amp-bf16", "amp-fp16"};
  const char* variants[] = {"",          "+cl",          "+bench",          "+cl+bench", "+graph",
                            "+cl+graph", "+graph+bench", "+cl+graph+bench", "+ts",       "+cl+ts"};
  SessionResult s;
  s.request.plan.clear();  // a request's default plan holds fp32
  s.request.run.warmup_iterations = 2;
  for (int i = 0; i < 60; ++i) {
    const std::string key = std::string(precisions[i / 10]) + variants[i % 10];
    ConfigResult c;
    c.index = i;
    c.config = OptimizationConfig::parse(key);
    s.request.plan.push_back(c.config);
    c.warmup_iterations = 2;
    const double level = 10.0 + 0.1 * i;
    for (int k = 0; k < 30; ++k) c.latency_ms.push_back(level + 0.001 * (k % 3));
    c.host_ms = c.latency_ms;
    c.stats.median_ms = level;
    c.steady.analysed = true;
    c.steady.series_class = "flat";
    c.steady.steady_start = 2;
    c.memory.source = "cuda-caching-allocator";
    c.memory.parameter_bytes = 100 << 20;
    c.memory.peak_allocated_bytes = 200 << 20;
    c.memory.peak_reserved_bytes = 256 << 20;
    c.accuracy.measured = true;
    c.accuracy.rel_l2_error = i == 0 ? 0.0 : 1e-3;
    c.accuracy.cosine_similarity = i == 0 ? 1.0 : 0.99999;
    if (i == 31) {
      c.fallback_from = key;
      c.config = OptimizationConfig::parse("amp-fp16+cl");
    }
    s.configs.push_back(c);
  }
  TuneRecord race;
  race.winner = "amp-fp16";
  race.tied_with = {"amp-fp16+cl", "tf32"};
  race.verdict_state = "final";
  s.races.push_back(race);
  return s;
}

// A trace window recorded through the real tracer and the fake activity source: `warmup` +
// `steady` iterations of `kernels` kernels each, alternating between two streams, launched under
// aten::conv2d (every third) or aten::relu.
trace::TraceWindow fakeTraceWindow(int warmup, int steady, int kernels) {
  auto source = std::make_unique<trace::FakeActivitySource>();
  auto* fake = source.get();
  trace::TraceWindowPolicy policy;
  policy.warmup_iterations_traced = warmup;
  policy.steady_iterations_traced = steady;
  trace::KernelTracer tracer(std::move(source), policy);
  fake->setNowNs(1'000'000);
  for (int i = 0; i < warmup + steady; ++i) {
    tracer.beginIteration(i, i < warmup);
    const std::int64_t t0 = fake->nowNs();
    for (int k = 0; k < kernels; ++k) {
      const auto id = static_cast<std::uint64_t>(1000 * (i + 1) + k);
      tracer.onOpStart(id, k % 3 == 0 ? "aten::conv2d" : "aten::relu", "");
      fake->launchKernel(
          k % 3 == 0 ? "sm90_xmma_fprop_implicit_gemm" : "vectorized_elementwise_kernel<relu>",
          7 + static_cast<std::uint32_t>(k % 2), t0 + 20'000 + k * 12'000, 10'000);
      tracer.onOpEnd(id);
    }
    fake->synchronize(trace::SyncKind::StreamSynchronize, 7,
                      t0 + 25'000 + kernels * 12'000 - fake->nowNs());
    tracer.endIteration(i);
    fake->advanceNs(30'000);
  }
  return tracer.finish();
}

// A traced session as inferscope-cli writes it on a GPU server: fp32 traced (summary and bounded
// timeline, no window: windows never go into files), bf16 not traced.
SessionResult tracedSessionWithTimeline(const trace::TraceWindow& window) {
  SessionResult session;
  session.device.kind = DeviceKind::Cuda;
  session.device.name = "NVIDIA H200";
  session.request.model.name = "resnet50";
  session.request.plan = {OptimizationConfig::parse("fp32"), OptimizationConfig::parse("bf16")};
  session.request.run.trace_kernels = true;
  for (int i = 0; i < 2; ++i) {
    ConfigResult result;
    result.index = i;
    result.config = session.request.plan[static_cast<std::size_t>(i)];
    result.latency_ms = {3.0, 1.0, 1.0};
    result.host_ms = {3.1, 1.1, 1.1};
    result.stats.median_ms = 1.0;
    if (i == 0) {
      result.trace_summary = trace::TraceAggregator().summarize(window);
      result.timeline = trace::boundedTimeline(trace::buildTimelineData(window));
    }
    session.configs.push_back(result);
  }
  return session;
}

int okConfigs(const SessionResult& session) {
  int n = 0;
  for (const auto& c : session.configs) n += c.status == ConfigStatus::Ok ? 1 : 0;
  return n;
}

// Shows each chart tab in turn, as a user looking through a session does (a hidden tab is laid
// out only when shown).
void visitEveryTab(MainWindow& window) {
  for (int i = 0; i < window.chartTabs()->count(); ++i) {
    window.chartTabs()->setCurrentIndex(i);
    QApplication::processEvents();
  }
}

}  // namespace

class TestCharts : public QObject {
  Q_OBJECT

 private slots:
  void tracedSessionFillsEveryChart() {
    MainWindow window;
    window.resize(1280, 800);
    QVERIFY(window.openSession(fixture("h200_resnet50_traced")));
    const auto session = window.document()->session();
    QVERIFY(session);
    const int configs = static_cast<int>(session->configs.size());
    QCOMPARE(configs, 3);
    // Answer, Latency, Memory, Speed × accuracy, Roofline, Kernels, cuDNN, Devices, Race, Shapes;
    // the last hidden, since this session measured one shape.
    QCOMPARE(window.chartTabs()->count(), 10);
    QVERIFY(!window.chartTabs()->isTabVisible(9));
    QCOMPARE(window.memoryChart()->configCount(), configs);
    QCOMPARE(window.speedAccuracyChart()->pointCount(), okConfigs(*session));
    QVERIFY(window.speedAccuracyChart()->frontCount() >= 1);
    int traced = 0;
    for (const auto& c : session->configs) traced += c.trace_summary ? 1 : 0;
    QCOMPARE(window.kernelsView()->tracedConfigCount(), traced);
    QVERIFY(window.kernelsView()->kernelTable()->model()->rowCount() > 0);
    QVERIFY(window.kernelsView()->opTable()->model()->rowCount() > 0);
    // A file keeps no trace window: the timeline stays empty and the page says why.
    QCOMPARE(window.kernelsView()->timeline()->streamCount(), 0);
    window.kernelsView()->configCombo()->setCurrentIndex(2);
    QVERIFY(window.kernelsView()->kernelTable()->model()->rowCount() > 0);
  }

  // Adaptive runs report a provisional steady start while a config runs; the chart marks it until
  // the config's final result replaces it.
  void provisionalSteadyStartIsMarkedUntilTheResult() {
    MainWindow window;
    QVERIFY(window.openSession(fixture("h200_resnet50_b32")));
    auto* chart = window.latencyChart();
    QCOMPARE(chart->provisionalSteadyStart(), -1);
    chart->setProvisionalSteadyStart(0, 12);
    QCOMPARE(chart->provisionalSteadyStart(), 12);
    chart->setProvisionalSteadyStart(99, 12);  // no such config: nothing to mark
    QCOMPARE(chart->provisionalSteadyStart(), -1);
    chart->setProvisionalSteadyStart(1, 7);
    QVERIFY(window.openSession(fixture("h200_bert_b32")));  // final results arrive
    QCOMPARE(chart->provisionalSteadyStart(), -1);
  }

  // While a run streams, the latency lines are 1 px and aliased (the raster engine's fast path:
  // antialiased 1.6 px lines stalled the GUI thread past a frame per replot); an opened session of
  // a few thousand points is drawn smooth and 1.6 px wide.
  void liveRunsDrawFastLinesOpenedSessionsSmoothOnes() {
    MainWindow window;
    QVERIFY(window.openSession(fixture("h200_resnet50_b32")));
    auto* plot = latencyPlotOf(window);
    QVERIFY(plot && plot->graphCount() > 0);
    QVERIFY(!plot->notAntialiasedElements().testFlag(QCP::aePlottables));
    QCOMPARE(plot->graph(0)->pen().widthF(), 1.6);
    ProfileRequest request;
    request.plan = {OptimizationConfig::parse("fp32"), OptimizationConfig::parse("nograd+fp32")};
    window.document()->beginRun(request);
    QVERIFY(plot->notAntialiasedElements().testFlag(QCP::aePlottables));
    QVERIFY(plot->graphCount() >= 2);
    QCOMPARE(plot->graph(0)->pen().widthF(), 1.0);
  }

  // While a run streams, the running config's line sits on a buffered layer of its own and a
  // batch of samples that moves no axis redraws that line alone (bench_gui_stall: whole-chart
  // replots were most of the GUI thread's stalls); a finished config's line goes back among the
  // others, and an axis that must move redraws everything.
  void liveSamplesRedrawOnlyTheRunningLine() {
    MainWindow window;
    const auto request = beginTwoConfigRun(window);
    auto* chart = window.latencyChart();
    auto* plot = latencyPlotOf(window);
    QVERIFY(plot);
    const auto batch = [&](int config, int first, int count) {
      SampleSnapshot snapshot;
      for (int i = first; i < first + count; ++i)
        snapshot.samples.push_back({config, i, i % 2 ? 1.2 : 1.0, 1.5, false});
      window.document()->appendSnapshot(snapshot);
    };
    batch(0, 0, 100);
    QCOMPARE(chart->liveSeries(), 0);
    QCOMPARE(plot->graph(0)->layer()->name(), QStringLiteral("live"));
    const int full_before = chart->fullReplotCount(), live_before = chart->liveReplotCount();
    for (int i = 100; i < 110; ++i) batch(0, i, 1);  // inside both axes' ranges
    QCOMPARE(chart->pointCount(0), 110);
    QVERIFY2(
        chart->liveReplotCount() - live_before >= 8,
        qPrintable(QStringLiteral("%1 live replots").arg(chart->liveReplotCount() - live_before)));
    QVERIFY(chart->fullReplotCount() - full_before <= 2);
    // A value far above the axis moves it: the whole chart is redrawn.
    const int full_mid = chart->fullReplotCount();
    window.document()->appendSnapshot(SampleSnapshot{{{0, 110, 5.0, 5.5, false}}, std::nullopt});
    QVERIFY(chart->fullReplotCount() > full_mid);

    auto result = std::make_shared<ConfigResult>();
    result->index = 0;
    result->config = request.plan[0];
    result->status = ConfigStatus::Ok;
    result->latency_ms.assign(111, 1.1);
    window.document()->finishConfig(result);
    QCOMPARE(chart->liveSeries(), -1);
    QCOMPARE(plot->graph(0)->layer()->name(), QStringLiteral("main"));
    batch(1, 0, 20);
    QCOMPARE(chart->liveSeries(), 1);
    QCOMPARE(plot->graph(1)->layer()->name(), QStringLiteral("live"));
  }

  // The session a run ends with holds the samples the chart drew live: the lines stay as drawn
  // (no 60 000-point rebuild at the end), a planned config that never started leaves the legend,
  // and a session opened from a file is drawn afresh.
  void aRunsEndKeepsItsLinesAndDropsConfigsThatNeverRan() {
    MainWindow window;
    const auto request = beginTwoConfigRun(window);
    auto* chart = window.latencyChart();
    auto* plot = latencyPlotOf(window);
    QVERIFY(plot);
    SampleSnapshot snapshot;
    for (int i = 0; i < 50; ++i)
      snapshot.samples.push_back({0, i, 1.0 + 0.01 * (i % 3), 1.5, false});
    window.document()->appendSnapshot(snapshot);
    auto result = std::make_shared<ConfigResult>();
    result->index = 0;
    result->config = request.plan[0];
    result->status = ConfigStatus::Ok;
    for (const auto& s : snapshot.samples) result->latency_ms.push_back(s.latency_ms);
    window.document()->finishConfig(result);
    const QPointer<QCPGraph> drawn = plot->graph(0);              // null once the line is deleted
    QVERIFY(plot->legend->hasItemWithPlottable(plot->graph(1)));  // planned, on its way

    auto session = std::make_shared<SessionResult>();
    session->request = request;
    session->cancelled = true;  // cancelled before the second config started
    session->configs.push_back(*result);
    window.document()->setSession(session);
    QVERIFY(window.document()->showsEndedRun());
    QVERIFY(drawn);  // the same line object: kept, not rebuilt
    QCOMPARE(plot->graph(0), drawn.data());
    QCOMPARE(chart->pointCount(0), 50);
    QVERIFY(plot->legend->hasItemWithPlottable(plot->graph(0)));
    QVERIFY(!plot->legend->hasItemWithPlottable(plot->graph(1)));

    // The same session from a file: not this window's run, drawn afresh.
    window.document()->setSession(session, QStringLiteral("/tmp/elsewhere.inferscope.json"));
    QVERIFY(!window.document()->showsEndedRun());
    QVERIFY(!drawn);
    QCOMPARE(chart->pointCount(0), 50);
    QVERIFY(!plot->legend->hasItemWithPlottable(plot->graph(1)));
  }

  void untracedSessionSaysWhy() {
    MainWindow window;
    QVERIFY(window.openSession(fixture("h200_bert_b32")));
    QCOMPARE(window.kernelsView()->tracedConfigCount(), 0);
    QVERIFY(window.kernelsView()->untracedText().contains(QStringLiteral("bf16+aoti")));
    // The unsupported AOTInductor config has no memory bar and no point; the rest do.
    const auto session = window.document()->session();
    QCOMPARE(window.speedAccuracyChart()->pointCount(), okConfigs(*session));
    QCOMPARE(window.memoryChart()->configCount(), okConfigs(*session));
  }

  void toleranceMarksUnsafeConfigs() {
    MainWindow window;
    QVERIFY(window.openSession(fixture("h200_resnet50_b32")));
    auto* chart = window.speedAccuracyChart();
    QCOMPARE(chart->unsafeCount(), 0);
    // The classifier rule (core/engine/accuracy_rule.h) allows a relative error of 10·t: BF16's
    // ~5e-3 is over it at t = 1e-4, so those points turn unsafe, still drawn.
    chart->setTolerance(1e-4);
    QVERIFY(chart->unsafeCount() > 0);
    QCOMPARE(chart->pointCount(), okConfigs(*window.document()->session()));
  }

  void everyTabExports() {
    MainWindow window;
    window.resize(1280, 800);
    QVERIFY(window.openSession(fixture("h200_resnet50_traced")));
    QTemporaryDir dir;
    for (int tab = 0; tab < window.chartTabs()->count(); ++tab) {
      window.chartTabs()->setCurrentIndex(tab);
      if (!dynamic_cast<ExportableChart*>(window.chartTabs()->widget(tab))) {
        // The Answer and Race pages are text and a table: refused, and the actions say so by
        // being off.
        QVERIFY(!window.exportChart(dir.filePath(QStringLiteral("table.png"))));
        QVERIFY(!window.exportController()->exportPngAction()->isEnabled());
        continue;
      }
      for (const char* suffix : {"png", "pdf"}) {
        const QString path =
            dir.filePath(QStringLiteral("tab%1.%2").arg(tab).arg(QLatin1String(suffix)));
        QVERIFY2(window.exportChart(path), qPrintable(path));
        QVERIFY(QFile(path).size() > 1000);
      }
    }
  }

  void liveTraceShowsTimelineAndExportsChromeTrace() {
    MainWindow window;
    window.document()->setSession(liveTracedSession());
    auto* kernels = window.kernelsView();
    QCOMPARE(kernels->tracedConfigCount(), 1);
    QCOMPARE(kernels->timeline()->streamCount(), 2);  // one row per stream
    QCOMPARE(static_cast<int>(kernels->timeline()->data().iterations.size()), 2);
    QVERIFY(kernels->timeline()->legendText().contains(QStringLiteral("aten::conv2d")));
    window.resultsView()->selectRow(0);
    QVERIFY(window.exportTraceAction()->isEnabled());
    QTemporaryDir dir;
    const QString path = dir.filePath(QStringLiteral("trace.json"));
    QVERIFY(window.exportChromeTrace(path));
    QFile file(path);
    QVERIFY(file.open(QIODevice::ReadOnly));
    QVERIFY(file.readAll().contains("sm80_xmma_fprop_implicit_gemm"));
  }

  // A session file keeps a bounded copy of each traced config's timeline: opened anywhere, the
  // Kernels page draws it (the first warm-up and three steady iterations) and says what was left
  // out.
  void openedSessionShowsItsTimeline() {
    constexpr int kKernels = 30;
    const auto window_record = fakeTraceWindow(2, 6, kKernels);
    QCOMPARE(static_cast<int>(window_record.kernels.size()), 8 * kKernels);
    QTemporaryDir dir;
    const QString path = dir.filePath(QStringLiteral("traced.inferscope.json"));
    saveSession(tracedSessionWithTimeline(window_record), path.toStdString());

    MainWindow window;
    window.resize(1280, 800);
    QVERIFY(window.openSession(path));
    auto* kernels = window.kernelsView();
    QCOMPARE(kernels->tracedConfigCount(), 1);
    QVERIFY(!window.document()->session()->configs[0].trace_window);
    auto* timeline = kernels->timeline();
    QCOMPARE(timeline->itemCount(), 4 * kKernels);  // warm-up 0, steady 2, 3, 4
    QCOMPARE(timeline->streamCount(), 2);
    QCOMPARE(static_cast<int>(timeline->data().iterations.size()), 4);
    QCOMPARE(timeline->data().iterations[1].iteration, 2);
    QCOMPARE(timeline->data().iterations_left_out, 4);
    QCOMPARE(timeline->data().items_left_out, std::uint64_t(4 * kKernels));
    QVERIFY(timeline->legendText().contains(QStringLiteral("aten::conv2d")));
    QVERIFY(timeline->legendText().contains(QStringLiteral("not kept")));
    window.chartTabs()->setCurrentWidget(kernels);
    QVERIFY(timeline->isVisibleTo(&window));
    // The untraced bf16 is listed with the reason, not drawn.
    QVERIFY(kernels->untracedText().contains(QStringLiteral("bf16")));
  }

  // The H200 recording with timelines (inferscope-cli trace, 2026-11-30, after the Tensor-Core
  // heuristic fix): every traced config's bounded copy opens, item for item; strict FP32 runs no
  // Tensor-Core kernel (the bar's label says TC 0 %, no top kernel is ticked), BF16 does.
  void h200TimelinesOpen() {
    MainWindow window;
    QVERIFY(window.openSession(fixture("h200_resnet50_b8_timeline")));
    const auto session = window.document()->session();
    auto* kernels = window.kernelsView();
    QCOMPARE(kernels->tracedConfigCount(), static_cast<int>(session->configs.size()));
    QCOMPARE(kernels->tracedConfigCount(), 4);
    const auto labels = kernels->plot()->yAxis->ticker().dynamicCast<QCPAxisTickerText>()->ticks();
    QCOMPARE(labels.size(), 4);
    for (int row = 0; row < kernels->configCombo()->count(); ++row) {
      kernels->configCombo()->setCurrentIndex(row);
      const auto& result = session->configs[static_cast<std::size_t>(row)];
      QVERIFY(result.timeline);
      const auto& copy = *result.timeline;
      int items = 0;
      for (const auto& stream : copy.streams) items += static_cast<int>(stream.items.size());
      QVERIFY(items > 0);
      QCOMPARE(kernels->timeline()->itemCount(), items);
      QCOMPARE(kernels->timeline()->data().iterations.size(), copy.iterations.size());

      const QString label = labels.value(row);
      const QString key = QString::fromStdString(result.config.key());
      QVERIFY2(label.startsWith(key + QStringLiteral(" · ")), qPrintable(label));
      const int share =
          label.section(QStringLiteral("TC "), 1).section(QLatin1Char(' '), 0, 0).toInt();
      int ticked = 0;
      const auto* top = kernels->kernelTable()->model();
      for (int k = 0; k < top->rowCount(); ++k)
        ticked += top->index(k, 4).data().toString() == QStringLiteral("✓") ? 1 : 0;
      QVERIFY(top->rowCount() > 0);
      if (key == QStringLiteral("fp32")) {
        QVERIFY2(label.endsWith(QStringLiteral("TC 0 %")), qPrintable(label));
        QCOMPARE(ticked, 0);
      } else {  // the BF16 configs: about a third of kernel time on Tensor Cores
        QVERIFY2(share >= 25 && share <= 50, qPrintable(label));
        QVERIFY(ticked > 0);
      }
    }
  }

  // Kernel names that differ only in their middle (cuDNN's xmma tiles) or in a template argument
  // stay apart in the top-kernels table as a person reads it: cut at the column's width.
  void kernelNamesStayApartInTheTable() {
    const QString xmma = QStringLiteral(
        "sm80_xmma_fprop_implicit_gemm_f32f32_f32f32_f32_nchwkcrs_nchw_tilesize%1_stage3_"
        "warpsize2x2x1_g1_ffma_aligna4_alignc4_execute_kernel__5x_cudnn");
    const QStringList labels = KernelsView::kernelLabels(
        {xmma.arg(QStringLiteral("32x32x8")), xmma.arg(QStringLiteral("128x32x8")),
         QStringLiteral("void cudnn::bn_fw_inf_1C11_kernel_NCHW<float, float, true, 1>(float)"),
         QStringLiteral("void at::native::(anonymous namespace)::max_pool_forward_nchw<float, "
                        "int>(int, float const*)")});
    QVERIFY2(labels[0].startsWith(QStringLiteral("sm80_xmma…32x32x8_stage3")),
             qPrintable(labels[0]));
    QVERIFY2(labels[1].startsWith(QStringLiteral("sm80_xmma…128x32x8_stage3")),
             qPrintable(labels[1]));
    QCOMPARE(labels[2], QStringLiteral("bn_fw_inf_1C11_kernel_NCHW<float, float, true, 1>(float)"));
    QCOMPARE(labels[3], QStringLiteral("max_pool_forward_nchw<float, int>(int, float const*)"));
    // A name that is the start of another (and repeated) still reads apart from the longer one.
    QCOMPARE(KernelsView::kernelLabels({QStringLiteral("sm90_xmma_gemm_bf16bf16_tilesize64"),
                                        QStringLiteral("sm90_xmma_gemm_bf16bf16_tilesize64x64"),
                                        QStringLiteral("sm90_xmma_gemm_bf16bf16_tilesize64")})
                 .value(0),
             QStringLiteral("sm90_xmma…64"));

    MainWindow window;
    window.resize(1280, 800);
    QVERIFY(window.openSession(fixture("h200_resnet50_b8_timeline")));
    window.chartTabs()->setCurrentWidget(window.kernelsView());
    window.show();
    QVERIFY(QTest::qWaitForWindowExposed(&window));
    auto* kernels = window.kernelsView();
    auto* table = kernels->kernelTable();
    for (int row = 0; row < kernels->configCombo()->count(); ++row) {
      kernels->configCombo()->setCurrentIndex(row);
      QCoreApplication::processEvents();
      const int width = table->columnWidth(0) - 12;  // the cell's margins
      QVERIFY(width > 100);
      QSet<QString> shown, full;
      const auto* model = table->model();
      for (int k = 0; k < model->rowCount(); ++k) {
        const QModelIndex name = model->index(k, 0);
        full.insert(name.data(Qt::ToolTipRole).toString());
        shown.insert(
            table->fontMetrics().elidedText(name.data().toString(), Qt::ElideRight, width));
      }
      QVERIFY(model->rowCount() >= 5);
      QVERIFY2(shown.size() == full.size(),
               qPrintable(QStringList(shown.values()).join(QLatin1Char('\n'))));
    }
  }

  // A dark desktop palette reaches every chart: axis text in the palette's text colour, the grid
  // and the marks between text and background, also when the palette changes after start-up.
  void chartsFollowTheDarkPalette() {
    MainWindow window;
    QVERIFY(window.openSession(fixture("h200_resnet50_traced")));
    QPalette dark = window.palette();
    dark.setColor(QPalette::Window, QColor(45, 45, 48));
    dark.setColor(QPalette::Base, QColor(30, 30, 32));
    dark.setColor(QPalette::WindowText, QColor(225, 225, 225));
    dark.setColor(QPalette::Text, QColor(225, 225, 225));
    window.setPalette(dark);
    QCoreApplication::processEvents();
    for (auto* plot : window.findChildren<QCustomPlot*>()) {
      QCOMPARE(plot->xAxis->tickLabelColor(), QColor(225, 225, 225));
      QCOMPARE(plot->yAxis->labelColor(), QColor(225, 225, 225));
      QCOMPARE(plot->xAxis->grid()->pen().color(), ChartStyle::grid(dark));
      QVERIFY(qGray(plot->xAxis->basePen().color().rgb()) > 100);  // visible on the dark background
    }
    QVERIFY(qGray(ChartStyle::muted(dark).rgb()) > 110);  // labels and marks readable
  }

  // A tuned session of 60 configs: the legend lists the 16 fastest with the winner first and
  // marked, the names at the lines' ends only those, and the filter narrows the lines and the
  // legend to the configs that match, keeping the winner. The table and the other charts mark the
  // winner, its ties and the fallback the same way.
  void sixtyConfigsStayReadable() {
    MainWindow window;
    window.resize(1280, 800);
    window.show();
    QVERIFY(QTest::qWaitForWindowExposed(&window));
    const SessionResult session = sixtyConfigSession();
    // The docs' screenshots of a large tuned session open this file (docs/GUI.md).
    if (const QString dir = qEnvironmentVariable("INFERSCOPE_CHART_SESSIONS_DIR"); !dir.isEmpty())
      saveSession(
          session,
          QDir(dir).filePath(QStringLiteral("sixty-configs-tuned.inferscope.json")).toStdString());
    window.chartTabs()->setCurrentWidget(window.latencyChart());  // the window opens on Answer
    window.document()->setSession(std::make_shared<const SessionResult>(session));
    auto* chart = window.latencyChart();
    auto* plot = chart->plot();
    plot->replot();
    QVERIFY(chart->filterShown());
    QStringList names = chart->legendNames();
    // 16 listed; as many named as the legend's rows hold (the merged row's name is long).
    QCOMPARE(names.size(), ChartStyle::kLegendTopN - ChartStyle::hiddenLegendEntries(plot));
    QVERIFY2(names.size() >= 8, qPrintable(names.join(QLatin1Char('|'))));
    QCOMPARE(names.first(), QStringLiteral("★ amp-fp16"));
    QCOMPARE(names.at(1), QStringLiteral("≈ tf32"));  // ties next, in plan order
    // fp16+cl ran as amp-fp16+cl, which also ran on its own: one line, named as the table's row.
    QCOMPARE(names.at(2), QStringLiteral("≈ amp-fp16+cl ← fp16+cl (fallback)"));
    QVERIFY(names.contains(QStringLiteral("fp32")));         // the fastest
    QVERIFY(!names.contains(QStringLiteral("fp16+cl+ts")));  // a slow one, not listed
    QVERIFY2(chart->legendNoteText().contains(QStringLiteral("16 fastest of 59")),
             qPrintable(chart->legendNoteText()));
    QVERIFY(chart->legendNoteText().contains(QStringLiteral("★")));
    // The legend stays a few rows above the plot, and only the listed configs are named at the
    // right edge.
    QVERIFY2(plot->legend->outerRect().height() < plot->axisRect()->outerRect().height() / 3,
             qPrintable(QStringLiteral("legend %1 px high, plot %2")
                            .arg(plot->legend->outerRect().height())
                            .arg(plot->axisRect()->outerRect().height())));
    int named = 0;
    for (int i = 0; i < 60; ++i) named += chart->directLabel(i).isEmpty() ? 0 : 1;
    // At most the listed ones, fewer where the plot's height holds fewer; the winner and its ties
    // always.
    QVERIFY2(named >= 8 && named <= ChartStyle::kLegendTopN, qPrintable(QString::number(named)));
    QCOMPARE(chart->directLabel(kSixtyWinner), QStringLiteral("★ amp-fp16"));
    QCOMPARE(chart->directLabel(51), QStringLiteral("≈ amp-fp16+cl ← fp16+cl (fallback)"));
    QVERIFY(chart->directLabel(31).isEmpty());  // merged into 51: not drawn again
    QVERIFY(chart->directLabel(59).isEmpty());

    // Two words: configs holding both; the winner kept though it matches neither. The axes
    // rescale to the lines kept (levels 14.4…15.0 ms, where all sixty span 10.0…15.9).
    QVERIFY2(plot->yAxis->range().lower < 10.0,
             qPrintable(QString::number(plot->yAxis->range().lower)));
    chart->setFilter(QStringLiteral("amp-bf16 graph"));
    plot->replot();
    QVERIFY2(plot->yAxis->range().lower > 14.0 && plot->yAxis->range().upper < 15.5,
             qPrintable(QStringLiteral("%1…%2")
                            .arg(plot->yAxis->range().lower)
                            .arg(plot->yAxis->range().upper)));
    for (int i = 0; i < 60; ++i) {
      const QString key = window.document()->series()[static_cast<std::size_t>(i)].key;
      const bool match =
          key.contains(QStringLiteral("amp-bf16")) && key.contains(QStringLiteral("graph"));
      QVERIFY2(chart->seriesPlotted(i) == (match || i == kSixtyWinner), qPrintable(key));
    }
    names = chart->legendNames();
    QCOMPARE(names, QStringList({QStringLiteral("★ amp-fp16"), QStringLiteral("amp-bf16+graph"),
                                 QStringLiteral("amp-bf16+cl+graph"),
                                 QStringLiteral("amp-bf16+graph+bench"),
                                 QStringLiteral("amp-bf16+cl+graph+bench")}));
    QVERIFY2(chart->legendNoteText().contains(QStringLiteral("4 of 60 configs match")),
             qPrintable(chart->legendNoteText()));
    // The marks are searchable: "fallback" finds the config that ran as its fallback.
    chart->setFilter(QStringLiteral("fallback"));
    QVERIFY2(chart->legendNames().contains(QStringLiteral("≈ amp-fp16+cl ← fp16+cl (fallback)")),
             qPrintable(chart->legendNames().join(QLatin1Char('|'))));
    QVERIFY(chart->seriesPlotted(51) && !chart->seriesPlotted(31));
    // Selecting a config the filter left out draws and names it.
    chart->setSelectedSeries(59);
    QVERIFY(chart->seriesPlotted(59));
    QVERIFY(chart->legendNames().contains(QStringLiteral("amp-fp16+cl+ts")));
    chart->setSelectedSeries(-1);
    chart->setFilter(QString());
    for (int i = 0; i < 60; ++i) QCOMPARE(chart->seriesPlotted(i), i != 31);

    // One convention in every view: the table, the memory chart's config names, the speed chart's
    // legend.
    // fp16+cl's fallback ran amp-fp16+cl, which has a row of its own: one row for both
    // (mergeFallbacks), marked as the tie it is.
    auto cell = [&](int series) {
      auto* model = window.resultsModel();
      for (int row = 0; row < model->rowCount(); ++row) {
        if (model->index(row, 0).data(ResultsTableModel::SeriesIndexRole).toInt() == series)
          return model->index(row, ResultsTableModel::ConfigColumn).data().toString();
      }
      return QStringLiteral("(no row)");
    };
    QCOMPARE(window.resultsModel()->rowCount(), 59);
    QCOMPARE(cell(kSixtyWinner), QStringLiteral("★ amp-fp16"));
    QCOMPARE(cell(51), QStringLiteral("≈ amp-fp16+cl ← fp16+cl (fallback)"));
    QCOMPARE(cell(31), QStringLiteral("(no row)"));
    QCOMPARE(cell(0), QStringLiteral("fp32"));
    auto* speed = window.speedAccuracyChart();
    QCOMPARE(speed->pointCount(), 59);  // one point for the two runs of amp-fp16+cl
    QStringList speed_names = speed->legendNames();
    QVERIFY2(speed_names.size() <= ChartStyle::kLegendTopN + 1, qPrintable(speed_names.join(',')));
    QCOMPARE(speed_names.first(), QStringLiteral("★ amp-fp16"));

    // Speed × accuracy lists and filters as the latency chart does (one LegendFilter, one
    // chooseLegend): 16 of 60 listed, the winner and its ties first, the filter above the plot.
    QVERIFY(speed->filterShown());
    speed_names.removeAll(QStringLiteral("Pareto front"));
    QCOMPARE(speed_names.size(), ChartStyle::kLegendTopN);
    QCOMPARE(speed_names.mid(0, 3),
             QStringList({QStringLiteral("★ amp-fp16"), QStringLiteral("≈ tf32"),
                          QStringLiteral("≈ amp-fp16+cl ← fp16+cl (fallback)")}));
    QVERIFY(speed_names.contains(QStringLiteral("fp32")));
    QVERIFY(!speed_names.contains(QStringLiteral("fp16+cl+ts")));
    // Of 59 points: amp-fp16+cl's two runs are one.
    QVERIFY2(speed->legendNoteText().contains(QStringLiteral("16 fastest of 59")),
             qPrintable(speed->legendNoteText()));
    // Its legend's columns fit the width the chart has, as the latency legend's do: at a fixed six
    // columns the names were cut ("amp-fp1") at 1024 pixels.
    window.findChild<QTabWidget*>()->setCurrentWidget(speed);
    window.resize(1024, 768);
    QApplication::processEvents();
    speed->plot()->replot();
    for (int i = 0; i < speed->plot()->legend->itemCount(); ++i) {
      auto* item = speed->plot()->legend->item(i);
      if (!item) continue;  // an empty cell of the wrapped grid
      QVERIFY2(item->outerRect().width() >= item->minimumOuterSizeHint().width() &&
                   item->outerRect().right() <= speed->plot()->width(),
               qPrintable(QStringLiteral("legend entry %1 is cut").arg(i)));
    }
    QCOMPARE(speed->shownPointCount(), 59);
    speed->setFilter(QStringLiteral("amp-bf16 graph"));
    QCOMPARE(speed->shownPointCount(), 5);  // four matches and the winner
    speed_names = speed->legendNames();
    speed_names.removeAll(QStringLiteral("Pareto front"));
    QCOMPARE(
        speed_names,
        QStringList({QStringLiteral("★ amp-fp16"), QStringLiteral("amp-bf16+graph"),
                     QStringLiteral("amp-bf16+cl+graph"), QStringLiteral("amp-bf16+graph+bench"),
                     QStringLiteral("amp-bf16+cl+graph+bench")}));
    QVERIFY2(speed->legendNoteText().contains(QStringLiteral("4 of 60 configs match")),
             qPrintable(speed->legendNoteText()));
    int drawn = 0;
    for (int i = 0; i < speed->plot()->graphCount(); ++i)
      drawn += speed->plot()->graph(i)->visible() &&
                       speed->plot()->graph(i)->name() != QStringLiteral("Pareto front")
                   ? 1
                   : 0;
    QCOMPARE(drawn, 5);
    speed->setFilter(QString());
    QCOMPARE(speed->shownPointCount(), 59);
    auto* memory = window.memoryChart();
    QCOMPARE(memory->configCount(), 59);  // rebuilt now, not when shown; amp-fp16+cl once
    const auto ticker = memory->plot()->xAxis->ticker().dynamicCast<QCPAxisTickerText>();
    QVERIFY(ticker);
    const QStringList ticks = ticker->ticks().values();
    QVERIFY(ticks.contains(QStringLiteral("★ amp-fp16")));
    QVERIFY(ticks.contains(QStringLiteral("≈ amp-fp16+cl ← fp16+cl (fallback)")));
    // The answer is marked over its own bar group, not only in its turned name.
    QCOMPARE(memory->winnerMarkText(), QStringLiteral("★ the race's answer"));
    QCOMPARE(memory->winnerGroup(), memory->groupOf(kSixtyWinner));
    QVERIFY(memory->winnerGroup() >= 0);

    // A session of few configs has no filter: the legend lists them all.
    SessionResult few = session;
    few.configs.resize(ChartStyle::kLegendTopN);
    few.request.plan.resize(ChartStyle::kLegendTopN);
    few.races.clear();
    window.document()->setSession(std::make_shared<const SessionResult>(few));
    QVERIFY(!speed->filterShown());
    QVERIFY(!chart->filterShown());
  }

  // Every name at the right edge stays at its line: beside the line's end, or joined to it by a
  // dotted leader from the end to the name. Twelve configs of different lengths (20 to 108
  // iterations) and near levels: the short lines ended far left of their names and the stack
  // pushed names off their levels, with nothing to say which was whose.
  void latencyNamesStayAtTheirLines() {
    SessionResult session = sixtyConfigSession();
    session.configs.resize(12);
    session.request.plan.resize(12);
    session.races.front().winner = "tf32";  // index 10
    session.races.front().tied_with.clear();
    for (std::size_t i = 0; i < session.configs.size(); ++i) {
      auto& c = session.configs[i];
      c.latency_ms.resize(20 + 8 * i, c.stats.median_ms);
      c.host_ms = c.latency_ms;
    }
    SessionDocument document;
    document.setSession(std::make_shared<const SessionResult>(session));
    LatencyChart chart(&document);
    chart.resize(1024, 600);
    chart.show();
    QVERIFY(QTest::qWaitForWindowExposed(&chart));
    chart.plot()->replot();
    QCOMPARE(chart.directLabel(10), QStringLiteral("★ tf32"));
    const double step = QFontMetrics(chart.plot()->font()).height();
    int named = 0, leaders = 0;
    for (int i = 0; i < 12; ++i) {
      if (chart.directLabel(i).isEmpty()) continue;
      ++named;
      const QPointF end = chart.lineEnd(i), at = chart.directLabelAnchor(i);
      const QLineF leader = chart.directLabelLeader(i);
      const QString where = QStringLiteral("%1: line ends at (%2, %3), name at (%4, %5)")
                                .arg(chart.directLabel(i))
                                .arg(end.x())
                                .arg(end.y())
                                .arg(at.x())
                                .arg(at.y());
      if (leader.isNull()) {
        QVERIFY2(at.x() - end.x() <= 18 && std::abs(at.y() - end.y()) <= step / 2,
                 qPrintable(where));
        continue;
      }
      ++leaders;
      QVERIFY2(QLineF(leader.p1(), end).length() < 1.5, qPrintable(where));
      QVERIFY2(std::abs(leader.p2().y() - at.y()) < 1 && leader.p2().x() >= at.x() &&
                   leader.p2().x() <= at.x() + 6,
               qPrintable(where));
    }
    QCOMPARE(named, 12);
    QVERIFY2(leaders >= 10, qPrintable(QString::number(leaders)));  // all but the longest lines
  }

  // The tuned GPT-2 (H200): its 8 rows are 4 configs that ran, so Memory draws 4 groups, marks
  // the race's answer over its own (the winner's own run, series 5), and turns the names, which
  // ("fp16+graph → amp-fp16+graph (fallback)") ran into each other upright at 1024 pixels.
  void memoryOfATunedSessionWithFallbacks() {
    MainWindow window;
    window.resize(1024, 768);
    window.show();
    QVERIFY(QTest::qWaitForWindowExposed(&window));
    QVERIFY(window.openSession(QStringLiteral(INFERSCOPE_SOURCE_DIR
                                              "/bench/gpu/results/2026-12-04b/call1/files/"
                                              "file_hf_gpt2.inferscope.json")));
    window.chartTabs()->setCurrentWidget(window.memoryChart());
    QApplication::processEvents();
    auto* memory = window.memoryChart();
    QCOMPARE(memory->configCount(), 4);
    QCOMPARE(memory->winnerMarkText(), QStringLiteral("★ the race's answer"));
    QCOMPARE(memory->winnerGroup(), memory->groupOf(5));
    QCOMPARE(memory->groupOf(0), -1);  // merged into 5
    QVERIFY(memory->plot()->xAxis->tickLabelRotation() != 0);
  }

  // The same GPT-2 on the Latency tab: series 0 (fp16+graph, run as amp-fp16+graph) is the
  // winner's own config again, merged into its own run (series 5) as the table lists them: one
  // line, named as the table's row, and the merged run neither drawn nor in the legend; Speed ×
  // accuracy names its point the same.
  void latencyDrawsAMergedFallbackOnce() {
    MainWindow window;
    window.resize(1280, 800);
    window.show();
    QVERIFY(QTest::qWaitForWindowExposed(&window));
    QVERIFY(window.openSession(QStringLiteral(INFERSCOPE_SOURCE_DIR
                                              "/bench/gpu/results/2026-12-04b/call1/files/"
                                              "file_hf_gpt2.inferscope.json")));
    auto* chart = window.latencyChart();
    window.chartTabs()->setCurrentWidget(chart);
    QApplication::processEvents();
    chart->plot()->replot();
    const auto& series = window.document()->series();
    const auto groups = groupFallbacks(series);
    QVERIFY(groups.merged(0));
    QCOMPARE(groups.into[0], 5);
    QVERIFY(!chart->seriesPlotted(0));
    QVERIFY(chart->seriesPlotted(5));
    QVERIFY(!chart->legendHasEntry(0));
    QVERIFY(chart->directLabel(0).isEmpty());
    const QString five = chart->legendNames().filter(QStringLiteral("←")).value(0);
    QVERIFY2(five.startsWith(QStringLiteral("★ ")) && five.contains(QStringLiteral("(fallback)")),
             qPrintable(chart->legendNames().join(QLatin1Char('|'))));
    // As many lines drawn as the results table has rows that ran.
    int drawn = 0;
    for (int i = 0; i < static_cast<int>(series.size()); ++i)
      drawn += chart->seriesPlotted(i) && series[static_cast<std::size_t>(i)].result ? 1 : 0;
    int rows = 0;
    for (int r = 0; r < window.resultsModel()->rowCount(); ++r) {
      const int s =
          window.resultsModel()->index(r, 0).data(ResultsTableModel::SeriesIndexRole).toInt();
      rows += series[static_cast<std::size_t>(s)].result ? 1 : 0;
    }
    QCOMPARE(drawn, rows);
    QVERIFY(drawn < static_cast<int>(series.size()));
    // Speed × accuracy names the winner's point alike.
    auto* speed = window.speedAccuracyChart();
    window.chartTabs()->setCurrentWidget(speed);
    QApplication::processEvents();
    QVERIFY2(speed->legendNames().contains(five),
             qPrintable(speed->legendNames().join(QLatin1Char('|'))));
  }

  // A selected line brings itself forward and fades the others (a lesson's step on a config does
  // the same): each faded line and its name keep 4.5:1 against the plot's background (WCAG's
  // ratio for text), where alpha 70 left them at about 2:1.
  void fadedLinesKeepTheirContrast() {
    MainWindow window;
    window.resize(1280, 800);
    QVERIFY(window.openSession(fixture("h200_resnet50_b32")));
    auto* chart = window.latencyChart();
    const int n = static_cast<int>(window.document()->series().size());
    QVERIFY(n >= 3);
    chart->setSelectedSeries(1);
    const QColor background = chart->palette().color(QPalette::Base);
    int faded = 0;
    for (int s = 0; s < n; ++s) {
      if (s == 1) continue;
      const QString name = window.document()->series()[static_cast<std::size_t>(s)].key;
      for (int g = 0; g < chart->plot()->graphCount(); ++g) {
        QCPGraph* graph = chart->plot()->graph(g);
        if (graph->name() != name) continue;
        const double line = contrast::ratio(graph->pen().color(), background);
        QVERIFY2(line >= contrast::kReadableRatio,
                 qPrintable(QStringLiteral("%1: %2:1").arg(name).arg(line, 0, 'f', 2)));
        ++faded;
      }
    }
    QVERIFY2(faded >= n - 2, qPrintable(QStringLiteral("%1 of %2 lines found").arg(faded).arg(n)));
    // The direct labels of the faded lines, likewise.
    for (int i = 0; i < chart->plot()->itemCount(); ++i) {
      auto* text = qobject_cast<QCPItemText*>(chart->plot()->item(i));
      if (!text || !text->visible() || text->text().isEmpty() || text == chart->selectedLabel())
        continue;
      if (text->font().bold()) continue;  // the selected line's name
      const double ratio = contrast::ratio(text->color(), background);
      QVERIFY2(ratio >= contrast::kReadableRatio,
               qPrintable(QStringLiteral("label %1: %2:1").arg(text->text()).arg(ratio)));
    }
    // The helper itself on the palette's lightest colours: white and a dark background.
    for (const QColor& bg : {QColor(Qt::white), QColor(30, 30, 30)})
      for (const QColor& c : {QColor(255, 220, 0), QColor(120, 200, 255), QColor(40, 40, 40)})
        QVERIFY(contrast::ratio(contrast::faded(c, bg), bg) >= contrast::kReadableRatio);
  }

  // Speed × accuracy on sixty configs, each later one faster and further from FP32 (every one on
  // the Pareto front): a filter narrows the axes to the points it keeps and the front's line to
  // the front points it keeps, and the race's answer is marked on the plot whatever the filter.
  void speedAccuracyFilterRescalesAndTheWinnerIsMarked() {
    SessionResult session = sixtyConfigSession();
    for (int i = 0; i < 60; ++i) {
      auto& c = session.configs[static_cast<std::size_t>(i)];
      const double level = 20.0 - 0.2 * i;
      for (auto& ms : c.latency_ms) ms = level;
      c.host_ms = c.latency_ms;
      c.stats.median_ms = level;
      c.accuracy.rel_l2_error = i == 0 ? 0.0 : 1e-5 * i;
      c.accuracy.cosine_similarity = i == 0 ? 1.0 : 1.0 - 1e-7 * i;
    }
    // Every config its own point, so that the ranking's positions are the session's below (a
    // fallback of another row's config would be merged into that row and leave no point).
    auto& fell_back = session.configs[31];
    fell_back.config = OptimizationConfig::parse(fell_back.fallback_from);
    fell_back.fallback_from.clear();
    MainWindow window;
    window.resize(1280, 800);
    window.document()->setSession(std::make_shared<const SessionResult>(session));
    auto* speed = window.speedAccuracyChart();
    speed->setTolerance(0.5);  // every point safe
    QCOMPARE(speed->unsafeCount(), 0);
    const int all_front = speed->frontCount();
    QVERIFY2(all_front > 40, qPrintable(QString::number(all_front)));
    QCOMPARE(speed->frontLinePointCount(), all_front);
    const QCPRange all_x = speed->plot()->xAxis->range(), all_y = speed->plot()->yAxis->range();
    QVERIFY(speed->winnerMarkText().contains(QStringLiteral("★ amp-fp16")));

    speed->setFilter(QStringLiteral("bf16"));  // bf16* and amp-bf16*, and the winner amp-fp16
    const auto& series = window.document()->series();
    double shown_x_max = 0, shown_y_min = 1e9, shown_y_max = 0;
    int shown_front = 0;
    for (const auto& ranked : speed->ranking().configs) {
      const QString key = QString::fromStdString(
          session.configs[static_cast<std::size_t>(ranked.index)].config.key());
      if (!key.contains(QStringLiteral("bf16")) && key != QStringLiteral("amp-fp16")) continue;
      QPointF at;
      QVERIFY(speed->pointOf(key, &at));
      shown_x_max = std::max(shown_x_max, at.x());
      shown_y_min = std::min(shown_y_min, ranked.speedup_low > 0 ? ranked.speedup_low : at.y());
      shown_y_max = std::max(shown_y_max, ranked.speedup_high > 0 ? ranked.speedup_high : at.y());
      shown_front += ranked.on_pareto_front ? 1 : 0;
    }
    QCOMPARE(speed->shownPointCount(), 21);
    QVERIFY(series.size() == 60);
    // The front's line joins only what is drawn (through 60 points, it drew the configs hidden).
    QCOMPARE(speed->frontLinePointCount(), shown_front);
    QVERIFY(shown_front < all_front);
    // The axes fit the points kept (and the tolerance): narrower than all sixty's.
    const QCPRange x = speed->plot()->xAxis->range(), y = speed->plot()->yAxis->range();
    QVERIFY2(x.upper >= shown_x_max && x.upper <= std::max(shown_x_max, 0.5) * 3 * 1.0001,
             qPrintable(QStringLiteral("x up to %1, points to %2").arg(x.upper).arg(shown_x_max)));
    QVERIFY2(y.lower <= shown_y_min && y.upper >= shown_y_max,
             qPrintable(QStringLiteral("y %1…%2, points %3…%4")
                            .arg(y.lower)
                            .arg(y.upper)
                            .arg(shown_y_min)
                            .arg(shown_y_max)));
    QVERIFY2(y.size() < all_y.size() * 0.8,
             qPrintable(QStringLiteral("y %1 wide, was %2").arg(y.size()).arg(all_y.size())));
    QVERIFY(x.upper <= all_x.upper);
    // The winner matches no word of the filter and stays drawn and marked.
    QVERIFY(speed->winnerMarkText().contains(QStringLiteral("★ amp-fp16")));
    QPointF winner_at;
    QVERIFY(speed->pointOf(QStringLiteral("amp-fp16"), &winner_at));
    bool mark_at_winner = false;
    for (int i = 0; i < speed->plot()->itemCount(); ++i) {
      auto* text = qobject_cast<QCPItemText*>(speed->plot()->item(i));
      if (text && text->objectName() == QStringLiteral("winnerMark"))
        mark_at_winner = text->position->coords() == winner_at;
    }
    QVERIFY(mark_at_winner);
    // A session without a race has no answer to mark.
    session.races.clear();
    window.document()->setSession(std::make_shared<const SessionResult>(session));
    QVERIFY(speed->winnerMarkText().isEmpty());
  }

  // 16 configs in a 1024×768 window: the legends take at most a quarter of their chart, the plot
  // keeps most of it, and the entries that do not fit are the last ones, counted in a "+N more"
  // entry; the winner and the config selected in the table keep theirs, and a taller window
  // lists them all again. INFERSCOPE_CHART_SESSIONS_DIR=dir writes the session (the docs'
  // 1024×768 screenshots open it).
  void sixteenConfigsLeaveThePlotItsHeight() {
    SessionResult session = sixtyConfigSession();
    session.configs.resize(ChartStyle::kLegendTopN);
    session.request.plan.resize(ChartStyle::kLegendTopN);
    session.races.clear();
    if (const QString dir = qEnvironmentVariable("INFERSCOPE_CHART_SESSIONS_DIR"); !dir.isEmpty())
      saveSession(
          session,
          QDir(dir).filePath(QStringLiteral("sixteen-configs.inferscope.json")).toStdString());
    MainWindow window;
    window.resize(1024, 768);
    window.show();
    QVERIFY(QTest::qWaitForWindowExposed(&window));
    window.chartTabs()->setCurrentWidget(window.latencyChart());  // the window opens on Answer
    window.document()->setSession(std::make_shared<const SessionResult>(session));
    QApplication::processEvents();
    auto* chart = window.latencyChart();
    auto* plot = chart->plot();
    plot->replot();
    const int chart_px = chart->height();
    auto legend_rows = [](QCustomPlot* p) {
      int rows = 0;
      for (int i = 0; i < p->legend->itemCount(); ++i)
        if (p->legend->item(i)) rows = std::max(rows, i / std::max(1, p->legend->wrap()) + 1);
      return rows;
    };
    const int rows = legend_rows(plot);
    const int legend_px = plot->legend->outerRect().height();
    const int axis_px = plot->axisRect()->outerRect().height();
    const int hidden = ChartStyle::hiddenLegendEntries(plot);
    qInfo(
        "1024x768, 16 configs: chart %d px, legend %d rows in %d columns, %d px, %d entries "
        "hidden, axis rect %d px (%d %%)",
        chart_px, rows, plot->legend->wrap(), legend_px, hidden, axis_px, 100 * axis_px / chart_px);
    // What the legend would take uncapped: this window is one where the cap matters.
    ChartStyle::fitLegendColumns(plot, chart->width(), 1 << 20);
    plot->replot();
    const int full_rows = legend_rows(plot), full_legend_px = plot->legend->outerRect().height(),
              full_axis_px = plot->axisRect()->outerRect().height();
    qInfo("uncapped: legend %d rows, %d px, axis rect %d px (%d %%)", full_rows, full_legend_px,
          full_axis_px, 100 * full_axis_px / chart_px);
    QCOMPARE(ChartStyle::hiddenLegendEntries(plot), 0);
    QCOMPARE(chart->legendNames().size(), ChartStyle::kLegendTopN);
    QVERIFY2(full_legend_px > chart_px / 4, qPrintable(QString::number(full_legend_px)));
    ChartStyle::fitLegendColumns(plot, chart->width(), chart->height());
    plot->replot();

    QVERIFY2(legend_px <= chart_px / 4, qPrintable(QString::number(legend_px)));
    QVERIFY2(axis_px * 100 >= 55 * chart_px, qPrintable(QString::number(axis_px)));
    QVERIFY(hidden > 0);
    QStringList names = chart->legendNames();
    QCOMPARE(names.size() + hidden, ChartStyle::kLegendTopN);
    QCOMPARE(names.first(), QStringLiteral("fp32"));  // the fastest first; the slowest hidden
    auto* more =
        plot->legend->findChild<QCPAbstractLegendItem*>(QStringLiteral("moreLegendEntries"));
    QVERIFY(more);
    QVERIFY(more->outerRect().right() <= plot->width());
    // The config selected in the table keeps its entry, one of the hidden ones before.
    const QString slowest = window.document()->series().back().key;
    QVERIFY(!names.contains(slowest));
    chart->setSelectedSeries(ChartStyle::kLegendTopN - 1);
    plot->replot();
    names = chart->legendNames();
    QVERIFY2(names.contains(slowest), qPrintable(names.join(QLatin1Char(','))));
    QVERIFY(plot->legend->outerRect().height() <= chart->height() / 4);
    chart->setSelectedSeries(-1);
    // The Speed × accuracy legend is capped alike and keeps its Pareto front.
    auto* speed = window.speedAccuracyChart();
    window.chartTabs()->setCurrentWidget(speed);
    QApplication::processEvents();
    speed->plot()->replot();
    QVERIFY2(speed->plot()->legend->outerRect().height() <= speed->height() / 4,
             qPrintable(QString::number(speed->plot()->legend->outerRect().height())));
    // A taller window lists every one again.
    window.chartTabs()->setCurrentWidget(chart);
    window.resize(1024, 1600);
    QApplication::processEvents();
    plot->replot();
    QCOMPARE(ChartStyle::hiddenLegendEntries(plot), 0);
    QCOMPARE(chart->legendNames().size(), ChartStyle::kLegendTopN);
  }

  // 60 configs in a 1024×768 window: the chart draws the 16 fastest, the short legend names
  // fewer and "+N more", and the line above the chart counts both (it said "the legend lists the
  // 16 fastest" over a legend of 11 entries). A taller window names all 16 again, and says so.
  void aShortLegendsLineCountsTheEntriesItHid() {
    MainWindow window;
    window.resize(1024, 768);
    window.show();
    QVERIFY(QTest::qWaitForWindowExposed(&window));
    window.chartTabs()->setCurrentWidget(window.latencyChart());  // the window opens on Answer
    window.document()->setSession(std::make_shared<const SessionResult>(sixtyConfigSession()));
    QApplication::processEvents();
    auto* chart = window.latencyChart();
    chart->plot()->replot();
    const int hidden = ChartStyle::hiddenLegendEntries(chart->plot());
    QVERIFY(hidden > 0);
    const QString short_note = QStringLiteral(
                                   "the chart draws the 16 fastest of 59 configs, the "
                                   "legend names %1 of them")
                                   .arg(ChartStyle::kLegendTopN - hidden);
    QVERIFY2(chart->legendNoteText().contains(short_note), qPrintable(chart->legendNoteText()));
    chart->setFilter(QStringLiteral("bf16"));
    QApplication::processEvents();
    chart->plot()->replot();
    // 20 configs hold "bf16": the chart draws 16 of them, the legend names as many as before.
    const int hidden_filtered = ChartStyle::hiddenLegendEntries(chart->plot());
    QVERIFY(hidden_filtered > 0);
    const QString filtered_note =
        QStringLiteral("20 of 60 configs match, the chart draws 16, the legend names %1")
            .arg(ChartStyle::kLegendTopN - hidden_filtered);
    QVERIFY2(chart->legendNoteText().contains(filtered_note), qPrintable(chart->legendNoteText()));
    chart->setFilter(QString());
    window.resize(1024, 1600);
    QApplication::processEvents();
    chart->plot()->replot();
    QCOMPARE(ChartStyle::hiddenLegendEntries(chart->plot()), 0);
    QVERIFY2(
        chart->legendNoteText().contains(QStringLiteral("the legend lists the 16 fastest of 59")),
        qPrintable(chart->legendNoteText()));
  }

  // A chart's minimum width is not its content's: a legend laid out in one row in a wide window
  // (the cuDNN page's), or long tick labels, made the window's minimum grow with each session
  // opened wide, and a window once wide could not be made narrow again (the GUI fuzz harness:
  // 21 px past its limit after bert.json and a mutation, memoryPlot and cudnnPlot grown).
  void chartsDoNotRatchetTheWindowsMinimumWidth() {
    MainWindow window;
    window.resize(1024, 768);
    window.show();
    QVERIFY(QTest::qWaitForWindowExposed(&window));
    QVERIFY(window.openSession(fixture("h200_resnet50_cudnn")));
    visitEveryTab(window);
    const int narrow_minimum = window.minimumSizeHint().width();
    window.resize(2600, 900);
    for (const char* name : {"h200_bert_guide", "h200_resnet50_cudnn", "h200_resnet50_b32"}) {
      QVERIFY(window.openSession(fixture(name)));
      visitEveryTab(window);
    }
    QVERIFY(window.openSession(fixture("h200_resnet50_cudnn")));
    visitEveryTab(window);
    QVERIFY2(window.minimumSizeHint().width() <= narrow_minimum,
             qPrintable(QStringLiteral("the window's minimum grew from %1 to %2 px")
                            .arg(narrow_minimum)
                            .arg(window.minimumSizeHint().width())));
    for (auto* plot : window.findChildren<QCustomPlot*>()) {
      QVERIFY2(plot->minimumWidth() > 0 && plot->minimumWidth() <= 320,
               qPrintable(QStringLiteral("%1: minimum width %2, its content's %3")
                              .arg(plot->objectName())
                              .arg(plot->minimumWidth())
                              .arg(static_cast<QWidget*>(plot)->minimumSizeHint().width())));
    }
    window.resize(1024, 768);
    QApplication::processEvents();
    QCOMPARE(window.width(), 1024);
  }

  // The GUI fuzz harness's case: its first seed (bert.json, which the reader refuses) opened, then
  // a mutation of its cuDNN seed (197 bytes cut out of a config's statistics, which the reader
  // takes), every tab shown after each, as the harness does. The window grew to 885 px, past the
  // harness's limit of the first input's width + 64 px, and stayed there: memoryPlot's and
  // cudnnPlot's minimum widths (their legends and labels) had grown by 270 and 258 px.
  void aLedgerSessionDoesNotWidenTheWindow() {
    const QString corpus =
        QStringLiteral(INFERSCOPE_SOURCE_DIR "/tests/fuzz/corpus/fuzz_session_reader/");
    QFile cudnn_seed(corpus + QStringLiteral("cudnn.json"));
    QVERIFY(cudnn_seed.open(QIODevice::ReadOnly));
    QByteArray mutated = cudnn_seed.readAll();
    QVERIFY(mutated.size() > 4251 + 197);
    mutated.remove(4251, 197);
    QTemporaryDir dir;
    const QString mutated_path = dir.filePath(QStringLiteral("mutated.inferscope.json"));
    QFile out(mutated_path);
    QVERIFY(out.open(QIODevice::WriteOnly) && out.write(mutated) == mutated.size());
    out.close();

    MainWindow window;
    window.show();
    QVERIFY(QTest::qWaitForWindowExposed(&window));
    QVERIFY(!window.openSession(corpus + QStringLiteral("bert.json")));  // refused: 8 outliers in 6
    visitEveryTab(window);
    const int allowed = std::max(window.screen()->availableGeometry().width(),
                                 std::max(window.width(), window.minimumSizeHint().width()) + 64);
    QVERIFY(window.openSession(mutated_path));
    visitEveryTab(window);
    QVERIFY2(window.width() <= allowed && window.minimumSizeHint().width() <= allowed,
             qPrintable(QStringLiteral("the window is %1 px wide (minimum %2), at most %3")
                            .arg(window.width())
                            .arg(window.minimumSizeHint().width())
                            .arg(allowed)));
    for (auto* plot : window.findChildren<QCustomPlot*>())
      QCOMPARE(plot->minimumWidth(), ChartStyle::kPlotMinimumWidthPx);
  }

  void csvHasOneRowPerSample() {
    const SessionResult session = loadSession(fixture("h200_resnet50_b32").toStdString());
    std::size_t samples = 0;
    for (const auto& c : session.configs) samples += c.latency_ms.size();
    QTemporaryDir dir;
    const QString path = dir.filePath(QStringLiteral("samples.csv"));
    QCOMPARE(SamplesCsv::write(session, path), static_cast<int>(samples));
    QFile file(path);
    QVERIFY(file.open(QIODevice::ReadOnly));
    const QList<QByteArray> lines = file.readAll().split('\n');
    QCOMPARE(lines.front(), QByteArray("config,key,iteration,warmup,latency_ms,host_ms"));
    QCOMPARE(lines.size() - 2, static_cast<int>(samples));  // header + trailing empty line
    QVERIFY(lines[1].startsWith("0,\"fp32\",0,1,"));
  }
};

INFERSCOPE_GUI_TEST_MAIN(TestCharts, QApplication)
#include "tst_charts.moc"
