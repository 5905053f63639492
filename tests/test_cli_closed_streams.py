"""``python -m thirteen`` started with its output or its error stream closed (``>&-``,
``2>&-``): status 2 and no traceback, for every sub-command.

Python starts such a program with ``sys.stdout`` (or ``sys.stderr``) set to None, and
the next file opened takes the closed descriptor, so whatever is written to that
stream lands in it; nothing is run then.  Each case runs in a subprocess through
``sh -c 'exec ...'``, since the test's own streams are never closed.
"""

from __future__ import annotations

import argparse
import os
import shlex
import subprocess
import sys
from pathlib import Path

import pytest

from thirteen.__main__ import build_parser

COMMANDS_RUN = [
    ["show", "--game", "pyramid", "--deal", "1"],
    ["solve", "--game", "thirteens", "--deal", "1"],
    ["deal", "--game", "pyramid", "--from", "3"],
    ["sim", "--game", "thirteens", "--player", "random", "--games", "2"],
    ["odds", "--game", "thirteens", "--deals", "1-2", "--quiet"],
    ["shot", "--game", "thirteens", "--deal", "1", "--out", "{tmp}/shot.png"],
    ["show", "--help"],
    ["play", "--help"],
    ["shot", "--help"],
    ["bench-ui", "--help"],
    ["solve", "--help"],
    ["deal", "--help"],
    ["sim", "--help"],
    ["odds", "--help"],
    ["bench", "--help"],
    ["records", "export", "{tmp}/records.json"],
    ["records", "--help"],
    ["bench-shortest", "--help"],
    ["--help"],
    ["show", "--game", "pyramid", "--deal", "0"],  # a mistake too: nothing to tell it on
]


def test_every_sub_command_is_tried() -> None:
    (sub,) = (a for a in build_parser()._actions if isinstance(a, argparse._SubParsersAction))
    assert set(sub.choices) <= {argv[0] for argv in COMMANDS_RUN}


def run_closed(argv: list[str], redirect: str, tmp: Path) -> subprocess.CompletedProcess[str]:
    """``python -m thirteen *argv`` with ``redirect`` (``>&-``, ``2>&-``) applied."""
    words = [sys.executable, "-m", "thirteen", *(a.format(tmp=tmp) for a in argv)]
    env = {**os.environ, "SDL_VIDEODRIVER": "dummy", "SDL_AUDIODRIVER": "dummy"}
    env["THIRTEEN_DATA_DIR"] = str(tmp / "data")
    return subprocess.run(
        ["sh", "-c", f"exec {shlex.join(words)} {redirect}"],
        capture_output=True,
        text=True,
        timeout=120,
        env=env,
    )


@pytest.mark.parametrize("argv", COMMANDS_RUN, ids=" ".join)
def test_closed_stdout_gives_status_2_and_one_line(argv: list[str], tmp_path: Path) -> None:
    """Found by review: ``show --game pyramid --deal 1 >&-`` ended in an AttributeError
    traceback (``sys.stdout`` is None)."""
    done = run_closed(argv, ">&-", tmp_path)
    assert done.returncode == 2, done.stderr
    assert done.stderr == "error: standard output is closed\n"
    assert not (tmp_path / "shot.png").exists()


@pytest.mark.parametrize("argv", COMMANDS_RUN, ids=" ".join)
def test_closed_stderr_gives_status_2_and_no_output(argv: list[str], tmp_path: Path) -> None:
    done = run_closed(argv, "2>&-", tmp_path)
    assert (done.returncode, done.stdout) == (2, "")
    assert not (tmp_path / "shot.png").exists()


@pytest.mark.parametrize("argv", COMMANDS_RUN[:2], ids=" ".join)
def test_both_closed_give_status_2(argv: list[str], tmp_path: Path) -> None:
    done = run_closed(argv, ">&- 2>&-", tmp_path)
    assert done.returncode == 2
