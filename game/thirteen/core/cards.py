"""Cards and decks in the project's notation (docs/rules.md).

A card is an ``int`` from 0 to 51: ``(rank - 1) * 4 + suit`` with suits in the
order clubs, diamonds, hearts, spades.  Plain ints keep positions small and
hashable for the solvers; these helpers give them their text form.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from thirteen.core.i18n import N_, message

RANKS = "A23456789TJQK"
SUITS = "cdhs"
SUIT_NAMES = (N_("clubs"), N_("diamonds"), N_("hearts"), N_("spades"))
"""The suits' names, English marked for translation (shown through ``tr``)."""
RANK_NAMES = (
    N_("Ace"),
    N_("Two"),
    N_("Three"),
    N_("Four"),
    N_("Five"),
    N_("Six"),
    N_("Seven"),
    N_("Eight"),
    N_("Nine"),
    N_("Ten"),
    N_("Jack"),
    N_("Queen"),
    N_("King"),
)
"""The ranks' names likewise."""
DECK_SIZE = 52
KING = 13

Card = int


class NotationError(ValueError):
    """A card or deck string that does not follow the notation of docs/rules.md."""


def is_plain_number(text: str, max_digits: int | None = None) -> bool:
    """Whether ``text`` is only ASCII digits 0-9, at least one (and at most ``max_digits``).

    The check every number typed, linked or stored goes through before ``int``:
    ``str.isdigit`` alone also takes '²', which ``int`` refuses with a message about
    Python, and other scripts' digits, which ``int`` reads; and ``int`` refuses numbers
    of more than 4,300 digits.
    """
    return text.isascii() and text.isdigit() and (max_digits is None or len(text) <= max_digits)


QUOTE_MAX = 40
"""The most characters of one input a message quotes: a 5,000-digit deal number is
named by its start and its length, not echoed in a line of 5,000 characters.  Every
value that means something (a deal number, a card, a move, a layout, a game's name)
is far shorter, so only nonsense is ever cut."""
BRIEF = 12
"""What is left of a long input where a message names it twice (a wrapper around a
message that names it too) or says much else, so that its line stays short."""


def clip(text: str, most: int = QUOTE_MAX, *, brief: bool = False) -> str:
    """``text`` for a message: whole when it has at most ``most`` characters, else its
    first characters (:data:`BRIEF` of them when ``brief``) cut with an ellipsis and
    its length, so that it is not taken for all of it."""
    if len(text) <= most:
        return text
    return f"{text[: (BRIEF if brief else most) - 1]}\u2026 ({len(text):,} characters)"


def quoted(value: object, most: int = QUOTE_MAX, *, brief: bool = False) -> str:
    """``repr(value)`` for a message, cut as :func:`clip` cuts when it would show more
    than ``most`` characters (escapes count: a control character shows as four)."""
    shown = repr(value)
    if len(shown) <= most + 2:  # the quotes come on top
        return shown
    if not isinstance(value, str):
        return clip(shown, most, brief=brief)
    limit = BRIEF if brief else most
    cut = value[: limit - 1]
    while len(repr(cut)) > limit + 1:  # with the ellipsis, at most ``limit`` inside quotes
        cut = cut[:-1]
    return f"{cut + chr(0x2026)!r} ({len(value):,} characters)"


def make_card(rank: int, suit: int) -> Card:
    """The card of ``rank`` (1 = Ace .. 13 = King) and ``suit`` (index into SUITS)."""
    if not 1 <= rank <= 13 or not 0 <= suit <= 3:
        raise ValueError(f"no card with rank {rank} and suit {suit}")
    return (rank - 1) * 4 + suit


def rank(card: Card) -> int:
    """The card's value: Ace 1, 2-10 face value, Jack 11, Queen 12, King 13."""
    return (card >> 2) + 1


def suit(card: Card) -> int:
    """The suit index (0 clubs, 1 diamonds, 2 hearts, 3 spades)."""
    return card & 3


