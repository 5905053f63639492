"""Pyramid solvers: lines replay to wins, verdicts and optima match exhaustive searches."""

from __future__ import annotations

import functools
import random

import pytest

from pyramid_plain import plain_verdict
from pyramid_positions import (
    bfs_shortest,
    random_small,
    replays_to_win,
    shortest_agrees_with_bfs,
    small_position,
)
from pyramid_reference import classic_verdict, last_pass_verdict, late_ok, stack_ok
from thirteen.core.cards import card_text, cards_compact, make_card, parse_cards
from thirteen.core.deals import deck_for_deal
from thirteen.core.moves import Draw, Recycle
from thirteen.games.pyramids.baseline import baseline_solve_pyramid
from thirteen.games.pyramids.deal import PyramidDeal
from thirteen.games.pyramids.deal_tables import DealTables
from thirteen.games.pyramids.points import max_points_pyramid13_deal
from thirteen.games.pyramids.rules import CLEAR_BONUS, Pyramid, Pyramid13
from thirteen.games.pyramids.solver import solve_pyramid, solve_pyramid13_deal
from thirteen.search.budget import SearchBudget
from thirteen.search.result import NOT_WINNABLE, UNKNOWN, WINNABLE

# -- helpers ---------------------------------------------------------------


def exhaustive_points(deal: PyramidDeal, bonus: int) -> int:
    """Best points of a one-pass deal over every reachable end of the deal."""
    best = 0
    seen = {deal.start()}
    stack = [deal.start()]
    while stack:
        key = stack.pop()
        moves = [m for m in deal.moves(key) if not isinstance(m, Recycle)]
        if not moves:
            best = max(best, 10 * deal.removed(key) + (bonus if deal.cleared(key) else 0))
        for move in moves:
            child = deal.apply(key, move)
            if child not in seen:
                seen.add(child)
                stack.append(child)
    return best


def play_random(game: Pyramid, rng: random.Random, count: int) -> None:
    """Up to ``count`` random legal moves (fewer when the game ends)."""
    for _ in range(count):
        moves = game.legal_moves()
        if not moves:
            break
        game.play(rng.choice(moves))


def one_pass_of(game: Pyramid) -> Pyramid13:
    """The classic position as the one pass of a Pyramid 13 deal (pyramid, draw pile, waste)."""
    rows, draw, waste = game.text().split()[1:4]
    return Pyramid13.from_text(f"pyramid13 3 0,0 {rows} {draw} {waste} -")


def one_pass_verdict(p13: Pyramid13, expected: str, label: str) -> str:
    """The one-pass verdict of ``p13``, checked against ``expected``; a winning line
    is played on ``p13`` and must clear the pyramid."""
    result = solve_pyramid13_deal(p13)
    assert result.verdict == expected, label
    if result.winnable:
        p13.play_all(result.moves)
        assert p13.deal.cleared(p13.pos)
    return result.verdict


def clears_its_pyramid(game: Pyramid13, moves) -> bool:
    """The moves, played on the game's current deal alone, leave its pyramid cleared (the
    deal's score cannot tell: 38 cards without the bonus score as much as 28 with it)."""
    deal, key = game.deal, game.pos
    for move in moves:
        if deal.why_illegal(key, move) is not None:
            return False
        key = deal.apply(key, move)
    return deal.cleared(key)


# -- classic verdicts --------------------------------------------------------


@pytest.mark.parametrize("number", range(1, 41))
def test_winning_lines_replay(number: int) -> None:
    game = Pyramid(deck_for_deal(number))
    result = solve_pyramid(game, budget_ms=20_000)
    assert result.verdict in (WINNABLE, NOT_WINNABLE)
    if result.winnable:
        assert replays_to_win(game, result.moves)
    if number <= 4:
        assert classic_verdict(deck_for_deal(number)) == result.verdict


def test_solve_from_a_position_in_play() -> None:
    game = Pyramid(deck_for_deal(1))
    line = solve_pyramid(game).moves
    game.play_all(line[:10])
    result = solve_pyramid(game)
    assert result.winnable and replays_to_win(game, result.moves)


