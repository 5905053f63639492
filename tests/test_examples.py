"""Every registered game's help examples replay legally on the engine (conformance over
the registry), and an example that does not is refused naming its move."""

from __future__ import annotations

import dataclasses

import pytest

from example_replays import check_example_replays
from thirteen.core.cards import deck_text
from thirteen.core.deals import decks_for_deal_n
from thirteen.core.examples import ExampleError, replay
from thirteen.core.moves import Recycle
from thirteen.core.spec import Example
from thirteen.games import GAMES, game_spec

EXAMPLES = [
    pytest.param(spec.id, n, id=f"{spec.id}-{n + 1}")
    for spec in GAMES.values()
    for n in range(len(spec.examples))
]


def test_the_first_games_declare_a_move_and_their_rule():
    """Help shows a move and the game's own rule (a game without examples shows the
    still picture of a pair and a King)."""
    for game_id in ("thirteens", "pyramid13", "pyramid"):
        assert len(GAMES[game_id].examples) >= 2, game_id


@pytest.mark.parametrize(("game_id", "n"), EXAMPLES)
def test_the_example_replays_legally(game_id, n):
    check_example_replays(game_id, n)


def test_an_illegal_example_is_refused_naming_its_move():
    spec = game_spec("thirteens")
    bad = Example("Not touching.", spec.examples[0].start, ("4h+9s", "2h+Jd"))
    broken = dataclasses.replace(spec, examples=(bad,))
    with pytest.raises(ExampleError, match=r"Thirteens, example 1: move 2: 2h\+Jd"):
        replay(broken, bad)
    with pytest.raises(ExampleError, match="its start"):
        replay(broken, Example("No such position.", "thirteens 3x3 4h", ("Ks",)))


def test_an_example_may_start_from_a_deck():
    spec = game_spec("thirteens")
    deck = deck_text(decks_for_deal_n(1, 1)[0])  # Ks first: the top-left cell
    steps = replay(spec, Example("A King.", deck, ("Ks",), layout="4x4"))
    assert steps[1].position.score == 1 and steps[1].position.long_title == "Thirteens 4x4"


def test_the_special_rules_are_shown():
    """Thirteens' fall (a card that stays on the grid moves down), Pyramid 13's one pass
    (the last example ends its round with no recycle), Pyramid's turning of the waste."""
    thirteens = [replay(GAMES["thirteens"], ex) for ex in GAMES["thirteens"].examples]

    def rows(position):
        return {
            card: r for r, row in enumerate(position.grid()) for card in row if card is not None
        }

    assert any(
        any(rows(b.position).get(c, r) > r for c, r in rows(a.position).items())
        for steps in thirteens
        for a, b in zip(steps, steps[1:], strict=False)
    )
    one_pass = replay(GAMES["pyramid13"], GAMES["pyramid13"].examples[-1])
    assert one_pass[-1].effect.round_end is not None
    assert not any(isinstance(s.effect.move, Recycle) for s in one_pass[1:])
    turns = [replay(GAMES["pyramid"], ex) for ex in GAMES["pyramid"].examples]
    assert any(isinstance(s.effect.move, Recycle) for steps in turns for s in steps[1:])
