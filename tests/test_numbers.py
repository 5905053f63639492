"""Numbers in each language's own way, from CLDR: the module the game reads matches what
Babel extracts today, and the game's formatting writes what Babel writes."""

from __future__ import annotations

import os

import pytest

from script_modules import load_script
from thirteen.core import i18n, numbers
from thirteen.core.number_formats import NUMBER_FORMATS


def babel_numbers():
    """Babel's number formatting (a test dependency); under CI=true it must be there."""
    try:
        from babel import numbers as babel
    except ImportError:
        if os.environ.get("CI") == "true":
            raise
        pytest.skip("Babel is not installed")
    return babel


def extractor():
    return load_script("extract_number_formats")


def test_the_number_formats_are_what_cldr_says_today():
    babel_numbers()
    assert NUMBER_FORMATS == extractor().formats()
    assert set(NUMBER_FORMATS) == set(i18n.LANGUAGES)


@pytest.mark.parametrize("code", sorted(NUMBER_FORMATS))
@pytest.mark.parametrize("value", [0, 0.04, 7.26, 73, 730.0, 1234.54, 98765.43, 1234567])
def test_decimals_and_percentages_are_written_as_babel_writes_them(code, value):
    babel = babel_numbers()
    assert numbers.decimal(value, 1, code) == babel.format_decimal(
        value, format="#,##0.0", locale=code
    )
    assert numbers.decimal(value, 0, code) == babel.format_decimal(
        round(value), format="#,##0", locale=code
    )
    assert numbers.percent(value, 0, code) == babel.format_percent(round(value) / 100, locale=code)


def test_the_language_in_use_is_the_default():
    i18n.set_language("de")
    try:
        assert numbers.decimal(730, 1) == "730,0"
        assert numbers.percent(73) == "73\u00a0%"
    finally:
        i18n.set_language("en")
    assert numbers.decimal(730, 1) == "730.0" and numbers.percent(73) == "73%"
