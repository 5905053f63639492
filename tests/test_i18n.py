"""The languages: every text marked in the code is in every catalogue, with the same
placeholders; and the rules for choosing, formatting and counting."""

from __future__ import annotations

import importlib.util
import json

import pytest

from messages import PAGE_WORDS, marked_texts
from thirteen.core import i18n
from thirteen.core.i18n import Message, message, message_n, tr, tr_n

OTHER = [code for code in i18n.LANGUAGES if code != i18n.SOURCE]


@pytest.fixture(autouse=True)
def _english_after():
    yield
    i18n.set_language(i18n.SOURCE)


def test_no_text_is_built_in_code_before_translation():
    _, problems = marked_texts()
    assert problems == []


@pytest.mark.parametrize("code", OTHER)
def test_every_marked_text_has_this_language(code):
    texts, _ = marked_texts()
    have = i18n.catalogue(code)
    lacking = sorted(key for key in texts if key not in have)
    assert lacking == [], f"{code}.json lacks {len(lacking)}: {lacking[:10]}"


def page_words() -> dict[str, str]:
    """web/page_words.py's WORDS: the browser page's own words, id -> English."""
    spec = importlib.util.spec_from_file_location("thirteen_page_words", PAGE_WORDS)
    assert spec and spec.loader
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module.WORDS


@pytest.mark.parametrize("code", OTHER)
def test_every_page_word_has_this_language(code):
    """The page's loading and failure words are translated in the game's catalogues
    (the build writes the page's share): marked like the game's, and none lacking."""
    words = page_words()
    texts, _ = marked_texts()
    assert set(words.values()) <= set(texts)
    have = i18n.catalogue(code)
    lacking = sorted(key for key, english in words.items() if english not in have)
    assert lacking == [], f"{code}.json lacks the page's {lacking}"
    for english in words.values():
        assert isinstance(have[english], str), (code, english)  # the page has no plurals


@pytest.mark.parametrize("code", OTHER)
def test_placeholders_match(code):
    texts, _ = marked_texts()
    for key, entry in i18n.catalogue(code).items():
        english = {key} | ({texts[key].plural} if key in texts and texts[key].plural else set())
        wanted = set().union(*(i18n.placeholders(t) for t in english))
        forms = entry if isinstance(entry, list) else [entry]
        if key in texts:
            assert isinstance(entry, list) == (texts[key].plural is not None), key
        for form in forms:
            assert i18n.placeholders(form) == wanted, (code, key, form)


@pytest.mark.parametrize("code", OTHER)
def test_catalogue_is_well_formed_and_not_stale(code):
    raw = (i18n.LOCALE_DIR / f"{code}.json").read_text(encoding="utf-8")
    data = json.loads(raw)
    assert data["language"] == code
    # one canonical form (sorted keys, two-space indent), so that changes merge cleanly
    assert raw == json.dumps(data, ensure_ascii=False, indent=2, sort_keys=True) + "\n"
    texts, _ = marked_texts()
    stale = sorted(set(data["messages"]) - set(texts))
    assert stale == [], f"{code}.json holds texts the code no longer marks: {stale[:10]}"
    for key, entry in data["messages"].items():
        forms = entry if isinstance(entry, list) else [entry]
        assert all(isinstance(f, str) and f.strip() for f in forms), (code, key)


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
