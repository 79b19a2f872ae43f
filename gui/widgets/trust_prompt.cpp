#include "gui/widgets/trust_prompt.h"

#include <QDialogButtonBox>
#include <QLabel>
#include <QPushButton>
#include <QVBoxLayout>

#include "core/common/error.h"
#include "core/common/sha256.h"
#include "core/common/trust_store.h"

namespace inferscope::gui {

TrustPrompt::TrustPrompt(const QString& path, const QString& sha256, QWidget* parent)
    : QDialog(parent) {
  setWindowTitle(tr("Trust this model file?"));
  auto* layout = new QVBoxLayout(this);
  auto* file = new QLabel(tr("<b>%1</b>").arg(path.toHtmlEscaped()), this);
  file->setObjectName(QStringLiteral("trustFile"));
  file->setTextInteractionFlags(Qt::TextSelectableByMouse);
  auto* hash = new QLabel(tr("SHA-256: <code>%1</code>").arg(sha256), this);
  hash->setObjectName(QStringLiteral("trustHash"));
  hash->setTextInteractionFlags(Qt::TextSelectableByMouse);
  auto* meaning = new QLabel(
      tr("Running a model file runs its author's code with your rights. A Python file (an entry "
         "point) is imported and run by InferScope's Python worker, and an ExportedProgram is "
         "loaded there by PyTorch; a TorchScript file's graph can read and overwrite your files, "
         "and a damaged or crafted one can crash InferScope; an AOTInductor package is a native "
         "library that is loaded into InferScope. Until you trust it, nothing of the file is read "
         "but this hash. Trust this file only if you trust where it came from.<br><br>InferScope "
         "remembers this exact content (by its hash) for the GUI and the command line; if the "
         "file changes, it asks again. <code>inferscope-cli trust --list</code> and "
         "<code>--revoke</code> manage the list."),
      this);
  meaning->setWordWrap(true);
  auto* buttons = new QDialogButtonBox(this);
  auto* trust = buttons->addButton(tr("Trust and run"), QDialogButtonBox::AcceptRole);
  trust->setObjectName(QStringLiteral("trustButton"));
  auto* cancel = buttons->addButton(QDialogButtonBox::Cancel);
  cancel->setDefault(true);  // Enter must not trust a file by accident
  connect(buttons, &QDialogButtonBox::accepted, this, &QDialog::accept);
  connect(buttons, &QDialogButtonBox::rejected, this, &QDialog::reject);
  layout->addWidget(file);
  layout->addWidget(hash);
  layout->addWidget(meaning);
  layout->addWidget(buttons);
  setMinimumWidth(560);
}

bool TrustPrompt::ensureTrusted(QWidget* parent, ModelRef& model, QString* error) {
  if (model.source == ModelSource::Zoo) return true;  // built from InferScope's own code
  try {
    const std::string hash = sha256OfFile(model.path);
    TrustStore store;
    if (!store.isTrusted(hash)) {
      TrustPrompt prompt(QString::fromStdString(model.path), QString::fromStdString(hash), parent);
      if (prompt.exec() != QDialog::Accepted) return false;
      store.trust(hash, model.path);
    }
    model.trusted_sha256 = hash;
    return true;
  } catch (const Error& e) {
    if (error) *error = QString::fromStdString(e.what());
    return false;
  }
}

}  // namespace inferscope::gui
