"""Headless pygame for the interface tests: dummy video and audio before pygame loads;
the sound effects' waves made once for the whole session, each paragraph wrapped once
per font and width, and each text measured once per font."""

import os

os.environ["SDL_VIDEODRIVER"] = "dummy"
os.environ["SDL_AUDIODRIVER"] = "dummy"
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

import pygame  # noqa: E402
import pytest  # noqa: E402

from sounds_once import sounds_made_once  # noqa: E402
from thirteen.records.profile import Profile  # noqa: E402
from thirteen.records.storage import MemoryStorage  # noqa: E402
from thirteen.ui import launch, theme  # noqa: E402


@pytest.fixture(autouse=True, scope="session")
def _sound_waves_made_once():
    """Each App makes its sound effects at its first sound (the deal's): the waves are
    the same every time (seeded noise, fixed notes), so the session makes each once and
    every App after the first gets the same ones (tests/sounds_once.py).  The first is
    made by the effect's own code, so a broken effect still fails its tests."""
    with sounds_made_once():
        yield


class _MeasuredOnceFont(pygame.font.Font):
    """pygame's font, its :meth:`size` of each text asked once: the widths of a text in
    one font never change (the game sets no style on its fonts), and the sweeps ask the
    same labels' widths at every drawing of every screen they check."""

    def size(self, text, /):
        sizes = self.__dict__.setdefault("_sizes", {})
        found = sizes.get(text)
        if found is None:
            found = sizes[text] = super().size(text)
        return found


@pytest.fixture(autouse=True, scope="session")
def _texts_measured_once():
    """Every font the session opens measures each text once (:class:`_MeasuredOnceFont`)."""
    real_font = pygame.font.Font
    pygame.font.Font = _MeasuredOnceFont  # (restored after the session)
    yield
    pygame.font.Font = real_font


@pytest.fixture(autouse=True, scope="session")
def _paragraphs_wrapped_once():
    """Every screen wraps its paragraphs at each drawing, and the sweeps draw the same
    screens in the same languages at the same sizes many times over: the lines of a
    paragraph depend only on its words, the font (the type size, larger text or not)
    and the width, so the session wraps each once, by the game's own code, and hands
    out copies of those lines after."""
    real_wrap = theme.wrap
    wrapped: dict[tuple, tuple[str, ...]] = {}

    def wrap(words: str, size: int, width: int) -> list[str]:
        key = (theme.font(size), words, width)
        lines = wrapped.get(key)
        if lines is None:
            lines = wrapped[key] = tuple(real_wrap(words, size, width))
        return list(lines)

    theme.wrap = wrap
    yield
    theme.wrap = real_wrap


@pytest.fixture
def make():
    """Build an App on a memory profile (optionally opening a link's game)."""
    made = []

    def build(query: str = "", profile: Profile | None = None, **settings):
        profile = profile or Profile(MemoryStorage())
        tips = settings.pop("tips", False)  # the first-deal tips, where a test asks for them
        if not tips:
            profile.settings.tips_again = False
        for name, value in settings.items():
            setattr(profile.settings, name, value)
        app = launch.make_app(["--query", query] if query else [], profile)
        if app.table is not None:  # tests start from a dealt table (presses wait for a deal)
            app.table.anim.finish()
            app.table.dealt_at = None
        made.append(app)
        return app

    yield build
    launch.current = None
    pygame.display.quit()


PATIENT_MS = 60_000
"""A search budget no test machine runs out of, however loaded: the searches count their
own time and stop when they are done, so a test that checks what a finished search says
does not depend on the machine's speed."""


@pytest.fixture
def patient_verdicts(monkeypatch):
    """The end screen's verdicts with a budget no test machine runs out of."""
    from thirteen.ui.screens import end

    monkeypatch.setattr(end, "HINT_BUDGET_MS", PATIENT_MS)


@pytest.fixture
def patient(monkeypatch, patient_verdicts):
    """Hints, the end screen's verdicts and the indicator with budgets no test machine
    runs out of (see :data:`PATIENT_MS`)."""
    from thirteen.ui.table import searches

    monkeypatch.setattr(searches, "HINT_BUDGET_MS", PATIENT_MS)
    monkeypatch.setattr(searches, "OUTLOOK_BUDGET_MS", PATIENT_MS)


@pytest.fixture(autouse=True)
def _records_folder(tmp_path_factory, monkeypatch):
    """The data folder of a test of its own: a records file the statistics screen's Save
    records writes (a click of a fuzz test's, say) never lands in the player's."""
    monkeypatch.setenv("THIRTEEN_DATA_DIR", str(tmp_path_factory.mktemp("data")))
