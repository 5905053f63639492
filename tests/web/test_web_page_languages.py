"""Each language's page of the site (index.html in English, de.html, fr.html, es.html,
it.html beside it): search engines and link previews run no script, so each page
carries its language, description, Open Graph tags and loading and failure words
already in place; and the page that runs shows its failure in the browser's language
(or its own page's).
"""

from __future__ import annotations

import html
import re
import sys
from pathlib import Path
from typing import Any

import pytest
from webtools import ROOT, Problems, Server, load_script

build_web = load_script("build_web")
PAGES = {"en": "index.html", "de": "de.html", "es": "es.html", "fr": "fr.html", "it": "it.html"}
LOCALES = {"en": "en_GB", "de": "de_DE", "es": "es_ES", "fr": "fr_FR", "it": "it_IT"}
ALTERNATE = re.compile(r'<link rel="alternate" hreflang="([\w-]+)" href="([^"]*)">')
GAMES = [
    "Thirteens",
    "Pyramid 13",
    "Pyramid",
    "Giza",
    "Neighbour",
    "Baroness",
    "Elevens",
    "Fifteens",
]


def engine() -> Any:
    game_dir = str(ROOT / "game")
    if game_dir not in sys.path:
        sys.path.insert(0, game_dir)
    import thirteen.games  # noqa: F401  (the games' own catalogues, their titles in each)
    from thirteen.core import i18n

    return i18n


def meta(page: str) -> dict[str, list[str]]:
    """Every <meta name|property=... content=...> of a page: name -> its contents."""
    found: dict[str, list[str]] = {}
    for name, content in re.findall(r'<meta (?:name|property)="([^"]+)" content="([^"]*)">', page):
        found.setdefault(name, []).append(html.unescape(content))
    return found


def words(code: str, english: str) -> str:
    """``english`` in the language ``code`` (the catalogues are keyed by the English)."""
    i18n = engine()
    return english if code == "en" else i18n.catalogue(code).get(english, english)


def test_each_language_has_a_page_with_its_words_and_link_preview_tags(
    site_build: dict[str, Any],
) -> None:
    """lang, description, og:/Twitter description, og:locale and the other languages'
    locales, the links between the pages, the heading, the loading and failure words and
    <noscript>, each in the page's language; the description names all eight games."""
    site = Path(site_build["site"])
    settings = build_web.load_settings()
    english = build_web.page_words(settings)
    assert english["appDescription"] == settings.description
    from thirteen.games import COLLECTION as collection

    for code, file in PAGES.items():
        page = (site / file).read_text(encoding="utf-8")
        tags = meta(page)
        assert re.search(rf'^<html lang="{code}"[ >]', page, re.M), code
        description = words(code, english["appDescription"])
        for name in ("description", "og:description", "twitter:description"):
            assert tags[name] == [description], (code, name)
        for game in GAMES:
            assert words(code, game) in description, (code, game)
        assert sorted(spec.title for spec in collection) == sorted(GAMES)
        assert tags["og:locale"] == [LOCALES[code]]
        assert sorted(tags["og:locale:alternate"]) == sorted(
            locale for other, locale in LOCALES.items() if other != code
        )
        alternates = dict(ALTERNATE.findall(page))
        assert alternates == {
            "en": "./",
            "de": "de.html",
            "es": "es.html",
            "fr": "fr.html",
            "it": "it.html",
            "x-default": "./",
        }
        texts = {
            "appName": r'<h1 id="thirteen-heading"[^>]*>([^<]*)</h1>',
            "failed": r'<h2 data-words="failed">([^<]*)</h2>',
            "check": r'<p data-words="check">([^<]*)</p>',
            "noscript": r'<p [^>]*data-words="noscript">([^<]*)</p>',
        }
        for key, pattern in texts.items():
            found = re.search(pattern, page)
            assert found, (code, key)
            expected = words(code, english[key]).replace("{title}", "Thirteen")
            assert html.unescape(found[1]) == expected, (code, key)
        assert f'aria-label="{html.escape(words(code, english["loading"]))}"' in page
        # the same page otherwise: the same scripts, styles, archive and data
        index = (site / "index.html").read_text(encoding="utf-8")
        refs = r'(?:href|src)="([\w.]+\.(?:css|js|apk|webmanifest|png))"'
        assert re.findall(refs, page) == re.findall(refs, index)
    precache = build_web.__name__ and (site / "sw.js").read_text(encoding="utf-8")
    for file in PAGES.values():
        assert f'"{file}"' in precache  # offline too


