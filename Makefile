# Convenience wrapper: `make play` and `make test` do the whole set-up.
BUILD ?= build
JOBS ?= $(shell nproc)
CMAKE_FLAGS ?=

.PHONY: all deps build play test clean

all: build

deps:
	@scripts/install-deps

build: deps
	@cmake -S . -B $(BUILD) $(CMAKE_FLAGS) >/dev/null
	@cmake --build $(BUILD) -j $(JOBS)

# Shows the game in progress, or starts one.
play: build
	@$(BUILD)/addiction show 2>/dev/null || $(BUILD)/addiction new

test: CMAKE_FLAGS += -DADDICTION_WERROR=ON
test: build
	@cd $(BUILD) && ctest --output-on-failure -j $(JOBS)

clean:
	rm -rf $(BUILD)
