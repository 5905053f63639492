"""``python -m thirteen shot``: render any scene headless to a PNG.

Used to look at the interface without a window (reviews, docs, CI), and by
the tests.  The profile lives in memory, so shots never touch saved data.
"""

from __future__ import annotations

import argparse
import json
import os
import re
import sys
from pathlib import Path

from ..cards import Card, NotationError, card_text, parse_card
from ..game import Game
from ..moves import Move
from ..storage import FILE_NAME, ROOT, MemoryStorage, read_data_file
from .scene_names import SceneName

MIN_SIDE, MAX_SIDE = 64, 4096
"""Bounds of each side of ``--size``, in pixels."""

_SIZE = re.compile(r"([0-9]{1,9})x([0-9]{1,9})")


def shot_size(text: str) -> tuple[int, int]:
    """argparse type for ``--size``: ``WxH`` with each side from MIN_SIDE to MAX_SIDE."""
    match = _SIZE.fullmatch(text.strip().lower())
    if match is None:
        raise argparse.ArgumentTypeError(f"expected WxH in pixels, like 640x360, got {text!r}")
    w, h = int(match[1]), int(match[2])
    if not (MIN_SIDE <= w <= MAX_SIDE and MIN_SIDE <= h <= MAX_SIDE):
        raise argparse.ArgumentTypeError(
            f"each side must be from {MIN_SIDE} to {MAX_SIDE} pixels, got {text!r}"
        )
    return w, h


def card_arg(text: str) -> Card:
    """argparse type for ``--select``/``--focus``: one card, like Ac."""
    try:
        return parse_card(text)
    except NotationError as exc:
        raise argparse.ArgumentTypeError(f"{text!r} is not a card: {exc}") from None


def register(sub: argparse._SubParsersAction) -> None:
    """Add the ``shot`` sub-command."""
    from ..cli import add_game_arguments

    shot = sub.add_parser("shot", help="render a scene to a PNG file, headless")
    add_game_arguments(shot)
    shot.add_argument(
        "--scene",
        default=SceneName.TABLE.value,
        choices=[name.value for name in SceneName],
        help="entry: the screen-name keyboard; end: a game that is not over is first "
        "played to its end by always taking the first legal move that does not come "
        "back to a position already seen (the shot says how many moves that took)",
    )
    shot.add_argument(
        "--size",
        type=shot_size,
        default="1280x720",
        help=f"output size WxH, each side {MIN_SIDE} to {MAX_SIDE} (scaled smoothly)",
    )
    shot.add_argument("--select", type=card_arg, help="a card to show selected, e.g. Ac")
    shot.add_argument("--hint", action="store_true", help="show the hint highlight")
    shot.add_argument("--focus", type=card_arg, help="a card to put the keyboard focus ring on")
    shot.add_argument("--four-colour", action="store_true", help="use the four-colour deck")
    shot.add_argument(
        "--profile-dir",
        help="show the statistics and scores saved in this data directory "
        "(read only: the shot copies them into memory and changes nothing there)",
    )
    shot.add_argument("--out", required=True, help="PNG file to write")
    shot.set_defaults(func=run_shot)


def check_out(path: str) -> None:
    """Refuse an --out the PNG cannot be written to, before any drawing."""
    from ..cli import CommandError

    if not path.strip():
        raise CommandError("--out is empty: give the PNG file to write, like shot.png")
    if os.path.isdir(path):
        raise CommandError(f"--out {path!r} is a directory; give a file name, like shot.png")
    folder = os.path.dirname(os.path.abspath(path))
    if not os.path.isdir(folder):
        raise CommandError(f"--out {path!r}: the folder {folder!r} does not exist")


