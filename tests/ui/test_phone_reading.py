"""A phone reads well: no text under 11 CSS pixels on any screen held either way in any
language (card corners included), the cards take the room a phone gives them, and a
player using a finger is shown no keys to press.

Sizes are what is really drawn: :data:`thirteen.ui.theme.size_recorder` is told the em
of every text a scene draws, measured in CSS pixels at the scale a phone shows the
canvas (:func:`.shapes.css_scale`)."""

from __future__ import annotations

import re
from collections.abc import Iterator
from contextlib import contextmanager

import pygame
import pytest

from thirteen.core import i18n
from thirteen.games import GAMES
from thirteen.tools.shot import next_move_to_end
from thirteen.ui import theme, widgets
from thirteen.ui.cards import corner_sizes
from thirteen.ui.scene_names import SceneName
from thirteen.ui.screens.entry import NAME_PROMPT, EntryScene
from thirteen.ui.spots import SpotKind

from .fit_helpers import every_menu_screen, long_message
from .helpers import open_end_now, play_to_end, press, recording, show_as, step, think
from .shapes import css_scale

PHONES = [(390, 844), (844, 390)]
LANGUAGES = ["en", "de", "fr", "es", "it"]
MIN_CSS = 11

KEY_REFERENCE = re.compile(r"\((?:[A-Z]|F\d+|Esc|Ctrl\+\w+|Space|Enter|\{key\})\)")
"""A message's "(D)"-style reference to a key."""
KEY_LABELS = {"N", "R", "U", "H", "F1", "S", "Esc", "Ctrl+Y", "D", "P", "Échap", "Strg+Y"}
"""The letters and names a button shows for its key."""


@pytest.fixture(autouse=True)
def _no_recorder_after():
    yield
    theme.size_recorder = None


Sized = list[tuple[str, float]]


@contextmanager
def sizes() -> Iterator[Sized]:
    """The words drawn while inside and their em in canvas pixels (the layer caches
    draw anew while :func:`.helpers.recording` is on)."""
    found: Sized = []
    with recording():
        theme.size_recorder = lambda surface, words, em: found.append((words, em))
        try:
            yield found
        finally:
            theme.size_recorder = None


def small(app, viewport, what: str) -> list[str]:
    """The texts of one drawing of the scene on show that are under :data:`MIN_CSS`."""
    app.draw()
    if app.tasks.busy():  # the end screen's verdict
        app.tasks.finish_all()
        app.draw()
    scale = css_scale(viewport)
    with sizes() as found:
        app.draw()
    assert found, f"{what}: no text drawn"
    return [
        f"{what}: {words!r} at {em * scale:.1f} CSS px"
        for words, em in found
        if em * scale < MIN_CSS - 0.05
    ]


def app_at(make, viewport, query: str, language: str):
    app = make(query, language=language, animations=False, timer=True, sound=False)
    show_as(app, viewport)
    return app


@pytest.mark.parametrize("viewport", PHONES, ids=lambda v: f"{v[0]}x{v[1]}")
@pytest.mark.parametrize("language", LANGUAGES)
def test_no_table_text_or_card_corner_is_under_11_css_px(make, language, viewport):
    found: list[str] = []
    scale = css_scale(viewport)
    for spec in GAMES.values():
        for layout in spec.layouts or (None,):
            link = f"?game={spec.id}&deal=5" + (f"&layout={layout}" if layout else "")
            app = app_at(make, viewport, link, language)
            app.table.say(i18n.tr("Only the top card of a column can move to an empty column."))
            found += small(app, viewport, f"{language} table {spec.id} {layout}")
            rank_size = corner_sizes(app.table.geo.card_h)[0]
            corner = theme.em_of(theme.plain_font(rank_size), rank_size) * scale
            if corner < MIN_CSS - 0.05:
                found.append(f"{spec.id} {layout}: card corners at {corner:.1f} CSS px")
    assert found == [], "\n".join(found)


