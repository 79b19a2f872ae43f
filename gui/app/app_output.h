// What the application says and writes outside its window: messages on stderr and pictures on disk.
#pragma once

#include <QString>

class QPixmap;

namespace inferscope::gui {

// A message for the user on stderr, escaped: it quotes file names and option values.
void say(const QString& message);

// A refusal: the message on stderr, and the exit status 2 (as the CLI's invalid input).
int refuse(const QString& message);

// Writes the picture through the one output path (image_file.h): only after it was rendered, in one
// atomic step. "WHAT written to PATH" on success (0); a failure with its reason, exit status 1.
int savePicture(const QPixmap& picture, const QString& path, const char* what);

}  // namespace inferscope::gui
