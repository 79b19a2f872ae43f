// Pictures the GUI writes to the user's files (--screenshot, a lesson's slides): encoded in
// memory in the format the file name asks for, then written through core's writeFileAtomically
// (a temp file renamed into place), so that a failed write — a full disk, a device at the end of a
// symlink — is reported and leaves the file that was there as it was, never half a picture or an
// empty file. Which files may be replaced at all is the caller's check (core/common/run_files.h).
#pragma once

#include <QByteArray>
#include <QImage>
#include <QString>

namespace inferscope::gui {

// Writes `image` to `path` in the format its suffix names (png, jpg, …). False with `error` set
// (naming the path and the reason) when it cannot be encoded or written.
bool saveImageFile(const QImage& image, const QString& path, QString* error);

// Writes `bytes` to `path` atomically; false with `error` set (naming the path) on failure.
bool saveFileAtomically(const QByteArray& bytes, const QString& path, QString* error);

}  // namespace inferscope::gui