def test_partners_buried_under_the_top_card_is_lost() -> None:
    # the top card is the Ace of clubs; all four Queens lie under it, so
    # each must leave before the Ace is free and the Ace can never go
    queens = [make_card(12, s) for s in range(4)]
    rest = [c for c in range(52) if c not in queens and c != make_card(1, 0)]
    deck = [make_card(1, 0), *queens, *rest]
    game = Pyramid(deck)
    result = solve_pyramid(game)
    assert result.verdict == NOT_WINNABLE
    assert baseline_solve_pyramid(game, max_nodes=50).verdict == UNKNOWN


def test_relaxation_sees_partners_used_up() -> None:
    # two Jacks on the bottom row, no 2 left but one in the draw pile: one Jack stays
    game = small_position(parse_cards("Jc Jd Kc Ks Kd Kh Qs"), parse_cards("2c As 4d"))
    assert solve_pyramid(game).verdict == NOT_WINNABLE
    assert bfs_shortest(game) is None


def test_verdicts_agree_with_baseline_on_small_positions() -> None:
    rng = random.Random(13)
    counts = {WINNABLE: 0, NOT_WINNABLE: 0}
    for n in range(140):
        # two rows with recycles make the plain search slow: keep those one-pass
        rows, recycles = (1, rng.randint(0, 2)) if n % 3 else (2, 0)
        game = random_small(rng, rows, rng.randint(0, 3), recycles)
        mine = solve_pyramid(game)
        plain = plain_verdict(game)
        assert mine.verdict == plain.verdict, game.text()
        counts[mine.verdict] += 1
        if mine.winnable:
            assert replays_to_win(game, mine.moves)
            assert replays_to_win(game, plain.moves)
    assert min(counts.values()) >= 20  # both verdicts well represented


BASELINE_DEALS = [1, 2, 4]
"""Full deals on which the plain search finishes quickly (lost full deals take it minutes)."""


@pytest.mark.parametrize("number", BASELINE_DEALS)
def test_verdicts_agree_with_baseline_on_deals(number: int) -> None:
    game = Pyramid(deck_for_deal(number))
    plain = baseline_solve_pyramid(game, max_nodes=400_000)
    assert plain.verdict != UNKNOWN
    assert solve_pyramid(game).verdict == plain.verdict


def test_budget_runs_out_to_unknown() -> None:
    game = Pyramid(deck_for_deal(5))  # needs many thousand nodes
    assert solve_pyramid(game, max_nodes=50).verdict == UNKNOWN
    assert solve_pyramid(game, budget_ms=0).verdict == UNKNOWN
    assert solve_pyramid(game, shortest=True, max_nodes=50).verdict == UNKNOWN
    assert baseline_solve_pyramid(game, max_nodes=50).verdict == UNKNOWN


def test_cleared_pyramid_is_won_at_once() -> None:
    game = Pyramid.from_text(
        "pyramid --/----/------/--------/----------/------------/Kc" + "--" * 6 + " Ac - 2"
    )
    game.play("Kc")
    result = solve_pyramid(game)
    assert result.verdict == WINNABLE and result.moves == []


# -- shortest lines ----------------------------------------------------------


def test_shortest_known_case() -> None:
    # bottom row Ac 2c 3c 4c 5c 6c 7c; the draw pile is Kd 9d Jd Qd Td 8d.
    # 6c+7c pair at once (1), then each of Ac..5c needs its partner from the pile:
    # Kd is removed (1), 9d (4c) (1), Jd (2c) (1), Qd (Ac) (1), Td (3c) (1),
    # 8d (5c) (1): 7 steps and no Draw at all.
    game = small_position(parse_cards("Ac 2c 3c 4c 5c 6c 7c"), parse_cards("Kd 9d Jd Qd Td 8d"))
    result = solve_pyramid(game, shortest=True)
    assert result.winnable and result.steps == 7 == bfs_shortest(game)
    assert not any(isinstance(m, Draw) for m in result.moves)
    assert replays_to_win(game, result.moves)


