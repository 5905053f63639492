"""Headless pygame for the interface tests: dummy video and audio before pygame loads."""

import os

os.environ["SDL_VIDEODRIVER"] = "dummy"
os.environ["SDL_AUDIODRIVER"] = "dummy"
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

import pygame  # noqa: E402
import pytest  # noqa: E402

from thirteen.records.profile import Profile  # noqa: E402
from thirteen.records.storage import MemoryStorage  # noqa: E402
from thirteen.ui import launch  # noqa: E402


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
