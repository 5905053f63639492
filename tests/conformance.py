"""The conformance suite every registered game passes (OpenSpiel's habit): checks over a
game and a list of random choices, run by tests/test_properties.py for the registry's
games and by any test that registers a game of its own."""

from __future__ import annotations

import itertools

from hypothesis import strategies as st

from thirteen.core.cards import FULL_DECK
from thirteen.core.game import Game, IllegalMoveError, Outcome, Termination
from thirteen.core.moves import Draw, Move, MoveToEmpty, Recycle
from thirteen.games import GAMES, decks_text, new_game, position_from_text, spec_of

MOVES = st.lists(st.integers(0, 10**6), min_size=5, max_size=200)


def setups(extra_layouts: tuple[str, ...] = ("2x2", "6x5")) -> list[tuple[str, str | None]]:
    """(game, layout) for every registered game and offered layout, and a few layouts
    only a link opens for the games that have layouts."""
    out: list[tuple[str, str | None]] = []
    for spec in GAMES.values():
        if spec.layouts:
            out += [(spec.id, layout) for layout in (*spec.layouts, *extra_layouts)]
        else:
            out.append((spec.id, None))
    return out


@st.composite
def games_of(draw, choices: list[tuple[str, str | None]]) -> Game:
    """A game from ``choices``: by deal number or by a random deck."""
    game_id, layout = draw(st.sampled_from(choices))
    decks = GAMES[game_id].decks
    if draw(st.booleans()):
        return new_game(game_id, deal=draw(st.integers(1, 2**31 - 1)), layout=layout)
    perms = [draw(st.permutations(FULL_DECK)) for _ in range(decks)]
    return new_game(game_id, deck=decks_text(perms), layout=layout)


def play_random(g: Game, choices: list[int]) -> list[str]:
    """Play legal moves picked by ``choices``; return the position text after each."""
    texts = [g.text()]
    for choice in choices:
        legal = g.legal_moves()
        if not legal:
            break
        g.play(legal[choice % len(legal)])
        texts.append(g.text())
    return texts


def candidates(game: Game) -> list[Move]:
    """Moves worth trying anywhere: draws, every group of one or two cards the game's rule
    makes, the legal moves' groups, and moves to every column of a grid."""
    out: list[Move] = [Draw(), Recycle()]
    for size in (1, 2):
        for cards in itertools.combinations(FULL_DECK, size):
            move = game.removal(cards)
            if move is not None:
                out.append(move)
    out += [m for m in game.legal_moves() if len(m.cards) > 2]
    if hasattr(game, "grid"):
        columns = len(game.grid()[0])
        out += [MoveToEmpty(c, col) for c in FULL_DECK for col in range(columns + 1)]
    return out


def removed_set(g: Game) -> set[int]:
    """Cards named by the removals of the current round (each round deals a fresh deck)."""
    out: set[int] = set()
    probe = g.setup.new_game()
    for move in g.moves:
        before = probe.progress().round
        probe.play(move)
        if probe.progress().round != before:
            out = set()  # the move ended a round: a fresh deck is in play
        else:
            out.update(move.cards)
    return out


def check_cards_accounted_for(g: Game, choices: list[int]) -> None:
    for choice in choices:
        legal = g.legal_moves()
        if not legal:
            break
        effect = g.play(legal[choice % len(legal)])
        assert effect.removed == frozenset(effect.move.cards)
        in_play = [c for zone in g.cards_in_play().values() for c in zone]
        assert len(in_play) == len(set(in_play))
        assert len(in_play) + g.removed_cards == 52
    gone = removed_set(g)
    in_play = {c for zone in g.cards_in_play().values() for c in zone}
    assert not gone & in_play
    assert gone | in_play == set(FULL_DECK)
    assert len(gone) == g.removed_cards


