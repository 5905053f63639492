"""The built page in headless Chromium, with a fake runtime (see fake_cdn/README.md).

What is checked: the page loads cleanly, shows the canvas at the shape the game
gives it (as large as the window and the safe area allow, never stretched), is
installable, works offline after one visit, fits an itch.io-like iframe with
storage refused, says clearly when the runtime cannot be loaded or is not the pinned
one (and never keeps a changed runtime file), and offers an update when a new build
is deployed.
"""

from __future__ import annotations

import json
import struct
from pathlib import Path
from typing import Any

import pytest
from webtools import READY, ROOT, Problems, Server

pytestmark = pytest.mark.browser

CACHES = """async () => {
  const out = {};
  for (const name of await caches.keys()) {
    out[name] = (await (await caches.open(name)).keys()).map((request) => request.url);
  }
  return out;
}"""

ACTIVE_BUILD = """() => new Promise((resolve) => {
  const channel = new MessageChannel();
  channel.port1.onmessage = (event) => resolve(event.data);
  navigator.serviceWorker.controller.postMessage({ type: "BUILD_ID" }, [channel.port2]);
})"""

# Inside a cross-origin frame, act like a browser that blocks third-party
# storage: either touching the APIs throws, or their calls fail.
REFUSE_STORAGE = """(() => {
  if (window.top === window) return;
  const refuse = () => {
    throw new DOMException("The operation is insecure.", "SecurityError");
  };
  if (__MODE__ === "throw") {
    Object.defineProperty(Navigator.prototype, "serviceWorker", { get: refuse });
    Object.defineProperty(window, "localStorage", { get: refuse });
    Object.defineProperty(window, "sessionStorage", { get: refuse });
  } else {
    ServiceWorkerContainer.prototype.register = () =>
      Promise.reject(new DOMException("Storage is blocked.", "SecurityError"));
    Storage.prototype.setItem = refuse;
    Storage.prototype.getItem = refuse;
  }
})();"""


def visit_until_offline_ready(page: Any, url: str) -> None:
    """First visit: the game starts, the worker takes over and stores the runtime."""
    page.goto(url)
    page.wait_for_function(READY)
    page.wait_for_function("() => navigator.serviceWorker.controller !== null")
    page.wait_for_function("() => thirteenLoader.offline === true")


def png_size(data: bytes) -> tuple[int, int]:
    assert data[:8] == b"\x89PNG\r\n\x1a\n", "not a PNG"
    return struct.unpack(">II", data[16:24])


def test_page_loads_and_starts_without_errors(page: Any, site: Server) -> None:
    page.goto(site.url())
    page.wait_for_function(READY)
    state = page.evaluate(
        """() => ({
          history: thirteenLoader.history,
          overlayHidden: document.getElementById('transfer').hidden,
          python: fakeRuntime.python,
          hasPythonBlock: fakeRuntime.hasPythonBlock,
          title: document.title,
          canvas: [canvas.width, canvas.height],
        })"""
    )
    assert state["history"][:4] == ["runtime", "python", "game", "start"]
    assert state["python"] == "python3.12"
    assert state["hasPythonBlock"]
    assert state["title"] == "Thirteen"
    assert state["canvas"] == [1280, 720]
    page.wait_for_function("() => document.getElementById('transfer').hidden")
    box = page.locator("#canvas").bounding_box()
    assert box == {"x": 0, "y": 40, "width": 1280, "height": 720}
    assert page.problems.errors == []


# The game's logical canvas for a box of that CSS size: short side 720, long side from the
# box's aspect ratio, clamped to 9:21 .. 21:9.
GAME_SIZES = {
    (1280, 720): (1280, 720),
    (390, 844): (720, 1558),  # a phone held upright
    (844, 390): (1558, 720),  # the same phone sideways
    (1024, 768): (960, 720),
    (1600, 600): (1680, 720),  # wider than 21:9: the game stops at 21:9
}
PHONES = {(390, 844), (844, 390)}
LONGEST = 720 * 21 // 9


def game_size(width: float, height: float) -> tuple[int, int]:
    """The game's choice of canvas for a fit box (the contract, as the game implements it)."""
    long_side = min(round(720 * max(width, height) / min(width, height)), LONGEST)
    return (long_side, 720) if width >= height else (720, long_side)


def test_the_game_sizes_above_follow_the_rule() -> None:
    assert {fit: game_size(*fit) for fit in GAME_SIZES} == GAME_SIZES


# What SDL does on pygame.display.set_mode((w, h)): it sets the canvas's width and height
# attributes (which clears it). Then a frame to look at: a frame at the edges and a circle,
# which shows as an ellipse if the picture is stretched.
SET_MODE = """([w, h]) => {
  const canvas = document.getElementById("canvas");
  canvas.setAttribute("width", String(w));
  canvas.setAttribute("height", String(h));
  const ctx = canvas.getContext("2d");
  ctx.fillStyle = "#0e5c3a";
  ctx.fillRect(0, 0, w, h);
  ctx.strokeStyle = "#f2c14e";
  ctx.lineWidth = 12;
  ctx.strokeRect(6, 6, w - 12, h - 12);
  ctx.beginPath();
  ctx.arc(w / 2, h / 2, Math.min(w, h) / 2 - 60, 0, 2 * Math.PI);
  ctx.stroke();
  ctx.fillStyle = "#f4f1e6";
  ctx.font = "72px sans-serif";
  ctx.textAlign = "center";
  ctx.fillText(`${w}x${h}`, w / 2, h / 2 + 26);
}"""

MEASURE = """() => {
  const rect = document.getElementById("canvas").getBoundingClientRect();
  const root = getComputedStyle(document.documentElement);
  const scroller = document.scrollingElement;
  return {
    fit: thirteen_viewport(),
    box: { x: rect.x, y: rect.y, width: rect.width, height: rect.height },
    logical: [root.getPropertyValue("--lw").trim(), root.getPropertyValue("--lh").trim()],
    scrolls: scroller.scrollWidth > scroller.clientWidth
      || scroller.scrollHeight > scroller.clientHeight,
    scale: visualViewport.scale,
  };
}"""