def test_with_a_base_url_each_page_is_its_own_canonical_address(tmp_path: Path) -> None:
    base = "https://example.github.io/thirteen/"
    info = build_web.build(out=tmp_path / "web", zip_path=None, base_url=base)
    site = Path(info["site"])
    english = build_web.page_words(build_web.load_settings())
    for code, file in PAGES.items():
        page = (site / file).read_text(encoding="utf-8")
        tags = meta(page)
        here = base if file == "index.html" else base + file
        assert tags["og:url"] == [here]
        assert re.findall(r'<link rel="canonical" href="([^"]*)">', page) == [here]
        assert tags["og:image"] == [base + "preview.png"]
        assert tags["og:image:alt"] == [words(code, english["previewAlt"])]
        alternates = dict(ALTERNATE.findall(page))
        assert alternates["de"] == base + "de.html" and alternates["x-default"] == base


def test_the_page_words_and_the_build_settings_must_agree(tmp_path: Path) -> None:
    """The description is written once per language from the catalogues: web/build.toml's
    English must be the page word the catalogues translate."""
    import dataclasses

    settings = dataclasses.replace(build_web.load_settings(), description="Something else.")
    with pytest.raises(build_web.BuildError, match="appDescription must be web/build.toml"):
        build_web.page_languages(settings)


@pytest.mark.browser
@pytest.mark.parametrize(
    ("locale", "path", "size"),
    [
        ("de-DE", "", (1280, 720)),
        ("de-DE", "", (390, 844)),
        ("de-DE", "", (844, 390)),
        ("en-GB", "de.html", (390, 844)),
        ("en-GB", "", (1280, 720)),
    ],
)
def test_the_failure_details_are_in_the_browser_s_or_the_page_s_language(
    browser: Any,
    site: Server,
    fake_cdn: Server,
    screenshots: Path,
    locale: str,
    path: str,
    size: tuple[int, int],
) -> None:
    """A runtime that cannot be downloaded: the failure's heading, its explanation (with
    the size in the language's numbers) and the retry button are German for a German
    browser, and on the German page whatever the browser's language; English otherwise."""
    fake_cdn.missing.add("/cdn/0.9.3/cpython312/main.data")
    context = browser.new_context(viewport={"width": size[0], "height": size[1]}, locale=locale)
    try:
        page = context.new_page()
        page.problems = Problems(page)
        page.goto(site.url(path))
        page.wait_for_function("() => thirteenLoader.state === 'failed'")
        german = locale.startswith("de") or path == "de.html"
        failure = page.locator("#failure")
        text = failure.inner_text()
        if german:
            assert page.evaluate("() => document.documentElement.lang") == "de"
            assert "Thirteen konnte nicht starten" in text
            assert "Prüfe die Internetverbindung" in text  # du
            assert "could not" not in text and "ließ sich nicht herunterladen" in text
            assert page.get_by_role("button", name="Erneut versuchen").last.is_visible()
        else:
            assert page.evaluate("() => document.documentElement.lang") == "en"
            assert "Thirteen could not start" in text and "Check the internet connection" in text
        detail = page.locator("#failure-detail").inner_text()
        assert "main.data" in detail
        if not german:
            assert detail.startswith("could not download")
        box = failure.bounding_box()
        assert box is not None and box["x"] >= 0 and box["x"] + box["width"] <= size[0]
        retry = failure.locator("button.retry").bounding_box()  # seen without scrolling
        assert retry is not None and 0 <= retry["y"] and retry["y"] + retry["height"] <= size[1]
        name = f"failure-{locale}-{path or 'index'}-{size[0]}x{size[1]}.png"
        page.screenshot(path=str(screenshots / name))
    finally:
        context.close()


@pytest.mark.browser
def test_a_language_s_page_starts_offline_after_one_visit(
    page: Any, context: Any, site: Server, fake_cdn: Server
) -> None:
    """The service worker keeps each language's page with the rest: after a visit to
    the English page, the German one opens (German) and starts with no network."""
    page.goto(site.url())
    page.wait_for_function("() => window.thirteenLoader && thirteenLoader.state === 'ready'")
    page.wait_for_function("() => navigator.serviceWorker.controller !== null")
    page.wait_for_function("() => thirteenLoader.offline === true")
    site.down = fake_cdn.down = True
    context.set_offline(True)
    page.goto(site.url("de.html?game=thirteens&deal=1"))
    page.wait_for_function("() => window.thirteenLoader && thirteenLoader.state === 'ready'")
    assert page.evaluate("() => document.documentElement.lang") == "de"
    assert (
        page.locator("#thirteen-heading").text_content()
        == "Thirteen: Patiencen, bei denen 13 zählt"
    )
    assert page.problems.errors == []
