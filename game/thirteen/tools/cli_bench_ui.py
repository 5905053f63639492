"""``python -m thirteen bench-ui``: drawing speed and the idle loop's cost (see
:mod:`thirteen.tools.ui_bench`), or with ``--memory`` the peak memory of a window
dragged through every size and of a long random session (:mod:`.bench_memory`)."""

from __future__ import annotations

import argparse

from thirteen.cli.args import int_range
from thirteen.tools import bench_memory
from thirteen.tools import ui_bench as ui_bench


def register(parser: argparse.ArgumentParser) -> None:
    """The ``bench-ui`` sub-command's options."""
    parser.add_argument(
        "--frames",
        type=int_range(1, ui_bench.MAX_FRAMES),
        default=300,
        help=f"frames to time per game (1 to {ui_bench.MAX_FRAMES})",
    )
    parser.add_argument(
        "--idle-seconds",
        type=int_range(0, ui_bench.MAX_IDLE_SECONDS),
        default=10,
        help="how long the loop runs on an idle table, sleeping and then (the baseline) "
        f"never sleeping (0 to {ui_bench.MAX_IDLE_SECONDS}; 0: not measured)",
    )
    parser.add_argument(
        "--session",
        action="store_true",
        help="instead: frame times over a scripted session (games, hints, verdicts, the "
        "indicator, idle pauses) and the idle table's share of a core after it",
    )
    parser.add_argument(
        "--memory",
        action="store_true",
        help="instead: the peak memory of a desktop window dragged through --drag-steps "
        f"sizes and of a random session of --events events, against {bench_memory.CEILING_MB} "
        "MB (each in a process of its own)",
    )
    parser.add_argument(
        "--drag-steps",
        type=int_range(0, bench_memory.MAX_STEPS),
        default=bench_memory.DRAG_STEPS,
        help=f"with --memory: the window's sizes (0 to {bench_memory.MAX_STEPS}; 0: no drag)",
    )
    parser.add_argument(
        "--events",
        type=int_range(0, bench_memory.MAX_STEPS),
        default=bench_memory.SESSION_EVENTS,
        help=f"with --memory: the session's events (0 to {bench_memory.MAX_STEPS}; 0: none)",
    )
    parser.add_argument(
        "--no-baseline",
        action="store_true",
        help="measure the idle table only as the loop runs now, not also never sleeping",
    )


def run(args: argparse.Namespace) -> int:
    """Print the drawing figures (pygame is imported only now)."""
    if args.memory:
        return bench_memory.main(args.drag_steps, args.events)
    if args.session:
        from thirteen.tools import bench_session

        return bench_session.main()
    return ui_bench.main(args.frames, args.idle_seconds, baseline=not args.no_baseline)
