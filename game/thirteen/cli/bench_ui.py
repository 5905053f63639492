"""``python -m thirteen bench-ui``: drawing speed (see :mod:`thirteen.ui.bench`)."""

from __future__ import annotations

import argparse

from ..ui import bench as ui_bench
from .args import int_range


def register(sub: argparse._SubParsersAction) -> argparse.ArgumentParser:
    """Add the ``bench-ui`` sub-command."""
    parser = sub.add_parser(
        "bench-ui", help="time drawing a table frame and reaching the first frame"
    )
    parser.add_argument(
        "--frames",
        type=int_range(1, ui_bench.MAX_FRAMES),
        default=300,
        help=f"frames to time per game (1 to {ui_bench.MAX_FRAMES})",
    )
    return parser


def run(args: argparse.Namespace) -> int:
    """Print the drawing figures (pygame is imported only now)."""
    return ui_bench.main(args.frames)
