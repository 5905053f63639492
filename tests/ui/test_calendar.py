"""The calendar of the day's deals, driven by real pygame events on a profile whose clock
says a fixed date: today's deal won marks the day and the streak, a past day played
from the calendar marks the day only, the badges come at their thresholds, the arrows
move from day to day, and a screen reader hears the screen and each day."""

from __future__ import annotations

from datetime import date, timedelta

import pygame

from thirteen.advice.solving import solve
from thirteen.core import i18n
from thirteen.games import GameSetup
from thirteen.records.profile import Profile
from thirteen.records.storage import MemoryStorage
from thirteen.session.share import today_deal
from thirteen.ui.access import Access
from thirteen.ui.scene_names import SceneName
from thirteen.ui.screens.calendar import CalendarScene, DayCell

from .helpers import click, press, step
from .page_stand_in import Page

TODAY = date(2026, 3, 17)
"""A Tuesday whose Pyramid deal, and the day before's, can be won."""


def dated(day: date = TODAY) -> Profile:
    profile = Profile(MemoryStorage())
    profile.daily.clock = lambda: day
    return profile


def open_calendar(app, game: str = "pyramid") -> CalendarScene:
    """From the start screen, by its Calendar button, with ``game`` chosen there."""
    app.go_start()
    step(app)
    if app.start_scene.game_id != game:
        click(app, app.start_scene.button(f"game:{game}").rect.center)
    button = app.start_scene.button(SceneName.CALENDAR)
    assert button is not None
    click(app, button.rect.center)
    scene = app.scene
    assert isinstance(scene, CalendarScene)
    return scene


def cell(scene: CalendarScene, day: int) -> DayCell:
    return next(c for c in scene.cells() if c.day == day)


def win_on_the_table(app) -> None:
    """Play the deal on the table to a win, move by move, as the solver finds it."""
    line = solve(app.game, max_nodes=500_000).moves
    assert line
    for move in line:
        app.table.play(move)
    assert app.game.outcome.value == "won"
    step(app)


def test_today_s_deal_won_shows_on_the_calendar_and_counts_for_the_streak(make):
    app = make(profile=dated(), animations=False)
    scene = open_calendar(app)
    assert not cell(scene, 17).state and cell(scene, 17).today
    assert not cell(scene, 18).enabled  # tomorrow cannot be played yet
    assert "Daily streak: 0 days" in scene.spoken()
    press(app, pygame.K_DOWN)  # the focus comes to today
    assert scene.focus == "day:17"
    press(app, pygame.K_RETURN)
    assert app.game is not None and app.game.setup == GameSetup(
        "pyramid", deal=today_deal("pyramid", TODAY)
    )
    win_on_the_table(app)
    scene = open_calendar(app)
    state = cell(scene, 17).state
    assert (
        state is not None
        and state.won_on_day
        and state.best == app.profile.stats("pyramid").total_score
    )
    assert "Daily streak: 1 day" in scene.spoken()
    assert "Won this month: 1 of 31 days" in scene.spoken()


def test_a_past_day_played_from_the_calendar_is_marked_but_the_streak_stays(make):
    app = make(profile=dated(), animations=False)
    scene = open_calendar(app)
    press(app, pygame.K_DOWN)
    press(app, pygame.K_LEFT)
    assert scene.focus == "day:16"
    press(app, pygame.K_RETURN)
    yesterday = TODAY - timedelta(days=1)
    assert app.game.setup.deal == today_deal("pyramid", yesterday)
    win_on_the_table(app)
    scene = open_calendar(app)
    state = cell(scene, 16).state
    assert state is not None and state.won and not state.won_on_day
    assert "won later" in cell(scene, 16).label
    assert "Daily streak: 0 days" in scene.spoken()
    assert "Won this month: 1 of 31 days" in scene.spoken()


def test_a_tap_on_a_day_deals_it_and_a_game_in_progress_is_asked_about_first(make):
    app = make("?game=thirteens&deal=9", profile=dated(), animations=False)
    app.table.play(app.game.legal_moves()[0])
    scene = open_calendar(app, "thirteens")  # the same game: its game in progress goes
    click(app, cell(scene, 3).rect.center)
    assert app.scene is scene and "Give up your Thirteens game" in scene.message
    step(app, 30)  # not the rest of a double click
    click(app, cell(scene, 3).rect.center)
    assert app.game.setup.deal == today_deal("thirteens", date(2026, 3, 3))
    assert app.profile.stats("thirteens", "3x5").played == 1  # the game given up counted


