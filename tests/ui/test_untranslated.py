"""No English under another language: a screen drawn in German draws no text that the
German catalogue translates otherwise (a title drawn without ``tr``).  The words are
those really drawn (:data:`thirteen.ui.theme.recorder`), at every shape."""

from __future__ import annotations

import pytest

from thirteen.core import i18n
from thirteen.games import GAMES
from thirteen.records.profile import Profile
from thirteen.records.storage import MemoryStorage
from thirteen.ui.canvas import canvas_size

from .helpers import recording

SHAPES = [(1280, 720), (390, 844), (844, 390), (1024, 768), (720, 720)]
SCENES = ["table", "stats", "settings", "help"]


def english_only() -> dict[str, str]:
    """The English texts German writes otherwise, by their English words."""
    return {
        english: german
        for english, german in i18n.catalogue("de").items()
        if isinstance(german, str) and german != english
    }


@pytest.mark.parametrize("viewport", SHAPES, ids=lambda v: f"{v[0]}x{v[1]}")
def test_no_screen_draws_english_under_german(make, viewport):
    posting = next(gid for gid, spec in GAMES.items() if spec.posts_scores)
    profile = Profile(MemoryStorage())
    profile.post_score(posting, "Adaline", 40, "1")  # its statistics show the boards
    app = make(f"?game={posting}&deal=1", profile, language="de", animations=False, sound=False)
    app.display.resize(*canvas_size(*viewport))
    app.relayout()
    english = english_only()
    for name in SCENES:
        if name != "table":
            app.open(name)
        with recording() as drawn:
            app.draw()
        assert drawn, name
        left = sorted({words for _surface, words, _rect in drawn if words in english})
        assert left == [], (name, viewport, left)
        app.back()
