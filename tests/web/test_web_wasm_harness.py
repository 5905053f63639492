"""The WebAssembly tests' own harness: a page opened in a kept profile starts with the
storage of a first visit, however many tests used that profile before it."""

from __future__ import annotations

import pytest
from wasm_harness import STANDIN, VIEWPORT, WasmSite, blank_page, close_harness
from wasm_harness import wasm_site as wasm_site  # the fixture

pytestmark = pytest.mark.browser


def test_a_kept_profile_forgets_what_a_test_stored_on_its_origin(wasm_site: WasmSite) -> None:
    address = wasm_site.server.url(STANDIN.name)  # any file of the test's own origin
    first = blank_page(wasm_site, {"viewport": VIEWPORT})
    first.goto(address)
    first.evaluate("() => localStorage.setItem('thirteen/v1/settings', '{}')")
    close_harness(first, wasm_site)
    # the same origin again (as a port the system hands out a second time would be):
    # the same profile, nothing of the earlier page's storage
    again = blank_page(wasm_site, {"viewport": VIEWPORT})
    assert wasm_site.browsers.kept(again.context) and again.context is first.context
    again.goto(address)
    assert again.evaluate("() => localStorage.length") == 0
    close_harness(again, wasm_site)
