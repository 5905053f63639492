"""``python -m thirteen bench-ui --session``: frame times over a scripted session.

The real :class:`~thirteen.ui.app.App` runs in its real loop (:func:`thirteen.ui.app.drive`,
sleeping on idle screens as it does for a player) beside a script that plays through
it with real pygame events: a few games of the registry, a hint asked for with H
before each move and then played by clicking its cards (D for a draw), the rest of
the game played out, the end screen and its verdict, the "can this still be won?"
indicator on throughout, and idle pauses.  Every frame that drew or searched is
timed; the figures are the median, 95th percentile and maximum, how many frames took
over :data:`TARGET_FRAME_MS`, and the share of one core an idle table then takes
over :data:`IDLE_SECONDS`.  Figures, not assertions: they depend on the machine, so
the load average is printed beside them.
"""

from __future__ import annotations

import asyncio
import os
import statistics
import time
from dataclasses import dataclass, field

GAMES = ("thirteens", "pyramid13", "pyramid", "baroness", "fifteens")
"""The games the session plays (deal 3 of each), one of each family."""
HINTED_MOVES = 6
"""Moves of each game played by asking for a hint and clicking what it shows."""
TARGET_FRAME_MS = 30.0
IDLE_SECONDS = 10.0
PAUSE_S = 1.5
"""An idle pause between games (the loop sleeps through most of it)."""


@dataclass
class Frames:
    """Every timed frame of the session: wall time and the process's own (processor)
    time, in ms, and what the worst frame did.  On a machine shared with other work the
    wall time includes the time the process waited for a core; the processor time is
    the frame's own work."""

    times: list[float] = field(default_factory=list)
    cpu: list[float] = field(default_factory=list)
    slow_cpu: list[tuple[float, str]] = field(default_factory=list)
    """The frames whose own work took over the target: (ms, what the frame did)."""
    worst: tuple[float, str] = (0.0, "")
    worst_cpu: tuple[float, str] = (0.0, "")

    def add(self, ms: float, cpu_ms: float, what: str) -> None:
        self.times.append(ms)
        self.cpu.append(cpu_ms)
        if ms > self.worst[0]:
            self.worst = (ms, what)
        if cpu_ms > self.worst_cpu[0]:
            self.worst_cpu = (cpu_ms, what)
        if cpu_ms > TARGET_FRAME_MS:
            self.slow_cpu.append((cpu_ms, what))

    def figures(self, cpu: bool = False) -> dict[str, float]:
        ordered = sorted(self.cpu if cpu else self.times)
        return {
            "frames": len(ordered),
            "median_ms": statistics.median(ordered),
            "p95_ms": ordered[min(len(ordered) - 1, int(0.95 * len(ordered)))],
            "max_ms": ordered[-1],
            "over_target": sum(1 for t in ordered if t > TARGET_FRAME_MS),
        }


def _timed_steps(app, frames: Frames) -> None:
    """Time each of the app's frames that drew or gave a search a slice."""
    real = app.step

    def step(dt_ms: float) -> bool:
        slices = app.tasks.slices
        running = ",".join(app.tasks.running)
        began, cpu = time.perf_counter(), time.process_time()
        drew = real(dt_ms)
        ms = (time.perf_counter() - began) * 1000
        cpu_ms = (time.process_time() - cpu) * 1000
        searched = app.tasks.slices != slices
        if drew or searched:
            what = type(app.scene).__name__ + (f" searching ({running})" if searched else "")
            what += f" at frame {len(frames.times) + 1}"
            frames.add(ms, cpu_ms, what)
        return drew

    app.step = step


async def _until(check, most_s: float = 30.0) -> None:
    """Let the loop run until ``check()`` (or ``most_s`` passed)."""
    end = time.perf_counter() + most_s
    while not check() and time.perf_counter() < end:
        await asyncio.sleep(0.005)


async def _key(key: int) -> None:
    import pygame

    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=key, mod=0, unicode="", scancode=0))
    pygame.event.post(pygame.event.Event(pygame.KEYUP, key=key, mod=0, unicode="", scancode=0))
    await asyncio.sleep(0.05)


async def _click(pos: tuple[int, int]) -> None:
    import pygame

    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=1, touch=False))
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=pos, button=1, touch=False))
    await asyncio.sleep(0.05)


def _hinted_move(table):
    """The legal move the hint on show points at (its cards, or the draw)."""
    cards = {key[1] for key in table.hint_spots if key[0] == "card"}
    for move in table.game.legal_moves():
        if set(move.cards) == cards and (cards or move.text() == "D"):
            return move
    return None


