"""Attacks on the store, each rerun in full with its figures: every single-byte flip and
every cut of a database, a disk with 64 KB, 256 KB or 1 MB free (and one that fills,
then empties), and two tabs interleaved at every point of their writes::

    python -m thirteen.tools.storage_attacks [--only damage|disk|tabs]

The fakes it attacks with (a full disk for SQLite, a localStorage that two tabs share
with their calls interleaved as a schedule says, and one whose reads sometimes return
garbage) are the tests' too (tests/test_store_attacks.py runs each on a smaller scale).
"""

from __future__ import annotations

import argparse
import os
import random
import subprocess
import sys
import tempfile
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from pathlib import Path
from types import SimpleNamespace

from thirteen.core.game import Game, Outcome
from thirteen.games import GameSetup
from thirteen.records.database import DatabaseStorage
from thirteen.records.profile import Profile
from thirteen.records.storage import DB_NAME, BrowserStorage, Storage
from thirteen.session.game_session import Session
from thirteen.tools.storage_damage import (
    fast_folder,
    sample_records,
    small_database,
    sweep_damage,
)
from thirteen.tools.storage_fakes import (
    FakeDisk,
    FlakyTabStorage,
    Interleaving,
    SharedItems,
    TabStorage,
    window_of,
)


def player_database(path: Path) -> dict[str, str]:
    """A database as a player's session leaves it: settings, the records of the first
    format, logs of games and of posts, a game in progress; its records."""
    storage = DatabaseStorage(path, durable=False)
    storage.set("stats/pyramid", '{"v":2,"played":40,"won":9,"total_score":700}')
    storage.set("scores/pyramid13", '{"v":1,"all_time":[],"days":{}}')
    seed_records(storage, 4 * 1024)
    session = Session(Profile(storage))
    play_games(session, 100, 6, Played())
    shown = session.new_game(GameSetup("pyramid13", deal=7))
    assert shown.game is not None
    play = Play(shown.game)
    for _ in range(12):
        play.game.play(play.game.legal_moves()[0])
        session.save_game(play)
    records = {key: storage.get(key) or "" for key in storage.keys()}
    storage.close()
    return records


def damage_report(quick: bool = False) -> list[str]:
    """Every flip and every cut of a database with an overflow page (pages of 512 bytes
    with ``quick``), and of a player's (without ``quick``)."""
    out = []
    with tempfile.TemporaryDirectory(prefix="thirteen-attack-") as scratch:
        records = sample_records(scale=1 if quick else 2)
        files = [
            (records, small_database(Path(scratch) / DB_NAME, records, 512 if quick else 4096))
        ]
        if not quick:
            player = Path(scratch) / "player"
            player.mkdir()
            files.append((player_database(player / DB_NAME), (player / DB_NAME).read_bytes()))
    for records, original in files:
        everywhere = range(len(original))
        flips, cuts = sweep_damage(original, records, everywhere, everywhere)
        out += [f"database of {len(original)} bytes, {len(records)} records:"]
        out += [f"  {flips.line()}", f"  {cuts.line()}"]
        for sweep in (flips, cuts):
            for at, verdict in sweep.failed[:5]:
                out.append(f"    {sweep.name} at {at}: {verdict}")
    return out


# -- a full disk ---------------------------------------------------------------------


@dataclass
class Play:
    """A table's part in a session, as the interface plays it (see :class:`Session`)."""

    game: Game
    recorded: bool = False
    detached: bool = False


@dataclass
class Played:
    """What a session kept of what it played."""

    games: int = 0
    posts: int = 0


def play_games(session: Session, first: int, n: int, played: Played) -> None:
    """Play ``n`` deals of Pyramid 13 from deal ``first`` to their end as the interface
    does (each move saved, the end counted, the score posted)."""
    profile = session.profile
    for deal in range(first, first + n):
        shown = session.new_game(GameSetup("pyramid13", deal=deal))
        assert shown.game is not None
        play = Play(shown.game)
        while not play.game.is_over:
            moves = play.game.legal_moves()
            play.game.play(moves[0])
            session.save_game(play)
        play.recorded = True
        session.record_result(play)
        played.games += 1
        if play.game.score > 0:
            profile.post_score("pyramid13", "Tester", int(play.game.score), f"deal {deal}")
            session.settle_score(play.game, posted=True)
            played.posts += 1


