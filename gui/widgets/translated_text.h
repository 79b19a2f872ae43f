// Static UI texts that follow the language switch while the application runs: instead of setting
// tr("…") once, a widget binds a property of a child to its source string —
//   bindTr(this, start_action_, "text", QT_TR_NOOP("&Start"));
// — which sets it now, translated in the caller's context, and again whenever the language
// changes (LanguageSwitch::apply calls retranslateBound() on every window). QT_TR_NOOP lets
// lupdate find the string in the caller's class. Only for texts that never change otherwise:
// texts computed from state (counts, status lines) are recomputed on QEvent::LanguageChange.
// Beyond Qt properties: "tabText" binds the tab of a page in its QTabWidget, "item:N" the Nth item
// of a QComboBox, "header:N" the Nth horizontal header of a QTableWidget.
#pragma once

class QObject;

namespace inferscope::gui {

void bindTr(const QObject* context, QObject* target, const char* property, const char* source);

// Re-applies every binding on `root` and its descendants in the current language.
void retranslateBound(QObject* root);

}  // namespace inferscope::gui

#include <QComboBox>
#include <QDockWidget>
#include <QGroupBox>
#include <QMenu>
#include <QMenuBar>
#include <QTabWidget>
#include <QTableWidget>
#include <initializer_list>
#include <type_traits>
#include <utility>

namespace inferscope::gui {

// `new W(args…)` with its text bound to `source` (the title for group boxes and docks).
template <class W, class... Args>
W* newTr(const QObject* context, const char* source, Args&&... args) {
  auto* w = new W(std::forward<Args>(args)...);
  const char* property = std::is_base_of_v<QGroupBox, W>     ? "title"
                         : std::is_base_of_v<QDockWidget, W> ? "windowTitle"
                                                             : "text";
  bindTr(context, w, property, source);
  return w;
}

// The menu bar's (or a menu's) addMenu with its title bound.
template <class Owner>
QMenu* addTrMenu(const QObject* context, Owner* owner, const char* source) {
  QMenu* menu = owner->addMenu(QString());
  bindTr(context, menu, "title", source);
  return menu;
}

// addAction(text, receiver/functor …) with the text bound.
template <class Owner, class... Args>
QAction* addTrAction(const QObject* context, Owner* owner, const char* source, Args&&... args) {
  QAction* action = owner->addAction(QString(), std::forward<Args>(args)...);
  bindTr(context, action, "text", source);
  return action;
}

inline int addTrTab(const QObject* context, QTabWidget* tabs, QWidget* page, const char* source) {
  const int index = tabs->addTab(page, QString());
  bindTr(context, page, "tabText", source);
  return index;
}

inline void addTrItem(const QObject* context, QComboBox* combo, const char* source,
                      const QVariant& data = {}) {
  combo->addItem(QString(), data);
  bindTr(context, combo,
         QByteArray("item:").append(QByteArray::number(combo->count() - 1)).constData(), source);
}

inline void bindTrHeaders(const QObject* context, QTableWidget* table,
                          std::initializer_list<const char*> sources) {
  table->setColumnCount(static_cast<int>(sources.size()));
  int column = 0;
  for (const char* source : sources) {
    if (!table->horizontalHeaderItem(column))
      table->setHorizontalHeaderItem(column, new QTableWidgetItem);
    bindTr(context, table, QByteArray("header:").append(QByteArray::number(column++)).constData(),
           source);
  }
}

}  // namespace inferscope::gui
