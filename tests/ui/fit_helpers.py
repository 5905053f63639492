"""What the fit checks of the settings players turn on share: the all-pairs list of
combinations, and the widest figures a screen can be asked to show (a daily deal's
longest number, each game's widest score, the longest time, the fullest statistics).
And what every fit check shares: the languages swept, an app at a canvas size in a
language, and what does not fit in a drawing of the scene on show (each text inside the
canvas and the widget or box it touches, no two overlapping)."""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from dataclasses import replace
from itertools import combinations

import pygame

from thirteen.core.deals import MAX_DEAL
from thirteen.core.game import Outcome
from thirteen.core.i18n import tr
from thirteen.games import GAMES, spec_of
from thirteen.records.stats import Stats
from thirteen.ui.canvas import canvas_size
from thirteen.ui.replay import ReplayScene
from thirteen.ui.scene_names import SceneName
from thirteen.ui.screens.calendar import CalendarScene
from thirteen.ui.screens.end import EndScene
from thirteen.ui.screens.entry import NAME_PROMPT, EntryScene
from thirteen.ui.screens.help import HelpScene
from thirteen.ui.screens.settings import SettingsScene
from thirteen.ui.screens.start import StartScene
from thirteen.ui.screens.stats import StatsScene
from thirteen.ui.table.scene import TableScene
from thirteen.ui.widgets import Choice

from .helpers import Drawn, open_end_now, play_to_end, recording

WIDEST_TIME_MS = 10 * 3600 * 1000 - 1
"""The widest clock a game shows ('9:59:59')."""

PYRAMID13_WIDEST_ROUNDS = (620, 620, 770)
"""Pyramid 13's highest possible rounds: all 52 cards of each deal and every bonus."""

WIDE_STATS = Stats(
    played=9_999,
    won=9_998,
    total_score=9_999 * 2010,
    current_streak=999,
    best_streak=9_999,
    distribution={2010: 9_999},
    best_ms=WIDEST_TIME_MS,
)
"""A keen player's figures: four-digit counts and a four-digit best streak."""

LONG_NAME = "WWWWWWWWWW"
"""A posted score's widest screen name (ten of the widest letter, the most a name has)."""


def all_pairs(sizes: Sequence[int]) -> list[tuple[int, ...]]:
    """Rows of value indices (one per dimension, ``sizes[d]`` values each) in which every
    pair of values of every two dimensions appears at least once: greedy and
    deterministic.  Each row starts from the first pair not yet covered (in the order
    of the dimensions and their values) and fills every other dimension with the value
    that covers the most pairs still missing (the first such value on a tie)."""
    missing = {
        (i, a, j, b)
        for i, j in combinations(range(len(sizes)), 2)
        for a in range(sizes[i])
        for b in range(sizes[j])
    }
    rows: list[tuple[int, ...]] = []
    while missing:
        i, a, j, b = min(missing)
        row: list[int | None] = [None] * len(sizes)
        row[i], row[j] = a, b
        for d in range(len(sizes)):
            if row[d] is None:
                row[d] = max(range(sizes[d]), key=lambda v: (gain(row, missing, d, v), -v))
        done = tuple(v for v in row if v is not None)
        rows.append(done)
        missing -= {(p, done[p], q, done[q]) for p, q in combinations(range(len(sizes)), 2)}
    return rows


def gain(row: list[int | None], missing: set, d: int, v: int) -> int:
    """How many missing pairs value ``v`` of dimension ``d`` covers with ``row``'s values."""
    return sum(
        ((k, row[k], d, v) if k < d else (d, v, k, row[k])) in missing
        for k in range(len(row))
        if row[k] is not None and k != d
    )


def widest_score(game_id: str) -> int:
    """The widest score ``game_id`` can reach: its top, or Pyramid 13's three best rounds."""
    top = GAMES[game_id].max_score
    return sum(PYRAMID13_WIDEST_ROUNDS) if top is None else top


def show_widest(game, won: bool) -> None:
    """Make the finished ``game`` show its widest score (and rounds), won or not: its
    class is swapped for one that reports them (the rest of the game is untouched)."""
    base = type(game)
    widest = widest_score(spec_of(game).id)
    outcome = Outcome.WON if won else Outcome.LOST
    real_progress = base.progress

    def progress(self):
        found = real_progress(self)
        if found.round_scores:
            return replace(found, round_scores=PYRAMID13_WIDEST_ROUNDS)
        return found

    fields = {
        "__slots__": (),
        "score": property(lambda self: widest),
        "outcome": property(lambda self: outcome),
        "progress": progress,
    }
    game.__class__ = type(f"Widest{base.__name__}", (base,), fields)


DAILY_DEAL = MAX_DEAL
"""The longest deal number, shown as today's deal ('Today's deal #2147483647')."""


LANGUAGES = ["de", "fr", "es", "it"]
"""German first: it is usually the longest."""


def boxes_of(app) -> list[pygame.Rect]:
    """The widgets and boxes on show whose words must stay inside them."""
    scene = app.scene
    out: list[pygame.Rect] = []
    if isinstance(scene, TableScene):
        out += [b.rect for b in scene.buttons]
        frame = scene.frame
        out += [frame.panel] + ([frame.bar] if frame.bar is not None else [])
        if scene.message and not frame.portrait:
            pass  # the panel holds it
        return out
    for w in getattr(scene, "widgets", []):
        out.append(w.rect)
        if isinstance(w, Choice):
            out.append(w.pill())
    if isinstance(scene, EndScene):
        out.append(scene.BOX)
    picture = scene.picture_place() if isinstance(scene, HelpScene) else None
    if picture is not None:
        out.append(picture)
    return out


