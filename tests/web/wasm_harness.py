"""What the WebAssembly tests share: the stand-in site (the harness page, Pyodide 0.27.7,
pygbag's pygame-ce wheel, the app archive and the pygbag stand-in) and the helpers that
open the harness and talk to the game in it.

The site needs THIRTEEN_WASM_CACHE: a folder with the npm package files of
pyodide@0.27.7 in pyodide/ and the pygame-ce cp312 wheel for the browser beside it
(pygame_ce-*-cp312-cp312-wasm32_bi_emscripten.whl); without it the tests skip, saying
what is missing.  Test modules take the ``wasm_site`` fixture by importing it
(``from wasm_harness import wasm_site as wasm_site``).
"""

from __future__ import annotations

import base64
import json
import os
import re
import shutil
from collections.abc import Iterator, Sequence
from pathlib import Path
from typing import Any, NamedTuple

import pytest
from webtools import Server

HARNESS = Path(__file__).parent / "wasm" / "harness.html"
STANDIN = HARNESS.parent / "pygbag_standin.py"
"""pygbag's Python side as the harness presents it with ?runtime=pygbag
(test_web_pygbag_mode.py)."""
SNAPSHOT_PAGE = HARNESS.parent / "snapshot.html"
"""The page that makes Pyodide's memory snapshot, served beside Pyodide."""
SNAPSHOT = "pyodide-snapshot.bin"
"""The snapshot's file name beside Pyodide, once a worker has made it."""
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
QUERY = "?game=thirteens&deal=1"
VIEWPORT = {"width": 1024, "height": 576}
"""16:9, so the canvas is 1280x720, but shown at 1024x576 CSS pixels: clicks are scaled."""

APP = "__import__('thirteen.ui.launch').ui.launch.current"
GAME = f"{APP}.game"
SOUND = "__import__('thirteen.ui.sound').ui.sound"
CARD = "__import__('thirteen.core.cards').core.cards.parse_card"


def wasm_cache() -> tuple[Path, Path]:
    """The Pyodide folder and the wheel, or a skip saying what is missing."""
    folder = os.environ.get("THIRTEEN_WASM_CACHE")
    if not folder:
        pytest.skip("THIRTEEN_WASM_CACHE is not set (see tests/web/wasm_harness.py)")
    cache = Path(folder)
    missing = [name for name in PYODIDE_FILES if not (cache / "pyodide" / name).is_file()]
    if missing:
        pytest.skip(f"THIRTEEN_WASM_CACHE={cache}: pyodide/ lacks {', '.join(missing)}")
    wheels = sorted(cache.glob("pygame_ce-*-cp312-cp312-*.whl"))
    if not wheels:
        pytest.skip(f"THIRTEEN_WASM_CACHE={cache}: no pygame_ce-*-cp312-cp312-*.whl")
    return cache / "pyodide", wheels[-1]


def harness_page(site: Path) -> tuple[str, list[str]]:
    """The harness with the built page's block for screen readers (the live region, the
    keys' description and the hidden controls) copied in, as the site has it; and the
    site's files that block loads (its stylesheet and script), to serve beside it."""
    built = (site / "index.html").read_text(encoding="utf-8")
    start = built.index("<!-- a11y:")
    end = built.index("<!-- /a11y -->") + len("<!-- /a11y -->")
    block = built[start:end]
    page = HARNESS.read_text(encoding="utf-8")
    mark = "<!-- @a11y:"
    at = page.index(mark)
    files = re.findall(r'\b(?:href|src)="([\w.]+\.(?:css|js))"', block)
    return page[:at] + block + page[page.index("-->", at) + 3 :], files


