#include "gui/lib/ui_lang.h"

namespace inferscope::gui {
namespace {

// The GUI's thread only: set by LanguageSwitch, read while views rebuild.
text::Lang g_ui_lang = text::Lang::En;

}  // namespace

text::Lang uiLang() {
  return g_ui_lang;
}

void setUiLang(text::Lang lang) {
  g_ui_lang = lang;
}

}  // namespace inferscope::gui
