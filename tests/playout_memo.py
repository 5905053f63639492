"""The difficulty grade's playouts, each played once per test process.

A playout (:func:`thirteen.advice.difficulty.noisy_moves`) is a pure function of the
position it starts from and the state of its SplitMix64 generator: the same start and
state always play the same moves to the same end and leave the generator in the same
state.  The deal searches (``first_graded_deal`` for each grade asked for, in one piece
and in slices, and ``deal_grade`` of the deal found) play the same deals' playouts again
and again, and the playouts are nearly all of their work.  :func:`remember_playouts`
replaces ``noisy_moves`` by one that plays each (start, generator state) for real the
first time and afterwards puts the game in the end position it reached, sets the
generator to the state it left, and yields once for each move played, as the real one
does (so a search in slices still looks at its clock at the same points).  What is
compared does not change: every grade still comes from playouts of the real heuristic
and rules, only none of them is played twice.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator

import pytest

from thirteen.advice import difficulty
from thirteen.core.deals import SplitMix64
from thirteen.core.game import Game

PlayoutKey = tuple[str, str, int]
"""The game's type, its position text and the generator's state at the playout's start."""

PLAYED: dict[PlayoutKey, tuple[Game, int, int]] = {}
"""Each playout played so far: its end (a game never played on, without the history of
its moves: what the grades read of it is its outcome), the generator's state after it and
how many moves it made."""

counts = {"played": 0, "remembered": 0}
"""How many playouts were played for real and how many were taken from :data:`PLAYED`."""


def playout_key(game: Game, rng: SplitMix64) -> PlayoutKey:
    return type(game).__qualname__, game.text(), rng.state


def play_and_remember(
    play: Callable[[Game, SplitMix64], Iterator[None]], game: Game, rng: SplitMix64
) -> Iterator[None]:
    """Play one playout for real with ``play`` (the real ``noisy_moves``), yielding after
    each move as it does, and remember its end for :func:`remember_playouts`: a test that
    plays the playouts by hand lets the grades that follow share them."""
    key = playout_key(game, rng)
    moves = 0
    for _ in play(game, rng):
        moves += 1
        yield
    end = game.copy()
    end._undo = []  # the moves' history is not kept (a playout's end is only read)
    PLAYED[key] = (end, rng.state, moves)
    counts["played"] += 1


def remember_playouts(monkeypatch: pytest.MonkeyPatch) -> None:
    """Let the grades of this test share the playouts of every earlier one (see above)."""
    noisy_moves = difficulty.noisy_moves

    def once(game: Game, rng: SplitMix64) -> Iterator[None]:
        known = PLAYED.get(playout_key(game, rng))
        if known is None:
            yield from play_and_remember(noisy_moves, game, rng)
            return
        end, state, moves = known
        game.__dict__.update(end.copy().__dict__)
        rng.state = state
        counts["remembered"] += 1
        for _ in range(moves):
            yield

    monkeypatch.setattr(difficulty, "noisy_moves", once)