def assert_fits(
    box: dict, origin: tuple[float, float], fit: tuple[float, float], size: tuple[int, int]
) -> None:
    """The canvas's CSS box has the aspect ratio of the logical ``size``, is as large as
    the fit box at ``origin`` allows and is centred in it. When ``size`` is the game's
    choice for that box, it fills the box on both axes (within a few px of rounding)
    unless the box is beyond 21:9, where the clamped shape leaves bands."""
    (left, top), (fit_w, fit_h), (w, h) = origin, fit, size
    assert box["width"] == pytest.approx(box["height"] * w / h, abs=1), (box, size)
    band_x, band_y = fit_w - box["width"], fit_h - box["height"]
    assert min(band_x, band_y) == pytest.approx(0, abs=0.5), (box, fit)
    assert min(band_x, band_y) >= -0.5, (box, fit)
    if size == game_size(fit_w, fit_h):
        clamped = max(fit_w, fit_h) / min(fit_w, fit_h) > LONGEST / 720
        assert (max(band_x, band_y) > 3) is clamped, (box, fit)
    assert box["x"] - left == pytest.approx(left + fit_w - box["x"] - box["width"], abs=1)
    assert box["y"] - top == pytest.approx(top + fit_h - box["y"] - box["height"], abs=1)


def open_game(browser: Any, site: Server, viewport: tuple[int, int], phone: bool) -> Any:
    """A fresh context at that viewport (a phone's: touch, mobile viewport), the game running."""
    width, height = viewport
    extra = {"is_mobile": True, "has_touch": True} if phone else {}
    context = browser.new_context(viewport={"width": width, "height": height}, **extra)
    page = context.new_page()
    page.problems = Problems(page)
    page.goto(site.url())
    page.wait_for_function(READY)
    page.wait_for_function("() => document.getElementById('transfer').hidden")
    return page


@pytest.mark.parametrize("viewport", GAME_SIZES, ids=lambda v: f"{v[0]}x{v[1]}")
def test_the_canvas_takes_the_game_s_shape_and_fills_the_window(
    browser: Any, site: Server, screenshots: Path, viewport: tuple[int, int]
) -> None:
    """The game reads the box it may fill from thirteen_viewport() and calls set_mode with
    its size; the page shows the canvas at that shape, as large as the box allows.
    Only the canvas's attributes change here (as SDL changes them): the page follows them
    even if the game never sets --lw/--lh."""
    page = open_game(browser, site, viewport, phone=viewport in PHONES)
    try:
        before = page.evaluate(MEASURE)
        assert before["fit"] == pytest.approx(list(viewport))
        assert before["logical"] == ["1280", "720"]  # the template's size until set_mode
        assert_fits(before["box"], (0, 0), viewport, (1280, 720))
        size = GAME_SIZES[viewport]
        page.evaluate(SET_MODE, list(size))
        after = page.evaluate(MEASURE)
        assert after["logical"] == [str(size[0]), str(size[1])]
        assert after["fit"] == pytest.approx(list(viewport))
        assert_fits(after["box"], (0, 0), viewport, size)
        assert not after["scrolls"] and after["scale"] == 1
        if viewport in PHONES:
            page.screenshot(path=str(screenshots / f"canvas-{viewport[0]}x{viewport[1]}.png"))
        assert page.problems.errors == []
    finally:
        page.context.close()


def test_the_game_s_css_properties_size_the_canvas(browser: Any, site: Server) -> None:
    """--lw/--lh, set by the game on <html> after each set_mode, give the aspect ratio."""
    page = open_game(browser, site, (1024, 768), phone=False)
    try:
        set_properties = """([w, h]) => {
          document.documentElement.style.setProperty("--lw", String(w));
          document.documentElement.style.setProperty("--lh", String(h));
        }"""
        for size in [(960, 720), (720, 1558), (1680, 720), (1280, 720)]:
            page.evaluate(set_properties, list(size))
            got = page.evaluate(MEASURE)
            assert got["logical"] == [str(size[0]), str(size[1])]
            assert_fits(got["box"], (0, 0), (1024, 768), size)
        page.evaluate(set_properties, [720, 1558])
        upright = page.evaluate(MEASURE)["box"]
        assert upright["height"] == pytest.approx(768, abs=0.5)
        assert upright["width"] == pytest.approx(768 * 720 / 1558, abs=0.5)
        assert page.evaluate("() => [canvas.width, canvas.height]") == [1280, 720]  # untouched
    finally:
        page.context.close()


def test_a_phone_turned_gets_the_new_box_and_is_never_stretched_meanwhile(
    browser: Any, site: Server, screenshots: Path
) -> None:
    """Between the turn and the game's next set_mode the old shape stays, fitted to the
    new box (bands, no stretching); then the new shape fills it."""
    page = open_game(browser, site, (390, 844), phone=True)
    try:
        page.evaluate(SET_MODE, [720, 1558])
        page.set_viewport_size({"width": 844, "height": 390})
        turned = page.evaluate(MEASURE)
        assert turned["fit"] == pytest.approx([844, 390])
        box = turned["box"]
        assert box["width"] == pytest.approx(box["height"] * 720 / 1558, abs=1)
        assert box["height"] == pytest.approx(390, abs=0.5)
        assert box["x"] == pytest.approx(844 - box["x"] - box["width"], abs=1)
        page.screenshot(path=str(screenshots / "phone-turned-before-set-mode.png"))
        page.evaluate(SET_MODE, [1558, 720])
        assert_fits(page.evaluate(MEASURE)["box"], (0, 0), (844, 390), (1558, 720))
        page.set_viewport_size({"width": 390, "height": 844})
        assert page.evaluate(MEASURE)["fit"] == pytest.approx([390, 844])
    finally:
        page.context.close()


def test_an_upright_phone_gets_no_turn_sideways_notice_and_never_zooms(
    browser: Any, site: Server
) -> None:
    """The game uses an upright phone fully: the old "Turn your phone sideways for bigger
    cards." notice is gone."""
    page = open_game(browser, site, (390, 844), phone=True)
    try:
        assert page.locator("#turn").count() == 0
        assert "sideways" not in page.locator("body").inner_text()
        # a pinch in the empty space above the canvas (before the game takes the upright
        # shape) zoomed the page up to five times, showing only blank felt: the page does
        # not zoom while the game shows
        canvas = page.locator("#canvas").bounding_box()
        assert canvas["y"] > 300  # the template's 16:9 canvas, the space above it empty
        cdp = page.context.new_cdp_session(page)
        for k in range(9):
            spread = [(180 - 9 * k, 290 - 9 * k), (210 + 9 * k, 300 + 9 * k)]
            points = [{"x": x, "y": y, "id": i} for i, (x, y) in enumerate(spread)]
            kind = "touchStart" if k == 0 else "touchMove"
            cdp.send("Input.dispatchTouchEvent", {"type": kind, "touchPoints": points})
            page.wait_for_timeout(30)
        cdp.send("Input.dispatchTouchEvent", {"type": "touchEnd", "touchPoints": []})
        page.wait_for_timeout(500)
        assert page.evaluate("() => visualViewport.scale") == 1
    finally:
        page.context.close()


