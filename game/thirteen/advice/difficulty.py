"""How hard a deal is: easy, medium, hard, or not winnable.

The solver (perfect information) says whether a deal can be won at all; a
winnable deal is then played :data:`PLAYOUTS` times by a player who never looks
at hidden cards, and the share of those games it wins is the grade:

* **easy**: at least one playout in four wins (:data:`EASY_SHARE`);
* **medium**: at least one in twenty (:data:`HARD_SHARE`) but fewer than one in four;
* **hard**: fewer than one in twenty (perhaps none: only a player who knew the
  hidden cards would find the way);
* **not winnable**: the solver proves no way of playing wins.

The playout player is the game's own heuristic (the ``center`` player of
:mod:`.players`) with some noise: at each move it plays the heuristic's pick,
except one move in :data:`NOISE` (drawn by the project's SplitMix64) where it plays
a uniformly random legal move, as a person who sees what the heuristic sees but
does not always choose alike.  The noise is seeded from the deal's cards, so a
deal's grade is the same every time and on every machine.

What is graded is what the game's verdict is about (:func:`.winnable.winnable_verdict`):
the whole game, or for a game of several rounds its final round from that
round's start.  A deal whose verdict the solver cannot settle in its budget has
no grade (None).

Nothing here names a game: it asks the registry (rounds, the solver and
heuristic hooks).  :class:`Grader` does the work in slices (:meth:`Grader.steps`,
its solve too), so the interface grades the deal in play beside the game, a slice
between frames; :func:`deal_grade` drives the same steps with no slice, at once.
:func:`first_graded_deal_steps` likewise searches for a deal of a wanted grade in
slices, and :func:`first_graded_deal` drives it in one piece.  Playouts stop as
soon as the grade is settled (the rest could not change it), which gives exactly
the grade all :data:`PLAYOUTS` would; slicing changes only when the work is done,
never what it finds (the points where a search looks at its wanted grade and its
clock are the same however it is sliced).
"""

from __future__ import annotations

import time
import zlib
from collections.abc import Iterator
from enum import StrEnum

from thirteen.advice.hints import heuristic_move
from thirteen.advice.solving import NOT_WINNABLE, WINNABLE, solve_steps
from thirteen.advice.winnable import DEFAULT_LIMIT, final_deal
from thirteen.core.deals import MAX_DEAL, SplitMix64, check_deal_number
from thirteen.core.game import Game, Outcome
from thirteen.core.i18n import N_, Message, message, tr
from thirteen.games import GameSetup, game_spec, new_game
from thirteen.search.budget import SearchBudget, Steps, finish

PLAYOUTS = 100
"""No-peeking playouts per winnable deal."""
EASY_SHARE = 0.25
HARD_SHARE = 0.05
NOISE = 5
"""One move in this many is a random legal move instead of the heuristic's pick."""
DEFAULT_SOLVE_MS = 2000.0


class Grade(StrEnum):
    """A deal's difficulty; its value is the word shown and stored."""

    EASY = "easy"
    MEDIUM = "medium"
    HARD = "hard"
    NOT_WINNABLE = "not winnable"


GRADES = (Grade.EASY, Grade.MEDIUM, Grade.HARD, Grade.NOT_WINNABLE)
ANY = "any"
WANTED = (ANY, Grade.EASY.value, Grade.MEDIUM.value, Grade.HARD.value)
"""What "winnable deals only" may ask for (the setting's choices)."""


def grade_for(wins: int, playouts: int = PLAYOUTS) -> Grade:
    """The grade of a winnable deal won ``wins`` times in ``playouts`` playouts."""
    if wins >= EASY_SHARE * playouts:
        return Grade.EASY
    if wins >= HARD_SHARE * playouts:
        return Grade.MEDIUM
    return Grade.HARD


def settled(wins: int, played: int, playouts: int = PLAYOUTS) -> Grade | None:
    """The grade once the playouts left cannot change it (None while they could)."""
    best = grade_for(wins + playouts - played, playouts)
    worst = grade_for(wins, playouts)
    return worst if best == worst else None


def graded_start(setup: GameSetup) -> Game:
    """The position the grade is about: the deal's start, or its final round's start."""
    game = setup.new_game()
    return final_deal(game) if setup.spec.rounds > 1 else game


def playout_seed(setup: GameSetup) -> int:
    """A seed from what the deal is (game, layout, cards), stable across Python versions."""
    text = f"{setup.game}|{setup.layout}|{setup.deal}|{setup.deck}"
    return zlib.crc32(text.encode())