FULL_DECK_20 = (
    "Qs Jh 2h 2s 5s 8d 5c 8c Jc 3h Qd Ah Ac Kc Ts Qc 3d Tc 8s 8h 5h Td 5d 3c Qh 3s Th Ad "
    "7s 6c 6d 6h 7d As 6s Js 4s 9h 2d 9c 7h 7c Kd 9s 2c Kh 4d 4c 4h 9d Jd Ks"
)
"""A whole deck whose shortest clearing line is 20 steps, by hand: see the test."""


def test_shortest_on_a_whole_deck_with_a_hand_proven_answer() -> None:
    """Found missing by an audit: no 52-card deck had a known shortest line.

    The pyramid holds the apex Qs, one King (Kc) and 26 cards of the classes A/Q, 2/J,
    3/T, 4/9 and 5/8; no 6 or 7. The draw pile starts with five 6s and 7s, then As.

    Lower bound: every other pyramid card covers the apex, directly or through the
    cards between, so the apex goes last and without a pyramid partner: its partner
    is an Ace from the pile, at index 5 at the earliest, so the pointer must first
    move five times.
    Each step moves it at most once, and while the draw card and the waste hold only
    6s and 7s (no partner in the pyramid) such a step removes no pyramid card: 5
    steps. The King goes alone (1), the apex with its Ace (1), and the other 26
    pyramid cards at most two a step (13). So at least 20 steps, and the line below
    has 20.
    """
    game = Pyramid(parse_cards(FULL_DECK_20))
    by_hand = (
        "Ad+Qh 3s+Th 5d+8h 5h+8s Kc 3c+Ts 3h+Tc 3d+Td Ac+Qc Ah+Qd 5c+8c 2s+Jc 5s+8d 2h+Jh "
        "D D D D D Qs+As"
    ).split()
    assert len(by_hand) == 20 and replays_to_win(game, by_hand)
    pyramid = [c[0] for c in FULL_DECK_20.split()[:28]]
    assert pyramid.count("K") == 1 and not set(pyramid) & {"6", "7"}
    assert {c[0] for c in FULL_DECK_20.split()[28:33]} <= {"6", "7"}
    result = solve_pyramid(game, shortest=True)
    assert result.winnable and result.steps == 20
    assert replays_to_win(game, result.moves)


def test_shortest_needs_a_recycle() -> None:
    # Ac (row 6 from the top) is covered by 2c and 3h; 4h+9h, 5h+8h and Ks go
    # at once.  The Queen comes first in the pile, then a useless 6c that
    # buries it on the waste, then the Jack and Ten that free the Ace.  So:
    # Ks, 4h+9h, 5h+8h, D, D, 2c+Jd, 3h+Td, R, Ac+Qd = 9 steps.
    game = Pyramid.from_text(
        "pyramid --/----/------/--------/----------/Ac----------/2c3h4h9h5h8hKs Qd6cJdTd - 2"
    )
    result = solve_pyramid(game, shortest=True)
    assert result.winnable and result.steps == 9 == bfs_shortest(game)
    assert any(isinstance(m, Recycle) for m in result.moves)
    assert replays_to_win(game, result.moves)
    no_recycle = Pyramid.from_text(game.text()[:-1] + "0")
    assert solve_pyramid(no_recycle).verdict == NOT_WINNABLE
    assert bfs_shortest(no_recycle) is None


def test_shortest_matches_bfs_on_small_positions() -> None:
    rng = random.Random(7)
    checked = 0
    for n in range(110):
        # the breadth-first oracle is slow on two rows with recycles: keep those one-pass
        rows, recycles = (1, rng.randint(0, 2)) if n % 4 else (2, 0)
        game = random_small(rng, rows, rng.randint(0, 3), recycles)
        checked += shortest_agrees_with_bfs(game)
    assert checked >= 20


def test_shortest_on_a_full_deal_is_no_longer_than_the_first_line() -> None:
    game = Pyramid(deck_for_deal(1))
    first = solve_pyramid(game)
    assert replays_to_win(game, first.moves)
    best = solve_pyramid(game, shortest=True, budget_ms=20_000)
    assert best.winnable and best.steps <= first.steps
    assert replays_to_win(game, best.moves)


