// CudnnChart: the sortable layer table, the summary line and the label helpers.
#include <QHeaderView>
#include <QLabel>
#include <QLocale>
#include <QTableWidget>
#include <cmath>

#include "gui/lib/session_document.h"
#include "gui/lib/value_format.h"
#include "gui/widgets/cudnn_chart.h"

namespace inferscope::gui {
namespace {

using cudnn::SelectionMode;

// Sorts by the number in Qt::UserRole when both cells have one, else by text.
class SortItem : public QTableWidgetItem {
 public:
  using QTableWidgetItem::QTableWidgetItem;
  bool operator<(const QTableWidgetItem& other) const override {
    const QVariant a = data(Qt::UserRole), b = other.data(Qt::UserRole);
    if (a.isValid() && b.isValid()) return a.toDouble() < b.toDouble();
    return text() < other.text();
  }
};

QTableWidgetItem* textItem(const QString& text, const QString& tooltip = {}) {
  auto* item = new SortItem(text);
  if (!tooltip.isEmpty()) item->setToolTip(tooltip);
  return item;
}

QTableWidgetItem* numberItem(double value, const QString& text) {
  auto* item = new SortItem(text);
  item->setData(Qt::UserRole, value);
  item->setTextAlignment(Qt::AlignRight | Qt::AlignVCenter);
  return item;
}

const cudnn::ModeObservation* observation(const cudnn::LedgerLayer& layer, SelectionMode mode) {
  const auto it = layer.ran.find(mode);
  return it == layer.ran.end() ? nullptr : &it->second;
}

QString family(cudnn::KernelFamily f) {
  return QString::fromUtf8(cudnn::toString(f));
}

// Green/red that read on light and dark backgrounds alike.
const QColor kFaster(46, 160, 67);
const QColor kSlower(218, 54, 51);

}  // namespace

QString CudnnChart::shortLabel(const cudnn::ConvShape& shape, int layer) {
  const auto& w = shape.weight;
  if (w.size() < 3) return QStringLiteral("#%1").arg(layer);
  const auto in_channels = shape.input.size() > 1 ? shape.input[1] : w[1] * shape.groups;
  QStringList kernel;
  for (std::size_t i = 2; i < w.size(); ++i) kernel << QString::number(w[i]);
  QStringList stride;
  bool same = true;
  for (auto s : shape.stride) same = same && s == shape.stride.front();
  if (shape.stride.empty())
    stride << QStringLiteral("1");
  else if (same)
    stride << QString::number(shape.stride.front());
  else
    for (auto s : shape.stride) stride << QString::number(s);
  QString text = QStringLiteral("#%1 %2→%3 %4 s%5")
                     .arg(layer)
                     .arg(in_channels)
                     .arg(w[0])
                     .arg(kernel.join(QStringLiteral("×")), stride.join(QLatin1Char(',')));
  if (shape.groups > 1) text += QStringLiteral(" g%1").arg(shape.groups);
  if (shape.transposed) text += QStringLiteral(" T");
  return text;
}

QString CudnnChart::cudnnVersionText(int version) {
  if (version <= 0) return tr("unknown");
  // cuDNN 9 encodes major·10000 + minor·100 + patch; cuDNN 8 and older major·1000 + minor·100 +
  // patch.
  if (version >= 90000)
    return QStringLiteral("%1.%2.%3")
        .arg(version / 10000)
        .arg(version % 10000 / 100)
        .arg(version % 100);
  return QStringLiteral("%1.%2.%3")
      .arg(version / 1000)
      .arg(version % 1000 / 100)
      .arg(version % 100);
}

void CudnnChart::createTable() {
  table_ = new QTableWidget(0, ColumnCount);
  table_->setObjectName(QStringLiteral("cudnnLayerTable"));
  QStringList headers;
  for (int c = 0; c < ColumnCount; ++c) headers << QString();
  headers[ColLayer] = tr("#");
  headers[ColShape] = tr("shape");
  headers[ColCalls] = tr("calls/it");
  headers[ColRanHeuristic] = tr("ran: heuristic");
  headers[ColRanBenchmark] = tr("ran: benchmark");
  headers[ColGain] = tr("gain (µs/call)");
  headers[ColRanDeterministic] = tr("ran: deterministic");
  headers[ColAutotune] = tr("autotune (ms)");
  headers[ColFlags] = tr("flags");
  headers[ColHeuristicAlgo] = tr("heuristic algo (Get)");
  headers[ColFastestAlgo] = tr("fastest algo (Find)");
  table_->setHorizontalHeaderLabels(headers);
  table_->horizontalHeaderItem(ColGain)->setToolTip(
      tr("benchmark's gain: heuristic GPU time − benchmark GPU time per call; positive when "
         "benchmark's choice is faster"));
  for (const int c : {ColHeuristicAlgo, ColFastestAlgo}) {
    table_->horizontalHeaderItem(c)->setToolTip(
        tr("cuDNN's legacy catalogue for the shape (cudnnGetConvolutionForwardAlgorithm_v7 / "
           "cudnnFindConvolutionForwardAlgorithm); PyTorch itself selects through the v8 API"));
  }
  table_->horizontalHeaderItem(ColAutotune)
      ->setToolTip(tr("the first call's host time beyond a steady call's, with cudnn.benchmark on "
                      "(cudnnFind)"));
  table_->setEditTriggers(QAbstractItemView::NoEditTriggers);
  table_->setSelectionBehavior(QAbstractItemView::SelectRows);
  table_->verticalHeader()->setVisible(false);
  table_->verticalHeader()->setDefaultSectionSize(table_->fontMetrics().height() + 6);
  table_->horizontalHeader()->setStretchLastSection(true);
  table_->setWordWrap(false);
  table_->setSortingEnabled(true);
}

void CudnnChart::fillTable(const cudnn::CudnnLedger& ledger) {
  table_->setSortingEnabled(false);  // rows are filled by index; sorting would move them mid-way
  table_->setRowCount(static_cast<int>(ledger.layers.size()));
  for (int r = 0; r < table_->rowCount(); ++r) {
    const auto& layer = ledger.layers[static_cast<std::size_t>(r)];
    QStringList names;
    for (const auto& n : layer.layer_names) names << QString::fromStdString(n);
    const QString key = QString::fromStdString(layer.shape.key());
    table_->setItem(r, ColLayer, numberItem(r + 1, QString::number(r + 1)));
    table_->setItem(
        r, ColShape,
        textItem(
            shortLabel(layer.shape, r + 1).section(QLatin1Char(' '), 1),
            names.isEmpty() ? key : key + QLatin1Char('\n') + names.join(QStringLiteral(", "))));
    table_->setItem(
        r, ColCalls,
        numberItem(layer.calls_per_iteration, QString::number(layer.calls_per_iteration)));
    table_->setItem(r, ColHeuristicAlgo, textItem(QString::fromStdString(layer.heuristic_algo)));
    table_->setItem(r, ColFastestAlgo,
                    textItem(QString::fromStdString(
                        layer.fastest_algo.empty() ? layer.query_error : layer.fastest_algo)));
    const int ran_columns[] = {ColRanHeuristic, ColRanBenchmark, ColRanDeterministic};
    for (std::size_t m = 0; m < std::size(cudnn::kSelectionModes); ++m) {
      const auto* o = observation(layer, cudnn::kSelectionModes[m]);
      QTableWidgetItem* item = nullptr;
      if (!o || !o->observed) {
        item = textItem(QStringLiteral("—"),
                        o ? QString::fromStdString(o->error) : tr("mode not run"));
      } else {
        QStringList kernels;
        for (const auto& k : o->kernels)
          kernels << QStringLiteral("%1 (%2, %3 µs)")
                         .arg(QString::fromStdString(k.name), family(k.family),
                              ValueFormat::number(k.time_us));
        const bool tc_by_name = o->family == cudnn::KernelFamily::TensorCoreFprop;
        item = textItem(
            QStringLiteral("%1%2 · %3 µs")
                .arg(family(o->family), o->tensor_core && !tc_by_name ? tr(" (TC)") : QString(),
                     ValueFormat::number(o->gpu_time_us)),
            kernels.join(QLatin1Char('\n')));
        if (cudnn::kSelectionModes[m] == SelectionMode::Benchmark && layer.benchmark_differs) {
          QFont bold = item->font();
          bold.setBold(true);
          item->setFont(bold);
        }
      }
      table_->setItem(r, ran_columns[m], item);
    }
    const auto* heuristic = observation(layer, SelectionMode::Heuristic);
    const auto* benchmark = observation(layer, SelectionMode::Benchmark);
    // µs per call to one decimal: three significant digits made "-0.0640" of a 5 µs kernel's noise.
    const double shown_gain =
        std::abs(layer.benchmark_gain_us) < 0.05 ? 0.0 : layer.benchmark_gain_us;
    auto* gain = numberItem(layer.benchmark_gain_us, QLocale().toString(shown_gain, 'f', 1));
    if (heuristic && heuristic->observed && heuristic->gpu_time_us > 0 && layer.benchmark_differs) {
      const double relative = layer.benchmark_gain_us / heuristic->gpu_time_us;
      if (relative > 0.02) gain->setForeground(kFaster);
      if (relative < -0.02) gain->setForeground(kSlower);
      gain->setToolTip(
          tr("%1 % of the heuristic's time; %2 µs per iteration over %3 call(s)")
              .arg(relative * 100, 0, 'f', 1)
              .arg(ValueFormat::number(layer.benchmark_gain_us * layer.calls_per_iteration))
              .arg(layer.calls_per_iteration));
    }
    table_->setItem(r, ColGain, gain);
    if (benchmark && benchmark->autotune_ms) {
      table_->setItem(
          r, ColAutotune,
          numberItem(*benchmark->autotune_ms, ValueFormat::number(*benchmark->autotune_ms)));
    } else {
      table_->setItem(r, ColAutotune, numberItem(-1, QStringLiteral("—")));
    }
    QStringList flags;
    if (layer.benchmark_differs) flags << tr("benchmark differs");
    if (layer.nondeterministic_choice) flags << tr("non-deterministic");
    if (layer.deterministic_differs) flags << tr("deterministic differs");
    for (const auto mode : cudnn::kSelectionModes) {
      const auto* o = observation(layer, mode);
      if (o && o->observed && o->layout_transposes > 0) {
        flags << tr("%1 transpose(s)/call (%2)")
                     .arg(o->layout_transposes)
                     .arg(QString::fromUtf8(cudnn::toString(mode)));
      }
    }
    if (layer.shape.transposed) flags << tr("transposed conv");
    if (!layer.query_error.empty() && layer.candidates.empty()) flags << tr("not queried");
    table_->setItem(
        r, ColFlags,
        textItem(flags.join(QStringLiteral(", ")), QString::fromStdString(layer.query_error)));
  }
  table_->setSortingEnabled(true);
  table_->sortByColumn(ColLayer, Qt::AscendingOrder);
  for (int c = 0; c < ColumnCount - 1; ++c) table_->resizeColumnToContents(c);
}

void CudnnChart::fillSummary(const cudnn::CudnnLedger& ledger) {
  // Two lines beside the picker and one under it at 1280 px: every line of text is a line less of
  // chart or table.
  const auto& s = ledger.summary;
  QStringList head;
  head << tr("<b>%1 unique conv shapes</b>, %2&nbsp;calls/&#8288;it")
              .arg(s.unique_shapes)
              .arg(s.conv_calls_per_iteration);
  head << tr("benchmark changed the kernel on %1 (<span style='color:%4'>%2&nbsp;faster</span>, "
             "<span style='color:%5'>%3&nbsp;slower</span> by&nbsp;&gt;&nbsp;2&nbsp;%; "
             "gain&nbsp;%6&nbsp;µs/&#8288;it, autotune&nbsp;%7&nbsp;ms)")
              .arg(s.benchmark_differs)
              .arg(s.benchmark_faster)
              .arg(s.benchmark_slower)
              .arg(kFaster.name(), kSlower.name(), ValueFormat::number(s.benchmark_gain_us),
                   ValueFormat::number(s.autotune_ms_total));
  head << tr("deterministic changed it on %1").arg(s.deterministic_differs);
  if (s.nondeterministic_choices > 0)
    head << tr("%1 non-deterministic choice(s)").arg(s.nondeterministic_choices);
  // Layout transposes per iteration in every mode (the summary's count is the heuristic run's).
  QStringList transposes;
  for (const auto mode : cudnn::kSelectionModes) {
    int per_iteration = 0;
    for (const auto& layer : ledger.layers) {
      const auto* o = observation(layer, mode);
      if (o && o->observed) per_iteration += o->layout_transposes * layer.calls_per_iteration;
    }
    if (per_iteration > 0)
      transposes << QStringLiteral("%1&nbsp;%2")
                        .arg(QString::fromUtf8(cudnn::toString(mode)))
                        .arg(per_iteration);
  }
  head << (transposes.isEmpty()
               ? tr("no layout transposes")
               : tr("layout transposes/&#8288;it: %1").arg(transposes.join(QStringLiteral(", "))));
  head << tr("cuDNN&nbsp;%1").arg(cudnnVersionText(ledger.cudnn_version));
  head << (ledger.tf32 ? tr("TF32&nbsp;on") : tr("TF32&nbsp;off"));
  summary_->setText(head.join(QStringLiteral(" · ")));
  summary_->setToolTip(QString::fromStdString(
      ledger.model + " · " + ledger.input + " · " + ledger.config + " · " + ledger.device +
      (ledger.torch_version.empty() ? "" : " · PyTorch " + ledger.torch_version)));

  // Per iteration, mode by mode (heuristic / benchmark / deterministic): steady median, the
  // convolutions' GPU time, first iteration; then failures and the benchmark's re-tunes.
  QStringList names, steady, conv, first, failed;
  for (const auto mode : cudnn::kSelectionModes) {
    const auto it = ledger.modes.find(mode);
    if (it == ledger.modes.end()) continue;
    const auto& t = it->second;
    const QString name = QString::fromUtf8(cudnn::toString(mode));
    if (!t.ok) {
      failed << tr("%1 failed — %2").arg(name, QString::fromStdString(t.error).toHtmlEscaped());
      continue;
    }
    names << name;
    steady << ValueFormat::number(steadyMedianMs(t));
    conv << (t.conv_gpu_time_us > 0 ? ValueFormat::number(t.conv_gpu_time_us)
                                    : QStringLiteral("—"));
    first << ValueFormat::number(t.first_iteration_ms);
  }
  QStringList lines;
  if (!names.isEmpty()) {
    const QString slash = QStringLiteral(" / ");
    lines << tr("per iteration, %1: steady median <b>%2</b>&nbsp;ms · conv GPU time %3&nbsp;µs · "
                "first iteration %4&nbsp;ms")
                 .arg(names.join(slash), steady.join(slash), conv.join(slash), first.join(slash));
  }
  lines << failed;
  if (const auto it = ledger.modes.find(SelectionMode::Benchmark); it != ledger.modes.end()) {
    for (const auto& [input, ms] : it->second.retune_first_ms) {
      lines << tr("benchmark re-tunes at %1: first iteration %2 ms")
                   .arg(QString::fromStdString(input).toHtmlEscaped(), ValueFormat::number(ms));
    }
  }
  modes_->setText(lines.join(QStringLiteral(" · ")));
  modes_->setVisible(!lines.isEmpty());
  QStringList notes;
  for (const auto& note : ledger.notes) notes << QString::fromStdString(note).toHtmlEscaped();
  notes_->setText(notes.isEmpty()
                      ? QString()
                      : QStringLiteral("<i>%1</i>").arg(notes.join(QStringLiteral("<br>"))));
  notes_->setVisible(!notes.isEmpty());
}

// The steady median the results table shows for the mode's config: the engine's analysed median,
// from the detected steady start. The ledger's own figure is the median of every iteration after
// the configured warm-up, traced ones included (2.71 against the table's 2.67 ms on the H200); it
// is used only when the session has no result for the config (a ledger file on its own).
double CudnnChart::steadyMedianMs(const cudnn::ModeTotals& totals) const {
  for (const auto& s : document_->series()) {
    if (s.result && s.result->config.key() == totals.config_key && s.result->stats.median_ms > 0)
      return s.result->stats.median_ms;
  }
  return totals.steady_median_ms;
}

QString CudnnChart::summaryText() const {
  return summary_->text();
}

QString CudnnChart::modesText() const {
  return modes_->text();
}

QString CudnnChart::notesText() const {
  return notes_->text();
}

}  // namespace inferscope::gui
