"""Render any scene headless to a PNG: what ``python -m thirteen shot`` draws with.

Used to look at the interface without a window (reviews, docs, CI), and by
the tests.  The profile lives in memory, so shots never touch saved data.
"""

from __future__ import annotations

import os
from collections.abc import Sequence

from thirteen.advice import difficulty
from thirteen.core.cards import Card, card_text, clip, quoted
from thirteen.core.game import Game
from thirteen.core.i18n import tr
from thirteen.core.moves import Move
from thirteen.records.storage import MemoryStorage, Storage
from thirteen.ui import HEIGHT, WIDTH
from thirteen.ui.canvas import canvas_size
from thirteen.ui.scene_names import SceneName
from thirteen.ui.spots import SpotKind

SCENES = tuple(name.value for name in SceneName)
"""What a shot can show: ``entry`` is the screen-name keyboard, ``calendar`` this month's
day's deals as the profile (``--profile-dir``) has them."""
PATH_SHOWN = 80
"""The most characters of a path a message quotes: an ordinary path is shown whole."""


class ShotError(Exception):
    """A shot that cannot be made, told in one line (the command line prints it, status 2)."""


def headless() -> None:
    """Dummy video and audio unless the caller chose drivers; set before pygame loads."""
    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
    os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")  # stdout says what was written


def next_move_to_end(game: Game, seen: set) -> Move:
    """The first legal move that does not come back to a position in ``seen`` (a
    Thirteens card may go to and fro between empty columns for ever), for playing a
    game to its end; ``seen`` gets the position it leaves."""
    seen.add(game.key)
    for move in game.legal_moves():
        game.play(move)
        fresh = game.key not in seen
        game.undo()
        if fresh:
            return move
    raise ShotError(
        "--scene end: every move here comes back to a position already played; "
        "give --moves that end the game"
    )


def render_shot(
    game: Game,
    out: str,
    *,
    scene: str = "table",
    size: tuple[int, int] | None = None,
    viewport: tuple[int, int] | None = None,
    select: Card | Sequence[Card] | None = None,
    focus: Card | None = None,
    hint: bool = False,
    tips: bool = False,
    four_colour: bool = False,
    high_contrast: bool = False,
    larger_text: bool = False,
    timer: bool = False,
    left_handed: bool = False,
    back: str = "red",
    felt: str = "green",
    storage: Storage | None = None,
    language: str = "en",
    touch: bool = False,
) -> int:
    """Draw ``scene`` of ``game`` and write it to ``out`` as a PNG, at ``size`` (by default
    the canvas's): laid out on the canvas the game chooses for ``viewport`` (1280x720
    without one).

    ``select`` and ``focus`` name cards on the table (``select`` several cards in a game
    whose rule removes groups); ``storage`` holds the profile the
    statistics and scores come from (an empty one in memory when None); ``back`` and
    ``felt`` name the card back and the table's colour; ``language`` the language its
    words are in (an :data:`~thirteen.core.i18n.LANGUAGES` code); ``high_contrast`` and
    ``larger_text`` are the display settings, ``left_handed`` the left-handed table,
    ``timer`` the game timer setting (the table shows the time played), ``touch``: drawn
    as after a finger's tap (no keys on the buttons or in the words).  Scene ``end`` of
    a game that is not over first plays it to its end (see :func:`next_move_to_end`).
    Returns how many moves that took (0: none were played); raises :class:`ShotError`.
    """
    headless()
    import pygame

    from thirteen.records.profile import Profile
    from thirteen.ui import launch as app_module
    from thirteen.ui.cards import BACKS
    from thirteen.ui.theme import FELTS

    for option, name, known in (("--back", back, BACKS), ("--table-colour", felt, FELTS)):
        if name not in known:
            raise ShotError(f"{option} {quoted(name)}: choose one of {', '.join(known)}")

    canvas = canvas_size(*viewport) if viewport is not None else (WIDTH, HEIGHT)
    w, h = size or canvas
    profile = Profile(storage if storage is not None else MemoryStorage())
    profile.settings.sound = False
    profile.settings.four_colour = four_colour
    profile.settings.high_contrast, profile.settings.larger_text = high_contrast, larger_text
    profile.settings.card_back, profile.settings.table_colour = back, felt
    profile.settings.language = language
    profile.settings.left_handed = left_handed
    profile.settings.timer = timer  # the game timer: the table shows the time
    app = app_module.make_app([], profile, size=canvas)
    app.keys_seen(not touch)
    if viewport is not None:  # the phone or window the canvas stands for
        app.display.viewport = viewport
        app.relayout()
    table = app.put_on_table(game, deal=False)
    setup = getattr(game, "setup", None)
    if setup is not None:  # the deal's difficulty as the table shows it once worked out
        difficulty.settle(setup)
    chosen = [] if select is None else [select] if isinstance(select, int) else list(select)
    named = [("--select", card) for card in chosen] + [("--focus", focus)]
    for option, card in named:
        if card is not None and table.find((SpotKind.CARD, card)) is None:
            raise ShotError(f"{option} {card_text(card)}: that card is not on the table")
    if game.rule.removes_groups:
        table.group = chosen
    elif len(chosen) > 1:
        raise ShotError(f"--select: {game.title} selects one card at a time")
    elif chosen:
        table.selected = chosen[0]
    if focus is not None:
        table.focus_key, table.show_focus = (SpotKind.CARD, focus), True
    if hint:
        table.show_hint(at_once=True)
    if tips:  # the first-deal tip (a shot's table is not dealt, so it shows none unasked)
        table.show_tip()
    played = 0
    scene = SceneName(scene)
    if scene == SceneName.END and not game.is_over:
        app.settings.animations = table.anim.enabled = False
        seen: set = set()
        while not game.is_over:
            table.play(next_move_to_end(game, seen))
            played += 1
    if scene == SceneName.START:
        app.go_start()
    elif scene == SceneName.ENTRY:
        from thirteen.ui.screens.entry import NAME_PROMPT, EntryScene

        title = tr("Post your score: {score}", score=game.score)  # as the end screen opens it
        app.push(EntryScene(app, title, tr(NAME_PROMPT), lambda text: None, "Lucky 13"))
    elif scene != SceneName.TABLE:
        app.open(scene)
    app.draw()
    if app.tasks.busy():  # a search the screen started (the end screen's verdict)
        app.tasks.finish_all()
        app.draw()
    image = app.screen
    if (w, h) != image.get_size():
        image = pygame.transform.smoothscale(image, (w, h))
    try:
        pygame.image.save(image, out)
    except (pygame.error, OSError) as exc:
        # the error repeats the path (a name too long, say): the path is named briefly
        why = clip(str(exc), PATH_SHOWN)
        name = quoted(out, PATH_SHOWN, brief=True)
        raise ShotError(f"--out {name}: cannot write the PNG: {why}") from None
    return played
