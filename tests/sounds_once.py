"""Each sound effect made once, for tests that build many Apps (the interface tests'
session, ``tests/ui/conftest.py``; the fuzz tests over odd storage).

Each App makes its sound effects at its first sound (the deal's): pure-Python
synthesis, most of what building an App costs.  The waves are the same every time
(seeded noise, fixed notes), so the first App makes each by the effect's own code
and the Apps after it get the same wave and samples; a broken effect still fails.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from contextlib import contextmanager
from typing import Any


def _made_once(make: Callable[[], list[float]]) -> Callable[[], list[float]]:
    """``make``, worked out on its first call and the same wave returned after it."""
    made: list[list[float]] = []

    def once() -> list[float]:
        if not made:
            made.append(make())
        return made[0]

    return once


@contextmanager
def sounds_made_once() -> Iterator[None]:
    """Within it, every sound effect's wave and its samples are made once; after it,
    the effects are made as the game makes them."""
    from thirteen.ui import sound

    effects = dict(sound.EFFECTS)
    sound.EFFECTS.update({name: _made_once(make) for name, make in effects.items()})
    real_samples = sound.samples
    scaled: dict[int, tuple[list[float], Any]] = {}

    def samples(wave: list[float]) -> Any:
        kept = scaled.get(id(wave))
        if kept is None or kept[0] is not wave:  # another wave with a reused id
            kept = scaled[id(wave)] = (wave, real_samples(wave))
        return kept[1]

    sound.samples = samples  # (restored below)
    try:
        yield
    finally:
        sound.samples = real_samples
        sound.EFFECTS.update(effects)