async def _play_by_hand(app, move) -> None:
    """Play ``move`` as a player does: click its cards, or press D to draw."""
    import pygame

    table, before = app.table, len(app.game.moves)
    if not move.cards:
        await _key(pygame.K_d)
    else:
        for card in sorted(move.cards):
            spot = table.geo.spot_for_card(card)
            if spot is not None:
                await _click(spot.outline.center)
    if len(app.game.moves) == before:  # a move clicks cannot make (to an empty column)
        table.play(move)
    await asyncio.sleep(0.2)


async def _game(app, game_id: str) -> None:
    import pygame

    from thirteen.games import GameSetup, game_spec

    spec = game_spec(game_id)
    app.new_game(GameSetup(game_id, deal=3, layout=spec.default_layout))
    await _until(lambda: not app.table.anim.active)
    for _ in range(HINTED_MOVES):
        if app.game.is_over:
            break
        await _key(pygame.K_h)
        await _until(lambda: "hint" not in app.tasks)
        move = _hinted_move(app.table)
        if move is None:
            break
        await _play_by_hand(app, move)
    await asyncio.sleep(PAUSE_S)  # an idle pause at the table
    table = app.table
    while not table.game.is_over:  # the rest of the game, quickly
        table.play(table.game.legal_moves()[-1])
        await asyncio.sleep(0.02)
    await _until(lambda: app.scene is not table and not app.tasks.busy())
    await asyncio.sleep(PAUSE_S)  # the end screen, its verdict shown


async def _script(app, frames: Frames, out: dict) -> None:
    from thirteen.games import GameSetup
    from thirteen.ui import app as app_module

    for game_id in GAMES:
        await _game(app, game_id)
    out["session"] = frames.figures()
    out["session_cpu"] = frames.figures(cpu=True)
    # an idle table: the deal dealt, the indicator answered, nothing moving
    app.new_game(GameSetup("thirteens", deal=1, layout="3x5"))
    await _until(lambda: not app.table.anim.active and not app.tasks.busy())
    await asyncio.sleep(app_module.LINGER_MS / 1000 + 0.1)
    wall, cpu = time.perf_counter(), time.process_time()
    await asyncio.sleep(IDLE_SECONDS)
    out["idle_share"] = (time.process_time() - cpu) / (time.perf_counter() - wall)
    out["idle_seconds"] = time.perf_counter() - wall
    app.running = False


def main() -> int:
    """Run the session and print its figures."""
    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
    import pygame

    from thirteen.records.profile import Profile
    from thirteen.records.storage import MemoryStorage
    from thirteen.ui import app as app_module
    from thirteen.ui.idle import how_it_waits
    from thirteen.ui.launch import make_app

    profile = Profile(MemoryStorage())
    profile.settings.show_winnable = True  # the indicator searches after every move
    profile.settings.tips_again = False  # a scripted player: no first-deal tips to put away
    app = make_app([], profile)
    frames = Frames()
    _timed_steps(app, frames)
    out: dict = {}
    app.running = True

    async def both() -> None:
        await asyncio.gather(app_module.drive(app), _script(app, frames, out))

    asyncio.run(both())
    load = os.getloadavg()
    print(f"session: {', '.join(GAMES)}; hints, verdicts, the indicator on")
    for name, s, worst in (
        ("wall time", out["session"], frames.worst),
        ("processor time", out["session_cpu"], frames.worst_cpu),
    ):
        print(
            f"  frames, {name}: {s['frames']} that drew or searched, median "
            f"{s['median_ms']:.1f} ms, p95 {s['p95_ms']:.1f} ms, max {s['max_ms']:.1f} ms "
            f"({worst[1]}), {s['over_target']} over {TARGET_FRAME_MS:g} ms"
        )
    if frames.slow_cpu:
        slow = ", ".join(f"{ms:.0f} ms {what}" for ms, what in frames.slow_cpu[:8])
        print(f"  frames whose own work took over {TARGET_FRAME_MS:g} ms: {slow}")
    print(
        f"idle table after it: {out['idle_share']:.1%} of one core over "
        f"{out['idle_seconds']:.1f} s (video driver {pygame.display.get_driver()}, "
        f"waiting with {how_it_waits()})"
    )
    print(f"load average {load[0]:.2f} {load[1]:.2f} {load[2]:.2f} on {os.cpu_count()} cores")
    pygame.quit()
    return 0
