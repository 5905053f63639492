"""Argument types and helpers the sub-commands share: checked numbers, the options
that pick a game, and :class:`CommandError` for a user mistake told in one line."""

from __future__ import annotations

import argparse
import math
import re
import sys
from collections.abc import Callable, Iterable
from typing import Any, NoReturn, TypeVar, overload

from thirteen.core.cards import QUOTE_MAX, NotationError, clip, quoted
from thirteen.core.deals import MAX_DEAL
from thirteen.core.game import Game, IllegalMoveError
from thirteen.core.options import Layout
from thirteen.games import GAMES, GameSetup

_N = TypeVar("_N")
"""The namespace a parse fills in (argparse's own unless one is given)."""


class Parser(argparse.ArgumentParser):
    """argparse's parser, except that its error line quotes a long argument cut (an
    unknown sub-command, choice or option would otherwise be echoed whole).  Its
    sub-command parsers are of this class too (argparse makes them of the parent's)."""

    @overload
    def parse_known_args(
        self, args: Iterable[str] | None = None, namespace: None = None
    ) -> tuple[argparse.Namespace, list[str]]: ...

    @overload
    def parse_known_args(
        self, args: Iterable[str] | None, namespace: _N
    ) -> tuple[_N, list[str]]: ...

    @overload
    def parse_known_args(self, *, namespace: _N) -> tuple[_N, list[str]]: ...

    def parse_known_args(
        self, args: Iterable[str] | None = None, namespace: Any = None
    ) -> tuple[Any, list[str]]:
        """argparse's (typed as argparse's own), keeping the arguments for :meth:`error`."""
        given = list(sys.argv[1:] if args is None else args)
        self._given = given
        return super().parse_known_args(given, namespace)

    def error(self, message: str) -> NoReturn:
        given = getattr(self, "_given", sys.argv[1:])
        # an option's value may come joined to it: --game=VALUE
        texts = {t for arg in given for t in (arg, arg.partition("=")[2]) if len(t) > QUOTE_MAX}
        for text in sorted(texts, key=len, reverse=True):
            # cut short: argparse's line holds its usage and any choices as well
            short = quoted(text, brief=True)
            message = message.replace(repr(text), short).replace(text, clip(text, brief=True))
        super().error(message)


# -- argument types ------------------------------------------------------------
#
# Each takes the text of one option and returns its value, or raises
# ArgumentTypeError with a message naming the text; argparse then prints usage
# and one "error: argument --x: ..." line and exits with status 2.

MAX_SIM_GAMES = 1_000_000
"""``sim --games`` at most: a million random games is already a long run."""
MAX_SEED = 2**64 - 1
"""Seeds are 64-bit: larger or negative numbers would repeat others' deals."""

_WHOLE = re.compile(r"[+-]?[0-9]{1,30}")
"""A whole number in ASCII digits (``str.isdigit`` also takes '²', ``int`` takes
'1_000' and other scripts' digits); 30 digits is past any sane value."""


def int_range(
    low: int, high: int | None = None, what: str = "a whole number"
) -> Callable[[str], int]:
    """An argparse type: a whole number from ``low`` to ``high`` (None: no upper bound)."""
    bounds = f"from {low} to {high}" if high is not None else f"of at least {low}"

    def parse(text: str) -> int:
        if not _WHOLE.fullmatch(text.strip()):
            raise argparse.ArgumentTypeError(f"expected {what} {bounds}, got {quoted(text)}")
        value = int(text)
        if value < low or (high is not None and value > high):
            raise argparse.ArgumentTypeError(f"expected {what} {bounds}, got {quoted(text)}")
        return value

    return parse


positive_int = int_range(1)
"""A whole number of at least 1 (a limit on nodes, on deals to try, ...)."""
non_negative_int = int_range(0)
deal_number = int_range(1, MAX_DEAL, "a deal number")
seed_number = int_range(0, MAX_SEED, "a seed")
sim_games = int_range(1, MAX_SIM_GAMES, "a number of games")


def whole_number(text: str) -> int:
    """Any whole number in ASCII digits; its range is checked where it is used (a deal
    number by :class:`GameSetup`, which names the range)."""
    if not _WHOLE.fullmatch(text.strip()):
        raise argparse.ArgumentTypeError(f"expected a whole number, got {quoted(text)}")
    return int(text)


_DECIMAL = re.compile(r"[+-]?([0-9]+\.?[0-9]*|\.[0-9]+)([eE][+-]?[0-9]{1,4})?")
"""A decimal number in ASCII digits (``float`` also takes '1_000' and other scripts'
digits)."""


def _number(text: str, expected: str, ok: Callable[[float], bool]) -> float:
    """``text`` as a finite float that passes ``ok``; nan and inf never do."""
    value = float(text) if _DECIMAL.fullmatch(text.strip()) else math.nan
    if not (math.isfinite(value) and ok(value)):
        raise argparse.ArgumentTypeError(f"expected {expected}, got {quoted(text)}")
    return value


def positive_ms(text: str) -> float:
    """A time budget in milliseconds: finite and above 0 (nan, inf, 0 and below refused)."""
    return _number(text, "milliseconds, a number above 0", lambda v: v > 0)


def non_negative_seconds(text: str) -> float:
    """A duration in seconds: finite and not negative (0 may mean "skip it")."""
    return _number(text, "seconds, a number of 0 or more", lambda v: v >= 0)


def layout_text(text: str) -> str:
    """A Thirteens layout ``CxR`` the game can deal, in its canonical form."""
    try:
        return str(Layout.parse(text))
    except ValueError as exc:
        raise argparse.ArgumentTypeError(str(exc)) from None


def add_game_arguments(
    parser: argparse.ArgumentParser, *, moves: bool = True, decks_file: bool = False
) -> None:
    """The arguments that pick a game: --game, --deal/--deck (or --decks-file), --layout
    (and --moves)."""
    parser.add_argument("--game", required=True, choices=sorted(GAMES), help="which game")
    source = parser.add_mutually_exclusive_group(required=True)
    # --deal's range and --layout are checked by GameSetup (see setup_from_args), so
    # these fail like a bad move does: "error: ..." and status 2 from main
    source.add_argument("--deal", type=whole_number, help=f"deal number (1 to {MAX_DEAL})")
    source.add_argument("--deck", help="deck in card notation (52 cards; 156 for pyramid13)")
    if decks_file:
        source.add_argument("--decks-file", help="a file of decks, one a line: solve each")
    parser.add_argument("--layout", help="Thirteens grid as COLUMNSxROWS (default 3x5)")
    if moves:
        parser.add_argument("--moves", default="", help='moves to play first, e.g. "Kh Ac+Qd D"')


class CommandError(Exception):
    """A user mistake to print as one line with exit status 2."""


def setup_from_args(args: argparse.Namespace) -> GameSetup:
    """The GameSetup that --game, --deal/--deck and --layout name."""
    try:
        return GameSetup(args.game, deal=args.deal, deck=args.deck, layout=args.layout)
    except ValueError as exc:
        raise CommandError(str(exc)) from None


def game_from_args(args: argparse.Namespace) -> Game:
    """Build the game and play --moves, naming the first move that fails."""
    game = setup_from_args(args).new_game()
    for n, token in enumerate(getattr(args, "moves", "").split(), 1):
        try:
            game.play(game.parse_move(token))
        except (NotationError, IllegalMoveError) as exc:
            # a long move is left for the reason to name (it quotes every bad move)
            named = f" ({token})" if len(token) <= QUOTE_MAX else ""
            raise CommandError(f"move {n}{named} failed: {exc}") from None
    return game
