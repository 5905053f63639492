"""The built site on pygbag's real runtime, loaded from its CDN, in headless Chromium.

This is the only test of the page with the runtime it ships with (the page tests use
a fake one, the WebAssembly test another runtime): it builds the site as `make web`
does, serves it on 127.0.0.1, waits for the game's first frame, clicks the King of
Thirteens deal 1 and presses an arrow, and checks that the game drew each change, that
Tab goes to the page's controls and back, and that the page and its service worker
refused none of the runtime's files. It also downloads
each runtime file the page counts on, prints its size, SHA-384 and git blob id (and
writes them to real-runtime.json beside the screenshots), and checks them against what
web/build.toml records: a recorded hash or exact size must be the file's, an estimated
size within 10% of it.

It needs the internet: when the CDN cannot be reached it skips, saying so (that is
its only reason to skip, under CI=true too). The CI workflow runs it in a job of its
own (.github/workflows/ci.yml, "real-runtime").
"""

from __future__ import annotations

import base64
import gzip
import hashlib
import io
import json
import sys
import urllib.error
import urllib.request
from pathlib import Path
from typing import Any

import pytest
from webtools import READY, ROOT, Problems, Server, load_script

pytestmark = [pytest.mark.browser, pytest.mark.real_runtime]

build_web = load_script("build_web")
QUERY = "?game=thirteens&deal=1"
VIEWPORT = {"width": 1280, "height": 720}
SIZE_TOLERANCE = 0.10
"""How far a size in web/build.toml may be from the real file before the test fails."""


def fetch(url: str, encoding: str = "identity") -> tuple[bytes, str]:
    request = urllib.request.Request(url, headers={"Accept-Encoding": encoding})
    with urllib.request.urlopen(request, timeout=60) as response:
        return response.read(), response.headers.get("Content-Encoding", "identity")


@pytest.fixture(scope="module")
def cdn() -> str:
    """The pinned runtime address, or a skip when it cannot be reached at all."""
    settings = build_web.load_settings()
    try:
        fetch(settings.cdn + "pythons.js")
    except urllib.error.HTTPError:
        raise  # reached, and broken: a failure, not a skip
    except (urllib.error.URLError, TimeoutError, OSError) as error:
        pytest.skip(f"pygbag's runtime CDN {settings.cdn} cannot be reached: {error}")
    return settings.cdn


def git_blob(data: bytes) -> str:
    """A file's blob id in a git repository."""
    return hashlib.sha1(b"blob %d\0" % len(data) + data).hexdigest()


def not_as_pinned(measured: dict[str, Any]) -> dict[str, object]:
    """What a downloaded file's measures are where they differ from its recorded pin."""
    pin = measured["pinned"]
    names = {"bytes": "bytes", "sha384": "sha384", "gitBlob": "git_blob"}
    return {
        name: measured[name]
        for key, name in names.items()
        if key in pin and pin[key] != measured[name]
    }


def test_the_runtime_files_are_the_pinned_ones_and_the_sizes_the_loading_bar_expects(
    cdn: str, screenshots: Path
) -> None:
    settings = build_web.load_settings()
    measured = {}
    for url, expected in settings.downloads.items():
        raw, _ = fetch(url)
        wire, coding = fetch(url, "gzip")
        measured[url] = {
            "expected": expected,
            "bytes": len(raw),
            "on_the_wire": len(wire),
            "encoding": coding,
            "gzip_9": len(gzip.compress(raw, 9)),
            "sha384": base64.b64encode(hashlib.sha384(raw).digest()).decode(),
            "git_blob": git_blob(raw),
            "pinned": settings.pins[url].as_json(),
        }
    total = sum(m["bytes"] for m in measured.values())
    wire = sum(m["on_the_wire"] for m in measured.values())
    (screenshots / "real-runtime.json").write_text(json.dumps(measured, indent=1) + "\n")
    print(f"\nfirst visit (runtime only): {total:,} bytes, {wire:,} on the wire", file=sys.stderr)
    for url, m in measured.items():
        print(f"  {url}: {m}", file=sys.stderr)
    print("as web/build.toml [downloads] records them:", file=sys.stderr)
    for url, m in measured.items():
        name = url.removeprefix(settings.cdn).removeprefix(settings.package_index)
        print(
            f'  "{name}" = {{ bytes = {m["bytes"]:_}, sha384 = "{m["sha384"]}" }}', file=sys.stderr
        )
    wrong = {url: differs for url, m in measured.items() if (differs := not_as_pinned(m))}
    assert not wrong, f"web/build.toml [downloads] pins other files than the CDN serves: {wrong}"
    off = {
        url: m["bytes"]
        for url, m in measured.items()
        if abs(m["bytes"] - m["expected"]) > SIZE_TOLERANCE * m["expected"]
    }
    assert not off, f"web/build.toml [downloads] is out of date; the real sizes: {off}"


