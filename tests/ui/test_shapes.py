"""Every screen shape: the canvas follows the window's shape, and the table of every
game and layout lays itself out on it with nothing outside, nothing overlapping and
hit areas large enough for a finger.  Real pygame events drive the resizes."""

from __future__ import annotations

import pygame
import pytest

from thirteen.games import GAMES, GameSetup
from thirteen.ui.canvas import SHORT_SIDE, WIDEST, canvas_size
from thirteen.ui.layout import SpotKind
from thirteen.ui.scene_names import SceneName

from .helpers import click, step
from .shapes import (
    MIN_HIT_CSS,
    SHAPES,
    TEXT_SIZES,
    check_end_screen_upright,
    check_menu,
    check_table_fits,
    css_scale,
    layouts,
    open_menu,
    scene_texts,
    sweep_start_screen,
)


def test_the_canvas_keeps_its_short_side_and_the_window_shape():
    assert canvas_size(1280, 720) == (1280, 720)
    assert canvas_size(390, 844) == (720, 1558)
    assert canvas_size(844, 390) == (1558, 720)
    assert canvas_size(1024, 768) == (960, 720)
    for w, h in SHAPES:
        cw, ch = canvas_size(w, h)
        assert min(cw, ch) == SHORT_SIDE
        assert 1 / WIDEST - 0.01 <= cw / ch <= WIDEST + 0.01
        if 1 / WIDEST <= w / h <= WIDEST:
            assert abs(cw / ch - w / h) < 0.01  # no band wider than a few pixels


@pytest.mark.parametrize("larger", TEXT_SIZES)
@pytest.mark.parametrize("viewport", SHAPES)
@pytest.mark.parametrize(("game_id", "layout"), layouts())
def test_the_table_fits_every_shape(make, viewport, game_id, layout, larger):
    check_table_fits(make, viewport, game_id, layout, larger)


def test_an_upright_phone_gives_big_cards_and_thumb_sized_buttons(make):
    """390x844 held upright: Thirteens 3x5 cards at least 100 CSS px wide, Pyramid's bottom
    row at least 48, every button at least 44 CSS px on its short side."""
    viewport = (390, 844)
    scale = css_scale(viewport)
    figures = {}
    for game_id in ("thirteens", "pyramid", "pyramid13"):
        app = make(f"?game={game_id}&deal=5")
        app.display.resize(*canvas_size(*viewport))
        app.relayout()
        table = app.table
        cards = [s for s in table.geo.spots if s.kind is SpotKind.CARD]
        figures[game_id] = table.geo.card_w * scale
        assert min(min(b.rect.size) for b in table.buttons) * scale >= MIN_HIT_CSS
        for spot in cards:
            if spot.free:
                assert min(spot.outline.size) * scale >= MIN_HIT_CSS
        assert table.frame.portrait and table.frame.bar is not None
        assert all(b.rect.top >= table.frame.bar.top for b in table.buttons)  # at the thumb
    assert figures["thirteens"] >= 100
    assert figures["pyramid"] >= 48 and figures["pyramid13"] >= 48


def test_turning_the_phone_keeps_the_game_the_selection_and_the_message(make):
    app = make("?game=pyramid&deal=1", animations=False)
    table = app.table
    card = next(s.card for s in table.geo.spots if s.free and s.card % 4 and s.card < 48)
    table.selected = card
    table.say("A message that stays.")
    text, moves = table.game.text(), list(table.game.moves)
    for size in ((720, 1558), (1558, 720), (1280, 720)):
        pygame.event.post(pygame.event.Event(pygame.WINDOWSIZECHANGED, x=size[0], y=size[1]))
        step(app)
        assert app.screen.get_size() == size
        assert app.table is table and table.frame.size == size
        assert table.game.text() == text and table.game.moves == moves
        assert table.selected == card and table.message == "A message that stays."
        assert table.find((SpotKind.CARD, card)) is not None


def test_a_tap_on_an_upright_phone_plays_where_the_card_is_drawn(make):
    """After the canvas turns upright, a click lands on the card drawn there: a King goes."""

    def bottom_king(n: int) -> int | None:
        return next((c for c in GameSetup("pyramid", deal=n).decks()[0][21:28] if c >= 48), None)

    deal = next(n for n in range(1, 200) if bottom_king(n) is not None)
    king = bottom_king(deal)
    app = make(f"?game=pyramid&deal={deal}", animations=False)
    pygame.event.post(pygame.event.Event(pygame.WINDOWSIZECHANGED, x=720, y=1558))
    step(app)
    spot = app.table.find((SpotKind.CARD, king))
    assert spot is not None and app.table.frame.portrait
    click(app, spot.outline.center)
    assert king not in [c for z in app.game.cards_in_play().values() for c in z]


