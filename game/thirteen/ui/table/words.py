"""What the table says: the game's and the deal's names, the time, a round's score, why a
click changed nothing, what a hint rests on, and the buttons' labels.  The end screen and
the statistics say some of the same."""

from __future__ import annotations

from thirteen.advice import difficulty, hints
from thirteen.core.cards import RANK_NAMES, Card, rank
from thirteen.core.game import Game, Progress, Refusal, RoundEnd, Termination
from thirteen.core.i18n import N_, tr
from thirteen.core.moves import Draw, Move, MoveToEmpty, Recycle
from thirteen.games import GameSetup, spec_of
from thirteen.session import share, speech
from thirteen.ui import widgets
from thirteen.ui.layout import Spot, TableButton
from thirteen.ui.spots import SpotKind

BUTTON_LABELS = {
    TableButton.NEW: (N_("New"), "N"),
    TableButton.RESTART: (N_("Restart"), "R"),
    TableButton.UNDO: (N_("Undo"), "U"),
    TableButton.REDO: (N_("Redo"), "Ctrl+Y"),
    TableButton.HINT: (N_("Hint"), "H"),
    TableButton.HELP: (N_("Help"), "F1"),
    TableButton.SOUND: (N_("Sound"), "M"),
    TableButton.STATS: (N_("Stats"), "S"),
    TableButton.MENU: (N_("Menu"), "Esc"),
}
"""Each panel button's label and the key that presses it."""

OUTLOOK_WORDS = {
    "thinking": N_("Can it be won? Thinking..."),
    "yes": N_("Can still be won: yes"),
    "no": N_("Can still be won: no"),
    "unknown": N_("Can still be won: not known"),
    "lost": N_("Can still be won: no (that move lost it)"),
    "again": N_("Can be won again: undo saved it"),
}
"""What the indicator says: the answer, and the move that lost the game or its undo."""

END_WORDS: dict[Termination | None, str] = {
    Termination.ROUNDS_PLAYED: N_("Game over"),
    Termination.NO_REMOVALS: N_("No pairs left"),
    Termination.NO_MOVES: N_("No moves left"),
}
"""What a finished game that was not won is called: a game of rounds is over once they
are played (its points are what count), and a Thirteens game ends while cards may still
move to an empty column when no pair or King can ever be removed again."""

PILE_WORDS: dict[Refusal | None, str] = {
    Refusal.NOTHING_TO_DRAW: N_("Nothing left to draw."),
    Refusal.ONE_PASS: N_("One pass per round: the waste is not turned over."),
    Refusal.NO_TURNS_LEFT: N_("No turns left: the waste cannot be turned over again."),
}
"""Why a click on the empty draw pile cannot turn the waste over."""


def titled(game: Game) -> str:
    """The game's long title ('Thirteens 3x5') with its name in the player's language."""
    title, long = game.title, game.long_title
    if long.startswith(title):
        return tr(title) + long[len(title) :]
    return tr(long)


def end_words(game: Game) -> str:
    """What the finished game that was not won is called (see :data:`END_WORDS`)."""
    return tr(END_WORDS.get(game.termination, N_("No moves left")))


def deal_words(setup: GameSetup | None) -> str:
    """The deal NUMBER as players see it everywhere: 'Deal #123' (or 'Custom deck').

    Pyramid 13's three deals of one game are called rounds on screen
    ('Round 2 of 3', see :func:`round_words`), so 'deal' only ever means the
    number that reproduces a game.
    """
    if setup is None or setup.deal is None:
        return tr("Custom deck")
    if setup.deal == share.today_deal(setup.game):
        return tr("Today's deal #{deal}", deal=setup.deal)
    return tr("Deal #{deal}", deal=setup.deal)


def graded_words(setup: GameSetup | None) -> str:
    """The deal's words with its difficulty once it is known: 'Deal #123 · hard' (the
    grade is worked out beside the game, see :func:`.searches.grade_beside`)."""
    words = deal_words(setup)
    if setup is None:
        return words
    grader = difficulty.grader_for(setup)
    grade = tr(difficulty.grade_words(grader.grade)) if grader.done else ""
    return f"{words} \u00b7 {grade}" if grade else words


