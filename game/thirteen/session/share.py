"""Deals players can share: today's deal, and links that open a given deal.

Today's deal
    The same number for every player on a given date, per game, computed by
    this project's own formula so that it never depends on Python's ``hash()``
    or version::

        text = "YYYY-MM-DD/<game id>"         e.g. "2025-03-14/thirteens"
        h = 0
        for each byte b of text (UTF-8):
            h = SplitMix64(seed = h XOR b).next64()    # see deals.py
        deal = h mod (2**31 - 1) + 1                   # 1 .. 2**31-1

    The date is the player's local calendar date.  Every Thirteens layout
    shares the day's number (the layout changes how it is dealt).

Links
    The page's query string picks a game and a deal:
    ``?game=thirteens&deal=123&layout=3x5``.  ``game`` is required; ``deal``
    may be a number or ``today``, and a missing, empty or unusable deal means today's
    deal; ``deck=`` (deck notation) may replace ``deal``; ``layout`` applies
    to Thirteens only.  Anything unknown or malformed is ignored with a notice,
    never an exception.  Keys starting with ``-`` are pygbag's own and are
    ignored silently, as are tracking options (``utm_...``, ``fbclid``...) and a
    query that names none of the link's keys.  Once a link's game is open the page forgets the link
    (:func:`forget_link`), so that a reload resumes the game in progress.
"""

from __future__ import annotations

import sys
from collections.abc import Callable
from datetime import date
from typing import Any, NamedTuple
from urllib.parse import parse_qsl, unquote_plus, urlencode

from thirteen.core.cards import is_plain_number
from thirteen.core.deals import MAX_DEAL, SplitMix64
from thirteen.core.i18n import N_, Message, message, reason
from thirteen.core.options import DEFAULT_LAYOUT, Layout
from thirteen.games import GAMES, GameSetup, GameSpec, game_spec

MAX_QUERY = 4000
"""Longer query strings are not read at all (a deck of three decks is ~500)."""
KNOWN_KEYS = ("game", "deal", "deck", "layout")
SILENT_KEYS = ("-", "utm_", "fbclid", "gclid", "msclkid")
"""Options ignored without a notice: pygbag's own (``-``) and what sites that pass a link
on add to it (a shared link clicked on a social site); a query with none of
:data:`KNOWN_KEYS` is not a link to a game at all and is ignored silently too."""


def today_deal(game_id: str, day: date | None = None) -> int:
    """Today's (or ``day``'s) deal number for a game; see the module docstring.

    ValueError for an unknown game id.
    """
    text = f"{(day or date.today()).isoformat()}/{game_spec(game_id).id}".encode()
    h = 0
    for b in text:
        h = SplitMix64(h ^ b).next64()
    return h % MAX_DEAL + 1


def _deal_number(value: str) -> int | None:
    value = value.strip()
    if not is_plain_number(value, 12):
        return None
    number = int(value)
    return number if 1 <= number <= MAX_DEAL else None


class ParsedLink(NamedTuple):
    """What a link asks for: the game (None when none is usable), notices for what was
    ignored or replaced, and why the game is not exactly the one asked for (an unusable
    deal, deck or layout was replaced; each reason begins its notice): the interface then
    keeps a saved game in progress instead."""

    setup: GameSetup | None
    notices: list[str | Message]
    """Each marked for translation (``str`` gives the English, as the command line shows)."""
    replaced: tuple[Message, ...] = ()


def parse_query(
    query: str, today: date | None = None
) -> tuple[GameSetup | None, list[str | Message]]:
    """The game a page's query string asks for, and notices for what was ignored.

    Returns ``(None, notices)`` when no usable game is named (the interface
    then shows its usual start).  Never raises.
    """
    setup, notices, _ = parse_link(query, today)
    return setup, notices


def _quoted(text: str, most: int) -> str:
    """A value from a link, quoted for a notice: at most ``most`` characters, and an
    ellipsis where it was cut, so a long number is not shown as a shorter one."""
    return repr(text if len(text) <= most else text[: most - 1] + "\u2026")


def _meaning(spec: GameSpec, key: str, value: str) -> object:
    """What a link value means to this game, so that repeats can be compared: equal
    for '5' and '05', or '4x4' and '4X04'; None for a key the game does not use."""
    if key == "game":
        return value.lower()
    if key == "deal":
        return "today" if value.lower() in ("", "today") else _deal_number(value) or value
    if key == "layout":
        if not spec.has_layout:
            return None
        try:
            return str(Layout.parse(value))
        except ValueError:
            return value
    return value.lower()  # a deck (card names are read in any case)


