"""The desktop's database, tested the way SQLite documents its own failure modes: a
crash mid-write (kill -9 in a loop), a full disk, a read-only file, a damaged file,
two writers at once, and the old JSON file taken in whatever one bad byte did to it."""

from __future__ import annotations

import json
import os
import random
import signal
import sqlite3
import subprocess
import sys
import time
from pathlib import Path

import pytest

from finished_games import finished
from thirteen.games import GameSetup
from thirteen.records.data_file import salvage_records
from thirteen.records.database import DatabaseStorage
from thirteen.records.notices import recovered_notice
from thirteen.records.platform_storage import open_storage
from thirteen.records.profile import Profile
from thirteen.records.sqlite_pages import record_sum
from thirteen.records.storage import (
    DB_NAME,
    FILE_NAME,
    FULL,
    NAMESPACE,
    RECOVERED,
    RECOVERY,
    SAVED_AFTER_ALL,
)
from thirteen.session.game_session import RETRY_MS, Session

GAME_DIR = str(Path(__file__).resolve().parent.parent / "game")


OLD_RECORDS = {
    NAMESPACE + "game": '{"v":1,"record":{"game":"pyramid","deal":3,"moves":["3s+Td"]}}',
    NAMESPACE + "scores/pyramid13": (
        '{"v":1,"all_time":[{"name":"Alice","score":1200,"date":"2025-03-14","deals":"deal 7",'
        '"game":"pyramid13"}],"days":{"2025-03-14":[{"name":"Alice","score":1200,'
        '"date":"2025-03-14","deals":"deal 7","game":"pyramid13"}]}}'
    ),
    NAMESPACE + "settings": (
        '{"v":2,"sound":true,"animations":null,"four_colour":true,"winnable_only":false,'
        '"auto_draw":false,"timer":false,"card_back":"red","table_colour":"green","volume":75,'
        '"show_winnable":false,"winnable_difficulty":"any","language":"","high_contrast":null,'
        '"larger_text":false}'
    ),
    NAMESPACE + "stats/pyramid": (
        '{"v":2,"played":1,"won":0,"total_score":12,"current_streak":0,"best_streak":0,'
        '"distribution":{"12":1},"best_ms":0}'
    ),
    NAMESPACE + "stats/thirteens/4x4": (
        '{"v":2,"played":1,"won":1,"total_score":52,"current_streak":1,"best_streak":1,'
        '"distribution":{"52":1},"best_ms":0}'
    ),
}
"""The records of a profile as the versions that wrote ``thirteen.json`` kept them."""


def old_profile_file() -> tuple[bytes, dict[str, str]]:
    """An old ``thirteen.json`` as earlier versions wrote it, and its records."""
    records = dict(OLD_RECORDS)
    return json.dumps(records, indent=1, sort_keys=True).encode(), records


def run_python(code: str, timeout: float = 60) -> subprocess.CompletedProcess[str]:
    env = {**os.environ, "PYTHONPATH": GAME_DIR}
    return subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, timeout=timeout, env=env
    )


# -- the old JSON file, one bad byte at a time --------------------------------------
def test_a_byte_order_mark_or_a_latin1_byte_loses_nothing() -> None:
    raw, records = old_profile_file()
    assert salvage_records(b"\xef\xbb\xbf" + raw).records == records
    for key, value in records.items():  # a Latin-1 byte inside each record in turn
        at = raw.index(json.dumps(value)[1:-1].encode()[:12])
        bad = raw[:at] + b"\xe9" + raw[at + 1 :]
        found = salvage_records(bad)
        assert set(found.records) == set(records) and not found.damaged
        assert not found.unknown, key


def test_any_cut_of_the_old_file_keeps_every_record_read_whole() -> None:
    raw, records = old_profile_file()
    text = raw.decode()
    ends = {k: text.index(json.dumps(v)) + len(json.dumps(v)) for k, v in records.items()}
    for n in range(len(raw)):
        found = salvage_records(raw[:n])
        for key, value in records.items():
            if ends[key] <= n:
                assert found.records.get(key) == value, (n, key)
            else:
                assert key not in found.records, (n, key)  # never a part taken for whole
        assert found.unknown  # and it says that something may be missing