@pytest.mark.parametrize(
    ("viewport", "insets"),
    [
        ((844, 390), {"left": 47, "right": 47, "bottom": 21}),  # sideways, notch on the left
        ((700, 390), {"left": 47, "right": 47, "bottom": 21}),  # narrower
        ((390, 844), {"top": 47, "bottom": 34}),  # upright
    ],
)
def test_a_phone_s_notch_and_home_bar_cover_no_part_of_the_canvas(
    browser: Any, site: Server, screenshots: Path, viewport: tuple[int, int], insets: dict
) -> None:
    """viewport-fit=cover lets the felt fill the whole screen; the box the game is told
    about is the safe area, and the canvas keeps to it, the whole of it, centred there."""
    width, height = viewport
    context = browser.new_context(
        viewport={"width": width, "height": height}, is_mobile=True, has_touch=True
    )
    try:
        page = context.new_page()
        context.new_cdp_session(page).send(
            "Emulation.setSafeAreaInsetsOverride", {"insets": insets}
        )
        page.goto(site.url())
        page.wait_for_function(READY)
        page.wait_for_function("() => document.getElementById('transfer').hidden")
        left, top = insets.get("left", 0), insets.get("top", 0)
        right, bottom = width - insets.get("right", 0), height - insets.get("bottom", 0)
        fit = page.evaluate("() => thirteen_viewport()")
        assert fit == pytest.approx([right - left, bottom - top])
        for size in [(1280, 720), game_size(*fit)]:
            page.evaluate(SET_MODE, list(size))
            box = page.evaluate(MEASURE)["box"]
            assert box["x"] >= left - 0.5 and box["x"] + box["width"] <= right + 0.5, box
            assert box["y"] >= top - 0.5 and box["y"] + box["height"] <= bottom + 0.5, box
            assert box["width"] / box["height"] == pytest.approx(size[0] / size[1], rel=0.01)
            # as large as the safe area allows: it touches two of its sides
            assert min(right - left - box["width"], bottom - top - box["height"]) < 1, box
            assert box["x"] - left == pytest.approx(right - box["x"] - box["width"], abs=1)
            assert box["y"] - top == pytest.approx(bottom - box["y"] - box["height"], abs=1)
        assert_fits(box, (left, top), (right - left, bottom - top), size)
        page.screenshot(path=str(screenshots / f"safe-area-{width}x{height}.png"))
    finally:
        context.close()


def test_manifest_is_linked_valid_and_installable(page: Any, site: Server) -> None:
    visit_until_offline_ready(page, site.url())
    href = page.eval_on_selector("link[rel=manifest]", "link => link.href")
    manifest = json.loads(page.evaluate("url => fetch(url).then(r => r.text())", href))
    for key in ("name", "short_name", "start_url", "display", "background_color", "theme_color"):
        assert manifest.get(key), key
    assert manifest["display"] in ("standalone", "fullscreen", "minimal-ui")
    # the installed game turns with the phone (and keeps to its rotation lock)
    assert "orientation" not in manifest
    sizes: dict[str, set[int]] = {}
    for icon in manifest["icons"]:
        data = bytes(
            page.evaluate(
                "url => fetch(url).then(r => r.arrayBuffer()).then(b => [...new Uint8Array(b)])",
                icon["src"],
            )
        )
        width, height = png_size(data)
        assert f"{width}x{height}" == icon["sizes"], icon
        sizes.setdefault(icon.get("purpose", "any"), set()).add(width)
    assert {192, 512} <= sizes["any"]
    assert 512 in sizes["maskable"]
    # Chromium's own verdict.
    cdp = page.context.new_cdp_session(page)
    parsed = cdp.send("Page.getAppManifest")
    assert parsed["errors"] == [], parsed["errors"]
    installability = cdp.send("Page.getInstallabilityErrors")["installabilityErrors"]
    # Playwright's contexts are incognito profiles, which can never install.
    problems = [e for e in installability if e["errorId"] != "in-incognito"]
    assert problems == [], problems
    assert page.problems.errors == []


def test_service_worker_precaches_the_build(
    page: Any, site: Server, site_build: dict[str, Any], runtime_url: str
) -> None:
    visit_until_offline_ready(page, site.url())
    caches = page.evaluate(CACHES)
    app = caches.pop(f"thirteen-app-{site_build['build']}")
    expected = ["index.html", "thirteen.apk", "manifest.webmanifest", "favicon.png"]
    expected += [f"icons/{icon}" for icon in ("icon-192.png", "icon-512.png", "maskable-512.png")]
    # the page's stylesheets and scripts, under their fingerprinted names
    page_files = [
        p.name for p in Path(site_build["site"]).glob("*.*.*") if p.suffix in (".css", ".js")
    ]
    assert len(page_files) == 5  # page.css, toolbar.css, loader.js, toolbar.js, records.js
    expected += page_files
    assert {site.url(path) for path in expected} <= set(app)
    [(runtime_name, runtime)] = caches.items()
    assert runtime_name.startswith("thirteen-runtime-")
    assert runtime_url + "pythons.js" in runtime
    for name in ("main.js", "main.wasm", "main.data"):
        assert f"{runtime_url}cpython312/{name}" in runtime
    assert runtime_url + "cpythonrc.py" in runtime, page.problems.log
    assert page.problems.errors == []


def test_offline_reload_serves_page_archive_and_runtime_from_cache(
    page: Any, context: Any, site: Server, fake_cdn: Server, site_build: dict[str, Any]
) -> None:
    visit_until_offline_ready(page, site.url("?game=thirteens&deal=1"))
    # Cut the network both ways: the browser is offline and the servers are gone.
    site.down = fake_cdn.down = True
    context.set_offline(True)
    served_before = len(site.requests) + len(fake_cdn.requests)
    page.reload()
    page.wait_for_function(READY)
    apk_size = (Path(site_build["site"]) / "thirteen.apk").stat().st_size
    assert page.evaluate("() => fakeRuntime.apkBytes") == apk_size
    fetched = page.evaluate(
        "() => fetch('thirteen.apk').then(r => r.arrayBuffer()).then(b => b.byteLength)"
    )
    assert fetched == apk_size
    assert page.title() == "Thirteen"
    assert len(site.requests) + len(fake_cdn.requests) == served_before


