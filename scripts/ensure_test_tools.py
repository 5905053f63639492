"""Make sure the browser tests have a browser, and the desktop window's test an X
server (Xvfb) and xprop; `make test` runs this before pytest.

Playwright's own browser download does not work everywhere, so the tests drive
an installed Chromium. If none is found and this runs as root on a Debian-like
system, it installs the distribution's `chromium` package. It always says what
it found or did, and never fails the run itself: the browser tests skip when
no browser exists, except under CI=true, where they fail.
"""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
from pathlib import Path

CANDIDATES = (
    "/usr/bin/chromium",
    "/usr/bin/chromium-browser",
    "/usr/bin/google-chrome",
    "/usr/bin/google-chrome-stable",
)


def _playwright_chromium() -> str | None:
    """Chromium from `playwright install chromium`, if that was ever run here."""
    try:
        from playwright.sync_api import sync_playwright
    except ImportError:
        return None
    try:
        with sync_playwright() as playwright:
            path = playwright.chromium.executable_path
    except Exception:  # the driver may be unusable; then there is no such browser
        return None
    return path if path and Path(path).is_file() else None


def find_chromium() -> str | None:
    """Path of a Chromium-family browser: $THIRTEEN_CHROMIUM, the system's, or Playwright's."""
    chosen = os.environ.get("THIRTEEN_CHROMIUM")
    if chosen:
        return chosen if Path(chosen).is_file() else None
    for path in CANDIDATES:
        if Path(path).is_file():
            return path
    for name in ("chromium", "chromium-browser", "google-chrome"):
        found = shutil.which(name)
        if found:
            return found
    return _playwright_chromium()


def _install_chromium() -> bool:
    """apt-get install chromium (as root on Debian); True if it worked."""
    if not sys.platform.startswith("linux") or os.geteuid() != 0 or not shutil.which("apt-get"):
        return False
    env = dict(os.environ, DEBIAN_FRONTEND="noninteractive")
    for command in (["apt-get", "update"], ["apt-get", "install", "-y", "chromium"]):
        print("ensure_test_tools: running", " ".join(command), flush=True)
        result = subprocess.run(command, env=env, check=False, stdout=subprocess.DEVNULL)
        if result.returncode != 0:
            print(f"ensure_test_tools: {' '.join(command)} failed ({result.returncode})")
            return False
    return True


X_TOOLS = {"Xvfb": "xvfb", "xprop": "x11-utils", "xwininfo": "x11-utils"}
"""What the desktop window's test runs, and the Debian package of each."""


def ensure_x_tools() -> None:
    """Install Xvfb and the X utilities (as root on Debian) where any is missing."""
    missing = sorted({package for tool, package in X_TOOLS.items() if not shutil.which(tool)})
    if not missing:
        print("ensure_test_tools: Xvfb and xprop for the desktop window's test: found")
        return
    if not sys.platform.startswith("linux") or os.geteuid() != 0 or not shutil.which("apt-get"):
        print(f"ensure_test_tools: cannot install {', '.join(missing)}")
        return
    env = dict(os.environ, DEBIAN_FRONTEND="noninteractive")
    for command in (["apt-get", "update"], ["apt-get", "install", "-y", *missing]):
        print("ensure_test_tools: running", " ".join(command), flush=True)
        subprocess.run(command, env=env, check=False, stdout=subprocess.DEVNULL)


def main() -> int:
    ensure_x_tools()
    path = find_chromium()
    if path:
        print(f"ensure_test_tools: browser for the tests: {path}")
        return 0
    chosen = os.environ.get("THIRTEEN_CHROMIUM")
    if chosen:
        print(f"ensure_test_tools: THIRTEEN_CHROMIUM={chosen} is not a file")
        return 0
    print("ensure_test_tools: no Chromium found for the browser tests")
    if _install_chromium():
        path = find_chromium()
        if path:
            print(f"ensure_test_tools: installed {path}")
            return 0
    ci = os.environ.get("CI") == "true"
    print(
        "ensure_test_tools: could not install one; set THIRTEEN_CHROMIUM to a Chromium or "
        "Chrome binary, or run `.venv/bin/python -m playwright install chromium`. "
        + ("Under CI=true the browser tests will fail." if ci else "The browser tests will skip.")
    )
    return 0


if __name__ == "__main__":
    sys.exit(main())
