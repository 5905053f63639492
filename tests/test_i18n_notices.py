"""The notices from below the interface (storage, profile, links, session) are Messages
made of translated pieces: in English they read as the command line and the logs show
them, and in another language no English word is left in them."""

from __future__ import annotations

import re

import pytest

from thirteen.core import i18n
from thirteen.core.cards import FULL_DECK, NotationError, card_text, parse_deck
from thirteen.core.deals import MAX_DEAL
from thirteen.core.i18n import Message, reason, tr
from thirteen.games import GAMES, GameSetup
from thirteen.records.profile import recovered_notice, validate_name
from thirteen.records.storage import NAMESPACE
from thirteen.session.share import parse_link


def test_a_notice_built_of_pieces_reads_in_plain_english() -> None:
    notice = recovered_notice(
        [NAMESPACE + "stats/thirteens/4x4", ""],
        [NAMESPACE + "scores/pyramid13", NAMESPACE + "settings", NAMESPACE + "stats/pyramid"],
    )
    assert isinstance(notice, Message)
    assert str(notice) == (
        "Some saved data could not be read (Thirteens 4x4 statistics and part of the data "
        "file): set aside; kept Pyramid 13 scores, settings and Pyramid statistics."
    )
    assert str(recovered_notice([NAMESPACE + "game"], [])) == (
        "Some saved data could not be read (the saved game): set aside; nothing else was found."
    )


def test_labels_links_names_and_decks_read_in_plain_english() -> None:
    assert str(GameSetup("thirteens", deal=12, layout="4x4").label) == "Thirteens 4x4, deal #12"
    custom = GameSetup("pyramid", deck=" ".join(parse_deck_text())).label
    assert str(custom) == "Pyramid, custom deck"
    link = parse_link("?game=thirteens&deal=0&layout=9x9&colour=red")
    assert [str(n) for n in link.notices] == [
        "Ignored unknown link option 'colour'.",
        "Layout '9x9' is not allowed (columns x rows, each 2 or more, 30 cards at most); "
        "using 3x5.",
        f"Deal '0' is not a number from 1 to {MAX_DEAL}; playing today's deal.",
    ]
    with pytest.raises(ValueError) as caught:
        validate_name(" ab ")
    assert str(caught.value) == (
        "The name must be 5 to 10 characters long (it has 2, not counting spaces at either end)."
    )
    with pytest.raises(NotationError) as bad:
        parse_deck("As As")
    assert str(bad.value) == "duplicate card As"
    assert isinstance(reason(bad.value), Message)


def parse_deck_text() -> list[str]:
    return [card_text(c) for c in FULL_DECK]


def _english_words(text: str) -> set[str]:
    return {w.lower() for w in re.findall(r"[A-Za-z]{3,}", text)}


def test_a_notice_of_pieces_in_german_has_no_english_word_left() -> None:
    notice = recovered_notice(
        [NAMESPACE + "stats/pyramid", NAMESPACE + "settings"],
        [NAMESPACE + "scores/pyramid13", NAMESPACE + "game", NAMESPACE + "stats/thirteens/3x5"],
    )
    english = str(notice)
    i18n.set_language("de")
    german = tr(notice)
    names = {w.lower() for spec in GAMES.values() for w in spec.title.split()}  # proper names
    left = (_english_words(english) & _english_words(german)) - names
    assert left == set(), german
    assert "Einstellungen" in german and "das gespeicherte Spiel" in german and " und " in german
    assert "Pyramide 13" in german  # the game's own name in German, inside the piece


def test_a_link_notice_in_french_translates_its_reason_and_what_was_done() -> None:
    (notice,) = parse_link("?game=pyramid&deck=As+As").notices
    i18n.set_language("fr")
    said = tr(notice)
    assert (
        said == "Le paquet du lien n'est pas valide\u00a0: carte en double As\u202f; "
        "place à la donne du jour."
    )
