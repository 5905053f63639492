"""Solvers for every game, behind one entry point.

All solvers have perfect information: they read the hidden order of the stock
or draw pile.  Each returns a :class:`SolveResult` whose moves, when the verdict
is winnable, replay on the engine to a win from the game's current position.

Here: :func:`solve`, which picks the solver for a game (:mod:`.thirteens`,
:mod:`.pyramid`).  Imports: the engine and the solver modules; none of them
imports this one.
"""

from __future__ import annotations

from ..game import Game
from ..pyramid import Pyramid, Pyramid13
from ..thirteens import Thirteens
from .pyramid import solve_pyramid, solve_pyramid13_deal
from .result import NOT_WINNABLE, UNKNOWN, WINNABLE, SolveResult
from .thirteens import solve_thirteens


def solve(
    game: Game,
    *,
    budget_ms: float | None = None,
    max_nodes: int | None = None,
    shortest: bool = False,
) -> SolveResult:
    """Solve ``game`` from its current position.

    Thirteens and Pyramid: can the game still be won.  Pyramid 13: can the
    current deal's pyramid be cleared in its one pass (the moves clear it).
    ``shortest`` asks for the fewest steps and is only offered for Pyramid.
    """
    if isinstance(game, Thirteens):
        if shortest:
            raise ValueError("--shortest is only offered for Pyramid (classic)")
        return solve_thirteens(game, budget_ms=budget_ms, max_nodes=max_nodes)
    if isinstance(game, Pyramid):
        return solve_pyramid(game, budget_ms=budget_ms, max_nodes=max_nodes, shortest=shortest)
    if isinstance(game, Pyramid13):
        if shortest:
            raise ValueError("--shortest is only offered for Pyramid (classic)")
        return solve_pyramid13_deal(game, budget_ms=budget_ms, max_nodes=max_nodes)
    raise TypeError(f"no solver for {type(game).__name__}")


__all__ = ["NOT_WINNABLE", "UNKNOWN", "WINNABLE", "SolveResult", "solve", "solve_thirteens"]


# -- ``python -m thirteen solve`` ---------------------------------------------


def register_solve(sub) -> None:  # sub: argparse._SubParsersAction
    """Add the ``solve`` sub-command."""
    from ..cli import add_game_arguments, positive_int, positive_ms

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
    parser.set_defaults(func=_solve_command)


def _solve_command(args) -> int:
    import json

    from ..cli import CommandError, game_from_args

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
        from ..pyramid import CLEAR_BONUS
        from .pyramid import max_points_pyramid13_deal

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
