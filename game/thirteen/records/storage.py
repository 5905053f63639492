"""Where the game keeps what a player would hate to lose, on every platform.

Three backends behind one small interface, chosen by
:func:`~thirteen.records.platform_storage.open_storage`:

* :class:`BrowserStorage`: ``window.localStorage`` in the browser (pygbag gives
  ``from platform import window``, Pyodide ``js.window``);
* :class:`~thirteen.records.database.DatabaseStorage`: an SQLite database in the user's
  data directory on the desktop (see :func:`data_dir`; ``THIRTEEN_DATA_DIR``
  overrides it), one row per record, every write one transaction;
* :class:`MemoryStorage`: a dict, when neither works; nothing outlives the
  session.

Keys live under :data:`NAMESPACE` (``thirteen/v1/``) because on itch.io every
game shares one storage origin.  A key given without the ``thirteen/`` root is
put under the namespace, so ``get("settings")`` and
``get("thirteen/v1/settings")`` are the same value; :meth:`Storage.keys`
returns full keys.

No storage failure may stop the game: ``get``/``update``/``set``/``remove``/``keys``
never raise.  A refused write is queued and retried (:meth:`Storage.retry`); the
session sees it meanwhile, and :attr:`Storage.notice` says, quietly, that progress
is not kept, then that it is saved after all.  Values that cannot be read are not
deleted but moved under a recovery key (:meth:`Storage.set_aside`).

Standard library only: this module runs in the browser.
"""

from __future__ import annotations

import json
import os
import re
import sys
from collections.abc import Callable
from pathlib import Path
from typing import Any, Protocol

from thirteen.core.cards import is_plain_number
from thirteen.core.i18n import N_

ROOT = "thirteen/"
NAMESPACE = "thirteen/v1/"
RECOVERY = NAMESPACE + "recovered/"
"""Values set aside live at ``RECOVERY + <key without namespace> + "/" + n``."""
MAX_RECOVERED = 3
"""Recovered copies kept per key; the oldest goes when a fourth arrives."""
DB_NAME = "thirteen.db"
"""The desktop's database, in :func:`data_dir`."""
FILE_NAME = "thirteen.json"
"""The JSON data file of earlier versions: taken into the database once, then renamed
``thirteen.json.bak`` and kept."""
ENV_DIR = "THIRTEEN_DATA_DIR"

NOT_KEPT = N_("Progress will not be kept: this device's storage is unavailable.")
FULL = N_("Progress will not be kept while storage is full or blocked.")
SAVED_AFTER_ALL = N_("Storage works again: all progress is saved.")
LEGACY_UNREADABLE = N_(
    "Progress will not be kept while the old data file thirteen.json cannot be read."
)
"""Said when the data folder holds a ``thirteen.json`` that cannot be read (a folder or
a FIFO of that name, no permission): the database beside it is shown but not written,
since the file may hold records still to be taken in."""
UNSAVED = (FULL, NOT_KEPT, LEGACY_UNREADABLE)
"""The notices that say progress is not kept (each is followed by :data:`SAVED_AFTER_ALL`
once it is)."""
REPAIRED = N_("Saved data was damaged and has been repaired: nothing was lost.")
RECOVERED = "Some saved data could not be read"
"""How every notice of data set aside begins, in English (the profile names the records,
in notices marked for translation)."""

MAX_JSON_DEPTH = 32
"""The deepest nesting of brackets read back.  Our records nest four levels at most;
in the browser the stack runs out some thousands of levels deep, and that is a fatal error
of the whole page, not a RecursionError, so deeper text is refused before it is parsed."""

_JSON_MARKS = re.compile(r'["\\\[\]{}]')
"""The characters that open or close a string or a level of JSON."""


def load_json(text: str) -> Any:
    """``json.loads``, except that text nested deeper than :data:`MAX_JSON_DEPTH`
    raises ValueError without being parsed (brackets inside strings do not count)."""
    if text.count("[") + text.count("{") > MAX_JSON_DEPTH:  # else it cannot be too deep
        depth = 0
        in_string = False
        escaped = -1  # the index of the character a backslash escapes
        for mark in _JSON_MARKS.finditer(text):
            at, char = mark.start(), mark.group()
            if in_string:
                if at == escaped:
                    continue
                if char == "\\":
                    escaped = at + 1
                elif char == '"':
                    in_string = False
            elif char == '"':
                in_string = True
            elif char == "[" or char == "{":
                depth += 1
                if depth > MAX_JSON_DEPTH:
                    raise ValueError(f"nested more than {MAX_JSON_DEPTH} levels deep")
            elif char == "]" or char == "}":
                depth -= 1
    return json.loads(text)


