"""Finished games and posted scores, each kept as an entry with its own id in a log that
one writer alone writes.

Storage shared by tabs (localStorage) has no transactions: a tab that reads a count,
adds one and writes it back undoes a count another tab wrote in between.  So nothing is
counted by rewriting what another wrote.  Each writer (a tab, a window: one
:class:`~thirteen.records.profile.Profile`) has its own id and its own logs, which it
alone writes, whole, from what it holds (it never reads them back); the statistics and
the boards are worked out from every writer's logs when they are read.  Two writers at
any interleaving lose nothing, a read that returns garbage changes nothing stored, and
importing the same entries twice changes nothing (an entry is known by its id).

==========================================  ==============================================
key (under ``thirteen/v1/``)                record
==========================================  ==============================================
``played/<game>[/<layout>]/<writer>``       ``{"v":1,"games":[{"id","score","won","ms",
                                            "at"}...]}``: the games a writer counted
``posted/<game>/<writer>``                  ``{"v":1,"posts":[{"id","name","score","date",
                                            "deals","game","at"}...]}``: its posts still
                                            on a board
``reset/<game>``                            ``{"v":1,"at":ms}``: statistics reset then
==========================================  ==============================================

``id`` is ``<writer>.<n>``; ``at`` is the time of the entry in ms since 1970, which orders
the games for the streaks and the posts for ties.  The records of the first format
(``stats/...``, ``scores/...``) stay as they are, read as what came before every entry.
"""

from __future__ import annotations

import secrets
from dataclasses import dataclass, replace
from datetime import date
from typing import Any

from thirteen.core.options import DEFAULT_LAYOUT, Layout
from thirteen.games import game_spec
from thirteen.records.record_format import MAX_SCORE, RecordKind, count_in, dumps, is_whole
from thirteen.records.scores import ScoreBoard, ScoreEntry, board_with, entry_from
from thirteen.records.stats import Stats

PLAYED = "played/"
POSTED = "posted/"
RESET = "reset/"
LOG_MOST = 200
"""Entries a writer keeps in one log before it starts another (each log is written whole
with every entry it adds)."""

PLAYED_LOG = RecordKind("played", 1)
POSTED_LOG = RecordKind("posted", 1)
RESET_MARK = RecordKind("reset", 1)


def new_writer() -> str:
    """A writer's id: ``w`` and ten hexadecimal digits, drawn at random."""
    return "w" + secrets.token_hex(5)


@dataclass(frozen=True)
class Played:
    """One finished (or abandoned) game, as counted."""

    id: str
    score: int
    won: bool
    ms: int
    """The time from the first move to the win, in ms (0: not timed, or not won)."""
    at: int
    """When it was counted, in ms since 1970."""


@dataclass(frozen=True)
class Posted:
    """One score posted under a screen name."""

    id: str
    entry: ScoreEntry
    at: int


def game_prefix(game_id: str) -> str:
    """``played/<game>/``: every layout's logs of a game."""
    return f"{PLAYED}{game_spec(game_id).id}/"


def played_prefix(game_id: str, layout: str | None = None) -> str:
    """``played/<game>/``, with the layout (default 3x5) for games that have one."""
    spec = game_spec(game_id)
    if spec.has_layout:
        return f"{PLAYED}{spec.id}/{Layout.parse(layout or str(DEFAULT_LAYOUT))}/"
    return f"{PLAYED}{spec.id}/"


def posted_prefix(game_id: str) -> str:
    return f"{POSTED}{game_spec(game_id).id}/"


def reset_key(game_id: str) -> str:
    return f"{RESET}{game_spec(game_id).id}"


def _entries(text: str | None, kind: RecordKind, field: str) -> tuple[list[Any], bool]:
    """The list a log holds, and whether the log could be read at all."""
    data = kind.read(text)
    if data is None:
        return [], text is None
    items = data.get(field)
    if not isinstance(items, list):
        return [], False
    return items, True


