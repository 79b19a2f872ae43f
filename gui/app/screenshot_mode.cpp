#include "gui/app/screenshot_mode.h"

#include <qcustomplot.h>

#include <QApplication>
#include <QThreadPool>
#include <QTimer>

#include "gui/app/app_options.h"
#include "gui/app/app_output.h"
#include "gui/app/window_mode.h"
#include "gui/lib/engine_bridge.h"
#include "gui/widgets/main_window.h"
#include "gui/wizard/recommendation_wizard.h"
#include "gui/wizard/wizard_pages.h"

namespace inferscope::gui {
namespace {

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

int grabWizard(MainWindow& window, const AppOptions& options) {
  auto* wizard = window.openWizard();
  wizard->resize(options.size);
  wizard->devicePage()->simulate(*options.wizard);
  wizard->next();
  wizard->next();
  QApplication::processEvents();
  return savePicture(wizard->grab(), *options.screenshot, "wizard screenshot");
}

}  // namespace

int runScreenshotMode(QApplication& app, const AppOptions& options) {
  MainWindow window;
  applyWindowOptions(window, options);
  window.show();
  const QString& out = *options.screenshot;
  // No window anyone sees: say on stderr why there is no picture.
  QObject::connect(&window, &MainWindow::sessionOpenFailed, &app,
                   [](const QString&, const QString& message) { say(message); });
  if (!options.session.isEmpty() && !window.openSession(options.session)) {
    // The picture still shows what a user sees (the banner with the reason); the exit status says
    // that the session did not open.
    grabWindow(window, out);
    return 1;
  }
  if (options.tab) selectTab(window, *options.tab);  // a file opens on its Answer page
  if (options.select) selectConfig(window, *options.select);
  if (options.wizard) return grabWizard(window, options);

  int result = 0;
  if (options.run && options.grab_after_ms) {
    // A picture of a run in progress: grab, then cancel and leave once the engine has stopped.
    QTimer::singleShot(0, &window, &MainWindow::startRun);
    QTimer::singleShot(*options.grab_after_ms, &window, [&] {
      result = grabWindow(window, out);
      if (!window.bridge()->isRunning()) app.quit();
      QObject::connect(window.bridge(), &EngineBridge::runningChanged, &app, &QApplication::quit);
      window.cancelRun();
    });
  } else if (options.run) {
    QObject::connect(window.bridge(), &EngineBridge::runningChanged, &app, [&](bool running) {
      if (running) return;
      result = grabWindow(window, out);
      app.quit();
    });
    QTimer::singleShot(0, &window, [&] {
      window.startRun();
      // Nothing to run (no config checked): grab what there is.
      if (!window.bridge()->isRunning()) {
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
  const int rc = QApplication::exec();
  return result != 0 ? result : rc;
}

}  // namespace inferscope::gui
