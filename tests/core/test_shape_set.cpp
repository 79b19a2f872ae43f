#include <gtest/gtest.h>

#include "core/common/error.h"
#include "core/model/shape_set.h"

using namespace inferscope;

namespace {

using Values = std::vector<std::int64_t>;

// The error's text, or "" when the call did not throw InvalidInput.
template <typename F>
std::string invalidMessage(F&& f) {
  try {
    f();
  } catch (const Error& e) {
    if (e.kind() == ErrorKind::InvalidInput) return e.what();
  }
  return "";
}

}  // namespace

TEST(ShapeSet, DimValuesFromListsAndRanges) {
  EXPECT_EQ(parseDimValues("8", "--batch"), (Values{8}));
  EXPECT_EQ(parseDimValues("32,1,8,8", "--batch"), (Values{1, 8, 32}));  // sorted, no repeats
  EXPECT_EQ(parseDimValues("1..256", "--batch"), (Values{1, 2, 4, 8, 16, 32, 64, 128, 256}));
  // The bounds are kept where they are not powers of two.
  EXPECT_EQ(parseDimValues("3..40", "--batch"), (Values{3, 4, 8, 16, 32, 40}));
  EXPECT_EQ(parseDimValues("5..5", "--batch"), (Values{5}));
  EXPECT_EQ(parseDimValues("16..64:16", "--dims S"), (Values{16, 32, 48, 64}));
  EXPECT_EQ(parseDimValues("10..25:10", "--dims S"), (Values{10, 20}));
}

TEST(ShapeSet, BadDimValuesNameTheOptionAndTheToken) {
  for (const char* bad : {"", "0", "-1", "1,,8", "a", "1..", "..8", "8..1", "1..8:0", "1..8:x",
                          "1.5", "99999999999"}) {
    const auto message = invalidMessage([&] { parseDimValues(bad, "--batch"); });
    EXPECT_NE(message.find("--batch"), std::string::npos) << "'" << bad << "': " << message;
  }
  EXPECT_NE(invalidMessage([] { parseDimValues("8..1", "--batch"); }).find("backwards"),
            std::string::npos);
  // A step range counted before it is built: millions of shapes are refused, naming the cap.
  const auto big = invalidMessage([] { parseDimValues("1..16777216:1", "--dims B"); });
  EXPECT_NE(big.find(std::to_string(kMaxShapePoints)), std::string::npos) << big;
  EXPECT_NE(invalidMessage([] { parseDimValues("1..100:1", "--batch"); }), "");
  EXPECT_EQ(parseDimValues("1..64:1", "--batch").size(), kMaxShapePoints);
}

TEST(ShapeSet, BatchListMakesZooPoints) {
  const auto set = parseShapeSet("1,8,32", {}, {});
  ASSERT_EQ(set.points.size(), 3u);
  EXPECT_TRUE(set.isSet());
  EXPECT_EQ(set.labels(), (std::vector<std::string>{"B=1", "B=8", "B=32"}));
  EXPECT_EQ(set.points[1].batch, 8);
  EXPECT_TRUE(set.points[1].inputs.empty());  // the zoo model's defaults at that batch
  EXPECT_FALSE(parseShapeSet("4", {}, {}).isSet());
}

TEST(ShapeSet, SymbolicInputsTakeEveryCombination) {
  const auto set = parseShapeSet("1", {"Bx3x224x224:float16"}, {"B=1..4"});
  ASSERT_EQ(set.points.size(), 3u);
  EXPECT_EQ(set.points[2].inputs.at(0).toString(), "4x3x224x224:float16");
  EXPECT_EQ(set.points[2].batch, 4);
  EXPECT_EQ(set.points[2].label, "B=4");

  const auto two = parseShapeSet("1", {"BxS:int64", "BxS:int64"}, {"B=1,8", "S=16,128"});
  ASSERT_EQ(two.points.size(), 4u);
  EXPECT_EQ(two.labels(),
            (std::vector<std::string>{"B=1 S=16", "B=1 S=128", "B=8 S=16", "B=8 S=128"}));
  EXPECT_EQ(two.points[3].inputs.at(1).toString(), "8x128:int64");
  EXPECT_EQ(two.points[2].batch, 8);
  // Without B the batch is the first input's leading size.
  const auto seq = parseShapeSet("1", {"2xSEQ:int64"}, {"SEQ=16,64"});
  EXPECT_EQ(seq.points[1].inputs.at(0).toString(), "2x64:int64");
  EXPECT_EQ(seq.points[1].batch, 2);
  EXPECT_EQ(seq.points[1].dims, (std::vector<std::pair<std::string, std::int64_t>>{{"SEQ", 64}}));
}

TEST(ShapeSet, ConcreteInputsKeepOneBatch) {
  const auto set = parseShapeSet("4", {"4x16:float32"}, {});
  ASSERT_EQ(set.points.size(), 1u);
  EXPECT_EQ(set.points[0].inputs.at(0).toString(), "4x16:float32");
  EXPECT_EQ(set.points[0].batch, 4);
}

TEST(ShapeSet, RefusesInconsistentOptionsNamingTheCulprit) {
  struct Case {
    std::string batch;
    std::vector<std::string> inputs, dims;
    std::string expected;
  };
  const std::vector<Case> cases{
      {"1", {"Bx3x224x224"}, {}, "--dims B=1,8,32"},              // a symbol without values
      {"1", {"1x3x224x224"}, {"B=1,8"}, "--dims B: no --input"},  // values for no symbol
      {"1", {}, {"S=16"}, "--dims S: no --input"},
      {"1", {"BxS"}, {"B=1", "S=2", "B=4"}, "--dims B is given twice"},
      {"1,8", {"1x3x224x224"}, {}, "--dims B=1,8"},          // a batch list beside concrete inputs
      {"8", {"Bx3"}, {"B=1,2"}, "beside symbolic --input"},  // --batch beside a symbolic batch
      {"1", {"Bx3"}, {"b=1,2"}, "upper-case NAME"},
      {"1", {"Bx3"}, {"B"}, "NAME=VALUES"},
      {"1", {"BadX3"}, {}, "neither a size nor a dimension name"},
      {"1", {"Bx3:float99"}, {"B=1,2"}, "unknown dtype"},
      {"1", {"BxS"}, {"B=1..64:1", "S=1,2"}, "shapes a set may hold"},
  };
  for (const auto& c : cases) {
    const auto message = invalidMessage([&] { parseShapeSet(c.batch, c.inputs, c.dims); });
    EXPECT_NE(message.find(c.expected), std::string::npos)
        << "expected '" << c.expected << "' in: '" << message << "'";
  }
}

TEST(ShapeSet, SymbolDetection) {
  EXPECT_TRUE(isSymbolicInput("Bx3x224x224:float32"));
  EXPECT_TRUE(isSymbolicInput("1xS:int64"));
  EXPECT_FALSE(isSymbolicInput("1x3x224x224:float32"));
  EXPECT_FALSE(isSymbolicInput("1x128"));
}
