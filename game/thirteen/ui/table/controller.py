"""The click model: what a click, a tap or Space/Enter on a spot of the table does to the
game (docs/rules.md's), with the selection it keeps, undo and redo, and auto-draw.

It draws nothing and reads no event.  The table hands it the spot clicked and plays the
move it answers with (:class:`.scene.TableScene`); tests drive it with plain calls on a
game and the spots of its :func:`~thirteen.ui.layout.geometry`.  What it tells the
player (why a click changed nothing, a sound) goes through the :class:`TableView` it is
given.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Protocol

from thirteen.core.cards import Card
from thirteen.core.game import Game, MoveEffect, Refusal
from thirteen.core.i18n import tr
from thirteen.core.moves import Draw, Move, MoveToEmpty, Recycle
from thirteen.games import spec_of
from thirteen.session.game_session import RedoLine
from thirteen.ui.layout import Spot
from thirteen.ui.spots import SpotKind, Zone
from thirteen.ui.table.words import blocked_words

AUTO_DRAW_MS = 450
"""The pause before auto-draw draws by itself: the last move is seen to land first."""


class TableView(Protocol):
    """What the click model asks of the table that shows it."""

    def say(self, message: str, ms: float = ..., major: bool = ...) -> None:
        """A message in the panel."""

    def explain(self, message: str, spot: Spot | None = None) -> None:
        """Why a click changed nothing, next to the card clicked (``spot``)."""

    def sound(self, name: str) -> None:
        """Play the sound effect ``name``."""

    def reselected(self) -> None:
        """The selection changed: a click under the pointer may now play, or no longer."""

    def draw_place(self) -> Spot | None:
        """The spot where the draw card lies: the card, or the empty pile."""

    def may_take_back(self) -> bool:
        """Whether the finished game's last move may still be undone (its score is not
        posted)."""


class TableController:
    """One game's click model: the selection, the moves clicks make, undo and redo."""

    def __init__(
        self, game: Game, view: TableView, one_tap_draw: Callable[[], bool] = lambda: False
    ) -> None:
        self.game = game
        self.view = view
        self.one_tap_draw = one_tap_draw
        """Whether the setting "one-tap draw" is on now: one click on the draw card draws
        (docs/rules.md's click model, the second click otherwise)."""
        self.selected: Card | None = None
        """The card selected in a game of pairs."""
        self.group: list[Card] = []
        """The cards selected so far in a game whose rule removes groups (docs/rules.md's click
        model for groups), in the order clicked; such a game leaves ``selected`` None."""
        self.redo_line = RedoLine()
        """Moves taken back that Redo plays again, until a new move is made."""
        self.auto_left = 0.0
        """Milliseconds until auto-draw draws (0: it will not)."""

    # -- the click model ----------------------------------------------------
    def activate(self, spot: Spot | None) -> Move | None:
        """docs/rules.md's click model for one click (or Space/Enter) on ``spot``: the move it
        plays, for the table to play; else None, and the selection changed or the player
        is told why nothing did."""
        game = self.game
        if spot is None or game.is_over:
            return None  # empty felt, a finished game: nothing changes
        if not spot.free:
            self.view.explain(blocked_words(spot, game), spot)  # nothing changes, but it says why
            return None
        if spot.kind is SpotKind.PILE:
            return Recycle()
        if spot.kind is SpotKind.STOCK:  # a stock that deals when clicked
            return self.draw_or_recycle()
        if spot.kind is SpotKind.EMPTY:
            if self.selected is None or spot.column is None:
                self.view.explain(
                    tr("To fill an empty column, select a column's top card, then click here."),
                    spot,
                )
                return None
            to_empty = MoveToEmpty(self.selected, spot.column)
            if game.is_legal(to_empty):
                return to_empty
            self.view.explain(
                tr("Only the top card of a column can move to an empty column."), spot
            )
            return None
        if spot.kind is not SpotKind.CARD or spot.card is None:
            return None
        card = spot.card
        alone = game.removal((card,))  # a King
        if alone is not None:
            return alone
        if game.rule.removes_groups:
            return self.choose(card)
        if spot.zone is Zone.DRAW and self.one_tap_draw():
            move = self.tap_draw(card)
            if move is not None:
                return move
        if self.selected == card:
            if spot.zone is Zone.DRAW:
                return Draw()
            self.deselect()
            return None
        move = None if self.selected is None else game.removal((self.selected, card))
        if move is not None:
            if game.is_legal(move):
                return move
            if game.refusal(move) is Refusal.NOT_NEIGHBOURS:  # the selection moves, and why
                self.view.explain(
                    tr(
                        "These make {target} but do not touch: a pair must be neighbours.",
                        target=game.rule.target,
                    ),
                    spot,
                )
        self.selected = card
        self.view.sound("select")
        self.view.reselected()  # a click on its partner now plays
        return None

    def tap_draw(self, card: Card) -> Move | None:
        """One-tap draw, a click on the draw card ``card``: the pair it makes with the card
        selected before it, else the draw; None when neither can be played (the click
        then selects, as without the setting)."""
        if self.selected is not None and self.selected != card:
            pair = self.game.removal((self.selected, card))
            if pair is not None and self.game.is_legal(pair):
                return pair
        return Draw() if self.game.is_legal(Draw()) else None

    def choose(self, card: Card) -> Move | None:
        """docs/rules.md's click model for groups: a click adds the card to the selection, or
        takes a selected one out; a selection that is a group the game removes is the move
        to play, and a card that could belong to no group with the selected ones starts a
        new selection (by the rule alone: whether the grid holds the rest is the
        player's to see)."""
        game = self.game
        if card in self.group:
            self.group.remove(card)
        else:
            chosen = [*self.group, card]
            move = game.removal(chosen)
            if move is not None and game.is_legal(move):
                return move
            self.group = chosen if move is None and game.could_group(chosen) else [card]
            self.view.sound("select")
        self.view.reselected()  # a click that completes the group now plays
        return None

    def click_plays(self, spot: Spot) -> bool:
        """Whether a click on the free ``spot`` would play a move now (else it selects,
        or does nothing)."""
        game = self.game
        if spot.kind is SpotKind.PILE:
            return game.is_legal(Recycle())
        if spot.kind is SpotKind.EMPTY:
            return (
                self.selected is not None
                and spot.column is not None
                and game.is_legal(MoveToEmpty(self.selected, spot.column))
            )
        card = spot.card
        if spot.kind is not SpotKind.CARD or card is None:
            return False
        alone = game.removal((card,))
        if alone is not None and game.is_legal(alone):
            return True
        if game.rule.removes_groups:  # it completes the selected group
            if card in self.group:
                return False
            move = game.removal([*self.group, card])
            return move is not None and game.is_legal(move)
        if spot.zone is Zone.DRAW and self.one_tap_draw() and self.tap_draw(card) is not None:
            return True
        if self.selected == card:
            return spot.zone is Zone.DRAW and game.is_legal(Draw())
        move = None if self.selected is None else game.removal((self.selected, card))
        return move is not None and game.is_legal(move)

    def selection(self) -> list[Card]:
        """The cards shown selected, in either click model."""
        return list(self.group) if self.selected is None else [self.selected]

    def deselect(self) -> None:
        if self.selected is not None or self.group:
            self.selected = None
            self.group = []
            self.view.reselected()

    def draw_or_recycle(self) -> Move | None:
        """The D key: draw, or turn the waste over when the pile is empty; None (and the
        player is told why) when neither can be done."""
        for move in (Draw(), Recycle()):
            if not self.game.is_over and self.game.is_legal(move):
                return move
        self.view.sound("nomove")
        if self.game.refusal(Draw()) is Refusal.NO_DRAW_PILE:
            self.view.say(
                tr(
                    "{game} has no draw pile: {why}.",
                    game=tr(self.game.title),
                    why=tr(spec_of(self.game).no_draw),
                )
            )
        else:
            self.view.say(tr("Nothing left to draw."))
            place = self.view.draw_place()
            if place is not None:
                self.view.explain(tr("Nothing left to draw."), place)
        return None

    # -- moves, undo and redo ---------------------------------------------------
    def play(self, move: Move) -> MoveEffect:
        """Play ``move`` on the game (raises :class:`~thirteen.core.game.IllegalMoveError`
        when it cannot be played): the selection goes, and Redo is forgotten."""
        effect = self.game.play(move)
        self.redo_line.played(move)
        self.selected = None
        self.group = []
        return effect

    def can_undo(self) -> bool:
        """Every move can be undone, also the one that ended the game, unless its score is
        posted (see :meth:`TableView.may_take_back`)."""
        if self.game.is_over:
            return self.view.may_take_back()
        return self.game.can_undo

    def undo(self) -> None:
        """Take the last move back (it is the next one Redo plays); the selection goes."""
        self.redo_line.undone(self.game.undo())
        self.selected = None
        self.group = []

    def can_redo(self) -> bool:
        """Whether a move taken back can be played again (none is once a new one is made)."""
        move = self.redo_line.next()
        return move is not None and not self.game.is_over and self.game.is_legal(move)

    def redo_move(self) -> Move | None:
        """The move Redo plays: the last one taken back, while it can be played."""
        return self.redo_line.next() if self.can_redo() else None

    # -- auto-draw ----------------------------------------------------------------
    def only_draw(self) -> bool:
        """Whether drawing is the one legal move (asked of the game, so any game with a
        draw pile gets auto-draw)."""
        return not self.game.is_over and self.game.legal_moves() == [Draw()]

    def plan_auto_draw(self, on: bool) -> None:
        """After a change: with auto-draw ``on`` and drawing the only move, draw shortly."""
        self.auto_left = AUTO_DRAW_MS if on and self.only_draw() else 0.0

    def auto_draw_due(self, dt_ms: float, landing: bool) -> bool:
        """Count ``dt_ms`` down to auto-draw; whether to draw now.  While cards are still
        ``landing`` it waits for them."""
        if self.auto_left <= 0:
            return False
        self.auto_left = max(0.0, self.auto_left - dt_ms)
        if self.auto_left == 0 and landing:
            self.auto_left = 1.0  # the last move lands first
            return False
        return self.auto_left == 0 and self.only_draw()
