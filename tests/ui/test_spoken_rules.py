"""F1 reads a game's rules to a screen reader a part at a time: opening help says the
game and the first part, each further F1 the next, the last part says it is the end,
and no part is too long to take in at once."""

from __future__ import annotations

import pygame
import pytest

from thirteen.games import GAMES
from thirteen.session.screen_speech import rules_parts
from thirteen.ui.screens.help import help_text

from .helpers import click, press
from .spoken import heard, listened

LONGEST = 250
"""The most characters one announcement of the rules may have."""


@pytest.mark.parametrize("language", ["en", "de"])
@pytest.mark.parametrize("game", list(GAMES))
def test_f1_reads_every_part_of_the_rules_in_short_announcements(make, game, language):
    app, page = listened(make, f"?game={game}&deal=3", language=language)
    paragraphs = help_text(game)
    parts = rules_parts(paragraphs)
    assert len(parts) > 1  # every game's rules are longer than one announcement
    said = [heard(page, lambda: press(app, pygame.K_F1))]
    assert type(app.scene).__name__ == "HelpScene"
    for _ in parts[1:]:
        said.append(heard(page, lambda: press(app, pygame.K_F1)))
    assert all(0 < len(words) <= LONGEST for words in said), [len(w) for w in said]
    for n, (words, part) in enumerate(zip(said, parts, strict=True)):
        assert part in words
        assert f"{n + 1}" in words and f"{len(parts)}" in words
    # pressed through, every word of the rules was said, in order
    assert " ".join(parts).split() == " ".join(paragraphs).split()
    again = heard(page, lambda: press(app, pygame.K_F1))
    assert parts[0] in again  # after the end, F1 starts again from the first part
    if language == "en":
        assert said[0].startswith(f"How to play: {GAMES[game].title}. Part 1 of {len(parts)}:")
        assert said[0].endswith("F1 again for more.")
        assert said[-1].endswith("End of the rules: F1 reads them again from the start.")
    else:
        assert said[0].startswith("Spielregeln: ")
        assert f"Teil 1 von {len(parts)}:" in said[0]
        assert said[0].endswith("Drück noch einmal F1 für mehr.")
        assert said[-1].endswith("Ende der Regeln: F1 liest sie noch einmal von vorn.")


def test_another_tab_reads_its_own_rules_from_their_first_part(make):
    app, page = listened(make, "?game=pyramid&deal=3")
    press(app, pygame.K_F1)
    press(app, pygame.K_F1)  # part 2 of Pyramid's rules
    tab = next(w for w in app.scene.widgets if w.name == "tab:elevens")
    said = heard(page, lambda: click(app, tab.rect.center))
    first = rules_parts(help_text("elevens"))[0]
    assert "How to play: Elevens. Part 1 of" in said
    assert first in said
    second = rules_parts(help_text("elevens"))[1]
    assert second in heard(page, lambda: press(app, pygame.K_F1))


def test_a_long_sentence_is_cut_at_its_clauses_and_nothing_is_lost():
    sentence = "Cards, " * 60 + "and the end."
    parts = rules_parts([sentence, "A short one. Another short one."], limit=100)
    assert all(len(p) <= 100 for p in parts)
    assert " ".join(parts).split() == f"{sentence} A short one. Another short one.".split()
    assert parts[-1] == "A short one. Another short one."  # a paragraph starts a part


@pytest.mark.parametrize("language", ["en", "de", "fr", "es", "it"])
def test_no_part_of_any_game_s_rules_is_too_long_in_any_language(language):
    from thirteen.core import i18n
    from thirteen.session.screen_speech import rules_part_words

    i18n.set_language(language)
    try:
        for game, spec in GAMES.items():
            intro = i18n.tr("How to play: {game}.", game=i18n.tr(spec.title))
            parts = rules_parts(help_text(game))
            for n in range(len(parts)):
                said = rules_part_words(parts, n)
                said = f"{intro} {said}" if n == 0 else said  # help names the game first
                assert len(said) <= LONGEST, (game, n, said)
    finally:
        i18n.set_language(i18n.SOURCE)
