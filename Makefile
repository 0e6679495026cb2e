# Thin wrapper over CMake presets (see CMakePresets.json and README.md).
#   make demo   build the Lua module and run scripts/tour.lua with lua5.4
#   make test   unit + Lua tests in double, float, and under ASan+UBSan
# Both install the Debian packages they need first (.ci/deps).

.PHONY: demo test deps-demo deps-test build test-double test-float test-asan install clean

demo: deps-demo
	cmake --preset demo >/dev/null
	cmake --build --preset demo
	LUA_CPATH="$(CURDIR)/build/?.so" lua5.4 scripts/tour.lua

test: deps-test test-double test-float test-asan
	@echo "collide: all configurations passed (double, float, asan+ubsan)"

deps-demo:
	@sh .ci/deps demo

deps-test:
	@sh .ci/deps test

test-double:
	cmake --preset default >/dev/null
	cmake --build --preset default
	ctest --preset default

test-float:
	cmake --preset float >/dev/null
	cmake --build --preset float
	ctest --preset float

test-asan:
	cmake --preset asan >/dev/null
	cmake --build --preset asan
	ctest --preset asan

install: deps-demo
	cmake --preset demo >/dev/null
	cmake --build --preset demo
	cmake --install build

clean:
	rm -rf build build-float build-asan build-fuzz
