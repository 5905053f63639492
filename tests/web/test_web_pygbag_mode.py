"""The game's pygbag paths in a real browser: the WebAssembly stand-in (Pyodide 0.27.7 and
pygbag's pygame-ce wheel in headless Chromium, see wasm_harness.py) presenting
pygbag's Python side (tests/web/wasm/pygbag_standin.py: ``platform.window`` through
pygbag's conversions, ``js`` as pygbag sets it, no Pyodide module importable from the
game, main.py run as pygbag runs it, its loop stepped once per display frame).

One page loads, checks what the game sees, plays the King with a real click, is saved,
sleeps on an idle table in 50 ms yields with its audio suspended; then the page reloads
with the browser asking for reduced motion and more contrast, resumes the game, takes
those preferences as its defaults and copies a deal's link.  Needs THIRTEEN_WASM_CACHE,
as wasm_harness.py says.
"""

from __future__ import annotations

import json
from typing import Any

import pytest
from wasm_harness import (
    APP,
    GAME,
    VIEWPORT,
    WasmSite,
    audio_states,
    click_card,
    close_harness,
    engine,
    idle,
    on_page,
    open_harness,
    py,
    run,
    started,
    wait_py,
)
from wasm_harness import wasm_site as wasm_site  # the fixture

pytestmark = pytest.mark.browser

STANDIN = "__import__('sys').modules['pygbag_standin']"
IDLE_S = 2
"""Seconds an idle table's loop wakes are counted."""


@pytest.fixture
def pygbag_page(wasm_site: WasmSite, screenshots: Any) -> Any:
    """The harness in its pygbag mode, on Thirteens deal 1."""
    page = open_harness(wasm_site, {"viewport": VIEWPORT}, "&runtime=pygbag")
    try:
        yield page
    finally:
        page.screenshot(path=str(screenshots / "pygbag-mode-last.png"))
        close_harness(page, wasm_site)


def frames_and_passes(page: Any, ms: int) -> tuple[int, int]:
    """The page's display frames (requestAnimationFrame callbacks) in ``ms``, and the
    passes the game's loop made from the first of those frames to the last: both counted
    in the page, in the same callbacks (read a call apart from the test, a loaded
    machine put frames between the two counts)."""
    frames, passes = page.evaluate(
        """([ms, ticks]) => new Promise(done => {
          let frames = 0;
          let first = null;
          const start = performance.now();
          const frame = () => {
            if (first === null) first = Number(harness.py(ticks));
            frames += 1;
            if (performance.now() - start < ms) requestAnimationFrame(frame);
            else done([frames, Number(harness.py(ticks)) - first]);
          };
          requestAnimationFrame(frame);
        })""",
        [ms, f"{STANDIN}.stepper.ticks"],
    )
    return int(frames), int(passes)