@pytest.mark.parametrize("viewport", PHONES, ids=lambda v: f"{v[0]}x{v[1]}")
@pytest.mark.parametrize("language", LANGUAGES)
def test_no_screen_text_is_under_11_css_px(make, language, viewport):
    found: list[str] = []
    app = app_at(make, viewport, "?game=pyramid13&deal=5", language)
    for shown in every_menu_screen(app, long_message()):
        found += small(app, viewport, f"{language} {shown}")
    app.push(EntryScene(app, "Post", i18n.tr(NAME_PROMPT), lambda text: None, "Lucky 13"))
    found += small(app, viewport, f"{language} entry")
    app.back()
    app.open(SceneName.CALENDAR)
    found += small(app, viewport, f"{language} calendar")
    assert found == [], "\n".join(found)


@pytest.mark.parametrize("viewport", PHONES, ids=lambda v: f"{v[0]}x{v[1]}")
@pytest.mark.parametrize("game_id", ["pyramid13", "thirteens"])
def test_no_end_screen_text_is_under_11_css_px(make, viewport, game_id):
    found: list[str] = []
    for language in LANGUAGES:
        app = app_at(make, viewport, f"?game={game_id}&deal=5", language)
        play_to_end(app)
        open_end_now(app)
        found += small(app, viewport, f"{language} end {game_id}")
    assert found == [], "\n".join(found)


def test_the_floor_holds_only_where_the_canvas_is_shown_small(make):
    """Shown at its size there is no floor (the sizes asked for are read as they are);
    on a phone's canvas it is 11 CSS pixels at the phone's scale, and text asked smaller
    gets that; a tablet, which shows its canvas larger, needs none."""
    app = make("?game=pyramid&deal=5")
    assert theme.min_text_px == 0 and theme.type_size(10) == 10
    show_as(app, (390, 844))
    assert theme.min_text_px == pytest.approx(MIN_CSS / css_scale((390, 844)), rel=0.01)
    font = theme.font(10)
    assert theme.em_of(font, 10) * css_scale((390, 844)) >= MIN_CSS - 0.05
    assert theme.font(60).size("W") == theme.plain_font(60).size("W")  # larger: as asked
    show_as(app, (1024, 768))
    assert theme.min_text_px == 0


# -- the cards take the room ---------------------------------------------------------


def table_at(make, game_id: str, viewport):
    app = app_at(make, viewport, f"?game={game_id}&deal=5", "en")
    return app.table


@pytest.mark.parametrize("game_id", ["pyramid", "pyramid13"])
def test_an_upright_pyramid_takes_the_height_of_the_phone(make, game_id):
    """390x844: the pyramid's cards are at least 52 CSS px wide (51 before), its bottom
    row reaches two thirds down the table (under half before), and the draw pile and the
    waste lie under it, their bottoms four fifths down (three quarters before)."""
    table = table_at(make, game_id, (390, 844))
    geo, room = table.geo, table.frame.table
    assert geo.card_w * css_scale((390, 844)) >= 52
    pyramid = [s.rect for s in geo.spots if s.zone.value == "pyramid"]
    lowest = max(r.bottom for r in pyramid)
    assert (lowest - room.top) / room.h >= 0.66
    assert geo.pile is not None and geo.waste is not None
    assert geo.pile.top > lowest and geo.waste.top > lowest
    assert (geo.pile.bottom - room.top) / room.h >= 0.8
    assert geo.pile.bottom + 60 < room.bottom  # its captions under it, above the buttons


def test_thirteens_held_sideways_has_larger_cards(make):
    """844x390: the 3x5 grid's cards are at least 60 CSS px wide (48 before), still
    drawn whole and inside the table."""
    viewport = (844, 390)
    table = table_at(make, "thirteens", viewport)
    geo = table.geo
    assert geo.card_w * css_scale(viewport) >= 60
    cards = [s for s in geo.spots if s.kind is SpotKind.CARD]
    assert len(cards) == 15
    assert all(s.shown is None and table.frame.table.contains(s.rect) for s in cards)


# -- a finger's player sees no keys --------------------------------------------------


def finger_tap(app, pos) -> None:
    w, h = app.screen.get_size()
    where = {"touch_id": 1, "finger_id": 0, "x": pos[0] / w, "y": pos[1] / h}
    for kind in (pygame.FINGERDOWN, pygame.FINGERUP):
        pygame.event.post(pygame.event.Event(kind, dx=0.0, dy=0.0, pressure=1.0, **where))
    step(app)


def drawn_words(app) -> list[str]:
    app.scene.dirty = True
    with recording() as drawn:
        app.draw()
    return [words for _, words, _ in drawn]


