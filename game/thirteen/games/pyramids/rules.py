"""Pyramid (classic) and Pyramid 13: a 28-card pyramid, a draw pile and a waste, each a
:class:`Game` over one or three deals (:mod:`.deal`)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Self, cast

from thirteen.core.cards import (
    DECK_SIZE,
    Card,
    NotationError,
    cards_compact,
    is_plain_number,
    parse_compact,
    quoted,
)
from thirteen.core.deals import decks_for_deal_n
from thirteen.core.game import (
    Game,
    Outcome,
    Progress,
    Refusal,
    RoundEnd,
    Termination,
)
from thirteen.core.moves import Move, Recycle
from thirteen.games.pyramids.deal import (
    COL_OF,
    PYRAMID_SIZE,
    ROW_OF,
    DealKey,
    PyramidDeal,
    parse_deal_text,
)


def _piles_text(deal: PyramidDeal, key: DealKey) -> str:
    return f"{cards_compact(deal.draw_pile(key)) or '-'} {cards_compact(deal.waste(key)) or '-'}"


class PyramidTable:
    """What the table of a pyramid game shows, for both pyramid games: their deal in play
    is ``self.deal`` at position ``self.pos``."""

    if TYPE_CHECKING:  # each game keeps them its own way (attributes, or properties)

        @property
        def deal(self) -> PyramidDeal: ...

        @property
        def pos(self) -> DealKey: ...

        @property
        def is_over(self) -> bool: ...

    def pyramid_cards(self) -> list[tuple[int, int, Card, bool]]:
        """(row, place in the row, card, free) of each card still in the pyramid, from the
        top row down."""
        deal, pos = self.deal, self.pos
        return [
            (ROW_OF[i], COL_OF[i], card, deal.free(pos, i))
            for i, card in enumerate(deal.pyramid)
            if card is not None and not pos[0] >> i & 1
        ]

    @property
    def draw_card(self) -> Card | None:
        return self.deal.draw_card(self.pos)

    @property
    def waste_top(self) -> Card | None:
        return self.deal.waste_top(self.pos)

    @property
    def draw_count(self) -> int:
        """Cards in the draw pile, the draw card included."""
        return len(self.deal.draw_pile(self.pos))

    @property
    def waste_count(self) -> int:
        return len(self.deal.waste(self.pos))

    def available_cards(self) -> list[Card]:
        """Free pyramid cards (top row first), then the draw card, then the waste top."""
        return [] if self.is_over else self.deal.available(self.pos)

    def _refusal(self, move: Move) -> Refusal | None:
        return self.deal.refusal(self.pos, move)


class Pyramid(PyramidTable, Game):
    """Pyramid (classic): three passes through the draw pile, clear the pyramid."""

    game_id = "pyramid"
    title = "Pyramid"
    RECYCLES = 2
    deal: PyramidDeal
    pos: DealKey

    def __init__(self, deck: Sequence[Card]) -> None:
        super().__init__()
        if len(deck) != DECK_SIZE or len(set(deck)) != DECK_SIZE:
            raise ValueError("Pyramid is dealt from a full deck of 52 distinct cards")
        self.deck = tuple(deck)
        self.deal = PyramidDeal.from_deck(self.deck, self.RECYCLES)
        self.pos = self.deal.start()

    @property
    def key(self) -> DealKey:
        return self.pos

    def _set_key(self, key) -> None:
        self.pos = key

    @property
    def recycles_left(self) -> int:
        return self.RECYCLES - self.pos[3]

    def progress(self) -> Progress:
        return Progress(
            pass_number=self.pos[3] + 1, passes=self.RECYCLES + 1, stock=self.draw_count
        )

    @property
    def termination(self) -> Termination | None:
        if self.deal.cleared(self.pos):
            return Termination.CLEARED
        return None if self.deal.moves(self.pos) else Termination.NO_MOVES

    def legal_moves(self) -> list[Move]:
        return self.deal.moves(self.pos)

    def _why_illegal(self, move: Move) -> str | None:
        return self.deal.why_illegal(self.pos, move)

    def _apply(self, move: Move) -> None:
        self.pos = self.deal.apply(self.pos, move)

    @property
    def outcome(self) -> Outcome:
        if self.deal.cleared(self.pos):
            return Outcome.WON
        return Outcome.IN_PROGRESS if self.deal.moves(self.pos) else Outcome.LOST

    @property
    def score(self) -> int:
        """Pyramid cards cleared, 0 to 28 (28 is a win)."""
        return self.pos[0].bit_count()

    @property
    def removed_cards(self) -> int:
        return self.deal.removed(self.pos)

    def cards_in_play(self) -> dict[str, list[Card]]:
        return self.deal.zones(self.pos)

    def text(self) -> str:
        return (
            f"{self.game_id} {self.deal.rows_text(self.pos)} "
            f"{_piles_text(self.deal, self.pos)} {self.recycles_left}"
        )

    @classmethod
    def from_text(cls, text: str) -> Self:
        """Parse ``pyramid ROWS DRAW WASTE RECYCLES_LEFT``."""
        parts = text.split()
        if len(parts) != 5 or parts[0].lower() != cls.game_id:
            raise NotationError(
                f"a Pyramid position is 'pyramid ROWS DRAW WASTE RECYCLES_LEFT', got {quoted(text)}"
            )
        if not is_plain_number(parts[4], 9) or int(parts[4]) > cls.RECYCLES:
            raise NotationError(
                f"recycles left must be 0 to {cls.RECYCLES}, got {quoted(parts[4])}"
            )
        deal, key = parse_deal_text(parts[1], parts[2], parts[3], cls.RECYCLES)
        game = object.__new__(cls)
        Game.__init__(game)
        game.deck = ()
        game.deal = deal
        game.pos = (key[0], key[1], key[2], cls.RECYCLES - int(parts[4]))
        return game

    def render(self) -> str:
        lines = ["Pyramid (classic)", *self.deal.render_lines(self.pos)]
        lines.append(
            f"Pass {self.pos[3] + 1} of {self.RECYCLES + 1}   Recycles left: {self.recycles_left}"
        )
        lines.append(f"Score: {self.score}/28   Moves: {len(self.moves)}   {self.outcome.value}")
        lines.append("Legal moves: " + (" ".join(m.text() for m in self.legal_moves()) or "none"))
        return "\n".join(lines)


DEALS_PER_GAME = 3
CARD_POINTS = 10
CLEAR_BONUS = (100, 100, 250)


def round_points(index: int, cards: int, cleared: bool) -> int:
    """Pyramid 13's one scoring rule: round ``index`` (0-2) scores 10 points for each
    card removed, plus that round's bonus when its pyramid was cleared.  The engine,
    the solver's bounds, hints, players and the help all score through this."""
    return CARD_POINTS * cards + (CLEAR_BONUS[index] if cleared else 0)


