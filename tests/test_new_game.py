"""A game is one module: "Tens", defined here and nowhere else, runs through the whole
conformance suite, its solver's hooks, the ``show`` command, the start screen and a table
screenshot once it is registered, without a line changed anywhere else.

Tens (a made-up cousin for this test): 12 cards in a 3x4 grid, the rest is the stock.
Remove two cards, Ace to 9, that make 10, wherever they lie, or the four cards of one
rank of Ten, Jack, Queen or King together.  Holes are filled from the stock in reading
order; once it is empty they stay.  Won when all 52 cards are gone, lost when no move
is left; the score is the cards removed.
"""

from __future__ import annotations

import itertools
import os
import subprocess
import sys
import textwrap
from collections.abc import Iterator, Sequence
from pathlib import Path
from typing import Self

import pytest
from hypothesis import given, settings

from conformance import CHECKS, MOVES, games_of
from thirteen.advice.hints import Basis, Hint, hint_for
from thirteen.advice.solving import NOT_WINNABLE, solve
from thirteen.core.cards import (
    DECK_SIZE,
    Card,
    NotationError,
    cards_compact,
    count_text,
    parse_compact,
    rank,
)
from thirteen.core.deals import SplitMix64
from thirteen.core.game import Game, Outcome, PairRule, Progress, Refusal, Termination
from thirteen.core.moves import Move
from thirteen.core.spec import GameSpec, TableKind
from thirteen.games import GAMES, register, unregister
from thirteen.search.budget import Steps
from thirteen.search.game_solver import GameSolver
from thirteen.search.result import SolveResult
from thirteen.search.search import Search
from thirteen.tools.players import make_player

COLUMNS, ROWS = 3, 4
CELLS = COLUMNS * ROWS


class Tens(Game):
    """Position key: (the 12 cells in reading order, None for a hole; stock pointer)."""

    game_id = "tens"
    title = "Tens"
    rule = PairRule(
        target=10,
        singles=frozenset(),
        sets=tuple(frozenset({r}) for r in (10, 11, 12, 13)),
        set_size=4,
        valued=frozenset(range(1, 10)),
    )

    def __init__(self, deck: Sequence[Card]) -> None:
        super().__init__()
        self.deck = tuple(deck)
        self.cells: tuple[Card | None, ...] = self.deck[:CELLS]
        self.stock = self.deck[CELLS:]
        self.sp = 0

    @property
    def key(self):
        return (self.cells, self.sp)

    def _set_key(self, key) -> None:
        self.cells, self.sp = key

    def grid(self) -> list[list[Card | None]]:
        return [list(self.cells[r * COLUMNS : (r + 1) * COLUMNS]) for r in range(ROWS)]

    @property
    def stock_left(self) -> int:
        return len(self.stock) - self.sp

    def legal_moves(self) -> list[Move]:
        cards = sorted(c for c in self.cells if c is not None)
        out: list[Move] = []
        for pair in itertools.combinations(cards, 2):
            move = self.removal(pair)
            if move is not None:
                out.append(move)
        for high in (10, 11, 12, 13):
            four = [c for c in cards if rank(c) == high]
            if len(four) == 4:
                out.append(self.removal(four))  # type: ignore[arg-type]
        return out

    def _why_illegal(self, move: Move) -> str | None:
        if not move.cards:
            return f"Tens has no move like {move.text()!r}"
        missing = [c for c in move.cards if c not in self.cells]
        return "not on the grid" if missing else None

    def _refusal(self, move: Move) -> Refusal | None:
        if self._why_illegal(move) is None:
            return None
        return Refusal.NO_DRAW_PILE if not move.cards else Refusal.NOT_FREE

    def _apply(self, move: Move) -> None:
        cells = [None if c in move.cards else c for c in self.cells]
        for i, c in enumerate(cells):
            if c is None and self.sp < len(self.stock):
                cells[i] = self.stock[self.sp]
                self.sp += 1
        self.cells = tuple(cells)

    @property
    def outcome(self) -> Outcome:
        if self.removed_cards == DECK_SIZE:
            return Outcome.WON
        return Outcome.IN_PROGRESS if self.legal_moves() else Outcome.LOST

    @property
    def termination(self) -> Termination | None:
        outcome = self.outcome
        if outcome is Outcome.IN_PROGRESS:
            return None
        return Termination.CLEARED if outcome is Outcome.WON else Termination.NO_MOVES

    @property
    def score(self) -> int:
        return self.removed_cards

    @property
    def removed_cards(self) -> int:
        return DECK_SIZE - self.stock_left - sum(c is not None for c in self.cells)

    def progress(self) -> Progress:
        return Progress(stock=self.stock_left)

    def available_cards(self) -> list[Card]:
        return [] if self.is_over else [c for c in self.cells if c is not None]

    def cards_in_play(self) -> dict[str, list[Card]]:
        return {
            "grid": [c for c in self.cells if c is not None],
            "stock": list(self.stock[self.sp :]),
        }

    def text(self) -> str:
        rows = "/".join(cards_compact(row) for row in self.grid())
        return f"tens {rows} {cards_compact(self.stock[self.sp :]) or '-'}"

    @classmethod
    def from_text(cls, text: str) -> Self:
        parts = text.split()
        if len(parts) != 3 or parts[0] != "tens":
            raise NotationError(f"a Tens position is 'tens ROWS STOCK', got {text!r}")
        cells = [c for row in parts[1].split("/") for c in parse_compact(row)]
        stock = [] if parts[2] == "-" else parse_compact(parts[2])
        if len(cells) != CELLS or None in stock:
            raise NotationError("Tens has 12 cells and a stock without holes")
        game = object.__new__(cls)
        Game.__init__(game)
        game.deck, game.cells, game.stock, game.sp = (), tuple(cells), tuple(stock), 0
        return game

    def render(self) -> str:
        lines = ["Tens"] + [
            " ".join(cards_compact([c]) or ".." for c in row) for row in self.grid()
        ]
        lines.append(f"Stock: {count_text(self.stock_left)}")
        lines.append(f"Score: {self.score}/52   {self.outcome.value}")
        return "\n".join(lines)


