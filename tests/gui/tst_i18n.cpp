// The UI in Japanese (issue #18): after View → Language → 日本語 the whole window — menus, actions,
// tool tips, tabs, docks, labels, buttons, table headers, chart axes and legends, the wizard's
// pages and a lesson in presentation mode — has no English text left that the English UI shows,
// except a short list of names that are the same in both (FP32, cuDNN, file formats …). And back:
// English again, every text as it was, without a restart.
#include <qcustomplot.h>

#include <QAbstractButton>
#include <QAbstractItemView>
#include <QApplication>
#include <QComboBox>
#include <QDockWidget>
#include <QFile>
#include <QGroupBox>
#include <QLabel>
#include <QLineEdit>
#include <QMenu>
#include <QRegularExpression>
#include <QSet>
#include <QTabWidget>
#include <QTest>
#include <QToolBar>
#include <QWizardPage>
#include <QXmlStreamReader>
#include <algorithm>

#include "core/engine/engine.h"
#include "gui/lib/lesson_catalog.h"
#include "gui/widgets/language_switch.h"
#include "gui/widgets/main_window.h"
#include "gui/widgets/presentation_window.h"
#include "gui/wizard/recommendation_wizard.h"
#include "tests/gui/gui_test_main.h"

using namespace inferscope;
using namespace inferscope::gui;

