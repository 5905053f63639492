"""The words the game shows or says, in the player's language.

Every text a player reads or hears is written in English in the code, inside
:func:`tr` (shown now), :func:`tr_n` (a count decides singular or plural) or :func:`N_`
(kept as English where it is defined, an engine record's help for instance, and passed
through :func:`tr` where it is shown).  The English text itself is the key into one
catalogue per other language, ``locale/<code>.json``::

    {"language": "fr",
     "messages": {"New game": "Nouvelle partie",
                  "{n} card left": ["{n} carte restante", "{n} cartes restantes"]}}

The words of the screens, the command line and the engine are in the ``locale`` folder
beside this module; each game's own words (its title, blurb, help, examples) are in the
``locale`` folder of its own folder, so that a new game brings its words with it.  A
language's catalogue is all of them together: the core's, then each registered game's
(:func:`catalogue_folders`).

A plural entry is keyed by the English singular and holds the language's two forms.
Placeholders are named (``{n}``, ``{card}``) and must be the same in every language
(``tests/test_i18n.py`` checks that every text marked in the code is in the catalogue of
its folder, with the same placeholders).  Text missing from a catalogue shows in English
rather than failing.  This module is pure Python: the engine may mark its texts too.
"""

from __future__ import annotations

import inspect
import os
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from pathlib import Path

    from thirteen.core.spec import GameSpec

# json, pathlib and string are imported where they are used: every command imports this
# module, and most never read a catalogue (``show`` prints English).

SOURCE = "en"
"""The language the code is written in (it has no catalogue)."""
LANGUAGES: dict[str, str] = {
    "en": "English",
    "fr": "Français",
    "de": "Deutsch",
    "es": "Español",
    "it": "Italiano",
}
"""The languages offered, each named in itself (as the settings list them)."""
LOCALE = "locale"
"""The name of a folder of catalogues, beside this module and in each game's folder."""
if TYPE_CHECKING:
    LOCALE_DIR: Path
    """The catalogues of the words of the screens, the command line and the engine."""


def __getattr__(name: str) -> Any:
    """``LOCALE_DIR``, made when first asked for (pathlib is not imported before)."""
    if name == "LOCALE_DIR":
        return _locale_dir()
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


def _locale_dir() -> Path:
    from pathlib import Path

    return Path(__file__).with_name(LOCALE)


Catalogue = dict[str, str | list[str]]
"""A language's messages: the English text, the translation (or its two plural forms)."""

_current = SOURCE
_catalogues: dict[str, Catalogue] = {}
"""Each language's catalogue, the core's and every registered game's together, once read
(read again once a game is registered or taken out)."""
_game_locales: dict[str, GameSpec] = {}
"""Each registered game whose ``locale`` folder is read, by its id, in the registry's order
(the registry tells: :func:`add_game_words`, :func:`drop_game_words`)."""


def N_(text: str) -> str:
    """Mark ``text`` for the catalogues without translating it yet (it is translated
    where it is shown, with :func:`tr`)."""
    return text


@dataclass(frozen=True)
class Message:
    """A text with its placeholders' values, made where the words are decided (the
    engine's refusals, say) and put into the player's language where shown.  A value may
    itself be a :class:`Message` (a card's name inside a refusal)."""

    text: str
    values: Mapping[str, Any] = field(default_factory=dict)
    plural: str | None = None
    """The English plural form; the count is ``values["n"]``."""

    def __str__(self) -> str:
        """In English (logs, the command line, tests)."""
        return _render(self, SOURCE)


def message(text: str, **values: Any) -> Message:
    """A :class:`Message` for ``text``; marks ``text`` for the catalogues like :func:`N_`."""
    return Message(text, values)


def message_n(one: str, many: str, n: int, **values: Any) -> Message:
    """A :class:`Message` whose form follows the count ``n`` (given as ``{n}``)."""
    return Message(one, {"n": n, **values}, plural=many)


def listed(items: list[Any]) -> Any:
    """``a``, ``a and b``, ``a, b and c``: the items (texts or Messages) joined with the
    language's "and", as a Message (the one item itself when there is only one)."""
    if len(items) == 1:
        return items[0]
    if len(items) == 2:
        return message("{first} and {last}", first=items[0], last=items[1])
    return message("{first}, {rest}", first=items[0], rest=listed(items[1:]))


def reason(exc: BaseException) -> Message | str:
    """What an exception says, as the Message it was raised with (to be put into the
    player's language where shown) or else its English text."""
    if len(exc.args) == 1 and isinstance(exc.args[0], Message):
        return exc.args[0]
    return str(exc)


def game_folder(spec: GameSpec) -> Path:
    """The folder a game lives in: that of the module defining its position (a game's
    position type is its own, named by its ``game_id``)."""
    from pathlib import Path

    return Path(inspect.getfile(spec.position_type)).parent


