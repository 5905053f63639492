"""The end screen's verdict line (whether the deal could have been won) fits the box on
a phone, where the type has a floor, in the languages with the longest verdicts: the
longest verdict any game can show, put on the screen, wraps rather than run out and is
said whole."""

from __future__ import annotations

import pytest

from thirteen.core import i18n
from thirteen.core.i18n import tr
from thirteen.ui import theme
from thirteen.ui.screens.end import EndScene

from .fit_cases import check, make_app, open_scene

VERDICTS = (
    "Every round's pyramid could be cleared in its one pass.",
    "No round's pyramid could be cleared in its one pass.",
    "Only round {round}'s pyramid could be cleared in its one pass.",
    "Round {round}'s pyramid could be cleared in its one pass.",
    "Only the pyramids of rounds {rounds} could be cleared, each in one pass.",
    "The pyramids of rounds {rounds} could be cleared, each in one pass.",
    "This deal can be won: Same deal (R) plays it again.",
    "This deal can be won: Same deal plays it again.",
    "No way of playing wins this deal: it was lost from the start.",
)
"""Every verdict the end screen can show (:func:`thirteen.advice.verdicts.verdict_words`)."""


def longest_verdict() -> str:
    """The widest verdict in the language in use, at the verdict line's size."""
    said = [tr(words, round=3, rounds="1, 2") for words in VERDICTS]
    return max(said, key=lambda words: theme.font(28).size(words)[0])


@pytest.mark.parametrize("shape", [(390, 844), (844, 390)], ids=lambda s: f"{s[0]}x{s[1]}")
@pytest.mark.parametrize("language", ["de", "fr", "it", "es"])
@pytest.mark.parametrize("game", ["pyramid13", "thirteens"])
def test_the_longest_verdict_fits_the_end_screen_on_a_phone(
    make, monkeypatch, shape, language, game
):
    case = {
        "scene": "end-lost",
        "game": game,
        "shape": shape,
        "language": language,
        "larger": False,
        "timer": False,
        "daily": False,
        "contrast": False,
    }
    app = make_app(make, case, monkeypatch)
    verdict = longest_verdict()
    monkeypatch.setattr(EndScene, "verdict", lambda self: verdict)
    open_scene(app, case)
    assert isinstance(app.scene, EndScene)
    found = check(app, f"end {game} {shape} {language}")
    said = [words for words, *_ in app.scene.lines() if words in verdict]
    assert " ".join(said) == verdict, f"{verdict!r} not said whole: {said}"
    i18n.set_language(i18n.SOURCE)
    # the verdict's own lines (the box's other lines are checked by test_setting_fit)
    about = [line for line in found if any(repr(words) in line for words in said)]
    assert about == [], "\n".join(about)
