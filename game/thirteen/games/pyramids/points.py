"""Pyramid 13: the most points one deal can give, by branch and bound over its one pass
(the points search of the hint's line, the solver player and ``solve --points``)."""

from __future__ import annotations

from thirteen.core.cards import DECK_SIZE
from thirteen.core.moves import Draw, Move, Recycle
from thirteen.games.pyramids.bits import KING_INDEX, RawMove, rank_code, to_move
from thirteen.games.pyramids.deal import FULL_PYRAMID, DealKey, PyramidDeal
from thirteen.games.pyramids.deal_tables import DealTables
from thirteen.games.pyramids.onepass import one_pass_steps
from thirteen.games.pyramids.rules import CLEAR_BONUS, round_points
from thirteen.search.budget import OutOfBudget, Paused, SearchBudget, Steps, finish, pausing


def _points_steps(
    t: DealTables,
    start: DealKey,
    round_index: int,
    budget: SearchBudget,
    clearable: bool | None = None,
    slice_ms: float | None = None,
) -> Steps[tuple[int, list[RawMove], bool]]:
    """Branch and bound over one pass: the best (points, line to it, proven exact).

    Cards removed only grow along a line, so a deal's points are the best
    value of any reachable position (clearing the pyramid adds the bonus but
    ends the deal).  A position whose bound (every card that might still go,
    plus the bonus while the pyramid may still be cleared) cannot beat the best
    found is cut.  The bonus is out of reach everywhere when ``clearable`` is
    False (the one-pass verdict of the start), else while the relaxation allows it.
    Positions are told apart by the ranks of their waste, not its cards: two
    wastes of the same ranks in the same order have the same moves and the same
    points to come.
    Points and bounds are scored by :func:`~thirteen.games.pyramids.rules.round_points` for
    round ``round_index``: a bound as if every card that might still go went.
    In slices of ``slice_ms``, each from the root (see :mod:`thirteen.search.budget`).
    """
    n = t.n
    prank, srank, scv = t.prank, t.srank, t.scv
    pcard, scard = t.pcard, t.scard
    free_of = t.free
    nxt = t.next_index
    relaxed = t.relaxed
    full = FULL_PYRAMID
    removed = t.removed_count
    seen: set[int] = set()
    best: list = [-1, []]  # points, line to them
    stack: list[RawMove] = []
    t.budget = budget

    dead_at: dict[int, int] = {}  # :meth:`DealTables.dead_ranks` by (pm, p): cards past
    # the pointer never change in one pass, so the dead ranks depend on nothing else

    def bound(pm: int, sm: int, p: int, cv: int) -> int:
        dkey = pm | p << 28
        dead = dead_at.get(dkey)
        if dead is None:
            dead = dead_at[dkey] = t.dead_ranks(pm, sm, p)
        waste = ~sm & ((1 << p) - 1)
        dead &= waste
        # two waste cards are never available together, so a waste card goes only with
        # a pyramid card or a pile card: with neither left (a dead rank), it stays, and
        # so does every card under it
        lost = waste & ((1 << dead.bit_length() - 1) - 1) if dead else 0
        stuck = clearable is False or not relaxed(pm, cv - t.buried_cv(lost))
        # a stuck pyramid leaves at least one card, and buried waste cards stay
        cap = DECK_SIZE - lost.bit_count() - (1 if stuck else 0)
        return round_points(round_index, cap, not stuck)

    def record(pm: int, sm: int) -> None:
        value = round_points(round_index, removed(pm, sm), pm == full)
        if value > best[0]:
            best[0] = value
            best[1] = list(stack)

    def go(pm: int, sm: int, p: int, cv: int, wc: int) -> None:
        if pm == full:
            record(pm, sm)
            return
        key = pm | p << 28 | wc << 33  # waste cards of one rank are interchangeable
        if key in seen:
            return
        seen.add(key)
        try:
            budget.nodes += 1
            if budget.nodes >= budget.next_check:
                budget.check()
            if bound(pm, sm, p, cv) <= best[0]:
                return
            free = free_of(pm)
            # a King is forced when a card it blocks is still there: that card goes later,
            # so taking the King now cannot end the deal sooner.  (Any other King could be
            # the last pyramid card, kept to draw and pair on before the clear ends the
            # deal: in play only the apex, but a position text may leave a King with
            # holes above it.)
            under = t.under
            for i in free:
                if prank[i] == KING_INDEX and under[i] & ~pm:
                    stack.append(("k", pcard[i]))
                    go(pm | 1 << i, sm, p, cv, wc)
                    stack.pop()
                    return
            d = p if p < n else -1
            if d >= 0 and srank[d] == KING_INDEX:
                stack.append(("k", scard[d]))
                go(pm, sm | 1 << d, nxt(sm, d + 1), cv - scv[d], wc)
                stack.pop()
                return
            lo = ~sm & ((1 << p) - 1)
            w = lo.bit_length() - 1
            if w >= 0 and srank[w] == KING_INDEX:
                stack.append(("k", scard[w]))
                go(pm, sm | 1 << w, p, cv - scv[w], wc >> 4)
                stack.pop()
                return
            children: list[tuple[int, int, int, int, int, RawMove]] = []
            for i in free:
                if prank[i] == KING_INDEX:
                    children.append((pm | 1 << i, sm, p, cv, wc, ("k", pcard[i])))
            nf = len(free)
            rd = srank[d] if d >= 0 else -99
            rw = srank[w] if w >= 0 else -99
            for a in range(nf):
                i = free[a]
                ri = prank[i]
                for b in range(a + 1, nf):
                    j = free[b]
                    if prank[j] + ri == 11:
                        children.append(
                            (pm | 1 << i | 1 << j, sm, p, cv, wc, ("p", pcard[i], pcard[j]))
                        )
                if ri + rd == 11:
                    sm2 = sm | 1 << d
                    children.append(
                        (
                            pm | 1 << i,
                            sm2,
                            nxt(sm2, d + 1),
                            cv - scv[d],
                            wc,
                            ("p", pcard[i], scard[d]),
                        )
                    )
                if ri + rw == 11:
                    pair = ("p", pcard[i], scard[w])
                    children.append((pm | 1 << i, sm | 1 << w, p, cv - scv[w], wc >> 4, pair))
            if rd + rw == 11:
                sm2 = sm | 1 << d | 1 << w
                children.append(
                    (
                        pm,
                        sm2,
                        nxt(sm2, d + 1),
                        cv - scv[d] - scv[w],
                        wc >> 4,
                        ("p", scard[d], scard[w]),
                    )
                )
            if d >= 0:
                children.append((pm, sm, nxt(sm, d + 1), cv, wc << 4 | srank[d] + 1, ("d",)))
            if not children:
                record(pm, sm)
            for pm2, sm2, p2, cv2, wc2, move in children:
                stack.append(move)
                go(pm2, sm2, p2, cv2, wc2)
                stack.pop()
        except Paused:
            seen.discard(key)  # searched no further than the pause: entered again
            raise

    pm, sm, p, _ = t.normalise(start)
    record(pm, sm)
    wc = rank_code(~sm & ((1 << p) - 1), srank)

    def attempt() -> None:
        stack.clear()
        go(pm, sm, p, t.cv_of(sm), wc)

    exact = True
    try:
        yield from pausing(budget, slice_ms, attempt, lambda: len(seen) + len(t._relaxed))
    except OutOfBudget:
        exact = False
    return best[0], best[1], exact


