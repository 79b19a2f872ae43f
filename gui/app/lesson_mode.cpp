#include "gui/app/lesson_mode.h"

#include "gui/app/app_options.h"
#include "gui/app/app_output.h"
#include "gui/widgets/lessons_menu.h"
#include "gui/widgets/presentation_window.h"

namespace inferscope::gui {

PresentationWindow* openLessonForPictures(const AppOptions& options, int* exit_code) {
  const int width = options.size.width();
  const int height = options.size.height();
  QString error;
  auto* lesson = LessonsMenu::present(*options.lesson, false, &error, height);
  if (!lesson) {
    *exit_code = refuse(error);
    return nullptr;
  }
  lesson->resize(width, height);
  const int slides = static_cast<int>(lesson->slides().size());
  if (options.step && *options.step > slides) {
    *exit_code = refuse(QStringLiteral("--step %1: the lesson %2 has %3 slides")
                            .arg(*options.step)
                            .arg(*options.lesson)
                            .arg(slides));
    return nullptr;
  }
  return lesson;
}

int runLessonScreenshot(const AppOptions& options) {
  int exit_code = 0;
  auto* lesson = openLessonForPictures(options, &exit_code);
  if (!lesson) return exit_code;
  lesson->showSlide(options.step ? *options.step - 1 : lesson->keySlide());
  lesson->renderNow();
  return savePicture(lesson->grab(), *options.screenshot, "screenshot");
}

bool presentLesson(const AppOptions& options) {
  QString error;
  if (!LessonsMenu::present(*options.lesson, options.present, &error)) {
    refuse(error);
    return false;
  }
  return true;
}

}  // namespace inferscope::gui