def seed_records(storage: Storage, size: int) -> None:
    """About ``size`` bytes of records like a player's: settings, logs of games played
    by earlier windows."""
    profile = Profile(storage, writer="wseed")
    profile.save_settings()
    n = 0
    while sum(len(storage.get(k) or "") for k in storage.keys()) < size:
        n += 1
        game = SimpleNamespace(
            setup=GameSetup("pyramid", deal=n), score=n % 29, outcome=Outcome.LOST
        )
        profile.record_result(game)  # type: ignore[arg-type]  # what record_result reads


@dataclass
class DiskRun:
    """The figures of one session on a fake disk."""

    name: str
    refused: int
    """Commits the disk refused (most are made again at once, after a checkpoint)."""
    queued: int
    """The most writes the store held queued at once (refused again after a checkpoint)."""
    unsaved_before: int
    kept_games: int
    played_games: int
    kept_posts: int
    played_posts: int
    peak: int
    log_peak: int

    @property
    def lost(self) -> int:
        return (
            self.played_games
            - self.kept_games
            + (min(self.played_posts, 10) - min(self.kept_posts, 10))
        )

    def line(self) -> str:
        return (
            f"{self.name}: {self.refused} commits refused, at most {self.queued} writes "
            f"queued, {self.unsaved_before} when space returned; then "
            f"{self.kept_games}/{self.played_games} games and "
            f"{self.kept_posts}/{min(self.played_posts, 10)} board posts kept "
            f"({self.lost} lost); files at most {self.peak // 1024} KB, "
            f"log at most {self.log_peak // 1024} KB"
        )


def disk_run(
    folder: Path,
    name: str,
    free: int,
    games: int = 12,
    full_after: int | None = None,
    seed: int = 12 * 1024,
) -> DiskRun:
    """A session of ``games`` games on a disk with ``free`` bytes free (none from the
    start when ``free`` is 0; none after ``full_after`` games), then space returns."""
    for stale in folder.iterdir():
        stale.unlink()
    path = folder / DB_NAME
    first = DatabaseStorage(path, durable=False)
    seed_records(first, seed)
    first.close()
    disk = FakeDisk(folder, free)
    storage = DatabaseStorage(path, durable=False, factory=disk.factory())
    session = Session(Profile(storage))
    log_peak = queued = 0
    played = Played()
    for n in range(games):
        if full_after is not None and n == full_after:
            disk.set_free(0)
        play_games(session, 100 + n, 1, played)
        queued = max(queued, session.profile.unsaved)
        wal = Path(f"{path}-wal")
        log_peak = max(log_peak, wal.stat().st_size if wal.exists() else 0)
    unsaved = session.profile.unsaved
    disk.capacity += 1 << 30  # space returns
    session.retry_writes()
    storage.close()
    again = Profile(DatabaseStorage(path, durable=False))
    kept = again.stats("pyramid13").played
    posts = len(again.top_all_time("pyramid13"))
    again.storage.close()
    return DiskRun(
        name,
        disk.refused,
        queued,
        unsaved,
        kept,
        played.games,
        posts,
        played.posts,
        disk.peak,
        log_peak,
    )


def disk_report() -> list[str]:
    """Sessions of 12 games on 12 KB of records with 64 KB, 256 KB and 1 MB free, on a
    disk full from the start, and on one that fills after 4 games."""
    out = []
    with tempfile.TemporaryDirectory(prefix="thirteen-attack-", dir=fast_folder()) as scratch:
        folder = Path(scratch)
        for name, free, full_after in (
            ("64 KB free", 64 * 1024, None),
            ("256 KB free", 256 * 1024, None),
            ("1 MB free", 1024 * 1024, None),
            ("full from the start", 0, None),
            ("1 MB free, full after 4 games", 1024 * 1024, 4),
        ):
            out.append(disk_run(folder, name, free, full_after=full_after).line())
    return out