namespace {

// Every text a user can read in the open windows, with where it was found.
QMap<QString, QString> visibleTexts() {
  QMap<QString, QString> out;
  auto add = [&](const QString& text, const QObject* where, const char* what) {
    const QString t = text.trimmed();
    if (!t.isEmpty())
      out.insert(t, QStringLiteral("%1 (%2 %3)").arg(t, where->metaObject()->className(), what));
  };
  for (QWidget* w : QApplication::allWidgets()) {
    // Menus are windows of their own, shown only when opened: walked with the window they belong
    // to.
    if (!w->window()->isVisible() &&
        !(qobject_cast<QMenu*>(w) && w->parentWidget() && w->parentWidget()->window()->isVisible()))
      continue;
    add(w->toolTip(), w, "toolTip");
    if (w->isWindow() || qobject_cast<QDockWidget*>(w) || qobject_cast<QToolBar*>(w))
      add(w->windowTitle(), w, "title");
    if (auto* l = qobject_cast<QLabel*>(w)) add(l->text(), w, "text");
    if (auto* b = qobject_cast<QAbstractButton*>(w)) add(b->text(), w, "text");
    if (auto* g = qobject_cast<QGroupBox*>(w)) add(g->title(), w, "title");
    if (auto* e = qobject_cast<QLineEdit*>(w)) add(e->placeholderText(), w, "placeholder");
    if (auto* m = qobject_cast<QMenu*>(w)) add(m->title(), w, "title");
    if (auto* p = qobject_cast<QWizardPage*>(w)) {
      add(p->title(), w, "title");
      add(p->subTitle(), w, "subTitle");
    }
    if (auto* tabs = qobject_cast<QTabWidget*>(w))
      for (int i = 0; i < tabs->count(); ++i) add(tabs->tabText(i), w, "tab");
    if (auto* combo = qobject_cast<QComboBox*>(w))
      for (int i = 0; i < combo->count(); ++i) add(combo->itemText(i), w, "item");
    if (auto* view = qobject_cast<QAbstractItemView*>(w); view && view->model())
      for (int c = 0; c < view->model()->columnCount(); ++c) {
        add(view->model()->headerData(c, Qt::Horizontal).toString(), w, "header");
        add(view->model()->headerData(c, Qt::Horizontal, Qt::ToolTipRole).toString(), w,
            "header tip");
      }
    for (QAction* a : w->actions()) {
      add(a->text(), a, "action");
      add(a->toolTip() == a->text().remove(QLatin1Char('&')) ? QString() : a->toolTip(), a,
          "action tip");
    }
    if (auto* plot = qobject_cast<QCustomPlot*>(w)) {
      for (auto* axis : plot->axisRect() ? plot->axisRect()->axes() : QList<QCPAxis*>{})
        add(axis->label(), plot, "axis");
      for (int i = 0; i < plot->plottableCount(); ++i)
        if (plot->legend && plot->legend->hasItemWithPlottable(plot->plottable(i)))
          add(plot->plottable(i)->name(), plot, "legend");
      for (int i = 0; i < plot->itemCount(); ++i)
        if (auto* t = qobject_cast<QCPItemText*>(plot->item(i)); t && t->visible())
          add(t->text(), plot, "label");
      for (auto* e : plot->findChildren<QCPTextElement*>()) add(e->text(), plot, "text");
    }
  }
  return out;
}

QStringList hostNames() {
  static const QStringList names = [] {
    QStringList out;
    try {
      for (const auto& d : engine::listDevices()) out << QString::fromStdString(d.name);
    } catch (const std::exception&) {
    }
    return out;
  }();
  return names;
}

// Names that read the same in both languages: formats, libraries, precisions, units.
bool onlyNames(QString text) {
  static const QStringList names = {"InferScope",  "LibTorch",    "PyTorch",
                                    "TorchScript", "AOTInductor", "cuDNN",
                                    "CUDA",        "CUPTI",       "NVIDIA",
                                    "GPU",         "CPU",         "FP32",
                                    "FP16",        "BF16",        "TF32",
                                    "IEEE",        "JSON",        "CSV",
                                    "PNG",         "PDF",         "SHA",
                                    "Chrome",      "Perfetto",    "GEMM",
                                    "FFT",         "Winograd",    "implicit",
                                    "precomp",     "direct",      "Tensor",
                                    "Cores",       "Qt",          "Zoo",
                                    "Hopper",      "Ampere",      "Turing",
                                    "Volta",       "Ada",         "Blackwell",
                                    "Pascal",      "Lovelace",    "Linux",
                                    "English",     "Python",      "LibTorch",
                                    "x86_64",      "MiB",         "GiB",
                                    "ms",          "µs",          "CI",
                                    "P90",         "TC",          "NaN",
                                    "Inf",         "IMPLICIT",    "PRECOMP",
                                    "WINOGRAD",    "NONFUSED",    "FFT_TILING",
                                    "heuristic",   "benchmark",   "deterministic",
                                    "bert",        "encoder",     "aten",
                                    "Find",        "Get",         "ResNet",
                                    "BERT"};  // the selection modes are cuDNN's own words
  text.remove(QRegularExpression(QStringLiteral("<[^>]*>")));             // rich-text tags
  text.remove(QRegularExpression(QStringLiteral("&[a-z]+;|&#[0-9]+;")));  // and entities
  for (const auto& d : hostNames())
    text.remove(d);  // this machine's CPU and GPU, as they call themselves
  text.remove(QRegularExpression(
      QStringLiteral("\\S*[0-9+_./:=\\\\]\\S*")));  // keys, shapes, paths, numbers
  for (const auto& n : names)
    text.remove(QRegularExpression(QStringLiteral("\\b%1\\b").arg(QRegularExpression::escape(n))));
  return !text.contains(QRegularExpression(QStringLiteral("[A-Za-z]{2,}")));
}

}  // namespace

class TestI18n : public QObject {
  Q_OBJECT

 private slots:
  void cleanup() { LanguageSwitch::instance().apply(QStringLiteral("en")); }

  void japaneseIsCompiledIn() {
    if (!LanguageSwitch::available().contains(QStringLiteral("ja")))
      QSKIP("built without Qt Linguist: the UI is English only (CMake warned)");
    QVERIFY(LanguageSwitch::available().contains(QStringLiteral("ja")));
  }

