// Presentation mode (issue #18) on the built-in lessons, offscreen at 1920×1080: every slide of
// every lesson in English and in Japanese — its narration filled from the data (no placeholder
// left, the UI language's script), its highlight drawn on the real chart, the progress row — the
// keyboard (→/Space/PageDown forward, ←/Backspace back, Home/End, Esc leaves), a lesson whose
// data is not recorded yet, the hand-outs (PNG series, PDF) and the main window's Lessons menu.
#include <qcustomplot.h>

#include <QApplication>
#include <QFile>
#include <QLocale>
#include <QMenuBar>
#include <QSignalSpy>
#include <QTemporaryDir>
#include <QTest>

#include "gui/lib/lesson_catalog.h"
#include "gui/widgets/lesson_handout.h"
#include "gui/widgets/lesson_stage.h"
#include "gui/widgets/lessons_menu.h"
#include "gui/widgets/main_window.h"
#include "gui/widgets/presentation_window.h"
#include "tests/gui/gui_test_main.h"

using namespace inferscope;
using namespace inferscope::gui;
using Kind = PresentationWindow::SlideKind;

namespace {

bool hasJapanese(const QString& text) {
  for (const QChar c : text)
    if (c.unicode() >= 0x3040 && c.unicode() <= 0x9fff) return true;
  return false;
}

void setLanguage(QLocale::Language language) {
  QLocale::setDefault(QLocale(language));
  // What the language switch sends every widget (main window: LanguageSwitch).
  for (auto* w : QApplication::allWidgets()) {
    QEvent change(QEvent::LanguageChange);
    QApplication::sendEvent(w, &change);
  }
}

std::unique_ptr<PresentationWindow> open(const QString& file) {
  auto w = std::make_unique<PresentationWindow>(loadBuiltInLesson(file), 1080);
  w->resize(1920, 1080);
  w->show();
  return w;
}

}  // namespace

class TestPresentation : public QObject {
  Q_OBJECT

 private slots:
  void cleanup() { QLocale::setDefault(QLocale(QLocale::English)); }

  void everySlideOfEveryLessonInBothLanguages_data() {
    QTest::addColumn<QString>("file");
    QTest::addColumn<bool>("japanese");
    for (const auto& e : builtInLessons()) {
      for (const bool ja : {false, true}) {
        QTest::newRow(qPrintable(
            QStringLiteral("%1 %2").arg(QString::fromStdString(e.lesson.id), ja ? "ja" : "en")))
            << e.file << ja;
      }
    }
  }
  void everySlideOfEveryLessonInBothLanguages() {
    QFETCH(QString, file);
    QFETCH(bool, japanese);
    QLocale::setDefault(QLocale(japanese ? QLocale::Japanese : QLocale::English));
    auto w = open(file);
    const auto& lesson = w->lesson();
    if (!lesson.available) {
      // Listed, with the run that records it, on a single slide.
      QCOMPARE(w->slides().size(), std::size_t{1});
      QVERIFY2(w->captionText().contains(QStringLiteral("inferscope-cli")),
               qPrintable(w->captionText()));
      QVERIFY(QString::fromStdString(lesson.unavailable_reason)
                  .contains(QStringLiteral("session not recorded yet")));
      return;
    }
    const int n = static_cast<int>(w->slides().size());
    QCOMPARE(n, static_cast<int>(lesson.lesson.steps.size()) + 3);  // + question, answer, live
    QCOMPARE(hasJapanese(w->titleText()), japanese);
    for (int i = 0; i < n; ++i) {
      QCOMPARE(w->currentSlide(), i);
      const auto& slide = w->slides()[static_cast<std::size_t>(i)];
      const QString caption = w->captionText();
      QVERIFY2(!caption.isEmpty(), qPrintable(QStringLiteral("slide %1").arg(i)));
      QVERIFY2(!caption.contains(QLatin1Char('{')), qPrintable(caption));
      if (slide.kind != Kind::Live) QCOMPARE(hasJapanese(caption), japanese);
      QCOMPARE(w->progressText(), QStringLiteral("%1 / %2").arg(i + 1).arg(n));
      if (slide.kind == Kind::Step) {
        const auto& target = lesson.lesson.steps[static_cast<std::size_t>(slide.step)].target;
        const bool marks = target.kind != lessons::TargetKind::Config;
        QVERIFY(w->stage()->highlightPlot() != nullptr);
        if (marks)
          QVERIFY2(w->stage()->highlightItemCount() > 0,
                   qPrintable(QStringLiteral("slide %1 has no highlight").arg(i)));
      }
      if (slide.kind == Kind::Question)
        QCOMPARE(w->stage()->highlightItemCount(), 0);  // the answer is not given away
      w->renderNow();
      QTest::keyClick(w.get(), i % 2 ? Qt::Key_Space : Qt::Key_Right);
    }
    QCOMPARE(w->currentSlide(), n - 1);  // stays on the last slide
  }

