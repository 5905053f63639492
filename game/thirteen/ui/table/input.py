"""The table's input: a press, a key, the pointer and the wheel, turned into clicks on
spots, the panel's commands and the keyboard focus.

The keyboard moves a focus ring over the same spots the pointer hits and activates them
the same way (:meth:`.scene.TableScene.activate`), so both paths share the click model
(:mod:`.controller`).  The focus and the hover are the table's view state; this module
moves them.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import pygame

from thirteen.core import numbers
from thirteen.core.i18n import tr
from thirteen.ui.layout import Geometry, Spot, TableButton
from thirteen.ui.scene import ARRIVE_MS, DEAL_GRACE_MS
from thirteen.ui.spots import SpotKind
from thirteen.ui.table.paint import banner_box
from thirteen.ui.table.places import spot_key

if TYPE_CHECKING:
    from thirteen.ui.table.scene import TableScene

VOLUME_STEP = 25
VOLUME_KEYS = {
    pygame.K_MINUS: -VOLUME_STEP,
    pygame.K_KP_MINUS: -VOLUME_STEP,
    pygame.K_EQUALS: VOLUME_STEP,  # the + key without Shift
    pygame.K_PLUS: VOLUME_STEP,
    pygame.K_KP_PLUS: VOLUME_STEP,
}
"""Keys that make the sound effects softer or louder (shown on the sound button)."""
COMMAND_KEYS = {
    pygame.K_u: TableButton.UNDO,
    pygame.K_h: TableButton.HINT,
    pygame.K_n: TableButton.NEW,
    pygame.K_r: TableButton.RESTART,
    pygame.K_m: TableButton.SOUND,
    pygame.K_s: TableButton.STATS,
    pygame.K_F1: TableButton.HELP,
    pygame.K_QUESTION: TableButton.HELP,
    pygame.K_SLASH: TableButton.HELP,
    pygame.K_MENU: TableButton.MENU,  # also a controller's Start (see ui/events.py)
}
"""Keys that press a panel button (Esc and Ctrl+Z are read apart: they do more)."""
ARROWS = {
    pygame.K_LEFT: (-1, 0),
    pygame.K_RIGHT: (1, 0),
    pygame.K_UP: (0, -1),
    pygame.K_DOWN: (0, 1),
}
"""The arrow keys' directions on the table."""


def handle(table: TableScene, event: pygame.event.Event) -> None:
    """One event on the table (touch arrives as a left click, see :mod:`thirteen.ui.touch`)."""
    if event.type == pygame.MOUSEWHEEL:  # the wheel over the sound button: its volume
        sound = next((b for b in table.buttons if b.name == TableButton.SOUND), None)
        at = table.app.display.to_canvas(pygame.mouse.get_pos())
        if sound is not None and sound.rect.collidepoint(at):
            change_volume(table, VOLUME_STEP if event.y > 0 else -VOLUME_STEP)
        return
    if table.celebration is not None and not table.still:
        if event.type in (pygame.MOUSEBUTTONDOWN, pygame.KEYDOWN):
            table.end_celebration()  # skipped: the click or key does nothing else
        return
    if table.banner and event.type in (pygame.MOUSEBUTTONDOWN, pygame.KEYDOWN):
        on_it = event.type == pygame.MOUSEBUTTONDOWN and banner_box(table).collidepoint(event.pos)
        table.banner, table.banner_left = "", 0.0  # read: the click or key acts as well,
        table.dirty = True
        if on_it:  # unless the click was on the notice, over cards it hid
            return
    if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
        table.show_focus = False
        press(table, event.pos)
    elif event.type == pygame.MOUSEBUTTONDOWN and event.button == 3:
        table.controller.deselect()
    elif event.type == pygame.MOUSEMOTION:
        hover(table, event.pos)
    elif event.type == pygame.KEYDOWN:
        key(table, event)


