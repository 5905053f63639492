"""Shareable deals: today's deal and the links that open a game."""

from __future__ import annotations

from datetime import date, timedelta

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from thirteen.core.deals import MAX_DEAL
from thirteen.core.i18n import Message
from thirteen.games import GAMES, GameSetup, decks_text
from thirteen.session.share import (
    forget_link,
    page_address,
    page_query,
    parse_query,
    share_link,
    share_query,
    today_deal,
    without_link_keys,
)

DAY = date(2025, 3, 14)
MASK = (1 << 64) - 1


def splitmix_once(seed: int) -> int:
    """The formula of share.py's docstring, restated independently."""
    z = (seed + 0x9E3779B97F4A7C15) & MASK
    z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & MASK
    z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & MASK
    return z ^ (z >> 31)


def by_the_doc(text: str) -> int:
    h = 0
    for b in text.encode():
        h = splitmix_once(h ^ b)
    return h % (2**31 - 1) + 1


@pytest.mark.parametrize(
    "game, day, number",
    [
        ("thirteens", DAY, 1188619602),
        ("pyramid13", DAY, 1694802109),
        ("pyramid", DAY, 430146536),
        ("thirteens", date(2026, 1, 1), 1225593093),
        ("pyramid13", date(2026, 1, 1), 1908654324),
    ],
)
def test_today_deal_is_pinned(game: str, day: date, number: int) -> None:
    assert today_deal(game, day) == number
    assert today_deal(game.upper(), day) == number
    assert by_the_doc(f"{day.isoformat()}/{game}") == number


@settings(max_examples=50)
@given(st.dates(date(2000, 1, 1), date(2100, 12, 31)), st.sampled_from(["thirteens", "pyramid"]))
def test_today_deal_follows_the_documented_formula(day: date, game: str) -> None:
    number = today_deal(game, day)
    assert 1 <= number <= MAX_DEAL
    assert number == by_the_doc(f"{day.isoformat()}/{game}")


def test_today_deal_differs_by_day_and_game_and_defaults_to_today() -> None:
    week = [today_deal("thirteens", DAY + timedelta(n)) for n in range(7)]
    assert len(set(week)) == 7
    assert len({today_deal(g, DAY) for g in GAMES}) == len(GAMES)
    assert today_deal("pyramid13") == today_deal("pyramid13", date.today())
    with pytest.raises(ValueError, match="unknown game"):
        today_deal("chess", DAY)


@pytest.mark.parametrize(
    "query, setup",
    [
        ("?game=thirteens&deal=123&layout=3x5", GameSetup("thirteens", deal=123)),
        ("game=thirteens&deal=123&layout=4X4", GameSetup("thirteens", deal=123, layout="4x4")),
        ("?game=thirteens&deal=5", GameSetup("thirteens", deal=5, layout="3x5")),
        ("?game=Pyramid13&deal=2147483647", GameSetup("pyramid13", deal=MAX_DEAL)),
        ("?game=pyramid&deal=1#top", GameSetup("pyramid", deal=1)),
        ("https://x.itch.io/thirteen?game=pyramid&deal=9", GameSetup("pyramid", deal=9)),
        ("?game=pyramid13&deal=today", GameSetup("pyramid13", deal=1694802109)),
        ("?game=pyramid13", GameSetup("pyramid13", deal=1694802109)),
        ("?game=thirteens&layout=5x3", GameSetup("thirteens", deal=1188619602, layout="5x3")),
        ("?-i&game=pyramid&deal=4", GameSetup("pyramid", deal=4)),  # pygbag's own option
    ],
)
def test_good_queries(query: str, setup: GameSetup) -> None:
    assert parse_query(query, today=DAY) == (setup, [])


