"""Could this deal have been won?  The solver's answer for a finished game's deal.

A player who has just lost wants to know whether it was the deal or the play:
the end screen says so in one line.  The answer is about the deal from its
start (the game's setup, not the moves played), so it is the same for every
game on that deal and is remembered.  Pyramid 13 has three independent decks,
so its answer is, per round, whether that pyramid could be cleared in its one
pass.  A verdict the solver could not settle within the budget says nothing:
only proven answers are shown.
"""

from __future__ import annotations

from thirteen.advice.solving import NOT_WINNABLE, UNKNOWN, WINNABLE, SolveResult
from thirteen.advice.solving import solve_steps as solver_steps
from thirteen.advice.winnable import deal_start
from thirteen.core.game import Game
from thirteen.core.i18n import listed, tr
from thirteen.core.moves import Move
from thirteen.games import GameSetup
from thirteen.search.budget import Steps, finish

_known: dict[tuple[GameSetup, float], tuple[str, ...]] = {}
"""Verdicts found, by deal and budget: a deal's verdict never changes (the last 16)."""

_whole: dict[tuple[GameSetup, float], SolveResult] = {}
"""The solver's whole answer (with its line) on a deal of one round, likewise."""

KEPT = 16


def _keep(cache: dict, key: tuple, value: object) -> None:
    cache[key] = value
    while len(cache) > KEPT:
        del cache[next(iter(cache))]


def deal_verdicts(setup: GameSetup, budget_ms: float) -> tuple[str, ...]:
    """The solver's verdict on the deal from its start: one for Thirteens and Pyramid,
    one per round (can its pyramid be cleared in one pass) for Pyramid 13, all within
    ``budget_ms``."""
    return finish(deal_verdicts_steps(setup, budget_ms))


def known_verdicts(setup: GameSetup, budget_ms: float) -> tuple[str, ...] | None:
    """The verdicts of :func:`deal_verdicts` if they were found already, else None."""
    return _known.get((setup, budget_ms))


def deal_verdicts_steps(
    setup: GameSetup, budget_ms: float, slice_ms: float | None = None
) -> Steps[tuple[str, ...]]:
    """:func:`deal_verdicts` in slices of ``slice_ms`` (see :mod:`thirteen.search.budget`); the
    budget is the searches' own time."""
    known = _known.get((setup, budget_ms))
    if known is not None:
        return known
    game = setup.new_game()
    rounds = setup.spec.rounds
    verdicts: list[str] = []
    if rounds > 1:
        # each round gets an equal share of what is left: most rounds are settled at
        # once, and what they leave goes to a slow one
        spent = 0.0
        for i in range(rounds):
            share = max(budget_ms - spent, 0.0) / (rounds - i)
            result = yield from solver_steps(
                deal_start(game, i), budget_ms=share, slice_ms=slice_ms
            )
            spent += result.ms
            verdicts.append(result.verdict)
    else:
        result = yield from _whole_deal_steps(setup, budget_ms, slice_ms)
        verdicts.append(result.verdict)
    found = tuple(verdicts)
    _keep(_known, (setup, budget_ms), found)
    return found


def _whole_deal_steps(
    setup: GameSetup, budget_ms: float, slice_ms: float | None = None
) -> Steps[SolveResult]:
    """The solver's answer on a deal of one round from its start (its verdict and line)."""
    known = _whole.get((setup, budget_ms))
    if known is None:
        known = yield from solver_steps(setup.new_game(), budget_ms=budget_ms, slice_ms=slice_ms)
        _keep(_whole, (setup, budget_ms), known)
    return known


def winning_line(setup: GameSetup, budget_ms: float) -> tuple[Move, ...]:
    """A line that wins the deal from its start, for the end screen's "Show a win"
    (empty when none was proven within ``budget_ms``).  A game of rounds is won in its
    last round: see :func:`rounds_winning_line`."""
    if setup.spec.rounds > 1:
        if finish(deal_verdicts_steps(setup, budget_ms))[-1] != WINNABLE:
            return ()
        return rounds_winning_line(setup, budget_ms)
    result = finish(_whole_deal_steps(setup, budget_ms))
    return tuple(result.moves) if result.winnable else ()


