"""One game in progress per game (and per Thirteens layout): the slots, the session's
rules over them, and a profile of the one-slot version read with nothing lost."""

from __future__ import annotations

import json
from pathlib import Path

from session_pages import Page, played
from storage_fakes import FakeWindow
from thirteen.games import GameSetup
from thirteen.records.database import DatabaseStorage
from thirteen.records.profile import Profile
from thirteen.records.saved_game import (
    LEGACY_KEY,
    MAX_SLOTS,
    SAVED_GAME,
    game_record_text,
    is_slot_key,
    saved_games,
    slot_key,
)
from thirteen.records.storage import DB_NAME, NAMESPACE, RECOVERY, BrowserStorage, MemoryStorage
from thirteen.session.game_session import SaveSlot, Session

FIXTURE = Path(__file__).parent / "fixtures" / "saved_game_v1"


def test_each_game_and_layout_has_its_own_slot() -> None:
    assert slot_key(GameSetup("pyramid", deal=3)) == "game/pyramid"
    assert slot_key(GameSetup("thirteens", deal=3)) == "game/thirteens/3x5"
    assert slot_key(GameSetup("thirteens", deal=3, layout="4x4")) == "game/thirteens/4x4"
    assert is_slot_key("game/pyramid") and is_slot_key(NAMESPACE + "game/thirteens/6x5")
    assert not is_slot_key("game") and not is_slot_key("game/thirteens")
    assert not is_slot_key("game/chess") and not is_slot_key("game/pyramid/3x5")


def test_games_of_other_games_wait_in_their_own_slots() -> None:
    storage = MemoryStorage()
    page = Page(storage)
    page.new_game(GameSetup("thirteens", deal=9))
    first = page.table.play(2)
    page.new_game(GameSetup("pyramid", deal=3))
    page.table.play(3)
    page.new_game(GameSetup("thirteens", deal=9, layout="4x4"))
    page.table.play(1)
    assert played(storage) == 0 and not first.recorded  # nothing given up
    profile = Profile(storage)
    waiting = profile.waiting_games()
    assert list(waiting) == ["game/thirteens/4x4", "game/pyramid", "game/thirteens/3x5"]
    assert [w.moves for w in waiting.values()] == [1, 3, 2]
    assert profile.load_game("game/thirteens/3x5").moves == first.game.moves
    assert profile.load_game().setup.layout == "4x4"  # the latest: what a page opens on
    assert set(saved_games(profile)) == set(waiting)
    assert Page(storage).shown.game.setup.layout == "4x4"


def test_a_new_deal_of_the_same_game_counts_its_game_in_progress_as_lost() -> None:
    storage = MemoryStorage()
    page = Page(storage)
    page.new_game(GameSetup("pyramid", deal=3))
    page.table.play(2)
    page.new_game(GameSetup("thirteens", deal=9))
    page.table.play(1)
    other = Page(storage)  # another visit, opened on the Thirteens game; Pyramid waits
    assert other.shown.game.game_id == "thirteens"
    other.new_game(GameSetup("pyramid", deal=4))
    assert played(storage, "pyramid", None) == 1 and played(storage) == 0
    told = "Your unfinished game (Pyramid, deal #3) was counted as played."
    assert str(other.session.pending_say) == told


def test_give_up_counts_the_game_once_and_empties_its_slot() -> None:
    storage = MemoryStorage()
    page = Page(storage, GameSetup("pyramid", deal=3))
    table = page.table.play(2)
    given = page.session.give_up("game/pyramid", table)
    assert given is not None and given.moves == table.game.moves
    assert table.recorded and played(storage, "pyramid", None) == 1
    assert Profile(storage).load_game("game/pyramid") is None
    page.session.abandon(table)  # the table left behind is not counted again
    assert page.session.give_up("game/pyramid") is None  # nothing left: nothing counted
    stats = Profile(storage).stats("pyramid")
    assert (stats.played, stats.won) == (1, 0)


def test_give_up_in_one_tab_counts_the_game_another_tab_plays_once() -> None:
    storage = MemoryStorage()
    first = Page(storage, GameSetup("pyramid", deal=3))
    first.table.play(1)
    second = Page(storage)
    second.table.play(2)  # resumed there and played on
    first.session.give_up("game/pyramid", first.table)
    assert played(storage, "pyramid", None) == 1
    second.table.play(1)
    assert second.table.detached  # told: its game was given up elsewhere
    second.table.play_out()
    assert played(storage, "pyramid", None) == 1


def test_two_tabs_on_two_games_never_take_each_others_slot() -> None:
    storage = MemoryStorage()
    first = Page(storage, GameSetup("pyramid", deal=3))
    second = Page(storage, GameSetup("baroness", deal=5))
    for _ in range(3):
        first.table.play(1)
        second.table.play(1)
    assert not first.table.detached and not second.table.detached
    profile = Profile(storage)
    assert profile.load_game("game/pyramid").moves == first.table.game.moves
    assert profile.load_game("game/baroness").moves == second.table.game.moves


