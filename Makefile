# One command each: `make run` starts the demo, `make test` runs every test.
# Both install what they need first on Debian/Ubuntu (ncurses headers; tmux for the tests) and
# on macOS (nothing to run; tmux from Homebrew for the tests), or say what to install elsewhere.
SWIFT ?= swift
WERROR = -Xswiftc -warnings-as-errors

.PHONY: help deps test-deps build run test unit samples e2e fuzz tsan asan lint lint-workflows docs bench bench-quick screenshots coverage clean

# The first target, so a bare `make` says what there is instead of silently installing deps.
help:
	@echo "make run           build and start the interactive demo"
	@echo "make test          end-to-end tests in tmux, then the unit tests"
	@echo "make unit | e2e    the unit tests; the end-to-end tests in tmux"
	@echo "make fuzz          random keys, escape sequences and resizes at the app (FUZZ_SEED=n replays)"
	@echo "make build         debug build, warnings as errors"
	@echo "make tsan          the tests under ThreadSanitizer"
	@echo "make asan          the tests under AddressSanitizer, leaks included"
	@echo "make lint | docs   swift-format lint, the unsafe inventory, the codemap rules, no history in comments, trap messages; DocC archive (warnings as errors)"
	@echo "make samples       regenerate the doc-sample tests from the README and the guides"
	@echo "make lint-workflows   the workflow schema check, and actionlint where it installs (once)"
	@echo "make bench | bench-quick   release benchmark"
	@echo "make coverage      library line coverage (fails below the floor)"
	@echo "make screenshots   regenerate screenshots/*.png"
	@echo "make clean         remove .build"

deps:
	@bash scripts/ensure-deps.sh run

test-deps:
	@bash scripts/ensure-deps.sh test

build: deps
	$(SWIFT) build $(WERROR)

# Ctrl-C is how many people leave a terminal app: its status 130 is a normal end, not a make error.
run: deps
	@trap "" INT; $(SWIFT) run eventdemo; status=$$?; [ $$status -eq 130 ] || exit $$status

# The end-to-end runs first, so the log ends with the Swift test runner's summary.
test: test-deps e2e fuzz unit

# Every test is Swift Testing: without --disable-xctest the XCTest runner first prints
# "Executed 0 tests" (twice), which reads as if nothing ran.
# The doc samples' generated tests must match the README and the guides before they run.
unit: deps
	python3 scripts/doc-samples.py --check
	$(SWIFT) test --disable-xctest

samples:
	python3 scripts/doc-samples.py

e2e: test-deps
	bash Tests/e2e/run.sh

fuzz: test-deps
	bash Tests/e2e/fuzz.sh

# See scripts/tsan.sh: on Linux everything but the demo's suites (TSan cannot see their Mutex
# there); on macOS those too, the ones that wait on the pool or a clock one test at a time.
tsan: deps
	bash scripts/tsan.sh

# Leak detection is Linux-only (Apple's AddressSanitizer refuses detect_leaks=1). Every test
# target, the doc samples included (their 208 reported leaks were a stream loop of the Streams
# guide that never ended, and the side tables of the samples' global owners: see Fixtures.swift).
ASAN_LEAKS = $(if $(filter Darwin,$(shell uname -s)),0,1)
asan: deps
	ASAN_OPTIONS=detect_leaks=$(ASAN_LEAKS) LSAN_OPTIONS=suppressions=$(CURDIR)/Tests/lsan-suppressions.txt \
		$(SWIFT) test --disable-xctest --sanitize=address --scratch-path .build/asan

lint:
	$(SWIFT) format lint --strict -r Package.swift Sources Tests Examples
	bash scripts/unsafe-inventory.sh
	python3 scripts/check-architecture.py
	python3 scripts/check-comment-history.py
	bash scripts/trap-messages.sh

lint-workflows:
	bash scripts/lint-workflows.sh

docs:
	bash scripts/docs.sh

bench:
	$(SWIFT) run -c release --scratch-path .build/bench eventbench

bench-quick:
	$(SWIFT) run -c release --scratch-path .build/bench eventbench --quick

screenshots: deps
	bash scripts/ensure-deps.sh screenshots
	bash scripts/screenshots.sh

coverage: deps
	bash scripts/coverage.sh

clean:
	rm -rf .build
