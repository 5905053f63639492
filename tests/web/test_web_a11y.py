"""The game for a screen reader, in WebAssembly (the stand-in of wasm_harness.py,
with the site template's block for screen readers copied into its page).

Keys are pressed for real in Chromium on the page's visually hidden controls (the
stand-in's SDL cannot take keys on the canvas): the page queues them, the game plays
them as its own keys and writes what happened into the live region, which the tests
read back from the page and from Chromium's accessibility tree.
"""

from __future__ import annotations

import re
import sys
from pathlib import Path
from typing import Any

import pytest
from wasm_harness import (
    APP,
    GAME,
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

WON_DEAL = 4
"""A Thirteens 3x5 deal the solver wins without an empty-column move (the test finds
the line itself; this only saves looking through the deals)."""

FOCUS = re.compile(r"([A-Z][a-z]+ of [a-z]+), row (\d+), column (\d+), free$")


def engine() -> tuple[Any, Any, Any, Any]:
    game_dir = str(ROOT / "game")
    if game_dir not in sys.path:
        sys.path.insert(0, game_dir)
    import thirteen.games
    import thirteen.session.speech
    from thirteen.advice.solving import solve
    from thirteen.core.game import Refusal

    return thirteen.games, thirteen.session.speech, solve, Refusal


def open_page(site: WasmSite, query: str) -> Any:
    """The harness page for ``query`` in a 1280x720 viewport."""
    return open_harness(site, {"viewport": {"width": 1280, "height": 720}}, query=query)


class Listener:
    """Presses keys on the focused page control and reads the live region's new lines."""

    def __init__(self, page: Any) -> None:
        self.page = page
        self.count = page.evaluate("() => thirteen_a11y.said")
        self.pressed = 0

    def press(self, key: str) -> str:
        """Press ``key``; the announcement it brought (the lines of one frame)."""
        self.pressed += 1
        self.page.keyboard.press(key)
        return self.next()

    def next(self) -> str:
        self.page.wait_for_function("n => thirteen_a11y.said > n", arg=self.count, timeout=10_000)
        said, lines = self.page.evaluate(
            "() => [thirteen_a11y.said,"
            " [...document.querySelectorAll('#thirteen-live p')].map(p => p.textContent)]"
        )
        new = lines[-(said - self.count) :]
        self.count = said
        return " ".join(new)


def focus_on(
    listen: Listener, speech: Any, game: Any, card: int, at: tuple[int, int] | None
) -> tuple[int, int]:
    """Arrows until the focus announcement names ``card`` at its place (``at``: where the
    last announcement put the focus, None when unknown); the place reached."""
    target = speech.place_of(game, card)
    heard = ""
    for _ in range(20):
        if at == (target.a, target.b):
            break
        if at is None or at[1] != target.b:
            key = "ArrowRight" if at is None or at[1] < target.b else "ArrowLeft"
        else:
            key = "ArrowDown" if at[0] < target.a else "ArrowUp"
        heard = listen.press(key)
        found = FOCUS.search(heard)
        assert found is not None, heard
        at = (int(found[2]), int(found[3]))
    assert at == (target.a, target.b), (speech.card_name(card), at)
    if heard:
        assert heard.endswith(f"{speech.card_name(card)}, row {at[0]}, column {at[1]}, free")
    return at


def live_region_texts(page: Any) -> list[str]:
    """The texts Chromium's accessibility tree holds under the polite live region."""
    cdp = page.context.new_cdp_session(page)
    document = cdp.send("DOM.getDocument", {"depth": 0})
    found = cdp.send(
        "DOM.querySelector", {"nodeId": document["root"]["nodeId"], "selector": "#thirteen-live"}
    )
    backend = cdp.send("DOM.describeNode", {"nodeId": found["nodeId"]})["node"]["backendNodeId"]
    nodes = cdp.send("Accessibility.getFullAXTree")["nodes"]
    cdp.detach()
    by_id = {n["nodeId"]: n for n in nodes}
    live = next(n for n in nodes if n.get("backendDOMNodeId") == backend)
    props = {p["name"]: p["value"].get("value") for p in live.get("properties", [])}
    assert props.get("live") == "polite", props
    texts: list[str] = []
    stack = list(live.get("childIds", []))
    while stack:
        node = by_id.get(stack.pop(0))
        if node is None:
            continue
        if node.get("role", {}).get("value") == "StaticText":
            texts.append(node.get("name", {}).get("value", ""))
        stack.extend(node.get("childIds", []))
    return texts


def test_real_moves_are_announced_in_the_accessibility_tree_and_a_whole_game_is_won_by_keys(
    wasm_site: WasmSite, screenshots: Path
) -> None:
    """F6 goes to the hidden controls; T reads the table, the next-card control moves
    the focus, Enter on the select control removes the King: each is announced, and
    Chromium's accessibility tree holds the words in the polite live region.  Then the
    solver's winning line for another deal is played with keys on the hidden controls
    only: arrows move the focus, read from each announcement, until it names the card to
    take, and Enter selects; every announcement is checked against the words the same
    move gets here.  Last, the controls show at the foot of the page, held upright too."""
    variants, speech, solve, Refusal = engine()
    page = open_page(wasm_site, "?game=thirteens&deal=1")
    try:
        started(page)
        idle(page)
        desk = variants.GameSetup("thirteens", deal=1).new_game()
        listen = Listener(page)
        page.keyboard.press("F6")
        assert page.evaluate("() => document.activeElement.id") == "a11y-read"
        read = listen.press("Enter")
        assert read == speech.table_words(desk)
        assert read.startswith("Row 1: King of spades, Ten of diamonds, Six of hearts. Row 2:")
        page.keyboard.press("Tab")  # the browser's focus: to "Next card"
        assert listen.press("Enter") == "King of spades, row 1, column 1, free"
        page.keyboard.press("Tab")  # to "Select the focused card"
        before = desk.copy()
        desk.play("Ks")
        said = listen.press("Enter")
        words = speech.move_words(before, desk, desk.moves[-1])
        assert words.startswith("Removed King of spades; Eight of diamonds is dealt to row 1")
        assert said.startswith(words), said
        assert py(page, f"[m.text() for m in {GAME}.moves]") == ["Ks"]
        assert said in live_region_texts(page)
        # an arrow typed on a control goes to the game: the focus moves, and is said
        assert listen.press("ArrowDown") == "Jack of clubs, row 2, column 1, free"
        # a refused pair says why, in the table's own words
        pair = next(
            (a, b)
            for a in desk.available_cards()
            for b in desk.available_cards()
            if desk.removal((a, b)) is not None
            and desk.refusal(desk.removal((a, b))) is Refusal.NOT_NEIGHBOURS
        )
        at = focus_on(listen, speech, desk, pair[0], (2, 1))
        assert listen.press("Enter") == f"Selected: {speech.card_name(pair[0])}"
        focus_on(listen, speech, desk, pair[1], at)
        refused = listen.press("Enter")
        assert refused.startswith("These make 13 but do not touch: a pair must be neighbours."), (
            refused
        )
        assert (
            refused == py(page, f"{APP}.table.message") + f" Selected: {speech.card_name(pair[1])}"
        )
        assert refused in live_region_texts(page)
        # the hidden controls show while one has the focus, at the foot of the page
        bar = page.locator("#thirteen-controls").bounding_box()
        assert bar["width"] > 600 and bar["y"] + bar["height"] <= 720, bar
        page.screenshot(path=str(screenshots / "wasm-a11y-controls.png"))

        win_by_keys(page, variants, speech, solve, screenshots)

        page.set_viewport_size({"width": 390, "height": 844})
        page.wait_for_function("() => document.getElementById('canvas').width === 720")
        wait_py(page, f"not {APP}.scene.dirty")
        page.wait_for_timeout(100)  # the frame is on the canvas; let the compositor show it
        bar = page.locator("#thirteen-controls").bounding_box()
        assert bar["width"] <= 390 and bar["y"] + bar["height"] <= 844, bar
        page.screenshot(path=str(screenshots / "wasm-a11y-controls-upright.png"))
        assert page.errors == []
    finally:
        close_harness(page, wasm_site)


def win_by_keys(page: Any, variants: Any, speech: Any, solve: Any, screenshots: Path) -> None:
    """Deal :data:`WON_DEAL` on the page and play the solver's winning line for it with
    keys on the hidden controls alone, the select control having the focus."""
    desk = variants.GameSetup("thirteens", deal=WON_DEAL).new_game()
    line = solve(desk.copy(), budget_ms=5000).moves
    assert line and all(m.cards for m in line), "pick a deal won by removals alone"
    setup = f"__import__('thirteen.games').games.GameSetup('thirteens', deal={WON_DEAL})"
    run(page, f"{APP}.new_game({setup})")
    idle(page)
    assert py(page, f"{GAME}.text()") == desk.text()
    assert page.evaluate("() => document.activeElement.id") == "a11y-select"
    listen = Listener(page)
    at: tuple[int, int] | None = None
    said = ""
    for move in line:
        for n, card in enumerate(move.cards):
            name = speech.card_name(card)
            at = focus_on(listen, speech, desk, card, at)
            if n + 1 < len(move.cards):
                assert listen.press("Enter") == f"Selected: {name}"
        before = desk.copy()
        desk.play(move)
        words = speech.move_words(before, desk, move)
        said = listen.press("Enter")
        assert said.startswith(words), (said, words)
        found = FOCUS.search(said)
        at = (int(found[2]), int(found[3])) if found else None
    assert desk.outcome.value == "won"
    assert "You won! Score 52 of 52." in said
    assert py(page, f"[{GAME}.outcome.value, len({GAME}.moves)]") == ["won", len(line)]
    assert "You won! Score 52 of 52." in " ".join(live_region_texts(page))
    print(
        f"\nwon deal {WON_DEAL} in {len(line)} moves, {listen.pressed} keys on the page's controls"
    )
    page.screenshot(path=str(screenshots / "wasm-a11y-won.png"))