def full_key(key: str) -> str:
    """``key`` under our namespace, unless it is already one of ours."""
    return key if key.startswith(ROOT) else NAMESPACE + key


Change = Callable[[str | None], str | None]
"""What an update does to one record: its stored text (None: none) to the new text
(None: remove it).  Called inside the backend's transaction, so it may run again on a
newer text when the write is retried: it must depend on nothing but its argument."""


class Storage:
    """Strings by key, with failures turned into return values and a notice.

    Every write is an :meth:`update`: a change applied to the record as stored now, in
    one transaction where the backend has them, so two windows that each add to a
    record keep both additions.  A write the backend refuses (a full disk, a full
    quota) is queued with the others refused after it and retried in order, on the next
    write and on :meth:`retry`; this session sees its queued writes meanwhile.

    Subclasses implement ``_get``/``_keys`` and ``_update`` (or ``_set``/``_remove``)
    and may raise anything; this class catches it.  ``kind`` is ``"browser"``,
    ``"file"`` or ``"memory"``; ``notice`` is a line for the player, or None.
    """

    kind: str = "memory"

    def __init__(self) -> None:
        self.notice: str | None = None
        self.read_only = False
        """Opened readable but not writable (its writes are queued from the start)."""
        self._overlay: dict[str, str | None] = {}
        """What this session sees of the records its queued writes change."""
        self._queued: list[tuple[str, Change]] = []
        """Writes the backend refused, oldest first, to retry in this order."""
        self._seen: dict[str, str | None] = {}
        """Each record as last read or written here: what a refused write changes when
        the record cannot be read either."""
        self.aside: list[str] = []
        """Keys whose stored values were damaged when the storage was opened (kept aside
        in a copy of the file or under recovery keys); ``""`` for damage no key names."""
        self.kept: list[str] | None = None
        """With damage that hid what else there was, the keys still kept; None when
        every other record was read whole."""
        self.repairs = 0
        """How many times damaged storage was rebuilt from what was left (each one said:
        :attr:`aside` names what was lost, if anything was)."""
        self.blocked: str | None = None
        """Why this storage can be read but not written, when the reason is not that it
        is full (a notice, :data:`LEGACY_UNREADABLE`); None otherwise."""

    # -- the backend's part -------------------------------------------------
    def _get(self, key: str) -> str | None:
        raise NotImplementedError

    def _set(self, key: str, value: str) -> None:
        raise NotImplementedError

    def _remove(self, key: str) -> None:
        raise NotImplementedError

    def _keys(self) -> list[str]:
        raise NotImplementedError

    def _update(self, key: str, change: Change) -> str | None:
        """Apply ``change`` to the stored record; the new text.  Backends with
        transactions override this to read and write in one."""
        old = self._get(key)
        old = old if isinstance(old, str) else None
        new = change(old)
        if new != old:
            if new is None:
                self._remove(key)
            else:
                self._set(key, new)
        return new

    # -- the safe part ------------------------------------------------------
    def _failed(self, message: str = FULL) -> None:
        if self.notice is None or self.notice in (RECOVERED, SAVED_AFTER_ALL):
            self.notice = self.blocked or message

    def _kept_again(self) -> None:
        """Writes are kept again after some were not: say so."""
        self.read_only = False
        if self.notice in UNSAVED:
            self.notice = SAVED_AFTER_ALL

    def get(self, key: str) -> str | None:
        key = full_key(key)
        if key in self._overlay:
            return self._overlay[key]
        try:
            value = self._get(key)
        except Exception:
            self._failed(NOT_KEPT)
            return None
        value = value if isinstance(value, str) else None
        self._seen[key] = value
        return value

    def holds(self, key: str, value: str | None) -> bool:
        """Whether ``key`` still holds ``value`` (None: nothing), so no other tab or
        window wrote it since; True when it cannot be read, which proves nothing."""
        key = full_key(key)
        if key in self._overlay:
            return self._overlay[key] == value
        try:
            now = self._get(key)
        except Exception:
            return True
        return (now if isinstance(now, str) else None) == value

    def update(self, key: str, change: Change) -> str | None:
        """Apply ``change`` to the record at ``key`` as stored now; the record's new text.

        When the backend refuses, the change is queued (and retried, see :meth:`retry`)
        and this session sees it applied to the record as it sees it.
        """
        key = full_key(key)
        if self._queued:
            self.retry()
        if not self._queued:
            try:
                new = self._update(key, change)
            except Exception:
                pass
            else:
                self._overlay.pop(key, None)
                new = new if isinstance(new, str) else None
                self._seen[key] = new
                if self.read_only:
                    self._kept_again()
                return new
        if key in self._overlay:
            new = change(self._overlay[key])
        else:
            try:
                now = self._get(key)
                now = now if isinstance(now, str) else None
            except Exception:  # unreadable too: change it as this session last saw it
                now = self._seen.get(key)
            new = change(now)
        self._seen[key] = new
        self._queued.append((key, change))
        self._overlay[key] = new
        self._failed()
        return new

    def set(self, key: str, value: str) -> bool:
        """Store ``value``; False (and a notice) when the backend refused."""
        text = str(value)
        self.update(key, lambda _old: text)
        return not self._queued

    def remove(self, key: str) -> None:
        self.update(key, lambda _old: None)

    @property
    def unsaved(self) -> int:
        """How many writes the backend refused and that are still to be retried."""
        return len(self._queued)

    def retry(self) -> bool:
        """Retry the refused writes, oldest first, each as a change of the record as
        stored now (so what another window wrote meanwhile stays); True when none is
        left.  Once they are all kept, :attr:`notice` says so."""
        if not self._queued:
            return True
        while self._queued:
            key, change = self._queued[0]
            try:
                self._update(key, change)
            except Exception:
                return False
            self._queued.pop(0)
        self._overlay.clear()
        self._kept_again()
        return True

    def keys(self) -> list[str]:
        """Our keys (full, namespaced), sorted; others' keys are never listed."""
        try:
            found = {k for k in self._keys() if isinstance(k, str) and k.startswith(ROOT)}
        except Exception:
            found = set()
        for key, value in self._overlay.items():
            if value is None:
                found.discard(key)
            else:
                found.add(key)
        return sorted(found)

    def recovery_slot(self, key: str) -> str:
        """The recovery key the next value set aside from ``key`` goes under, making room
        (up to :data:`MAX_RECOVERED` copies per key, numbered 1, the oldest, upwards)."""
        key = full_key(key)
        base = RECOVERY + key.removeprefix(NAMESPACE) + "/"
        taken = sorted(
            int(k[len(base) :])
            for k in self.keys()
            if k.startswith(base) and is_plain_number(k[len(base) :], 9)
        )
        if len(taken) >= MAX_RECOVERED:
            for n in taken[: len(taken) - MAX_RECOVERED + 1]:
                self.remove(base + str(n))
        return base + str((taken[-1] + 1) if taken else 1)

    def set_aside(self, key: str, raw: str) -> str:
        """Keep an unreadable value under a recovery key, drop it from ``key``.

        Returns the recovery key.  The value at ``key`` is removed only while it is
        still ``raw``: another window may have written a good one since.
        """
        key = full_key(key)
        slot = self.recovery_slot(key)
        self.set(slot, raw)
        self.update(key, lambda old: None if old == raw else old)
        return slot

    def keep_copy(self, key: str, raw: str) -> str | None:
        """Keep a copy of an unreadable value under a recovery key, leaving the value
        where it is (a log that another writer alone writes, and rewrites whole); the
        recovery key, or None when a copy of this value is kept already."""
        key = full_key(key)
        base = RECOVERY + key.removeprefix(NAMESPACE) + "/"
        if any(k.startswith(base) and self.get(k) == raw for k in self.keys()):
            return None
        slot = self.recovery_slot(key)
        self.set(slot, raw)
        return slot

    def usable(self) -> bool:
        """Whether a write and a read back work now (used to pick a backend)."""
        probe = NAMESPACE + ".probe"
        try:
            self._update(probe, lambda _old: "1")
            ok = self._get(probe) == "1"
            self._update(probe, lambda _old: None)
        except Exception:
            return False
        return ok

    def readable(self) -> bool:
        """Whether what is stored can be read, when writes fail (storage full, say): the
        saved game, statistics and scores are then still shown, and new progress is
        kept when the storage takes writes again."""
        try:
            self._keys()
            self._get(NAMESPACE + ".probe")
        except Exception:
            return False
        return True

    def close(self) -> None:
        """Let go of the backend (a database connection); nothing to do for most."""

    def __repr__(self) -> str:
        return f"<{type(self).__name__} kind={self.kind!r} notice={self.notice!r}>"