def test_a_card_in_flight_when_the_phone_turns_goes_on_to_its_new_place(make):
    """A King clicked away on a Thirteens grid: the cards that fall and those that come
    from the stock are in flight when the canvas turns upright; they keep flying (not
    landing at once) from the same point of their flight, towards their places in the
    upright layout, and land there."""
    app = make("?game=thirteens&deal=1", animations=True)
    table = app.table
    king = next(s for s in table.geo.spots if s.card is not None and s.card >= 48 and s.free)
    click(app, king.outline.center)
    step(app, 6)  # the card from the stock left it 60 ms after the click
    flying = [s for s in table.anim.sprites if s.card is not None and not s.fade]
    assert flying and all(0 < s.progress() < 1 for s in flying)
    progress = {s.card: s.progress() for s in flying}
    pygame.event.post(pygame.event.Event(pygame.WINDOWSIZECHANGED, x=720, y=1558))
    step(app)
    assert table.frame.portrait and table.anim.active
    places = table.geo.card_rects()
    for s in table.anim.sprites:
        if s.card in progress:
            assert s.end == places[s.card]  # bound for the new layout
            assert s.progress() >= progress[s.card] and s.progress() < 1  # still flying
            assert s.card in table.anim.hidden
    step(app, 30)
    assert not table.anim.active
    assert all(table.geo.card_rects()[card] == places[card] for card in progress)


def test_the_start_screen_is_one_column_on_an_upright_phone(make):
    """Every button inside the canvas, none overlapping, each at least 44 CSS px, the
    text clear of them, and a tap on a game chooses it."""
    viewport = (390, 844)
    app = make()
    app.display.resize(*canvas_size(*viewport))
    app.relayout()
    app.go_start()
    start = app.start_scene
    start.message = "A notice long enough to take a few lines of the screen to say. " * 3
    step(app)
    assert app._fitted(start) is None
    canvas = pygame.Rect((0, 0), app.screen.get_size())
    rects = [w.rect for w in start.widgets]
    for n, rect in enumerate(rects):
        assert canvas.contains(rect)
        assert min(rect.size) * css_scale(viewport) >= MIN_HIT_CSS
        assert all(not rect.colliderect(other) for other in rects[n + 1 :])
    for _, _, _, text in start.text_lines():
        assert canvas.contains(text) and not any(text.colliderect(r) for r in rects)
    button = next(w for w in start.widgets if w.name == "game:pyramid")
    click(app, button.rect.center)
    assert start.game_id == "pyramid"


def test_the_table_of_other_layouts_is_laid_out_upright_and_takes_clicks_where_drawn(make):
    """The statistics' six-column table of other layouts upright: its columns inside the
    canvas, and a click lands on the tab drawn there."""
    app = make("?game=thirteens&deal=1&layout=6x5")
    app.display.resize(720, 1558)
    app.relayout()
    app.open(SceneName.STATS)
    step(app)
    stats = app.scene
    assert stats.tabs[stats.tab] is stats.other_tab and app._fitted(stats) is None
    columns = stats.others_columns()
    assert columns[0] >= 20 and columns[-1] + 120 <= 720
    tab = next(w for w in stats.widgets if w.name == "tab:3")
    click(app, tab.rect.center)
    assert stats.tab == 3


@pytest.mark.parametrize("scene", [SceneName.HELP, SceneName.SETTINGS, SceneName.STATS])
def test_help_settings_and_statistics_lay_themselves_out_upright(make, scene):
    viewport = (390, 844)
    app = make("?game=pyramid13&deal=1")
    app.display.resize(*canvas_size(*viewport))
    app.relayout()
    app.open(scene)
    step(app)
    assert app._fitted(app.scene) is None
    canvas = pygame.Rect((0, 0), app.screen.get_size())
    rects = [w.rect for w in app.scene.widgets]
    for n, rect in enumerate(rects):
        assert canvas.contains(rect)
        assert min(rect.size) * css_scale(viewport) >= MIN_HIT_CSS
        assert all(not rect.colliderect(other) for other in rects[n + 1 :])


