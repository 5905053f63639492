"""Games in progress per game in WebAssembly (Pyodide 0.27.7 + pygbag's pygame-ce wheel,
headless Chromium, the stand-in of wasm_harness.py): a game left for the menu, another
game played, and the first one resumed with every move, nothing counted as lost; each
game kept under its own localStorage key, and a reload opening on the latest.

Needs THIRTEEN_WASM_CACHE (see wasm_harness.py); without it the test skips.  The
stand-in stops by itself 25-50 s after it starts, so the test stays short.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from wasm_harness import (
    APP,
    GAME,
    VIEWPORT,
    WasmSite,
    click_card,
    click_rect,
    close_harness,
    engine,
    open_harness,
    py,
    run,
    started,
    wait_py,
)
from wasm_harness import wasm_site as wasm_site  # the fixture

pytestmark = pytest.mark.browser

SLOTS = "thirteen/v1/game/"


def settled(page: Any) -> None:
    """The scene on show has drawn its last change (a table, once its cards landed)."""
    wait_py(page, f"{APP}.scene is not {APP}.table or not {APP}.table.anim.active")
    wait_py(page, f"not {APP}.scene.dirty")


def press_widget(page: Any, rect_code: str) -> None:
    """A real mouse click in the middle of a widget, found by its rect in the page."""
    click_rect(page, py(page, f"list({rect_code})"))
    settled(page)


def play_a_move(page: Any) -> str:
    """The first legal move, by clicks on its cards (a draw, which has none, is played
    directly); its text."""
    state = engine(page)
    move, played = state["legal"][0], len(state["moves"])
    if move in ("D", "R"):
        run(page, f"{APP}.table.play({GAME}.legal_moves()[0])")
    else:
        for card in move.split("+"):
            click_card(page, card)
    wait_py(page, f"len({GAME}.moves) > {played}")  # the clicks' frame has run
    settled(page)
    return move


def to_menu(page: Any) -> None:
    press_widget(page, f"next(b for b in {APP}.table.buttons if b.name == 'menu').rect")
    wait_py(page, f"{APP}.scene is {APP}.start_scene")  # the click's frame has run


def stored_slots(page: Any) -> dict[str, str]:
    found = page.evaluate("() => Object.fromEntries(Object.entries(localStorage))")
    return {k[len(SLOTS) :]: v for k, v in found.items() if k.startswith(SLOTS)}


def test_another_game_and_back_resumes_the_first_with_nothing_lost_in_webassembly(
    wasm_site: WasmSite, screenshots: Path
) -> None:
    page = open_harness(wasm_site, {"viewport": VIEWPORT})
    try:
        started(page)
        # the first deal's tips off (as a player can set them): a new deal then shows none
        run(page, f"{APP}.settings.tips_again = False\n{APP}.profile.save_settings()")
        settled(page)
        first = [play_a_move(page), play_a_move(page)]
        assert [m for m in engine(page)["moves"]] == first
        to_menu(page)
        press_widget(page, f"{APP}.start_scene.button('game:pyramid').rect")  # chosen
        wait_py(page, f"{APP}.start_scene.game_id == 'pyramid'")
        press_widget(page, f"{APP}.start_scene.button('play').rect")  # nothing asked
        wait_py(page, f"{APP}.game is not None and {GAME}.game_id == 'pyramid'")
        settled(page)
        second = [play_a_move(page)]
        to_menu(page)
        assert set(stored_slots(page)) == {"thirteens/3x5", "pyramid"}
        assert page.evaluate("() => localStorage.getItem('thirteen/v1/game')") is None
        page.screenshot(path=str(screenshots / "wasm-games-in-progress.png"))
        marks = py(
            page, f"[{APP}.start_scene.button(n).mark for n in ('game:thirteens', 'game:pyramid')]"
        )
        assert marks == ["2 moves", "1 move"]
        press_widget(page, f"{APP}.start_scene.button('game:thirteens').rect")  # chosen
        wait_py(page, f"{APP}.start_scene.game_id == 'thirteens'")
        press_widget(page, f"{APP}.start_scene.button('game:thirteens').rect")  # resumed
        wait_py(page, f"{APP}.scene is {APP}.table and {GAME}.game_id == 'thirteens'")
        assert engine(page)["moves"] == first
        first.append(play_a_move(page))
        counts = f"[{APP}.profile.stats(*g).played for g in (('thirteens', '3x5'), ('pyramid',))]"
        assert py(page, counts) == [0, 0]
        page.reload()
        started(page)
        settled(page)
        assert py(page, f"{GAME}.game_id") == "thirteens"  # the latest, as it was left
        assert engine(page)["moves"] == first
        assert py(page, f"[m.text() for m in {APP}.profile.load_game('game/pyramid').moves]") == (
            second
        )
        assert py(page, counts) == [0, 0]
        assert page.errors == []
    finally:
        page.screenshot(path=str(screenshots / "wasm-saved-games-last.png"))
        close_harness(page, wasm_site)
