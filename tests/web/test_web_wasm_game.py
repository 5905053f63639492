"""The real game in WebAssembly: Pyodide 0.27.7 + pygbag's pygame-ce wheel, headless Chromium.

Needs THIRTEEN_WASM_CACHE: a folder with the npm package files of
pyodide@0.27.7 in pyodide/ and the pygame-ce cp312 wheel for the browser
beside it (pygame_ce-*-cp312-cp312-wasm32_bi_emscripten.whl). The CI workflow
on GitHub downloads both; elsewhere the test skips, saying what is missing.
The site and the helpers that talk to the game in the page are in wasm_harness.py.
The runtime and the wheel are other people's binaries: keep the cache outside
the repository.

The test starts Thirteens deal 1 through ``thirteen.ui.launch.run()`` (the entry the
page uses), removes the King and then a pair with real mouse clicks on the
canvas (shown scaled, as on the site), checks the engine and the pixels,
reloads the page and checks that the game resumed from localStorage; last, after
"New deal" and a move, a second reload resumes the new deal, not the link's. It
prints (``pytest -s``) and writes to wasm-timings.json beside the screenshots
how long the first frame took after navigation, the median frame time, and how
busy the page's main thread is on an idle table (Chromium's own count of time
spent in tasks), with the loop sleeping and, as a baseline, never sleeping.
"""

from __future__ import annotations

import io
import json
import os
import statistics
import sys
from pathlib import Path
from typing import Any

import pytest
from wasm_harness import (
    APP,
    CARD,
    GAME,
    QUERY,
    STANDIN,
    VIEWPORT,
    WasmSite,
    audio_states,
    blank_page,
    card_rect,
    click_card,
    close_harness,
    engine,
    idle,
    on_page,
    open_harness,
    open_tab,
    py,
    run,
    running,
    started,
    visit,
    wait_py,
)
from wasm_harness import wasm_site as wasm_site  # the fixture
from webtools import ROOT

pytestmark = pytest.mark.browser

LOGICAL = (1280, 720)
TABLE = [0, 0, 1040, 720]
"""The card table left of the side panel (logical pixels)."""
REDRAWS = 300
"""Frames forced to redraw the whole table for the frame-time median."""
IDLE_S = 2
"""Seconds the idle table's main-thread time is counted, sleeping and not."""


PHONE = {"viewport": {"width": 390, "height": 844}, "has_touch": True, "is_mobile": True}
"""A phone held upright: touch events, no mouse (a test turns it with a new viewport)."""


@pytest.fixture
def game_page(
    request: pytest.FixtureRequest,
    wasm_site: WasmSite,
    screenshots: Path,
) -> Any:
    """The game's page; a test marked ``@pytest.mark.phone`` gets an upright phone, one
    marked ``@pytest.mark.media(reduced_motion=..., contrast=...)`` those preferences, one
    marked ``@pytest.mark.cold`` a context of its own with nothing cached."""
    phone = request.node.get_closest_marker("phone") is not None
    media = request.node.get_closest_marker("media")  # the page's media preferences
    wanted = media.kwargs if media is not None else {}
    options = {**(PHONE if phone else {"viewport": VIEWPORT}), **wanted}
    cold = request.node.get_closest_marker("cold") is not None
    page = open_harness(wasm_site, options, cold=cold)
    try:
        yield page
    finally:
        page.screenshot(path=str(screenshots / "wasm-last.png"))
        close_harness(page, wasm_site)


def main_thread_share(page: Any, seconds: float) -> float:
    """The share of ``seconds`` the page's main thread spent running tasks (Chromium's
    ``TaskDuration``, read over the DevTools protocol), the test itself keeping still."""
    import time

    cdp = page.context.new_cdp_session(page)
    cdp.send("Performance.enable")

    def task_s() -> float:
        metrics = cdp.send("Performance.getMetrics")["metrics"]
        return next(m["value"] for m in metrics if m["name"] == "TaskDuration")

    busy, wall = task_s(), time.perf_counter()
    page.wait_for_timeout(seconds * 1000)
    share = (task_s() - busy) / (time.perf_counter() - wall)
    cdp.detach()
    return share


def page_rect(page: Any, rect: list[int]) -> dict[str, float]:
    left, top = on_page(page, rect[0], rect[1])
    right, bottom = on_page(page, rect[0] + rect[2], rect[1] + rect[3])
    return {"x": left, "y": top, "width": right - left, "height": bottom - top}


def pixels(page: Any, rect: list[int]) -> Any:
    """A screenshot of a logical rectangle of the canvas, as a pygame Surface."""
    import pygame

    png = page.screenshot(clip=page_rect(page, rect))
    return pygame.image.load(io.BytesIO(png), "cell.png")