class HarnessBrowsers:
    """Chromium profiles a worker keeps for its whole session, one per set of context
    options (the desktop's, a touch phone's: see :data:`PAGE_OPTIONS`), for the harness
    pages.

    Each test's page still has an origin of its own (its own server), so its storage
    starts empty; but Pyodide and the wheel come from one address for the session, so a
    profile's disk caches (HTTP, and V8's compiled WebAssembly) serve the next test's page
    what the last one compiled.  A browser context made per test keeps none of that: every
    page would compile Pyodide again."""

    def __init__(self, browser: Any, executable: str, args: list[str], folder: Path) -> None:
        self.browser = browser
        """The session's browser, for a page that must start cold (its own context)."""
        self.executable = executable
        self.args = args
        self.folder = folder
        self.contexts: dict[str, Any] = {}

    def context(self, options: dict[str, Any]) -> Any:
        """The kept context for these context options, launched the first time (each
        accepts downloads: a page that does not ask for one is not affected)."""
        key = json.dumps(options, sort_keys=True)
        if key not in self.contexts:
            self.contexts[key] = self.browser.browser_type.launch_persistent_context(
                str(self.folder / f"profile-{len(self.contexts)}"),
                executable_path=self.executable,
                headless=True,
                args=self.args,
                **{"accept_downloads": True, **options},
            )
        return self.contexts[key]

    def kept(self, context: Any) -> bool:
        return any(context is kept for kept in self.contexts.values())

    def close(self) -> None:
        for context in self.contexts.values():
            context.close()
        self.contexts.clear()


class WasmSite(NamedTuple):
    """Where a test's harness page comes from."""

    server: Server
    """The harness page, the app archive and the stand-in: an origin per test."""
    wheel: str
    """The pygame-ce wheel's file name as served."""
    version: str
    """Pyodide's version."""
    runtime: Server
    """Pyodide and the wheel, at one address for the worker's session."""
    browsers: HarnessBrowsers


@pytest.fixture
def wasm_site(request: pytest.FixtureRequest, tmp_path: Path) -> Iterator[WasmSite]:
    """A server with the harness, the app archive and the pygbag stand-in; Pyodide and the
    wheel are the session's (``wasm_runtime`` in conftest.py)."""
    wasm_cache()  # skips before the site is built
    runtime, served, version = request.getfixturevalue("wasm_runtime")
    browsers: HarnessBrowsers = request.getfixturevalue("harness_browsers")
    site_build: dict[str, Any] = request.getfixturevalue("site_build")
    root = tmp_path / "root"
    root.mkdir()
    page, files = harness_page(Path(site_build["site"]))
    (root / "index.html").write_text(page, encoding="utf-8")
    shutil.copyfile(STANDIN, root / STANDIN.name)  # for ?runtime=pygbag
    for name in [*files, "thirteen.apk"]:
        shutil.copyfile(Path(site_build["site"]) / name, root / name)
    server = Server(root)
    yield WasmSite(server, served, version, runtime, browsers)
    server.close()


def runtime_root(root: Path) -> tuple[str, str]:
    """Fill ``root`` with Pyodide (linked) and the wheel under Pyodide's platform tag;
    the wheel's served name and Pyodide's version."""
    pyodide_dir, wheel = wasm_cache()
    version = json.loads((pyodide_dir / "package.json").read_text())["version"]
    (root / "pyodide").symlink_to(pyodide_dir, target_is_directory=True)
    shutil.copyfile(SNAPSHOT_PAGE, root / SNAPSHOT_PAGE.name)
    name, _, tag = wheel.stem.rpartition("-")
    served = f"{name}-{PYODIDE_TAG}.whl" if tag != PYODIDE_TAG else wheel.name
    shutil.copyfile(wheel, root / served)
    return served, version


def harness_url(site: WasmSite, query: str = QUERY, extra: str = "") -> str:
    return site.server.url(
        f"index.html{query}&wheel={site.wheel}&runtime_at={site.runtime.url()}{extra}"
    )


def pyodide_snapshot(site: WasmSite) -> str:
    """The memory snapshot of an initialised Pyodide that warm pages start from, made
    the first time a worker asks (in its desktop profile, which its compilation then
    serves too): Python's start-up, the same on every page, is done once per worker
    instead of once per page.  Each page still loads pygame-ce and the game's archive,
    imports the game and starts it; a cold page (a first visit) starts without it."""
    made = site.runtime.root / SNAPSHOT
    if not made.is_file():
        page = site.browsers.context({}).new_page()
        try:
            page.goto(site.runtime.url(SNAPSHOT_PAGE.name))
            page.wait_for_function("() => snapshot.state !== 'loading'", timeout=60_000)
            state = page.evaluate("() => [snapshot.state, snapshot.error]")
            assert state[0] == "made", f"Pyodide {site.version} made no snapshot: {state[1]}"
            encoded = page.evaluate(
                """() => {
                const bytes = snapshot.bytes;
                const parts = [];
                for (let at = 0; at < bytes.length; at += 32768) {
                    parts.push(String.fromCharCode.apply(null, bytes.subarray(at, at + 32768)));
                }
                return btoa(parts.join(""));
            }"""
            )
        finally:
            page.close()
        made.write_bytes(base64.b64decode(encoded))
    return made.name


