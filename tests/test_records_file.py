"""Records a player can carry (records/records_file.py, records_merge.py, carry.py): one
file of everything, merged into another store so that no game or score is counted twice,
however often and in whichever order files are loaded; and every file that is refused
(damaged, foreign, newer, huge) changes nothing."""

from __future__ import annotations

import hashlib
import json
from datetime import UTC, date, datetime
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from finished_games import finished
from records_pages import FakePage
from thirteen.games import GameSetup
from thirteen.records.carry import (
    FolderCarrier,
    PageCarrier,
    Picked,
    load_records,
    save_records,
)
from thirteen.records.daily import DailyResult, daily_text
from thirteen.records.logs import Played, Posted, played_text, posted_text, reset_text
from thirteen.records.profile import Profile
from thirteen.records.records_file import (
    FORMAT,
    MAX_BYTES,
    SECTIONS,
    RecordsFileError,
    canonical,
    export_text,
    file_text,
    import_bytes,
    read_records_file,
    records_body,
)
from thirteen.records.saved_game import game_record_text, slot_key
from thirteen.records.scores import ScoreEntry
from thirteen.records.settings import Settings, settings_text
from thirteen.records.stats import Stats, stats_text
from thirteen.records.storage import NAMESPACE, MemoryStorage, data_dir

NOW = datetime(2026, 12, 5, 3, 0, 0, tzinfo=UTC)
BASE_AT = 1_796_000_000_000


def store(records: dict[str, str]) -> MemoryStorage:
    storage = MemoryStorage()
    storage.data = {NAMESPACE + key: text for key, text in records.items()}
    return storage


def short(storage: MemoryStorage) -> dict[str, str]:
    return {k.removeprefix(NAMESPACE): v for k, v in storage.data.items()}


# -- what a device holds, drawn at random ------------------------------------------------

WRITERS = ("wa", "wb", "wc")
GAMES = (("pyramid", "played/pyramid/"), ("thirteens", "played/thirteens/3x5/"))


def a_game(writer: str, n: int) -> Played:
    """The game a writer counted n-th: the same id is always the same game."""
    seed = int(hashlib.sha256(f"{writer}.{n}".encode()).hexdigest()[:8], 16)
    won = seed % 3 == 0
    return Played(f"{writer}.{n}", seed % 40, won, (seed % 9000 + 1) if won else 0, BASE_AT + seed)


def a_post(writer: str, n: int) -> Posted:
    seed = int(hashlib.sha256(f"post {writer}.{n}".encode()).hexdigest()[:8], 16)
    entry = ScoreEntry(f"Name{seed % 7}x", seed % 90, "2026-12-01", f"deal {n}", "pyramid13")
    return Posted(f"{writer}.p{n}", entry, BASE_AT + seed)


def a_day(writer: str, n: int) -> DailyResult:
    """The day's deal a writer counted n-th: the same id is always the same entry."""
    seed = int(hashlib.sha256(f"day {writer}.{n}".encode()).hexdigest()[:8], 16)
    day = date(2026, 12, 1 + seed % 28)
    return DailyResult(
        f"{writer}.d{n}", "pyramid", day, seed % 2 == 0, seed % 90, False, BASE_AT + seed
    )


entries = st.frozensets(st.tuples(st.sampled_from(WRITERS), st.integers(1, 6)), max_size=10)


@st.composite
def devices(draw) -> dict[str, str]:
    """A device's store: logs of games and posts (drawn from one pool, so two devices may
    share entries), maybe a reset, maybe statistics and a board of the first format."""
    records: dict[str, str] = {}
    for game, prefix in GAMES:
        picked = draw(entries)
        for writer in WRITERS:
            games = sorted((a_game(w, n) for w, n in picked if w == writer), key=lambda g: g.at)
            if games:
                records[prefix + writer] = played_text(games)
        if draw(st.booleans()):
            records[f"reset/{game}"] = reset_text(BASE_AT + draw(st.integers(0, 2**32)))
        if draw(st.booleans()):
            played = draw(st.integers(0, 30))
            won = draw(st.integers(0, played))
            old = Stats(played, won, draw(st.integers(0, 500)), 0, draw(st.integers(0, 9)))
            old.distribution = draw(st.dictionaries(st.integers(0, 40), st.integers(1, 5)))
            records["stats/" + prefix.removeprefix("played/").rstrip("/")] = stats_text(old)
    posts = draw(entries)
    for writer in WRITERS:
        mine = [a_post(w, n) for w, n in posts if w == writer]
        if mine:
            records[f"posted/pyramid13/{writer}"] = posted_text(mine)
    days = draw(entries)
    for writer in WRITERS:
        counted = sorted((a_day(w, n) for w, n in days if w == writer), key=lambda r: r.at)
        if counted:
            records[f"daily/{writer}"] = daily_text(counted)
    if draw(st.booleans()):
        records["settings"] = settings_text(Settings(sound=draw(st.booleans())))
    return records


