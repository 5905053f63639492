"""The browser page's own words, in English: the loading screen, its steps, the failure
messages and the update notice.

They show while the game's code and catalogues are still downloading, so the page
cannot ask the game for them; but they are translated in the game's catalogues
(``game/thirteen/locale/<code>.json``, keyed by the English text, like every text the
game marks), so that each word is translated once. ``scripts/build_web.py`` writes the
page's share of every catalogue into ``index.html``, by the ids below, which
``web/index.tmpl`` (``data-words``, ``data-words-label``) and ``web/loader.js``
(``words("id")``) use; the build fails when the page uses an id that is not here, or
when one here is not used. The texts are marked ``N_()`` so that ``tests/messages.py``
finds them beside the game's (``tests/test_i18n.py`` then checks every catalogue has
them, with the same placeholders).

Each language also gets a page of its own (``index.html`` in English, ``de.html``,
``fr.html`` ...), which the build writes with these words already in place, for
search engines and link previews, which run no script: its ``lang``, the description
(``appDescription``, which must equal web/build.toml's ``description``), the Open Graph
and Twitter tags, the preview's description (``previewAlt``, web/build.toml's
``preview_alt``), the loading and failure texts and ``<noscript>``.

The manifest's name and description are page words too (``"@words:appName"`` in
``web/manifest.webmanifest``): the build writes them, and their translations, into the
site's manifest.

Placeholders: ``{title}`` the game's name, ``{mb}`` a size in megabytes (with its
unit), ``{got}`` and ``{total}`` megabytes (numbers).
"""

from __future__ import annotations


def N_(text: str) -> str:
    """Mark ``text`` for the catalogues."""
    return text


WORDS: dict[str, str] = {
    "appName": N_("Thirteen: make-13 solitaire"),
    "appDescription": N_(
        "Make-13 solitaire games and their cousins that make 11 or 15: Thirteens, Pyramid 13, "
        "Pyramid, Neighbour, Giza, Baroness, Elevens and Fifteens, playable offline."
    ),
    "tagline": N_("Make-13 solitaire"),
    "loading": N_("Loading"),
    "loadingDots": N_("Loading…"),
    "slow": N_("This is taking longer than usual."),
    "retry": N_("Try again"),
    "failed": N_("{title} could not start"),
    "runtime": N_(
        "The game runs on a Python runtime that this page downloads (about {mb}) the first "
        "time it is played, and it could not be loaded."
    ),
    "check": N_(
        "Check the internet connection, then try again. After one complete visit the game "
        "also starts with no connection."
    ),
    "update": N_("A new version of {title} is ready."),
    "reload": N_("Reload"),
    "later": N_("Later"),
    "runtimeStep": N_("Downloading the Python runtime…"),
    "python": N_("Setting up Python and pygame…"),
    "game": N_("Unpacking the game…"),
    "start": N_("Starting the game…"),
    "gesture": N_("Click or press a key to start."),
    "ready": N_("Ready"),
    "bytes": N_("{got} of {total} MB"),
    "wrongFile": N_(
        "A file of the Python runtime that this page downloads is not the one {title} was "
        "made with (it was still different when downloaded again), so it was not used."
    ),
    "wrongFileLater": N_(
        "The site that serves it may have changed or damaged it. Try again later; if it "
        "stays so, {title} needs an update before it can start."
    ),
    "noscript": N_("{title} needs JavaScript and WebAssembly."),
    # the failure's details ({file}: an address, {why}: networkError or "HTTP 404",
    # {what}: the runtime's own words)
    "detailDownload": N_("could not download {file}"),
    "networkError": N_("network error"),
    "detailNoWasm": N_("this browser cannot run WebAssembly"),
    "detailStopped": N_("the Python runtime stopped: {what}"),
    "detailRefused": N_("{file}: not the file this version pins (refused twice)"),
    "previewAlt": N_("Thirteens, deal 1: fifteen cards in a 3x5 grid, the stock and the buttons"),
}
"""Id (as the page uses it) -> the English text (the key into the catalogues)."""

LOCALES: dict[str, str] = {
    "en": "en_GB",
    "de": "de_DE",
    "fr": "fr_FR",
    "es": "es_ES",
    "it": "it_IT",
}
"""Language code -> its Open Graph locale (``og:locale``): the game writes British English."""
