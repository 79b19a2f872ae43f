#include "gui/widgets/answer_shapes.h"

#include <QStringList>
#include <cmath>

#include "core/engine/session_result.h"
#include "core/engine/shape_record.h"
#include "core/engine/shape_sweep.h"
#include "gui/lib/value_format.h"

namespace inferscope::gui {
namespace {

QString q(const std::string& s) {
  return QString::fromStdString(s).toHtmlEscaped();
}

}  // namespace

QString AnswerShapes::html(const SessionResult* session, QString* answer_key) {
  if (session == nullptr) return {};
  const auto record = shapeRecordOrDerived(*session);
  if (!record) return {};
  QString html;
  if (!record->routing.empty()) {
    html += QStringLiteral("<p>%1</p><table>")
                .arg(tr("<b>Across %n shapes</b>, each ranked on its own — the fastest safe "
                        "config per shape (a router's table):",
                        "", static_cast<int>(record->routing.size())));
    for (const auto& e : record->routing) {
      const QString config = e.config_key.empty()
                                 ? tr("none ran safely")
                                 : tr("%1, %2").arg(q(e.config_key), ValueFormat::ms(e.median_ms));
      html += QStringLiteral("<tr><td style='padding-right:12px'>%1</td><td>%2</td></tr>")
                  .arg(q(e.shape_label), config);
    }
    html += QStringLiteral("</table>");
  }
  const QString mix = record->shape_mix.empty() ? tr("uniform over the shapes")
                                                : tr("mix %1").arg(q(record->shape_mix));
  if (record->best_single) {
    const auto& b = *record->best_single;
    if (answer_key != nullptr) *answer_key = QString::fromStdString(b.config_key);
    html += QStringLiteral("<p>%1</p>")
                .arg(tr("<b>One config for every shape</b> (%1): ★ <b>%2</b>, weighted median "
                        "%3, ×%4 of the router's %5.")
                         .arg(mix, q(b.config_key), ValueFormat::ms(b.weighted_median_ms),
                              QString::number(b.ratio_to_oracle, 'f', 3),
                              ValueFormat::ms(b.oracle_ms)));
  } else if (!record->routing.empty()) {
    html += QStringLiteral("<p>%1</p>")
                .arg(tr("<b>One config for every shape</b> (%1): none ran safely at every shape.")
                         .arg(mix));
  }
  QStringList knees;
  for (const auto& c : record->curves) {
    if (!c.knee_batch) continue;
    const QString name = c.fixed_dims.empty()
                             ? q(c.config_key)
                             : QStringLiteral("%1 · %2").arg(q(c.config_key), q(c.fixed_dims));
    knees << tr("%1 at B=%2").arg(name).arg(*c.knee_batch);
  }
  if (!knees.isEmpty()) {
    html += QStringLiteral("<p>%1</p>")
                .arg(tr("◆ Knees (the smallest batch reaching %1 % of the config's peak "
                        "items/s): %2.")
                         .arg(std::lround(100.0 * record->knee_fraction))
                         .arg(knees.join(QStringLiteral(", "))));
  }
  QStringList largest;
  for (const auto& s : record->max_batch) {
    largest << (s.search.largest_fitting
                    ? QStringLiteral("%1 %2").arg(q(s.config_key)).arg(*s.search.largest_fitting)
                    : tr("%1: none fits").arg(q(s.config_key)));
  }
  if (!largest.isEmpty()) {
    html +=
        QStringLiteral("<p>%1</p>")
            .arg(tr("<b>Largest batch that fits</b>: %1.").arg(largest.join(QStringLiteral(", "))));
  }
  html += QStringLiteral("<p>%1</p>")
              .arg(tr("The Shapes tab draws latency against throughput, the knees and the "
                      "memory per precision."));
  return html;
}

}  // namespace inferscope::gui