def figures(storage: MemoryStorage) -> tuple:
    """Everything the statistics screen shows of ``storage``."""
    profile = Profile(storage, writer="wreader")
    return (
        profile.stats("pyramid"),
        profile.stats("thirteens", "3x5"),
        sorted((e.name, e.score) for e in profile.top_all_time("pyramid13")),
        sorted((r.id, r.day, r.won, r.score) for r in profile.daily.all_results()),
    )


def merged(into: dict[str, str], came: dict[str, str]) -> MemoryStorage:
    storage = store(into)
    import_bytes(storage, export_text(store(came), NOW))
    return storage


SLOW = settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])


@SLOW
@given(devices(), devices())
def test_loading_the_same_file_twice_changes_nothing(here, there) -> None:
    storage = merged(here, there)
    once = dict(storage.data)
    import_bytes(storage, export_text(store(there), NOW))
    assert storage.data == once


@SLOW
@given(devices(), devices())
def test_merging_is_commutative_for_the_statistics_and_scores(one, two) -> None:
    assert figures(merged(one, two)) == figures(merged(two, one))


@SLOW
@given(devices(), devices())
def test_a_game_on_both_devices_is_counted_once(one, two) -> None:
    """Merged, each game counts once: the played count is that of the union of ids (when
    neither device reset and neither has counts of the first format)."""
    one = {k: v for k, v in one.items() if not k.startswith(("reset/", "stats/"))}
    two = {k: v for k, v in two.items() if not k.startswith(("reset/", "stats/"))}
    storage = merged(one, two)
    ids = set()
    for records in (one, two):
        for key, text in records.items():
            if key.startswith("played/pyramid/"):
                ids |= {g["id"] for g in json.loads(text)["games"]}
    assert figures(storage)[0].played == len(ids)


@SLOW
@given(devices())
def test_export_of_an_import_is_the_file_again(records) -> None:
    body = records_body(store(records), NOW)
    fresh = MemoryStorage()
    import_bytes(fresh, file_text(body))
    assert records_body(fresh, NOW) == body
    assert short(fresh) == records


# -- each kind of record ---------------------------------------------------------------


def test_a_later_reset_wins_and_the_first_format_takes_the_larger_count() -> None:
    here = {"reset/pyramid": reset_text(BASE_AT + 5), "stats/pyramid": stats_text(Stats(4, 1))}
    there = {"reset/pyramid": reset_text(BASE_AT + 9), "stats/pyramid": stats_text(Stats(2, 2))}
    storage = merged(here, there)
    assert json.loads(storage.get("reset/pyramid"))["at"] == BASE_AT + 9
    assert json.loads(storage.get("stats/pyramid"))["played"] == 4
    assert json.loads(storage.get("stats/pyramid"))["won"] == 2


def test_settings_and_the_game_in_progress_here_are_kept_else_taken() -> None:
    pyramid, elevens = GameSetup("pyramid", deal=3), GameSetup("elevens", deal=8)
    mine = game_record_text(pyramid.new_game())
    theirs = game_record_text(GameSetup("pyramid", deal=5).new_game())
    other = game_record_text(elevens.new_game())
    assert mine and theirs and other
    there = {
        "settings": settings_text(Settings(sound=False)),
        slot_key(pyramid): theirs,
        slot_key(elevens): other,
    }
    kept = merged({"settings": settings_text(Settings(volume=10)), slot_key(pyramid): mine}, there)
    assert Profile(kept).settings.volume == 10 and Profile(kept).settings.sound is True
    assert kept.get(slot_key(pyramid)) == mine  # this device's game of that slot stays
    assert kept.get(slot_key(elevens)) == other  # the file's fills an empty slot
    taken = merged({}, there)
    assert Profile(taken).settings.sound is False
    assert taken.get(slot_key(pyramid)) == theirs


def test_a_game_saved_by_the_one_slot_version_is_carried_into_its_slot() -> None:
    theirs = game_record_text(GameSetup("elevens", deal=8).new_game())
    assert theirs
    taken = merged({}, {"game": theirs})
    assert Profile(taken).load_game(slot_key(GameSetup("elevens", deal=8))) is not None


def test_an_unknown_record_is_carried_and_a_damaged_copy_is_not() -> None:
    there = {"calendar/2026-12": '{"v":1,"days":[1,2]}', "recovered/stats/pyramid/1": "junk"}
    body = records_body(store(there), NOW)
    assert body["sections"]["other"] == {"calendar/2026-12": {"v": 1, "days": [1, 2]}}
    assert [s.name for s in SECTIONS][-1] == "other"
    assert short(merged({}, there)) == {"calendar/2026-12": '{"v":1,"days":[1,2]}'}
    assert short(merged({"calendar/2026-12": "mine"}, there)) == {"calendar/2026-12": "mine"}


