"""A profile written in the records' first format (tests/fixtures/profile_v1, written by
the store of that time: statistics one record per game and layout, high scores one board
per game) is shown as it was, in the browser and on the desktop, and nothing of it is
lost when the player goes on playing."""

from __future__ import annotations

import json
import shutil
from dataclasses import asdict
from datetime import date
from pathlib import Path
from types import SimpleNamespace

import pytest

from storage_fakes import FakeWindow
from thirteen.core.game import Outcome
from thirteen.games import GAMES, GameSetup
from thirteen.records.database import DatabaseStorage
from thirteen.records.profile import Profile
from thirteen.records.storage import DB_NAME, BrowserStorage, MemoryStorage, Storage

FIXTURE = Path(__file__).parent / "fixtures" / "profile_v1"
DAYS = ["2025-03-14", "2025-03-15", "2025-03-16"]


def shown(profile: Profile) -> dict:
    """What the profile shows, in the fixture's expected.json form."""
    stats = {}
    for gid, spec in GAMES.items():
        for layout in profile.layouts_played(gid) if spec.has_layout else [None]:
            found = asdict(profile.stats(gid, layout))
            found["distribution"] = {str(k): v for k, v in found["distribution"].items()}
            stats[f"{gid}/{layout}"] = found
    boards = {
        gid: {
            "all_time": [asdict(e) for e in profile.top_all_time(gid)],
            "days": {
                d: [asdict(e) for e in profile.top_today(gid, date.fromisoformat(d))] for d in DAYS
            },
        }
        for gid in GAMES
    }
    game = profile.load_game()
    assert game is not None
    return {
        "stats": stats,
        "boards": boards,
        "settings": asdict(profile.settings),
        "game": {"setup": game.setup.to_dict(), "moves": [str(m) for m in game.moves]},
        "layouts": {gid: profile.layouts_played(gid) for gid in GAMES},
    }


def browser() -> Storage:
    window = FakeWindow()
    window.localStorage.items.update(json.loads((FIXTURE / "records.json").read_text()))
    return BrowserStorage(window)


def desktop(tmp_path: Path) -> Storage:
    shutil.copyfile(FIXTURE / DB_NAME, tmp_path / DB_NAME)
    return DatabaseStorage(tmp_path / DB_NAME)


@pytest.fixture(params=["browser", "desktop"])
def old_profile(request: pytest.FixtureRequest, tmp_path: Path) -> Storage:
    return browser() if request.param == "browser" else desktop(tmp_path)


EXPECTED = json.loads((FIXTURE / "expected.json").read_text())


def test_an_old_profile_is_shown_as_it_was(old_profile: Storage) -> None:
    profile = Profile(old_profile)
    assert shown(profile) == EXPECTED
    assert profile.notices == []  # nothing set aside, nothing repaired


def test_playing_on_adds_to_the_old_profile_and_loses_nothing(old_profile: Storage) -> None:
    profile = Profile(old_profile)
    before = profile.stats("pyramid")
    won = SimpleNamespace(setup=GameSetup("pyramid", deal=9), score=28, outcome=Outcome.WON)
    profile.record_result(won, 40000)
    after = profile.stats("pyramid")
    assert after.played == before.played + 1 and after.won == before.won + 1
    assert after.current_streak == before.current_streak + 1 == 3  # the old streak goes on
    assert after.best_ms == 40000 and after.distribution[28] == before.distribution[28] + 1
    profile.post_score("pyramid13", "Zed.z", 9999, "deal 1", date(2025, 3, 16))
    board = [e.name for e in profile.top_today("pyramid13", date(2025, 3, 16))]
    old_board = EXPECTED["boards"]["pyramid13"]["days"]["2025-03-16"]
    assert board == ["Zed.z"] + [e["name"] for e in old_board]
    profile.reset_stats("thirteens")  # and a reset forgets the old counts too
    assert profile.stats("thirteens").played == profile.stats("thirteens", "4x4").played == 0
    assert profile.layouts_played("thirteens") == []
    again = Profile(old_profile)
    assert again.stats("pyramid") == after and again.stats("thirteens").played == 0
    expected = {k: v for k, v in EXPECTED["stats"].items() if not k.startswith("thirteens")}
    expected["pyramid/None"] = {
        **asdict(after),
        "distribution": {str(k): v for k, v in after.distribution.items()},
    }
    assert shown(again)["stats"] == expected


def test_the_old_database_gets_checksums_and_keeps_every_row(tmp_path: Path) -> None:
    storage = desktop(tmp_path)
    records = json.loads((FIXTURE / "records.json").read_text())
    assert {k: storage.get(k) for k in storage.keys()} == records
    assert storage.db.execute("SELECT count(*) FROM records WHERE sum IS NULL").fetchone() == (0,)
    storage.close()
    assert not list(tmp_path.glob("*.corrupt*"))


def test_the_old_records_in_memory_are_shown_as_they_were() -> None:
    storage = MemoryStorage()
    storage.data.update(json.loads((FIXTURE / "records.json").read_text()))
    assert shown(Profile(storage)) == EXPECTED
