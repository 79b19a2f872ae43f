// The wizard's Validate page showing a session's saved race as a finished Validate would: the
// race's events through the page's own connections to its TuneJob, as a tune sends them, then its
// end. Shared by the tests that read a Validate result (tst_wizard's sizes, tst_ja_walk's
// Japanese).
#pragma once

#include <QApplication>
#include <memory>

#include "core/engine/session_result.h"
#include "core/tuner/race_record.h"
#include "gui/lib/tune_job.h"
#include "gui/wizard/recommendation_wizard.h"
#include "gui/wizard/wizard_pages.h"

namespace inferscope::gui {

// Walks `wizard` to its Validate page and plays `session`'s first race into it; the page, or
// nullptr where the wizard did not reach it or the page has no job or no outcome after it.
inline ValidationPage* showSavedRaceAsValidated(RecommendationWizard* wizard,
                                                const SessionResult& session) {
  wizard->next();
  wizard->next();
  wizard->next();
  if (wizard->currentId() != int(RecommendationWizard::Validation)) return nullptr;
  auto* page = wizard->validationPage();
  auto* job = page->findChild<TuneJob*>();
  if (!job || session.races.empty()) return nullptr;
  emit job->started();
  for (const auto& e : tuner::raceEvents(session.races.front())) emit job->eventReceived(e);
  emit job->finished(std::make_shared<TuneOutcome>());
  QApplication::processEvents();
  return page->hasOutcome() ? page : nullptr;
}

}  // namespace inferscope::gui
