"""``python -m thirteen bench-ui`` (or ``python -m thirteen.ui.bench``): drawing speed.

Prints figures rather than asserting them: the median time to draw a full
table frame at 1280x720 for each game (targets: <= 4 ms) and the time from
start to the first drawn frame (target: <= 0.5 s).  Runs headless.
"""

from __future__ import annotations

import os
import statistics
import sys
import time

MAX_FRAMES = 100_000
"""``--frames`` at most (per game; a frame takes a few milliseconds)."""


def main(frames: int = 300) -> int:
    """Print the drawing figures; ``frames`` (at least 1) are timed per game."""
    if not 1 <= frames <= MAX_FRAMES:
        raise ValueError(f"frames must be from 1 to {MAX_FRAMES}, got {frames!r}")
    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
    started = time.perf_counter()
    import pygame

    from .. import app as app_module
    from ..profile import Profile
    from ..storage import MemoryStorage
    from ..variants import GAMES, GameSetup

    profile = Profile(MemoryStorage())
    app = app_module.make_app(["--query", "?game=pyramid13&deal=1"], profile)
    app.table.anim.finish()  # type: ignore[union-attr]
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
    pygame.quit()
    return 0


if __name__ == "__main__":  # pragma: no cover
    sys.exit(main())
