"""The statistics screen's Save records and Load records: where their buttons go, and
what a press does (the records file and where it goes are :mod:`thirteen.records.carry`'s).

A load in the browser opens the page's file picker; the file chosen arrives some frames
later, so the screen asks for it each frame while it waits and never blocks.
"""

from __future__ import annotations

import sys
from pathlib import Path
from typing import TYPE_CHECKING

import pygame

from thirteen.core.i18n import N_, tr
from thirteen.records.carry import (
    Carrier,
    FolderCarrier,
    carrier_for,
    load_records,
    save_records,
)
from thirteen.records.storage import browser_window

if TYPE_CHECKING:
    from thirteen.ui.app import App

SAVE = "records:save"
LOAD = "records:load"
SAVE_LABEL = N_("Save records")
LOAD_LABEL = N_("Load records")
WAIT_MS = 10 * 60 * 1000
"""How long a load waits for the file picker's answer before it stops asking (a picker
closed in a way the page was not told of)."""

R = pygame.Rect


def corner_rects(
    size: tuple[int, int], classic: bool, tall: int, stacked: bool = False
) -> list[pygame.Rect]:
    """Save records, Load records and Reset at the top right: side by side (narrower on
    1280x720, where the title needs the middle), or, ``stacked``, Save records over Load
    records beside Reset, each half as tall (a canvas too narrow for three abreast)."""
    w = size[0]
    right = w - 24
    if stacked:
        reset = R(right - 170, 20, 170, tall)
        half = (tall - 2) // 2
        save = R(reset.left - 10 - 150, 20, 150, half)
        return [save, save.move(0, tall - half), reset]
    wide = 140 if classic else 170
    return [R(right - (3 - n) * wide - (2 - n) * 10, 20, wide, tall) for n in range(3)]


def foot_rects(size: tuple[int, int]) -> list[pygame.Rect]:
    """Save records, Load records and Reset in a row at the foot of an upright canvas."""
    w, h = size
    gap = 16
    wide = (w - 80 - 2 * gap) // 3
    return [R(40 + n * (wide + gap), h - 130, wide, 90) for n in range(3)]


def title_width(size: tuple[int, int], corner: pygame.Rect, back_right: int) -> int:
    """How wide the title may be, centred on the canvas: clear of Back and of the
    buttons at the top right by 16 pixels."""
    middle = size[0] // 2
    return 2 * max(0, min(middle - back_right - 16, corner.left - 16 - middle))


def title_place(
    size: tuple[int, int], corner: pygame.Rect, back_right: int, needed: int
) -> tuple[int, int]:
    """Where the title's centre goes and how wide it may be: the canvas's centre when
    ``needed`` pixels fit there, else the middle of the room between Back and the
    buttons."""
    centred = title_width(size, corner, back_right)
    if centred >= needed:
        return size[0] // 2, centred
    left, right = back_right + 16, corner.left - 16
    return (left + right) // 2, max(0, right - left)


class RecordsActions:
    """What Save records and Load records do on this platform."""

    def __init__(self, app: App, carrier: Carrier | None = None) -> None:
        self.app = app
        self.carrier = carrier
        self.waiting_since: float | None = None
        """When Load records asked for a file that has not come yet (None: none asked)."""

    def _carrier(self) -> Carrier:
        """The page's in the browser; on the desktop, the folder of the database the
        profile keeps (the data folder, unless the game was given another)."""
        if self.carrier is None:
            web = sys.platform == "emscripten"
            self.carrier = carrier_for(sys.platform, browser_window() if web else None)
            database = getattr(self.app.profile.storage, "path", None)
            if isinstance(self.carrier, FolderCarrier) and isinstance(database, Path):
                self.carrier = FolderCarrier(database.parent)
        return self.carrier

    def press(self, name: str) -> str:
        """Save or load (``name`` is :data:`SAVE` or :data:`LOAD`); the line to show."""
        carrier = self._carrier()
        if name == SAVE:
            self.waiting_since = None
            return tr(save_records(self.app.profile, carrier))
        said = carrier.pick()
        self.waiting_since = self.app.now_ms
        found = self.poll()  # the desktop's file is there at once
        return found if found is not None else tr(said) if said is not None else ""

    def poll(self) -> str | None:
        """The line to show once the file asked for has come (and is merged), else None."""
        if self.waiting_since is None:
            return None
        if self.app.now_ms - self.waiting_since > WAIT_MS:
            self.waiting_since = None
            return None
        picked = self._carrier().picked()
        if picked is None:
            return None
        self.waiting_since = None
        if picked.data is None and picked.problem is None:  # the picker was closed
            return ""
        return tr(load_records(self.app.profile, picked))
