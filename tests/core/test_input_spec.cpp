#include <gtest/gtest.h>

#include "core/common/error.h"
#include "core/model/input_spec.h"

using namespace inferscope;

TEST(InputSpec, ParsesShapeAndDtype) {
  const auto s = InputSpec::parse("32x3x224x224:float16");
  EXPECT_EQ(s.shape, (std::vector<std::int64_t>{32, 3, 224, 224}));
  EXPECT_EQ(s.dtype, DType::Float16);
  EXPECT_EQ(s.batch(), 32);
  EXPECT_EQ(s.numel(), 32 * 3 * 224 * 224);
  EXPECT_EQ(s.toString(), "32x3x224x224:float16");
}

TEST(InputSpec, DefaultsToFloat32AndRoundTrips) {
  const auto s = InputSpec::parse("1x128");
  EXPECT_EQ(s.dtype, DType::Float32);
  EXPECT_EQ(InputSpec::parse(s.toString()), s);
}

TEST(InputSpec, RejectsBadSpecsWithTheReason) {
  for (const char* bad : {"", "1x", "x3", "1x-3", "1x3:float99", "1xax3", "0x3"}) {
    try {
      InputSpec::parse(bad);
      FAIL() << "accepted '" << bad << "'";
    } catch (const Error& e) {
      EXPECT_EQ(e.kind(), ErrorKind::InvalidInput);
      EXPECT_NE(std::string(e.what()).find("input spec"), std::string::npos) << e.what();
    }
  }
}