def noisy_moves(game: Game, rng: SplitMix64) -> Iterator[None]:
    """Play ``game`` to its end as the noisy no-peeking player, yielding after each move:
    the grade looks at its clock between moves, since in the browser one heuristic move
    can take a few milliseconds."""
    while not game.is_over:
        moves = game.legal_moves()
        if rng.below(NOISE) == 0:
            move = moves[rng.below(len(moves))]
        else:
            move = heuristic_move(game) or moves[0]
        game.play(move)
        yield


class Grader:
    """One deal's grade, worked out a piece at a time (:meth:`advance`, :meth:`steps`)."""

    def __init__(
        self,
        setup: GameSetup,
        *,
        solve_ms: float | None = DEFAULT_SOLVE_MS,
        playouts: int = PLAYOUTS,
        verdict: str | None = None,
    ) -> None:
        """``verdict``: the solver's verdict on :func:`graded_start` when known already
        (then no solve is made)."""
        self.setup = setup
        self.solve_ms = solve_ms
        self.playouts = playouts
        self.verdict = verdict
        self.wins = 0
        self.played = 0
        self.grade: Grade | None = None
        self.done = False
        self.slice_ms: float | None = None
        """The solve's time slice (set by :meth:`steps` before the solve begins)."""
        self._work = self._run()

    def _run(self) -> Iterator[None]:
        if self.setup.spec.solver is None:  # a game without a solver has no grade
            return
        start = graded_start(self.setup)
        if self.verdict is None:
            result = yield from solve_steps(
                start.copy(), budget_ms=self.solve_ms, slice_ms=self.slice_ms
            )
            self.verdict = str(result.verdict)
        if self.verdict == NOT_WINNABLE:
            self.grade = Grade.NOT_WINNABLE
            return
        if self.verdict != WINNABLE:  # unknown in the budget: no grade
            return
        rng = SplitMix64(playout_seed(self.setup))
        while self.grade is None:
            yield
            game = start.copy()
            yield from noisy_moves(game, rng)
            self.played += 1
            self.wins += game.outcome is Outcome.WON
            self.grade = settled(self.wins, self.played, self.playouts)

    def could_be(self, grade: str) -> bool:
        """Whether the playouts left could still give ``grade`` (once done: whether it did)."""
        if self.done or self.grade is not None:
            return self.grade == grade
        if self.verdict is None:
            return True
        if self.verdict != WINNABLE:
            return False
        worst = grade_for(self.wins, self.playouts)
        best = grade_for(self.wins + self.playouts - self.played, self.playouts)
        order = [Grade.HARD, Grade.MEDIUM, Grade.EASY]
        return grade in order[order.index(worst) : order.index(best) + 1]

    def advance(self) -> bool:
        """One piece of the work (a slice of the solve, or a few moves of a playout);
        whether any is left."""
        if not self.done:
            try:
                next(self._work)
            except StopIteration:
                self.done = True
        return not self.done

    def steps(self, slice_ms: float | None = None) -> Steps[Grade | None]:
        """The grade, worked out in slices of about ``slice_ms``, yielding between them
        (None: at once, never yielding); its solve is sliced alike.  Closing it leaves the
        grader where it stood: a later :meth:`steps` goes on from there."""
        self.slice_ms = slice_ms
        if slice_ms is None:
            while self.advance():
                pass
            return self.grade
        end = time.perf_counter() + slice_ms / 1000
        while self.advance():
            if time.perf_counter() >= end:
                yield
                end = time.perf_counter() + slice_ms / 1000
        return self.grade


def deal_grade(
    setup: GameSetup,
    *,
    solve_ms: float | None = DEFAULT_SOLVE_MS,
    playouts: int = PLAYOUTS,
) -> Grade | None:
    """The deal's grade, worked out at once (None: the solver could not settle it)."""
    return finish(Grader(setup, solve_ms=solve_ms, playouts=playouts).steps())


def first_graded_deal(
    game_id: str,
    start: int,
    wanted: str,
    *,
    layout: str | None = None,
    budget_ms: float | None = DEFAULT_SOLVE_MS,
    total_ms: float | None = None,
    limit: int = DEFAULT_LIMIT,
) -> int:
    """The first deal number ``>= start`` proven winnable whose grade is ``wanted`` (one of
    :data:`WANTED`; "any" asks only for a proven win).  ``budget_ms`` bounds each solve,
    ``total_ms`` the whole search; LookupError when none is found in ``limit`` deals or in
    time."""
    return finish(
        first_graded_deal_steps(
            game_id,
            start,
            wanted,
            layout=layout,
            budget_ms=budget_ms,
            total_ms=total_ms,
            limit=limit,
        )
    )


