"""The start screen's words for a screen reader beyond its buttons' labels: the game
chosen, and what the game, Resume and Give up buttons do."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from thirteen.core.i18n import tr
from thirteen.games import GAMES
from thirteen.ui.screens.in_progress import moves_words
from thirteen.ui.screens.start_deals import StartButton

if TYPE_CHECKING:
    from thirteen.ui.screens.start import StartScene


def in_progress_moves(start: StartScene) -> str:
    """The chosen game's game in progress: "12 moves" ("": none, or it is over)."""
    waiting, game = start.waiting.get(start.chosen_slot()), start.chosen_game
    return "" if waiting is None or game is None or game.is_over else moves_words(waiting.moves)


def chosen_words(start: StartScene) -> str:
    """Said each time the choice moves: the game (and layout), its line, its progress."""
    spec, layout, moves = GAMES[start.game_id], start.layout_for(), in_progress_moves(start)
    said = [tr("Chosen: {game}.", game=f"{tr(spec.title)} {layout or ''}".strip()), tr(spec.blurb)]
    return " ".join(said + ([tr("A game in progress: {moves}.", moves=moves)] if moves else []))


def button_words(start: StartScene, widget: Any) -> str:
    """A focused game's or layout's button (chosen? its progress), Resume or Give up (what
    they do); "" for the others, which say their label."""
    name, label = widget.name, widget.label
    if name.startswith(("game:", "layout:")):
        mark = getattr(widget, "mark", "")
        words = (
            tr("{button}, game in progress: {moves}", button=label, moves=mark) if mark else label
        )
        return tr("{button}, chosen", button=words) if widget.primary else words
    moves, game = in_progress_moves(start), tr(GAMES[start.game_id].title)
    if name == StartButton.RESUME and moves:
        return tr(
            "{button}: goes on with the game in progress, {moves}.", button=label, moves=moves
        )
    if name == StartButton.RESUME:
        return tr("{button}: back to the game you left.", button=label)
    if name == StartButton.GIVE_UP:
        return tr(
            "{button}: ends the {game} game in progress, counted as a loss.",
            button=label,
            game=game,
        )
    return ""
