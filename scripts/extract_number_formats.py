"""Write game/thirteen/core/number_formats.py: how each language of the game writes
numbers (decimal sign, grouping, the percent sign's place), taken from the Unicode
CLDR's data through Babel.

The game reads the written module (the browser bundle has no Babel); the tests run
this extraction again and fail when the module's data no longer matches what it gives.

    .venv/bin/python scripts/extract_number_formats.py
"""

from __future__ import annotations

import pprint
import subprocess
import sys
from pathlib import Path

from babel import numbers

ROOT = Path(__file__).resolve().parents[1]
TARGET = ROOT / "game" / "thirteen" / "core" / "number_formats.py"
LANGUAGES = ("en", "de", "fr", "es", "it")

HEADER = '''"""How each language writes numbers, from the Unicode CLDR's data: written by
scripts/extract_number_formats.py (with Babel); do not edit by hand.

For each language: ``decimal``, the decimal sign; ``group``, the sign between groups of
three digits; ``group_from``, the fewest digits a number has before it is grouped;
``percent``, a percentage with ``{n}`` for the number.
"""

'''


def formats() -> dict[str, dict[str, str | int]]:
    """Each language's number signs, read from CLDR through Babel."""
    found: dict[str, dict[str, str | int]] = {}
    for code in LANGUAGES:
        grouped_at_four = numbers.format_decimal(1234, locale=code) != "1234"
        found[code] = {
            "decimal": numbers.get_decimal_symbol(code),
            "group": numbers.get_group_symbol(code),
            "group_from": 4 if grouped_at_four else 5,
            "percent": numbers.format_percent(0.5, locale=code).replace("50", "{n}"),
        }
    return found


def module_text() -> str:
    body = pprint.pformat(formats(), width=88, sort_dicts=True)
    return HEADER + f"NUMBER_FORMATS: dict[str, dict[str, str | int]] = {body}\n"


def main() -> int:
    TARGET.write_text(module_text(), encoding="utf-8")
    subprocess.run([sys.executable, "-m", "ruff", "format", "--quiet", str(TARGET)], check=True)
    print(f"wrote {TARGET.relative_to(ROOT)}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
