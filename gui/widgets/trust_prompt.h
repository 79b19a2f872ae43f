// Asks the user before a model file runs (docs/SECURITY.md): a Python entry point's .py and an
// ExportedProgram run their code in the Python worker, a TorchScript .pt runs the code in its
// graph with the user's rights and an AOTInductor .pt2 is native code, so the GUI, like the
// CLI, loads one only once its exact bytes are trusted. The dialog names the file, its SHA-256 and
// what trusting means; Trust remembers the hash in the same store as `inferscope-cli trust`
// (core/common/trust_store.h), so each file is asked about once.
#pragma once

#include <QDialog>
#include <QString>

#include "core/model/model_ref.h"

namespace inferscope::gui {

class TrustPrompt : public QDialog {
  Q_OBJECT

 public:
  TrustPrompt(const QString& path, const QString& sha256, QWidget* parent = nullptr);

  // The decision for `model` before a run: true when it may run — a zoo model, a file already in
  // the trust store, or one the user trusts now in the dialog (then remembered) — with
  // model.trusted_sha256 set for the loader's check. False when the user declined (`error` empty)
  // or the file or the store could not be read (`error` says why, naming the file).
  static bool ensureTrusted(QWidget* parent, ModelRef& model, QString* error);
};

}  // namespace inferscope::gui
