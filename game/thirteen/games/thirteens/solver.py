"""Thirteens solver: depth-first search over (columns, stock pointer) with a visited set.

Winning is reaching a position with no card left, so the question is plain
reachability in the graph of positions.  One visited set shared by the whole
search is therefore exact even though the graph has cycles (a lone card may
move back and forth between empty columns): a position seen once never needs
to be searched again, and when the search ends without a win every position it
saw is proven dead.

No move is forced.  Removing a King at once is *not* safe in Thirteens: the
cards above it fall, which can split a diagonal pair, and the stock card that
refills its column changes which later cards land where.  Kings are only
tried first.

Pruning that keeps the search exact:

* Cards of one rank are interchangeable: positions that differ only in suits
  map to one key.
* Once the stock is empty nothing refills from the left, so a position and its
  mirror image (columns reversed) have the same fate; both map to one key.
* A position whose ranks cannot all pair off (possible only in a typed-in
  position) is dead at once (see :func:`_hopeless`).
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence

from thirteen.core.cards import DECK_SIZE, Card
from thirteen.core.moves import Move, MoveToEmpty, RemoveKing, RemovePair
from thirteen.games.thirteens.rules import Thirteens
from thirteen.search.budget import OutOfBudget, Paused, SearchBudget, Steps
from thirteen.search.result import NOT_WINNABLE, UNKNOWN, WINNABLE, SolveResult

Columns = tuple[tuple[Card, ...], ...]
State = tuple[Columns, int]

SKIPS_PER_CHECK = 32
"""Children already seen between clock checks (a node count alone misses them)."""

# Tuple-encoded moves: ("k", card) / ("p", a, b) / ("m", card, column).
RawMove = tuple


def _to_move(raw: RawMove) -> Move:
    if raw[0] == "k":
        return RemoveKing(raw[1])
    if raw[0] == "p":
        return RemovePair(raw[1], raw[2])
    return MoveToEmpty(raw[1], raw[2])


def _removals(cols: Columns) -> list[tuple[RawMove, Columns]]:
    """Kings, then neighbouring pairs, each with the columns after removal (before refill)."""
    kings: list[tuple[RawMove, Columns]] = []
    pairs: list[tuple[RawMove, Columns]] = []
    ncols = len(cols)
    for c in range(ncols):
        col = cols[c]
        right = cols[c + 1] if c + 1 < ncols else ()
        nright = len(right)
        for i, card in enumerate(col):
            if card >= 48:
                new = list(cols)
                new[c] = col[:i] + col[i + 1 :]
                kings.append((("k", card), tuple(new)))
                continue
            r = 11 - (card >> 2)
            if i + 1 < len(col) and col[i + 1] >> 2 == r:
                new = list(cols)
                new[c] = col[:i] + col[i + 2 :]
                pairs.append((("p", card, col[i + 1]), tuple(new)))
            for j in (i - 1, i, i + 1):
                if 0 <= j < nright and right[j] >> 2 == r:
                    new = list(cols)
                    new[c] = col[:i] + col[i + 1 :]
                    new[c + 1] = right[:j] + right[j + 1 :]
                    pairs.append((("p", card, right[j]), tuple(new)))
    return kings + pairs


def _refill(cols: Columns, rows: int, stock: Sequence[Card], sp: int) -> State:
    """The engine's refill rule: columns left to right, lowest empty cell first."""
    n = len(stock)
    if sp >= n:
        return cols, sp
    out = list(cols)
    for i, col in enumerate(out):
        need = rows - len(col)
        if need > 0:
            take = stock[sp : sp + need]
            out[i] = col + tuple(take)
            sp += len(take)
            if sp >= n:
                break
    return tuple(out), sp


def _hopeless(cols: Columns, stock: Sequence[Card], sp: int) -> bool:
    """Whether some rank has more cards left than its partner rank (so one can never go).

    Legal play from a full deck never causes this (pairs leave together), but a
    position typed in by hand can; it is checked once, at the root.
    """
    counts = [0] * 13
    for col in cols:
        for card in col:
            counts[card >> 2] += 1
    for j in range(sp, len(stock)):
        counts[stock[j] >> 2] += 1
    for r in range(6):
        if counts[r] != counts[11 - r]:
            return True
    return False


_RANKS = bytes(card >> 2 if card < DECK_SIZE else card for card in range(256))
"""``bytes.translate`` table: a card's byte to its rank's (the separator 255 stays)."""


def _key(cols: Columns, sp: int, nstock: int) -> tuple[bytes, int]:
    """Visited-set key: the ranks in each cell and the stock pointer.

    Cards of one rank are interchangeable (every move, fall and refill depends
    on ranks and cells only), so positions that differ only in suits share a key;
    on large layouts that is half the positions or more.  Once the stock is
    empty, a position and its mirror image also share one.
    """
    ranks = b"\xff".join(map(bytes, cols)).translate(_RANKS)
    if sp >= nstock:
        mirror = b"\xff".join(map(bytes, cols[::-1])).translate(_RANKS)
        return min(ranks, mirror), nstock
    return ranks, sp