# -- Pyramid 13 --------------------------------------------------------------


def test_pyramid13_deal_clears_in_one_pass() -> None:
    game = Pyramid13.for_deal_number(1)
    result = solve_pyramid13_deal(game)
    assert result.winnable
    assert not any(isinstance(m, Recycle) for m in result.moves)
    assert clears_its_pyramid(game, result.moves)
    replay = game.copy()
    replay.play_all(result.moves)
    assert replay.deal_index == 1 and len(replay.deal_scores) == 1
    assert replay.deal_scores[0] >= 28 * 10 + CLEAR_BONUS[0]


def test_pyramid13_deal_lost() -> None:
    game = Pyramid13.for_deal_number(2)
    assert solve_pyramid13_deal(game).verdict == NOT_WINNABLE
    assert solve_pyramid13_deal(game, max_nodes=20).verdict in (UNKNOWN, NOT_WINNABLE)


def test_pyramid13_deal_agrees_with_baseline_without_recycles() -> None:
    # Pyramid 13's one pass is the classic game with no recycle: the plain
    # search on such positions checks the one-pass verdicts both ways
    rng = random.Random(11)
    counts = {WINNABLE: 0, NOT_WINNABLE: 0}
    for _ in range(60):
        game = random_small(rng, 2, rng.randint(0, 3), 0)
        plain = plain_verdict(game)
        p13 = one_pass_of(game)
        verdict = one_pass_verdict(p13, plain.verdict, game.text())
        counts[verdict] += 1
        assert p13.is_over or verdict != WINNABLE
    assert min(counts.values()) >= 10


def test_max_points_matches_exhaustive_search() -> None:
    rng = random.Random(3)
    for n in range(60):
        bonus = CLEAR_BONUS[n % 3]
        size = rng.choice((2, 3))
        cells_n = sum(range(8 - size, 8))
        cards = rng.sample(range(52), cells_n + rng.randint(3, 8))
        pyramid = [None] * (28 - cells_n) + cards[:cells_n]
        deal = PyramidDeal(pyramid, cards[cells_n:], 0)
        points, moves, status = max_points_pyramid13_deal(deal, bonus=bonus)
        assert status == "exact"
        assert points == exhaustive_points(deal, bonus), [card_text(c) for c in cards]
        key = deal.start()
        for m in moves:
            assert deal.why_illegal(key, m) is None
            key = deal.apply(key, m)
        assert not deal.moves(key)  # the line ends the deal
        assert 10 * deal.removed(key) + (bonus if deal.cleared(key) else 0) == points


def test_max_points_with_holes_anywhere_matches_exhaustive_search() -> None:
    """Found by a differential check: a King with only holes above it was taken at once,
    though kept as the last pyramid card it lets the player draw and pair on before
    the clear ends the deal (in play only the apex can be last, but a position text
    may leave holes anywhere).  From the position below: 530 points, not 550."""
    text = (
        "pyramid13 1 - --/----/------/--------/----------/--------Kd--/--3c----------"
        " Qs2h8sAdQd2c2d9d5d Ts "
        + cards_compact(deck_for_deal(1))
        + ","
        + cards_compact(deck_for_deal(2))
    )
    game = Pyramid13.from_text(text)
    points, moves, status = max_points_pyramid13_deal(game.deal, game.pos, bonus=100)
    assert (points, status) == (550, "exact")
    game.play_all(moves)
    assert game.deal_scores == (550,)
    # a King and a few other cards anywhere, with partners and pairs in the pile
    rng = random.Random(11)
    for n in range(120):
        pool = rng.sample(range(52), 52)
        king = next(c for c in pool if c >> 2 == 12)
        pool.remove(king)
        cells = rng.sample(range(28), rng.randint(2, 4))
        cards = [king] + [pool.pop() for _ in cells[1:]]
        stock = []
        for c in cards[1:]:
            partner = next((p for p in pool if (p >> 2) + (c >> 2) == 11), None)
            if partner is not None:
                pool.remove(partner)
                stock.append(partner)
        for _ in range(2):
            a = next(p for p in pool if p >> 2 != 12)
            pool.remove(a)
            b = next(p for p in pool if (p >> 2) + (a >> 2) == 11)
            pool.remove(b)
            stock += [a, b]
        stock += [pool.pop() for _ in range(rng.randint(0, 3))]
        rng.shuffle(stock)
        pyramid: list[int | None] = [None] * 28
        for cell, card in zip(cells, cards, strict=True):
            pyramid[cell] = card
        deal = PyramidDeal(pyramid, stock, 0)
        bonus = CLEAR_BONUS[n % 3]
        points, _, status = max_points_pyramid13_deal(deal, bonus=bonus)
        assert status == "exact"
        assert points == exhaustive_points(deal, bonus), [card_text(c) for c in cards]


