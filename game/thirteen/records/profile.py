"""The player's lasting data: settings, statistics, high scores, the game in progress.

Every record is a small JSON object with a version field ``"v"``, stored under
its own key so each write stays small:

==============================  =================================================
key (under ``thirteen/v1/``)    record
==============================  =================================================
``settings``                    :class:`Settings`
``stats/<game>[/<layout>]``     :class:`Stats` (Thirteens per layout, e.g. 3x5)
``scores/<game>``               top 10 of all time + each day's top 10, for the
                                :data:`DAYS_KEPT` most recent days with posts
``game``                        the game in progress: a GameRecord dict
==============================  =================================================

Reading never fails: an older version is migrated (see :data:`MIGRATIONS`); a
value that is not JSON, is of a newer version, or has fields of the wrong type
is set aside under a recovery key (see :meth:`Storage.set_aside`), the valid
parts are kept and rewritten, and a notice naming the record is added to
:attr:`Profile.notices` (see :func:`recovered_notice`).

Every change is a read-modify-write of one record (:meth:`Storage.update`): a game
counted adds one to the statistics as stored now, a score posted goes into the board
as stored now, a setting changed changes that setting only, and the saved game is
written only over the text this window last saw.  So two windows on one storage
never undo each other's changes.

Ties in a top 10: the earlier post keeps the higher place.
"""

from __future__ import annotations

import json
import string
from collections.abc import Callable
from dataclasses import asdict, dataclass, field, fields, replace
from datetime import date, timedelta
from typing import Any

from thirteen.core.cards import quoted
from thirteen.core.game import Game, Outcome
from thirteen.core.i18n import N_, Message, listed, message, message_n
from thirteen.core.options import DEFAULT_LAYOUT, Layout
from thirteen.games import GAMES, GameRecord, GameSetup, game_spec
from thirteen.records.platform_storage import open_storage
from thirteen.records.storage import NAMESPACE, RECOVERY, Storage, full_key, load_json

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
MAX_SCORE = 1_000_000
"""Scores above this in a stored record are treated as corrupt."""

SETTINGS_KEY = "settings"
GAME_KEY = "game"
VERSIONS = {"settings": 2, "stats": 2, "scores": 1, "game": 1}
"""The current version of each kind of record."""


# -- values -------------------------------------------------------------------
@dataclass
class Settings:
    sound: bool = True
    animations: bool | None = None
    """Cards slide, fall and fly, a refused card shakes, a win celebrates in motion; off is
    "reduce motion" (still pictures instead).  None: not chosen, which follows the
    browser's prefers-reduced-motion (on where nothing asks otherwise)."""
    four_colour: bool = False
    winnable_only: bool = False
    auto_draw: bool = False
    """In the pyramids, draw by itself after a short pause when drawing is the only move."""
    timer: bool = False
    """Show the game's time on the table (best times are kept either way)."""
    card_back: str = "red"
    """The name of the card back drawn (the interface lists them; an unknown name draws
    its first)."""
    table_colour: str = "green"
    """The name of the felt the table is laid on (likewise)."""
    volume: int = 75
    """Sound effects' loudness in percent, 0 to 100."""
    show_winnable: bool = False
    """The table's "can this still be won?" indicator."""
    winnable_difficulty: str = "any"
    """What "winnable deals only" asks of a deal's grade (:data:`.difficulty.WANTED`)."""
    language: str = ""
    """The code of the language the game speaks (:data:`.i18n.LANGUAGES`); "" follows the
    browser's or the desktop's language."""
    high_contrast: bool | None = None
    """A near-black table, white cards with black outlines, strong focus and selection.
    None: not chosen, which follows the browser's prefers-contrast (off elsewhere)."""
    larger_text: bool = False
    """Every screen's text about a quarter larger (the card faces keep their size)."""


@dataclass
class Stats:
    """One game's (and layout's) record; ``distribution`` maps score → count."""

    played: int = 0
    won: int = 0
    total_score: int = 0
    current_streak: int = 0
    best_streak: int = 0
    distribution: dict[int, int] = field(default_factory=dict)
    best_ms: int = 0
    """The quickest won game timed from its first move to its end, in ms (0: none yet)."""

    @property
    def win_percent(self) -> float:
        return 100.0 * self.won / self.played if self.played else 0.0

    @property
    def average_score(self) -> float:
        return self.total_score / self.played if self.played else 0.0


@dataclass
class ScoreEntry:
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


