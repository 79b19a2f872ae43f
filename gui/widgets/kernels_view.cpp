// KernelsView: the breakdown chart is stacked QCPBars per config (busy → gaps → host, moveAbove),
// horizontal so long config names read; the selected config fills the tables and the timeline.
#include "gui/widgets/kernels_view.h"

#include <qcustomplot.h>

#include <QComboBox>
#include <QEvent>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QLabel>
#include <QRegularExpression>
#include <QSortFilterProxyModel>
#include <QSplitter>
#include <QStackedWidget>
#include <QTabWidget>
#include <QTableView>
#include <QVBoxLayout>
#include <algorithm>
#include <optional>

#include "core/common/units.h"
#include "core/trace/timeline_data.h"
#include "core/trace/trace_records.h"
#include "gui/lib/config_marks.h"
#include "gui/lib/config_palette.h"
#include "gui/lib/display_text.h"
#include "gui/lib/session_document.h"
#include "gui/lib/top_kernels_model.h"
#include "gui/lib/top_operators_model.h"
#include "gui/lib/value_format.h"
#include "gui/widgets/kernel_timeline.h"
#include "gui/widgets/translated_text.h"

namespace inferscope::gui {
namespace {

enum Part { Busy, Gaps, Host, PartCount };

QString partName(int part) {
  switch (part) {
    case Busy:
      return KernelsView::tr("GPU busy");
    case Gaps:
      return KernelsView::tr("launch gaps (GPU idle between kernels)");
    default:
      return KernelsView::tr("host overhead (before the first / after the last kernel)");
  }
}

// Host overhead is no config's GPU time: grey hatch on every bar, so it never reads as a shade.
QBrush partBrush(const QColor& base, int part) {
  if (part == Gaps) return base.lighter(160);
  if (part == Host) return QBrush(QColor(140, 140, 140), Qt::BDiagPattern);
  return base;
}

// A table over `model`, sorted by its SortRole (numbers as numbers), first by `sort_column`
// descending: the summary's own order.
QTableView* makeTable(QAbstractItemModel* model, int sort_column, const char* name) {
  auto* proxy = new QSortFilterProxyModel(model);
  proxy->setSourceModel(model);
  proxy->setSortRole(TopKernelsModel::SortRole);
  static_assert(int(TopKernelsModel::SortRole) == int(TopOperatorsModel::SortRole));
  auto* table = new QTableView;
  table->setModel(proxy);
  table->setObjectName(QString::fromLatin1(name));
  table->setEditTriggers(QAbstractItemView::NoEditTriggers);
  table->setSelectionBehavior(QAbstractItemView::SelectRows);
  table->verticalHeader()->setVisible(false);
  table->verticalHeader()->setDefaultSectionSize(table->fontMetrics().height() + 6);
  table->horizontalHeader()->setSectionResizeMode(0, QHeaderView::Stretch);
  table->setWordWrap(false);
  // Long kernel names: kernelLabels() puts what tells them apart first, so cut at the right.
  table->setTextElideMode(Qt::ElideRight);
  table->setSortingEnabled(true);
  table->sortByColumn(sort_column, Qt::DescendingOrder);
  // The arrow shows once the user sorts: in the summary's order it would only narrow the names
  // column (every header sized to its contents reserves room for it).
  table->horizontalHeader()->setSortIndicatorShown(false);
  QObject::connect(table->horizontalHeader(), &QHeaderView::sectionClicked, table,
                   [table] { table->horizontalHeader()->setSortIndicatorShown(true); });
  return table;
}

int commonPrefix(const QString& a, const QString& b) {
  int n = 0;
  while (n < a.size() && n < b.size() && a[n] == b[n]) ++n;
  return n;
}

bool boundary(QChar c) {
  return c == QLatin1Char('_') || c == QLatin1Char(':') || c == QLatin1Char('<') ||
         c == QLatin1Char(',') || c == QLatin1Char(' ') || c == QLatin1Char('(');
}

}  // namespace

KernelsView::KernelsView(SessionDocument* document, QWidget* parent)
    : QWidget(parent),
      document_(document),
      plot_(new QCustomPlot),
      untraced_label_(new QLabel),
      config_combo_(new QComboBox),
      timeline_stack_(new QStackedWidget),
      timeline_note_(new QLabel),
      timeline_(new KernelTimeline) {
  deferred_ = new DeferredRebuild(this, [this] { rebuild(); });
  plot_->setObjectName(QStringLiteral("kernelsPlot"));
  config_combo_->setObjectName(QStringLiteral("kernelsConfigCombo"));
  config_combo_->setSizeAdjustPolicy(QComboBox::AdjustToContents);
  config_combo_->setSizePolicy(QSizePolicy::Maximum, QSizePolicy::Fixed);
  untraced_label_->setWordWrap(true);
  // They quote files' messages: wrapped, and cut at the window's edge rather than widening it.
  untraced_label_->setSizePolicy(QSizePolicy::Ignored, QSizePolicy::Preferred);
  untraced_label_->setForegroundRole(QPalette::PlaceholderText);
  timeline_note_->setWordWrap(true);
  timeline_note_->setSizePolicy(QSizePolicy::Ignored, QSizePolicy::Preferred);
  timeline_note_->setForegroundRole(QPalette::PlaceholderText);
  kernel_model_ = new TopKernelsModel(this);
  op_model_ = new TopOperatorsModel(this);
  kernel_table_ = makeTable(kernel_model_, TopKernelsModel::TotalColumn, "topKernelsTable");
  op_table_ = makeTable(op_model_, TopOperatorsModel::TimeColumn, "topOpsTable");

  auto* tables = new QTabWidget;
  tables->setDocumentMode(true);
  addTrTab(this, tables, kernel_table_, QT_TR_NOOP("Top kernels"));
  addTrTab(this, tables, op_table_, QT_TR_NOOP("Top operators"));
  auto* left = new QWidget;
  auto* left_layout = new QVBoxLayout(left);
  left_layout->setContentsMargins(0, 0, 0, 0);
  // The note about the timeline shares the config row: with a session file (no window) the
  // tables get the whole width instead of half of it going to an empty panel.
  auto* pick = new QHBoxLayout;
  pick->addWidget(newTr<QLabel>(this, QT_TR_NOOP("Config")));
  pick->addWidget(config_combo_);
  pick->addSpacing(12);
  pick->addWidget(timeline_note_, 1);
  pick->addStretch(0);
  left_layout->addLayout(pick);
  left_layout->addWidget(tables, 1);
  timeline_stack_->addWidget(timeline_);

  auto* bottom = new QSplitter(Qt::Horizontal);
  bottom->addWidget(left);
  bottom->addWidget(timeline_stack_);
  bottom->setStretchFactor(0, 1);
  bottom->setStretchFactor(1, 2);
  auto* top = new QWidget;
  auto* top_layout = new QVBoxLayout(top);
  top_layout->setContentsMargins(0, 0, 0, 0);
  top_layout->addWidget(plot_, 1);
  top_layout->addWidget(untraced_label_);
  auto* split = split_ = new QSplitter(Qt::Vertical);
  split->addWidget(top);
  split->addWidget(bottom);
  // The breakdown keeps the height its rows need (fitBreakdownHeight); the timeline and the
  // tables (which scroll) take the rest, and any extra height the window gains.
  split->setStretchFactor(0, 0);
  split->setStretchFactor(1, 1);
  split->setChildrenCollapsible(false);
  fitBreakdownHeight();
  auto* layout = new QVBoxLayout(this);
  layout->setContentsMargins(0, 0, 0, 0);
  layout->addWidget(split);

  ChartStyle::apply(plot_, this);
  ChartStyle::legendAbove(plot_, 3);
  plot_->xAxis->setLabel(tr(
      "host wall time per steady traced iteration (ms) = GPU busy + launch gaps + host overhead"));
  plot_->yAxis->grid()->setVisible(false);
  plot_->yAxis->setRangeReversed(true);  // first config on top, like the table
  connect(config_combo_, &QComboBox::currentIndexChanged, this, &KernelsView::showConfig);
  connect(document_, &SessionDocument::reset, deferred_, &DeferredRebuild::request);
  connect(document_, &SessionDocument::resultAdded, deferred_, &DeferredRebuild::request);
  new ChartHover(plot_, [this](const QPointF& p) { return textAt(p); });
  rebuild();
}

QCustomPlot* KernelsView::exportPlot() const {
  deferred_->flush();
  // The timeline when it is what the user looks at, otherwise the breakdown.
  return timeline_stack_->isVisible() && timeline_->underMouse() ? timeline_->plot() : plot_;
}

QStringList KernelsView::kernelLabels(const QStringList& names) {
  static const QRegularExpression anonymous(QStringLiteral("\\(anonymous namespace\\)::"));
  static const QRegularExpression lambda(
      QStringLiteral("\\{lambda\\([^)]*\\)#\\d+\\}::operator\\(\\)\\(\\) const::"));
  static const QRegularExpression qualifier(QStringLiteral("\\b(?:[A-Za-z_]\\w*::)+"));
  QStringList plain;
  for (QString name : names) {
    if (name.startsWith(QLatin1String("void "))) name.remove(0, 5);
    name.remove(anonymous).remove(lambda).remove(qualifier);
    plain << name.trimmed();
  }
  constexpr int kHead = 8;  // the head keeps at least this much, to the next boundary
  QStringList labels;
  for (int i = 0; i < plain.size(); ++i) {
    const QString& name = plain[i];
    int shared = 0;
    for (int j = 0; j < plain.size(); ++j) {
      if (j != i && plain[j] != name) shared = std::max(shared, commonPrefix(name, plain[j]));
    }
    // Back to the start of the token where the names part; a number inside a token starts one
    // ("tilesize64x64x64" / "tilesize64x128x64" part at "64x…").
    int cut = shared;
    while (cut > 0 && !boundary(name[cut - 1]) &&
           !(cut < name.size() && name[cut].isDigit() && name[cut - 1].isLetter()))
      --cut;
    int head = kHead;
    while (head < name.size() && !boundary(name[head])) ++head;
    labels << (cut > head + 8 ? name.left(head) + QStringLiteral("…") + name.mid(cut) : name);
  }
  return labels;
}

bool KernelsView::ranOnCpu() const {
  if (const auto session = document_->session()) return session->device.kind == DeviceKind::Cpu;
  return document_->request().device == DeviceKind::Cpu;
}

QString KernelsView::untracedText() const {
  return deferred_->fresh(untraced_label_)->text();
}

void KernelsView::rebuild() {
  rows_.clear();
  untraced_.clear();
  const auto& series = document_->series();
  for (std::size_t i = 0; i < series.size(); ++i) {
    const auto& result = series[i].result;
    if (!result) continue;
    Row row;
    row.series_index = static_cast<int>(i);
    QString reason;
    if (!result->trace_summary) {
      // The file's message: one bounded line (display_text.h), it heads a note above the chart.
      reason = result->status != ConfigStatus::Ok ? display_text::line(result->message)
               : ranOnCpu() ? tr("not traced: kernel tracing needs a CUDA device")
                            : tr("not traced (turn on “Trace kernels (CUDA)”)");
    } else {
      row.summary = *result->trace_summary;
      if (!row.summary.traced()) reason = display_text::line(row.summary.untraced_reason);
    }
    if (reason.isEmpty()) {
      rows_.push_back(std::move(row));
      continue;
    }
    // One note per reason, with the configs it applies to: a 56-config session untraced for one
    // reason says it once, not 56 times.
    auto same = std::find_if(untraced_.begin(), untraced_.end(),
                             [&](const auto& group) { return group.first == reason; });
    if (same == untraced_.end()) same = untraced_.insert(untraced_.end(), {reason, {}});
    same->second << series[i].key;
  }

  plot_->clearPlottables();
  plot_->clearItems();
  bar_notes_.clear();
  QSharedPointer<QCPAxisTickerText> ticker(new QCPAxisTickerText);
  const QColor neutral(120, 120, 120);
  for (int part = 0; part < PartCount; ++part) {
    auto* legend_only = new QCPBars(plot_->yAxis, plot_->xAxis);
    legend_only->setName(partName(part));
    legend_only->setBrush(partBrush(neutral, part));
    legend_only->setPen(QPen(neutral));
  }
  double widest = 0;
  // Named as every view names them: a tuned session's winner ★, its ties ≈, a fallback asked → ran
  // (the combo keeps the plain key: lesson steps pick their config by it).
  const ConfigMarks marks = ConfigMarks::of(document_->session().get());
  for (std::size_t r = 0; r < rows_.size(); ++r) {
    const auto& s = series[static_cast<std::size_t>(rows_[r].series_index)];
    const auto& t = rows_[r].summary;
    ticker->addTick(static_cast<double>(r),
                    // The GPU's busy share of the bar, written: a lesson's caption quotes it.
                    tr("%1 · %2 kernels/it · busy %3 % · TC %4 %")
                        .arg(marks.label(s), ValueFormat::number(t.kernels_per_iteration))
                        .arg(t.gpu_busy_pct, 0, 'f', 0)
                        .arg(t.tensor_core_share * 100, 0, 'f', 0));
    const double parts_ms[PartCount] = {units::usToMs(t.gpu_busy_us_per_iteration),
                                        units::usToMs(t.launch_gap_us_per_iteration),
                                        units::usToMs(t.host_overhead_us_per_iteration)};
    QCPBars* below = nullptr;
    for (int part = 0; part < PartCount; ++part) {
      plot_->setAutoAddPlottableToLegend(false);  // never in the legend: added and taken out, each
                                                  // refilled the legend (10 000 configs: minutes)
      auto* bars = new QCPBars(plot_->yAxis, plot_->xAxis);
      plot_->setAutoAddPlottableToLegend(true);
      bars->setWidth(0.6);
      const QColor color = ConfigPalette::onPalette(s.color, palette());
      bars->setBrush(partBrush(color, part));
      bars->setPen(QPen(color.darker(140), 0.8));
      bars->addData(static_cast<double>(r), parts_ms[part]);
      if (below) bars->moveAbove(below);
      below = bars;
    }
    const double traced_ms = parts_ms[Busy] + parts_ms[Gaps] + parts_ms[Host];
    widest = std::max(widest, traced_ms);
    // The bar is a traced iteration, slower than the steady median by the tracer's own cost: say
    // both, so 8.7 ms here and 4.76 ms in the table do not read as a contradiction.
    const auto& result = s.result;
    if (result && result->stats.median_ms > 0 && traced_ms > 0) {
      auto* note = new QCPItemText(plot_);
      note->setClipToAxisRect(false);
      note->setPositionAlignment(Qt::AlignLeft | Qt::AlignVCenter);
      note->position->setAxes(plot_->xAxis, plot_->yAxis);
      note->position->setCoords(traced_ms, static_cast<double>(r));
      note->setPadding(QMargins(6, 0, 0, 0));
      note->setColor(ChartStyle::muted(palette()));
      const double overhead = 100.0 * (traced_ms / result->stats.median_ms - 1.0);
      note->setText(tr("traced %1 ms · median %2 ms (%3%4 %)")
                        .arg(ValueFormat::number(traced_ms),
                             ValueFormat::number(result->stats.median_ms),
                             overhead >= 0 ? QStringLiteral("+") : QString(),
                             ValueFormat::number(overhead, 2)));
      bar_notes_ << note->text();
    }
  }
  plot_->yAxis->setTicker(ticker);
  fitBreakdownHeight();
  plot_->yAxis->setRange(-0.6, std::max<double>(static_cast<double>(rows_.size()), 1.0) - 0.4);
  plot_->xAxis->setRange(0, widest > 0 ? widest * 1.6 : 1);  // room for the notes at the bars' ends
  // At most kNamed configs named per reason; all of them on hover.
  constexpr int kNamed = 8;
  QStringList shown, full;
  for (const auto& [reason, keys] : untraced_) {
    const QString named = keys.size() <= kNamed
                              ? keys.join(QStringLiteral(", "))
                              : tr("%1 and %2 more")
                                    .arg(keys.mid(0, kNamed).join(QStringLiteral(", ")))
                                    .arg(keys.size() - kNamed);
    shown << QStringLiteral("%1 (%2)").arg(reason, named);
    full << QStringLiteral("%1: %2").arg(reason, keys.join(QStringLiteral(", ")));
  }
  untraced_label_->setText(
      untraced_.empty() ? QString() : tr("Not traced — %1").arg(shown.join(QStringLiteral("; "))));
  untraced_label_->setToolTip(display_text::details(full.join(QLatin1Char('\n'))));
  untraced_label_->setVisible(!untraced_.empty());
  if (rows_.empty()) {
    // What to do depends on where the session ran: a CPU run cannot be traced at all.
    const QString none =
        document_->series().empty() ? tr("No kernel traces yet: run on a CUDA device with “Trace "
                                         "kernels (CUDA)” checked, or open a traced session")
        : ranOnCpu() ? tr("No kernel traces: this session ran on the CPU, and kernel tracing needs "
                          "a CUDA device. Open a session traced on a GPU to see this page.")
                     : tr("No kernel traces: this session was run without “Trace kernels (CUDA)”; "
                          "check it and run again, or open a traced session");
    untraced_label_->setText(untraced_.empty() ? none : untraced_label_->text());
    untraced_label_->setVisible(true);
  }

  const QSignalBlocker block(config_combo_);
  const QString previous = config_combo_->currentText();
  config_combo_->clear();
  for (const auto& row : rows_)
    config_combo_->addItem(series[static_cast<std::size_t>(row.series_index)].key);
  const int keep = config_combo_->findText(previous);
  config_combo_->setCurrentIndex(keep >= 0 ? keep : 0);
  showConfig(config_combo_->currentIndex());
  plot_->replot(QCustomPlot::rpQueuedReplot);
}

void KernelsView::fitBreakdownHeight() {
  const int rows = std::max(tracedConfigCount(), 1);
  if (rows == fitted_rows_) return;
  fitted_rows_ = rows;
  // Legend row, tick labels and the axis label, plus one label line and some air per bar.
  const int line = fontMetrics().height();
  const int needed = 3 * line + 30 + rows * (line + 6);
  plot_->setMinimumHeight(needed);
  split_->setSizes({needed, std::max(split_->height() - needed, 3 * needed)});
}

void KernelsView::showConfig(int row) {
  kernel_model_->clear();
  op_model_->clear();
  // Live runs draw from the trace window; files from their kept copy. A config with neither was
  // recorded by a build that kept no timelines, or its copy was left out.
  timeline_note_->setText(tr("Kernel timeline: none kept for this config in this session."));
  timeline_note_->setVisible(true);
  timeline_stack_->setVisible(false);
  if (row < 0 || row >= tracedConfigCount()) return;
  const auto& t = rows_[static_cast<std::size_t>(row)].summary;
  QStringList names;
  // Bounded first: a name comes from a file, and the labels compare every pair of names.
  for (const auto& k : t.top_kernels)
    names << display_text::line(k.name, display_text::kDetailsChars);
  kernel_model_->setKernels(t.top_kernels, kernelLabels(names));
  op_model_->setOperators(t.ops);
  for (auto* table : {kernel_table_, op_table_}) {
    for (int c = 1; c < table->model()->columnCount(); ++c) table->resizeColumnToContents(c);
  }
  const auto& result =
      document_
          ->series()[static_cast<std::size_t>(rows_[static_cast<std::size_t>(row)].series_index)]
          .result;
  // A live run's window has everything; a session file's copy a few iterations of it.
  std::optional<trace::TimelineData> timeline;
  if (result && result->trace_window && result->trace_window->traced()) {
    timeline = trace::buildTimelineData(*result->trace_window);
  } else if (result && result->timeline) {
    timeline = *result->timeline;
    if (!timeline->traced) {
      timeline_note_->setText(
          tr("Kernel timeline: %1").arg(display_text::line(timeline->untraced_reason)));
      timeline.reset();
    }
  }
  if (timeline) {
    timeline_->setData(std::move(*timeline));
    timeline_note_->setVisible(false);
    timeline_stack_->setVisible(true);
  }
}

QString KernelsView::textAt(const QPointF& pixel) const {
  deferred_->flush();
  const int r = static_cast<int>(std::lround(plot_->yAxis->pixelToCoord(pixel.y())));
  if (r < 0 || r >= tracedConfigCount() ||
      std::abs(plot_->yAxis->pixelToCoord(pixel.y()) - r) > 0.3)
    return {};
  const auto& t = rows_[static_cast<std::size_t>(r)].summary;
  const auto& s =
      document_
          ->series()[static_cast<std::size_t>(rows_[static_cast<std::size_t>(r)].series_index)];
  return tr("<b>%1</b> (%2 iterations, %3)<br>GPU busy %4 ms (%5 %)<br>launch gaps %6 ms (longest "
            "%7 µs)<br>"
            "host overhead %8 ms<br>%9 kernels/iteration · Tensor Cores %10 % of kernel time · %11 "
            "stream(s)")
      .arg(s.key)
      .arg(t.steady_iterations_traced)
      .arg(display_text::line(t.basis))
      .arg(ValueFormat::number(units::usToMs(t.gpu_busy_us_per_iteration)))
      .arg(t.gpu_busy_pct, 0, 'f', 1)
      .arg(ValueFormat::number(units::usToMs(t.launch_gap_us_per_iteration)),
           ValueFormat::number(t.max_gap_us),
           ValueFormat::number(units::usToMs(t.host_overhead_us_per_iteration)),
           ValueFormat::number(t.kernels_per_iteration))
      .arg(t.tensor_core_share * 100, 0, 'f', 0)
      .arg(t.stream_count);
}

void KernelsView::changeEvent(QEvent* event) {
  QWidget::changeEvent(event);
  if (event->type() != QEvent::LanguageChange) return;
  const int shown = config_combo_->currentIndex();
  plot_->xAxis->setLabel(tr(
      "host wall time per steady traced iteration (ms) = GPU busy + launch gaps + host overhead"));
  kernel_model_->retranslate();
  op_model_->retranslate();
  rebuild();
  showConfig(shown);
}

}  // namespace inferscope::gui
