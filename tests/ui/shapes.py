"""What the shape tests share: the screen shapes swept and the text sizes, CSS pixels per
logical pixel, every game's layouts, and the checks that a table, the end screen or any
screen around the table is laid out on the canvas with nothing outside, nothing
overlapping and hit areas large enough for a finger."""

from __future__ import annotations

import pygame
import pytest

from thirteen.games import GAMES
from thirteen.ui.canvas import canvas_size
from thirteen.ui.layout import SpotKind, frame_for
from thirteen.ui.scene_names import SceneName

from .helpers import click, step

SHAPES = [(1280, 720), (390, 844), (844, 390), (1024, 768), (768, 1024), (720, 720)]
SHAPES += [(2100, 900), (900, 2100), (3000, 900), (412, 915), (1920, 1080), (600, 960)]
"""Windows and screens (phones held either way, tablets, a square, beyond 21:9)."""

MIN_HIT_CSS = 44
"""The smallest hit area side in CSS pixels a finger needs."""


def css_scale(viewport: tuple[int, int]) -> float:
    """CSS pixels per logical pixel when the canvas fills ``viewport``."""
    w, h = canvas_size(*viewport)
    return min(viewport[0] / w, viewport[1] / h)


def layouts() -> list[tuple[str, str | None]]:
    """Every game and offered layout, and the extreme layouts only a link opens."""
    out = [(s.id, lay) for s in GAMES.values() for lay in (s.layouts or (None,))]
    grid = next(s.id for s in GAMES.values() if s.layouts)
    return out + [(grid, lay) for lay in ("2x15", "15x2", "6x5", "2x2")]


TEXT_SIZES = [pytest.param(False, id="text"), pytest.param(True, id="larger-text")]
"""The sweeps run with the larger-text setting off and on."""


def check_table_fits(make, viewport, game_id: str, layout: str | None, larger: bool) -> None:
    """The table of ``game_id`` (at ``layout``) on the canvas ``viewport`` gives, its text
    larger when ``larger``: every part inside, no two buttons overlapping, each button a
    finger's size, every spot on the table clear of the bars and found where it shows."""
    size = canvas_size(*viewport)
    query = f"?game={game_id}&deal=5" + (f"&layout={layout}" if layout else "")
    app = make(query, larger_text=larger)
    app.display.resize(*size)
    app.relayout()
    table = app.table
    canvas = pygame.Rect((0, 0), size)
    frame = table.frame
    assert frame == frame_for(size)
    parts = [b.rect for b in table.buttons] + [frame.panel, frame.table]
    for rect in parts:
        assert canvas.contains(rect), rect
    for n, a in enumerate(table.buttons):
        assert all(not a.rect.colliderect(b.rect) for b in table.buttons[n + 1 :])
    for b in table.buttons:
        assert min(b.rect.size) >= 80, b.rect  # 43 CSS px on a phone held sideways
    for spot in table.geo.spots:
        assert frame.table.contains(spot.rect) or spot.kind is SpotKind.STOCK, spot
        assert not any(spot.rect.colliderect(p) for p in frame.chrome()), spot
    free = [s for s in table.geo.spots if s.free and s.kind is SpotKind.CARD]
    assert free
    # every spot's hit area is its own where it shows: a click there finds it
    for spot in free:
        assert table.geo.hit_test(spot.outline.center) is spot
    table.draw(app.screen)  # draws without error at this size


def check_end_screen_upright(make, game_id: str) -> None:
    """The end screen of ``game_id`` on an upright phone, over the cards between the bars:
    every button inside its box and at least 44 CSS px, none overlapping, and no line of
    text over a button."""
    from thirteen.ui.screens.end import EndScene

    viewport = (390, 844)
    app = make(f"?game={game_id}&deal=2", animations=False)
    app.display.resize(*canvas_size(*viewport))
    app.relayout()
    game = app.game
    while not game.is_over:
        app.table.play(game.legal_moves()[0])
    app.open(SceneName.END)
    step(app)
    end = app.scene
    assert isinstance(end, EndScene) and app._fitted(end) is None
    rects = [w.rect for w in end.widgets]
    for n, rect in enumerate(rects):
        assert end.BOX.contains(rect)
        assert min(rect.size) * css_scale(viewport) >= MIN_HIT_CSS
        assert all(not rect.colliderect(other) for other in rects[n + 1 :])
    for words, _, _, text in end.lines():
        assert end.BOX.contains(text), words
        assert not any(text.colliderect(r) for r in rects), words


