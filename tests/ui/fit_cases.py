"""What the fit checks with the settings players turn on share: the app a case (a
scene, game, shape, language and settings) asks for, with the deal's grade known at once
and the widest figures; its scene brought on show; and the check of one drawing of it,
which says what does not fit, what is left in English, which button label is set too
small, which message is cut short and which help page drops its worked example."""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager

import pygame

from thirteen.advice import difficulty
from thirteen.core import i18n
from thirteen.core.i18n import tr
from thirteen.games import GAMES, GameSetup
from thirteen.session import share
from thirteen.tools.shot import next_move_to_end
from thirteen.ui.scene_names import SceneName
from thirteen.ui.screens.entry import NAME_PROMPT, EntryScene
from thirteen.ui.screens.help import HelpScene
from thirteen.ui.screens.stats import StatsScene
from thirteen.ui.table.scene import TableScene
from thirteen.ui.widgets import Button

from .fit_helpers import (
    DAILY_DEAL,
    LONG_NAME,
    WIDE_STATS,
    WIDEST_TIME_MS,
    problems,
    settle,
    settled,
    show_widest,
    widest_score,
)
from .helpers import Drawn, open_end_now, play_to_end, recording, show_as

ORDINARY_DEAL = 5
"""The deal a case plays when it is not the daily deal."""
SMALLEST_LABEL = 16
"""The smallest type size a button's label may be set at (a long word shrinks to it)."""


def graded(setup: GameSetup) -> None:
    """The deal's grade known at once, and its longest words ('not winnable')."""
    grader = difficulty.Grader(setup, verdict="not winnable")
    grader.done, grader.grade = True, difficulty.Grade.NOT_WINNABLE
    difficulty._graders[setup] = grader  # (the deal in play's grader, as settle keeps it)


def make_app(make, case: dict, monkeypatch):
    """The app a case asks for, showing its game's table."""
    if case["daily"]:
        monkeypatch.setattr(share, "today_deal", lambda game_id, day=None: DAILY_DEAL)
    deal = DAILY_DEAL if case["daily"] else ORDINARY_DEAL
    app = make(
        f"?game={case['game']}&deal={deal}",
        language=case["language"],
        animations=False,
        timer=case["timer"],
        sound=False,
        larger_text=case["larger"],
        high_contrast=case["contrast"],
    )
    show_as(app, case["shape"])
    setup = getattr(app.game, "setup", None)
    if setup is not None:
        graded(setup)
    app.profile.stats = lambda game_id, layout=None: WIDE_STATS
    if app.table is not None:
        app.table.elapsed_ms = WIDEST_TIME_MS
    return app


@contextmanager
def counting_pictures() -> Iterator[list[pygame.Rect]]:
    """The areas the help draws its worked example or figure in, while inside."""
    areas: list[pygame.Rect] = []
    real = HelpScene.draw_picture

    def draw_picture(self, surface, area):
        areas.append(area.copy())
        real(self, surface, area)

    setattr(HelpScene, "draw_picture", draw_picture)  # noqa: B010 (a method, put back after)
    try:
        yield areas
    finally:
        setattr(HelpScene, "draw_picture", real)  # noqa: B010


def english_left(drawn: Drawn) -> list[str]:
    """Texts drawn in English under another language: words the catalogue translates
    otherwise, shown as they are in the source."""
    if i18n.language() == i18n.SOURCE:
        return []
    catalogue = i18n.catalogue(i18n.language())
    return [
        words
        for _, words, _ in drawn
        if words in catalogue and catalogue[words] != words and len(words) > 3
    ]


def small_labels(app, drawn: Drawn) -> list[str]:
    """Buttons whose label is drawn smaller than a reader can read at a glance (a
    button that draws its own face, a calendar's day, is not asked)."""
    out = []
    shown = {words for _, words, _ in drawn}
    scene = app.scene
    buttons = list(getattr(scene, "widgets", []))
    if isinstance(scene, TableScene):
        buttons = list(scene.buttons)
    for b in buttons:
        if not isinstance(b, Button) or b.label not in shown:
            continue
        if b.label_size() < SMALLEST_LABEL:
            out.append(f"{b.label!r} set at {b.label_size()} in {tuple(b.rect)}")
    return out


