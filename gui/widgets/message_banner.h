// A bar across the top of the charts for a problem the user must see and can act on (a session
// file that could not be read): the message in full, selectable so it can be copied into a bug
// report, and a Dismiss button. It replaces nothing on screen — the session that was showing
// stays — and it is not modal, so the window stays usable.
#pragma once

#include <QFrame>

class QLabel;
class QToolButton;

namespace inferscope::gui {

class MessageBanner : public QFrame {
  Q_OBJECT

 public:
  explicit MessageBanner(QWidget* parent = nullptr);

  // `headline` in bold, then `detail` (plain text, wrapped).
  void showError(const QString& headline, const QString& detail);
  QString text() const;

 protected:
  void changeEvent(QEvent* event) override;

 private:
  void recolour();

  QLabel* icon_;
  QLabel* label_;
  QToolButton* dismiss_;
};

}  // namespace inferscope::gui
