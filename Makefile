# One command each: `make run` starts the demo, `make test` runs every test.
# Both install what they need first (ncursesw headers, tmux) on Debian/Ubuntu.
SWIFT ?= swift
WERROR = -Xswiftc -warnings-as-errors

.PHONY: deps build run test unit e2e tsan lint docs bench bench-quick screenshots coverage clean

deps:
	@bash scripts/ensure-deps.sh

build: deps
	$(SWIFT) build $(WERROR)

run: deps
	$(SWIFT) run eventdemo

# The end-to-end run first, so the log ends with the Swift test runner's summary.
test: deps e2e unit

unit: deps
	$(SWIFT) test

e2e: deps
	bash Tests/e2e/run.sh

tsan: deps
	$(SWIFT) test --sanitize=thread --scratch-path .build/tsan

lint:
	$(SWIFT) format lint --strict -r Package.swift Sources Tests

docs:
	bash scripts/docs.sh

bench:
	$(SWIFT) run -c release --scratch-path .build/bench eventbench

bench-quick:
	$(SWIFT) run -c release --scratch-path .build/bench eventbench --quick

screenshots: deps
	EVENTBUS_SCREENSHOT_DEPS=1 bash scripts/ensure-deps.sh
	bash scripts/screenshots.sh

coverage: deps
	bash scripts/coverage.sh

clean:
	rm -rf .build
