"""One writer's logs of finished games and posted scores, and the reading of every
writer's (:mod:`.logs` says why each writer writes only its own).

A writer keeps its own logs in memory and writes each whole when it adds to it, never
reading it back: a read that returns garbage cannot change it, and another writer cannot
undo it.  Another writer's log that cannot be read is copied aside once (it is left in
place: only its writer may write it, and will, whole, with its next entry).
"""

from __future__ import annotations

import time
from collections.abc import Callable
from datetime import date

from thirteen.core.options import Layout
from thirteen.records.logs import (
    LOG_MOST,
    PLAYED_LOG,
    POSTED_LOG,
    Played,
    Posted,
    played_in,
    played_text,
    posted_in,
    posted_text,
)
from thirteen.records.record_format import RecordKind
from thirteen.records.scores import ScoreEntry
from thirteen.records.storage import Change, Storage, full_key

Write = Callable[[str, Change], str | None]
"""How the book writes a record (the profile's, which also says what storage says)."""

READS = 20
"""Reads of a record that cannot be understood, while each finds another text (storage
whose reads return garbage now and then), before it is taken as it is."""


def settled_read(storage: Storage, key: str, kind: RecordKind) -> str | None:
    """The text at ``key``, read again while it is text ``kind`` cannot read that
    changes from one read to the next (a read gone wrong); text that cannot be read
    twice over the same is what is stored (damage, set aside by the caller)."""
    text = storage.get(key)
    for _ in range(READS - 1):
        if text is None or kind.read(text) is not None:
            break
        again = storage.get(key)
        if again == text:
            break
        text = again
    return text


AHEAD_MS = 24 * 3600 * 1000
"""How far past this clock another entry's time is followed (another device's clock)."""


