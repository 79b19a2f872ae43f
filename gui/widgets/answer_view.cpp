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
#include <cmath>

#include "core/advisor/session_evidence.h"
#include "core/engine/session_ranking.h"
#include "core/engine/session_result.h"
#include "gui/lib/session_document.h"
#include "gui/widgets/answer_shapes.h"

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

QString percent(double share) {
  return QLocale().toString(100 * share, 'f', 0);
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

QString AnswerView::boundText(const std::string& bound) {
  if (bound == "compute") return tr("compute-bound");
  if (bound == "memory") return tr("memory-bound");
  if (bound == "launch-host") return tr("launch- or host-bound");
  if (bound == "mixed") return tr("mixed");
  return q(bound);
}

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

QString AnswerView::reasonText(const TuneReason& r) {
  const auto v = [&](const char* name) { return q(r.value(name)); };
  const auto& c = r.code;
  if (c == "not-confirmed") {
    const auto cause = r.value("cause");
    if (cause == "no-time-for-forks")
      return tr(
          "not confirmed in fresh processes: the budget left no time for them (raise "
          "--budget-s)");
    if (cause == "forks-for-leader-only")
      return tr(
          "not confirmed in fresh processes: the budget left them for the leader only "
          "(raise --budget-s)");
    if (cause == "second-process-cut")
      return tr(
          "not confirmed in fresh processes: the budget ended before its second process "
          "(raise --budget-s)");
    return tr("not confirmed in fresh processes");
  }
  if (c == "unmeasured") return tr("%1 of %2 candidates not measured").arg(v("count"), v("total"));
  if (c == "late-rivals")
    return tr("%1 ran as fast after the finals and was not confirmed (raise --budget-s)")
        .arg(v("keys"));
  if (c == "cancelled") return tr("the run was cancelled");
  if (c == "prior-kept")
    return tr("the last confirmed answer %1 stands over %2").arg(v("key"), v("leader"));
  if (c == "interval-wide")
    return tr("the interval reaches ±%1 % of the median; a final answer needs ±%2 %")
        .arg(v("half_width_pct"), v("limit_pct"));
  if (c == "processes-disagree")
    return tr("its fresh processes disagree (%1 % apart)").arg(v("spread_pct"));
  if (c == "reference-failed") return tr("the FP32 reference %1 failed").arg(v("key"));
  if (c == "budget-no-winner")
    return tr("%1 candidates ran and none was clean and safe; %2 were not measured (raise "
              "--budget-s)")
        .arg(v("ran"), v("not_measured"));
  if (c == "none-clean") return tr("no candidate ran cleanly and safely: strict FP32 eager stands");
  if (c == "unrecorded") return tr("saved before the reasons were recorded: see the Race tab");
  if (c == "tie") return tr("tied with %1").arg(v("keys"));
  if (c == "accuracy-unjudgeable") return tr("the FP32 reference cannot judge accuracy");
  if (c == "prior-not-kept") return tr("not the last confirmed answer %1").arg(v("key"));
  if (c == "still-compiling") return tr("%1 still compiling").arg(v("keys"));
  return q(c);  // a code of a newer version: its name
}

QString AnswerView::tunedText(const TuneAnswer& a, const ConfigResult* row_of_winner) const {
  QString html = QStringLiteral("<table>");
  const bool across = a.interval_kind == "across-processes";
  const QString kind = across ? tr("across %n fresh process(es)", nullptr, a.processes)
                              : tr("in the tuner's process");
  if (a.winner.empty()) {
    html += row(tr("Answer"), tr("none: strict FP32 eager stands"));
  } else if (a.median_ms > 0) {
    html += row(tr("Answer"),
                QStringLiteral("<b>%1</b> &nbsp; %2 ms [%3, %4] %5")
                    .arg(q(a.winner), ms(a.median_ms), ms(a.low_ms), ms(a.high_ms), kind));
  } else {
    html += row(tr("Answer"), QStringLiteral("<b>%1</b>").arg(q(a.winner)));
  }
  QString state = a.state == "final"         ? tr("final")
                  : a.state == "provisional" ? tr("provisional")
                  : a.state == "cancelled"   ? tr("cancelled")
                                             : tr("no winner");
  if (a.median_ms > 0) {
    const double reach = std::max(a.high_ms - a.median_ms, a.median_ms - a.low_ms) / a.median_ms;
    // Below 1 % a tenth: "±0 %" read as no interval at all.
    QStringList marks{
        QStringLiteral("±%1 %").arg(QLocale().toString(100 * reach, 'f', reach < 0.01 ? 1 : 0))};
    if (a.wide) marks << tr("wide interval");
    if (a.unstable) marks << tr("processes disagree");
    state += QStringLiteral(" (%1)").arg(marks.join(QStringLiteral(", ")));
  }
  QStringList why;
  for (const auto& r : a.why) why << reasonText(r);
  if (!why.isEmpty()) state += QStringLiteral("<br>") + why.join(QStringLiteral("<br>"));
  html += row(tr("Confidence"), state);
  if (!a.winner.empty()) {
    QString peer;
    if (a.peer_ratio > 0) {
      peer = tr("%1× %2 (%3 against %4 ms, both %5)")
                 .arg(QLocale().toString(a.peer_ratio, 'f', 2), q(a.peer_key), ms(a.winner_peer_ms),
                      ms(a.peer_ms),
                      a.peer_basis == "across-processes" ? tr("across fresh processes")
                                                         : tr("in the tuner's process"));
      if (a.peer_unsafe) peer += QStringLiteral("; ") + tr("torch.compile was unsafe");
    } else if (a.peer_missing == "is-winner") {
      peer = tr("the answer is torch.compile itself");
    } else if (a.peer_missing == "no-candidate") {
      peer = tr("not compared: no torch.compile candidate in this run");
    } else if (a.peer_missing == "failed") {
      peer = tr("not compared: its candidates failed");
    } else {
      peer = tr("not compared: no torch.compile candidate was reached (raise --budget-s)");
    }
    html += row(tr("vs torch.compile"), peer);
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
    } else if (!a.winner.empty()) {
      html += row(tr("Accuracy"), tr("not compared with the FP32 reference"));
    }
    if (a.peak_memory_bytes > 0)
      html += row(tr("Memory"), tr("peak %1 GiB").arg(gib(a.peak_memory_bytes)));
    if (a.roofline_pct >= 0)
      html += row(tr("Roofline"), tr("%1 % of the measured %2 ceiling (%3)")
                                      .arg(QLocale().toString(a.roofline_pct, 'f', 0),
                                           q(a.roofline_precision), boundText(a.roofline_bound)));
    if (a.host_measured)
      html += row(tr("Host"),
                  a.host_bound
                      ? tr("host-bound: the GPU waits for launches %1 % of the time")
                            .arg(percent(a.launch_wait_share))
                      : tr("not host-bound (launch wait %1 %)").arg(percent(a.launch_wait_share)));
  }
  if (a.missing > 0) {
    std::vector<std::string> families = a.missing_precisions;
    families.insert(families.end(), a.missing_compiles.begin(), a.missing_compiles.end());
    QStringList f;
    for (const auto& x : families) f << q(x);
    QString text = tr("%1 of %2 candidates (%3)")
                       .arg(QString::number(a.missing), QString::number(a.candidates),
                            f.join(QStringLiteral(", ")));
    if (a.budget_to_reach_s > 0)
      text += QStringLiteral("<br>") + tr("a budget of about %1 s would reach them")
                                           .arg(QString::number(std::lround(a.budget_to_reach_s)));
    html += row(tr("Not measured"), text);
  } else {
    html += row(tr("Not measured"), tr("nothing: every candidate was measured, pruned or failed"));
  }
  QStringList notes;
  for (const auto& r : a.notes) notes << reasonText(r);
  if (!notes.isEmpty()) html += row(tr("Notes"), notes.join(QStringLiteral("<br>")));
  html += QStringLiteral("</table>");
  return html;
}

QString AnswerView::rankedText() {
  const auto session = document_->session();
  if (!session || session->configs.empty()) return tr("Open or run a session to see its answer.");
  const auto ranking = rankSession(*session);
  QString html = QStringLiteral("<p>%1</p><table>")
                     .arg(tr("Fastest configs that pass the accuracy rule, ranked:"));
  int shown = 0;
  for (const auto& r : ranking.configs) {
    if (r.rank <= 0 || r.accuracy_state == AccuracyState::Unsafe) continue;
    const auto& c = session->configs[static_cast<std::size_t>(r.index)];
    if (shown == 0) answer_key_ = QString::fromStdString(c.config.key());
    QString text = tr("%1 ms median, %2× the FP32 reference")
                       .arg(ms(c.stats.median_ms), QLocale().toString(r.speedup, 'f', 2));
    if (c.memory.peak_allocated_bytes > 0)
      text += QStringLiteral(", ") + tr("peak %1 GiB").arg(gib(c.memory.peak_allocated_bytes));
    if (r.accuracy_state == AccuracyState::NotMeasured)
      text += QStringLiteral(", ") + tr("accuracy not measured");
    html += row(QStringLiteral("%1. %2").arg(shown + 1).arg(q(c.config.key())), text);
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
