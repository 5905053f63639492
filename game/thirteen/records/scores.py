"""The high scores: each game's board (key ``scores/<game>``) keeps the top 10 of all time
and each day's top 10 for the :data:`DAYS_KEPT` most recent days with posts, under screen
names checked here.  Ties in a top 10: the earlier post keeps the higher place."""

from __future__ import annotations

import string
from dataclasses import asdict, dataclass, field
from datetime import date, timedelta
from typing import Any

from thirteen.core.i18n import message
from thirteen.games import GameSetup, game_spec
from thirteen.records.record_format import MAX_SCORE, RecordKind, is_whole

TOP = 10
DAYS_KEPT = 7
"""Days whose top 10 is kept (the most recent dates that have posts)."""
DAYS_AHEAD = 1
"""How far past today a post may be dated and still be kept: the local date goes back
a day on a flight west or a change of time zone.  A later date (a clock set wrong
once, a file edited by hand) would hold one of the day boards for ever, since the
newest are kept, so such a post is dropped as a bad entry is."""

NAME_MIN, NAME_MAX = 5, 10
NAME_CHARS = frozenset(string.ascii_letters + string.digits + " -_.")


@dataclass
class ScoreEntry:
    """One score posted under a screen name."""

    name: str
    score: int
    date: str
    """ISO date, YYYY-MM-DD (the player's local date)."""
    deals: str
    """What was played, e.g. ``"deal 123"`` or ``"custom"``."""
    game: str


def deals_label(setup: GameSetup | None) -> str:
    """The ``deals`` text of a score entry for a game set up this way."""
    if setup is None or setup.deal is None:
        return "custom"
    return f"deal {setup.deal}"


def validate_name(name: object) -> str:
    """The trimmed screen name, or ValueError with a message to show the player (its
    argument a :class:`Message`: :func:`.i18n.reason` gives it)."""
    if not isinstance(name, str):
        raise ValueError(message("The name must be text."))
    trimmed = name.strip(" ")
    bad = sorted({c for c in trimmed if c not in NAME_CHARS})
    if bad:
        shown = " ".join(repr(c) for c in bad[:3])
        raise ValueError(
            message(
                "The name may use only the letters A-Z (no accents), digits, spaces, '-', '_' "
                "and '.' (not {shown}).",
                shown=shown,
            )
        )
    if not NAME_MIN <= len(trimmed) <= NAME_MAX:
        if trimmed != name:
            raise ValueError(
                message(
                    "The name must be {least} to {most} characters long (it has {n}, not "
                    "counting spaces at either end).",
                    least=NAME_MIN,
                    most=NAME_MAX,
                    n=len(trimmed),
                )
            )
        raise ValueError(
            message(
                "The name must be {least} to {most} characters long (it has {n}).",
                least=NAME_MIN,
                most=NAME_MAX,
                n=len(trimmed),
            )
        )
    return trimmed


def scores_key(game_id: str) -> str:
    return f"scores/{game_spec(game_id).id}"


SCORES = RecordKind("scores", 1)


def entry_from(data: Any, newest: date) -> ScoreEntry | None:
    """The entry ``data`` holds; None when it is bad or dated after ``newest``."""
    if not isinstance(data, dict):
        return None
    try:
        name = validate_name(data.get("name"))
        score, day, deals, game = data["score"], data["date"], data["deals"], data["game"]
        dated = date.fromisoformat(day)
    except (ValueError, KeyError, TypeError):
        return None
    if not (is_whole(score) and 0 <= score <= MAX_SCORE and isinstance(deals, str)):
        return None
    if not isinstance(game, str) or len(day) != 10 or len(deals) > 40 or dated > newest:
        return None
    return ScoreEntry(name, score, day, deals, game)


def _entries_from(data: Any, newest: date) -> tuple[list[ScoreEntry], bool]:
    if not isinstance(data, list):
        return [], False
    entries = [entry_from(item, newest) for item in data]
    kept = [e for e in entries if e is not None]
    return _top(kept), len(kept) == len(entries) and len(kept) <= TOP


def _top(entries: list[ScoreEntry]) -> list[ScoreEntry]:
    """The best :data:`TOP`, highest first; a stable sort keeps earlier posts first on ties."""
    return sorted(entries, key=lambda e: -e.score)[:TOP]


@dataclass
class ScoreBoard:
    """One game's kept high scores."""

    all_time: list[ScoreEntry] = field(default_factory=list)
    days: dict[str, list[ScoreEntry]] = field(default_factory=dict)

    def add(self, entry: ScoreEntry) -> None:
        """Insert after every entry with a score >= its own, keep each list's top 10."""
        self.all_time = _top([*self.all_time, entry])
        self.days[entry.date] = _top([*self.days.get(entry.date, []), entry])
        for old in sorted(self.days)[:-DAYS_KEPT]:
            del self.days[old]

    def to_dict(self) -> dict[str, Any]:
        return SCORES.stamped(
            {
                "all_time": [asdict(e) for e in self.all_time],
                "days": {d: [asdict(e) for e in es] for d, es in sorted(self.days.items())},
            }
        )

    @classmethod
    def from_dict(cls, data: dict[str, Any], today: date | None = None) -> tuple[ScoreBoard, bool]:
        """The board ``data`` holds, and whether all of it was kept (entries dated more
        than :data:`DAYS_AHEAD` after ``today``, the local date by default, are not)."""
        board = cls()
        newest = (today or date.today()) + timedelta(days=DAYS_AHEAD)
        board.all_time, clean = _entries_from(data.get("all_time", []), newest)
        days = data.get("days", {})
        if not isinstance(days, dict):
            days, clean = {}, False
        for day, raw in days.items():
            entries, ok = _entries_from(raw, newest)
            ok = ok and all(e.date == day for e in entries)
            entries = [e for e in entries if e.date == day]
            clean = clean and ok
            if entries:
                board.days[day] = entries
        if len(board.days) > DAYS_KEPT:
            clean = False
            for old in sorted(board.days)[:-DAYS_KEPT]:
                del board.days[old]
        return board, clean


def board_with(base: ScoreBoard, later: list[ScoreEntry]) -> ScoreBoard:
    """``base`` with the entries ``later`` posted after it, in their order: the top 10 of
    all time and of each of the :data:`DAYS_KEPT` most recent days (the board
    :meth:`ScoreBoard.add` would have made of them one by one)."""
    days = {day: list(entries) for day, entries in base.days.items()}
    for entry in later:
        days.setdefault(entry.date, []).append(entry)
    recent = sorted(days)[-DAYS_KEPT:]
    return ScoreBoard(_top([*base.all_time, *later]), {d: _top(days[d]) for d in recent})


def board_in(text: str | None, today: date) -> ScoreBoard:
    """The board a stored text holds (an empty one where it holds none)."""
    data = SCORES.read(text)
    return ScoreBoard.from_dict(data, today)[0] if data is not None else ScoreBoard()
