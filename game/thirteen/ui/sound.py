"""Sound effects made here at start: short tones built with ``array`` and math.

No files (the web build wants .ogg and a small archive) and no numpy (not in
the browser bundle).  Audio is optional: when there is no device, or the
mixer fails in any way, the game plays on silently.
"""

from __future__ import annotations

import math
import random
from array import array

import pygame

RATE = 22050

# (frequency Hz, start ms, length ms, volume) notes of each effect
EFFECTS: dict[str, list[tuple[float, float, float, float]]] = {
    "select": [(880, 0, 45, 0.25)],
    "remove": [(660, 0, 70, 0.3), (990, 50, 110, 0.3)],
    "king": [(523, 0, 90, 0.3), (659, 60, 90, 0.3), (784, 120, 160, 0.3)],
    "win": [(523, 0, 120, 0.3), (659, 110, 120, 0.3), (784, 220, 120, 0.3), (1047, 330, 320, 0.35)],
    "nomove": [(196, 0, 140, 0.3), (147, 110, 220, 0.3)],
}


def _tone(notes: list[tuple[float, float, float, float]]) -> array:
    """Mix sine notes with a quick attack and exponential decay (a soft 'pluck')."""
    end = max(start + length for _, start, length, _ in notes)
    out = [0.0] * int(RATE * end / 1000 + 1)
    for freq, start, length, vol in notes:
        first = int(RATE * start / 1000)
        n = int(RATE * length / 1000)
        step = 2 * math.pi * freq / RATE
        decay = 5.0 / n
        for i in range(n):
            env = min(1.0, i / 60) * math.exp(-i * decay)
            out[first + i] += vol * env * (math.sin(i * step) + 0.2 * math.sin(2 * i * step))
    return array("h", (max(-32767, min(32767, int(v * 32767))) for v in out))


def _swish(ms: float = 160) -> array:
    """Filtered noise that swells and fades: cards sliding out of the pile."""
    rng = random.Random(13)
    n = int(RATE * ms / 1000)
    last = 0.0
    samples = array("h")
    for i in range(n):
        last = 0.85 * last + 0.15 * (rng.random() * 2 - 1)
        env = math.sin(math.pi * i / n)
        samples.append(int(32767 * 0.5 * env * last))
    return samples


class Sounds:
    """Named effects; ``play`` does nothing when muted or without audio."""

    def __init__(self, enabled: bool = True) -> None:
        self.enabled = enabled
        self.sounds: dict[str, pygame.mixer.Sound] = {}
        self.ready = False
        self.failed = False

    def load(self) -> None:
        """Open the mixer and make the effects; any failure means silence."""
        if self.ready or self.failed:
            return
        try:
            if not pygame.mixer.get_init():
                pygame.mixer.init(frequency=RATE, size=-16, channels=1)
            freq, size, channels = pygame.mixer.get_init()
            for name, notes in EFFECTS.items():
                self.sounds[name] = self._sound(_tone(notes), freq, size, channels)
            self.sounds["deal"] = self._sound(_swish(), freq, size, channels)
            self.ready = True
        except (pygame.error, ValueError, TypeError, OSError, AttributeError):
            self.failed = True
            self.sounds.clear()

    @staticmethod
    def _sound(samples: array, freq: int, size: int, channels: int) -> pygame.mixer.Sound:
        """A Sound from mono 22 kHz samples, adapted to the mixer's real format."""
        if freq != RATE:
            ratio = RATE / freq
            count = int(len(samples) / ratio)
            samples = array(
                "h", (samples[min(len(samples) - 1, int(i * ratio))] for i in range(count))
            )
        if size == 32:  # a float mixer (seen in some browsers)
            samples = array("f", (v / 32768 for v in samples))
        elif size != -16:
            raise ValueError(f"unsupported mixer sample size {size}")
        if channels > 1:
            wide = array(samples.typecode)
            for v in samples:
                wide.extend([v] * channels)
            samples = wide
        return pygame.mixer.Sound(buffer=samples.tobytes())

    def play(self, name: str) -> None:
        if not self.enabled:
            return
        if not self.ready:
            self.load()
        sound = self.sounds.get(name)
        if sound is None:
            return
        try:
            sound.play()
        except pygame.error:
            pass
