#include <gtest/gtest.h>
#include "collide/collide.h"
TEST(Placeholder, Builds) { EXPECT_TRUE(true); }
