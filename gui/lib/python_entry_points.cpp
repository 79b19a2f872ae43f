#include "gui/lib/python_entry_points.h"

#include <QRegularExpression>

namespace inferscope::gui {

QStringList topLevelFunctions(const QString& source) {
  static const QRegularExpression def(
      QStringLiteral(R"(^(?:async[ \t]+)?def[ \t]+([A-Za-z_][A-Za-z0-9_]*)[ \t]*\()"),
      QRegularExpression::MultilineOption);
  QStringList names;
  for (auto it = def.globalMatch(source); it.hasNext();) {
    const QString name = it.next().captured(1);
    if (!names.contains(name)) names << name;
  }
  return names;
}

bool isEntryPointName(const QString& name) {
  static const QRegularExpression identifier(QStringLiteral(R"(^[A-Za-z_][A-Za-z0-9_]*$)"));
  return identifier.match(name).hasMatch();
}

QString likelyEntryPoint(const QStringList& functions) {
  // The names the docs and the examples use for a function returning (model, example inputs).
  static const QRegularExpression builder(
      QStringLiteral(R"(^(build|make|create|get|load)(_model|_module)?$|model)"),
      QRegularExpression::CaseInsensitiveOption);
  for (const auto& name : functions) {
    if (!name.startsWith(QLatin1Char('_')) && builder.match(name).hasMatch()) return name;
  }
  for (const auto& name : functions) {
    if (!name.startsWith(QLatin1Char('_'))) return name;
  }
  return functions.isEmpty() ? QString() : functions.front();
}

}  // namespace inferscope::gui