def test_a_build_that_pins_a_new_runtime_still_starts_offline_after_it_takes_over(
    page: Any,
    context: Any,
    builder: Any,
    site_build: dict[str, Any],
    fake_cdn: Server,
    tmp_path: Path,
) -> None:
    """A pygbag upgrade deployed: the player saw the update offered, chose Later, closed
    the game and opened it offline. The new build used to take over with no runtime
    stored ("could not download .../pythons.js"), and the old one stayed for good."""
    import shutil

    old_runtime = fake_cdn.url("cdn/0.9.3/")
    new_runtime = fake_cdn.url("cdn/0.9.4/")
    if not (fake_cdn.root / "cdn" / "0.9.4").exists():
        shutil.copytree(fake_cdn.root / "cdn" / "0.9.3", fake_cdn.root / "cdn" / "0.9.4")
    new = builder.build(out=tmp_path / "web", zip_path=None, cdn=new_runtime, label="b")
    server = Server(Path(site_build["site"]))
    try:
        visit_until_offline_ready(page, server.url())
        server.root = Path(new["site"])  # deploy the upgrade
        page.reload()
        page.wait_for_function(READY)
        page.locator("#update").wait_for(state="visible")
        page.locator("#update-dismiss").click()  # Later
        page.close()
        server.down = fake_cdn.down = True
        context.set_offline(True)
        again = context.new_page()
        again.goto(server.url())
        again.wait_for_function(READY)
        assert again.evaluate(ACTIVE_BUILD)["id"] == new["build"]
        caches = again.evaluate(CACHES)
        runtimes = [urls for name, urls in caches.items() if name.startswith("thirteen-runtime-")]
        assert len(runtimes) == 1  # the old runtime went with its build
        assert new_runtime + "cpython312/main.wasm" in runtimes[0]
        assert not any(url.startswith(old_runtime) for url in runtimes[0])
    finally:
        server.close()


PREPARE_RUNTIME = """async ([source, build, oldEntries, offline]) => {
  // web/sw.js's own code, run in a page with a stand-in for the worker's self and
  // network: the real Cache Storage, a fetch that records what it is asked for
  const line = `const BUILD = ${JSON.stringify(build)}; // @build`;
  const code = source.replace(/^const BUILD = .*\\/\\/ @build$/m, line);
  const fetched = [];
  const worker = {
    registration: { scope: location.origin + "/" },
    addEventListener() {},
    clients: { claim() {} },
    skipWaiting() {},
  };
  const network = async (url) => {
    fetched.push(String(url));
    if (offline) throw new TypeError("Failed to fetch");
    return new Response("new", { status: 200 });
  };
  const sw = new Function("self", "fetch", code + "\\nreturn { prepareRuntime, RUNTIME_CACHE };")(
    worker, network);
  for (const name of await caches.keys()) await caches.delete(name);
  const old = await caches.open("thirteen-runtime-old");
  for (const url of oldEntries) await old.put(url, new Response("old"));
  let error = null;
  try { await sw.prepareRuntime(); } catch (e) { error = String(e); }
  const names = await caches.keys();
  const kept = names.includes(sw.RUNTIME_CACHE)
    ? (await (await caches.open(sw.RUNTIME_CACHE)).keys()).map((r) => r.url).sort()
    : null;
  return { fetched, error, kept };
}"""


def test_a_new_runtime_cache_takes_what_it_can_from_the_old_one_and_fetches_the_rest(
    page: Any, tmp_path: Path
) -> None:
    """Found in review: the worker downloaded every core file again (about 8 MB) even
    when the old cache held the same runtime under another name, failed to install
    without the CDN, carried another Python's build and an old wheel index along, and
    left a half-filled cache behind when a download failed."""
    (tmp_path / "index.html").write_text("<!DOCTYPE html><title>sw</title>")
    server = Server(tmp_path)
    try:
        page.goto(server.url())
        source = (ROOT / "web" / "sw.js").read_text()
        base = server.url("cdn/")
        names = ("pythons.js", "cpythonrc.py", "cpython312/main.js", "cpython312/main.wasm")
        core = [base + "0.9.3/" + name for name in names]
        build = {
            "id": "b",
            "runtimeKey": "new",
            "precache": [],
            "runtime": [base],
            "cdn": base + "0.9.3/",
            "cpython": "cpython312",
            "index": base + "index-0.9.3-cp312.json",
            "core": core,
        }
        wheel = base + "cp312/pygame_ce-2.5.8-cp312-wasm32.whl"
        # the same runtime under a new cache name: nothing downloaded, offline too
        got = page.evaluate(PREPARE_RUNTIME, [source, build, [*core, wheel], True])
        assert got["error"] is None and got["fetched"] == []
        assert got["kept"] == sorted([*core, wheel])
        # another pygbag version: its core files fetched, the old folder and index left
        new = {**build, "cdn": base + "0.9.4/", "index": base + "index-0.9.4-cp312.json"}
        new["core"] = [base + "0.9.4/" + name for name in names]
        old = [*core, wheel, base + "index-0.9.3-cp312.json"]
        got = page.evaluate(PREPARE_RUNTIME, [source, new, old, False])
        assert got["error"] is None and got["fetched"] == new["core"]
        assert got["kept"] == sorted([*new["core"], wheel])
        # another Python under the same version: the old build is not carried along
        py = {**build, "cpython": "cpython313"}
        py["core"] = [url.replace("cpython312", "cpython313") for url in core]
        got = page.evaluate(PREPARE_RUNTIME, [source, py, core, False])
        assert got["fetched"] == py["core"][2:]  # pythons.js and cpythonrc.py were there
        assert not any("cpython312" in url for url in got["kept"])
        # a download that fails fails the install and leaves no half-filled cache
        got = page.evaluate(PREPARE_RUNTIME, [source, new, old, True])
        assert got["error"] is not None and got["kept"] is None
    finally:
        server.close()


