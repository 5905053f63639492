"""Property tests over random deals and random legal move sequences (all games)."""

from __future__ import annotations

import os

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from golden import regen
from thirteen.cards import FULL_DECK, is_king, is_pair
from thirteen.game import IllegalMoveError
from thirteen.moves import Draw, Move, MoveToEmpty, Recycle, RemoveKing, RemovePair
from thirteen.variants import decks_text, new_game, position_from_text

settings.register_profile(
    "thirteen-engine",
    max_examples=100,
    deadline=None,
    derandomize=os.environ.get("CI") == "true",
    suppress_health_check=[HealthCheck.too_slow],
)
ENGINE = settings.get_profile("thirteen-engine")

GAMES = [
    ("thirteens", "3x5"),
    ("thirteens", "4x4"),
    ("thirteens", "5x3"),
    ("thirteens", "2x2"),
    ("thirteens", "6x5"),
    ("pyramid", None),
    ("pyramid13", None),
]

CANDIDATES: list[Move] = (
    [Draw(), Recycle()]
    + [RemoveKing(c) for c in FULL_DECK if is_king(c)]
    + [RemovePair(a, b) for a in FULL_DECK for b in FULL_DECK if a < b and is_pair(a, b)]
)


def candidates(game) -> list[Move]:
    columns = game.layout.columns if hasattr(game, "layout") else 2
    return CANDIDATES + [MoveToEmpty(c, col) for c in FULL_DECK for col in range(columns + 1)]


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
    game_id, layout = draw(st.sampled_from(GAMES))
    decks = 3 if game_id == "pyramid13" else 1
    if draw(st.booleans()):
        g = new_game(game_id, deal=draw(st.integers(1, 2**31 - 1)), layout=layout)
    else:
        perms = [draw(st.permutations(FULL_DECK)) for _ in range(decks)]
        g = new_game(game_id, deck=decks_text(perms), layout=layout)
    return g


def play_random(g, choices: list[int]) -> list[str]:
    """Play legal moves picked by ``choices``; return the position text after each."""
    texts = [g.text()]
    for choice in choices:
        legal = g.legal_moves()
        if not legal:
            break
        g.play(legal[choice % len(legal)])
        texts.append(g.text())
    return texts


def removed_set(g) -> set[int]:
    """Cards named by the removals of the current deal (Pyramid 13 restarts each deal)."""
    out: set[int] = set()
    probe = new_game(g.setup.game, deal=g.setup.deal, deck=g.setup.deck, layout=g.setup.layout)
    for move in g.moves:
        index = getattr(probe, "deal_index", 0)
        probe.play(move)
        if getattr(probe, "deal_index", 0) != index:
            out = set()  # the move ended a deal: a fresh deck is in play
        elif isinstance(move, RemoveKing):
            out.add(move.card)
        elif isinstance(move, RemovePair):
            out.update(move.cards)
    return out


MOVES = st.lists(st.integers(0, 10**6), min_size=5, max_size=200)


@ENGINE
@given(games(), MOVES)
def test_every_card_accounted_for_once(g, choices):
    for choice in choices:
        legal = g.legal_moves()
        if not legal:
            break
        g.play(legal[choice % len(legal)])
        in_play = [c for zone in g.cards_in_play().values() for c in zone]
        assert len(in_play) == len(set(in_play))
        assert len(in_play) + g.removed_cards == 52
    gone = removed_set(g)
    in_play = {c for zone in g.cards_in_play().values() for c in zone}
    assert not gone & in_play
    assert gone | in_play == set(FULL_DECK)
    assert len(gone) == g.removed_cards


@ENGINE
@given(games(), MOVES)
def test_undo_restores_every_earlier_position(g, choices):
    start_key, start_moves = g.key, g.moves
    texts = play_random(g, choices)
    assert len(g.moves) == len(start_moves) + len(texts) - 1
    while len(g.moves) > len(start_moves):
        texts.pop()
        g.undo()
        assert g.text() == texts[-1]
    assert g.key == start_key and g.moves == start_moves


@ENGINE
@given(games(), MOVES)
def test_text_round_trip(g, choices):
    for text in play_random(g, choices)[-3:]:
        again = position_from_text(text)
        assert again.text() == text
        assert position_from_text(again.text()).text() == text
    again = position_from_text(g.text())
    assert again.legal_moves() == g.legal_moves()
    assert again.outcome is g.outcome
    assert again.score == g.score
    assert again.removed_cards == g.removed_cards
    assert sorted(again.cards_in_play().items()) == sorted(g.cards_in_play().items())


@settings(ENGINE, max_examples=40)
@given(games(), MOVES)
def test_legal_moves_are_exactly_the_accepted_ones(g, choices):
    play_random(g, choices)
    for pos in (g, position_from_text(g.text())):
        legal = pos.legal_moves()
        assert len(legal) == len(set(legal))
        before = pos.text()
        for move in candidates(pos):
            assert Move.from_text(move.text()) == move
            if move in legal:
                pos.play(move)
                pos.undo()
            else:
                try:
                    pos.play(move)
                except IllegalMoveError:
                    pass
                else:
                    raise AssertionError(f"{move.text()} accepted but not in legal_moves")
            assert pos.text() == before
        for move in legal:
            assert Move.from_text(move.text()) == move
            assert pos.is_legal(move)


@ENGINE
@given(games(), MOVES)
def test_outcome_and_moves_agree(g, choices):
    play_random(g, choices)
    if g.is_over:
        assert g.legal_moves() == []
    else:
        assert g.legal_moves()
    if g.setup.game == "thirteens":
        if any(isinstance(m, MoveToEmpty) for m in g.legal_moves()):
            assert g.stock_left == 0
    won = g.outcome.value == "won"
    if g.setup.game == "thirteens":
        assert won == (g.removed_cards == 52) and g.score == g.removed_cards
    elif g.setup.game == "pyramid":
        assert won == (g.score == 28)
    else:
        assert g.score % 10 == 0 and g.score >= sum(g.deal_scores)