def _fill(folder: Path, free: int) -> Path:
    """A file that takes all but ``free`` bytes of the file system of ``folder``."""
    filler = folder / "filler"
    with open(filler, "wb") as file:
        block = b"x" * 4096
        try:
            while True:
                stats = os.statvfs(folder)
                if stats.f_bavail * stats.f_frsize <= free:
                    break
                file.write(block)
                file.flush()
        except OSError:
            pass  # full
    return filler


def real_disk_report() -> list[str]:
    """The same sessions on a real file system of 2 MB (a tmpfs, mounted where the user
    may: root on Linux), filled with a file that is deleted when space returns."""
    if not (sys.platform.startswith("linux") and os.geteuid() == 0):
        return ["real disk: skipped (mounting a tmpfs needs root on Linux)"]
    out = []
    with tempfile.TemporaryDirectory(prefix="thirteen-attack-") as scratch:
        where = Path(scratch)
        if subprocess.run(["mount", "-t", "tmpfs", "-o", "size=2m", "tmpfs", scratch]).returncode:
            return ["real disk: skipped (mount refused)"]
        try:
            for name, free in (
                ("64 KB free", 64 * 1024),
                ("256 KB free", 256 * 1024),
                ("1 MB free", 1024 * 1024),
                ("full from the start", 0),
            ):
                for stale in where.iterdir():
                    stale.unlink()
                path = where / DB_NAME
                first = DatabaseStorage(path, durable=False)
                seed_records(first, 12 * 1024)
                first.close()
                filler = _fill(where, free)
                session = Session(Profile(DatabaseStorage(path, durable=False)))
                played, queued = Played(), 0
                for n in range(12):
                    play_games(session, 100 + n, 1, played)
                    queued = max(queued, session.profile.unsaved)
                filler.unlink()
                session.retry_writes()
                session.profile.storage.close()
                again = Profile(DatabaseStorage(path, durable=False))
                kept = again.stats("pyramid13").played
                posts = len(again.top_all_time("pyramid13"))
                again.storage.close()
                out.append(
                    f"real disk, {name}: at most {queued} writes queued; then "
                    f"{kept}/{played.games} games and {posts}/{min(played.posts, 10)} "
                    f"board posts kept"
                )
        finally:
            subprocess.run(["umount", "-l", scratch])
    return out


# -- two tabs ------------------------------------------------------------------------


def finished_game(game: str, score: int, won: bool) -> Game:
    """What record_result reads of a finished game."""
    setup = GameSetup(game, deal=1)
    outcome = Outcome.WON if won else Outcome.LOST
    return SimpleNamespace(setup=setup, score=score, outcome=outcome)  # type: ignore[return-value]  # record_result reads only these


@dataclass
class TabsRun:
    """What two tabs kept of what they did, interleaved one way."""

    counted: int
    kept: int
    posted: int
    on_board: int


def tabs_run(order: Iterable[str], games: int = 1, posts: int = 1) -> TabsRun:
    """Two tabs, each counting ``games`` games and posting ``posts`` scores, their
    storage calls interleaved in ``order``; what a third tab then sees."""
    shared = SharedItems()
    tabs = {tab: TabStorage(shared) for tab in "ab"}
    profiles = {tab: Profile(BrowserStorage(window_of(tabs[tab]))) for tab in "ab"}
    schedule = Interleaving(order)
    for tab, ls in tabs.items():
        ls.turn = schedule.turn(tab)

    def part(tab: str) -> Callable[[], None]:
        def run() -> None:
            profile = profiles[tab]
            for n in range(games):
                profile.record_result(finished_game("pyramid", 10 + n, n % 2 == 0))
            for n in range(posts):
                profile.post_score("pyramid13", f"Tab {tab}{n}", 100 + n, "deal 1")

        return run

    schedule.run({tab: part(tab) for tab in "ab"})
    seen = Profile(BrowserStorage(window_of(TabStorage(shared))))
    return TabsRun(
        2 * games, seen.stats("pyramid").played, 2 * posts, len(seen.top_all_time("pyramid13"))
    )


