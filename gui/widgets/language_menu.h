// View → Language: English, 日本語 (when its translation is compiled in) or the system's, applied
// at once through LanguageSwitch; the choice is remembered for the next start.
#pragma once

#include <QMenu>

class QActionGroup;

namespace inferscope::gui {

class LanguageMenu : public QMenu {
  Q_OBJECT

 public:
  explicit LanguageMenu(QWidget* parent = nullptr);

 protected:
  void changeEvent(QEvent* event) override;

 private:
  void retranslate();
  QAction* system_ = nullptr;
  QActionGroup* group_;
};

}  // namespace inferscope::gui
