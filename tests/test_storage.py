"""The storage layer: every backend, and every way a storage can let us down."""

from __future__ import annotations

import json
import os
import stat
import subprocess
import sys
from pathlib import Path

import pytest

from storage_fakes import BlockedWindow, FakeLocalStorage, FakeWindow
from thirteen.records.database import DatabaseStorage
from thirteen.records.platform_storage import open_storage
from thirteen.records.storage import (
    DB_NAME,
    FILE_NAME,
    FULL,
    MAX_RECOVERED,
    NAMESPACE,
    NOT_KEPT,
    RECOVERY,
    SAVED_AFTER_ALL,
    BrowserStorage,
    MemoryStorage,
    Storage,
    data_dir,
)


def backends(tmp_path: Path) -> list[Storage]:
    return [MemoryStorage(), BrowserStorage(FakeWindow()), DatabaseStorage(tmp_path / DB_NAME)]


@pytest.mark.parametrize("kind", ["memory", "browser", "file"])
def test_round_trip_and_namespace(tmp_path: Path, kind: str) -> None:
    storage = {s.kind: s for s in backends(tmp_path)}[kind]
    assert storage.kind == kind
    assert storage.get("settings") is None
    assert storage.set("settings", '{"v":1}') is True
    assert storage.get("settings") == '{"v":1}'
    assert storage.get(NAMESPACE + "settings") == '{"v":1}'
    assert storage.set("stats/thirteens/3x5", "{}")
    assert storage.keys() == [NAMESPACE + "settings", NAMESPACE + "stats/thirteens/3x5"]
    storage.remove("settings")
    storage.remove("never-there")
    assert storage.get("settings") is None
    assert storage.keys() == [NAMESPACE + "stats/thirteens/3x5"]
    assert storage.notice is None


def test_browser_leaves_other_games_keys_alone() -> None:
    ls = FakeLocalStorage()
    ls.items["othergame/save"] = "theirs"
    ls.items["highscore"] = "9000"
    storage = BrowserStorage(FakeWindow(ls))
    storage.set("scores/pyramid13", "[]")
    storage.set("scores/thirteens", "[]")
    assert storage.keys() == [NAMESPACE + "scores/pyramid13", NAMESPACE + "scores/thirteens"]
    assert ls.items["othergame/save"] == "theirs" and ls.items["highscore"] == "9000"
    assert ls.items[NAMESPACE + "scores/pyramid13"] == "[]"


def test_browser_that_throws_on_every_call_never_stops_the_game() -> None:
    storage = BrowserStorage(BlockedWindow())
    assert storage.get("settings") is None
    assert storage.notice == NOT_KEPT
    assert storage.set("settings", "x") is False
    assert storage.get("settings") == "x"  # kept for this session
    assert storage.keys() == [NAMESPACE + "settings"]
    storage.remove("settings")
    assert storage.get("settings") is None
    assert storage.keys() == []
    assert storage.usable() is False
    assert storage.set_aside("game", "junk").startswith(RECOVERY)


def test_browser_quota_error_on_write() -> None:
    ls = FakeLocalStorage(quota=60)
    storage = BrowserStorage(FakeWindow(ls))
    assert storage.set("a", "small")
    assert storage.notice is None
    assert storage.set("b", "x" * 100) is False
    assert storage.notice == FULL
    assert storage.get("b") == "x" * 100  # the session goes on as if saved
    assert NAMESPACE + "b" not in ls.items
    assert storage.set("c", "z") is False  # queued behind the refused one, in order
    assert storage.unsaved == 2 and storage.retry() is False
    ls.quota = None
    assert storage.retry() and storage.unsaved == 0  # room again: both are kept
    assert ls.items[NAMESPACE + "b"] == "x" * 100 and ls.items[NAMESPACE + "c"] == "z"
    assert storage.notice == SAVED_AFTER_ALL
    assert storage.set("b", "y")  # and later writes go straight through
    assert ls.items[NAMESPACE + "b"] == "y"


def test_file_persists_across_sessions(tmp_path: Path) -> None:
    path = tmp_path / "deep" / "dir" / DB_NAME
    first = DatabaseStorage(path)
    first.set("settings", "one")
    first.set("game", "two")
    first.remove("game")
    first.close()
    second = DatabaseStorage(path)
    assert second.get("settings") == "one"
    assert second.get("game") is None
    assert second.keys() == [NAMESPACE + "settings"]


def test_two_windows_on_one_file_keep_each_others_writes(tmp_path: Path) -> None:
    path = tmp_path / DB_NAME
    one, two = DatabaseStorage(path), DatabaseStorage(path)
    one.set("settings", "a")
    two.set("stats/pyramid", "b")
    one.set("game", "c")
    assert two.get("game") == "c" and one.get("stats/pyramid") == "b"
    two.remove("settings")
    assert one.get("settings") is None
    assert one.keys() == [NAMESPACE + "game", NAMESPACE + "stats/pyramid"]