def test_a_damaged_log_here_is_never_written_over() -> None:
    there = {"played/pyramid/wa": played_text([a_game("wa", 1)])}
    assert short(merged({"played/pyramid/wa": "{garbage"}, there))["played/pyramid/wa"] == (
        "{garbage"
    )


def test_the_loading_window_s_own_logs_are_left_to_it() -> None:
    """A window writes its own logs whole from memory: the file's copy of them is not
    merged in (it would be written over with the window's next game)."""
    storage = MemoryStorage()
    profile = Profile(storage, writer="wme")
    profile.record_result(finished("pyramid", 12, True))
    text = export_text(storage, NOW)
    other = json.loads(text)
    assert "played/pyramid/wme" in other["body"]["sections"]["statistics"]
    profile.logs.drop_games("played/pyramid/")
    message = load_records(profile, Picked("f", text))
    assert "nothing new" in str(message)
    assert profile.stats("pyramid").played == 0


def test_loading_says_what_it_added_and_the_statistics_show_it() -> None:
    there = MemoryStorage()
    far = Profile(there, writer="wfar")
    for score in (5, 9, 13):
        far.record_result(finished("pyramid", score, score == 13))
    far.post_score("pyramid13", "Carla", 77, "deal 2")
    here = Profile(MemoryStorage(), writer="whome")
    here.record_result(finished("pyramid", 2, False))
    said = str(load_records(here, Picked("f", export_text(there))))
    assert said == "Records loaded: 3 games added, 1 score added."
    assert here.stats("pyramid").played == 4
    assert [e.name for e in here.top_all_time("pyramid13")] == ["Carla"]
    again = str(load_records(here, Picked("f", export_text(there))))
    assert again == "Records loaded: nothing new (all of it was here already)."
    assert here.stats("pyramid").played == 4


# -- files that are refused change nothing ---------------------------------------------------


def good_file() -> str:
    storage = MemoryStorage()
    Profile(storage, writer="wx").record_result(finished("pyramid", 7, True))
    return export_text(storage, NOW)


def damaged() -> str:
    return good_file().replace('"score": 7', '"score": 8')


def newer() -> str:
    data = json.loads(good_file())
    data["version"] = 2
    return json.dumps(data)


