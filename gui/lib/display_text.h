// Text from files on its way to the screen. A session file is anyone's data, and its free text (the
// host, a config's message, a model, device or library name, a verdict) has no length limit in the
// format: a 300 000-character host laid out in one label widened the window until allocation
// failed. Every such string passes through here before it reaches a label, title, tooltip, table
// cell or log line:
//   line()    one line (control characters become spaces) of at most kLineChars characters, cut
//             with "…" — for labels, titles, cells and log lines;
//   details() at most kDetailsChars characters, hard-wrapped at kWrapChars so that no tooltip or
//             details view is wider than a screen — where a user reads the text in full.
// Both read at most a bounded prefix of a std::string, so their cost does not grow with the file.
// Widgets showing such text must not size the window from it either (QSizePolicy::Ignored or word
// wrap): the bound keeps the layout cheap, the policy keeps the window within the screen.
#pragma once

#include <QString>
#include <algorithm>
#include <string>
#include <string_view>

namespace inferscope::gui::display_text {

inline constexpr int kLineChars = 200;
inline constexpr int kDetailsChars = 4000;
inline constexpr int kWrapChars = 120;

namespace detail {

// The first `max_chars` characters of UTF-8 text, decoding no more than needed (a UTF-8 character
// is at most 4 bytes); `cut` says whether anything was left off.
inline QString prefix(std::string_view utf8, int max_chars, bool* cut) {
  const std::size_t max_bytes = static_cast<std::size_t>(max_chars) * 4 + 4;
  QString text =
      QString::fromUtf8(utf8.data(), static_cast<qsizetype>(std::min(utf8.size(), max_bytes)));
  *cut = utf8.size() > max_bytes || text.size() > max_chars;
  if (text.size() > max_chars) {
    qsizetype end = max_chars;
    if (text.at(end - 1).isHighSurrogate()) --end;  // never half a character
    text.truncate(end);
  }
  return text;
}

inline bool isBreak(QChar c) {
  return c == QLatin1Char('\n');
}

}  // namespace detail

// One line of at most `max_chars` characters (plus "…" when cut).
inline QString line(std::string_view utf8, int max_chars = kLineChars) {
  bool cut = false;
  QString text = detail::prefix(utf8, max_chars, &cut);
  for (QChar& c : text) {
    if (c.category() == QChar::Other_Control || c == QChar::LineSeparator ||
        c == QChar::ParagraphSeparator)
      c = QLatin1Char(' ');
  }
  if (cut) text += QChar(0x2026);
  return text;
}

inline QString line(const QString& text, int max_chars = kLineChars) {
  const QByteArray utf8 = text.left(max_chars + 1).toUtf8();  // one more: whether it was cut
  return line(std::string_view(utf8.constData(), static_cast<std::size_t>(utf8.size())), max_chars);
}

// At most `max_chars` characters (plus "…" when cut), otherwise as it is: for lists that scroll.
inline QString bounded(const QString& text, int max_chars = kDetailsChars) {
  if (text.size() <= max_chars) return text;
  qsizetype end = max_chars;
  if (text.at(end - 1).isHighSurrogate()) --end;
  return text.left(end) + QChar(0x2026);
}

// Up to `max_chars` characters, line breaks kept, every line wrapped at kWrapChars.
inline QString details(std::string_view utf8, int max_chars = kDetailsChars) {
  bool cut = false;
  const QString text = detail::prefix(utf8, max_chars, &cut);
  QString out;
  out.reserve(text.size() + text.size() / kWrapChars + 2);
  int column = 0;
  for (QChar c : text) {
    if (detail::isBreak(c)) {
      out += c;
      column = 0;
      continue;
    }
    if (column == kWrapChars) {
      out += QLatin1Char('\n');
      column = 0;
    }
    out += c.category() == QChar::Other_Control ? QChar(QLatin1Char(' ')) : c;
    ++column;
  }
  if (cut) out += QChar(0x2026);
  return out;
}

inline QString details(const QString& text, int max_chars = kDetailsChars) {
  const QByteArray utf8 = text.left(max_chars + 1).toUtf8();
  return details(std::string_view(utf8.constData(), static_cast<std::size_t>(utf8.size())),
                 max_chars);
}

}  // namespace inferscope::gui::display_text