def message_cut(app, drawn: Drawn) -> list[str]:
    """The table's message not drawn whole (its lines joined must say all of it)."""
    table = app.scene
    if not isinstance(table, TableScene) or not table.message:
        return []
    said = " ".join(words for _, words, _ in drawn)
    missing = [w for w in table.message.split() if w not in said.split()]
    return [f"message cut, {missing} not drawn: {table.message!r}"] if missing else []


def check(app, what: str) -> list[str]:
    """Draw the scene on show until it is settled (the first drawing may picture the
    table behind it) and say what does not fit in the settled drawing."""
    with counting_pictures() as pictures, recording() as drawn:
        app.draw()
    if not settled(app):
        settle(app)
        with counting_pictures() as pictures, recording() as drawn:
            app.draw()
    assert drawn, f"{what}: no text drawn"
    found = problems(app, drawn, what)
    found += [f"{what}: English {w!r}" for w in english_left(drawn)]
    found += [f"{what}: {line}" for line in small_labels(app, drawn) + message_cut(app, drawn)]
    scene = app.scene
    if isinstance(scene, HelpScene):
        found += [f"{what}: {line}" for line in picture_problems(scene, pictures, drawn)]
    return found


def picture_problems(scene: HelpScene, pictures: list[pygame.Rect], drawn: Drawn) -> list[str]:
    """A game's help without its worked example or figure, or with it over the text."""
    if scene.tab not in GAMES:
        return []
    if not pictures:
        return [f"the help of {scene.tab} draws no example or figure"]
    area = pictures[-1]
    canvas = scene.app.screen.get_rect()
    out = [] if canvas.contains(area) else [f"the example {area} runs off the canvas"]
    texts = [(w, r) for s, w, r in drawn if s is scene.app.screen and not area.contains(r)]
    out += [f"the example {area} lies over {w!r}" for w, r in texts if r.colliderect(area)]
    return out


def open_scene(app, case: dict) -> None:
    """Bring the case's scene on show."""
    scene, game_id = case["scene"], case["game"]
    if scene == "table":
        app.table.outlook = "lost"
        app.table.say(tr("Only the top card of a column can move to an empty column."))
    elif scene in ("start", "menu"):
        if scene == "start":
            app.table = None  # nothing waiting
        app.go_start()
    elif scene == "help":
        app.open(SceneName.HELP)
        app.scene.activate(f"tab:{game_id}")
    elif scene == "stats":
        if GAMES[game_id].posts_scores:  # full boards of the widest names and scores
            for n in range(10):
                app.profile.post_score(game_id, LONG_NAME, widest_score(game_id) - n, "")
        app.open(SceneName.STATS)
        stats = app.scene
        assert isinstance(stats, StatsScene)
        title = tr(GAMES[game_id].title)
        tab = next(
            (w for w in stats.widgets if w.name.startswith("tab:") and title in w.label), None
        )
        if tab is not None:
            stats.activate(tab.name)
    elif scene.startswith("end"):
        play_to_end(app)
        show_widest(app.game, won=scene == "end-won")
        open_end_now(app)
    elif scene == "settings":
        app.open(SceneName.SETTINGS)
    elif scene == "entry":
        title = tr("Post your score: {score}", score=widest_score(game_id))
        app.push(EntryScene(app, title, tr(NAME_PROMPT), lambda text: None, LONG_NAME))
        app.scene.error = tr("Only letters A-Z, digits, spaces, '-', '_' and '.'.")
    elif scene == "calendar":
        app.open(SceneName.CALENDAR)
    elif scene == "replay":
        from thirteen.ui.replay import ReplayScene

        game = app.game
        line = []
        seen: set = set()
        while not game.is_over and len(line) < 200:
            line.append(next_move_to_end(game, seen))
            game.play(line[-1])
        replay = ReplayScene(app, game.setup, tuple(line))
        app.push(replay)
        while replay.done < len(line):
            if replay.summary is not None:
                replay.next_round()
            replay.step_once()
        replay.anim.finish()