def cut_short() -> str:
    text = good_file()
    return text[: len(text) // 2]


def huge() -> bytes:
    return b" " * (MAX_BYTES + 1) + good_file().encode()


def unchecked_body() -> str:
    data = json.loads(good_file())
    data["body"]["sections"] = {"statistics": ["not", "records"]}
    data["sha256"] = hashlib.sha256(canonical(data["body"])).hexdigest()
    return json.dumps(data)


REFUSED = {
    damaged: "This records file is damaged: nothing was loaded.",
    cut_short: "This records file is damaged: nothing was loaded.",
    unchecked_body: "This records file is damaged: nothing was loaded.",
    lambda: '{"name": "another program", "items": [1, 2]}': (
        "This is not a Thirteen records file: nothing was loaded."
    ),
    lambda: (
        b"\x89PNG\r\n\x1a\n\x00\x00"
    ): "This is not a Thirteen records file: nothing was loaded.",
    newer: "This records file is from a newer version of Thirteen: update the game to load it.",
    huge: "This file is too large to be a records file (over 4 MB): nothing was loaded.",
}


@pytest.mark.parametrize("make", REFUSED, ids=lambda f: getattr(f, "__name__", "foreign"))
def test_a_refused_file_says_why_and_changes_nothing(make) -> None:
    storage = MemoryStorage()
    profile = Profile(storage, writer="wme")
    profile.record_result(finished("pyramid", 3, False))
    before = dict(storage.data)
    with pytest.raises(RecordsFileError) as refused:
        read_records_file(make())
    assert str(refused.value.words) == REFUSED[make]
    assert str(load_records(profile, Picked("f", make()))) == REFUSED[make]
    assert storage.data == before


def test_a_refusal_is_said_in_the_player_s_language() -> None:
    from thirteen.core import i18n

    try:
        i18n.set_language("de")
        words = i18n.tr(load_records(Profile(MemoryStorage()), Picked("f", damaged())))
    finally:
        i18n.set_language(i18n.SOURCE)
    assert words != REFUSED[damaged] and "nichts" in words


def test_the_file_names_its_format_and_checks_its_body() -> None:
    data = json.loads(good_file())
    assert data["format"] == FORMAT and data["version"] == 1
    assert data["sha256"] == hashlib.sha256(canonical(data["body"])).hexdigest()
    assert set(data["body"]["sections"]) == {s.name for s in SECTIONS}


# -- where the files go -------------------------------------------------------------------


def test_the_desktop_saves_in_the_data_folder_and_loads_the_newest(tmp_path: Path) -> None:
    folder = data_dir(env={"XDG_DATA_HOME": str(tmp_path)}, platform="linux")
    carrier = FolderCarrier(folder)
    assert carrier.pick() is None
    nothing = carrier.picked()
    assert nothing is not None and "No records file in" in str(nothing.problem)
    storage = MemoryStorage()
    profile = Profile(storage, writer="wsave")
    profile.record_result(finished("pyramid", 21, True))
    said = str(save_records(profile, carrier))
    [saved] = folder.glob("thirteen-records-*.json")
    assert saved.parent == tmp_path / "thirteen"
    assert said == f"Records saved to {saved.resolve()}"
    older = folder / "thirteen-records-2000-01-01-000000.json"
    older.write_text(good_file())
    import os

    os.utime(older, (0, 0))
    carrier.pick()
    found = carrier.picked()
    assert found is not None and found.name == str(saved)
    other = Profile(MemoryStorage(), writer="wload")
    assert str(load_records(other, found)) == "Records loaded: 1 game added, 0 scores added."
    assert carrier.picked() is None  # once


def test_a_save_that_fails_says_so(tmp_path: Path) -> None:
    blocker = tmp_path / "file"
    blocker.write_text("x")
    said = str(FolderCarrier(blocker / "sub").save("{}", "thirteen-records-x.json"))
    assert said.startswith("The records could not be saved:")


def test_the_browser_downloads_and_takes_the_picked_file_when_it_comes() -> None:
    page = FakePage()
    window = type("Window", (), {"thirteenRecords": page})()
    carrier = PageCarrier(window)
    profile = Profile(MemoryStorage(), writer="wpage")
    profile.record_result(finished("pyramid", 4, False))
    said = str(save_records(profile, carrier))
    [(name, text)] = page.saved
    assert said == f"Records downloaded as {name}" and name.startswith("thirteen-records-")
    assert str(carrier.pick()) == "Choose a records file to load."
    assert page.asked == [MAX_BYTES]
    assert carrier.picked() is None  # nothing chosen yet: the loop asks again later
    page.answer = json.dumps({"name": "r.json", "text": good_file()})
    found = carrier.picked()
    assert found is not None and found.name == "r.json"
    assert "1 game added" in str(load_records(profile, found))
    page.answer = json.dumps({"name": "big.json", "size": MAX_BYTES + 1})
    big = carrier.picked()
    assert big is not None and "too large" in str(big.problem)


def test_a_page_without_the_records_script_says_so() -> None:
    carrier = PageCarrier(object())
    assert str(carrier.save("{}", "n.json")).startswith("The records could not be saved:")
    assert str(carrier.pick()).startswith("The records file could not be read:")
    assert carrier.picked() is None


# -- the command line --------------------------------------------------------------------


def test_records_export_and_import_on_the_command_line(tmp_path: Path, monkeypatch, capsys):
    from thirteen.__main__ import main

    first, second = tmp_path / "one", tmp_path / "two"
    monkeypatch.setenv("THIRTEEN_DATA_DIR", str(first))
    from thirteen.records.platform_storage import open_storage

    storage = open_storage()
    Profile(storage, writer="wcli").record_result(finished("pyramid", 11, True))
    storage.close()
    out = tmp_path / "records.json"
    assert main(["records", "export", str(out)]) == 0
    assert read_records_file(out.read_bytes())["sections"]["statistics"]
    monkeypatch.setenv("THIRTEEN_DATA_DIR", str(second))
    assert main(["records", "import", str(out)]) == 0
    assert main(["records", "import", str(out)]) == 0
    said = capsys.readouterr().out.splitlines()
    assert said[-2:] == [
        "Records loaded: 1 game added, 0 scores added.",
        "Records loaded: nothing new (all of it was here already).",
    ]
    storage = open_storage()
    assert Profile(storage).stats("pyramid").played == 1
    storage.close()
    out.write_text(damaged())
    assert main(["records", "import", str(out)]) == 2
    assert "damaged" in capsys.readouterr().err


def test_a_lone_surrogate_is_refused_or_left_out_never_a_crash() -> None:
    data = json.loads(good_file())
    data["body"]["sections"]["other"]["\ud800odd"] = "\ud800"
    text = json.dumps(data)  # escaped: \ud800 in the file
    with pytest.raises(RecordsFileError):
        read_records_file(text)  # the checksum is of the body without it
    data["sha256"] = hashlib.sha256(canonical(data["body"])).hexdigest()
    storage = MemoryStorage()
    import_bytes(storage, json.dumps(data))
    assert all(key.isprintable() for key in storage.data)
    assert short(storage).keys() == {"played/pyramid/wx"}
