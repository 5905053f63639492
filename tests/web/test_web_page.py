"""The built page in headless Chromium, with a fake runtime (see fake_cdn/README.md).

What is checked: the page loads cleanly, is installable, works offline after
one visit, fits an itch.io-like iframe with storage refused, says clearly when
the runtime cannot be loaded, and offers an update when a new build is deployed.
"""

from __future__ import annotations

import json
import struct
from pathlib import Path
from typing import Any

import pytest
from webtools import READY, ROOT, Server

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


def test_an_upright_phone_is_told_to_turn_sideways_under_the_canvas(
    browser: Any, site: Server, screenshots: Path
) -> None:
    context = browser.new_context(
        viewport={"width": 390, "height": 844}, is_mobile=True, has_touch=True
    )
    try:
        page = context.new_page()
        page.goto(site.url())
        page.wait_for_function(READY)
        page.wait_for_function("() => document.getElementById('transfer').hidden")
        hint = page.locator("#turn")
        assert hint.is_visible() and "sideways" in hint.inner_text()
        canvas, box = page.locator("#canvas").bounding_box(), hint.bounding_box()
        assert canvas["width"] == pytest.approx(390, abs=1)
        assert box["y"] >= canvas["y"] + canvas["height"]  # under it, covering nothing
        assert box["y"] + box["height"] <= 844
        page.screenshot(path=str(screenshots / "portrait-phone.png"))
        # a pinch in the empty space above the canvas zoomed the page up to five
        # times, showing only blank felt: the page does not zoom while the game shows
        cdp = context.new_cdp_session(page)
        for k in range(9):
            spread = [(180 - 9 * k, 290 - 9 * k), (210 + 9 * k, 300 + 9 * k)]
            points = [{"x": x, "y": y, "id": i} for i, (x, y) in enumerate(spread)]
            kind = "touchStart" if k == 0 else "touchMove"
            cdp.send("Input.dispatchTouchEvent", {"type": kind, "touchPoints": points})
            page.wait_for_timeout(30)
        cdp.send("Input.dispatchTouchEvent", {"type": "touchEnd", "touchPoints": []})
        page.wait_for_timeout(500)
        assert page.evaluate("() => visualViewport.scale") == 1
        page.set_viewport_size({"width": 844, "height": 390})  # turned: no hint
        assert not hint.is_visible()
    finally:
        context.close()
    page = browser.new_page(viewport={"width": 1280, "height": 800})  # a desktop: no hint
    try:
        page.goto(site.url())
        assert not page.locator("#turn").is_visible()
    finally:
        page.close()


@pytest.mark.parametrize(
    ("viewport", "insets"),
    [
        ((844, 390), {"left": 47, "right": 47, "bottom": 21}),  # sideways, notch on the left
        ((700, 390), {"left": 47, "right": 47, "bottom": 21}),  # narrower: width-bound
        ((390, 844), {"top": 47, "bottom": 34}),  # upright
    ],
)
def test_a_phone_s_notch_and_home_bar_cover_no_part_of_the_canvas(
    browser: Any, site: Server, screenshots: Path, viewport: tuple[int, int], insets: dict
) -> None:
    """viewport-fit=cover lets the felt fill the whole screen; the canvas keeps to the
    safe area, the whole of it, centred there at 16:9."""
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
        box = page.locator("#canvas").bounding_box()
        left, top = insets.get("left", 0), insets.get("top", 0)
        right, bottom = width - insets.get("right", 0), height - insets.get("bottom", 0)
        assert box["x"] >= left - 0.5 and box["x"] + box["width"] <= right + 0.5, box
        assert box["y"] >= top - 0.5 and box["y"] + box["height"] <= bottom + 0.5, box
        assert box["width"] / box["height"] == pytest.approx(16 / 9, rel=0.01)
        # as large as the safe area allows: it touches two of its sides
        assert min(right - left - box["width"], bottom - top - box["height"]) < 1, box
        assert box["x"] - left == pytest.approx(right - box["x"] - box["width"], abs=1)
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
    sizes = {}
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


def test_loading_screen_shows_progress(page: Any, site: Server, screenshots: Path) -> None:
    page.goto(site.url("?fake=hold"))
    page.wait_for_function("() => document.getElementById('loader-progress').value >= 30")
    assert page.locator("#transfer").is_visible()
    assert "Python runtime" in page.locator("#loader-status").inner_text()
    assert page.evaluate("() => thirteenLoader.state") == "loading"
    page.screenshot(path=str(screenshots / "loading.png"))
    assert page.problems.errors == []


def test_new_build_is_offered_and_replaces_old_caches(
    page: Any,
    builder: Any,
    site_build: dict[str, Any],
    runtime_url: str,
    tmp_path: Path,
    screenshots: Path,
) -> None:
    new = builder.build(out=tmp_path / "web", zip_path=None, cdn=runtime_url, label="b")
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