def test_max_points_refuses_a_bonus_no_round_has() -> None:
    # points are scored as round_points of the round with that bonus
    deal = Pyramid13.for_deal_number(1).deal
    with pytest.raises(ValueError, match="bonus of 50"):
        max_points_pyramid13_deal(deal, bonus=50)


def test_max_points_on_full_deals() -> None:
    game = Pyramid13.for_deal_number(1)
    points, moves, status = max_points_pyramid13_deal(game.deal, bonus=CLEAR_BONUS[0])
    assert status == "exact" and points >= 28 * 10 + CLEAR_BONUS[0]
    replay = game.copy()
    replay.play_all(moves)
    assert replay.deal_scores == (points,)
    lost = Pyramid13.for_deal_number(2)
    points, moves, status = max_points_pyramid13_deal(lost.deal, bonus=CLEAR_BONUS[0])
    assert status == "exact"
    replay = lost.copy()
    replay.play_all(moves)
    assert replay.deal_scores == (points,)
    assert points <= 51 * 10  # not cleared, so at least one card stays
    _, _, status = max_points_pyramid13_deal(lost.deal, bonus=100, max_nodes=30)
    assert status == "unknown"


def test_max_points_with_the_one_pass_verdict_given() -> None:
    """The verdict a caller passes (or the one found inside) only prunes: same points."""
    for number in (2, 3, 6):
        deal = Pyramid13.for_deal_number(number).deal
        assert not solve_pyramid13_deal(Pyramid13.for_deal_number(number)).winnable
        found = max_points_pyramid13_deal(deal, bonus=CLEAR_BONUS[0])
        given = max_points_pyramid13_deal(deal, bonus=CLEAR_BONUS[0], clearable=False)
        assert found[0] == given[0] and found[2] == given[2] == "exact"
        assert found[0] <= 51 * 10


def test_pyramid13_forced_waste_cuts_agree_with_baseline() -> None:
    # three rows in one pass, after a few random moves: deep wastes whose
    # order matters, where the forced-waste check prunes most
    rng = random.Random(29)
    counts = {WINNABLE: 0, NOT_WINNABLE: 0}
    for _ in range(16):
        game = random_small(rng, 3, rng.randint(2, 6), 0)
        play_random(game, rng, rng.randint(0, 4))
        plain = plain_verdict(game)
        p13 = one_pass_of(game)
        if p13.is_over:
            continue
        result = solve_pyramid13_deal(p13)
        assert result.verdict == plain.verdict, game.text()
        counts[result.verdict] += 1
    assert min(counts.values()) >= 4


def test_pyramid13_few_ranks_agree_with_baseline() -> None:
    # cards of a few ranks only: waste cards of one rank (merged in the
    # transposition table) and cards with a single partner left (forced
    # pairs) abound; from the start and after a few random moves
    ranks = (1, 12, 2, 11, 5, 8, 13)
    cards = [make_card(r, s) for r in ranks for s in range(4)]
    rng = random.Random(5)
    counts = {WINNABLE: 0, NOT_WINNABLE: 0}
    for _ in range(40):
        rows = rng.choice((2, 3))
        cells = sum(range(8 - rows, 8))
        picked = rng.sample(cards, cells + rng.randint(4, 28 - cells))
        game = small_position(picked[:cells], picked[cells:], 0)
        play_random(game, rng, rng.randint(0, 5))
        plain = plain_verdict(game)
        p13 = one_pass_of(game)
        if p13.is_over:
            continue
        counts[one_pass_verdict(p13, plain.verdict, game.text())] += 1
    assert min(counts.values()) >= 8, counts


