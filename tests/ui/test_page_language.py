"""The language a page asks for: de.html (``data-page-language="de"``) plays in German
in a browser that prefers English; index.html follows the browser's languages."""

from __future__ import annotations

import pytest

from thirteen.core import i18n
from thirteen.ui import display


class _Languages:
    def __init__(self, tags: list[str]) -> None:
        self.tags = tags

    def join(self, sep: str) -> str:
        return sep.join(self.tags)


class _Element:
    def __init__(self, own: str | None) -> None:
        self.own = own

    def getAttribute(self, name: str) -> str | None:  # noqa: N802  # the DOM's own name
        return self.own if name == "data-page-language" else None


class _Window:
    def __init__(self, own: str | None, browser: list[str]) -> None:
        self.navigator = type("Navigator", (), {"languages": _Languages(browser)})()
        self.document = type("Document", (), {"documentElement": _Element(own)})()


@pytest.mark.parametrize(
    ("own", "browser", "wanted"),
    [
        ("de", ["en-GB", "en"], "de"),  # de.html in an English browser
        (None, ["fr-FR", "en"], "fr"),  # index.html follows the browser
        ("it", [], "it"),
        (None, ["pt-BR"], "en"),  # nothing offered: the source language
    ],
)
def test_the_page_s_own_language_comes_before_the_browser_s(monkeypatch, own, browser, wanted):
    monkeypatch.setattr(display, "page_window", lambda: _Window(own, browser))
    assert i18n.pick(display.page_languages()) == wanted


def test_a_page_whose_document_cannot_be_asked_follows_the_browser(monkeypatch):
    window = _Window(None, ["es"])
    del window.document
    monkeypatch.setattr(display, "page_window", lambda: window)
    assert display.page_languages() == ["es"]
