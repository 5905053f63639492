"""The statistics screen says the figures it shows: on opening, for the game on the
table, and again for each tab chosen, in the player's language and number format."""

from __future__ import annotations

import sys
from pathlib import Path

import pygame
import pytest

from thirteen.records.profile import Profile
from thirteen.records.storage import MemoryStorage

from .helpers import click, press, tab_until
from .spoken import heard, listened

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
from finished_games import finished  # noqa: E402  (the records' tests' stand-in games)


def played_profile() -> Profile:
    """Pyramid: 1,200 games, 3 won (1 at 28, 2 at 10), the rest lost at 4; Elevens: one
    game lost at 7."""
    profile = Profile(MemoryStorage())
    for n in range(1200):
        won = n in (0, 1, 2)
        profile.record_result(finished("pyramid", 28 if n == 0 else 10 if won else 4, won))
    profile.record_result(finished("elevens", 7, False))
    return profile


SAID = {
    "en": (
        "Pyramid: 1,200 games played, 3 won, win rate <1%.",
        "Elevens: 1 game played, 0 won, win rate 0%.",
        "Neighbour: no games played yet.",
    ),
    "de": (
        "Pyramide: 1.200 Spiele gespielt, 3 gewonnen, Siegquote <1\u00a0%.",
        "Elevens: 1 Spiel gespielt, 0 gewonnen, Siegquote 0\u00a0%.",
        "Neighbour: noch keine Spiele gespielt.",
    ),
}


@pytest.mark.parametrize("language", ["en", "de"])
def test_opening_statistics_and_choosing_a_tab_says_its_figures(make, language):
    from thirteen.core import numbers

    pyramid, elevens, untouched = SAID[language]
    app, page = listened(make, "?game=pyramid&deal=3", played_profile(), language=language)
    said = heard(page, lambda: press(app, pygame.K_s, unicode="s"))
    assert type(app.scene).__name__ == "StatsScene"
    assert pyramid in said
    average = numbers.decimal((28 + 2 * 10 + 1197 * 4) / 1200, 1, language)
    assert average in said and "28" in said  # the average, and the best score
    tab = next(w for w in app.scene.widgets if w.name.endswith(f":{_tab(app, 'elevens')}"))
    said = heard(page, lambda: click(app, tab.rect.center))
    assert elevens in said
    assert pyramid not in said
    where = _tab(app, "neighbour")
    tab_until(app, lambda: app.scene.focus == f"tab:{where}", "the Neighbour tab")
    said = heard(page, lambda: press(app, pygame.K_RETURN))
    assert untouched in said


def _tab(app, game: str) -> int:
    return next(n for n, (gid, _, _) in enumerate(app.scene.tabs) if gid == game)


def test_the_tab_of_layouts_from_links_says_each_layout_s_figures(make):
    profile = Profile(MemoryStorage())
    profile.record_result(finished("thirteens", 40, True, layout="4x5"))
    profile.record_result(finished("thirteens", 12, False, layout="4x5"))
    app, page = listened(make, "?game=thirteens&layout=4x5&deal=3", profile)
    said = heard(page, lambda: press(app, pygame.K_s, unicode="s"))
    assert "Other layouts. 4x5: 2 played, 1 won, win rate 50%." in said
