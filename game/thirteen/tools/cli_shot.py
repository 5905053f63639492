"""``python -m thirteen shot``: render any scene headless to a PNG (drawn by
:mod:`thirteen.tools.shot`; pygame is imported only when the command runs)."""

from __future__ import annotations

import argparse
import os
import re
import sys
from pathlib import Path

from thirteen.cli.args import CommandError, add_game_arguments, game_from_args
from thirteen.core.cards import QUOTE_MAX, Card, NotationError, parse_card, quoted
from thirteen.core.i18n import LANGUAGES
from thirteen.records.data_file import Salvaged, read_data_file, refuse_unless_regular
from thirteen.records.database import copied_rows
from thirteen.records.storage import DB_NAME, FILE_NAME, MemoryStorage
from thirteen.tools import shot as ui_shot
from thirteen.ui.canvas import canvas_size

PATH = ui_shot.PATH_SHOWN
MIN_SIDE, MAX_SIDE = 64, 4096
"""Bounds of each side of ``--size``, in pixels."""

_SIZE = re.compile(r"([0-9]{1,9})x([0-9]{1,9})")


def shot_size(text: str) -> tuple[int, int]:
    """argparse type for ``--size``: ``WxH`` with each side from MIN_SIDE to MAX_SIDE."""
    match = _SIZE.fullmatch(text.strip().lower())
    if match is None:
        raise argparse.ArgumentTypeError(
            f"expected WxH in pixels, like 640x360, got {quoted(text)}"
        )
    w, h = int(match[1]), int(match[2])
    if not (MIN_SIDE <= w <= MAX_SIDE and MIN_SIDE <= h <= MAX_SIDE):
        raise argparse.ArgumentTypeError(
            f"each side must be from {MIN_SIDE} to {MAX_SIDE} pixels, got {quoted(text)}"
        )
    return w, h


def card_arg(text: str) -> Card:
    """argparse type for ``--select``/``--focus``: one card, like Ac."""
    try:
        return parse_card(text)
    except NotationError as exc:
        # a long text is named by the reason alone, which quotes it (cut) and says
        # it is not a card, rather than twice on one line
        message = f"{text!r} is not a card: {exc}" if len(text) <= QUOTE_MAX else str(exc)
        raise argparse.ArgumentTypeError(message) from None


def register(shot: argparse.ArgumentParser) -> None:
    """The ``shot`` sub-command's options."""
    add_game_arguments(shot)
    shot.add_argument(
        "--scene",
        default="table",
        choices=ui_shot.SCENES,
        help="entry: the screen-name keyboard; end: a game that is not over is first "
        "played to its end by always taking the first legal move that does not come "
        "back to a position already seen (the shot says how many moves that took)",
    )
    shot.add_argument(
        "--size",
        type=shot_size,
        help=f"output size WxH, each side {MIN_SIDE} to {MAX_SIDE} (scaled smoothly; "
        "default: the canvas's own size, 1280x720 without --viewport)",
    )
    shot.add_argument(
        "--viewport",
        type=shot_size,
        help="the window or phone screen shown, WxH (390x844: a phone held upright): "
        "the scene is laid out on the canvas the game would choose for it (720x1558)",
    )
    shot.add_argument(
        "--select",
        type=card_arg,
        action="append",
        help="a card to show selected, e.g. Ac (again for each card of a group, in a game "
        "that removes groups)",
    )
    shot.add_argument("--hint", action="store_true", help="show the hint highlight")
    shot.add_argument("--tips", action="store_true", help="show the first-deal tip over the table")
    shot.add_argument("--focus", type=card_arg, help="a card to put the keyboard focus ring on")
    shot.add_argument("--four-colour", action="store_true", help="use the four-colour deck")
    shot.add_argument(
        "--high-contrast", action="store_true", help="the high-contrast table and cards"
    )
    shot.add_argument("--larger-text", action="store_true", help="text a quarter larger")
    shot.add_argument(
        "--timer", action="store_true", help="the game timer on (the table shows the time)"
    )
    shot.add_argument(
        "--touch", action="store_true", help="as after a tap: no keys named on buttons or in words"
    )
    shot.add_argument(
        "--left-handed", action="store_true", help="the table's panel and buttons mirrored"
    )
    shot.add_argument("--back", default="red", help="the card back (red, blue, green, black)")
    shot.add_argument(
        "--table-colour", default="green", help="the table's felt (green, blue, red, grey)"
    )
    shot.add_argument(
        "--language",
        default="en",
        choices=tuple(LANGUAGES),
        help="the language the screens speak (default: en)",
    )
    shot.add_argument(
        "--profile-dir",
        help="show the statistics and scores saved in this data directory "
        "(read only: the shot copies them into memory and changes nothing there)",
    )
    shot.add_argument("--out", required=True, help="PNG file to write")