def _possible_deal_score(score: int, index: int) -> bool:
    """Whether deal ``index`` (0-2) can end with ``score``: 10 points for each of up to 52
    cards, plus the deal's bonus once its 28 pyramid cards are gone."""
    cards, rest = divmod(score, CARD_POINTS)
    if rest:
        return False
    bonus = CLEAR_BONUS[index] // CARD_POINTS
    return cards <= DECK_SIZE or PYRAMID_SIZE + bonus <= cards <= DECK_SIZE + bonus


RoundsKey = tuple[int, tuple[int, ...], DealKey]
"""Pyramid 13's position key: (deal index, scores of finished deals, deal key)."""


class Pyramid13(PyramidTable, Game):
    """Pyramid 13: three one-pass deals scored in points.

    A deal ends by itself when its pyramid is cleared or no move is left; the
    move that ends it also starts the next deal, so every position the player
    sees has a move to make until the game is over.  Position key:
    (deal index, scores of finished deals, deal key).
    """

    game_id = "pyramid13"
    title = "Pyramid 13"

    def __init__(self, decks: Sequence[Sequence[Card]]) -> None:
        super().__init__()
        if len(decks) != DEALS_PER_GAME:
            raise ValueError("Pyramid 13 is played with three decks")
        for d in decks:
            if len(d) != DECK_SIZE or len(set(d)) != DECK_SIZE:
                raise ValueError("each Pyramid 13 deal uses a full deck of 52 distinct cards")
        self.decks = tuple(tuple(d) for d in decks)
        self.deals = [PyramidDeal.from_deck(d, 0) for d in self.decks]
        self.state: RoundsKey = (0, (), self.deals[0].start())

    @classmethod
    def for_deal_number(cls, number: int) -> Pyramid13:
        return cls(decks_for_deal_n(number, DEALS_PER_GAME))

    @property
    def key(self) -> RoundsKey:
        return self.state

    def _set_key(self, key) -> None:
        self.state = key

    @property
    def deal_index(self) -> int:
        """0, 1 or 2: the deal being played (or the last one, once over)."""
        return self.state[0]

    @property
    def deal(self) -> PyramidDeal:
        return self.deals[self.state[0]]

    @property
    def pos(self) -> DealKey:
        return self.state[2]

    @property
    def deal_scores(self) -> tuple[int, ...]:
        """Points of each finished deal."""
        return self.state[1]

    @property
    def current_deal_points(self) -> int:
        if len(self.state[1]) > self.state[0]:
            return self.state[1][self.state[0]]
        return round_points(self.state[0], self.deal.removed(self.pos), False)

    @property
    def score(self) -> int:
        index, scores, _ = self.state
        return sum(scores) + (
            0 if len(scores) > index else round_points(index, self.deal.removed(self.pos), False)
        )

    @property
    def removed_cards(self) -> int:
        """Cards gone from the deal being played (each deal starts from 52)."""
        return self.deal.removed(self.pos)

    @property
    def outcome(self) -> Outcome:
        if len(self.state[1]) < DEALS_PER_GAME:
            return Outcome.IN_PROGRESS
        return Outcome.WON if self.deals[-1].cleared(self.pos) else Outcome.LOST

    @property
    def termination(self) -> Termination | None:
        return None if len(self.state[1]) < DEALS_PER_GAME else Termination.ROUNDS_PLAYED

    def progress(self) -> Progress:
        index, scores, _ = self.state
        return Progress(
            round=min(index + 1, DEALS_PER_GAME),
            rounds=DEALS_PER_GAME,
            round_scores=scores,
            round_points=None if len(scores) > index else self.current_deal_points,
            pass_number=1,
            passes=1,
            stock=self.draw_count,
        )

    def legal_moves(self) -> list[Move]:
        if self.is_over:
            return []
        return self.deal.moves(self.pos)

    def _why_illegal(self, move: Move) -> str | None:
        if isinstance(move, Recycle):
            return "Pyramid 13 has one pass through the draw pile: no recycling"
        return self.deal.why_illegal(self.pos, move)

    def _apply(self, move: Move) -> RoundEnd | None:
        index, scores, _ = self.state
        deal = self.deals[index]
        pos = deal.apply(self.pos, move)
        ended = None
        if deal.cleared(pos) or not deal.moves(pos):
            cleared = deal.cleared(pos)
            points = round_points(index, deal.removed(pos), cleared)
            ended = RoundEnd(index + 1, points, cleared, CLEAR_BONUS[index])
            scores = (*scores, points)
            if index + 1 < DEALS_PER_GAME:
                index += 1
                pos = self.deals[index].start()
        self.state = (index, scores, pos)
        return ended

    def cards_in_play(self) -> dict[str, list[Card]]:
        return self.deal.zones(self.pos)

    def ended_round(self) -> Self | None:
        if not self._undo:
            return None
        before, move = self._undo[-1]
        index, scores, pos = cast(RoundsKey, before)
        if index == self.state[0]:
            return None  # the same round goes on (or the last one ended the game)
        view = self.copy()
        view.state = (index, scores, self.deals[index].apply(pos, move))
        return view

    def round_start(self, index: int) -> Self:
        """A copy at the start of deal ``index`` (earlier deals' points left at 0): the
        three decks are independent, so each deal's pyramid is solved on its own."""
        if not 0 <= index < DEALS_PER_GAME:
            raise ValueError(f"a Pyramid 13 game has deals 0 to {DEALS_PER_GAME - 1}, got {index}")
        copy = self.copy()
        copy.state = (index, (0,) * index, copy.deals[index].start())
        copy._undo = []
        return copy

    def text(self) -> str:
        index, scores, pos = self.state
        later = ",".join(cards_compact(d.pyramid + d.stock) for d in self.deals[index + 1 :]) or "-"
        return (
            f"{self.game_id} {index + 1} {','.join(map(str, scores)) or '-'} "
            f"{self.deal.rows_text(pos)} {_piles_text(self.deal, pos)} {later}"
        )

    @classmethod
    def from_text(cls, text: str) -> Self:
        """Parse ``pyramid13 DEAL SCORES ROWS DRAW WASTE LATER_DECKS``."""
        parts = text.split()
        if len(parts) != 7 or parts[0].lower() != cls.game_id:
            raise NotationError(
                "a Pyramid 13 position is 'pyramid13 DEAL SCORES ROWS DRAW WASTE LATER', "
                f"got {quoted(text)}"
            )
        if parts[1] not in ("1", "2", "3"):
            raise NotationError(f"deal must be 1, 2 or 3, got {quoted(parts[1])}")
        index = int(parts[1]) - 1
        texts = [] if parts[2] == "-" else parts[2].split(",")
        if not all(is_plain_number(t, max_digits=4) for t in texts):
            raise NotationError(
                f"scores must be numbers separated by commas, got {quoted(parts[2])}"
            )
        scores = tuple(int(t) for t in texts)
        for n, score in enumerate(scores[:DEALS_PER_GAME]):
            if not _possible_deal_score(score, n):
                raise NotationError(
                    f"deal {n + 1} cannot score {score}: {CARD_POINTS} points a card, "
                    f"+{CLEAR_BONUS[n]} with the pyramid cleared"
                )
        if not (
            len(scores) == index or (index == DEALS_PER_GAME - 1 and len(scores) == DEALS_PER_GAME)
        ):
            raise NotationError(
                f"deal {index + 1} needs {index} finished deal scores (3 once over)"
            )
        deal, key = parse_deal_text(parts[3], parts[4], parts[5], 0)
        later_texts = [] if parts[6] == "-" else parts[6].split(",")
        if len(later_texts) != DEALS_PER_GAME - 1 - index:
            raise NotationError(f"deal {index + 1} needs {DEALS_PER_GAME - 1 - index} later decks")
        later = []
        for t in later_texts:
            given = parse_compact(t)
            cards = [c for c in given if c is not None]
            if len(cards) != len(given) or len(cards) != DECK_SIZE or len(set(cards)) != DECK_SIZE:
                raise NotationError("each later deck must be 52 distinct cards")
            later.append(PyramidDeal.from_deck(cards, 0))
        game = object.__new__(cls)
        Game.__init__(game)
        placeholder = PyramidDeal.from_deck(range(DECK_SIZE), 0)
        game.deals = [placeholder] * index + [deal] + later
        game.decks = ()
        game.state = (index, scores, key)
        deal_over = deal.cleared(key) or not deal.moves(key)
        if deal_over != (len(scores) == DEALS_PER_GAME):
            raise NotationError(
                f"deal {index + 1} is over but has no score (the next deal starts at once)"
                if deal_over
                else "three deal scores mean the game is over, but the last deal still has moves"
            )
        return game

    def render(self) -> str:
        index = self.state[0]
        head = f"Pyramid 13   Deal {index + 1} of 3"
        lines = [head, *self.deal.render_lines(self.pos)]
        done = ", ".join(f"deal {i + 1}: {s}" for i, s in enumerate(self.deal_scores)) or "none"
        lines.append(f"Finished deals: {done}")
        lines.append(f"Score: {self.score}   Moves: {len(self.moves)}   {self.outcome.value}")
        lines.append("Legal moves: " + (" ".join(m.text() for m in self.legal_moves()) or "none"))
        return "\n".join(lines)