def test_an_update_changes_the_record_as_stored_now(tmp_path: Path) -> None:
    """Each window adds to the record as the other left it, not to its own old copy."""
    path = tmp_path / DB_NAME
    one, two = DatabaseStorage(path), DatabaseStorage(path)

    def add(old: str | None) -> str:
        return str(int(old or "0") + 1)

    for _ in range(5):
        one.update("count", add)
        two.update("count", add)
    assert one.get("count") == two.get("count") == "10"


def test_set_aside_keeps_a_bounded_number_of_copies() -> None:
    storage = MemoryStorage()
    for n in range(MAX_RECOVERED + 2):
        storage.set("game", f"bad {n}")
        storage.set_aside("game", f"bad {n}")
    kept = [k for k in storage.keys() if k.startswith(RECOVERY)]
    assert len(kept) == MAX_RECOVERED
    assert sorted(storage.get(k) for k in kept) == [f"bad {n}" for n in range(2, MAX_RECOVERED + 2)]
    assert storage.get("game") is None


@pytest.mark.parametrize("stray", ["\u00b2", "\u0661", "9" * 5000, "x"])
def test_set_aside_numbers_past_stray_recovery_keys(stray: str) -> None:
    """A recovery key that is not one of ours (not plain ASCII digits, or too long for
    int) is left alone; it used to make setting a value aside fail with int()'s error."""
    storage = MemoryStorage()
    storage.set(RECOVERY + "game/" + stray, "not ours")
    storage.set(RECOVERY + "game/2", "older")
    storage.set("game", "bad")
    assert storage.set_aside("game", "bad") == RECOVERY + "game/3"
    assert storage.get(RECOVERY + "game/3") == "bad"
    assert storage.get(RECOVERY + "game/" + stray) == "not ours"
    assert storage.get("game") is None


def test_open_storage_on_the_desktop_uses_the_data_dir(tmp_path, monkeypatch) -> None:
    monkeypatch.setenv("THIRTEEN_DATA_DIR", str(tmp_path / "data"))
    storage = open_storage(platform="linux")
    assert isinstance(storage, DatabaseStorage) and storage.kind == "file"
    assert storage.path == tmp_path / "data" / DB_NAME
    assert storage.notice is None
    assert storage.keys() == []  # the probe left nothing behind


def test_open_storage_falls_back_to_memory_when_the_file_cannot_be_written(tmp_path) -> None:
    blocker = tmp_path / "a-file"
    blocker.write_text("")
    storage = open_storage(platform="linux", path=blocker / "sub" / DB_NAME)
    assert storage.kind == "memory" and storage.notice == NOT_KEPT
    assert storage.set("settings", "x") and storage.get("settings") == "x"


def test_a_file_that_cannot_be_read_is_left_alone_and_nothing_kept(tmp_path, monkeypatch) -> None:
    """No permission to read (or a folder in its place) is not corruption: the player's
    file may be fine, so it is neither renamed nor overwritten."""
    path = tmp_path / FILE_NAME
    good = json.dumps({NAMESPACE + "settings": "mine"})
    path.write_text(good)
    real = os.open

    def refuse(name, *args, **kwargs) -> int:
        if Path(name) == path:
            raise PermissionError(13, "Permission denied", str(name))
        return real(name, *args, **kwargs)

    monkeypatch.setattr(os, "open", refuse)
    storage = open_storage(platform="linux", path=tmp_path / DB_NAME)
    assert storage.kind == "memory" and storage.notice == NOT_KEPT
    assert storage.set("settings", "other")
    monkeypatch.undo()
    assert path.read_text() == good and sorted(p.name for p in tmp_path.iterdir()) == [FILE_NAME]
    folder = tmp_path / "folder" / DB_NAME
    folder.mkdir(parents=True)
    assert open_storage(platform="linux", path=folder).kind == "memory"
    assert folder.is_dir() and not list(folder.parent.glob("*.corrupt*"))


