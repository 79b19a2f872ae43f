// CudnnChart: layout, the layer table's view, the chart and its hover. The table's cells are
// CudnnLayerTableModel's (gui/lib); the summary lines are in cudnn_chart_summary.cpp. Encoding:
// colour = kernel family (candidates), shape = selection mode (square heuristic, diamond benchmark,
// triangle deterministic), for the ringed choices and the lines of what ran alike; the mode lines
// take the palette's text colour so they read on light and dark themes.
#include "gui/widgets/cudnn_chart.h"

#include <qcustomplot.h>

#include <QCheckBox>
#include <QComboBox>
#include <QEvent>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QLabel>
#include <QSortFilterProxyModel>
#include <QSplitter>
#include <QStackedWidget>
#include <QTableView>
#include <QVBoxLayout>
#include <algorithm>
#include <cmath>
#include <limits>
#include <map>
#include <set>

#include "core/common/units.h"
#include "gui/lib/config_marks.h"
#include "gui/lib/cudnn_layer_table_model.h"
#include "gui/lib/display_text.h"
#include "gui/lib/session_document.h"
#include "gui/lib/value_format.h"
#include "gui/widgets/chart_tickers.h"
#include "gui/widgets/translated_text.h"

namespace inferscope::gui {
namespace {

using cudnn::KernelFamily;
using cudnn::SelectionMode;

// The ledger combo's width in characters: at least a short name's, at most what leaves a 4:3
// slide's top row to the summary beside it.
constexpr int kLedgerComboMinChars = 8, kLedgerComboMaxChars = 28;
constexpr double kCandidateSpread = 0.28;  // candidates fan out over layer ± this, in time order

QColor familyColour(KernelFamily family) {
  switch (family) {
    case KernelFamily::ImplicitGemm:
      return QColor(78, 121, 167);
    case KernelFamily::PrecomputedImplicitGemm:
      return QColor(118, 183, 178);
    case KernelFamily::Gemm:
      return QColor(156, 117, 95);
    case KernelFamily::Winograd:
      return QColor(89, 161, 79);
    case KernelFamily::Fft:
      return QColor(176, 122, 161);
    case KernelFamily::Direct:
      return QColor(237, 201, 72);
    case KernelFamily::TensorCoreFprop:
      return QColor(242, 142, 43);
    case KernelFamily::LayoutTranspose:
      return QColor(255, 157, 167);
    case KernelFamily::Other:
      break;
  }
  return QColor(150, 150, 150);
}

constexpr KernelFamily kFamilies[] = {KernelFamily::TensorCoreFprop,
                                      KernelFamily::ImplicitGemm,
                                      KernelFamily::PrecomputedImplicitGemm,
                                      KernelFamily::Gemm,
                                      KernelFamily::Winograd,
                                      KernelFamily::Fft,
                                      KernelFamily::Direct,
                                      KernelFamily::LayoutTranspose,
                                      KernelFamily::Other};

QCPScatterStyle::ScatterShape modeShape(SelectionMode mode) {
  switch (mode) {
    case SelectionMode::Benchmark:
      return QCPScatterStyle::ssDiamond;
    case SelectionMode::Deterministic:
      return QCPScatterStyle::ssTriangle;
    default:
      return QCPScatterStyle::ssSquare;
  }
}

Qt::PenStyle modeLine(SelectionMode mode) {
  switch (mode) {
    case SelectionMode::Benchmark:
      return Qt::DashLine;
    case SelectionMode::Deterministic:
      return Qt::DotLine;
    default:
      return Qt::SolidLine;
  }
}

bool drawable(const cudnn::AlgorithmCandidate& c) {
  return c.status == "ok" && c.time_ms && *c.time_ms > 0;
}

int points(const QCPGraph* graph) {
  if (!graph) return 0;
  int n = 0;
  for (auto it = graph->data()->constBegin(); it != graph->data()->constEnd(); ++it)
    n += std::isnan(it->value) ? 0 : 1;
  return n;
}

}  // namespace

CudnnChart::CudnnChart(SessionDocument* document, QWidget* parent)
    : QWidget(parent),
      document_(document),
      combo_(new QComboBox),
      log_check_(newTr<QCheckBox>(this, QT_TR_NOOP("Log scale"))),
      summary_(new QLabel),
      modes_(new QLabel),
      notes_(new QLabel),
      message_(new QLabel),
      stack_(new QStackedWidget),
      plot_(new QCustomPlot),
      table_model_(new CudnnLayerTableModel(this)),
      table_proxy_(new QSortFilterProxyModel(this)),
      table_(new QTableView) {
  deferred_ = new DeferredRebuild(this, [this] { rebuild(); });
  setObjectName(QStringLiteral("cudnnChart"));
  plot_->setObjectName(QStringLiteral("cudnnPlot"));
  combo_->setObjectName(QStringLiteral("cudnnLedgerCombo"));
  summary_->setObjectName(QStringLiteral("cudnnSummary"));
  modes_->setObjectName(QStringLiteral("cudnnModes"));
  notes_->setObjectName(QStringLiteral("cudnnNotes"));
  // Items name a file's model and config: as wide as the longest, at most kLedgerComboMaxChars
  // characters (rebuild()), the style eliding a longer one; the whole name on hover. Sized for 40
  // characters whatever it held, it took half of a 4:3 slide for "resnet50 · bf16+cl".
  combo_->setSizeAdjustPolicy(QComboBox::AdjustToMinimumContentsLengthWithIcon);
  combo_->setMinimumContentsLength(kLedgerComboMinChars);
  log_check_->setChecked(true);  // Find times span decades: 10 µs GEMMs beside 10 ms FFTs
  summary_->setWordWrap(true);
  summary_->setTextFormat(Qt::RichText);
  summary_->setTextInteractionFlags(Qt::TextSelectableByMouse);
  message_->setWordWrap(true);
  message_->setTextFormat(Qt::RichText);
  message_->setTextInteractionFlags(Qt::TextSelectableByMouse);
  message_->setAlignment(Qt::AlignTop | Qt::AlignLeft);
  message_->setMargin(12);
  createTable();

  // Ledger picker and the summary's headline share the top row; what each mode ran and the
  // ledger's notes follow in one line: the chart keeps the height (the page shares the window with
  // the results table).
  auto* pick = new QHBoxLayout;
  pick->addWidget(newTr<QLabel>(this, QT_TR_NOOP("Ledger")));
  pick->addWidget(combo_);
  pick->addWidget(log_check_);
  pick->addSpacing(8);
  pick->addWidget(summary_, 1);
  modes_->setWordWrap(true);
  modes_->setTextFormat(Qt::RichText);
  modes_->setTextInteractionFlags(Qt::TextSelectableByMouse);
  modes_->setForegroundRole(QPalette::PlaceholderText);

  notes_->setWordWrap(true);
  notes_->setTextFormat(Qt::RichText);
  notes_->setTextInteractionFlags(Qt::TextSelectableByMouse);
  notes_->setForegroundRole(QPalette::PlaceholderText);
  // They quote a ledger's file (model, config, notes, errors), where one word can be as long as
  // the text's bound: cut at the page's edge, never wider than the window.
  for (auto* label : {summary_, modes_, notes_, message_})
    label->setSizePolicy(QSizePolicy::Ignored, QSizePolicy::Preferred);
  // The notes sit under the splitter, not in its lower pane: a splitter sizes its panes without
  // asking a word-wrapped label for its height, and wrapped notes overlapped the table's last row.
  auto* split = new QSplitter(Qt::Vertical);
  split->addWidget(plot_);
  split->addWidget(table_);
  split->setStretchFactor(0, 3);
  split->setStretchFactor(1, 2);
  split->setChildrenCollapsible(false);
  plot_->setMinimumHeight(170);
  table_->setMinimumHeight(70);
  split->setSizes({320, 180});  // proportions: the chart first, a handful of table rows
  auto* charted = new QWidget;
  auto* charted_layout = new QVBoxLayout(charted);
  charted_layout->setContentsMargins(0, 0, 0, 0);
  charted_layout->setSpacing(2);
  charted_layout->addWidget(modes_);
  charted_layout->addWidget(split, 1);
  charted_layout->addWidget(notes_);
  stack_->addWidget(charted);
  stack_->addWidget(message_);

  auto* layout = new QVBoxLayout(this);
  layout->setContentsMargins(0, 4, 0, 0);
  layout->setSpacing(2);
  layout->addLayout(pick);
  layout->addWidget(stack_, 1);

  ChartStyle::apply(plot_, this);
  ChartStyle::legendAbove(plot_, 6);
  // Eight entries or so: smaller icons and gaps keep them in one row at 1280 px.
  plot_->legend->setIconSize(20, 12);
  plot_->legend->setColumnSpacing(10);
  plot_->xAxis->grid()->setVisible(false);
  plot_->xAxis->setLabel(
      tr("conv layers in execution order · dots: Find time per algorithm, by kernel family · "
         "rings: each mode's pick · "
         "lines: GPU time that ran"));
  QSharedPointer<LatencyTicker> ticker(new LatencyTicker);
  plot_->yAxis->setTicker(ticker);
  connect(combo_, &QComboBox::currentIndexChanged, this, &CudnnChart::showLedger);
  connect(log_check_, &QCheckBox::toggled, this, &CudnnChart::setLogScale);
  connect(document_, &SessionDocument::reset, deferred_, &DeferredRebuild::request);
  connect(plot_, &QCustomPlot::afterLayout, this, &CudnnChart::fitTickLabels);
  new ChartHover(plot_, [this](const QPointF& p) { return textAt(p); });
  setLogScale(true);
  rebuild();
}

void CudnnChart::createTable() {
  table_proxy_->setSourceModel(table_model_);
  table_proxy_->setSortRole(CudnnLayerTableModel::SortRole);
  table_->setModel(table_proxy_);
  table_->setObjectName(QStringLiteral("cudnnLayerTable"));
  table_->setEditTriggers(QAbstractItemView::NoEditTriggers);
  table_->setSelectionBehavior(QAbstractItemView::SelectRows);
  table_->verticalHeader()->setVisible(false);
  table_->verticalHeader()->setDefaultSectionSize(table_->fontMetrics().height() + 6);
  table_->horizontalHeader()->setStretchLastSection(true);
  table_->setWordWrap(false);
  table_->setSortingEnabled(true);
}

void CudnnChart::fillTable(const cudnn::CudnnLedger& ledger) {
  table_model_->setLedger(ledger);
  table_->sortByColumn(CudnnLayerTableModel::ColLayer, Qt::AscendingOrder);
  for (int c = 0; c < CudnnLayerTableModel::ColumnCount - 1; ++c) table_->resizeColumnToContents(c);
}

QString CudnnChart::exportTitle() const {
  const auto* ledger = currentLedger();
  return ledger ? tr("cuDNN algorithms: %1 · %2")
                      .arg(display_text::line(ledger->model), display_text::line(ledger->config))
                : tr("cuDNN algorithms");
}

const cudnn::CudnnLedger* CudnnChart::currentLedger() const {
  const int i = combo_->currentIndex();
  return i >= 0 && i < ledgerCount() ? &ledgers_[static_cast<std::size_t>(i)] : nullptr;
}

void CudnnChart::rebuild() {
  const auto session = document_->session();
  ledgers_ = session ? session->cudnn_ledgers : std::vector<cudnn::CudnnLedger>{};
  const QSignalBlocker block(combo_);
  const QString previous = combo_->currentText();
  combo_->clear();
  qsizetype longest = 0;
  // The ledger one of whose modes ran the race's answer is starred in the picker, as its line is.
  const ConfigMarks marks = ConfigMarks::of(session.get());
  for (const auto& l : ledgers_) {
    QString text = QStringLiteral("%1 · %2").arg(
        display_text::line(l.model), display_text::line(l.config.empty() ? "fp32" : l.config));
    if (marks.any() && std::any_of(l.modes.begin(), l.modes.end(), [&](const auto& mode) {
          return mode.second.ok && QString::fromStdString(mode.second.config_key) == marks.winner();
        }))
      text.prepend(QStringLiteral("★ "));
    if (!l.available) text += tr(" (unavailable)");
    longest = std::max(longest, text.size());
    combo_->addItem(text);
    combo_->setItemData(combo_->count() - 1,
                        text + QLatin1Char('\n') + display_text::line(l.input + " · " + l.device),
                        Qt::ToolTipRole);
  }
  combo_->setMinimumContentsLength(
      static_cast<int>(std::clamp<qsizetype>(longest, kLedgerComboMinChars, kLedgerComboMaxChars)));
  const int keep = combo_->findText(previous);
  combo_->setCurrentIndex(keep >= 0 ? keep : 0);
  combo_->setEnabled(ledgers_.size() > 1);
  showLedger(combo_->currentIndex());
}

void CudnnChart::showMessage(const QString& html) {
  message_->setText(html);
  stack_->setCurrentWidget(message_);
}

QString CudnnChart::messageText() const {
  deferred_->flush();
  return stack_->currentWidget() == message_ ? message_->text() : QString();
}

void CudnnChart::showLedger(int /*index: the combo's, read back by currentLedger()*/) {
  combo_->setToolTip(combo_->itemData(combo_->currentIndex(), Qt::ToolTipRole).toString());
  plot_->clearGraphs();
  family_graphs_.clear();
  ran_graphs_.clear();
  heuristic_choice_ = benchmark_choice_ = nullptr;
  answer_mark_.clear();
  table_model_->clear();
  summary_->clear();
  modes_->clear();
  notes_->clear();
  if (ledgers_.empty()) {
    showMessage(
        tr("<p><b>No cuDNN ledger in this session.</b></p>"
           "<p>A ledger lists, for every convolution shape of a model, the forward algorithms "
           "cuDNN offers "
           "(with their Find times) and the kernels that actually ran with "
           "<code>cudnn.benchmark</code> off, "
           "on, and with deterministic algorithms.</p>"
           "<p>Record one on a machine with CUDA and cuDNN, then open the session file it writes "
           "here:<br>"
           "<code>inferscope-cli cudnn --model resnet50 --batch 32 --device cuda --config bf16+cl "
           "--out resnet50-cudnn.inferscope.json</code></p>"
           "<p><code>--model</code> takes a zoo model or a TorchScript file, <code>--config</code> "
           "a config key "
           "without cuDNN tokens; requires CUDA and cuDNN.</p>"));
    plot_->replot(QCustomPlot::rpQueuedReplot);
    return;
  }
  const auto* ledger = currentLedger();
  if (!ledger) return;
  if (!ledger->available) {
    showMessage(
        tr("<p><b>No cuDNN ledger for %1 · %2</b></p><p>%3</p>")
            .arg(display_text::line(ledger->model).toHtmlEscaped(),
                 display_text::line(ledger->config).toHtmlEscaped(),
                 display_text::line(ledger->reason.empty() ? "the ledger could not be recorded"
                                                           : ledger->reason)
                     .toHtmlEscaped()));
    plot_->replot(QCustomPlot::rpQueuedReplot);
    return;
  }
  if (ledger->layers.empty()) {
    showMessage(
        tr("<p><b>%1 · %2 runs no convolutions</b>: there is nothing for cuDNN to choose.</p>")
            .arg(display_text::line(ledger->model).toHtmlEscaped(),
                 display_text::line(ledger->config).toHtmlEscaped()));
    return;
  }
  stack_->setCurrentIndex(0);
  fillPlot(*ledger);
  fillTable(*ledger);
  fillSummary(*ledger);
}

void CudnnChart::fillPlot(const cudnn::CudnnLedger& ledger) {
  const QColor text = palette().color(QPalette::WindowText);
  std::set<KernelFamily> present;
  for (const auto& layer : ledger.layers) {
    for (const auto& c : layer.candidates) {
      if (drawable(c)) present.insert(c.family);
    }
  }
  std::map<KernelFamily, QCPGraph*> by_family;
  for (const auto family : kFamilies) {
    if (!present.count(family)) continue;
    auto* g = plot_->addGraph();
    g->setName(family == KernelFamily::PrecomputedImplicitGemm
                   ? tr("precomp. implicit GEMM")
                   : QString::fromUtf8(cudnn::toString(family)));
    g->setLineStyle(QCPGraph::lsNone);
    const QColor colour = familyColour(family);
    g->setPen(QPen(colour));
    g->setScatterStyle(QCPScatterStyle(QCPScatterStyle::ssDisc, colour, colour, 6));
    by_family[family] = g;
    family_graphs_.push_back(g);
  }
  auto ring = [&](SelectionMode mode, const QString& name) {
    auto* g = plot_->addGraph();
    g->setName(name);
    g->setLineStyle(QCPGraph::lsNone);
    g->setPen(QPen(text, 1.6));
    g->setScatterStyle(QCPScatterStyle(modeShape(mode), QPen(text, 1.6), Qt::NoBrush,
                                       mode == SelectionMode::Benchmark ? 15 : 12));
    g->removeFromLegend();  // the mode's entry shows its shape; the x-axis label says what a ring
                            // is
    return g;
  };
  heuristic_choice_ = ring(SelectionMode::Heuristic, tr("heuristic's pick"));
  benchmark_choice_ = ring(SelectionMode::Benchmark, tr("benchmark's pick"));
  for (const auto mode : cudnn::kSelectionModes) {
    auto* g = plot_->addGraph();
    g->setName(modeName(mode));
    QColor line = text;
    line.setAlphaF(0.75);
    g->setPen(QPen(line, 1.4, modeLine(mode)));
    g->setScatterStyle(QCPScatterStyle(modeShape(mode), line, line, 6));
    ran_graphs_.push_back(g);
  }

  min_us_ = std::numeric_limits<double>::infinity();
  max_us_ = 0;
  auto seen = [this](double us) {
    min_us_ = std::min(min_us_, us);
    max_us_ = std::max(max_us_, us);
  };
  QSharedPointer<QCPAxisTickerText> ticker(new QCPAxisTickerText);
  tick_tier_ = 0;  // fitTickLabels() shortens them once the layout knows the width
  for (std::size_t i = 0; i < ledger.layers.size(); ++i) {
    const auto& layer = ledger.layers[i];
    const double x = static_cast<double>(i);
    ticker->addTick(x, CudnnLayerTableModel::shortLabel(layer.shape, static_cast<int>(i) + 1));
    const auto count = std::count_if(layer.candidates.begin(), layer.candidates.end(), drawable);
    int j = 0;
    bool heuristic_ringed = false, benchmark_ringed = false;
    for (const auto& c : layer.candidates) {
      if (!drawable(c)) continue;
      const double cx = count > 1 ? x - kCandidateSpread +
                                        2 * kCandidateSpread * j / static_cast<double>(count - 1)
                                  : x;
      const double us = units::msToUs(*c.time_ms);
      by_family[c.family]->addData(cx, us);
      seen(us);
      if (!heuristic_ringed && c.algo == layer.heuristic_algo) {
        heuristic_choice_->addData(cx, us);
        heuristic_ringed = true;
      }
      if (!benchmark_ringed && c.algo == layer.fastest_algo) {
        benchmark_choice_->addData(cx, us);
        benchmark_ringed = true;
      }
      ++j;
    }
    for (std::size_t m = 0; m < std::size(cudnn::kSelectionModes); ++m) {
      const auto it = layer.ran.find(cudnn::kSelectionModes[m]);
      const bool observed =
          it != layer.ran.end() && it->second.observed && it->second.gpu_time_us > 0;
      // NaN leaves a gap in the line rather than joining across a layer the mode never ran.
      ran_graphs_[m]->addData(
          x, observed ? it->second.gpu_time_us : std::numeric_limits<double>::quiet_NaN());
      if (observed) seen(it->second.gpu_time_us);
    }
  }
  markAnswer(ledger);
  // Lines only for modes that ran somewhere; an empty entry in the legend would say nothing.
  for (auto* g : ran_graphs_) {
    if (points(g) == 0) g->removeFromLegend();
  }
  plot_->xAxis->setTicker(ticker);
  plot_->xAxis->setRange(-0.6, static_cast<double>(ledger.layers.size()) - 0.4);
  fitValueAxis();
  plot_->replot(QCustomPlot::rpQueuedReplot);
}

// The session's answer among the ledger's modes, marked as every chart marks it: each mode ran as a
// config of the session ("bf16+cl+bench"), and the mode whose config is the race's answer is
// "★ benchmark (the race's answer)", its line drawn heavier. A session that was not tuned has no
// verdict to star (ConfigMarks): its Answer page names the fastest config that passes the accuracy
// rule, and the mode that ran it says so.
void CudnnChart::markAnswer(const cudnn::CudnnLedger& ledger) {
  answer_mark_.clear();
  const auto session = document_->session();
  if (!session) return;
  const ConfigMarks marks = ConfigMarks::of(session.get());
  QString answer = marks.winner();
  if (!marks.any()) {
    const auto ranked = rankMerged(*session);
    const int row = ranked.fastestSafe();
    if (row >= 0)
      answer = QString::fromStdString(
          ranked.session.configs[static_cast<std::size_t>(row)].config.key());
  }
  if (answer.isEmpty()) return;
  for (std::size_t m = 0; m < std::size(cudnn::kSelectionModes) && m < ran_graphs_.size(); ++m) {
    const auto mode = cudnn::kSelectionModes[m];
    const auto it = ledger.modes.find(mode);
    if (it == ledger.modes.end() || !it->second.ok ||
        QString::fromStdString(it->second.config_key) != answer)
      continue;
    auto* g = ran_graphs_[m];
    answer_mark_ = marks.any() ? tr("★ %1 (the race's answer)").arg(modeName(mode))
                               : tr("%1 (the fastest safe config)").arg(modeName(mode));
    g->setName(answer_mark_);
    QPen pen = g->pen();
    pen.setColor(palette().color(QPalette::WindowText));
    pen.setWidthF(2.6);
    g->setPen(pen);
    return;
  }
}

QString CudnnChart::answerMarkText() const {
  return deferred_->fresh(answer_mark_);
}

void CudnnChart::setLogScale(bool on) {
  const QSignalBlocker block(log_check_);
  log_check_->setChecked(on);
  plot_->yAxis->setScaleType(on ? QCPAxis::stLogarithmic : QCPAxis::stLinear);
  if (auto ticker = plot_->yAxis->ticker().dynamicCast<LatencyTicker>()) ticker->setLogarithmic(on);
  plot_->yAxis->setLabel(on ? tr("µs per call (log)") : tr("µs per call"));
  fitValueAxis();
  plot_->replot(QCustomPlot::rpQueuedReplot);
}

bool CudnnChart::logScale() const {
  return plot_->yAxis->scaleType() == QCPAxis::stLogarithmic;
}

void CudnnChart::fitValueAxis() {
  if (!(max_us_ > 0) || !std::isfinite(min_us_)) {
    plot_->yAxis->setRange(logScale() ? 1 : 0, 1000);
    return;
  }
  if (logScale())
    plot_->yAxis->setRange(min_us_ / 1.6, max_us_ * 1.6);
  else
    plot_->yAxis->setRange(0, max_us_ * 1.08);
}

// Layer labels as long as the room per layer allows (ResNet-50 has ~20 unique shapes): the whole
// short label, then stacked lines, then the kernel size under the number, then the number alone.
// Never rotated: turned labels would take the height the chart needs.
void CudnnChart::fitTickLabels() {
  const auto* ledger = currentLedger();
  const int layers = layerCount();
  if (!ledger || layers == 0) return;
  bool changed = false;
  // The legend in one row when it fits, else two.
  int legend_width = 0;
  for (int i = 0; i < plot_->legend->elementCount(); ++i) {
    if (auto* item = plot_->legend->elementAt(i))
      legend_width += item->minimumOuterSizeHint().width() + 10;
  }
  const int wrap = legend_width <= plot_->viewport().width() - 20
                       ? plot_->legend->itemCount()
                       : (plot_->legend->itemCount() + 1) / 2;
  if (wrap > 0 && plot_->legend->wrap() != wrap) {
    plot_->legend->setWrap(wrap);
    plot_->legend->setFillOrder(QCPLayoutGrid::foColumnsFirst, /*rearrange=*/true);
    changed = true;
  }
  // 1-2-5 ticks need ~18 px each; fewer pixels per decade get powers of ten only.
  if (auto ticker = plot_->yAxis->ticker().dynamicCast<LatencyTicker>()) {
    const QCPRange range = plot_->yAxis->range();
    const double decades = range.lower > 0 ? std::log10(range.upper / range.lower) : 1;
    const bool decades_only =
        logScale() && plot_->axisRect()->height() / std::max(decades, 0.1) < 60;
    if (decades_only != decades_only_) {
      decades_only_ = decades_only;
      ticker->setDecadesOnly(decades_only);
      changed = true;
    }
  }
  const QFontMetrics metrics(plot_->xAxis->tickLabelFont());
  const double per_layer = plot_->axisRect()->width() / (static_cast<double>(layers) + 0.2) - 6;
  int tier = 0;
  for (; tier < 3; ++tier) {
    int widest = 0;
    for (int i = 0; i < layers; ++i) {
      for (const auto& line :
           tickLabel(ledger->layers[static_cast<std::size_t>(i)].shape, i + 1, tier)
               .split(QLatin1Char('\n'))) {
        widest = std::max(widest, metrics.horizontalAdvance(line));
      }
    }
    if (widest <= per_layer) break;
  }
  if (tier != tick_tier_) {
    tick_tier_ = tier;
    QSharedPointer<QCPAxisTickerText> ticker(new QCPAxisTickerText);
    for (int i = 0; i < layers; ++i)
      ticker->addTick(i, tickLabel(ledger->layers[static_cast<std::size_t>(i)].shape, i + 1, tier));
    plot_->xAxis->setTicker(ticker);
    changed = true;
  }
  if (changed) plot_->replot(QCustomPlot::rpQueuedReplot);
}

QString CudnnChart::tickLabel(const cudnn::ConvShape& shape, int layer, int tier) {
  const QString full = CudnnLayerTableModel::shortLabel(shape, layer);  // "#3 64→64 3×3 s1"
  const QStringList parts = full.split(QLatin1Char(' '));
  switch (tier) {
    case 0:
      return full;
    case 1:
      return parts.size() >= 4 ? QStringLiteral("%1\n%2\n%3")
                                     .arg(parts[0], parts[1], parts.mid(2).join(QLatin1Char(' ')))
                               : full;
    case 2:
      return parts.size() >= 4 ? QStringLiteral("%1\n%2").arg(parts[0], parts[2]) : parts.value(0);
    default:
      return parts.value(0);
  }
}

int CudnnChart::layerCount() const {
  deferred_->flush();
  const auto* ledger = currentLedger();
  return ledger && ledger->available ? static_cast<int>(ledger->layers.size()) : 0;
}

int CudnnChart::candidatePointCount() const {
  deferred_->flush();
  int n = 0;
  for (const auto* g : family_graphs_) n += points(g);
  return n;
}

int CudnnChart::heuristicChoiceCount() const {
  deferred_->flush();
  return points(heuristic_choice_);
}
int CudnnChart::benchmarkChoiceCount() const {
  deferred_->flush();
  return points(benchmark_choice_);
}

int CudnnChart::ranPointCount(SelectionMode mode) const {
  deferred_->flush();
  const auto m = static_cast<std::size_t>(mode);
  return m < ran_graphs_.size() ? points(ran_graphs_[m]) : 0;
}

QString CudnnChart::textAt(const QPointF& pixel) const {
  deferred_->flush();
  const auto* ledger = currentLedger();
  if (!ledger || layerCount() == 0 || !plot_->axisRect()->rect().contains(pixel.toPoint()))
    return {};
  const double coord = plot_->xAxis->pixelToCoord(pixel.x());
  const int i = static_cast<int>(std::lround(coord));
  if (i < 0 || i >= layerCount() || std::abs(coord - i) > 0.45) return {};
  const auto& layer = ledger->layers[static_cast<std::size_t>(i)];
  QStringList lines;
  lines
      << tr("<b>#%1</b> %2").arg(i + 1).arg(display_text::line(layer.shape.key()).toHtmlEscaped());
  QStringList names;
  for (const auto& n : layer.layer_names) names << display_text::line(n).toHtmlEscaped();
  lines << tr("%1 · %2 call(s) per iteration")
               .arg(names.isEmpty() ? tr("(no module names)")
                                    : display_text::bounded(names.join(QStringLiteral(", "))))
               .arg(layer.calls_per_iteration);
  for (const auto mode : cudnn::kSelectionModes) {
    const auto it = layer.ran.find(mode);
    if (it == layer.ran.end()) continue;
    const auto& o = it->second;
    lines << (o.observed
                  ? tr("ran with %1: %2%3 · %4 µs")
                        .arg(QString::fromUtf8(cudnn::toString(mode)),
                             QString::fromUtf8(cudnn::toString(o.family)),
                             o.tensor_core ? tr(" (Tensor Cores)") : QString(),
                             ValueFormat::number(o.gpu_time_us))
                  : tr("ran with %1: not observed%2")
                        .arg(QString::fromUtf8(cudnn::toString(mode)),
                             o.error.empty() ? QString()
                                             : QStringLiteral(" — ") +
                                                   display_text::line(o.error).toHtmlEscaped()));
  }
  if (!layer.query_error.empty())
    lines << tr("no candidates: %1").arg(display_text::line(layer.query_error).toHtmlEscaped());
  int shown = 0;
  for (const auto& c : layer.candidates) {
    if (++shown > 12) {
      lines << tr("… %1 more").arg(layer.candidates.size() - 12);
      break;
    }
    QString mark;
    if (c.algo == layer.heuristic_algo) mark += QStringLiteral(" ■");
    if (c.algo == layer.fastest_algo) mark += QStringLiteral(" ◆");
    lines << QStringLiteral("&nbsp;&nbsp;<span style='color:%1'>●</span> %2%3 — %4%5%6")
                 .arg(familyColour(c.family).name(), display_text::line(c.algo), mark,
                      c.time_ms
                          ? tr("%1 µs").arg(ValueFormat::number(units::msToUs(*c.time_ms)))
                          : display_text::line(c.status == "ok" ? "heuristic only" : c.status),
                      c.workspace_bytes
                          ? tr(", workspace %1 MiB")
                                .arg(ValueFormat::mib(static_cast<std::int64_t>(c.workspace_bytes)))
                          : QString(),
                      c.deterministic ? QString() : tr(", non-deterministic"));
  }
  return lines.join(QStringLiteral("<br>"));
}

void CudnnChart::changeEvent(QEvent* event) {
  QWidget::changeEvent(event);
  if (event->type() != QEvent::LanguageChange) return;
  plot_->xAxis->setLabel(
      tr("conv layers in execution order · dots: Find time per algorithm, by kernel family · "
         "rings: each mode's pick · "
         "lines: GPU time that ran"));
  plot_->yAxis->setLabel(logScale() ? tr("µs per call (log)") : tr("µs per call"));
  rebuild();
}

}  // namespace inferscope::gui
