"""Simulated players and :func:`simulate`, which plays many deals with one of them.

Players:

* ``random``: a uniformly random legal move.
* ``greedy``: a King first, then the first pair found (in the engine's move
  order), else the first other legal move (Draw, Recycle; in Thirteens the
  empty-column move that starts the shortest way to a removal).
* ``center``: a sensible human strategy that never looks at hidden cards
  (the heuristic of :mod:`thirteen.advice.hints`): in Thirteens remove Kings at once,
  avoid pairs whose removal splits another neighbouring pair, prefer the middle
  column, then higher rows; in the pyramids Kings, then pyramid pairs from the
  lowest rows, then pairs with the draw card or waste, then Draw.
* ``solver``: perfect information, the upper bound.  Thirteens: the most
  cards that can be removed (a win when winnable).  Pyramid: the solver's
  winning line; on a deal it proves lost (or cannot decide in its budget) it
  plays like ``center``.  Pyramid 13: each deal by its most points when the
  points search finishes in budget, else the better of the best points line
  found and the clearing line.

Reproducible: the deal numbers and the random player's choices come from the
project's own SplitMix64 generator seeded with ``seed``, never from
:mod:`random` (whose algorithms are not promised across Python versions).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from thirteen.advice.hints import heuristic_move
from thirteen.core.cards import quoted
from thirteen.core.deals import MAX_DEAL, SplitMix64
from thirteen.core.game import Game, Outcome
from thirteen.core.moves import Move, RemoveKing, RemovePair
from thirteen.games import game_spec, new_game, spec_of

PLAYERS = ("random", "greedy", "center", "solver")
DEFAULT_SOLVER_NODES = 200_000
"""The solver player's budget per solve, in nodes (not time, so results never depend
on the machine)."""

Player = Callable[[Game], None]
"""Plays one game from its current position to the end."""


def _play_each(game: Game, choose: Callable[[Game], Move | None]) -> None:
    while not game.is_over:
        move = choose(game)
        if move is None:  # pragma: no cover - an in-progress game always has a move
            break
        game.play(move)


def random_player(rng: SplitMix64) -> Player:
    def play(game: Game) -> None:
        def choose(g: Game) -> Move | None:
            moves = g.legal_moves()
            return moves[rng.below(len(moves))] if moves else None

        _play_each(game, choose)

    return play


def greedy_choice(game: Game) -> Move | None:
    """Kings first, then the first pair found, else the game's heuristic pick (Draw before
    Recycle; in Thirteens the empty-column move that starts the shortest way to a
    removal, so that a lone card is not moved back and forth for ever)."""
    moves = game.legal_moves()
    for kind in (RemoveKing, RemovePair):
        for m in moves:
            if isinstance(m, kind):
                return m
    return heuristic_move(game)


def greedy_player(game: Game) -> None:
    _play_each(game, greedy_choice)


def center_player(game: Game) -> None:
    _play_each(game, heuristic_move)


def solver_player(max_nodes: int = DEFAULT_SOLVER_NODES) -> Player:
    def play(game: Game) -> None:
        solver = spec_of(game).solver
        if solver is not None:
            solver.play(game, max_nodes)
        _play_each(game, heuristic_move)  # whatever is left (nothing, when a line won)

    return play


def make_player(name: str, rng: SplitMix64, *, max_nodes: int = DEFAULT_SOLVER_NODES) -> Player:
    """The player called ``name`` (one of :data:`PLAYERS`)."""
    if name == "random":
        return random_player(rng)
    if name == "greedy":
        return greedy_player
    if name == "center":
        return center_player
    if name == "solver":
        return solver_player(max_nodes)
    raise ValueError(f"unknown player {quoted(name)} (players: {', '.join(PLAYERS)})")


@dataclass
class SimResult:
    """What ``sim`` prints: games, wins, win rate, average score and the score distribution."""

    game: str
    player: str
    layout: str | None
    seed: int
    games: int = 0
    won: int = 0
    scores: list[int] = field(default_factory=list)
    deals: list[int] = field(default_factory=list)

    @property
    def win_rate(self) -> float:
        return self.won / self.games if self.games else 0.0

    @property
    def average_score(self) -> float:
        return sum(self.scores) / len(self.scores) if self.scores else 0.0

    @property
    def distribution(self) -> dict[int, int]:
        """Score -> how many games ended with it, in score order."""
        return dict(sorted(Counter(self.scores).items()))

    def to_json(self) -> dict[str, Any]:
        return {
            "game": self.game,
            "layout": self.layout,
            "player": self.player,
            "seed": self.seed,
            "games": self.games,
            "won": self.won,
            "win_rate": round(self.win_rate, 4),
            "average_score": round(self.average_score, 3),
            "distribution": {str(k): v for k, v in self.distribution.items()},
        }

    def text(self) -> str:
        title = game_spec(self.game).title + (f" {self.layout}" if self.layout else "")
        lines = [
            f"{title}, player {self.player}, seed {self.seed}",
            f"games: {self.games}",
            f"won: {self.won}",
            f"win rate: {100 * self.win_rate:.1f}%",
            f"average score: {self.average_score:.2f}",
            "score distribution:",
        ]
        most = max(self.distribution.values(), default=1)
        for score, count in self.distribution.items():
            bar = "#" * max(1, round(30 * count / most))
            lines.append(f"  {score:>5}: {count:>6}  {bar}")
        return "\n".join(lines)


def simulate(
    game_id: str,
    player: str,
    games: int,
    seed: int,
    *,
    layout: str | None = None,
    max_nodes: int = DEFAULT_SOLVER_NODES,
    progress: Callable[[int, Game], None] | None = None,
) -> SimResult:
    """Play ``games`` deals chosen by ``seed`` with ``player``; the same seed gives the same result.

    ``max_nodes`` is the solver player's budget per solve.
    """
    spec = game_spec(game_id)
    if player not in PLAYERS:
        raise ValueError(f"unknown player {quoted(player)} (players: {', '.join(PLAYERS)})")
    if games < 0:
        raise ValueError("the number of games cannot be negative")
    if spec.has_layout:
        from thirteen.core.options import Layout

        layout = str(Layout.parse(layout or spec.layouts[0]))
    elif layout is not None:
        raise ValueError(f"{spec.title} has no layout option")
    deal_rng = SplitMix64(seed)
    move_rng = SplitMix64(seed ^ 0x5DEECE66D)
    play = make_player(player, move_rng, max_nodes=max_nodes)
    result = SimResult(spec.id, player, layout, seed)
    for n in range(games):
        deal = 1 + deal_rng.below(MAX_DEAL)
        game = new_game(spec.id, deal=deal, layout=layout)
        play(game)
        result.games += 1
        result.won += game.outcome is Outcome.WON
        result.scores.append(game.score)
        result.deals.append(deal)
        if progress is not None:
            progress(n + 1, game)
    return result
