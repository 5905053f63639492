# Thirteen: every command a player or maintainer needs.
# Only Python 3.11+ and make are required; the rest is installed into .venv.

PYTHON ?= python3
VENV := .venv
PY := $(VENV)/bin/python
# What playing needs (the project and pygame-ce), and what the tests need besides.
PLAY_STAMP := $(VENV)/.installed-play
STAMP := $(VENV)/.installed
# The court-card pictures, built from a CC0 npm package (scripts/build_art.py). A build
# that cannot fetch it warns and goes on: the game then draws framed letters.
ART := game/thirteen/ui/art/LICENSE.txt
# The typeface (Inter, SIL Open Font License), cut to the characters the game draws from
# an npm package (scripts/build_font.py). A build that cannot fetch it warns and goes
# on: the game then sets its words in pygame's default font.
FONT := game/thirteen/ui/font/LICENSE.txt

.PHONY: play test test-engine test-browser lint bench web serve itch clean art font

$(PLAY_STAMP): pyproject.toml
	$(PYTHON) -m venv $(VENV)
	$(PY) -m pip install --quiet --no-compile --upgrade pip
	$(PY) -m pip install --quiet --no-compile -e '.[font]'
	touch $(PLAY_STAMP)

# The tests' tools and the game in one install (pip resolves once, not twice).
# --no-compile: Python compiles a module when it is first imported, so the installs do
# not compile every module of every package, most of which nothing imports.
$(STAMP): pyproject.toml
	$(PYTHON) -m venv $(VENV)
	$(PY) -m pip install --quiet --no-compile --upgrade pip
	$(PY) -m pip install --quiet --no-compile -e '.[dev]'
	touch $(PLAY_STAMP) $(STAMP)

$(ART): scripts/build_art.py | $(PLAY_STAMP)
	-$(PY) scripts/build_art.py

art: $(ART)

$(FONT): scripts/build_font.py | $(PLAY_STAMP)
	-$(PY) scripts/build_font.py

font: $(FONT)

play: $(PLAY_STAMP) $(ART) $(FONT)
	$(PY) -m thirteen

lint: $(STAMP)
	$(PY) -m ruff check .
	$(PY) -m ruff format --check .
	$(VENV)/bin/lint-imports
	$(PY) -m mypy

test: $(STAMP) $(ART) $(FONT)
	$(PY) scripts/ensure_test_tools.py
	$(PY) -m ruff check .
	$(PY) -m ruff format --check .
	# the layers and the games' independence (pyproject.toml's import-linter contracts)
	$(VENV)/bin/lint-imports
	$(PY) -m mypy
	# The engine and interface tests and the browser tests run side by side, each on two
	# workers: the browser tests' workers wait at times (on Chromium, a page's idle
	# seconds), and the other tests' workers use the cores meanwhile. Each part's output
	# is printed whole when it ends (--output-sync); a part that fails fails the target.
	@$(MAKE) --no-print-directory -j2 --output-sync=target test-engine test-browser

# Bytecode is kept (in the ignored __pycache__ folders) even where the environment says
# not to: the tests start many Python processes (the workers, the command-line tests'
# subprocesses, the site build's renders), and each would otherwise compile every module
# it imports, and pytest rewrite every test module, all over again.
PYTEST := env -u PYTHONDONTWRITEBYTECODE $(PY) -m pytest

# The engine and interface tests, on two workers.
test-engine: $(STAMP) $(ART) $(FONT)
	$(PYTEST) -n auto --maxprocesses 2 --ignore=tests/web

# The browser tests, on two workers, each sharing a built site, its servers and its
# Chromium profiles (tests/web/conftest.py); worksteal: no worker idles at the end while
# another has tests queued.
test-browser: $(STAMP) $(ART) $(FONT)
	$(PYTEST) -n 2 --dist worksteal tests/web

bench: $(STAMP) $(ART) $(FONT)
	$(PY) -m thirteen bench
	SDL_VIDEODRIVER=dummy SDL_AUDIODRIVER=dummy $(PY) -m thirteen bench-ui
	SDL_VIDEODRIVER=dummy SDL_AUDIODRIVER=dummy $(PY) -m thirteen bench-ui --session
	SDL_VIDEODRIVER=dummy SDL_AUDIODRIVER=dummy $(PY) -m thirteen bench-ui --memory

web: $(STAMP) $(ART) $(FONT)
	$(PY) scripts/build_web.py $(if $(BASE_URL),--base-url $(BASE_URL))

serve: web
	$(PY) scripts/serve_web.py $(if $(PORT),--port $(PORT))

# The browser build pushed to itch.io with butler, itch.io's uploader (logged in by
# `butler login` or BUTLER_API_KEY): make itch ITCH_TARGET=user/game:html5
itch:
	@test -n "$(ITCH_TARGET)" || { echo "make itch: set ITCH_TARGET=user/game:html5" >&2; exit 2; }
	@command -v butler > /dev/null || { echo "make itch: butler is not installed (docs/web.md)" >&2; exit 2; }
	$(MAKE) web
	butler push build/thirteen-itch.zip "$(ITCH_TARGET)" --userversion "$$(git describe --tags --always)"

clean:
	rm -rf build game/build game/thirteen/ui/art game/thirteen/ui/font
