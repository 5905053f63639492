"""``python -m thirteen deal``: a deal number and its deck (with --winnable: the first one
the solver proves winnable)."""

from __future__ import annotations

import argparse
import json

from thirteen.advice import winnable
from thirteen.cli.args import CommandError, deal_number, layout_text, positive_int, positive_ms
from thirteen.games import GAMES, GameSetup, decks_text


def register(parser: argparse.ArgumentParser) -> None:
    """The ``deal`` sub-command's options."""
    parser.description = (
        "Print deal --from N and its deck; with --winnable, the first deal number >= N "
        "that the solver proves winnable (Pyramid 13: its final pyramid can be cleared)."
    )
    parser.add_argument("--game", required=True, choices=sorted(GAMES), help="which game")
    parser.add_argument(
        "--layout", type=layout_text, help="Thirteens grid as COLUMNSxROWS (default 3x5)"
    )
    parser.add_argument(
        "--from", dest="start", type=deal_number, default=1, help="first deal to try"
    )
    parser.add_argument("--winnable", action="store_true", help="only a proven winnable deal")
    parser.add_argument(
        "--budget-ms", type=positive_ms, default=winnable.DEFAULT_BUDGET_MS, help="per deal"
    )
    parser.add_argument(
        "--limit", type=positive_int, default=winnable.DEFAULT_LIMIT, help="deals to try at most"
    )
    parser.add_argument("--json", action="store_true", help="print one JSON object")


def run(args: argparse.Namespace) -> int:
    """Print the deal's number and deck (text, or one JSON object)."""
    try:
        setup = GameSetup(args.game, deal=args.start, layout=args.layout)
        number = args.start
        verdict = None
        if args.winnable:
            number = winnable.first_winnable_deal(
                setup.game,
                args.start,
                layout=setup.layout,
                budget_ms=args.budget_ms,
                limit=args.limit,
            )
            verdict = "winnable"
            setup = GameSetup(setup.game, deal=number, layout=setup.layout)
    except (ValueError, LookupError) as exc:
        raise CommandError(str(exc).strip("'\"")) from None
    deck = decks_text(setup.decks())
    if args.json:
        out = {"game": setup.game, "deal": number, "deck": deck}
        if setup.layout:
            out["layout"] = setup.layout
        if verdict:
            out["verdict"] = verdict
        print(json.dumps(out))
        return 0
    print(f"{setup.label}" + (" (proven winnable)" if verdict else ""))
    print(f"Deal: {number}")
    print(f"Deck: {deck}")
    return 0
