"""The desktop window as a player's desktop sees it, on a real X server (Xvfb): its
title and its class (which a dock or task bar groups and names windows by) are
"Thirteen", not the name of the script that started Python."""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
import time
from pathlib import Path

import pytest

GAME = Path(__file__).resolve().parents[2] / "game"
TOOLS = ("Xvfb", "xprop", "xwininfo")


def need_tools() -> None:
    missing = [tool for tool in TOOLS if not shutil.which(tool)]
    if missing and os.environ.get("CI") == "true":
        pytest.fail(f"missing {', '.join(missing)} (scripts/ensure_test_tools.py installs them)")
    if missing:
        pytest.skip(f"missing {', '.join(missing)}")


def window_properties(
    display: str, game: subprocess.Popen, log: Path, most_s: float = 180.0
) -> str:
    """xprop's WM_CLASS and WM_NAME of the first top-level window that has a class; a
    game that ends first, or shows none for ``most_s`` (a loaded machine), fails the
    test with what it printed."""
    env = dict(os.environ, DISPLAY=display)
    until = time.monotonic() + most_s
    while time.monotonic() < until:
        if game.poll() is not None:
            said = log.read_text(errors="replace")[-2000:]
            raise AssertionError(f"the game ended ({game.returncode}) with no window:\n{said}")
        tree = subprocess.run(
            ["xwininfo", "-root", "-children"], env=env, capture_output=True, text=True
        ).stdout
        for word in tree.split():
            if word.startswith("0x"):
                props = subprocess.run(
                    ["xprop", "-id", word, "WM_CLASS", "WM_NAME"],
                    env=env,
                    capture_output=True,
                    text=True,
                ).stdout
                if "WM_CLASS(STRING)" in props:
                    return props
        time.sleep(0.2)
    said = log.read_text(errors="replace")[-2000:]
    raise AssertionError(f"no window appeared in {most_s:.0f} s; the game printed:\n{said}")


def test_the_window_is_called_thirteen_and_of_class_thirteen(tmp_path):
    need_tools()
    read, write = os.pipe()
    server = subprocess.Popen(
        ["Xvfb", "-displayfd", str(write), "-screen", "0", "1280x800x24", "-nolisten", "tcp"],
        pass_fds=(write,),
        stderr=subprocess.DEVNULL,
    )
    os.close(write)
    try:
        with os.fdopen(read) as numbers:
            display = ":" + numbers.readline().strip()
        env = dict(os.environ, DISPLAY=display, PYTHONPATH=str(GAME), XDG_DATA_HOME=str(tmp_path))
        env.pop("SDL_VIDEODRIVER", None)
        env["SDL_AUDIODRIVER"] = "dummy"
        log = tmp_path / "game.log"
        with log.open("wb") as printed:
            game = subprocess.Popen(
                [sys.executable, "-m", "thirteen"], env=env, stdout=printed, stderr=printed
            )
            try:
                props = window_properties(display, game, log)
            finally:
                game.kill()
                game.wait()
    finally:
        server.terminate()  # asked to stop, it removes its lock and socket for the next
        try:
            server.wait(timeout=10)
        except subprocess.TimeoutExpired:
            server.kill()
            server.wait()
    assert 'WM_CLASS(STRING) = "Thirteen", "Thirteen"' in props
    assert 'WM_NAME(UTF-8) = "Thirteen"' in props or 'WM_NAME(STRING) = "Thirteen"' in props
