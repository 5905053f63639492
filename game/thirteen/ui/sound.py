"""Sound effects made here, the first time sound is wanted: card sounds from shaped
noise (a flick for a draw, a slap for a removal, a riffle for a deal), a bell for a
King and a brass fanfare for a win, built with ``array`` and math.

No files (nothing to encode as .ogg for the browser, and a small archive) and no
numpy (not in the browser bundle).  Audio is optional: when there is no device, or
the mixer fails in any way, the game plays on silently.
"""

from __future__ import annotations

import math
import random
import sys
from array import array
from collections.abc import Callable
from typing import Any

import pygame

RATE = 22050

Notes = list[tuple[float, float, float, float]]
"""(frequency Hz, start ms, length ms, volume) of each note of a tune."""

TUNES: dict[str, Notes] = {
    "nomove": [(196, 0, 140, 0.3), (147, 110, 220, 0.3)],
}


def _blank(ms: float) -> list[float]:
    return [0.0] * int(RATE * ms / 1000 + 1)


def _mix(out: list[float], part: list[float], at_ms: float, gain: float = 1.0) -> None:
    first = int(RATE * at_ms / 1000)
    for i, v in enumerate(part[: max(0, len(out) - first)]):
        out[first + i] += gain * v


TABLE_SIZE = 2048


def _wavetable(brass: bool) -> list[float]:
    """One cycle of the note's wave: a soft pluck, or with odd harmonics for brass."""
    out = []
    for k in range(TABLE_SIZE):
        x = 2 * math.pi * k / TABLE_SIZE
        wave = math.sin(x) + 0.2 * math.sin(2 * x)
        if brass:
            wave += 0.45 * math.sin(3 * x) + 0.25 * math.sin(5 * x) + 0.12 * math.sin(7 * x)
        out.append(wave)
    return out


def _tone(notes: Notes, brass: bool = False) -> list[float]:
    """Notes with a quick attack and exponential decay (a soft 'pluck'); ``brass`` adds
    odd harmonics and a slower swell, for a fanfare."""
    out = _blank(max(start + length for _, start, length, _ in notes))
    table = _wavetable(brass)
    for freq, start, length, vol in notes:
        first = int(RATE * start / 1000)
        n = int(RATE * length / 1000)
        step = freq * TABLE_SIZE / RATE
        fall = math.exp(-(2.5 if brass else 5.0) / n)
        attack = 400 if brass else 60
        env = 1.0
        for i in range(n):
            out[first + i] += vol * min(1.0, i / attack) * env * table[int(i * step) % TABLE_SIZE]
            env *= fall
    return out


def _noise(ms: float, seed: int, smooth: float, attack_ms: float, decay_ms: float) -> list[float]:
    """Noise, smoothed by a one-pole filter (``smooth`` near 1: duller), under a sharp
    attack and an exponential decay: the sound of paper and card."""
    rng = random.Random(seed)
    n = int(RATE * ms / 1000)
    attack = max(1, int(RATE * attack_ms / 1000))
    decay = RATE * decay_ms / 1000
    out, last, prev = [], 0.0, 0.0
    for i in range(n):
        white = rng.random() * 2 - 1
        last = smooth * last + (1 - smooth) * white
        bright = last - 0.7 * prev  # a touch of high-pass: no rumble
        prev = last
        env = min(1.0, i / attack) * math.exp(-i / decay)
        out.append(bright * env)
    return out


def _thump(ms: float, freq: float, decay_ms: float) -> list[float]:
    """A low, quickly falling sine: the body of a card landing on felt."""
    n = int(RATE * ms / 1000)
    decay = RATE * decay_ms / 1000
    return [
        math.sin(2 * math.pi * freq * (1 - 0.3 * i / n) * i / RATE) * math.exp(-i / decay)
        for i in range(n)
    ]


def flick(seed: int = 1) -> list[float]:
    """A card flicked off the pile: a short, bright rasp."""
    out = _noise(55, seed, 0.35, 1.5, 14)
    return [1.2 * v for v in out]


def slap(seed: int = 2) -> list[float]:
    """Cards put down on felt: a dull slap over a soft thump."""
    out = _blank(120)
    _mix(out, _noise(110, seed, 0.75, 1, 22), 0, 1.6)
    _mix(out, _thump(110, 140, 28), 0, 0.5)
    return out


def king() -> list[float]:
    """A King taken off alone: a firmer slap and a small bell over it."""
    out = _blank(420)
    _mix(out, slap(5), 0, 1.1)
    _mix(out, _tone([(1318.5, 20, 380, 0.22), (1975.5, 20, 300, 0.12)]), 0)
    return out


def shuffle() -> list[float]:
    """A riffle shuffle: many flicks close together, swelling and fading, then a tap."""
    rng = random.Random(13)
    out = _blank(620)
    at, k = 0.0, 0
    while at < 480:
        swell = math.sin(math.pi * at / 480)
        _mix(out, _noise(30, 100 + k, 0.45, 0.5, 7), at, 0.35 + 0.75 * swell)
        at += 9 + rng.random() * 9
        k += 1
    _mix(out, slap(7), 500, 0.9)
    return out


