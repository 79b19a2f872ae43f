// The main window's Lessons menu: the built-in lessons (resources/lessons/) in teaching order, in
// the UI's language; choosing one opens it in presentation mode, full screen. A lesson whose data
// is not recorded yet is listed, marked, and opens on the slide that says which run records it.
#pragma once

#include <QMenu>

namespace inferscope::gui {

class PresentationWindow;

class LessonsMenu : public QMenu {
  Q_OBJECT

 public:
  explicit LessonsMenu(QWidget* parent = nullptr);

  // Opens a built-in lesson by id ("cold-start"); null (and `error` set) for an unknown id or a
  // lesson file that cannot be read. The window deletes itself when closed.
  static PresentationWindow* present(const QString& id, bool full_screen, QString* error,
                                     int screen_height = 0);

 protected:
  void changeEvent(QEvent* event) override;

 private:
  void rebuild();
};

}  // namespace inferscope::gui