def max_points_pyramid13_deal(
    deal: PyramidDeal,
    key: DealKey | None = None,
    *,
    bonus: int = CLEAR_BONUS[0],
    budget_ms: float | None = None,
    max_nodes: int | None = None,
    clearable: bool | None = None,
) -> tuple[int, list[Move], str]:
    """The most points one Pyramid 13 deal can give from ``key`` (default: its start).

    Points are the whole deal's, as :func:`~thirteen.games.pyramids.rules.round_points` scores
    them: 10 per card gone from its 52 (including cards already gone at ``key``)
    plus ``bonus`` if the pyramid is cleared (pass ``CLEAR_BONUS[deal_index]``;
    any other value is refused).  Returns (points, a line from ``key`` that
    ends the deal with those points, "exact" or "unknown").  With "unknown"
    the budget ran out and the points are the best line found so far.

    ``clearable``: whether the pyramid can be cleared from ``key`` (the one-pass
    verdict), if the caller knows; else it is found here within a quarter of the
    budget.  A pyramid that cannot be cleared takes the bonus out of every bound.
    """
    return finish(
        max_points_steps(
            deal, key, bonus=bonus, budget_ms=budget_ms, max_nodes=max_nodes, clearable=clearable
        )
    )


def max_points_steps(
    deal: PyramidDeal,
    key: DealKey | None = None,
    *,
    bonus: int = CLEAR_BONUS[0],
    budget_ms: float | None = None,
    max_nodes: int | None = None,
    clearable: bool | None = None,
    slice_ms: float | None = None,
) -> Steps[tuple[int, list[Move], str]]:
    """:func:`max_points_pyramid13_deal` in slices of ``slice_ms`` (see
    :mod:`thirteen.search.budget`)."""
    round_index = _round_with_bonus(bonus)
    if key is None:
        key = deal.start()
    budget = SearchBudget(budget_ms, max_nodes)
    if clearable is None:
        clearable, spent_ms = yield from _clearable_steps(deal, key, budget_ms, max_nodes, slice_ms)
        budget.used += spent_ms / 1000  # out of the same budget
    tables = DealTables(deal)
    points, raw, exact = yield from _points_steps(
        tables, key, round_index, budget, clearable, slice_ms
    )
    moves = [to_move(m) for m in raw]
    # finish the deal: nothing can raise the points above the best, and
    # further moves never lower them, so any moves to the end keep them
    pos = key
    for m in moves:
        pos = deal.apply(pos, m)
    while not deal.cleared(pos):
        legal = [m for m in deal.moves(pos) if not isinstance(m, Recycle)]
        if not legal:
            break
        removal = [m for m in legal if not isinstance(m, Draw)]
        m = removal[0] if removal else legal[0]
        moves.append(m)
        pos = deal.apply(pos, m)
    final = round_points(round_index, deal.removed(pos), deal.cleared(pos))
    if exact and final != points:  # pragma: no cover - would be a solver bug
        raise AssertionError(f"points line gives {final}, search said {points}")
    return max(points, final), moves, "exact" if exact else "unknown"


def _round_with_bonus(bonus: int) -> int:
    """The first Pyramid 13 round whose clearing bonus is ``bonus``, to score through
    :func:`~thirteen.games.pyramids.rules.round_points` (rounds with one bonus score alike)."""
    if bonus not in CLEAR_BONUS:
        raise ValueError(f"no Pyramid 13 round has a clearing bonus of {bonus}")
    return CLEAR_BONUS.index(bonus)


def _clearable_steps(
    deal: PyramidDeal,
    key: DealKey,
    budget_ms: float | None,
    max_nodes: int | None,
    slice_ms: float | None,
) -> Steps[tuple[bool | None, float]]:
    """The one-pass verdict from ``key`` within a quarter of a budget (None if it ran out),
    and the milliseconds it took."""
    if deal.cleared(key):
        return True, 0.0
    budget = SearchBudget(
        None if budget_ms is None else budget_ms / 4,
        None if max_nodes is None else max(max_nodes // 4, 1),
    )
    try:
        found = (yield from one_pass_steps(deal, key, budget, slice_ms))[0]
    except OutOfBudget:
        return None, budget.ms
    return found, budget.ms