def validate_name(name: str) -> str:
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


def stats_key(game_id: str, layout: str | None = None) -> str:
    """``stats/<game>``, with the layout for games that have one (default 3x5)."""
    spec = game_spec(game_id)
    if spec.has_layout:
        return f"stats/{spec.id}/{Layout.parse(layout or str(DEFAULT_LAYOUT))}"
    return f"stats/{spec.id}"


def scores_key(game_id: str) -> str:
    return f"scores/{game_spec(game_id).id}"


def record_name(key: str) -> str | Message:
    """What the record at ``key`` is, for the player: "Pyramid statistics" (marked for
    translation, the game's title translated inside)."""
    short = full_key(key).removeprefix(NAMESPACE)
    if short == SETTINGS_KEY:
        return N_("settings")
    if short == GAME_KEY:
        return N_("the saved game")
    kind, _, rest = short.partition("/")
    game_id, _, layout = rest.partition("/")
    spec = GAMES.get(game_id)
    if kind == "stats" and spec is not None:
        if layout:
            return message("{game} {layout} statistics", game=message(spec.title), layout=layout)
        return message("{game} statistics", game=message(spec.title))
    if kind == "scores" and spec is not None:
        return message("{game} scores", game=message(spec.title))
    if full_key(key).startswith(RECOVERY):
        return N_("data set aside before")
    return N_("other data")


def _listed(names: list[str | Message], most: int = 2) -> str | Message:
    """``a``, ``a and b``, ``a, b and 3 more``: each name once, in order."""
    once: list[str | Message] = []
    for name in names:
        if name not in once:
            once.append(name)
    if len(once) > most + 1:
        left = len(once) - most
        once = [*once[:most], message_n("{n} more", "{n} more", left)]
    return listed([n if isinstance(n, Message) else message(n) for n in once])


def recovered_notice(aside: list[str], kept: list[str] | None = None) -> Message:
    """The line that names the records set aside (``""``: damage no key names) and says
    what was kept: ``None`` for every other record, else the keys kept.  A Message whose
    pieces are Messages, so each is put into the player's language."""
    names = _listed([record_name(k) if k else N_("part of the data file") for k in aside])
    if kept is None:
        return message(
            "Some saved data could not be read ({names}): set aside, the rest kept.", names=names
        )
    kept_names = [record_name(k) for k in kept if not full_key(k).startswith(RECOVERY)]
    if not kept_names:
        return message(
            "Some saved data could not be read ({names}): set aside; nothing else was found.",
            names=names,
        )
    return message(
        "Some saved data could not be read ({names}): set aside; kept {kept}.",
        names=names,
        kept=_listed(kept_names),
    )


def _dumps(data: dict[str, Any]) -> str:
    return json.dumps(data, separators=(",", ":"))


_ANY: Any = object()
"""Whatever the save slot holds (see :meth:`Profile.save_game`)."""


# -- reading records ----------------------------------------------------------
class Unreadable(ValueError):
    """A stored value that cannot be used at all."""


def _is_int(value: Any) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def _count(value: Any) -> int | None:
    return value if _is_int(value) and 0 <= value <= 10**9 else None


DROPPED = "dropped_in_migration"
"""Marks a migrated record that lost unreadable parts (it is then kept aside)."""


def _stats_v1_to_v2(old: dict[str, Any]) -> dict[str, Any]:
    """Version 1 kept every score in a list; version 2 keeps a bounded distribution."""
    raw = old.get("scores", [])
    scores = [s for s in raw if _is_int(s)] if isinstance(raw, list) else []
    # entries that cannot be kept make the record unclean, so the original is
    # set aside under a recovery key (see Profile._keep) instead of lost
    dropped = not isinstance(raw, list) or len(scores) != len(raw)
    dist: dict[str, int] = {}
    for s in scores:
        dist[str(s)] = dist.get(str(s), 0) + 1
    return {
        "v": 2,
        "played": old.get("played", len(scores)),
        "won": old.get("won", 0),
        "total_score": sum(scores),
        "current_streak": old.get("streak", 0),
        "best_streak": old.get("best", 0),
        "distribution": dist,
        **({DROPPED: True} if dropped else {}),
    }


def _settings_v1_to_v2(old: dict[str, Any]) -> dict[str, Any]:
    """Version 1 wrote every setting with any change, so ``animations: true`` there is
    the old default as often as a choice: it becomes "not chosen" (None), which follows
    the browser's reduced-motion preference.  Off stays a choice."""
    new = {k: v for k, v in old.items() if not (k == "animations" and v is True)}
    return {**new, "v": 2}