def test_a_cut_old_file_is_taken_in_and_the_notice_says_what_was_kept(tmp_path: Path) -> None:
    raw, records = old_profile_file()
    last = raw.index(b'"thirteen/v1/stats/thirteens/4x4"')
    cut = raw[: last + 50]  # inside the last record
    (tmp_path / FILE_NAME).write_bytes(cut)
    storage = DatabaseStorage(tmp_path / DB_NAME)
    profile = Profile(storage)
    assert profile.stats("thirteens", "4x4").played == 0
    assert storage.get(RECOVERY + "stats/thirteens/4x4/1") == cut[last + 35 :].decode()
    assert profile.stats("pyramid").played == 1 and profile.settings.four_colour
    assert profile.load_game() is not None and profile.top_all_time("pyramid13")
    assert [str(n) for n in profile.notices] == [
        f"{RECOVERED} (Thirteens 4x4 statistics and part of the data file): set aside; "
        "kept the saved game, Pyramid 13 scores and 2 more."
    ]
    # the old file is kept beside, byte for byte, and is not taken in twice
    assert (tmp_path / (FILE_NAME + ".bak")).read_bytes() == cut
    assert not (tmp_path / FILE_NAME).exists()
    storage.close()
    assert Profile(DatabaseStorage(tmp_path / DB_NAME)).notices == []


def test_an_empty_old_file_is_told_not_hidden(tmp_path: Path) -> None:
    (tmp_path / FILE_NAME).write_bytes(b"")  # what a power cut left of an unsynced rename
    profile = Profile(DatabaseStorage(tmp_path / DB_NAME))
    assert [str(n) for n in profile.notices] == [
        f"{RECOVERED} (part of the data file): set aside; nothing else was found."
    ]


def test_notices_name_the_records_and_stay_short() -> None:
    assert str(recovered_notice([NAMESPACE + "stats/thirteens/3x5"])) == (
        f"{RECOVERED} (Thirteens 3x5 statistics): set aside, the rest kept."
    )
    long = str(
        recovered_notice(
            ["settings", "game", "scores/pyramid13", ""], ["stats/pyramid", "stats/pyramid13"]
        )
    )
    assert long == (
        f"{RECOVERED} (settings, the saved game and 2 more): set aside; "
        "kept Pyramid statistics and Pyramid 13 statistics."
    )
    assert len(long) < 140


# -- two windows --------------------------------------------------------------------
WRITER = """
import sys
from types import SimpleNamespace
from thirteen.records.database import DatabaseStorage
from thirteen.core.game import Outcome
from thirteen.records.profile import Profile
from thirteen.games import GameSetup
path, who, n = sys.argv[1], sys.argv[2], int(sys.argv[3])
profile = Profile(DatabaseStorage(path, durable=False))
game = SimpleNamespace(setup=GameSetup("pyramid", deal=1), score=3, outcome=Outcome.LOST)
for i in range(n):
    profile.record_result(game)
    if i % 10 == 0:
        profile.post_score("pyramid13", who * 5, 100 + i, "deal 1")
setattr(profile.settings, "sound" if who == "a" else "four_colour", who == "b")
profile.save_settings()
"""


def test_two_writer_processes_count_every_increment(tmp_path: Path) -> None:
    """Found by review: two windows on one data file lost 680 of 2,400 increments."""
    path, n = tmp_path / DB_NAME, 150
    env = {**os.environ, "PYTHONPATH": GAME_DIR}
    writers = [
        subprocess.Popen([sys.executable, "-c", WRITER, str(path), who, str(n)], env=env)
        for who in "ab"
    ]
    assert [w.wait(timeout=120) for w in writers] == [0, 0]
    profile = Profile(DatabaseStorage(path))
    stats = profile.stats("pyramid")
    assert stats.played == 2 * n and stats.distribution == {3: 2 * n}
    board = profile.top_all_time("pyramid13")
    assert sorted(e.name for e in board) == ["aaaaa"] * 5 + ["bbbbb"] * 5  # both boards
    # each window changed one setting: both changes stay
    assert not profile.settings.sound and profile.settings.four_colour


