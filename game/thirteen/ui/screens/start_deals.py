"""The start screen's deal column: how to deal the chosen game (random, today's, a
number), and, when the chosen game (and layout) has a game in progress, Resume first and
Give up beside a new deal; else Resume of the game left for the start screen, if any."""

from __future__ import annotations

from enum import StrEnum
from typing import TYPE_CHECKING

import pygame

from thirteen.core.i18n import N_, tr
from thirteen.ui.screens.in_progress import in_progress_words
from thirteen.ui.widgets import Button, Checkbox, key_words

if TYPE_CHECKING:
    from thirteen.ui.screens.start import StartScene

R = pygame.Rect


class StartButton(StrEnum):
    """The start screen's own buttons (besides each game's and layout's, and the
    screens it opens, named by :class:`~thirteen.ui.scene_names.SceneName`)."""

    PLAY = "play"
    TODAY = "today"
    NUMBER = "number"
    WINNABLE = "winnable"
    RESUME = "resume"
    GIVE_UP = "give-up"


def deal_column(start: StartScene) -> list[Button | Checkbox]:
    """The deal column's widgets, four rows from ``start.DEAL_Y``, ``start.pitch`` apart."""
    x, dw, y = start.DEAL_X, start.DEAL_W, start.DEAL_Y
    pitch = start.pitch
    half = (dw - 10) // 2
    w: list[Button | Checkbox] = []
    chosen = start.waiting.get(start.chosen_slot())
    game = start.chosen_game
    if chosen is not None and game is not None:  # the chosen game has one in progress
        over = game.is_over
        words = N_("Back to {game}") if over else N_("Resume {game}")
        under = "" if over else in_progress_words(chosen.moves)
        label = tr(words, game=tr(game.title))
        w.append(Button(StartButton.RESUME, R(x, y, dw, 88), label, under, primary=True))
        low = R(x, y + 3 * pitch, dw if over else half, 88)
        w.append(Button(StartButton.PLAY, low, tr("New deal")))  # as the table says
        if not over:
            give = R(x + half + 10, y + 3 * pitch, half, 88)
            w.append(Button(StartButton.GIVE_UP, give, tr("Give up")))
    else:
        play = tr("Play a new deal")
        w.append(Button(StartButton.PLAY, R(x, y, dw, 88), play, key_words("Enter"), primary=True))
    w.append(Button(StartButton.TODAY, R(x, y + pitch, half, 88), tr("Today's deal")))
    number = R(x + half + 10, y + pitch, half, 88)
    w.append(Button(StartButton.NUMBER, number, tr("Deal number...")))
    w.append(
        Checkbox(
            StartButton.WINNABLE,
            R(x, y + 2 * pitch, dw, 88),
            tr("Winnable deals only"),
            start.app.settings.winnable_only,
            tr("new random deals are checked first"),
        )
    )
    table = start.app.suspended
    if table is not None and chosen is None:
        left = table.game
        words = N_("Back to {game}") if left.is_over else N_("Resume {game}")
        label = tr(words, game=tr(left.title))
        w.append(Button(StartButton.RESUME, R(x, y + 3 * pitch, dw, 88), label))
    return w