def test_a_new_runtime_cache_takes_only_what_matches_its_pins(page: Any, tmp_path: Path) -> None:
    """A build that pins its runtime files by content: what the old cache holds under a
    pinned address but with other bytes (an older worker stored whatever the CDN
    answered) is left behind and fetched anew; a core file that stays wrong when fetched
    again fails the install, and leaves no cache behind."""
    import base64
    import hashlib

    (tmp_path / "index.html").write_text("<!DOCTYPE html><title>sw</title>")
    server = Server(tmp_path)

    def pin(body: bytes) -> dict[str, Any]:
        return {
            "bytes": len(body),
            "sha384": base64.b64encode(hashlib.sha384(body).digest()).decode(),
        }

    try:
        page.goto(server.url())
        source = (ROOT / "web" / "sw.js").read_text()
        base = server.url("cdn/")
        core = [base + "0.9.3/" + name for name in ("pythons.js", "cpython312/main.js")]
        wheel = base + "cp312/pygame_ce-2.5.8-cp312-wasm32.whl"
        build = {
            "id": "b",
            "runtimeKey": "new",
            "precache": [],
            "runtime": [base],
            "cdn": base + "0.9.3/",
            "cpython": "cpython312",
            "index": base + "index-0.9.3-cp312.json",
            "core": core,
            # the harness's network answers "new", the old cache holds "old"
            "pins": {url: pin(b"new") for url in [*core, wheel]},
        }
        got = page.evaluate(PREPARE_RUNTIME, [source, build, [*core, wheel], False])
        assert got["error"] is None
        assert got["fetched"] == core  # each once: the network's answer is the pinned file
        assert got["kept"] == sorted(core)  # the old wheel stays behind (fetched when used)
        # the old cache's files are the pinned ones: taken over, nothing fetched
        same = {**build, "pins": {url: pin(b"old") for url in [*core, wheel]}}
        got = page.evaluate(PREPARE_RUNTIME, [source, same, [*core, wheel], True])
        assert got["error"] is None and got["fetched"] == []
        assert got["kept"] == sorted([*core, wheel])
        # the network's answer is not the pinned file, twice: the install fails
        wrong = {**build, "pins": {url: pin(b"other") for url in core}}
        got = page.evaluate(PREPARE_RUNTIME, [source, wrong, [], False])
        assert got["fetched"] == [core[0], core[0]]  # refused, fetched again, refused
        assert "Not the pinned runtime file" in got["error"] and got["kept"] is None
    finally:
        server.close()


@pytest.mark.parametrize("refusal", ["throw", "reject"])
def test_iframe_on_another_origin_fits_and_survives_refused_storage(
    browser: Any, site: Server, tmp_path: Path, screenshots: Path, refusal: str
) -> None:
    (tmp_path / "index.html").write_text(
        "<!DOCTYPE html><html><head><link rel='icon' href='data:,'></head>"
        "<body style='margin:0;background:#333'>"
        f"<iframe id='game' src='{site.url()}' width='960' height='600' style='border:0'"
        " allow='autoplay; fullscreen'></iframe></body></html>"
    )
    parent = Server(tmp_path)
    context = browser.new_context(viewport={"width": 1200, "height": 800})
    context.add_init_script(REFUSE_STORAGE.replace("__MODE__", json.dumps(refusal)))
    try:
        page = context.new_page()
        errors: list[str] = []
        page.on("console", lambda m: m.type == "error" and errors.append(m.text))
        page.on("pageerror", lambda e: errors.append(str(e)))
        page.goto(parent.url(host="localhost"))
        frame = page.frame_locator("#game")
        game = next(f for f in page.frames if f.url.startswith(site.url()))
        game.wait_for_function(READY)
        assert game.evaluate("() => thirteenLoader.offline") is False
        outer = page.locator("#game").bounding_box()
        inner = frame.locator("#canvas").bounding_box()
        left, top = inner["x"] - outer["x"], inner["y"] - outer["y"]
        assert inner["width"] == pytest.approx(960, abs=1)
        assert inner["height"] == pytest.approx(540, abs=1)
        assert left == pytest.approx(0, abs=1) and top == pytest.approx(30, abs=1)
        # the game is told the iframe's size, and its shape for it fills the iframe
        assert game.evaluate("() => thirteen_viewport()") == pytest.approx([960, 600])
        game.evaluate(SET_MODE, list(game_size(960, 600)))
        inner = frame.locator("#canvas").bounding_box()
        assert_fits(inner, (outer["x"], outer["y"]), (960, 600), (1152, 720))
        assert errors == []
        page.screenshot(path=str(screenshots / f"iframe-{refusal}.png"))
    finally:
        context.close()
        parent.close()


RUNTIME_FAILURES = {
    # case: (how the fake CDN fails, what the message names)
    "runtime unreachable": ("down", "", "pythons.js"),
    "interpreter missing": ("missing", "cpython312/main.js", "cpython312/main.js"),
    "data unreachable": ("broken", "cpython312/main.data", "main.data (network error)"),
    "data missing": ("missing", "cpython312/main.data", "main.data (HTTP 404)"),
    "wasm missing": ("missing", "cpython312/main.wasm", "main.wasm (HTTP 404)"),
    "startup file missing": ("missing", "cpythonrc.py", "cpythonrc.py (HTTP 404)"),
}


@pytest.mark.parametrize("case", RUNTIME_FAILURES)
def test_runtime_failure_shows_a_message(
    page: Any, site: Server, fake_cdn: Server, screenshots: Path, case: str
) -> None:
    how, path, expected = RUNTIME_FAILURES[case]
    if how == "down":
        fake_cdn.down = True
    else:
        getattr(fake_cdn, how).add(f"/cdn/0.9.3/{path}")
    page.goto(site.url())
    failure = page.locator("#failure")
    failure.wait_for(state="visible")
    assert page.evaluate("() => thirteenLoader.state") == "failed"
    assert "could not start" in failure.inner_text()
    assert expected in page.locator("#failure-detail").inner_text()
    assert page.locator("#loading").is_hidden()
    assert page.get_by_role("button", name="Try again").last.is_visible()
    if case == "runtime unreachable":
        page.screenshot(path=str(screenshots / "runtime-unreachable.png"))


def test_abort_of_the_runtime_shows_a_message(page: Any, site: Server) -> None:
    # emscripten's abort() (e.g. a wasm file it cannot compile) calls Module.onAbort.
    page.goto(site.url("?fake=abort"))
    page.locator("#failure").wait_for(state="visible")
    assert "runtime stopped" in page.locator("#failure-detail").inner_text()


DIGEST = """async ([cacheName, url]) => {
  // the SHA-256 (hex) of what a cache holds at url, or null
  const found = cacheName ? await (await caches.open(cacheName)).match(url) : await fetch(url);
  if (!found || !found.ok) return null;
  const digest = await crypto.subtle.digest("SHA-256", await found.arrayBuffer());
  return Array.from(new Uint8Array(digest), (b) => b.toString(16).padStart(2, "0")).join("");
}"""


def sha256(path: Path) -> str:
    import hashlib

    return hashlib.sha256(path.read_bytes()).hexdigest()


def runtime_cache(page: Any) -> str:
    return page.evaluate(ACTIVE_BUILD)["runtimeCache"]


def asked(server: Server, path: str) -> int:
    """How many times the server was asked for path."""
    return sum(request.split("?")[0] == path for request in server.requests)


