"""The session rules without pygame: counting once, taking back, posting, the shared slot."""

from __future__ import annotations

from types import SimpleNamespace

import pytest

import playout_memo
from session_pages import Page, Table, played
from thirteen.advice import winnable
from thirteen.core.game import Outcome
from thirteen.games import GameSetup
from thirteen.records.database import DatabaseStorage
from thirteen.records.profile import Profile
from thirteen.records.storage import DB_NAME, MemoryStorage
from thirteen.session.game_session import (
    LINK_KEEPS_SAVED,
    OTHER_TABS_SCORE,
    POST_FIRST,
    TAKEN_OVER,
    TAKEOVER_CHECK_MS,
    WINNABLE_FALLBACK,
    WINNABLE_NOT_FOUND,
    SaveSlot,
    Session,
    Showing,
)

P13 = GameSetup("pyramid13", deal=5)
"""A Pyramid 13 deal that the first legal moves finish with a score above 0."""

PYRAMID, PYRAMID13, THIRTEENS = "game/pyramid", "game/pyramid13", "game/thirteens/3x5"
"""The save slots of the games the tests play (Thirteens: its default layout)."""


# -- counting a result once ------------------------------------------------------
def test_a_finished_game_is_counted_once_and_leaves_the_slot() -> None:
    storage = MemoryStorage()
    page = Page(storage)
    page.new_game(GameSetup("thirteens", deal=9))
    assert page.table.play(1).game.moves
    assert Profile(storage).load_game().moves == page.table.game.moves  # saved each move
    page.table.play_out()
    assert played(storage) == 1 and page.table.recorded
    assert Profile(storage).load_game() is None  # nothing left to resume
    page.session.abandon(page.table)  # a finished game is not given up again
    page.new_game(GameSetup("thirteens", deal=10))
    assert played(storage) == 1
    again = Page(storage, GameSetup("thirteens", deal=9))  # a new game, not the old one
    assert again.shown.dealt and not again.shown.game.moves and played(storage) == 1


def test_a_game_left_unfinished_is_counted_as_played_once() -> None:
    storage = MemoryStorage()
    page = Page(storage)
    page.new_game(GameSetup("thirteens", deal=9))
    table = page.table.play(2)
    page.session.abandon(table, None)
    page.session.abandon(table)  # already counted
    stats = Profile(storage).stats("thirteens", "3x5")
    assert (stats.played, stats.won, stats.current_streak) == (1, 0, 0)
    assert table.recorded


def test_a_new_game_gives_up_the_one_in_play_but_not_one_without_moves() -> None:
    storage = MemoryStorage()
    page = Page(storage)
    page.new_game(GameSetup("thirteens", deal=9))
    page.new_game(GameSetup("thirteens", deal=10))  # no move played: nothing to count
    assert played(storage) == 0
    page.table.play(1)
    page.new_game(GameSetup("thirteens", deal=11))
    assert played(storage) == 1
    assert Profile(storage).load_game().setup.deal == 11


# -- taking it back --------------------------------------------------------------
def test_taking_back_the_ending_move_uncounts_the_game_until_it_ends_again() -> None:
    storage = MemoryStorage()
    page = Page(storage)
    page.new_game(GameSetup("thirteens", deal=9))
    table = page.table.play_out()
    before = Profile(storage).stats("thirteens", "3x5")
    assert before.played == 1 and page.session.can_take_back(table)
    moves = list(table.game.moves)
    table.undo()
    stats = Profile(storage).stats("thirteens", "3x5")
    assert (stats.played, stats.total_score, stats.distribution) == (0, 0, {})
    assert Profile(storage).load_game().moves == moves[:-1]  # saved again, in progress
    table.play_out()
    assert Profile(storage).stats("thirteens", "3x5") == before  # counted once again


def test_a_won_games_streak_comes_back_when_it_is_taken_back() -> None:
    storage = MemoryStorage()
    profile = Profile(storage)
    profile.record_result(
        SimpleNamespace(setup=GameSetup("thirteens", deal=1), score=52, outcome=Outcome.WON)
    )
    page = Page(storage)
    page.new_game(GameSetup("thirteens", deal=9))
    table = page.table.play_out()
    assert Profile(storage).stats("thirteens", "3x5").current_streak == 0  # lost: broken
    table.undo()
    stats = Profile(storage).stats("thirteens", "3x5")
    assert (stats.played, stats.won, stats.current_streak, stats.best_streak) == (1, 1, 1, 1)


