// --lesson ID --handout PATH: every slide of the lesson, drawn offscreen at --size, into one PDF
// (PATH ends in .pdf) or a folder of PNGs; then the application exits.
#pragma once

namespace inferscope::gui {

struct AppOptions;

// 0 once written ("hand-out written to PATH"); 1 when it could not be written, 2 for a refused
// lesson or --step, each with its reason on stderr.
int runHandoutMode(const AppOptions& options);

}  // namespace inferscope::gui
