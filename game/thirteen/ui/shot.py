"""``python -m thirteen shot``: render any scene headless to a PNG.

Used to look at the interface without a window (reviews, docs, CI), and by
the tests.  The profile lives in memory, so shots never touch saved data.
"""

from __future__ import annotations

import argparse
import os


def register(sub: argparse._SubParsersAction) -> None:
    from ..cli import add_game_arguments

    shot = sub.add_parser("shot", help="render a scene to a PNG file, headless")
    add_game_arguments(shot)
    shot.add_argument(
        "--scene",
        default="table",
        choices=("table", "start", "help", "stats", "end", "settings", "entry"),
        help="entry: the screen-name keyboard; end: a game that is not over is first "
        "played to its end by always taking the first legal move (the shot says how "
        "many moves that took)",
    )
    shot.add_argument("--size", default="1280x720", help="output size WxH (scaled smoothly)")
    shot.add_argument("--select", help="a card to show selected, e.g. Ac")
    shot.add_argument("--hint", action="store_true", help="show the hint highlight")
    shot.add_argument("--focus", help="a card to put the keyboard focus ring on")
    shot.add_argument("--four-colour", action="store_true", help="use the four-colour deck")
    shot.add_argument(
        "--profile-dir",
        help="show the statistics and scores saved in this data directory "
        "(read only: the shot copies them into memory)",
    )
    shot.add_argument("--out", required=True, help="PNG file to write")
    shot.set_defaults(func=run_shot)


def run_shot(args: argparse.Namespace) -> int:
    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
    import pygame

    from ..cards import parse_card
    from ..cli import CommandError, game_from_args
    from ..profile import Profile
    from ..storage import MemoryStorage

    game = game_from_args(args)
    try:
        w, h = (int(v) for v in args.size.lower().split("x"))
    except ValueError:
        raise CommandError(f"--size must be WxH, like 640x360, got {args.size!r}") from None
    from .. import app as app_module

    storage = MemoryStorage()
    if args.profile_dir:
        from ..storage import FILE_NAME, FileStorage

        saved = FileStorage(os.path.join(args.profile_dir, FILE_NAME))
        for key in saved.keys():
            value = saved.get(key)
            if value is not None:
                storage.set(key, value)
    profile = Profile(storage)
    profile.settings.sound = False
    profile.settings.four_colour = args.four_colour
    app = app_module.make_app([], profile)
    table = app.put_on_table(game, deal=False)
    if args.select:
        table.selected = parse_card(args.select)
    if args.focus:
        table.focus_key, table.show_focus = ("card", parse_card(args.focus)), True
    if args.hint:
        table.show_hint()
    note = ""
    if args.scene == "end" and not game.is_over:
        app.settings.animations = table.anim.enabled = False
        played = 0
        while not game.is_over:
            table.play(game.legal_moves()[0])
            played += 1
        note = f", after playing {played} more moves by 'first legal move'"
    if args.scene == "start":
        app.go_start()
    elif args.scene == "entry":
        from .scenes import NAME_PROMPT, EntryScene

        app.push(EntryScene(app, "Post your score", NAME_PROMPT, lambda text: None, "Lucky 13"))
    elif args.scene != "table":
        app.open(args.scene)
    app.scene.draw(app.screen)
    image = app.screen
    if (w, h) != image.get_size():
        image = pygame.transform.smoothscale(image, (w, h))
    pygame.image.save(image, args.out)
    print(f"wrote {args.out} ({w}x{h}, scene {args.scene}{note})")
    return 0
