// Which function of a trusted .py builds the model: the file's top-level functions listed (read as
// text, python_entry_points.h), the likely one selected, and a line for a name the list lacks (a
// function defined by a decorator or an assignment). The function must return (model, example
// inputs), as `inferscope-cli profile --model-py FILE.py:FUNCTION` takes it.
#pragma once

#include <QDialog>
#include <QString>
#include <QStringList>

class QLineEdit;
class QListWidget;
class QPushButton;

namespace inferscope::gui {

class EntryPointDialog : public QDialog {
  Q_OBJECT

 public:
  EntryPointDialog(const QString& file_name, const QStringList& functions,
                   QWidget* parent = nullptr);

  // The function chosen (valid once accepted).
  QString function() const;

 private:
  void onEdited();

  QListWidget* list_;
  QLineEdit* edit_;
  QPushButton* ok_;
};

}  // namespace inferscope::gui
