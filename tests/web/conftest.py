"""Fixtures for the web tests: the built site, local servers, headless Chromium.

The site is built once per session against a fake runtime CDN served from
tests/web/fake_cdn, because the real one cannot be reached here.  Each test of the
page gets a fresh context, so service workers and caches never leak from one test
into the next.

Under pytest-xdist (``make test``: two workers, ``--dist worksteal``) each worker
builds the site, starts its servers and one Chromium once, and takes the tests one after
another; a worker that runs out steals from another, so a long test at the end does
not leave the others idle.  Both may run the game in WebAssembly at once: the tests
wait on conditions, not on the clock.  The WebAssembly tests' pages open in profiles
a worker keeps for its session (``harness_browsers``), so Pyodide is compiled once per
worker rather than once per test.
"""

from __future__ import annotations

import base64
import hashlib
import os
import shutil
from collections.abc import Iterator
from pathlib import Path
from types import ModuleType
from typing import Any

import pytest
from wasm_harness import HarnessBrowsers, runtime_root
from webtools import CHROMIUM_ARGS, Problems, Server, load_script

ROOT = Path(__file__).resolve().parents[2]
FAKE_CDN = Path(__file__).parent / "fake_cdn"


build_web = load_script("build_web")
ensure_test_tools = load_script("ensure_test_tools")


@pytest.fixture(scope="session")
def fake_cdn(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Server]:
    """The fake runtime at http://127.0.0.1:PORT/cdn/0.9.3/."""
    root = tmp_path_factory.mktemp("fake-cdn-root")
    shutil.copytree(FAKE_CDN, root / "cdn")
    # Like the real runtime, two large files instead of one (main.data and main.wasm),
    # so that the loading bar's test sees more than one of them arrive.
    (root / "cdn" / "0.9.3" / "cpython312" / "main.wasm").write_bytes(b"\0asm" + bytes(39_996))
    server = Server(root)
    yield server
    server.close()


@pytest.fixture(scope="session")
def runtime_url(fake_cdn: Server) -> str:
    return fake_cdn.url("cdn/0.9.3/")


def fake_downloads(fake_cdn: Server, runtime_url: str) -> dict[str, int]:
    """The fake runtime's files and their sizes, as web/build.toml lists the real ones."""
    version = fake_cdn.root / "cdn" / "0.9.3"
    names = ["pythons.js", "cpythonrc.py"] + [
        f"cpython312/main.{x}" for x in ("js", "data", "wasm")
    ]
    return {runtime_url + name: (version / name).stat().st_size for name in names}


def git_blob(data: bytes) -> str:
    """A file's blob id in a git repository."""
    return hashlib.sha1(b"blob %d\0" % len(data) + data).hexdigest()


def fake_pins(fake_cdn: Server, runtime_url: str) -> dict[str, Any]:
    """The fake runtime's files pinned by content as web/build.toml pins the real ones:
    the scripts by size and SHA-384, main.data by size and blob id, main.wasm (whose real
    size is an estimate there) by its blob id alone."""
    version = fake_cdn.root / "cdn" / "0.9.3"
    pins = {}
    for name in ("pythons.js", "cpythonrc.py", "cpython312/main.js"):
        data = (version / name).read_bytes()
        sha384 = base64.b64encode(hashlib.sha384(data).digest()).decode()
        pins[runtime_url + name] = build_web.Pin(bytes=len(data), sha384=sha384)
    data = (version / "cpython312" / "main.data").read_bytes()
    pins[runtime_url + "cpython312/main.data"] = build_web.Pin(
        bytes=len(data), git_blob=git_blob(data)
    )
    data = (version / "cpython312" / "main.wasm").read_bytes()
    pins[runtime_url + "cpython312/main.wasm"] = build_web.Pin(git_blob=git_blob(data))
    return pins


@pytest.fixture(scope="session")
def fake_runtime(fake_cdn: Server, runtime_url: str) -> dict[str, Any]:
    """What a build from the fake CDN is given: its files' sizes and pins."""
    return {
        "cdn": runtime_url,
        "downloads": fake_downloads(fake_cdn, runtime_url),
        "pins": fake_pins(fake_cdn, runtime_url),
    }


@pytest.fixture(scope="session")
def site_build(
    tmp_path_factory: pytest.TempPathFactory, fake_runtime: dict[str, Any]
) -> dict[str, Any]:
    """The site, built once, loading its runtime from the fake CDN."""
    out = tmp_path_factory.mktemp("site") / "web"
    return build_web.build(out=out, zip_path=out.parent / "itch.zip", label="a", **fake_runtime)


@pytest.fixture(scope="session")
def site(site_build: dict[str, Any]) -> Iterator[Server]:
    server = Server(Path(site_build["site"]))
    yield server
    server.close()


@pytest.fixture(autouse=True)
def _servers_up(request: pytest.FixtureRequest) -> Iterator[None]:
    """Bring servers a test took down back up for the next test."""
    yield
    for name in ("fake_cdn", "site"):
        if name in request.fixturenames:
            request.getfixturevalue(name).reset()


@pytest.fixture(scope="session")
def chromium_path() -> str:
    path = ensure_test_tools.find_chromium()
    if path:
        return path
    message = "no Chromium found (run scripts/ensure_test_tools.py or set THIRTEEN_CHROMIUM)"
    if os.environ.get("CI") == "true":
        pytest.fail(message + "; under CI=true the browser tests must run")
    pytest.skip(message)


@pytest.fixture(scope="session")
def browser(chromium_path: str) -> Iterator[Any]:
    from playwright.sync_api import sync_playwright

    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(
            executable_path=chromium_path, headless=True, args=CHROMIUM_ARGS
        )
        yield browser
        browser.close()


@pytest.fixture(scope="session")
def wasm_runtime(tmp_path_factory: pytest.TempPathFactory) -> Iterator[tuple[Server, str, str]]:
    """Pyodide and the pygame-ce wheel, served at one address for the worker's session
    (the WebAssembly tests' pages load them from there); the wheel's served name and
    Pyodide's version."""
    root = tmp_path_factory.mktemp("wasm-runtime")
    served, version = runtime_root(root)
    server = Server(root, max_age=86_400)  # never asked again in a session, however long
    yield server, served, version
    server.close()


@pytest.fixture(scope="session")
def harness_browsers(
    browser: Any, chromium_path: str, tmp_path_factory: pytest.TempPathFactory
) -> Iterator[HarnessBrowsers]:
    """The Chromium profiles the WebAssembly tests' pages open in (wasm_harness.py)."""
    kept = HarnessBrowsers(browser, chromium_path, CHROMIUM_ARGS, tmp_path_factory.mktemp("kept"))
    yield kept
    kept.close()


@pytest.fixture
def context(browser: Any) -> Iterator[Any]:
    """A fresh browser profile: no service worker, no caches, no storage."""
    context = browser.new_context(viewport={"width": 1280, "height": 800})
    context.set_default_timeout(20_000)
    yield context
    context.close()


@pytest.fixture
def page(context: Any) -> Any:
    page = context.new_page()
    page.problems = Problems(page)
    return page


@pytest.fixture(scope="session")
def screenshots(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """Where screenshots go: $THIRTEEN_SCREENSHOTS, or a folder of the test session."""
    folder = os.environ.get("THIRTEEN_SCREENSHOTS")
    path = Path(folder) if folder else tmp_path_factory.mktemp("screenshots")
    path.mkdir(parents=True, exist_ok=True)
    return path


@pytest.fixture(scope="session")
def builder() -> ModuleType:
    """scripts/build_web.py, imported (to build more copies of the site)."""
    return build_web