def test_a_window_never_writes_over_a_game_another_saved_since(tmp_path: Path) -> None:
    path = tmp_path / DB_NAME
    one, two = Profile(DatabaseStorage(path)), Profile(DatabaseStorage(path))
    game = GameSetup("pyramid", deal=3).new_game()
    mine = one.save_game(game, over=None)
    assert mine is not None
    game.play(game.legal_moves()[0])
    theirs = two.save_game(game, over=mine)
    assert theirs is not None and theirs != mine
    assert one.save_game(GameSetup("pyramid", deal=4).new_game(), over=mine) is None
    assert two.saved_game_text("game/pyramid") == theirs


# -- a crash mid-write ----------------------------------------------------------------
COUNTER = """
import sys
from thirteen.records.database import DatabaseStorage
storage = DatabaseStorage(sys.argv[1])
print("ready", flush=True)
while True:
    new = storage.update("count", lambda old: str(int((old or "0").rstrip(".")) + 1) + "." * 3000)
    print(new.rstrip("."), flush=True)
"""


def test_kill_9_in_a_loop_mid_write_loses_nothing_committed(tmp_path: Path) -> None:
    path = tmp_path / DB_NAME
    env = {**os.environ, "PYTHONPATH": GAME_DIR}
    rng = random.Random(13)
    last = 0
    for _ in range(6):
        child = subprocess.Popen(
            [sys.executable, "-c", COUNTER, str(path)], stdout=subprocess.PIPE, text=True, env=env
        )
        assert child.stdout is not None and child.stdout.readline() == "ready\n"
        for _ in range(rng.randint(1, 12)):
            last = int(child.stdout.readline())
        time.sleep(rng.random() / 50)  # somewhere inside a later write
        child.send_signal(signal.SIGKILL)
        child.wait(timeout=10)
        storage = DatabaseStorage(path)  # opens, whole: no set aside, no notice
        assert storage.aside == [] and storage.notice is None
        assert storage.db.execute("PRAGMA integrity_check").fetchall() == [("ok",)]
        count = int(storage.get("count").rstrip("."))
        assert last <= count  # every commit reported is there
        last = count
        storage.close()
    assert not list(tmp_path.glob("*.corrupt*"))


# -- a full disk ----------------------------------------------------------------------
def fill_up(storage: DatabaseStorage) -> None:
    """A real SQLITE_FULL from SQLite itself, on any machine: the database may not
    grow past the pages it has."""
    db = storage.db
    db.execute(f"PRAGMA max_page_count = {db.execute('PRAGMA page_count').fetchone()[0]}")
    n = 0
    for size in (900, 300, 100, 30, 10, 1):  # and use up the room its pages have
        while True:
            n += 1
            key, value = f"filler/{n}", "x" * size
            try:
                db.execute(
                    "INSERT INTO records (key, value, sum, seq) VALUES (?, ?, ?, 0)",
                    (key, value, record_sum(key, value, 0)),
                )
            except sqlite3.OperationalError as exc:
                assert "full" in str(exc)
                break


