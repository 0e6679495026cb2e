# Thin wrapper over CMake presets (see CMakePresets.json and README.md).
#   make demo   build the Lua modules and collide-run; run scripts/tour.lua, tunneling.lua, raycast.lua,
#               precision.lua, queries.lua, culling.lua, picking.lua, bounding.lua, platformer.lua, bullets.lua and bounce.lua
#               in collide-run,
#               writing their pictures to build/*.svg
#   make pictures  regenerate the README's pictures (docs/pictures/*.svg; a test checks they are current)
#   make test   unit + Lua tests in double, float, and under ASan+UBSan
#   make bench  the benchmarks (bench/README.md): collide-bench (C, -O2, with the
#               peers libccd, ODE, Bullet and FCL when their packages install) and
#               bench/lua_bench.lua; BENCH_ARGS / BENCH_LUA_ARGS pass options
# All install the Debian packages they need first (.ci/deps).

.PHONY: format demo pictures test deps-demo deps-test deps-bench build test-double test-float test-asan fuzz bench install clean

# Arguments of the two benchmark programs (e.g. BENCH_ARGS="--only obb --near").
BENCH_ARGS ?=
BENCH_LUA_ARGS ?=

# Extra ctest arguments of the ASan+UBSan run of `make test` (CI leaves out the
# corpora's replays there: its fuzz stage has just run the same inputs under
# the same sanitizers).
ASAN_CTEST_ARGS ?=

# How long each libFuzzer harness runs in `make fuzz`: FUZZ_SECONDS of random
# exploration by default, FUZZ_JOBS harnesses at a time. CI passes a fixed
# seed and a time per harness (a run count made CI's length follow the
# machine's speed: 30 minutes of fuzzing on 7872f4d). libFuzzer is not
# reproducible between runs anyway (fuzz/README.md).
FUZZ_SECONDS ?= 60
FUZZ_ARGS ?= -max_total_time=$(FUZZ_SECONDS)
FUZZ_HARNESSES = static dynamic distance metamorphic ray hostile world motion lua runner
# How many harnesses run at once (one core each).
FUZZ_JOBS ?= $(shell nproc 2>/dev/null || echo 1)
# Each harness may get its own arguments (e.g. a run count). Inputs per second
# on a 2-core AMD EPYC, ASan+UBSan: distance and ray about 5000; dynamic,
# metamorphic and lua (a whole interpreter per input) about 2000; hostile about
# 900 (hostile magnitudes send the exact sweeps' filters to the exact path);
# static about 400-700 (its boundary sweeps and mid-sweep grazes compare the
# filters with exact arithmetic, which the fuzzer seeks out).
FUZZ_SLOW_ARGS ?= $(FUZZ_ARGS)
FUZZ_STATIC_ARGS ?= $(FUZZ_SLOW_ARGS)
FUZZ_HOSTILE_ARGS ?= $(FUZZ_ARGS)
FUZZ_LUA_ARGS ?= $(FUZZ_ARGS)
# The world harness checks every query against brute force after every
# operation of a sequence (about 150 inputs/s: its general sweeps by GJK).
FUZZ_WORLD_ARGS ?= $(FUZZ_ARGS)
# The motion harness runs every input twice and checks each move against
# sweeps of every body (about 200 inputs/s).
FUZZ_MOTION_ARGS ?= $(FUZZ_ARGS)
# The sandbox under hostile scripts (fuzz_runner): a whole program per input
# (about 40 inputs/s); a run that never ends (-timeout) or a leak that grows the
# process (-rss_limit_mb, -malloc_limit_mb) is a finding.
FUZZ_RUNNER_ARGS ?= $(FUZZ_ARGS)
FUZZ_RUNNER_LIMITS = -timeout=30 -rss_limit_mb=2048 -malloc_limit_mb=512

demo: deps-demo
	cmake --preset demo >/dev/null
	cmake --build --preset demo
	build/collide-run --svg build/tour.svg scripts/tour.lua
	@echo
	build/collide-run --svg build/tunneling.svg --trace build/tunneling.csv scripts/tunneling.lua
	@echo
	build/collide-run --svg build/raycast.svg scripts/raycast.lua
	@echo
	build/collide-run --trace build/precision.jsonl scripts/precision.lua
	@echo
	build/collide-run --svg build/queries.svg scripts/queries.lua
	@echo
	build/collide-run --svg build/culling.svg scripts/culling.lua
	@echo
	build/collide-run --svg build/picking.svg scripts/picking.lua
	@echo
	build/collide-run --svg build/bounding.svg scripts/bounding.lua
	@echo
	build/collide-run --svg build/platformer.svg scripts/platformer.lua
	@echo
	build/collide-run --svg build/bullets.svg scripts/bullets.lua
	@echo
	build/collide-run --svg build/bounce.svg scripts/bounce.lua
	@echo
	build/collide-run --quiet --frames strip --svg build/bounce-strip.svg scripts/bounce.lua
	@echo
	@echo "pictures: build/tour.svg build/tunneling.svg build/raycast.svg build/queries.svg build/culling.svg build/picking.svg build/bounding.svg build/platformer.svg build/bullets.svg build/bounce.svg build/bounce-strip.svg (open them in a browser)"

