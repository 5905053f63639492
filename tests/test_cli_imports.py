"""The command line starts with what its command uses: ``show``, ``solve``, ``deal`` and
``sim`` import neither pygame, nor the interface, nor the benchmarks, nor another
command's module.

Each case runs the command in a fresh interpreter and lists the modules it imported
(``sys.modules`` after the run), so that one test's imports cannot hide another's.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys

import pytest

from thirteen.__main__ import COMMANDS

PROBE = (
    "import contextlib, io, sys\n"
    "from thirteen.__main__ import main\n"
    "try:\n"
    "    with contextlib.redirect_stdout(io.StringIO()):\n"
    "        status = main(sys.argv[1:])\n"
    "except SystemExit as exc:  # --help\n"
    "    status = exc.code\n"
    "print(status, *sorted(sys.modules))\n"
)
"""Runs ``python -m thirteen ARGS`` in-process and prints its status and every module
imported by then."""


def imported(argv: list[str]) -> set[str]:
    """The modules a fresh interpreter has imported after running ``argv`` (which must
    succeed)."""
    env = {**os.environ, "SDL_VIDEODRIVER": "dummy", "SDL_AUDIODRIVER": "dummy"}
    run = subprocess.run(
        [sys.executable, "-c", PROBE, *argv],
        capture_output=True,
        text=True,
        timeout=120,
        env=env,
    )
    assert run.returncode == 0, run.stderr
    status, *modules = run.stdout.split()
    assert status == "0", run.stdout
    return set(modules)


def is_heavy(module: str) -> bool:
    """pygame, the interface, the records, or a tool's module (benchmarks, shots, odds...):
    none of them is what a command that prints text needs."""
    top = module.split(".")[0]
    return (
        top in ("pygame", "pygame_ce")
        or module.startswith(("thirteen.ui", "thirteen.session", "thirteen.records"))
        or (module.startswith("thirteen.tools.") and module != "thirteen.tools.cli_commands")
    )


COMMAND_MODULES = {command.name: command.module for command in COMMANDS}

LIGHT = [
    (["show", "--game", "pyramid", "--deal", "1"], set()),
    (["show", "--game", "thirteens", "--deal", "1", "--moves", "Ks"], set()),
    (["solve", "--game", "pyramid", "--deal", "1"], set()),
    (["solve", "--game", "thirteens", "--deal", "1", "--json"], set()),
    (["deal", "--game", "pyramid", "--from", "3"], set()),
    # sim's player is a tool of its own (the players), its only one
    (
        ["sim", "--game", "thirteens", "--player", "random", "--games", "2"],
        {"thirteen.tools.cli_sim", "thirteen.tools.players"},
    ),
    (["--help"], set()),
]


@pytest.mark.parametrize(
    ("argv", "allowed"), LIGHT, ids=lambda v: " ".join(sorted(v) if isinstance(v, set) else v)
)
def test_a_text_command_imports_no_pygame_interface_or_benchmark(
    argv: list[str], allowed: set[str]
) -> None:
    modules = imported(argv)
    heavy = sorted(m for m in modules if is_heavy(m) and m not in allowed)
    assert heavy == []


@pytest.mark.parametrize(
    "argv",
    [
        ["show", "--game", "pyramid", "--deal", "1"],
        ["solve", "--game", "pyramid", "--deal", "1"],
        ["--help"],
    ],
    ids=" ".join,
)
def test_only_the_command_run_has_its_module_imported(argv: list[str]) -> None:
    modules = imported(argv)
    name = argv[0] if not argv[0].startswith("-") else None
    loaded = sorted(n for n, module in COMMAND_MODULES.items() if module in modules)
    assert loaded == ([name] if name else [])


def test_show_does_not_import_the_solvers_file_reader_or_json() -> None:
    """``solve --decks-file``'s figures (statistics, resource) and json are imported
    only by the commands and options that use them."""
    modules = imported(["show", "--game", "pyramid", "--deal", "1"])
    assert {"thirteen.cli.decks", "statistics", "json", "thirteen.advice.solving"} & modules == (
        set()
    )


def test_the_probe_sees_a_tool_command_import_its_tool() -> None:
    """The checks above can fail: a benchmark's command imports the benchmarks."""
    modules = imported(["bench", "--help"])
    assert {"thirteen.tools.bench", "thirteen.tools.cli_bench"} <= modules
    assert [m for m in modules if is_heavy(m)]


def test_help_lists_every_command_with_its_help_line() -> None:
    """The table's help lines reach ``--help`` though no command's module is imported."""
    run = subprocess.run(
        [sys.executable, "-m", "thirteen", "--help"], capture_output=True, text=True, timeout=60
    )
    assert run.returncode == 0, run.stderr
    text = " ".join(run.stdout.split())
    for command in COMMANDS:
        assert f"{command.name} {' '.join(command.help.split())}" in text, command.name
    assert json.dumps(sorted(COMMAND_MODULES)) == json.dumps(
        sorted(
            {
                "show",
                "play",
                "shot",
                "bench-ui",
                "solve",
                "deal",
                "sim",
                "odds",
                "bench",
                "bench-shortest",
                "records",
            }
        )
    )


def test_no_command_is_play_with_its_options_and_a_command_gets_its_own() -> None:
    from thirteen import cli
    from thirteen.cli import play, show

    args = cli.parse([], COMMANDS)
    assert (args.command, args.func, args.query) == ("play", play.run, None)
    args = cli.parse(["show", "--game", "pyramid", "--deal", "1"], COMMANDS)
    assert (args.command, args.func, args.deal) == ("show", show.run, 1)