MIGRATIONS: dict[str, dict[int, Callable[[dict[str, Any]], dict[str, Any]]]] = {
    "settings": {1: _settings_v1_to_v2},
    "stats": {1: _stats_v1_to_v2},
}
"""``MIGRATIONS[kind][n]`` turns a version-n record into version n+1."""


def _migrate(kind: str, data: Any) -> dict[str, Any]:
    if not isinstance(data, dict):
        raise Unreadable(f"{kind}: not an object")
    version = data.get("v", 1)
    current = VERSIONS[kind]
    if not _is_int(version) or not 1 <= version <= current:
        raise Unreadable(f"{kind}: unknown version {quoted(version)}")
    while version < current:
        data = MIGRATIONS[kind][version](data)
        version += 1
    return data


def _settings_from(data: dict[str, Any]) -> tuple[Settings, bool]:
    settings, clean = Settings(), True
    for f in fields(Settings):
        if f.name in data:
            value, default = data[f.name], getattr(settings, f.name)
            # a field whose default is None ("not chosen") holds None or a switch
            unchosen = default is None and (value is None or type(value) is bool)
            if unchosen or (
                type(value) is type(default) and not (type(value) is int and not 0 <= value <= 100)
            ):
                setattr(settings, f.name, value)
            else:
                clean = False
    return settings, clean


def _stats_from(data: dict[str, Any]) -> tuple[Stats, bool]:
    stats, clean = Stats(), not data.get(DROPPED)
    for name in ("played", "won", "total_score", "current_streak", "best_streak", "best_ms"):
        value = _count(data.get(name, 0))
        if value is None:
            clean = False
        else:
            setattr(stats, name, value)
    raw = data.get("distribution", {})
    if not isinstance(raw, dict):
        raw, clean = {}, False
    for key, count in raw.items():
        try:
            score = int(key)
        except (TypeError, ValueError):
            score = None
        if score is None or not 0 <= score <= MAX_SCORE or not _count(count):
            clean = False
            continue
        stats.distribution[score] = count
    if stats.won > stats.played or stats.best_streak < stats.current_streak:
        clean = False
        stats.won = min(stats.won, stats.played)
        stats.best_streak = max(stats.best_streak, stats.current_streak)
    return stats, clean


def _entry_from(data: Any, newest: date) -> ScoreEntry | None:
    """The entry ``data`` holds; None when it is bad or dated after ``newest``."""
    if not isinstance(data, dict):
        return None
    try:
        name = validate_name(data.get("name"))
        score, day, deals, game = data["score"], data["date"], data["deals"], data["game"]
        dated = date.fromisoformat(day)
    except (ValueError, KeyError, TypeError):
        return None
    if not (_is_int(score) and 0 <= score <= MAX_SCORE and isinstance(deals, str)):
        return None
    if not isinstance(game, str) or len(day) != 10 or len(deals) > 40 or dated > newest:
        return None
    return ScoreEntry(name, score, day, deals, game)


def _entries_from(data: Any, newest: date) -> tuple[list[ScoreEntry], bool]:
    if not isinstance(data, list):
        return [], False
    entries = [_entry_from(item, newest) for item in data]
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
        return {
            "v": VERSIONS["scores"],
            "all_time": [asdict(e) for e in self.all_time],
            "days": {d: [asdict(e) for e in es] for d, es in sorted(self.days.items())},
        }

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


