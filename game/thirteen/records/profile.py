"""The player's lasting data over one storage: settings, statistics, high scores, the
game in progress.

Every record is a small JSON object with a version field ``"v"``
(:mod:`.record_format`), stored under its own key so each write stays small:

==============================  =================================================
key (under ``thirteen/v1/``)    record
==============================  =================================================
``settings``                    :class:`~.settings.Settings`
``stats/<game>[/<layout>]``     :class:`~.stats.Stats` (Thirteens per layout, e.g. 3x5)
``scores/<game>``               top 10 of all time + each day's top 10, for the
                                :data:`~.scores.DAYS_KEPT` most recent days with posts
                                (:class:`~.scores.ScoreBoard`)
``game``                        the game in progress: a GameRecord dict
                                (:mod:`.saved_game`)
==============================  =================================================

Reading never fails: an older version is migrated (:class:`~.record_format.RecordKind`);
a value that is not JSON, is of a newer version, or has fields of the wrong type is set
aside under a recovery key (see :meth:`Storage.set_aside`), the valid parts are kept and
rewritten, and a notice naming the record is added to :attr:`Profile.notices` (see
:func:`~.notices.recovered_notice`).

Every change is a read-modify-write of one record (:meth:`Storage.update`): a game
counted adds one to the statistics as stored now, a score posted goes into the board
as stored now, a setting changed changes that setting only, and the saved game is
written only over the text this window last saw.  So two windows on one storage
never undo each other's changes.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import asdict, replace
from datetime import date
from enum import Enum
from typing import Any, Final

from thirteen.core.game import Game, Outcome
from thirteen.core.i18n import Message
from thirteen.core.options import Layout
from thirteen.games import GameSetup, game_spec
from thirteen.records.notices import recovered_notice
from thirteen.records.platform_storage import open_storage
from thirteen.records.record_format import MAX_SCORE, RecordKind, dumps, is_whole
from thirteen.records.saved_game import (
    GAME_KEY,
    SAVED_GAME,
    game_record_text,
    replayed,
    saved_setup_in,
)
from thirteen.records.scores import (
    SCORES,
    ScoreBoard,
    ScoreEntry,
    board_in,
    scores_key,
    validate_name,
)
from thirteen.records.settings import (
    SETTINGS,
    SETTINGS_KEY,
    Settings,
    settings_from,
    settings_in,
    settings_record,
    settings_text,
)
from thirteen.records.stats import (
    STATS,
    Stats,
    stats_from,
    stats_in,
    stats_key,
    stats_record,
    stats_text,
)
from thirteen.records.storage import Change, Storage, full_key, load_json


class _Unchecked(Enum):
    """Whatever the save slot holds: written over without a look (see
    :meth:`Profile.save_game`)."""

    ANY = "any"


_ANY: Final = _Unchecked.ANY


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
        """Add ``notice`` once, and the storage's notice each time it changes (storage
        full, saved after all, full again)."""
        said = self.storage.notice
        if said and said != self._storage_said:
            self.notices.append(said)
        self._storage_said = said
        if notice and notice not in self.notices:
            self.notices.append(notice)

    def _change(self, key: str, change: Change) -> str | None:
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

    def _read(self, kind: RecordKind, key: str) -> tuple[dict[str, Any], bool] | None:
        """The record at ``key`` migrated to the current version, and whether it
        was migrated; None when absent or set aside as unreadable."""
        raw = self.storage.get(key)
        self._note()
        if raw is None:
            return None
        try:
            parsed = load_json(raw)
            data = kind.migrated(parsed)
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
        text = dumps(new)
        self._change(key, lambda old: text if old == raw else old)

    # -- settings -----------------------------------------------------------
    def _load_settings(self) -> Settings:
        found = self._read(SETTINGS, SETTINGS_KEY)
        if found is None:
            return Settings()
        settings, clean = settings_from(found[0])
        self._keep(SETTINGS_KEY, clean, found[1], settings_record(settings))
        return settings

    def save_settings(self) -> None:
        """Store the settings changed here since they were read, over the settings as
        stored now (another window's changes to the others stay)."""
        mine = asdict(self.settings)
        changed = {k: v for k, v in mine.items() if self._settings_seen.get(k) != v}

        def change(old: str | None) -> str:
            current = settings_in(old)
            for name, value in changed.items():
                setattr(current, name, value)
            return settings_text(current)

        now = settings_in(self._change(SETTINGS_KEY, change))
        for name, value in asdict(now).items():
            setattr(self.settings, name, value)  # the interface holds this object
        self._settings_seen = asdict(self.settings)

    # -- statistics ---------------------------------------------------------
    def stats(self, game_id: str, layout: str | None = None) -> Stats:
        """The statistics of a game (and, for Thirteens, a layout; default 3x5)."""
        key = stats_key(game_id, layout)
        found = self._read(STATS, key)
        if found is None:
            return Stats()
        stats, clean = stats_from(found[0])
        self._keep(key, clean, found[1], stats_record(stats))
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

    def _change_stats(self, setup: GameSetup, apply: Callable[[Stats], None]) -> Stats:
        """Apply ``apply`` to the statistics of ``setup``'s game as stored now (read,
        changed and written in one transaction); the statistics as they were."""
        self.stats(setup.game, setup.layout)  # sets aside what cannot be read
        before = Stats()

        def change(old: str | None) -> str:
            nonlocal before
            stats = stats_in(old)
            before = replace(stats, distribution=dict(stats.distribution))
            apply(stats)
            return stats_text(stats)

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
        found = self._read(SCORES, key)
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
        if not is_whole(score) or not 0 <= score <= MAX_SCORE:
            raise ValueError(f"score must be a whole number from 0 to {MAX_SCORE}, got {score!r}")
        day = (today or date.today()).isoformat()
        entry = ScoreEntry(name, score, day, str(deals)[:40], spec.id)
        self._board(spec.id, today)  # sets aside what cannot be read
        asked = max(today or date.min, date.today())

        def add(old: str | None) -> str:
            board = board_in(old, asked)
            board.add(entry)
            return dumps(board.to_dict())

        self._change(scores_key(spec.id), add)
        return entry

    def top_today(self, game_id: str, today: date | None = None) -> list[ScoreEntry]:
        """The 10 best posts of ``today`` (the local date by default), best first."""
        day = (today or date.today()).isoformat()
        return list(self._board(game_id, today).days.get(day, []))

    def top_all_time(self, game_id: str) -> list[ScoreEntry]:
        """The 10 best posts ever kept, best first."""
        return list(self._board(game_id).all_time)

    # -- the game in progress (see :mod:`.saved_game`) ---------------------------
    def saved_game_text(self) -> str | None:
        """The save slot's stored text as it is now (None: empty), what a tab's claim
        on the slot is compared with."""
        return self.storage.get(GAME_KEY)

    def saved_game_is(self, text: str | None) -> bool:
        """Whether the save slot still holds ``text`` (None: nothing), so no other tab
        wrote it since; True when it cannot be read, which proves no change."""
        return self.storage.holds(GAME_KEY, text)

    def save_game(self, game: Game, over: str | None | _Unchecked = _ANY) -> str | None:
        """Store the game in progress (setup + moves): the text stored, or None, writing
        nothing, for a game not made from a GameSetup (it cannot be resumed), or when
        ``over`` is given and the slot no longer holds it (None: holds nothing): another
        window wrote it since, and the check and the write are one transaction."""
        raw = game_record_text(game)
        if raw is None:
            return None
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
        found = self._read(SAVED_GAME, GAME_KEY)
        if found is None:
            return None
        try:
            return replayed(found[0])
        except Exception:  # any unreplayable record: never stop the game
            raw = self.storage.get(GAME_KEY)
            if raw is not None:
                self._set_aside(GAME_KEY, raw)
            return None

    def saved_setup(self) -> GameSetup | None:
        """The setup of the saved game, without replaying it (for a menu line)."""
        return saved_setup_in(self.storage.get(GAME_KEY))

    def clear_game(self, only: str | None | _Unchecked = _ANY) -> None:
        """Empty the save slot; with ``only``, only while it still holds that text."""
        if only is _ANY:
            self.storage.remove(GAME_KEY)
            self._note()
        else:
            self._change(GAME_KEY, lambda old: None if old == only else old)
