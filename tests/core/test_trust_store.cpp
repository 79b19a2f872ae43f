// SHA-256 against the FIPS 180-4 examples, and the trust store: hashes remembered across
// instances, written privately, an edited file refused, untrusted files refused with the remedy.
#include <gtest/gtest.h>
#include <sys/stat.h>

#include <cstdlib>
#include <filesystem>
#include <fstream>

#include "core/common/error.h"
#include "core/common/sha256.h"
#include "core/common/trust_store.h"

namespace inferscope {
namespace {

namespace fs = std::filesystem;

TEST(Sha256, MatchesTheStandardsExamples) {
  EXPECT_EQ(sha256Hex(""), "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855");
  EXPECT_EQ(sha256Hex("abc"), "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad");
  EXPECT_EQ(sha256Hex("abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq"),
            "248d6a61d20638b8e5c026930c3e6039a33ce45964ff2167f6ecedd419db06c1");
  EXPECT_EQ(sha256Hex(std::string(1000000, 'a')),
            "cdc76e5c9914fb9281a1c7e284d73e67f1809a48a497200e046d39ccc7112cd0");
}

TEST(Sha256, FedInPiecesEqualsAllAtOnce) {
  std::string text;
  for (int i = 0; i < 300; ++i) text += static_cast<char>(i * 7);
  Sha256 pieces;
  for (std::size_t at = 0; at < text.size(); at += 13) pieces.update(text.substr(at, 13));
  EXPECT_EQ(pieces.hexDigest(), sha256Hex(text));
}

class TrustStoreTest : public ::testing::Test {
 protected:
  void SetUp() override {
    dir_ = fs::temp_directory_path() /
           ("inferscope-trust-" + std::to_string(::getpid()) + "-" +
            ::testing::UnitTest::GetInstance()->current_test_info()->name());
    fs::remove_all(dir_);
    fs::create_directories(dir_);
    model_ = (dir_ / "model.pt").string();
    write(model_, "pretend TorchScript bytes");
  }
  void TearDown() override { fs::remove_all(dir_); }
  static void write(const std::string& path, const std::string& text) {
    std::ofstream(path, std::ios::binary) << text;
  }
  std::string storePath() const {
    return (dir_ / "config" / "inferscope" / "trusted.json").string();
  }

  fs::path dir_;
  std::string model_;
};

TEST_F(TrustStoreTest, RemembersTrustedHashesPrivately) {
  const auto hash = sha256OfFile(model_);
  {
    TrustStore store(storePath());
    EXPECT_FALSE(store.isTrusted(hash));
    store.trust(hash, model_);
  }
  TrustStore again(storePath());
  EXPECT_TRUE(again.isTrusted(hash));
  ASSERT_EQ(again.entries().size(), 1u);
  EXPECT_EQ(again.entries().front().path, model_);
  struct stat st {};
  ASSERT_EQ(::stat(storePath().c_str(), &st), 0);
  EXPECT_EQ(st.st_mode & 0777, 0600u);
  ASSERT_EQ(::stat(fs::path(storePath()).parent_path().c_str(), &st), 0);
  EXPECT_EQ(st.st_mode & 0777, 0700u);
  EXPECT_TRUE(again.revoke(hash));
  EXPECT_FALSE(again.revoke(hash));
  EXPECT_FALSE(TrustStore(storePath()).isTrusted(hash));
}

TEST_F(TrustStoreTest, DefaultPathFollowsXdgConfigHome) {
  const char* old = std::getenv("XDG_CONFIG_HOME");
  const std::string saved = old ? old : "";
  ::setenv("XDG_CONFIG_HOME", (dir_ / "xdg").c_str(), 1);
  EXPECT_EQ(TrustStore::defaultPath(), (dir_ / "xdg" / "inferscope" / "trusted.json").string());
  if (old)
    ::setenv("XDG_CONFIG_HOME", saved.c_str(), 1);
  else
    ::unsetenv("XDG_CONFIG_HOME");
}

TEST_F(TrustStoreTest, MalformedOrSymlinkedStoreIsRefusedByName) {
  fs::create_directories(fs::path(storePath()).parent_path());
  write(storePath(), "{\"trusted\": [{\"sha256\": \"not a hash\"}]}");
  try {
    TrustStore store(storePath());
    FAIL() << "a malformed store was read";
  } catch (const Error& e) {
    EXPECT_NE(std::string(e.what()).find(storePath()), std::string::npos) << e.what();
  }
  fs::remove(storePath());
  fs::create_symlink(model_, storePath());
  EXPECT_THROW(TrustStore{storePath()}, Error);
}

TEST_F(TrustStoreTest, HashingRefusesWhatIsNotARegularFile) {
  const auto fifo = (dir_ / "model.pt2").string();
  ASSERT_EQ(::mkfifo(fifo.c_str(), 0600), 0);
  for (const auto& path : {fifo, dir_.string()}) {
    try {
      sha256OfFile(path);  // a FIFO must not block: nobody writes to it
      FAIL() << path << " was hashed";
    } catch (const Error& e) {
      EXPECT_NE(std::string(e.what()).find("is not a regular file"), std::string::npos) << e.what();
    }
  }
  try {
    sha256OfFile((dir_ / "missing.pt").string());
    FAIL() << "a missing file was hashed";
  } catch (const Error& e) {
    EXPECT_EQ(e.kind(), ErrorKind::ModelLoad);
    EXPECT_NE(std::string(e.what()).find("does not exist"), std::string::npos) << e.what();
  }
}

TEST_F(TrustStoreTest, VerifyRefusesUntrustedAndChangedFiles) {
  try {
    verifyTrustedFile(model_, "");
    FAIL() << "an untrusted file passed";
  } catch (const Error& e) {
    EXPECT_EQ(e.kind(), ErrorKind::InvalidInput);
    EXPECT_NE(std::string(e.what()).find("inferscope-cli trust " + model_), std::string::npos)
        << e.what();
  }
  const auto hash = sha256OfFile(model_);
  std::string bytes;
  EXPECT_EQ(verifyTrustedFile(model_, hash, &bytes), hash);
  EXPECT_EQ(bytes, "pretend TorchScript bytes");
  write(model_, "swapped in after the user trusted the file");
  try {
    verifyTrustedFile(model_, hash);
    FAIL() << "a changed file passed";
  } catch (const Error& e) {
    EXPECT_NE(std::string(e.what()).find("changed after it was trusted"), std::string::npos)
        << e.what();
  }
}

}  // namespace
}  // namespace inferscope