def check_undo(g: Game, choices: list[int]) -> None:
    start_key, start_moves = g.key, g.moves
    texts = play_random(g, choices)
    assert len(g.moves) == len(start_moves) + len(texts) - 1
    while len(g.moves) > len(start_moves):
        texts.pop()
        g.undo()
        assert g.text() == texts[-1]
    assert g.key == start_key and g.moves == start_moves


def check_text_round_trip(g: Game, choices: list[int]) -> None:
    for text in play_random(g, choices)[-3:]:
        again = position_from_text(text)
        assert again.text() == text
        assert position_from_text(again.text()).text() == text
    again = position_from_text(g.text())
    assert again.legal_moves() == g.legal_moves()
    assert again.outcome is g.outcome
    assert again.termination is g.termination
    assert again.progress() == g.progress()
    assert again.score == g.score
    assert again.removed_cards == g.removed_cards
    assert sorted(again.cards_in_play().items()) == sorted(g.cards_in_play().items())


def check_legal_moves_are_the_accepted_ones(g: Game, choices: list[int]) -> None:
    play_random(g, choices)
    for pos in (g, position_from_text(g.text())):
        legal = pos.legal_moves()
        assert len(legal) == len(set(legal))
        before = pos.text()
        for move in candidates(pos):
            assert pos.parse_move(move.text()) == move
            if move in legal:
                assert pos.refusal(move) is None and pos.why_illegal(move) is None
                pos.play(move)
                pos.undo()
            else:
                assert pos.refusal(move) is not None and pos.why_illegal(move)
                try:
                    pos.play(move)
                except IllegalMoveError:
                    pass
                else:
                    raise AssertionError(f"{move.text()} accepted but not in legal_moves")
            assert pos.text() == before
        available = set(pos.available_cards())
        in_play = {c for zone in pos.cards_in_play().values() for c in zone}
        assert available <= in_play
        for move in legal:
            assert pos.parse_move(move.text()) == move
            assert set(move.cards) <= available
            if move.cards:
                assert pos.removal(move.cards) == move
                assert pos.could_group(move.cards)
                for size in range(1, len(move.cards)):
                    for part in itertools.combinations(move.cards, size):
                        assert pos.could_group(part)
                        assert move in pos.completions(part)


def check_outcome(g: Game, choices: list[int]) -> None:
    play_random(g, choices)
    spec = spec_of(g)
    assert (g.legal_moves() == []) == g.is_over
    assert (g.termination is None) == (not g.is_over)
    if g.outcome is Outcome.WON:
        assert g.termination in (Termination.CLEARED, Termination.ROUNDS_PLAYED)
    if any(isinstance(m, MoveToEmpty) for m in g.legal_moves()):
        assert g.progress().stock == 0
    if spec.max_score is not None:
        assert 0 <= g.score <= spec.max_score
        assert (g.outcome is Outcome.WON) == (g.score == spec.max_score)
    if spec.score_unit == "cards":
        assert g.score == g.removed_cards
    progress = g.progress()
    if spec.rounds > 1:
        assert progress.rounds == spec.rounds and 1 <= (progress.round or 0) <= spec.rounds
        assert g.score >= sum(progress.round_scores)
    assert (g.setup.spec is spec) and g.long_title.startswith(spec.title)


def check_heuristic(g: Game, choices: list[int]) -> None:
    """The record's heuristic (a real reference, where the game has one) picks one of the
    legal moves, and nothing once the game is over."""
    play_random(g, choices)
    heuristic = spec_of(g).heuristic
    if heuristic is None:
        return
    before = g.text()
    move = heuristic(g)
    assert g.text() == before
    if g.is_over:
        assert move is None
    else:
        assert move in g.legal_moves()


CHECKS = (
    check_cards_accounted_for,
    check_undo,
    check_text_round_trip,
    check_legal_moves_are_the_accepted_ones,
    check_outcome,
    check_heuristic,
)
"""Every check, for a game of one's own: ``for check in CHECKS: check(game, choices)``."""
