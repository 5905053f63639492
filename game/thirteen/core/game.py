"""What every game has in common: the python-chess-like API the rest builds on."""

from __future__ import annotations

import enum
from abc import ABC, abstractmethod
from collections.abc import Collection, Hashable, Iterable
from dataclasses import dataclass
from typing import TYPE_CHECKING, ClassVar, Self

from thirteen.core.cards import Card, NotationError, card_text, clip, quoted, rank
from thirteen.core.moves import Move, RemoveGroup, RemoveKing, RemovePair, parse_move_text

if TYPE_CHECKING:
    from thirteen.core.registry import GameSetup


class Outcome(enum.Enum):
    IN_PROGRESS = "in progress"
    WON = "won"
    LOST = "lost"


class Termination(enum.Enum):
    """Why a game ended (python-chess's ``Termination``): the interface words it."""

    CLEARED = "cleared"
    """Won: every card (or the pyramid) is gone."""
    NO_MOVES = "no moves"
    """No move is left."""
    NO_REMOVALS = "no removals"
    """Cards may still move about (Thirteens' empty columns), but nothing can ever be
    removed again."""
    ROUNDS_PLAYED = "rounds played"
    """Every round was played: the points are what count, won or not."""


class Refusal(enum.Enum):
    """Why a move cannot be played here, as a kind the interface words for the player
    (the engine's own sentence, for the command line, stays :meth:`Game.why_illegal`)."""

    NOT_FREE = "not free"
    """A card that is covered or otherwise not available."""
    NOT_NEIGHBOURS = "not neighbours"
    """The cards make a group, but the game wants them touching."""
    NOT_COLUMN_TOP = "not a column's top"
    """Only the top card of a column may move to an empty column."""
    NO_DRAW_PILE = "no draw pile"
    """The game has no draw pile at all (its stock deals by itself)."""
    NOTHING_TO_DRAW = "nothing to draw"
    """Draw pile and waste are both empty."""
    ONE_PASS = "one pass"
    """The waste is never turned over in this game."""
    NO_TURNS_LEFT = "no turns left"
    """The waste was turned over as often as the game allows."""
    GAME_OVER = "game over"
    OTHER = "other"


@dataclass(frozen=True)
class Progress:
    """How far a game has come, as the table shows it; None where it does not apply."""

    round: int | None = None
    """The round in play, from 1 (the last one once the game is over)."""
    rounds: int | None = None
    round_scores: tuple[int, ...] = ()
    """Points of each finished round."""
    round_points: int | None = None
    """Points of the round in play so far; None once it is finished."""
    pass_number: int | None = None
    """Which pass through the draw pile, from 1."""
    passes: int | None = None
    stock: int | None = None
    """Cards left in a stock that deals by itself."""


@dataclass(frozen=True)
class RoundEnd:
    """A round the move finished: its number (from 1), points and clearing bonus."""

    number: int
    points: int
    cleared: bool
    bonus: int


@dataclass(frozen=True)
class MoveEffect:
    """What a move did, for the interface to show and sound."""

    move: Move
    removed: frozenset[Card]
    round_end: RoundEnd | None = None


@dataclass(frozen=True)
class PairRule:
    """Which cards a game removes together: groups whose values make ``target`` (pairs
    only, unless ``max_group`` is larger), ranks removed on their own (``singles``), and
    sets of ranks removed as one group whatever their suits (``sets``)."""

    target: int = 13
    singles: frozenset[int] = frozenset({13})
    sets: tuple[frozenset[int], ...] = ()
    set_size: int = 0
    """How many cards a set group holds (0: one card of each rank in the set)."""
    max_group: int = 2
    valued: frozenset[int] = frozenset(range(1, 14))
    """Ranks that count towards the target (Elevens' pictures have no value)."""

    @property
    def removes_groups(self) -> bool:
        """Whether groups of more than two cards go together (a selection is then a set of
        cards that grows click by click, rather than one card waiting for its partner)."""
        return bool(self.sets) or self.max_group > 2

    def _fits_set(self, ranks: list[int], whole: bool) -> bool:
        """Whether the ranks are (``whole``) or could grow into one of the sets."""
        for ranks_set in self.sets:
            size = self.set_size or len(ranks_set)
            if not set(ranks) <= ranks_set:
                continue
            if not self.set_size and len(set(ranks)) != len(ranks):
                continue  # one card of each rank
            if (len(ranks) == size) if whole else (len(ranks) <= size):
                return True
        return False

    def _fits_sum(self, ranks: list[int], whole: bool) -> bool:
        if len(ranks) > self.max_group or any(r not in self.valued for r in ranks):
            return False
        total = sum(ranks)
        if whole:
            return len(ranks) >= 2 and total == self.target
        return total == self.target if len(ranks) == self.max_group else total <= self.target

    def is_group(self, cards: Collection[Card]) -> bool:
        """Whether these cards, all together, form a group the game removes."""
        ranks = [rank(c) for c in cards]
        if not ranks or len(set(cards)) != len(ranks):
            return False
        if len(ranks) == 1 and ranks[0] in self.singles:
            return True
        return self._fits_set(ranks, True) or self._fits_sum(ranks, True)

    def could_grow(self, cards: Collection[Card]) -> bool:
        """Whether these cards belong to some group the game removes (or are one)."""
        ranks = [rank(c) for c in cards]
        if not ranks:
            return True
        if len(set(cards)) != len(ranks):
            return False
        if len(ranks) == 1 and ranks[0] in self.singles:
            return True
        return self._fits_set(ranks, False) or self._fits_sum(ranks, False)