def tens_children(game: Tens) -> Iterator[tuple[Move, Tens]]:
    """Each legal move with the position after it (the engine plays it on a copy)."""
    for move in game.legal_moves():
        after = game.copy()
        after.play(move)
        yield move, after


def tens_search(game: Tens, **budget) -> Search:
    """A plain search over the engine's own moves, with the shared search loop."""
    return Search(tens_children, lambda g: g.key, lambda g: DECK_SIZE - g.removed_cards, **budget)


def tens_verdict_steps(
    game: Tens,
    *,
    budget_ms: float | None = None,
    max_nodes: int | None = None,
    slice_ms: float | None = None,
) -> Steps[SolveResult]:
    search = tens_search(game, budget_ms=budget_ms, max_nodes=max_nodes)
    return (yield from search.verdict_steps(game, lambda move: move, slice_ms))


def tens_most_cards_steps(
    game: Tens,
    *,
    budget_ms: float | None = None,
    max_nodes: int | None = None,
    slice_ms: float | None = None,
) -> Steps[tuple[int, list[Move], bool]]:
    search = tens_search(game, budget_ms=budget_ms, max_nodes=max_nodes, track_best=True)
    left, moves, exact = yield from search.most_cards_steps(game, lambda move: move, slice_ms)
    return DECK_SIZE - left, moves, exact


def tens_heuristic(game: Game) -> Move | None:
    """The removal of the most cards (the first of equals)."""
    moves = game.legal_moves()
    return max(moves, key=lambda m: len(m.cards)) if moves else None