def calls_of(games: int = 1, posts: int = 1) -> int:
    """How many storage calls one tab's part makes, run alone."""
    schedule = Interleaving(["a"] * 100_000)
    shared = SharedItems()
    ls = TabStorage(shared)
    profile = Profile(BrowserStorage(window_of(ls)))
    ls.turn = schedule.turn("a")
    for n in range(games):
        profile.record_result(finished_game("pyramid", 10 + n, n % 2 == 0))
    for n in range(posts):
        profile.post_score("pyramid13", f"Tab a{n}", 100 + n, "deal 1")
    return schedule.calls["a"]


def every_point(games: int = 1, posts: int = 1) -> tuple[int, int]:
    """Tab b's whole part run at each point of tab a's, and a's at each point of b's:
    (runs, runs that lost a count or a post)."""
    n = calls_of(games, posts)
    runs = failures = 0
    for first, second in (("a", "b"), ("b", "a")):
        for k in range(n + 1):
            run = tabs_run([first] * k + [second] * 100_000, games, posts)
            runs += 1
            failures += run.kept != run.counted or run.on_board != min(run.posted, 10)
    return runs, failures


def random_interleavings(runs: int, games: int = 5, posts: int = 3, seed: int = 13) -> int:
    """Runs whose calls alternate between the tabs at random; how many lost anything."""
    rng = random.Random(seed)
    failures = 0
    for _ in range(runs):
        order = [rng.choice("ab") for _ in range(100_000)]
        run = tabs_run(order, games, posts)
        failures += run.kept != run.counted or run.on_board != min(run.posted, 10)
    return failures


def flaky_run(rate: float, seed: int, games: int = 6) -> tuple[int, int, int]:
    """A session of ``games`` Pyramid 13 games in a tab whose reads return garbage at
    ``rate``: (games played, games counted, reads garbled)."""
    shared = SharedItems()
    ls = FlakyTabStorage(shared, rate, seed)
    session = Session(Profile(BrowserStorage(window_of(ls))))
    played = Played()
    play_games(session, 200 + seed, games, played)
    seen = Profile(BrowserStorage(window_of(TabStorage(shared))))
    return played.games, seen.stats("pyramid13").played, ls.garbled


def tabs_report(quick: bool = False) -> list[str]:
    out = []
    for games, posts in ((1, 1), (3, 2)):
        runs, failures = every_point(games, posts)
        out.append(
            f"two tabs, each {games} game(s) counted and {posts} score(s) posted, one run "
            f"inside the other at every point: {runs} runs, {failures} lost anything"
        )
    runs = 20 if quick else 200
    failures = random_interleavings(runs)
    out.append(
        f"two tabs, 5 games and 3 posts each, random interleavings: {runs} runs, "
        f"{failures} lost anything"
    )
    sessions = 4 if quick else 16
    lost = garbled = 0
    for seed in range(sessions):
        played, counted, bad = flaky_run(0.1, seed)
        lost += played - counted
        garbled += bad
    out.append(
        f"a tab whose reads return garbage 1 in 10 times: {sessions} sessions, "
        f"{garbled} reads garbled, {lost} counted games lost"
    )
    return out


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m thirteen.tools.storage_attacks")
    parser.add_argument("--only", choices=["damage", "disk", "tabs"])
    parser.add_argument("--quick", action="store_true", help="smaller databases and runs")
    args = parser.parse_args(argv)
    if args.only in (None, "damage"):
        print("\n".join(damage_report(args.quick)), flush=True)
    if args.only in (None, "disk"):
        print("\n".join(disk_report() + real_disk_report()), flush=True)
    if args.only in (None, "tabs"):
        print("\n".join(tabs_report(args.quick)), flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
