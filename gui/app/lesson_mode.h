// Lessons from the command line: --lesson [--present] over the window, and --lesson --screenshot,
// one slide drawn alone at --size.
#pragma once

#include <QString>

namespace inferscope::gui {

struct AppOptions;
class PresentationWindow;

// The lesson of --lesson alone at --size, checked against --step; null after a refusal was said
// (*exit_code: 2).
PresentationWindow* openLessonForPictures(const AppOptions& options, int* exit_code);

// --lesson --screenshot: the --step slide (default: the lesson's key step) to the picture file.
int runLessonScreenshot(const AppOptions& options);

// --lesson without a picture, over the main window (Esc leaves the presentation and the window is
// there); false when the lesson could not open, its reason said.
bool presentLesson(const AppOptions& options);

}  // namespace inferscope::gui