def _root_checks(game: Pyramid13) -> tuple[bool, bool, bool]:
    """The one-pass bounds at a position: relaxation, forced waste cards, late cards."""
    from pyramid_reference import bury

    tables = DealTables(game.deal)
    tables.budget = SearchBudget(None, None)
    pm, sm, p, _ = tables.normalise(game.pos)
    sm, cv = bury(tables, pm, sm, p, tables.cv_of(sm))
    return tables.relaxed(pm, cv), stack_ok(tables, pm, sm, p), late_ok(tables, pm, sm, p)


def test_pyramid13_late_card_proves_lost_at_once() -> None:
    # the free Queen of clubs can only go with the Ace of clubs, at the bottom
    # of the waste: 8h 4d 5d above it, and every pile card drawn meanwhile,
    # must pair off first.  5d needs an Eight from the pile (8c, fifth), but
    # drawing that far brings 7d, whose one Six in reach (6h) lies under the
    # Queen; drawing further only adds cards that cannot all be paired.  The
    # relaxation and the forced-waste check both still hope.
    rows = "--/----/------/--------/Qs2cAh5h4s/9d6hAd7sTc5s/----Qc2d------"
    piles = "9s7d3cQd8cJc8dJdTs6c8s Ac8h4d5d"
    game = Pyramid13.from_text(f"pyramid13 3 0,0 {rows} {piles} -")
    assert _root_checks(game) == (True, True, False)
    assert solve_pyramid13_deal(game).verdict == NOT_WINNABLE
    classic = Pyramid.from_text(f"pyramid {rows} {piles} 0")
    assert baseline_solve_pyramid(classic, max_nodes=None).verdict == NOT_WINNABLE


def test_pyramid13_late_cards_agree_with_baseline(monkeypatch: pytest.MonkeyPatch) -> None:
    # three rows in one pass after a few random moves: deep wastes where the
    # late-card check often cuts (at the root or inside the search)
    from thirteen.games.pyramids import onepass, projection

    late_walk = onepass.late_walk
    fired = [0]

    def spy(*args) -> bool:
        ok = late_walk(*args)
        fired[0] += not ok
        return ok

    monkeypatch.setattr(onepass, "late_walk", spy)  # the main search's check
    monkeypatch.setattr(projection, "late_walk", spy)  # and the projections' checks
    rng = random.Random(41)
    counts = {WINNABLE: 0, NOT_WINNABLE: 0}
    cuts = 0
    for _ in range(24):
        game = random_small(rng, 3, rng.randint(2, 6), 0)
        play_random(game, rng, rng.randint(1, 6))
        p13 = one_pass_of(game)
        if p13.is_over:
            continue
        plain = plain_verdict(game)
        fired[0] = 0
        counts[one_pass_verdict(p13, plain.verdict, game.text())] += 1
        cuts += fired[0] > 0
    assert min(counts.values()) >= 4, counts
    assert cuts >= 4, cuts


# -- one pass: rank-class projections -----------------------------------------


@functools.cache
def _old_one_pass(number: int) -> str:
    """The last-pass search without projections (the classic solver's last pass) on the
    first pyramid of Pyramid 13's deal ``number``, once per process (two tests ask it of
    deal 137)."""
    return last_pass_verdict(Pyramid13.for_deal_number(number))


@pytest.mark.parametrize("number", [2, 30, 69, 100, 137, 179])
def test_one_pass_verdicts_agree_with_the_search_without_projections(number: int) -> None:
    # hard deals too: 137 needs more than ESCALATE positions, so the 4-class
    # projections are added and the search starts again
    game = Pyramid13.for_deal_number(number)
    result = solve_pyramid13_deal(game)
    assert result.verdict == _old_one_pass(number)
    if result.winnable:
        assert clears_its_pyramid(game, result.moves)