def keys_named(words: list[str]) -> list[str]:
    return [w for w in words if w in KEY_LABELS or KEY_REFERENCE.search(w)]


@pytest.mark.parametrize("viewport", [(844, 390), (1280, 720)], ids=lambda v: f"{v[0]}x{v[1]}")
def test_after_a_tap_no_button_or_hint_names_a_key_and_a_key_brings_them_back(make, viewport):
    app = app_at(make, viewport, "?game=pyramid&deal=5", "en")
    table = app.table
    assert keys_named(drawn_words(app)), "the buttons show their keys at first"
    felt = (table.frame.table.x + 4, table.frame.table.bottom - 4)  # no card there
    finger_tap(app, felt)
    assert not widgets.keys_shown
    assert keys_named(drawn_words(app)) == []
    hint = next(b for b in table.buttons if b.name == "hint")
    finger_tap(app, hint.rect.center)
    think(app)
    words = drawn_words(app)
    assert any(w.startswith("Hint") for w in words + [table.message or ""])
    assert keys_named(words) == [] and not KEY_REFERENCE.search(table.message or "")
    press(app, pygame.K_h)
    think(app)
    assert widgets.keys_shown
    assert keys_named(drawn_words(app)), "a key press brings the keys back"


def test_the_hint_to_draw_names_its_key_only_for_keys(make):
    from thirteen.core.moves import Draw
    from thirteen.ui.table.words import hint_move_words

    app = make("?game=pyramid&deal=5")
    game = app.table.game
    assert hint_move_words(game, Draw()).endswith("(D).")
    finger_tap(app, (4, 4))
    assert not KEY_REFERENCE.search(hint_move_words(game, Draw()))
    i18n.set_language("de")
    assert hint_move_words(game, Draw()).startswith("Tipp: ")
    assert "(D)" not in hint_move_words(game, Draw())


def test_a_winnable_deal_names_same_deal_without_its_key_for_a_finger(make):
    from thirteen.advice.verdicts import WINNABLE, verdict_words

    game = make("?game=pyramid&deal=5").table.game
    seen: set = set()
    while not game.is_over:
        game.play(next_move_to_end(game, seen))
    assert game.outcome.value != "won"
    assert "(R)" in (verdict_words(game, (WINNABLE,)) or "")
    for language in LANGUAGES:
        i18n.set_language(language)
        words = verdict_words(game, (WINNABLE,), keys=False) or ""
        assert words and not KEY_REFERENCE.search(words)


@pytest.mark.parametrize("viewport", PHONES, ids=lambda v: f"{v[0]}x{v[1]}")
@pytest.mark.parametrize("language", LANGUAGES)
def test_every_table_fits_with_the_lifted_type(make, language, viewport):
    """The table's words at their lifted size still fit their panel, bars and buttons
    and do not overlap (the checks of :mod:`.test_language_fit`), a long message too."""
    from .fit_helpers import drawing

    found: list[str] = []
    for spec in GAMES.values():
        app = app_at(make, viewport, f"?game={spec.id}&deal=5", language)
        app.table.outlook = "lost"  # the indicator's longest words
        app.table.say(i18n.tr("Only the top card of a column can move to an empty column."))
        found += drawing(app, f"{language} table {spec.id} {viewport}")
    assert found == [], "\n".join(found)


def test_a_long_button_label_takes_two_lines_at_the_lifted_type(make):
    """A label too wide for its button at the phone's smallest type is set on two lines,
    both inside the button and apart; one that needs more is drawn whole (and the fit
    checks catch it) rather than losing words."""
    app_at(make, (390, 844), "?game=pyramid&deal=5", "es")
    surface = pygame.Surface((300, 200))
    button = widgets.Button("copy", pygame.Rect(10, 10, 140, 84), "Copiar enlace", "C")
    with recording() as drawn:
        button.draw(surface)
    rects = {words: rect for _, words, rect in drawn}
    assert list(rects) == ["Copiar", "enlace", "C"]
    assert all(button.rect.contains(rect) for rect in rects.values())
    assert not rects["Copiar"].colliderect(rects["enlace"])
    assert not rects["enlace"].colliderect(rects["C"])
    button.label = "Copiar el enlace de esta partida"
    with recording() as drawn:
        button.draw(surface)
    assert [words for _, words, _ in drawn][0] == button.label