def test_the_desktop_window_scales_the_canvas_smoothly_and_maps_the_pointer(make):
    """A 960x540 window shows the 1280x720 canvas at 0.75 (not a whole number); a window
    dragged upright gets an upright canvas; pointer positions land on the canvas."""
    from thirteen.ui.display import Display, first_window_size

    make()  # pygame initialised the way the game does it
    display = Display("window", (960, 540))
    assert display.size == (1280, 720) and display.window.get_size() == (960, 540)
    assert display.to_canvas((480, 270)) == (640, 360)
    assert display.to_canvas((0, 0)) == (0, 0)
    display.canvas.fill((200, 0, 0))
    display.present()
    assert abs(display.window.get_at((480, 270))[0] - 200) < 8  # scaled, smoothly
    pygame.display.set_mode((500, 1000), pygame.RESIZABLE)
    display.resize(500, 1000)
    assert display.changed and display.size == (720, 1440)
    assert display.to_canvas((250, 500)) == (360, 720)
    assert first_window_size((1366, 768)) == (1229, 691)  # a laptop: nine tenths
    assert first_window_size((3840, 2160)) == (1280, 720)
    assert first_window_size(None) == (1280, 720)


@pytest.mark.parametrize("game_id", list(GAMES))
def test_the_end_screen_is_laid_out_upright(make, game_id):
    """Over the cards between the bars: every button inside its box and at least 44 CSS
    px, none overlapping, and no line of text over a button."""
    check_end_screen_upright(make, game_id)


def test_name_entry_upright_has_thumb_wide_keys_and_types(make):
    """Seven keys to a row: every key at least 44 CSS px on a 390x844 phone; a tap types."""
    from thirteen.ui.screens.entry import EntryScene

    viewport = (390, 844)
    app = make()
    app.display.resize(*canvas_size(*viewport))
    app.relayout()
    typed: list[str] = []
    app.push(EntryScene(app, "Post your score: 10", "Your name", typed.append))
    step(app)
    entry = app.scene
    assert app._fitted(entry) is None
    canvas = pygame.Rect((0, 0), app.screen.get_size())
    keys = [rect for _, rect, _ in entry.keyboard.keys]
    for n, rect in enumerate(keys):
        assert canvas.contains(rect)
        assert min(rect.size) * css_scale(viewport) >= MIN_HIT_CSS
        assert all(not rect.colliderect(other) for other in keys[n + 1 :])
    for letter in "LUCKY":
        rect = next(r for value, r, _ in entry.keyboard.keys if value == letter)
        click(app, rect.center)
    assert entry.text == "LUCKY"


# -- every screen around the table, at every shape ------------------------------------

MENU_SCENES = ["start", "start-layouts", "help", "settings", "stats", "stats-others", "end"]
MENU_SCENES += ["entry", "digits"]


@pytest.mark.parametrize("larger", TEXT_SIZES)
@pytest.mark.parametrize("viewport", SHAPES)
@pytest.mark.parametrize("scene", MENU_SCENES)
def test_every_screen_lays_itself_out_at_every_shape(make, viewport, scene, larger):
    app = open_menu(make, viewport, scene, larger=larger)
    check_menu(app, viewport, scene_texts(app.scene))
    if scene == "end":
        end = app.scene
        assert all(end.BOX.contains(w.rect) for w in end.widgets)
        for words, rect in scene_texts(end):
            assert end.BOX.contains(rect), words
        assert end.snapshot is not None  # drawn over the table, not on plain felt
    if scene == "stats-others":
        assert app.scene.tabs[app.scene.tab] is app.scene.other_tab


FAKE_GROUPS = ("Other sums", "Thirteens", "Other 13s", "Other 13s", "Other sums", "Other 13s")
"""Made-up games' groups, in the order they are made: the first two bring the eight
games to ten over four groups (three to a group at most), all six to fourteen."""

COMMON_SHAPES = [(1280, 720), (390, 844), (844, 390), (1024, 768), (768, 1024), (1920, 1080)]
"""The shapes where eight to ten games must all show at once, without pages."""


