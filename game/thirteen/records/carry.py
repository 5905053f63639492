"""Save my records, Load records: where a records file (:mod:`.records_file`) goes and
comes from, the one place where the desktop and the browser differ.

* desktop (:class:`FolderCarrier`): a save writes a new file in the data folder
  (:func:`~.storage.data_dir`) with no file chooser, and says its full path; a load reads
  the newest records file in that folder;
* browser (:class:`PageCarrier`): a save hands the text to the page, which downloads it;
  a load asks the page to open its file picker, and the file chosen arrives later: the
  game loop asks :meth:`Carrier.picked` each frame and never waits.

Standard library only: this module runs in the browser.
"""

from __future__ import annotations

import contextlib
import json
import os
import stat
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Protocol

from thirteen.core.i18n import N_, Message, message, message_n
from thirteen.records.logs import PLAYED, POSTED
from thirteen.records.records_file import (
    FILE_STEM,
    MAX_BYTES,
    TOO_LARGE,
    RecordsFileError,
    export_text,
    file_name,
    import_bytes,
)
from thirteen.records.settings import SETTINGS_KEY, settings_in
from thirteen.records.storage import data_dir

NOT_SAVED = N_("The records could not be saved: {why}")
NONE_FOUND = N_("No records file in {folder}: save one there, or copy one there, first.")
NOT_READ = N_("The records file could not be read: {why}")


@dataclass(frozen=True)
class Picked:
    """A file the player chose to load: its bytes and name, or why there are none."""

    name: str
    data: bytes | str | None = None
    problem: Message | None = None


class Carrier(Protocol):
    """Where records files go and come from."""

    def save(self, text: str, name: str) -> Message:
        """Keep ``text`` as the file ``name``; what to tell the player."""
        ...

    def pick(self) -> Message | None:
        """Start choosing a file to load (its result comes from :meth:`picked`); a line
        to show meanwhile, if any."""
        ...

    def picked(self) -> Picked | None:
        """The file chosen since :meth:`pick`, once (None: none yet)."""
        ...


def _newest(folder: Path) -> Path | None:
    """The records file in ``folder`` written last (by its time, then its name)."""
    found = []
    try:
        for path in folder.glob(f"{FILE_STEM}*.json"):
            info = path.stat()
            if stat.S_ISREG(info.st_mode):
                found.append((info.st_mtime_ns, path.name, path))
    except OSError:
        return None
    return max(found)[2] if found else None


def read_limited(path: Path) -> bytes:
    """The bytes of the regular file at ``path`` (OSError otherwise), at most one more
    than :data:`~.records_file.MAX_BYTES` (enough to refuse it as too large)."""
    fd = os.open(path, os.O_RDONLY | getattr(os, "O_NONBLOCK", 0))
    with open(fd, "rb") as file:
        if not stat.S_ISREG(os.fstat(fd).st_mode):
            raise OSError(f"{path} is not a regular file")
        return file.read(MAX_BYTES + 1)


class FolderCarrier:
    """The desktop's: files in one folder (the data folder by default)."""

    def __init__(self, folder: Path | None = None) -> None:
        self.folder = folder if folder is not None else data_dir()
        self._picked: Picked | None = None

    def save(self, text: str, name: str) -> Message:
        path = self.folder / name
        part = path.with_name(path.name + ".part")
        try:
            self.folder.mkdir(parents=True, exist_ok=True)
            part.write_text(text, encoding="utf-8")
            os.replace(part, path)
        except (OSError, UnicodeError) as exc:
            with contextlib.suppress(OSError):
                part.unlink(missing_ok=True)
            return message(NOT_SAVED, why=getattr(exc, "strerror", None) or str(exc))
        return message("Records saved to {path}", path=str(path.resolve()))

    def pick(self) -> Message | None:
        path = _newest(self.folder)
        if path is None:
            self._picked = Picked("", problem=message(NONE_FOUND, folder=str(self.folder)))
            return None
        try:
            self._picked = Picked(str(path), read_limited(path))
        except OSError as exc:
            why = exc.strerror or str(exc)
            self._picked = Picked(str(path), problem=message(NOT_READ, why=why))
        return None

    def picked(self) -> Picked | None:
        found, self._picked = self._picked, None
        return found