def add_game_words(spec: GameSpec) -> None:
    """Read the catalogues of ``spec``'s folder with the core's (the registry calls this
    as it registers the game)."""
    _game_locales[spec.id] = spec
    _catalogues.clear()


def drop_game_words(game_id: str) -> None:
    """Read the catalogues of game ``game_id``'s folder no more (it is taken out of the
    registry)."""
    if _game_locales.pop(game_id, None) is not None:
        _catalogues.clear()


def catalogue_folders() -> list[Path]:
    """The folders of catalogues a language's catalogue is made of, in the order they are
    read: the core's, then the ``locale`` folder of each registered game's folder, once
    each, in the registry's order."""
    folders = [_locale_dir()]
    for spec in _game_locales.values():
        folder = game_folder(spec) / LOCALE
        if folder not in folders:
            folders.append(folder)
    return folders


def read_catalogue(path: Path) -> Catalogue:
    """The messages of one catalogue file (none when it is missing or damaged: its texts
    show in English, never fail)."""
    import json

    try:
        data = json.loads(path.read_text(encoding="utf-8"))
        return dict(data.get("messages", {}))
    except (OSError, ValueError, AttributeError):
        return {}


def catalogue(code: str) -> Catalogue:
    """The messages of language ``code``: the core's and every registered game's (empty
    for English or an unknown code).  A text two catalogues hold is taken from the first."""
    if code == SOURCE or code not in LANGUAGES:
        return {}
    found = _catalogues.get(code)
    if found is None:
        found = {}
        for folder in catalogue_folders():
            for text, entry in read_catalogue(folder / f"{code}.json").items():
                found.setdefault(text, entry)
        _catalogues[code] = found
    return found


def set_language(code: str) -> str:
    """Show and say everything in language ``code`` from now on (an unknown code keeps
    English); returns the language now in use."""
    global _current
    _current = code if code in LANGUAGES else SOURCE
    return _current


def language() -> str:
    """The code of the language in use."""
    return _current


def plural_index(code: str, n: int) -> int:
    """0 for the singular form, 1 for the plural, by each language's rule (French counts
    0 and 1 as singular; the others only 1)."""
    if code == "fr":
        return 0 if abs(n) < 2 else 1
    return 0 if abs(n) == 1 else 1


def _form(text: str, plural: str | None, n: int, code: str) -> str:
    entry = catalogue(code).get(text)
    if plural is None:
        return entry if isinstance(entry, str) else text
    if isinstance(entry, list) and len(entry) == 2:
        return entry[plural_index(code, n)]
    return text if plural_index(SOURCE, n) == 0 else plural


def _render(msg: Message, code: str) -> str:
    n = msg.values.get("n", 0)
    pattern = _form(msg.text, msg.plural, n if isinstance(n, int) else 0, code)
    values = {
        key: _render(value, code) if isinstance(value, Message) else value
        for key, value in msg.values.items()
    }
    return _format(pattern, values, msg.text)


def _format(pattern: str, values: Mapping[str, Any], fallback: str) -> str:
    try:
        return pattern.format(**values)
    except (KeyError, IndexError, ValueError):
        try:  # a faulty translation: the English text, rather than an exception
            return fallback.format(**values)
        except (KeyError, IndexError, ValueError):
            return fallback


def tr(text: str | Message, **values: Any) -> str:
    """``text`` in the player's language, with its placeholders filled in."""
    if isinstance(text, Message):
        return _render(text, _current)
    return _render(Message(text, values), _current)


def tr_n(one: str, many: str, n: int, **values: Any) -> str:
    """The singular or plural form for the count ``n`` (``{n}`` in the text)."""
    return _render(Message(one, {"n": n, **values}, plural=many), _current)


def placeholders(text: str) -> set[str]:
    """The names of the placeholders in ``text``."""
    import string

    return {name for _, name, _, _ in string.Formatter().parse(text) if name}


def pick(tags: Iterable[str]) -> str:
    """The offered language that best matches the player's preferred ones (browser
    language tags such as ``fr-CA``, or a desktop locale such as ``de_DE.UTF-8``), in
    their order; English when none matches."""
    for tag in tags:
        base = str(tag).replace("_", "-").split(".")[0].split("-")[0].strip().lower()
        if base in LANGUAGES:
            return base
    return SOURCE


def desktop_languages() -> list[str]:
    """The desktop's preferred languages, from the usual environment variables."""
    tags: list[str] = []
    for name in ("LANGUAGE", "LC_ALL", "LC_MESSAGES", "LANG"):
        value = os.environ.get(name, "")
        tags.extend(part for part in value.split(":") if part and part not in ("C", "POSIX"))
    return tags
