"""``python -m thirteen bench-ui --memory``: the process's peak memory in a desktop window
dragged through every size and in a long random session.

Two runs, each in a fresh process of its own (a peak resident size only grows), both
through the real :class:`~thirteen.ui.app.App` showing a resizable desktop window (SDL's
dummy video driver unless ``SDL_VIDEODRIVER`` names another):

- **drag**: the window grows one pixel wider per step from 480x720, and in the second
  half one pixel taller every other step too, with a frame drawn after each step: the
  canvas takes every shape from 2:3 to 21:9, then is shown ever larger (text and cards
  drawn again at each new scale, :mod:`.ui.crisp`);
- **session**: random real events (clicks, taps, pointer moves, the wheel, keys, legal
  moves played by clicking their cards, new windows of random sizes) with frames of
  random length between them, from a seeded generator over the games.

Each prints its peak resident size against :data:`CEILING_MB`, the size after its first
frame, and what the interface's caches hold at the end.  Figures, not assertions: the
test of the bound counts the caches' entries (tests/ui/test_bounded_caches.py).
"""

from __future__ import annotations

import json
import math
import os
import random
import subprocess
import sys
import time

CEILING_MB = 300
"""The peak resident size both runs stay under."""
DRAG_STEPS = 2000
SESSION_EVENTS = 200_000
SEED = 39
"""The session's random generator's seed: one session, the same on every run."""
MAX_STEPS = 1_000_000
"""``--drag-steps`` and ``--events`` at most."""

QUERIES = (
    "?game=pyramid13&deal=5",
    "?game=thirteens&deal=1",
    "?game=pyramid&deal=3",
    "?game=baroness&deal=2",
    "?game=fifteens&deal=4",
    "",
)
"""Where each session starts (the start screen last); the keys then open others."""


def peak_mb() -> float:
    """This process's peak resident size so far, in MB (Linux counts kB, macOS bytes);
    NaN where the system does not say (Windows)."""
    try:
        import resource
    except ImportError:
        return math.nan
    peak = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
    return peak / (1024 * 1024) if sys.platform == "darwin" else peak / 1024


def _window_app(query: str, size: tuple[int, int]):
    """An App on a memory profile showing a resizable desktop window of ``size``."""
    import pygame

    from thirteen.records.profile import Profile
    from thirteen.records.storage import MemoryStorage
    from thirteen.ui import app as app_module
    from thirteen.ui import launch
    from thirteen.ui.display import Display

    pygame.display.init()
    pygame.font.init()
    profile = Profile(MemoryStorage())
    profile.settings.sound = False
    app = app_module.App(Display("window", size), profile, query)
    launch.current = app
    pygame.event.clear()
    app.step(16)
    return app


def _resize(width: int, height: int) -> None:
    """The window becomes ``width`` x ``height``, and SDL says so as it does when the
    player drags its edge."""
    import pygame

    pygame.display.set_mode((width, height), pygame.RESIZABLE)
    pygame.event.post(
        pygame.event.Event(pygame.VIDEORESIZE, size=(width, height), w=width, h=height)
    )
    pygame.event.post(pygame.event.Event(pygame.WINDOWSIZECHANGED, x=width, y=height))


def drag_size(step: int, steps: int) -> tuple[int, int]:
    """The window's size at ``step`` of a drag of ``steps``."""
    half = steps // 2
    if step < half:
        return (480 + step, 720)
    return (480 + step, 720 + (step - half) // 2)


def drag(steps: int) -> dict:
    """Drag a window through ``steps`` sizes over a Pyramid 13 table; the figures."""
    app = _window_app(QUERIES[0], drag_size(0, steps))
    first = peak_mb()
    for step in range(steps):
        _resize(*drag_size(step, steps))
        app.step(16)
    return {"first_frame_mb": first, "frames": steps}


def _window_point(app, canvas_point: tuple[int, int]) -> tuple[int, int]:
    """Where a point of the canvas lies in the window (the window shows it scaled)."""
    from thirteen.ui.canvas import fit

    scale, left, top = fit(app.display.canvas.get_size(), app.display.window.get_size())
    return (left + round(canvas_point[0] * scale), top + round(canvas_point[1] * scale))


KEYS = "nduhrmsp0123456789/.-"
"""Letter keys the session presses (new deal, draw, undo, hint, ...), besides the
named keys in :func:`_key_event`."""


def _key_event(rng: random.Random):
    import pygame

    named = [
        pygame.K_LEFT,
        pygame.K_RIGHT,
        pygame.K_UP,
        pygame.K_DOWN,
        pygame.K_TAB,
        pygame.K_SPACE,
        pygame.K_RETURN,
        pygame.K_ESCAPE,
        pygame.K_BACKSPACE,
        pygame.K_F1,
    ]
    if rng.random() < 0.5:
        key = rng.choice(named)
        unicode = {pygame.K_SPACE: " ", pygame.K_RETURN: "\r", pygame.K_TAB: "\t"}.get(key, "")
    else:
        unicode = rng.choice(KEYS)
        key = ord(unicode)
    mod = pygame.KMOD_CTRL if rng.random() < 0.05 else 0
    if mod:
        key, unicode = pygame.K_z, "\x1a"  # undo
    return pygame.event.Event(pygame.KEYDOWN, key=key, mod=mod, unicode=unicode, scancode=0)


def _legal_move_clicks(app, rng: random.Random) -> list:
    """Clicks on the cards of a legal move on the table on show (so games get to their
    end screens), or none."""
    import pygame

    table = app.table
    if table is None or app.scene is not table or table.game.is_over:
        return []
    legal = table.game.legal_moves()
    if not legal:
        return []
    move = rng.choice(legal)
    events = []
    for card in move.cards:
        spot = table.geo.spot_for_card(card)
        if spot is not None:
            pos = _window_point(app, spot.outline.center)
            events.append(
                pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=1, touch=False)
            )
    if not move.cards:
        events.append(
            pygame.event.Event(pygame.KEYDOWN, key=pygame.K_d, mod=0, unicode="d", scancode=0)
        )
    return events