def first_graded_deal_steps(
    game_id: str,
    start: int,
    wanted: str,
    *,
    layout: str | None = None,
    budget_ms: float | None = DEFAULT_SOLVE_MS,
    total_ms: float | None = None,
    limit: int = DEFAULT_LIMIT,
    slice_ms: float | None = None,
) -> Steps[int]:
    """:func:`first_graded_deal` in slices of about ``slice_ms`` (None: in one piece);
    ``total_ms`` counts the search's own time, not the frames between its slices.  It
    leaves a deal as soon as its playouts show it cannot be graded as wanted."""
    if wanted not in WANTED:
        raise ValueError(f"no difficulty {wanted!r} (difficulties: {', '.join(WANTED)})")
    game_spec(game_id)
    check_deal_number(start)
    clock = SearchBudget(total_ms, None)  # the search's own time, and its slices
    clock.resume(slice_ms)
    end = min(start + limit, MAX_DEAL + 1)

    def left_ms() -> float | None:
        if total_ms is None:
            return None
        left = total_ms - clock.ms
        if left <= 0:
            raise LookupError(
                message(
                    "no {grade} deal was found within {ms} ms",
                    grade=wanted_words(wanted),
                    ms=f"{total_ms:g}",
                )
            )
        return left

    def due() -> bool:
        return clock.slice_end is not None and time.perf_counter() >= clock.slice_end

    for number in range(start, end):
        if due():
            clock.pause()
            yield
            clock.resume(slice_ms)
        left = left_ms()
        per_deal = (
            left if budget_ms is None else budget_ms if left is None else min(budget_ms, left)
        )
        game = new_game(game_id, deal=number, layout=layout)
        if game_spec(game_id).rounds > 1:
            game = final_deal(game)
        solving = solve_steps(game, budget_ms=per_deal, slice_ms=slice_ms)
        while True:
            try:
                next(solving)
            except StopIteration as answered:
                result = answered.value
                break
            clock.pause()  # the solve's slice is spent: so is this one
            yield
            clock.resume(slice_ms)
        if not result.winnable:
            continue
        if wanted == ANY:
            return number
        grader = Grader(GameSetup(game_id, deal=number, layout=layout), verdict=WINNABLE)
        while grader.could_be(wanted) and grader.advance():
            left_ms()
            if due():
                clock.pause()
                yield
                clock.resume(slice_ms)
        if grader.grade == wanted:
            return number
    raise LookupError(
        message(
            "no {grade} deal from {first} to {last}",
            grade=wanted_words(wanted),
            first=start,
            last=end - 1,
        )
    )


PLAY_SOLVE_MS = 400.0
"""The solve's budget when the deal in play is graded beside the game (its own time, in
slices between frames, as a hint's search in the browser); a deal it cannot settle in
that time shows no grade."""
SLICE_MS = 4.0
"""The work done on the deal in play's grade in one frame."""
_KEPT = 16
_graders: dict[GameSetup, Grader] = {}


def grader_for(setup: GameSetup) -> Grader:
    """The grader of the deal in play, kept (the last few deals) so that the table, the
    end screen and playing the deal again share one grade worked out once."""
    grader = _graders.pop(setup, None)
    if grader is None:
        grader = Grader(setup, solve_ms=PLAY_SOLVE_MS)
    _graders[setup] = grader  # the most recent last
    while len(_graders) > _KEPT:
        del _graders[next(iter(_graders))]
    return grader


def settle(setup: GameSetup, solve_ms: float | None = None) -> Grader:
    """Work the deal's grade out at once, with ``solve_ms`` for its solve (None: as long
    as it takes), and keep it as the deal in play's (screenshots: the same every time)."""
    grader = Grader(setup, solve_ms=solve_ms)
    finish(grader.steps())
    _graders.pop(setup, None)
    _graders[setup] = grader
    return grader


GRADE_WORDS: dict[str, str] = {
    Grade.EASY: N_("easy"),
    Grade.MEDIUM: N_("medium"),
    Grade.HARD: N_("hard"),
    Grade.NOT_WINNABLE: N_("not winnable"),
}
"""How the screens name each grade (English, marked for translation)."""


def grade_words(grade: Grade | None) -> str:
    """How the table and the end screen name a grade, in the player's language ("" when
    there is none)."""
    if grade is None:
        return ""
    return tr(GRADE_WORDS[grade])


def wanted_words(wanted: str) -> Message:
    """A grade "winnable deals only" asks for (:data:`WANTED`), for a notice put into the
    player's language where shown."""
    return message(GRADE_WORDS.get(wanted, wanted))


__all__ = [
    "ANY",
    "GRADES",
    "PLAYOUTS",
    "WANTED",
    "Grade",
    "Grader",
    "deal_grade",
    "first_graded_deal",
    "first_graded_deal_steps",
    "grade_for",
    "grader_for",
    "grade_words",
    "wanted_words",
    "settle",
    "settled",
]
