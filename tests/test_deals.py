"""Deal numbers: the documented SplitMix64 + Fisher-Yates shuffle, pinned."""

from __future__ import annotations

import pytest

from thirteen.core.cards import FULL_DECK, deck_text, parse_deck
from thirteen.core.deals import (
    MAX_DEAL,
    SplitMix64,
    check_deal_number,
    deck_for_deal,
    decks_for_deal,
    decks_for_deal_n,
)
from thirteen.games import new_game

# -- an independent restatement of the published algorithms -------------------
# SplitMix64 as in Vigna's reference splitmix64.c (the C code uses uint64_t
# wrap-around; here every step is reduced modulo 2**64 explicitly).
GOLDEN_GAMMA = 0x9E3779B97F4A7C15
M1 = 0xBF58476D1CE4E5B9
M2 = 0x94D049BB133111EB
TWO64 = 2**64


def reference_splitmix64(seed: int, count: int) -> list[int]:
    x = seed % TWO64
    out = []
    for _ in range(count):
        x = (x + GOLDEN_GAMMA) % TWO64
        z = x
        z = ((z ^ (z >> 30)) * M1) % TWO64
        z = ((z ^ (z >> 27)) * M2) % TWO64
        out.append(z ^ (z >> 31))
    return out


def reference_decks(number: int, count: int) -> list[list[int]]:
    """The shuffle exactly as the deals.py docstring describes it."""
    stream = iter(reference_splitmix64(number, 10_000))
    decks = []
    for _ in range(count):
        deck = list(range(52))
        for i in range(51, 0, -1):
            n = i + 1
            while True:
                x = next(stream) // 2**32
                if x < 2**32 - (2**32 % n):
                    break
            j = x % n
            deck[i], deck[j] = deck[j], deck[i]
        decks.append(deck)
    return decks


def test_splitmix64_matches_published_reference_outputs():
    # Outputs of the reference C implementation for seed 1234567.
    expected = [
        6457827717110365317,
        3203168211198807973,
        9817491932198370423,
        4593380528125082431,
        16408922859458223821,
    ]
    assert reference_splitmix64(1234567, 5) == expected
    rng = SplitMix64(1234567)
    assert [rng.next64() for _ in range(5)] == expected


@pytest.mark.parametrize("seed", [0, 1, 2, 42, 1000000, MAX_DEAL, 2**64 - 1])
def test_splitmix64_matches_reference_for_other_seeds(seed):
    rng = SplitMix64(seed)
    assert [rng.next64() for _ in range(20)] == reference_splitmix64(seed, 20)


def test_below_is_uniform_rejection_sampling():
    rng = SplitMix64(7)
    ref = iter(reference_splitmix64(7, 1000))
    for n in (1, 2, 3, 7, 52, 2**31 + 1, 2**32):
        got = rng.below(n)
        while True:
            x = next(ref) >> 32
            if x < 2**32 - 2**32 % n:
                break
        assert got == x % n
        assert 0 <= got < n


@pytest.mark.parametrize("number", [1, 2, 3, 1000000, MAX_DEAL])
def test_decks_follow_the_documented_shuffle(number):
    assert [list(d) for d in decks_for_deal_n(number, 3)] == reference_decks(number, 3)


