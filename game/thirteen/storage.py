"""Where the game keeps what a player would hate to lose, on every platform.

Three backends behind one small interface, chosen by :func:`open_storage`:

* :class:`BrowserStorage`: ``window.localStorage`` in the browser (pygbag gives
  ``from platform import window``, Pyodide ``js.window``);
* :class:`FileStorage`: one JSON file in the user's data directory on the
  desktop (see :func:`data_dir`; ``THIRTEEN_DATA_DIR`` overrides it);
* :class:`MemoryStorage`: a dict, when neither works; nothing outlives the
  session.

Keys live under :data:`NAMESPACE` (``thirteen/v1/``) because on itch.io every
game shares one storage origin.  A key given without the ``thirteen/`` root is
put under the namespace, so ``get("settings")`` and
``get("thirteen/v1/settings")`` are the same value; :meth:`Storage.keys`
returns full keys.

No storage failure may stop the game: ``get``/``set``/``remove``/``keys`` never
raise.  A failed write is kept in a per-session overlay so the game goes on
as if it had been saved, and :attr:`Storage.notice` says, quietly, that
progress will not be kept.  Values that cannot be read are not deleted but
moved under a recovery key (:meth:`Storage.set_aside`).

Standard library only: this module runs in the browser.
"""

from __future__ import annotations

import errno
import json
import os
import re
import stat
import sys
from collections.abc import Callable
from pathlib import Path
from typing import Any

from .cards import is_plain_number

ROOT = "thirteen/"
NAMESPACE = "thirteen/v1/"
RECOVERY = NAMESPACE + "recovered/"
"""Values set aside live at ``RECOVERY + <key without namespace> + "/" + n``."""
MAX_RECOVERED = 3
"""Recovered copies kept per key; the oldest goes when a fourth arrives."""
FILE_NAME = "thirteen.json"
ENV_DIR = "THIRTEEN_DATA_DIR"

NOT_KEPT = "Progress will not be kept: this device's storage is unavailable."
FULL = "Progress will not be kept: storage is full or blocked."
RECOVERED = "Some saved data could not be read; it was set aside and the rest kept."

MAX_JSON_DEPTH = 32
"""The deepest nesting of brackets read back.  Our records nest four levels at most;
in the browser the stack runs out near 8,000 levels, and that is a fatal error of the
whole page, not a RecursionError, so deeper text is refused before it is parsed."""

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


class Storage:
    """Strings by key, with failures turned into return values and a notice.

    Subclasses implement ``_get``/``_set``/``_remove``/``_keys`` and may raise
    anything; this class catches it.  ``kind`` is ``"browser"``, ``"file"`` or
    ``"memory"``; ``notice`` is a line for the player, or None.
    """

    kind: str = "memory"

    def __init__(self) -> None:
        self.notice: str | None = None
        self.read_only = False
        """Opened readable but not writable: nothing is written or removed there at all
        (a full localStorage still takes removals: a saved game would be lost)."""
        self._overlay: dict[str, str | None] = {}
        """Writes the backend refused, so this session still sees them."""

    # -- the backend's part -------------------------------------------------
    def _get(self, key: str) -> str | None:
        raise NotImplementedError

    def _set(self, key: str, value: str) -> None:
        raise NotImplementedError

    def _remove(self, key: str) -> None:
        raise NotImplementedError

    def _keys(self) -> list[str]:
        raise NotImplementedError

    # -- the safe part ------------------------------------------------------
    def _failed(self, message: str = FULL) -> None:
        if self.notice is None or self.notice == RECOVERED:
            self.notice = message

    def get(self, key: str) -> str | None:
        key = full_key(key)
        if key in self._overlay:
            return self._overlay[key]
        try:
            value = self._get(key)
        except Exception:
            self._failed(NOT_KEPT)
            return None
        return value if isinstance(value, str) else None

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

    def set(self, key: str, value: str) -> bool:
        """Store ``value``; False (and a notice) when the backend refused."""
        key = full_key(key)
        try:
            if self.read_only:
                raise PermissionError("opened read-only")
            self._set(key, str(value))
        except Exception:
            self._overlay[key] = str(value)
            self._failed()
            return False
        self._overlay.pop(key, None)
        return True

    def remove(self, key: str) -> None:
        key = full_key(key)
        try:
            if self.read_only:
                raise PermissionError("opened read-only")
            self._remove(key)
        except Exception:
            self._overlay[key] = None
            self._failed()
        else:
            self._overlay.pop(key, None)

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

    def set_aside(self, key: str, raw: str) -> str:
        """Keep an unreadable value under a recovery key, drop it from ``key``.

        Returns the recovery key.  Up to :data:`MAX_RECOVERED` copies per key
        are kept, numbered 1 (oldest) upwards.
        """
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
        slot = base + str((taken[-1] + 1) if taken else 1)
        self.set(slot, raw)
        self.remove(key)
        if self.notice is None:
            self.notice = RECOVERED
        return slot

    def usable(self) -> bool:
        """Whether a write and a read back work now (used to pick a backend)."""
        probe = NAMESPACE + ".probe"
        try:
            self._set(probe, "1")
            ok = self._get(probe) == "1"
            self._remove(probe)
        except Exception:
            return False
        return ok

    def readable(self) -> bool:
        """Whether what is stored can be read, when writes fail (storage full, say): the
        saved game, statistics and scores are then still shown, and nothing is kept."""
        try:
            self._keys()
            self._get(NAMESPACE + ".probe")
        except Exception:
            return False
        return True

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


