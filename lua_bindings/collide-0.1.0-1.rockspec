-- luarocks rockspec of the Lua modules `collide` and `collide.float` and the
-- scenario runner collide-run. From a checkout of the repository, as root or
-- with --local / --tree:
--   luarocks --lua-version=5.4 make lua_bindings/collide-0.1.0-1.rockspec
-- (Debian 12's luarocks defaults to Lua 5.1; collide needs 5.4.) The build is
-- the project's CMake build in Release, without tests, installing only the two
-- modules and collide-run (not the C library: that is `cmake --install`).
rockspec_format = "3.0"
package = "collide"
version = "0.1.0-1"
source = {
   -- built from the checkout by `luarocks make`; there is no release archive yet
   url = "git+file://.",
}
description = {
   summary = "Collision detection for Lua 5.4: static, swept, ray, distance and GJK queries, with a scenario runner",
   detailed = [[
collide is a collision-detection sandbox: a C11 library of intersection tests
(static, swept, ray casts, distances, GJK/EPA, general sweeps) exposed to Lua 5.4
as the module `collide` (double) and `collide.float` (the same API in float),
with collide-run, a sandboxed runner for scenarios that draw pictures.
]],
   labels = { "collision", "geometry", "physics", "games" },
}
dependencies = {
   "lua >= 5.4, < 5.5",
}
build_dependencies = {}
build = {
   type = "cmake",
   variables = {
      CMAKE_BUILD_TYPE = "Release",
      COLLIDE_BUILD_TESTS = "OFF",
      COLLIDE_BUILD_LUA = "ON",
      COLLIDE_INSTALL_C_LIBRARY = "OFF",
      LUA_INCLUDE_DIR = "$(LUA_INCDIR)",
      CMAKE_INSTALL_PREFIX = "$(PREFIX)",
      CMAKE_INSTALL_BINDIR = "bin",
      -- the modules go where luarocks deploys C modules from ...
      COLLIDE_LUA_CMOD_DIR = "$(LIBDIR)",
      -- ... and collide-run, deployed to the tree's bin/, finds collide.float
      -- in the tree's module directory
      COLLIDE_RUN_CMOD_DIR = "lib/lua/5.4",
   },
}
