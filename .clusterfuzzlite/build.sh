#!/bin/bash -eu
# Builds collide's libFuzzer harnesses the OSS-Fuzz way: the core and the
# harnesses with $CC $CFLAGS, linked by $CXX $CXXFLAGS with $LIB_FUZZING_ENGINE,
# into $OUT with each harness's seed corpus (seeds and regressions) and dictionary.
# Checked locally with the variables OSS-Fuzz sets (see fuzz/README.md).
SRC_DIR="${SRC:-$(cd "$(dirname "$0")/.." && pwd)}"
[ -d "$SRC_DIR/collide" ] && SRC_DIR="$SRC_DIR/collide"
cd "$SRC_DIR"
WORK="${WORK:-$(mktemp -d)}/collide-oss"
mkdir -p "$WORK" "$OUT"
COMMON="-std=c11 -ffp-contract=off -fno-math-errno -Icore/include -Icore/src"
objs=()
for f in core/src/*.c; do
  o="$WORK/$(basename "$f" .c).o"
  $CC $CFLAGS $COMMON -c "$f" -o "$o"
  objs+=("$o")
done
ar rcs "$WORK/libcollide.a" "${objs[@]}"

seed_corpus() { # harness
  local files=()
  for d in "fuzz/corpus/$1" "fuzz/regressions/$1"; do
    [ -d "$d" ] && for f in "$d"/*; do files+=("$f"); done
  done
  rm -f "$OUT/fuzz_$1_seed_corpus.zip"
  [ ${#files[@]} -gt 0 ] && zip -j -q "$OUT/fuzz_$1_seed_corpus.zip" "${files[@]}"
  [ -f "fuzz/$1.dict" ] && cp "fuzz/$1.dict" "$OUT/fuzz_$1.dict"
  return 0
}

for h in static dynamic distance; do
  $CC $CFLAGS $COMMON -c "fuzz/fuzz_$h.c" -o "$WORK/fuzz_$h.o"
  $CXX $CXXFLAGS "$WORK/fuzz_$h.o" "$WORK/libcollide.a" $LIB_FUZZING_ENGINE -lm -o "$OUT/fuzz_$h"
  seed_corpus "$h"
done

# The Lua API harness needs the binding and liblua.
LUA_CFLAGS="$(pkg-config --cflags lua5.4)"
LUA_LIBS="$(pkg-config --libs lua5.4)"
BIND=(lua_bindings/module/lcollide.c lua_bindings/module/lshape.c lua_bindings/module/larray.c)
for f in "${BIND[@]}" lua_bindings/tools/lfuzz.c fuzz/fuzz_lua.c; do
  $CC $CFLAGS $COMMON $LUA_CFLAGS -Ilua_bindings/module -c "$f" -o "$WORK/lua_$(basename "$f" .c).o"
done
$CXX $CXXFLAGS "$WORK"/lua_*.o "$WORK/libcollide.a" $LIB_FUZZING_ENGINE $LUA_LIBS -lm -o "$OUT/fuzz_lua"
seed_corpus lua

# The sandbox under hostile scripts: the binding, the runner's sandbox and the program builder
# (expect.c embeds expect.lua through a generated header).
cmake -DIN=lua_bindings/runner/expect.lua -DOUT="$WORK/expect_lua.h" -DNAME=expect_lua -P lua_bindings/runner/embed.cmake
for f in "${BIND[@]}" lua_bindings/runner/sandbox.c lua_bindings/runner/expect.c lua_bindings/runner/text.c \
         lua_bindings/runner/svg.c lua_bindings/tools/hostile.c fuzz/fuzz_runner.c; do
  $CC $CFLAGS $COMMON $LUA_CFLAGS -D_POSIX_C_SOURCE=200809L -Ilua_bindings/module -Ilua_bindings/runner -I"$WORK" \
    -c "$f" -o "$WORK/run_$(basename "$f" .c).o"
done
$CXX $CXXFLAGS "$WORK"/run_*.o "$WORK/libcollide.a" $LIB_FUZZING_ENGINE $LUA_LIBS -ldl -lpthread -lm -o "$OUT/fuzz_runner"
seed_corpus runner