PAGE_OPTIONS = ("viewport", "reduced_motion", "contrast", "locale", "accept_downloads")
"""Options a page takes by itself (:func:`emulate`), or that every kept profile has; the
others are its context's, a profile each.  Fewer profiles, fewer first compilations of
Pyodide: each profile compiles it once."""
FORGOTTEN = "cookies,local_storage,indexeddb,service_workers,cache_storage,file_systems"
"""What a kept profile forgets of an origin before a test's page opens on it."""


def open_harness(
    site: WasmSite,
    options: dict[str, Any],
    extra: str = "",
    query: str = QUERY,
    cold: bool = False,
) -> Any:
    """A page with ``options``, on the harness page for ``query`` (``extra`` added to
    it), in the kept profile for its context options, or with ``cold`` in a new context
    of its own (nothing cached: a first visit); the page keeps its uncaught errors in
    ``page.errors`` and the Pyodide version in ``page.pyodide_version``.  Close it with
    :func:`close_harness`."""
    return visit(blank_page(site, options, cold), site, query, extra, cold)


def visit(page: Any, site: WasmSite, query: str, extra: str = "", cold: bool = False) -> Any:
    """``page``, keeping its uncaught errors and Pyodide's version, gone to the harness
    for ``query``; Pyodide started from the worker's snapshot unless ``cold``."""
    if not cold:
        extra += f"&snapshot={pyodide_snapshot(site)}"
    page.set_default_timeout(30_000)
    page.errors = []
    page.on("pageerror", lambda error: page.errors.append(str(error)))
    page.pyodide_version = site.version
    page.goto(harness_url(site, query, extra))
    return page


def blank_page(site: WasmSite, options: dict[str, Any], cold: bool = False) -> Any:
    """A new page with ``options`` for the test's site, not yet anywhere: in the kept
    profile for its context options, the site's origin forgotten first (a port used
    again later in the session must not bring an earlier test's storage back), or with
    ``cold`` in a new context of its own."""
    if cold:
        return site.browsers.browser.new_context(**options).new_page()
    context_options = {k: v for k, v in options.items() if k not in PAGE_OPTIONS}
    page = site.browsers.context(context_options).new_page()
    cdp = page.context.new_cdp_session(page)
    origin = site.server.url().rstrip("/")
    cdp.send("Storage.clearDataForOrigin", {"origin": origin, "storageTypes": FORGOTTEN})
    cdp.detach()
    return emulate(page, options)


def emulate(page: Any, options: dict[str, Any]) -> Any:
    """``page`` with the page's own ``options``: its size, media preferences and locale.
    The locale is set as Playwright sets a context's, over the DevTools protocol (the
    language and Intl's locale, and the Accept-Language header), on a session kept open
    for the page's life: the overrides end with their session."""
    page.harness_options = options
    if "viewport" in options:
        page.set_viewport_size(options["viewport"])
    media = {k: options[k] for k in ("reduced_motion", "contrast") if k in options}
    if media:
        page.emulate_media(**media)
    if "locale" in options:
        locale = options["locale"]
        page.locale_session = cdp = page.context.new_cdp_session(page)
        cdp.send("Emulation.setLocaleOverride", {"locale": locale})
        agent = cdp.send("Browser.getVersion")["userAgent"]
        cdp.send("Emulation.setUserAgentOverride", {"userAgent": agent, "acceptLanguage": locale})
    return page


def open_tab(page: Any, site: WasmSite, query: str) -> Any:
    """A second tab beside ``page`` (its context, its page options), on the harness for
    ``query``."""
    other = emulate(page.context.new_page(), getattr(page, "harness_options", {}))
    return visit(other, site, query)


