// The Answer page, which every session opens on: a tuned session's answer (the race's winner with
// its figure and the kind of its interval, final or provisional and why, the ratio to
// torch.compile like for like, accuracy under the rule, memory, the roofline share, the host-bound
// diagnosis, what was not measured and the budget that would reach it), rendered in the user's
// language from core's answer as data (core/engine/tune_answer.h), never from core's prose; a
// profiled or swept session's ranked summary (the fastest configs under the accuracy rule, their
// speed-up and memory). Log paths only on demand (the "Logs" line's tooltip and selection).
#pragma once

#include <QWidget>

#include "core/advisor/config_exporter.h"
#include "core/engine/config_result.h"
#include "core/engine/tune_answer.h"

class QLabel;
class QPushButton;

namespace inferscope::gui {

class SessionDocument;

class AnswerView : public QWidget {
  Q_OBJECT

 public:
  explicit AnswerView(SessionDocument* document, QWidget* parent = nullptr);

  // The config the page names: the race's answer, else the ranking's fastest safe config; "".
  QString answerKey() const { return answer_key_; }
  // The page's text as shown (rich text stripped), for tests and the screenshot captions.
  QString plainText() const;

  // Writes the answer's settings (advisor::answerDocument: the config the wizard's exports write
  // for this session) as `format` to `path`; false with `message` saying why (no answer, the open
  // session's own file, a path the exporter refuses). The buttons ask for the path first.
  bool exportAnswer(advisor::ExportFormat format, const QString& path, QString* message);

 protected:
  void changeEvent(QEvent* event) override;  // LanguageChange: the texts again

 private:
  void rebuild();
  QString tunedText(const TuneAnswer& a, const ConfigResult* row_of_winner) const;
  QString rankedText();
  void askAndExport(advisor::ExportFormat format);

  SessionDocument* document_;
  QLabel* body_;
  QLabel* logs_;
  QWidget* exports_;  // "Export this config:" and its three buttons, for a race's answer
  QLabel* export_status_;
  QString answer_key_;
};

}  // namespace inferscope::gui
