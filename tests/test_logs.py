"""Finished games and posted scores as entries with ids, each in a log one writer alone
writes (records/logs.py): what they add up to, taking a game back, resetting, a log
that cannot be read, importing the same entries twice, and garbage met inside a change."""

from __future__ import annotations

import json
import os
from datetime import date

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from finished_games import finished
from storage_fakes import FakeWindow
from thirteen.games import GameSetup
from thirteen.records.logs import LOG_MOST, played_in
from thirteen.records.profile import Profile
from thirteen.records.stats import Stats
from thirteen.records.storage import (
    NAMESPACE,
    RECOVERED,
    RECOVERY,
    BrowserStorage,
    MemoryStorage,
)

DAY = date(2025, 3, 14)


def logs(storage, prefix: str) -> list[str]:
    return [k for k in storage.keys() if k.startswith(NAMESPACE + prefix)]


def test_every_game_is_an_entry_with_its_own_id() -> None:
    storage = MemoryStorage()
    profile = Profile(storage, writer="wone")
    for score, won in [(10, True), (20, True), (5, False), (30, True)]:
        profile.record_result(finished("pyramid", score, won), 1000 * score if won else None)
    [key] = logs(storage, "played/pyramid/")
    assert key == NAMESPACE + "played/pyramid/wone"
    games, clean = played_in(storage.get(key))
    assert clean and [g.id for g in games] == ["wone.1", "wone.2", "wone.3", "wone.4"]
    assert profile.stats("pyramid") == Stats(4, 3, 65, 1, 2, {10: 1, 20: 1, 5: 1, 30: 1}, 10000)


def test_two_windows_streaks_follow_the_order_the_games_were_counted() -> None:
    storage = MemoryStorage()
    one, two = Profile(storage), Profile(storage)
    one.record_result(finished("pyramid", 28, True))
    two.record_result(finished("pyramid", 28, True))
    one.record_result(finished("pyramid", 28, True))
    assert one.stats("pyramid").current_streak == two.stats("pyramid").current_streak == 3
    two.record_result(finished("pyramid", 1, False))
    stats = one.stats("pyramid")
    assert (stats.played, stats.current_streak, stats.best_streak) == (4, 0, 3)


def test_taking_back_a_game_removes_its_entry_only() -> None:
    storage = MemoryStorage()
    one, two = Profile(storage), Profile(storage)
    game = finished("pyramid", 28, True)
    one.record_result(game, 5000)
    two.record_result(finished("pyramid", 28, True), 9000)  # another tab, meanwhile
    one.take_back_result(game)
    stats = two.stats("pyramid")
    assert (stats.played, stats.won, stats.best_ms, stats.current_streak) == (1, 1, 9000, 1)
    one.take_back_result(game)  # once only
    assert two.stats("pyramid").played == 1


def test_a_reset_forgets_every_windows_games_before_it() -> None:
    storage = MemoryStorage()
    one, two = Profile(storage), Profile(storage)
    one.record_result(finished("thirteens", 52, True, "4x4"))
    two.record_result(finished("thirteens", 40, False))
    two.post_score("thirteens", "Alice", 52, "deal 1", DAY)
    one.reset_stats("thirteens")
    assert two.stats("thirteens").played == two.stats("thirteens", "4x4").played == 0
    assert two.layouts_played("thirteens") == []
    assert [e.name for e in two.top_all_time("thirteens")] == ["Alice"]  # scores stay
    two.record_result(finished("thirteens", 48, True))
    assert one.stats("thirteens") == Stats(1, 1, 48, 1, 1, {48: 1})
    assert one.layouts_played("thirteens") == ["3x5"]


def test_importing_the_same_entries_twice_changes_nothing() -> None:
    """What a records import will do: put another device's logs in; an entry already
    there (by its id) counts once, however often it is put in, under whatever key."""
    theirs = MemoryStorage()
    other = Profile(theirs, writer="wdev2")
    other.record_result(finished("pyramid", 28, True))
    other.record_result(finished("pyramid", 3, False))
    other.post_score("pyramid", "Carol", 28, "deal 1", DAY)
    mine = MemoryStorage()
    profile = Profile(mine)
    profile.record_result(finished("pyramid", 12, False))
    exported = {k: theirs.get(k) for k in theirs.keys()}
    for _ in range(2):
        for key, value in exported.items():
            mine.set(key, value)
    for key, value in exported.items():  # and once more under another writer's key
        mine.set(key.replace("wdev2", "wcopy"), value)
    stats = profile.stats("pyramid")
    assert (stats.played, stats.won, stats.total_score) == (3, 1, 43)
    assert [e.name for e in profile.top_all_time("pyramid")] == ["Carol"]


def test_a_log_that_cannot_be_read_is_copied_aside_once_and_left_in_place() -> None:
    storage = MemoryStorage()
    writer = Profile(storage, writer="wlive")
    writer.record_result(finished("pyramid", 7, False))
    key = NAMESPACE + "played/pyramid/wlive"
    good = json.loads(storage.get(key))
    damaged = json.dumps({"v": 1, "games": [*good["games"], {"id": "x", "score": "lots"}]})
    storage.set(key, damaged)
    reader = Profile(storage)
    assert reader.stats("pyramid").played == 1  # the whole entry counts
    assert reader.stats("pyramid").played == 1
    assert [storage.get(k) for k in logs(storage, "recovered/played/")] == [damaged]
    assert storage.get(key) == damaged  # only its writer writes it
    assert [str(n) for n in reader.notices] == [
        f"{RECOVERED} (Pyramid statistics): set aside, the rest kept."
    ]
    writer.record_result(finished("pyramid", 8, False))  # its writer rewrites it whole
    assert reader.stats("pyramid").played == 2 and storage.get(key) != damaged