@pytest.mark.parametrize("answers", [1, 1_000], ids=["once", "for-good"])
def test_a_changed_data_file_is_refused_by_the_worker_and_fetched_again(
    page: Any,
    context: Any,
    site: Server,
    fake_cdn: Server,
    runtime_url: str,
    screenshots: Path,
    answers: int,
) -> None:
    """The CDN answers main.data with a changed body (the same size, one byte other), once
    or every time. The interpreter fetches it by XMLHttpRequest, which nothing can hold
    back on a first visit; the worker, storing what the visit fetched, finds the copy in
    the HTTP cache is not the pinned file (main.data is pinned by size and git blob id),
    refuses it and fetches it again past that cache: the right file is stored and served
    offline; a file that stays wrong is not stored, and the player is told."""
    path = "/cdn/0.9.3/cpython312/main.data"
    url = runtime_url + "cpython312/main.data"
    right = sha256(fake_cdn.root / path.lstrip("/"))
    fake_cdn.changed[path] = answers
    before = asked(fake_cdn, path)
    page.goto(site.url())
    page.wait_for_function("() => navigator.serviceWorker.controller !== null")
    if answers == 1:
        page.wait_for_function("() => thirteenLoader.offline === true")
        assert asked(fake_cdn, path) == before + 2  # the changed answer, then the right one
        assert page.evaluate(DIGEST, [runtime_cache(page), url]) == right
        assert page.evaluate("() => [thirteenLoader.state, thirteenLoader.wrongFile]") == [
            "ready",
            None,
        ]
        # the CDN gone: the stored (right) file is what the page gets
        fake_cdn.down = True
        context.set_offline(True)
        page.reload()
        page.wait_for_function(READY)
        assert page.evaluate(DIGEST, [None, url]) == right
        assert page.problems.errors == []
    else:
        page.wait_for_function("() => thirteenLoader.wrongFile !== undefined")
        assert page.evaluate("() => thirteenLoader.wrongFile") == url
        assert page.evaluate("() => thirteenLoader.offline") is False
        assert page.evaluate(DIGEST, [runtime_cache(page), url]) is None  # not stored
        failure = page.locator("#failure")
        assert failure.is_visible() and page.locator("#transfer").is_visible()
        assert "not the one Thirteen was made with" in failure.inner_text()
        assert "main.data" in page.locator("#failure-detail").inner_text()
        page.screenshot(path=str(screenshots / "runtime-file-wrong-running.png"))


def test_a_changed_interpreter_is_refused_until_the_cdn_is_fixed(
    page: Any, site: Server, fake_cdn: Server, runtime_url: str, screenshots: Path
) -> None:
    """The CDN answers main.js changed, every time. A first visit: the page gives the
    script pythons.js adds the pinned SHA-384 (Subresource Integrity), the browser refuses
    to run it, and the page fetches it again to tell a changed file from a lost connection:
    it says the file was not the one the game was made with. Reloaded, the worker is in
    charge: it refuses the file twice and answers an error, and the page says the same.
    Once the CDN is fixed, "Try again" gets the right file (the worker refuses the changed
    copy the HTTP cache still holds and fetches it again), stores it, and the game runs."""
    path = "/cdn/0.9.3/cpython312/main.js"
    url = runtime_url + "cpython312/main.js"
    right = sha256(fake_cdn.root / path.lstrip("/"))
    fake_cdn.changed[path] = 1_000
    wrong = "() => thirteenLoader.wrongFile !== undefined"
    page.goto(site.url())
    page.wait_for_function(wrong)
    assert page.evaluate("() => thirteenLoader.wrongFile") == url
    script = page.locator(f'script[src="{url}"]')
    assert (script.get_attribute("integrity") or "").startswith("sha384-")
    assert page.evaluate("() => document.getElementById('site').integrity").startswith("sha384-")
    failure = page.locator("#failure")
    assert "not the one Thirteen was made with" in failure.inner_text()
    assert "Try again later" in failure.inner_text()
    assert url in page.locator("#failure-detail").inner_text()
    assert page.evaluate("() => typeof fakeRuntime.done") == "undefined"  # it never ran
    page.screenshot(path=str(screenshots / "runtime-file-wrong-1280x800.png"))
    page.wait_for_function("() => navigator.serviceWorker.controller !== null")
    # the worker in charge, the file still changed
    before = asked(fake_cdn, path)
    page.reload()
    page.wait_for_function(wrong)
    assert page.evaluate("() => thirteenLoader.wrongFile") == url
    assert asked(fake_cdn, path) >= before + 2  # refused, fetched again, refused
    assert page.evaluate(DIGEST, [runtime_cache(page), url]) is None
    assert "not the one Thirteen was made with" in failure.inner_text()
    # the CDN fixed: the right file is fetched, stored and run
    del fake_cdn.changed[path]
    with page.expect_navigation():
        page.get_by_role("button", name="Try again").last.click()
    page.wait_for_function(READY)
    page.wait_for_function("() => thirteenLoader.offline === true")
    assert page.evaluate("() => thirteenLoader.wrongFile") is None
    assert page.evaluate(DIGEST, [runtime_cache(page), url]) == right
    assert page.evaluate(DIGEST, [None, url]) == right


@pytest.mark.parametrize("locale", ["en-GB", "de-DE"])
def test_the_refused_file_message_in_the_browser_s_language(
    browser: Any, site: Server, fake_cdn: Server, screenshots: Path, locale: str
) -> None:
    """The message for a runtime file that stays wrong, on a wide window and on a phone,
    in English and in German (from the game's catalogue)."""
    words = json.loads(page_words_json(site))
    code = locale.split("-")[0]
    expected = {key: words[code].get(key) or words["en"][key] for key in words["en"]}
    fake_cdn.changed["/cdn/0.9.3/cpython312/main.js"] = 1_000
    for width, height in ((1280, 720), (390, 844)):
        context = browser.new_context(viewport={"width": width, "height": height}, locale=locale)
        try:
            page = context.new_page()
            page.goto(site.url())
            page.wait_for_function("() => thirteenLoader.wrongFile !== undefined")
            text = page.locator("#failure").inner_text()
            for key in ("failed", "wrongFile", "wrongFileLater", "retry"):
                assert expected[key].replace("{title}", "Thirteen") in text, (key, text)
            if code != "en":
                assert words["en"]["wrongFile"].replace("{title}", "Thirteen") not in text
            # the whole message in view, the button too, without scrolling
            button = page.locator("#failure button.retry").bounding_box()
            assert button["y"] + button["height"] <= height, button
            page.screenshot(
                path=str(screenshots / f"runtime-file-wrong-{code}-{width}x{height}.png")
            )
        finally:
            context.close()


def page_words_json(site: Server) -> str:
    import re

    page = (site.root / "index.html").read_text(encoding="utf-8")
    found = re.search(r'<script type="application/json" id="page-words">(.*?)</script>', page)
    assert found
    return found[1]


