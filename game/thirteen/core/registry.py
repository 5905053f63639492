"""The one registry of games and their options, and how a game is set up.

A whole game is (game, options, deal number or deck, moves): :class:`GameSetup`
holds the first three and :class:`GameRecord` adds the moves.  Saves, replays,
shareable links and golden transcripts are all built from these.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

from thirteen.core.cards import (
    DECK_SIZE,
    QUOTE_MAX,
    Card,
    NotationError,
    deck_text,
    parse_deck,
    quoted,
)
from thirteen.core.deals import check_deal_number, decks_for_deal_n
from thirteen.core.game import Game
from thirteen.core.i18n import (
    Message,
    add_game_words,
    drop_game_words,
    message,
    message_n,
    reason,
)
from thirteen.core.options import DEFAULT_LAYOUT, Layout
from thirteen.core.spec import Decks, GameSpec

__all__ = ["GAMES", "Decks", "GameRecord", "GameSetup", "GameSpec", "game_spec", "register"]


GAMES: dict[str, GameSpec] = {}
"""Every registered game by id, in the order the menus list them."""


def register(spec: GameSpec) -> GameSpec:
    """Add a game to the registry (once: a second game under one id is refused), and the
    catalogues of its folder to the words."""
    if spec.id in GAMES:
        raise ValueError(f"a game {spec.id!r} is registered already")
    if spec.id != spec.position_type.game_id:
        raise ValueError(f"{spec.id!r} builds games that call themselves {spec.position_type}")
    GAMES[spec.id] = spec
    add_game_words(spec)
    return spec


def unregister(game_id: str) -> None:
    """Take a game out again (tests that register a game of their own)."""
    GAMES.pop(game_id, None)
    drop_game_words(game_id)


def game_spec(game_id: str) -> GameSpec:
    spec = GAMES.get(str(game_id).lower())
    if spec is None:
        raise ValueError(f"unknown game {quoted(game_id)} (games: {', '.join(GAMES)})")
    return spec


def spec_of(game: Game) -> GameSpec:
    """The record of the game a position belongs to."""
    return GAMES[game.game_id]


def parse_decks(game_id: str, text: str) -> Decks:
    """Decks from deck notation; Pyramid 13 takes three decks, split by '|' or by count."""
    spec = game_spec(game_id)
    if spec.decks == 1:
        return (parse_deck(text),)
    if "|" in text:
        chunks = text.split("|")
    else:
        tokens = text.split()
        if len(tokens) != DECK_SIZE * spec.decks:
            raise NotationError(
                message_n(
                    "{game} needs {decks} decks of {size} cards, {total} in all (put '|' "
                    "between them to be told which deck is wrong), got {n} card",
                    "{game} needs {decks} decks of {size} cards, {total} in all (put '|' "
                    "between them to be told which deck is wrong), got {n} cards",
                    len(tokens),
                    game=message(spec.title),
                    decks=spec.decks,
                    size=DECK_SIZE,
                    total=DECK_SIZE * spec.decks,
                )
            )
        chunks = [" ".join(tokens[i : i + DECK_SIZE]) for i in range(0, len(tokens), DECK_SIZE)]
    if len(chunks) != spec.decks:
        raise NotationError(
            message(
                "{game} needs {decks} decks, got {n}",
                game=message(spec.title),
                decks=spec.decks,
                n=len(chunks),
            )
        )
    decks = []
    for n, chunk in enumerate(chunks, 1):
        try:
            decks.append(parse_deck(chunk))
        except NotationError as exc:
            raise NotationError(message("deck {n}: {why}", n=n, why=reason(exc))) from None
    return tuple(decks)


@dataclass(frozen=True)
class GameSetup:
    """Which game, with which options, on which cards: everything but the moves."""

    game: str
    deal: int | None = None
    deck: str | None = None
    layout: str | None = None

    def __post_init__(self) -> None:
        spec = game_spec(self.game)
        object.__setattr__(self, "game", spec.id)
        if (self.deal is None) == (self.deck is None):
            raise ValueError("give either a deal number or a deck")
        if self.deal is not None:
            check_deal_number(self.deal)
        else:
            canonical = " | ".join(deck_text(d) for d in parse_decks(spec.id, str(self.deck)))
            object.__setattr__(self, "deck", canonical)
        if spec.has_layout:
            # (an empty layout is refused: only a missing one means the default)
            given = spec.default_layout if self.layout is None else self.layout
            assert given is not None  # a game with layouts has a default one
            layout = Layout.parse(given)
            object.__setattr__(self, "layout", str(layout))
        elif self.layout is not None:
            raise ValueError(f"{spec.title} has no layout option")

    @property
    def spec(self) -> GameSpec:
        return GAMES[self.game]

    def decks(self) -> Decks:
        if self.deal is not None:
            return decks_for_deal_n(self.deal, self.spec.decks)
        return parse_decks(self.game, str(self.deck))

    def new_game(self) -> Game:
        layout = Layout.parse(self.layout) if self.layout else DEFAULT_LAYOUT
        game = self.spec.build(self.decks(), layout)
        game.setup = self
        return game

    @property
    def label(self) -> Message:
        """Short words for screens, as the table names a game: 'Thirteens 3x5, deal #123',
        'Pyramid 13, custom deck' (the title and words put into the player's language
        where shown; ``str`` gives the English)."""
        title = message(self.spec.title)
        if self.spec.has_layout:
            title = message("{game} {layout}", game=title, layout=self.layout)
        if self.deal is not None:
            return message("{game}, deal #{deal}", game=title, deal=self.deal)
        return message("{game}, custom deck", game=title)

    def to_dict(self) -> dict[str, Any]:
        out: dict[str, Any] = {"game": self.game}
        for name in ("deal", "deck", "layout"):
            value = getattr(self, name)
            if value is not None:
                out[name] = value
        return out

    @classmethod
    def from_dict(cls, data: Any) -> GameSetup:
        if not isinstance(data, dict):
            raise ValueError("a game setup must be an object")
        deal = data.get("deal")
        if deal is not None and (not isinstance(deal, int) or isinstance(deal, bool)):
            raise ValueError(f"deal must be a number, got {quoted(deal)}")
        deck, layout = data.get("deck"), data.get("layout")
        for name, value in (("deck", deck), ("layout", layout)):
            if value is not None and not isinstance(value, str):
                raise ValueError(f"{name} must be text, got {quoted(value)}")
        return cls(str(data.get("game")), deal=deal, deck=deck, layout=layout)


@dataclass(frozen=True)
class GameRecord:
    """A whole game: its setup and the moves played, as move texts."""

    setup: GameSetup
    moves: tuple[str, ...] = field(default=())

    @classmethod
    def of(cls, game: Game) -> GameRecord:
        setup = getattr(game, "setup", None)
        if setup is None:
            raise ValueError("this game was not made from a GameSetup")
        return cls(setup, tuple(m.text() for m in game.moves))

    def replay(self) -> Game:
        """The game after all moves; raises IllegalMoveError/NotationError naming the move."""
        game = self.setup.new_game()
        for n, text in enumerate(self.moves, 1):
            try:
                game.play(game.parse_move(text))
            except ValueError as exc:
                named = f" ({text})" if len(text) <= QUOTE_MAX else ""  # the reason quotes it
                raise type(exc)(f"move {n}{named}: {exc}") from None
        return game

    def to_dict(self) -> dict[str, Any]:
        return {**self.setup.to_dict(), "moves": list(self.moves)}

    @classmethod
    def from_dict(cls, data: Any) -> GameRecord:
        setup = GameSetup.from_dict(data)
        moves = data.get("moves", [])
        if not isinstance(moves, list) or not all(isinstance(m, str) for m in moves):
            raise ValueError("moves must be a list of move texts")
        return cls(setup, tuple(moves))


def new_game(
    game_id: str,
    *,
    deal: int | None = None,
    deck: str | None = None,
    layout: str | None = None,
) -> Game:
    """Start a game from a deal number or a deck string."""
    return GameSetup(game_id, deal=deal, deck=deck, layout=layout).new_game()


def position_from_text(text: str) -> Game:
    """A game whose start is the position given in any game's text form."""
    head = text.split(maxsplit=1)[0].lower() if text.strip() else ""
    spec = GAMES.get(head)
    if spec is None:
        raise NotationError(
            f"a position starts with its game ({', '.join(GAMES)}), got {text[:20]!r}"
        )
    return spec.position_type.from_text(text)


def decks_text(decks: Sequence[Sequence[Card]]) -> str:
    return " | ".join(deck_text(d) for d in decks)