class BrowserStorage(Storage):
    """``window.localStorage`` (shared with every other game on the origin).

    ``window_like`` is pygbag's ``platform.window``, Pyodide's ``js.window``,
    or a fake with ``localStorage.getItem/setItem/removeItem/key/length``.
    ``localStorage`` is looked up on every call because merely touching it
    throws when the browser blocks storage in a third-party iframe.
    """

    kind = "browser"

    def __init__(self, window_like: Any) -> None:
        super().__init__()
        self.window = window_like

    @property
    def _ls(self) -> Any:
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


def _not_regular(path: Path, mode: int) -> OSError:
    if stat.S_ISDIR(mode):
        return IsADirectoryError(errno.EISDIR, os.strerror(errno.EISDIR), str(path))
    return OSError(errno.EINVAL, "not a regular file", str(path))


def read_regular_file(path: Path) -> str:
    """The text of the file at ``path``; OSError unless it is a regular file.

    A FIFO there would block the start for ever (opening one to read waits for a
    writer) and a device like /dev/zero would never end, so neither is read: the
    file is checked before it is opened, and opened without waiting, in case a FIFO
    took its place in between, and checked again.
    """
    mode = os.stat(path).st_mode  # FileNotFoundError when there is none
    if not stat.S_ISREG(mode):
        raise _not_regular(path, mode)
    fd = os.open(path, os.O_RDONLY | getattr(os, "O_NONBLOCK", 0))
    with open(fd, encoding="utf-8") as file:
        mode = os.fstat(fd).st_mode
        if not stat.S_ISREG(mode):
            raise _not_regular(path, mode)
        return file.read()


def read_data_file(path: Path) -> dict[str, Any] | None:
    """The data file's JSON object; None when the file holds anything else (not text,
    not JSON, nested too deep to read, not an object).  OSError, FileNotFoundError
    included, when it cannot be read at all (also when it is no regular file: a
    folder, a FIFO, a device)."""
    try:
        # json.loads, not load_json: this file is the desktop's, where too deep a
        # nesting is a RecursionError (only the browser's stack runs out first), and
        # a file whose one odd key nests deep still gives up its other keys
        data = json.loads(read_regular_file(path))
    except (ValueError, RecursionError):  # UnicodeDecodeError is a ValueError
        return None
    return data if isinstance(data, dict) else None


