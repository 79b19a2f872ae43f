// JSON mapping of the cuDNN ledger (nlohmann/json behind a string interface, like session files).
// The ledger lives in session files under "cudnn_ledgers" and exports alone with the same mapping
// (`inferscope-cli cudnn --json`); docs/CUDNN_LEDGER.md documents the fields.
#pragma once

#include <string>
#include <string_view>

#include "core/cudnn/cudnn_ledger.h"

namespace inferscope::cudnn {

inline constexpr int kLedgerSchema = 1;

// indent < 0: one line.
std::string ledgerToJson(const CudnnLedger& ledger, int indent = -1);
// Throws Error(InvalidInput) naming `origin` and the field when the text is not a ledger.
CudnnLedger ledgerFromJson(std::string_view text, const std::string& origin = "<ledger>");

}  // namespace inferscope::cudnn
