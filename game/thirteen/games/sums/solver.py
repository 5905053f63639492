"""The solver and the heuristic of the grids refilled in reading order (Elevens, Fifteens:
:mod:`thirteen.games.sums.refill_grid`), named by their records.  Game-owned: it reads
the grid's cells and stock.

The search works on ranks, not cards.  Where a card lies never matters to what may be
removed, and cards of one rank are interchangeable, so a position is the count of each
rank on the grid and the stock pointer; a move is a multiset of ranks (one "group
kind"), so Fifteens' many ways of taking the same ranks in other suits are one move.
Depth-first search over these, with every position seen remembered, is exact: winning
is reaching a position with no card left.

Safe moves (exact pruning).  Call a group kind *closed* when each of its ranks belongs
to no other group kind the rule makes (Elevens' pairs and picture trio, Fifteens'
Ten-Jack-Queen-King).  When a closed kind can be removed now, removing it now loses
nothing: in any winning line the first removal of any of its ranks is that same kind,
and moving it to the front keeps every move before it legal (they use none of its ranks,
and the grid only ever holds more cards, since earlier removals draw the stock earlier),
after which the two lines meet.  So a closed kind is played alone, without branching;
in Elevens every kind is closed, and a deal's fate does not depend on the order of play.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from functools import lru_cache

from thirteen.core.cards import Card, rank
from thirteen.core.game import Game, PairRule
from thirteen.core.moves import Move
from thirteen.games.sums.refill_grid import RefillGrid, refill
from thirteen.search.budget import OutOfBudget, Paused, SearchBudget, Steps
from thirteen.search.result import SolveResult, search_verdict

Counts = tuple[int, ...]
"""How many cards of each rank lie on the grid, indexed by rank (index 0 unused)."""
Kind = tuple[tuple[int, int], ...]
"""A group kind: (rank, how many) pairs."""


@lru_cache(maxsize=16)
def group_kinds(rule: PairRule) -> tuple[tuple[Kind, ...], frozenset[Kind]]:
    """Every group kind the rule removes (largest first) and the closed ones among them."""
    kinds: set[Kind] = set()
    for r in rule.singles:
        kinds.add(((r, 1),))
    for ranks in rule.sets:
        if rule.set_size:
            for r in ranks:
                kinds.add(((r, rule.set_size),))
        else:
            kinds.add(tuple((r, 1) for r in sorted(ranks)))
    valued = sorted(rule.valued)

    def sums(start: int, left: int, size: int, chosen: list[int]) -> Iterator[list[int]]:
        if left == 0 and size >= 2:
            yield list(chosen)
        if size >= rule.max_group:
            return
        for i in range(start, len(valued)):
            r = valued[i]
            if r > left:
                break
            if chosen.count(r) >= 4:
                continue
            chosen.append(r)
            yield from sums(i, left - r, size + 1, chosen)
            chosen.pop()

    for group in sums(0, rule.target, 0, []):
        kinds.add(tuple((r, group.count(r)) for r in sorted(set(group))))
    ordered = tuple(sorted(kinds, key=lambda k: (-sum(n for _, n in k), k)))
    owners: dict[int, set[Kind]] = {}
    for kind in ordered:
        for r, _ in kind:
            owners.setdefault(r, set()).add(kind)
    closed = frozenset(k for k in ordered if all(owners[r] == {k} for r, _ in k))
    return ordered, closed


def _is_sum(rule: PairRule, kind: Kind) -> bool:
    """Whether the kind is a group of valued cards making the target."""
    size = sum(n for _, n in kind)
    valued = all(r in rule.valued for r, _ in kind)
    return valued and 2 <= size <= rule.max_group and sum(r * n for r, n in kind) == rule.target


def counts_of(cards: Sequence[Card | None]) -> Counts:
    out = [0] * 14
    for card in cards:
        if card is not None:
            out[rank(card)] += 1
    return tuple(out)


class _Search:
    """One depth-first search over (rank counts, stock pointer)."""

    def __init__(
        self,
        rule: PairRule,
        stock: Sequence[Card],
        *,
        budget_ms: float | None,
        max_nodes: int | None,
        track_best: bool = False,
    ) -> None:
        kinds, self.closed = group_kinds(rule)
        # singles and sets are tried as they are; the sums are built from the counts
        self.fixed = [k for k in kinds if not _is_sum(rule, k)]
        self.valued = sorted(rule.valued, reverse=True)
        self.target, self.max_group = rule.target, rule.max_group
        self.stock_ranks = [rank(c) for c in stock]
        self.budget = SearchBudget(budget_ms, max_nodes)
        self.track_best = track_best
        self.best_left = 10**9
        self.best_line: list[Kind] = []
        self.out_of_budget = False

    @property
    def nodes(self) -> int:
        return self.budget.nodes

    def fitting(self, counts: Counts) -> list[Kind]:
        """The kinds these counts hold: a closed one alone when there is one, else all,
        smallest first (taking few cards at a time finds wins with the least searching).
        Sums are built from the counts (not by trying every kind), the few singles and
        sets are tried as they are."""
        out: list[Kind] = []
        for kind in self.fixed:
            if all(counts[r] >= n for r, n in kind):
                if kind in self.closed:
                    return [kind]
                out.append(kind)
        valued, most = self.valued, self.max_group
        chosen: list[tuple[int, int]] = []

        def grow(start: int, left: int, size: int) -> None:
            for j in range(start, len(valued)):
                r = valued[j]
                if r > left:
                    continue
                for m in range(1, counts[r] + 1):
                    if r * m > left or size + m > most:
                        break
                    chosen.append((r, m))
                    if r * m == left:
                        if size + m >= 2:
                            out.append(tuple(sorted(chosen)))
                    else:
                        grow(j + 1, left - r * m, size + m)
                    chosen.pop()

        grow(0, self.target, 0)
        for kind in out:
            if kind in self.closed:
                return [kind]
        out.sort(key=lambda k: (sum(n for _, n in k), k))
        return out

    def children(self, counts: Counts, sp: int) -> Iterator[tuple[Kind, Counts, int]]:
        """Each fitting kind (see :meth:`fitting`) with the position after it."""
        fitting = self.fitting(counts)
        stock = self.stock_ranks
        for kind in fitting:
            new = list(counts)
            size = 0
            for r, n in kind:
                new[r] -= n
                size += n
            nsp = min(sp + size, len(stock))
            for r in stock[sp:nsp]:
                new[r] += 1
            yield kind, tuple(new), nsp

    def run_steps(
        self, counts: Counts, sp: int, slice_ms: float | None = None
    ) -> Steps[list[Kind] | None]:
        """A winning line of group kinds, or None (see ``out_of_budget``), in slices of
        ``slice_ms``: the search keeps its own stack, so it yields where it stands and
        goes on from there (see :mod:`thirteen.search.budget`)."""
        nstock = len(self.stock_ranks)
        self.best_left = sum(counts) + nstock - sp
        self.best_line = []
        if self.best_left == 0:
            return []
        seen = {(counts, sp)}
        path: list[Kind] = []
        frames = [self.children(counts, sp)]
        budget = self.budget
        budget.resume(slice_ms)
        nodes = budget.nodes
        next_check = budget.next_check
        try:
            while frames:
                child = next(frames[-1], None)
                if child is None:
                    frames.pop()
                    if path:
                        path.pop()
                    continue
                kind, ncounts, nsp = child
                key = (ncounts, nsp)
                if key in seen:
                    continue
                seen.add(key)
                nodes += 1
                left = sum(ncounts) + nstock - nsp
                if left == 0:
                    path.append(kind)
                    self.best_left, self.best_line = 0, list(path)
                    return path
                if self.track_best and left < self.best_left:
                    self.best_left, self.best_line = left, [*path, kind]
                if nodes >= next_check:
                    budget.nodes = nodes
                    try:
                        budget.check()
                    except Paused:
                        budget.pause()
                        yield
                        budget.resume(slice_ms)
                    except OutOfBudget:
                        self.out_of_budget = True
                        return None
                    next_check = budget.next_check
                path.append(kind)
                frames.append(self.children(ncounts, nsp))
            return None
        finally:
            budget.nodes = nodes


def to_moves(game: RefillGrid, line: list[Kind]) -> list[Move]:
    """The kinds' line as the game's moves: each takes the first cards of its ranks in
    reading order, on the grid as the line leaves it (refilled as the engine refills;
    the tests replay every line on the engine itself)."""
    cells, sp = game.cells, game.sp
    moves: list[Move] = []
    for kind in line:
        cards: list[Card] = []
        for r, n in kind:
            cards += [c for c in cells if c is not None and rank(c) == r][:n]
        move = game.removal(cards)
        assert move is not None
        moves.append(move)
        gone = set(cards)
        cells, sp = refill([None if c in gone else c for c in cells], game.stock, sp)
    return moves


def _search_steps(
    game: RefillGrid, slice_ms: float | None = None, **kwargs
) -> Steps[tuple[_Search, list[Kind] | None]]:
    search = _Search(game.rule, game.stock[game.sp :], **kwargs)
    line = yield from search.run_steps(counts_of(game.cells), 0, slice_ms)
    return search, line


def solve_steps(
    game: RefillGrid,
    *,
    budget_ms: float | None = None,
    max_nodes: int | None = None,
    slice_ms: float | None = None,
) -> Steps[SolveResult]:
    """Can every card still be removed (reading the stock: perfect information), in slices
    of ``slice_ms`` (see :mod:`thirteen.search.budget`)."""
    search, line = yield from _search_steps(
        game, slice_ms, budget_ms=budget_ms, max_nodes=max_nodes
    )
    moves = None if line is None else to_moves(game, line)
    return search_verdict(moves, search.nodes, search.budget.ms, out_of_budget=search.out_of_budget)


def most_cards_steps(
    game: RefillGrid,
    *,
    budget_ms: float | None = None,
    max_nodes: int | None = None,
    slice_ms: float | None = None,
) -> Steps[tuple[int, list[Move], bool]]:
    """(cards removed at best, the line to it, proven best), in slices of ``slice_ms``: a
    search that ends without a win has seen every reachable position, so the best it saw
    is the best there is."""
    search, line = yield from _search_steps(
        game, slice_ms, budget_ms=budget_ms, max_nodes=max_nodes, track_best=True
    )
    found = line if line is not None else search.best_line
    removed = game.removed_cards + (sum(counts_of(game.cells)) + game.stock_left) - search.best_left
    return removed, to_moves(game, found), not search.out_of_budget


# -- the heuristic: visible cards only -------------------------------------------------


def unseen_counts(game: RefillGrid) -> Counts:
    """Cards of each rank neither on the grid nor removed: what the stock holds, as a
    player who has watched the removals knows it, without its order."""
    return counts_of(game.stock[game.sp :])


def kind_of(cards: Sequence[Card]) -> Kind:
    counts = counts_of(cards)
    return tuple((r, n) for r, n in enumerate(counts) if n)


def _open_to(left: Sequence[int], unseen: Counts, rule: PairRule) -> int:
    """How many unseen cards would, on arriving, complete some group with the cards
    ``left`` on the grid (a set missing only their rank, or a sum reaching the target)."""
    reach = 1  # bit s: some of the valued cards left make s
    if rule.max_group > 2:
        mask = (2 << rule.target) - 1
        for k in rule.valued:
            for _ in range(left[k]):
                reach = (reach | reach << k) & mask
    out = 0
    for r in range(1, 14):
        if not unseen[r]:
            continue
        fits = r in rule.singles
        for ranks in rule.sets:
            if r in ranks:
                if rule.set_size:
                    fits = fits or left[r] >= rule.set_size - 1
                else:
                    fits = fits or all(left[k] for k in ranks if k != r)
        need = rule.target - r
        if not fits and r in rule.valued and need > 0:
            if rule.max_group == 2:
                fits = need in rule.valued and left[need] > 0
            else:
                fits = bool(reach >> need & 1)
        out += unseen[r] if fits else 0
    return out


def heuristic(game: Game) -> Move | None:
    """A closed group first (it loses nothing); else the removal of the fewest cards,
    and of those the one that leaves the grid open to the most unseen cards (a newcomer
    that would complete a group with the cards left, counted by how many of its rank are
    unseen).  Fewest first matters in Fifteens: ranking by openness with ties broken
    towards the most cards wins far fewer deals.  It never reads the stock's order."""
    assert isinstance(game, RefillGrid)
    moves = game.legal_moves()
    if not moves:
        return None
    closed = group_kinds(game.rule)[1]
    here = counts_of(game.cells)
    unseen = unseen_counts(game)
    scores: dict[Kind, tuple[int, int, int]] = {}

    def score(move: Move) -> tuple[int, int, int]:
        kind = kind_of(move.cards)
        if kind not in scores:
            if kind in closed:
                scores[kind] = (0, 0, 0)
            else:
                left = list(here)
                for r, n in kind:
                    left[r] -= n
                scores[kind] = (1, len(move.cards), -_open_to(left, unseen, game.rule))
        return scores[kind]

    return min(moves, key=score)


__all__ = ["group_kinds", "heuristic", "most_cards_steps", "solve_steps"]