@pytest.mark.parametrize(
    "query, setup, words",
    [
        ("?game=chess&deal=1", None, ["Unknown game 'chess'"]),
        ("?deal=12", None, ["names no game"]),
        ("?game=&deal=12", None, ["names no game"]),
        ("?game=pyramid&deal=0", GameSetup("pyramid", deal=430146536), ["Deal '0'"]),
        ("?game=pyramid&deal=2147483648", GameSetup("pyramid", deal=430146536), ["not a number"]),
        ("?game=pyramid&deal=-5", GameSetup("pyramid", deal=430146536), ["Deal '-5'"]),
        ("?game=pyramid&deal=1e3", GameSetup("pyramid", deal=430146536), ["Deal '1e3'"]),
        ("?game=pyramid&deal=%EF%BC%91", GameSetup("pyramid", deal=430146536), ["Deal"]),
        ("?game=thirteens&deal=7&layout=9x9", GameSetup("thirteens", deal=7), ["Layout '9x9'"]),
        ("?game=thirteens&deal=7&layout=big", GameSetup("thirteens", deal=7), ["Layout 'big'"]),
        ("?game=pyramid&deal=7&layout=3x5", GameSetup("pyramid", deal=7), ["has no layout"]),
        ("?game=pyramid&deal=7&colour=red", GameSetup("pyramid", deal=7), ["'colour'"]),
        ("?game=pyramid&deal=7&deal=8", GameSetup("pyramid", deal=7), ["different 'deal'"]),
        ("?game=pyramid&deal=7&deal=7&GAME=Pyramid", GameSetup("pyramid", deal=7), []),
        # repeats that mean the same, or of a key the game does not use, are no conflict
        ("?game=pyramid&deal=5&deal=05", GameSetup("pyramid", deal=5), []),
        (
            "?game=thirteens&deal=5&layout=4x4&layout=4X04",
            GameSetup("thirteens", deal=5, layout="4x4"),
            [],
        ),
        (
            "?game=pyramid&deal=5&layout=3x5&layout=4x4",
            GameSetup("pyramid", deal=5),
            ["has no layout"],
        ),
        ("?game=pyramid&deck=As+Kd", GameSetup("pyramid", deal=430146536), ["deck in the link"]),
        ("?game=pyramid&deal=3&deck=As", GameSetup("pyramid", deal=3), ["deck was ignored"]),
        ("?game=x" + "x" * 5000, None, ["too long"]),
        # a value cut short says so: 14 nines are not shown as a 12-digit number
        (
            "?game=pyramid&deal=" + "9" * 14,
            GameSetup("pyramid", deal=430146536),
            ["'" + "9" * 11 + "\u2026'"],
        ),
        (
            "?game=thirteens&deal=7&layout=10x10x10x10x10",
            GameSetup("thirteens", deal=7),
            ["'10x10x10x10\u2026'"],
        ),
        ("?game=thirteens&deal=7&layout=15x2", GameSetup("thirteens", deal=7, layout="15x2"), []),
    ],
)
def test_bad_parts_are_ignored_with_a_notice(query: str, setup, words: list[str]) -> None:
    got, notices = parse_query(query, today=DAY)
    assert got == setup
    assert len(notices) == len(words)
    for notice, word in zip(notices, words, strict=True):
        assert word in str(notice)


@pytest.mark.parametrize(
    "query",
    [
        "?wheel=pygame.whl",  # a host's or another site's options: not a link to a game
        "?fbclid=IwAR0abc",
        "?game=pyramid&deal=7&utm_source=news&fbclid=x&gclid=y&-i",
    ],
)
def test_options_that_are_not_ours_are_ignored_without_a_notice(query: str) -> None:
    setup, notices = parse_query(query, today=DAY)
    assert notices == [] and setup in (None, GameSetup("pyramid", deal=7))


@pytest.mark.parametrize("query", ["", "?", "#", "   ", "?&&&", "?==", "%%%", "?a=%ZZ"])
def test_empty_or_odd_queries_give_nothing(query: str) -> None:
    setup, notices = parse_query(query, today=DAY)
    assert setup is None
    assert all(isinstance(n, str | Message) and str(n) for n in notices)


@settings(max_examples=200)
@given(st.text(max_size=80))
def test_parse_query_never_raises(text: str) -> None:
    setup, notices = parse_query(text, today=DAY)
    assert setup is None or isinstance(setup, GameSetup)
    assert isinstance(notices, list)


@settings(max_examples=100)
@given(
    st.sampled_from(["thirteens", "pyramid13", "pyramid"]),
    st.integers(1, MAX_DEAL),
    st.sampled_from(["3x5", "4x4", "5x3", "2x2", "6x5"]),
)
def test_share_query_round_trips(game: str, deal: int, layout: str) -> None:
    setup = GameSetup(game, deal=deal, layout=layout if game == "thirteens" else None)
    query = share_query(setup)
    assert query.startswith(f"?game={game}&deal={deal}")
    assert parse_query(query) == (setup, [])


def test_share_query_examples_and_decks() -> None:
    assert share_query(GameSetup("thirteens", deal=123)) == "?game=thirteens&deal=123&layout=3x5"
    assert share_query(GameSetup("pyramid13", deal=9)) == "?game=pyramid13&deal=9"
    for game in ("pyramid13", "thirteens"):
        deck = decks_text(GameSetup(game, deal=77).decks())
        setup = GameSetup(game, deck=deck)
        query = share_query(setup)
        assert "deal=" not in query and len(query) < 600
        assert parse_query(query) == (setup, [])


