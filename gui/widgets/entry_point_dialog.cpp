#include "gui/widgets/entry_point_dialog.h"

#include <QDialogButtonBox>
#include <QLabel>
#include <QLineEdit>
#include <QListWidget>
#include <QPushButton>
#include <QVBoxLayout>

#include "gui/lib/python_entry_points.h"

namespace inferscope::gui {

EntryPointDialog::EntryPointDialog(const QString& file_name, const QStringList& functions,
                                   QWidget* parent)
    : QDialog(parent), list_(new QListWidget(this)), edit_(new QLineEdit(this)) {
  setWindowTitle(tr("Which function builds the model?"));
  setObjectName(QStringLiteral("entryPointDialog"));
  auto* layout = new QVBoxLayout(this);
  auto* question = new QLabel(
      functions.isEmpty()
          ? tr("<b>%1</b> defines no function at its top level. Name the function that returns "
               "<code>(model, example_inputs)</code>:")
                .arg(file_name.toHtmlEscaped())
          : tr("Which function of <b>%1</b> returns <code>(model, example_inputs)</code>? The "
               "window runs it in the Python worker, on those inputs, as <code>inferscope-cli "
               "profile --model-py %1:FUNCTION</code> does.")
                .arg(file_name.toHtmlEscaped()),
      this);
  question->setWordWrap(true);
  list_->setObjectName(QStringLiteral("entryList"));
  list_->addItems(functions);
  list_->setVisible(!functions.isEmpty());
  edit_->setObjectName(QStringLiteral("entryEdit"));
  edit_->setPlaceholderText(tr("function name, e.g. build"));
  auto* buttons = new QDialogButtonBox(QDialogButtonBox::Ok | QDialogButtonBox::Cancel, this);
  ok_ = buttons->button(QDialogButtonBox::Ok);
  ok_->setObjectName(QStringLiteral("entryOk"));
  ok_->setText(tr("Use this function"));
  connect(buttons, &QDialogButtonBox::accepted, this, &QDialog::accept);
  connect(buttons, &QDialogButtonBox::rejected, this, &QDialog::reject);
  connect(list_, &QListWidget::currentTextChanged, edit_, &QLineEdit::setText);
  connect(list_, &QListWidget::itemDoubleClicked, this, [this] {
    if (ok_->isEnabled()) accept();
  });
  connect(edit_, &QLineEdit::textChanged, this, &EntryPointDialog::onEdited);
  layout->addWidget(question);
  layout->addWidget(list_, 1);
  layout->addWidget(edit_);
  layout->addWidget(buttons);
  setMinimumWidth(480);
  const QString likely = likelyEntryPoint(functions);
  if (!likely.isEmpty()) list_->setCurrentRow(static_cast<int>(functions.indexOf(likely)));
  onEdited();
}

QString EntryPointDialog::function() const {
  return edit_->text().trimmed();
}

void EntryPointDialog::onEdited() {
  ok_->setEnabled(isEntryPointName(function()));
}

}  // namespace inferscope::gui
