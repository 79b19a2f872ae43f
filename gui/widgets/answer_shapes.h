// The Answer page's section for a session over a shape set: the router's table (the fastest safe
// config per shape), the one config for every shape under the mix against it, each config's knee
// and the largest batches, from the session's record (core/engine/shape_record.h). A ranking of all
// the results together would set a batch of 1 against a batch of 32, so such a session's answer is
// this section rather than the ranked summary.
#pragma once

#include <QCoreApplication>
#include <QString>

namespace inferscope {
struct SessionResult;
}

namespace inferscope::gui {

class AnswerShapes {
  Q_DECLARE_TR_FUNCTIONS(AnswerShapes)

 public:
  // The section's HTML, "" for a session without shapes; `answer_key` (may be null) gets the one
  // config for every shape, or stays as it was when there is none.
  static QString html(const SessionResult* session, QString* answer_key);
};

}  // namespace inferscope::gui