def played_in(text: str | None) -> tuple[list[Played], bool]:
    """The games a log holds, and whether all of it was kept (an entry that is no
    game is left out)."""
    items, clean = _entries(text, PLAYED_LOG, "games")
    out = []
    for item in items:
        game = _played_from(item)
        if game is None:
            clean = False
        else:
            out.append(game)
    return out, clean


def _time(value: Any) -> int | None:
    """``value`` as a time in ms since 1970 (a whole number that JSON keeps exact)."""
    return value if is_whole(value) and 0 <= value < 2**53 else None


def _played_from(item: Any) -> Played | None:
    if not isinstance(item, dict) or not isinstance(item.get("id"), str):
        return None
    score, won = count_in(item.get("score")), item.get("won")
    ms, at = count_in(item.get("ms", 0)), _time(item.get("at"))
    if score is None or score > MAX_SCORE or not isinstance(won, bool):
        return None
    if ms is None or at is None:
        return None
    return Played(item["id"], score, won, ms, at)


def played_text(games: list[Played]) -> str:
    """The text of a log of ``games``."""
    return dumps(
        PLAYED_LOG.stamped(
            {
                "games": [
                    {"id": g.id, "score": g.score, "won": g.won, "ms": g.ms, "at": g.at}
                    for g in games
                ]
            }
        )
    )


def posted_in(text: str | None, newest: date) -> tuple[list[Posted], bool]:
    """The posts a log holds (none dated after ``newest``), and whether all were kept."""
    items, clean = _entries(text, POSTED_LOG, "posts")
    out = []
    for item in items:
        entry = entry_from(item, newest)
        at = _time(item.get("at")) if isinstance(item, dict) else None
        ident = item.get("id") if isinstance(item, dict) else None
        if entry is None or not isinstance(ident, str) or at is None:
            clean = False
        else:
            out.append(Posted(ident, entry, at))
    return out, clean


def posted_text(posts: list[Posted]) -> str:
    """The text of a log of ``posts``."""
    items = []
    for post in posts:
        e = post.entry
        items.append(
            {
                "id": post.id,
                "name": e.name,
                "score": e.score,
                "date": e.date,
                "deals": e.deals,
                "game": e.game,
                "at": post.at,
            }
        )
    return dumps(POSTED_LOG.stamped({"posts": items}))


def reset_in(text: str | None) -> int | None:
    """When the statistics were reset (ms since 1970); None: never, or unreadable."""
    data = RESET_MARK.read(text)
    return _time(data.get("at")) if data is not None else None


def reset_text(at: int) -> str:
    return dumps(RESET_MARK.stamped({"at": at}))


def _order(entry: Played | Posted) -> tuple[int, str]:
    return entry.at, entry.id


def stats_of(base: Stats, games: list[Played]) -> Stats:
    """The statistics of ``base`` (what came before any entry) and ``games`` after it,
    in the order they were counted: counts, scores, the best time, and the streaks."""
    stats = replace(base, distribution=dict(base.distribution))
    for game in sorted(games, key=_order):
        stats.played += 1
        stats.total_score += game.score
        stats.distribution[game.score] = stats.distribution.get(game.score, 0) + 1
        if game.won:
            stats.won += 1
            stats.current_streak += 1
            stats.best_streak = max(stats.best_streak, stats.current_streak)
            if game.ms:
                stats.best_ms = min(stats.best_ms, game.ms) if stats.best_ms else game.ms
        else:
            stats.current_streak = 0
    return stats


def board_of(base: ScoreBoard, posts: list[Posted]) -> tuple[ScoreBoard, set[str]]:
    """The board of ``base`` and ``posts`` after it, in the order they were posted, and
    the ids of the posts on it."""
    ordered = sorted(posts, key=_order)
    board = board_with(base, [post.entry for post in ordered])
    shown = {id(e) for e in board.all_time} | {id(e) for es in board.days.values() for e in es}
    return board, {post.id for post in ordered if id(post.entry) in shown}