def is_red(card: Card) -> bool:
    return card & 3 in (1, 2)


def is_king(card: Card) -> bool:
    return card >= 48


def is_pair(a: Card, b: Card) -> bool:
    """Whether two cards add up to 13 (a King pairs with nothing)."""
    return (a >> 2) + (b >> 2) == 11


def card_text(card: Card) -> str:
    """Canonical two-character form, e.g. ``Th``."""
    return RANKS[card >> 2] + SUITS[card & 3]


def card_name(card: Card) -> str:
    """Words for help text and screen readers, e.g. ``Ten of hearts``."""
    return f"{RANK_NAMES[card >> 2]} of {SUIT_NAMES[card & 3]}"


def parse_card(token: str) -> Card:
    """Parse one card; case-insensitive, ``10`` accepted for ten."""
    text = token.strip()
    if len(text) == 3 and text[:2] == "10":
        rank_char, suit_char = "T", text[2].lower()
    elif len(text) == 2:
        rank_char, suit_char = text[0].upper(), text[1].lower()
    else:
        raise NotationError(
            message(
                "{token} is not a card (expected rank then suit, like 'Th')", token=quoted(token)
            )
        )
    if rank_char not in RANKS:
        raise NotationError(
            message(
                "unknown rank {rank} in {token} (ranks: {ranks})",
                rank=repr(rank_char),
                token=quoted(token),
                ranks=RANKS,
            )
        )
    if suit_char not in SUITS:
        raise NotationError(
            message(
                "unknown suit {suit} in {token} (suits: {suits})",
                suit=repr(suit_char),
                token=quoted(token),
                suits=SUITS,
            )
        )
    return RANKS.index(rank_char) * 4 + SUITS.index(suit_char)


def parse_cards(text: str) -> list[Card]:
    """Parse white-space separated cards, rejecting duplicates by name."""
    cards: list[Card] = []
    seen: set[Card] = set()
    for token in text.split():
        card = parse_card(token)
        if card in seen:
            raise NotationError(message("duplicate card {card}", card=card_text(card)))
        seen.add(card)
        cards.append(card)
    return cards


def parse_deck(text: str) -> tuple[Card, ...]:
    """Parse a full deck: exactly 52 distinct cards, naming what is wrong."""
    cards = parse_cards(text)
    if len(cards) != DECK_SIZE:
        missing = sorted(set(range(DECK_SIZE)) - set(cards))
        shown = " ".join(card_text(c) for c in missing[:8])
        more = "..." if len(missing) > 8 else ""
        if not missing:
            raise NotationError(message("a deck has 52 cards, got {n}", n=len(cards)))
        raise NotationError(
            message(
                "a deck has 52 cards, got {n} (missing {cards})", n=len(cards), cards=shown + more
            )
        )
    return tuple(cards)


def deck_text(cards: Iterable[Card]) -> str:
    """Canonical deck form: cards separated by single spaces."""
    return " ".join(card_text(c) for c in cards)


def cards_compact(cards: Sequence[Card | None]) -> str:
    """Cards written back to back (``--`` for an empty cell), for position texts."""
    return "".join("--" if c is None else card_text(c) for c in cards)


def parse_compact(text: str) -> list[Card | None]:
    """Inverse of :func:`cards_compact`."""
    if len(text) % 2:
        raise NotationError(f"{quoted(text)}: cards are two characters each")
    out: list[Card | None] = []
    for i in range(0, len(text), 2):
        token = text[i : i + 2]
        out.append(None if token == "--" else parse_card(token))
    return out


FULL_DECK: tuple[Card, ...] = tuple(range(DECK_SIZE))


def count_text(n: int, noun: str = "card") -> str:
    """``1 card``, ``2 cards``: for texts people read."""
    return f"{n} {noun}" if n == 1 else f"{n} {noun}s"
