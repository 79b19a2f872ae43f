// Hand-outs of a lesson: a PNG series of the slides as the room sees them (<dir>/<lesson>-01.png,
// …, at the window's size), or one PDF, a document rather than pictures: an A4 landscape page per
// slide with the lesson's title (in the UI's language), the chart drawn black on white in the
// page's proportions, and the step's heading, narration and command written as text (selectable,
// and given back by pdftotext). The window is left on the slide it showed before.
#pragma once

#include <QString>
#include <QStringList>

namespace inferscope::gui {

class PresentationWindow;

// Returns the files written; empty with `error` set when the folder or a file cannot be written.
QStringList exportHandoutPngs(PresentationWindow& window, const QString& directory, QString* error);
bool exportHandoutPdf(PresentationWindow& window, const QString& path, QString* error);

}  // namespace inferscope::gui
