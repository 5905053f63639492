"""The store under attack, each attack of :mod:`thirteen.tools.storage_attacks` on a
smaller scale: every single-byte flip and every cut of a small database, a fake disk
with 64 KB, 256 KB and 1 MB free (and one full from the start, one that fills), and two
tabs interleaved at every point of their writes, or whose reads return garbage.

``python -m thirteen.tools.storage_attacks`` reruns each in full and prints its figures.
"""

from __future__ import annotations

import sqlite3
from collections.abc import Iterator
from pathlib import Path

import pytest

from store_fast_folder import folder_in_memory
from thirteen.records.database import DatabaseStorage
from thirteen.records.profile import Profile
from thirteen.records.storage import (
    DB_NAME,
    FULL,
    NAMESPACE,
    RECOVERED,
    REPAIRED,
    SAVED_AFTER_ALL,
)
from thirteen.tools import storage_attacks as attacks
from thirteen.tools import storage_damage as damage
from thirteen.tools.storage_fakes import FakeDisk

SMALL = {
    NAMESPACE + "settings": '{"v":2,"sound":false}',
    NAMESPACE + "played/pyramid/wa": (
        '{"v":1,"games":[{"id":"wa.1","score":3,"won":false,"ms":0,"at":1}]}'
    ),
    NAMESPACE + "game/pyramid": (
        '{"v":1,"record":{"game":"pyramid","deal":3,"moves":[' + ",".join(['"Kh"'] * 120) + "]}}"
    ),
}
"""Three records in pages of 512 bytes: the schema's page, the table's, the index's and
the saved game's overflow page (2 KB in all)."""


@pytest.fixture
def tmp_path(tmp_path: Path) -> Iterator[Path]:
    """Each test's folder in memory where the machine has one (tests/store_fast_folder.py):
    the store opens and writes the same files there, without the disk's journal."""
    with folder_in_memory(tmp_path) as folder:
        yield folder


@pytest.fixture(scope="module")
def small_file(tmp_path_factory: pytest.TempPathFactory) -> bytes:
    return damage.small_database(tmp_path_factory.mktemp("db") / DB_NAME, SMALL, 512)


# -- damage -----------------------------------------------------------------------------
def test_every_flip_of_a_small_database_keeps_what_is_whole_and_says_what_is_lost(
    small_file: bytes,
) -> None:
    """Found in an attack: a flipped byte in the key index hid records without a word,
    or made one key read another's row, which was then written back over it."""
    flips, _ = damage.sweep_damage(small_file, SMALL, flips=range(len(small_file)))
    assert flips.cases == len(small_file) == 2048
    assert flips.failed == [], flips.failed[:3]
    assert flips.lost > 0 and flips.said >= flips.lost  # losses happened, each said


def test_every_cut_of_a_small_database_keeps_what_is_whole_and_says_what_is_lost(
    small_file: bytes,
) -> None:
    _, cuts = damage.sweep_damage(small_file, SMALL, cuts=range(len(small_file)))
    assert cuts.cases == len(small_file)
    assert cuts.failed == [], cuts.failed[:3]
    assert cuts.said == cuts.cases  # a cut file always loses something, and says so


def test_a_flip_in_the_index_is_repaired_and_said_though_nothing_was_lost(
    small_file: bytes, tmp_path: Path
) -> None:
    index_page = 2 * 512  # page 3: the key index (pages 1 and 2: schema and table)
    at = small_file.index(b"thirteen/v1/settings", index_page)
    data = bytearray(small_file)
    data[at + 15] ^= 0xFF  # a letter of the settings key in the index
    (tmp_path / DB_NAME).write_bytes(bytes(data))
    profile = Profile(DatabaseStorage(tmp_path / DB_NAME))
    assert profile.notices == [REPAIRED]
    assert {k: profile.storage.get(k) for k in SMALL} == SMALL
    assert (tmp_path / (DB_NAME + ".corrupt")).read_bytes() == bytes(data)


def test_a_changed_value_is_caught_by_its_checksum(small_file: bytes, tmp_path: Path) -> None:
    """integrity_check finds nothing wrong when a byte of a value changes: each record's
    checksum does, and the record is named."""
    data = bytearray(small_file)
    at = data.index(b'"sound":false')
    data[at + 9 : at + 13] = b"true"  # still JSON, still a setting: but not what was saved
    (tmp_path / DB_NAME).write_bytes(bytes(data))
    profile = Profile(DatabaseStorage(tmp_path / DB_NAME))
    assert [str(n) for n in profile.notices] == [
        f"{RECOVERED} (settings): set aside, the rest kept."
    ]
    assert profile.settings.sound is True  # the default, not the damaged text
    assert profile.storage.get("game/pyramid") == SMALL[NAMESPACE + "game/pyramid"]


def test_damage_found_in_use_is_repaired_and_said(tmp_path: Path) -> None:
    path = tmp_path / DB_NAME
    storage = DatabaseStorage(path)
    profile = Profile(storage)
    for key, value in SMALL.items():
        storage.set(key, value)
    storage.db.execute("DROP TRIGGER records_unsummed")
    storage.db.execute(
        "UPDATE records SET value = '{\"v\":2}' WHERE key = ?", (NAMESPACE + "settings",)
    )
    assert storage.get("settings") is None  # the row is not what was written: not used
    assert storage.repairs == 1 and storage.aside == [NAMESPACE + "settings"]
    profile.save_settings()  # the profile says so at its next change
    assert any(str(n).startswith(f"{RECOVERED} (settings)") for n in profile.notices)
    assert storage.get("game/pyramid") == SMALL[NAMESPACE + "game/pyramid"]


