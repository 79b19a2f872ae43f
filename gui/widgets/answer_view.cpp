#include "gui/widgets/answer_view.h"

#include <QDir>
#include <QEvent>
#include <QFileDialog>
#include <QFileInfo>
#include <QHBoxLayout>
#include <QLabel>
#include <QLocale>
#include <QPushButton>
#include <QRegularExpression>
#include <QScrollArea>
#include <QVBoxLayout>
#include <algorithm>

#include "core/advisor/session_evidence.h"
#include "core/engine/session_ranking.h"
#include "core/engine/session_result.h"
#include "gui/lib/config_marks.h"
#include "gui/lib/session_document.h"
#include "gui/lib/ui_lang.h"
#include "gui/widgets/answer_shapes.h"
#include "text/answer_text.h"

namespace inferscope::gui {
namespace {

// Text from a session file (keys, reason values) is bounded before it sizes the page.
QString q(const std::string& s) {
  QString t = QString::fromStdString(s.size() > 800 ? s.substr(0, 800) : s);
  if (t.size() > 200) t = t.left(200) + QStringLiteral("…");
  return t.toHtmlEscaped();
}

QString ms(double value) {
  return QLocale().toString(value, 'g', 4);
}

QString gib(std::int64_t bytes) {
  return QLocale().toString(static_cast<double>(bytes) / (1024.0 * 1024.0 * 1024.0), 'f', 2);
}

// A file's text is bounded before it sizes the page.
QString bounded(const std::string& s, int max_chars = 200) {
  // At most 4 bytes of UTF-8 a character.
  const std::size_t cut = 4 * static_cast<std::size_t>(max_chars);
  QString t = QString::fromStdString(s.size() > cut ? s.substr(0, cut) : s);
  if (t.size() > max_chars) t = t.left(max_chars) + QStringLiteral("…");
  return t.toHtmlEscaped();
}

QString row(const QString& label, const QString& text) {
  return QStringLiteral(
             "<tr><td valign='top' style='padding-right:12px'><b>%1</b></td><td>%2</td></tr>")
      .arg(label, text);
}

}  // namespace

AnswerView::AnswerView(SessionDocument* document, QWidget* parent)
    : QWidget(parent),
      document_(document),
      body_(new QLabel),
      logs_(new QLabel),
      exports_(new QWidget),
      export_status_(new QLabel) {
  setObjectName(QStringLiteral("answerView"));
  body_->setObjectName(QStringLiteral("answerBody"));
  body_->setWordWrap(true);
  body_->setTextFormat(Qt::RichText);
  body_->setTextInteractionFlags(Qt::TextSelectableByMouse);
  body_->setAlignment(Qt::AlignTop | Qt::AlignLeft);
  body_->setSizePolicy(QSizePolicy::Ignored, QSizePolicy::Preferred);
  logs_->setObjectName(QStringLiteral("answerLogs"));
  logs_->setWordWrap(true);
  logs_->setTextInteractionFlags(Qt::TextSelectableByMouse);
  logs_->setSizePolicy(QSizePolicy::Ignored, QSizePolicy::Preferred);
  // The exports write the page's own answer: the config named above, not the table's rule's.
  auto* export_row = new QHBoxLayout(exports_);
  export_row->setContentsMargins(0, 0, 0, 0);
  auto* export_label = new QLabel(tr("Export this config:"));
  export_label->setObjectName(QStringLiteral("answerExportLabel"));
  export_row->addWidget(export_label);
  const std::pair<advisor::ExportFormat, const char*> buttons[] = {
      {advisor::ExportFormat::Json, "answerExportJson"},
      {advisor::ExportFormat::Python, "answerExportPython"},
      {advisor::ExportFormat::Cpp, "answerExportCpp"}};
  for (const auto& [format, name] : buttons) {
    auto* button = new QPushButton;
    button->setObjectName(QString::fromLatin1(name));
    connect(button, &QPushButton::clicked, this, [this, f = format] { askAndExport(f); });
    export_row->addWidget(button);
  }
  export_row->addStretch(1);
  export_status_->setObjectName(QStringLiteral("answerExportStatus"));
  export_status_->setWordWrap(true);
  export_status_->setTextInteractionFlags(Qt::TextSelectableByMouse);
  auto* inner = new QWidget;
  auto* inner_layout = new QVBoxLayout(inner);
  inner_layout->addWidget(body_);
  inner_layout->addWidget(logs_);
  inner_layout->addWidget(exports_);
  inner_layout->addWidget(export_status_);
  inner_layout->addStretch(1);
  auto* scroll = new QScrollArea;
  scroll->setWidgetResizable(true);
  scroll->setFrameShape(QFrame::NoFrame);
  scroll->setWidget(inner);
  auto* layout = new QVBoxLayout(this);
  layout->setContentsMargins(6, 4, 6, 4);
  layout->addWidget(scroll);
  connect(document_, &SessionDocument::reset, this, &AnswerView::rebuild);
  connect(document_, &SessionDocument::stateChanged, this, &AnswerView::rebuild);
  rebuild();
}

QString AnswerView::plainText() const {
  QString text = body_->text() + QLatin1Char('\n') + logs_->text();
  text.replace(QRegularExpression(QStringLiteral("<(br|/tr)[^>]*>")), QStringLiteral("\n"));
  text.remove(QRegularExpression(QStringLiteral("<[^>]*>")));
  text.replace(QStringLiteral("&lt;"), QStringLiteral("<"));
  text.replace(QStringLiteral("&gt;"), QStringLiteral(">"));
  text.replace(QStringLiteral("&nbsp;"), QStringLiteral(" "));
  text.replace(QStringLiteral("&amp;"), QStringLiteral("&"));
  return text;
}

void AnswerView::changeEvent(QEvent* event) {
  if (event->type() == QEvent::LanguageChange) rebuild();
  QWidget::changeEvent(event);
}

QString AnswerView::tunedText(const TuneAnswer& a, const ConfigResult* row_of_winner) const {
  // Core's answer rendered from its fields in the window's language (text/answer_text.h, the
  // catalogue the CLI's --lang uses too); the labels are the page's own.
  const auto lang = uiLang();
  const auto rendered = [](const std::string& s) { return bounded(s, 600); };
  QString html = QStringLiteral("<table>");
  if (a.winner.empty()) {
    html += row(tr("Answer"), rendered(text::answerText(a, lang)));
  } else if (a.median_ms > 0) {
    html += row(tr("Answer"), QStringLiteral("<b>%1</b> &nbsp; %2 ms [%3, %4] %5")
                                  .arg(q(a.winner), ms(a.median_ms), ms(a.low_ms), ms(a.high_ms),
                                       rendered(text::intervalKindText(a, lang))));
  } else {
    html += row(tr("Answer"), QStringLiteral("<b>%1</b>").arg(q(a.winner)));
  }
  // The state and its marks on the first line, each reason on a line of its own.
  TuneAnswer state_only = a;
  state_only.why.clear();
  QString state = rendered(text::confidenceText(state_only, lang));
  for (const auto& r : a.why) state += QStringLiteral("<br>") + rendered(text::reasonText(r, lang));
  html += row(tr("Confidence"), state);
  if (!a.winner.empty()) {
    html += row(tr("vs torch.compile"), rendered(text::peerText(a, lang)));
    // The winner's accuracy as numbers from its session row, in the page's language (the judge's
    // summary and the rule are English sentences of core: the rule is on the page's tooltip).
    if (row_of_winner && row_of_winner->accuracy.measured) {
      const auto& acc = row_of_winner->accuracy;
      QString text = tr("cosine %1, relative L2 %2")
                         .arg(QLocale().toString(acc.cosine_similarity, 'g', 6),
                              QLocale().toString(acc.rel_l2_error, 'g', 3));
      if (acc.top1_agreement)
        text +=
            QStringLiteral(", ") +
            tr("top-1 agreement %1 %").arg(QLocale().toString(100 * *acc.top1_agreement, 'f', 1));
      html += row(tr("Accuracy"), text);
    } else {
      html += row(tr("Accuracy"), tr("not compared with the FP32 reference"));
    }
    if (a.peak_memory_bytes > 0)
      html += row(tr("Memory"), tr("peak %1 GiB").arg(gib(a.peak_memory_bytes)));
    if (a.roofline_pct >= 0) html += row(tr("Roofline"), rendered(text::rooflineText(a, lang)));
    if (a.host_measured) html += row(tr("Host"), rendered(text::hostText(a, lang)));
  }
  html += row(tr("Not measured"), rendered(text::missingText(a, lang)));
  QStringList notes;
  for (const auto& r : a.notes) notes << rendered(text::reasonText(r, lang));
  if (!notes.isEmpty()) html += row(tr("Notes"), notes.join(QStringLiteral("<br>")));
  html += QStringLiteral("</table>");
  return html;
}

QString AnswerView::rankedText() {
  const auto session = document_->session();
  if (!session || session->configs.empty()) return tr("Open or run a session to see its answer.");
  // Ranked as the table lists the rows: a config that also ran as another's fallback is one row,
  // not two of identical numbers (the reference would be the answer's own fallback).
  const auto merged = rankMerged(*session);
  const ConfigMarks marks = ConfigMarks::of(session.get());
  QString html = QStringLiteral("<p>%1</p><table>")
                     .arg(tr("Fastest configs that pass the accuracy rule, ranked:"));
  int shown = 0;
  for (const auto& r : merged.ranking.configs) {
    if (r.rank <= 0 || r.accuracy_state == AccuracyState::Unsafe) continue;
    const auto& c = merged.session.configs[static_cast<std::size_t>(r.index)];
    if (shown == 0) answer_key_ = QString::fromStdString(c.config.key());
    QString text = tr("%1 ms median, %2× the FP32 reference")
                       .arg(ms(c.stats.median_ms), QLocale().toString(r.speedup, 'f', 2));
    if (c.memory.peak_allocated_bytes > 0)
      text += QStringLiteral(", ") + tr("peak %1 GiB").arg(gib(c.memory.peak_allocated_bytes));
    if (r.accuracy_state == AccuracyState::NotMeasured)
      text += QStringLiteral(", ") + tr("accuracy not measured");
    QString name = merged.label(r.index, marks);
    if (name.size() > 200) name = name.left(200) + QStringLiteral("…");  // keys from a file
    html += row(QStringLiteral("%1. %2").arg(shown + 1).arg(name.toHtmlEscaped()), text);
    if (++shown == 5) break;
  }
  html += QStringLiteral("</table>");
  if (shown == 0) html += QStringLiteral("<p>%1</p>").arg(tr("No config ran cleanly and safely."));
  return html;
}

void AnswerView::rebuild() {
  // The buttons' texts here, so that a language change retranslates them with the page.
  exports_->findChild<QLabel*>(QStringLiteral("answerExportLabel"))
      ->setText(tr("Export this config:"));
  exports_->findChild<QPushButton*>(QStringLiteral("answerExportJson"))->setText(tr("JSON…"));
  exports_->findChild<QPushButton*>(QStringLiteral("answerExportPython"))->setText(tr("Python…"));
  exports_->findChild<QPushButton*>(QStringLiteral("answerExportCpp"))->setText(tr("C++…"));
  exports_->setVisible(false);
  export_status_->clear();
  answer_key_.clear();
  body_->setToolTip(QString());
  logs_->clear();
  logs_->setToolTip(QString());
  const auto session = document_->session();
  const TuneRecord* race = nullptr;
  if (session) {
    for (const auto& r : session->races) {
      if (!r.winner.empty() || !race) race = &r;
      if (!r.winner.empty()) break;
    }
  }
  if (!race) {
    // Over a shape set, the answer across its shapes (AnswerShapes): ranked together, a batch of 1
    // would stand against a batch of 32.
    const QString shapes = AnswerShapes::html(session.get(), &answer_key_);
    body_->setText(shapes.isEmpty() ? rankedText() : shapes);
    return;
  }
  const auto answer = answerOf(*race, session.get());
  answer_key_ = QString::fromStdString(answer.winner);
  const ConfigResult* winner_row = nullptr;
  for (const auto& c : session->configs) {
    if (!answer.winner.empty() &&
        (c.config.key() == answer.winner || c.fallback_from == answer.winner)) {
      winner_row = &c;
      break;
    }
  }
  body_->setText(tunedText(answer, winner_row));
  exports_->setVisible(
      advisor::answerDocument(*session, advisor::TorchVersion::parse(advisor::kDefaultTargetTorch))
          .has_value());
  body_->setToolTip(tr("Accuracy rule: %1").arg(bounded(answer.rule, 400)));
  if (!answer.log_paths.empty()) {
    // The logs on demand: their count here, the paths in the tooltip and the selectable text.
    QStringList paths;
    for (const auto& p : answer.log_paths) paths << bounded(p, 400);
    logs_->setText(
        tr("Logs: %n file(s) (hover to see the paths)", nullptr, static_cast<int>(paths.size())));
    logs_->setToolTip(paths.join(QLatin1Char('\n')));
  }
}

bool AnswerView::exportAnswer(advisor::ExportFormat format, const QString& path, QString* message) {
  const auto session = document_->session();
  const auto doc = session
                       ? advisor::answerDocument(
                             *session, advisor::TorchVersion::parse(advisor::kDefaultTargetTorch))
                       : std::nullopt;
  if (!doc) {
    *message = tr("✗ this session holds no race answer to export");
    return false;
  }
  // The exports never overwrite what the page shows.
  if (!document_->filePath().isEmpty() &&
      QFileInfo(path).absoluteFilePath() == QFileInfo(document_->filePath()).absoluteFilePath()) {
    *message = tr("✗ %1 is the open session's own file: choose another").arg(path);
    return false;
  }
  try {
    advisor::writeExportFile(*doc, format, path.toStdString());
  } catch (const std::exception& e) {
    *message = tr("✗ %1").arg(QString::fromStdString(e.what()));
    return false;
  }
  *message = tr("✓ %1 of %2 written to %3")
                 .arg(QString::fromUtf8(advisor::toString(format)),
                      QString::fromStdString(doc->config.key()), path);
  return true;
}

void AnswerView::askAndExport(advisor::ExportFormat format) {
  const auto suffix = format == advisor::ExportFormat::Json     ? QStringLiteral("json")
                      : format == advisor::ExportFormat::Python ? QStringLiteral("py")
                                                                : QStringLiteral("cpp");
  QString name = answer_key_;
  name.replace(QLatin1Char('+'), QLatin1Char('-'));
  const QString path = QFileDialog::getSaveFileName(
      this, tr("Export this config"),
      QDir::home().filePath(QStringLiteral("inferscope-%1.%2").arg(name, suffix)),
      QStringLiteral("*.%1").arg(suffix));
  if (path.isEmpty()) return;
  QString message;
  exportAnswer(format, path, &message);
  export_status_->setText(message);
}

}  // namespace inferscope::gui