def test_open_storage_in_the_browser() -> None:
    window = FakeWindow()
    storage = open_storage(platform="emscripten", window=lambda: window)
    assert isinstance(storage, BrowserStorage) and storage.notice is None
    blocked = open_storage(platform="emscripten", window=BlockedWindow)
    assert blocked.kind == "memory" and blocked.notice == NOT_KEPT

    def no_window():
        raise ImportError("no platform.window and no js")

    assert open_storage(platform="emscripten", window=no_window).kind == "memory"
    # full (other games on an itch.io origin filled it): still read, nothing written
    ls = FakeLocalStorage()
    ls.items[NAMESPACE + "settings"] = "mine"
    ls.quota = 0
    full = open_storage(platform="emscripten", window=lambda: FakeWindow(ls))
    assert isinstance(full, BrowserStorage) and full.notice == FULL
    assert full.get("settings") == "mine" and full.keys() == [NAMESPACE + "settings"]
    assert full.set("settings", "new") is False and full.get("settings") == "new"
    assert ls.items == {NAMESPACE + "settings": "mine"}  # nothing lost, nothing written
    # nor removed: a full localStorage still takes removals, which lost a saved game
    # when it ended (and an unreadable value "set aside" only in memory)
    full.remove("settings")
    assert full.get("settings") is None and full.keys() == []
    full.set_aside("settings", "junk")
    assert ls.items == {NAMESPACE + "settings": "mine"}


def test_data_dir_per_platform(tmp_path: Path) -> None:
    home = tmp_path / "home"
    assert data_dir({}, "linux", home) == home / ".local/share/thirteen"
    assert data_dir({"XDG_DATA_HOME": "/x"}, "linux", home) == Path("/x/thirteen")
    assert data_dir({"APPDATA": "C:/Users/p/AppData/Roaming"}, "win32", home) == Path(
        "C:/Users/p/AppData/Roaming/Thirteen"
    )
    assert data_dir({}, "darwin", home) == home / "Library/Application Support/Thirteen"
    for platform in ("linux", "win32", "darwin"):
        assert data_dir({"THIRTEEN_DATA_DIR": "/t"}, platform, home) == Path("/t")


def run_guarded(code: str, data_dir: Path) -> subprocess.CompletedProcess[str]:
    """``code`` in a fresh Python with ``THIRTEEN_DATA_DIR`` set; a storage that blocks
    fails the test in seconds instead of hanging it."""
    env = {**os.environ, "THIRTEEN_DATA_DIR": str(data_dir)}
    try:
        return subprocess.run(
            [sys.executable, "-c", code], capture_output=True, text=True, timeout=30, env=env
        )
    except subprocess.TimeoutExpired:
        pytest.fail("the storage blocked (still waiting after 30 s)")


@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="no FIFOs here")
def test_a_fifo_in_place_of_the_data_file_is_refused_without_blocking(tmp_path: Path) -> None:
    """Found by review: a FIFO named thirteen.json blocked the start for ever (opening
    a FIFO to read waits for a writer).  It is left alone, as a folder there is, and
    the player is told that progress will not be kept."""
    os.mkfifo(tmp_path / FILE_NAME)
    done = run_guarded(
        "from thirteen.records.profile import Profile\n"
        "profile = Profile()\n"
        "print(profile.storage.kind)\n"
        "print(profile.notices)\n",
        tmp_path,
    )
    assert done.returncode == 0, done.stderr
    assert done.stdout.splitlines() == ["memory", repr([NOT_KEPT])]
    assert sorted(p.name for p in tmp_path.iterdir()) == [FILE_NAME]  # left as it was
    assert stat.S_ISFIFO((tmp_path / FILE_NAME).stat().st_mode)


@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="no FIFOs here")
def test_a_fifo_in_place_of_the_database_is_refused_without_blocking(tmp_path: Path) -> None:
    os.mkfifo(tmp_path / DB_NAME)
    done = run_guarded(
        "from thirteen.records.platform_storage import open_storage\n"
        "storage = open_storage(platform='linux')\n"
        "print(storage.kind, storage.set('settings', 'x'), storage.get('settings'))\n",
        tmp_path,
    )
    assert done.returncode == 0, done.stderr
    assert done.stdout == "memory True x\n"
    assert sorted(p.name for p in tmp_path.iterdir()) == [DB_NAME]
    assert stat.S_ISFIFO((tmp_path / DB_NAME).stat().st_mode)


@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="no FIFOs here")
def test_shot_profile_dir_with_a_fifo_for_its_file_says_so(tmp_path: Path) -> None:
    os.mkfifo(tmp_path / FILE_NAME)
    done = run_guarded(
        "import sys\n"
        "from thirteen.__main__ import main\n"
        f"sys.exit(main(['shot', '--game', 'pyramid', '--deal', '1', '--out', "
        f"{str(tmp_path / 'x.png')!r}, '--profile-dir', {str(tmp_path)!r}]))\n",
        tmp_path,
    )
    assert done.returncode == 2
    assert done.stderr.startswith("error: --profile-dir: cannot read ")
    assert done.stderr.endswith(": not a regular file\n")
    assert not (tmp_path / "x.png").exists()
