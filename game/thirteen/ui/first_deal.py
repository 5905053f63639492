"""The first deal's tip: the first time a player is dealt a game, a card over the table
shows the one rule that matters in it, with the help's animated example of play
(:class:`.help_example.HelpExample`), and points at Help for the rest.

One tap or key puts it away for good: the games whose tip was seen are kept in the
settings (``tips_seen``), and the settings' "Show first-deal tips again" brings them
back.  A profile that kept none yet (a new one, or one from before the tips) gets the
tip only for a game it has not played.  The table holds the card and hands it its
presses and keys (:mod:`.table.input`); nothing here changes the game.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

import pygame

from thirteen.core.i18n import N_, tr
from thirteen.core.spec import GameSpec
from thirteen.games import GAMES, game_spec
from thirteen.records.profile import Profile
from thirteen.ui import theme
from thirteen.ui.help_example import HelpExample
from thirteen.ui.layout import Frame
from thirteen.ui.scene_names import SceneName
from thirteen.ui.screens.menu import touch_size
from thirteen.ui.widgets import Button

if TYPE_CHECKING:
    from thirteen.ui.app import App
    from thirteen.ui.table.scene import TableScene

R = pygame.Rect

RULES = {
    "thirteens": N_(
        "Remove two cards that touch and make 13 (Jack 11, Queen 12); a King goes on its own."
    ),
    "pyramid13": N_(
        "Remove two free cards that make 13, or a King alone: three pyramids, one pass "
        "through the pile each."
    ),
    "pyramid": N_(
        "Clear the pyramid: remove two free cards that make 13, or a King alone; you may go "
        "through the pile three times."
    ),
    "neighbour": N_(
        "Remove two cards that touch and make 13, or a King alone; then the cards close up."
    ),
    "giza": N_(
        "Every card is face up: remove two free cards that make 13, or a King alone, from "
        "the pyramid and the reserve piles."
    ),
    "baroness": N_(
        "Remove two top cards of the piles that make 13, or a King alone; the stock deals a "
        "card onto each pile."
    ),
    "elevens": N_("Remove two cards that make 11, or a Jack, a Queen and a King together."),
    "fifteens": N_(
        "Remove cards from Ace to 9 that make 15 together, or a Ten, a Jack, a Queen and a King."
    ),
}
"""Each game's one rule that matters, in a sentence (a game without one here shows its
start screen's line)."""

HEADING_SIZE, RULE_SIZE, FOOT_SIZE = 34, 28, 24
PAD = 24
GAP = 14
"""Between the card's parts."""
MARGIN = 16
"""Between the card and the table's edges."""
CARD_W = 860
"""The card's widest."""
EXAMPLE_H = (180, 400)
"""The example's least and most height: with less room it is left out."""


def rule_words(spec: GameSpec) -> str:
    """The game's one rule, in the player's language."""
    return tr(RULES.get(spec.id, spec.blurb))


def played(profile: Profile, game_id: str) -> bool:
    """Whether the profile has counted a game of ``game_id`` (any layout)."""
    if profile.stats(game_id).played:
        return True
    return any(profile.stats(game_id, layout).played for layout in profile.layouts_played(game_id))


def due(app: App, game_id: str) -> bool:
    """Whether ``game_id``'s first-deal tip is still to be shown."""
    seen = app.settings.tips_seen
    if seen is not None:
        return game_id not in seen
    return not played(app.profile, game_id)


def mark_seen(app: App, game_id: str) -> None:
    """Keep that the player has seen ``game_id``'s tip (a profile that kept none yet
    counts the games it has played as seen, so that they stay without one)."""
    seen = app.settings.tips_seen
    if seen is None:
        seen = [g for g in GAMES if g != game_id and played(app.profile, g)]
    if game_id not in seen:
        app.settings.tips_seen = sorted([*seen, game_id])
        app.profile.save_settings()


def teaches(table: TableScene) -> bool:
    """Whether the deal just put on ``table`` gets the game's tip: one the player started
    (from the menu, New or Restart), not the game a link opened with the window, before
    its first frame, which goes straight to its cards (a shared deal to play at once)."""
    app = table.app
    opening = app.first_frame_at is None
    return not opening and not table.game.is_over and due(app, table.game.game_id)


def show(table: TableScene) -> None:
    """Put the game's tip over ``table`` (a screen reader hears its rule)."""
    table.tip = FirstDealTip(table.app, table.game.game_id)
    table.app.access.say(table.tip.words())
    table.dirty = True


def close(table: TableScene, help: bool = False) -> None:
    """The tip is read: it goes, never to show again for this game (unless the settings
    bring it back); ``help``: the help screen opens on the game."""
    if table.tip is None:
        return
    table.tip = None
    mark_seen(table.app, table.game.game_id)
    table.dirty = True
    if help:
        table.app.open(SceneName.HELP)