def check_out(path: str) -> None:
    """Refuse an --out the PNG cannot be written to, before any drawing."""
    if not path.strip():
        raise CommandError("--out is empty: give the PNG file to write, like shot.png")
    if os.path.isdir(path):
        raise CommandError(
            f"--out {quoted(path, PATH)} is a directory; give a file name, like shot.png"
        )
    folder = os.path.dirname(os.path.abspath(path))
    if not os.path.isdir(folder):
        named = quoted(folder, PATH, brief=True)  # (the path names it too)
        raise CommandError(f"--out {quoted(path, PATH)}: the folder {named} does not exist")


def read_profile_dir(directory: str) -> MemoryStorage:
    """A memory copy of the data saved in ``directory``, which is only read.

    The database (:data:`~thirteen.records.storage.DB_NAME`), else the JSON file of earlier
    versions.  Unlike :func:`~thirteen.records.platform_storage.open_storage`, nothing there is
    renamed, taken in or rewritten: a file that cannot be read gives an empty copy (a
    note says so on stderr), and what cannot be read is set aside in memory only.
    """
    if not os.path.isdir(directory):
        raise CommandError(f"--profile-dir {quoted(directory, PATH)} is not a directory")
    storage = MemoryStorage()
    db = Path(directory) / DB_NAME
    path = db if os.path.lexists(db) else Path(directory) / FILE_NAME
    try:
        refuse_unless_regular(path)
        if path == db:
            rows, lost, unknown = copied_rows(db)
            found = Salvaged(rows, {key: "" for key in lost}, unknown)
        else:
            found = read_data_file(path)
    except FileNotFoundError:
        print(
            f"note: no {DB_NAME} or {FILE_NAME} in {quoted(directory, PATH)}; "
            "showing an empty profile",
            file=sys.stderr,
        )
        return storage
    except OSError as exc:
        raise CommandError(
            f"--profile-dir: cannot read {quoted(str(path), PATH)}: {exc.strerror}"
        ) from None
    if found.unknown:
        print(
            f"note: part of {quoted(str(path), PATH)} could not be read; "
            "showing what could, and leaving the file as it is",
            file=sys.stderr,
        )
    for key, value in found.records.items():
        storage.set(key, value)
    for key, value in found.damaged.items():
        storage.set_aside(key, value)
    # the notice the game would give opening this folder
    storage.aside = [*found.damaged, *([""] if found.unknown else [])]
    storage.kept = sorted(found.records) if found.unknown else None
    return storage


def run(args: argparse.Namespace) -> int:
    """Check the options, draw the scene and write the PNG."""
    ui_shot.headless()
    check_out(args.out)
    game = game_from_args(args)
    storage = read_profile_dir(args.profile_dir) if args.profile_dir else MemoryStorage()
    try:
        played = ui_shot.render_shot(
            game,
            args.out,
            scene=args.scene,
            size=args.size,
            viewport=args.viewport,
            select=args.select,
            focus=args.focus,
            hint=args.hint,
            tips=args.tips,
            four_colour=args.four_colour,
            high_contrast=args.high_contrast,
            larger_text=args.larger_text,
            timer=args.timer,
            left_handed=args.left_handed,
            back=args.back,
            felt=args.table_colour,
            storage=storage,
            language=args.language,
            touch=args.touch,
        )
    except ui_shot.ShotError as exc:
        raise CommandError(str(exc)) from None
    w, h = args.size or canvas_size(*(args.viewport or (1280, 720)))
    note = ""
    if played:
        note = f", after playing {played} more moves by 'first legal move' (no position twice)"
    print(f"wrote {args.out} ({w}x{h}, scene {args.scene}{note})")
    return 0