def _random_events(app, rng: random.Random) -> list:
    """One player's action as the events SDL would send for it."""
    import pygame

    width, height = app.display.window.get_size()
    pos = (rng.randrange(-4, width + 4), rng.randrange(-4, height + 4))
    roll = rng.random()
    if roll < 0.35:
        return [
            pygame.event.Event(
                pygame.MOUSEMOTION, pos=pos, rel=(1, 0), buttons=(0, 0, 0), touch=False
            )
        ]
    if roll < 0.55:
        return [
            pygame.event.Event(
                pygame.MOUSEBUTTONDOWN, pos=pos, button=rng.choice((1, 1, 1, 3)), touch=False
            ),
            pygame.event.Event(pygame.MOUSEBUTTONUP, pos=pos, button=1, touch=False),
        ]
    if roll < 0.62:
        x, y = pos[0] / width, pos[1] / height
        finger = {"x": x, "y": y, "touch_id": 1, "finger_id": 0, "dx": 0.0, "dy": 0.0}
        return [
            pygame.event.Event(pygame.FINGERDOWN, finger),
            pygame.event.Event(pygame.FINGERUP, finger),
        ]
    if roll < 0.65:
        return [pygame.event.Event(pygame.MOUSEWHEEL, x=0, y=rng.choice((-1, 1)), flipped=False)]
    if roll < 0.85:
        return [_key_event(rng)]
    if roll < 0.995:
        return _legal_move_clicks(app, rng)
    size = (rng.randrange(480, 2561), rng.randrange(480, 1441))
    pygame.display.set_mode(size, pygame.RESIZABLE)
    return [
        pygame.event.Event(pygame.VIDEORESIZE, size=size, w=size[0], h=size[1]),
        pygame.event.Event(pygame.WINDOWSIZECHANGED, x=size[0], y=size[1]),
    ]


def session(events: int, seed: int = SEED) -> dict:
    """A random session of ``events`` events; the figures."""
    import pygame

    from thirteen.ui import launch

    rng = random.Random(seed)
    app = _window_app(QUERIES[0], (1280, 720))
    first = peak_mb()
    posted = frames = games = 0
    while posted < events:
        if not app.running or rng.random() < 0.0005:  # now and then, another game
            games += 1
            app = _window_app(rng.choice(QUERIES), app.display.window.get_size())
        for _ in range(rng.randrange(1, 12)):
            for event in _random_events(app, rng):
                pygame.event.post(event)
                posted += 1
        app.step(rng.choice((0, 16, 16, 16, 33, 100, 400, 1500)))
        frames += 1
        while app.tasks.busy() and rng.random() < 0.9:
            app.step(16)
            frames += 1
    launch.current = None
    return {"first_frame_mb": first, "events": posted, "frames": frames, "apps": games + 1}


def _held() -> dict:
    """What the interface's caches hold: entries and megabytes, per cache (empty where
    they cannot tell)."""
    try:
        from thirteen.ui import lru
    except ImportError:
        return {}
    return {cache.name: (len(cache), cache.held_bytes() / 2**20) for cache in lru.caches()}


def run_part(part: str, count: int) -> dict:
    """One run in this process: its figures, its peak, and the caches at its end."""
    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
    os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
    started = time.perf_counter()
    figures = drag(count) if part == "drag" else session(count)
    figures["seconds"] = time.perf_counter() - started
    figures["peak_mb"] = peak_mb()
    figures["held"] = _held()
    return figures


def main(drag_steps: int = DRAG_STEPS, events: int = SESSION_EVENTS) -> int:
    """Run both, each in a process of its own, and print their figures; 1 when one went
    over :data:`CEILING_MB` (or failed)."""
    worst = 0
    for part, count in (("drag", drag_steps), ("session", events)):
        if not count:
            continue
        done = subprocess.run(
            [sys.executable, "-m", "thirteen.tools.bench_memory", part, str(count)],
            capture_output=True,
            text=True,
            check=False,
        )
        if done.returncode != 0:
            print(f"{part}: failed\n{done.stderr}", file=sys.stderr)
            return 1
        figures = json.loads(done.stdout.strip().splitlines()[-1])
        what = (
            f"a window dragged through {count} sizes"
            if part == "drag"
            else f"a random session of {figures['events']} events ({figures['frames']} frames)"
        )
        print(
            f"{part}: {what}: peak {figures['peak_mb']:.0f} MB (ceiling {CEILING_MB} MB; "
            f"{figures['first_frame_mb']:.0f} MB at the first frame; {figures['seconds']:.0f} s)"
        )
        for name, (entries, mb) in sorted(figures["held"].items()):
            print(f"  {name}: {entries} entries, {mb:.1f} MB")
        worst = max(worst, figures["peak_mb"])
    return 0 if worst <= CEILING_MB else 1  # (NaN, unknown, is no failure)


def _child(argv: list[str]) -> int:
    part, count = argv[0], int(argv[1])
    if part not in ("drag", "session") or not 0 < count <= MAX_STEPS:
        print(f"usage: bench_memory drag|session COUNT (1 to {MAX_STEPS})", file=sys.stderr)
        return 2
    print(json.dumps(run_part(part, count)))
    return 0


if __name__ == "__main__":  # pragma: no cover
    sys.exit(_child(sys.argv[1:]) if len(sys.argv) == 3 else main())
