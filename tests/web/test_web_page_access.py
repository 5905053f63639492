"""The built page for a keyboard and a screen reader, with its loader (web/loader.js) and
the fake runtime of tests/web/fake_cdn: F6 reaches the game's controls and the focus
stays there; Tab leaves the canvas and comes back; the page has its landmark and
heading; and axe-core finds nothing to fix on the page in any state it reaches
(loading, failed, the game running, the controls shown, the update notice), in English
and German, wide and upright.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from axe_audit import axe_script, violations
from webtools import READY, Problems, Server

pytestmark = pytest.mark.browser

CONTROLS = [
    "a11y-read",
    "a11y-next",
    "a11y-select",
    "a11y-previous",
    "a11y-draw",
    "a11y-undo",
    "a11y-redo",
    "a11y-hint",
    "a11y-new",
    "a11y-restart",
    "a11y-help",
    "a11y-stats",
    "a11y-back",
]
"""The hidden controls in the page's order (web/index.tmpl)."""

FOCUSED = "() => document.activeElement && document.activeElement.id"


@pytest.fixture(scope="module")
def axe() -> str:
    return axe_script()


def open_page(browser: Any, url: str, locale: str = "en-GB", size: tuple[int, int] = (1280, 720)):
    context = browser.new_context(viewport={"width": size[0], "height": size[1]}, locale=locale)
    context.set_default_timeout(20_000)
    page = context.new_page()
    page.problems = Problems(page)
    page.goto(url)
    return page


def running(page: Any) -> None:
    """Wait until the game runs and the loading screen has gone."""
    page.wait_for_function(READY)
    page.wait_for_function("() => document.getElementById('transfer').hidden")


def settle(page: Any) -> None:
    """Let the page's deferred focus handlers (setTimeout 0) run."""
    page.evaluate("() => new Promise((done) => setTimeout(done, 50))")


def test_f6_reaches_the_controls_and_the_focus_stays_there(browser: Any, site: Server) -> None:
    """The loader's key listener pulled the focus straight back to the canvas after F6
    moved it to the controls: on the built page the focus now stays, Tab moves along
    the controls, and a key typed there is queued for the game, not seen twice."""
    page = open_page(browser, site.url())
    try:
        running(page)
        assert page.evaluate(FOCUSED) == "canvas"
        page.keyboard.press("F6")
        settle(page)
        assert page.evaluate(FOCUSED) == "a11y-read"
        page.keyboard.press("Tab")
        settle(page)
        assert page.evaluate(FOCUSED) == "a11y-next"
        page.keyboard.press("h")  # a letter typed on a control goes to the game's queue
        settle(page)
        assert page.evaluate(FOCUSED) == "a11y-next"
        queued = page.evaluate("() => JSON.parse(thirteen_a11y.take())")
        assert queued == [{"key": "h", "shift": False, "ctrl": False}]
        assert "h" not in page.evaluate("() => fakeRuntime.keys")  # (not twice)
        # the controls show while they have the focus
        bar = page.locator("#thirteen-controls").bounding_box()
        assert bar is not None and bar["width"] > 600 and bar["y"] + bar["height"] <= 720
        assert page.problems.errors == []
    finally:
        page.context.close()


def test_tab_leaves_the_canvas_for_the_controls_and_the_page_and_comes_back(
    browser: Any, site: Server
) -> None:
    """No keyboard trap: Tab goes from the canvas through every control to the page's
    other parts (the update notice's buttons) and round to the canvas again; Shift+Tab
    goes back. The game does not take Tab for its focus ring (the arrows do that)."""
    page = open_page(browser, site.url())
    try:
        running(page)
        page.evaluate("() => { document.getElementById('update').hidden = false; }")
        assert page.evaluate(FOCUSED) == "canvas"
        visited = []
        for _ in range(len(CONTROLS) + 6):
            page.keyboard.press("Tab")
            settle(page)
            visited.append(page.evaluate(FOCUSED))
            if visited[-1] == "canvas":
                break
        assert visited[: len(CONTROLS) + 2] == [*CONTROLS, "update-reload", "update-dismiss"]
        assert visited[-1] == "canvas", visited  # round again, past the browser's own parts
        page.keyboard.press("Tab")
        page.keyboard.press("Shift+Tab")
        settle(page)
        assert page.evaluate(FOCUSED) == "canvas"
        assert "Tab" not in page.evaluate("() => fakeRuntime.keys")
        # the game's own keys still reach it on the canvas, and keep the focus there
        page.keyboard.press("ArrowRight")
        settle(page)
        assert page.evaluate(FOCUSED) == "canvas"
        assert page.evaluate("() => fakeRuntime.keys").count("ArrowRight") == 1
        assert page.problems.errors == []
    finally:
        page.context.close()