def test_a_database_of_earlier_versions_gets_its_checksums(tmp_path: Path) -> None:
    path = tmp_path / DB_NAME
    db = sqlite3.connect(path)
    db.execute("CREATE TABLE records (key TEXT PRIMARY KEY, value TEXT NOT NULL)")
    db.executemany("INSERT INTO records VALUES (?, ?)", SMALL.items())
    db.commit()
    db.close()
    storage = DatabaseStorage(path)
    assert storage.aside == [] and storage.repairs == 0
    assert {k: storage.get(k) for k in SMALL} == SMALL
    assert storage.db.execute("SELECT count(*) FROM records WHERE sum IS NULL").fetchone() == (0,)
    # an earlier version writing a value beside this one: its row loses its checksum
    storage.db.execute("UPDATE records SET value = 'x' WHERE key = ?", (NAMESPACE + "settings",))
    assert storage.get("settings") == "x" and storage.repairs == 0


# -- a full disk --------------------------------------------------------------------------
@pytest.mark.parametrize("free", [64 * 1024, 256 * 1024, 1024 * 1024])
def test_with_little_room_every_game_and_post_is_kept(tmp_path: Path, free: int) -> None:
    """Found in an attack: with little room the log grew far past the records it held,
    saves stopped for the rest of the session, and counted games were lost."""
    run = attacks.disk_run(tmp_path, f"{free} free", free)
    assert run.lost == 0 and run.kept_games == run.played_games == 12
    assert run.unsaved_before == 0  # a refused commit was made again after a checkpoint
    assert run.log_peak <= 64 * 1024 and run.peak < 200 * 1024


def test_a_disk_full_from_the_start_keeps_everything_once_space_returns(tmp_path: Path) -> None:
    """Found in an attack: a store started on a full disk was opened read-only for good,
    and a counted game and a posted score were lost when space came back."""
    run = attacks.disk_run(tmp_path, "full", 0, games=3)
    assert run.unsaved_before > 0  # nothing could be written meanwhile
    assert run.lost == 0 and run.kept_games == 3 and run.kept_posts == run.played_posts


def test_a_disk_that_fills_then_empties_loses_nothing(tmp_path: Path) -> None:
    run = attacks.disk_run(tmp_path, "fills", 1024 * 1024, games=8, full_after=3)
    assert run.unsaved_before > 0 and run.lost == 0 and run.kept_games == 8


def test_a_store_opened_full_says_so_then_says_it_saves_again(tmp_path: Path) -> None:
    path = tmp_path / DB_NAME
    first = DatabaseStorage(path)
    first.set("settings", '{"v":2}')
    first.close()
    disk = FakeDisk(tmp_path, 0)
    storage = DatabaseStorage(path, factory=disk.factory())
    assert not storage.writable and storage.get("settings") == '{"v":2}'
    profile = Profile(storage)
    profile.settings.sound = False
    profile.save_settings()
    assert profile.unsaved == 1 and FULL in profile.notices
    disk.set_free(1 << 20)
    assert profile.retry_writes() and profile.notices[-1] == SAVED_AFTER_ALL
    storage.close()
    assert not Profile(DatabaseStorage(path)).settings.sound


def test_a_first_start_on_a_full_disk_makes_the_database_once_space_returns(
    tmp_path: Path,
) -> None:
    disk = FakeDisk(tmp_path, 0)
    storage = DatabaseStorage(tmp_path / DB_NAME, factory=disk.factory())
    # no empty database left to be taken for a cut one (the opening lock is another file)
    assert [p.name for p in tmp_path.iterdir()] in ([], [f"{DB_NAME}.lock"])
    profile = Profile(storage)
    profile.record_result(attacks.finished_game("pyramid", 5, True))
    assert profile.unsaved == 1 and profile.stats("pyramid").played == 1
    disk.set_free(1 << 20)
    assert profile.retry_writes()
    storage.close()
    assert Profile(DatabaseStorage(tmp_path / DB_NAME)).stats("pyramid").played == 1


def test_a_refused_write_checkpoints_the_log_and_is_made_again(tmp_path: Path) -> None:
    path = tmp_path / DB_NAME
    disk = FakeDisk(tmp_path, 1 << 20)
    storage = DatabaseStorage(path, factory=disk.factory())
    for n in range(6):
        storage.set(f"x/{n}", "y" * 3000)  # the log holds some pages now
    wal = Path(f"{path}-wal")
    disk.set_free(4096)  # no room for another commit, unless the log is cut back
    assert wal.stat().st_size > 4096
    assert storage.set("x/last", "z" * 100)
    assert disk.refused == 1 and storage.unsaved == 0
    assert wal.stat().st_size < 4096 * 3


# -- two tabs -------------------------------------------------------------------------------
@pytest.mark.parametrize("games, posts", [(1, 1), (2, 2)])
def test_two_tabs_interleaved_at_every_point_lose_no_count(games: int, posts: int) -> None:
    """Found in an attack: localStorage has no transactions, so a count another tab
    made between this tab's read and write of the statistics was lost."""
    runs, failures = attacks.every_point(games, posts)
    assert runs > 2 * (games + posts) and failures == 0


def test_two_tabs_interleaved_at_random_lose_no_count() -> None:
    assert attacks.random_interleavings(12, games=4, posts=3) == 0


@pytest.mark.parametrize("seed", range(4))
def test_reads_that_return_garbage_lose_no_count(seed: int) -> None:
    """Found in an attack: sessions whose reads sometimes returned garbage lost counts
    (a garbled read made the saved game look taken over by another tab)."""
    played, counted, garbled = attacks.flaky_run(0.15, seed, games=5)
    assert garbled > 0 and counted == played == 5