def clock_words(ms: float) -> str:
    """A time as a clock shows it: '4:07', '1:02:09'."""
    minutes, seconds = divmod(int(ms // 1000), 60)
    if minutes >= 60:
        return f"{minutes // 60}:{minutes % 60:02d}:{seconds:02d}"
    return f"{minutes}:{seconds:02d}"


def round_words(progress: Progress) -> str:
    """Which of the game's rounds (Pyramid 13's three deals) is in play."""
    return tr("Round {round} of {rounds}", round=progress.round, rounds=progress.rounds)


def round_end_words(ended: RoundEnd) -> str:
    """The panel's line on a finished round's score (the next round's number is the
    line above it)."""
    if ended.cleared:
        return tr(
            "Round {number} scored {points} with the pyramid cleared (+{bonus}).",
            number=ended.number,
            points=ended.points,
            bonus=ended.bonus,
        )
    return tr("Round {number} scored {points}.", number=ended.number, points=ended.points)


def basis_words(basis: hints.Basis, game: Game) -> str:
    """What a hint rests on, in a few words after the move: a guess says so, so that it
    does not look as sure as a proven move."""
    if basis is hints.Basis.WINS:
        return tr("It leads to a win.")
    if basis is hints.Basis.MOST:
        if spec_of(game).rounds > 1:
            return tr("It scores the most points this round can give.")
        return tr("No win is left: this removes the most cards.")
    if basis is hints.Basis.CLEARS:
        return tr("It clears the pyramid.")
    if basis is hints.Basis.NO_WIN:
        return tr("No win is left from here.")
    return tr("A guess: nothing was proven in time.")


NAMED_APART = ("draw", "waste", "reserve", "reserve pile")
"""Places a hint names after its card: the draw card, the waste's top and the reserves
lie apart from the pyramid, and the same rank may lie in both."""
NAMED_IN_FULL = 3
"""The most cards a hint names with their suits; a larger group (Fifteens) is named by its
ranks, its cards ringed on the table."""


def hinted_card(game: Game, card: Card) -> str:
    """A card as a hint names it: "Five of diamonds", with its place when it lies apart
    from the pyramid or grid ("Five of diamonds (draw card)")."""
    name = speech.card_name(card)
    place = speech.place_of(game, card)
    if place is not None and place.kind in NAMED_APART:
        return tr("{card} ({place})", card=name, place=place.words())
    return name


def listed(names: list[str]) -> str:
    """Words one after the other: "A, B and C" (see :func:`.speech.card_list`)."""
    if len(names) <= 1:
        return "".join(names)
    return tr("{cards} and {last}", cards=", ".join(names[:-1]), last=names[-1])


def hint_move_words(game: Game, move: Move) -> str:
    """A hint's move in card words, in the player's language: "Hint: remove Four of
    spades and Nine of clubs.", "Hint: remove King of hearts.", "Hint: draw a card (D).",
    a group of Fifteens by its ranks ("Hint: remove Ten, Jack, Queen and King
    together.")."""
    if isinstance(move, Draw):
        if not widgets.keys_shown:  # a finger's player has no D to press
            return tr("Hint: {what}.", what=tr(spec_of(game).draw_hint))
        return tr("Hint: {what} (D).", what=tr(spec_of(game).draw_hint))
    if isinstance(move, Recycle):
        return tr("Hint: turn the waste over.")
    if isinstance(move, MoveToEmpty):
        return tr(
            "Hint: move {card} to empty column {n}.",
            card=hinted_card(game, move.card),
            n=move.column + 1,
        )
    cards = move.cards
    if len(cards) > NAMED_IN_FULL:
        ranks = [tr(RANK_NAMES[rank(c) - 1]) for c in sorted(cards, key=rank)]
        return tr("Hint: remove {cards} together.", cards=listed(ranks))
    return tr("Hint: remove {cards}.", cards=listed([hinted_card(game, c) for c in cards]))


def blocked_words(spot: Spot, game: Game) -> str:
    """Why a click on something that cannot be played changes nothing: a click that did
    nothing at all would look like a missed one."""
    if spot.kind is SpotKind.STOCK:
        return tr("The stock refills the grid by itself.")
    if spot.kind is SpotKind.PILE:
        return tr(PILE_WORDS.get(game.refusal(Recycle()), PILE_WORDS[Refusal.NOTHING_TO_DRAW]))
    return tr("Not free yet: a card below still overlaps it.")
