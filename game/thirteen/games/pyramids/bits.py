"""The small pieces every Pyramid search shares: the raw moves inside a search, which
cells block which at any depth (as cell bit masks), waste rank codes, and the rank count
vectors of the late-card check."""

from __future__ import annotations

from collections.abc import Sequence

from thirteen.core.cards import Card
from thirteen.core.moves import Draw, Move, Recycle, RemoveKing, RemovePair
from thirteen.games.pyramids.deal import COVER, PYRAMID_SIZE

KING_INDEX = 12
"""``card >> 2`` of a King; two non-King cards pair when their indices add to 11."""

RawMove = tuple
"""Moves inside the search: ("k", card), ("p", a, b), ("d",), ("r",)."""


def to_move(raw: RawMove) -> Move:
    """A search's raw move as the game's move."""
    kind = raw[0]
    if kind == "k":
        return RemoveKing(raw[1])
    if kind == "p":
        return RemovePair(raw[1], raw[2])
    if kind == "d":
        return Draw()
    return Recycle()


def blockers(pyramid: Sequence[Card | None], keep: int) -> list[int]:
    """Per cell: the cells of ``keep`` that must be gone before it is free, one level down.

    A cell's covers block it; a cover outside ``keep`` that holds a card (a King
    a search treats as gone once free, or a card of another class in a
    projection) blocks through its own blockers; an empty cell blocks nothing
    (a position text may leave a hole under cards that are still there).
    """
    out = [0] * PYRAMID_SIZE
    for i in range(PYRAMID_SIZE - 1, -1, -1):  # covers (higher indices) first
        todo = COVER[i]
        got = 0
        while todo:
            low = todo & -todo
            todo ^= low
            c = low.bit_length() - 1
            if keep & low:
                got |= low
            elif pyramid[c] is not None:
                got |= out[c]
        out[i] = got
    return out


def cones(direct: Sequence[int]) -> list[int]:
    """Per cell: every cell that must be gone before it is free, at any depth, from the
    one-level :func:`blockers` (holes block nothing)."""
    out = [0] * PYRAMID_SIZE
    for i in range(PYRAMID_SIZE - 1, -1, -1):
        acc = m = direct[i]
        while m:
            low = m & -m
            m ^= low
            acc |= out[low.bit_length() - 1]
        out[i] = acc
    return out


def unders(direct: Sequence[int]) -> list[int]:
    """Per cell: the cells it blocks, at any depth (the inverse of :func:`cones`), from the
    one-level :func:`blockers`: a cell blocks what it blocks directly and all they block."""
    out = [0] * PYRAMID_SIZE
    for j in range(PYRAMID_SIZE):  # cells above first: their sets are complete
        acc = out[j] | 1 << j
        m = direct[j]
        while m:
            low = m & -m
            m ^= low
            out[low.bit_length() - 1] |= acc
    return out


RANK_GUARD = sum(8 << 4 * r for r in range(12))
"""Rank count vectors (:meth:`.DealTables.late_info`) hold four bits per non-King rank, biased by 8.

A field is ``8 + partners - needs`` with both counts at most 4 (a rank has
four cards), so it stays within 4..12 and never borrows from its neighbour;
its top bit is set exactly when ``partners >= needs``.
"""


def rank_code(cards: int, srank: Sequence[int]) -> int:
    """The ranks of the draw-pile cards in a bit mask, four bits a card (rank + 1), the
    highest index in the lowest bits: a waste with its top card lowest, the key by
    which positions whose wastes differ only in suits are one."""
    code = 0
    while cards:
        low = cards & -cards
        cards ^= low
        code = code << 4 | srank[low.bit_length() - 1] + 1
    return code


def prefix_steps(pile: int, s_unit: Sequence[int], s_punit: Sequence[int]) -> tuple:
    """Per prefix of a draw pile (bit mask, drawn from the low bits; empty prefix first):
    the partner vector of the cards drawn, and that minus their own vector
    (:data:`RANK_GUARD` fields; ``s_unit``/``s_punit`` give each card's units)."""
    da = db = 0
    out = [(0, 0)]
    while pile:
        q = (pile & -pile).bit_length() - 1
        pile ^= 1 << q
        da += s_punit[q]
        db += s_punit[q] - s_unit[q]
        out.append((da, db))
    return tuple(out)


def late_walk(
    late: Sequence[tuple[int, int, int]],
    steps: Sequence[tuple[int, int]],
    waste: int,
    s_unit: Sequence[int],
    s_punit: Sequence[int],
) -> bool:
    """The late-card check (:meth:`.DealTables.late_info`) for needy-card entries ``late``
    (stock partners, two base vectors) against a waste (bit mask, top card highest)."""
    guard = RANK_GUARD
    for part, base_b0, base_a0 in late:
        ow = part & waste
        if not ow:
            return False
        # walk the waste from the top: cards above a partner j must all go first
        req_w = part_w = 0
        a = waste
        good = False
        while a:
            b = a.bit_length() - 1
            a ^= 1 << b
            if ow >> b & 1:
                base_a = base_a0 - req_w
                base_b = base_b0 + part_w - req_w
                for da, db in steps:
                    if (base_a + da) & guard == guard and (base_b + db) & guard == guard:
                        good = True
                        break
                if good:
                    break
                ow ^= 1 << b
                if not ow:
                    break
            req_w += s_unit[b]
            part_w += s_punit[b]
        if not good:
            return False
    return True