class LogBook:
    """The logs of one writer (``writer``: its id) on ``storage``; ``damaged(key)`` is
    told of each log copied aside."""

    def __init__(
        self, storage: Storage, writer: str, write: Write, damaged: Callable[[str], None]
    ) -> None:
        self.storage = storage
        self.writer = writer
        self.write = write
        self.damaged = damaged
        self.games: dict[str, list[Played]] = {}
        """This writer's logs of games, by full key."""
        self.posts: dict[str, list[Posted]] = {}
        """This writer's logs of posts, by full key."""
        self._logs: dict[str, str] = {}
        """The key of the log each prefix's entries go to now (a new one past
        :data:`LOG_MOST` entries)."""
        self._count = 0
        self._last_at = 0
        self._parsed: dict[tuple[str, str, date], tuple[list[Played] | list[Posted], bool]] = {}
        """Logs read before, by key, text and the latest date a post may have."""

    # -- this writer's entries --------------------------------------------------
    def now(self) -> int:
        """The time of a new entry, in ms: later than this writer's last one, and than
        every entry it has read (so a game counted after another window's, as seen here,
        comes after it even within one millisecond)."""
        self._last_at = max(int(time.time() * 1000), self._last_at + 1)
        return self._last_at

    def _saw(self, entries: list[Played] | list[Posted]) -> None:
        """Entries read: the next one made here comes after them (but after none dated
        more than :data:`AHEAD_MS` past the clock, which would drag every entry after
        it)."""
        latest = int(time.time() * 1000) + AHEAD_MS
        for entry in entries:
            if self._last_at < entry.at <= latest:
                self._last_at = entry.at

    def _next_id(self) -> str:
        self._count += 1
        return f"{self.writer}.{self._count}"

    def _key(self, prefix: str, book: dict[str, list[Played]] | dict[str, list[Posted]]) -> str:
        """The key of this writer's log at ``prefix`` that takes the next entry."""
        key = self._logs.get(prefix, full_key(prefix + self.writer))
        if len(book.get(key, [])) >= LOG_MOST:
            key = full_key(f"{prefix}{self.writer}-{self._count + 1}")
        self._logs[prefix] = key
        return key

    def add_game(self, prefix: str, score: int, won: bool, ms: int) -> tuple[str, str]:
        """Count a game in this writer's log at ``prefix``; its log's key and its id."""
        key = self._key(prefix, self.games)
        game = Played(self._next_id(), score, won, ms, self.now())
        self.games.setdefault(key, []).append(game)
        self._write_games(key)
        return key, game.id

    def drop_game(self, key: str, ident: str) -> None:
        """Uncount one game this writer counted."""
        self.games[key] = [g for g in self.games.get(key, []) if g.id != ident]
        self._write_games(key)

    def drop_games(self, prefix: str) -> None:
        """Uncount every game this writer counted under ``prefix`` (a game's statistics
        reset)."""
        for key in self.games:
            if key.startswith(full_key(prefix)) and self.games[key]:
                self.games[key] = []
                self._write_games(key)

    def _write_games(self, key: str) -> None:
        text = played_text(self.games[key]) if self.games[key] else None
        self.write(key, lambda _old: text)

    def add_post(self, prefix: str, entry: ScoreEntry) -> Posted:
        """Post a score in this writer's log at ``prefix`` (written by :meth:`keep_posts`)."""
        key = self._key(prefix, self.posts)
        post = Posted(self._next_id(), entry, self.now())
        self.posts.setdefault(key, []).append(post)
        return post

    def keep_posts(self, prefix: str, on_board: set[str]) -> None:
        """Keep only this writer's posts that are on a board (the others can never be
        again: ten better are kept), and write its logs."""
        for key, posts in self.posts.items():
            if key.startswith(full_key(prefix)):
                kept = [p for p in posts if p.id in on_board]
                self.posts[key] = kept
                self._write_posts(key, kept)

    def _write_posts(self, key: str, posts: list[Posted]) -> None:
        text = posted_text(posts) if posts else None
        self.write(key, lambda _old: text)

    # -- every writer's entries ---------------------------------------------------
    def logs(self, prefix: str) -> list[str]:
        """The full keys of every writer's logs directly under ``prefix``."""
        start = full_key(prefix)
        found = {k for k in self.storage.keys() if k.startswith(start)}
        found |= {k for k in (*self.games, *self.posts) if k.startswith(start)}
        return sorted(k for k in found if k[len(start) :] and "/" not in k[len(start) :])

    def layouts(self, prefix: str) -> set[str]:
        """The layouts named by the logs under ``prefix`` (``played/<game>/``)."""
        start = full_key(prefix)
        out = set()
        for key in self.storage.keys():
            if not key.startswith(start):
                continue
            layout, _, writer = key[len(start) :].partition("/")
            if writer and "/" not in writer:
                try:
                    out.add(str(Layout.parse(layout)))
                except ValueError:  # not a layout: a stray key is no reason to fail
                    continue
        return out

    def _read(self, key: str, kind: RecordKind, newest: date) -> list[Played] | list[Posted]:
        text = settled_read(self.storage, key, kind)
        if text is None:
            return []
        cached = self._parsed.get((key, text, newest))
        if cached is None:
            if len(self._parsed) > 512:
                self._parsed.clear()
            cached = played_in(text) if kind is PLAYED_LOG else posted_in(text, newest)
            self._parsed[(key, text, newest)] = cached
        entries, clean = cached
        if not clean and self.storage.keep_copy(key, text) is not None:
            self.damaged(key)
        return entries

    def all_games(self, prefix: str) -> list[Played]:
        """Every writer's games under ``prefix``, each once."""
        out: dict[str, Played] = {}
        for key in self.logs(prefix):
            if key in self.games:
                games = self.games[key]
            else:
                games = [g for g in self._read(key, PLAYED_LOG, date.max) if isinstance(g, Played)]
                self._saw(games)
            for game in games:
                out.setdefault(game.id, game)
        return list(out.values())

    def all_posts(self, prefix: str, newest: date) -> list[Posted]:
        """Every writer's posts under ``prefix`` dated ``newest`` or before, each once."""
        out: dict[str, Posted] = {}
        for key in self.logs(prefix):
            if key in self.posts:
                posts = [p for p in self.posts[key] if date.fromisoformat(p.entry.date) <= newest]
            else:
                posts = [p for p in self._read(key, POSTED_LOG, newest) if isinstance(p, Posted)]
                self._saw(posts)
            for post in posts:
                out.setdefault(post.id, post)
        return list(out.values())
