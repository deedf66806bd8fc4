# Thin wrapper over CMake. The README's quick start is `make demo` and
# `make test`; both install missing Debian packages first (scripts/deps.sh):
# the demo only what it needs, and it builds only ncsc and the runtime (no
# tests, no benchmarks); `make test` installs and builds the rest.

BUILD      ?= build
ASAN_BUILD ?= build-asan
JOBS       ?= $(shell nproc 2>/dev/null || echo 2)
CMAKE_ARGS ?=

.PHONY: all deps build demo test test-fast test-asan bench clean

# One target at a time: with `make -j` the configure step must not start
# before scripts/deps.sh has installed cmake, flex and bison. The builds
# themselves still run in parallel (cmake --build -j).
.NOTPARALLEL:

all: build

deps:
	@scripts/deps.sh

# Everything: tests and benchmarks on (a `make demo` build had them off).
FULL = -DNCS_BUILD_TESTS=ON -DNCS_BUILD_BENCH=ON
# What `make test` builds: the tests (the benchmarks are `make bench`, so
# that CI on two cores stays within its time).
TESTS = -DNCS_BUILD_TESTS=ON -DNCS_BUILD_BENCH=OFF

build: deps
	cmake -S . -B $(BUILD) $(FULL) $(CMAKE_ARGS)
	cmake --build $(BUILD) -j $(JOBS)

demo:
	@scripts/deps.sh demo
	cmake -S . -B $(BUILD) -DNCS_BUILD_TESTS=OFF -DNCS_BUILD_BENCH=OFF $(CMAKE_ARGS)
	cmake --build $(BUILD) -j $(JOBS) --target ncsc ncs_runtime
	@scripts/demo.sh $(BUILD)

# The whole suite: once normally, once under ASan+UBSan.
test: deps
	cmake -S . -B $(BUILD) $(TESTS) $(CMAKE_ARGS)
	cmake --build $(BUILD) -j $(JOBS)
	cd $(BUILD) && ctest --output-on-failure -j $(JOBS)
	$(MAKE) --no-print-directory test-asan ASAN_NCSC=$(abspath $(BUILD))/bin/ncsc

test-fast: build
	cd $(BUILD) && ctest --output-on-failure -j $(JOBS)

# ASAN_NCSC: an ncsc (built from this tree) that writes the scenes the
# build compiles; `make test` passes the release one, 7 times faster than
# the sanitized one (the tests still run the sanitized ncsc).
ASAN_NCSC ?=
test-asan: deps
	cmake -S . -B $(ASAN_BUILD) -DNCS_SANITIZE=ON -DNCS_BUILD_BENCH=OFF -DCMAKE_BUILD_TYPE=Debug \
	  -DNCS_NCSC=$(ASAN_NCSC) $(CMAKE_ARGS)
	cmake --build $(ASAN_BUILD) -j $(JOBS)
	cd $(ASAN_BUILD) && ASAN_OPTIONS=detect_leaks=1 UBSAN_OPTIONS=print_stacktrace=1 \
	  ctest --output-on-failure -j $(JOBS) -LE "no-asan|trust|web"

# The benchmarks (bench/; they report numbers, they assert nothing).
bench: deps
	cmake -S . -B $(BUILD) $(FULL) $(CMAKE_ARGS)
	cmake --build $(BUILD) -j $(JOBS)

clean:
	rm -rf $(BUILD) $(ASAN_BUILD)