def king_rect() -> list[int]:
    """Where the table draws the King of spades of Thirteens deal 1 at 1280x720."""
    game_dir = str(ROOT / "game")
    if game_dir not in sys.path:
        sys.path.insert(0, game_dir)
    from thirteen.core.cards import parse_card
    from thirteen.records.profile import Profile
    from thirteen.records.storage import MemoryStorage
    from thirteen.session.share import parse_query
    from thirteen.tools.shot import headless
    from thirteen.ui import launch as app_module

    headless()
    setup, _ = parse_query(QUERY)
    assert setup is not None
    app = app_module.make_app([], Profile(MemoryStorage()), size=(1280, 720))
    table = app.put_on_table(setup.new_game(), deal=False)
    spot = table.geo.spot_for_card(parse_card("Ks"))
    assert spot is not None
    return list(spot.rect)


def canvas_png(page: Any, clip: dict[str, float] | None = None) -> Any:
    import pygame

    box = page.locator("#canvas").bounding_box()
    area = clip or box
    return pygame.image.load(io.BytesIO(page.screenshot(clip=area)), "canvas.png")


def differs(a: Any, b: Any) -> float:
    w, h = a.get_size()
    changed = sum(
        sum(abs(p - q) for p, q in zip(a.get_at((x, y))[:3], b.get_at((x, y))[:3], strict=True))
        > 48
        for y in range(0, h, 3)
        for x in range(0, w, 3)
    )
    return changed / (len(range(0, h, 3)) * len(range(0, w, 3)))


def settle(page: Any) -> Any:
    """The canvas once two looks 400 ms apart are the same (the deal has landed)."""
    last = canvas_png(page)
    for _ in range(60):
        page.wait_for_timeout(400)
        now = canvas_png(page)
        if differs(last, now) == 0:
            return now
        last = now
    raise AssertionError("the canvas never stopped changing")


def test_the_site_runs_on_pygbag_s_runtime(
    cdn: str, browser: Any, tmp_path: Path, screenshots: Path
) -> None:
    built = build_web.build(out=tmp_path / "web", zip_path=None)
    site = Server(Path(built["site"]))
    context = browser.new_context(viewport=VIEWPORT)
    context.set_default_timeout(30_000)
    try:
        page = context.new_page()
        page.problems = Problems(page)
        page.goto(site.url("index.html" + QUERY))
        page.wait_for_function(READY, timeout=180_000)
        page.wait_for_function("() => document.getElementById('transfer').hidden")
        # the first frame: a table, not a blank canvas
        first = settle(page)
        colours = {tuple(first.get_at((x, y))) for x in range(0, 1280, 9) for y in range(0, 720, 9)}
        assert len(colours) > 20, "the canvas shows no table"
        page.screenshot(path=str(screenshots / "real-1-first-frame.png"))
        x, y, w, h = king_rect()
        cell: dict[str, float] = {"x": x, "y": y, "width": w, "height": h}
        king = canvas_png(page, cell)
        page.mouse.click(x + w / 2, y + h / 2)
        page.wait_for_timeout(1500)
        after = settle(page)
        share = differs(king, canvas_png(page, cell))
        assert share > 0.2, f"the King's cell looks the same after the click ({share:.0%})"
        page.screenshot(path=str(screenshots / "real-2-king-removed.png"))
        # keyboard play: an arrow shows the focus ring; the canvas keeps the focus
        page.keyboard.press("ArrowRight")
        page.wait_for_timeout(600)
        assert differs(after, settle(page)) > 0, "ArrowRight changed nothing on the table"
        assert page.evaluate("() => document.activeElement.id") == "canvas"
        page.screenshot(path=str(screenshots / "real-3-focus-ring.png"))
        # Tab is the page's: to the game's controls and back (no keyboard trap)
        page.keyboard.press("Tab")
        page.wait_for_timeout(300)
        assert page.evaluate("() => document.activeElement.id") == "a11y-read"
        page.keyboard.press("Shift+Tab")
        page.wait_for_timeout(300)
        assert page.evaluate("() => document.activeElement.id") == "canvas"
        errors = [e for e in page.problems.errors if "favicon" not in e]
        assert errors == [], errors
        # the service worker stored every runtime file the page fetched: none was refused
        page.wait_for_function(
            "() => thirteenLoader.offline === true || thirteenLoader.wrongFile !== undefined",
            timeout=60_000,
        )
        assert page.evaluate("() => thirteenLoader.wrongFile") is None
        settings = build_web.load_settings()
        fetched = page.evaluate(
            "() => performance.getEntriesByType('resource').map((e) => e.name.split(/[?#]/)[0])"
        )
        runtime = (settings.cdn, settings.package_index)
        unpinned = sorted({u for u in fetched if u.startswith(runtime) and u not in settings.pins})
        print(f"\nruntime files fetched that build.toml does not pin: {unpinned}", file=sys.stderr)
    finally:
        context.close()
        site.close()
