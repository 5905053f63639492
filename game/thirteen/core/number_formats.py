"""How each language writes numbers, from the Unicode CLDR's data: written by
scripts/extract_number_formats.py (with Babel); do not edit by hand.

For each language: ``decimal``, the decimal sign; ``group``, the sign between groups of
three digits; ``group_from``, the fewest digits a number has before it is grouped;
``percent``, a percentage with ``{n}`` for the number.
"""

NUMBER_FORMATS: dict[str, dict[str, str | int]] = {
    "de": {"decimal": ",", "group": ".", "group_from": 4, "percent": "{n}\xa0%"},
    "en": {"decimal": ".", "group": ",", "group_from": 4, "percent": "{n}%"},
    "es": {"decimal": ",", "group": ".", "group_from": 4, "percent": "{n}\xa0%"},
    "fr": {"decimal": ",", "group": "\u202f", "group_from": 4, "percent": "{n}\xa0%"},
    "it": {"decimal": ",", "group": ".", "group_from": 4, "percent": "{n}%"},
}
