#include "gui/widgets/lessons_menu.h"

#include <QEvent>
#include <QFile>

#include "core/common/error.h"
#include "gui/lib/lesson_catalog.h"
#include "gui/widgets/presentation_window.h"

namespace inferscope::gui {

LessonsMenu::LessonsMenu(QWidget* parent) : QMenu(parent) {
  setObjectName(QStringLiteral("lessonsMenu"));
  setToolTipsVisible(true);
  rebuild();
}

void LessonsMenu::rebuild() {
  clear();
  setTitle(tr("&Lessons"));
  std::vector<LessonEntry> entries;
  try {
    entries = builtInLessons();
  } catch (const Error& e) {
    addAction(QString::fromUtf8(e.what()))->setEnabled(false);
    return;
  }
  int n = 0;
  for (const auto& e : entries) {
    bool recorded = true;
    for (const auto& s : e.lesson.sources)
      recorded =
          recorded && QFile::exists(QStringLiteral(":/lessons/") + QString::fromStdString(s.file));
    QString label = QStringLiteral("&%1  %2").arg(++n).arg(lessonText(e.lesson.title, {}));
    if (!recorded) label += QLatin1Char(' ') + tr("(data not recorded yet)");
    auto* action = addAction(label);
    action->setToolTip(lessonText(e.lesson.summary, {}));
    action->setObjectName(QStringLiteral("lesson:") + QString::fromStdString(e.lesson.id));
    const QString id = QString::fromStdString(e.lesson.id);
    connect(action, &QAction::triggered, this, [id] { present(id, true, nullptr); });
  }
}

PresentationWindow* LessonsMenu::present(const QString& id, bool full_screen, QString* error,
                                         int screen_height) {
  try {
    const QString file = builtInLessonFile(id);
    if (file.isEmpty()) {
      QStringList ids;
      for (const auto& e : builtInLessons()) ids << QString::fromStdString(e.lesson.id);
      if (error)
        *error = tr("no lesson '%1' (lessons: %2)").arg(id, ids.join(QStringLiteral(", ")));
      return nullptr;
    }
    auto* window = new PresentationWindow(loadBuiltInLesson(file), screen_height);
    window->setAttribute(Qt::WA_DeleteOnClose);
    if (full_screen)
      window->showFullScreen();
    else
      window->show();
    window->activateWindow();
    window->setFocus();
    return window;
  } catch (const Error& e) {
    if (error) *error = QString::fromUtf8(e.what());
    return nullptr;
  }
}

void LessonsMenu::changeEvent(QEvent* event) {
  if (event->type() == QEvent::LanguageChange) rebuild();
  QMenu::changeEvent(event);
}

}  // namespace inferscope::gui