THIRTEEN = PairRule()
"""The 13 family's rule: pairs making 13, Kings alone."""


class IllegalMoveError(ValueError):
    """A move that the rules do not allow in the current position."""


class Game(ABC):
    """A position plus the moves that led to it, with undo.

    Subclasses keep their position in one immutable, hashable value
    (:attr:`key`), so that undo is a pop from a stack and solvers can memoise
    positions without copying structures.
    """

    game_id: ClassVar[str]
    title: ClassVar[str]
    rule: ClassVar[PairRule] = THIRTEEN
    """Which cards this game removes together."""
    setup: GameSetup
    """How this game was set up (game, options, deal or deck): given by
    :meth:`.GameSetup.new_game`, which is how every game is made outside the engine's own
    tests."""

    def __init__(self) -> None:
        self._undo: list[tuple[Hashable, Move]] = []

    # -- position ---------------------------------------------------------
    @property
    @abstractmethod
    def key(self) -> Hashable:
        """The whole dynamic position as one hashable value."""

    @abstractmethod
    def _set_key(self, key: Hashable) -> None: ...

    @abstractmethod
    def legal_moves(self) -> list[Move]:
        """Every legal move in a fixed order; empty once the game is over."""

    @abstractmethod
    def _apply(self, move: Move) -> RoundEnd | None:
        """Play a move already known to be legal; the round it ended, if any."""

    @abstractmethod
    def _why_illegal(self, move: Move) -> str | None:
        """A reason the move is illegal here, or None when it is legal."""

    @property
    @abstractmethod
    def outcome(self) -> Outcome: ...

    @property
    @abstractmethod
    def score(self) -> int: ...

    @abstractmethod
    def text(self) -> str:
        """One-line position text; ``from_text`` of it gives the same position."""

    @classmethod
    @abstractmethod
    def from_text(cls, text: str) -> Self: ...

    @abstractmethod
    def render(self) -> str:
        """The position for people to read (the ``show`` command)."""

    @abstractmethod
    def cards_in_play(self) -> dict[str, list[int]]:
        """Every card still in the game by zone, for checks that none is lost."""

    @property
    @abstractmethod
    def removed_cards(self) -> int:
        """How many cards have left the game so far."""

    @property
    def termination(self) -> Termination | None:
        """Why the game ended, or None while it goes on: by default every card removed, or
        no move left (a game with other endings says so itself)."""
        outcome = self.outcome
        if outcome is Outcome.IN_PROGRESS:
            return None
        return Termination.CLEARED if outcome is Outcome.WON else Termination.NO_MOVES

    @abstractmethod
    def progress(self) -> Progress:
        """Rounds, passes and stock, for the table."""

    @abstractmethod
    def available_cards(self) -> list[Card]:
        """Cards that may take part in a move now, in a fixed order."""

    @abstractmethod
    def _refusal(self, move: Move) -> Refusal | None:
        """The kind of reason :meth:`_why_illegal` gives, or None when it is legal."""

    # -- shared behaviour -------------------------------------------------
    @property
    def is_over(self) -> bool:
        return self.outcome is not Outcome.IN_PROGRESS

    @property
    def long_title(self) -> str:
        """The title with the options that tell games apart ('Thirteens 3x5')."""
        return self.title

    def why_illegal(self, move: Move) -> str | None:
        """The engine's reason a move cannot be played here, or None when it can."""
        if self.is_over:
            return f"the game is over ({self.outcome.value})"
        if move.cards and not self.rule.is_group(move.cards):
            return self._not_a_group(move.cards)
        return self._why_illegal(move)

    def refusal(self, move: Move) -> Refusal | None:
        """The kind of reason a move cannot be played here, or None when it can."""
        if self.is_over:
            return Refusal.GAME_OVER
        if move.cards and not self.rule.is_group(move.cards):
            return Refusal.OTHER
        return self._refusal(move)

    def removal(self, cards: Collection[Card]) -> Move | None:
        """The move that removes exactly these cards when the game's rule makes a group
        of them, legal here or not (:meth:`refusal` says why not); None otherwise."""
        group = tuple(cards)
        if not self.rule.is_group(group):
            return None
        if len(group) == 1:
            return RemoveKing(group[0]) if rank(group[0]) == 13 else RemoveGroup(group)
        if len(group) == 2:
            return RemovePair(*group)
        return RemoveGroup(group)

    def completions(self, selected: Collection[Card]) -> list[Move]:
        """The legal removals that take every selected card and more: what a click on one
        of their other cards would complete."""
        chosen = set(selected)
        return [m for m in self.legal_moves() if chosen < set(m.cards)]

    def could_group(self, cards: Collection[Card]) -> bool:
        """Whether these cards could all belong to one group the game removes."""
        return self.rule.could_grow(tuple(cards))

    def parse_move(self, text: str) -> Move:
        """A move's text, checked against this game's rule: NotationError names what is
        wrong ('Ac+Kd' does not make 13 here, but may in a game that pairs to 14)."""
        move = parse_move_text(text)
        if move.cards and not self.rule.is_group(move.cards):
            raise NotationError(
                f"bad move {quoted(text.strip(), brief=True)}: {self._not_a_group(move.cards)}"
            )
        return move

    def _not_a_group(self, cards: tuple[Card, ...]) -> str:
        if len(cards) == 1:
            alone = "a King" if self.rule.singles == {13} else "removed on its own"
            return f"{card_text(cards[0])} is not {alone}"
        if len(cards) == 2:
            a, b = cards
            return f"{card_text(a)} and {card_text(b)} do not make {self.rule.target}"
        return f"{clip('+'.join(card_text(c) for c in cards))} is not a group this game removes"

    @property
    def moves(self) -> list[Move]:
        """Moves played so far (undone ones excluded)."""
        return [m for _, m in self._undo]

    @property
    def can_undo(self) -> bool:
        return bool(self._undo)

    def is_legal(self, move: Move) -> bool:
        return self._why_illegal(move) is None

    def play(self, move: Move | str) -> MoveEffect:
        """Play a move (or its text); raises IllegalMoveError with the reason."""
        if isinstance(move, str):
            move = self.parse_move(move)
        reason = self.why_illegal(move)
        if reason is not None:
            raise IllegalMoveError(f"{move.text()}: {reason}")
        before = self.key
        round_end = self._apply(move)
        self._undo.append((before, move))
        return MoveEffect(move, frozenset(move.cards), round_end)

    def play_all(self, moves: Iterable[Move | str]) -> None:
        for move in moves:
            self.play(move)

    def undo(self) -> Move:
        """Take back the last move, restoring the exact previous position."""
        if not self._undo:
            raise IllegalMoveError("nothing to undo")
        before, move = self._undo.pop()
        self._set_key(before)
        return move

    def round_start(self, index: int) -> Self:
        """A copy at the start of round ``index`` (from 0) with no moves to undo; a game
        of one round has only round 0, its deal's start."""
        if index != 0:
            raise ValueError(f"{self.title} has one round, not round {index + 1}")
        copy = self.copy()
        while copy.can_undo:
            copy.undo()
        return copy

    def ended_round(self) -> Self | None:
        """When the last move ended a round and the next one began, a copy showing the
        position that ended it (the table keeps it on screen with the round's summary);
        None otherwise (a game of one round never goes on past its end)."""
        return None

    def copy(self) -> Self:
        clone = object.__new__(type(self))
        clone.__dict__.update(self.__dict__)
        clone._undo = list(self._undo)
        return clone

    def __repr__(self) -> str:
        return f"<{type(self).__name__} {self.text()!r}>"