def press(table: TableScene, pos: tuple[int, int]) -> None:
    """A left click or a tap at ``pos``: a panel button, or a spot of the table."""
    for b in table.buttons:
        if b.rect.collidepoint(pos):
            if b.enabled:
                table.command(b.name)
            return
    if any(part.collidepoint(pos) for part in table.frame.chrome()):
        return
    if table.summary is not None:
        if table.app.now_ms - table.summary.shown_at >= ARRIVE_MS:
            table.next_round()  # a click anywhere on the cards goes on
        return
    if just_dealt(table):
        return  # the rest of a double click that ended the last layout
    spot = spot_under(table, pos)
    if spot is not None:
        table.focus_key = spot_key(spot)
    table.activate(spot)


def hover(table: TableScene, pos: tuple[int, int] | None) -> None:
    """The mouse moved to ``pos`` (None: it left the table): the spot under it shows
    what a click would do there (nothing for a card that cannot be played)."""
    table.hover_at = pos
    key, plays = None, False
    if pos is not None and table.summary is None and not table.game.is_over:
        if not any(part.collidepoint(pos) for part in table.frame.chrome()):
            spot = spot_under(table, pos)
            if spot is not None and spot.free:
                plays = table.controller.click_plays(spot)
                if plays or spot.kind is SpotKind.CARD:
                    key = spot_key(spot)
    if (key, plays) != (table.hover_key, table.hover_plays):
        table.hover_key, table.hover_plays = key, plays
        table.dirty = True


def just_dealt(table: TableScene) -> bool:
    """Whether a new layout began to fly out a moment ago: a press then is the rest of
    the double click that ended the last one (it carried into Pyramid 13's next round);
    after it, cards that have landed take presses while the others still fly."""
    return table.dealt_at is not None and table.app.now_ms - table.dealt_at < DEAL_GRACE_MS


def spot_under(table: TableScene, pos: tuple[int, int]) -> Spot | None:
    """What a press at ``pos`` is on: a card in flight where it is drawn now, and
    nothing at the place it flies to until it lands (the geometry knows only where
    cards end, and a click there must not take the card still falling)."""
    # the card drawn on top wins: sprites are drawn over the table, later ones over
    # earlier ones; a new draw card, "flying" from the pile to the pile, counts as
    # there from the start, over the last one sliding off to the waste
    moving = [s for s in table.anim.sprites if s.card is not None and not s.fade]
    for s in reversed(moving):
        shown = s.elapsed >= s.delay or s.start == s.end
        if shown and s.card is not None and s.rect().collidepoint(pos):
            return table.geo.spot_for_card(s.card)
    spot = table.geo.hit_test(pos)
    if spot is not None and any(s.card == spot.card and s.start != s.end for s in moving):
        return None  # where a card will land, before it has
    return spot


def key(table: TableScene, event: pygame.event.Event) -> None:
    """A key pressed on the table."""
    k, mod = event.key, event.mod
    playing = (pygame.K_d, pygame.K_SPACE, pygame.K_RETURN, pygame.K_KP_ENTER)
    if k in playing and just_dealt(table):
        return  # as a click
    if k in playing and table.summary is not None:
        if table.app.now_ms - table.summary.shown_at >= ARRIVE_MS:
            table.next_round()
        return
    if k == pygame.K_z and mod & (pygame.KMOD_CTRL | pygame.KMOD_META):
        table.command(TableButton.UNDO)
    elif (k == pygame.K_y and mod & (pygame.KMOD_CTRL | pygame.KMOD_META)) or (
        k == pygame.K_u and mod & pygame.KMOD_SHIFT
    ):
        table.command(TableButton.REDO)
    elif k == pygame.K_TAB or k in ARROWS:
        move_focus(table, k, bool(mod & pygame.KMOD_SHIFT))
    elif k in (pygame.K_SPACE, pygame.K_RETURN, pygame.K_KP_ENTER):
        spot = table.find(table.focus_key)
        if spot is None:
            move_focus(table, pygame.K_TAB, False)
        elif not table.show_focus:
            # the focus is where the pointer last clicked, unseen: show it first
            table.show_focus = True
            table.dirty = True
        else:
            table.activate(spot)
    elif k == pygame.K_d:
        table.draw_or_recycle()
    elif k == pygame.K_t:
        table.app.access.read_table()  # aloud, through the page (see ui/access.py)
    elif k in VOLUME_KEYS:
        change_volume(table, VOLUME_KEYS[k])
    elif k in COMMAND_KEYS:
        table.command(COMMAND_KEYS[k])
    elif k == pygame.K_ESCAPE:
        if table.selected is not None or table.group or table.hint_spots:
            table.controller.deselect()
            table.hint_spots = []
        else:
            table.command(TableButton.MENU)


