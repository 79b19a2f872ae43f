#include "gui/widgets/translated_text.h"

#include <QComboBox>
#include <QCoreApplication>
#include <QTabWidget>
#include <QTableWidget>
#include <QVariant>

namespace inferscope::gui {
namespace {

// One dynamic property per bound property: "_tr_<name>" holds "context\nsource".
QByteArray key(const char* property) {
  return QByteArray("_tr_") + property;
}

void apply(QObject* target, const QByteArray& property, const QString& binding) {
  const int cut = binding.indexOf(QLatin1Char('\n'));
  const QByteArray context = binding.left(cut).toUtf8();
  const QByteArray source = binding.mid(cut + 1).toUtf8();
  const QString text = QCoreApplication::translate(context.constData(), source.constData());
  if (property == "tabText") {
    // A tab's text lives in its QTabWidget (page → stack → tab widget).
    for (QObject* p = target->parent(); p; p = p->parent()) {
      if (auto* tabs = qobject_cast<QTabWidget*>(p)) {
        const int i = tabs->indexOf(qobject_cast<QWidget*>(target));
        if (i >= 0) tabs->setTabText(i, text);
        break;
      }
    }
    return;
  }
  if (property.startsWith("item:")) {
    if (auto* combo = qobject_cast<QComboBox*>(target))
      combo->setItemText(property.mid(5).toInt(), text);
    return;
  }
  if (property.startsWith("header:")) {
    auto* table = qobject_cast<QTableWidget*>(target);
    if (auto* item = table ? table->horizontalHeaderItem(property.mid(7).toInt()) : nullptr)
      item->setText(text);
    return;
  }
  target->setProperty(property.constData(), text);
}

void retranslateOne(QObject* object) {
  for (const QByteArray& name : object->dynamicPropertyNames()) {
    if (!name.startsWith("_tr_")) continue;
    apply(object, name.mid(4), object->property(name.constData()).toString());
  }
}

}  // namespace

void bindTr(const QObject* context, QObject* target, const char* property, const char* source) {
  const QString binding = QString::fromUtf8(context->metaObject()->className()) +
                          QLatin1Char('\n') + QString::fromUtf8(source);
  target->setProperty(key(property).constData(), binding);
  apply(target, property, binding);
}

void retranslateBound(QObject* root) {
  retranslateOne(root);
  for (QObject* child : root->findChildren<QObject*>()) retranslateOne(child);
}

}  // namespace inferscope::gui
