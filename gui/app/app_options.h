// The desktop application's command line as a value: parseAppOptions reads the arguments, checks
// every value before any window exists and returns either the options or what to print and the
// exit status (help and version: 0; a wrong value: 2, the README's invalid input, with a message
// naming the option). It never prints and never exits, so a test can try every refusal.
#pragma once

#include <QSize>
#include <QString>
#include <QStringList>
#include <optional>

namespace inferscope::gui {

struct AppOptions {
  QString session;                     // --open FILE or the positional session; empty: none
  std::optional<QString> screenshot;   // --screenshot PNG: render, write, exit
  bool run = false;                    // --run: start a run right away
  std::optional<QString> model;        // --model: a zoo model's name
  std::optional<int> batch;            // --batch
  std::optional<QStringList> configs;  // --configs: config keys, each one parsed
  std::optional<int> warmup;           // --warmup iterations
  std::optional<int> iterations;       // --iterations measured
  QSize size{1280, 800};               // --size WxH, each side in 16…8192 pixels
  std::optional<int> grab_after_ms;    // --grab-after: with --run --screenshot
  std::optional<QString> tab;          // --tab: a name of chartTabList(), lower case
  std::optional<QString> wizard;       // --wizard: a built-in GPU generation, lower case
  bool log_scale = false;              // --log-scale
  bool dark = false;                   // --dark
  std::optional<QString> select;       // --select: a config key
  std::optional<QString> lesson;       // --lesson: a built-in lesson's id
  bool present = false;                // --present: full screen
  std::optional<int> step;             // --step: a slide number from 1
  std::optional<QString> handout;      // --handout: a PDF or a folder (with --lesson)
  std::optional<QString> lang;         // --lang: en, ja or system, lower case

  bool handoutMode() const { return lesson && handout; }
  // Screenshot and hand-out runs draw offscreen, with settings of their own.
  bool offscreen() const { return screenshot || handoutMode(); }
};

struct ParsedAppOptions {
  std::optional<AppOptions> options;  // set: start the application with these
  QString message;                    // unset: help or version text (stdout), or the refusal
  int exit_code = 0;                  // unset: 0 for help and version, 2 for a refusal
};

// The chart tabs by the names --tab takes, in their order on the window.
QStringList chartTabList();

// Reads and checks the arguments (arguments[0] is the program). Help text uses the application's
// name, so call it once QCoreApplication exists.
ParsedAppOptions parseAppOptions(const QStringList& arguments);

// Whether the arguments ask for an offscreen run (a screenshot or a hand-out): a quiet look that
// can be taken before QApplication exists, when the platform still can be chosen.
bool wantsOffscreen(const QStringList& arguments);

}  // namespace inferscope::gui
