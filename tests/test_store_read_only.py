"""Readable records are shown, read-only and said so, whatever else is wrong around the
database: a FIFO or a folder named thirteen.json beside it, a data folder that cannot
be written, damage in a folder that cannot be written.  Once the cause is gone, the
next write keeps everything queued meanwhile."""

from __future__ import annotations

import contextlib
import os
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest

from thirteen.records.database import DatabaseStorage
from thirteen.records.platform_storage import open_storage
from thirteen.records.profile import Profile
from thirteen.records.storage import (
    DB_NAME,
    FILE_NAME,
    FULL,
    LEGACY_UNREADABLE,
    NAMESPACE,
    RECOVERED,
    SAVED_AFTER_ALL,
)

SETTINGS = '{"v":2,"sound":false,"four_colour":true}'


def good_database(folder: Path) -> bytes:
    storage = DatabaseStorage(folder / DB_NAME)
    storage.set("settings", SETTINGS)
    storage.set("game/pyramid", '{"v":1,"record":{"game":"pyramid","deal":3,"moves":[]}}')
    storage.close()
    return (folder / DB_NAME).read_bytes()


@pytest.mark.parametrize("in_the_way", ["fifo", "folder"])
def test_a_good_database_beside_a_thirteen_json_that_cannot_be_read_is_shown(
    tmp_path: Path, in_the_way: str
) -> None:
    """Found in an attack: a FIFO or a folder named thirteen.json beside a good
    thirteen.db showed "storage is unavailable" and none of the records."""
    before = good_database(tmp_path)
    legacy = tmp_path / FILE_NAME
    if in_the_way == "fifo":
        if not hasattr(os, "mkfifo"):
            pytest.skip("no FIFOs here")
        os.mkfifo(legacy)
    else:
        legacy.mkdir()
    profile = Profile(open_storage(platform="linux", path=tmp_path / DB_NAME))
    assert profile.storage.kind == "file" and profile.notices == [LEGACY_UNREADABLE]
    assert not profile.settings.sound and profile.settings.four_colour
    assert profile.load_game() is not None
    profile.settings.sound = True
    profile.save_settings()  # kept for the session, not written
    assert profile.unsaved == 1 and (tmp_path / DB_NAME).read_bytes() == before
    legacy.unlink() if in_the_way == "fifo" else legacy.rmdir()
    assert profile.retry_writes() and profile.notices[-1] == SAVED_AFTER_ALL
    profile.storage.close()
    assert Profile(DatabaseStorage(tmp_path / DB_NAME)).settings.sound


@contextlib.contextmanager
def unwritable(folder: Path) -> Iterator[None]:
    """``folder`` (made, with its files, before) cannot be written inside the block: a
    read-only mount where the user may mount (root writes through file modes), else
    its mode."""
    if sys.platform.startswith("linux") and os.geteuid() == 0:
        subprocess.run(["mount", "--bind", str(folder), str(folder)], check=True)
        try:
            subprocess.run(["mount", "-o", "remount,bind,ro", str(folder)], check=True)
            yield
        finally:
            subprocess.run(["umount", "-l", str(folder)])
    elif hasattr(os, "geteuid"):
        folder.chmod(0o555)
        try:
            yield
        finally:
            folder.chmod(0o755)
    else:
        pytest.skip("no way to make a folder read-only here")


def test_a_database_in_a_folder_that_cannot_be_written_is_shown(tmp_path: Path) -> None:
    """Found in an attack: with the data folder not writable, the integrity check
    failed before the read-only fallback, and nothing was shown."""
    folder = tmp_path / "data"
    folder.mkdir()
    before = good_database(folder)
    with unwritable(folder):
        profile = Profile(open_storage(platform="linux", path=folder / DB_NAME))
        assert profile.storage.kind == "file" and profile.notices == [FULL]
        assert not profile.settings.sound and profile.load_game() is not None
        profile.settings.sound = True
        profile.save_settings()
        assert profile.unsaved == 1
        assert not profile.retry_writes()
    assert (folder / DB_NAME).read_bytes() == before
    assert profile.retry_writes() and profile.notices[-1] == SAVED_AFTER_ALL
    profile.storage.close()
    assert Profile(DatabaseStorage(folder / DB_NAME)).settings.sound


def test_a_damaged_database_in_a_folder_that_cannot_be_written_is_repaired_in_memory(
    tmp_path: Path,
) -> None:
    folder = tmp_path / "data"
    folder.mkdir()
    data = bytearray(good_database(folder))
    at = data.index(b'"sound":false')
    data[at + 9 : at + 13] = b"true"  # the settings' checksum no longer matches
    (folder / DB_NAME).write_bytes(bytes(data))
    with unwritable(folder):
        profile = Profile(open_storage(platform="linux", path=folder / DB_NAME))
        assert [str(n) for n in profile.notices] == [
            f"{RECOVERED} (settings): set aside, the rest kept.",
            FULL,
        ]
        assert profile.load_game() is not None and profile.settings.sound  # the default
        profile.settings.four_colour = True
        profile.save_settings()
    assert (folder / DB_NAME).read_bytes() == bytes(data)  # untouched meanwhile
    assert profile.retry_writes()  # the rebuilt database is put in place, then written
    assert (folder / (DB_NAME + ".corrupt")).read_bytes() == bytes(data)
    profile.storage.close()
    again = DatabaseStorage(folder / DB_NAME)
    assert again.aside == [] and again.get("game/pyramid") is not None
    assert again.get("settings") is not None and again.get(NAMESPACE + "settings") is not None
