#include "gui/widgets/legend_filter.h"

#include <QHBoxLayout>
#include <QLabel>
#include <QLineEdit>

#include "gui/lib/session_document.h"
#include "gui/widgets/chart_style.h"
#include "gui/widgets/translated_text.h"

namespace inferscope::gui {

LegendFilter::LegendFilter(const QString& name, QWidget* parent)
    : QWidget(parent), field_(new QLineEdit), note_(new QLabel) {
  field_->setObjectName(name + QStringLiteral("Filter"));
  field_->setClearButtonEnabled(true);
  bindTr(this, field_, "placeholderText", QT_TR_NOOP("Filter configs (e.g. bf16 graph)"));
  bindTr(this, field_, "toolTip",
         QT_TR_NOOP("Words each config's name must contain: the chart and its legend narrow to "
                    "the configs that match; the tuner's winner stays"));
  field_->setMinimumWidth(240);  // the placeholder whole
  field_->setMaximumWidth(320);
  note_->setObjectName(name + QStringLiteral("LegendNote"));
  note_->setForegroundRole(QPalette::PlaceholderText);
  // Cut at the window's edge rather than widening it (the full line on hover).
  note_->setSizePolicy(QSizePolicy::Ignored, QSizePolicy::Preferred);
  auto* row = new QHBoxLayout(this);
  row->setContentsMargins(6, 4, 6, 0);
  row->addWidget(field_);
  row->addWidget(note_, 1);
  field_->setVisible(false);
  setVisible(false);
  connect(field_, &QLineEdit::textChanged, this, &LegendFilter::textChanged);
}

LegendChoice LegendFilter::choose(const std::vector<ConfigSeries>& series,
                                  const std::vector<bool>& eligible, const ConfigMarks& marks) {
  filtering_ = static_cast<int>(series.size()) > ChartStyle::kLegendTopN;
  LegendChoice choice = chooseLegend(
      series, eligible, marks, filtering_ ? field_->text() : QString(), ChartStyle::kLegendTopN);
  marks_ = marks;
  total_ = static_cast<int>(series.size());
  matching_ = choice.matching;
  may_list_ = 0;
  any_fallback_ = false;
  for (std::size_t i = 0; i < series.size(); ++i) {
    may_list_ += i < eligible.size() && eligible[i] ? 1 : 0;
    any_fallback_ = any_fallback_ || (series[i].result && !series[i].result->fallback_from.empty());
  }
  describe(static_cast<int>(choice.listed.size()));
  return choice;
}

void LegendFilter::describe(int listed) {
  listed_ = listed;
  QStringList note;
  if (filtering_) {
    const bool all_named = hidden_ <= 0 || hidden_ >= listed;
    const bool unfiltered = field_->text().trimmed().isEmpty();
    if (unfiltered && all_named)
      note << tr("the legend lists the %1 fastest of %2 configs (the table lists every one)")
                  .arg(listed)
                  .arg(may_list_);
    else if (unfiltered)
      // A short chart: the lines are drawn, the legend names the first of them and "+N more".
      note << tr("the chart draws the %1 fastest of %2 configs, the legend names %3 of them (the "
                 "table lists every one)")
                  .arg(listed)
                  .arg(may_list_)
                  .arg(listed - hidden_);
    else if (all_named)
      note << tr("%1 of %2 configs match, the legend lists %3")
                  .arg(matching_)
                  .arg(total_)
                  .arg(listed);
    else
      note << tr("%1 of %2 configs match, the chart draws %3, the legend names %4")
                  .arg(matching_)
                  .arg(total_)
                  .arg(listed)
                  .arg(listed - hidden_);
  }
  const QString marks_note = marks_.legendNote(any_fallback_);
  if (!marks_note.isEmpty()) note << marks_note;
  note_->setText(note.join(QStringLiteral(" · ")));
  note_->setToolTip(note_->text());
  field_->setVisible(filtering_);
  setVisible(!note.isEmpty());
}

void LegendFilter::setHiddenEntries(int hidden) {
  if (hidden == hidden_) return;
  hidden_ = hidden;
  describe(listed_);
}

void LegendFilter::setText(const QString& text) {
  field_->setText(text);
}

QString LegendFilter::text() const {
  return field_->text();
}

bool LegendFilter::filterShown() const {
  return parentWidget() && field_->isVisibleTo(parentWidget());
}

QString LegendFilter::noteText() const {
  return note_->text();
}

}  // namespace inferscope::gui