def test_projections_prove_loss_where_the_old_checks_search_long() -> None:
    # deal 179: the relaxation and the late-card check pass thousands of
    # positions (about 14,000); a 3-class projection is lost at once
    game = Pyramid13.for_deal_number(179)
    result = solve_pyramid13_deal(game)
    assert result.verdict == NOT_WINNABLE and result.nodes < 2_000


def test_a_lost_projection_means_a_lost_position() -> None:
    # soundness of the projection itself, on small positions (Kings and cards
    # covered by Kings included), checked against the plain search
    import itertools

    from thirteen.games.pyramids.onepass import _OnePass
    from thirteen.games.pyramids.projection import Projection, ProjectionTables

    rng = random.Random(17)
    lost_projections = 0
    for _ in range(40):
        game = random_small(rng, 3, rng.randint(2, 8), 0)
        play_random(game, rng, rng.randint(0, 4))
        deal, (pm, sm, p, _) = game.deal, game.pos
        info = ProjectionTables(_OnePass(deal, SearchBudget(None, None)))
        # the plain search, made once a projection of this position is lost (the only
        # case whose verdict is compared): a position none is lost on is not searched
        winnable: list[bool] = []
        for classes in itertools.combinations(range(6), 3):
            proj = Projection(info, classes)
            proj.build()
            qp = proj.next_at[p]
            qw = ~sm & proj.spres & ((1 << qp) - 1)
            if not proj.go(pm & proj.pres, qp, qw, proj.waste_ranks(qw)):
                lost_projections += 1
                if not winnable:
                    winnable.append(plain_verdict(game).verdict == WINNABLE)
                assert not winnable[0], (game.text(), classes)
    assert lost_projections >= 20


def test_a_hard_deal_escalates_to_four_class_projections(monkeypatch: pytest.MonkeyPatch) -> None:
    from thirteen.games.pyramids.projection import Projection

    sizes: list[int] = []
    build = Projection.build

    def spy(self) -> None:
        sizes.append(len(self.classes))
        build(self)

    monkeypatch.setattr(Projection, "build", spy)
    game = Pyramid13.for_deal_number(137)
    assert solve_pyramid13_deal(game).verdict == _old_one_pass(137) == NOT_WINNABLE
    assert 4 in sizes


def test_holes_in_a_position_text_block_nothing() -> None:
    # 5h sits over an empty cell and Kd; the empty cell's cover 8h does not
    # block 5h (it covers nothing there), so Kd then 5h+8h clears the pyramid
    rows = "--/----/------/--------/5h--------/--Kd--------/8h------------"
    p13 = Pyramid13.from_text(f"pyramid13 3 0,0 {rows} - - -")
    result = solve_pyramid13_deal(p13)
    assert result.winnable and [m.text() for m in result.moves] == ["Kd", "5h+8h"]
    classic = Pyramid.from_text(f"pyramid {rows} - - 0")
    assert replays_to_win(classic, solve_pyramid(classic).moves)
    assert solve_pyramid(classic, shortest=True).steps == 2


def test_positions_with_holes_agree_with_baseline() -> None:
    # hand-written positions may leave holes under cards that are still there
    rng = random.Random(23)
    counts = {WINNABLE: 0, NOT_WINNABLE: 0}
    for _ in range(40):
        game = random_small(rng, rng.choice((3, 4)), rng.randint(0, 4), 0)
        cells = game.text().split()[1].split("/")
        flat = [c for row in cells for c in (row[i : i + 2] for i in range(0, len(row), 2))]
        for i in rng.sample(range(len(flat)), 3):
            flat[i] = "--"
        rows, k = [], 0
        for r in range(7):
            rows.append("".join(flat[k : k + r + 1]))
            k += r + 1
        draw = game.text().split()[2]
        classic = Pyramid.from_text(f"pyramid {'/'.join(rows)} {draw} - 0")
        if classic.is_over:
            continue
        plain = plain_verdict(classic)
        assert solve_pyramid(classic).verdict == plain.verdict, classic.text()
        p13 = Pyramid13.from_text(f"pyramid13 3 0,0 {'/'.join(rows)} {draw} - -")
        counts[one_pass_verdict(p13, plain.verdict, classic.text())] += 1
    assert min(counts.values()) >= 5, counts
