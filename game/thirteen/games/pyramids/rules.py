"""Pyramid (classic) and Pyramid 13: a 28-card pyramid, a draw pile and a waste.

One deal's position is four integers over a fixed layout: which pyramid cards
are gone (bit mask), which draw-pile cards are gone (bit mask), the pointer
``p`` that splits the remaining draw-pile cards into the waste (below ``p``)
and the draw pile (from ``p``), and how many recycles were used.  Turning the
waste over is just ``p = 0``, which keeps the original order as RULES.md asks.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Self

from thirteen.core.cards import (
    DECK_SIZE,
    Card,
    NotationError,
    card_text,
    cards_compact,
    count_text,
    is_king,
    is_pair,
    is_plain_number,
    parse_compact,
    quoted,
)
from thirteen.core.deals import decks_for_deal_n
from thirteen.core.game import (  # noqa: F401 - IllegalMoveError re-exported
    Game,
    IllegalMoveError,
    Outcome,
    Progress,
    Refusal,
    RoundEnd,
    Termination,
)
from thirteen.core.i18n import N_, message
from thirteen.core.moves import Draw, Move, Recycle, RemoveKing, RemovePair
from thirteen.core.spec import Example, GameSpec, TableKind

ROWS = 7
PYRAMID_SIZE = 28
STOCK_SIZE = DECK_SIZE - PYRAMID_SIZE
FULL_PYRAMID = (1 << PYRAMID_SIZE) - 1

ROW_OF = tuple(r for r in range(ROWS) for _ in range(r + 1))
COL_OF = tuple(i for r in range(ROWS) for i in range(r + 1))


def index_of(row: int, col: int) -> int:
    return row * (row + 1) // 2 + col


# Bits of the two cards covering each pyramid card (0 for the bottom row).
COVER = tuple(
    0
    if ROW_OF[i] == ROWS - 1
    else (1 << index_of(ROW_OF[i] + 1, COL_OF[i])) | (1 << index_of(ROW_OF[i] + 1, COL_OF[i] + 1))
    for i in range(PYRAMID_SIZE)
)

DealKey = tuple[int, int, int, int]
"""(pyramid removed mask, stock removed mask, pointer, recycles used)."""


class PyramidDeal:
    """The cards of one deal and the rules of moving them; positions are DealKeys.

    Kept apart from :class:`Game` so that Pyramid and Pyramid 13 share every
    rule, and so that a solver can walk keys without building game objects.
    """

    __slots__ = ("pyramid", "stock", "recycles", "where")

    def __init__(
        self, pyramid: Sequence[Card | None], stock: Sequence[Card], recycles: int
    ) -> None:
        if len(pyramid) != PYRAMID_SIZE:
            raise ValueError("a pyramid has 28 cells")
        self.pyramid = tuple(pyramid)
        self.stock = tuple(stock)
        self.recycles = recycles
        self.where: dict[Card, tuple[str, int]] = {}
        for i, c in enumerate(self.pyramid):
            if c is not None:
                self.where[c] = ("p", i)
        for j, c in enumerate(self.stock):
            self.where[c] = ("s", j)

    @classmethod
    def from_deck(cls, deck: Sequence[Card], recycles: int) -> PyramidDeal:
        return cls(deck[:PYRAMID_SIZE], deck[PYRAMID_SIZE:], recycles)

    def start(self) -> DealKey:
        gone = sum(1 << i for i, c in enumerate(self.pyramid) if c is None)
        return (gone, 0, 0, 0)

    # -- what is where ----------------------------------------------------
    def free(self, key: DealKey, i: int) -> bool:
        pm = key[0]
        return not pm >> i & 1 and pm & COVER[i] == COVER[i]

    def draw_index(self, key: DealKey) -> int | None:
        _, sm, p, _ = key
        for j in range(p, len(self.stock)):
            if not sm >> j & 1:
                return j
        return None

    def waste_index(self, key: DealKey) -> int | None:
        _, sm, p, _ = key
        for j in range(p - 1, -1, -1):
            if not sm >> j & 1:
                return j
        return None

    def draw_card(self, key: DealKey) -> Card | None:
        j = self.draw_index(key)
        return None if j is None else self.stock[j]

    def waste_top(self, key: DealKey) -> Card | None:
        j = self.waste_index(key)
        return None if j is None else self.stock[j]

    def draw_pile(self, key: DealKey) -> list[Card]:
        _, sm, p, _ = key
        return [self.stock[j] for j in range(p, len(self.stock)) if not sm >> j & 1]

    def waste(self, key: DealKey) -> list[Card]:
        """Waste cards from the bottom up (the last one is the playable top)."""
        _, sm, p, _ = key
        return [self.stock[j] for j in range(p) if not sm >> j & 1]

    def available(self, key: DealKey) -> list[Card]:
        """Free pyramid cards (top row first), then the draw card, then the waste top."""
        cards = [c for i, c in enumerate(self.pyramid) if c is not None and self.free(key, i)]
        for c in (self.draw_card(key), self.waste_top(key)):
            if c is not None:
                cards.append(c)
        return cards

    def is_available(self, key: DealKey, card: Card) -> bool:
        place = self.where.get(card)
        if place is None:
            return False
        zone, i = place
        if zone == "p":
            return self.free(key, i)
        return i in (self.draw_index(key), self.waste_index(key))

    def cleared(self, key: DealKey) -> bool:
        return key[0] == FULL_PYRAMID

    def removed(self, key: DealKey) -> int:
        """Cards gone from this deal (a deal always starts from 52 cards)."""
        return DECK_SIZE - len(self.cards_left(key))

    def zones(self, key: DealKey) -> dict[str, list[Card]]:
        """Every card still in the deal, by where it lies."""
        pm = key[0]
        return {
            "pyramid": [c for i, c in enumerate(self.pyramid) if c is not None and not pm >> i & 1],
            "draw": self.draw_pile(key),
            "waste": self.waste(key),
        }

    def cards_left(self, key: DealKey) -> list[Card]:
        pm, sm = key[0], key[1]
        left = [c for i, c in enumerate(self.pyramid) if c is not None and not pm >> i & 1]
        return left + [c for j, c in enumerate(self.stock) if not sm >> j & 1]

    # -- moves ------------------------------------------------------------
    def moves(self, key: DealKey) -> list[Move]:
        if self.cleared(key):
            return []
        avail = self.available(key)
        out: list[Move] = [RemoveKing(c) for c in avail if is_king(c)]
        for n, a in enumerate(avail):
            for b in avail[n + 1 :]:
                if is_pair(a, b):
                    out.append(RemovePair(a, b))
        if self.draw_index(key) is not None:
            out.append(Draw())
        elif key[3] < self.recycles and self.waste_index(key) is not None:
            out.append(Recycle())
        return out

    def why_illegal(self, key: DealKey, move: Move) -> str | None:
        if self.cleared(key):
            return "the pyramid is already cleared"
        if isinstance(move, RemoveKing | RemovePair):
            cards = (move.card,) if isinstance(move, RemoveKing) else move.cards
            for c in cards:
                if not self.is_available(key, c):
                    return f"{card_text(c)} is not available" + (
                        "" if c in self.where else " (it is not in this deal any more)"
                    )
            return None
        if isinstance(move, Draw):
            return None if self.draw_index(key) is not None else "the draw pile is empty"
        if isinstance(move, Recycle):
            if self.draw_index(key) is not None:
                return "the draw pile is not empty yet"
            if key[3] >= self.recycles:
                return (
                    "no recycles left"
                    if self.recycles
                    else "this game has no recycling of the waste"
                )
            if self.waste_index(key) is None:
                return "the waste is empty"
            return None
        return f"pyramids have no move like {move.text()!r}"

    def refusal(self, key: DealKey, move: Move) -> Refusal | None:
        """The kind of :meth:`why_illegal`'s reason; an exhausted draw pile is told
        before the rule on turning the waste over (there is nothing to turn)."""
        if self.why_illegal(key, move) is None:
            return None
        if isinstance(move, Draw | Recycle):
            if self.draw_index(key) is None and self.waste_index(key) is None:
                return Refusal.NOTHING_TO_DRAW
            if isinstance(move, Recycle) and self.draw_index(key) is None:
                return Refusal.NO_TURNS_LEFT if self.recycles else Refusal.ONE_PASS
            return Refusal.OTHER
        if isinstance(move, RemoveKing | RemovePair):
            return Refusal.NOT_FREE
        return Refusal.OTHER

    def apply(self, key: DealKey, move: Move) -> DealKey:
        pm, sm, p, used = key
        if isinstance(move, Draw):
            j = self.draw_index(key)
            assert j is not None
            return (pm, sm, j + 1, used)
        if isinstance(move, Recycle):
            return (pm, sm, 0, used + 1)
        cards = (move.card,) if isinstance(move, RemoveKing) else move.cards  # type: ignore[attr-defined]
        for c in cards:
            zone, i = self.where[c]
            if zone == "p":
                pm |= 1 << i
            else:
                sm |= 1 << i
        return (pm, sm, p, used)

    # -- text -------------------------------------------------------------
    def rows_text(self, key: DealKey) -> str:
        pm = key[0]
        cells = [None if pm >> i & 1 else c for i, c in enumerate(self.pyramid)]
        return "/".join(
            cards_compact(cells[index_of(r, 0) : index_of(r, 0) + r + 1]) for r in range(ROWS)
        )

    def render_lines(self, key: DealKey) -> list[str]:
        """The pyramid with free cards in brackets, then the piles."""
        lines = []
        for r in range(ROWS):
            cells = []
            for c in range(r + 1):
                i = index_of(r, c)
                card = self.pyramid[i]
                if card is None or key[0] >> i & 1:
                    cells.append(" .. ")
                elif self.free(key, i):
                    cells.append(f"[{card_text(card)}]")
                else:
                    cells.append(f" {card_text(card)} ")
            lines.append("  " * (ROWS - 1 - r) + "".join(cells))
        draw, waste = self.draw_card(key), self.waste_top(key)
        lines.append(
            f"Draw card: {card_text(draw) if draw is not None else '--'}   "
            f"Waste top: {card_text(waste) if waste is not None else '--'} "
            f"({len(self.waste(key))} in waste)   "
            f"Draw pile: {count_text(len(self.draw_pile(key)))}"
        )
        return lines


def parse_deal_text(rows: str, draw: str, waste: str, recycles: int) -> tuple[PyramidDeal, DealKey]:
    """Rebuild a deal from the fields of a position text."""
    row_texts = rows.split("/")
    if len(row_texts) != ROWS:
        raise NotationError(f"a pyramid has 7 rows, got {len(row_texts)}")
    cells: list[Card | None] = []
    for r, row_text in enumerate(row_texts):
        row = parse_compact(row_text)
        if len(row) != r + 1:
            raise NotationError(f"pyramid row {r + 1} needs {r + 1} cells, got {len(row)}")
        cells.extend(row)
    draw_cards = [] if draw == "-" else parse_compact(draw)
    waste_cards = [] if waste == "-" else parse_compact(waste)
    if None in draw_cards or None in waste_cards:
        raise NotationError("piles cannot hold empty cells")
    stock: list[Card] = waste_cards + draw_cards  # type: ignore[operator]
    present = [c for c in cells if c is not None] + stock
    dupes = {c for c in present if present.count(c) > 1}
    if dupes:
        raise NotationError(f"duplicate card {card_text(min(dupes))}")  # type: ignore[arg-type]
    deal = PyramidDeal(cells, stock, recycles)
    pm, sm, _, _ = deal.start()
    return deal, (pm, sm, len(waste_cards), 0)


def _piles_text(deal: PyramidDeal, key: DealKey) -> str:
    return f"{cards_compact(deal.draw_pile(key)) or '-'} {cards_compact(deal.waste(key)) or '-'}"


class PyramidTable:
    """What the table of a pyramid game shows, for both pyramid games: their deal in play
    is ``self.deal`` at position ``self.pos``."""

    deal: PyramidDeal
    pos: DealKey

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
        return [] if self.is_over else self.deal.available(self.pos)  # type: ignore[attr-defined]

    def _refusal(self, move: Move) -> Refusal | None:
        return self.deal.refusal(self.pos, move)


class Pyramid(PyramidTable, Game):
    """Pyramid (classic): three passes through the draw pile, clear the pyramid."""

    game_id = "pyramid"
    title = "Pyramid"
    RECYCLES = 2

    def __init__(self, deck: Sequence[Card]) -> None:
        super().__init__()
        if len(deck) != DECK_SIZE or len(set(deck)) != DECK_SIZE:
            raise ValueError("Pyramid is dealt from a full deck of 52 distinct cards")
        self.deck = tuple(deck)
        self.deal = PyramidDeal.from_deck(self.deck, self.RECYCLES)
        self.pos: DealKey = self.deal.start()

    @property
    def key(self) -> DealKey:
        return self.pos

    def _set_key(self, key) -> None:  # type: ignore[override]
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
        self.state: tuple[int, tuple[int, ...], DealKey] = (0, (), self.deals[0].start())

    @classmethod
    def for_deal_number(cls, number: int) -> Pyramid13:
        return cls(decks_for_deal_n(number, DEALS_PER_GAME))

    @property
    def key(self):
        return self.state

    def _set_key(self, key) -> None:  # type: ignore[override]
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
        index, scores, pos = before
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
            cards = parse_compact(t)
            if None in cards or len(cards) != DECK_SIZE or len(set(cards)) != DECK_SIZE:
                raise NotationError("each later deck must be 52 distinct cards")
            later.append(PyramidDeal.from_deck(cards, 0))  # type: ignore[arg-type]
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


SPEC13 = GameSpec(
    id="pyramid13",
    group=N_("Pyramids"),
    title=N_("Pyramid 13"),
    decks=DEALS_PER_GAME,
    build=lambda decks, layout: Pyramid13(decks),
    position_type=Pyramid13,
    blurb=N_("Three pyramids, one pass each, scored in points."),
    help=(
        N_(
            "28 cards form a pyramid; the rest is the draw pile, whose top card (the draw card) is "
            "face up. A pyramid card is free when no card below overlaps it."
        ),
        N_(
            "Available cards are the free pyramid cards, the draw card and the top of the waste. "
            "Remove an available King, or two available cards that make 13. Click the draw card "
            "twice to move it to the waste."
        ),
        N_(
            "A game is three rounds (the rules call them deals): each round is a fresh pyramid "
            "with one pass through the draw pile, no turning the waste over. A round ends when "
            "the pyramid is clear, or when the draw pile is empty and nothing more can be "
            "removed. 'Round 2 of 3' says which one you are in; 'Deal #123' is the number that "
            "deals this same game again."
        ),
        message(
            "Points: {card} per card, +{clear} for clearing the pyramid in round 1 or 2, "
            "+{last} in round 3. At the end you may post your total under a screen name of "
            "5 to 10 characters. Your statistics count a game as won when its third pyramid "
            "is cleared.",
            card=round_points(0, 1, False),
            clear=round_points(0, 0, True),
            last=round_points(2, 0, True),
        ),
    ),
    examples=(
        Example(
            N_(
                "The draw card and a free pyramid card that make 13 go: 5 and 8. Click the "
                "draw card twice to put it on the waste. A card is free once the two over it "
                "are gone."
            ),
            "pyramid13 3 0,0 --/----/------/--------/----4s----/"
            "----TdAc----/----8s2c6h---- 5d9hJh3s8c - -",
            ("5d+8s", "D", "2c+Jh", "3s+Td"),
        ),
        Example(
            N_(
                "One pass: each card of the draw pile turns up once, and the waste is never "
                "turned over. When the pile is used up and nothing pairs, the round is over."
            ),
            "pyramid13 3 0,0 --/----/------/--------/----8h----/"
            "----Jc4d----/----2h9d5c---- 3sTh6d - -",
            ("D", "3s+Th", "D"),
        ),
    ),
    score_unit="points",
    posts_scores=True,
    rounds=DEALS_PER_GAME,
    table=TableKind.PYRAMID,
    solver="thirteen.games.pyramids.hooks:solve_round",
    best_line="thirteen.games.pyramids.hooks:round_line",
    solver_steps="thirteen.games.pyramids.hooks:solve_round_steps",
    best_line_steps="thirteen.games.pyramids.hooks:round_line_steps",
    heuristic="thirteen.games.pyramids.hooks:heuristic",
    player="thirteen.games.pyramids.hooks:play_rounds",
    baseline="thirteen.games.pyramids.hooks:baseline",
    points="thirteen.games.pyramids.hooks:points",
    solve_goal=N_("clearing its pyramid in one pass"),
)

SPEC = GameSpec(
    id="pyramid",
    group=N_("Pyramids"),
    title=N_("Pyramid"),
    decks=1,
    build=lambda decks, layout: Pyramid(decks[0]),
    position_type=Pyramid,
    blurb=N_("The classic: clear the pyramid with three passes through the pile."),
    help=(
        N_("The classic Pyramid: the same pyramid, free cards and pairs as Pyramid 13."),
        N_(
            "You may go through the draw pile three times: when it is empty, click the empty pile "
            "(or press D) to turn the waste over, in the same order. That is allowed twice."
        ),
        N_(
            "You win by clearing the 28 pyramid cards; cards left in the piles do not matter. "
            "You lose when no move is left and the waste cannot be turned over again. Your score "
            "is the number of pyramid cards cleared, 0 to 28."
        ),
    ),
    examples=(
        Example(
            N_(
                "Two free cards that make 13 go together: 4 and 9. A King goes on its own. The "
                "cards they covered are free now, to pair with the draw card."
            ),
            "pyramid --/----/------/--------/----5s----/----Qd7h----/----4s9hKc---- Ac6c2d - 2",
            ("4s+9h", "Kc", "Ac+Qd", "6c+7h"),
        ),
        Example(
            N_(
                "When the draw pile is used up, turn the waste over: its cards come round again "
                "in the same order. You may do it twice."
            ),
            "pyramid --/----/------/--------/----Jd----/----6s3c----/----9hKc5d---- 7d2c4h - 2",
            ("Kc", "D", "D", "4h+9h", "R", "6s+7d"),
        ),
    ),
    max_score=PYRAMID_SIZE,
    score_unit="pyramid cards",
    table=TableKind.PYRAMID,
    solver="thirteen.games.pyramids.hooks:solve",
    best_line="thirteen.games.pyramids.hooks:line",
    solver_steps="thirteen.games.pyramids.hooks:solve_steps",
    best_line_steps="thirteen.games.pyramids.hooks:line_steps",
    heuristic="thirteen.games.pyramids.hooks:heuristic",
    player="thirteen.games.pyramids.hooks:play_solver_line",
    baseline="thirteen.games.pyramids.hooks:baseline",
)

__all__ = ["Pyramid", "Pyramid13", "PyramidDeal", "IllegalMoveError", "SPEC", "SPEC13"]