SPEC = GameSpec(
    id="tens",
    title="Tens",
    decks=1,
    build=lambda decks, layout: Tens(decks[0]),
    position_type=Tens,
    blurb="Pairs that make 10, and tens and pictures four at a time.",
    help=("Remove two cards that make 10, or four Tens, Jacks, Queens or Kings.",),
    max_score=DECK_SIZE,
    score_unit="cards",
    table=TableKind.GRID,
    solver=GameSolver(verdict_steps=tens_verdict_steps, most_cards_steps=tens_most_cards_steps),
    heuristic=tens_heuristic,
)


@pytest.fixture(autouse=True, scope="module")
def registered():
    """Tens is in the registry for this module's tests only."""
    register(SPEC)
    yield
    unregister(SPEC.id)


def test_the_rule_is_the_games_own():
    assert Tens.rule.is_group(parse_compact("5c5d")) and not Tens.rule.is_group(
        parse_compact("5c8d")
    )
    assert Tens.rule.is_group(parse_compact("TcTdThTs")) and not Tens.rule.is_group(
        parse_compact("TcTdTh")
    )
    assert not Tens.rule.is_group(parse_compact("Kh"))  # no King alone here
    assert Tens.rule.could_grow(parse_compact("JcJd")) and not Tens.rule.could_grow(
        parse_compact("JcQd")
    )


@settings(max_examples=30, deadline=None)
@given(games_of([("tens", None)]), MOVES)
def test_tens_passes_the_conformance_suite(g, choices):
    for check in CHECKS:
        check(g.copy(), choices)


def test_tens_solver_plugs_into_the_one_adapter():
    """Its own searches handed to the adapter give Tens its verdicts, the hint's line and
    the solver player."""
    won = Tens.from_text("tens 5c5d9h/AhTcTd/ThTs--/------ -")
    result = solve(won)
    assert result.winnable
    copy = won.copy()
    copy.play_all(result.moves)
    assert copy.outcome is Outcome.WON
    lost = Tens.from_text("tens 5c6h5d/------/------/------ -")
    assert solve(lost).verdict == NOT_WINNABLE
    found = hint_for(lost)
    assert found == Hint(lost.parse_move("5c+5d"), Basis.MOST)
    make_player("solver", SplitMix64(1))(won)
    assert won.outcome is Outcome.WON


def test_show_plays_tens(tmp_path: Path):
    """The command line's --game choices and ``show`` come from the registry."""
    script = tmp_path / "show_tens.py"
    script.write_text(
        textwrap.dedent(
            f"""
            import sys
            sys.path.insert(0, {str(Path(__file__).parent)!r})
            from test_new_game import SPEC
            from thirteen.games import register
            from thirteen.__main__ import main
            register(SPEC)
            sys.exit(main(sys.argv[1:]))
            """
        )
    )
    run = subprocess.run(
        [sys.executable, str(script), "show", "--game", "tens", "--deal", "3"],
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert run.returncode == 0, run.stderr
    assert run.stdout.startswith("Tens\n") and "Position: tens " in run.stdout


def test_tens_on_the_start_screen_and_the_table(tmp_path: Path):
    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
    import pygame

    from thirteen.games import GameSetup
    from thirteen.records.profile import Profile
    from thirteen.records.storage import MemoryStorage
    from thirteen.tools.shot import render_shot
    from thirteen.ui import launch as app_module

    assert "tens" in GAMES
    app = app_module.make_app([], Profile(MemoryStorage()))
    app.go_start()
    names: set[str] = set()
    for _ in range(len(GAMES)):  # the games list may take pages
        names |= {getattr(w, "name", "") for w in app.scene.widgets}
        if app.scene.button("games:1") is None:
            break
        app.scene.activate("games:1")
    assert "game:tens" in names
    game = GameSetup("tens", deal=3).new_game()
    out = tmp_path / "tens.png"
    render_shot(game, str(out), scene="table")
    image = pygame.image.load(str(out))
    assert image.get_size() == (1280, 720)
    table = app.put_on_table(game, deal=False)
    cards = [s for s in table.geo.spots if s.kind == "card"]
    assert len(cards) == CELLS and all(s.free for s in cards)
    app_module.current = None
    pygame.display.quit()
