"""The sound mix leaves headroom: effects played over each other at full volume never
clip.  Checked on SDL's real mixed output, written to a file by its disk audio driver in
a process of its own (the other tests run with no audio device)."""

from __future__ import annotations

import os
import subprocess
import sys
from array import array
from pathlib import Path

GAME = Path(__file__).resolve().parents[2] / "game"

PLAYER = """
import sys, time
import pygame
from thirteen.ui.sound import EFFECTS, Sounds

sounds = Sounds(volume=100)
sounds.load()
assert sounds.ready, "no mixer"
names = list(EFFECTS)
# every effect over every other, each pair started together, then a burst of five
for first in names:
    for second in names:
        sounds.play(first)
        sounds.play(second)
        time.sleep(0.03)
for name in ("remove", "king", "select", "draw", "win"):
    sounds.play(name)
time.sleep(0.4)
pygame.mixer.quit()
"""

FULL_SCALE = 32767


def mixed_output(tmp_path: Path) -> array:
    out = tmp_path / "mix.raw"
    env = dict(os.environ, SDL_AUDIODRIVER="disk", SDL_DISKAUDIOFILE=str(out))
    env.update(SDL_VIDEODRIVER="dummy", PYTHONPATH=str(GAME))
    subprocess.run([sys.executable, "-c", PLAYER], env=env, check=True, timeout=120)
    samples = array("h")
    samples.frombytes(out.read_bytes())
    return samples


def test_overlapping_effects_never_clip_at_full_volume(tmp_path):
    samples = mixed_output(tmp_path)
    assert len(samples) > 22050  # a second and more of sound was mixed
    loudest = max(abs(v) for v in samples)
    assert loudest < FULL_SCALE, "the mix reached full scale: it clips"
    assert loudest > 0.45 * FULL_SCALE  # and the effects are still heard
