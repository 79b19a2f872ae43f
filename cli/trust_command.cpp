// `inferscope-cli trust`: which model files may run (docs/SECURITY.md). `trust FILE…` remembers
// the files' content hashes, `--list` shows them, `--revoke FILE|HASH` forgets one. The check every
// model-loading command makes before any model loads, and the `--trust FILE` option that trusts
// files on the way, are applyModelTrust (cli/options/model_options.h).
#include <fmt/format.h>

#include <memory>

#include "cli/cli_common.h"
#include "cli/commands.h"
#include "core/common/printable.h"
#include "core/common/sha256.h"
#include "core/common/trust_store.h"

namespace inferscope::cli {
namespace {

// A path as printed: escaped like any text from a file or a user, newlines and tabs too
// (printableLine), so that a crafted file name can neither drive the terminal nor forge a line of
// `trust --list`.
std::string shown(const std::string& path) {
  return printableLine(path);
}

bool isHash(const std::string& text) {
  return text.size() == 64 && text.find_first_not_of("0123456789abcdef") == std::string::npos;
}

struct TrustOptions {
  std::vector<std::string> files;
  bool list = false;
  std::vector<std::string> revoke;
};

int runTrust(const TrustOptions& o) {
  TrustStore store;
  for (const auto& file : o.files) {
    const auto hash = sha256OfFile(file);
    store.trust(hash, absolutePath(file));
    fmt::print("trusted {} (sha256 {})\n", shown(file), hash);
  }
  for (const auto& what : o.revoke) {
    const auto hash = isHash(what) ? what : sha256OfFile(what);
    if (!store.revoke(hash)) {
      throw Error(ErrorKind::InvalidInput,
                  fmt::format("'{}' (sha256 {}) is not trusted: see `inferscope-cli trust --list`",
                              what, hash));
    }
    fmt::print("revoked {} (sha256 {})\n", shown(what), hash);
  }
  if (o.list) {
    // The store is a file: its paths and times are printed escaped like any text from a file.
    if (store.entries().empty()) fmt::print("no trusted model files ({})\n", shown(store.path()));
    for (const auto& f : store.entries())
      fmt::print("{}  {}  {}\n", shown(f.sha256), shown(f.trusted_utc), shown(f.path));
  }
  return kExitOk;
}

}  // namespace

void addTrustCommand(CLI::App& app, std::function<int()>& action) {
  auto options = std::make_shared<TrustOptions>();
  auto* cmd = app.add_subcommand(
      "trust",
      "trust model files to run: a .pt or .pt2 runs its author's code with your rights, so it "
      "loads only once trusted (remembered by content hash in $XDG_CONFIG_HOME/inferscope/"
      "trusted.json)");
  cmd->add_option("files", options->files, "model files to trust");
  cmd->add_flag("--list", options->list, "list the trusted files' hashes");
  cmd->add_option("--revoke", options->revoke, "forget a trusted file (its path or its sha256)");
  cmd->callback([options, &action] {
    if (options->files.empty() && options->revoke.empty() && !options->list) {
      throw CLI::ValidationError("trust", "name files to trust, or use --list or --revoke FILE");
    }
    action = [options] { return runTrust(*options); };
  });
}

}  // namespace inferscope::cli