def test_the_page_has_its_landmark_a_heading_and_the_canvas_in_the_tab_order(
    browser: Any, site: Server
) -> None:
    """One <main> holds the game: a heading (visually hidden) naming it, and the canvas,
    whose tabindex is 0 (no element of the page has a positive one); the game can name
    the screen in the heading."""
    page = open_page(browser, site.url(), locale="de-DE")
    try:
        running(page)
        facts = page.evaluate(
            """() => ({
              mains: document.querySelectorAll("main").length,
              canvasInMain: Boolean(document.querySelector("main #canvas")),
              controlsInMain: Boolean(document.querySelector("main #thirteen-controls")),
              tabindex: document.getElementById("canvas").getAttribute("tabindex"),
              positive: [...document.querySelectorAll("[tabindex]")]
                .filter((e) => e.tabIndex > 0).map((e) => e.id),
              heading: [...document.querySelectorAll("main h1")]
                .filter((h) => !h.closest("[hidden]")).map((h) => h.textContent),
            })"""
        )
        assert facts == {
            "mains": 1,
            "canvasInMain": True,
            "controlsInMain": True,
            "tabindex": "0",
            "positive": [],
            "heading": ["Thirteen: Patiencen, bei denen 13 zählt"],
        }
        page.evaluate("() => thirteen_a11y.heading('Statistik')")
        assert page.locator("h1#thirteen-heading").text_content() == "Statistik"
        assert page.get_by_role("heading", level=1, name="Statistik").count() == 1
    finally:
        page.context.close()


def assert_clean(page: Any, axe: str, state: str) -> None:
    found = violations(page, axe)
    assert found == [], (state, found)


@pytest.mark.parametrize(
    ("locale", "size"),
    [("en-GB", (1280, 720)), ("de-DE", (390, 844)), ("fr-FR", (844, 390))],
)
def test_axe_finds_nothing_to_fix_in_any_state_of_the_page(
    browser: Any,
    site: Server,
    fake_cdn: Server,
    axe: str,
    screenshots: Path,
    locale: str,
    size: tuple[int, int],
) -> None:
    """axe-core (every rule it runs by default, best practices included) on the built
    page while it loads, once the game runs, with the controls shown, with the update
    notice, and when loading failed."""
    name = f"{locale}-{size[0]}x{size[1]}"
    page = open_page(browser, site.url("?fake=hold"), locale=locale, size=size)
    try:
        page.wait_for_function("() => window.Module && thirteenLoader.state === 'loading'")
        assert_clean(page, axe, "loading")
        page.context.close()
        page = open_page(browser, site.url(), locale=locale, size=size)
        running(page)
        assert_clean(page, axe, "running")
        page.locator("#canvas").focus()
        page.keyboard.press("F6")
        assert_clean(page, axe, "controls")
        page.screenshot(path=str(screenshots / f"access-controls-{name}.png"))
        page.evaluate("() => { document.getElementById('update').hidden = false; }")
        assert_clean(page, axe, "update notice")
        page.context.close()
        fake_cdn.missing.add("/cdn/0.9.3/cpython312/main.data")
        page = open_page(browser, site.url(), locale=locale, size=size)
        page.wait_for_function("() => thirteenLoader.state === 'failed'")
        assert_clean(page, axe, "failed")
        page.screenshot(path=str(screenshots / f"access-failed-{name}.png"))
    finally:
        page.context.close()
