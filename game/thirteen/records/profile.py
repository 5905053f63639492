"""The player's lasting data over one storage: settings, statistics, high scores, the
games in progress.

Every record is a small JSON object with a version field ``"v"``
(:mod:`.record_format`), stored under its own key so each write stays small:

==================================  =============================================
key (under ``thirteen/v1/``)        record
==================================  =============================================
``settings``                        :class:`~.settings.Settings`
``game/<game>[/<layout>]``          each game's game in progress: a GameRecord
                                    dict (:mod:`.saved_game`; ``game``, the one
                                    slot of earlier versions, is moved there)
``played/...``, ``posted/...``,     each writer's finished games and posted scores,
``reset/<game>``                    and when a game's statistics were reset
                                    (:mod:`.logs`)
``daily/...``                       each writer's day's deals played, for the
                                    calendar (:mod:`.daily`)
``stats/<game>[/<layout>]``         statistics in the records' first format
                                    (:class:`~.stats.Stats`), read as the start
``scores/<game>``                   high scores in the first format
                                    (:class:`~.scores.ScoreBoard`), likewise
==================================  =============================================

The statistics and the high scores are worked out from these when they are read.

Reading never fails: an older version is migrated (:class:`~.record_format.RecordKind`);
a value that is not JSON, is of a newer version, or has fields of the wrong type is set
aside under a recovery key (see :meth:`Storage.set_aside`), the valid parts are kept and
rewritten, and a notice naming the record is added to :attr:`Profile.notices` (see
:func:`~.notices.recovered_notice`).  A text that cannot be read is read again before it
is taken for damage (storage that returned garbage once), and one found inside a change
is set aside before the change is made, never written over.

No change undoes another window's: a game counted or a score posted is a new entry in
this window's own log (:mod:`.logs`); a setting changed changes that setting only, over
the settings as stored now; and a saved game is written only over the text this window
last saw in its slot.
"""

from __future__ import annotations

import math
from dataclasses import asdict
from datetime import date, timedelta
from enum import Enum
from typing import Any, Final

