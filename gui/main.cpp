// inferscope — the desktop application.
//   inferscope [session.inferscope.json]      open a session recorded here or by inferscope-cli
//   inferscope --screenshot out.png [--open FILE | --run] [--configs fp32,bf16 …]
//       renders the window offscreen to a PNG and exits (how docs/screenshots are made); --run
//       first measures the chosen configs live, with the same code path a user's Start takes;
//       --grab-after MS takes the picture mid-run instead; --tab
//       memory|speed|kernels|cudnn|devices|race picks the chart;
//       --wizard turing grabs the wizard's recommendation page for a simulated generation.
//   inferscope --dark …                        Fusion style with a dark palette (the charts follow)
//   inferscope --lang ja …                     the UI in Japanese (en, ja, system; View → Language
//   too)
//   --select KEY selects a config in the results table (the latency chart brings it forward).
//   inferscope --lesson cold-start --present   a built-in lesson in presentation mode, full screen
//       (--lesson alone: in a window); with --screenshot, --step N grabs slide N (default: the
//       lesson's key step); --handout out.pdf | out-folder/ writes every slide and exits.
// The options are read and checked in gui/app/app_options.h; each mode has its file in gui/app/.
#include <QApplication>
#include <QCoreApplication>
#include <cstdio>

#include "gui/app/app_options.h"
#include "gui/app/app_output.h"
#include "gui/app/app_setup.h"
#include "gui/app/handout_mode.h"
#include "gui/app/lesson_mode.h"
#include "gui/app/screenshot_mode.h"
#include "gui/app/window_mode.h"

int main(int argc, char** argv) {
  using namespace inferscope::gui;
  const QStringList arguments = argumentList(argc, argv);
  {
    // --help, --version and a refused value need no display: they are answered under a core
    // application, which needs no platform (QApplication aborts where there is no display to
    // connect to, and a server or a container has none).
    QCoreApplication probe(argc, argv);
    setApplicationIdentity();
    const ParsedAppOptions parsed = parseAppOptions(arguments);
    if (!parsed.options) {
      if (parsed.exit_code != 0) {
        say(parsed.message);
        return parsed.exit_code;
      }
      std::fputs(parsed.message.toLocal8Bit().constData(), stdout);  // --help, --version
      return 0;
    }
    if (!parsed.options->offscreen() && !displayAvailable()) {
      say(noDisplayMessage());
      return kNoDisplayExitCode;
    }
  }
  chooseOffscreenPlatform(arguments);
  QApplication app(argc, argv);
  setApplicationIdentity();
  const ParsedAppOptions parsed = parseAppOptions(arguments);
  const AppOptions& options = *parsed.options;  // read and checked above: the same arguments
  applyLookAndLanguage(options);
  if (options.handoutMode()) return runHandoutMode(options);
  if (options.lesson && options.screenshot) return runLessonScreenshot(options);
  if (options.screenshot) return runScreenshotMode(app, options);
  return runWindowMode(app, options);
}