def test_no_take_back_of_a_game_finished_before_the_page_opened() -> None:
    storage = MemoryStorage()
    Page(storage, P13).table.play_out()  # the score is left unposted in the slot
    again = Page(storage)
    assert again.shown.game.is_over and again.shown.end == ""
    assert not again.session.can_take_back(again.table)  # not counted by this page
    again.session.take_back(again.table)  # nothing to uncount
    assert played(storage, "pyramid13", None) == 1


def test_no_take_back_once_another_tab_used_the_slot() -> None:
    storage = MemoryStorage()
    first = Page(storage, GameSetup("thirteens", deal=9))
    table = first.table.play_out()
    assert first.session.can_take_back(table)
    Page(storage, GameSetup("pyramid", deal=2))  # another game: its own slot
    assert first.session.can_take_back(table)
    Page(storage, GameSetup("thirteens", deal=2))
    assert not first.session.can_take_back(table)


# -- posting ---------------------------------------------------------------------
def test_an_unposted_score_stays_in_the_slot_until_it_is_posted() -> None:
    storage = MemoryStorage()
    page = Page(storage, P13)
    table = page.table.play_out()
    game = table.game
    assert game.score > 0 and page.session.unposted(game)
    assert Profile(storage).load_game().key == game.key  # kept to be offered again
    assert played(storage, "pyramid13", None) == 1
    assert page.session.can_take_back(table) and page.settled == 0
    page.profile.post_score("pyramid13", "Alice", game.score, "deal 5")
    page.session.settle_score(game, posted=True)
    assert page.settled == 1  # the table is told: its Undo goes
    assert page.session.posted_for is game and page.session.score_posted
    assert not page.session.unposted(game) and not page.session.unposted(None)
    assert not page.session.can_take_back(table)  # a posted score keeps its last move
    assert Profile(storage).load_game() is None


def test_a_waived_score_is_settled_but_not_posted() -> None:
    storage = MemoryStorage()
    page = Page(storage, P13)
    game = page.table.play_out().game
    page.session.settle_score(game)
    assert page.session.posted_for is game and not page.session.score_posted
    assert not page.session.unposted(game)
    assert Profile(storage).load_game() is None
    assert Profile(storage).top_all_time("pyramid13") == []


def test_only_a_finished_pyramid13_game_with_points_is_unposted() -> None:
    session = Session(Profile(MemoryStorage()))
    assert not session.unposted(P13.new_game())  # in play
    thirteens = Table(session, GameSetup("thirteens", deal=9).new_game()).play_out().game
    assert not session.unposted(thirteens)  # no score board to post to


# -- the slot shared by tabs -----------------------------------------------------
def test_a_session_writes_the_slot_only_while_it_holds_what_it_last_wrote(tmp_path) -> None:
    """Two desktop windows on one data file: the one that saved last keeps the slot;
    the other is told (False) and writes nothing, and its clear leaves the slot alone."""
    path = tmp_path / DB_NAME
    first = SaveSlot(Profile(DatabaseStorage(path)), PYRAMID)
    second = SaveSlot(Profile(DatabaseStorage(path)), PYRAMID)
    game = GameSetup("pyramid", deal=3).new_game()
    first.take()
    assert first.save(game) and first.owns()
    resumed = second.load()
    assert resumed.key == game.key and second.owns()
    resumed.play(resumed.legal_moves()[0])
    assert second.save(resumed)
    assert not first.owns()
    game.play(game.legal_moves()[-1])
    assert not first.save(game)
    assert Profile(DatabaseStorage(path)).load_game().moves == resumed.moves
    first.clear()
    assert Profile(DatabaseStorage(path)).load_game().moves == resumed.moves
    second.clear()
    assert Profile(DatabaseStorage(path)).load_game() is None


def test_others_game_reads_another_windows_game_without_taking_the_slot() -> None:
    storage = MemoryStorage()
    first, second = SaveSlot(Profile(storage), PYRAMID), SaveSlot(Profile(storage), PYRAMID)
    assert first.others_game() is None  # nobody wrote: nothing to tell
    mine = GameSetup("pyramid", deal=6).new_game()
    first.take()
    first.save(mine)
    assert first.others_game() is None  # its own game
    seen = second.others_game()
    assert seen is not None and seen.key == mine.key
    assert not second.owns()  # only looked: still not its slot
    assert not second.save(GameSetup("pyramid", deal=7).new_game())
    assert first.save(mine)