def test_writes_refused_while_the_disk_is_full_are_kept_when_space_returns(
    tmp_path: Path,
) -> None:
    path = tmp_path / DB_NAME
    storage = DatabaseStorage(path)
    profile = Profile(storage)
    page = Session(profile, tell=lambda message, ms: told.append(message))
    told: list[str] = []
    profile.record_result(finished("pyramid", 5))
    fill_up(storage)
    big = GameSetup("pyramid13", deal=7).new_game()
    for _ in range(30):
        big.play(big.legal_moves()[0])
    profile.save_game(big)  # a record that needs new pages: refused
    profile.record_result(finished("pyramid", 6))  # queued behind it, in order
    assert profile.unsaved == 2 and FULL in profile.notices
    assert profile.stats("pyramid").played == 2  # this window sees both meanwhile
    other = Profile(DatabaseStorage(path))  # another window counts a game meanwhile
    full = storage.db.execute("PRAGMA page_count").fetchone()[0]
    other.storage.db.execute(f"PRAGMA max_page_count = {full}")  # on the same full disk
    other.record_result(finished("pyramid", 7))
    page.watch(None, RETRY_MS)  # still full: still queued
    assert profile.unsaved == 2
    for window in (storage, other.storage):  # space returns
        window.db.execute("PRAGMA max_page_count = 1000000")
    page.watch(None, RETRY_MS)
    assert profile.unsaved == 0 and told[-1] == SAVED_AFTER_ALL
    assert other.retry_writes()
    again = Profile(DatabaseStorage(path))
    assert again.stats("pyramid").played == 3  # both windows' games, none lost
    assert again.load_game().moves == big.moves
    assert page.close() is None


def test_a_window_closed_while_the_disk_is_full_says_what_was_not_kept(tmp_path: Path) -> None:
    storage = DatabaseStorage(tmp_path / DB_NAME)
    profile = Profile(storage)
    fill_up(storage)
    profile.post_score("pyramid13", "Alice", 900, "deal 7")
    profile.record_result(finished("pyramid", 6))
    said = Session(profile).close()
    assert said is not None and "2 change(s) could not be saved" in said


def can_mount() -> bool:
    return sys.platform.startswith("linux") and hasattr(os, "geteuid") and os.geteuid() == 0


@pytest.fixture
def small_disk(tmp_path: Path):
    """A real 200 KB file system (tmpfs), where mounting is allowed (root on Linux)."""
    if not can_mount():
        pytest.skip("mounting a small tmpfs needs root on Linux (the page-limit test runs)")
    where = tmp_path / "disk"
    where.mkdir()
    done = subprocess.run(["mount", "-t", "tmpfs", "-o", "size=200k", "tmpfs", str(where)])
    if done.returncode != 0:
        pytest.skip("mount refused here (the page-limit test runs)")
    yield where
    subprocess.run(["umount", "-l", str(where)])


def test_a_real_full_disk_then_space_again(small_disk: Path) -> None:
    storage = DatabaseStorage(small_disk / DB_NAME)
    profile = Profile(storage)
    profile.record_result(finished("pyramid", 5))
    filler = small_disk / "filler"
    fd = os.open(filler, os.O_WRONLY | os.O_CREAT)
    try:  # take every byte that is left
        while os.write(fd, b"x" * 4096):
            pass
    except OSError:
        pass
    finally:
        os.close(fd)
    for n in range(20):
        profile.post_score("pyramid13", "Alice", 100 + n, "x" * 30)
        if profile.unsaved:
            break
    assert profile.unsaved and FULL in profile.notices
    filler.unlink()
    assert profile.retry_writes() and SAVED_AFTER_ALL in profile.notices
    storage.close()
    again = Profile(DatabaseStorage(small_disk / DB_NAME))
    assert again.stats("pyramid").played == 1
    assert len(again.top_all_time("pyramid13")) == n + 1


# -- a read-only file, a damaged file --------------------------------------------------
def test_a_read_only_database_is_read_and_writes_are_queued(tmp_path: Path) -> None:
    path = tmp_path / "ro" / DB_NAME
    saved = DatabaseStorage(path)
    saved.set("settings", "mine")
    saved.close()
    if can_mount():  # root writes through file modes: a read-only file system instead
        subprocess.run(["mount", "-t", "tmpfs", "tmpfs", str(path.parent)], check=True)
        try:
            on_disk = DatabaseStorage(path)
            on_disk.set("settings", "mine")
            on_disk.close()
            subprocess.run(["mount", "-o", "remount,ro", str(path.parent)], check=True)
            check_read_only(path)
        finally:
            subprocess.run(["umount", "-l", str(path.parent)])
    if os.geteuid() != 0:
        path.chmod(0o444)
        check_read_only(path)


