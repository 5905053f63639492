"""The deal's difficulty on the table's deal line and on the end screen, worked out a
slice a frame; and "winnable deals only" asking for one, chosen on the settings screen."""

from __future__ import annotations

import pygame
import pytest

from thirteen.advice import difficulty
from thirteen.games import GAMES, GameSetup
from thirteen.records.profile import Profile
from thirteen.session import game_session as session
from thirteen.ui import theme
from thirteen.ui.scene_names import SceneName
from thirteen.ui.table import searches

from .helpers import click, press, step


@pytest.fixture
def drawn(monkeypatch):
    """Every text drawn, and the grade of the deal in play settled without a clock."""
    monkeypatch.setattr(difficulty, "PLAY_SOLVE_MS", None)
    monkeypatch.setattr(difficulty, "_graders", {})
    texts: list[str] = []
    real = theme.blit_text

    def record(surface, text, *args, **kwargs):
        texts.append(text)
        return real(surface, text, *args, **kwargs)

    monkeypatch.setattr(theme, "blit_text", record)
    return texts


def graded(app) -> None:
    for _ in range(100_000):
        if searches.graded(app.table.game):
            return
        assert app.table.active()  # the loop keeps running while the grade is worked out
        step(app)
        assert searches.graded(app.table.game) or "grade" in app.tasks  # beside the game, in slices
    raise AssertionError("the grade never came")


@pytest.mark.parametrize("game", list(GAMES))
def test_the_grade_shows_on_the_table_and_the_end_screen(make, drawn, game):
    setup = GameSetup(game, deal=2)
    grade = difficulty.grade_words(difficulty.deal_grade(setup, solve_ms=None))
    assert grade
    app = make(f"?game={game}&deal=2", animations=False)
    graded(app)
    drawn.clear()
    app.table.dirty = True
    app.table.panel_layer.forget()  # its words drawn again, not the kept pixels
    step(app)
    line = next(t for t in drawn if t.startswith("Deal #2"))
    assert line == f"Deal #2 \u00b7 {grade}"
    game_on = app.game
    while not game_on.is_over:
        app.table.play(game_on.legal_moves()[0])
    drawn.clear()
    step(app, 60)
    assert app.scene is not app.table
    assert type(app.scene).__name__ == "EndScene"
    words = [line[0] for line in app.scene.lines()]
    assert any(w.endswith(f"Deal #2 \u00b7 {grade}") for w in words)


def test_winnable_deals_only_asks_for_the_difficulty_chosen_in_the_settings(make, monkeypatch):
    monkeypatch.setattr(session, "GRADED_BUDGET_MS", 600_000)
    app = make("?game=thirteens&deal=1", winnable_only=True)
    app.open(SceneName.SETTINGS)
    step(app)
    for _ in range(app.scene.pages()):  # on a later page, when the options do not fit
        choice = next((w for w in app.scene.widgets if w.name == "winnable_difficulty"), None)
        if choice is not None:
            break
        press(app, pygame.K_PAGEDOWN)
    assert choice is not None
    click(app, choice.pill().center)
    assert app.settings.winnable_difficulty == "easy"
    assert Profile(app.profile.storage).settings.winnable_difficulty == "easy"  # kept
    press(app, pygame.K_ESCAPE)
    assert app.scene is app.table
    press(app, pygame.K_n)
    assert "deal" in app.tasks  # searched for beside the game, a slice a frame
    for _ in range(100_000):
        if "deal" not in app.tasks:
            break
        step(app)
    setup = app.game.setup
    assert setup != GameSetup("thirteens", deal=1)
    assert difficulty.deal_grade(setup) is difficulty.Grade.EASY
