// Session files (*.inferscope.json): versioned JSON holding a whole SessionResult. Written
// atomically (temp file + rename) so a crash never leaves half a file; read with clear errors
// naming the file and what is wrong with it.
#pragma once

#include <string>
#include <string_view>

#include "core/engine/session_result.h"

namespace inferscope {

inline constexpr int kSessionSchema = 1;
inline constexpr const char* kSessionExtension = ".inferscope.json";

std::string sessionToJson(const SessionResult& session, int indent = 1);
// `origin` names the source in error messages (a path, or "<memory>").
SessionResult sessionFromJson(std::string_view text, const std::string& origin = "<memory>");

// The parts on their own: an isolated child process receives its request and streams each config's
// result back as one JSON line (NDJSON), in the same mapping a session file uses.
std::string requestToJson(const ProfileRequest& request);
ProfileRequest requestFromJson(std::string_view text, const std::string& origin = "<request>");
std::string configResultToJson(const ConfigResult& result);  // one line
ConfigResult configResultFromJson(std::string_view text, const std::string& origin = "<config>");
std::string deviceInfoToJson(const DeviceInfo& device);
DeviceInfo deviceInfoFromJson(std::string_view text);

void saveSession(const SessionResult& session, const std::string& path);
SessionResult loadSession(const std::string& path);

// Writes `contents` to `path` through a temp file in the same folder and a rename.
void writeFileAtomically(const std::string& path, std::string_view contents);
std::string readFile(const std::string& path);

}  // namespace inferscope
