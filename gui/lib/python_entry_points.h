// The functions a Python file defines at its top level, read as text: what the entry-point dialog
// offers when a .py is opened as a model (FILE.py:FUNCTION, the function returning the model and
// its example inputs). Nothing of the file runs here; the worker imports it only at the run.
#pragma once

#include <QString>
#include <QStringList>

namespace inferscope::gui {

// Names of the `def NAME(` (and `async def`) statements that start a line, in file order, each
// once. A def inside a class or function is indented and not listed; a def inside a string that
// starts a line is, which the user sees and passes over.
QStringList topLevelFunctions(const QString& source);

// Whether `name` can be an entry point's name: a Python identifier of ASCII letters, digits and
// underscores (the CLI's --model-py check), not starting with a digit.
bool isEntryPointName(const QString& name);

// The function to offer first: one whose name says it builds a model (build, make_model, …), else
// the first public one (no leading underscore), else the first; empty when there are none.
QString likelyEntryPoint(const QStringList& functions);

}  // namespace inferscope::gui
