// Hand-outs of a lesson (issue #18): every slide of a PresentationWindow rendered at the window's
// size, as a PNG series (<dir>/<lesson>-01.png, …) or one PDF with a page per slide (QPdfWriter,
// A4 landscape), so a teacher can share the lesson afterwards. The window is left on the slide it
// showed before.
#pragma once

#include <QString>
#include <QStringList>

namespace inferscope::gui {

class PresentationWindow;

// Returns the files written; empty with `error` set when the folder or a file cannot be written.
QStringList exportHandoutPngs(PresentationWindow& window, const QString& directory, QString* error);
bool exportHandoutPdf(PresentationWindow& window, const QString& path, QString* error);

}  // namespace inferscope::gui
