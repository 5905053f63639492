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

    def addEventListener(self, name, listener, options) -> None:  # noqa: N802 - the DOM's name
        self.listeners.append((name, listener, options))


@pytest.fixture
def page(monkeypatch):
    """Pyodide's modules as the page gives them: js (with the window), pyodide_js, pyodide.ffi."""
    window = FakeWindow()
    js = types.SimpleNamespace(window=window, Object=types.SimpleNamespace(fromEntries=dict))
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
