"""Copying a deal's link: the browser's two ways and the desktop's, and every refusal."""

from __future__ import annotations

from types import SimpleNamespace
from typing import Any

import pytest

from thirteen.ui import clipboard
from thirteen.ui.clipboard import ASKED, COPIED, FAILED, copy_text


class FakeArea:
    """A textarea as the page hands it to Python."""

    def __init__(self, doc: FakeDocument) -> None:
        self.doc, self.value, self.style = doc, "", SimpleNamespace()
        self.attributes: dict[str, str] = {}

    def setAttribute(self, name: str, value: str) -> None:  # noqa: N802 - the DOM's name
        self.attributes[name] = value

    def select(self) -> None:
        self.doc.selected = self.value

    def setSelectionRange(self, start: int, end: int) -> None:  # noqa: N802
        self.doc.selected = self.value[start:end]

    def remove(self) -> None:
        self.doc.body.children.remove(self)

    def focus(self) -> None:
        self.doc.activeElement = self


class FakeElement:
    def __init__(self, doc: FakeDocument) -> None:
        self.doc = doc

    def focus(self) -> None:
        self.doc.activeElement = self


class FakeBody:
    def __init__(self) -> None:
        self.children: list[Any] = []

    def appendChild(self, child: Any) -> None:  # noqa: N802
        self.children.append(child)


class FakeDocument:
    def __init__(self, copy_works: bool | Exception) -> None:
        self.body = FakeBody()
        self.canvas = FakeElement(self)
        self.activeElement: Any = self.canvas
        self.selected: str | None = None
        self.copy_works = copy_works
        self.clipboard: str | None = None

    def createElement(self, tag: str) -> FakeArea:  # noqa: N802
        assert tag == "textarea"
        return FakeArea(self)

    def execCommand(self, command: str) -> bool:  # noqa: N802
        assert command == "copy"
        if isinstance(self.copy_works, Exception):
            raise self.copy_works
        if self.copy_works:
            self.clipboard = self.selected
        return self.copy_works


class FakeClipboard:
    def __init__(self, works: bool) -> None:
        self.works = works
        self.written: list[str] = []

    def writeText(self, text: str) -> object:  # noqa: N802
        if not self.works:
            raise RuntimeError("NotAllowedError")
        self.written.append(text)
        return object()  # a Promise


def window_with(copy_works: bool | Exception, async_works: bool = True) -> SimpleNamespace:
    return SimpleNamespace(
        document=FakeDocument(copy_works),
        navigator=SimpleNamespace(clipboard=FakeClipboard(async_works)),
    )


LINK = "https://example.org/thirteen/?game=pyramid&deal=3"


def test_the_browser_copies_through_a_hidden_text_area_and_gives_the_keyboard_back() -> None:
    win = window_with(True)
    assert copy_text(LINK, "emscripten", lambda: win) == COPIED
    doc = win.document
    assert doc.clipboard == LINK
    assert doc.body.children == []  # the text area is gone again
    assert doc.activeElement is doc.canvas  # the canvas has the keyboard back
    assert win.navigator.clipboard.written == []  # no second copy


@pytest.mark.parametrize("refusal", [False, RuntimeError("execCommand is gone")])
def test_the_browser_falls_back_to_the_asynchronous_clipboard(refusal) -> None:
    win = window_with(refusal)
    assert copy_text(LINK, "emscripten", lambda: win) == ASKED
    assert win.navigator.clipboard.written == [LINK]
    assert win.document.body.children == [] and win.document.activeElement is win.document.canvas


def test_the_browser_refusing_both_ways_is_reported() -> None:
    win = window_with(False, async_works=False)
    assert copy_text(LINK, "emscripten", lambda: win) == FAILED
    assert copy_text(LINK, "emscripten", lambda: SimpleNamespace()) == FAILED  # no document


def test_no_window_at_all_is_reported() -> None:
    def broken() -> Any:
        raise ImportError("no js module")

    assert copy_text(LINK, "emscripten", broken) == FAILED


def test_the_desktop_needs_a_display(monkeypatch) -> None:
    import pygame

    monkeypatch.setattr(pygame.display, "get_init", lambda: False)
    assert copy_text("?game=pyramid&deal=3", "linux") == FAILED


def test_the_desktop_reports_a_clipboard_that_does_not_keep_the_text(monkeypatch) -> None:
    import pygame

    monkeypatch.setattr(pygame.display, "get_init", lambda: True)
    monkeypatch.setattr(pygame.scrap, "put_text", lambda text: None)
    monkeypatch.setattr(pygame.scrap, "get_text", lambda: "something else")
    assert copy_text("?game=pyramid&deal=3", "linux") == FAILED

    def refuse(text: str) -> None:
        raise pygame.error("SDL not built with clipboard support")

    monkeypatch.setattr(pygame.scrap, "put_text", refuse)
    assert clipboard.copy_text("?game=pyramid&deal=3", "win32") == FAILED