def move_focus(table: TableScene, k: int, backwards: bool) -> None:
    """Tab walks the targets in reading order; arrows go to the nearest one that way."""
    targets = table.geo.targets()
    table.show_focus = True
    table.dirty = True
    if not targets:
        table.focus_key = None
        return
    keys = [spot_key(s) for s in targets]
    current = table.find(table.focus_key)
    if current is None or table.focus_key not in keys:
        if current is not None:  # the focused card left: take the nearest target
            c = current.rect.center
            best = min(
                targets,
                key=lambda s: (s.rect.centerx - c[0]) ** 2 + (s.rect.centery - c[1]) ** 2,
            )
            table.focus_key = spot_key(best)
        else:
            table.focus_key = keys[-1 if backwards else 0]
        return
    if k == pygame.K_TAB:
        i = keys.index(table.focus_key)
        table.focus_key = keys[(i + (-1 if backwards else 1)) % len(keys)]
        return
    dx, dy = ARROWS[k]
    cx, cy = current.rect.center
    nearest: Spot | None = None
    nearest_cost: int | None = None
    for s in targets:
        ox, oy = s.rect.centerx - cx, s.rect.centery - cy
        along = ox * dx + oy * dy
        if along <= 0:
            continue
        across = abs(ox * dy) + abs(oy * dx)
        cost = along + 2 * across
        if nearest_cost is None or cost < nearest_cost:
            nearest, nearest_cost = s, cost
    if nearest is not None:
        table.focus_key = spot_key(nearest)


def focus_at_draw(table: TableScene) -> bool:
    """Whether the focus is on the place of the draw card."""
    spot = table.find(table.focus_key)
    return spot is not None and spot is table.draw_place()


def keep_focus_at_draw(table: TableScene, was_there: bool) -> None:
    """After a move or an undo, a focus that was on the draw card stays on that place
    (the next draw card), as a pointer stays where it clicked, not on the card that
    went to the waste."""
    if was_there:
        spot = table.draw_place()
        table.focus_key = None if spot is None else spot_key(spot)


def keep_focus_near(table: TableScene, before: Geometry) -> None:
    """After a move or an undo, a focus whose card left the table goes to the nearest
    card or place still there, so the ring stays in sight and the arrows go on from
    where the player was."""
    if table.focus_key is None or table.find(table.focus_key) is not None:
        return
    old = next((s for s in before.spots if spot_key(s) == table.focus_key), None)
    targets = table.geo.targets()
    if old is None or not targets:
        table.focus_key = None
        return
    cx, cy = old.rect.center
    best = min(targets, key=lambda s: (s.rect.centerx - cx) ** 2 + (s.rect.centery - cy) ** 2)
    table.focus_key = spot_key(best)


def change_volume(table: TableScene, by: int) -> None:
    """Louder or softer by ``by`` percent (25 to 100), kept with the settings; the
    sound button shows it, and a removal's slap lets the player hear it."""
    settings = table.app.settings
    settings.volume = max(VOLUME_STEP, min(100, settings.volume + by))
    table.app.sounds.set_volume(settings.volume)
    table.app.profile.save_settings()
    table.refresh_buttons()
    if settings.sound:
        table.say(tr("Volume {volume}", volume=numbers.percent(settings.volume)))
    else:
        table.say(tr("Volume {volume} (sound is off: M)", volume=numbers.percent(settings.volume)))
    table.app.sounds.play("remove")
