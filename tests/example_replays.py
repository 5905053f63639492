"""The check every game's help examples pass, for the registry's games and for a game a
test registers of its own: the example replays legally on the engine, each move
changing the table and none played on a finished game."""

from __future__ import annotations

from thirteen.core.examples import replay
from thirteen.games import game_spec


def check_example_replays(game_id: str, n: int) -> None:
    """Example ``n`` of ``game_id``'s help replays legally, move by move, as it is written."""
    spec = game_spec(game_id)
    example = spec.examples[n]
    steps = replay(spec, example)
    assert example.caption.strip() and example.moves
    assert len(steps) == len(example.moves) + 1
    assert [s.effect.move.text() for s in steps[1:]] == [
        steps[0].position.parse_move(m).text() for m in example.moves
    ]
    for before, after in zip(steps, steps[1:], strict=False):
        assert before.position.key != after.position.key  # each move changes the table
        assert not before.position.is_over