def test_the_badges_show_at_ten_twenty_and_every_day(make):
    from types import SimpleNamespace

    from thirteen.core.game import Outcome

    last = date(2026, 4, 30)
    app = make(profile=dated(last), animations=False)
    profile = app.profile
    earned = {}
    for n in range(1, 31):
        setup = GameSetup("giza", deal=today_deal("giza", date(2026, 4, n)))
        profile.record_result(SimpleNamespace(setup=setup, outcome=Outcome.WON, score=n))
        if n in (9, 10, 19, 20, 29, 30):
            scene = open_calendar(app)
            earned[n] = [name for name, _, got in scene.badges() if got]
            scene.draw(app.screen)
    assert earned == {
        9: [],
        10: ["bronze"],
        19: ["bronze"],
        20: ["bronze", "silver"],
        29: ["bronze", "silver"],
        30: ["bronze", "silver", "gold"],
    }
    assert "Every badge of the month earned!" in scene.spoken()
    assert "Badges this month: Bronze, Silver and Gold." in scene.spoken()
    # shown for another game (Page Down): the days won there count for the goal, and
    # each day says it was won in another game
    scene.game_id = "pyramid"
    scene.build()
    assert "Won in another game." in cell(scene, 5).label
    assert scene.badges()[2][2]


def test_arrows_move_a_week_or_a_day_and_stop_at_the_days_to_come(make):
    app = make(profile=dated(), animations=False)
    scene = open_calendar(app)
    press(app, pygame.K_RIGHT)
    assert scene.focus == "day:17"
    press(app, pygame.K_RIGHT)
    assert scene.focus == "day:17"  # tomorrow is not played yet
    press(app, pygame.K_UP)
    assert scene.focus == "day:10"
    press(app, pygame.K_UP)
    press(app, pygame.K_UP)
    assert scene.focus == "day:3"
    press(app, pygame.K_UP)
    assert scene.focus == "day:3"  # no day a week before the 3rd this month
    press(app, pygame.K_LEFT)
    press(app, pygame.K_LEFT)
    assert scene.focus == "day:1"
    press(app, pygame.K_DOWN)
    assert scene.focus == "day:8"
    shown = scene.game_id
    press(app, pygame.K_PAGEDOWN)
    assert scene.game_id != shown and scene.focus == "day:8"
    press(app, pygame.K_PAGEUP)
    assert scene.game_id == shown
    press(app, pygame.K_ESCAPE)
    assert app.scene is app.start_scene


def test_a_screen_reader_hears_the_month_the_streak_the_goal_and_each_day(make):
    app = make(profile=dated(), animations=False)
    page = Page()
    app.access = Access(app, page)
    step(app)
    open_calendar(app)
    said = " ".join(page.lines)
    assert "Daily deals, March 2026, Pyramid." in said
    assert "Daily streak: 0 days." in said and "10 more days for Bronze." in said
    seen = len(page.lines)
    page.queue.append({"key": "ArrowDown", "shift": False, "ctrl": False})
    step(app, 2)
    assert "Tuesday 17 March, today, Pyramid: not played." in " ".join(page.lines[seen:])
    seen = len(page.lines)
    page.queue.append({"key": "ArrowLeft", "shift": False, "ctrl": False})
    step(app, 2)
    assert "Monday 16 March, Pyramid: not played." in " ".join(page.lines[seen:])


def test_the_calendar_speaks_and_starts_its_weeks_in_the_player_s_language(make):
    app = make(profile=dated(), animations=False, language="de")
    scene = open_calendar(app)
    assert scene.weeks()[0][0] == 0 and scene.weeks()[0][6] == 1  # Mo .. So: the 1st a Sunday
    assert "Dienstag, 17. März, heute" in cell(scene, 17).label
    assert "Tagesspiele, März 2026" in scene.spoken()
    heads = [line[0] for line in scene.text_lines()]
    assert "Mo" in heads and "So" in heads
    i18n.set_language("en")
    assert scene.weeks()[0][0] == 1  # Sunday first in English