def test_a_released_slot_is_not_taken_back_by_its_own_old_text() -> None:
    """Found by a model check: the other tab undid its move, which put the slot back to
    this tab's very text, and this tab wrote over the other tab's game."""
    storage = MemoryStorage()
    first, second = SaveSlot(Profile(storage), THIRTEENS), SaveSlot(Profile(storage), THIRTEENS)
    game = GameSetup("thirteens", deal=9).new_game()
    first.take()
    first.save(game)
    resumed = second.load()
    resumed.play(resumed.legal_moves()[0])
    second.save(resumed)
    first.release()
    resumed.undo()
    second.save(resumed)  # the slot holds the first tab's text again
    assert not first.owns() and not first.save(game)
    first.take()
    assert first.owns()


def test_a_slot_that_cannot_be_read_does_not_stop_saving() -> None:
    class Unreadable(MemoryStorage):
        broken = False

        def _get(self, key: str) -> str | None:
            if self.broken:
                raise OSError("SecurityError")
            return super()._get(key)

    storage = Unreadable()
    slot = SaveSlot(Profile(storage), PYRAMID13)
    game = GameSetup("pyramid13", deal=2).new_game()
    slot.take()
    slot.save(game)
    storage.broken = True
    game.play(game.legal_moves()[0])
    assert slot.owns()
    assert slot.save(game)
    storage.broken = False
    assert Profile(storage).load_game().moves == game.moves


def test_a_game_without_a_setup_is_never_saved_and_never_refused() -> None:
    storage = MemoryStorage()
    first, second = SaveSlot(Profile(storage), PYRAMID), SaveSlot(Profile(storage), PYRAMID)
    first.take()
    first.save(GameSetup("pyramid", deal=6).new_game())
    game = GameSetup("pyramid", deal=3).new_game()
    del game.setup
    assert second.save(game)  # nothing to save: not a takeover either
    assert Profile(storage).load_game().setup.deal == 6


def test_a_tab_taken_over_plays_on_unsaved_and_uncounted_and_is_told_once() -> None:
    storage = MemoryStorage()
    first = Page(storage, GameSetup("thirteens", deal=1))
    first.table.play(1)
    second = Page(storage, GameSetup("thirteens", deal=2))  # a link in a second tab
    assert played(storage) == 1  # the first tab's game, pushed aside and counted
    second.table.play(1)
    saved = Profile(storage).load_game()
    first.table.play(2)
    assert first.table.detached and first.told == [TAKEN_OVER]
    assert Profile(storage).load_game().moves == saved.moves  # written over by no one
    first.table.play_out()
    assert first.told == [TAKEN_OVER]  # said once
    assert played(storage) == 1  # not counted twice
    assert first.session.can_take_back(first.table)  # nothing counted: may play on
    first.table.undo()
    assert Profile(storage).load_game().moves == saved.moves
    # the first tab's new game takes the slot back; the second tab's unfinished game
    # is counted as played, and the second tab learns at its next move
    first.new_game(GameSetup("thirteens", deal=3))
    assert played(storage) == 2
    assert "in another tab was counted as played" in str(first.session.pending_say)
    assert Profile(storage).load_game().setup.deal == 3
    second.table.play(1)
    assert second.table.detached and second.told == [TAKEN_OVER]
    second.new_game(GameSetup("thirteens", deal=4))  # given up, but counted by no one
    assert second.table.game.setup.deal == 4
    assert played(storage) == 2


def test_a_table_in_play_notices_a_takeover_within_the_check_time() -> None:
    storage = MemoryStorage()
    first = Page(storage, GameSetup("thirteens", deal=1))
    first.session.watch(first.table, TAKEOVER_CHECK_MS)
    assert not first.table.detached  # nothing changed
    Page(storage, GameSetup("thirteens", deal=2))
    first.session.watch(first.table, TAKEOVER_CHECK_MS / 2)
    assert not first.table.detached  # not looked yet
    first.session.watch(None, TAKEOVER_CHECK_MS / 2)  # no table on the screen: time resets
    first.session.watch(first.table, TAKEOVER_CHECK_MS / 2)
    assert not first.table.detached
    first.session.watch(first.table, TAKEOVER_CHECK_MS / 2)
    assert first.table.detached and first.told == [TAKEN_OVER]
    assert Profile(storage).load_game().setup.deal == 2


