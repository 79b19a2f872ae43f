#include "tests/gui/ja_walk.h"

#include <qcustomplot.h>

#include <QAbstractButton>
#include <QAbstractItemView>
#include <QComboBox>
#include <QDockWidget>
#include <QGroupBox>
#include <QHeaderView>
#include <QLabel>
#include <QLineEdit>
#include <QMainWindow>
#include <QMenu>
#include <QMenuBar>
#include <QPlainTextEdit>
#include <QRegularExpression>
#include <QStatusBar>
#include <QTabBar>
#include <QTextEdit>
#include <QWizard>
#include <QWizardPage>

namespace inferscope::gui::testing {
namespace {

// A model's rows and columns are read up to these bounds: a 10 000-row race repeats its words.
constexpr int kMaxRows = 300;
constexpr int kMaxDepth = 3;

QString describe(const QObject* o) {
  const QString name = o->objectName();
  return name.isEmpty()
             ? QString::fromLatin1(o->metaObject()->className())
             : QStringLiteral("%1 %2").arg(QLatin1String(o->metaObject()->className()), name);
}

void addModel(QList<VisibleText>& out, const QAbstractItemModel* model, const QModelIndex& parent,
              const QString& where, int depth, const QList<int>& skip_columns) {
  if (depth == 0)
    for (int c = 0; c < model->columnCount(); ++c)
      for (int role : {int(Qt::DisplayRole), int(Qt::ToolTipRole)})
        out.append({QStringLiteral("%1 header %2").arg(where).arg(c),
                    model->headerData(c, Qt::Horizontal, role).toString()});
  const int rows = std::min(model->rowCount(parent), kMaxRows);
  for (int r = 0; r < rows; ++r) {
    for (int c = 0; c < model->columnCount(parent); ++c) {
      if (skip_columns.contains(c)) continue;
      const QModelIndex index = model->index(r, c, parent);
      out.append({QStringLiteral("%1 row %2 col %3").arg(where).arg(r).arg(c),
                  index.data(Qt::DisplayRole).toString()});
      out.append({QStringLiteral("%1 row %2 col %3 tooltip").arg(where).arg(r).arg(c),
                  index.data(Qt::ToolTipRole).toString()});
      if (c == 0 && depth < kMaxDepth && model->hasChildren(index))
        addModel(out, model, index, where, depth + 1, skip_columns);
    }
  }
}

void addActions(QList<VisibleText>& out, const QList<QAction*>& actions, const QString& where,
                int depth) {
  for (QAction* a : actions) {
    if (!a->isVisible()) continue;
    out.append({QStringLiteral("%1 action").arg(where), a->text()});
    out.append({QStringLiteral("%1 action tooltip").arg(where), a->toolTip()});
    out.append({QStringLiteral("%1 action status tip").arg(where), a->statusTip()});
    if (a->menu() && depth < kMaxDepth)
      addActions(out, a->menu()->actions(), where + QStringLiteral(" › ") + a->text(), depth + 1);
  }
}

void addPlot(QList<VisibleText>& out, QCustomPlot* plot, const QString& where) {
  for (QCPAxisRect* rect : plot->axisRects())
    for (QCPAxis* axis : rect->axes())
      if (axis->visible()) out.append({where + QStringLiteral(" axis"), axis->label()});
  for (auto* legend : plot->findChildren<QCPLegend*>()) {
    if (!legend->visible()) continue;
    for (int i = 0; i < legend->itemCount(); ++i) {
      auto* item = legend->item(i);
      if (auto* p = qobject_cast<QCPPlottableLegendItem*>(item))
        out.append({where + QStringLiteral(" legend"), p->plottable()->name()});
      else if (auto* t = qobject_cast<QCPTextElement*>(item))
        out.append({where + QStringLiteral(" legend text"), t->text()});
    }
  }
  for (int i = 0; i < plot->itemCount(); ++i)
    if (auto* t = qobject_cast<QCPItemText*>(plot->item(i)); t && t->visible())
      out.append({where + QStringLiteral(" text item"), t->text()});
  for (auto* e : plot->findChildren<QCPTextElement*>())
    if (e->visible()) out.append({where + QStringLiteral(" title"), e->text()});
}

}  // namespace

QList<VisibleText> visibleTexts(QWidget* root, const QList<const QWidget*>& skip,
                                const QList<QPair<const QAbstractItemView*, int>>& skip_columns) {
  QList<VisibleText> out;
  QList<QWidget*> widgets{root};
  widgets += root->findChildren<QWidget*>();
  auto skipped = [&](const QWidget* w) {
    for (const QWidget* s : skip)
      if (s && (w == s || s->isAncestorOf(w))) return true;
    return false;
  };
  for (QWidget* w : widgets) {
    if (w != root && !w->isVisibleTo(root)) continue;
    if (skipped(w)) continue;
    const QString where = describe(w);
    out.append({where + QStringLiteral(" tooltip"), w->toolTip()});
    if (w->isWindow() || qobject_cast<QDockWidget*>(w))
      out.append({where + QStringLiteral(" title"), w->windowTitle()});
    if (auto* l = qobject_cast<QLabel*>(w)) out.append({where, l->text()});
    if (auto* b = qobject_cast<QAbstractButton*>(w)) out.append({where, b->text()});
    if (auto* g = qobject_cast<QGroupBox*>(w)) out.append({where, g->title()});
    if (auto* e = qobject_cast<QLineEdit*>(w))
      out.append({where + QStringLiteral(" placeholder"), e->placeholderText()});
    if (auto* e = qobject_cast<QTextEdit*>(w)) out.append({where, e->toPlainText()});
    if (auto* e = qobject_cast<QPlainTextEdit*>(w)) out.append({where, e->toPlainText()});
    if (auto* bar = qobject_cast<QTabBar*>(w))
      for (int i = 0; i < bar->count(); ++i) {
        out.append({where + QStringLiteral(" tab"), bar->tabText(i)});
        out.append({where + QStringLiteral(" tab tooltip"), bar->tabToolTip(i)});
      }
    if (auto* combo = qobject_cast<QComboBox*>(w))
      for (int i = 0; i < combo->count(); ++i)
        out.append({where + QStringLiteral(" item"), combo->itemText(i)});
    // A header view shows its table's model: read once, through the table.
    if (auto* view = qobject_cast<QAbstractItemView*>(w); view && view->model() &&
                                                          !qobject_cast<QHeaderView*>(w) &&
                                                          !qobject_cast<QComboBox*>(w->parent())) {
      QList<int> columns;
      for (const auto& [v, c] : skip_columns)
        if (v == view) columns << c;
      addModel(out, view->model(), {}, where, 0, columns);
    }
    if (auto* page = qobject_cast<QWizardPage*>(w)) {
      out.append({where + QStringLiteral(" title"), page->title()});
      out.append({where + QStringLiteral(" subtitle"), page->subTitle()});
    }
    if (auto* wizard = qobject_cast<QWizard*>(w))
      for (auto which : {QWizard::BackButton, QWizard::NextButton, QWizard::FinishButton,
                         QWizard::CancelButton, QWizard::CommitButton})
        out.append({where + QStringLiteral(" button"), wizard->buttonText(which)});
    if (auto* bar = qobject_cast<QStatusBar*>(w))
      out.append({where + QStringLiteral(" message"), bar->currentMessage()});
    if (auto* menus = qobject_cast<QMenuBar*>(w)) addActions(out, menus->actions(), where, 0);
    if (auto* plot = qobject_cast<QCustomPlot*>(w)) addPlot(out, plot, where);
  }
  QList<VisibleText> kept;
  for (auto& t : out)
    if (!t.text.trimmed().isEmpty()) kept.append(t);
  return kept;
}

namespace {

// A C++ signature's argument and template lists (kernel names: "sgemm<float, 128>(int, float
// const*…)"): a bracket that follows a name without a space opens code, to its matching bracket
// or to the end of a cut name.
QString withoutSignatures(const QString& text) {
  QString out;
  int depth = 0;
  for (int i = 0; i < text.size(); ++i) {
    const QChar c = text[i];
    const bool opens = c == QLatin1Char('<') || c == QLatin1Char('(');
    const bool after_name =
        i > 0 && (text[i - 1].isLetterOrNumber() || text[i - 1] == QLatin1Char('_') ||
                  text[i - 1] == QLatin1Char('>'));
    if (depth == 0 && opens && after_name) {
      depth = 1;
      continue;
    }
    if (depth > 0) {
      if (opens) ++depth;
      if (c == QLatin1Char('>') || c == QLatin1Char(')')) --depth;
      continue;
    }
    out += c;
  }
  return out;
}

}  // namespace

QString englishSentence(const QString& input, const QStringList& also_allowed) {
  // Names that Japanese writes in Latin script too: products, libraries, formats, hardware,
  // precisions and units, and the config keys' own words (a key's parts are keys, not English).
  static const QStringList names = {
      "InferScope",   "PyTorch",  "LibTorch", "TorchScript", "AOTInductor",
      "Inductor",     "cuDNN",    "cuBLAS",   "CUDA",        "CUPTI",
      "NVIDIA",       "GPU",      "GPUs",     "CPU",         "CPUs",
      "FP32",         "FP16",     "BF16",     "TF32",        "IEEE",
      "JSON",         "CSV",      "PNG",      "PDF",         "HTML",
      "Chrome",       "Perfetto", "Qt",       "Hopper",      "Ampere",
      "Turing",       "Volta",    "Ada",      "Lovelace",    "Blackwell",
      "Pascal",       "Tensor",   "Core",     "Cores",       "ExportedProgram",
      "Python",       "C++",      "oneDNN",   "AVX",         "AMX",
      "NHWC",         "NCHW",     "GEMM",     "MiB",         "GiB",
      "KiB",          "ms",       "µs",       "ns",          "s",
      "TFLOP",        "eager",    "graph",    "aoti",        "ts",
      "tc",           "cl",       "bench",    "amp",         "nograd",
      "det",          "ro",       "freeze",   "torch",       "compile",
      "Linux",        "ResNet",   "BERT",     "GPT",         "MobileNet",
      "EfficientNet", "ViT",      "NaN",      "Inf",         "heaptrack",
      "hotspot",      "perf",     "nsys",     "Nsight",      "Systems",
      "Compute",      "P50",      "P90",      "P99",         "CI",
      "English",      "conv",     "nchw",     "nhwc"};
  QString text = input;
  // Names first ("Intel(R) Xeon(R)" would read as a signature), then code, then markup.
  for (const QString& a : also_allowed)
    if (!a.isEmpty()) text.remove(a);
  // Rich text escapes a kernel's brackets: back to code before it is taken out.
  text.replace(QStringLiteral("&lt;"), QStringLiteral("<"))
      .replace(QStringLiteral("&gt;"), QStringLiteral(">"))
      .replace(QStringLiteral("&amp;"), QStringLiteral("&"));
  text = withoutSignatures(text);
  text.replace(QRegularExpression(QStringLiteral("<[a-zA-Z/][^>]*>")), QStringLiteral(" "));
  text.replace(QRegularExpression(QStringLiteral("&[a-zA-Z]+;|&#[0-9]+;")), QStringLiteral(" "));
  // A token holding a digit or a symbol is a key, a number, a path, an option or a unit.
  text.remove(
      QRegularExpression(QStringLiteral("[^\\s()\\[\\]{},;\"“”「」（）、。]*[0-9+_./"
                                        ":=\\\\\\-±×@#%|<>*][^\\s()\\[\\]{},;\"“”「」（）、。]*")));
  for (const QString& n : names)
    text.remove(QRegularExpression(
        QStringLiteral("(?<![A-Za-z])%1(?![A-Za-z])").arg(QRegularExpression::escape(n))));
  static const QRegularExpression sentence(
      QStringLiteral("[A-Za-z][A-Za-z']*(?:[ \\t\\n,]+[A-Za-z][A-Za-z']*){2,}"));
  const auto m = sentence.match(text);
  return m.hasMatch() ? m.captured(0).simplified() : QString();
}

QStringList untranslatedSentences(QWidget* root, const WalkOptions& options) {
  QStringList out;
  for (const auto& t : visibleTexts(root, options.skip, options.skip_columns)) {
    QString text = t.text;
    for (const QString& v : options.verbatim)
      if (!v.isEmpty()) text.remove(v);
    const QString left = englishSentence(text, options.also_allowed);
    if (!left.isEmpty())
      out << QStringLiteral("%1: \"%2\"  [%3]").arg(t.where, t.text.simplified().left(240), left);
  }
  out.removeDuplicates();
  return out;
}

}  // namespace inferscope::gui::testing
