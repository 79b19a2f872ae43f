// The application's start, around QApplication: the platform before it exists, its name after,
// then the look and the language the options ask for, before any window.
#pragma once

#include <QString>
#include <QStringList>

namespace inferscope::gui {

struct AppOptions;

// The arguments as Qt reads them.
QStringList argumentList(int argc, char** argv);

// Offscreen rendering needs no display; it has to be chosen before QApplication exists (with the
// DejaVu fonts where the platform has no font folder of its own).
void chooseOffscreenPlatform(const QStringList& arguments);

// Whether a window can be shown: a platform was chosen (QT_QPA_PLATFORM) or, on Linux, an X11 or
// Wayland display is set. Without one QApplication aborts with Qt's own message.
bool displayAvailable();
// What `inferscope` says without a display, and its exit status (4: unsupported here).
QString noDisplayMessage();
inline constexpr int kNoDisplayExitCode = 4;

// The organization, name and version QSettings and --version use.
void setApplicationIdentity();

// --dark, the settings of a screenshot or hand-out run (its own, emptied: the user's saved layout
// and choices neither shape nor change the picture) and the UI's language (--lang is not
// remembered).
void applyLookAndLanguage(const AppOptions& options);

}  // namespace inferscope::gui
