// CudnnLayerTableModel: the cells of a layer are made once, when the ledger is set (a ledger has a
// few dozen layers), so data() only looks them up.
#include "gui/lib/cudnn_layer_table_model.h"

#include <QFont>
#include <QLocale>
#include <QStringList>
#include <cmath>
#include <iterator>

#include "gui/lib/display_text.h"
#include "gui/lib/value_format.h"

namespace inferscope::gui {
namespace {

using cudnn::SelectionMode;

const cudnn::ModeObservation* observation(const cudnn::LedgerLayer& layer, SelectionMode mode) {
  return observationOf(layer, mode);
}

QString family(cudnn::KernelFamily f) {
  return QString::fromUtf8(cudnn::toString(f));
}

}  // namespace

CudnnLayerTableModel::CudnnLayerTableModel(QObject* parent) : QAbstractTableModel(parent) {}

void CudnnLayerTableModel::setLedger(const cudnn::CudnnLedger& ledger) {
  beginResetModel();
  rows_.clear();
  rows_.reserve(ledger.layers.size());
  for (std::size_t i = 0; i < ledger.layers.size(); ++i)
    rows_.push_back(makeRow(ledger.layers[i], static_cast<int>(i) + 1));
  endResetModel();
}

void CudnnLayerTableModel::clear() {
  if (rows_.empty()) return;
  beginResetModel();
  rows_.clear();
  endResetModel();
}

int CudnnLayerTableModel::rowCount(const QModelIndex& parent) const {
  return parent.isValid() ? 0 : static_cast<int>(rows_.size());
}

int CudnnLayerTableModel::columnCount(const QModelIndex& parent) const {
  return parent.isValid() ? 0 : ColumnCount;
}

QVariant CudnnLayerTableModel::data(const QModelIndex& index, int role) const {
  if (!index.isValid() || index.row() >= rowCount() || index.column() >= ColumnCount) return {};
  const Cell& cell = rows_[static_cast<std::size_t>(index.row())][index.column()];
  switch (role) {
    case Qt::DisplayRole:
      return cell.text;
    case SortRole:
      return cell.number.isValid() ? cell.number : QVariant(cell.text);
    case Qt::ToolTipRole:
      return cell.tooltip.isEmpty() ? QVariant() : QVariant(cell.tooltip);
    case Qt::TextAlignmentRole:
      return cell.number.isValid() ? QVariant(int(Qt::AlignRight | Qt::AlignVCenter)) : QVariant();
    case Qt::ForegroundRole:
      return cell.foreground.isValid() ? QVariant(cell.foreground) : QVariant();
    case Qt::FontRole: {
      if (!cell.bold) return {};
      QFont bold;
      bold.setBold(true);
      return bold;
    }
    default:
      return {};
  }
}

QVariant CudnnLayerTableModel::headerData(int section, Qt::Orientation orientation,
                                          int role) const {
  if (orientation != Qt::Horizontal || section < 0 || section >= ColumnCount)
    return QAbstractTableModel::headerData(section, orientation, role);
  if (role == Qt::DisplayRole) {
    switch (section) {
      case ColLayer:
        return tr("#");
      case ColShape:
        return tr("shape");
      case ColCalls:
        return tr("calls/it");
      case ColRanHeuristic:
        return tr("ran: heuristic");
      case ColRanBenchmark:
        return tr("ran: benchmark");
      case ColGain:
        return tr("gain (µs/call)");
      case ColRanDeterministic:
        return tr("ran: deterministic");
      case ColAutotune:
        return tr("autotune (ms)");
      case ColFlags:
        return tr("flags");
      case ColHeuristicAlgo:
        return tr("heuristic algo (Get)");
      case ColFastestAlgo:
        return tr("fastest algo (Find)");
      default:
        return {};
    }
  }
  if (role == Qt::ToolTipRole) {
    switch (section) {
      case ColGain:
        return tr(
            "benchmark's gain: heuristic GPU time − benchmark GPU time per call; positive "
            "when benchmark's choice is faster");
      case ColHeuristicAlgo:
      case ColFastestAlgo:
        return tr(
            "cuDNN's legacy catalogue for the shape (cudnnGetConvolutionForwardAlgorithm_v7 "
            "/ cudnnFindConvolutionForwardAlgorithm); PyTorch itself selects through the v8 "
            "API");
      case ColAutotune:
        return tr(
            "the first call's host time beyond a steady call's, with cudnn.benchmark on "
            "(cudnnFind)");
      default:
        return {};
    }
  }
  return {};
}

CudnnLayerTableModel::Row CudnnLayerTableModel::makeRow(const cudnn::LedgerLayer& layer,
                                                        int number) {
  Row row;
  const auto numeric = [&row](int column, double value, const QString& text) {
    row[column].text = text;
    row[column].number = value;
  };
  QStringList names;
  for (const auto& n : layer.layer_names) names << display_text::line(n);
  const QString key = display_text::line(layer.shape.key());
  numeric(ColLayer, number, QString::number(number));
  row[ColShape].text = shortLabel(layer.shape, number).section(QLatin1Char(' '), 1);
  row[ColShape].tooltip =
      names.isEmpty()
          ? key
          : key + QLatin1Char('\n') + display_text::bounded(names.join(QStringLiteral(", ")));
  numeric(ColCalls, layer.calls_per_iteration, QString::number(layer.calls_per_iteration));
  row[ColHeuristicAlgo].text = display_text::line(layer.heuristic_algo);
  row[ColFastestAlgo].text =
      display_text::line(layer.fastest_algo.empty() ? layer.query_error : layer.fastest_algo);

  const int ran_columns[] = {ColRanHeuristic, ColRanBenchmark, ColRanDeterministic};
  for (std::size_t m = 0; m < std::size(cudnn::kSelectionModes); ++m) {
    Cell& cell = row[ran_columns[m]];
    const auto* o = observation(layer, cudnn::kSelectionModes[m]);
    if (!o || !o->observed) {
      cell.text = QStringLiteral("—");
      cell.tooltip = o ? display_text::details(o->error) : tr("mode not run");
      continue;
    }
    QStringList kernels;
    for (const auto& k : o->kernels)
      kernels << QStringLiteral("%1 (%2, %3 µs)")
                     .arg(display_text::line(k.name), family(k.family),
                          ValueFormat::number(k.time_us));
    const bool tc_by_name = o->family == cudnn::KernelFamily::TensorCoreFprop;
    cell.text = QStringLiteral("%1%2 · %3 µs")
                    .arg(family(o->family), o->tensor_core && !tc_by_name ? tr(" (TC)") : QString(),
                         ValueFormat::number(o->gpu_time_us));
    cell.tooltip = kernels.join(QLatin1Char('\n'));
    cell.bold = cudnn::kSelectionModes[m] == SelectionMode::Benchmark && layer.benchmark_differs;
  }

  const auto* heuristic = observation(layer, SelectionMode::Heuristic);
  const auto* benchmark = observation(layer, SelectionMode::Benchmark);
  // µs per call to one decimal: three significant digits made "-0.0640" of a 5 µs kernel's noise.
  const double shown_gain =
      std::abs(layer.benchmark_gain_us) < 0.05 ? 0.0 : layer.benchmark_gain_us;
  numeric(ColGain, layer.benchmark_gain_us, QLocale().toString(shown_gain, 'f', 1));
  if (heuristic && heuristic->observed && heuristic->gpu_time_us > 0 && layer.benchmark_differs) {
    const double relative = layer.benchmark_gain_us / heuristic->gpu_time_us;
    if (relative > 0.02) row[ColGain].foreground = fasterColour();
    if (relative < -0.02) row[ColGain].foreground = slowerColour();
    row[ColGain].tooltip =
        tr("%1 % of the heuristic's time; %2 µs per iteration over %3 call(s)")
            .arg(relative * 100, 0, 'f', 1)
            .arg(ValueFormat::number(layer.benchmark_gain_us * layer.calls_per_iteration))
            .arg(layer.calls_per_iteration);
  }
  if (benchmark && benchmark->autotune_ms)
    numeric(ColAutotune, *benchmark->autotune_ms, ValueFormat::number(*benchmark->autotune_ms));
  else
    numeric(ColAutotune, -1, QStringLiteral("—"));  // sorts below every measured autotune

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
  row[ColFlags].text = flags.join(QStringLiteral(", "));
  row[ColFlags].tooltip = display_text::details(layer.query_error);
  return row;
}

QString CudnnLayerTableModel::shortLabel(const cudnn::ConvShape& shape, int layer) {
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

const cudnn::ModeObservation* observationOf(const cudnn::LedgerLayer& layer,
                                            cudnn::SelectionMode mode) {
  const auto it = layer.ran.find(mode);
  return it == layer.ran.end() ? nullptr : &it->second;
}

}  // namespace inferscope::gui
