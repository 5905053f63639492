"""The daily deals played: for each game and date, whether that day's deal was played and
won, its score, and whether it was played on its day or later; and what the calendar
makes of them (a month's days, the daily streak, the month's goal).

The statistics' logs (:mod:`.logs`) say nothing of which deal a game was, so the days
have a log of their own, kept by the same rules: each writer (one
:class:`~thirteen.records.profile.Profile`) writes only its own log, whole, from what it
holds, and every writer's are read together; an entry is known by its id.

==========================================  ==============================================
key (under ``thirteen/v1/``)                record
==========================================  ==============================================
``daily/<writer>``                          ``{"v":1,"days":[{"id","game","day","won",
                                            "score","late","at"}...]}``: the day's deals a
                                            writer counted (``day``: ``YYYY-MM-DD``, the
                                            deal's date; ``late``: played after that date;
                                            ``at``: ms since 1970)
==========================================  ==============================================

A game is a day's deal when its deal number is that day's (``deal_of``, the formula of
:mod:`thirteen.session.share`, handed down by the session), for today or one of the
:data:`LOOK_BACK` days before.  A statistics reset leaves these alone: the calendar is
not a statistic of one game.

Export and import (a records file in sections): :func:`daily_in` reads a log's text (or
a section holding one) into :class:`DailyResult` entries, :func:`daily_text` writes
entries as such a text, :meth:`DailyBook.all_results` gives every writer's entries, and
:meth:`DailyBook.merge` adds entries read elsewhere to this writer's log, skipping every
id already known, so that importing the same file twice changes nothing.
"""

from __future__ import annotations

import calendar as month_tables
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from datetime import date, timedelta
from typing import Any

from thirteen.records.log_book import settled_read
from thirteen.records.record_format import MAX_SCORE, RecordKind, count_in, dumps, is_whole
from thirteen.records.storage import Change, Storage, full_key

DAILY = "daily/"
DAILY_LOG = RecordKind("daily", 1)
LOG_MOST = 400
"""Entries a writer keeps in one log before it starts another."""
LOOK_BACK = 40
"""How many days before today a finished game's deal is matched against: every day of the
month shown, and a game begun on the last evening of the month before."""

GOALS: tuple[tuple[str, int], ...] = (("bronze", 10), ("silver", 20), ("gold", 0))
"""The month's goal: days won for each badge (0: every day of the month)."""

Write = Callable[[str, Change], str | None]


@dataclass(frozen=True)
class DailyResult:
    """One day's deal of one game, counted once when it ended (or was left)."""

    id: str
    game: str
    day: date
    won: bool
    score: int
    late: bool
    """Played after its day (from the calendar): marks the day, not the streak."""
    at: int


def _time(value: Any) -> int | None:
    """``value`` as a time in ms since 1970 (a whole number that JSON keeps exact)."""
    return value if is_whole(value) and 0 <= value < 2**53 else None


def _result_from(item: Any) -> DailyResult | None:
    if not isinstance(item, dict):
        return None
    ident, game, day, won = item.get("id"), item.get("game"), item.get("day"), item.get("won")
    score, late, at = count_in(item.get("score")), item.get("late"), _time(item.get("at"))
    if not (isinstance(ident, str) and isinstance(game, str) and isinstance(day, str)):
        return None
    if not (isinstance(won, bool) and isinstance(late, bool)):
        return None
    if score is None or score > MAX_SCORE or at is None:
        return None
    try:
        when = date.fromisoformat(day)
    except ValueError:
        return None
    return DailyResult(ident, game, when, won, score, late, at)


def daily_in(text: str | None) -> tuple[list[DailyResult], bool]:
    """The entries a log's text holds, and whether all of it was kept (an entry that is
    not one is left out; a text that is no log gives none)."""
    data = DAILY_LOG.read(text)
    if data is None:
        return [], text is None
    items = data.get("days")
    if not isinstance(items, list):
        return [], False
    out = [r for r in map(_result_from, items) if r is not None]
    return out, len(out) == len(items)


def daily_text(results: Iterable[DailyResult]) -> str:
    """The text of a log of ``results``."""
    items = [
        {
            "id": r.id,
            "game": r.game,
            "day": r.day.isoformat(),
            "won": r.won,
            "score": r.score,
            "late": r.late,
            "at": r.at,
        }
        for r in results
    ]
    return dumps(DAILY_LOG.stamped({"days": items}))