def test_the_game_s_pygbag_paths_load_play_save_and_resume(
    pygbag_page: Any, screenshots: Any
) -> None:
    page = pygbag_page
    started(page)
    assert page.evaluate("() => harness.runtime") == "pygbag"

    # What the game sees: pygbag's platform.window and js, no Pyodide module at all.
    # (The harness's Python runs in __main__, where pygbag runs main.py: it sees the same.)
    run(
        page,
        """
_hidden = []
for _name in ("pyodide", "pyodide.ffi", "pyodide_js", "_pyodide"):
    try:
        __import__(_name)
    except ModuleNotFoundError:
        _hidden.append(_name)
""",
    )
    seen = py(
        page,
        f"""{{
        'window': type(__import__('platform').window).__name__,
        'js': type(__import__('js')).__name__,
        'same_window': __import__('js').window == __import__('platform').window,
        'system': __import__('platform').system(),
        'missing_property': __import__('platform').window.no_such_property,
        'hidden': _hidden,
        'storage': type({APP}.profile.storage).__name__,
        'storage_window': {APP}.profile.storage.window is __import__('platform').window,
        'woken_by_page': {APP}.page_wake.installed,
        'loop': type(__import__('asyncio').get_running_loop()).__name__,
        'main_file': __file__,
        'refused': {STANDIN}.refused,
        'preferences': [{APP}.setting('animations'), {APP}.setting('high_contrast')],
        }}""",
    )
    assert seen == {
        "window": "BrowserObject",
        "js": "BrowserObject",
        "same_window": True,
        "system": "Emscripten",
        "missing_property": None,  # pygbag reads undefined as None, Pyodide would raise
        "hidden": ["pyodide", "pyodide.ffi", "pyodide_js", "_pyodide"],
        "storage": "BrowserStorage",
        "storage_window": True,  # storage.browser_window() took platform.window
        "woken_by_page": False,  # PageWake.install() found no Pyodide: 50 ms yields
        "loop": "FrameLoop",
        "main_file": "/data/data/thirteen/assets/main.py",
        "refused": [
            ["thirteen.ui.page_wake", "pyodide_js"],
            ["__main__", "pyodide"],
            ["__main__", "pyodide.ffi"],
            ["__main__", "pyodide_js"],
            ["__main__", "_pyodide"],
        ],
        "preferences": [True, False],  # matchMedia through platform.window: no preference
    }, seen

    # The loop runs one pass per display frame, and the game one frame per pass at most.
    run(
        page,
        f"""
_app = {APP}
_frames = []
_step = type(_app).step
def _counted(self, dt, _step=_step):
    _frames.append(__import__('time').perf_counter())
    return _step(self, dt)
type(_app).step = _counted
_sleeps = []
_aio = __import__('asyncio')
_sleep = _aio.sleep
async def _recorded(delay, result=None, _sleep=_sleep):
    _sleeps.append(delay)
    return await _sleep(delay, result)
_aio.sleep = _recorded
""",
    )
    frames, passes = frames_and_passes(page, 1000)
    # the passes lie between the first frame and the last: one fewer than the frames
    assert abs(passes - (frames - 1)) <= max(3, frames // 10), (passes, frames)

    # A real click removes the King; the move is saved in localStorage.  While the
    # table moves, the game runs one frame per pass of the loop at most.
    idle(page)
    run(page, f"_frames.clear(); _ticks = {STANDIN}.stepper.ticks")  # (between two passes)
    said = page.evaluate("() => thirteen_a11y.said")
    click_card(page, "Ks")
    wait_py(page, f"len({GAME}.moves) == 1", 10_000)
    # (the screen reader's live region hears of it through platform.window too)
    page.wait_for_function("said => thirteen_a11y.said > said", arg=said, timeout=5_000)
    idle(page)
    busy, passes = py(page, f"[len(_frames), {STANDIN}.stepper.ticks - _ticks]")
    print(f"\npygbag mode, the King's removal: {busy} game frames in {passes} passes")
    assert passes / 3 <= busy <= passes, (busy, passes)
    stored = page.evaluate("() => localStorage.getItem('thirteen/v1/game/thirteens/3x5')")
    assert json.loads(stored)["record"]["moves"] == ["Ks"]
    before_reload = engine(page)

    # An idle table: the loop yields 50 ms at a time, and the page's audio, found through
    # platform.window.Module, is suspended meanwhile.
    idle(page)
    wait_py(page, f"not {APP}.busy()", 10_000)
    run(page, f"_frames.clear(); _sleeps.clear(); _ticks = {STANDIN}.stepper.ticks")
    page.wait_for_timeout(IDLE_S * 1000)
    woke, sleeps, passes = py(page, f"[_frames[:], _sleeps[:], {STANDIN}.stepper.ticks - _ticks]")
    gaps = [(b - a) * 1000 for a, b in zip(woke, woke[1:], strict=False)]
    print(
        f"\npygbag mode, idle {IDLE_S} s: {len(woke)} loop wakes in {passes} passes,"
        f" gaps {min(gaps):.1f}-{max(gaps):.1f} ms"
    )
    assert sleeps and set(sleeps) == {0.05}, sleeps
    assert IDLE_S * 4 <= len(woke) <= IDLE_S * 20 + 1, len(woke)
    assert min(gaps) >= 49, gaps
    assert len(woke) < passes / 2, (len(woke), passes)
    audio = py(page, f"[type({APP}.sounds.resting).__name__, str({APP}.sounds.resting.state)]")
    assert audio == ["BrowserObject", "suspended"]
    assert ["thirteen.ui.sound", "pyodide_js"] in py(page, f"{STANDIN}.refused")
    audio_states(page)
    assert py(page, f"(lambda s: (s.play('select'), s.resting is None)[1])({APP}.sounds)")
    page.wait_for_function("() => audio_states.includes('running')", timeout=10_000)
    assert page.errors == []

    # Reloaded with the browser asking for reduced motion and more contrast: the game
    # resumes, and takes those as the defaults of the settings not chosen.
    page.emulate_media(reduced_motion="reduce", contrast="more")
    page.reload()
    started(page)
    assert engine(page) == before_reload, "the reloaded page did not resume the saved game"
    assert py(page, f"[{APP}.setting('animations'), {APP}.setting('high_contrast')]") == [
        False,
        True,
    ]
    assert py(page, f"[{APP}.settings.animations, {APP}.settings.high_contrast]") == [None, None]

    # The clipboard: the end screen's Copy link, clicked, through platform.window.document.
    idle(page)
    page.context.grant_permissions(["clipboard-read", "clipboard-write"])
    run(page, f"{APP}.open('end')")
    wait_py(page, f"type({APP}.scene).__name__ == 'EndScene' and not {APP}.scene.dirty")
    page.wait_for_timeout(600)  # (it takes clicks 400 ms after it opens)
    x, y, w, h = py(page, f"list(next(b for b in {APP}.scene.widgets if b.name == 'copy').rect)")
    page.mouse.click(*on_page(page, x + w / 2, y + h / 2))
    wait_py(page, f"bool({APP}.scene.message)", 10_000)
    assert py(page, f"{APP}.scene.message").startswith("Link copied")
    address = page.url.split("#")[0].split("?")[0]
    copied = page.evaluate("() => navigator.clipboard.readText()")
    assert copied == address + "?game=thirteens&deal=1&layout=3x5"
    assert page.evaluate("() => document.activeElement.id") == "canvas"
    page.screenshot(path=str(screenshots / "pygbag-mode-link-copied.png"))
    assert page.evaluate("() => harness.state") == "started"
    assert page.errors == []