class MemoryStorage(Storage):
    """A dict: for tests, and the fallback when nothing else works."""

    kind = "memory"

    def __init__(self, notice: str | None = None) -> None:
        super().__init__()
        self.data: dict[str, str] = {}
        self.notice = notice

    def _get(self, key: str) -> str | None:
        return self.data.get(key)

    def _set(self, key: str, value: str) -> None:
        self.data[key] = value

    def _remove(self, key: str) -> None:
        self.data.pop(key, None)

    def _keys(self) -> list[str]:
        return list(self.data)


class LocalStorage(Protocol):
    """The page's ``window.localStorage`` as this module uses it.  What it gives back is
    checked: through the runtime's bridge a missing item may come as JS null or
    undefined rather than None."""

    @property
    def length(self) -> float: ...

    def key(self, index: int) -> object: ...

    def getItem(self, key: str) -> object: ...

    def setItem(self, key: str, value: str) -> None: ...

    def removeItem(self, key: str) -> None: ...


class PageWithStorage(Protocol):
    """The page's ``window``: pygbag's ``platform.window``, Pyodide's ``js.window``, or
    a test's stand-in."""

    @property
    def localStorage(self) -> LocalStorage: ...


class BrowserStorage(Storage):
    """``window.localStorage`` (shared with every other game on the origin).

    ``localStorage`` is looked up on every call because merely touching it
    throws when the browser blocks storage in a third-party iframe.
    """

    kind = "browser"

    def __init__(self, window_like: PageWithStorage) -> None:
        super().__init__()
        self.window = window_like

    @property
    def _ls(self) -> LocalStorage:
        return self.window.localStorage

    def _get(self, key: str) -> str | None:
        value = self._ls.getItem(key)
        return value if isinstance(value, str) else None  # JS null/undefined

    def _set(self, key: str, value: str) -> None:
        self._ls.setItem(key, value)

    def _remove(self, key: str) -> None:
        self._ls.removeItem(key)

    def _keys(self) -> list[str]:
        ls = self._ls
        found = []
        for i in range(int(ls.length)):
            key = ls.key(i)
            if isinstance(key, str):
                found.append(key)
        return found


