// The application's start, around QApplication: the platform before it exists, its name after,
// then the look and the language the options ask for, before any window.
#pragma once

#include <QStringList>

namespace inferscope::gui {

struct AppOptions;

// The arguments as Qt reads them.
QStringList argumentList(int argc, char** argv);

// Offscreen rendering needs no display; it has to be chosen before QApplication exists (with the
// DejaVu fonts where the platform has no font folder of its own).
void chooseOffscreenPlatform(const QStringList& arguments);

// The organization, name and version QSettings and --version use.
void setApplicationIdentity();

// --dark, the settings of a screenshot or hand-out run (its own, emptied: the user's saved layout
// and choices neither shape nor change the picture) and the UI's language (--lang is not
// remembered).
void applyLookAndLanguage(const AppOptions& options);

}  // namespace inferscope::gui