def test_a_log_rolls_over_to_a_new_key_when_it_is_long() -> None:
    storage = MemoryStorage()
    profile = Profile(storage, writer="wlong")
    for _ in range(LOG_MOST + 3):
        profile.record_result(finished("pyramid", 1, False))
    keys = logs(storage, "played/pyramid/")
    assert len(keys) == 2 and NAMESPACE + "played/pyramid/wlong" in keys
    assert sorted(len(played_in(storage.get(k))[0]) for k in keys) == [3, LOG_MOST]
    assert profile.stats("pyramid").played == LOG_MOST + 3


def test_a_writer_keeps_only_its_posts_that_are_on_a_board() -> None:
    storage = MemoryStorage()
    profile = Profile(storage, writer="wpost")
    for n in range(15):
        profile.post_score("pyramid13", "Daily", 100 + n, "deal 1", DAY)
    [key] = logs(storage, "posted/pyramid13/")
    assert len(json.loads(storage.get(key))["posts"]) == 10
    assert [e.score for e in profile.top_all_time("pyramid13")] == list(range(114, 104, -1))


def test_garbage_met_inside_a_change_is_set_aside_never_written_over() -> None:
    """Found in an attack: a read that returned garbage inside an update wrote the
    defaults over the record without setting it aside."""
    window = FakeWindow()
    storage = BrowserStorage(window)
    profile = Profile(storage)
    window.localStorage.items[NAMESPACE + "settings"] = "garbage}"  # after the profile read
    profile.settings.sound = False
    profile.save_settings()
    assert storage.get(RECOVERY + "settings/1") == "garbage}"
    assert json.loads(storage.get("settings"))["sound"] is False
    assert any(str(n).startswith(f"{RECOVERED} (settings)") for n in profile.notices)


def test_a_save_slot_holding_garbage_is_set_aside_and_still_saved_to() -> None:
    window = FakeWindow()
    storage = BrowserStorage(window)
    profile = Profile(storage)
    game = GameSetup("pyramid", deal=3).new_game()
    claim = profile.save_game(game, over=None)
    window.localStorage.items[NAMESPACE + "game/pyramid"] = "{not a game"
    assert profile.saved_game_is("game/pyramid", claim)  # no tab wrote that
    game.play(game.legal_moves()[0])
    assert profile.save_game(game, over=claim) is not None
    assert storage.get(RECOVERY + "game/pyramid/1") == "{not a game"
    assert profile.load_game().moves == game.moves


LOG_VALUES = st.recursive(
    st.none() | st.booleans() | st.integers(-(2**60), 2**60) | st.text(max_size=6),
    lambda inner: (
        st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=6), inner, max_size=4)
    ),
    max_leaves=10,
)
ENTRY = st.fixed_dictionaries(
    {},
    optional={
        "id": st.text(max_size=4) | LOG_VALUES,
        "score": st.integers(-5, 2_000_000) | LOG_VALUES,
        "won": st.booleans() | LOG_VALUES,
        "ms": st.integers(-5, 10**10) | LOG_VALUES,
        "at": st.integers(-5, 2**54) | LOG_VALUES,
        "name": st.sampled_from(["Alice", "!!"]) | LOG_VALUES,
        "date": st.sampled_from(["2025-03-14", "2099-01-01", "x"]) | LOG_VALUES,
        "deals": st.just("deal 1") | LOG_VALUES,
        "game": st.just("pyramid") | LOG_VALUES,
    },
)


@st.composite
def odd_log(draw) -> str:
    kind = draw(st.integers(0, 3))
    if kind == 0:
        return draw(st.text(max_size=20))
    if kind == 1:
        return json.dumps(draw(LOG_VALUES))
    field = draw(st.sampled_from(["games", "posts"]))
    entries = draw(st.lists(ENTRY, max_size=4) | LOG_VALUES)
    return json.dumps({"v": draw(st.sampled_from([1, 1, 2, "1", None])), field: entries})


@settings(
    max_examples=int(os.environ.get("THIRTEEN_FUZZ_EXAMPLES", "60")),
    deadline=None,
    derandomize=os.environ.get("CI") == "true",
    suppress_health_check=[HealthCheck.too_slow],
)
@given(st.dictionaries(st.sampled_from(["wx", "wy", "wz/extra", ""]), odd_log(), max_size=3))
def test_odd_logs_of_other_writers_are_read_and_never_written(logs_by_writer) -> None:
    storage = MemoryStorage()
    good = Profile(storage, writer="wgood")
    good.record_result(finished("pyramid", 7, True))
    good.post_score("pyramid", "Alice", 7, "deal 1", DAY)
    odd = {}
    for writer, text in logs_by_writer.items():
        for kind in ("played", "posted"):
            odd[f"{NAMESPACE}{kind}/pyramid/{writer}"] = text
    storage.data.update(odd)
    reader = Profile(storage)
    stats = reader.stats("pyramid")
    assert stats.played >= 1 and stats.won <= stats.played
    board = reader.top_all_time("pyramid")
    assert "Alice" in [e.name for e in board] or (len(board) == 10 and board[-1].score >= 7)
    reader.top_today("pyramid", DAY)
    assert {k: storage.data.get(k) for k in odd} == odd  # a reader writes no one's log
