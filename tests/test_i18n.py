"""The languages: every text marked in the code is in the catalogue of its folder (the
core's, or its game's) in every language, with the same placeholders; and the rules for
choosing, formatting and counting."""

from __future__ import annotations

import json
import re
import shutil
from pathlib import Path

import pytest

from catalogue_checks import (
    OTHER,
    check_catalogue_well_formed,
    check_every_marked_text_has,
    check_no_text_built_before_translation,
    check_placeholders_match,
    check_shared_texts_alike,
)
from messages import PAGE_WORDS, Catalogues, catalogues
from script_modules import load_module
from thirteen.core import i18n
from thirteen.core.i18n import Message, message, message_n, tr, tr_n
from thirteen.games import GAMES


def test_no_text_is_built_in_code_before_translation():
    check_no_text_built_before_translation()


@pytest.mark.parametrize("code", OTHER)
def test_every_marked_text_has_this_language(code):
    check_every_marked_text_has(code)


def page_words() -> dict[str, str]:
    """web/page_words.py's WORDS: the browser page's own words, id -> English."""
    return load_module(PAGE_WORDS, "thirteen_page_words").WORDS


@pytest.mark.parametrize("code", OTHER)
def test_every_page_word_has_this_language(code):
    """The page's loading and failure words are translated in the core's catalogues
    (the build writes the page's share): marked like the game's, and none lacking."""
    words = page_words()
    core = catalogues()[0]
    assert set(words.values()) <= set(core.texts)
    have = i18n.catalogue(code)
    lacking = sorted(key for key, english in words.items() if english not in have)
    assert lacking == [], f"{code}.json lacks the page's {lacking}"
    for english in words.values():
        assert isinstance(have[english], str), (code, english)  # the page has no plurals


@pytest.mark.parametrize("code", OTHER)
def test_placeholders_match(code):
    check_placeholders_match(code)


@pytest.mark.parametrize("code", OTHER)
def test_catalogue_is_well_formed_and_not_stale(code):
    check_catalogue_well_formed(code)


@pytest.mark.parametrize("code", OTHER)
def test_a_text_two_games_hold_is_translated_alike(code):
    """Two games' folders may both hold a text (a group's name): the same translation."""
    check_shared_texts_alike(code)


def test_each_game_s_words_are_in_its_own_folder():
    """A game's title, blurb and help are in the catalogues of its folder, not the core's;
    the language's catalogue holds them all."""
    core, *games = catalogues()
    folders = {folder.folder.parent: folder for folder in games}
    for spec in GAMES.values():
        own = folders[i18n.game_folder(spec)]
        paragraph = spec.help[0].text if isinstance(spec.help[0], Message) else spec.help[0]
        for text in (spec.title, spec.blurb, paragraph):
            assert text in own.texts and text not in core.texts, (spec.id, text)
            assert text in own.messages("de") and text in i18n.catalogue("de"), (spec.id, text)
    assert i18n.catalogue("de")["Pyramid 13"] == "Pyramide 13"


def test_a_missing_or_stale_translation_is_found(tmp_path: Path):
    """The checks above fail on a game's catalogue lacking one of its texts, or holding one
    that is not its own."""
    _, *games = catalogues()
    game = games[0]
    copy = tmp_path / "locale"
    shutil.copytree(game.folder, copy)
    data = json.loads((copy / "fr.json").read_text(encoding="utf-8"))
    dropped = sorted(data["messages"])[0]
    del data["messages"][dropped]
    data["messages"]["New game"] = "Nouvelle partie"  # the core's
    (copy / "fr.json").write_text(json.dumps(data), encoding="utf-8")
    broken = Catalogues(copy, game.texts)
    assert broken.lacking("fr") == [dropped] and game.lacking("fr") == []
    assert broken.stale("fr") == ["New game"] and game.stale("fr") == []


