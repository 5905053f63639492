"""The start screen says the game chosen each time the choice moves (by keys or a click):
its name, the line that describes it, and how far along its game in progress is; and
the game, Resume and Give up buttons say what they are and do when focused."""

from __future__ import annotations

import pygame
import pytest

from thirteen.core import i18n
from thirteen.games import GAMES

from .helpers import click, press, tab_until
from .spoken import heard, listened

SAID = {
    "en": {
        "chosen": "Chosen: {game}.",
        "moves": "A game in progress: 1 move.",
        "resume": "Resume Pyramid: goes on with the game in progress, 1 move.",
        "give up": "Give up: ends the Pyramid game in progress, counted as a loss.",
        "marked": "Pyramid, game in progress: 1 move, chosen",
        "layout": "Chosen: Thirteens 3x5.",
        "left": "Resume Pyramid: back to the game you left.",
    },
    "de": {
        "chosen": "Gewählt: {game}.",
        "moves": "Ein Spiel läuft: 1 Zug.",
        "resume": "Pyramide fortsetzen: setzt das laufende Spiel fort, 1 Zug.",
        "give up": "Aufgeben: beendet das laufende Spiel Pyramide, es zählt als Niederlage.",
        "marked": "Pyramide, Spiel läuft: 1 Zug, gewählt",
        "layout": "Gewählt: Thirteens 3x5.",
        "left": "Pyramide fortsetzen: zurück zu dem Spiel, das du verlassen hast.",
    },
}


def focus_on(app, name: str) -> str:
    """Tab to the start screen's button ``name``; what was said on the way."""
    page = app.access.page

    def reached() -> bool:
        return app.scene.focus == name

    start = len(page.lines)
    tab_until(app, reached, name)
    seen = page.lines[start:]
    return seen[-1] if seen else ""


@pytest.mark.parametrize("language", ["en", "de"])
def test_choosing_a_game_says_it_and_its_game_in_progress(make, language):
    words = SAID[language]
    app, page = listened(make, "?game=pyramid&deal=3", language=language)
    press(app, pygame.K_d, unicode="d")  # a draw: Pyramid has a game in progress
    assert len(app.game.moves) == 1
    said = heard(page, lambda: press(app, pygame.K_ESCAPE))
    assert type(app.scene).__name__ == "StartScene"
    pyramid = i18n.tr(GAMES["pyramid"].title)
    assert words["chosen"].format(game=pyramid) in said
    assert i18n.tr(GAMES["pyramid"].blurb) in said
    assert words["moves"] in said
    assert focus_on(app, "game:pyramid") == words["marked"]
    assert focus_on(app, "resume") == words["resume"]
    assert focus_on(app, "give-up") == words["give up"]
    # the choice moved by the keyboard: the other game's name and line, nothing in progress
    focus_on(app, "game:elevens")
    said = heard(page, lambda: press(app, pygame.K_RETURN))
    elevens = i18n.tr(GAMES["elevens"].title)
    assert words["chosen"].format(game=elevens) in said
    assert i18n.tr(GAMES["elevens"].blurb) in said
    assert words["moves"] not in said
    assert focus_on(app, "resume") == words["left"]  # Pyramid's table, left for this screen
    # and by a click, with the layout of a game that has them
    button = next(w for w in app.scene.widgets if w.name == "game:thirteens")
    said = heard(page, lambda: click(app, button.rect.center))
    assert said.startswith(words["layout"])
    assert i18n.tr(GAMES["thirteens"].blurb) in said
