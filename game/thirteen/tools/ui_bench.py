"""``python -m thirteen bench-ui`` (or ``python -m thirteen.tools.ui_bench``): drawing speed.

Prints figures rather than asserting them: the median time to draw a full
table frame at 1280x720 for each game (targets: <= 4 ms), the time from
start to the first drawn frame (target: <= 0.5 s), and the share of one core
the game loop takes on an idle table, sleeping until input and, as a
baseline, running every frame without sleeping; and the time a full Pyramid 13 table
takes to draw and show in a 1920x1080 and a 3840x2160 desktop window, with its text and
cards drawn again at the window's resolution (:mod:`.crisp`) and, as a baseline, only
scaled.  Runs headless (the dummy
video driver unless ``SDL_VIDEODRIVER`` names another).
"""

from __future__ import annotations

import asyncio
import os
import statistics
import sys
import time

MAX_FRAMES = 100_000
"""``--frames`` at most (per game; a frame takes a few milliseconds)."""

MAX_IDLE_SECONDS = 3600
"""``--idle-seconds`` at most (each of the two idle runs lasts that long)."""


def idle_share(app: object, seconds: float, sleeps: bool) -> float:
    """The share of one core (process time over wall time) the real game loop takes on
    the idle screen of ``app`` for ``seconds``; ``sleeps`` False: it runs every frame,
    the baseline a sleeping loop is measured against. A QUIT event posted by SDL's timer
    ends the loop."""
    import pygame

    from thirteen.ui import app as app_module

    assert isinstance(app, app_module.App)
    app.sleeps_when_idle = sleeps
    app.running = True
    app.step(16)  # draw what is pending, then let the table stand still for a while
    app.step(app_module.LINGER_MS)
    pygame.event.clear()
    pygame.time.set_timer(pygame.QUIT, round(seconds * 1000), loops=1)
    wall, cpu = time.perf_counter(), time.process_time()
    asyncio.run(app_module.drive(app))
    return (time.process_time() - cpu) / (time.perf_counter() - wall)


WINDOWS = ((1920, 1080), (3840, 2160))
"""The desktop windows whose frame cost is measured."""


def window_frame_ms(app: object, size: tuple[int, int], frames: int, crisp: bool) -> float:
    """The median time, in ms, to draw ``app``'s table and show it in a desktop window of
    ``size`` (the dummy driver's window); ``crisp`` False: only scaled, the baseline that
    sharpening is measured against."""
    import pygame

    from thirteen.ui import app as app_module
    from thirteen.ui.crisp import SharpCanvas
    from thirteen.ui.display import Display

    assert isinstance(app, app_module.App) and app.table is not None
    app.display = Display("window", size)
    assert isinstance(app.display.canvas, SharpCanvas)  # a desktop window's canvas
    if not crisp:
        app.display.canvas.set_scale(1.0)  # the canvas notes nothing: only scaled
    app.table.relayout()
    app.draw()
    app.display.present()  # the faces at the window's size are drawn once, then kept
    times = []
    for _ in range(frames):
        t0 = time.perf_counter()
        app.draw()
        app.display.present()
        times.append(time.perf_counter() - t0)
    pygame.event.clear()
    return statistics.median(times) * 1000


def main(frames: int = 300, idle_seconds: int = 10, baseline: bool = True) -> int:
    """Print the drawing figures; ``frames`` (at least 1) are timed per game, and the
    idle loop runs ``idle_seconds`` (0: not at all), then as long again never sleeping
    unless ``baseline`` is False."""
    if not 1 <= frames <= MAX_FRAMES:
        raise ValueError(f"frames must be from 1 to {MAX_FRAMES}, got {frames!r}")
    if not 0 <= idle_seconds <= MAX_IDLE_SECONDS:
        raise ValueError(f"idle_seconds must be from 0 to {MAX_IDLE_SECONDS}, got {idle_seconds!r}")
    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
    started = time.perf_counter()
    import pygame

    from thirteen.games import GAMES, GameSetup
    from thirteen.records.profile import Profile
    from thirteen.records.storage import MemoryStorage
    from thirteen.ui.idle import how_it_waits
    from thirteen.ui.launch import make_app

    profile = Profile(MemoryStorage())
    profile.settings.tips_again = False  # the tables' own frames, without first-deal tips
    app = make_app(["--query", "?game=pyramid13&deal=1"], profile)
    app.table.anim.finish()  # type: ignore[union-attr]  # the query opened the table
    app.step(16)
    first = time.perf_counter() - started
    print(
        f"start to first frame: {first * 1000:.0f} ms (target <= 500 ms; includes importing pygame)"
    )
    for spec in GAMES.values():
        game_id, layout = spec.id, spec.default_layout
        table = app.put_on_table(GameSetup(game_id, deal=7, layout=layout).new_game(), deal=False)
        table.selected = table.geo.targets()[0].card
        table.draw(app.screen)  # warm the card cache
        times = []
        for _ in range(frames):
            t0 = time.perf_counter()
            table.draw(app.screen)
            pygame.display.flip()
            times.append(time.perf_counter() - t0)
        median = statistics.median(times) * 1000
        print(
            f"{game_id:10} full table frame: median {median:.2f} ms "
            f"over {frames} frames (target <= 4 ms)"
        )
    if idle_seconds:
        setup = GameSetup("thirteens", deal=1, layout=GAMES["thirteens"].default_layout)
        app.put_on_table(setup.new_game(), deal=False)
        share = idle_share(app, idle_seconds, sleeps=True)
        print(
            f"idle table: {share:.1%} of one core over {idle_seconds} s (video driver "
            f"{pygame.display.get_driver()}, waiting for input with {how_it_waits()})"
        )
        if baseline:
            before = idle_share(app, idle_seconds, sleeps=False)
            ratio = f"{before / share:.1f} times as much" if share > 0 else "more"
            print(
                f"idle table, never sleeping (as before): {before:.1%} of one core over "
                f"{idle_seconds} s ({ratio})"
            )
    table = app.put_on_table(GameSetup("pyramid13", deal=7).new_game(), deal=False)
    table.selected = table.geo.targets()[0].card
    for size in WINDOWS:
        sharp = window_frame_ms(app, size, frames, crisp=True)
        plain = window_frame_ms(app, size, frames, crisp=False)
        print(
            f"pyramid13  {size[0]}x{size[1]} window, draw and show: median {sharp:.2f} ms "
            f"with crisp text and cards, {plain:.2f} ms only scaled (over {frames} frames)"
        )
    pygame.quit()
    return 0


if __name__ == "__main__":  # pragma: no cover
    sys.exit(main())