def test_a_score_settled_in_one_tab_is_settled_elsewhere_in_the_other() -> None:
    storage = MemoryStorage()
    first = Page(storage, P13)
    game = first.table.play_out().game
    second = Page(storage)  # opened on the same unposted score
    assert second.shown.end == "" and second.shown.game.key == game.key
    assert not first.session.score_settled_elsewhere(game, first.table)
    second.session.settle_score(second.shown.game, posted=True)
    assert first.session.score_settled_elsewhere(game, first.table)
    assert not second.session.score_settled_elsewhere(second.shown.game, second.table)


def test_a_table_taken_over_keeps_its_own_score() -> None:
    storage = MemoryStorage()
    first = Page(storage, P13)
    first.table.play(3)
    Page(storage, GameSetup("pyramid13", deal=2))
    game = first.table.play_out().game
    assert first.table.detached and first.session.unposted(game)
    assert not first.session.score_settled_elsewhere(game, first.table)


# -- the unposted score offered before it could be lost -------------------------
def test_a_new_game_in_another_tab_offers_the_unposted_score_first() -> None:
    storage = MemoryStorage()
    other = Page(storage)  # open on the start screen
    assert other.shown == Showing()
    score = Page(storage, P13).table.play_out().game.score
    shown = other.new_game(GameSetup("thirteens", deal=4))  # another game: its own slot
    assert shown.dealt and shown.end is None
    assert Profile(storage).load_game(PYRAMID13).score == score  # still waiting
    shown = other.new_game(GameSetup("pyramid13", deal=4))
    assert shown.end == OTHER_TABS_SCORE and not shown.dealt
    assert shown.game.game_id == "pyramid13" and shown.game.score == score
    other.session.settle_score(shown.game, posted=True)  # this tab holds the slot now
    assert Profile(storage).load_game(PYRAMID13) is None
    shown = other.new_game(GameSetup("pyramid13", deal=4))
    assert shown.dealt and shown.end is None and shown.game.setup.deal == 4
    assert Profile(storage).load_game().setup.deal == 4
    assert played(storage, "pyramid13", None) == 1  # counted once, where it was played


def test_a_page_opens_on_an_unposted_score_before_a_links_game() -> None:
    storage = MemoryStorage()
    game = Page(storage, P13).table.play_out().game
    linked = Page(storage, GameSetup("thirteens", deal=3))
    assert linked.shown.game.key == game.key and linked.shown.end == POST_FIRST
    assert Profile(storage).load_game().key == game.key  # not replaced
    assert played(storage, "pyramid13", None) == 1 and played(storage) == 0


# -- what a page opens on --------------------------------------------------------
def test_a_page_resumes_the_saved_game() -> None:
    storage = MemoryStorage()
    first = Page(storage, GameSetup("pyramid", deal=3))
    first.table.play(4)
    again = Page(storage)
    assert again.shown.game.moves == first.table.game.moves
    assert not again.shown.dealt and again.shown.end is None


def test_a_link_to_another_deal_counts_the_saved_game_as_played() -> None:
    storage = MemoryStorage()
    Page(storage, GameSetup("thirteens", deal=1)).table.play(1)
    linked = Page(storage, GameSetup("thirteens", deal=2))
    assert linked.shown.dealt and linked.shown.game.setup.deal == 2
    assert played(storage) == 1
    told = "Your unfinished game (Thirteens 3x5, deal #1) was counted as played."
    assert str(linked.session.pending_say) == told
    assert told in [str(n) for n in linked.session.notices]
    again = Page(storage, GameSetup("thirteens", deal=2))  # the same deal: resumed
    assert not again.shown.dealt and played(storage) == 1


def test_a_link_that_could_not_be_used_as_it_is_keeps_the_saved_game() -> None:
    storage = MemoryStorage()
    moves = Page(storage, GameSetup("thirteens", deal=1)).table.play(1).game.moves
    session = Session(Profile(storage))
    reason = "The deal number 0 is out of range"
    notices = [f"{reason}; a random deal was chosen instead.", "Ignored unknown link option x."]
    shown = session.open(GameSetup("thirteens", deal=77), notices, (reason,))
    assert shown.game.moves == moves and not shown.dealt
    assert [str(n) for n in session.notices] == [
        notices[1],
        LINK_KEEPS_SAVED.format(reasons=reason),
    ]
    assert played(storage) == 0


def test_an_empty_page_opens_on_the_start_screen() -> None:
    assert Session(Profile(MemoryStorage())).open(None, []) == Showing()