  void keyboard() {
    auto w = open(QStringLiteral("cold-start.lesson.json"));
    QTest::keyClick(w.get(), Qt::Key_PageDown);
    QTest::keyClick(w.get(), Qt::Key_Right);
    QCOMPARE(w->currentSlide(), 2);
    QTest::keyClick(w.get(), Qt::Key_Left);
    QCOMPARE(w->currentSlide(), 1);
    QTest::keyClick(w.get(), Qt::Key_Backspace);
    QTest::keyClick(w.get(), Qt::Key_Left);  // not before the first
    QCOMPARE(w->currentSlide(), 0);
    QTest::keyClick(w.get(), Qt::Key_End);
    QCOMPARE(w->currentSlide(), static_cast<int>(w->slides().size()) - 1);
    QTest::keyClick(w.get(), Qt::Key_Home);
    QCOMPARE(w->currentSlide(), 0);
    QSignalSpy closed(w.get(), &PresentationWindow::closed);
    QTest::keyClick(w.get(), Qt::Key_Escape);
    QCOMPARE(closed.count(), 1);
    QVERIFY(!w->isVisible());
  }

  void languageSwitchRefillsTheSlide() {
    auto w = open(QStringLiteral("compilation.lesson.json"));
    w->showSlide(w->keySlide());
    const QString english = w->captionText();
    QVERIFY(!hasJapanese(english));
    setLanguage(QLocale::Japanese);
    QVERIFY2(hasJapanese(w->captionText()), qPrintable(w->captionText()));
    QVERIFY(hasJapanese(w->titleText()));
    setLanguage(QLocale::English);
    QCOMPARE(w->captionText(), english);
  }

  void numbersFollowTheLocale() {
    // The compilation lesson's break-even is in the tens of thousands: grouped as the locale does.
    const auto lesson = loadBuiltInLesson(QStringLiteral("compilation.lesson.json"));
    const double images = lesson.values.at("break_even_images");
    QVERIFY(images > 10000);
    QLocale::setDefault(QLocale(QLocale::German));
    const QString text =
        lessonText({"{break_even_images:.0f}", "{break_even_images:.0f}"}, lesson.values);
    QCOMPARE(text, QLocale(QLocale::German).toString(images, 'f', 0));
    QVERIFY(text.contains(QLatin1Char('.')));  // 1.203.773
  }

  void handouts() {
    auto w = open(QStringLiteral("tf32.lesson.json"));
    w->showSlide(2);
    QTemporaryDir dir;
    QString error;
    const QStringList pngs = exportHandoutPngs(*w, dir.filePath(QStringLiteral("pngs")), &error);
    QCOMPARE(pngs.size(), static_cast<int>(w->slides().size()));
    QCOMPARE(w->currentSlide(), 2);  // back where it was
    QImage first(pngs.front());
    QCOMPARE(first.size(), QSize(1920, 1080));
    const QString pdf = dir.filePath(QStringLiteral("tf32.pdf"));
    QVERIFY2(exportHandoutPdf(*w, pdf, &error), qPrintable(error));
    QFile file(pdf);
    QVERIFY(file.open(QIODevice::ReadOnly));
    QVERIFY(file.read(5) == "%PDF-");
    QVERIFY(file.size() > 50'000);  // pictures, not empty pages
    QVERIFY(!exportHandoutPdf(*w, QStringLiteral("/nonexistent-dir/x.pdf"), &error));
    QVERIFY(!error.isEmpty());
  }

  void unknownLessonIsNamed() {
    QString error;
    QVERIFY(!LessonsMenu::present(QStringLiteral("no-such-lesson"), false, &error));
    QVERIFY2(error.contains(QStringLiteral("cold-start")), qPrintable(error));
  }

  void mainWindowHasTheLessonsMenu() {
    MainWindow window;
    auto* menu = window.findChild<LessonsMenu*>(QStringLiteral("lessonsMenu"));
    QVERIFY(menu);
    QCOMPARE(menu->actions().size(), static_cast<int>(builtInLessons().size()));
    QAction* cold = window.findChild<QAction*>(QStringLiteral("lesson:cold-start"));
    QVERIFY(cold);
    cold->trigger();
    auto* shown = qobject_cast<PresentationWindow*>(QApplication::activeWindow());
    PresentationWindow* presentation = nullptr;
    for (auto* top : QApplication::topLevelWidgets())
      if (auto* p = qobject_cast<PresentationWindow*>(top); p && p->isVisible()) presentation = p;
    Q_UNUSED(shown);
    QVERIFY(presentation);
    QVERIFY(presentation->isFullScreen());
    QTest::keyClick(presentation, Qt::Key_Escape);
    QTRY_VERIFY(!presentation->isVisible() || presentation->isHidden());
  }
};

INFERSCOPE_GUI_TEST_MAIN(TestPresentation, QApplication)
#include "tst_presentation.moc"
