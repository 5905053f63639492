"""The table's searches beside the game: a hint, the "can this still be won?" indicator
and the deal's difficulty, each run a slice between frames (:mod:`thirteen.ui.tasks`)
while the table stays playable; an answer is shown only while its position is still on
the table."""

from __future__ import annotations

import sys
from collections.abc import Callable
from typing import TYPE_CHECKING

from thirteen.advice import difficulty, hints
from thirteen.advice.solving import NOT_WINNABLE, WINNABLE, SolveResult, solve_steps
from thirteen.core.game import Game
from thirteen.core.i18n import tr
from thirteen.core.moves import Draw, MoveToEmpty, Recycle
from thirteen.games import GameSetup, spec_of
from thirteen.ui.spots import SpotKind
from thirteen.ui.table.places import spot_key
from thirteen.ui.table.words import basis_words, hint_move_words
from thirteen.ui.tasks import SLICE_MS

if TYPE_CHECKING:
    from thirteen.ui.app import App
    from thirteen.ui.table.scene import TableScene

HINT_BUDGET_MS = 400 if sys.platform == "emscripten" else 150
"""Milliseconds of the hint's search.  A hint is asked for, so a short pause is fine;
Python runs slower in the browser, and a hint given less time is a worse one, so the
browser gets more."""
OUTLOOK_BUDGET_MS = 1000.0
"""The search time of the "can this still be won?" indicator, after each move: beside
the game, it may take longer than a hint; past it the answer is "not known"."""


def grade_beside(app: App, setup: GameSetup) -> None:
    """Work the deal's difficulty out beside the game, a slice between frames (the table
    and the end screen share one grade), unless it is known or under way; the scene on
    show is drawn again once it is known."""
    grader = difficulty.grader_for(setup)
    running = app.tasks.running.get("grade")
    if grader.done or (running is not None and running.still()):
        return

    def known(_grade: object) -> None:
        app.scene.dirty = True

    app.tasks.start(
        "grade",
        grader.steps(difficulty.SLICE_MS),
        known,
        still=lambda: getattr(app.game, "setup", None) == setup,
        priority=0,
    )


def graded(game: Game) -> bool:
    """Whether the deal's difficulty is worked out (or cannot be: no deal to grade)."""
    setup = getattr(game, "setup", None)
    return setup is None or difficulty.grader_for(setup).done


def grade_slice(table: TableScene) -> None:
    """The deal's difficulty, worked out beside the game; drawn again once known."""
    setup = getattr(table.game, "setup", None)
    if setup is not None and not graded(table.game):
        grade_beside(table.app, setup)


def here(table: TableScene) -> Callable[[], bool]:
    """Whether the position on the table now is still there (an answer for it may be
    shown) when asked later."""
    text = table.game.text()
    return lambda: table.app.table is table and table.game.text() == text


def look_ahead(table: TableScene, undone: bool | None = None) -> None:
    """The indicator, when the setting asks: can the game still be won from here,
    searched beside the game after each move (``undone``: the change was an undo, a
    move, or neither); it says so when a move lost the game and when its undo won
    it back."""
    app = table.app
    if not app.settings.show_winnable or table.game.is_over:
        app.tasks.cancel("outlook")
        table.outlook = None
        return
    before = table.outlook
    known = app.outlooks.get(table.game.text())
    if known is not None:
        _outlook_found(table, known, before, undone)
        return
    table.outlook = "thinking"
    game = table.game.copy()
    rounds = spec_of(game).rounds
    if rounds > 1 and game.progress().round != rounds:
        game = game.round_start(rounds - 1)  # the game is won in its last round
    text = table.game.text()
    steps = solve_steps(game, budget_ms=OUTLOOK_BUDGET_MS, slice_ms=SLICE_MS)

    def found(result: SolveResult) -> None:
        verdict = {WINNABLE: "yes", NOT_WINNABLE: "no"}.get(result.verdict, "unknown")
        if verdict != "unknown":
            outlooks = app.outlooks
            outlooks[text] = verdict
            while len(outlooks) > hints.MEMO_LIMIT:
                del outlooks[next(iter(outlooks))]
        _outlook_found(table, verdict, before, undone)

    app.tasks.start("outlook", steps, found, still=here(table), priority=1)


def _outlook_found(
    table: TableScene, verdict: str, before: str | None, undone: bool | None
) -> None:
    if verdict == "no" and undone is False and before in ("yes", "again"):
        verdict = "lost"
    elif verdict == "yes" and undone and before in ("no", "lost"):
        verdict = "again"
    table.outlook = verdict
    table.dirty = True


def show_hint(table: TableScene, at_once: bool = False) -> None:
    """Ask for a hint: searched beside the game (the Hint button says it is thinking,
    and the table stays playable; a move made meanwhile drops it).  A hint already shown
    for this position is played instead: the second press takes the advice.
    ``at_once``: the answer in this frame (a screenshot shows one frame)."""
    app = table.app
    if table.hint_move is not None and not table.game.is_over and table.summary is None:
        if table.game.is_legal(table.hint_move):
            table.play(table.hint_move)
            return
    busy = "hint" in app.tasks and not at_once
    if table.game.is_over or table.summary is not None or busy:
        return
    steps = hints.hint_steps(
        table.game.copy(), HINT_BUDGET_MS, app.hint_memo, None if at_once else SLICE_MS
    )

    def found(hint: hints.Hint | None) -> None:
        hint_found(table, hint)

    app.tasks.start("hint", steps, found, still=here(table), priority=3)
    if at_once:
        app.tasks.finish("hint")
    table.refresh_buttons()
    table.dirty = True


def hint_found(table: TableScene, found: hints.Hint | None) -> None:
    """The hint's search answered for the position still on the table: its cards are
    marked until the next move, undo or click elsewhere, and the panel says the move in
    card words and what it rests on, as long."""
    table.refresh_buttons()
    table.dirty = True
    if found is None:
        table.sound("nomove")
        table.say(tr("No move left."))
        return
    move = found.move
    keys: list[tuple] = [(SpotKind.CARD, c) for c in move.cards]
    if isinstance(move, Draw):
        place = table.draw_place()
        if place is not None:
            keys.append(spot_key(place))
    elif isinstance(move, Recycle):
        keys.append((SpotKind.PILE,))
    elif isinstance(move, MoveToEmpty):
        keys += [(SpotKind.CARD, move.card), (SpotKind.EMPTY, move.column)]
    words = hint_move_words(table.game, move)
    words = f"{words} {basis_words(found.basis, table.game)}".strip()
    table.hint_spots, table.hint_move = keys, move
    table.say(words, 0)  # no countdown: the words go with the marks (see TableScene.clear_hint)
    table.hint_words = words
    table.dirty = True