def test_the_oldest_game_makes_room_when_every_slot_is_full() -> None:
    storage = MemoryStorage()
    profile = Profile(storage)
    layouts = [f"{c}x{r}" for c in (3, 4, 5, 6, 7) for r in (3, 4, 5)][: MAX_SLOTS + 1]
    for n, layout in enumerate(layouts[:MAX_SLOTS]):
        game = GameSetup("thirteens", deal=n + 1, layout=layout).new_game()
        game.play(game.legal_moves()[0])
        storage.set(slot_key(game.setup), game_record_text(game, at=1000 + n))
    session = Session(profile)
    session.new_game(GameSetup("thirteens", deal=99, layout=layouts[-1]))
    waiting = profile.waiting_games()
    assert len(waiting) == MAX_SLOTS and f"game/thirteens/{layouts[0]}" not in waiting
    assert profile.stats("thirteens", layouts[0]).played == 1  # given up, counted
    assert sum(profile.stats("thirteens", lay).played for lay in layouts) == 1


def test_a_profile_of_the_one_slot_version_keeps_its_game_in_its_own_slot() -> None:
    """records.json was written by the one-slot version's own code (make_fixture.py)."""
    items = json.loads((FIXTURE / "records.json").read_text())
    expected = json.loads((FIXTURE / "expected.json").read_text())
    window = FakeWindow()
    window.localStorage.items.update(items)
    profile = Profile(BrowserStorage(window))
    assert profile.notices == []
    stored = window.localStorage.items
    assert NAMESPACE + LEGACY_KEY not in stored
    assert stored[NAMESPACE + "game/pyramid"] == items[NAMESPACE + LEGACY_KEY]  # unchanged
    game = profile.load_game("game/pyramid")
    assert [m.text() for m in game.moves] == expected["moves"]
    assert list(profile.waiting_games()) == ["game/pyramid"]
    assert profile.stats("thirteens", "3x5").played == 1  # the rest as it was
    session = Session(profile)  # a page opens on it, and a game of another kind keeps it
    assert session.open(None, []).game.moves == game.moves
    session.new_game(GameSetup("thirteens", deal=2))
    assert Profile(BrowserStorage(window)).load_game("game/pyramid").moves == game.moves
    assert profile.stats("pyramid").played == 0


def test_the_legacy_slot_never_overwrites_a_game_of_this_version() -> None:
    storage = MemoryStorage()
    mine = GameSetup("pyramid", deal=4).new_game()
    storage.set("game/pyramid", game_record_text(mine, at=5))
    old = '{"v":1,"record":{"game":"pyramid","deal":3,"moves":["3s+Td"]}}'
    storage.set(LEGACY_KEY, old)
    profile = Profile(storage)
    assert profile.load_game("game/pyramid").setup.deal == 4
    assert storage.get(LEGACY_KEY) is None
    assert storage.get(RECOVERY + "game/1") == old  # kept aside, not lost
    assert SAVED_GAME.read(old)["at"] == 0  # a first-version game reads as the oldest


def test_two_desktop_windows_on_one_database_keep_a_game_each_and_one_per_slot(
    tmp_path: Path,
) -> None:
    """Two windows on one data file: each saves its own game in its own slot, both kept;
    on the same slot the rule of the shared slot holds (the last writer keeps it)."""
    path = tmp_path / DB_NAME
    one = SaveSlot(Profile(DatabaseStorage(path)), "game/pyramid")
    two = SaveSlot(Profile(DatabaseStorage(path)), "game/baroness")
    pyramid = GameSetup("pyramid", deal=3).new_game()
    baroness = GameSetup("baroness", deal=5).new_game()
    one.take()
    two.take()
    for _ in range(3):
        pyramid.play(pyramid.legal_moves()[0])
        baroness.play(baroness.legal_moves()[0])
        assert one.save(pyramid) and two.save(baroness)
    third = Profile(DatabaseStorage(path))
    assert list(third.waiting_games()) == ["game/baroness", "game/pyramid"]
    assert third.load_game("game/pyramid").moves == pyramid.moves
    assert third.load_game("game/baroness").moves == baroness.moves
    again = SaveSlot(third, "game/pyramid")  # a third window resumes the pyramid game
    resumed = again.load()
    resumed.play(resumed.legal_moves()[0])
    assert again.save(resumed)
    pyramid.play(pyramid.legal_moves()[0])
    assert not one.save(pyramid) and two.save(baroness)  # only the pyramid slot was taken
    assert Profile(DatabaseStorage(path)).load_game("game/pyramid").moves == resumed.moves
