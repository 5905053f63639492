"""Real pygame events for the interface tests: clicks, keys, Tab and the passing of time."""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager

import pygame

from thirteen.core.cards import parse_card
from thirteen.games import GAMES
from thirteen.tools.shot import next_move_to_end
from thirteen.ui import app as app_module
from thirteen.ui.canvas import canvas_size
from thirteen.ui.scene_names import SceneName
from thirteen.ui.screens.end import EndScene
from thirteen.ui.table import paint, searches


def step(app, n: int = 1) -> None:
    for _ in range(n):
        app.step(16)


def think(app, most: int = 2000) -> int:
    """Step frames until the searches running beside the game have answered; how many
    frames that took."""
    for n in range(most):
        if not app.tasks.busy():
            return n
        step(app)
    raise AssertionError(f"still searching after {most} frames")


def click(app, pos) -> None:
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=1, touch=False))
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=pos, button=1, touch=False))
    step(app)


def press(app, key: int, mod: int = 0, unicode: str = "") -> None:
    pygame.event.post(
        pygame.event.Event(pygame.KEYDOWN, key=key, mod=mod, unicode=unicode, scancode=0)
    )
    step(app)


def wait(app, ms: float | None = None) -> None:
    """Let time pass: a give-up warning takes a second press of its button only a moment
    after it showed (a double click must not answer it)."""
    from thirteen.ui.scene import CONFIRM_ARM_MS

    step(app, int((CONFIRM_ARM_MS if ms is None else ms) // 16) + 1)


def card_at(app, card) -> tuple[int, int]:
    spot = app.table.geo.spot_for_card(card)
    assert spot is not None, f"card {card} not on the table"
    return spot.outline.center  # the part showing, when a card lies over it


def click_card(app, text: str) -> None:
    click(app, card_at(app, parse_card(text)))


def double_click(app, pos) -> None:
    """Two presses in one frame, as a double click or a double tap arrives."""
    for _ in range(2):
        pygame.event.post(
            pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=1, touch=False)
        )
        pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=pos, button=1, touch=False))
    step(app)


def tab_until(app, reached, what: object, most: int = 60) -> None:
    """Press Tab until ``reached()`` (the table's or a menu's focus is on ``what``)."""
    for _ in range(most):
        if reached():
            return
        press(app, pygame.K_TAB)
    raise AssertionError(f"Tab never reached {what}")


Drawn = list[tuple[pygame.Surface, str, pygame.Rect]]
"""The texts drawn: the surface each went on, its words and the rect of its ink."""


@contextmanager
def recording() -> Iterator[Drawn]:
    """The texts the scenes draw while inside (:data:`thirteen.ui.theme.recorder`)."""
    from thirteen.ui import theme

    drawn: Drawn = []
    theme.recorder = lambda surface, words, rect: drawn.append((surface, words, rect.copy()))
    try:
        yield drawn
    finally:
        theme.recorder = None


def game_button(app, game_id: str):
    """The start screen's button of a game, turning the games list's pages to it."""
    for _ in range(len(GAMES) + 1):
        found = [w for w in app.start_scene.widgets if w.name == f"game:{game_id}"]
        if found:
            return found[0]
        flip = next(w for w in app.start_scene.widgets if w.name == "games:1")
        click(app, flip.rect.center)
    raise AssertionError(f"no page shows game:{game_id}")


def settled(app) -> None:
    """Draw what is pending (the deal's difficulty is worked out a slice a frame, and the
    table's card faces are rendered ahead a few milliseconds a frame while it is on
    show), then let the screen stand still past the linger."""
    step(app)
    for _ in range(100_000):
        table = app.table
        if table is None:
            break
        warming = app.scene is table and table.warmed != paint.art_look(table)
        if searches.graded(table.game) and not warming:
            break
        assert app.busy()  # the grade is still being worked out, or faces rendered
        step(app)
    app.step(app_module.LINGER_MS)
    assert not app.busy()


def show_as(app, shape: tuple[int, int]) -> None:
    """Lay the app out as a screen of ``shape`` shows it: on the canvas the game picks
    for it, scaled to the screen (a phone's text is raised to its smallest readable
    size, which the layouts must make room for)."""
    app.display.resize(*canvas_size(*shape))
    app.display.viewport = shape
    app.relayout()


def play_to_end(app) -> None:
    """Play the table's game to its end, each move the first legal one that does not
    come back to a position already seen."""
    table = app.table
    seen: set = set()
    while not table.game.is_over:
        table.play(next_move_to_end(table.game, seen))


def open_end_now(app) -> EndScene:
    """The end screen of the table's finished game, opened at once (not after the table
    has lingered on the last move), as the player sees it next."""
    app.table.end_left = None
    app.open(SceneName.END)
    assert isinstance(app.scene, EndScene)
    return app.scene