def problems(app, drawn: Drawn, what: str) -> list[str]:
    """What does not fit in one drawing of the scene on show."""
    out: list[str] = []
    screen = app.screen
    boxes = boxes_of(app)
    by_surface: dict[int, Drawn] = {}
    for item in drawn:
        by_surface.setdefault(id(item[0]), []).append(item)
    for items in by_surface.values():
        bounds = items[0][0].get_rect()
        rects = [rect for _, _, rect in items]
        for n, (surface, words, rect) in enumerate(items):
            if not bounds.contains(rect):
                out.append(f"{what}: {words!r} {rect} runs off {bounds.size}")
            if surface is screen:
                for k in rect.collidelistall(boxes):  # (each box it touches, in order)
                    if not boxes[k].contains(rect):
                        out.append(f"{what}: {words!r} {rect} runs out of {boxes[k]}")
            for k in rect.collidelistall(rects[n + 1 :]):
                _, other, other_rect = items[n + 1 + k]
                out.append(f"{what}: {words!r} {rect} overlaps {other!r} {other_rect}")
    return out


DRAWN_ALIKE_EACH_TIME = (
    CalendarScene,
    EntryScene,
    HelpScene,
    ReplayScene,
    SettingsScene,
    StartScene,
    TableScene,
)
"""The scenes whose drawing depends on none of their own earlier drawings: their first
drawing of a state puts the same texts in the same places as every drawing after it.
(Not the end screen, whose first drawing takes a picture of the table behind it and may
start its verdict's search, nor the statistics, which fit their figures as they draw.)"""


def settled(app) -> bool:
    """Whether the drawing of the scene on show just made is the one it settles on: a
    scene drawn alike each time that started no search."""
    return type(app.scene) in DRAWN_ALIKE_EACH_TIME and not app.tasks.busy()


def settle(app) -> None:
    """Finish the search the drawing on show started (the end screen's verdict), drawn."""
    if app.tasks.busy():
        app.tasks.finish_all()
        app.draw()


def drawing(app, what: str) -> list[str]:
    """Draw the scene on show until it is settled (the first drawing may take a picture
    of the table behind it) and check the settled drawing."""
    with recording() as drawn:
        app.draw()
    if not settled(app):
        settle(app)
        with recording() as drawn:
            app.draw()
    assert drawn, f"{what}: no text drawn"
    return problems(app, drawn, what)


def app_at(make, size, query: str = "", language: str = "de"):
    app = make(query, language=language, animations=False, timer=True, sound=False)
    app.display.resize(*size)
    app.relayout()
    return app


def long_message() -> str:
    return tr(
        "Give up your {game} game in progress? It will count as a loss: press {button} again.",
        game=tr(next(iter(GAMES.values())).title),
        button=tr("Play a new deal"),
    )


def every_menu_screen(app, notice: str) -> Iterator[str]:
    """Show in turn the start screen (saying ``notice``), every help tab, every statistics
    tab and its reset question, and every settings page; the name of each, while shown."""
    app.go_start()
    app.start_scene.message = notice
    yield "start"
    app.open(SceneName.HELP)
    for key in (*GAMES, "keys"):
        app.scene.activate(f"tab:{key}")
        yield f"help {key}"
    app.back()
    app.open(SceneName.STATS)
    stats = app.scene
    assert isinstance(stats, StatsScene)
    for n in range(len(stats.tabs)):
        stats.activate(f"tab:{n}")
        yield f"stats {n}"
    stats.activate("reset")  # its question under the figures
    yield "stats reset"
    app.back()
    app.open(SceneName.SETTINGS)
    settings = app.scene
    assert isinstance(settings, SettingsScene)
    for page in range(settings.pages()):
        yield f"settings page {page + 1}"
        settings.activate("page:1")
    app.back()


def check_every_screen_fits(make, language: str, viewport) -> None:
    """The start screen (with a game to resume and a long notice), every help tab, every
    statistics tab and its reset question, every settings page and the name entry, in
    ``language`` on the canvas ``viewport`` gives: nothing that does not fit."""
    size = canvas_size(*viewport)
    found: list[str] = []
    app = app_at(make, size, "?game=pyramid13&deal=5", language)  # with a game to resume
    for shown in every_menu_screen(app, long_message()):
        found += drawing(app, f"{language} {shown} {size}")
    title = tr("Post your score: {score}", score=123)
    app.push(EntryScene(app, title, tr(NAME_PROMPT), lambda text: None, "Lucky 13"))
    app.scene.error = tr("Only letters A-Z, digits, spaces, '-', '_' and '.'.")
    found += drawing(app, f"{language} entry {size}")
    assert found == [], "\n".join(found)


def check_end_screen_fits(make, language: str, viewport, game_id: str) -> None:
    """A finished game's end screen, with its statistics, verdict, link and (Pyramid 13)
    Post score; and the question it asks before leaving an unposted score."""
    size = canvas_size(*viewport)
    app = app_at(make, size, f"?game={game_id}&deal=5", language)
    play_to_end(app)
    end = open_end_now(app)
    found = drawing(app, f"{language} end {game_id} {size}")
    if end.button("menu") is not None and app.session.unposted(app.game):
        end.ask_to_leave("menu")
        found += drawing(app, f"{language} end asking {game_id} {size}")
    assert found == [], "\n".join(found)
