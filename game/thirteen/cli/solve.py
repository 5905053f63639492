"""``python -m thirteen solve``: a deal's verdict and a winning line (perfect information)."""

from __future__ import annotations

import argparse
import json

from ..pyramid import CLEAR_BONUS, Pyramid13
from ..solver import solve
from .args import CommandError, add_game_arguments, game_from_args, positive_int, positive_ms


def register(sub: argparse._SubParsersAction) -> argparse.ArgumentParser:
    """Add the ``solve`` sub-command."""
    parser = sub.add_parser(
        "solve",
        help="solve a deal with perfect information: verdict and a winning line",
        description=(
            "Print whether the position (a deal, after --moves if given) can be won, and a "
            "line of moves that wins. Pyramid 13: whether the current deal's pyramid can be "
            "cleared in its one pass (--points adds the most points the deal can give)."
        ),
    )
    add_game_arguments(parser)
    parser.add_argument("--shortest", action="store_true", help="Pyramid: fewest steps")
    parser.add_argument(
        "--budget-ms", type=positive_ms, help="give up (verdict unknown) after this"
    )
    parser.add_argument("--max-nodes", type=positive_int, help="give up after this many positions")
    parser.add_argument("--points", action="store_true", help="Pyramid 13: most points too")
    parser.add_argument("--json", action="store_true", help="print one JSON object")
    return parser


def run(args: argparse.Namespace) -> int:
    """Solve the position after --moves and print the verdict, the line and the figures."""
    game = game_from_args(args)
    if args.points and not isinstance(game, Pyramid13):
        raise CommandError("--points is only offered for Pyramid 13")
    try:
        result = solve(
            game, budget_ms=args.budget_ms, max_nodes=args.max_nodes, shortest=args.shortest
        )
    except ValueError as exc:
        raise CommandError(str(exc)) from None
    out = result.to_json()
    if args.points and isinstance(game, Pyramid13):
        # imported here, as the solver does, so other commands never load the pyramid tables
        from ..solver.pyramid import max_points_pyramid13_deal

        points, line, status = max_points_pyramid13_deal(
            game.deal,
            game.pos,
            bonus=CLEAR_BONUS[game.deal_index],
            budget_ms=args.budget_ms,
            max_nodes=args.max_nodes,
        )
        out["points"] = {"points": points, "status": status, "moves": [m.text() for m in line]}
    if args.json:
        print(json.dumps(out))
        return 0
    setup = getattr(game, "setup", None)
    label = setup.label if setup is not None else game.title
    if isinstance(game, Pyramid13):
        label += f", round {game.deal_index + 1} of 3, clearing its pyramid in one pass"
    print(f"{label}: {result.verdict}")
    if result.winnable:
        print(f"Moves ({result.steps}): " + (" ".join(m.text() for m in result.moves) or "none"))
    print(f"Nodes: {result.nodes}   Time: {result.ms:.1f} ms")
    if "points" in out:
        p = out["points"]
        exact = "" if p["status"] == "exact" else " (best found; the budget ran out)"
        print(f"Most points for this deal: {p['points']}{exact}")
        print(f"Points line ({len(p['moves'])}): " + (" ".join(p["moves"]) or "none"))
    return 0
