"""Numbers as the player's language writes them: a decimal comma or point, digits
grouped by threes, the percent sign's place ("73%", "73 %"), from the CLDR data in
:mod:`thirteen.core.number_formats`, for the language in use (:func:`i18n.language`)."""

from __future__ import annotations

from thirteen.core import i18n
from thirteen.core.number_formats import NUMBER_FORMATS


def _signs(code: str | None) -> dict[str, str | int]:
    return NUMBER_FORMATS.get(code or i18n.language(), NUMBER_FORMATS["en"])


def _grouped(digits: str, signs: dict[str, str | int]) -> str:
    if len(digits) < int(signs["group_from"]):
        return digits
    head = len(digits) % 3 or 3
    parts = [digits[:head]] + [digits[i : i + 3] for i in range(head, len(digits), 3)]
    return str(signs["group"]).join(parts)


def decimal(value: float, places: int = 0, code: str | None = None) -> str:
    """``value`` rounded to ``places`` decimals: "1,234.5" in English, "1.234,5" in
    German."""
    signs = _signs(code)
    text = f"{abs(value):.{places}f}"
    whole, _, fraction = text.partition(".")
    out = _grouped(whole, signs) + (str(signs["decimal"]) + fraction if fraction else "")
    return ("-" if value < 0 and text.strip("0.") else "") + out


def percent(value: float, places: int = 0, code: str | None = None) -> str:
    """``value`` percent (73 for 73%): "73%" in English, "73 %" (a no-break space) in
    French and German."""
    return str(_signs(code)["percent"]).replace("{n}", decimal(value, places, code))
