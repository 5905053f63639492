"""The day's deals played (records/daily.py): which finished games mark a day, played on
its day or later; the streak, the month's days won and its badges; every writer's logs
read together, a damaged one set aside, entries taken back and merged from elsewhere."""

from __future__ import annotations

from datetime import date, timedelta
from types import SimpleNamespace

from thirteen.core.game import Outcome
from thirteen.games import GameSetup
from thirteen.records.daily import (
    DailyResult,
    badges,
    daily_in,
    daily_text,
    day_states,
    days_won,
    streak,
)
from thirteen.records.profile import Profile
from thirteen.records.storage import MemoryStorage, full_key
from thirteen.session.game_session import Session
from thirteen.session.share import today_deal

TODAY = date(2026, 3, 17)


def profile_on(day: date = TODAY, storage: MemoryStorage | None = None) -> Profile:
    """A profile whose clock says ``day``, with the session's deal formula."""
    profile = Profile(storage if storage is not None else MemoryStorage())
    profile.daily.clock = lambda: day
    Session(profile)
    return profile


def finished(game: str, day: date | None, won: bool, score: int = 10) -> SimpleNamespace:
    """Game ``game`` on ``day``'s deal (None: deal 1, no day's) ended with ``score``."""
    deal = today_deal(game, day) if day is not None else 1
    outcome = Outcome.WON if won else Outcome.LOST
    return SimpleNamespace(setup=GameSetup(game, deal=deal), outcome=outcome, score=score)


def test_today_s_deal_won_marks_today_and_counts_for_the_streak():
    profile = profile_on()
    profile.record_result(finished("pyramid", TODAY, won=True, score=28))
    [result] = profile.daily.all_results()
    assert (result.game, result.day, result.won, result.score, result.late) == (
        "pyramid",
        TODAY,
        True,
        28,
        False,
    )
    results = profile.daily.all_results()
    assert streak(results, TODAY) == 1
    assert day_states(results, 2026, 3, "pyramid")[17].won_on_day
    assert day_states(results, 2026, 3, "thirteens") == {}
    assert day_states(results, 2026, 3)[17].best == 28


def test_a_past_day_won_later_marks_the_day_not_the_streak():
    profile = profile_on()
    yesterday = TODAY - timedelta(days=1)
    profile.record_result(finished("thirteens", yesterday, won=True))
    [result] = profile.daily.all_results()
    assert result.day == yesterday and result.late
    results = profile.daily.all_results()
    assert streak(results, TODAY) == 0
    assert days_won(results, 2026, 3) == 1
    state = day_states(results, 2026, 3)[16]
    assert state.won and not state.won_on_day


def test_other_deals_mark_no_day_and_a_loss_marks_a_day_played():
    profile = profile_on()
    profile.record_result(finished("pyramid", None, won=True))
    assert profile.daily.all_results() == []
    profile.record_result(finished("pyramid", TODAY, won=False, score=3))
    state = day_states(profile.daily.all_results(), 2026, 3, "pyramid")[17]
    assert state.played == 1 and not state.won and state.best == 3


def test_a_profile_without_a_session_marks_no_day():
    profile = Profile(MemoryStorage())
    profile.daily.clock = lambda: TODAY
    profile.record_result(finished("pyramid", TODAY, won=True))
    assert profile.daily.all_results() == []


def test_the_streak_runs_back_over_days_won_on_their_day_in_any_game():
    day = TODAY - timedelta(days=3)
    profile = profile_on(day)
    profile.record_result(finished("pyramid", day, won=True))
    for back, game in ((2, "thirteens"), (1, "elevens")):
        profile.daily.clock = lambda back=back: TODAY - timedelta(days=back)
        profile.record_result(finished(game, TODAY - timedelta(days=back), won=True))
    profile.daily.clock = lambda: TODAY
    results = profile.daily.all_results()
    assert streak(results, TODAY) == 3  # today's not won yet: the streak still stands
    profile.record_result(finished("pyramid", TODAY, won=True))
    assert streak(profile.daily.all_results(), TODAY) == 4
    assert streak(profile.daily.all_results(), TODAY + timedelta(days=2)) == 0


def test_the_badges_come_at_ten_twenty_and_every_day_of_the_month():
    last = date(2026, 4, 30)
    profile = profile_on(last)
    for n in range(1, 31):
        profile.record_result(finished("pyramid", date(2026, 4, n), won=True))
        won = days_won(profile.daily.all_results(), 2026, 4)
        assert won == n
        earned = [name for name, _, got in badges(won, 2026, 4) if got]
        expected = ["bronze"] * (n >= 10) + ["silver"] * (n >= 20) + ["gold"] * (n >= 30)
        assert earned == expected, n
    assert [need for _, need, _ in badges(0, 2026, 2)] == [10, 20, 28]


def test_taking_back_the_last_move_uncounts_the_day():
    profile = profile_on()
    game = finished("pyramid", TODAY, won=True)
    profile.record_result(game)
    profile.take_back_result(game)
    assert profile.daily.all_results() == []


def test_every_window_s_days_are_read_and_a_damaged_log_is_set_aside():
    storage = MemoryStorage()
    one, two = profile_on(storage=storage), profile_on(storage=storage)
    one.record_result(finished("pyramid", TODAY, won=True))
    two.record_result(finished("thirteens", TODAY, won=False))
    assert {r.game for r in one.daily.all_results()} == {"pyramid", "thirteens"}
    key = full_key(f"daily/{two.logs.writer}")
    storage.set(key, '{"v":1,"days":[{"id":"x"}, 5]}')
    assert {r.game for r in one.daily.all_results()} == {"pyramid"}
    assert one.notices  # the damaged log was copied aside and the player told


def test_entries_merge_once_and_their_text_reads_back():
    profile = profile_on()
    entries = [
        DailyResult("other.1", "pyramid", TODAY, True, 20, False, 1),
        DailyResult("other.2", "giza", date(2026, 3, 2), False, 4, True, 2),
    ]
    text = daily_text(entries)
    assert daily_in(text) == (entries, True)
    assert daily_in('{"v":1,"days":[1]}') == ([], False)
    assert daily_in('{"v":9,"days":[]}') == ([], False)
    assert profile.daily.merge(daily_in(text)[0]) == 2
    assert profile.daily.merge(entries) == 0  # imported twice: nothing new
    assert sorted(r.id for r in profile.daily.all_results()) == ["other.1", "other.2"]
    again = profile_on(storage=profile.storage)
    assert len(again.daily.all_results()) == 2
