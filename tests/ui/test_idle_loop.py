"""The game loop sleeps on an idle screen and wakes for input at once.

The App says whether it may sleep (:meth:`App.idle_wait_ms`); the loop
(:func:`thirteen.ui.app.drive`) sleeps then, waiting for an event on the desktop
and yielding longer between looks in the browser.
"""

from __future__ import annotations

import asyncio
import os
import subprocess
import sys
import time
from pathlib import Path

import pygame
import pytest

import thirteen
from thirteen.ui import app as app_module
from thirteen.ui import idle

from .helpers import settled, step

KEY = pygame.K_F15
"""A key the game does nothing with, posted to wake the loop."""


def test_an_idle_table_may_sleep(make):
    app = make("?game=thirteens&deal=1")
    settled(app)
    assert app.idle_wait_ms() == app_module.IDLE_WAIT_MS
    app.sleeps_when_idle = False  # the benchmark's baseline: never sleep
    assert app.idle_wait_ms() == 0


def test_moving_cards_keep_the_loop_awake(make):
    app = make("?game=thirteens&deal=1")
    settled(app)
    app.table.deal_in()
    assert app.table.anim.active and app.table.active()
    assert app.busy() and app.idle_wait_ms() == 0
    app.table.anim.finish()
    settled(app)


def test_a_message_counting_down_keeps_the_loop_awake_until_it_goes(make):
    app = make("?game=thirteens&deal=1")
    settled(app)
    app.table.say("Hello", 3000)
    step(app)  # drawn; the linger after the frame ends long before the message does
    app.step(app_module.LINGER_MS + 500)
    assert not app.scene.dirty and app.table.active()
    assert app.busy() and app.idle_wait_ms() == 0
    app.step(2000)  # the message goes, and the table draws without it
    assert app.table.message == "" and not app.table.active()
    assert app.busy()  # for the linger after that frame
    app.step(app_module.LINGER_MS)
    assert app.idle_wait_ms() > 0


@pytest.mark.parametrize("timer", ["banner", "end delay"])
def test_other_timers_keep_the_loop_awake(make, timer):
    app = make("?game=thirteens&deal=1")
    settled(app)
    table = app.table
    if timer == "banner":
        table.show_banner("A notice")
    else:
        table.end_left = 650.0  # a game just ended: the end screen opens after this
    assert table.active() and app.idle_wait_ms() == 0


def test_input_keeps_the_loop_awake_for_a_moment(make):
    app = make("?game=thirteens&deal=1")
    settled(app)
    pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=(5, 5), rel=(1, 1), buttons=()))
    app.step(16)
    assert app.busy()
    app.step(app_module.LINGER_MS)
    assert not app.busy()


def test_the_screen_over_the_table_decides(make):
    app = make("?game=thirteens&deal=1", animations=False)
    app.table.say("Hello", 60_000)
    app.open("help")  # the table's message waits behind the help screen (standing still)
    settled(app)
    assert app.idle_wait_ms() > 0


def test_the_help_screen_keeps_the_loop_busy_only_while_its_example_plays(make):
    app = make("?game=thirteens&deal=1")
    app.open("help")
    step(app)
    app.step(app_module.LINGER_MS)
    assert app.busy() and app.idle_wait_ms() == 0
    app.back()
    settled(app)
    assert app.idle_wait_ms() > 0


def test_time_asleep_moves_the_clock_on_but_nothing_else(make):
    app = make("?game=thirteens&deal=1")
    settled(app)
    before = app.now_ms
    app.rest(5000)
    assert app.now_ms == before + 5000
    assert not app.scene.dirty and not app.busy()


def test_waiting_for_an_event_leaves_it_queued(make):
    app = make("?game=thirteens&deal=1")
    settled(app)
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=KEY, mod=0, unicode="", scancode=0))
    start = time.perf_counter()
    idle.wait_for_event(5000)
    assert time.perf_counter() - start < 1
    assert [e.key for e in pygame.event.get(pygame.KEYDOWN)] == [KEY]


@pytest.fixture(params=["look", "sdl"])
def waits(request, monkeypatch):
    """Each of the desktop's two waits: looking at the queue once a frame (the dummy
    driver's), and SDL's own wait in pygame's SDL library, found with ctypes (it blocks
    in a real window system; under the dummy driver SDL polls, but it must still wake)."""
    monkeypatch.setattr(idle, "_resolved", False)
    monkeypatch.setattr(idle, "_blocking", None)
    if request.param == "sdl":
        if not sys.platform.startswith("linux"):
            pytest.skip("where SDL's library is found is checked here on Linux")
        monkeypatch.setattr(idle, "BLOCKING_DRIVERS", idle.BLOCKING_DRIVERS | {"dummy"})
    return request.param


def run_until_key(app, desktop: bool, after_ms: int) -> tuple[float, int]:
    """Run the real loop; post a key after ``after_ms``; how long after its posting the
    loop handled it (s), and how many frames it ran before."""
    frames = 0
    handled: list[float] = []
    step, dispatch = app.step, app.dispatch

    def counting(dt_ms):
        nonlocal frames
        frames += 1
        return step(dt_ms)

    def watching(event):
        if event.type == pygame.KEYDOWN and event.key == KEY:
            handled.append(time.perf_counter())
            app.running = False
            return
        dispatch(event)

    app.step, app.dispatch = counting, watching
    key = pygame.event.Event(pygame.KEYDOWN, key=KEY, mod=0, unicode="", scancode=0)
    pygame.time.set_timer(key, after_ms, loops=1)
    pygame.time.set_timer(pygame.QUIT, 10_000, loops=1)  # should the wake never come
    posted = time.perf_counter() + after_ms / 1000
    try:
        asyncio.run(app_module.drive(app, desktop=desktop))
    finally:
        pygame.time.set_timer(pygame.QUIT, 0)
    assert handled, "the key never reached the game"
    return handled[0] - posted, frames


def test_the_desktop_loop_sleeps_until_a_key_and_wakes_at_once(make, monkeypatch, waits):
    app = make("?game=thirteens&deal=1")
    settled(app)
    monkeypatch.setattr(app_module, "IDLE_WAIT_MS", 30_000.0)
    assert (idle._sdl_wait() is not None) == (waits == "sdl")
    late, frames = run_until_key(app, desktop=True, after_ms=500)
    assert late < 0.25, f"the key was handled {late * 1000:.0f} ms after it came"
    assert frames <= 3, f"{frames} frames ran on an idle table in 0.5 s"  # 60 fps: 30


def test_the_browser_loop_looks_for_input_twenty_times_a_second(make):
    app = make("?game=thirteens&deal=1")
    settled(app)
    late, frames = run_until_key(app, desktop=False, after_ms=500)
    assert late < 0.25, f"the key was handled {late * 1000:.0f} ms after it came"
    assert frames <= 15, f"{frames} frames ran on an idle table in 0.5 s"  # every 50 ms: 10


def test_the_ui_benchmark_prints_the_idle_figures():
    env = {**os.environ, "PYTHONPATH": str(Path(thirteen.__file__).parents[1])}
    command = [sys.executable, "-m", "thirteen", "bench-ui", "--frames", "1", "--idle-seconds", "1"]
    done = subprocess.run(command, capture_output=True, text=True, env=env, timeout=120)
    assert done.returncode == 0, done.stderr
    lines = [line for line in done.stdout.splitlines() if line.startswith("idle table")]
    assert len(lines) == 2, done.stdout
    assert "% of one core over 1 s" in lines[0] and "never sleeping" in lines[1]