def check_read_only(path: Path) -> None:
    before = path.read_bytes()
    storage = open_storage(platform="linux", path=path)
    assert isinstance(storage, DatabaseStorage) and storage.notice == FULL
    assert storage.get("settings") == "mine"
    assert storage.set("settings", "other") is False and storage.get("settings") == "other"
    assert storage.unsaved == 1 and path.read_bytes() == before
    storage.close()


def test_a_file_that_is_no_database_is_set_aside_and_said(tmp_path: Path) -> None:
    (tmp_path / DB_NAME).write_bytes(b"this is not SQLite" * 100)
    profile = Profile(DatabaseStorage(tmp_path / DB_NAME))
    assert [str(n) for n in profile.notices] == [
        f"{RECOVERED} (part of the data file): set aside; nothing else was found."
    ]
    assert (tmp_path / (DB_NAME + ".corrupt")).read_bytes() == b"this is not SQLite" * 100
    profile.save_settings()  # a fresh database works


def test_a_damaged_page_loses_only_the_record_on_it(tmp_path: Path) -> None:
    path = tmp_path / DB_NAME
    storage = DatabaseStorage(path)
    storage.set("settings", '{"v":1}')
    storage.set("stats/pyramid", '{"v":2,"played":4}')
    storage.set("game", "G" * 20_000)  # on pages of its own
    storage.set("scores/pyramid13", "S" * 20_000)
    storage.close()
    data = bytearray(path.read_bytes())
    page = 4096
    overflow = [at for at in range(0, len(data), page) if data[at : at + page].count(b"G") > 4000]
    at = overflow[len(overflow) // 2]  # one of the game's own overflow pages
    data[at : at + page] = b"\xff" * page
    path.write_bytes(bytes(data))
    storage = DatabaseStorage(path)
    assert storage.aside == [NAMESPACE + "game"] and storage.kept is None
    assert storage.get("game") is None and storage.get("scores/pyramid13") == "S" * 20_000
    assert storage.get("settings") == '{"v":1}' and storage.get("stats/pyramid")
    assert (tmp_path / (DB_NAME + ".corrupt")).exists()
    notice = Profile(storage).notices[0]
    assert str(notice) == f"{RECOVERED} (the saved game): set aside, the rest kept."


# -- the browser ------------------------------------------------------------------------
def test_the_browser_path_never_imports_sqlite3() -> None:
    """pygbag's Python has no sqlite3: the browser's storage must not need it."""
    done = run_python(
        "import sys\n"
        "sys.modules['sqlite3'] = None\n"  # import sqlite3 now raises ImportError
        "from types import SimpleNamespace\n"
        "from thirteen.records.platform_storage import open_storage\n"
        "from thirteen.records import profile\n"
        "from thirteen.session import game_session, share\n"
        "class LS:\n"
        "    items = {}\n"
        "    length = property(lambda self: len(self.items))\n"
        "    def getItem(self, k): return self.items.get(k)\n"
        "    def setItem(self, k, v): self.items[k] = v\n"
        "    def removeItem(self, k): self.items.pop(k, None)\n"
        "    def key(self, i): return list(self.items)[i]\n"
        "win = SimpleNamespace(localStorage=LS())\n"
        "s = open_storage(platform='emscripten', window=lambda: win)\n"
        "p = profile.Profile(s)\n"
        "p.save_settings()\n"
        "print(s.kind, 'thirteen.records.database' in sys.modules)\n"
        "print(open_storage(platform='linux').kind)\n"  # no sqlite3 at all: memory
    )
    assert done.returncode == 0, done.stderr
    assert done.stdout.split() == ["browser", "False", "memory"]


def test_sqlite_is_used_as_documented(tmp_path: Path) -> None:
    storage = DatabaseStorage(tmp_path / DB_NAME)
    db = storage.db
    assert db.execute("PRAGMA journal_mode").fetchone() == ("wal",)
    assert db.execute("PRAGMA synchronous").fetchone() == (2,)  # FULL: synced each commit
    assert db.execute("PRAGMA busy_timeout").fetchone()[0] >= 5000
    assert isinstance(db, sqlite3.Connection)
