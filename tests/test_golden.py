"""Golden transcripts: every registered game's transcripts (``tests/golden/*.txt``, listed
in :data:`golden.regen.TRANSCRIPTS`) replay move for move as their files say."""

from __future__ import annotations

import pytest

from golden import regen
from thirteen.games import GAMES

REPLAYED = [name for name, (game, *_) in regen.TRANSCRIPTS.items() if game in GAMES]
"""The transcripts of the registered games (a game may have none, or several)."""


@pytest.mark.parametrize("name", REPLAYED)
def test_golden_transcript(name):
    regen.check(name)


def test_every_golden_file_is_listed_and_replayed():
    """No transcript file is left out of the list, none of the list is of a game that is
    not registered."""
    assert {path.stem for path in regen.HERE.glob("*.txt")} == set(regen.TRANSCRIPTS)
    assert REPLAYED == list(regen.TRANSCRIPTS)
