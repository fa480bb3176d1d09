# Convenience wrapper: `make play` and `make test` do the whole set-up.
BUILD ?= build
JOBS ?= $(shell nproc)
CMAKE_FLAGS ?=
# Whole builds (CI, a first `make`) compile each target's sources in batches of
# 8 per translation unit: CLI11 is header-only and every subcommand's file
# compiled it again, about four times the work (README, "Hardening", has the
# figures). `make UNITY=OFF` builds file by file, which also checks that each
# file includes what it uses.
UNITY ?= ON
UNITY_FLAGS = -DCMAKE_UNITY_BUILD=$(UNITY) -DCMAKE_UNITY_BUILD_BATCH_SIZE=8
# New build folders use Ninja (scripts/install-deps installs it). Make builds a
# target's sources only once the libraries it links are built, so one processor
# idled while the other compiled the engine's solver sources; Ninja starts them
# at once. Clean builds here, in pairs: 128 s instead of 153 and 142 instead of
# 159; with the sanitizers 162 instead of 211 and 136 instead of 159. A folder
# configured before keeps the generator it has.
generator = $(if $(wildcard $(1)/CMakeCache.txt),,-G Ninja)

.PHONY: all deps build play test clean sanitize fuzz

all: build

deps:
	@scripts/install-deps

build: deps
	@cmake $(call generator,$(BUILD)) -S . -B $(BUILD) $(UNITY_FLAGS) $(CMAKE_FLAGS) >/dev/null
	@cmake --build $(BUILD) -j $(JOBS)

# Shows the game in progress, or starts one.
play: build
	@$(BUILD)/addiction show 2>/dev/null || $(BUILD)/addiction new

test: CMAKE_FLAGS += -DADDICTION_WERROR=ON
test: build
	@cd $(BUILD) && ctest --output-on-failure -j $(JOBS)

# Hardening (README, "Hardening"): every test again under AddressSanitizer and
# UBSan, where any report aborts the test, and a short libFuzzer run per target.
SANITIZE_BUILD ?= build-asan
FUZZ_BUILD ?= build-fuzz
FUZZ_SECONDS ?= 30
SANITIZER_ENV = ASAN_OPTIONS=abort_on_error=1:detect_leaks=1:strict_string_checks=1 \
	UBSAN_OPTIONS=halt_on_error=1:abort_on_error=1:print_stacktrace=1

sanitize: deps
	@cmake $(call generator,$(SANITIZE_BUILD)) -S . -B $(SANITIZE_BUILD) $(UNITY_FLAGS) -DADDICTION_SANITIZE=ON -DADDICTION_WERROR=ON >/dev/null
	@cmake --build $(SANITIZE_BUILD) -j $(JOBS)
	@cd $(SANITIZE_BUILD) && $(SANITIZER_ENV) ctest --output-on-failure -j $(JOBS)

fuzz:
	@scripts/install-deps clang libclang-rt-14-dev
	@CXX=clang++ cmake $(call generator,$(FUZZ_BUILD)) -S . -B $(FUZZ_BUILD) $(UNITY_FLAGS) -DADDICTION_FUZZ=ON -DADDICTION_TESTS=OFF >/dev/null
	@cmake --build $(FUZZ_BUILD) -j $(JOBS) --target fuzz_all
	@$(SANITIZER_ENV) fuzz/run $(FUZZ_BUILD) $(FUZZ_SECONDS) $(JOBS)

clean:
	rm -rf $(BUILD) $(SANITIZE_BUILD) $(FUZZ_BUILD)
