"""How one stored record and the same record from a records file become one: the rule for
each kind of record, each a pure function of the two texts.

Every rule is idempotent (merging the same record again changes nothing) and, for the
statistics and the high scores, commutative (a and b merged give what b and a give):

* a log of games or posts (``played/...``, ``posted/...``): the entries of both, each once,
  known by its id; so a game counted on one device and carried to another is counted once
  however often the file is loaded, and a file that went there and back adds nothing;
* a statistics reset (``reset/<game>``): the later of the two (a reset made on any device
  forgets, everywhere, the games counted before it, as a reset in another window does);
* a statistics record of the first format (``stats/...``, kept from before the logs, with
  no ids to tell games apart): each count the larger of the two, so the same old record on
  two devices is never added to itself;
* a high-score board of the first format (``scores/<game>``): the entries of both, each
  once, and each list's top 10;
* anything else (the settings, a game in progress, records this version does not know):
  the record here is kept; the file's is taken only where there is none here.

A record of the file that cannot be read is left out (the record here stays as it is).
Standard library only: this module runs in the browser.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import asdict, fields
from datetime import date
from typing import Any, Protocol

from thirteen.records.daily import DAILY, DAILY_LOG, daily_in, daily_text
from thirteen.records.logs import (
    PLAYED,
    PLAYED_LOG,
    POSTED,
    POSTED_LOG,
    RESET,
    RESET_MARK,
    played_in,
    played_text,
    posted_in,
    posted_text,
    reset_in,
    reset_text,
)
from thirteen.records.record_format import RecordKind, dumps
from thirteen.records.scores import DAYS_KEPT, SCORES, ScoreBoard, ScoreEntry
from thirteen.records.stats import STATS, Stats, stats_from, stats_text

Rule = Callable[[str | None, str], str | None]
"""A merge rule: the record here (None: none) and the file's, to the record to keep."""


def _readable(kind: RecordKind, text: str) -> bool:
    return kind.read(text) is not None


def _damaged(kind: RecordKind, here: str | None) -> bool:
    """Whether the record here is there but cannot be read: it is left as it is (the
    profile sets it aside when it reads it), never written over."""
    return here is not None and not _readable(kind, here)


class _Entry(Protocol):
    """An entry of a log: its id (the same entry on every device) and when it was made."""

    @property
    def id(self) -> str: ...

    @property
    def at(self) -> int: ...


def _united_log(
    kind: RecordKind,
    read: Callable[[str | None], tuple[Sequence[_Entry], bool]],
    write: Callable[[list[Any]], str],
    here: str | None,
    came: str,
) -> str | None:
    """A log of ``kind`` (``read`` gives its entries and whether all were kept, ``write``
    the text of entries): the entries of both, each once (known by its id), in time
    order; the file's text as it came where there is none here (an export of it is then
    the file again), the text here where the file adds nothing."""
    if _damaged(kind, here):
        return here
    theirs, whole = read(came) if _readable(kind, came) else ([], False)
    if here is None and whole:
        return came if theirs else None
    ours, _ = read(here)
    known = {e.id for e in ours}
    new = [e for e in theirs if e.id not in known]
    if not new:
        return here
    return write(sorted([*ours, *new], key=lambda e: (e.at, e.id)))


def merged_games(here: str | None, came: str) -> str | None:
    """A log of games: the games of both, each once (known by its id), in time order."""
    return _united_log(PLAYED_LOG, played_in, played_text, here, came)


def merged_days(here: str | None, came: str) -> str | None:
    """A log of the day's deals played: the entries of both, each once (known by its
    id), in time order."""
    return _united_log(DAILY_LOG, daily_in, daily_text, here, came)


def daily_rule(key: str) -> Rule | None:
    """The rule of a record of the calendar of the day's deals (None: not one of its keys)."""
    return merged_days if key.startswith(DAILY) else None


def merged_posts(here: str | None, came: str) -> str | None:
    """A log of posted scores: the posts of both, each once (known by its id)."""
    return _united_log(POSTED_LOG, lambda text: posted_in(text, date.max), posted_text, here, came)


def merged_reset(here: str | None, came: str) -> str | None:
    """A statistics reset: the later one."""
    if _damaged(RESET_MARK, here):
        return here
    theirs, ours = reset_in(came), reset_in(here)
    if theirs is None or (ours is not None and ours >= theirs):
        return here
    return reset_text(theirs)


def merged_old_stats(here: str | None, came: str) -> str | None:
    """A statistics record of the first format: each count the larger of the two (the
    record has no ids: the larger count is the one that holds the other)."""
    data = STATS.read(came)
    if data is None:
        return here
    theirs = stats_from(data)[0]
    found = STATS.read(here)
    if found is None:
        return came if here is None else here
    ours = stats_from(found)[0]
    both = Stats(
        **{
            f.name: max(getattr(ours, f.name), getattr(theirs, f.name))
            for f in fields(Stats)
            if f.name != "distribution"
        }
    )
    scores = set(ours.distribution) | set(theirs.distribution)
    both.distribution = {
        s: max(ours.distribution.get(s, 0), theirs.distribution.get(s, 0)) for s in sorted(scores)
    }
    return here if both == ours else stats_text(both)


def _united(ours: list[ScoreEntry], theirs: list[ScoreEntry]) -> list[ScoreEntry]:
    """The entries of both lists, each once, the best 10 (the higher score first, on a tie
    the entry here first)."""
    seen = {tuple(asdict(e).values()) for e in ours}
    out = list(ours)
    for entry in theirs:
        if tuple(asdict(entry).values()) not in seen:
            seen.add(tuple(asdict(entry).values()))
            out.append(entry)
    return sorted(out, key=lambda e: -e.score)[:10]


def merged_old_board(here: str | None, came: str) -> str | None:
    """A high-score board of the first format: the entries of both, each once."""
    data = SCORES.read(came)
    if data is None:
        return here
    theirs = ScoreBoard.from_dict(data, date.max)[0]
    found = SCORES.read(here)
    if found is None:
        return came if here is None else here
    ours = ScoreBoard.from_dict(found, date.max)[0]
    days = {
        day: _united(ours.days.get(day, []), theirs.days.get(day, []))
        for day in sorted(set(ours.days) | set(theirs.days))[-DAYS_KEPT:]
    }
    both = ScoreBoard(_united(ours.all_time, theirs.all_time), days)
    return here if both == ours else dumps(both.to_dict())


def kept_here(check: Callable[[str], bool]) -> Rule:
    """The rule of a record that is not combined: the one here stays; the file's is
    taken where there is none here, when ``check`` finds it readable."""

    def rule(here: str | None, came: str) -> str | None:
        if here is not None:
            return here
        return came if check(came) else None

    return rule


def statistics_rule(key: str) -> Rule | None:
    """The rule of a record of the statistics section (None: not one of its keys)."""
    if key.startswith(PLAYED):
        return merged_games
    if key.startswith(RESET):
        return merged_reset
    if key.startswith("stats/"):
        return merged_old_stats
    return None


def scores_rule(key: str) -> Rule | None:
    """The rule of a record of the high scores (None: not one of its keys)."""
    if key.startswith(POSTED):
        return merged_posts
    if key.startswith("scores/"):
        return merged_old_board
    return None


__all__ = [
    "Rule",
    "daily_rule",
    "kept_here",
    "merged_days",
    "merged_games",
    "merged_old_board",
    "merged_old_stats",
    "merged_posts",
    "merged_reset",
    "scores_rule",
    "statistics_rule",
]
