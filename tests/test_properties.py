"""Property tests over random deals and random legal move sequences: the conformance
suite (tests/conformance.py) over every registered game and offered layout."""

from __future__ import annotations

import os

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from conformance import MOVES, games_of, setups
from conformance import check_cards_accounted_for as _cards
from conformance import check_heuristic as _heuristic
from conformance import check_legal_moves_are_the_accepted_ones as _legal
from conformance import check_outcome as _outcome
from conformance import check_text_round_trip as _round_trip
from conformance import check_undo as _undo
from golden import regen
from thirteen.games import new_game

settings.register_profile(
    "thirteen-engine",
    max_examples=100,
    deadline=None,
    derandomize=os.environ.get("CI") == "true",
    suppress_health_check=[HealthCheck.too_slow],
)
ENGINE = settings.get_profile("thirteen-engine")

SETUPS = setups()


def test_the_suite_covers_every_registered_game():
    from thirteen.games import GAMES

    assert {game for game, _ in SETUPS} == set(GAMES)


@st.composite
def games(draw):
    if draw(st.integers(0, 4)) == 0:
        # Late Thirteens positions (stock gone, empty columns) are rare in random
        # play: start some games part-way along the pinned winning lines.
        name = draw(st.sampled_from(["thirteens_3x5", "thirteens_4x4"]))
        game_id, deal, _, layout, moves = regen.TRANSCRIPTS[name]
        g = new_game(game_id, deal=deal, layout=layout)
        line = moves.split()
        g.play_all(line[: draw(st.integers(len(line) - 12, len(line)))])
        return g
    return draw(games_of(SETUPS))


@ENGINE
@given(games(), MOVES)
def test_every_card_accounted_for_once(g, choices):
    _cards(g, choices)


@ENGINE
@given(games(), MOVES)
def test_undo_restores_every_earlier_position(g, choices):
    _undo(g, choices)


@ENGINE
@given(games(), MOVES)
def test_text_round_trip(g, choices):
    _round_trip(g, choices)


@settings(ENGINE, max_examples=40)
@given(games(), MOVES)
def test_legal_moves_are_exactly_the_accepted_ones(g, choices):
    _legal(g, choices)


@ENGINE
@given(games(), MOVES)
def test_outcome_and_moves_agree(g, choices):
    _outcome(g, choices)


@settings(ENGINE, max_examples=40)
@given(games(), MOVES)
def test_the_heuristic_picks_a_legal_move(g, choices):
    _heuristic(g, choices)
