"""Save records and Load records in the browser, under the WebAssembly stand-in (Pyodide +
pygbag's pygame-ce wheel, headless Chromium; see wasm_harness.py for what it needs).

Real clicks on the statistics screen's buttons, under Pyodide's bridge to the page and
under the stand-in of pygbag's: Save records downloads a records file
through the page (Playwright's download), Load records opens the page's file picker
(Playwright's file chooser) and the file chosen, from another device, is merged: its games
are counted once, however often it is loaded.
"""

from __future__ import annotations

import json
import sys
from pathlib import Path
from typing import Any

import pytest
from wasm_harness import (
    APP,
    VIEWPORT,
    WasmSite,
    click_rect,
    close_harness,
    open_harness,
    py,
    run,
    started,
    wait_py,
)
from wasm_harness import wasm_site as wasm_site  # the fixture
from webtools import ROOT

pytestmark = pytest.mark.browser

SCENE = f"{APP}.scene"


def another_device_file(folder: Path) -> Path:
    """A records file of a device that counted three Pyramid games (one won)."""
    game_dir = str(ROOT / "game")
    if game_dir not in sys.path:
        sys.path.insert(0, game_dir)
    from thirteen.records.profile import Profile
    from thirteen.records.records_file import export_text
    from thirteen.records.storage import MemoryStorage

    storage = MemoryStorage()
    far = Profile(storage, writer="wfar")
    for score, won in ((5, False), (9, False), (28, True)):
        far.logs.add_game("played/pyramid/", score, won, 4000 if won else 0)
    path = folder / "thirteen-records-from-the-phone.json"
    path.write_text(export_text(storage), encoding="utf-8")
    return path


def press(page: Any, name: str) -> None:
    """Click the statistics screen's button ``name`` where the canvas shows it."""
    click_rect(page, py(page, f"list([b for b in {SCENE}.widgets if b.name == {name!r}][0].rect)"))


@pytest.mark.parametrize("runtime", ["pyodide", "pygbag"])
def test_records_are_downloaded_a_picked_file_is_merged_once_and_a_damaged_one_refused(
    wasm_site: WasmSite,
    tmp_path: Path,
    screenshots: Path,
    runtime: str,
) -> None:
    """Under Pyodide's bridge, and under the stand-in of pygbag's (``platform.window``,
    where a missing value reads as None).  A damaged file picked last is refused with its
    message, and the page's storage is left as it was."""
    extra = "&runtime=pygbag" if runtime == "pygbag" else ""
    options = {"viewport": VIEWPORT, "accept_downloads": True}
    page = open_harness(wasm_site, options, extra)
    try:
        started(page)
        run(page, f"{APP}.profile.logs.add_game('played/pyramid/', 12, True, 3000)")
        run(
            page,
            f"{APP}.open(__import__('thirteen.ui.scene_names').ui.scene_names.SceneName.STATS)",
        )
        wait_py(page, f"type({SCENE}).__name__ == 'StatsScene'")
        run(page, f"{SCENE}.tab = [t[0] for t in {SCENE}.tabs].index('pyramid'); {SCENE}.build()")

        with page.expect_download() as downloading:
            press(page, "records:save")
        download = downloading.value
        assert download.suggested_filename.startswith("thirteen-records-")
        saved = json.loads(Path(download.path()).read_text(encoding="utf-8"))
        assert saved["format"] == "thirteen-records"
        [log] = [k for k in saved["body"]["sections"]["statistics"] if k.startswith("played/")]
        assert log.startswith("played/pyramid/w")
        assert py(page, f"{SCENE}.message").startswith("Records downloaded as thirteen-records-")
        carrier = f"{SCENE}.records.carrier.window"
        bridge = f"getattr(__import__('platform'), 'window', None) is {carrier}"
        assert py(page, bridge) == (runtime == "pygbag")  # pygbag's window, else Pyodide's

        chosen = another_device_file(tmp_path)
        for said in (
            "Records loaded: 3 games added, 0 scores added.",
            "Records loaded: nothing new (all of it was here already).",
        ):
            with page.expect_file_chooser() as choosing:
                press(page, "records:load")
            choosing.value.set_files(str(chosen))
            wait_py(page, f"{SCENE}.message == {said!r}")
            assert py(page, f"{APP}.profile.stats('pyramid').played") == 4
        stored = page.evaluate("() => Object.keys(localStorage)")
        assert "thirteen/v1/played/pyramid/wfar" in stored
        assert py(page, f"{APP}.profile.stats('pyramid').won") == 2
        page.screenshot(path=str(screenshots / f"wasm-records-loaded-{runtime}.png"))

        before = page.evaluate("() => JSON.stringify(Object.entries(localStorage).sort())")
        damaged = tmp_path / "thirteen-records-damaged.json"
        damaged.write_text(chosen.read_text().replace('"score": 28', '"score": 29'))
        with page.expect_file_chooser() as choosing:
            press(page, "records:load")
        choosing.value.set_files(str(damaged))
        wait_py(page, f"{SCENE}.message == 'This records file is damaged: nothing was loaded.'")
        after = page.evaluate("() => JSON.stringify(Object.entries(localStorage).sort())")
        assert after == before
        assert py(page, f"{APP}.profile.stats('pyramid').played") == 4
    finally:
        close_harness(page, wasm_site)