# -- the profile --------------------------------------------------------------
class Profile:
    """Everything kept about the player, over one :class:`Storage`.

    Writes happen only in the methods that change something (a setting saved,
    a move played, a game finished, a score posted), never per frame.
    ``notices`` collects quiet lines for the player (storage unavailable,
    data recovered); the interface shows them and may clear the list.
    """

    def __init__(self, storage: Storage | None = None) -> None:
        self.storage = storage if storage is not None else open_storage()
        self.notices: list[str | Message] = []
        self._storage_said: str | None = None
        self._note()
        if self.storage.aside:
            self.notices.append(recovered_notice(self.storage.aside, self.storage.kept))
        self.settings = self._load_settings()
        self._settings_seen = asdict(self.settings)
        """The settings as last read or written here: what a save changes is the rest."""

    # -- plumbing -----------------------------------------------------------
    def _note(self, notice: str | Message | None = None) -> None:
        """Add ``message`` once, and the storage's notice each time it changes (storage
        full, saved after all, full again)."""
        said = self.storage.notice
        if said and said != self._storage_said:
            self.notices.append(said)
        self._storage_said = said
        if notice and notice not in self.notices:
            self.notices.append(notice)

    def _write(self, key: str, data: dict[str, Any]) -> str:
        """Store ``data`` as JSON; the text stored (kept in memory when the backend refused)."""
        raw = _dumps(data)
        self.storage.set(key, raw)
        self._note()
        return raw

    def _change(self, key: str, change: Callable[[str | None], str | None]) -> str | None:
        """Apply ``change`` to the record as stored now, in one transaction where the
        storage has them; the record's new text."""
        new = self.storage.update(key, change)
        self._note()
        return new

    def retry_writes(self) -> bool:
        """Retry the writes the storage refused (a full disk); True when none is left."""
        done = self.storage.retry()
        self._note()
        return done

    @property
    def unsaved(self) -> int:
        """How many changes the storage has refused so far and not yet kept."""
        return self.storage.unsaved

    def _read(self, kind: str, key: str) -> tuple[dict[str, Any], bool] | None:
        """The record at ``key`` migrated to the current version, and whether it
        was migrated; None when absent or set aside as unreadable."""
        raw = self.storage.get(key)
        self._note()
        if raw is None:
            return None
        try:
            parsed = load_json(raw)
            data = _migrate(kind, parsed)
        except (ValueError, RecursionError):  # JSONDecodeError, Unreadable; too deep
            self._set_aside(key, raw)
            return None
        return data, data is not parsed

    def _set_aside(self, key: str, raw: str) -> None:
        self.storage.set_aside(key, raw)
        self._note(recovered_notice([key]))

    def _keep(self, key: str, clean: bool, migrated: bool, new: dict[str, Any]) -> None:
        """When parts were dropped, keep the original aside and store the valid
        parts; store a migrated record in its new form (either only while the record
        is still the one read: another window may have written it since)."""
        if not (migrated or not clean):
            return
        raw = self.storage.get(key)
        if raw is None:
            return
        if not clean:
            self.storage.update(self.storage.recovery_slot(key), lambda _old: raw)
            self._note(recovered_notice([key]))
        text = _dumps(new)
        self._change(key, lambda old: text if old == raw else old)

    # -- settings -----------------------------------------------------------
    def _load_settings(self) -> Settings:
        found = self._read("settings", SETTINGS_KEY)
        if found is None:
            return Settings()
        settings, clean = _settings_from(found[0])
        self._keep(SETTINGS_KEY, clean, found[1], self._settings_dict(settings))
        return settings

    @staticmethod
    def _settings_dict(settings: Settings) -> dict[str, Any]:
        return {"v": VERSIONS["settings"], **asdict(settings)}

    def save_settings(self) -> None:
        """Store the settings changed here since they were read, over the settings as
        stored now (another window's changes to the others stay)."""
        mine = asdict(self.settings)
        changed = {k: v for k, v in mine.items() if self._settings_seen.get(k) != v}

        def change(old: str | None) -> str:
            current = _settings_text(old)
            for name, value in changed.items():
                setattr(current, name, value)
            return _dumps(self._settings_dict(current))

        now = _settings_text(self._change(SETTINGS_KEY, change))
        for name, value in asdict(now).items():
            setattr(self.settings, name, value)  # the interface holds this object
        self._settings_seen = asdict(self.settings)

    # -- statistics ---------------------------------------------------------
    def stats(self, game_id: str, layout: str | None = None) -> Stats:
        """The statistics of a game (and, for Thirteens, a layout; default 3x5)."""
        key = stats_key(game_id, layout)
        found = self._read("stats", key)
        if found is None:
            return Stats()
        stats, clean = _stats_from(found[0])
        self._keep(key, clean, found[1], self._stats_dict(stats))
        return stats

    def layouts_played(self, game_id: str) -> list[str]:
        """The layouts of ``game_id`` that have statistics, fewest cells first (links
        may choose any layout; the statistics screen lists those it has no tab for)."""
        if not game_spec(game_id).has_layout:
            return []
        prefix = full_key(stats_key(game_id).rpartition("/")[0] + "/")
        found = []
        for key in self.storage.keys():
            if key.startswith(prefix):
                try:
                    found.append(Layout.parse(key[len(prefix) :]))
                except ValueError:  # not a layout: a stray key is no reason to fail
                    continue
        found.sort(key=lambda lay: (lay.cells, lay.columns))
        return [str(lay) for lay in found]

    @staticmethod
    def _stats_dict(stats: Stats) -> dict[str, Any]:
        out = asdict(stats)
        out["distribution"] = {str(k): v for k, v in sorted(stats.distribution.items())}
        return {"v": VERSIONS["stats"], **out}

    def _change_stats(self, setup: GameSetup, apply: Callable[[Stats], None]) -> Stats:
        """Apply ``apply`` to the statistics of ``setup``'s game as stored now (read,
        changed and written in one transaction); the statistics as they were."""
        self.stats(setup.game, setup.layout)  # sets aside what cannot be read
        before = Stats()

        def change(old: str | None) -> str:
            nonlocal before
            stats = _stats_text(old)
            before = replace(stats, distribution=dict(stats.distribution))
            apply(stats)
            return _dumps(self._stats_dict(stats))

        self._change(stats_key(setup.game, setup.layout), change)
        return before

    def record_result(self, game: Game, elapsed_ms: float | None = None) -> Stats | None:
        """Count one finished or abandoned game: played, won iff WON, streaks, score, and
        for a won game timed from its first move (``elapsed_ms``), the best time.

        Call it once per game; a game not made from a GameSetup is not counted.
        Returns the statistics as they were before (for :meth:`take_back_result`).
        """
        setup: GameSetup | None = getattr(game, "setup", None)
        if setup is None:
            return None
        score = max(0, int(game.score))
        won = game.outcome is Outcome.WON

        def count(stats: Stats) -> None:
            stats.played += 1
            stats.total_score += score
            stats.distribution[score] = stats.distribution.get(score, 0) + 1
            if won:
                stats.won += 1
                stats.current_streak += 1
                stats.best_streak = max(stats.best_streak, stats.current_streak)
                if elapsed_ms is not None and elapsed_ms > 0:
                    ms = max(1, round(elapsed_ms))
                    stats.best_ms = ms if not stats.best_ms else min(stats.best_ms, ms)
            else:
                stats.current_streak = 0

        return self._change_stats(setup, count)

    def take_back_result(self, game: Game, before: Stats) -> None:
        """Uncount a finished game whose last move the player took back (it plays on and
        is counted again when it ends): ``game`` as it was counted, ``before`` what
        :meth:`record_result` returned.  The counts lose just this game, so a game another
        tab counted meanwhile stays; the streaks go back to ``before``."""
        setup: GameSetup | None = getattr(game, "setup", None)
        if setup is None:
            return
        score = max(0, int(game.score))
        won = game.outcome is Outcome.WON

        def uncount(stats: Stats) -> None:
            stats.played = max(0, stats.played - 1)
            stats.total_score = max(0, stats.total_score - score)
            left = stats.distribution.get(score, 0) - 1
            if left > 0:
                stats.distribution[score] = left
            else:
                stats.distribution.pop(score, None)
            if won:
                stats.won = max(0, stats.won - 1)
            stats.current_streak, stats.best_streak = before.current_streak, before.best_streak
            stats.best_ms = before.best_ms

        self._change_stats(setup, uncount)

    def reset_stats(self, game_id: str) -> None:
        """Forget every statistic of ``game_id``, all its layouts (its high scores stay)."""
        key = stats_key(game_id)
        if game_spec(game_id).has_layout:
            key = key.rpartition("/")[0]
        whole, prefix = full_key(key), full_key(key + "/")
        for stored in self.storage.keys():
            if stored == whole or stored.startswith(prefix):
                self.storage.remove(stored)

    # -- high scores ----------------------------------------------------------
    def _board(self, game_id: str, today: date | None = None) -> ScoreBoard:
        """The game's board as stored; a ``today`` before the clock's date (a past day
        asked about) drops no later post."""
        key = scores_key(game_id)
        found = self._read("scores", key)
        if found is None:
            return ScoreBoard()
        board, clean = ScoreBoard.from_dict(found[0], max(today or date.min, date.today()))
        self._keep(key, clean, found[1], board.to_dict())
        return board

    def post_score(
        self, game_id: str, name: str, score: int, deals: str, today: date | None = None
    ) -> ScoreEntry:
        """Post a score under a screen name; ValueError (to show) for a bad name.

        The entry is returned even when it does not reach a top 10.
        """
        spec = game_spec(game_id)
        name = validate_name(name)
        if not _is_int(score) or not 0 <= score <= MAX_SCORE:
            raise ValueError(f"score must be a whole number from 0 to {MAX_SCORE}, got {score!r}")
        day = (today or date.today()).isoformat()
        entry = ScoreEntry(name, score, day, str(deals)[:40], spec.id)
        self._board(spec.id, today)  # sets aside what cannot be read
        asked = max(today or date.min, date.today())

        def add(old: str | None) -> str:
            board = _board_text(old, asked)
            board.add(entry)
            return _dumps(board.to_dict())

        self._change(scores_key(spec.id), add)
        return entry

    def top_today(self, game_id: str, today: date | None = None) -> list[ScoreEntry]:
        """The 10 best posts of ``today`` (the local date by default), best first."""
        day = (today or date.today()).isoformat()
        return list(self._board(game_id, today).days.get(day, []))

    def top_all_time(self, game_id: str) -> list[ScoreEntry]:
        """The 10 best posts ever kept, best first."""
        return list(self._board(game_id).all_time)

    # -- the game in progress -----------------------------------------------
    # One slot, shared by every tab (and desktop window) on the storage: which of
    # them may write it is the session's rule (see session.SaveSlot).
    def saved_game_text(self) -> str | None:
        """The save slot's stored text as it is now (None: empty), what a tab's claim
        on the slot is compared with."""
        return self.storage.get(GAME_KEY)

    def saved_game_is(self, text: str | None) -> bool:
        """Whether the save slot still holds ``text`` (None: nothing), so no other tab
        wrote it since; True when it cannot be read, which proves no change."""
        return self.storage.holds(GAME_KEY, text)

    def save_game(self, game: Game, over: str | None = _ANY) -> str | None:
        """Store the game in progress (setup + moves): the text stored, or None, writing
        nothing, for a game not made from a GameSetup (it cannot be resumed), or when
        ``over`` is given and the slot no longer holds it (None: holds nothing): another
        window wrote it since, and the check and the write are one transaction."""
        try:
            record = GameRecord.of(game)
        except ValueError:
            return None
        raw = _dumps({"v": VERSIONS["game"], "record": record.to_dict()})
        if over is _ANY:
            self.storage.set(GAME_KEY, raw)
            self._note()
            return raw
        now = self._change(GAME_KEY, lambda old: raw if old == over else old)
        return raw if now == raw else None

    def load_game(self) -> Game | None:
        """The saved game replayed to where the player left off, undo history
        included; None when there is none or it cannot be replayed (then it is
        set aside and a notice added)."""
        found = self._read("game", GAME_KEY)
        if found is None:
            return None
        try:
            return GameRecord.from_dict(found[0].get("record")).replay()
        except Exception:  # any unreplayable record: never stop the game
            raw = self.storage.get(GAME_KEY)
            if raw is not None:
                self._set_aside(GAME_KEY, raw)
            return None

    def saved_setup(self) -> GameSetup | None:
        """The setup of the saved game, without replaying it (for a menu line)."""
        raw = self.storage.get(GAME_KEY)
        try:
            return GameSetup.from_dict(load_json(raw or "null")["record"])
        except Exception:
            return None

    def clear_game(self, only: str | None = _ANY) -> None:
        """Empty the save slot; with ``only``, only while it still holds that text."""
        if only is _ANY:
            self.storage.remove(GAME_KEY)
            self._note()
        else:
            self._change(GAME_KEY, lambda old: None if old == only else old)


def _record_text(kind: str, text: str | None) -> dict[str, Any] | None:
    """The record ``text`` holds, migrated; None when there is none or it is unreadable
    (inside a transaction nothing is set aside: the read before it did that)."""
    if text is None:
        return None
    try:
        return _migrate(kind, load_json(text))
    except (ValueError, RecursionError):
        return None


def _settings_text(text: str | None) -> Settings:
    data = _record_text("settings", text)
    return _settings_from(data)[0] if data is not None else Settings()


def _stats_text(text: str | None) -> Stats:
    data = _record_text("stats", text)
    return _stats_from(data)[0] if data is not None else Stats()


def _board_text(text: str | None, today: date) -> ScoreBoard:
    data = _record_text("scores", text)
    return ScoreBoard.from_dict(data, today)[0] if data is not None else ScoreBoard()
