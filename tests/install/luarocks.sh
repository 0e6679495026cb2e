#!/bin/sh
# The luarocks install as a Lua user does it (issue 19): `luarocks make` of the
# rockspec into a scratch tree, from a copy of the sources (luarocks builds in
# the current directory), then `require "collide"` and `require "collide.float"`
# in lua5.4 with exactly the paths `luarocks path` prints, and the installed
# collide-run loading collide.float from the tree.
# usage: luarocks.sh SOURCE_DIR WORK_DIR [LUA_EXE]
set -eu
src=$1 work=$2 lua=${3:-lua5.4}
rm -rf "$work"
mkdir -p "$work/src"
cp -R "$src/CMakeLists.txt" "$src/cmake" "$src/core" "$src/lua_bindings" "$work/src/"
spec=$(ls "$work"/src/lua_bindings/collide-*.rockspec)
cd "$work/src"
if ! luarocks --lua-version=5.4 --tree "$work/tree" make "$spec" >"$work/make.log" 2>&1; then
  cat "$work/make.log"
  echo "luarocks make failed" >&2
  exit 1
fi
eval "$(luarocks --lua-version=5.4 --tree "$work/tree" path)"
cd "$work"
COLLIDE_TREE="$work/tree/" "$lua" -e '
  local c = require "collide"
  local f = require "collide.float"
  local where = package.searchpath("collide", package.cpath)
  assert(where and where:find(os.getenv("COLLIDE_TREE"), 1, true) == 1, "collide found outside the tree: " .. tostring(where))
  assert(c.real == "double" and f.real == "float", "wrong precisions")
  assert(c.overlap(c.sphere(0, 0, 0, 1), c.point(1, 0, 0)) and f.overlap(f.sphere(0, 0, 0, 1), f.point(1, 0, 0)))
  print("require finds " .. where .. " and collide.float")
'
printf 'local f = require "collide.float"\nexpect(f.real == "float", "collide.float is float")\n' >"$work/float.lua"
"$work/tree/bin/collide-run" --quiet "$work/float.lua"
echo "luarocks make, require from the tree, and the installed collide-run work"