def close_harness(page: Any, site: WasmSite) -> None:
    """Close a test's pages: its own context, or in a kept profile every page the test
    opened there, and the permissions it granted."""
    context = page.context
    if not site.browsers.kept(context):
        context.close()
        return
    for opened in list(context.pages):
        opened.close()
    context.clear_permissions()


# -- talking to the game in the page -------------------------------------------
def py(page: Any, code: str) -> Any:
    """Evaluate a Python expression in the page's Pyodide; JSON keeps it plain."""
    dumped = f"__import__('json').dumps({code})"
    return json.loads(page.evaluate("code => harness.py(code)", dumped))


def run(page: Any, code: str) -> None:
    """Run Python statements in the page's Pyodide (globals persist between calls)."""
    page.evaluate("code => { harness.py(code); }", code)


def wait_py(page: Any, code: str, timeout: float = 30_000) -> None:
    """Wait until a Python expression in the page is true."""
    page.wait_for_function("code => harness.py(code)", arg=f"bool({code})", timeout=timeout)


def running(page: Any) -> None:
    state = page.evaluate("() => ({ state: harness.state, error: harness.error })")
    assert state["state"] == "started", f"Pyodide {page.pyodide_version}: {state['error']}"


def started(page: Any) -> dict[str, float]:
    """Wait for the first frame; when (ms from navigation) the page reached each step."""
    page.wait_for_function("() => harness.state !== 'loading'", timeout=60_000)
    running(page)
    wait_py(page, f"{APP} is not None and {APP}.first_frame_at is not None", 30_000)
    running(page)
    # perf_counter and performance.now() read together place the first frame
    # on the page's clock, which starts at navigation.
    now_js, now_py, first = py(
        page,
        f"[__import__('js').performance.now(), __import__('time').perf_counter(),"
        f" {APP}.first_frame_at]",
    )
    marks = page.evaluate("() => harness.marks")
    return {**marks, "first_frame": now_js - (now_py - first) * 1000}


def idle(page: Any) -> None:
    """Wait until the table has stopped animating and has drawn its last change, and
    the deal's difficulty, worked out in slices, has been said (a test reading the live
    region then hears only what its own keys bring)."""
    wait_py(page, f"{APP}.scene is {APP}.table and not {APP}.table.anim.active")
    wait_py(page, f"{APP}.access.grade_due is None")
    wait_py(page, f"not {APP}.scene.dirty")
    page.wait_for_timeout(100)  # the frame is on the canvas; let the compositor show it


def audio_states(page: Any) -> None:
    """From now on, keep every state the page's audio passes through in the page's
    ``audio_states``: once resumed, an idle table may suspend it again before a poll
    would see it running."""
    run(page, "__import__('js').window.page_audio = " + SOUND + ".page_audio()")
    page.evaluate(
        """() => {
        window.audio_states = [];
        page_audio.addEventListener("statechange", () => audio_states.push(page_audio.state));
    }"""
    )


def card_rect(page: Any, card: str) -> list[int]:
    """Where the table draws ``card`` (logical canvas pixels), from its own layout."""
    code = (
        f"(lambda s: None if s is None else list(s.rect))({APP}.table.geo.spot_for_card("
        f"{CARD}({card!r})))"
    )
    rect = py(page, code)
    assert rect is not None, f"{card} is not on the table"
    return rect


def on_page(page: Any, x: float, y: float) -> tuple[float, float]:
    """A logical canvas point in page (CSS) pixels: the canvas is scaled to fit."""
    box = page.locator("#canvas").bounding_box()
    w, h = py(page, f"list({APP}.screen.get_size())")
    return (box["x"] + x * box["width"] / w, box["y"] + y * box["height"] / h)


def click_rect(page: Any, rect: Sequence[float]) -> None:
    """A real mouse click in the middle of ``rect`` (x, y, w, h on the logical canvas)."""
    x, y, w, h = rect
    page.mouse.click(*on_page(page, x + w / 2, y + h / 2))


def click_card(page: Any, card: str) -> None:
    click_rect(page, card_rect(page, card))


def engine(page: Any) -> dict[str, Any]:
    return py(
        page,
        f"{{'text': {GAME}.text(), 'moves': [m.text() for m in {GAME}.moves],"
        f" 'legal': [m.text() for m in {GAME}.legal_moves()]}}",
    )