  void noEnglishLeftInTheJapaneseUi() {
    if (!LanguageSwitch::available().contains(QStringLiteral("ja")))
      QSKIP("built without Qt Linguist");
    LanguageSwitch::instance().apply(QStringLiteral("en"));
    MainWindow window;
    window.resize(1600, 1000);
    window.show();
    QVERIFY(window.openSession(fixture("h200_resnet50_b8_timeline")));
    auto* wizard = window.openWizard();
    PresentationWindow lesson(loadBuiltInLesson(QStringLiteral("cold-start.lesson.json")), 1080);
    lesson.resize(1920, 1080);
    lesson.show();
    QApplication::processEvents();
    // Every chart tab and wizard page once, so that each has built its texts.
    for (int i = 0; i < window.chartTabs()->count(); ++i) window.chartTabs()->setCurrentIndex(i);
    const auto english = visibleTexts();
    QVERIFY(english.size() > 100);

    LanguageSwitch::instance().apply(QStringLiteral("ja"));
    QApplication::processEvents();
    QCOMPARE(QLocale().language(), QLocale::Japanese);
    const auto japanese = visibleTexts();
    const auto japaneseTexts =
        std::count_if(japanese.keyBegin(), japanese.keyEnd(), [](const QString& t) {
          return std::any_of(t.begin(), t.end(), [](QChar c) {
            return c.unicode() >= 0x3040 && c.unicode() <= 0x9fff;
          });
        });
    QVERIFY2(japaneseTexts > 150, qPrintable(QString::number(japaneseTexts)));
    QStringList untranslated;
    for (auto it = japanese.begin(); it != japanese.end(); ++it) {
      if (english.contains(it.key()) && !onlyNames(it.key())) untranslated << it.value();
    }
    for (const auto& u : untranslated) qWarning("untranslated: %s", qPrintable(u.left(160)));
    QVERIFY2(untranslated.isEmpty(),
             qPrintable(
                 QStringLiteral("%1 texts untranslated (listed above)").arg(untranslated.size())));

    // And back, without a restart: the English texts as they were.
    LanguageSwitch::instance().apply(QStringLiteral("en"));
    QApplication::processEvents();
    const auto again = visibleTexts();
    QStringList lost;
    for (auto it = english.begin(); it != english.end(); ++it)
      if (!again.contains(it.key())) lost << it.value();
    for (const auto& l : lost) qWarning("not back in English: %s", qPrintable(l.left(160)));
    QVERIFY2(
        lost.isEmpty(),
        qPrintable(QStringLiteral("%1 texts not back in English (listed above)").arg(lost.size())));
    wizard->close();
  }

  // Every text of the UI has its Japanese, not only those the test above reaches on screen (a
  // row's hover, a page shown only for a model file): the catalogue has no entry left unfinished
  // or empty. lrelease drops such entries with a count nobody reads, and the UI shows English.
  void japaneseCatalogueHasNoUnfinishedEntry() {
    QFile ts(QStringLiteral(INFERSCOPE_SOURCE_DIR "/gui/i18n/inferscope_ja.ts"));
    QVERIFY(ts.open(QIODevice::ReadOnly));
    QXmlStreamReader xml(&ts);
    QString source;
    QStringList unfinished;
    int translated = 0;
    while (!xml.atEnd()) {
      if (xml.readNext() != QXmlStreamReader::StartElement) continue;
      if (xml.name() == QStringLiteral("source")) {
        source = xml.readElementText();
      } else if (xml.name() == QStringLiteral("translation")) {
        const bool marked =
            xml.attributes().value(QStringLiteral("type")) == QStringLiteral("unfinished");
        // A plural's forms are child elements (<numerusform>): their text counts.
        const QString text = xml.readElementText(QXmlStreamReader::IncludeChildElements);
        if (marked || text.trimmed().isEmpty())
          unfinished << source.left(120);
        else
          ++translated;
      }
    }
    QVERIFY2(!xml.hasError(), qPrintable(xml.errorString()));
    for (const auto& u : unfinished) qWarning("not translated: %s", qPrintable(u));
    QVERIFY2(translated > 500, qPrintable(QString::number(translated)));
    QVERIFY2(unfinished.isEmpty(),
             qPrintable(QStringLiteral("%1 texts without Japanese").arg(unfinished.size())));
  }

  void localeFormatsNumbers() {
    LanguageSwitch::instance().apply(QStringLiteral("ja"));
    QCOMPARE(QLocale().toString(37618.0, 'f', 0),
             QLocale(QLocale::Japanese).toString(37618.0, 'f', 0));
    LanguageSwitch::instance().apply(QString());  // the system's
    QCOMPARE(LanguageSwitch::instance().choice(), QString());
  }
};

INFERSCOPE_GUI_TEST_MAIN(TestI18n, QApplication)
#include "tst_i18n.moc"