def changed(before: Any, after: Any) -> float:
    """The share of pixels that differ clearly between two same-size images."""
    assert before.get_size() == after.get_size()
    w, h = before.get_size()
    differ = 0
    for y in range(0, h, 2):
        for x in range(0, w, 2):
            a, b = before.get_at((x, y)), after.get_at((x, y))
            if sum(abs(a[i] - b[i]) for i in range(3)) > 48:
                differ += 1
    return differ / (((w + 1) // 2) * ((h + 1) // 2))


# -- the same game on the desktop ----------------------------------------------
def desktop_game() -> Any:
    """Thirteens deal 1 as the desktop build deals it."""
    game_dir = str(ROOT / "game")
    if game_dir not in sys.path:
        sys.path.insert(0, game_dir)
    from thirteen.session.share import parse_query

    setup, notices = parse_query(QUERY)
    assert setup is not None and not notices
    return setup.new_game()


def gone(page: Any, cards: list[str]) -> None:
    for card in cards:
        where = py(page, f"{GAME}.position_of({CARD}({card!r}))")
        assert where is None, f"{card} is still on the table at {where}"


@pytest.mark.cold
def test_game_runs_in_webassembly(game_page: Any, screenshots: Path) -> None:
    page = game_page
    load = started(page)
    import_ms = py(page, f"{APP}.first_frame_ms")  # importing the app to the first flip
    assert py(page, "__import__('sys').platform") == "emscripten"
    assert py(page, f"list({APP}.screen.get_size())") == list(LOGICAL)
    desktop = desktop_game()
    state = engine(page)
    assert state == {
        "text": desktop.text(),
        "moves": [],
        "legal": [m.text() for m in desktop.legal_moves()],
    }, "the browser dealt another Thirteens deal 1 than the desktop"
    assert state["legal"][:2] == ["Ks", "4s+9c"]
    assert py(page, f"{GAME}.position_of({CARD}('Ks'))") == [0, 0], "Ks is not top left"

    idle(page)
    deal_frames = py(page, f"list({APP}.frame_ms)")  # the opening deal's animation
    colours = page.evaluate(
        """() => {
          const canvas = document.getElementById('canvas');
          const { width, height } = canvas;
          const data = canvas.getContext('2d').getImageData(0, 0, width, height).data;
          const seen = new Set();
          for (let i = 0; i < data.length; i += 4 * 97) {
            seen.add((data[i] << 16) | (data[i + 1] << 8) | data[i + 2]);
          }
          return seen.size;
        }"""
    )
    assert colours > 20, "the canvas shows no table"
    page.screenshot(path=str(screenshots / "wasm-1-dealt.png"))

    # Real clicks go through the browser and SDL's scaling to the same logical point.
    for x, y in ((100, 690), (1250, 12)):  # the felt under the stock, the panel's corner
        page.mouse.click(*on_page(page, x, y))
        page.wait_for_timeout(150)
        got = py(page, "list(__import__('pygame').mouse.get_pos())")
        assert abs(got[0] - x) <= 2 and abs(got[1] - y) <= 2, (got, (x, y))
    assert engine(page)["moves"] == []

    # The King: one click.
    king = card_rect(page, "Ks")
    king_before = pixels(page, king)
    click_card(page, "Ks")
    wait_py(page, f"len({GAME}.moves) == 1", 10_000)
    desktop.play("Ks")
    assert engine(page) == {
        "text": desktop.text(),
        "moves": ["Ks"],
        "legal": [m.text() for m in desktop.legal_moves()],
    }
    gone(page, ["Ks"])
    idle(page)
    page.screenshot(path=str(screenshots / "wasm-2-king-removed.png"))
    share = changed(king_before, pixels(page, king))
    assert share > 0.2, f"the King's cell looks the same after the click ({share:.0%} changed)"

    # A pair: two clicks, the first one selects.
    cells = {card: card_rect(page, card) for card in ("4s", "9c")}
    pair_before = {card: pixels(page, rect) for card, rect in cells.items()}
    click_card(page, "4s")
    wait_py(page, f"{APP}.table.selected == {CARD}('4s')")
    click_card(page, "9c")
    wait_py(page, f"len({GAME}.moves) == 2", 10_000)
    desktop.play("4s+9c")
    assert engine(page) == {
        "text": desktop.text(),
        "moves": ["Ks", "4s+9c"],
        "legal": [m.text() for m in desktop.legal_moves()],
    }
    gone(page, ["Ks", "4s", "9c"])
    idle(page)
    page.screenshot(path=str(screenshots / "wasm-3-pair-removed.png"))
    table = pixels(page, TABLE)
    for card, rect in cells.items():
        share = changed(pair_before[card], pixels(page, rect))
        assert share > 0.2, f"the {card} cell looks the same after the pair ({share:.0%} changed)"
    before_reload = engine(page)

    # The game was saved to localStorage under the namespace, after each move.
    stored = page.evaluate("() => Object.fromEntries(Object.entries(localStorage))")
    slot = "thirteen/v1/game/thirteens/3x5"  # Thirteens 3x5's own slot
    assert slot in stored, sorted(stored)
    assert all(key.startswith("thirteen/v1/") for key in stored), sorted(stored)
    record = json.loads(stored[slot])["record"]
    assert (record["game"], record["deal"], record["moves"]) == ("thirteens", 1, ["Ks", "4s+9c"])
    assert page.errors == []

    # Reload with the same link: the same setup resumes, it is not dealt again.
    page.reload()
    reload = started(page)
    assert engine(page) == before_reload, "the reloaded page did not resume the saved game"
    gone(page, ["Ks", "4s", "9c"])
    idle(page)
    page.screenshot(path=str(screenshots / "wasm-4-resumed.png"))
    assert changed(table, pixels(page, TABLE)) == 0, "the resumed table looks different"

    # Frame time: force whole-table redraws and time them in the game loop.
    run(
        page,
        f"""
import asyncio, time
import thirteen.ui.launch

async def _redraw(n):
    app = thirteen.ui.launch.current
    app.frame_ms.clear()
    start = time.perf_counter()
    while len(app.frame_ms) < n:
        app.scene.dirty = True
        await asyncio.sleep(0)
    return (time.perf_counter() - start) * 1000

_redraws = asyncio.ensure_future(_redraw({REDRAWS}))
""",
    )
    wait_py(page, "_redraws.done()", 30_000)
    frames = py(page, f"list({APP}.frame_ms)[:{REDRAWS}]")
    wall_ms = py(page, "_redraws.result()")
    running(page)
    assert page.errors == []
    assert len(frames) == REDRAWS

    # An idle table: the loop sleeps between looks at the events; before, it never did.
    wait_py(page, f"not {APP}.busy()")
    idle_share = main_thread_share(page, IDLE_S)
    run(page, f"{APP}.sleeps_when_idle = False")
    never_sleeping = main_thread_share(page, IDLE_S)
    run(page, f"{APP}.sleeps_when_idle = True")
    running(page)
    assert idle_share < never_sleeping / 2, (idle_share, never_sleeping)

    figures = {
        "pyodide": page.pyodide_version,
        "browser": "headless Chromium, --disable-gpu (software canvas)",
        "viewport": VIEWPORT,
        "first_frame_s": round(load["first_frame"] / 1000, 2),
        "import_to_first_frame_ms": round(import_ms),
        "first_frame_after_reload_s": round(reload["first_frame"] / 1000, 2),
        "steps_ms": {name: round(ms) for name, ms in load.items()},
        "steps_after_reload_ms": {name: round(ms) for name, ms in reload.items()},
        "median_frame_ms": round(statistics.median(frames), 2),
        "p90_frame_ms": round(sorted(frames)[int(0.9 * len(frames))], 2),
        "frames": len(frames),
        "frame_interval_ms": round(wall_ms / len(frames), 2),
        "median_deal_animation_frame_ms": round(statistics.median(deal_frames), 2),
        "deal_animation_frames": len(deal_frames),
        "idle_main_thread_share": round(idle_share, 4),
        "idle_main_thread_share_never_sleeping": round(never_sleeping, 4),
        "idle_seconds": IDLE_S,
    }
    (screenshots / "wasm-timings.json").write_text(json.dumps(figures, indent=1) + "\n")
    print(
        f"\nwasm: first frame {figures['first_frame_s']} s after navigation"
        f" ({figures['first_frame_after_reload_s']} s after a reload),"
        f" median frame {figures['median_frame_ms']} ms over {len(frames)} frames"
        f" (p90 {figures['p90_frame_ms']} ms; one frame every {figures['frame_interval_ms']} ms);"
        f" idle table: main thread busy {idle_share:.1%} of {IDLE_S} s"
        f" ({never_sleeping:.1%} never sleeping);"
        f" headless Chromium without GPU; {screenshots / 'wasm-timings.json'}"
    )

    # The page forgot the link's keys once its game was open (pygbag's and the harness's
    # stay), so reloading after "New deal" resumes the new deal instead of dealing the
    # link's deal again and counting the new one as given up.
    search = page.evaluate("() => location.search")
    assert "game=" not in search and "deal=" not in search and "wheel=" in search, search
    # the page's random deals seeded, so "New deal" deals the same every run: about one
    # random deal in 170 has no move at all, and that one ends (and counts) at once
    run(page, f"__import__('random').seed('reload-after-new-deal')\n{APP}.new_deal()")
    wait_py(page, f"{GAME}.setup.deal != 1")
    assert py(page, f"bool({GAME}.legal_moves())")
    idle(page)
    run(page, f"{APP}.table.play({GAME}.legal_moves()[0])")
    idle(page)
    before = py(page, f"[{GAME}.setup.deal, {GAME}.text(), [m.text() for m in {GAME}.moves]]")
    assert len(before[2]) == 1
    played = f"{APP}.profile.stats('thirteens', '3x5').played"
    assert py(page, played) == 1  # deal 1, given up by "New deal" after two moves
    page.reload()
    started(page)
    after = py(page, f"[{GAME}.setup.deal, {GAME}.text(), [m.text() for m in {GAME}.moves]]")
    assert after == before, "the reload did not resume the deal in progress"
    assert py(page, played) == 1  # the new deal was not given up
    assert page.errors == []


WAKE_IDLE_S = 3
"""Seconds an idle table's loop wakes are counted."""


def test_an_idle_table_sleeps_until_a_click_and_answers_it_at_once_in_webassembly(
    game_page: Any, screenshots: Path
) -> None:
    """On an idle table the loop sleeps until the page sees input (a listener on the
    window ends the sleep), waking otherwise once a second; a click made while it sleeps
    ends the sleep and is handled in the loop's next pass.  Prints the wakes, the main
    thread's share and the click's latency (from the browser's event to the game's
    handling)."""
    page = game_page
    started(page)
    idle(page)
    run(
        page,
        f"""
import js as _js
_app = {APP}
_loops = [0]
_clicks = []
_step = type(_app).step
def _counted(self, dt, _step=_step):
    _loops[0] += 1
    return _step(self, dt)
type(_app).step = _counted
_dispatch = type(_app).dispatch
def _seen(self, event, _dispatch=_dispatch):
    if event.type == __import__('pygame').MOUSEBUTTONDOWN:
        _clicks.append((_js.performance.now(), _loops[0]))
    return _dispatch(self, event)
type(_app).dispatch = _seen
""",
    )
    wait_py(page, f"not {APP}.busy()", 30_000)
    assert py(page, f"{APP}.page_wake.installed")
    before = py(page, "_loops[0]")
    share = main_thread_share(page, WAKE_IDLE_S)
    loops = py(page, "_loops[0]") - before
    assert loops <= WAKE_IDLE_S + 2, loops  # once a second, not 20 times
    # the deal's sound opened the page's audio; asleep, it is suspended (its callback ran
    # on the main thread all the while), and a sound wakes it
    assert py(page, f"{APP}.sounds.ready")
    assert py(page, f"str({APP}.sounds.resting.state)") == "suspended"
    audio_states(page)
    assert py(page, f"(lambda s: (s.play('select'), s.resting is None)[1])({APP}.sounds)")
    page.wait_for_function("() => audio_states.includes('running')", timeout=10_000)
    wait_py(page, f"not {APP}.busy()", 30_000)
    # a click on a card while the loop sleeps: it ends the sleep, and the loop's first
    # pass after it handles it (counted in passes, not milliseconds: so under any load)
    page.evaluate(
        "() => window.addEventListener('mousedown', e => {"
        " window._clickAt = [e.timeStamp, JSON.parse(harness.py('str(_loops[0])'))] },"
        " {capture: true, once: true})"
    )
    wakes = py(page, f"{APP}.page_wake.wakes")
    click_card(page, "Ks")
    wait_py(page, "len(_clicks) > 0", 5000)
    (handled_at, handled_pass), (clicked_at, clicked_pass) = (
        py(page, "_clicks[0]"),
        page.evaluate("() => window._clickAt"),
    )
    latency = handled_at - clicked_at
    assert py(page, f"{APP}.page_wake.wakes") > wakes, "the click did not end the sleep"
    assert handled_pass == clicked_pass + 1, (clicked_pass, handled_pass)
    wait_py(page, f"len({GAME}.moves) == 1", 5000)  # the King, removed by that click
    figures = {
        "idle_loop_wakes": loops,
        "idle_seconds": WAKE_IDLE_S,
        "idle_main_thread_share": round(share, 4),
        "click_to_handling_ms": round(latency, 1),
        "load_average": [round(x, 2) for x in os.getloadavg()],
    }
    (screenshots / "wasm-wake-timings.json").write_text(json.dumps(figures, indent=2) + "\n")
    print(
        f"\nwasm idle table: the loop woke {loops} times in {WAKE_IDLE_S} s, main thread busy"
        f" {share:.1%}; a click reached the game {latency:.1f} ms after the browser's event"
        f" (load average {' '.join(str(x) for x in figures['load_average'])})"
    )
    assert page.errors == []


def test_a_lost_deal_s_end_screen_says_it_could_be_won_and_copies_its_link_in_webassembly(
    game_page: Any, screenshots: Path
) -> None:
    """A lost game's end screen runs the solver in the real runtime and tells the player
    that deal 5 could have been won (the same words as on the desktop).  Its Copy link,
    clicked with the real mouse, puts the page's own address with the deal's query on the
    browser's clipboard, and gives the canvas its focus back (the copy borrows it for a
    moment)."""
    page = game_page
    started(page)
    idle(page)
    page.context.grant_permissions(["clipboard-read", "clipboard-write"])
    run(
        page,
        f"{APP}.new_game(__import__('thirteen.games').games.GameSetup('thirteens', deal=5))",
    )
    idle(page)
    run(page, f"while not {GAME}.is_over: {APP}.table.play({GAME}.legal_moves()[0])")
    wait_py(page, f"type({APP}.scene).__name__ == 'EndScene' and not {APP}.scene.dirty", 10_000)
    assert py(page, f"{GAME}.outcome.value") == "lost"
    assert py(page, f"{APP}.scene.verdict()") == (
        "This deal can be won: Same deal (R) plays it again."
    )
    assert py(page, f"{APP}.scene.verdict() in [w for w, *_ in {APP}.scene.lines()]")
    page.screenshot(path=str(screenshots / "wasm-5-end-verdict.png"))

    page.wait_for_timeout(600)  # (it takes clicks 400 ms after it opens)
    x, y, w, h = py(page, f"list(next(b for b in {APP}.scene.widgets if b.name == 'copy').rect)")
    page.mouse.click(*on_page(page, x + w / 2, y + h / 2))
    wait_py(page, f"bool({APP}.scene.message)", 10_000)
    message = py(page, f"{APP}.scene.message")
    assert message.startswith("Link copied"), message
    address = page.url.split("#")[0].split("?")[0]
    copied = page.evaluate("() => navigator.clipboard.readText()")
    assert copied == address + "?game=thirteens&deal=5&layout=3x5"
    wait_py(page, f"not {APP}.scene.dirty")
    page.wait_for_timeout(100)
    page.screenshot(path=str(screenshots / "wasm-6-link-copied.png"))
    # the click focused the canvas; the copy's text area took the focus and gave it back
    focused = page.evaluate("() => document.activeElement.id")
    assert focused == "canvas", focused
    assert page.evaluate("() => document.querySelectorAll('textarea').length") == 0
    assert page.errors == []


def test_a_stored_value_nested_too_deep_is_set_aside_in_webassembly(wasm_site: WasmSite) -> None:
    """Found in the browser: a stored value nested about 8,500 levels deep filled the
    WebAssembly stack before json.loads could raise RecursionError, a fatal error of
    the page, which then stayed black at every load.  It is set aside instead.  (The
    value is stored on the game's origin before the game's page first loads there.)"""
    page = blank_page(wasm_site, {"viewport": VIEWPORT})
    try:
        page.goto(wasm_site.server.url(STANDIN.name))  # any file of the game's origin
        deep = "[" * 10_000 + "]" * 10_000
        page.evaluate("value => localStorage.setItem('thirteen/v1/settings', value)", deep)
        visit(page, wasm_site, QUERY)
        started(page)
        idle(page)
        stored = page.evaluate("() => Object.fromEntries(Object.entries(localStorage))")
        assert "thirteen/v1/settings" not in stored or stored["thirteen/v1/settings"] != deep
        assert [k for k, v in stored.items() if v == deep] == ["thirteen/v1/recovered/settings/1"]
        assert "could not be read" in py(page, f"{APP}.table.banner")
        assert page.errors == []
    finally:
        close_harness(page, wasm_site)


def test_a_link_in_a_second_tab_takes_the_saved_game_over(
    game_page: Any, wasm_site: WasmSite, screenshots: Path
) -> None:
    """Two tabs on one localStorage: a link opened in the second counts the first
    tab's game as played, once, and puts its own in the save slot; the first tab
    says so without waiting for a move, plays on, and neither writes over that game
    nor counts its own again."""
    page = game_page
    started(page)
    idle(page)
    run(page, f"{APP}.table.play({GAME}.legal_moves()[0])")
    idle(page)
    compiled = wasm_site.runtime.requests.count("/pyodide/pyodide.asm.wasm")
    assert compiled >= 1, "the harness did not load Pyodide from the session's address"
    other = open_tab(page, wasm_site, "?game=thirteens&deal=2")
    started(other)
    # the second tab's Pyodide came from the profile's cache, not the server again
    assert wasm_site.runtime.requests.count("/pyodide/pyodide.asm.wasm") == compiled
    assert py(other, f"{GAME}.setup.deal") == 2
    assert py(other, f"{APP}.profile.stats('thirteens', '3x5').played") == 1

    # back in the first tab, the player is told within a second or so, before any move
    page.bring_to_front()
    wait_py(page, f"{APP}.table.detached", timeout=5_000)
    assert py(page, f"[{APP}.table.detached, len({GAME}.moves)]") == [True, 1]
    run(page, f"{APP}.table.play({GAME}.legal_moves()[0])")
    idle(page)
    assert py(page, f"[{APP}.table.detached, len({GAME}.moves)]") == [True, 2]
    assert "took over the saved game" in py(page, f"{APP}.table.message")
    page.screenshot(path=str(screenshots / "wasm-taken-over.png"))
    key = "thirteen/v1/game/thirteens/3x5"  # Thirteens 3x5's slot
    stored = json.loads(page.evaluate("key => localStorage.getItem(key)", key))
    assert (stored["record"]["deal"], stored["record"]["moves"]) == (2, [])
    run(page, f"while not {GAME}.is_over: {APP}.table.play({GAME}.legal_moves()[0])")
    assert py(page, f"{APP}.profile.stats('thirteens', '3x5').played") == 1
    assert page.errors == [] and other.errors == []


def centre(page: Any, card: str) -> tuple[float, float]:
    x, y, w, h = card_rect(page, card)
    return on_page(page, x + w / 2, y + h / 2)


@pytest.mark.phone
def test_on_a_phone_taps_play_pinches_and_swipes_do_not_and_turning_keeps_the_game(
    game_page: Any, screenshots: Path
) -> None:
    """390x844 held upright: the canvas is 720x1558, the page shows it whole and
    unstretched, a tap on the King removes it; turned sideways (a new viewport) the game
    goes on, on a 1558x720 canvas, with the move kept.  Found on a phone: each finger of a
    pinch was a click (two fingers on a pair removed it), and a swipe that started on a
    card selected it.  A tap plays when its one finger lifts where it went down; two
    thumbs rolling over tap in the order they lift."""
    page = game_page
    started(page)
    idle(page)
    assert py(page, f"list({APP}.screen.get_size())") == [720, 1558]
    assert py(page, f"{APP}.table.frame.portrait")
    box = page.locator("#canvas").bounding_box()
    assert abs(box["width"] / box["height"] - 720 / 1558) < 0.01
    assert abs(box["height"] - 844) <= 2 and abs(box["width"] - 390) <= 2
    card_w = py(page, f"{APP}.table.geo.card_w")
    assert card_w * box["width"] / 720 >= 100, "Thirteens 3x5 cards under 100 CSS px wide"
    page.screenshot(path=str(screenshots / "wasm-upright.png"))
    page.touchscreen.tap(*centre(page, "Ks"))
    wait_py(page, f"len({GAME}.moves) == 1", 10_000)
    text = py(page, f"{GAME}.text()")
    page.set_viewport_size({"width": 844, "height": 390})
    wait_py(page, f"list({APP}.screen.get_size()) == [1558, 720]", 10_000)
    idle(page)
    assert py(page, f"[m.text() for m in {GAME}.moves]") == ["Ks"]
    assert py(page, f"{GAME}.text()") == text
    assert not py(page, f"{APP}.table.frame.portrait")
    box = page.locator("#canvas").bounding_box()
    assert abs(box["width"] / box["height"] - 1558 / 720) < 0.01

    cdp = page.context.new_cdp_session(page)

    def touch(kind: str, *points: tuple[float, float]) -> None:
        fingers = [{"x": x, "y": y, "id": i} for i, (x, y) in enumerate(points)]
        cdp.send("Input.dispatchTouchEvent", {"type": kind, "touchPoints": fingers})

    def settled() -> list[Any]:
        page.wait_for_timeout(400)  # a few frames: the events have been read by then
        return py(page, f"[[m.text() for m in {GAME}.moves], {APP}.table.selected]")

    four, nine = centre(page, "4s"), centre(page, "9c")  # a pair: 4 + 9 make 13
    touch("touchStart", four)
    touch("touchStart", four, nine)
    for k in range(1, 6):  # spread apart
        touch("touchMove", (four[0], four[1] - 4 * k), (nine[0], nine[1] + 4 * k))
    touch("touchEnd")
    assert settled() == [["Ks"], None], "a pinch played"

    touch("touchStart", four)
    for k in range(1, 6):
        touch("touchMove", (four[0] + 40 * k, four[1]))
    touch("touchEnd")
    assert settled() == [["Ks"], None], "a swipe from the 4 played"

    # two thumbs rolling over: the 9 goes down before the 4 is up, and neither
    # moves; both tap, in the order they lift (the 4 first: it selects)
    touch("touchStart", four)
    touch("touchStart", four, nine)
    touch("touchEnd")
    wait_py(page, f"len({GAME}.moves) == 2", 10_000)
    assert settled() == [["Ks", "4s+9c"], None]  # once, and no echo selected anything
    idle(page)
    page.screenshot(path=str(screenshots / "wasm-turned.png"))
    # the Hint button, tapped: the browser's hint search has its longer budget
    searches = "__import__('thirteen.ui.table.searches').ui.table.searches"
    assert py(page, f"{searches}.HINT_BUDGET_MS") == 400
    hint = py(page, f"list(next(b for b in {APP}.table.buttons if b.name == 'hint').rect.center)")
    page.touchscreen.tap(*on_page(page, *hint))
    wait_py(page, f"{APP}.table.message.startswith('Hint: ')", 10_000)
    page.screenshot(path=str(screenshots / "wasm-phone-taps.png"))
    assert page.errors == []


SESSION_GAMES = (("thirteens", 5), ("pyramid13", 5))
"""The scripted session's games (the stand-in dies 25-50 s after start: kept short)."""
SESSION_HINTS = 3
"""Hints asked for (by clicking the Hint button) and played, per game."""
SESSION_IDLE_S = 2
"""Seconds the idle table's main-thread time is counted after the session."""


def test_a_scripted_session_keeps_its_frames_near_the_median_in_webassembly(
    game_page: Any, screenshots: Path
) -> None:
    """The session of ``bench-ui --session`` in the browser: hints asked for with the mouse
    and played, the rest of each game played out, the end screen's verdict, the "can this
    still be won?" indicator on throughout; then an idle table.  Prints the median, 95th
    percentile and maximum of the frames that drew or searched and the main thread's
    share of an idle table's few seconds (figures: they depend on the machine)."""
    page = game_page
    started(page)
    idle(page)
    run(page, f"{APP}.settings.show_winnable = True")
    run(page, f"{APP}.frame_ms.clear(); {APP}.frame_gaps_ms.clear()")
    setup = "__import__('thirteen.games').games.GameSetup"
    for game_id, deal in SESSION_GAMES:
        run(page, f"{APP}.new_game({setup}({game_id!r}, deal={deal}))")
        idle(page)
        for _ in range(SESSION_HINTS):
            hint = py(
                page, f"list(next(b for b in {APP}.table.buttons if b.name == 'hint').rect.center)"
            )
            page.mouse.click(*on_page(page, *hint))
            wait_py(page, f"'hint' not in {APP}.tasks and {APP}.table.hint_spots", 10_000)
            cards = py(page, f"[k[1] for k in {APP}.table.hint_spots if k[0] == 'card']")
            moves = py(page, f"len({GAME}.moves)")
            if cards:
                for card in sorted(cards):
                    rect = py(page, f"list({APP}.table.geo.spot_for_card({card}).outline)")
                    page.mouse.click(*on_page(page, rect[0] + rect[2] / 2, rect[1] + rect[3] / 2))
            try:
                wait_py(page, f"len({GAME}.moves) > {moves}", 2000 if cards else 1)
            except Exception:  # a draw, or a move clicks cannot make: played for the player
                legal = f"{GAME}.legal_moves()"
                run(  # (a draw's hint marks the draw card)
                    page,
                    f"{APP}.table.play(next((m for m in {legal} if sorted(m.cards) =="
                    f" {sorted(cards)!r}), next((m for m in {legal} if not m.cards), None)))",
                )
            page.wait_for_timeout(200)
        play_out(page)
        wait_py(
            page,
            f"type({APP}.scene).__name__ == 'EndScene' and not {APP}.tasks.busy()"
            f" and not {APP}.scene.dirty",
            20_000,
        )
    frames = sorted(py(page, f"list({APP}.frame_ms)"))
    gaps = sorted(py(page, f"list({APP}.frame_gaps_ms)"))
    run(page, f"{APP}.new_game({setup}('thirteens', deal=1))")
    idle(page)
    wait_py(page, f"not {APP}.tasks.busy()", 10_000)
    page.wait_for_timeout(1100)  # past the linger after the last frame
    idle_share = main_thread_share(page, SESSION_IDLE_S)
    periods, own = spread(gaps), spread(frames)
    figures = {
        "session_frame_periods": len(gaps),
        "session_median_period_ms": periods["median"],
        "session_p95_period_ms": periods["p95"],
        "session_max_period_ms": periods["max"],
        "session_max_period_over_median": periods["max_over_median"],
        "session_frames": len(frames),
        "session_median_frame_ms": own["median"],
        "session_p95_frame_ms": own["p95"],
        "session_max_frame_ms": own["max"],
        "session_max_over_median": own["max_over_median"],
        "session_idle_main_thread_share": round(idle_share, 4),
        "session_idle_seconds": SESSION_IDLE_S,
        "load_average": [round(x, 2) for x in os.getloadavg()],
    }
    (screenshots / "wasm-session-timings.json").write_text(json.dumps(figures, indent=2) + "\n")

    def told(figure: dict[str, float]) -> str:
        return (
            f"median {figure['median']:.1f} ms, p95 {figure['p95']} ms, max {figure['max']} ms"
            f" ({figure['max_over_median']} times the median)"
        )

    print(
        f"\nwasm session ({', '.join(g for g, _ in SESSION_GAMES)}; hints, verdicts, the"
        f" indicator on): {len(gaps)} frame periods at full rate, {told(periods)}; the own"
        f" work of {len(frames)} frames that drew or searched, {told(own)}; idle table: main"
        f" thread busy {idle_share:.1%} of {SESSION_IDLE_S} s; load average"
        f" {' '.join(str(x) for x in figures['load_average'])}"
    )
    assert frames and gaps and page.errors == []


def spread(values: list[float]) -> dict[str, float]:
    """The median, 95th percentile and maximum of sorted ``values`` (ms), and the
    maximum over the median."""
    median = statistics.median(values)
    return {
        "median": round(median, 2),
        "p95": round(values[min(len(values) - 1, int(0.95 * len(values)))], 2),
        "max": round(values[-1], 2),
        "max_over_median": round(values[-1] / median, 2),
    }


def play_out(page: Any, most: int = 400) -> None:
    """Play the game on the table to its end a move at a time, a frame apart, as a player
    would (one move of the engine's legal ones per call: the page's main thread is not
    held for the whole rest of the game, which no player could do)."""
    for _ in range(most):
        if py(page, f"{GAME}.is_over"):
            return
        run(page, f"{APP}.table.play({GAME}.legal_moves()[-1])")
        page.wait_for_timeout(17)
    raise AssertionError(f"the game was not over after {most} moves")


@pytest.mark.media(reduced_motion="reduce", contrast="more")
def test_the_browser_s_reduced_motion_and_more_contrast_are_the_defaults_in_webassembly(
    game_page: Any, screenshots: Path
) -> None:
    """The page asks for reduced motion and more contrast: the game, reading them
    through matchMedia on the page's window, starts without animations and in high
    contrast, stored as "not chosen" (the browser decides until the player does)."""
    page = game_page
    started(page)
    assert py(page, f"[{APP}.setting('animations'), {APP}.setting('high_contrast')]") == [
        False,
        True,
    ]
    assert py(page, f"[{APP}.settings.animations, {APP}.settings.high_contrast]") == [None, None]
    assert py(page, f"{APP}.table.anim.enabled") is False
    idle(page)
    table = py(page, f"list({APP}.table.frame.table)")
    corner = pixels(page, [table[0] + 2, table[1] + table[3] - 12, 10, 10])
    assert max(corner.get_at((5, 5))[:3]) <= 24  # the near-black table
    page.screenshot(path=str(screenshots / "wasm-high-contrast.png"))


def test_a_game_controller_s_buttons_play_in_webassembly(game_page: Any) -> None:
    """pygame-ce's build for the browser knows the controller events, and the game maps
    them as on the desktop: the d-pad shows the focus, A removes the focused King, B
    undoes it; a gamepad read as a joystick does the same (events posted in the page,
    as SDL posts a gamepad's; no real gamepad reaches a headless browser)."""
    page = game_page
    started(page)
    idle(page)
    opened = py(page, f"len({APP}.pads.opened)")
    assert opened == 0  # none connected, and starting to listen broke nothing

    def button(name: str) -> None:
        for kind in ("CONTROLLERBUTTONDOWN", "CONTROLLERBUTTONUP"):
            run(
                page,
                f"import pygame; pygame.event.post(pygame.event.Event(pygame.{kind},"
                f" button=pygame.CONTROLLER_BUTTON_{name}, instance_id=0))",
            )
        page.wait_for_timeout(150)

    button("DPAD_UP")
    wait_py(page, f"{APP}.table.show_focus and {APP}.table.focus_key is not None")
    on_king = f"{APP}.table.find({APP}.table.focus_key).card == {CARD}('Ks')"
    for _ in range(8):  # the King is at the top left: up and left until the focus is on it
        if py(page, on_king):
            break
        button("DPAD_LEFT")
        button("DPAD_UP")
    assert py(page, on_king)
    button("A")
    wait_py(page, f"len({APP}.game.moves) == 1")
    button("B")
    wait_py(page, f"len({APP}.game.moves) == 0")

    # this runtime has joysticks but no pygame._sdl2.controller: a browser gamepad comes
    # as a joystick in the Gamepad API's standard layout (0 is A, 1 is B)
    assert py(page, f"{APP}.pads.joysticks") is True

    def joystick_button(number: int) -> None:
        for kind in ("JOYBUTTONDOWN", "JOYBUTTONUP"):
            run(
                page,
                f"import pygame; pygame.event.post(pygame.event.Event(pygame.{kind},"
                f" button={number}, instance_id=0, joy=0))",
            )
        page.wait_for_timeout(150)

    joystick_button(0)
    wait_py(page, f"len({APP}.game.moves) == 1")
    joystick_button(1)
    wait_py(page, f"len({APP}.game.moves) == 0")
