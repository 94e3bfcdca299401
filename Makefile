# per: make demo, make test, make bench.
SWIFT ?= swift
PREFIX ?= /usr/local
DEMO ?= Fixtures/demo/groceries.csv

.PHONY: deps browser-deps build demo test test-release bench agreement fuzz install clean

# libcsv-dev (csv.h and libcsv.so) is the only system package per needs. Debian ships no
# pkg-config file for it, so look for the header; install through sudo when not root. The
# tests need more (browser-deps): make test installs that too, make demo and make install not.
deps:
	@if [ ! -f /usr/include/csv.h ]; then \
		echo "make: installing libcsv-dev (libcsv's header and library)"; \
		if [ "$$(id -u)" -eq 0 ]; then SUDO=; else SUDO=sudo; fi; \
		export DEBIAN_FRONTEND=noninteractive; \
		$$SUDO apt-get install -y libcsv-dev || { $$SUDO apt-get update && $$SUDO apt-get install -y libcsv-dev; }; \
	fi
	@test -f /usr/include/csv.h || { echo "make: libcsv-dev is still missing"; exit 1; }

# For the browser tests (Tests/EndToEndTests/BrowserTests.swift): Debian's chromium, and PyPI's
# playwright (which drives it; no browser download) in a venv under .build, so that Debian's
# externally managed Python is left alone. Without them those tests are skipped, saying why,
# and the rest run: a failed install here warns and goes on.
BROWSER_VENV ?= .build/browser-venv
browser-deps:
	@if [ ! -x /usr/bin/chromium ]; then \
		echo "make: installing chromium (for the browser tests)"; \
		if [ "$$(id -u)" -eq 0 ]; then SUDO=; else SUDO=sudo; fi; \
		export DEBIAN_FRONTEND=noninteractive; \
		$$SUDO apt-get install -y chromium || { $$SUDO apt-get update && $$SUDO apt-get install -y chromium; } \
			|| echo "make: chromium could not be installed: the browser tests will be skipped"; \
	fi
	@if ! "$(BROWSER_VENV)/bin/python" -c "import playwright" 2>/dev/null; then \
		echo "make: installing playwright in $(BROWSER_VENV) (for the browser tests)"; \
		{ python3 -m venv "$(BROWSER_VENV)" && "$(BROWSER_VENV)/bin/pip" install -q playwright; } \
			|| echo "make: playwright could not be installed: the browser tests will be skipped"; \
	fi

build: deps
	$(SWIFT) build -c release --product per

demo: build
	@echo
	@echo "$$ per report $(DEMO)"
	@"$$($(SWIFT) build -c release --show-bin-path)/per" report $(DEMO)

test: deps browser-deps
	$(SWIFT) test

# The end-to-end tests against the release binary, which is built with other flags.
test-release: build
	PER_BINARY="$$($(SWIFT) build -c release --show-bin-path)/per" $(SWIFT) test --filter EndToEndTests

bench: build
	./Benchmarks/run

# How often per's unit price agrees with the shop's own, on the real sheets that state one.
agreement: build
	python3 Benchmarks/agreement.py "$$($(SWIFT) build -c release --show-bin-path)/per"

# libFuzzer on the ingest, validation, ranking and writers, then on per basket (lists and sheets),
# each for FUZZ_SECONDS (default 60); FUZZ_TARGETS=basket runs one.
fuzz: deps
	./Fuzz/run

# The binary, a man page (swift-argument-parser's generate-manual plugin) and completion
# scripts for bash, zsh and fish, under PREFIX (default /usr/local).
install: build
	bin="$$($(SWIFT) build -c release --show-bin-path)"; \
	install -d "$(DESTDIR)$(PREFIX)/bin" "$(DESTDIR)$(PREFIX)/share/man/man1" \
		"$(DESTDIR)$(PREFIX)/share/bash-completion/completions" "$(DESTDIR)$(PREFIX)/share/zsh/site-functions" \
		"$(DESTDIR)$(PREFIX)/share/fish/vendor_completions.d" && \
	install -m 755 "$$bin/per" "$(DESTDIR)$(PREFIX)/bin/per" && \
	$(SWIFT) package plugin generate-manual >/dev/null && \
	install -m 644 .build/plugins/GenerateManual/outputs/per/per.1 "$(DESTDIR)$(PREFIX)/share/man/man1/per.1" && \
	"$$bin/per" --generate-completion-script bash > "$(DESTDIR)$(PREFIX)/share/bash-completion/completions/per" && \
	"$$bin/per" --generate-completion-script zsh > "$(DESTDIR)$(PREFIX)/share/zsh/site-functions/_per" && \
	"$$bin/per" --generate-completion-script fish > "$(DESTDIR)$(PREFIX)/share/fish/vendor_completions.d/per.fish"
	@echo "installed per under $(DESTDIR)$(PREFIX)"

clean:
	rm -rf .build