pictures: deps-demo
	cmake --preset demo >/dev/null
	cmake --build --preset demo
	cmake -DRUN=build/collide-run -DSOURCE=. -DOUT=docs/pictures -P docs/pictures/pictures.cmake

test: deps-test test-double test-float test-asan

deps-demo:
	@sh .ci/deps demo

deps-test:
	@sh .ci/deps test

deps-bench:
	@sh .ci/deps bench

bench: deps-bench
	cmake --preset bench >/dev/null
	cmake --build --preset bench
	build-bench/collide-bench $(BENCH_ARGS)
	@echo
	lua5.4 bench/lua_bench.lua build-bench $(BENCH_LUA_ARGS)

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
	ctest --preset asan $(ASAN_CTEST_ARGS)

# (tee -a: opening /dev/stderr without it truncates a log file that stderr
# is redirected to, which wiped CI logs up to the fuzz step.)
# Builds the libFuzzer harnesses (clang, ASan+UBSan) and runs each on a scratch
# corpus seeded from fuzz/corpus/<name>; crashes land in build-fuzz/.
fuzz: deps-test
	cmake --preset fuzz >/dev/null
	cmake --build --preset fuzz
	@$(MAKE) --no-print-directory --output-sync=target -j$(FUZZ_JOBS) $(addprefix fuzz-run-,$(FUZZ_HARNESSES))

# One harness (make fuzz runs FUZZ_JOBS of them at a time, each one's output kept together).
fuzz-run-%:
	@h=$*; \
	  case $$h in lua) args="$(FUZZ_LUA_ARGS)" ;; runner) args="$(FUZZ_RUNNER_ARGS) $(FUZZ_RUNNER_LIMITS)" ;; \
	    static) args="$(FUZZ_STATIC_ARGS)" ;; dynamic|metamorphic) args="$(FUZZ_SLOW_ARGS)" ;; hostile) args="$(FUZZ_HOSTILE_ARGS)" ;; world) args="$(FUZZ_WORLD_ARGS)" ;; motion) args="$(FUZZ_MOTION_ARGS)" ;; *) args="$(FUZZ_ARGS)" ;; esac; \
	  dict=""; [ -f fuzz/$$h.dict ] && dict="-dict=fuzz/$$h.dict"; \
	  mkdir -p build-fuzz/corpus/$$h && \
	  echo "collide: fuzzing $$h ($$args)" && \
	  regs=""; [ -d fuzz/regressions/$$h ] && regs="fuzz/regressions/$$h"; \
	  t0=$$(date +%s); \
	  build-fuzz/fuzz/fuzz_$$h $$dict $$args -print_final_stats=1 \
	    -artifact_prefix=build-fuzz/ build-fuzz/corpus/$$h fuzz/corpus/$$h $$regs 2>build-fuzz/fuzz-$$h.log || \
	    { tail -n 40 build-fuzz/fuzz-$$h.log; exit 1; }; \
	  echo "collide: $$h took $$(( $$(date +%s) - t0 )) s"; \
	  grep -E '^stat::(number_of_executed_units|new_units_added)' build-fuzz/fuzz-$$h.log; \
	  grep -E '^collide fuzz: hit rate' build-fuzz/fuzz-$$h.log | \
	    awk '{ print; for (i = 1; i <= NF; ++i) if ($$i ~ /%$$/) r = $$i + 0; \
	           if (r < 2 || r > 98) { print "collide: hit rate out of [2%, 98%]: " $$0; bad = 1 } } \
	         END { exit bad }' || exit 1

# Applies .clang-format to every C and C++ source (.ci/format checks it in CI).
format: deps-test
	git ls-files '*.c' '*.h' '*.cc' | grep -v '^fuzz/corpus/' | xargs clang-format --style=file -i

install: deps-demo
	cmake --preset demo >/dev/null
	cmake --build --preset demo
	cmake --install build

clean:
	rm -rf build build-float build-asan build-fuzz