def fanfare() -> list[float]:
    """A short brass fanfare: up the chord in triplets, then the chord held."""
    c, e, g, hi = 523.25, 659.25, 783.99, 1046.5
    notes: Notes = [
        (g / 2, 0, 110, 0.16), (g / 2, 120, 110, 0.16), (g / 2, 240, 110, 0.16),
        (c, 360, 260, 0.2), (e, 620, 140, 0.18), (g, 760, 140, 0.18),
        (c, 900, 700, 0.13), (e, 900, 700, 0.13), (g, 900, 700, 0.13), (hi, 900, 700, 0.15),
    ]  # fmt: skip
    return _tone(notes, brass=True)


def tick() -> list[float]:
    """A card picked up: a small click."""
    return [0.8 * v for v in _noise(25, 3, 0.2, 0.5, 5)]


EFFECTS: dict[str, Callable[[], list[float]]] = {
    "select": tick,
    "draw": flick,
    "remove": slap,
    "king": king,
    "deal": shuffle,
    "win": fanfare,
    "nomove": lambda: _tone(TUNES["nomove"]),
}
"""Each effect's name and how it is made."""


VOICES = 2
"""How many effects sound at once: one more steals the voice of the one playing
longest (a tick over a slap, a slap over a fanfare's end; never three)."""
PEAK = 0.98 / VOICES
"""Each effect's loudest point, as a share of full scale: every voice at its loudest at
once, at full volume, still stays under full scale, so the mix never clips."""


def samples(wave: list[float]) -> array:
    """16-bit samples of a wave, scaled so its loudest point is at :data:`PEAK` (each
    effect as loud as the others; the volume setting does the rest)."""
    peak = max((abs(v) for v in wave), default=0.0) or 1.0
    scale = PEAK * 32767 / peak
    return array("h", (int(v * scale) for v in wave))


def page_audio() -> Any:
    """The page's Web Audio context that SDL plays through, in the browser once the mixer
    is open (Pyodide's module, else pygbag's ``Module``); None elsewhere or not found."""
    if sys.platform != "emscripten":
        return None
    finders = (
        lambda: __import__("pyodide_js")._module.SDL2.audioContext,
        lambda: __import__("platform").window.Module.SDL2.audioContext,
    )
    for find in finders:
        try:
            context = find()
        except Exception:  # noqa: BLE001 - a runtime without it: nothing to rest
            continue
        if context is not None and hasattr(context, "suspend"):
            return context
    return None


class Sounds:
    """Named effects; ``play`` does nothing when muted or without audio.

    In the browser SDL's audio runs a callback on the page's main thread every few
    milliseconds, silent or not, which costs an idle table as much as the rest of the
    idle page.  :meth:`rest` suspends the page's audio while the game sleeps and
    :meth:`play` wakes it first."""

    def __init__(self, enabled: bool = True, volume: int = 75) -> None:
        self.enabled = enabled
        self.volume = max(0, min(100, volume))
        """Percent of full loudness."""
        self.sounds: dict[str, pygame.mixer.Sound] = {}
        self.ready = False
        self.failed = False
        self.resting: Any = None
        """The page's audio context while suspended by :meth:`rest`."""

    def load(self) -> None:
        """Open the mixer and make the effects; any failure means silence."""
        if self.ready or self.failed:
            return
        try:
            if not pygame.mixer.get_init():
                pygame.mixer.init(frequency=RATE, size=-16, channels=1)
            opened = pygame.mixer.get_init()
            if opened is None:
                raise pygame.error("the mixer did not open")
            freq, size, channels = opened
            pygame.mixer.set_num_channels(VOICES)
            for name, make in EFFECTS.items():
                self.sounds[name] = self._sound(samples(make()), freq, size, channels)
            self.ready = True
            self.set_volume(self.volume)
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

    def set_volume(self, percent: int) -> None:
        """Loudness from 0 to 100 percent, for every effect."""
        self.volume = max(0, min(100, percent))
        for sound in self.sounds.values():
            try:
                sound.set_volume(self.volume / 100)
            except pygame.error:
                pass

    def rest(self) -> None:
        """The game is going to sleep: suspend the page's audio unless a sound plays."""
        if not self.ready or self.resting is not None:
            return
        try:
            if pygame.mixer.get_busy():
                return
        except pygame.error:
            return
        context = page_audio()
        if context is None or str(context.state) != "running":
            return
        try:
            context.suspend()
        except Exception:  # noqa: BLE001 - the page refused: it keeps running
            return
        self.resting = context

    def wake(self) -> None:
        """Resume the page's audio if :meth:`rest` suspended it."""
        context, self.resting = self.resting, None
        if context is not None:
            try:
                context.resume()
            except Exception:  # noqa: BLE001 - silence rather than a failure
                pass

    def play(self, name: str) -> None:
        if not self.enabled:
            return
        if not self.ready:
            self.load()
        sound = self.sounds.get(name)
        if sound is None:
            return
        self.wake()
        try:
            voice = pygame.mixer.find_channel(True)  # the longest playing, when all are
            if voice is not None:
                voice.play(sound)
        except pygame.error:
            pass
