// CudnnChart: the summary above the chart (shapes, where benchmark and deterministic mode changed
// the kernel, versions), each mode's totals under it, the ledger's notes under the table.
#include <QLabel>

#include "gui/lib/cudnn_layer_table_model.h"
#include "gui/lib/display_text.h"
#include "gui/lib/session_document.h"
#include "gui/lib/value_format.h"
#include "gui/widgets/cudnn_chart.h"

namespace inferscope::gui {

using cudnn::SelectionMode;

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

QString CudnnChart::modeName(SelectionMode mode) {
  return mode == SelectionMode::Heuristic ? tr("heuristic")
                                          : QString::fromUtf8(cudnn::toString(mode));
}

QString CudnnChart::noteText(const std::string& note) {
  // The notes `inferscope-cli cudnn` writes (cli/cudnn_command.cpp), word for word.
  static const char* const kKnown[] = {
      QT_TR_NOOP("PyTorch selects through cuDNN's v8 graph API (engine configs); the candidate "
                 "list is cuDNN's legacy Find/Get catalogue for the same shape, dtype and math "
                 "type, and what ran is read from the kernels CUPTI saw beneath each "
                 "convolution."),
      QT_TR_NOOP("re-tune: the first iteration at each new input size, in a worker that has just "
                 "run the original size (iterations alternate between the two)"),
      QT_TR_NOOP("CPU run with the host-only trace source: the convolutions the model executes, "
                 "without kernels or cuDNN's candidates (those need CUDA and cuDNN)")};
  for (const char* known : kKnown)
    if (note == known) return tr(known);
  return display_text::line(note, display_text::kDetailsChars / 4);  // a file's own note
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
              .arg(CudnnLayerTableModel::fasterColour().name(),
                   CudnnLayerTableModel::slowerColour().name(),
                   ValueFormat::number(s.benchmark_gain_us),
                   ValueFormat::number(s.autotune_ms_total));
  head << tr("deterministic changed it on %1").arg(s.deterministic_differs);
  if (s.nondeterministic_choices > 0)
    head << tr("%1 non-deterministic choice(s)").arg(s.nondeterministic_choices);
  // Layout transposes per iteration in every mode (the summary's count is the heuristic run's).
  QStringList transposes;
  for (const auto mode : cudnn::kSelectionModes) {
    int per_iteration = 0;
    for (const auto& layer : ledger.layers) {
      const auto* o = observationOf(layer, mode);
      if (o && o->observed) per_iteration += o->layout_transposes * layer.calls_per_iteration;
    }
    if (per_iteration > 0)
      transposes << QStringLiteral("%1&nbsp;%2").arg(modeName(mode)).arg(per_iteration);
  }
  head << (transposes.isEmpty()
               ? tr("no layout transposes")
               : tr("layout transposes/&#8288;it: %1").arg(transposes.join(QStringLiteral(", "))));
  head << tr("cuDNN&nbsp;%1").arg(cudnnVersionText(ledger.cudnn_version));
  head << (ledger.tf32 ? tr("TF32&nbsp;on") : tr("TF32&nbsp;off"));
  summary_->setText(head.join(QStringLiteral(" · ")));
  summary_->setToolTip(display_text::details(
      ledger.model + " · " + ledger.input + " · " + ledger.config + " · " + ledger.device +
      (ledger.torch_version.empty() ? "" : " · PyTorch " + ledger.torch_version)));

  // Per iteration, mode by mode (heuristic / benchmark / deterministic): steady median, the
  // convolutions' GPU time, first iteration; then failures and the benchmark's re-tunes.
  QStringList names, steady, conv, first, failed;
  for (const auto mode : cudnn::kSelectionModes) {
    const auto it = ledger.modes.find(mode);
    if (it == ledger.modes.end()) continue;
    const auto& t = it->second;
    const QString name = modeName(mode);
    if (!t.ok) {
      failed << tr("%1 failed — %2").arg(name, display_text::line(t.error).toHtmlEscaped());
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
                   .arg(display_text::line(input).toHtmlEscaped(), ValueFormat::number(ms));
    }
  }
  modes_->setText(lines.join(QStringLiteral(" · ")));
  modes_->setVisible(!lines.isEmpty());
  QStringList notes;
  for (const auto& note : ledger.notes) notes << noteText(note).toHtmlEscaped();
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
  return deferred_->fresh(summary_)->text();
}

QString CudnnChart::modesText() const {
  return deferred_->fresh(modes_)->text();
}

QString CudnnChart::notesText() const {
  return deferred_->fresh(notes_)->text();
}

}  // namespace inferscope::gui
