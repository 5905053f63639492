"""Deal numbers: this project's own documented shuffle.

``random.shuffle`` is not promised to give the same order on every Python
version, so deals come from SplitMix64 (Steele, Lea and Flood, 2014), a 64-bit
generator simple enough to restate anywhere:

    state = (state + 0x9E3779B97F4A7C15) mod 2**64
    z = state
    z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) mod 2**64
    z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) mod 2**64
    output z ^ (z >> 31)

Deal number N seeds ``state = N``.  A deck starts in the order of
:data:`thirteen.core.cards.FULL_DECK` (Ac Ad Ah As 2c ... Ks) and is shuffled by
Fisher-Yates from the last position down: for ``i`` = 51 .. 1 pick ``j``
uniformly in ``0..i`` and swap.  ``j`` is drawn without bias by rejection: take
the output's top 32 bits ``x``; reject ``x`` when ``x >= 2**32 - 2**32 % (i+1)``,
else ``j = x % (i+1)``.  Further decks of one deal (Pyramid 13 has three)
continue the same stream.
"""

from __future__ import annotations

from collections.abc import Iterator

from thirteen.core.cards import FULL_DECK, Card, quoted

MASK64 = (1 << 64) - 1
MAX_DEAL = 2**31 - 1


class SplitMix64:
    """The generator described in the module docstring."""

    def __init__(self, seed: int) -> None:
        self.state = seed & MASK64

    def next64(self) -> int:
        self.state = (self.state + 0x9E3779B97F4A7C15) & MASK64
        z = self.state
        z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & MASK64
        z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & MASK64
        return z ^ (z >> 31)

    def below(self, n: int) -> int:
        """A uniform integer in ``0..n-1`` (``1 <= n <= 2**32``)."""
        limit = (1 << 32) - (1 << 32) % n
        while True:
            x = self.next64() >> 32
            if x < limit:
                return x % n


def check_deal_number(number: int) -> int:
    if not isinstance(number, int) or isinstance(number, bool) or not 1 <= number <= MAX_DEAL:
        raise ValueError(
            f"deal number must be a whole number from 1 to {MAX_DEAL}, got {quoted(number)}"
        )
    return number


def decks_for_deal(number: int) -> Iterator[tuple[Card, ...]]:
    """The endless stream of shuffled decks of deal ``number``."""
    rng = SplitMix64(check_deal_number(number))
    while True:
        deck = list(FULL_DECK)
        for i in range(len(deck) - 1, 0, -1):
            j = rng.below(i + 1)
            deck[i], deck[j] = deck[j], deck[i]
        yield tuple(deck)


def deck_for_deal(number: int) -> tuple[Card, ...]:
    """The first deck of deal ``number`` (the whole deal for one-deck games)."""
    return next(decks_for_deal(number))


def decks_for_deal_n(number: int, count: int) -> tuple[tuple[Card, ...], ...]:
    stream = decks_for_deal(number)
    return tuple(next(stream) for _ in range(count))
