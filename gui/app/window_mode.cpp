#include "gui/app/window_mode.h"

#include <QAction>
#include <QApplication>
#include <QTabWidget>
#include <QTimer>
#include <functional>
#include <map>

#include "gui/app/app_options.h"
#include "gui/app/lesson_mode.h"
#include "gui/lib/results_table_model.h"
#include "gui/lib/session_document.h"
#include "gui/widgets/answer_view.h"
#include "gui/widgets/cudnn_chart.h"
#include "gui/widgets/devices_view.h"
#include "gui/widgets/kernels_view.h"
#include "gui/widgets/latency_chart.h"
#include "gui/widgets/main_window.h"
#include "gui/widgets/memory_chart.h"
#include "gui/widgets/race_view.h"
#include "gui/widgets/results_view.h"
#include "gui/widgets/roofline_chart.h"
#include "gui/widgets/run_setup_panel.h"
#include "gui/widgets/shapes_view.h"
#include "gui/widgets/speed_accuracy_chart.h"

namespace inferscope::gui {
namespace {

// The chart tabs by the names --tab takes (chartTabList), found by their page, not by their
// (translated) title.
using TabTest = std::function<bool(QWidget*)>;
template <class Page>
TabTest isPage() {
  return [](QWidget* page) { return dynamic_cast<Page*>(page) != nullptr; };
}
const std::map<QString, TabTest>& chartTabPages() {
  static const std::map<QString, TabTest> pages{
      {QStringLiteral("answer"), isPage<AnswerView>()},
      {QStringLiteral("latency"), isPage<LatencyChart>()},
      {QStringLiteral("memory"), isPage<MemoryChart>()},
      {QStringLiteral("speed"), isPage<SpeedAccuracyChart>()},
      {QStringLiteral("roofline"), isPage<RooflineChart>()},
      {QStringLiteral("kernels"), isPage<KernelsView>()},
      {QStringLiteral("cudnn"), isPage<CudnnChart>()},
      {QStringLiteral("devices"), isPage<DevicesView>()},
      {QStringLiteral("race"), isPage<RacePage>()},
      {QStringLiteral("shapes"), isPage<ShapesView>()}};
  return pages;
}

}  // namespace

void applyWindowOptions(MainWindow& window, const AppOptions& options) {
  auto* setup = window.setupPanel();
  if (options.model) setup->setModelName(*options.model);
  if (options.batch) setup->setBatch(*options.batch);
  if (options.configs) setup->setCheckedKeys(*options.configs);
  if (options.warmup || options.iterations) {
    const auto request = setup->request();
    setup->setIterations(options.warmup.value_or(request.run.warmup_iterations),
                         options.iterations.value_or(request.run.measure_iterations));
  }
  if (options.log_scale) {
    for (auto* action : window.findChildren<QAction*>(QStringLiteral("logScaleAction")))
      action->setChecked(true);
  }
  if (options.screenshot) window.resize(options.size);
  if (options.tab) selectTab(window, *options.tab);
}

void selectTab(MainWindow& window, const QString& name) {
  const auto page = chartTabPages().find(name);
  for (int i = 0; page != chartTabPages().end() && i < window.chartTabs()->count(); ++i) {
    if (page->second(window.chartTabs()->widget(i))) window.chartTabs()->setCurrentIndex(i);
  }
}

void selectConfig(MainWindow& window, const QString& key) {
  auto* view = window.resultsView();
  for (int row = 0; row < view->model()->rowCount(); ++row) {
    const QModelIndex index = view->model()->index(row, 0);
    // By the config's key, not the cell's text (which may carry ★, ≈ or a fallback's arrow).
    const int series = index.data(ResultsTableModel::SeriesIndexRole).toInt();
    const auto& all = window.document()->series();
    if (series >= 0 && series < static_cast<int>(all.size()) &&
        all[static_cast<std::size_t>(series)].key == key)
      view->setCurrentIndex(index);
  }
}

int runWindowMode(QApplication& app, const AppOptions& options) {
  MainWindow window;
  applyWindowOptions(window, options);
  window.show();
  if (!options.session.isEmpty()) window.openSession(options.session);
  if (options.tab) selectTab(window, *options.tab);  // a file opens on its Answer page
  if (options.select) selectConfig(window, *options.select);
  if (options.run) QTimer::singleShot(0, &window, &MainWindow::startRun);
  if (options.lesson && !presentLesson(options)) return 2;
  return app.exec();
}

}  // namespace inferscope::gui