@dataclass
class TipLayout:
    """Where the card's parts go on a table."""

    box: pygame.Rect
    heading: str
    heading_size: int
    heading_y: int
    rule: list[str]
    rule_y: int
    example: pygame.Rect | None
    """The example's area (None: no room for it)."""
    foot: list[str]
    foot_y: int
    buttons: list[Button]


class FirstDealTip:
    """The card over the table: the game's name, its rule, its example playing, where
    Help is, and the Help and play buttons."""

    def __init__(self, app: App, game_id: str) -> None:
        self.app = app
        self.spec = game_spec(game_id)
        settings = app.settings
        self.example: HelpExample | None = None
        if self.spec.examples:
            self.example = HelpExample(
                self.spec,
                animate=bool(app.setting("animations")),
                four_colour=settings.four_colour,
                back=settings.card_back,
            )

    # -- words ------------------------------------------------------------------
    def foot_words(self, frame: Frame) -> str:
        """Where the rest of the rules are, and how to go on: a phone has no keys."""
        if frame.portrait:
            return tr("All the rules are under Help. Tap to play.")
        return tr("All the rules are under Help (F1 or ?). Any key or click: play.")

    # -- layout -----------------------------------------------------------------
    def layout(self, frame: Frame) -> TipLayout:
        """Where each part goes on ``frame``'s table (the example left out where the
        card would have no room for it)."""
        table = frame.table
        w = min(CARD_W, table.w - 2 * MARGIN)
        inner = w - 2 * PAD
        heading = tr(self.spec.title)
        heading_size = theme.fitting_size(heading, inner, HEADING_SIZE, 24)
        rule = theme.wrap(rule_words(self.spec), RULE_SIZE, inner)
        foot = theme.wrap(self.foot_words(frame), FOOT_SIZE, inner)
        touch = touch_size(frame.size)
        heading_h = theme.scaled(heading_size + 8)
        rule_h = len(rule) * theme.scaled(RULE_SIZE + 2)
        foot_h = len(foot) * theme.scaled(FOOT_SIZE + 2)
        fixed = PAD + heading_h + rule_h + GAP + foot_h + GAP + touch + PAD
        room = table.h - 2 * MARGIN - fixed - GAP
        example_h = min(EXAMPLE_H[1], room) if self.example is not None else 0
        if example_h < EXAMPLE_H[0]:
            example_h = 0
        box = R(0, 0, w, fixed + (example_h + GAP if example_h else 0))
        box.center = table.center
        y = box.y + PAD
        heading_y = y
        y += heading_h
        rule_y = y
        y += rule_h + GAP
        example = R(box.x + PAD, y, inner, example_h) if example_h else None
        y += example_h + GAP if example_h else 0
        foot_y = y
        y += foot_h + GAP
        half = (inner - 20) // 2
        keys = not frame.portrait
        buttons = [
            Button("help", R(box.x + PAD, y, half, touch), tr("Help"), "F1" if keys else ""),
            Button(
                "play", R(box.right - PAD - half, y, half, touch), tr("Start playing"), primary=True
            ),
        ]
        return TipLayout(
            box, heading, heading_size, heading_y, rule, rule_y, example, foot, foot_y, buttons
        )

    def press(self, frame: Frame, pos: tuple[int, int]) -> str:
        """What a press at ``pos`` asks: "help" on the Help button, else "play"."""
        for b in self.layout(frame).buttons:
            if b.name == "help" and b.rect.collidepoint(pos):
                return "help"
        return "play"

    # -- time and drawing ---------------------------------------------------------
    def active(self) -> bool:
        return self.example is not None and self.example.active()

    def update(self, dt_ms: float) -> bool:
        """Advance the example; True when the picture changed."""
        return self.example is not None and self.example.update(dt_ms)

    def words(self) -> str:
        """The card's words for a screen reader."""
        return f"{tr(self.spec.title)}. {rule_words(self.spec)}"

    def draw(self, surface: pygame.Surface, frame: Frame) -> None:
        at = self.layout(frame)
        box = at.box
        veil = pygame.Surface(box.size, pygame.SRCALPHA)
        pygame.draw.rect(veil, (8, 28, 20, 240), veil.get_rect(), border_radius=18)
        surface.blit(veil, box)
        pygame.draw.rect(surface, theme.GOLD, box, width=3, border_radius=18)
        theme.blit_text(
            surface, at.heading, at.heading_size, (box.centerx, at.heading_y), theme.INK, "midtop"
        )
        y = at.rule_y
        for line in at.rule:
            theme.blit_text(surface, line, RULE_SIZE, (box.centerx, y), theme.GOLD, "midtop")
            y += theme.scaled(RULE_SIZE + 2)
        if at.example is not None and self.example is not None:
            self.example.draw(surface, at.example)
        y = at.foot_y
        for line in at.foot:
            theme.blit_text(surface, line, FOOT_SIZE, (box.centerx, y), theme.INK_DIM, "midtop")
            y += theme.scaled(FOOT_SIZE + 2)
        for b in at.buttons:
            b.draw(surface)