def test_loading_screen_shows_progress(
    browser: Any, site: Server, fake_cdn: Server, screenshots: Path
) -> None:
    """The loading screen while main.data trickles in, on a wide window and on a phone
    (both pages at once: each waits on its own downloads)."""
    fake_cdn.slow["/cdn/0.9.3/cpython312/main.data"] = 4_000  # 5 s before the bar moves on
    site.slow["/thirteen.apk"] = 20_000  # the game's archive (0.6 MB: half a minute): loading
    shapes = ((1280, 720), (390, 844))
    contexts = [browser.new_context(viewport={"width": w, "height": h}) for w, h in shapes]
    try:
        pages = [context.new_page() for context in contexts]
        for page in pages:
            page.problems = Problems(page)
            page.goto(site.url())
        for (width, height), page in zip(shapes, pages, strict=True):
            page.wait_for_function(
                "() => document.getElementById('loader-progress').value > 6"
                " && document.getElementById('loader-status').innerText.includes(' MB')"
            )
            assert page.locator("#transfer").is_visible()
            text = page.locator("#loader-status").inner_text()
            # which step shows depends on which file is still arriving: any, with its bytes
            steps = ("the Python runtime", "Setting up Python", "Unpacking the game")
            assert any(step in text for step in steps) and " of " in text and " MB" in text, text
            assert page.evaluate("() => thirteenLoader.state") == "loading"
            page.screenshot(path=str(screenshots / f"loading-{width}x{height}.png"))
            assert page.problems.errors == []
    finally:
        for context in contexts:
            context.close()


def test_the_loading_figures_are_written_in_the_page_s_language(
    browser: Any, site: Server, fake_cdn: Server
) -> None:
    """German writes the megabytes with a decimal comma: "0,4 von 11,2 MB"."""
    import re

    fake_cdn.slow["/cdn/0.9.3/cpython312/main.data"] = 1_000
    site.slow["/thirteen.apk"] = 20_000
    context = browser.new_context(locale="de-DE")
    try:
        page = context.new_page()
        page.goto(site.url())
        page.wait_for_function(
            "() => document.getElementById('loader-status').innerText.includes(' MB')"
        )
        text = page.locator("#loader-status").inner_text()
        assert re.search(r"\d,\d von \d+,\d\sMB", text), text
    finally:
        context.close()


SAMPLE = """() => ({
  bar: document.getElementById("loader-progress").value,
  bytes: thirteenLoader.bytes,
  state: thirteenLoader.state,
})"""


def test_the_loading_bar_counts_bytes_received_of_every_runtime_file(
    browser: Any, site: Server, fake_cdn: Server, site_build: dict[str, Any]
) -> None:
    """Found on an emulated Fast 3G line: the bar showed 55% with about 20% of the bytes
    in, then stood at 70% while the interpreter downloaded. It follows the bytes the
    servers have sent of every file a first visit needs (sizes from the build): never
    ahead of them, and moving while each large file arrives."""
    slow = {
        "/cdn/0.9.3/cpython312/main.data": (fake_cdn, 8_000),  # bytes per second
        "/cdn/0.9.3/cpython312/main.wasm": (fake_cdn, 16_000),
        "/thirteen.apk": (site, 128_000),
    }
    for path, (server, rate) in slow.items():
        server.slow[path] = rate
    site.sent.clear()
    fake_cdn.sent.clear()
    expected = sum(site_build["downloads"].values())
    runtime = "/cdn/0.9.3/"
    downloads = {
        ("/" + url.split("/", 3)[3]) if url.startswith("http") else "/" + url: size
        for url, size in site_build["downloads"].items()
    }
    assert set(downloads) == {
        *(runtime + name for name in ("pythons.js", "cpythonrc.py")),
        *(runtime + f"cpython312/main.{x}" for x in ("js", "data", "wasm")),
        "/thirteen.apk",
    }

    def sent() -> int:
        total = 0
        for path, size in downloads.items():
            server = site if path == "/thirteen.apk" else fake_cdn
            total += min(size, server.sent.get(path, 0))
        return total

    # no service worker: its precaching would fetch the archive beside the page
    context = browser.new_context(service_workers="block")
    page = context.new_page()
    page.problems = Problems(page)
    page.goto(site.url())
    samples = []
    while True:
        before = sent()  # sent before the page is read: it cannot have more than this
        got = page.evaluate(SAMPLE)
        after = sent()
        samples.append((before, after, got, {p: s.sent.get(p, 0) for p, (s, _) in slow.items()}))
        if got["state"] != "loading":
            break
        page.wait_for_timeout(100)
    assert got["state"] == "ready"
    assert got["bytes"] == {"expected": expected, "received": expected}
    for _, after, got, _ in samples[:-1]:  # (the last one: the game runs, the bar is full)
        bar = got["bar"]
        assert bar <= 2 + 94 * after / expected + 0.5, (bar, after, expected)  # never ahead
        assert got["bytes"]["received"] <= after
    # while each slow file arrives, the bar moves with it: about its share of the bar
    for path in slow:
        size = downloads[path]
        during = [got["bar"] for *_, got, out in samples if 0.1 < out[path] / size < 0.9]
        assert len(during) >= 5, (path, len(during))
        moved = during[-1] - during[0]
        assert moved > 0.5 * 94 * 0.8 * size / expected, (path, [round(x, 1) for x in during])
        rises = sum(b > a for a, b in zip(during, during[1:], strict=False))
        assert rises >= len(during) // 3, (path, during)
    assert page.problems.errors == []
    context.close()


def test_new_build_is_offered_and_replaces_old_caches(
    page: Any,
    builder: Any,
    site_build: dict[str, Any],
    fake_runtime: dict[str, Any],
    tmp_path: Path,
    screenshots: Path,
) -> None:
    new = builder.build(out=tmp_path / "web", zip_path=None, label="b", **fake_runtime)
    assert new["build"] != site_build["build"]
    server = Server(Path(site_build["site"]))
    try:
        visit_until_offline_ready(page, server.url())
        assert page.evaluate(ACTIVE_BUILD)["id"] == site_build["build"]
        server.root = Path(new["site"])  # deploy the new build
        page.reload()
        page.wait_for_function(READY)
        banner = page.locator("#update")
        banner.wait_for(state="visible")
        assert "new version" in banner.inner_text()
        page.screenshot(path=str(screenshots / "update-ready.png"))
        with page.expect_navigation():
            page.locator("#update-reload").click()
        page.wait_for_function(READY)
        page.wait_for_function("() => navigator.serviceWorker.controller !== null")
        assert page.evaluate(ACTIVE_BUILD)["id"] == new["build"]
        names = set(page.evaluate(CACHES))
        assert f"thirteen-app-{new['build']}" in names
        assert f"thirteen-app-{site_build['build']}" not in names
        assert page.locator("#update").is_hidden()
    finally:
        server.close()


