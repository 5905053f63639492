"""The browser loop's sleep until page input, with the page's window stood in for (the
real one is driven in tests/web/test_web_wasm_game.py)."""

import asyncio
import sys
import time
import types

import pytest

from thirteen.ui.page_wake import WAKING_EVENTS, PageWake


class FakeWindow:
    def __init__(self) -> None:
        self.listeners: list[tuple[str, object, object]] = []
        self.frame_requests: list[object] = []
        self.shows_frames = True
        """False: a hidden page, which gets no display frames."""

    def requestAnimationFrame(self, callback) -> None:  # noqa: N802 - the DOM's name
        self.frame_requests.append(callback)
        if self.shows_frames:  # the display's next frame, 16 ms on
            asyncio.get_running_loop().call_later(0.016, callback, 16.0)

    def addEventListener(self, name, listener, options) -> None:  # noqa: N802 - the DOM's name
        self.listeners.append((name, listener, options))


@pytest.fixture
def page(monkeypatch):
    """Pyodide's modules as the page gives them: js (with the window), pyodide_js, pyodide.ffi."""
    window = FakeWindow()
    js = types.SimpleNamespace(
        window=window,
        Object=types.SimpleNamespace(fromEntries=dict),
        requestAnimationFrame=window.requestAnimationFrame,
    )
    ffi = types.SimpleNamespace(
        create_proxy=lambda f: f, to_js=lambda value, dict_converter=None: value
    )
    pyodide = types.ModuleType("pyodide")
    pyodide.ffi = ffi
    monkeypatch.setitem(sys.modules, "js", js)
    monkeypatch.setitem(sys.modules, "pyodide_js", types.ModuleType("pyodide_js"))
    monkeypatch.setitem(sys.modules, "pyodide", pyodide)
    monkeypatch.setitem(sys.modules, "pyodide.ffi", ffi)
    return window


def test_without_pyodide_the_loop_keeps_its_short_yields():
    assert PageWake().install() is False  # the desktop, and pygbag's runtime


def test_it_listens_for_every_kind_of_input_in_the_capture_phase(page):
    wake = PageWake()
    assert wake.install() and wake.install()  # once
    names = [name for name, _, _ in page.listeners]
    assert names == list(WAKING_EVENTS)
    assert {"pointerdown", "keydown", "touchstart", "wheel", "resize", "storage"} <= set(names)
    assert all(options == {"capture": True, "passive": True} for _, _, options in page.listeners)


def test_input_ends_the_sleep_at_once_and_time_ends_it_otherwise(page):
    wake = PageWake()

    async def scenario() -> tuple[float, float]:
        assert wake.install()
        listener = page.listeners[0][1]
        loop = asyncio.get_running_loop()
        loop.call_later(0.02, listener, object())  # a click 20 ms into a 5 s sleep
        start = time.perf_counter()
        await wake.sleep(5000)
        woken = time.perf_counter() - start
        start = time.perf_counter()
        await wake.sleep(60)  # nothing comes
        return woken, time.perf_counter() - start

    woken, timed_out = asyncio.run(scenario())
    assert woken < 1.0
    assert 0.05 <= timed_out < 1.0
    assert wake.wakes == 1


def test_at_full_rate_the_loop_waits_for_the_display_s_next_frame(page, monkeypatch):
    """As pygbag resumes it once per display frame; a hidden page, which gets none, still
    goes on after ``FRAME_WAIT_MS``."""
    from thirteen.ui import page_wake

    monkeypatch.setattr(page_wake, "FRAME_WAIT_MS", 80.0)
    wake = PageWake()

    async def scenario() -> list[float]:
        assert wake.install()
        waits = []
        for shown in (True, True, False):
            page.shows_frames = shown
            start = time.perf_counter()
            await wake.next_frame()
            waits.append(time.perf_counter() - start)
        return waits

    shown, again, hidden = asyncio.run(scenario())
    assert len(page.frame_requests) == 3
    assert 0.010 <= shown < 0.070 and 0.010 <= again < 0.070  # the frame, not the timeout
    assert hidden >= 0.075
