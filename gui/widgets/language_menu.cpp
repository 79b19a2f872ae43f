#include "gui/widgets/language_menu.h"

#include <QActionGroup>
#include <QEvent>

#include "gui/widgets/language_switch.h"

namespace inferscope::gui {

LanguageMenu::LanguageMenu(QWidget* parent) : QMenu(parent), group_(new QActionGroup(this)) {
  setObjectName(QStringLiteral("languageMenu"));
  system_ = addAction(QString());
  system_->setData(QString());
  addSeparator();
  for (const auto& code : LanguageSwitch::available()) {
    // Each language in its own name, so that someone who cannot read the current one finds theirs.
    auto* action = addAction(LanguageSwitch::nativeName(code));
    action->setData(code);
    action->setObjectName(QStringLiteral("language:") + code);
  }
  for (auto* action : actions()) {
    if (action->isSeparator()) continue;
    action->setCheckable(true);
    group_->addAction(action);
    action->setChecked(action->data().toString() == LanguageSwitch::instance().choice());
  }
  connect(group_, &QActionGroup::triggered, this,
          [](QAction* a) { LanguageSwitch::instance().apply(a->data().toString()); });
  retranslate();
}

void LanguageMenu::retranslate() {
  setTitle(tr("&Language"));
  system_->setText(tr("System default"));
  for (auto* action : actions())
    if (action->isCheckable())
      action->setChecked(action->data().toString() == LanguageSwitch::instance().choice());
}

void LanguageMenu::changeEvent(QEvent* event) {
  if (event->type() == QEvent::LanguageChange) retranslate();
  QMenu::changeEvent(event);
}

}  // namespace inferscope::gui
