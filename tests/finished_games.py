"""What ``Profile.record_result`` reads from a finished game, made without playing one to
its end: shared by the records' tests."""

from __future__ import annotations

from types import SimpleNamespace

from thirteen.core.game import Outcome
from thirteen.games import GameSetup


def finished(
    game: str, score: int, won: bool = False, layout: str | None = None
) -> SimpleNamespace:
    """Game ``game`` (deal 1, ``layout``) ended with ``score``, won or lost."""
    return SimpleNamespace(
        setup=GameSetup(game, deal=1, layout=layout),
        outcome=Outcome.WON if won else Outcome.LOST,
        score=score,
    )
