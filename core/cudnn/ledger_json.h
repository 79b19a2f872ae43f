// JSON mapping of the cuDNN ledger: nlohmann/json's to_json/from_json (session files embed the
// value) and text for the exports.
// The ledger lives in session files under "cudnn_ledgers" and exports alone with the same mapping
// (`inferscope-cli cudnn --json`); docs/CUDNN_LEDGER.md documents the fields.
#pragma once

#include <nlohmann/json_fwd.hpp>
#include <string>
#include <string_view>

#include "core/cudnn/cudnn_ledger.h"

namespace inferscope::cudnn {

inline constexpr int kLedgerSchema = 1;

void to_json(nlohmann::json& j, const CudnnLedger& ledger);
// Throws Error(InvalidInput) naming the field when the value is not a ledger.
void from_json(const nlohmann::json& j, CudnnLedger& ledger);

// indent < 0: one line.
std::string ledgerToJson(const CudnnLedger& ledger, int indent = -1);
// Throws Error(InvalidInput) naming `origin` and the field when the text is not a ledger.
CudnnLedger ledgerFromJson(std::string_view text, const std::string& origin = "<ledger>");

}  // namespace inferscope::cudnn
