#include "gui/app/handout_mode.h"

#include "gui/app/app_options.h"
#include "gui/app/app_output.h"
#include "gui/app/lesson_mode.h"
#include "gui/widgets/lesson_handout.h"
#include "gui/widgets/presentation_window.h"

namespace inferscope::gui {

int runHandoutMode(const AppOptions& options) {
  int exit_code = 0;
  auto* lesson = openLessonForPictures(options, &exit_code);
  if (!lesson) return exit_code;
  const QString& path = *options.handout;
  QString error;
  const bool ok = path.endsWith(QStringLiteral(".pdf"), Qt::CaseInsensitive)
                      ? exportHandoutPdf(*lesson, path, &error)
                      : !exportHandoutPngs(*lesson, path, &error).isEmpty();
  if (!ok) {
    say(error);
    return 1;
  }
  say(QStringLiteral("hand-out written to %1").arg(path));
  return 0;
}

}  // namespace inferscope::gui
