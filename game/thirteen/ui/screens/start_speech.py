"""What the start screen says to a screen reader besides its buttons' labels: the game
chosen (its name, the one-line description shown under the games, and how far along its
game in progress is), and what the game, Resume and Give up buttons do when focused."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from thirteen.core.i18n import tr
from thirteen.games import GAMES
from thirteen.ui.screens.in_progress import moves_words
from thirteen.ui.screens.start_deals import StartButton

if TYPE_CHECKING:
    from thirteen.ui.screens.start import StartScene


def chosen_name(start: StartScene) -> str:
    """The chosen game's name, with its layout for a game that has them."""
    spec = GAMES[start.game_id]
    layout = start.layout_for()
    if layout:
        return tr("{game}, layout {layout}", game=tr(spec.title), layout=layout)
    return tr(spec.title)


def in_progress_moves(start: StartScene) -> str:
    """How far along the chosen game's game in progress is ("12 moves"), or "" when it
    has none, or when its game is over."""
    waiting = start.waiting.get(start.chosen_slot())
    game = start.chosen_game
    if waiting is None or game is None or game.is_over:
        return ""
    return moves_words(waiting.moves)


def chosen_words(start: StartScene) -> str:
    """The game chosen, as said each time the choice moves: "Chosen: Pyramid. Pair cards
    that make 13... A game in progress: 12 moves."."""
    said = [tr("Chosen: {game}.", game=chosen_name(start)), tr(GAMES[start.game_id].blurb)]
    moves = in_progress_moves(start)
    if moves:
        said.append(tr("A game in progress: {moves}.", moves=moves))
    return " ".join(said)


def button_words(start: StartScene, widget: Any) -> str:
    """A focused button's words where its label alone does not say enough ("" for the
    others, which say their label): a game's or layout's button says whether it is the
    chosen one and its game in progress, Resume and Give up what they do."""
    name = str(getattr(widget, "name", ""))
    label = str(getattr(widget, "label", ""))
    if name.startswith(("game:", "layout:")):
        mark = str(getattr(widget, "mark", ""))
        words = (
            tr("{button}, game in progress: {moves}", button=label, moves=mark) if mark else label
        )
        return tr("{button}, chosen", button=words) if getattr(widget, "primary", False) else words
    if name == StartButton.RESUME:
        moves = in_progress_moves(start)
        if moves:
            return tr(
                "{button}: goes on with the game in progress, {moves}.", button=label, moves=moves
            )
        return tr("{button}: back to the game you left.", button=label)
    if name == StartButton.GIVE_UP:
        return tr(
            "{button}: ends the {game} game in progress, counted as a loss.",
            button=label,
            game=tr(GAMES[start.game_id].title),
        )
    return ""