KEYS = ["ArrowDown", "ArrowDown", "ArrowRight", "ArrowUp", "ArrowLeft", "Space", "Enter"]
KEYS += ["Shift+ArrowLeft", "PageDown", "End", "F1", "d", "h"]
"""The game's keys (Tab is the page's: test_web_page_access.py)."""


def test_the_canvas_keeps_the_keyboard_and_the_game_gets_every_key(
    page: Any, site: Server, screenshots: Path
) -> None:
    """The game's keys (arrows, Space, Enter, F1, letters...) must not take the browser's
    focus off the canvas. Real key presses: the focus stays on the canvas, nothing
    scrolls, no key's default action runs, and the game (listening as SDL does) gets
    every key."""
    page.goto(site.url())
    page.wait_for_function(READY)
    page.wait_for_function("() => document.getElementById('transfer').hidden")
    # something that could scroll, as an embedding page or a browser extension may add
    page.evaluate(
        """() => {
          const tall = document.createElement("div");
          tall.style.height = "5000px";
          document.body.append(tall);
          document.documentElement.style.overflow = document.body.style.overflow = "auto";
          window.keyDefaults = [];
          window.addEventListener("keydown", (e) => keyDefaults.push(e.defaultPrevented));
        }"""
    )
    assert page.evaluate("() => document.activeElement.id") == "canvas"
    for key in KEYS:
        page.keyboard.press(key)
        state = page.evaluate(
            "() => [document.activeElement.id, scrollX, scrollY, document.hasFocus()]"
        )
        assert state == ["canvas", 0, 0, True], (key, state)
    game_keys = page.evaluate("() => fakeRuntime.keys")
    names = [part.replace("Space", " ") for key in KEYS for part in key.split("+")]
    assert game_keys == names  # the game got each one, once (Shift+Left: Shift, then Left)
    prevented = page.evaluate("() => keyDefaults")
    assert prevented == [k not in ("Shift", "d", "h") for k in names]  # (no default action)
    page.screenshot(path=str(screenshots / "keys-1280x800.png"))
    # a click on the felt beside the canvas gives the canvas its focus back
    focused = "() => document.activeElement.id === 'canvas'"
    page.evaluate("() => document.activeElement.blur()")  # focus falls to the body
    page.wait_for_function(focused, timeout=2_000)
    page.mouse.click(5, 5)  # beside the canvas
    page.wait_for_function(focused, timeout=2_000)
    page.keyboard.press("ArrowDown")
    assert page.evaluate("() => document.activeElement.id") == "canvas"
    assert page.problems.errors == []


def test_the_page_s_own_buttons_keep_their_keys(page: Any, site: Server) -> None:
    """Tab and Enter still work on the update notice's buttons."""
    page.goto(site.url())
    page.wait_for_function(READY)
    page.evaluate("() => { document.getElementById('update').hidden = false; }")
    page.locator("#update-dismiss").focus()
    page.keyboard.press("Shift+Tab")
    assert page.evaluate("() => document.activeElement.id") == "update-reload"
    page.keyboard.press("Tab")
    assert page.evaluate("() => document.activeElement.id") == "update-dismiss"
    page.evaluate("() => { window.pressed = 0; }")
    page.evaluate("() => document.activeElement.addEventListener('click', () => pressed++)")
    page.keyboard.press("Enter")
    assert page.evaluate("() => pressed") == 1


@pytest.mark.parametrize(
    ("locale", "loading", "retry"),
    [("de-DE", "Wird geladen", "Erneut versuchen"), ("fr-CA", "Chargement", "Réessayer")],
)
def test_the_page_speaks_the_browser_s_language_while_loading_and_failing(
    browser: Any, site: Server, fake_cdn: Server, locale: str, loading: str, retry: str
) -> None:
    """A German (or French) browser: the loading screen, its steps and the failure
    message in its language, and the page's lang attribute saying so."""
    fake_cdn.slow["/cdn/0.9.3/cpython312/main.data"] = 1_000  # it stays loading a while
    context = browser.new_context(viewport={"width": 1280, "height": 720}, locale=locale)
    try:
        page = context.new_page()
        page.problems = Problems(page)
        page.goto(site.url())
        code = locale.split("-")[0]
        assert page.evaluate("() => document.documentElement.lang") == code
        label = page.locator("#loader-progress").get_attribute("aria-label")
        assert label == loading
        english = ("Downloading", "Setting up", "Unpacking", "Loading", " of ")
        page.wait_for_function(
            "() => document.getElementById('loader-status').innerText.includes(' M')"
        )
        status = page.locator("#loader-status").inner_text()
        assert not any(word in status for word in english), status
        assert page.locator("#transfer .tagline").inner_text() != "Make-13 solitaire"
        page.evaluate("() => thirteenLoader.fail('test')")
        failure = page.locator("#failure")
        assert "could not start" not in failure.inner_text()
        assert page.get_by_role("button", name=retry).last.is_visible()
        assert page.problems.errors == []
    finally:
        context.close()


def test_an_english_browser_and_an_unknown_language_get_english(browser: Any, site: Server) -> None:
    for locale in ("en-GB", "ja-JP"):
        context = browser.new_context(locale=locale)
        try:
            page = context.new_page()
            page.goto(site.url())
            assert page.evaluate("() => document.documentElement.lang") == "en"
            label = page.locator("#loader-progress").get_attribute("aria-label")
            assert label == "Loading"
        finally:
            context.close()


def test_the_manifest_s_description_has_each_language_noted(site_build: dict[str, Any]) -> None:
    """Web App Manifests have one description; the translations member (the W3C
    incubation browsers may read) carries the other four, from the catalogues. Each
    names every game of the collection, as the game names it in that language."""
    from thirteen.core import i18n
    from thirteen.games import COLLECTION

    site = Path(site_build["site"])
    manifest = json.loads((site / "manifest.webmanifest").read_text(encoding="utf-8"))
    assert manifest["lang"] == "en" and manifest["description"]
    assert all(spec.title in manifest["description"] for spec in COLLECTION)
    assert sorted(manifest["translations"]) == ["de", "es", "fr", "it"]
    for code, words in manifest["translations"].items():
        assert words["description"] not in (manifest["description"], ""), code
        assert words["name"].startswith("Thirteen"), code
        titles = i18n.catalogue(code)
        for spec in COLLECTION:
            assert titles.get(spec.title, spec.title) in words["description"], (code, spec.id)
