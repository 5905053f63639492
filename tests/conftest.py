"""Shared pytest setup (kept minimal: subfolders add their own conftest files)."""

import os
import random

import pytest

# the game follows the desktop's language unless its settings choose one: the tests
# expect the English the code is written in, whatever the machine running them speaks
os.environ["LANGUAGE"] = "en"


@pytest.fixture(autouse=True)
def _english_first():
    """Each test starts in English, whatever language the test before it in the same
    process left in use (a screen shown in German, say): no test resets it after itself."""
    from thirteen.core import i18n

    i18n.set_language(i18n.SOURCE)


@pytest.fixture(autouse=True)
def _random_deals_per_test(request):
    """Seed the random deals (``random``'s shared generator) from the test's own name:
    a test that deals at random deals the same every run, on any worker and in any
    order, so a deal it cannot handle fails it every time instead of one run in twelve."""
    random.seed(request.node.nodeid)
