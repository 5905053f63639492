"""The tools' lines of the command table (see :mod:`thirteen.cli.command`): each names the
``cli_*`` module that builds the command's options and runs it, imported only when that
command runs, so that no other command pays for the benchmarks or pygame."""

from __future__ import annotations

from thirteen.cli.command import Command

SHOT = Command("shot", "render a scene to a PNG file, headless", "thirteen.tools.cli_shot")
BENCH_UI = Command(
    "bench-ui",
    "time drawing a table frame and reaching the first frame, and measure the "
    "processor time an idle table takes",
    "thirteen.tools.cli_bench_ui",
)
SIM = Command(
    "sim",
    "play many deals with a simulated player and print the results",
    "thirteen.tools.cli_sim",
)
ODDS = Command(
    "odds",
    "the share of deals winnable with perfect information, and how a player does",
    "thirteen.tools.cli_odds",
)
BENCH = Command("bench", "engine and solver speed figures (not a test)", "thirteen.tools.cli_bench")
BENCH_SHORTEST = Command(
    "bench-shortest",
    "the fewest-steps Pyramid search against its plain bound (not a test)",
    "thirteen.tools.cli_bench_shortest",
)

TOOL_COMMANDS = (SHOT, BENCH_UI, SIM, ODDS, BENCH, BENCH_SHORTEST)
"""Every tool's command."""
