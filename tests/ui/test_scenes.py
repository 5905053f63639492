"""Scenes, the end of a game, score posting, saving, sound and the idle loop."""

from __future__ import annotations

import pygame
import pytest

from thirteen.__main__ import main as cli_main
from thirteen.core.moves import parse_move
from thirteen.games import GAMES, GameSetup
from thirteen.games.pyramids.rules import Pyramid13
from thirteen.records.profile import Profile
from thirteen.records.storage import MemoryStorage
from thirteen.session import share
from thirteen.ui.sound import Sounds
from thirteen.ui.table import paint, panel

from .helpers import (
    card_at,
    click,
    click_card,
    double_click,
    game_button,
    press,
    recording,
    step,
    tab_until,
    think,
    wait,
)


def play_out(app) -> None:
    """Finish the game on the table through the table's own move path."""
    game = app.game
    while not game.is_over:
        app.table.play(game.legal_moves()[0])


def finish(app) -> None:
    """Finish the game and give the end screen time to come up, and to take clicks
    (it ignores them for a moment after it opens by itself)."""
    from thirteen.ui.scene import ARRIVE_MS

    play_out(app)
    step(app, 3 + ARRIVE_MS // 16)


@pytest.mark.parametrize("name", ["help", "stats", "settings", "end"])
def test_every_scene_draws_and_backs_out(make, name):
    app = make("?game=pyramid&deal=3")
    app.open(name)
    step(app)
    press(app, pygame.K_ESCAPE)
    assert app.scene is app.table


def test_start_screen_starts_each_game(make):
    app = make()
    assert app.game is None and app.scene is app.start_scene
    for game_id in GAMES:
        app.go_start()
        click(app, game_button(app, game_id).rect.center)
        play = next(w for w in app.start_scene.widgets if w.name == "play")
        click(app, play.rect.center)
        assert app.game is not None and app.game.game_id == game_id


def test_deal_number_entry_with_the_on_screen_keypad(make):
    app = make()
    number = next(w for w in app.start_scene.widgets if w.name == "number")
    click(app, number.rect.center)
    keys = {value: rect for value, rect, _ in app.scene.keyboard.keys}
    for ch in "42":
        click(app, keys[ch].center)
    click(app, keys["enter"].center)
    assert app.game.setup.deal == 42


def test_the_deal_number_keypad_has_digits_only_and_refuses_other_digits(make):
    app = make()
    number = next(w for w in app.start_scene.widgets if w.name == "number")
    click(app, number.rect.center)
    entry = app.scene
    values = {value for value, _, _ in entry.keyboard.keys}
    assert values == set("0123456789") | {"back", "enter"}
    press(app, pygame.K_2, unicode="\u00b2")  # a superscript two (AZERTY's key left of 1)
    assert entry.text == "" and entry.error == "Digits only."
    press(app, pygame.K_7, unicode="7")
    assert entry.text == "7"
    for _ in range(entry.limit):
        press(app, pygame.K_7, unicode="7")
    assert entry.text == "7" * entry.limit  # one more than fits: said, not typed
    assert entry.error == f"{entry.limit} digits at most."
    press(app, pygame.K_BACKSPACE)
    press(app, pygame.K_7, unicode="7")
    assert entry.text == "7" * entry.limit and entry.error == ""
    # what isdigit() accepts but int() does not is refused with a message, not a crash
    assert "from 1 to" in app.start_scene._number("1\u00b2")
    assert app.game is None


def test_pyramid13_end_offers_posting_by_on_screen_keyboard(make):
    app = make("?game=pyramid13&deal=5", animations=False)
    finish(app)
    assert type(app.scene).__name__ == "EndScene"
    assert app.profile.stats("pyramid13").played == 1
    post = next(w for w in app.scene.widgets if w.name == "post")
    click(app, post.rect.center)
    assert app.scene.title == f"Post your score: {app.game.score}"  # what is posted
    keys = {value: rect for value, rect, _ in app.scene.keyboard.keys}
    for ch in "ABC":  # too short: the rule's message is shown, nothing posted
        click(app, keys[ch].center)
    click(app, keys["enter"].center)
    assert "5 to 10" in app.scene.error
    for ch in "DE":
        click(app, keys[ch].center)
    press(app, pygame.K_x, unicode="x")  # a physical keyboard works too
    press(app, pygame.K_1, mod=pygame.KMOD_SHIFT, unicode="!")  # refused as it is typed
    assert app.scene.text == "ABCDEx" and app.scene.error.startswith("Only letters A-Z, digits")
    click(app, keys["enter"].center)
    board = app.profile.top_all_time("pyramid13")
    assert [(e.name, e.score) for e in board] == [("ABCDEx", app.game.score)]
    assert type(app.scene).__name__ == "EndScene"


def test_leaving_an_unposted_score_asks_first(make):
    app = make("?game=pyramid13&deal=5", animations=False)
    game = app.game
    finish(app)
    new = next(w for w in app.scene.widgets if w.name == "new")
    click(app, new.rect.center)
    assert app.game is game and "not posted" in app.scene.message
    wait(app)
    click(app, new.rect.center)
    assert app.game is not game


def test_the_tables_menu_with_an_unposted_score_says_how_to_leave_it(make):
    """Found in review: after "See table", Esc (the table's Menu) brought the end screen
    back with no word, and its Esc ("See table") went back to the table: a loop."""
    app = make("?game=pyramid13&deal=5", animations=False)
    game = app.game
    finish(app)
    press(app, pygame.K_ESCAPE)  # see the table
    assert app.scene is app.table
    press(app, pygame.K_ESCAPE)  # the table's Menu
    assert type(app.scene).__name__ == "EndScene"
    assert app.scene.message == (
        "Your score is not posted: Post score (P), or Menu (M) again to leave it."
    )
    wait(app)
    press(app, pygame.K_m)
    assert app.scene is app.start_scene and app.suspended.game is game
    assert app.profile.top_all_time("pyramid13") == []


def test_an_unposted_score_survives_closing_the_window(make):
    profile = Profile(MemoryStorage())
    app = make("?game=pyramid13&deal=5", profile=profile, animations=False)
    finish(app)
    moves, score = list(app.game.moves), app.game.score
    again = make(profile=profile)  # the window was closed on the end screen
    assert type(again.scene).__name__ == "EndScene"
    assert again.game.is_over and again.game.moves == moves and again.game.score == score
    assert again.profile.stats("pyramid13").played == 1  # counted once, not again
    assert any(w.name == "post" and w.enabled for w in again.scene.widgets)
    again.scene._post("Keeper")
    assert [(e.name, e.score) for e in profile.top_all_time("pyramid13")] == [("Keeper", score)]
    third = make(profile=profile)  # posted: nothing is kept, the start screen opens
    assert third.game is None and third.scene is third.start_scene


def test_a_link_does_not_replace_an_unposted_score_unasked(make):
    profile = Profile(MemoryStorage())
    app = make("?game=pyramid13&deal=5", profile=profile, animations=False)
    finish(app)
    score = app.game.score
    linked = make("?game=pyramid&deal=2", profile=profile)
    assert type(linked.scene).__name__ == "EndScene"
    assert linked.game.game_id == "pyramid13" and linked.game.score == score
    assert "open the link again" in linked.scene.message
    menu = next(w for w in linked.scene.widgets if w.name == "menu")
    wait(linked, 500)  # (the end screen takes clicks a moment after it opens)
    click(linked, menu.rect.center)
    wait(linked)
    click(linked, menu.rect.center)  # leave without posting: waived, nothing kept
    assert make("?game=pyramid&deal=2", profile=profile).game.game_id == "pyramid"


@pytest.mark.parametrize("key", [pygame.K_n, pygame.K_r])
def test_the_table_offers_an_unposted_score_before_a_new_game(make, key):
    app = make("?game=pyramid13&deal=5", animations=False)
    game = app.game
    finish(app)
    press(app, pygame.K_ESCAPE)  # see the table
    assert app.scene is app.table
    press(app, key)
    assert type(app.scene).__name__ == "EndScene" and app.game is game
    menu = next(w for w in app.table.buttons if w.name == "menu")
    app.back()
    click(app, menu.rect.center)
    assert type(app.scene).__name__ == "EndScene" and app.game is game


@pytest.mark.parametrize("key", [pygame.K_n, pygame.K_r, pygame.K_ESCAPE], ids=["N", "R", "Esc"])
def test_an_end_screen_opened_early_does_not_come_back_after_see_table(make, key):
    """Found by review: a key pressed in the pause before the end screen opened it
    early (the score is not posted), but the table's timer still ran, so the end screen
    came back on its own after "See table"."""
    line = Pyramid13.for_deal_number(5)
    moves = []
    while not line.is_over:
        moves.append(line.legal_moves()[0])
        line.play(moves[-1])
    app = make("?game=pyramid13&deal=5", animations=False)
    game = app.game
    for move in moves[:-1]:
        app.table.play(move)
    step(app, 3)
    app.settings.animations = True
    app.table.play(moves[-1])
    step(app)
    assert game.is_over and app.scene is app.table  # the pause before the end screen
    press(app, key)
    assert type(app.scene).__name__ == "EndScene"
    press(app, pygame.K_ESCAPE)  # See table
    step(app, 120)  # two seconds
    assert app.scene is app.table


def test_a_saved_game_is_resumed(make):
    profile = Profile(MemoryStorage())
    app = make("?game=thirteens&deal=9", profile=profile)
    app.table.play(app.game.legal_moves()[0])
    moves = list(app.game.moves)
    again = make(profile=profile)
    assert again.game is not None and again.game.moves == moves
    other = make("?game=pyramid&deal=2", profile=profile)
    assert other.game.game_id == "pyramid"


def test_giving_up_a_game_counts_it_once(make):
    app = make("?game=thirteens&deal=9")
    app.table.play(app.game.legal_moves()[0])
    press(app, pygame.K_n)
    assert app.game.setup.deal == 9  # first press only warns
    wait(app)
    press(app, pygame.K_n)
    assert app.game.setup.deal != 9
    assert app.profile.stats("thirteens").played == 1


def end_button(app, name: str):
    return next((w for w in app.scene.widgets if w.name == name), None)


def test_the_move_that_lost_the_game_can_be_undone_from_the_end_screen(make):
    app = make("?game=pyramid&deal=3", animations=False)
    game = app.game
    finish(app)
    assert type(app.scene).__name__ == "EndScene"
    stats = app.profile.stats("pyramid")
    assert (stats.played, stats.distribution) == (1, {game.score: 1})
    moves = list(game.moves)
    click(app, end_button(app, "undo").rect.center)
    assert app.scene is app.table and app.game is game
    assert not game.is_over and game.moves == moves[:-1]
    stats = app.profile.stats("pyramid")
    assert (stats.played, stats.total_score, stats.distribution) == (0, 0, {})
    assert app.profile.load_game().moves == moves[:-1]  # saved again, in progress
    play_out(app)  # ends again: counted once
    step(app, 3)
    assert app.profile.stats("pyramid").played == 1
    press(app, pygame.K_ESCAPE)  # See table: its Undo takes the last move back too
    assert app.scene is app.table and next(b for b in app.table.buttons if b.name == "undo").enabled
    press(app, pygame.K_u)
    assert not game.is_over and app.profile.stats("pyramid").played == 0


def test_undoing_a_win_uncounts_it_and_restores_the_streaks(make):
    from thirteen.advice.solving import solve

    app = make("?game=pyramid&deal=1", animations=False)
    for move in solve(app.game).moves:
        app.table.play(move)
    step(app, 3)
    stats = app.profile.stats("pyramid")
    assert (stats.won, stats.current_streak, stats.best_streak) == (1, 1, 1)
    press(app, pygame.K_u)
    assert app.scene is app.table and not app.game.is_over
    stats = app.profile.stats("pyramid")
    assert (stats.played, stats.won, stats.current_streak, stats.best_streak) == (0, 0, 0, 0)


def test_a_posted_score_or_a_game_finished_before_the_page_opened_stays_finished(make):
    profile = Profile(MemoryStorage())
    app = make("?game=pyramid13&deal=5", profile=profile, animations=False)
    finish(app)
    assert end_button(app, "undo") is not None
    again = make(profile=profile)  # reopened on the unposted score: not counted here
    assert type(again.scene).__name__ == "EndScene" and end_button(again, "undo") is None
    click(app, end_button(app, "post").rect.center)
    type_name(app, "Poster")
    assert app.profile.top_all_time("pyramid13") and end_button(app, "undo") is None
    press(app, pygame.K_u)
    assert app.game.is_over


def test_undoing_the_last_move_of_pyramid13_keeps_the_game_not_its_score(make):
    profile = Profile(MemoryStorage())
    app = make("?game=pyramid13&deal=5", profile=profile, animations=False)
    finish(app)
    press(app, pygame.K_u)
    assert app.scene is app.table and not app.game.is_over and not app.session.unposted(app.game)
    assert profile.stats("pyramid13").played == 0
    again = make(profile=profile)  # reopened: the game in progress, not an end screen
    assert again.scene is again.table and not again.game.is_over


def test_a_score_left_unposted_is_not_shown_as_posted_when_its_game_is_resumed(make):
    app = make("?game=pyramid13&deal=5", animations=False)
    finish(app)
    press(app, pygame.K_m)
    wait(app)
    press(app, pygame.K_m)  # the second press leaves the score unposted
    assert app.scene is app.start_scene and not app.profile.top_all_time("pyramid13")
    resume = next(w for w in app.start_scene.widgets if w.name == "resume")
    click(app, resume.rect.center)
    assert type(app.scene).__name__ == "EndScene"
    assert end_button(app, "post") is None and end_button(app, "undo") is None


def test_undo_across_a_pyramid13_round_leaves_no_message_of_that_round(make):
    app = make("?game=pyramid13&deal=5", animations=False)
    game = app.game
    while game.deal_index == 0:
        app.table.play(game.legal_moves()[0])
    assert app.table.message.startswith("Round 1 scored")
    press(app, pygame.K_u)
    assert game.deal_index == 0 and app.table.message == ""


def test_starting_a_game_from_the_start_screen_asks_before_giving_one_up(make):
    app = make("?game=thirteens&deal=9", animations=False)
    app.table.play(app.game.legal_moves()[0])
    app.go_start()
    for name in ("play", "today", "number"):
        button = next(w for w in app.start_scene.widgets if w.name == name)
        click(app, button.rect.center)
        assert app.scene is app.start_scene and "count as a loss" in app.start_scene.shown_message()
        assert app.suspended is not None and app.profile.stats("thirteens").played == 0
    wait(app)
    click(app, button.rect.center)  # the second press of the same button
    assert type(app.scene).__name__ == "EntryScene"
    press(app, pygame.K_ESCAPE)
    play = next(w for w in app.start_scene.widgets if w.name == "play")
    click(app, play.rect.center)
    click(app, play.rect.center)  # a double click: the warning is not answered by it
    assert app.scene is app.start_scene and app.profile.stats("thirteens").played == 0
    wait(app)
    click(app, play.rect.center)
    assert app.game.setup.deal != 9 and app.profile.stats("thirteens").played == 1
    assert app.start_scene.shown_message() == ""


def test_the_start_screen_keeps_the_game_chosen_while_visiting_help(make):
    """Found in review: with a game waiting, choosing another game and looking at
    help, statistics or settings chose the waiting game's again on coming back."""
    app = make("?game=thirteens&deal=3", animations=False)
    app.table.play(app.game.legal_moves()[0])
    app.go_start()
    start = app.start_scene
    assert start.game_id == "thirteens"
    for name in ("help", "stats", "settings"):
        start.activate("game:pyramid13")
        start.activate(name)
        press(app, pygame.K_ESCAPE)
        assert app.scene is start and start.game_id == "pyramid13", name
    start.activate("resume")
    app.go_start()  # arriving from the table again: its game is chosen
    assert start.game_id == "thirteens"


def test_the_start_screens_give_up_warning_goes_with_its_reason(make):
    """Found in review: "press again" stayed on screen after choosing another game,
    or after the deal-number keypad was opened and closed, though pressing again then
    only asked again."""
    app = make("?game=thirteens&deal=3", animations=False)
    app.table.play(app.game.legal_moves()[0])
    app.go_start()
    start = app.start_scene
    start.activate("play")
    lines = [words for words, *_ in start.text_lines()]
    assert any("New deal" in line for line in lines), lines
    start.activate("game:pyramid13")
    assert not any("again" in words for words, *_ in start.text_lines())
    start.activate("game:thirteens")  # chosen again: its game in progress is not resumed yet
    assert app.scene is start
    start.activate("number")
    wait(app)
    start.activate("number")  # the keypad opens
    press(app, pygame.K_ESCAPE)
    assert app.scene is start
    assert not any("again" in words for words, *_ in start.text_lines())


def test_a_finished_game_left_for_the_menu_is_resumed_at_its_end_screen(make):
    app = make("?game=pyramid&deal=3", animations=False)
    finish(app)
    click(app, end_button(app, "menu").rect.center)
    resume = next(w for w in app.start_scene.widgets if w.name == "resume")
    assert resume.label == "Back to Pyramid"
    click(app, resume.rect.center)
    assert type(app.scene).__name__ == "EndScene" and end_button(app, "undo") is not None


def test_idle_table_does_not_draw(make):
    app = make("?game=pyramid13&deal=1")
    step(app, 30)  # the deal animation ends
    assert not any(app.step(16) for _ in range(10))
    press(app, pygame.K_d)
    assert app.table.dirty or app.table.anim.active or app.game.moves


def test_sound_never_crashes_without_audio(monkeypatch):
    def broken(*args, **kwargs):
        raise pygame.error("no audio device")

    monkeypatch.setattr(pygame.mixer, "init", broken)
    monkeypatch.setattr(pygame.mixer, "get_init", lambda: None)
    sounds = Sounds(True)
    sounds.play("remove")
    assert sounds.failed and not sounds.sounds


def test_sound_effects_are_generated():
    sounds = Sounds(True)
    sounds.load()
    if sounds.ready:
        assert set(sounds.sounds) == {"select", "draw", "remove", "king", "deal", "win", "nomove"}
        sounds.play("win")


def test_hint_highlights_cards(make):
    app = make("?game=thirteens&deal=1")
    press(app, pygame.K_h)
    think(app)
    assert app.table.hint_spots
    step(app, 120)
    assert app.table.hint_spots  # until the next move, undo or click


def test_hint_uses_hints_module_and_marks_the_draw_card(make, monkeypatch):
    from thirteen.advice import hints
    from thirteen.core.moves import Draw

    asked = []

    def fake(game, budget_ms=150, memo=None, slice_ms=None):
        asked.append(game.text())
        return hints.Hint(Draw(), hints.Basis.GUESS)
        yield

    monkeypatch.setattr(hints, "hint_steps", fake)
    app = make("?game=pyramid13&deal=1")
    press(app, pygame.K_h)
    game = app.game
    assert asked == [game.text()]
    assert ("card", game.deal.draw_card(game.pos)) in app.table.hint_spots
    # a guess says so: with no words it looked as sure as a proven hint
    assert app.table.message == "Hint: draw a card (D). A guess: nothing was proven in time."


@pytest.mark.parametrize(
    ("query", "words"),
    [
        ("?game=pyramid&deal=1", "It leads to a win."),
        ("?game=pyramid&deal=3", "No win is left from here."),
        ("?game=thirteens&deal=8", "No win is left: this removes the most cards."),
    ],
)
def test_hint_message_says_what_the_hint_rests_on(make, patient, query, words):
    app = make(query)
    press(app, pygame.K_h)
    think(app)
    assert app.table.message.startswith("Hint: ") and app.table.message.endswith(words)


def contrast(a: tuple[int, ...], b: tuple[int, ...]) -> float:
    """The WCAG contrast ratio of two colours."""

    def lum(c: tuple[int, ...]) -> float:
        lin = [(v / 255) / 12.92 if v <= 10 else ((v / 255 + 0.055) / 1.055) ** 2.4 for v in c[:3]]
        return 0.2126 * lin[0] + 0.7152 * lin[1] + 0.0722 * lin[2]

    hi, lo = sorted((lum(a), lum(b)), reverse=True)
    return (hi + 0.05) / (lo + 0.05)


def test_button_words_stand_out_from_their_fill():
    """Found in review: white words on the gold of a chosen button were 2.6:1, its key
    2.1:1; WCAG asks 4.5:1 for text (3:1 when large)."""
    from thirteen.ui import theme

    assert contrast(theme.PRIMARY_TEXT, theme.PRIMARY) >= 4.5
    assert contrast(theme.PRIMARY_KEY, theme.PRIMARY) >= 4.5
    assert contrast(theme.BUTTON_TEXT, theme.BUTTON) >= 4.5


def test_todays_deal_and_the_d_key_in_thirteens_say_what_they_are(make):
    """Found in review: today's deal showed only as 'Deal #59668508', and D in
    Thirteens said 'Nothing to draw.' as if a pile had run out."""
    from thirteen.games import GameSetup
    from thirteen.ui.table.words import deal_words

    app = make("?game=pyramid13&deal=today", animations=False)
    assert deal_words(app.game.setup) == f"Today's deal #{app.game.setup.deal}"
    assert deal_words(GameSetup("pyramid13", deal=1)) == "Deal #1"
    app = make("?game=thirteens&deal=1", animations=False)
    press(app, pygame.K_d)
    assert app.table.message.startswith("Thirteens has no draw pile")


def test_every_hint_message_fits_the_panel():
    """The longest move words with the longest basis words wrap into the four lines
    the panel shows."""
    from thirteen.advice.hints import Basis
    from thirteen.games import new_game
    from thirteen.ui import theme
    from thirteen.ui.layout import PANEL
    from thirteen.ui.table.words import basis_words

    for game_id in GAMES:
        game = new_game(game_id, deal=1)
        for basis in Basis:
            message = f"Hint: move the top card to the empty column. {basis_words(basis, game)}"
            assert len(theme.wrap(message, 24, PANEL.w - 32)) <= 4, message


def test_hints_along_a_proven_line_need_no_new_search(make, monkeypatch):
    """The app keeps the hint memo: after the first hint of a proven line, playing the
    hinted moves with clicks and the D key and pressing H again starts no new search,
    and neither does pressing H after restarting the same deal."""
    from thirteen.advice import hints
    from thirteen.core.moves import Draw

    searches = []
    real = hints.solver_line_steps

    def counted(game, ms, slice_ms=None):
        searches.append(game.text())
        return (yield from real(game, ms, slice_ms))

    monkeypatch.setattr(hints, "solver_line_steps", counted)
    app = make("?game=pyramid&deal=1", animations=False)
    for n in range(6):
        press(app, pygame.K_h)
        think(app)
        assert app.table.hint_spots
        move = app.hint_memo[app.game.text()].move  # what the highlight shows
        if isinstance(move, Draw):
            press(app, pygame.K_d)
        else:
            for card in sorted(move.cards):
                click(app, card_at(app, card))
        assert app.game.moves[-1] == move and len(app.game.moves) == n + 1
    assert len(searches) == 1
    app.table.command("restart")
    step(app)
    press(app, pygame.K_h)
    assert app.table.hint_spots and len(searches) == 1


def test_pyramid13_shows_deal_and_total(make):
    app = make("?game=pyramid13&deal=2", animations=False)
    game = app.game
    assert isinstance(game, Pyramid13)
    while game.deal_index == 0:
        app.table.play(game.legal_moves()[0])
    step(app)
    assert app.table.message.startswith("Round 1 scored") and app.table.message.endswith(".")
    assert "Round 2 of 3" not in app.table.message  # the panel's line above says it
    assert "cleared" not in app.table.message  # first legal moves do not clear this one


def test_a_cleared_round_says_its_bonus(make):
    from thirteen.advice.solving import solve

    app = make("?game=pyramid13&deal=1", animations=False)
    line = solve(app.game).moves  # deal 1's first pyramid can be cleared
    assert line
    for move in line:
        app.table.play(move)
    assert app.game.deal_index == 1
    points = app.game.deal_scores[0]
    assert points >= 380
    assert app.table.message == (f"Round 1 scored {points} with the pyramid cleared (+100).")


def panel_text(app, monkeypatch) -> list[str]:
    """The words the table's side panel draws."""
    from thirteen.ui import theme

    seen: list[str] = []
    real = theme.blit_text

    def spy(surface, words, *args, **kwargs):
        seen.append(words)
        return real(surface, words, *args, **kwargs)

    monkeypatch.setattr(theme, "blit_text", spy)
    panel.draw_panel(app.table, app.screen)
    monkeypatch.setattr(theme, "blit_text", real)
    return seen


def test_pyramid13_panel_tells_deal_number_from_round(make, monkeypatch):
    app = make("?game=pyramid13&deal=2", animations=False)
    words = panel_text(app, monkeypatch)
    # the deal's grade joins its line once the search beside the game has found it
    assert any(w == "Deal #2" or w.startswith("Deal #2 · ") for w in words)
    assert "Round 1 of 3" in words
    assert not any(w.startswith("Deal ") and " of 3" in w for w in words)


def test_start_screen_text_overlaps_no_widget(make):
    app = make()
    start = app.start_scene
    start.message = "A notice that is long enough to take a few lines of the screen to say. " * 2
    for game_id in GAMES:
        start.game_id = game_id
        start.build()
        lines = start.text_lines()
        assert any(
            GAMES[game_id].blurb in words or words in GAMES[game_id].blurb for words, *_ in lines
        )
        for words, _, _, rect in lines:
            assert pygame.Rect(0, 0, 1280, 720).contains(rect), words
            for w in start.widgets:
                assert not rect.colliderect(w.rect.inflate(0, 6)), (words, w.name)


def widgets_do_not_overlap(widgets) -> None:
    for n, a in enumerate(widgets):
        assert pygame.Rect(0, 0, 1280, 720).contains(a.rect), a.name
        for b in widgets[n + 1 :]:
            assert not a.rect.colliderect(b.rect), (a.name, b.name)


def end_lines_fit(end) -> None:
    """Every line of the end screen inside its box, clear of its buttons and of the other
    lines."""
    lines = end.lines()
    for n, (w, _, _, rect) in enumerate(lines):
        assert end.BOX.contains(rect), w
        for b in end.widgets:
            assert not rect.colliderect(b.rect), (w, b.name)
        for other, _, _, rect2 in lines[n + 1 :]:
            assert not rect.colliderect(rect2), (w, other)


@pytest.mark.parametrize("game_id", [g for g, spec in GAMES.items() if spec.decks == 1])
def test_end_screen_shows_a_whole_deck_link(make, game_id):
    """A link with a 52-card deck fits in full (three lines broken between cards), clear
    of the buttons."""
    from thirteen.core.cards import card_text
    from thirteen.core.deals import deck_for_deal

    deck = "+".join(card_text(c) for c in deck_for_deal(77))
    app = make(f"?game={game_id}&deck={deck}", animations=False)
    finish(app)
    end = app.scene
    link = [(w, rect) for w, _, colour, rect in end.lines() if colour == (20, 30, 26)]
    assert "".join(w for w, _ in link) == share.share_query(app.game.setup)
    assert len(link) == 3
    assert all(w.endswith(("+", "&")) for w, _ in link[:-1])  # lines break between cards
    for w, rect in link:
        assert end.BOX.contains(rect), w
        for b in end.widgets:
            assert not rect.colliderect(b.rect), (w, b.name)


def test_end_screen_says_when_a_deck_link_is_too_long_to_show(make):
    from thirteen.core.cards import card_text
    from thirteen.core.deals import deck_for_deal

    decks = "|".join("+".join(card_text(c) for c in deck_for_deal(n)) for n in (5, 6, 7))
    app = make(f"?game=pyramid13&deck={decks}", animations=False)
    finish(app)
    words = [w for w, *_ in app.scene.lines()]
    assert any("too long to show whole" in w and "Copy link" in w for w in words)
    assert not any(w.startswith("Share this deal") for w in words)


def test_pyramid13_hints_call_a_deal_a_round():
    from thirteen.advice import hints
    from thirteen.ui.table.words import basis_words

    game = GameSetup("pyramid13", deal=5).new_game()
    assert basis_words(hints.Basis.MOST, game) == "It scores the most points this round can give."


@pytest.mark.parametrize("layout", ["3x5", "15x2"])
def test_start_widgets_do_not_overlap(make, layout):
    app = make(f"?game=thirteens&deal=4&layout={layout}")
    app.go_start()  # a game to resume adds its button
    widgets_do_not_overlap(app.start_scene.widgets)
    start = app.start_scene
    for words, _, _, rect in start.text_lines():
        for w in start.widgets:
            assert not rect.colliderect(w.rect.inflate(0, 6)), (words, w.name)


def test_start_screen_shows_a_layout_it_does_not_offer_when_it_will_deal_it(make):
    """Found by review: after a 6x5 link, no layout button was lit, yet "Play a new
    deal" dealt 6x5.  The layout is shown as a fourth button, chosen; the others can
    still be picked, and it stays, so that it can be picked again."""
    app = make("?game=thirteens&deal=1&layout=6x5", animations=False)
    press(app, pygame.K_ESCAPE)
    start = app.start_scene
    lit = [w.name for w in start.widgets if w.name.startswith("layout:") and w.primary]
    assert lit == ["layout:6x5"]
    layouts = [w.name for w in start.widgets if w.name.startswith("layout:")]
    assert layouts == ["layout:3x5", "layout:4x4", "layout:5x3", "layout:6x5"]
    widgets_do_not_overlap(start.widgets)
    click(app, next(w for w in start.widgets if w.name == "layout:4x4").rect.center)
    layouts = [w.name for w in start.widgets if w.name.startswith("layout:")]
    assert layouts == ["layout:3x5", "layout:4x4", "layout:5x3", "layout:6x5"]
    lit = [w.name for w in start.widgets if w.name.startswith("layout:") and w.primary]
    assert lit == ["layout:4x4"]
    click(app, next(w for w in start.widgets if w.name == "layout:6x5").rect.center)
    assert start.layout == "6x5"
    click(app, next(w for w in start.widgets if w.name == "play").rect.center)
    assert app.game.layout.columns == 6 and app.game.layout.rows == 5


def test_end_titles_say_how_the_game_ended(make):
    """A Pyramid 13 game ends after three rounds, won only if the last pyramid is
    cleared; a Thirteens game can end with cards still free to move to an empty column."""
    app = make("?game=pyramid13&deal=5", animations=False)
    finish(app)
    assert app.game.outcome.value == "lost"
    assert "Game over" in [w for w, *_ in app.scene.lines()]
    app = make("?game=thirteens&deal=442", animations=False)
    for move in (
        "3s+Tc 4s+9d 2h+Jc 4h+9h Ah+Qc 6s+7h 5d+8d 2s+Jh Kd 5c+8c 3h+Td As+Qd Ks 4c+9s Ad+Qs "
        "Kh 2c+Js 3d+Th Ac+Qh 6h+7c 5s+8h 6d+7d Kc 4d+9c"
    ).split():
        app.table.play(parse_move(move))
    step(app, 3)
    assert app.game.is_over and not app.game.legal_moves()
    assert "No pairs left" in [w for w, *_ in app.scene.lines()]
    app = make("?game=pyramid&deal=3", animations=False)
    finish(app)
    assert app.game.outcome.value == "lost"
    assert "No moves left" in [w for w, *_ in app.scene.lines()]


def test_posting_a_score_takes_undo_off_the_table_behind(make):
    app = make("?game=pyramid13&deal=5", animations=False)
    finish(app)
    undo = next(b for b in app.table.buttons if b.name == "undo")
    assert undo.enabled  # a finished game's last move can be taken back, until posted
    app.scene._post("Keeper")
    assert not next(b for b in app.table.buttons if b.name == "undo").enabled


@pytest.mark.parametrize("query", ["?game=pyramid13&deal=5", "?game=thirteens&deal=9&layout=4x4"])
def test_end_screen_shows_deal_and_share_link_and_nothing_overlaps(make, query):
    app = make(query, animations=False)
    finish(app)
    end = app.scene
    assert type(end).__name__ == "EndScene"
    words = [w for w, *_ in end.lines()]
    assert share.share_query(app.game.setup) in words
    assert any(f"Deal #{app.game.setup.deal}" in w for w in words)
    widgets_do_not_overlap(end.widgets)
    end_lines_fit(end)
    from thirteen.ui.layout import PANEL

    assert not end.BOX.colliderect(PANEL)  # the panel's title shows, uncovered


@pytest.mark.parametrize(
    ("query", "words"),
    [
        ("?game=thirteens&deal=5", "This deal can be won: Same deal (R) plays it again."),
        ("?game=pyramid13&deal=5", "No round's pyramid could be cleared in its one pass."),
        ("?game=pyramid13&deal=2", "Only round 3's pyramid could be cleared in its one pass."),
    ],
)
def test_the_end_of_a_lost_game_says_whether_the_deal_could_be_won(
    make, patient_verdicts, query, words
):
    """A player who lost wants to know: was it the deal or the play?"""
    app = make(query, animations=False)
    finish(app)
    # (deal 2 played by first moves clears its third pyramid: Pyramid 13 tells a win too)
    assert app.game.outcome.value == ("won" if "deal=2" in query else "lost")
    lines = app.scene.lines()
    assert words in [w for w, *_ in lines]
    end_lines_fit(app.scene)


def test_a_deal_lost_from_the_start_says_so(make, patient_verdicts):
    from thirteen.advice.solving import solve

    app = make("?game=pyramid&deal=3", animations=False)
    assert not solve(app.game.setup.new_game()).winnable
    finish(app)
    words = [w for w, *_ in app.scene.lines()]
    assert "No way of playing wins this deal: it was lost from the start." in words


def test_a_won_game_or_an_unsettled_verdict_adds_no_line(make, monkeypatch):
    from thirteen.advice.solving import solve
    from thirteen.ui.screens import end

    app = make("?game=thirteens&deal=5", animations=False)
    for move in solve(app.game.setup.new_game()).moves:
        app.table.play(move)
    step(app, 3)
    assert app.game.outcome.value == "won" and app.scene.verdict() is None
    monkeypatch.setattr(end, "HINT_BUDGET_MS", 1)  # Pyramid deal 5 takes about 1 s
    app = make("?game=pyramid&deal=5", animations=False)
    finish(app)
    assert app.game.outcome.value == "lost" and app.scene.verdict() is None
    assert app.scene.lines()[3][0].startswith("Played")  # no gap where it would be


def test_a_pyramid13_deck_link_verdict_and_warning_all_fit(make, patient_verdicts):
    """The fullest end screen: a Pyramid 13 deck link (two lines), the verdict, the
    give-up warning and the score row."""
    from thirteen.core.cards import card_text
    from thirteen.core.deals import deck_for_deal

    decks = "|".join("+".join(card_text(c) for c in deck_for_deal(n)) for n in (5, 6, 7))
    app = make(f"?game=pyramid13&deck={decks}", animations=False)
    finish(app)
    end = app.scene
    end.activate("new")  # not posted: it warns
    assert "not posted" in end.message
    lines = end.lines()
    assert end.verdict() in [w for w, *_ in lines] and end.message in [w for w, *_ in lines]
    end_lines_fit(end)


def test_end_screen_of_an_unfinished_game_says_so(make):
    app = make("?game=thirteens&deal=3")
    app.open("end")
    words = [w for w, *_ in app.scene.lines()]
    assert "Game not over yet" in words and "No moves left" not in words


def test_shot_of_the_end_scene_plays_the_game_out(tmp_path, capsys):
    out = tmp_path / "end.png"
    args = ["shot", "--game", "pyramid", "--deal", "3", "--scene", "end", "--out", str(out)]
    assert cli_main(args) == 0
    assert "first legal move" in capsys.readouterr().out


WIDE_DECK = (
    "7h Qd Qh 8c 2d 9s Td Ad 3c 6d Kd 5h Ts 2c 7s Jc 5c 6s As 7c 5s 8h 4c 5d 4h 4d 6c Jd 9h "
    "8d 7d Kc 4s Th Kh Qc Ks 2h 3h 3d Ac Ah 8s 2s Tc 9c 9d Jh 3s Js Qs 6h"
)


def test_shot_plays_a_game_out_without_going_round_in_circles():
    """Found by review: on this 6x5 deal the first legal move sent the 2c from one empty
    column to the other and back for ever, and `shot --scene end` never finished."""
    from thirteen.tools.shot import next_move_to_end

    game = GameSetup("thirteens", deck=WIDE_DECK, layout="6x5").new_game()
    seen: set = set()
    for _ in range(200):
        if game.is_over:
            break
        game.play(next_move_to_end(game, seen))
    assert game.is_over and len(seen) == len(game.moves)  # every position a new one


def test_shot_refuses_to_play_out_a_game_that_only_goes_round_in_circles():
    """When every move comes back to a position already seen, the shot says so (the
    command line prints the line and exits with status 2)."""
    from thirteen.tools.shot import ShotError, next_move_to_end

    game = GameSetup("thirteens", deck=WIDE_DECK, layout="6x5").new_game()
    seen: set = set()
    for move in game.legal_moves():
        game.play(move)
        seen.add(game.key)
        game.undo()
    with pytest.raises(ShotError, match="^--scene end: every move here comes back"):
        next_move_to_end(game, seen)


@pytest.mark.parametrize("game_id", ["pyramid13", "pyramid"])
def test_pile_captions_stay_clear_of_the_focus_ring(make, game_id):
    """Found by review: the dashed keyboard focus ring on the waste card (drawn 10 px
    out, with a 2 px dark edge) crossed its "Waste 1" caption."""
    from thirteen.core.moves import Draw
    from thirteen.ui import theme

    app = make(f"?game={game_id}&deal=1", animations=False)
    app.table.play(Draw())
    geo = app.table.geo
    piles = [s for s in geo.spots if s.zone in ("draw", "waste") or s.kind == "pile"]
    assert len(piles) == 2 and len(geo.labels) >= 2
    for text, pos in geo.labels:
        caption = theme.text(text, 26).get_rect(midtop=pos)
        for spot in piles:
            assert not caption.colliderect(spot.outline.inflate(24, 24)), text


def test_blocked_pyramid_cards_have_no_centre_art():
    from thirteen.core.cards import parse_card
    from thirteen.ui import cards as card_art

    pygame.display.init()
    w, h = 100, 140
    for text in ("7s", "Qh"):
        card = parse_card(text)
        blocked = card_art.dimmed(card, w, h)
        free = card_art.card_face(card, w, h)
        lower = pygame.Rect(4, h // 2 + 4, w - 8, h // 2 - 12)  # what peeks between cards
        colours = {
            tuple(blocked.get_at((x, y)))
            for x in range(lower.left, lower.right, 3)
            for y in range(lower.top, lower.bottom, 3)
        }
        assert len(colours) == 1, text  # one flat grey
        assert free.get_at(lower.center) != blocked.get_at(lower.center)


def test_the_widest_names_on_a_board_keep_clear_of_their_scores(monkeypatch):
    from thirteen.records.profile import ScoreEntry
    from thirteen.ui import theme
    from thirteen.ui.screens.stats import StatsScene

    drawn = []
    real = theme.blit_text

    def record(surface, words, *args, **kwargs):
        rect = real(surface, words, *args, **kwargs)
        drawn.append((words, rect))
        return rect

    monkeypatch.setattr(theme, "blit_text", record)
    names = ["WWWWWWWWWW", "MMMMMMMMMM", "mmmmmmmmmm", "Lucky 13"]
    entries = [ScoreEntry(name, 2010, "2026-11-29", "deal 1", "pyramid13") for name in names]
    StatsScene.draw_board(pygame.Surface((1280, 720)), "All-time top 10", entries, 960)
    rects = dict(drawn)
    scores = [rect for words, rect in drawn if words == "2010"]
    for name, score in zip(names, scores, strict=True):
        assert rects[name].right + 8 <= score.left, name
        assert rects[name].height >= 16  # still readable (22-pixel type at least)


def test_table_button_labels_keep_a_margin(make):
    from thirteen.ui import theme

    app = make("?game=thirteens&deal=2")
    for sound in (True, False):
        if app.settings.sound != sound:
            press(app, pygame.K_m)
        for b in app.table.buttons:
            width = theme.text(b.label, b.label_size()).get_width()
            assert width <= b.rect.w - 20, b.label


def test_an_empty_thirteens_stock_shows_its_place(make):
    from thirteen.advice.solving import solve
    from thirteen.ui.scene import backdrop

    app = make("?game=thirteens&deal=2", animations=False)
    game = app.game
    for move in solve(game).moves:  # a won line empties the stock
        if not game.stock_left:
            break
        app.table.play(move)
    assert game.stock_left == 0
    surface = pygame.Surface((1280, 720))
    app.table.draw(surface)
    pile = app.table.geo.pile
    spot = (pile.x + 8, pile.centery)  # inside the slot, clear of the label
    assert surface.get_at(spot) != backdrop().get_at(spot)


def test_score_chart_buckets():
    from thirteen.ui.screens.stats import StatsScene

    buckets = StatsScene.buckets({0: 1, 13: 2, 52: 1}, 8, cap=52)
    assert buckets[0] == (0, 9, 1) and buckets[1] == (10, 19, 2)
    assert sum(n for *_, n in buckets) == 4 and buckets[-1][0] <= 52 <= buckets[-1][1]
    assert len(StatsScene.buckets({440: 1, 940: 3}, 7)) <= 7
    assert StatsScene.buckets({}, 8) == []


@pytest.mark.parametrize(
    ("area", "dist", "unit", "cap"),
    [
        # the Thirteens / Pyramid place, and the smaller Pyramid 13 one (ranges wrap there)
        ((660, 280, 560, 320), {0: 15, 12: 10, 25: 3, 33: 3, 41: 3, 52: 6}, "score: cards", 52),
        ((100, 420, 480, 180), {120: 1, 450: 2, 1290: 4, 2010: 1}, "score: points", None),
    ],
)
def test_score_chart_labels_readable_on_a_phone(monkeypatch, area, dist, unit, cap):
    """Chart labels stay at 26 logical px or more (13 CSS px at the half size of a
    sideways phone), inside the canvas, and the axis labels do not overlap."""
    from thirteen.ui import theme
    from thirteen.ui.screens.stats import StatsScene

    drawn: list[tuple[str, int, pygame.Rect]] = []
    real = theme.blit_text

    def record(surface, words, size, pos, colour=theme.INK, anchor="topleft"):
        rect = real(surface, words, size, pos, colour, anchor)
        drawn.append((words, size, rect))
        return rect

    monkeypatch.setattr(theme, "blit_text", record)
    surface = pygame.Surface((1280, 720))
    StatsScene.draw_distribution(surface, dist, pygame.Rect(area), unit, cap)
    assert drawn and min(size for _, size, _ in drawn) >= 26
    canvas = surface.get_rect()
    assert all(canvas.contains(rect) for _, _, rect in drawn)
    below = [rect for _, _, rect in drawn if rect.top >= area[1] + area[3]]
    assert len(below) > 2  # the ranges and the unit
    for n, a in enumerate(below):
        assert all(not a.colliderect(b) for b in below[n + 1 :])


def test_help_pages_fit(make):
    from thirteen.ui import theme
    from thirteen.ui.screens.help import help_tabs, help_text

    for key, _ in help_tabs():
        paras = help_text(key)
        assert paras, f"no help for {key}"
        lines = sum(len(theme.wrap(p, 30, 760)) for p in paras)
        assert 220 + lines * 28 + len(paras) * 14 <= 700


def test_winnable_fallback_is_told(make, monkeypatch):
    import sys

    monkeypatch.setitem(sys.modules, "thirteen.advice.winnable", None)  # import fails
    app = make(winnable_only=True)
    play = next(w for w in app.start_scene.widgets if w.name == "play")
    click(app, play.rect.center)
    think(app)
    assert app.game is not None
    assert "unchecked" in app.table.message
    app.go_start()
    assert "unchecked" in app.start_scene.message


def test_shot_command_writes_png(tmp_path):
    out = tmp_path / "t.png"
    assert (
        cli_main(
            ["shot", "--game", "thirteens", "--deal", "3", "--size", "640x360", "--out", str(out)]
        )
        == 0
    )
    assert pygame.image.load(str(out)).get_size() == (640, 360)
    for scene in ("start", "end", "help", "stats"):
        assert (
            cli_main(
                ["shot", "--game", "pyramid13", "--deal", "3", "--scene", scene, "--out", str(out)]
            )
            == 0
        )


def test_settings_are_remembered_and_switch_animations_off(make):
    """Clicking the settings' checkboxes changes the game now and after a restart."""
    from thirteen.records.profile import Profile
    from thirteen.records.storage import MemoryStorage

    storage = MemoryStorage()
    app = make("?game=thirteens&deal=1", profile=Profile(storage))
    app.open("settings")
    boxes = {w.name: w for w in app.scene.widgets if hasattr(w, "note")}
    for name in ("motion", "motion", "sound", "four_colour"):  # motion: normal, fast, off
        click(app, boxes[name].rect.center)
    assert (app.settings.animations, app.settings.sound, app.settings.four_colour) == (
        False,
        False,
        True,
    )
    app.back()
    click_card(app, "Ks")
    assert app.table.game.moves and not app.table.anim.active

    again = make("?game=thirteens&deal=1", profile=Profile(storage))
    assert (again.settings.animations, again.settings.sound, again.settings.four_colour) == (
        False,
        False,
        True,
    )


def test_removals_animate_when_animations_are_on(make):
    app = make("?game=thirteens&deal=1", animations=True)
    for _ in range(40):  # let the deal animation finish (<= 300 ms)
        app.step(16)
    click_card(app, "Ks")
    assert app.table.anim.active
    for _ in range(25):
        app.step(16)
    assert not app.table.anim.active


def test_storage_that_fills_up_mid_game_is_told_quietly_and_play_goes_on(make):
    """A quota error on a write after a move: the table says so once, the game goes on."""
    from thirteen.records.profile import Profile
    from thirteen.records.storage import MemoryStorage

    class FillsUp(MemoryStorage):
        full = False

        def _set(self, key: str, value: str) -> None:
            if self.full:
                raise OSError("QuotaExceededError")
            super()._set(key, value)

    storage = FillsUp()
    app = make("?game=thirteens&deal=1", profile=Profile(storage), animations=False)
    storage.full = True
    click_card(app, "Ks")
    assert [m.text() for m in app.table.game.moves] == ["Ks"]
    assert "will not be kept" in app.table.message
    click_card(app, "4s")
    click_card(app, "9c")
    assert len(app.table.game.moves) == 2
    assert app.session.notices.count(app.table.message) <= 1


def test_a_link_to_another_deal_counts_the_saved_game_as_played(make):
    """A link's game takes the one save slot; the saved game in progress is counted
    as played (abandoned) and the player is told, not silently lost."""
    from thirteen.records.profile import Profile
    from thirteen.records.storage import MemoryStorage

    storage = MemoryStorage()
    first = make("?game=thirteens&deal=1", profile=Profile(storage), animations=False)
    click_card(first, "Ks")
    assert Profile(storage).stats("thirteens", "3x5").played == 0

    other = make("?game=thirteens&deal=2", profile=Profile(storage), animations=False)
    stats = Profile(storage).stats("thirteens", "3x5")
    assert (stats.played, stats.won) == (1, 0)
    assert Profile(storage).load_game().setup.deal == 2
    assert "counted as played" in other.table.banner  # with anything else the page tells

    again = make("?game=thirteens&deal=2", profile=Profile(storage), animations=False)
    assert Profile(storage).stats("thirteens", "3x5").played == 1
    assert again.table.game.setup.deal == 2


@pytest.mark.parametrize(
    "link",
    [
        "?game=thirteens&deal=abc",
        "?game=thirteens&deal=0&foo=1",
        "?game=thirteens&deck=Ah",
        "?game=thirteens&deal=5&layout=9x9",
        "?game=thirteens&deal=5&deck=Ah",
        "?game=thirteens&game=pyramid&deal=5&deal=6",  # it contradicts itself
    ],
)
def test_a_link_that_cannot_be_used_as_it_is_keeps_the_saved_game_and_says_so(make, link):
    storage = MemoryStorage()
    first = make("?game=thirteens&deal=1", profile=Profile(storage), animations=False)
    first.table.play(first.game.legal_moves()[0])
    other = make(link, profile=Profile(storage), animations=False)
    assert other.game.setup.deal == 1 and len(other.game.moves) == 1
    assert Profile(storage).stats("thirteens", "3x5").played == 0
    banner = other.table.banner
    lead = "The link could not be used, so your saved game goes on. "
    assert lead in banner and len(banner.split(lead)[1]) > 10  # and why
    assert banner.endswith(".") and "playing" not in banner
    click(other, (5, 5))  # read: a click anywhere puts it away
    assert other.table.banner == ""


def test_a_links_notices_are_shown_over_its_table_once(make):
    app = make("?game=thirteens&deal=abc&layout=9x9&foo=1", animations=False)
    assert app.game.setup.layout == "3x5"
    banner = app.table.banner
    for words in ("'foo'", "'9x9'", "'abc'", "today's deal"):
        assert words in banner
    step(app, 1 + int(9000 / 16))
    assert app.table.banner == ""
    app.go_start()
    assert app.start_scene.message == ""  # told once, on the table


def test_a_click_on_a_links_notice_only_puts_it_away(make):
    """Found in review: the notice covers the foot of the bottom row of cards, and the
    click that put it away also played the card under it (a King was removed)."""
    from thirteen.core.cards import parse_card

    app = make("?game=thirteens&deal=1&layout=9x9", animations=False)
    box = paint.banner_box(app.table)
    card = app.table.geo.spot_for_card(parse_card("4s")).rect
    at = (card.centerx, box.top + 8)
    assert card.collidepoint(at) and box.collidepoint(at)  # the notice is over the card
    click(app, at)
    assert app.table.banner == "" and app.table.selected is None
    click(app, at)  # now the card is seen, and the click plays it
    assert app.table.selected == parse_card("4s")
    click(app, at)  # and lets it go
    app.table.show_banner("Another notice.")
    top = (card.centerx, card.top + 8)
    assert not paint.banner_box(app.table).collidepoint(top)
    click(app, top)  # a click off the notice puts it away and acts as well
    assert app.table.banner == "" and app.table.selected == parse_card("4s")


def test_a_links_notice_leaves_a_pyramids_free_cards_in_sight(make):
    """Found by a visual review: over the foot of the table it hid the pyramid's bottom
    row, the cards a player starts with; the covered top is hidden instead."""
    app = make("?game=pyramid&deal=abc&foo=1&layout=2x2", animations=False)
    assert app.table.banner
    box = paint.banner_box(app.table)
    free = [s.rect for s in app.table.geo.spots if s.free]
    assert free and not any(box.colliderect(r) for r in free)
    assert box.top >= 0


def test_an_empty_deal_in_a_link_with_a_deck_is_no_deal(make):
    from thirteen.core.cards import card_text
    from thirteen.core.deals import deck_for_deal

    deck = "+".join(card_text(c) for c in deck_for_deal(77))
    app = make(f"?game=pyramid&deck={deck}&deal=", animations=False)
    assert app.game.setup.deck is not None and app.table.banner == ""


def test_a_tab_whose_saved_game_another_tab_took_over_neither_saves_nor_counts_it(make):
    """Two tabs share the one save slot: once a link opened in a second tab has counted
    the first tab's game as played and put its own there, the first tab plays on but
    writes nothing over it and does not count its game a second time."""
    from thirteen.records.profile import Profile
    from thirteen.records.storage import MemoryStorage
    from thirteen.session.game_session import TAKEN_OVER
    from thirteen.ui.screens.end import NOT_COUNTED

    storage = MemoryStorage()
    first = make("?game=thirteens&deal=1", profile=Profile(storage), animations=False)
    click_card(first, "Ks")
    other = make("?game=thirteens&deal=2", profile=Profile(storage), animations=False)
    other.table.play(other.game.legal_moves()[0])
    saved = Profile(storage).load_game()
    assert (saved.setup.deal, len(saved.moves)) == (2, 1)
    assert Profile(storage).stats("thirteens", "3x5").played == 1

    click_card(first, "4s")
    click_card(first, "9c")
    assert len(first.game.moves) == 2  # the game plays on
    assert first.table.detached and first.table.message == TAKEN_OVER
    saved = Profile(storage).load_game()
    assert (saved.setup.deal, len(saved.moves)) == (2, 1)  # the other tab's game is kept

    finish(first)
    assert type(first.scene).__name__ == "EndScene" and first.scene.message == NOT_COUNTED
    assert Profile(storage).stats("thirteens", "3x5").played == 1  # not counted twice
    assert Profile(storage).load_game().setup.deal == 2

    # a new deal in the first tab takes the slot back: the other tab's unfinished
    # game (one move) is counted as played there, and the other tab is told next
    first.scene.activate("new")
    assert Profile(storage).stats("thirteens", "3x5").played == 2
    assert "in another tab was counted as played" in first.table.message
    assert Profile(storage).load_game().setup == first.game.setup
    other.table.play(other.game.legal_moves()[0])
    assert other.table.detached
    assert Profile(storage).load_game().setup == first.game.setup
    play_out(other)
    assert Profile(storage).stats("thirteens", "3x5").played == 2


def test_two_tabs_resuming_one_saved_game_keep_the_last_writers_moves(make):
    """Both tabs resume the saved game; the first to move after the other did is told,
    and its moves no longer replace the other tab's."""
    from thirteen.records.profile import Profile
    from thirteen.records.storage import MemoryStorage

    storage = MemoryStorage()
    first = make("?game=pyramid&deal=3", profile=Profile(storage), animations=False)
    first.table.play(first.game.legal_moves()[0])
    second = make("", profile=Profile(storage), animations=False)
    assert second.game.moves == first.game.moves  # resumed
    second.table.play(second.game.legal_moves()[-1])
    first.table.play(first.game.legal_moves()[0])
    assert first.table.detached and not second.table.detached
    assert Profile(storage).load_game().moves == second.game.moves
    second.table.play(second.game.legal_moves()[0])
    assert Profile(storage).load_game().moves == second.game.moves
    # the first tab's own game is left alone: no abandon count either
    first.new_deal()
    assert Profile(storage).stats("pyramid").played == 1  # the second tab's game, pushed aside
    assert second.table.game.moves and not second.table.detached
    second.table.play(second.game.legal_moves()[0])
    assert second.table.detached


def test_a_table_in_play_learns_of_a_takeover_without_a_move(make):
    """A player coming back to a tab whose saved game another tab took over is told
    within a second, not at their next move."""
    from thirteen.session.game_session import TAKEN_OVER, TAKEOVER_CHECK_MS

    storage = MemoryStorage()
    first = make("?game=thirteens&deal=1", profile=Profile(storage), animations=False)
    step(first, 3)
    first.step(TAKEOVER_CHECK_MS)
    assert not first.table.detached  # nothing changed: no message
    make("?game=thirteens&deal=2", profile=Profile(storage), animations=False)
    first.step(TAKEOVER_CHECK_MS / 2)
    assert not first.table.detached  # not yet looked
    assert first.step(TAKEOVER_CHECK_MS / 2)  # looked, and drew the message
    assert first.table.detached and first.table.message == TAKEN_OVER
    assert Profile(storage).load_game().setup.deal == 2


def two_tabs_on_one_score(make):
    """A Pyramid 13 game finished, unposted, in one tab; a second tab opened on it."""
    storage = MemoryStorage()
    first = make("?game=pyramid13&deal=5", profile=Profile(storage), animations=False)
    finish(first)
    second = make("", profile=Profile(storage), animations=False)
    return storage, first, second


def type_name(app, name: str) -> None:
    """Enter a screen name on the name entry scene and submit it."""
    app.scene.text = name
    app.scene.type("\n")


def test_a_score_shown_in_two_tabs_is_posted_once(make):
    """Two tabs open on the same unposted Pyramid 13 score: once one posts it, the other
    cannot post it again, and says why."""
    from thirteen.ui.screens.end import SETTLED_ELSEWHERE

    storage, first, second = two_tabs_on_one_score(make)
    assert type(second.scene).__name__ == "EndScene"  # offered there too
    for app in (first, second):
        assert any(w.name == "post" and w.enabled for w in app.scene.widgets)
    press(second, pygame.K_p)
    type_name(second, "Second")
    assert [e.name for e in Profile(storage).top_all_time("pyramid13")] == ["Second"]
    press(first, pygame.K_p)
    assert type(first.scene).__name__ == "EndScene"  # no name entry
    assert first.scene.message == SETTLED_ELSEWHERE
    assert not any(w.name == "post" for w in first.scene.widgets)
    assert [e.name for e in Profile(storage).top_all_time("pyramid13")] == ["Second"]
    first.scene.activate("new")  # no "not posted" warning: it was dealt with
    assert type(first.scene).__name__ == "TableScene" and not first.game.is_over


def test_a_score_left_in_another_tab_is_not_warned_about_again(make):
    storage, first, second = two_tabs_on_one_score(make)
    press(second, pygame.K_n)
    wait(second)
    press(second, pygame.K_n)  # left without posting there
    assert type(second.scene).__name__ == "TableScene"
    press(first, pygame.K_n)  # one press: no "not posted" warning
    assert type(first.scene).__name__ == "TableScene" and not first.game.is_over
    assert Profile(storage).top_all_time("pyramid13") == []


def test_a_score_posted_elsewhere_while_the_name_was_typed_is_not_posted_again(make):
    from thirteen.ui.screens.end import SETTLED_ELSEWHERE

    storage, first, second = two_tabs_on_one_score(make)
    press(first, pygame.K_p)  # the first tab's player starts typing a name
    assert type(first.scene).__name__ == "EntryScene"
    press(second, pygame.K_p)
    type_name(second, "Second")
    type_name(first, "First")
    assert type(first.scene).__name__ == "EndScene"
    assert first.scene.message == SETTLED_ELSEWHERE
    assert [e.name for e in Profile(storage).top_all_time("pyramid13")] == ["Second"]


def test_a_finished_game_is_not_undone_once_another_tab_used_the_slot(make):
    """Found by a model check of two tabs: the first tab's Undo on its end screen
    uncounted its game, which then played on neither saved nor counted."""
    storage = MemoryStorage()
    first = make("?game=thirteens&deal=9", profile=Profile(storage), animations=False)
    finish(first)
    assert end_button(first, "undo") is not None  # alone, the last move can be undone
    make("?game=pyramid&deal=2", profile=Profile(storage), animations=False)
    first.scene.build()
    assert end_button(first, "undo") is not None  # another game: its own slot
    make("?game=thirteens&deal=2", profile=Profile(storage), animations=False)
    first.scene.build()
    assert end_button(first, "undo") is None
    press(first, pygame.K_u)
    assert Profile(storage).stats("thirteens", "3x5").played == 1


def test_a_score_posted_in_another_tab_is_not_undone_and_posted_again(make):
    """Found by a model check: after the second tab posted the score, the first tab's
    Undo uncounted the game, and playing the move again let it post the score twice."""
    storage, first, second = two_tabs_on_one_score(make)
    press(second, pygame.K_p)
    type_name(second, "Bobby")
    first.scene.build()
    assert end_button(first, "undo") is None
    press(first, pygame.K_u)
    assert first.game.is_over and Profile(storage).stats("pyramid13").played == 1
    assert [e.name for e in Profile(storage).top_all_time("pyramid13")] == ["Bobby"]


def test_a_tab_that_lost_the_slot_counts_the_game_it_pushes_aside(make):
    """Found by a model check: the second tab resumed the first tab's game and undid its
    move, which put the slot back to the very text the first tab had written; the
    first tab took it for its own, and its New dropped the game from the counts."""
    storage = MemoryStorage()
    first = make("?game=thirteens&deal=9", profile=Profile(storage), animations=False)
    first.table.play(first.game.legal_moves()[0])
    second = make("", profile=Profile(storage), animations=False)
    assert second.game.moves == first.game.moves  # resumed
    second.table.play(second.game.legal_moves()[0])
    first.table.play(first.game.legal_moves()[0])
    assert first.table.detached  # its save was refused
    second.table.undo()  # the slot holds the first tab's text again
    press(first, pygame.K_n)
    wait(first)
    press(first, pygame.K_n)
    assert Profile(storage).stats("thirteens", "3x5").played == 1  # the pushed-aside game
    second.table.play(second.game.legal_moves()[0])
    assert second.table.detached
    press(second, pygame.K_n)
    press(second, pygame.K_n)
    assert Profile(storage).stats("thirteens", "3x5").played == 1  # once


def test_undo_takes_away_news_warning_and_its_second_press(make):
    """Found by a model check: Undo cleared New's warning, yet one more N gave the game up."""
    app = make("?game=thirteens&deal=9", animations=False)
    for _ in range(2):
        app.table.play(app.game.legal_moves()[0])
    press(app, pygame.K_n)
    assert "Give up" in app.table.message
    press(app, pygame.K_u)
    press(app, pygame.K_n)
    assert app.game.setup.deal == 9 and "Give up" in app.table.message
    assert app.profile.stats("thirteens", "3x5").played == 0


def test_a_new_game_in_another_tab_offers_an_unposted_score_first(make):
    """A tab closed on its end screen leaves its Pyramid 13 score in the slot; a tab
    already open that starts a new Pyramid 13 game is shown that score to post, not the
    new game (a game of another kind has its own slot, and the score waits)."""
    from thirteen.session.game_session import OTHER_TABS_SCORE

    storage = MemoryStorage()
    other = make("", profile=Profile(storage), animations=False)  # open on the start screen
    first = make("?game=pyramid13&deal=5", profile=Profile(storage), animations=False)
    play_out(first)
    score = first.game.score
    del first  # the tab is closed on its end screen, the score not posted
    other.new_game(GameSetup("thirteens", deal=4))  # another game: the score waits
    assert other.scene is other.table and other.game.setup.deal == 4
    other.new_game(GameSetup("pyramid13", deal=4))
    assert type(other.scene).__name__ == "EndScene"
    assert other.scene.message == OTHER_TABS_SCORE
    assert other.game.game_id == "pyramid13" and other.game.score == score > 0
    press(other, pygame.K_p)
    type_name(other, "Other")
    assert Profile(storage).top_all_time("pyramid13")[0].score == score
    assert Profile(storage).load_game("game/pyramid13") is None  # posted: the slot is free
    other.new_game(GameSetup("pyramid13", deal=4))
    assert other.game.setup == GameSetup("pyramid13", deal=4)
    assert Profile(storage).load_game().setup == GameSetup("pyramid13", deal=4)
    assert Profile(storage).stats("pyramid13").played == 1  # counted once, where it was played


def test_copy_link_puts_the_deals_link_on_the_clipboard(make):
    app = make("?game=thirteens&deal=8", animations=False)
    game = app.game
    finish(app)
    assert type(app.scene).__name__ == "EndScene"
    pygame.scrap.put_text("something else")
    copy = next(w for w in app.scene.widgets if w.name == "copy")
    click(app, copy.rect.center)
    assert pygame.scrap.get_text() == "?game=thirteens&deal=8&layout=3x5"
    assert app.scene.message.startswith("Copied the end of the link")
    assert type(app.scene).__name__ == "EndScene" and app.game is game  # nothing else happened
    assert app.scene.lines()[-1][0] == app.scene.message  # shown under the link
    pygame.scrap.put_text("")
    press(app, pygame.K_c)  # the keyboard path
    assert pygame.scrap.get_text() == "?game=thirteens&deal=8&layout=3x5"


def test_copying_does_not_leave_an_unposted_score(make):
    app = make("?game=pyramid13&deal=5", animations=False)
    game = app.game
    finish(app)
    press(app, pygame.K_c)
    assert pygame.scrap.get_text() == "?game=pyramid13&deal=5"
    assert "not posted" not in app.scene.message and app.game is game
    new = next(w for w in app.scene.widgets if w.name == "new")
    click(app, new.rect.center)  # leaving still asks first
    assert app.game is game and "not posted" in app.scene.message


@pytest.mark.parametrize(
    ("outcome", "words"),
    [("asked", "Asked the browser"), ("failed", "copy the link by hand")],
)
def test_copy_link_says_when_the_clipboard_refuses(make, monkeypatch, outcome, words):
    from thirteen.ui import clipboard

    app = make("?game=pyramid&deal=3", animations=False)
    finish(app)
    monkeypatch.setattr(clipboard, "copy_text", lambda text: outcome)
    press(app, pygame.K_c)
    assert words in app.scene.message
    box = app.scene.BOX
    rect = app.scene.lines()[-1][3]
    assert box.left < rect.left and rect.right < box.right  # the message fits the box


def test_the_page_forgets_a_link_once_its_game_is_open(make, monkeypatch):
    forgotten = []
    monkeypatch.setattr(share, "forget_link", lambda: forgotten.append(True) or True)
    make()  # no link: nothing to forget
    assert forgotten == []
    profile = Profile(MemoryStorage())
    app = make("?game=pyramid13&deal=5", profile=profile, animations=False)
    assert forgotten == [True]
    # a finished, unposted score comes first; the link is forgotten all the same, or a
    # reload after a new deal from the end screen would push that deal aside
    finish(app)
    linked = make("?game=pyramid&deal=2", profile=profile)
    assert "open the link again" in linked.scene.message
    assert forgotten == [True, True]


def test_statistics_list_the_thirteens_layouts_that_links_opened(make):
    """Layouts without a tab of their own get one "Other layouts" tab, shown once any
    was played (or is on the table), opened by default for such a game."""
    storage = MemoryStorage()
    app = make("?game=thirteens&deal=3", profile=Profile(storage), animations=False)
    app.open("stats")
    offered = sum(len(spec.layouts) or 1 for spec in GAMES.values())  # a tab each
    assert len(app.scene.tabs) == offered and app.scene.tab == 0
    app.back()

    for deal in (1, 2):
        game = GameSetup("thirteens", deal=deal, layout="2x15").new_game()
        while not game.is_over:
            game.play(game.legal_moves()[0])
        Profile(storage).record_result(game)
    app = make("?game=thirteens&deal=4&layout=5x6", profile=Profile(storage), animations=False)
    app.open("stats")
    scene = app.scene
    assert [t[2] for t in scene.tabs][-1] == "Other layouts"
    assert scene.tab == offered  # the game on the table is of another layout
    rows = {row[0]: row for row in scene.other_rows()}
    assert rows["2x15"][1] == "2" and rows["5x6"][1] == "0"  # 5x6: not counted yet
    step(app)
    tab0 = next(w for w in scene.widgets if w.name == "tab:0")
    click(app, tab0.rect.center)
    assert scene.tab == 0
    app.back()

    app = make("?game=thirteens&deal=4", profile=Profile(storage), animations=False)
    app.open("stats")
    assert len(app.scene.tabs) == offered + 1 and app.scene.tab == 0  # 3x5: its own tab


# -- found by a keyboard-only review ---------------------------------------------------


def tab_to(app, name: str) -> None:
    """Tab until the focus ring is on the widget of that name."""
    tab_until(app, lambda: app.scene.focus == name, name, len(app.scene.widgets) + 1)


def turn_to(app, name: str) -> None:
    """On the start screen, turn the games list's pages by keyboard (Tab to '>', Enter)
    until the button of that name is on the page shown."""
    for _ in range(len(GAMES)):
        if app.start_scene.button(name) is not None:
            return
        tab_to(app, "games:1")
        press(app, pygame.K_RETURN)
    assert app.start_scene.button(name) is not None, name


def test_a_give_up_warning_wiped_by_another_message_is_asked_again(make):
    """R, H, R restarted the game although the hint had replaced the warning."""
    app = make("?game=pyramid&deal=40", animations=False)
    press(app, pygame.K_d)
    press(app, pygame.K_r)
    assert app.table.message.startswith("Give up this game?")
    press(app, pygame.K_h)
    think(app)
    assert app.table.message.startswith("Hint:")
    press(app, pygame.K_r)
    assert len(app.game.moves) == 1 and app.table.message.startswith("Give up this game?")
    wait(app)
    press(app, pygame.K_r)  # the warning shows: now it restarts
    assert not app.game.moves and app.profile.stats("pyramid").played == 1


def test_the_end_screen_hides_the_panel_keys_it_does_not_keep(make, monkeypatch):
    """The dimmed panel said M for sound and Esc for menu beside the end screen's M for
    menu and Esc for the table; Ctrl+Z undid at the table but not here."""
    from thirteen.ui.widgets import Button

    app = make("?game=pyramid&deal=3", animations=False)
    finish(app)
    assert type(app.scene).__name__ == "EndScene"
    drawn: list[str] = []
    real = Button.draw
    monkeypatch.setattr(
        Button, "draw", lambda self, *a, **k: (drawn.append(self.name), real(self, *a, **k))
    )
    app.scene.snapshot = None
    app.scene.draw(pygame.display.get_surface())
    assert "menu" in drawn and "sound" not in drawn and "hint" not in drawn
    assert drawn.count("menu") == 1  # the end screen's own
    moves = len(app.game.moves)
    press(app, pygame.K_z, mod=pygame.KMOD_CTRL)
    assert app.scene is app.table and len(app.game.moves) == moves - 1


def test_the_focus_ring_stays_on_its_button_when_buttons_come_and_go(make):
    app = make("?game=pyramid13&deal=6", animations=False)
    finish(app)
    end = app.scene
    assert end.button("undo") is not None
    tab_to(app, "copy")
    press(app, pygame.K_p)
    type_name(app, "tester")
    assert app.scene is end and end.button("undo") is None  # posted: no undo now
    assert end.focus == "copy" and end.focused() is end.button("copy")
    # on a button that is disabled now, no ring, and Tab goes on from where it stood
    app = make("?game=pyramid13&deal=5", animations=False)
    finish(app)
    end = app.scene
    tab_to(app, "post")
    press(app, pygame.K_RETURN)
    type_name(app, "tester")
    assert not end.button("post").enabled and end.focused() is None
    names = [w.name for w in end.widgets]
    press(app, pygame.K_TAB)
    assert end.focus == next(
        n for n in names[names.index("post") + 1 :] + names if end.button(n).enabled
    )


def test_the_start_screen_focus_stays_on_play_after_a_give_up_warning(make):
    app = make("?game=pyramid&deal=3", animations=False)
    press(app, pygame.K_d)
    press(app, pygame.K_ESCAPE)
    start = app.start_scene
    tab_to(app, "play")
    press(app, pygame.K_RETURN)  # the chosen game's in progress: warned, nothing given up
    assert app.scene is start and start.confirm == "play"
    assert start.focused() is start.button("play")
    assert app.settings.winnable_only is False


def test_enter_plays_once_the_focused_game_is_chosen(make):
    app = make()
    game_button(app, "pyramid13")  # its page of the games list
    tab_to(app, "game:pyramid13")
    press(app, pygame.K_RETURN)  # chooses it
    assert app.game is None and app.start_scene.game_id == "pyramid13"
    press(app, pygame.K_RETURN)  # Play's key
    assert app.game is not None and app.game.game_id == "pyramid13"


# -- found by a visual review ------------------------------------------------------


def test_the_sound_button_says_what_it_will_do(make):
    app = make("?game=thirteens&deal=1", sound=True)
    button = next(b for b in app.table.buttons if b.name == "sound")
    assert button.label == "Mute"
    press(app, pygame.K_m)
    assert app.settings.sound is False and button.label == "Unmute"
    assert (
        button.label_size() == next(b for b in app.table.buttons if b.name == "help").label_size()
    )


def test_every_panel_line_stays_inside_the_panel(make, monkeypatch):
    """Today's deal number has ten digits: 'Today's deal #1878368995' ran off the
    window's edge."""
    from thirteen.ui import theme
    from thirteen.ui.layout import PANEL

    for game in GAMES:
        app = make(f"?game={game}&deal=2147483647", animations=False)
        app.table.game.setup = GameSetup(game, deal=share.today_deal(game) or 1)
        drawn: list[tuple[str, pygame.Rect]] = []
        real = theme.blit_text

        def spy(surface, words, *args, real=real, drawn=drawn, **kwargs):
            rect = real(surface, words, *args, **kwargs)
            drawn.append((words, rect))
            return rect

        monkeypatch.setattr(theme, "blit_text", spy)
        panel.draw_panel(app.table, app.screen)
        monkeypatch.setattr(theme, "blit_text", real)
        deal = [rect for words, rect in drawn if words.startswith("Today's deal #")]
        assert deal, [w for w, _ in drawn]
        for words, rect in drawn:
            assert PANEL.left < rect.left and rect.right <= PANEL.right - 8, words


def test_statistics_and_help_open_on_the_game_chosen_on_the_start_screen(make):
    from thirteen.ui.screens.help import HelpScene
    from thirteen.ui.screens.stats import StatsScene

    app = make("?game=thirteens&deal=3&layout=6x5", animations=False)
    app.table.play(app.game.legal_moves()[0])  # a 6x5 game waits to be resumed
    press(app, pygame.K_ESCAPE)
    start = app.start_scene
    click(app, game_button(app, "pyramid13").rect.center)
    app.open("stats")
    stats = app.scene
    assert isinstance(stats, StatsScene) and stats.tabs[stats.tab][0] == "pyramid13"
    press(app, pygame.K_ESCAPE)
    app.open("help")
    assert isinstance(app.scene, HelpScene) and app.scene.tab == "pyramid13"
    press(app, pygame.K_ESCAPE)
    click(app, game_button(app, "thirteens").rect.center)
    assert start.layout == "6x5"
    app.open("stats")
    stats = app.scene
    assert stats.tabs[stats.tab][0] == "thirteens" and "6x5" in stats.others
    assert stats.tab == len(stats.tabs) - 1  # the other layouts' tab, where 6x5 is


def test_win_rates_never_round_to_0_or_100_against_the_counts():
    from thirteen.records.profile import Stats
    from thirteen.ui.screens.stats import win_rate

    assert win_rate(Stats(played=10_000, won=4)) == "<1%"
    assert win_rate(Stats(played=10_000, won=9_999)) == ">99%"
    assert win_rate(Stats(played=4, won=1)) == "25%"
    assert win_rate(Stats(played=0, won=0)) == "0%"
    assert win_rate(Stats(played=3, won=3)) == "100%"


def test_win_rates_and_averages_are_written_in_the_language_s_own_way(make):
    from thirteen.core import i18n
    from thirteen.records.profile import Stats
    from thirteen.ui.screens.stats import win_rate

    i18n.set_language("fr")
    try:
        assert win_rate(Stats(played=10_000, won=4)) == "<1\u00a0%"
        assert win_rate(Stats(played=4, won=3)) == "75\u00a0%"
    finally:
        i18n.set_language("en")
    app = make("?game=thirteens&deal=1", animations=False, language="de")
    game = app.game
    while not game.is_over:
        app.table.play(game.legal_moves()[0])
    step(app, 3)
    with recording() as texts:
        app.draw()
    drawn = [words for _surface, words, _rect in texts]
    average = drawn[drawn.index("Schnitt") + 1]
    assert average.replace(",", "").isdigit() and "," in average, drawn  # "NN,N"


def test_games_are_named_alike_everywhere():
    assert str(GameSetup("thirteens", deal=7).label) == "Thirteens 3x5, deal #7"
    assert str(GameSetup("pyramid13", deal=9).label) == "Pyramid 13, deal #9"
    assert str(GameSetup("thirteens", deal=7, layout="6x5").label) == "Thirteens 6x5, deal #7"


def test_an_end_screen_that_opens_by_itself_lets_the_next_click_through_only_later(make):
    """Found by a timing review: a player still clicking the cards pressed Undo or Menu
    on the end screen that had just opened over them; a double click on New deal left
    an unposted score behind unread."""
    from thirteen.ui.scene import ARRIVE_MS

    app = make("?game=pyramid13&deal=5", animations=False)
    play_out(app)
    step(app, 3)
    end = app.scene
    assert type(end).__name__ == "EndScene"
    game = app.game
    click(app, end.button("menu").rect.center)
    assert app.scene is end and end.message == ""  # too soon: meant for the cards
    wait(app, ARRIVE_MS)
    double_click(app, end.button("new").rect.center)
    assert app.scene is end and app.game is game and "not posted" in end.message
    wait(app)
    click(app, end.button("new").rect.center)
    assert app.game is not game


def test_the_display_is_a_window_on_the_desktop_a_canvas_in_the_page_and_headless():
    from thirteen.ui.launch import display_kind

    assert display_kind("linux", "x11") == "window"
    assert display_kind("win32", "windows") == "window"
    assert display_kind("emscripten", "") == "page"  # the page scales the canvas
    assert display_kind("linux", "dummy") == "fixed"


def test_settings_say_nothing_is_kept_when_storage_only_reads(make, monkeypatch):
    """Found in review: with a full localStorage (read, never written) the screen said
    settings and statistics were kept in this browser."""
    from thirteen.records.storage import FULL, MemoryStorage
    from thirteen.ui import theme

    storage = MemoryStorage()
    storage.kind, storage.notice, storage.read_only = "browser", FULL, True
    app = make(profile=Profile(storage))
    app.open("settings")
    seen: list[str] = []
    real = theme.blit_text
    monkeypatch.setattr(
        theme, "blit_text", lambda s, w, *a, **k: (seen.append(w), real(s, w, *a, **k))[1]
    )
    app.scene.draw(app.screen)
    assert "Settings and statistics are kept only until you close the game." in seen
