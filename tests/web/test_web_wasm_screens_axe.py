"""axe-core on the page's part for screen readers while the real game (in the WebAssembly
stand-in of wasm_harness.py, in German) shows each screen reached by keys typed on the
page's hidden controls (the table, help, statistics, the start screen and settings), and
then, on a phone held upright, the end screen of a deal that has no move (one page for
all six: a page's start is most of such a test's time).

The harness page is the tests' own (its canvas, no landmark): axe checks the block the
built page gives it (the live region with what the game said, the keys' description
and the controls in the game's words, the lang the game set), not the harness's own
parts; the built page's landmark, heading and canvas are test_web_page_access.py's.
"""

from __future__ import annotations

import sys
from pathlib import Path
from typing import Any

import pytest
from axe_audit import axe_script, violations
from wasm_harness import (
    APP,
    WasmSite,
    close_harness,
    idle,
    open_harness,
    py,
    run,
    started,
    wait_py,
)
from wasm_harness import wasm_site as wasm_site  # the fixture
from webtools import ROOT

pytestmark = pytest.mark.browser

CONTEXT = {"exclude": [["#canvas"]]}
"""The harness's own canvas is not the built page's (that one is checked there)."""
PAGE_RULES = ("region", "landmark-one-main", "page-has-heading-one")
"""Rules about the whole page, which the harness page is not."""

SCENE = f"type({APP}.scene).__name__"


def press(page: Any, key: str, scene: str) -> None:
    """``key`` typed on the focused control; wait for the game to show ``scene``."""
    page.keyboard.press(key)
    try:
        wait_py(page, f"{SCENE} == {scene!r} and not {APP}.scene.dirty", 20_000)
    except Exception:
        raise AssertionError(f"{key}: {py(page, SCENE)}, not {scene}") from None
    page.wait_for_timeout(200)  # the frame's words are in the live region


def stuck_elevens_deal() -> int:
    """An Elevens deal with no move at all: the game ends as soon as it is dealt."""
    game_dir = str(ROOT / "game")
    if game_dir not in sys.path:
        sys.path.insert(0, game_dir)
    import thirteen.games as variants

    return next(
        deal
        for deal in range(1, 200)
        if not variants.GameSetup("elevens", deal=deal).new_game().legal_moves()
    )


def test_axe_finds_nothing_to_fix_on_the_screens_the_controls_reach_and_the_end_screen(
    wasm_site: WasmSite, screenshots: Path
) -> None:
    """The table, help, statistics, the start screen and settings, reached by keys; then,
    on a phone held upright, the end screen of an Elevens deal with no move, reached with
    no key at all (the deal ends as soon as it is dealt, and the game says so in the live
    region)."""
    axe = axe_script()
    page = open_harness(
        wasm_site,
        {"viewport": {"width": 1280, "height": 720}, "locale": "de-DE"},
        query="?game=thirteens&deal=1",
    )
    try:
        started(page)
        idle(page)
        page.keyboard.press("F6")
        assert page.evaluate("() => document.activeElement.id") == "a11y-read"
        reached = []

        def check(state: str) -> None:
            found = [v for v in violations(page, axe, CONTEXT) if v["id"] not in PAGE_RULES]
            assert found == [], (state, found)
            reached.append(state)

        page.wait_for_function("() => document.documentElement.lang === 'de'")
        assert page.locator("#a11y-read").text_content() != "Read the table (T)"  # German
        check("table")
        press(page, "F1", "HelpScene")
        check("help")
        press(page, "Escape", "TableScene")
        press(page, "s", "StatsScene")
        check("stats")
        press(page, "Escape", "TableScene")
        press(page, "Escape", "StartScene")
        check("start")
        seen = []
        for _ in range(30):  # backwards through the start screen to its Settings button
            seen.append(py(page, f"str(getattr({APP}.scene.focused(), 'name', None))"))
            if seen[-1] == "settings":
                break
            page.keyboard.press("ArrowUp")
            page.wait_for_timeout(150)
        assert seen[-1] == "settings", seen
        page.keyboard.press("Tab")  # to the control that sends Enter ("Select...")
        page.keyboard.press("Tab")
        assert page.evaluate("() => document.activeElement.id") == "a11y-select"
        press(page, "Enter", "SettingsScene")
        check("settings")
        page.screenshot(path=str(screenshots / "wasm-axe-settings-de.png"))

        page.set_viewport_size({"width": 390, "height": 844})
        wait_py(page, f"list({APP}.screen.get_size()) == [720, 1558]", 10_000)
        said = page.evaluate("() => thirteen_a11y.said")
        setup = (
            f"__import__('thirteen.games').games.GameSetup('elevens', deal={stuck_elevens_deal()})"
        )
        run(page, f"{APP}.new_game({setup})")
        wait_py(page, f"{SCENE} == 'EndScene' and not {APP}.scene.dirty", 30_000)
        page.wait_for_function("n => thirteen_a11y.said > n", arg=said)
        assert page.evaluate("() => document.documentElement.lang") == "de"
        check("end")
        page.screenshot(path=str(screenshots / "wasm-axe-end-de-390x844.png"))
        assert reached == ["table", "help", "stats", "start", "settings", "end"]
        assert page.errors == []
    finally:
        close_harness(page, wasm_site)