def register_fakes(count: int) -> list:
    """Register ``count`` games of the pyramid kind under new names, groups and blurbs."""
    from dataclasses import replace

    from thirteen.games import register

    base = GAMES["pyramid"]
    specs = []
    for n, group in enumerate(FAKE_GROUPS[:count]):
        game_id = f"fake{n}"
        kind = type(f"Fake{n}", (base.position_type,), {"game_id": game_id})
        blurb = f"Made-up game {n}: a blurb about as long as the real ones are, or longer."
        spec = replace(
            base, id=game_id, title=f"Fake {n}", group=group, blurb=blurb, position_type=kind
        )
        specs.append(register(spec))
    return specs


@pytest.fixture
def fake_games():
    """A function that registers made-up games, each taken out again after the test."""
    from thirteen.games import unregister

    made: list = []
    yield lambda count: made.extend(register_fakes(count))
    for spec in made:
        unregister(spec.id)


@pytest.mark.parametrize("larger", TEXT_SIZES)
@pytest.mark.parametrize("viewport", SHAPES)
def test_the_start_screen_offers_many_games_in_groups_at_every_shape(
    make, fake_games, viewport, larger
):
    """Fourteen games: every game on a page of the list beside its group's heading, all
    inside, nothing overlapping, and a click on each game's button chooses it where it is
    drawn."""
    fake_games(6)
    app = open_menu(make, viewport, "start", larger=larger)
    sweep_start_screen(app, viewport)


@pytest.mark.parametrize("total", [8, 10])
@pytest.mark.parametrize("viewport", COMMON_SHAPES)
def test_eight_to_ten_games_show_at_once_at_the_common_shapes(make, fake_games, viewport, total):
    """Eight (or ten, over four groups) games all on one page, whichever is chosen; the
    "Game" and "Deal" columns and the foot buttons clear of each other, the game buttons
    at least 60 pixels tall and where they were whichever game is chosen."""
    assert len(GAMES) <= total
    fake_games(total - len(GAMES))  # made-up games up to the total
    app = open_menu(make, viewport, "start")
    start = app.start_scene
    places = {w.name: w.rect.copy() for w in start.widgets if w.name.startswith("game:")}
    seen, pages = sweep_start_screen(app, viewport)
    assert pages == 1 and start.button("games:1") is None
    assert len(seen) == len(GAMES) == total
    assert all(rect.h >= 60 for rect in places.values())
    for name, rect in places.items():  # nothing moved while choosing
        assert start.button(name).rect == rect, name


def test_a_paged_games_list_opens_on_the_chosen_games_page(make, fake_games):
    """Paging is the last resort (thirteen games on a square canvas); the list then opens
    on the page that holds the chosen game."""
    fake_games(6)
    app = open_menu(make, (720, 720), "start")
    start = app.start_scene
    last = list(GAMES)[-1]
    assert start.button(f"game:{last}") is None and start.button("games:1") is not None
    start.game_id = last
    app.open(SceneName.SETTINGS)
    app.back()
    step(app)
    assert start.button(f"game:{last}") is not None


SETTINGS_MORE = [
    ("volume", "Volume", "of the sound effects", ((0, "Off"), (50, "Half"), (100, "Full"))),
    (
        "card_back",
        "Card back",
        "the pattern on the cards' backs",
        (("blue", "Blue"), ("red", "Red")),
    ),
    ("felt", "Table colour", "the felt under the cards", (("green", "Green"), ("blue", "Blue"))),
    ("difficulty", "Difficulty", "", (("easy", "Easy"), ("normal", "Normal"), ("hard", "Hard"))),
    ("left_hand", "Left-handed", "the buttons on the left"),
    ("auto_kings", "Kings go at once", "when they come free"),
    ("confirm_new", "Ask before a new deal", "in a game in progress"),
    ("big_cards", "Large cards", "overlapping more"),
    ("timer", "Show a clock", "how long the game took"),
    ("speed", "Animation speed", "", (("slow", "Slow"), ("normal", "Normal"), ("fast", "Fast"))),
]
"""Ten more options, switches and choices, as other engineers will add them: one entry
each (and one field each in profile.Settings, faked here on the settings object)."""


