"""Save records and Load records on the statistics screen, pressed with real pygame events:
the desktop's file in the data folder, the browser's picker answered some frames later,
and the statistics shown taking in what was loaded."""

from __future__ import annotations

import json

import pygame
import pytest

from finished_games import finished
from records_pages import FakePage
from thirteen.records.carry import PageCarrier
from thirteen.records.profile import Profile
from thirteen.records.storage import MemoryStorage
from thirteen.ui.canvas import canvas_size
from thirteen.ui.scene_names import SceneName
from thirteen.ui.screens.stats import StatsScene
from thirteen.ui.screens.stats_records import LOAD, SAVE

from .helpers import click, press, step


def stats_screen(make, profile: Profile, viewport=(1280, 720)) -> StatsScene:
    app = make("?game=pyramid&deal=1", profile=profile, animations=False)
    if viewport != (1280, 720):
        app.display.resize(*canvas_size(*viewport))
        app.relayout()
    app.open(SceneName.STATS)
    step(app)
    assert isinstance(app.scene, StatsScene)
    return app.scene


def button(scene: StatsScene, name: str):
    [found] = [w for w in scene.widgets if w.name == name]
    return found


@pytest.fixture
def folder(tmp_path, monkeypatch):
    monkeypatch.setenv("THIRTEEN_DATA_DIR", str(tmp_path))
    return tmp_path


@pytest.mark.parametrize("viewport", [(1280, 720), (390, 844), (844, 390)])
def test_save_on_one_device_and_load_on_another(make, folder, viewport) -> None:
    far = Profile(MemoryStorage(), writer="wfar")
    for score in (4, 8, 28):
        far.record_result(finished("pyramid", score, score == 28))
    scene = stats_screen(make, far, viewport)
    click(scene.app, button(scene, SAVE).rect.center)
    [saved] = folder.glob("thirteen-records-*.json")
    assert scene.message == f"Records saved to {saved.resolve()}"
    pygame.display.quit()

    near = Profile(MemoryStorage(), writer="wnear")
    near.record_result(finished("pyramid", 1, False))
    scene = stats_screen(make, near, viewport)
    assert scene.shown_id() == "pyramid"
    click(scene.app, button(scene, LOAD).rect.center)
    assert scene.message == "Records loaded: 3 games added, 0 scores added."
    assert near.stats("pyramid").played == 4
    click(scene.app, button(scene, LOAD).rect.center)
    assert scene.message == "Records loaded: nothing new (all of it was here already)."
    assert near.stats("pyramid").played == 4


def test_load_with_no_file_says_where_it_looked(make, folder) -> None:
    scene = stats_screen(make, Profile(MemoryStorage()))
    click(scene.app, button(scene, LOAD).rect.center)
    assert scene.message.startswith(f"No records file in {folder}")


def test_the_buttons_are_reached_by_the_keyboard(make, folder) -> None:
    scene = stats_screen(make, Profile(MemoryStorage()))
    for _ in range(40):
        if scene.focus == SAVE:
            break
        press(scene.app, pygame.K_TAB)
    assert scene.focus == SAVE
    press(scene.app, pygame.K_RETURN)
    assert len(list(folder.glob("thirteen-records-*.json"))) == 1


def test_the_browser_s_picker_answers_later_and_the_loop_never_waits(make) -> None:
    there = Profile(MemoryStorage(), writer="wthere")
    there.record_result(finished("pyramid", 9, True))
    from thirteen.records.records_file import export_text

    page = FakePage()
    scene = stats_screen(make, Profile(MemoryStorage(), writer="where"))
    scene.records.carrier = PageCarrier(type("Window", (), {"thirteenRecords": page})())
    click(scene.app, button(scene, SAVE).rect.center)
    assert scene.message.startswith("Records downloaded as thirteen-records-")
    assert len(page.saved) == 1
    click(scene.app, button(scene, LOAD).rect.center)
    assert scene.message == "Choose a records file to load."
    assert page.asked and scene.active()
    step(scene.app, 5)  # nothing chosen yet: the frames go on
    assert scene.active() and scene.app.profile.stats("pyramid").played == 0
    page.answer = json.dumps({"name": "mine.json", "text": export_text(there.storage)})
    step(scene.app)
    assert not scene.active()
    assert scene.message == "Records loaded: 1 game added, 0 scores added."
    assert scene.app.profile.stats("pyramid").played == 1
    click(scene.app, button(scene, LOAD).rect.center)
    page.answer = json.dumps({"name": "", "cancelled": True})
    step(scene.app)
    assert not scene.active() and scene.message == ""


def test_a_refused_file_is_said_and_the_statistics_stay(make, folder) -> None:
    (folder / "thirteen-records-2026-01-01-000000.json").write_text('{"some": "json"}')
    profile = Profile(MemoryStorage())
    profile.record_result(finished("pyramid", 3, False))
    scene = stats_screen(make, profile)
    click(scene.app, button(scene, LOAD).rect.center)
    assert scene.message == "This is not a Thirteen records file: nothing was loaded."
    assert profile.stats("pyramid").played == 1


def test_the_desktop_saves_beside_the_database_it_keeps(make, folder, tmp_path) -> None:
    from thirteen.records.database import DatabaseStorage

    storage = DatabaseStorage(tmp_path / "elsewhere" / "thirteen.db")
    try:
        scene = stats_screen(make, Profile(storage))
        click(scene.app, button(scene, SAVE).rect.center)
        [saved] = (tmp_path / "elsewhere").glob("thirteen-records-*.json")
        assert scene.message == f"Records saved to {saved.resolve()}"
    finally:
        storage.close()


def test_settings_from_a_file_take_effect_where_none_were_kept_here(make, folder) -> None:
    from thirteen.core import i18n
    from thirteen.records.records_file import export_text

    there = MemoryStorage()
    chosen = Profile(there)
    chosen.settings.language = "de"
    chosen.settings.larger_text = True
    chosen.save_settings()
    (folder / "thirteen-records-2026-01-01-000000.json").write_text(export_text(there))
    scene = stats_screen(make, Profile(MemoryStorage()))
    try:
        click(scene.app, button(scene, LOAD).rect.center)
        assert scene.app.settings.language == "de" and scene.app.settings.larger_text
        assert i18n.language() == "de"
        assert button(scene, SAVE).label == "Daten sichern"
    finally:
        i18n.set_language(i18n.SOURCE)
        from thirteen.ui import theme

        theme.set_display(False, False)
