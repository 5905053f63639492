"""A new deal and a restart say the game, the deal number and its difficulty: the game
and number at once, the difficulty when its slices beside the game have worked it out
(frames later), and only while the player is still on that deal; a deal whose grade is
known already (a restart) says all of it at once."""

from __future__ import annotations

import pygame
import pytest

from thirteen.advice import difficulty
from thirteen.games import GameSetup
from thirteen.ui.table import searches

from .helpers import press, step
from .spoken import heard, listened

WORDS = {
    "en": ("Pyramid, deal {deal}", ": T reads the table.", "Deal {deal} is {grade}."),
    "de": (
        "Pyramide, Spiel Nr. {deal}",
        ": T liest den Tisch vor.",
        "Schwierigkeit von Spiel Nr. {deal}: {grade}.",
    ),
}


@pytest.fixture
def sliced(monkeypatch):
    """The grade of the deal in play worked out to its end (its solve not cut short by
    a loaded machine), in short slices: far more work than one frame's slice does, so
    it comes frames after the deal is said."""
    monkeypatch.setattr(difficulty, "PLAY_SOLVE_MS", None)
    monkeypatch.setattr(difficulty, "SLICE_MS", 1.0)
    monkeypatch.setattr(difficulty, "_graders", {})


def frames_to_grade(app, page, most: int = 100_000) -> tuple[int, list[str]]:
    """Step frames until the deal's grade is known; how many it took and what was said
    meanwhile (checking each frame that the grade is not said before it is known)."""
    said: list[str] = []
    for frames in range(most):
        if searches.graded(app.game):
            return frames, said
        seen = len(page.lines)
        step(app)
        said += page.lines[seen:]
        if not searches.graded(app.game):
            assert not any(line.startswith(("Deal", "Schwierigkeit")) for line in said)
    raise AssertionError("the grade never came")


def grade_of(game: str, deal: int, language: str) -> str:
    from thirteen.core import i18n

    grade = difficulty.deal_grade(GameSetup(game, deal=deal), solve_ms=None)
    before = i18n.language()
    i18n.set_language(language)
    try:
        return difficulty.grade_words(grade)
    finally:
        i18n.set_language(before)


@pytest.mark.parametrize("language", ["en", "de"])
def test_the_deal_is_said_at_once_and_its_difficulty_when_it_arrives(make, sliced, language):
    deal, grade = 2, grade_of("pyramid", 2, language)
    assert grade
    named, reads, arrived = WORDS[language]
    app, page = listened(make, f"?game=pyramid&deal={deal}", language=language)
    assert page.lines == [named.format(deal=deal) + reads]
    frames, said = frames_to_grade(app, page)
    assert frames > 1  # the grade came frames after the deal was said
    assert said.count(arrived.format(deal=deal, grade=grade)) == 1
    # the restart: the grade is known, the whole sentence at once
    restart = heard(page, lambda: press(app, pygame.K_r))
    assert restart.startswith(f"{named.format(deal=deal)}, {grade}{reads}")
    assert arrived.format(deal=deal, grade=grade) not in restart


def test_a_grade_that_comes_after_the_player_left_the_deal_is_not_said(make, sliced):
    app, page = listened(make, "?game=pyramid&deal=2", winnable_only=False)
    first = app.game.setup
    said = heard(page, lambda: press(app, pygame.K_n))  # a new deal before the grade came
    second = app.game.setup
    assert second.deal != first.deal
    assert said.startswith(f"Pyramid, deal {second.deal}: T reads the table.")
    _, meanwhile = frames_to_grade(app, page)
    assert not any(f"Deal {first.deal} is" in line for line in page.lines)
    grade = difficulty.grade_words(difficulty.grader_for(second).grade)
    if grade:  # a deal the solver cannot settle has no grade, and none is said
        assert meanwhile.count(f"Deal {second.deal} is {grade}.") == 1
