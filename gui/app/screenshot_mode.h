// --screenshot PNG: the main window drawn offscreen at --size and written as a picture, then the
// application exits — after the session opened, after a --run finished, --grab-after ms into it, or
// of the wizard's recommendation page for a --wizard generation. How docs/screenshots are made.
#pragma once

class QApplication;

namespace inferscope::gui {

struct AppOptions;

// 0 once the picture is written; 1 when it could not be, or when the session did not open (the
// picture then shows the banner with the reason, as a user would see it).
int runScreenshotMode(QApplication& app, const AppOptions& options);

}  // namespace inferscope::gui