class DailyBook:
    """This writer's log of the day's deals on ``storage``, and the reading of every
    writer's; ``damaged(key)`` is told of another's log that cannot be read whole."""

    def __init__(
        self, storage: Storage, writer: str, write: Write, damaged: Callable[[str], None]
    ) -> None:
        self.storage = storage
        self.writer = writer
        self.write = write
        self.damaged = damaged
        self.clock: Callable[[], date] = date.today
        """The local date (tests put a fixed one here)."""
        self.deal_of: Callable[[str, date], int] | None = None
        """A day's deal number of a game (the session hands the formula down); None: no
        game is taken for a day's deal."""
        self.mine: dict[str, list[DailyResult]] = {}
        """This writer's logs, by full key."""
        self._key = full_key(DAILY + writer)
        self._count = 0
        self._parsed: dict[tuple[str, str], list[DailyResult]] = {}

    def today(self) -> date:
        return self.clock()

    def day_of(self, game_id: str, deal: int | None) -> date | None:
        """The date whose deal of ``game_id`` is ``deal``: today or one of the
        :data:`LOOK_BACK` days before (None: none of them, or no formula)."""
        if deal is None or self.deal_of is None:
            return None
        today = self.today()
        for back in range(LOOK_BACK + 1):
            day = today - timedelta(days=back)
            if self.deal_of(game_id, day) == deal:
                return day
        return None

    # -- this writer's entries --------------------------------------------------
    def add(
        self, game_id: str, deal: int | None, score: int, won: bool, at: int
    ) -> tuple[str, str] | None:
        """Count a finished game when it is a day's deal: its log's key and its id (None:
        it is not one)."""
        day = self.day_of(game_id, deal)
        if day is None:
            return None
        self._count += 1
        result = DailyResult(
            f"{self.writer}.{self._count}", game_id, day, won, score, day != self.today(), at
        )
        return self._append([result]), result.id

    def _append(self, results: list[DailyResult]) -> str:
        key = self._key
        if len(self.mine.get(key, [])) + len(results) > LOG_MOST:
            key = self._key = full_key(f"{DAILY}{self.writer}-{len(self.mine) + 1}")
        self.mine.setdefault(key, []).extend(results)
        self._write(key)
        return key

    def drop(self, key: str, ident: str) -> None:
        """Uncount one entry this writer made (its game's last move was taken back)."""
        self.mine[key] = [r for r in self.mine.get(key, []) if r.id != ident]
        self._write(key)

    def _write(self, key: str) -> None:
        text = daily_text(self.mine[key]) if self.mine[key] else None
        self.write(key, lambda _old: text)

    def merge(self, results: Iterable[DailyResult]) -> int:
        """Add entries read elsewhere (an imported file) to this writer's log, each with
        its own id, skipping every id already known; how many were added."""
        known = {r.id for r in self.all_results()}
        new = []
        for result in results:
            if result.id not in known:
                known.add(result.id)
                new.append(result)
        if new:
            self._append(new)
        return len(new)

    # -- every writer's entries ---------------------------------------------------
    def all_results(self) -> list[DailyResult]:
        """Every writer's entries, each once."""
        start = full_key(DAILY)
        keys = {k for k in self.storage.keys() if k.startswith(start)} | set(self.mine)
        out: dict[str, DailyResult] = {}
        for key in sorted(keys):
            results = self.mine[key] if key in self.mine else self._read(key)
            for result in results:
                out.setdefault(result.id, result)
        return list(out.values())

    def _read(self, key: str) -> list[DailyResult]:
        text = settled_read(self.storage, key, DAILY_LOG)
        if text is None:
            return []
        cached = self._parsed.get((key, text))
        if cached is None:
            results, clean = daily_in(text)
            if not clean and self.storage.keep_copy(key, text) is not None:
                self.damaged(key)
            if len(self._parsed) > 64:
                self._parsed.clear()
            cached = self._parsed[(key, text)] = results
        return cached


# -- what the calendar shows -------------------------------------------------------


@dataclass(frozen=True)
class DayState:
    """One day's deal as the calendar shows it (for one game, or any)."""

    played: int = 0
    """How many times it was played (ended or left)."""
    won: bool = False
    won_on_day: bool = False
    best: int | None = None
    """The best score it made (None: not played)."""


def day_states(
    results: Iterable[DailyResult], year: int, month: int, game_id: str | None = None
) -> dict[int, DayState]:
    """The played days of a month, by day of the month, for ``game_id`` (None: any)."""
    out: dict[int, DayState] = {}
    for r in results:
        if r.day.year != year or r.day.month != month or game_id not in (None, r.game):
            continue
        was = out.get(r.day.day, DayState())
        out[r.day.day] = DayState(
            was.played + 1,
            was.won or r.won,
            was.won_on_day or (r.won and not r.late),
            r.score if was.best is None else max(was.best, r.score),
        )
    return out


def streak(results: Iterable[DailyResult], today: date) -> int:
    """Days in a row whose deal was won on its day, in any game: up to today, or up to
    yesterday while today's is not won yet."""
    won = {r.day for r in results if r.won and not r.late}
    day = today if today in won else today - timedelta(days=1)
    count = 0
    while day in won:
        count += 1
        day -= timedelta(days=1)
    return count


def days_won(results: Iterable[DailyResult], year: int, month: int) -> int:
    """The days of a month whose deal was won in any game, on its day or later."""
    return len({r.day for r in results if r.won and (r.day.year, r.day.month) == (year, month)})


def month_length(year: int, month: int) -> int:
    return month_tables.monthrange(year, month)[1]


def badges(won: int, year: int, month: int) -> list[tuple[str, int, bool]]:
    """The month's goal: (badge, days it needs, whether earned), bronze first."""
    length = month_length(year, month)
    return [(name, need or length, won >= (need or length)) for name, need in GOALS]
