// Which worker program the run layer starts for a front end that does not name one (the GUI): the
// override, the installed one under the install prefix, the build tree's, one beside the program.
#include <gtest/gtest.h>

#include <cstdlib>
#include <set>
#include <string>

#include "core/runner/worker_location.h"

namespace inferscope::runner {
namespace {

const WorkerLocations kLocations{"/usr/local", "/usr/local/bin/inferscope-cli",
                                 "/home/dev/inferscope/build/cli/inferscope-cli"};

// `exists` over a fixed set of files: the choice is a function of paths alone.
auto filesAre(std::set<std::string> files) {
  return [files = std::move(files)](const std::string& path) { return files.count(path) > 0; };
}

TEST(WorkerLocation, InstalledProgramUsesTheInstalledWorker) {
  // Even when the build tree still exists: an installed GUI never runs a developer's build.
  EXPECT_EQ(chooseWorkerExecutable("/usr/local/bin/inferscope", kLocations, "",
                                   filesAre({kLocations.build_tree, kLocations.installed})),
            "/usr/local/bin/inferscope-cli");
}

TEST(WorkerLocation, BuildTreeProgramUsesTheBuildTreesWorker) {
  EXPECT_EQ(chooseWorkerExecutable("/home/dev/inferscope/build/gui/inferscope", kLocations, "",
                                   filesAre({kLocations.build_tree, kLocations.installed})),
            kLocations.build_tree);
  // A test binary of the build tree too.
  EXPECT_EQ(chooseWorkerExecutable("/home/dev/inferscope/build/tests/gui/tst_wizard", kLocations,
                                   "", filesAre({kLocations.build_tree})),
            kLocations.build_tree);
}

TEST(WorkerLocation, PrefixIsAFolderNotAStringPrefix) {
  // /usr/local2 is not under /usr/local.
  EXPECT_EQ(chooseWorkerExecutable("/usr/local2/bin/inferscope", kLocations, "",
                                   filesAre({kLocations.build_tree})),
            kLocations.build_tree);
}

TEST(WorkerLocation, OverrideWins) {
  EXPECT_EQ(chooseWorkerExecutable("/usr/local/bin/inferscope", kLocations, "/tmp/stand-in.sh",
                                   filesAre({kLocations.installed})),
            "/tmp/stand-in.sh");
}

TEST(WorkerLocation, PackageUnderAnotherPrefixUsesTheWorkerBesideIt) {
  // CPack's .deb installs under /usr while the build was configured for /usr/local.
  EXPECT_EQ(chooseWorkerExecutable("/usr/bin/inferscope", kLocations, "",
                                   filesAre({"/usr/bin/inferscope-cli"})),
            "/usr/bin/inferscope-cli");
}

TEST(WorkerLocation, NothingFoundNamesTheBuildTreesPath) {
  EXPECT_EQ(chooseWorkerExecutable("/opt/x/inferscope", kLocations, "", filesAre({})),
            kLocations.build_tree);
}

TEST(WorkerLocation, DefaultLauncherRunsTheWorkerCommand) {
  // This test binary lives in the build tree: its worker is the build tree's inferscope-cli,
  // unless the variable names another.
  ::unsetenv("INFERSCOPE_WORKER_EXECUTABLE");
  const auto launcher = defaultWorkerLauncher();
  EXPECT_EQ(launcher.executable, configuredWorkerLocations().build_tree);
  EXPECT_NE(launcher.executable.find("inferscope-cli"), std::string::npos);
  ASSERT_EQ(launcher.arguments.size(), 1U);
  EXPECT_EQ(launcher.arguments[0], "worker");
  ::setenv("INFERSCOPE_WORKER_EXECUTABLE", "/bin/sh", 1);
  EXPECT_EQ(defaultWorkerLauncher().executable, "/bin/sh");
  ::unsetenv("INFERSCOPE_WORKER_EXECUTABLE");
}

TEST(WorkerLocation, ConfiguredInstalledWorkerIsUnderThePrefix) {
  const auto locations = configuredWorkerLocations();
  EXPECT_EQ(locations.installed.rfind(locations.install_prefix, 0), 0U) << locations.installed;
  EXPECT_NE(locations.build_tree.find("cli/inferscope-cli"), std::string::npos)
      << locations.build_tree;
}

}  // namespace
}  // namespace inferscope::runner
