"""``python -m thirteen solve``: a deal's verdict and a winning line (perfect information)."""

from __future__ import annotations

import argparse

from thirteen.advice.solving import most_points, offers_points, solve
from thirteen.cli.args import (
    CommandError,
    add_game_arguments,
    game_from_args,
    positive_int,
    positive_ms,
)
from thirteen.games import GAMES, spec_of


def register(parser: argparse.ArgumentParser) -> None:
    """The ``solve`` sub-command's options."""
    parser.description = (
        "Print whether the position (a deal, after --moves if given) can be won, and a "
        "line of moves that wins. Pyramid 13: whether the current deal's pyramid can be "
        "cleared in its one pass (--points adds the most points the deal can give)."
    )
    add_game_arguments(parser, decks_file=True)
    parser.add_argument("--shortest", action="store_true", help="Pyramid: fewest steps")
    parser.add_argument(
        "--budget-ms", type=positive_ms, help="give up (verdict unknown) after this"
    )
    parser.add_argument("--max-nodes", type=positive_int, help="give up after this many positions")
    parser.add_argument("--points", action="store_true", help="Pyramid 13: most points too")
    parser.add_argument("--json", action="store_true", help="print one JSON object")
    batch = parser.add_argument_group("with --decks-file")
    batch.add_argument(
        "--lengths-file", help="expected steps per deck, one a line (0: no solution), to compare"
    )
    batch.add_argument("--from", dest="first", type=positive_int, help="first deck (default 1)")
    batch.add_argument("--to", dest="last", type=positive_int, help="last deck (default: all)")


def run(args: argparse.Namespace) -> int:
    """Solve the position after --moves and print the verdict, the line and the figures."""
    if args.decks_file:
        if args.moves or args.points or args.json:
            raise CommandError("--decks-file takes no --moves, --points or --json")
        from thirteen.cli.decks import run_decks  # its figures' modules: only for a file

        return run_decks(args)
    if args.lengths_file or args.first or args.last:
        raise CommandError("--lengths-file, --from and --to go with --decks-file")
    game = game_from_args(args)
    spec = spec_of(game)
    if args.points and not offers_points(spec):
        offered = " and ".join(s.title for s in GAMES.values() if offers_points(s))
        raise CommandError(f"--points is only offered for {offered}")
    try:
        result = solve(
            game, budget_ms=args.budget_ms, max_nodes=args.max_nodes, shortest=args.shortest
        )
    except ValueError as exc:
        raise CommandError(str(exc)) from None
    out = result.to_json()
    if args.points:
        points, line, status = most_points(game, budget_ms=args.budget_ms, max_nodes=args.max_nodes)
        out["points"] = {"points": points, "status": status, "moves": [m.text() for m in line]}
    if args.json:
        import json  # only for --json: the command line starts with what it uses

        print(json.dumps(out))
        return 0
    setup = getattr(game, "setup", None)
    label = str(setup.label) if setup is not None else game.title
    if spec.solve_goal:
        progress = game.progress()
        label += f", round {progress.round} of {progress.rounds}, {spec.solve_goal}"
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