def open_menu(
    make, viewport, scene: str, query: str = "?game=pyramid13&deal=2", larger: bool = False
):
    """An app on the canvas ``viewport`` gives, showing ``scene`` (end: after the game),
    its text larger when ``larger``."""
    from thirteen.ui.screens.entry import EntryScene

    if scene in ("stats-others", "start-layouts"):
        query = "?game=thirteens&deal=1&layout=6x5"
    app = make(query, animations=False, larger_text=larger)
    app.display.resize(*canvas_size(*viewport))
    app.relayout()
    if scene.startswith("start"):
        app.go_start()
        app.start_scene.message = "A notice long enough to take a few lines to say. " * 3
    elif scene == "end":
        game = app.game
        while not game.is_over:
            app.table.play(game.legal_moves()[0])
        app.open(SceneName.END)
    elif scene in ("entry", "digits"):
        app.push(
            EntryScene(
                app, "Post your score: 870", "Your name", lambda t: None, digits=scene == "digits"
            )
        )
    else:
        app.open(SceneName(scene.split("-")[0]))
    step(app)
    return app


def check_menu(app, viewport, texts=()) -> None:
    """Inside the canvas, no two widgets overlapping, each at least 44 CSS px, the text
    clear of them, and each widget found where it is drawn."""
    scene = app.scene
    assert app._fitted(scene) is None  # laid out for this canvas, not scaled
    canvas = pygame.Rect((0, 0), app.screen.get_size())
    rects = [w.rect for w in scene.widgets]
    keyboard = getattr(scene, "keyboard", None)
    rects += [r for _, r, _ in keyboard.keys] if keyboard is not None else []
    for n, rect in enumerate(rects):
        assert canvas.contains(rect), rect
        assert min(rect.size) * css_scale(viewport) >= MIN_HIT_CSS, rect
        assert all(not rect.colliderect(other) for other in rects[n + 1 :]), rect
    for words, rect in texts:
        assert canvas.contains(rect), words
        assert not any(rect.colliderect(r) for r in rects), words
    for w in scene.widgets:
        assert next(x for x in scene.widgets if x.hit(w.rect.center)) is w
    scene.draw(app.screen)


def scene_texts(scene) -> list:
    """The words and rects of the texts ``scene`` draws (none for a scene that lists none)."""
    if hasattr(scene, "text_lines") and callable(scene.text_lines):
        return [(line[0], line[-1]) for line in scene.text_lines()]
    if hasattr(scene, "lines") and hasattr(scene, "BOX"):  # the end screen's box
        return [(words, rect) for words, _, _, rect in scene.lines()]
    return []


def sweep_start_screen(app, viewport) -> tuple[list[str], int]:
    """Click every game on every page of the start screen's list, checking the screen
    each time: the games seen and the pages turned through."""
    start = app.start_scene
    seen: list[str] = []
    pages = 0
    for _ in range(len(GAMES)):
        pages += 1
        check_menu(app, viewport, scene_texts(start))
        games = [w for w in start.widgets if w.name.startswith("game:")]
        heads = [words for words, _ in start.group_heads]
        assert games, "a page without games"
        for button in games:
            spec = GAMES[button.name[5:]]
            beside = [w for w, (x, y) in start.group_heads if y < button.rect.bottom]
            assert beside and beside[-1] == spec.group, (spec.id, heads)
            click(app, button.rect.center)
            assert start.game_id == spec.id
            blurb = [words for words, _, _, _ in start.text_lines() if words in spec.blurb]
            assert " ".join(blurb) == spec.blurb  # the chosen game's blurb, whole
            check_menu(app, viewport, scene_texts(start))
            seen.append(spec.id)
        pager = start.button("games:1")
        if pager is None:
            break
        click(app, pager.rect.center)
        if start.games_page == 0:
            break
    assert sorted(seen) == sorted(GAMES)  # each game once, on one page or another
    return seen, pages