@pytest.mark.parametrize("larger", TEXT_SIZES)
@pytest.mark.parametrize("viewport", SHAPES)
def test_settings_lay_out_fourteen_options_at_every_shape(make, monkeypatch, viewport, larger):
    from thirteen.ui.screens.settings import SettingsScene
    from thirteen.ui.widgets import Checkbox, Choice

    real = {f[0] for f in SettingsScene.FIELDS}
    more = [f for f in SETTINGS_MORE if f[0] not in real]  # those not added yet
    fields = SettingsScene.FIELDS + tuple(more)
    assert len(fields) >= 14
    monkeypatch.setattr(SettingsScene, "FIELDS", fields)
    app = make(larger_text=larger)
    for field in more:
        setattr(app.settings, field[0], field[3][0][0] if len(field) > 3 else False)
    app.display.resize(*canvas_size(*viewport))
    app.relayout()
    app.open(SceneName.SETTINGS)
    step(app)
    scene = app.scene
    seen: list[str] = []
    for _ in range(scene.pages()):
        check_menu(app, viewport, [(words, rect) for words, _, rect in scene.text_lines()])
        options = [w for w in scene.widgets if isinstance(w, Checkbox | Choice)]
        seen += [w.name for w in options]
        for w in options:
            before = getattr(app.settings, w.name)
            click(app, (w.rect.right - 30, w.rect.centery))  # a tap: the next value
            after = getattr(app.settings, w.name)
            assert after != before
            if isinstance(w, Choice):
                values = [v for v, _ in next(f for f in fields if f[0] == w.name)[3]]
                assert after == values[(values.index(before) + 1) % len(values)]
                click(app, w.back_arrow().center)  # the left arrow: back again
                assert getattr(app.settings, w.name) == before
        if scene.pages() > 1:
            click(app, scene.button("page:1").rect.center)
    assert sorted(seen) == sorted(f[0] for f in fields)  # every option on some page


def test_a_choice_steps_by_keyboard_both_ways(make, monkeypatch):
    from thirteen.ui.screens.settings import SettingsScene

    from .helpers import press, tab_until

    assert any(f[0] == "volume" for f in SettingsScene.FIELDS)  # 25, 50, 75, 100 percent
    app = make()
    app.settings.volume = 75
    app.open(SceneName.SETTINGS)
    step(app)
    scene = app.scene
    tab_until(app, lambda: scene.focus == "volume", "volume")
    press(app, pygame.K_RETURN)
    assert app.settings.volume == 100
    press(app, pygame.K_SPACE)
    assert app.settings.volume == 25  # after the last, the first
    press(app, pygame.K_RETURN, mod=pygame.KMOD_SHIFT)
    assert app.settings.volume == 100


@pytest.mark.parametrize("viewport", SHAPES)
def test_the_statistics_tabs_take_rows_rather_than_shrink(make, fake_games, viewport):
    """Eleven games' tabs (thirteen with the layouts): each label at its full size, the
    tabs in rows clear of Back, Reset and each other, the figures below them."""
    fake_games(3)
    app = open_menu(make, viewport, "stats")
    stats = app.scene
    check_menu(app, viewport, scene_texts(stats))
    tabs = [w for w in stats.widgets if w.name.startswith("tab:")]
    assert len(tabs) == len(stats.tabs) >= 12
    assert all(tab.label_size() == stats.TAB_SIZE for tab in tabs), [
        (t.label, t.label_size()) for t in tabs
    ]
    if app.screen.get_size() == (1280, 720):
        assert not stats.classic_figures()  # two rows: the figures go under them


@pytest.mark.parametrize("viewport", [(390, 844), (844, 390), (1280, 720), (1920, 1080)])
def test_the_statistics_figures_keep_their_size_under_many_rows_of_tabs(make, viewport):
    """Every game's figures, chart and (Pyramid 13) full boards of ten fit under the
    tabs at their full type size: drawn closer together, not scaled down."""
    from thirteen.games import GameSetup as Setup

    app = open_menu(make, viewport, "stats")
    for day in range(12):
        app.profile.post_score("pyramid13", f"Player{day}", 100 + day * 10, "")
    app.profile.record_result(Setup("pyramid13", deal=3).new_game())
    stats = app.scene
    tabs = [w for w in stats.widgets if w.name.startswith("tab:")]
    assert len(tabs) >= 10
    for tab in tabs:
        click(app, tab.rect.center)
        stats.draw(app.screen)
        assert stats.figures_scale == 1.0, (viewport, tab.label)
    click(app, next(t for t in tabs if t.label == "Pyramid 13").rect.center)
    stats.reset()  # its question takes a line under the figures
    assert stats.message
    stats.draw(app.screen)
    assert stats.figures_scale == 1.0