def test_page_query_is_empty_on_the_desktop() -> None:
    assert page_query() == ""


def test_page_query_in_the_browser(monkeypatch) -> None:
    import platform
    import sys
    from types import SimpleNamespace

    monkeypatch.setattr(sys, "platform", "emscripten")
    window = SimpleNamespace(location=SimpleNamespace(search="?game=pyramid&deal=3"))
    monkeypatch.setattr(platform, "window", window, raising=False)  # as pygbag does
    assert page_query() == "?game=pyramid&deal=3"
    assert parse_query(page_query())[0] == GameSetup("pyramid", deal=3)

    class NoLocation:
        @property
        def location(self):
            raise RuntimeError("cross-origin")

    monkeypatch.setattr(platform, "window", NoLocation())
    assert page_query() == ""


def test_the_shared_link_is_the_page_address_and_the_query(monkeypatch) -> None:
    import platform
    import sys
    from types import SimpleNamespace

    setup = GameSetup("pyramid", deal=3)
    assert page_address() == "" and share_link(setup) == "?game=pyramid&deal=3"  # desktop
    monkeypatch.setattr(sys, "platform", "emscripten")
    href = "https://someone.github.io/thirteen/index.html?game=thirteens&deal=9&-i#top"
    monkeypatch.setattr(
        platform, "window", SimpleNamespace(location=SimpleNamespace(href=href)), raising=False
    )
    assert page_address() == "https://someone.github.io/thirteen/index.html"
    assert share_link(setup) == "https://someone.github.io/thirteen/index.html?game=pyramid&deal=3"
    # no usable address: the query alone, never an exception
    monkeypatch.setattr(platform, "window", SimpleNamespace(location=SimpleNamespace(href=None)))
    assert share_link(setup) == "?game=pyramid&deal=3"
    monkeypatch.setattr(platform, "window", SimpleNamespace())
    assert share_link(setup) == "?game=pyramid&deal=3"


def test_without_link_keys_keeps_every_other_part_as_written() -> None:
    assert without_link_keys("?game=pyramid&deal=3") == ""
    assert without_link_keys("") == "" and without_link_keys("?") == ""
    assert without_link_keys("?-i&game=thirteens&deal=1&layout=3x5") == "?-i"
    assert (
        without_link_keys("?wheel=x.whl&GAME=pyramid&%64eck=Ah&utm=a%20b")
        == "?wheel=x.whl&utm=a%20b"
    )
    assert without_link_keys("?deal=1&&-X=&game") == "?-X="


class FakeHistory:
    def __init__(self, location) -> None:
        self.location, self.calls = location, []

    def replaceState(self, state, title, url) -> None:  # noqa: N802 - the DOM's name
        self.calls.append((state, title, url))


def page(search: str, fragment: str = ""):
    from types import SimpleNamespace

    location = SimpleNamespace(pathname="/thirteen/index.html", search=search, hash=fragment)
    return SimpleNamespace(location=location, history=FakeHistory(location))


def test_forget_link_takes_the_links_keys_out_of_the_address(monkeypatch) -> None:
    import sys

    win = page("?game=pyramid&deal=3")
    assert not forget_link(lambda: win)  # the desktop has no page
    assert win.history.calls == []
    monkeypatch.setattr(sys, "platform", "emscripten")
    assert forget_link(lambda: win)
    assert win.history.calls == [("", "", "/thirteen/index.html")]  # not "": that keeps the query
    win = page("?-i&game=thirteens&deal=1", "#top")
    assert forget_link(lambda: win)
    assert win.history.calls == [("", "", "/thirteen/index.html?-i#top")]
    win = page("?-i")  # nothing of ours: the address is left alone
    assert not forget_link(lambda: win) and win.history.calls == []


def test_forget_link_never_raises(monkeypatch) -> None:
    import sys
    from types import SimpleNamespace

    monkeypatch.setattr(sys, "platform", "emscripten")

    def no_window():
        raise ImportError("no js")

    class Blocked:
        def replaceState(self, *args) -> None:  # noqa: N802
            raise RuntimeError("SecurityError")

    blocked = page("?game=pyramid&deal=3")
    blocked.history = Blocked()
    odd = SimpleNamespace(location=SimpleNamespace(search=None, hash="", pathname="/"))
    for window in (no_window, lambda: blocked, lambda: odd, lambda: SimpleNamespace()):
        assert forget_link(window) is False