# -- pinned decks ---------------------------------------------------------------
PINNED = {
    1: (
        "Ks Td 6h Jc Ts 3h Qh 7d 5s 9c 7s Ad 4s Th 7h 8d 9d Ac 5c 8s 4c Qc Js Jh 2d 6s "
        "2s 3d Qs 2c Kc 3c 4h 9s Kd 5h 5d 8c Ah 9h Jd Kh 6d Qd 3s 8h 2h 7c As 6c 4d Tc",
        "5s Kc Qs Tc 3c 6h 7h 4h 2c 3h 6c Qd Ks Qc 5c 4d Th Ts Jd 4c Kd 8d Jc Td 7c Qh "
        "Js As 3d 5h 9h 3s Kh 6s 8h 7d 9s 2d 8s Jh Ad Ac 9d Ah 9c 2h 7s 2s 6d 8c 4s 5d",
        "8c Js 5s 2h Ks 9c Jh 6d 7d Qd 4s Jd Ad Th 9d 5h 3d As Ac 6s 5d Jc 7h 6h Qc 8h "
        "8d 6c 4h 2c Ts 9s 2d 8s 9h Qs Qh Kh Kd 3h Kc Ah 4c 7c 3s Td 3c 7s 5c 4d Tc 2s",
    ),
    2: (
        "Js 9d Kd 2s 3s Ad Qs Jc 7s 3d Kc 6c 4h 9h Th 7h 4c 6d 7c 2h Qh Kh 3c Qc Ts 7d "
        "8s 9c 5s 5c 2c 3h 8h 8c Ah Ac As 4s Qd 4d Jh Ks 6s Tc Jd 9s 5d Td 2d 8d 5h 6h",
        "5d Kd 3c 3h As 6c Tc 5s Ac 7s 8d Ad 9h 8s Qd 5h 4s 9s Kh 5c 2d 3s 7d 7c Jh Jc "
        "6h 9d 6s Th 6d Qc 3d Qs 2c 9c 2s 4h 7h Ks Qh Js Jd 4c 4d 2h 8h Ah 8c Ts Kc Td",
        "Jh Qd 6s 7s 4s 9d 8s Ks Jd Tc 9h 6c 7c Qs 2c Ad 2d Kc 8c 5s 5c Ts Js 6d Jc 8h "
        "2s 7h Th 8d Qh Td 3d As 3s Kd 9s 5h 4h 7d 6h Ac 3c 2h 4c Kh Qc 4d Ah 5d 9c 3h",
    ),
    1000000: (
        "Th 4c 9c Qh As 5d 3d 2d Ts 3c Qc 7c Qs 7h 6s 9s Kc Jd 3h 2h 6c Js 6d 5h 9h Qd "
        "8s 7d 4s Ac 9d 2c 8h Jc 2s 6h 4h 8d Td 8c Kd 5s 5c Ks 4d 3s Ad Kh Tc 7s Ah Jh",
        "Ks Jc 2d 7h Qs 2s 6d 3s 3d 2h 9d Jd 7s Ad 6h Qc Qh Kh 7c 8d Js 9s Ah 4d 4c Kc "
        "4s 9c Th 7d 6s Ac 4h 5c 6c 5h Jh 5d Qd 9h As 5s 8h Td Tc 3h Kd 8s 8c Ts 3c 2c",
        "Th 3c 8d 3d 2c 4c 8h 4d 2h 5d 6h Td As 7d Ts 3h 5h Ad 6c 9h Kh 4h Ac Ah 6s Jd "
        "4s 3s Ks 7h Qc Js 9d 2d Jh Qs Tc 5c 7c 6d 8c Qh Kc 8s Kd 5s 9c Jc Qd 7s 2s 9s",
    ),
}


@pytest.mark.parametrize("number", sorted(PINNED))
def test_pinned_decks(number):
    decks = decks_for_deal_n(number, 3)
    assert [deck_text(d) for d in decks] == list(PINNED[number])
    assert deck_for_deal(number) == parse_deck(PINNED[number][0])
    for d in decks:
        assert sorted(d) == list(FULL_DECK)


@pytest.mark.parametrize("number", sorted(PINNED))
@pytest.mark.parametrize("game", ["thirteens", "pyramid"])
def test_one_deck_games_use_the_first_deck(game, number):
    g = new_game(game, deal=number)
    assert g.deck == parse_deck(PINNED[number][0])
    assert g.text() == new_game(game, deck=PINNED[number][0]).text()


@pytest.mark.parametrize("number", sorted(PINNED))
def test_pyramid13_uses_three_decks_in_order(number):
    g = new_game("pyramid13", deal=number)
    assert g.decks == tuple(parse_deck(d) for d in PINNED[number])
    by_deck = new_game("pyramid13", deck=" | ".join(PINNED[number]))
    assert by_deck.text() == g.text()
    by_count = new_game("pyramid13", deck=" ".join(PINNED[number]))
    assert by_count.text() == g.text()


def test_stream_continues_across_decks():
    stream = decks_for_deal(5)
    first = [next(stream) for _ in range(4)]
    assert tuple(first[:3]) == decks_for_deal_n(5, 3)
    assert len(set(first)) == 4


@pytest.mark.parametrize("bad", [0, -1, MAX_DEAL + 1, 2**40, True, 1.0, "5", None])
def test_deal_number_range(bad):
    with pytest.raises(ValueError, match="deal number"):
        check_deal_number(bad)


def test_deal_number_bounds_accepted():
    assert check_deal_number(1) == 1
    assert check_deal_number(MAX_DEAL) == MAX_DEAL == 2**31 - 1
    assert deck_for_deal(MAX_DEAL) != deck_for_deal(1)
