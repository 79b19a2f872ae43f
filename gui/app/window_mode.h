// The main window from the command line: set up as the options say (run panel, log scale, chart
// tab, session, selected config), then shown to the user — or, in screenshot_mode.h, drawn.
#pragma once

class QApplication;
class QString;

namespace inferscope::gui {

struct AppOptions;
class MainWindow;

// --model, --batch, --configs, --warmup, --iterations, --log-scale and --tab.
void applyWindowOptions(MainWindow& window, const AppOptions& options);

// --select KEY: the config's row of the results table becomes the current one (the latency chart
// brings it forward).
void selectConfig(MainWindow& window, const QString& key);
// Brings forward the chart tab `name` (one of chartTabList()).
void selectTab(MainWindow& window, const QString& name);

// The window for a user: the session opened, --run started, --lesson presented over it; returns
// the event loop's exit status, or 2 when the lesson could not open.
int runWindowMode(QApplication& app, const AppOptions& options);

}  // namespace inferscope::gui
