"""The calendar at every shape, in every language, with larger text on and off: its
widgets inside the canvas, none overlapping, each large enough for a finger and found
where drawn; every text it draws inside the canvas and the box it touches, none over
another (the checks of test_shapes.py and test_language_fit.py).  The month shown
takes six week rows, with days won, played, won later and won in another game, a day
focused and the question about a game in progress."""

from __future__ import annotations

from datetime import date
from types import SimpleNamespace

import pytest

from thirteen.core.game import Outcome
from thirteen.games import GameSetup
from thirteen.records.profile import Profile
from thirteen.records.storage import MemoryStorage
from thirteen.session.share import today_deal
from thirteen.ui.canvas import canvas_size
from thirteen.ui.scene_names import SceneName
from thirteen.ui.screens.calendar import CalendarScene

from .fit_helpers import drawing
from .helpers import open_end_now, play_to_end
from .shapes import SHAPES, TEXT_SIZES, check_menu

TODAY = date(2026, 8, 29)
"""August 2026 begins on a Saturday: six week rows whichever day a week starts on."""


def played_month(profile: Profile) -> None:
    """Days won on their day, won later, lost, and won in another game only."""
    results = [
        ("pyramid", 3, True, 48, TODAY),
        ("pyramid", 4, True, 1234, date(2026, 8, 4)),
        ("pyramid", 5, False, 7, date(2026, 8, 5)),
        ("thirteens", 6, True, 52, date(2026, 8, 6)),
        ("pyramid", 28, True, 52, date(2026, 8, 28)),
    ]
    for game, day, won, score, when in results:
        profile.daily.clock = lambda when=when: when
        setup = GameSetup(game, deal=today_deal(game, date(2026, 8, day)))
        outcome = Outcome.WON if won else Outcome.LOST
        profile.record_result(SimpleNamespace(setup=setup, outcome=outcome, score=score))
    profile.daily.clock = lambda: TODAY


@pytest.mark.parametrize("larger", TEXT_SIZES)
@pytest.mark.parametrize("viewport", SHAPES, ids=lambda v: f"{v[0]}x{v[1]}")
def test_the_calendar_fits_every_shape_and_language(make, viewport, larger):
    profile = Profile(MemoryStorage())
    app = make("?game=pyramid&deal=2", profile, animations=False, larger_text=larger)
    played_month(profile)
    app.display.resize(*canvas_size(*viewport))
    app.relayout()
    found: list[str] = []
    for language in ("en", "de", "fr", "es", "it"):
        app.settings.language = language
        app.change_language()
        app.back() if isinstance(app.scene, CalendarScene) else None
        app.table.play(app.game.legal_moves()[0])  # a game in progress to ask about
        app.go_start()
        app.open(SceneName.CALENDAR)
        scene = app.scene
        assert isinstance(scene, CalendarScene) and scene.game_id == "pyramid"
        assert len(scene.weeks()) == 6
        scene.focus = "day:4"
        what = f"{language} {viewport} larger={larger}"
        check_menu(app, viewport, [(line[0], line[-1]) for line in scene.text_lines()])
        found += drawing(app, f"{what} day focused")
        scene.activate("day:5")  # the question about the game in progress
        assert scene.message
        check_menu(app, viewport, [(line[0], line[-1]) for line in scene.text_lines()])
        found += drawing(app, f"{what} asking")
        app.resume()
    assert found == [], "\n".join(found)


END_DAY = date(2026, 3, 9)
"""Its Pyramid deal can be won, and is lost by the first moves that end it: the end
screen also offers to show a win."""


@pytest.mark.parametrize("viewport", SHAPES, ids=lambda v: f"{v[0]}x{v[1]}")
@pytest.mark.parametrize("language", ["en", "de", "fr"])
def test_the_end_screen_of_a_day_s_deal_offers_the_calendar_and_fits(
    make, patient_verdicts, viewport, language
):
    """Calendar among the end screen's buttons (with Undo and Show a win, the most it
    has), every one inside the box and large enough, the text clear of them and fitted;
    K or a press opens the calendar on that game, and Back comes back."""
    from thirteen.ui.screens.end import EndButton

    from .shapes import css_scale

    profile = Profile(MemoryStorage())
    profile.daily.clock = lambda: END_DAY
    query = f"?game=pyramid&deal={today_deal('pyramid', END_DAY)}"
    app = make(query, profile, animations=False, language=language, timer=True)
    app.display.resize(*canvas_size(*viewport))
    app.relayout()
    play_to_end(app)
    end = open_end_now(app)
    found = drawing(app, f"{language} end {viewport}")
    end.build()  # with Show a win, once the verdict's search found it
    names = [w.name for w in end.widgets]
    assert EndButton.CALENDAR in names and EndButton.REPLAY in names and EndButton.UNDO in names
    found += drawing(app, f"{language} end {viewport}")
    rects = [w.rect for w in end.widgets]
    for n, rect in enumerate(rects):
        assert end.BOX.contains(rect), rect
        assert min(rect.size) * css_scale(viewport) >= 44, rect
        assert all(not rect.colliderect(other) for other in rects[n + 1 :]), rect
    for words, _, _, rect in end.lines():
        assert not any(rect.colliderect(r) for r in rects), words
    assert found == [], "\n".join(found)
    end.activate(EndButton.CALENDAR)
    scene = app.scene
    assert isinstance(scene, CalendarScene) and scene.game_id == "pyramid"
    state = next(c for c in scene.cells() if c.day == END_DAY.day).state
    assert state is not None and state.played == 1 and not state.won
    scene.activate("back")
    assert app.scene is end
