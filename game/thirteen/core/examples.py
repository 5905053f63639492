"""The examples of play a game declares in its record (``GameSpec.examples``), replayed
on the engine: the help screen animates the positions, and a test replays every
registered game's examples, so an example can only show what the rules allow."""

from __future__ import annotations

from dataclasses import dataclass

from thirteen.core.cards import NotationError, quoted
from thirteen.core.game import Game, IllegalMoveError, MoveEffect
from thirteen.core.registry import GameSetup
from thirteen.core.spec import Example, GameSpec


class ExampleError(ValueError):
    """An example that cannot be replayed: it names the game, the example and the move."""


@dataclass(frozen=True)
class ExampleStep:
    """One position of an example: the start, or the position after a move."""

    position: Game
    effect: MoveEffect | None = None
    """What the move that led here did (None at the start)."""


def example_start(spec: GameSpec, example: Example) -> Game:
    """The example's starting position, from the game's position text or a deck text."""
    text = example.start.strip()
    head = text.split(maxsplit=1)[0].lower() if text else ""
    if head == spec.id:
        return spec.position_type.from_text(text)
    return GameSetup(spec.id, deck=text, layout=example.layout).new_game()


def replay(spec: GameSpec, example: Example) -> list[ExampleStep]:
    """Every position of the example, the start first; ExampleError says what is wrong."""
    number = spec.examples.index(example) + 1 if example in spec.examples else 0
    where = f"{spec.title}, example {number}" if number else spec.title
    try:
        game = example_start(spec, example)
    except (NotationError, ValueError) as exc:
        raise ExampleError(f"{where}: its start: {exc}") from None
    if game.is_over:
        raise ExampleError(f"{where}: its start is already over")
    steps = [ExampleStep(game.copy())]
    for n, text in enumerate(example.moves, 1):
        if game.is_over:
            raise ExampleError(f"{where}: move {n} {quoted(text)} comes after the game is over")
        try:
            effect = game.play(game.parse_move(text))
        except (NotationError, IllegalMoveError) as exc:
            raise ExampleError(f"{where}: move {n}: {exc}") from None
        steps.append(ExampleStep(game.copy(), effect))
    return steps