class FileStorage(Storage):
    """One small JSON object ``{key: value}`` in a file, rewritten atomically.

    A file that is not JSON, or not an object, is renamed to
    ``<name>.corrupt-<n>`` (kept, not deleted) and the game starts empty; one
    that cannot be read at all (no permission) is left alone, and the game keeps
    nothing (:func:`open_storage`).
    Entries whose value is not a string are set aside one by one under
    recovery keys, and the others kept.  Like localStorage shared by two
    browser tabs, two windows may use the file at once: each read sees the
    other's writes (the file is read again when it changed on disk), and each
    write changes only its own key in the newest contents.
    """

    kind = "file"

    def __init__(self, path: str | os.PathLike[str]) -> None:
        super().__init__()
        self.path = Path(path)
        self.data: dict[str, str] = {}
        self._seen: tuple[int, int, int] | None = None  # the file as last read or written
        self._load()
        self._seen = self._stamp()

    def _load(self) -> None:
        try:
            data = read_data_file(self.path)
        except FileNotFoundError:
            return
        # any other OSError (no permission, a folder or a FIFO in its place) is raised:
        # the file may be fine, so it is left alone and :func:`open_storage` keeps nothing
        self._seen = self._stamp()  # as read: setting values aside need not read it again
        self._take_in(data)

    def _take_in(self, data: dict[str, Any] | None) -> None:
        """The file's contents as read: its text values are kept and the others set
        aside under recovery keys; a file that is no JSON object is set aside whole."""
        if data is None:
            self._move_aside()
            self._seen = self._stamp()
            return
        self.data = {k: v for k, v in data.items() if isinstance(v, str)}
        for key, value in data.items():
            if not isinstance(value, str):
                self.set_aside(key, json.dumps(value))

    def _move_aside(self) -> None:
        for n in range(1, 1000):
            target = self.path.with_name(f"{self.path.name}.corrupt-{n}")
            if not target.exists():
                break
        try:
            os.replace(self.path, target)
        except OSError:
            pass
        self.notice = RECOVERED

    def _stamp(self) -> tuple[int, int, int] | None:
        """What tells the file changed: its time and size, and its inode, since every
        write replaces the file (coarse clocks, 1 s on HFS+ and 2 s on FAT, leave a
        same-size rewrite with the old time)."""
        try:
            st = self.path.stat()
        except OSError:
            return None
        return st.st_mtime_ns, st.st_size, st.st_ino

    def _refresh(self) -> None:
        """Take in what another window wrote since we last read or wrote the file."""
        stamp = self._stamp()
        if stamp == self._seen:
            return
        self._seen = stamp
        if stamp is None:
            return  # the file is gone: what we hold is written again on the next change
        try:
            data = read_data_file(self.path)
        except OSError:
            return  # unreadable now: keep what we have
        # what another program wrote is set aside as at a start, before the next write
        # of ours replaces it
        self._take_in(data)

    def _write(self, data: dict[str, str]) -> None:
        self.path.parent.mkdir(parents=True, exist_ok=True)
        tmp = self.path.with_name(f"{self.path.name}.{os.getpid()}.tmp")
        tmp.write_text(json.dumps(data, indent=1, sort_keys=True), encoding="utf-8")
        os.replace(tmp, self.path)
        self._seen = self._stamp()

    def _get(self, key: str) -> str | None:
        self._refresh()
        return self.data.get(key)

    def _set(self, key: str, value: str) -> None:
        self._refresh()
        if self.data.get(key) == value and self.path.exists():
            return
        new = {**self.data, key: value}
        self._write(new)
        self.data = new

    def _remove(self, key: str) -> None:
        self._refresh()
        if key not in self.data:
            return
        new = {k: v for k, v in self.data.items() if k != key}
        self._write(new)
        self.data = new

    def _keys(self) -> list[str]:
        self._refresh()
        return list(self.data)


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
    import js  # type: ignore[import-not-found]  # Pyodide only

    return js.window


def open_storage(
    platform: str | None = None,
    window: Callable[[], Any] = browser_window,
    path: str | os.PathLike[str] | None = None,
) -> Storage:
    """The best storage that works here; never raises.

    Browser (``sys.platform == "emscripten"``) → localStorage; elsewhere → the
    JSON file in :func:`data_dir`.  One that can be read but not written (a
    localStorage filled by other games on an itch.io origin, a read-only file) is
    still used, read-only, with the "full" notice: its saved game and statistics
    stay in sight, and this session's writes are kept in memory.  Neither
    readable → memory with a notice.  The arguments exist for tests.
    """
    platform = sys.platform if platform is None else platform
    try:
        if platform == "emscripten":
            storage: Storage = BrowserStorage(window())
        else:
            storage = FileStorage(path if path is not None else data_dir() / FILE_NAME)
        if storage.usable():
            return storage
        if storage.readable():
            storage.notice = FULL
            storage.read_only = True
            return storage
    except Exception:
        pass
    return MemoryStorage(notice=NOT_KEPT)
