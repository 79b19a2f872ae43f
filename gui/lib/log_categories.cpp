#include "gui/lib/log_categories.h"

namespace inferscope::gui {

// Debug output off by default: a dropped job is normal (a newer one replaced it), not news.
Q_LOGGING_CATEGORY(jobsLog, "inferscope.jobs", QtInfoMsg)
Q_LOGGING_CATEGORY(sessionLog, "inferscope.session", QtInfoMsg)
Q_LOGGING_CATEGORY(exportLog, "inferscope.export", QtInfoMsg)
Q_LOGGING_CATEGORY(tuneLog, "inferscope.tune", QtInfoMsg)
Q_LOGGING_CATEGORY(liveLog, "inferscope.live", QtInfoMsg)

}  // namespace inferscope::gui