def data_dir(
    env: dict[str, str] | None = None, platform: str | None = None, home: Path | None = None
) -> Path:
    """The per-user folder for our file: ``THIRTEEN_DATA_DIR`` if set, else
    ``%APPDATA%/Thirteen`` (Windows), ``~/Library/Application Support/Thirteen``
    (macOS), ``$XDG_DATA_HOME/thirteen`` or ``~/.local/share/thirteen``."""
    env = dict(os.environ) if env is None else env
    platform = sys.platform if platform is None else platform
    home = Path.home() if home is None else home
    if env.get(ENV_DIR):
        return Path(env[ENV_DIR])
    if platform.startswith("win"):
        base = env.get("APPDATA")
        return Path(base) / "Thirteen" if base else home / "AppData" / "Roaming" / "Thirteen"
    if platform == "darwin":
        return home / "Library" / "Application Support" / "Thirteen"
    xdg = env.get("XDG_DATA_HOME")
    return (Path(xdg) if xdg else home / ".local" / "share") / "thirteen"


def browser_window() -> Any:
    """The JS ``window``: pygbag's ``platform.window``, else Pyodide's ``js.window``."""
    import platform

    window = getattr(platform, "window", None)
    if window is not None:
        return window
    import js  # Pyodide's module, only in the page

    return js.window
