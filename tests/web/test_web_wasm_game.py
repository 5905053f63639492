"""The real game in WebAssembly: Pyodide 0.27.7 + pygbag's pygame-ce wheel, headless Chromium.

Needs THIRTEEN_WASM_CACHE: a folder with the npm package files of
pyodide@0.27.7 in pyodide/ and the pygame-ce cp312 wheel for the browser
beside it (pygame_ce-*-cp312-cp312-wasm32_bi_emscripten.whl). The CI workflow
on GitHub downloads both; elsewhere the test skips, saying what is missing.
The runtime and the wheel are other people's binaries: keep the cache outside
the repository.
"""

from __future__ import annotations

import json
import os
import shutil
import time
from pathlib import Path
from typing import Any

import pytest
from webtools import ROOT, Server

pytestmark = pytest.mark.browser

HARNESS = Path(__file__).parent / "wasm" / "harness.html"
PYODIDE_FILES = (
    "pyodide.js",
    "pyodide.asm.js",
    "pyodide.asm.wasm",
    "python_stdlib.zip",
    "pyodide-lock.json",
    "package.json",
)
# Pyodide 0.27 installs wheels for this platform tag; pygbag tags its build
# wasm32_bi_emscripten. Same emscripten ABI, so the file is served renamed.
PYODIDE_TAG = "emscripten_3_1_58_wasm32"


def wasm_cache() -> tuple[Path, Path]:
    """The Pyodide folder and the wheel, or a skip saying what is missing."""
    folder = os.environ.get("THIRTEEN_WASM_CACHE")
    if not folder:
        pytest.skip("THIRTEEN_WASM_CACHE is not set (see this test's docstring)")
    cache = Path(folder)
    missing = [name for name in PYODIDE_FILES if not (cache / "pyodide" / name).is_file()]
    if missing:
        pytest.skip(f"THIRTEEN_WASM_CACHE={cache}: pyodide/ lacks {', '.join(missing)}")
    wheels = sorted(cache.glob("pygame_ce-*-cp312-cp312-*.whl"))
    if not wheels:
        pytest.skip(f"THIRTEEN_WASM_CACHE={cache}: no pygame_ce-*-cp312-cp312-*.whl")
    return cache / "pyodide", wheels[-1]


@pytest.fixture
def game_page(browser: Any, site_build: dict[str, Any], tmp_path: Path, screenshots: Path) -> Any:
    pyodide_dir, wheel = wasm_cache()
    version = json.loads((pyodide_dir / "package.json").read_text())["version"]
    root = tmp_path / "root"
    root.mkdir()
    (root / "pyodide").symlink_to(pyodide_dir, target_is_directory=True)
    name, _, tag = wheel.stem.rpartition("-")
    served = f"{name}-{PYODIDE_TAG}.whl" if tag != PYODIDE_TAG else wheel.name
    shutil.copyfile(wheel, root / served)
    shutil.copyfile(HARNESS, root / "index.html")
    shutil.copyfile(Path(site_build["site"]) / "thirteen.apk", root / "thirteen.apk")
    server = Server(root)
    context = browser.new_context(viewport={"width": 1280, "height": 720})
    page = context.new_page()
    page.errors = []
    page.on("pageerror", lambda error: page.errors.append(str(error)))
    started = time.monotonic()
    page.goto(server.url(f"index.html?game=thirteens&deal=1&wheel={served}"))
    page.wait_for_function("() => harness.state !== 'loading'", timeout=120_000)
    state = page.evaluate("() => ({ state: harness.state, error: harness.error })")
    assert state["state"] == "started", f"Pyodide {version}: {state['error']}"
    page.started_in = time.monotonic() - started
    try:
        yield page
    finally:
        page.screenshot(path=str(screenshots / "wasm-after-clicks.png"))
        context.close()
        server.close()


def py(page: Any, code: str) -> Any:
    """Evaluate a Python expression in the page's Pyodide; JSON keeps it plain."""
    dumped = f"__import__('json').dumps({code})"
    return json.loads(page.evaluate("code => harness.py(code)", dumped))


def running(page: Any) -> None:
    state = page.evaluate("() => ({ state: harness.state, error: harness.error })")
    assert state["state"] == "started", state["error"]


def expected_deal_text() -> str | None:
    """Thirteens deal 1 as the desktop build deals it (None if that API moved)."""
    import sys

    sys.path.insert(0, str(ROOT / "game"))
    try:
        from thirteen.share import parse_query

        setup, _ = parse_query("?game=thirteens&deal=1")
        return setup.new_game().text() if setup is not None else None
    except (ImportError, AttributeError):
        return None


def test_game_runs_in_webassembly(game_page: Any, screenshots: Path) -> None:
    page = game_page
    page.wait_for_function(
        "() => harness.py('__import__(\"thirteen.app\").app.current is not None')",
        timeout=60_000,
    )
    running(page)
    assert py(page, "__import__('sys').platform") == "emscripten"
    assert py(page, "list(__import__('thirteen.app').app.current.screen.get_size())") == [1280, 720]
    page.wait_for_function(
        "() => harness.py('__import__(\"thirteen.app\").app.current.game is not None')"
    )
    game = "__import__('thirteen.app').app.current.game"
    text = py(page, f"{game}.text()")
    moves = py(page, f"len({game}.legal_moves())")
    assert text.strip()
    assert moves >= 0
    expected = expected_deal_text()
    if expected is not None:
        assert text == expected, "the browser dealt another Thirteens deal 1 than the desktop"

    # Let it draw for a while, then check the canvas shows a table, not one colour.
    page.wait_for_timeout(1500)
    colours = page.evaluate(
        """() => {
          const canvas = document.getElementById('canvas');
          const { width, height } = canvas;
          const data = canvas.getContext('2d').getImageData(0, 0, width, height).data;
          const seen = new Set();
          for (let i = 0; i < data.length; i += 4 * 97) {
            seen.add((data[i] << 16) | (data[i + 1] << 8) | data[i + 2]);
          }
          return seen.size;
        }"""
    )
    assert colours > 20

    page.screenshot(path=str(screenshots / "wasm-table.png"))

    # Real clicks go through the browser and SDL to the game, which keeps running.
    for x, y in ((640, 360), (200, 200), (1100, 650)):
        page.mouse.click(x, y)
        page.wait_for_timeout(200)
        assert py(page, "list(__import__('pygame').mouse.get_pos())") == [x, y]
    running(page)
    assert page.errors == []