def test_english_is_the_code_itself():
    assert tr("New game") == "New game"
    assert tr("Deal {n}", n=5) == "Deal 5"
    assert tr_n("{n} card left", "{n} cards left", 1) == "1 card left"
    assert tr_n("{n} card left", "{n} cards left", 0) == "0 cards left"


def test_a_translation_is_used_and_counted_by_the_languages_rule(monkeypatch):
    monkeypatch.setitem(
        i18n._catalogues,
        "fr",
        {"Deal {n}": "Donne {n}", "{n} card left": ["{n} carte restante", "{n} cartes restantes"]},
    )
    i18n.set_language("fr")
    assert tr("Deal {n}", n=3) == "Donne 3"
    assert tr_n("{n} card left", "{n} cards left", 0) == "0 carte restante"
    assert tr_n("{n} card left", "{n} cards left", 2) == "2 cartes restantes"
    assert tr("Not in the catalogue") == "Not in the catalogue"


def test_a_faulty_translation_falls_back_to_english(monkeypatch):
    monkeypatch.setitem(i18n._catalogues, "de", {"Deal {n}": "Spiel {m}"})
    i18n.set_language("de")
    assert tr("Deal {n}", n=3) == "Deal 3"


def test_messages_nest_and_read_in_english_as_text(monkeypatch):
    monkeypatch.setitem(i18n._catalogues, "it", {"Removed {card}": "Rimosso {card}", "King": "Re"})
    msg = message("Removed {card}", card=message("King"))
    assert str(msg) == "Removed King"
    i18n.set_language("it")
    assert tr(msg) == "Rimosso Re"
    assert isinstance(message_n("{n} card", "{n} cards", 2), Message)


def test_unknown_language_keeps_english():
    assert i18n.set_language("xx") == "en"
    assert i18n.catalogue("xx") == {}


@pytest.mark.parametrize(
    ("tags", "code"),
    [
        (["fr-CA", "en"], "fr"),
        (["de_DE.UTF-8"], "de"),
        (["pt-BR", "es-419"], "es"),
        (["IT"], "it"),
        (["ja", "zh"], "en"),
        ([], "en"),
    ],
)
def test_pick_takes_the_first_offered_language(tags, code):
    assert i18n.pick(tags) == code


def test_desktop_languages_read_the_environment(monkeypatch):
    for name in ("LANGUAGE", "LC_ALL", "LC_MESSAGES"):
        monkeypatch.delenv(name, raising=False)
    monkeypatch.setenv("LANG", "de_AT.UTF-8")
    assert i18n.pick(i18n.desktop_languages()) == "de"
    monkeypatch.setenv("LANG", "C")
    assert i18n.desktop_languages() == []


FRENCH_SPACING = re.compile(r"[^\u00a0\u202f]([;:!?])(?=\s|$)|«[^\u00a0]|[^\u00a0]»")
"""A French text's ``;:!?`` and ``« »`` without the no-break space French sets beside
them (narrow before ``;!?``, full before ``:`` and inside the quotes), so that a line
never breaks between a word and its mark."""


def test_french_sets_no_break_spaces_beside_its_marks():
    wrong = []
    for folder in catalogues():
        for key, entry in folder.messages("fr").items():
            for text in entry if isinstance(entry, list) else [entry]:
                wrong += [(folder.shown(), key, m.group()) for m in FRENCH_SPACING.finditer(text)]
    assert wrong == []


GERMAN_FORMAL = re.compile(r"(?<=[a-zäöüß,] )(Sie|Ihnen|Ihre?[mnrs]?)\b")
"""The formal address in the middle of a German sentence: the game and the page say
*du* to the player."""


def test_german_says_du_in_the_game_and_on_the_page():
    formal = []
    for folder in catalogues():
        for key, entry in folder.messages("de").items():
            for text in entry if isinstance(entry, list) else [entry]:
                formal += [(folder.shown(), key) for _ in GERMAN_FORMAL.finditer(text)]
    assert formal == []