class _Search:
    """One depth-first search with its own budget; reusable visited set."""

    def __init__(
        self,
        stock: Sequence[Card],
        rows: int,
        *,
        budget_ms: float | None,
        max_nodes: int | None,
        track_best: bool = False,
    ) -> None:
        self.stock = tuple(stock)
        self.track_best = track_best
        self.best_left = 10**9
        self.best_line: list[RawMove] = []
        self.rows = rows
        self.budget = SearchBudget(budget_ms, max_nodes)
        self.out_of_budget = False

    @property
    def nodes(self) -> int:
        return self.budget.nodes

    def children(self, cols: Columns, sp: int) -> Iterator[tuple[RawMove, Columns, int]]:
        """The moves of a position in search order, each with the position after it.

        A generator: a search that wins or runs out of budget deep down never builds
        the many children it would not have reached (with several empty columns a
        position has dozens of empty-column moves, and building them all would take
        most of the search's time on large layouts).
        """
        stock, rows = self.stock, self.rows
        for raw, after in _removals(cols):
            ncols, nsp = _refill(after, rows, stock, sp)
            yield raw, ncols, nsp
        empty = [i for i, col in enumerate(cols) if not col]
        if empty:
            for s, col in enumerate(cols):
                if not col:
                    continue
                top, rest = col[-1], col[:-1]
                for e in empty:
                    new = list(cols)
                    new[e] = (top,)
                    new[s] = rest
                    yield ("m", top, e), tuple(new), sp

    def run_steps(
        self, cols: Columns, sp: int, slice_ms: float | None = None
    ) -> Steps[list[RawMove] | None]:
        """A winning line from (cols, sp), or None (check ``out_of_budget``), in slices of
        ``slice_ms``: the search's stack is its own, so it yields where it stands and goes
        on from there (see :mod:`thirteen.search.budget`)."""
        stock, nstock = self.stock, len(self.stock)
        self.best_left = sum(map(len, cols)) + nstock - sp
        self.best_line = []
        if sp >= nstock and not any(cols):
            return []
        if not self.track_best and _hopeless(cols, stock, sp):
            return None
        seen: set[tuple[bytes, int]] = {_key(cols, sp, nstock)}
        track = self.track_best
        # Each frame: the move that led here and the children still to try.
        path: list[RawMove] = []
        frames: list[Iterator[tuple[RawMove, Columns, int]]] = [self.children(cols, sp)]
        budget = self.budget
        budget.resume(slice_ms)
        nodes = budget.nodes
        next_check = budget.next_check
        skipped = 0
        children = self.children
        try:
            while frames:
                child = next(frames[-1], None)
                if child is None:
                    frames.pop()
                    if path:
                        path.pop()
                    continue
                raw, ncols, nsp = child
                k = _key(ncols, nsp, nstock)
                if k in seen:
                    # on wide layouts most children are seen already, at a cost a node
                    # count does not see: the clock is read every so many of them too
                    skipped += 1
                    if skipped < SKIPS_PER_CHECK:
                        continue
                    deeper = False
                else:
                    seen.add(k)
                    nodes += 1
                    if nsp >= nstock and not any(ncols):
                        path.append(raw)
                        if track:
                            self.best_left, self.best_line = 0, list(path)
                        return path
                    if track:
                        left = sum(map(len, ncols)) + nstock - nsp
                        if left < self.best_left:
                            self.best_left = left
                            self.best_line = [*path, raw]
                    deeper = True
                    if nodes < next_check:
                        path.append(raw)
                        frames.append(children(ncols, nsp))
                        continue
                skipped = 0
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
                if deeper:
                    path.append(raw)
                    frames.append(children(ncols, nsp))
            return None
        finally:
            budget.nodes = nodes


def solve_steps(
    game: Thirteens,
    *,
    budget_ms: float | None = None,
    max_nodes: int | None = None,
    slice_ms: float | None = None,
) -> Steps[SolveResult]:
    """Whether ``game`` can still be won from its position, with a winning line, in slices
    of ``slice_ms`` (see :mod:`thirteen.search.budget`)."""
    search = _Search(game.stock, game.layout.rows, budget_ms=budget_ms, max_nodes=max_nodes)
    line = yield from search.run_steps(game.cols, game.sp, slice_ms)
    ms = search.budget.ms
    if line is not None:
        return SolveResult(WINNABLE, [_to_move(m) for m in line], search.nodes, ms)
    verdict = UNKNOWN if search.out_of_budget else NOT_WINNABLE
    return SolveResult(verdict, [], search.nodes, ms)


def most_cards_steps(
    game: Thirteens,
    *,
    budget_ms: float | None = None,
    max_nodes: int | None = None,
    slice_ms: float | None = None,
) -> Steps[tuple[int, list[Move], bool]]:
    """The most cards that can still be removed: (score reached, line to it, proven best),
    in slices of ``slice_ms`` (see :mod:`thirteen.search.budget`).

    The search is the verdict search, which sees every reachable position when
    no win exists, so the best position it saw is the best there is unless the
    budget ran out (then the third value is False and the line is the best found).
    """
    search = _Search(
        game.stock, game.layout.rows, budget_ms=budget_ms, max_nodes=max_nodes, track_best=True
    )
    line = yield from search.run_steps(game.cols, game.sp, slice_ms)
    if line is None:
        line = search.best_line
    return DECK_SIZE - search.best_left, [_to_move(m) for m in line], not search.out_of_budget