class PageCarrier:
    """The browser's: the page's ``thirteenRecords`` object (web/records.js) downloads
    a file and opens a file picker; ``window`` is the page's."""

    def __init__(self, window: Any) -> None:
        self.window = window

    def _page(self) -> Any:
        return getattr(self.window, "thirteenRecords", None)

    def save(self, text: str, name: str) -> Message:
        page = self._page()
        if page is None:
            return message(NOT_SAVED, why="no download in this page")
        try:
            page.save(name, text)
        except Exception as exc:  # the browser refused: say so, lose nothing
            return message(NOT_SAVED, why=str(exc) or type(exc).__name__)
        return message("Records downloaded as {name}", name=name)

    def pick(self) -> Message | None:
        page = self._page()
        if page is None:
            return message(NOT_READ, why="no file picker in this page")
        try:
            page.pick(MAX_BYTES)
        except Exception as exc:  # the browser refused the picker
            return message(NOT_READ, why=str(exc) or type(exc).__name__)
        return message("Choose a records file to load.")

    def picked(self) -> Picked | None:
        page = self._page()
        try:
            raw = page.take() if page is not None else None
        except Exception:  # a page that cannot answer now: ask again next frame
            return None
        if not isinstance(raw, str):
            return None
        try:
            found = json.loads(raw)
            name, text = str(found.get("name", "")), found.get("text")
        except (ValueError, AttributeError):
            return Picked("", problem=message(NOT_READ, why="the page's answer"))
        if found.get("cancelled"):  # the picker was closed with no file chosen
            return Picked(name)
        if found.get("error"):
            return Picked(name, problem=message(NOT_READ, why=str(found["error"])))
        if not isinstance(text, str):  # the page read none: the file is too large
            return Picked(name, problem=message(TOO_LARGE, mb=MAX_BYTES // (1024 * 1024)))
        return Picked(name, text)


def carrier_for(platform: str, window: Any = None) -> Carrier:
    """The carrier of this platform: the page's in the browser, else the data folder."""
    if platform == "emscripten":
        return PageCarrier(window)
    return FolderCarrier()


# -- the player's two actions, over a profile -------------------------------------------


def save_records(profile: Any, carrier: Carrier) -> Message:
    """Save everything ``profile`` keeps as a new records file."""
    return carrier.save(export_text(profile.storage), file_name())


def _own_log(writer: str, key: str) -> bool:
    """Whether ``key`` is a log of ``writer``'s (which it alone writes, from memory)."""
    if not key.startswith((PLAYED, POSTED)):
        return False
    return key.rpartition("/")[2].partition("-")[0] == writer


def load_records(profile: Any, picked: Picked) -> Message:
    """Merge the records file ``picked`` into ``profile``'s store; what to tell the
    player (a refusal changes nothing)."""
    if picked.problem is not None or picked.data is None:
        return picked.problem or message(NOT_READ, why="nothing")
    writer = profile.logs.writer
    try:
        merged = import_bytes(profile.storage, picked.data, lambda key: _own_log(writer, key))
    except RecordsFileError as exc:
        return exc.words
    stored = settings_in(profile.storage.get(SETTINGS_KEY))
    for name, value in vars(stored).items():  # the file's, where none were kept here
        setattr(profile.settings, name, value)
    if merged.games or merged.posts:
        return message(
            "Records loaded: {games}, {posts}.",
            games=message_n("{n} game added", "{n} games added", merged.games),
            posts=message_n("{n} score added", "{n} scores added", merged.posts),
        )
    if merged.records:
        return message_n(
            "Records loaded: no game or score new, {n} record added.",
            "Records loaded: no game or score new, {n} records added.",
            merged.records,
        )
    return message("Records loaded: nothing new (all of it was here already).")