def read_profile_dir(directory: str) -> MemoryStorage:
    """A memory copy of the data saved in ``directory``, which is only read.

    Unlike :class:`~thirteen.storage.FileStorage`, a file that cannot be read is
    not renamed and odd values are not rewritten: the copy starts empty (a note
    says so on stderr) or sets the odd values aside in memory only.
    """
    from ..cli import CommandError

    if not os.path.isdir(directory):
        raise CommandError(f"--profile-dir {directory!r} is not a directory")
    path = os.path.join(directory, FILE_NAME)
    storage = MemoryStorage()
    try:
        data = read_data_file(Path(path))
    except FileNotFoundError:
        print(f"note: no {FILE_NAME} in {directory!r}; showing an empty profile", file=sys.stderr)
        return storage
    except OSError as exc:
        raise CommandError(f"--profile-dir: cannot read {path!r}: {exc.strerror}") from None
    if data is None:
        print(
            f"note: {path!r} is not a saved profile (not a JSON object); showing an empty "
            "profile and leaving the file as it is",
            file=sys.stderr,
        )
        return storage
    for key, value in data.items():
        if not key.startswith(ROOT):
            continue  # not ours: FileStorage never lists such keys either
        if isinstance(value, str):
            storage.set(key, value)
        else:  # as FileStorage does, but in memory only
            storage.set_aside(key, json.dumps(value))
    return storage


def next_move_to_end(game: Game, seen: set) -> Move:
    """The first legal move that does not come back to a position in ``seen`` (a
    Thirteens card may go to and fro between empty columns for ever), for playing a
    game to its end; ``seen`` gets the position it leaves."""
    from ..cli import CommandError

    seen.add(game.key)
    for move in game.legal_moves():
        game.play(move)
        fresh = game.key not in seen
        game.undo()
        if fresh:
            return move
    raise CommandError(
        "--scene end: every move here comes back to a position already played; "
        "give --moves that end the game"
    )


def run_shot(args: argparse.Namespace) -> int:
    """Draw the scene and write the PNG."""
    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
    os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")  # stdout says what was written
    from ..cli import CommandError, game_from_args
    from ..profile import Profile

    check_out(args.out)
    game = game_from_args(args)
    storage = read_profile_dir(args.profile_dir) if args.profile_dir else MemoryStorage()
    w, h = args.size

    import pygame

    from .. import app as app_module

    profile = Profile(storage)
    profile.settings.sound = False
    profile.settings.four_colour = args.four_colour
    app = app_module.make_app([], profile)
    table = app.put_on_table(game, deal=False)
    for option, card in (("--select", args.select), ("--focus", args.focus)):
        if card is not None and table.find(("card", card)) is None:
            raise CommandError(f"{option} {card_text(card)}: that card is not on the table")
    if args.select is not None:
        table.selected = args.select
    if args.focus is not None:
        table.focus_key, table.show_focus = ("card", args.focus), True
    if args.hint:
        table.show_hint()
    note = ""
    scene = SceneName(args.scene)
    if scene == SceneName.END and not game.is_over:
        app.settings.animations = table.anim.enabled = False
        played = 0
        seen: set = set()
        while not game.is_over:
            table.play(next_move_to_end(game, seen))
            played += 1
        note = f", after playing {played} more moves by 'first legal move' (no position twice)"
    if scene == SceneName.START:
        app.go_start()
    elif scene == SceneName.ENTRY:
        from .screens.entry import NAME_PROMPT, EntryScene

        title = f"Post your score: {game.score}"  # as the end screen opens it
        app.push(EntryScene(app, title, NAME_PROMPT, lambda text: None, "Lucky 13"))
    elif scene != SceneName.TABLE:
        app.open(scene)
    app.scene.draw(app.screen)
    image = app.screen
    if (w, h) != image.get_size():
        image = pygame.transform.smoothscale(image, (w, h))
    try:
        pygame.image.save(image, args.out)
    except (pygame.error, OSError) as exc:
        raise CommandError(f"--out {args.out!r}: cannot write the PNG: {exc}") from None
    print(f"wrote {args.out} ({w}x{h}, scene {args.scene}{note})")
    return 0
