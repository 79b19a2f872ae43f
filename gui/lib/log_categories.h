// The GUI's logging categories, one per subsystem, so that one kind of trouble can be traced
// without the rest: QT_LOGGING_RULES="inferscope.jobs.debug=true" shows every dropped job,
// "inferscope.session.debug=true" every session file read. Warnings print by default.
//   inferscope.jobs     JobTracker: jobs started, dropped as stale or orphaned, failed
//   inferscope.session  SessionLoader and SessionDocument: reads, re-analysis, ranking
//   inferscope.export   SessionExportController: autosave
//   inferscope.tune     the tuner child process and its event stream
//   inferscope.live     a lesson's live run and its child process
#pragma once

#include <QLoggingCategory>

namespace inferscope::gui {

Q_DECLARE_LOGGING_CATEGORY(jobsLog)
Q_DECLARE_LOGGING_CATEGORY(sessionLog)
Q_DECLARE_LOGGING_CATEGORY(exportLog)
Q_DECLARE_LOGGING_CATEGORY(tuneLog)
Q_DECLARE_LOGGING_CATEGORY(liveLog)

}  // namespace inferscope::gui
