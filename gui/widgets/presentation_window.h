// Presentation mode: one lesson in front of a room. Full screen, black, with fonts
// sized to the screen's height (readable from the back at 1920×1080); the lesson's steps one at a
// time — the real chart with the step's highlight (LessonStage), its narration in a caption band, a
// progress row — then the question, its answer from the data, and how to run it live (R runs the
// command here when this machine can: LiveRunPanel). →, Space and PageDown go forward, ←,
// Backspace and PageUp back, Home/End to the ends, Esc stops a live run, else leaves.
// Works offscreen (tests, screenshots, hand-outs: lesson_handout.h).
#pragma once

#include <QWidget>
#include <functional>

#include "core/lessons/lesson_library.h"

class QLabel;
class QPushButton;

namespace inferscope::gui {

class LessonStage;
class LiveRunPanel;
class StepDots;

class PresentationWindow : public QWidget {
  Q_OBJECT

 public:
  enum class SlideKind { Step, Question, Answer, Live };
  struct Slide {
    SlideKind kind = SlideKind::Step;
    int step = 0;  // the lesson step whose chart the slide shows
  };

  // Projector: white on black, with the title, progress and caption band. Paper: black on white,
  // the chart alone (the hand-out writes the texts beside it as text: lesson_handout.h).
  enum class Look { Projector, Paper };

  // Throws nothing: an unavailable lesson shows its reason on one slide. The charts' fonts are
  // sized for a screen `screen_height` pixels high (0: the window's screen), since a chart takes
  // its fonts when it is built; the captions follow the window's height.
  explicit PresentationWindow(lessons::LoadedLesson lesson, int screen_height = 0,
                              QWidget* parent = nullptr, Look look = Look::Projector);
  ~PresentationWindow() override;

  const lessons::LoadedLesson& lesson() const { return lesson_; }
  const std::vector<Slide>& slides() const { return slides_; }
  int currentSlide() const { return current_; }
  // The slide of the lesson's key step (docs screenshots).
  int keySlide() const;
  LessonStage* stage() const { return stage_; }
  LiveRunPanel* livePanel() const { return live_panel_; }
  QString captionText() const;
  QString titleText() const;
  // The current slide's heading above its caption ("Question", a step's title, …).
  QString stepTitleText() const;
  QString progressText() const;
  // Renders the current slide now (replots included), for grabs.
  void renderNow();
  // Tests only: stands in for "this machine has a CUDA device" in windows built afterwards (an
  // empty function restores the real check).
  static void setCudaProbeForTests(std::function<bool()> probe);

 public slots:
  void showSlide(int index);
  void next();
  void previous();

 signals:
  void slideChanged(int index);
  void closed();

 protected:
  void keyPressEvent(QKeyEvent* event) override;
  void changeEvent(QEvent* event) override;
  void resizeEvent(QResizeEvent* event) override;
  void closeEvent(QCloseEvent* event) override;

 private:
  void applyLook(int screen_height, Look look);
  void fitFonts();
  // The caption whole: a long one (the Run-it-live slide's command, where it runs and the guide's
  // reference, in Japanese on a 4:3 1024×768 projector) steps its font down, never below the
  // room's 20 px at 1080 lines, until the band holds all its lines.
  void fitCaption();
  void refreshTexts();
  QString liveText() const;

  lessons::LoadedLesson lesson_;
  std::vector<Slide> slides_;
  int current_ = -1;
  QLabel* title_;
  QLabel* progress_;
  StepDots* dots_;
  LessonStage* stage_ = nullptr;
  QLabel* unavailable_ = nullptr;
  QLabel* step_title_;
  QLabel* caption_;
  QPushButton* copy_ = nullptr;
  LiveRunPanel* live_panel_ = nullptr;
  bool has_cuda_ = false;         // where "run it live" can run
  bool fitting_caption_ = false;  // fitCaption's layout passes resize nothing again
};

}  // namespace inferscope::gui
