"""The game for a screen reader through the page (ui/access.py), headless: a stand-in
for the page's ``thirteen_a11y`` object queues keys and keeps what the game says."""

from __future__ import annotations

from thirteen.core import i18n
from thirteen.core.game import Refusal
from thirteen.records.profile import Profile
from thirteen.records.storage import MemoryStorage
from thirteen.session import speech
from thirteen.ui.access import Access
from thirteen.ui.table.places import spot_key

from .page_stand_in import Page


def on_page(make, query: str = "?game=thirteens&deal=1", **settings):
    app = make(query, Profile(MemoryStorage()), **settings)
    page = Page()
    app.access = Access(app, page)
    app.step(16)
    for _ in range(100_000):  # the deal's difficulty, worked out a slice a frame, said
        if app.access.grade_due is None:
            break
        app.step(16)
    return app, page


def press(app, page, *keys: str, shift: bool = False, ctrl: bool = False) -> str:
    """Queue keys as the page's controls do; what the frames after each said."""
    said = []
    for key in keys:
        seen = len(page.lines)
        page.queue.append({"key": key, "shift": shift, "ctrl": ctrl})
        app.step(16)
        for _ in range(100):  # a hint is searched beside the game, a slice a frame
            if len(page.lines) > seen and "hint" not in app.tasks:
                break
            app.step(16)
        said += page.lines[seen:]
    return " ".join(said)


def test_the_desktop_has_no_page_and_says_nothing(make):
    app = make("?game=thirteens&deal=1")
    assert not app.access.enabled
    assert app.access.events() == []
    app.access.read_table()
    app.access.flush()
    assert app.access.said == []


def test_page_keys_play_moves_and_each_change_is_said(make):
    app, page = on_page(make)
    assert page.lines[0].startswith("Thirteens 3x5, deal 1")
    assert page.lines[0].endswith(": T reads the table.")
    assert page.labels["read"] == "Read the table (T)"
    assert page.labels["lang"] == "en"
    assert press(app, page, "t").startswith("Row 1: King of spades, Ten of diamonds")
    assert press(app, page, "Tab") == "King of spades, row 1, column 1, free"
    assert press(app, page, "Enter").startswith(
        "Removed King of spades; Eight of diamonds is dealt to row 1, column 1;"
        " 36 cards left in the stock. Eight of diamonds, row 1, column 1, free"
    )
    assert [m.text() for m in app.game.moves] == ["Ks"]
    assert press(app, page, "ArrowLeft") == "Eight of diamonds, row 1, column 1, free"  # stays
    said = press(app, page, "h")
    assert said.startswith("Hint: remove Four of spades and Nine of clubs.")
    assert "Four of spades, row 5, column 1; Nine of clubs, row 4, column 1." in said
    assert press(app, page, "u") == "Move taken back. King of spades, row 1, column 1, free"
    assert press(app, page, "y", ctrl=True).startswith("Removed King of spades;")
    assert press(app, page, "d").startswith("Thirteens has no draw pile")


def test_a_refusal_is_said_in_the_table_s_own_words(make):
    app, page = on_page(make)
    table, game = app.table, app.game
    cards = game.available_cards()
    a, b = next(
        (a, b)
        for a in cards
        for b in cards
        if game.removal((a, b)) is not None
        and game.refusal(game.removal((a, b))) is Refusal.NOT_NEIGHBOURS
    )
    press(app, page, "Tab")
    table.focus_key = spot_key(table.geo.spot_for_card(a))
    assert press(app, page, "Enter").startswith(f"Selected: {speech.card_name(a)}")
    table.focus_key = spot_key(table.geo.spot_for_card(b))
    said = press(app, page, "Enter")
    assert said.startswith(f"{table.message} Selected: {speech.card_name(b)}")
    assert said.startswith("These make 13 but do not touch")


def test_every_screen_says_itself_and_its_focused_control(make):
    app, page = on_page(make)
    assert press(app, page, "s").startswith("Statistics.")
    said = press(app, page, "Tab")
    assert said and said == page.lines[-1]
    press(app, page, "Escape")
    assert press(app, page, "F1").startswith("Help.") or page.lines[-1]
    press(app, page, "Escape")
    assert press(app, page, "Escape").startswith("Start screen")
    assert press(app, page, "Tab")  # the focused game or button is named


def test_a_score_is_posted_with_a_name_typed_on_the_page(make):
    app, page = on_page(make, "?game=pyramid13&deal=1", animations=False)
    table = app.table
    while not app.game.is_over:
        table.play(app.game.legal_moves()[0])
        if table.summary is not None:
            table.next_round()
    for _ in range(60):
        app.step(16)
    assert app.scene is not table
    assert f"{app.game.score} points" in page.lines[-1]  # the end screen, read out
    said = press(app, page, "p")
    assert said.startswith(f"Post your score: {app.game.score}. Your screen name")
    assert press(app, page, "A", "l", "i", "c", "e").endswith("Typed: Alice")
    assert press(app, page, "Backspace") == "Typed: Alic"
    press(app, page, "e", "Enter")
    assert [e.name for e in app.profile.top_all_time("pyramid13")] == ["Alice"]


def test_the_page_s_words_follow_the_player_s_language(make):
    app, page = on_page(make)
    i18n.set_language("de")
    try:
        app.step(16)
        assert page.labels["lang"] == "de"
        assert page.labels["read"] == "Tisch vorlesen (T)"
        assert page.labels["canvas"] == "Thirteen: der Kartentisch"
        assert press(app, page, "Tab") == "Pik-König, Reihe 1, Spalte 1, frei"
    finally:
        i18n.set_language(i18n.SOURCE)


def test_undo_and_redo_with_nothing_to_do_say_so(make):
    app, page = on_page(make)
    assert press(app, page, "u") == "Nothing to undo."
    assert app.table.message == "Nothing to undo." and app.game.moves == []
    assert press(app, page, "y", ctrl=True) == "Nothing to redo."
    try:
        app, page = on_page(make, language="de")
        assert press(app, page, "u") == "Nichts rückgängig zu machen."
    finally:
        i18n.set_language(i18n.SOURCE)


def test_the_page_s_heading_names_the_game_or_the_screen_in_the_player_s_language(make):
    app, page = on_page(make)
    assert page.headings == ["Thirteens 3x5"]
    press(app, page, "F1")
    assert page.headings[-1] == "Help"
    press(app, page, "Escape")
    assert page.headings[-1] == "Thirteens 3x5"
    i18n.set_language("de")
    try:
        app.step(16)
        press(app, page, "s")
        assert page.headings[-1] == "Statistik"
        count = len(page.headings)
        app.step(16)
        assert len(page.headings) == count  # named once per change, not every frame
    finally:
        i18n.set_language(i18n.SOURCE)


def test_an_older_page_without_a_heading_still_hears_the_game(make):
    app, page = on_page(make)
    older = Page()
    del Page.heading
    try:
        app.access = Access(app, older)
        press(app, older, "t")
        assert older.lines
    finally:
        Page.heading = _heading  # type: ignore[method-assign]  # put back for other tests


_heading = Page.heading