def parse_link(query: str, today: date | None = None) -> ParsedLink:
    """:func:`parse_query` that also tells why the game is not exactly the one asked for."""
    notices: list[str | Message] = []
    replaced: list[Message] = []

    def replace(reason: Message, instead: Message) -> None:
        replaced.append(reason)
        notices.append(message("{reason}; {instead}.", reason=reason, instead=instead))

    if not isinstance(query, str):
        return ParsedLink(None, notices)
    query = query.strip()
    if "?" in query:
        query = query.split("?", 1)[1]
    query = query.split("#", 1)[0]
    if not query:
        return ParsedLink(None, notices)
    if len(query) > MAX_QUERY:
        return ParsedLink(None, [N_("The link is too long to read; it was ignored.")])
    try:
        pairs = parse_qsl(query, keep_blank_values=True)
    except ValueError:
        return ParsedLink(None, [N_("The link could not be read; it was ignored.")])

    if not any(key.strip().lower() in KNOWN_KEYS for key, _ in pairs):
        return ParsedLink(None, [])  # not a link to a game (another site's or host's options)
    values: dict[str, str] = {}
    repeats: dict[str, list[str]] = {}
    for key, value in pairs:
        key = key.strip().lower()
        if key.startswith(SILENT_KEYS) or not key:
            continue
        if key not in KNOWN_KEYS:
            notices.append(message("Ignored unknown link option {key}.", key=_quoted(key, 20)))
        elif key not in values:
            values[key] = value.strip()
        else:
            repeats.setdefault(key, []).append(value.strip())

    game = values.get("game", "").lower()
    if not game:
        if values:
            notices.append(N_("The link names no game; it was ignored."))
        return ParsedLink(None, notices)
    if game not in GAMES:
        notices.append(
            message("Unknown game {game} in the link; it was ignored.", game=_quoted(game, 20))
        )
        return ParsedLink(None, notices)
    spec = GAMES[game]
    for key, others in repeats.items():
        # a link that contradicts itself is not exactly what anyone asked for: a saved
        # game in progress is kept, as for an unusable deal (repeats that mean the same,
        # 5 and 05, or a key this game does not use, change nothing)
        if any(_meaning(spec, key, v) != _meaning(spec, key, values[key]) for v in others):
            replace(
                message("The link gives two different {key} values", key=repr(key)),
                message("the first, {value}, was used", value=_quoted(values[key], 12)),
            )

    layout: str | None = None
    if "layout" in values:
        if not spec.has_layout:
            notices.append(
                message("{game} has no layout; 'layout' was ignored.", game=message(spec.title))
            )
        else:
            try:
                layout = str(Layout.parse(values["layout"]))
            except ValueError:
                replace(
                    message(
                        "Layout {layout} is not allowed (columns x rows, each 2 or more, 30 "
                        "cards at most)",
                        layout=_quoted(values["layout"], 12),
                    ),
                    message("using {layout}", layout=str(DEFAULT_LAYOUT)),
                )
    if spec.has_layout and layout is None:
        layout = str(DEFAULT_LAYOUT)

    deck = values.get("deck")
    if deck and values.get("deal"):  # (an empty value counts as none)
        replace(message("The link gives both a deal and a deck"), message("the deck was ignored"))
        deck = None
    if deck:
        try:
            setup = GameSetup(spec.id, deck=deck, layout=layout)
            return ParsedLink(setup, notices, tuple(replaced))
        except ValueError as exc:  # NotationError is a ValueError
            replace(
                message("The deck in the link is not valid: {why}", why=reason(exc)),
                message("playing today's deal"),
            )

    deal: int | None = None
    text = values.get("deal") or "today"
    if text.lower() != "today":
        deal = _deal_number(text)
        if deal is None:
            replace(
                message(
                    "Deal {deal} is not a number from 1 to {most}",
                    deal=_quoted(text, 12),
                    most=MAX_DEAL,
                ),
                message("playing today's deal"),
            )
    if deal is None:
        deal = today_deal(spec.id, today)
    return ParsedLink(GameSetup(spec.id, deal=deal, layout=layout), notices, tuple(replaced))


def share_query(setup: GameSetup) -> str:
    """The query string that opens ``setup`` again, e.g. ``?game=thirteens&deal=123&layout=3x5``."""
    params: list[tuple[str, str]] = [("game", setup.game)]
    if setup.deal is not None:
        params.append(("deal", str(setup.deal)))
    else:
        params.append(("deck", str(setup.deck)))
    if setup.layout is not None:
        params.append(("layout", setup.layout))
    return "?" + urlencode(params, safe="|")


def page_address() -> str:
    """The page's address without its query or fragment in the browser, else ``""``.

    Never raises; on the desktop there is no page.
    """
    return _location_text("href").split("#", 1)[0].split("?", 1)[0]


def share_link(setup: GameSetup) -> str:
    """What to hand a friend: the page's address with :func:`share_query` in the
    browser; on the desktop, which has no page, just the query (``play --query`` opens it)."""
    return page_address() + share_query(setup)


def without_link_keys(search: str) -> str:
    """``search`` (a page's query string) without the keys this module reads, every
    other part (pygbag's ``-`` keys, anything else) kept as written."""
    raw = search[1:] if search.startswith("?") else search
    kept = []
    for part in raw.split("&"):
        key = unquote_plus(part.split("=", 1)[0]).strip().lower()
        if part and key not in KNOWN_KEYS:
            kept.append(part)
    return "?" + "&".join(kept) if kept else ""


def forget_link(window: Callable[[], Any] | None = None) -> bool:
    """Take the link's keys out of the page's address once the game has used them.

    Without this, reloading the page (or a tab the browser restores after
    discarding it) would open the link's game again and push aside whatever
    the player went on to play.  The page is not reloaded; pygbag's own keys
    stay.  True when the address was changed.  Never raises; on the desktop
    there is no page.
    """
    if sys.platform != "emscripten":
        return False
    try:
        if window is None:
            from thirteen.records.storage import browser_window

            window = browser_window
        win = window()
        location = win.location
        search, fragment = location.search, location.hash
        if not isinstance(search, str) or not isinstance(fragment, str):
            return False
        kept = without_link_keys(search)
        if kept == search:
            return False
        # the path itself keeps the page where it is (an empty URL would keep the
        # query); a string state, not None, crosses any Python-to-JS bridge
        win.history.replaceState("", "", location.pathname + kept + fragment)
        return True
    except Exception:
        return False


def page_query() -> str:
    """The page's query string in the browser (``window.location.search``), else ``""``.

    Never raises; on the desktop there is no page.
    """
    return _location_text("search")


def _location_text(name: str) -> str:
    """One text of the page's ``window.location`` (``href``, ``search``...), else ``""``."""
    if sys.platform != "emscripten":
        return ""
    try:
        from thirteen.records.storage import browser_window

        value = getattr(browser_window().location, name)
    except Exception:
        return ""
    return value if isinstance(value, str) else ""