# -- winnable deals only ---------------------------------------------------------
def test_winnable_only_plays_the_first_proven_deal(monkeypatch) -> None:
    monkeypatch.setattr(winnable, "first_winnable_deal", lambda *a, **k: 4321)
    page = Page(MemoryStorage(), winnable_only=True)
    assert page.session.random_setup("thirteens", "4x4") == GameSetup(
        "thirteens", deal=4321, layout="4x4"
    )
    assert page.session.pending_say is None and page.session.notices == []


def test_winnable_only_says_when_no_deal_was_proven_in_time() -> None:
    page = Page(MemoryStorage(), winnable_only=True)
    setup = page.session.random_setup("thirteens", "2x2")  # (almost) never winnable
    assert setup.layout == "2x2" and setup.deal is not None
    assert page.session.pending_say == WINNABLE_NOT_FOUND
    assert page.session.notices == [WINNABLE_NOT_FOUND]


def test_winnable_only_says_when_the_checker_failed(monkeypatch, capsys) -> None:
    def broken(*args, **kwargs):
        raise RuntimeError("no solver here")

    monkeypatch.setattr(winnable, "first_winnable_deal", broken)
    page = Page(MemoryStorage(), winnable_only=True)
    assert page.session.random_setup("pyramid").game == "pyramid"
    assert page.session.pending_say == WINNABLE_FALLBACK
    assert "winnable deals unavailable" in capsys.readouterr().err


@pytest.mark.parametrize("found", [0, None, "7"])
def test_winnable_only_plays_unchecked_on_a_nonsense_answer(monkeypatch, found) -> None:
    monkeypatch.setattr(winnable, "first_winnable_deal", lambda *a, **k: found)
    page = Page(MemoryStorage(), winnable_only=True)
    assert page.session.random_setup("thirteens").deal != found
    assert page.session.pending_say == WINNABLE_NOT_FOUND


def test_any_deal_without_the_setting(monkeypatch) -> None:
    searched = []
    monkeypatch.setattr(winnable, "first_winnable_deal", lambda *a, **k: searched.append(a))
    page = Page(MemoryStorage())
    assert page.session.random_setup("pyramid").game == "pyramid"
    assert searched == [] and page.session.pending_say is None


# -- storage news ----------------------------------------------------------------
def test_storage_that_fills_up_mid_game_is_told_once() -> None:
    class FillsUp(MemoryStorage):
        full = False

        def _set(self, key: str, value: str) -> None:
            if self.full:
                raise OSError("QuotaExceededError")
            super()._set(key, value)

    storage = FillsUp()
    page = Page(storage, GameSetup("thirteens", deal=9))
    storage.full = True
    page.table.play(3)
    assert len(page.told) == 1 and "will not be kept" in page.told[0]
    assert page.session.notices == page.told


GRADES: dict[GameSetup, str] = {}
"""Deals' grades, by setup (see ``grade_once``)."""


def grade_once(setup: GameSetup) -> str | None:
    """``deal_grade``, the reference the difficulty asked for is checked against: worked
    out once a process for each deal (the three difficulties' tests check the same first
    deals), a deal the solver could not settle again each time."""
    from thirteen.advice import difficulty

    if setup not in GRADES:
        grade = difficulty.deal_grade(setup)
        if grade is None:
            return None
        GRADES[setup] = grade
    return GRADES[setup]


@pytest.mark.parametrize("wanted", ["easy", "medium", "hard"])
def test_winnable_only_asks_for_the_chosen_difficulty(monkeypatch, wanted) -> None:
    from thirteen.session import game_session as session

    # the search and the grades below play the same deals' playouts: each once a process
    playout_memo.remember_playouts(monkeypatch)
    monkeypatch.setattr(session, "GRADED_BUDGET_MS", 600_000)  # no clock in a test
    monkeypatch.setattr(session.random, "randint", lambda lo, hi: 1)
    page = Page(MemoryStorage(), winnable_only=True, winnable_difficulty=wanted)
    setup = page.session.random_setup("thirteens")
    assert page.session.notices == []
    assert grade_once(setup) == wanted
    # the first such deal from the random one: none before it has that grade
    for n in range(1, setup.deal):
        assert grade_once(GameSetup("thirteens", deal=n)) != wanted


def test_winnable_only_says_when_no_deal_of_the_difficulty_was_found(monkeypatch) -> None:
    from thirteen.session import game_session as session

    monkeypatch.setattr(session, "GRADED_BUDGET_MS", 1)
    page = Page(MemoryStorage(), winnable_only=True, winnable_difficulty="hard")
    page.session.random_setup("pyramid")
    assert str(page.session.pending_say) == session.GRADED_NOT_FOUND.format(grade="hard")