def known_winning_line(setup: GameSetup, budget_ms: float) -> tuple[Move, ...]:
    """:func:`winning_line` if the deal's search is done already, else empty."""
    if setup.spec.rounds > 1:
        verdicts = _known.get((setup, budget_ms))
        if verdicts is None or verdicts[-1] != WINNABLE:
            return ()
        return rounds_winning_line(setup, budget_ms)
    result = _whole.get((setup, budget_ms))
    if result is None or not result.winnable:
        return ()
    return tuple(result.moves)


EARLIER_ROUND_MS = 25.0
"""How long the line of each round before the last is searched (the hint's line, cut
short: the win is the last round's, and the end screen waits for this)."""

_lines: dict[tuple[GameSetup, float], tuple[Move, ...]] = {}
"""Winning lines of games of rounds, by deal and budget, likewise."""


def rounds_winning_line(setup: GameSetup, budget_ms: float) -> tuple[Move, ...]:
    """A line that wins a game of rounds (Pyramid 13: the last pyramid cleared) from its
    start, or empty when the solver finds none within ``budget_ms``: each round before
    the last played by the hint's line (searched :data:`EARLIER_ROUND_MS`) and finished
    by the heuristic, then the last round by the solver's winning line."""
    key = (setup, budget_ms)
    if key in _lines:
        return _lines[key]
    spec = setup.spec
    game = setup.new_game()
    solver, heuristic = spec.solver, spec.heuristic
    if solver is None or heuristic is None:
        raise LookupError(f"{spec.title} has no solver and heuristic to play its rounds by")
    played: list[Move] = []

    def play(move: Move) -> None:
        game.play(move)
        played.append(move)

    last = spec.rounds  # rounds are counted from 1
    while not game.is_over and (game.progress().round or last) < last:
        number = game.progress().round
        moves, _basis = solver.best_line(game, min(budget_ms, EARLIER_ROUND_MS))
        for move in moves:
            if game.is_over or game.progress().round != number:
                break
            play(move)
        while not game.is_over and game.progress().round == number:
            pick = heuristic(game)
            if pick is None:
                break
            play(pick)
    line: tuple[Move, ...] = ()
    if not game.is_over and game.progress().round == last:
        result = solver.solve(game, budget_ms=budget_ms)
        if result.verdict == UNKNOWN:
            return ()  # out of time (a busy machine): not kept, the next call searches again
        if result.winnable:
            for move in result.moves:
                play(move)
            if game.outcome.value == "won":
                line = tuple(played)
    _keep(_lines, key, line)
    return line


def _rounds(numbers: list[int]) -> str:
    """1-based round numbers in words: "2", "1 and 3", "1, 2 and 3"."""
    return tr(listed([str(n) for n in numbers]))


def verdict_words(game: Game, verdicts: tuple[str, ...], keys: bool = True) -> str | None:
    """One line for the end screen of ``game``, in the player's language, or None when
    there is nothing proven to say (or nothing worth saying: a won Thirteens or Pyramid
    game); ``keys``: it may name the keys of buttons (not for a player using a finger)."""
    if not game.is_over:
        return None
    if len(verdicts) > 1:
        won = [n for n, v in enumerate(verdicts, 1) if v == WINNABLE]
        unknown = UNKNOWN in verdicts
        if len(won) == len(verdicts):
            return tr("Every round's pyramid could be cleared in its one pass.")
        if not won:
            return None if unknown else tr("No round's pyramid could be cleared in its one pass.")
        # a round left unknown may have been clearable too: no "only" then
        if len(won) == 1 and unknown:
            return tr("Round {round}'s pyramid could be cleared in its one pass.", round=won[0])
        if len(won) == 1:
            return tr(
                "Only round {round}'s pyramid could be cleared in its one pass.", round=won[0]
            )
        if unknown:
            return tr(
                "The pyramids of rounds {rounds} could be cleared, each in one pass.",
                rounds=_rounds(won),
            )
        return tr(
            "Only the pyramids of rounds {rounds} could be cleared, each in one pass.",
            rounds=_rounds(won),
        )
    if game.outcome.value == "won":
        return None
    (verdict,) = verdicts
    if verdict == WINNABLE and not keys:
        return tr("This deal can be won: Same deal plays it again.")
    if verdict == WINNABLE:
        return tr("This deal can be won: Same deal (R) plays it again.")
    if verdict == NOT_WINNABLE:
        return tr("No way of playing wins this deal: it was lost from the start.")
    return None