from thirteen.core.game import Game, Outcome
from thirteen.core.i18n import Message
from thirteen.core.options import Layout
from thirteen.games import GameSetup, game_spec
from thirteen.records.daily import DailyBook
from thirteen.records.log_book import READS, LogBook, settled_read
from thirteen.records.logs import (
    RESET_MARK,
    board_of,
    game_prefix,
    new_writer,
    played_prefix,
    posted_prefix,
    reset_in,
    reset_key,
    reset_text,
    stats_of,
)
from thirteen.records.notices import recovered_notice
from thirteen.records.platform_storage import open_storage
from thirteen.records.record_format import MAX_SCORE, RecordKind, dumps, is_whole
from thirteen.records.saved_game import (
    SAVED_GAME,
    Waiting,
    game_record_text,
    migrate_legacy,
    replayed,
    saved_setup_in,
    slot_of,
    waiting_games,
)
from thirteen.records.scores import (
    DAYS_AHEAD,
    SCORES,
    ScoreBoard,
    ScoreEntry,
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
from thirteen.records.stats import STATS, Stats, stats_from, stats_key, stats_record
from thirteen.records.storage import REPAIRED, Change, Storage, full_key, load_json


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

    def __init__(self, storage: Storage | None = None, writer: str | None = None) -> None:
        self.storage = storage if storage is not None else open_storage()
        self.notices: list[str | Message] = []
        self._storage_said: str | None = None
        self._repairs_told = 0
        self._aside_told = 0
        self._note()
        self.logs = LogBook(
            self.storage,
            writer or new_writer(),
            self._change,
            lambda key: self._note(recovered_notice([key])),
        )
        """This window's logs of games and posts, and the reading of every window's."""
        self.daily = DailyBook(
            self.storage,
            self.logs.writer,
            self._change,
            lambda key: self._note(recovered_notice([key])),
        )
        """This window's log of the day's deals played, and the reading of every window's."""
        self._counted: list[tuple[Game, str, str, tuple[str, str] | None]] = []
        """The games counted here (the game, its log's key, its id, and its day's entry
        when it was a day's deal), for taking back."""
        self.settings = self._load_settings()
        self._settings_seen = asdict(self.settings)
        """The settings as last read or written here: what a save changes is the rest."""
        migrate_legacy(self.storage, self._set_aside)  # the one slot of earlier versions

    # -- plumbing -----------------------------------------------------------
    def _note(self, notice: str | Message | None = None) -> None:
        """Add ``notice`` once, the storage's notice each time it changes (storage full,
        saved after all, full again), and a line for each repair of damaged storage:
        what was lost, or that nothing was."""
        storage = self.storage
        if storage.repairs > self._repairs_told or len(storage.aside) > self._aside_told:
            lost = storage.aside[self._aside_told :]
            self._repairs_told, self._aside_told = storage.repairs, len(storage.aside)
            self.notices.append(recovered_notice(lost, storage.kept) if lost else REPAIRED)
        said = storage.notice
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

    def _change_checked(
        self, key: str, kind: RecordKind, change: Change, cleared: Change | None = None
    ) -> str | None:
        """:meth:`_change`, except that a stored text ``kind`` cannot read is set aside
        first (read again, then kept under a recovery key), never changed; after that,
        ``cleared`` (default ``change``) is the change made."""
        new: str | None = None
        found: list[str] = []
        for _ in range(READS):
            found.clear()

            def guarded(old: str | None, change: Change = change) -> str | None:
                if old is not None and kind.read(old) is None:
                    found.append(old)
                    return old
                return change(old)

            new = self._change(key, guarded)
            if not found:
                break
            if settled_read(self.storage, key, kind) == found[-1]:
                self._set_aside(key, found[-1])  # damage, not a read gone wrong once
                change = cleared or change
        return new

    def _read(self, kind: RecordKind, key: str) -> tuple[dict[str, Any], bool] | None:
        """The record at ``key`` migrated to the current version, and whether it
        was migrated; None when absent or set aside as unreadable."""
        raw = settled_read(self.storage, key, kind)
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

        now = settings_in(self._change_checked(SETTINGS_KEY, SETTINGS, change))
        for name, value in asdict(now).items():
            setattr(self.settings, name, value)  # the interface holds this object
        self._settings_seen = asdict(self.settings)

    # -- statistics ---------------------------------------------------------
    def _base_stats(self, game_id: str, layout: str | None) -> Stats:
        """The statistics in the records' first format."""
        key = stats_key(game_id, layout)
        found = self._read(STATS, key)
        if found is None:
            return Stats()
        stats, clean = stats_from(found[0])
        self._keep(key, clean, found[1], stats_record(stats))
        return stats

    def stats(self, game_id: str, layout: str | None = None) -> Stats:
        """The statistics of a game (and, for Thirteens, a layout; default 3x5): the
        record of earlier versions, then every window's games counted since."""
        base = self._base_stats(game_id, layout)
        games = self.logs.all_games(played_prefix(game_id, layout))
        reset_at = reset_in(settled_read(self.storage, reset_key(game_id), RESET_MARK))
        if reset_at is not None:
            base, games = Stats(), [g for g in games if g.at >= reset_at]
        return stats_of(base, games)

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
        for layout in self.logs.layouts(game_prefix(game_id)):
            if self.stats(game_id, layout).played:
                found.append(Layout.parse(layout))
        unique = {str(lay): lay for lay in found}
        return [
            str(lay) for lay in sorted(unique.values(), key=lambda lay: (lay.cells, lay.columns))
        ]

    def record_result(self, game: Game, elapsed_ms: float | None = None) -> Stats | None:
        """Count one finished or abandoned game: played, won iff WON, streaks, score, and
        for a won game timed from its first move (``elapsed_ms``), the best time.

        Call it once per game; a game not made from a GameSetup is not counted.
        Returns the statistics as they were before.
        """
        setup: GameSetup | None = getattr(game, "setup", None)
        if setup is None:
            return None
        score = max(0, int(game.score))
        won = game.outcome is Outcome.WON
        ms = 0
        if won and elapsed_ms is not None and math.isfinite(elapsed_ms) and elapsed_ms > 0:
            ms = min(max(1, round(elapsed_ms)), 10**9)
        before = self.stats(setup.game, setup.layout)  # sets aside what cannot be read
        key, ident = self.logs.add_game(played_prefix(setup.game, setup.layout), score, won, ms)
        day = self.daily.add(setup.game, setup.deal, score, won, self.logs.now())
        self._counted = [*self._counted[-7:], (game, key, ident, day)]
        return before

    def take_back_result(self, game: Game) -> None:
        """Uncount a finished game whose last move the player took back (it plays on and
        is counted again when it ends): the entry :meth:`record_result` made for
        ``game`` goes, so a game another tab counted meanwhile stays, and the streaks and
        the best time are what the other games make them."""
        for n, (counted, key, ident, day) in enumerate(self._counted):
            if counted is game:
                del self._counted[n]
                self.logs.drop_game(key, ident)
                if day is not None:
                    self.daily.drop(*day)
                return

    def reset_stats(self, game_id: str) -> None:
        """Forget every statistic of ``game_id``, all its layouts (its high scores stay):
        the games counted before now no longer count, in every window."""
        key = stats_key(game_id)
        has_layout = game_spec(game_id).has_layout
        if has_layout:
            key = key.rpartition("/")[0]
        layouts = self.logs.layouts(game_prefix(game_id)) if has_layout else {None}
        for layout in layouts:  # read every window's games: the reset comes after them all
            self.logs.all_games(played_prefix(game_id, layout))
        now = self.logs.now()
        self._change_checked(
            reset_key(game_id), RESET_MARK, lambda old: reset_text(max(now, reset_in(old) or 0))
        )
        whole, prefix = full_key(key), full_key(key + "/")
        for stored in self.storage.keys():
            if stored == whole or stored.startswith(prefix):
                self.storage.remove(stored)
        self.logs.drop_games(game_prefix(game_id))

    # -- high scores ----------------------------------------------------------
    def _base_board(self, game_id: str, asked: date) -> ScoreBoard:
        """The board of the scores in the records' first format."""
        key = scores_key(game_id)
        found = self._read(SCORES, key)
        if found is None:
            return ScoreBoard()
        board, clean = ScoreBoard.from_dict(found[0], asked)
        self._keep(key, clean, found[1], board.to_dict())
        return board

    def _board(self, game_id: str, today: date | None = None) -> ScoreBoard:
        """The game's board as stored; a ``today`` before the clock's date (a past day
        asked about) drops no later post."""
        return self._board_and_ids(game_id, today)[0]

    def _board_and_ids(self, game_id: str, today: date | None) -> tuple[ScoreBoard, set[str]]:
        asked = max(today or date.min, date.today())
        base = self._base_board(game_id, asked)
        posts = self.logs.all_posts(posted_prefix(game_id), asked + timedelta(days=DAYS_AHEAD))
        return board_of(base, posts)

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
        self.logs.add_post(posted_prefix(spec.id), entry)
        on_board = self._board_and_ids(spec.id, today)[1]
        self.logs.keep_posts(posted_prefix(spec.id), on_board)
        return entry

    def top_today(self, game_id: str, today: date | None = None) -> list[ScoreEntry]:
        """The 10 best posts of ``today`` (the local date by default), best first."""
        day = (today or date.today()).isoformat()
        return list(self._board(game_id, today).days.get(day, []))

    def top_all_time(self, game_id: str) -> list[ScoreEntry]:
        """The 10 best posts ever kept, best first."""
        return list(self._board(game_id).all_time)

    # -- the games in progress, one slot each (see :mod:`.saved_game`) -------------
    def waiting_games(self) -> dict[str, Waiting]:
        """Every game waiting in its slot, by slot key, the latest saved first."""
        return waiting_games(self.storage, self._set_aside)

    def saved_game_text(self, slot: str) -> str | None:
        """The slot's stored text as it is now (None: empty), what a tab's claim on the
        slot is compared with (read again while it is no game: a read that returned
        garbage once is no claim)."""
        return settled_read(self.storage, slot, SAVED_GAME)

    def saved_game_is(self, slot: str, text: str | None) -> bool:
        """Whether the slot still holds ``text`` (None: nothing), so no other tab wrote
        it since; True when it cannot be read, which proves no change, and when it holds
        text that is no game, which no tab wrote (when two reads find the same, it is
        set aside and ``text`` put back)."""
        last: str | None = None
        for _ in range(READS):
            if self.storage.holds(slot, text):
                return True
            now = self.storage.get(slot)
            if now == text:
                return True
            if now is None or SAVED_GAME.read(now) is not None:
                return False  # another tab's game, or none: the slot was used
            if now == last:  # the same text that is no game, twice: it is stored
                self._set_aside(slot, now)
                if text is not None:  # and no tab wrote it: the slot is as it was left
                    self._change(slot, lambda old: text if old is None else old)
                return True
            last = now
        return True

    def save_game(self, game: Game, over: str | None | _Unchecked = _ANY) -> str | None:
        """Store the game in progress (setup + moves) in its game's slot: the text
        stored, or None, writing nothing, for a game not made from a GameSetup (it
        cannot be resumed), or when ``over`` is given and the slot no longer holds it
        (None: holds nothing): another window wrote it since, and the check and the
        write are one transaction."""
        raw, slot = game_record_text(game), slot_of(game)
        if raw is None or slot is None:
            return None
        if over is _ANY:
            self._change_checked(slot, SAVED_GAME, lambda _old: raw)
            return raw
        now = self._change_checked(
            slot,
            SAVED_GAME,
            lambda old: raw if old == over else old,
            # text that was no game stood there: no tab wrote it, so the slot is still ours
            cleared=lambda old: raw if old in (over, None) else old,
        )
        return raw if now == raw else None

    def load_game(self, slot: str | None = None) -> Game | None:
        """The game saved in ``slot`` (None: the latest saved of all) replayed to where
        the player left off, undo history included; None when there is none or it
        cannot be replayed (then it is set aside and a notice added)."""
        if slot is None:
            slot = next(iter(self.waiting_games()), None)
            if slot is None:
                return None
        found = self._read(SAVED_GAME, slot)
        if found is None:
            return None
        try:
            return replayed(found[0])
        except Exception:  # any unreplayable record: never stop the game
            raw = self.storage.get(slot)
            if raw is not None:
                self._set_aside(slot, raw)
            return None

    def saved_setup(self, slot: str | None = None) -> GameSetup | None:
        """The setup of the game saved in ``slot`` (None: the latest), not replayed."""
        if slot is None:
            slot = next(iter(self.waiting_games()), None)
        return None if slot is None else saved_setup_in(self.storage.get(slot))

    def clear_game(self, slot: str, only: str | None | _Unchecked = _ANY) -> None:
        """Empty the slot; with ``only``, only while it still holds that text."""
        if only is _ANY:
            self.storage.remove(slot)
            self._note()
        else:
            self._change(slot, lambda old: None if old == only else old)
