// The language the window renders core's answers in (text/answer_text.h): View → Language's
// effective language, which LanguageSwitch sets before it retranslates the window, read by the
// models and views that render codes (the Answer page, the Race tab). English until it is set.
#pragma once

#include <QString>
#include <string>

#include "text/lang.h"

namespace inferscope::gui {

text::Lang uiLang();
void setUiLang(text::Lang lang);

// A rendered text (UTF-8) as a QString.
inline QString uiText(const std::string& utf8) {
  return QString::fromStdString(utf8);
}

}  // namespace inferscope::gui
