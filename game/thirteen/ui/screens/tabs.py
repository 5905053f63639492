"""Tabs in rows across a screen, one per game (the help's and the statistics'): all of
them while their rows end where the screen allows, else a page of them at a time between
a previous and a next button, so that a collection of any size has its tabs."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field

import pygame

PREVIOUS, NEXT = "tabs:-1", "tabs:1"
"""The names of the page buttons (the step is the number after the colon)."""
PAGE_LABELS = {PREVIOUS: "<", NEXT: ">"}


@dataclass(frozen=True)
class TabPage:
    """The tabs on show: which of them (indexes into the screen's tabs) and where, and
    where the page buttons go when there are pages."""

    shown: range
    rects: list[pygame.Rect]
    previous: pygame.Rect | None = None
    next: pygame.Rect | None = None
    page: int = 0
    pages: int = 1
    buttons: list[tuple[str, str, pygame.Rect]] = field(init=False)
    """The page buttons, (name, label, place), previous first; none on a single page."""

    def __post_init__(self) -> None:
        pairs = ((PREVIOUS, self.previous), (NEXT, self.next))
        buttons = [(name, PAGE_LABELS[name], r) for name, r in pairs if r is not None]
        object.__setattr__(self, "buttons", buttons)


def tab_page(
    count: int,
    chosen: int,
    page: int | None,
    place: Callable[[int], list[pygame.Rect]],
    bottom: int,
) -> TabPage:
    """The tabs to show of ``count``: all of them when ``place`` (the places of so many
    boxes, in rows) ends them by ``bottom``; else as many as end by it with the two page
    buttons, the previous first and the next last, on page ``page`` (None: the page with
    tab ``chosen``)."""
    rects = place(count)
    if not rects or max(r.bottom for r in rects) <= bottom:
        return TabPage(range(count), rects)
    per_page = 1
    while per_page + 1 < count and max(r.bottom for r in place(per_page + 3)) <= bottom:
        per_page += 1
    pages = -(-count // per_page)
    page = chosen // per_page if page is None else page % pages
    shown = range(page * per_page, min(count, (page + 1) * per_page))
    rects = place(len(shown) + 2)
    return TabPage(shown, rects[1:-1], rects[0], rects[-1], page, pages)
